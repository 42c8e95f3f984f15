// `gjkcheck oracle` on 3D cases (issue 23): the exact answer of the 3D oracle in the lines of a 2D answer, with
// points (x, y, z). Every expected value is worked by hand in the comments.
#include <gtest/gtest.h>

#include <string>

#include "run_gjkcheck.h"

namespace {

using gjk::test_support::CliRun;
using gjk::test_support::gjkcheck;

struct TempDir : gjk::test_support::TempDir {
  TempDir() : gjk::test_support::TempDir("gjkcheck-oracle3") {}
};

std::string unitCube(char shape) {
  std::string text;
  for (const char* v : {"0 0 0", "1 0 0", "0 1 0", "1 1 0", "0 0 1", "1 0 1", "0 1 1", "1 1 1"}) {
    text += std::string(1, shape) + ".vertex " + v + "\n";
  }
  return text;
}

// Two unit cubes, B moved by 2 along x: M = B - A = [1, 3] x [-1, 1] x [-1, 1], whose nearest point to the origin
// is (1, 0, 0): d0^2 = 1, distance 1. S = the largest |R v| + |p| row sum, B's vertex (1, 1, 1) in x: 1 + 2 = 3.
const std::string CUBES_APART = "gjk-case 1\ndimension 3\n" + unitCube('a') + "b.position 2 0 0\n" + unitCube('b');

TEST(Oracle3Cli, separatedCubesPrintTheExactDistanceAndClosestPoint) {
  TempDir folder;
  const std::string file = folder.write("apart.case", CUBES_APART);
  const CliRun run = gjkcheck("oracle '" + file + "'");
  EXPECT_EQ(run.exitCode, 0) << run.out;
  EXPECT_EQ(run.out, file +
                         "\n  relation          separated\n  distance          1\n  core distance^2   1\n"
                         "  closest point     (1, 0, 0)\n  scale S           3\n");
}

// B moved by (0.75, 0.25, 0.125): M = [-0.25, 1.75] x [-0.75, 1.25] x [-0.875, 1.125] holds the origin inside; its
// nearest face is x = -0.25 (0.25 away; the others 0.75, 0.875, 1.125, 1.25, 1.75), so the depth is 0.25 and B
// must move along +x (the normal from A towards B). S = 1 + 0.75 (B's vertex (1, 1, 1) in x).
TEST(Oracle3Cli, overlappingCubesPrintTheDepthAndTheNearestFacesNormal) {
  TempDir folder;
  const std::string file = folder.write(
      "overlap.case", "gjk-case 1\ndimension 3\n" + unitCube('a') + "b.position 0.75 0.25 0.125\n" + unitCube('b'));
  const CliRun run = gjkcheck("oracle '" + file + "'");
  EXPECT_EQ(run.exitCode, 0) << run.out;
  EXPECT_EQ(run.out, file +
                         "\n  relation          overlapping\n  distance          0\n  core distance^2   0\n"
                         "  closest point     (0, 0, 0)\n  scale S           1.75\n  penetration depth 0.25\n"
                         "  normal            (1, 0, 0)\n");
}

// Two balls of radius 6.5 whose centres are (3, 4, 12) apart, |(3, 4, 12)| = 13 = r: touching through the radii,
// depth 0, the one minimal normal (3, 4, 12) / 13 (40 significant digits, rounded to nearest). S = 12 + 13.
TEST(Oracle3Cli, ballsTouchingThroughTheirRadiiPrintTheCentresDirection) {
  TempDir folder;
  const std::string file = folder.write(
      "balls.case", "gjk-case 1\ndimension 3\na.radius 6.5\na.vertex 0 0 0\nb.radius 6.5\nb.position 3 4 12\n"
                    "b.vertex 0 0 0\n");
  const CliRun run = gjkcheck("oracle '" + file + "'");
  EXPECT_EQ(run.exitCode, 0) << run.out;
  EXPECT_EQ(run.out, file +
                         "\n  relation          touching\n  distance          0\n  core distance^2   169\n"
                         "  closest point     (3, 4, 12)\n  scale S           25\n  penetration depth 0\n"
                         "  normal            (0.2307692307692307692307692307692307692308, "
                         "0.3076923076923076923076923076923076923077, 0.9230769230769230769230769230769230769231)\n");
}

// The same cubes as above: a 3D object has [x, y, z] points and, touching or overlapping, one normal.
TEST(Oracle3Cli, jsonHasThreeCoordinates) {
  TempDir folder;
  const std::string apart = folder.write("apart.case", CUBES_APART);
  const CliRun run = gjkcheck("oracle --json '" + apart + "'");
  EXPECT_EQ(run.exitCode, 0) << run.out;
  EXPECT_EQ(run.out, "{\"case\": \"" + apart +
                         "\", \"relation\": \"separated\", \"distance\": \"1\", \"core_distance_squared\": \"1\", "
                         "\"closest_point\": [\"1\", \"0\", \"0\"], \"scale\": \"3\"}\n");
  const std::string overlap = folder.write(
      "overlap.case", "gjk-case 1\ndimension 3\n" + unitCube('a') + "b.position 0.75 0.25 0.125\n" + unitCube('b'));
  const CliRun overlapping = gjkcheck("oracle --json '" + overlap + "'");
  EXPECT_NE(overlapping.out.find("\"penetration_depth\": \"0.25\", \"normal\": [[\"1\", \"0\", \"0\"]]"),
            std::string::npos)
      << overlapping.out;
}

// A folder of a 2D and a 3D case: both answered, each in its own dimension.
TEST(Oracle3Cli, twoAndThreeDimensionalCasesTogether) {
  TempDir folder;
  folder.write("cases/apart.case", CUBES_APART);
  folder.write("cases/planar.case", "gjk-case 1\na.vertex 0 0\nb.vertex 4 0\n");
  const CliRun run = gjkcheck("oracle '" + (folder.path() / "cases").string() + "'");
  EXPECT_EQ(run.exitCode, 0) << run.out;
  EXPECT_NE(run.out.find("  closest point     (1, 0, 0)\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("  closest point     (4, 0)\n"), std::string::npos) << run.out;
}

}  // namespace
