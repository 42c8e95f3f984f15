// gjkcheck with the 3D penetration strategy epa3: `strategies` lists it, `run --strategy epa3 CASE3D` prints its
// penetration line (or JSON object) judged by the 3D penetration verdict, and `--strategy 3d` (the 3D distance
// rows) does not run it.
#include <gtest/gtest.h>

#include <string>

#include "run_gjkcheck.h"

namespace {

using gjk::test_support::CliRun;
using gjk::test_support::gjkcheck;

struct TempDir : gjk::test_support::TempDir {
  TempDir() : gjk::test_support::TempDir("gjkcheck-epa3") {}
};

// Unit cubes, B moved by (0.75, 0.25, 0): exact depth 0.25 along (1, 0, 0).
const std::string OVERLAPPING_CUBES =
    "gjk-case 1\ndimension 3\n"
    "a.vertex 0 0 0\na.vertex 1 0 0\na.vertex 0 1 0\na.vertex 1 1 0\n"
    "a.vertex 0 0 1\na.vertex 1 0 1\na.vertex 0 1 1\na.vertex 1 1 1\n"
    "b.position 0.75 0.25 0\n"
    "b.vertex 0 0 0\nb.vertex 1 0 0\nb.vertex 0 1 0\nb.vertex 1 1 0\n"
    "b.vertex 0 0 1\nb.vertex 1 0 1\nb.vertex 0 1 1\nb.vertex 1 1 1\n";

TEST(Penetration3Cli, strategiesListsEpa3AsA3dPenetrationStrategy) {
  const CliRun run = gjkcheck("strategies");
  EXPECT_EQ(run.exitCode, 0) << run.out;
  const std::size_t section = run.out.find("3D penetration strategies");
  ASSERT_NE(section, std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\nepa3 ", section), std::string::npos) << run.out;
  const CliRun json = gjkcheck("strategies --json");
  EXPECT_NE(json.out.find("\"name\": \"epa3\""), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"query\": \"penetration\", \"dimension\": 3"), std::string::npos) << json.out;
}

TEST(Penetration3Cli, runPrintsThePenetrationLineAndJson) {
  TempDir folder;
  const std::string file = folder.write("cubes.case", OVERLAPPING_CUBES);
  const CliRun run = gjkcheck("run --strategy epa3 '" + file + "'");
  EXPECT_EQ(run.exitCode, 0) << run.out;
  EXPECT_NE(run.out.find(" epa3 "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("depth 0.25 "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("1 cases x 1 strategies: 0 violations"), std::string::npos) << run.out;
  const CliRun json = gjkcheck("run --json --strategy epa3 '" + file + "'");
  EXPECT_EQ(json.exitCode, 0) << json.out;
  EXPECT_NE(json.out.find("\"query\": \"penetration\""), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"depth\": \"0.25\""), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"normal\": [\"1\", "), std::string::npos) << json.out;  // (1, -0, -0): the 3D triple
  EXPECT_NE(json.out.find("\"point_a\": [\"1\", \"0.625\", \"0\"], \"point_b\": [\"0.75\", \"0.625\", \"0\"]"),
            std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"depth_error_u\": 0"), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"verdict\": \"ok\""), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"exact\": {"), std::string::npos) << json.out;
  // The 3D distance rows do not include it.
  const CliRun distance = gjkcheck("run --strategy 3d '" + file + "'");
  EXPECT_EQ(distance.out.find(" epa3 "), std::string::npos) << distance.out;  // (the folder's name has epa3)
}

}  // namespace
