// `gjkcheck oracle` on touching and overlapping cases: the exact penetration depth and normals (docs/cli.md).
#include <gtest/gtest.h>

#include <string>

#include "tests/tools/run_gjkcheck.h"

namespace {

using namespace gjk::test_support;

const char* const OVERLAPPING_SQUARES =
    "gjk-case 1\n"
    "a.vertex 0 0\na.vertex 1 0\na.vertex 1 1\na.vertex 0 1\n"
    "b.position 0.75 0\n"
    "b.vertex 0 0\nb.vertex 1 0\nb.vertex 1 1\nb.vertex 0 1\n";

const char* const CORNER_TOUCHING_SQUARES =
    "gjk-case 1\n"
    "a.vertex 0 0\na.vertex 1 0\na.vertex 1 1\na.vertex 0 1\n"
    "b.position 1 1\n"
    "b.vertex 0 0\nb.vertex 1 0\nb.vertex 1 1\nb.vertex 0 1\n";

const char* const SEPARATED_SQUARES =
    "gjk-case 1\n"
    "a.vertex 0 0\na.vertex 1 0\na.vertex 1 1\na.vertex 0 1\n"
    "b.position 3 0\n"
    "b.vertex 0 0\nb.vertex 1 0\nb.vertex 1 1\nb.vertex 0 1\n";

TEST(CliPenetration, oracleJsonGivesTheExactDepthAndNormalOfOverlappingSquares) {
  TempDir dir("gjk-penetration-cli");
  const CliRun run = gjkcheck("oracle --json " + dir.write("overlap.case", OVERLAPPING_SQUARES));
  ASSERT_EQ(run.exitCode, 0) << run.out;
  EXPECT_NE(
      run.out.find("\"penetration_depth\": \"0.25\", \"normal\": [[\"1\", \"0\"]], \"normal_arcs\": []"),
      std::string::npos)
      << run.out;
  const CliRun text = gjkcheck("oracle " + dir.write("overlap.case", OVERLAPPING_SQUARES));
  EXPECT_NE(text.out.find("penetration depth 0.25\n  normal            (1, 0)"), std::string::npos)
      << text.out;
}

TEST(CliPenetration, oracleJsonGivesTheArcOfNormalsOfCornerTouchingSquares) {
  TempDir dir("gjk-penetration-cli");
  const CliRun run = gjkcheck("oracle --json " + dir.write("corner.case", CORNER_TOUCHING_SQUARES));
  ASSERT_EQ(run.exitCode, 0) << run.out;
  EXPECT_NE(run.out.find(
                "\"penetration_depth\": \"0\", \"normal\": [], \"normal_arcs\": [{\"from\": [\"1\", \"0\"], "
                "\"to\": [\"0\", \"1\"]}]"),
            std::string::npos)
      << run.out;
}

TEST(CliPenetration, oracleJsonHasNoPenetrationKeysForSeparatedShapes) {
  TempDir dir("gjk-penetration-cli");
  const CliRun run = gjkcheck("oracle --json " + dir.write("apart.case", SEPARATED_SQUARES));
  ASSERT_EQ(run.exitCode, 0) << run.out;
  EXPECT_EQ(run.out.find("penetration_depth"), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("\"normal\""), std::string::npos) << run.out;
}

}  // namespace
