// gjkcheck on a 3D case (`dimension 3`, docs/case-format.md): `oracle` (tests/tools/oracle3_cli_test.cpp), `run`,
// `repro` (its pictures are checked by tests/report/repro3_svg_test.py and repro3_html_test.py) and `compare
// --dimension 3` take it; a 2D strategy never runs it (its z would be dropped), and the commands of the 2D harness
// that do not take 3D cases yet refuse it as a bad input: exit 2 and a message naming the file.
#include <gtest/gtest.h>

#include <string>

#include "run_gjkcheck.h"

namespace {

using gjk::test_support::CliRun;
using gjk::test_support::gjkcheck;

struct TempDir : gjk::test_support::TempDir {
  TempDir() : gjk::test_support::TempDir("gjkcheck-space") {}
};

const std::string SPACE_CASE =
    "gjk-case 1\n"
    "dimension 3\n"
    "a.vertex 0 0 0\n"
    "b.position 0 0 4\n"
    "b.vertex 0 0 0\n";

const std::string PLANAR_CASE =
    "gjk-case 1\n"
    "a.vertex 0 0\n"
    "b.vertex 4 0\n";

// `convert FILE` writes the 2D fuzzer encoding only: a 3D case is a bad input naming the file.
TEST(SpaceCaseCli, theCommandsOfThe2dHarnessOnlyRefuseA3dCaseWithExitCode2NamingTheFile) {
  TempDir folder;
  const std::string file = folder.write("space.case", SPACE_CASE);
  const std::string expected = file + ": encodeFuzzInput: a case of dimension 3 (the 2D encoding";
  for (const std::string command : {"convert"}) {
    SCOPED_TRACE(command);
    const CliRun run = gjkcheck(command + " '" + file + "'");
    EXPECT_EQ(run.exitCode, 2) << run.out;
    EXPECT_NE(run.out.find(expected), std::string::npos) << run.out;
  }
}

TEST(SpaceCaseCli, reproTakesA3dCaseWithThe3dStrategiesAndRefusesA2dOne) {
  TempDir folder;
  const std::string file = folder.write("space.case", SPACE_CASE);
  const CliRun run = gjkcheck("repro '" + file + "'");
  EXPECT_EQ(run.exitCode, 0) << run.out;
  EXPECT_NE(run.out.find("(dimension 3)"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("distance          4\n"), std::string::npos) << run.out;
  for (const char* strategy : {"\nopengjk ", "\nopengjk-f32 ", "\njolt-gjk "}) {
    EXPECT_NE(run.out.find(strategy), std::string::npos) << strategy << run.out;
  }
  const CliRun planar = gjkcheck("repro --strategy perp '" + file + "'");
  EXPECT_EQ(planar.exitCode, 2) << planar.out;
  EXPECT_NE(planar.out.find("'perp' is not a 3D strategy"), std::string::npos) << planar.out;
}

// corpus check replays a 3D case (issue 23, step 4): its expected relation and core distance squared against the
// exact 3D oracle, and fails (exit 1) when one does not hold.
TEST(SpaceCaseCli, corpusCheckReplaysA3dCaseAgainstThe3dOracle) {
  TempDir folder;
  folder.write("good/space.case", "gjk-case 1\ndimension 3\nmeta.expected-relation separated\n"
                                  "meta.expected-core-distance-squared 16\n" + SPACE_CASE.substr(SPACE_CASE.find("a.vertex")));
  const CliRun good = gjkcheck("corpus check '" + (folder.path() / "good").string() + "'");
  EXPECT_EQ(good.exitCode, 0) << good.out;
  EXPECT_NE(good.out.find("1 cases, 0 verdict tables: 0 expectations not met"), std::string::npos) << good.out;
  folder.write("bad/space.case", "gjk-case 1\ndimension 3\nmeta.expected-relation separated\n"
                                 "meta.expected-core-distance-squared 9\n" + SPACE_CASE.substr(SPACE_CASE.find("a.vertex")));
  const CliRun bad = gjkcheck("corpus check '" + (folder.path() / "bad").string() + "'");
  EXPECT_EQ(bad.exitCode, 1) << bad.out;
  EXPECT_NE(bad.out.find("expected core distance squared 9, the 3D oracle says 16"), std::string::npos) << bad.out;
}

TEST(SpaceCaseCli, a2dStrategyNeverRunsA3dCaseAndTheRestStillRun) {
  TempDir folder;
  const std::string space = folder.write("cases/space.case", SPACE_CASE);
  folder.write("cases/planar.case", PLANAR_CASE);
  const CliRun run = gjkcheck("run --strategy perp '" + (folder.path() / "cases").string() + "'");
  EXPECT_EQ(run.exitCode, 2) << run.out;
  EXPECT_NE(run.out.find(space + ": a 3D case, and no strategy chosen takes it"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("planar.case"), std::string::npos) << run.out;  // the 2D case still answered
  EXPECT_NE(run.out.find("1 cases x 1 strategies: 0 violations"), std::string::npos) << run.out;
  // And a 3D strategy never runs a 2D case.
  const CliRun flat = gjkcheck("run --strategy vdb3 '" + (folder.path() / "cases" / "planar.case").string() + "'");
  EXPECT_EQ(flat.exitCode, 2) << flat.out;
  EXPECT_NE(flat.out.find("a 2D case, and no strategy chosen takes it"), std::string::npos) << flat.out;
}

// Points 4 apart along z: every 3D strategy answers 4 with the points at the two vertices.
TEST(SpaceCaseCli, runAnswersA3dCaseWithEvery3dStrategyAndThe3dVerdict) {
  TempDir folder;
  const std::string file = folder.write("space.case", SPACE_CASE);
  const CliRun run = gjkcheck("run '" + file + "'");
  EXPECT_EQ(run.exitCode, 0) << run.out;
  for (const char* strategy : {"vdb3", "opengjk", "opengjk-f32", "jolt-gjk"}) {
    EXPECT_NE(run.out.find(std::string(strategy) + " "), std::string::npos) << strategy << "\n" << run.out;
  }
  EXPECT_NE(run.out.find("1 cases x "), std::string::npos) << run.out;
  const CliRun json = gjkcheck("run --json --strategy vdb3 '" + file + "'");
  EXPECT_EQ(json.exitCode, 0) << json.out;
  EXPECT_NE(json.out.find("\"distance\": \"4\""), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"point_a\": [\"0\", \"0\", \"0\"], \"point_b\": [\"0\", \"0\", \"4\"]"),
            std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"verdict\": \"ok\""), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"closest_point\": [\"0\", \"0\", \"4\"]"), std::string::npos) << json.out;
}

// A point 0.25 above a unit cube's top face: the exact distance 0.25, judged in 3D (with its z dropped the point
// would be inside the cube's square).
TEST(SpaceCaseCli, runJudgesA3dAnswerAgainstTheExact3dDistance) {
  TempDir folder;
  const std::string file = folder.write("cube.case",
                                        "gjk-case 1\ndimension 3\n"
                                        "a.vertex 0 0 0\na.vertex 1 0 0\na.vertex 0 1 0\na.vertex 1 1 0\n"
                                        "a.vertex 0 0 1\na.vertex 1 0 1\na.vertex 0 1 1\na.vertex 1 1 1\n"
                                        "b.position 0.5 0.5 1.25\nb.vertex 0 0 0\n");
  const CliRun run = gjkcheck("run --strategy vdb3 '" + file + "'");
  EXPECT_EQ(run.exitCode, 0) << run.out;
  EXPECT_NE(run.out.find("0.25"), std::string::npos) << run.out;
}

TEST(SpaceCaseCli, compareInThreeDimensionsRunsThe3dStrategiesOnThe3dFamilies) {
  TempDir folder;
  const std::string out = (folder.path() / "report").string();
  const CliRun run = gjkcheck("compare --dimension 3 --count 3 --seed 1 --jobs 1 --timing-rounds 0 --out '" + out + "'");
  ASSERT_TRUE(run.exitCode == 0 || run.exitCode == 1) << run.out;
  const std::string readme = gjk::test_support::readText(folder.path() / "report" / "README.md");
  EXPECT_NE(readme.find("gjkcheck compare --dimension 3 --count 3"), std::string::npos) << readme;
  EXPECT_NE(readme.find("Σ_j |R_ij v_j|"), std::string::npos);
  for (const char* strategy : {"| vdb3 |", "| opengjk |", "| opengjk-f32 |", "| jolt-gjk |"}) {
    EXPECT_NE(readme.find(strategy), std::string::npos) << strategy;
  }
  const std::string rows = gjk::test_support::readText(folder.path() / "report" / "rows.csv");
  for (const char* family : {"\nrandom-convex,0,vdb3,", "\nstacked,2,jolt-gjk,", "\nrounded,1,opengjk,"}) {
    EXPECT_NE(rows.find(family), std::string::npos) << family;
  }
  EXPECT_EQ(rows.find(",perp,"), std::string::npos);  // no 2D strategy
}

TEST(SpaceCaseCli, compareRefusesAStrategyOfTheOtherDimension) {
  TempDir folder;
  const std::string out = (folder.path() / "report").string();
  const CliRun threeD = gjkcheck("compare --strategies vdb3 --count 1 --out '" + out + "'");
  EXPECT_EQ(threeD.exitCode, 2) << threeD.out;
  EXPECT_NE(threeD.out.find("strategy 'vdb3' answers 3D cases: add --dimension 3"), std::string::npos) << threeD.out;
  const CliRun twoD = gjkcheck("compare --dimension 3 --strategies perp --count 1 --out '" + out + "'");
  EXPECT_EQ(twoD.exitCode, 2) << twoD.out;
  EXPECT_NE(twoD.out.find("strategy 'perp' answers 2D cases"), std::string::npos) << twoD.out;
  const CliRun family = gjkcheck("compare --dimension 3 --families stacked,collinear --count 1 --out '" + out + "'");
  EXPECT_EQ(family.exitCode, 2) << family.out;
}

TEST(SpaceCaseCli, strategiesListsThe3dStrategiesWithTheirDimension) {
  const CliRun json = gjkcheck("strategies --json");
  EXPECT_EQ(json.exitCode, 0);
  EXPECT_NE(json.out.find("{\"name\": \"vdb3\", \"scalar\": \"float\""), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"dimension\": 3"), std::string::npos);
  EXPECT_NE(json.out.find("\"dimension\": 2"), std::string::npos);
}

TEST(SpaceCaseCli, aMalformed3dLineIsABadInputNamingFileAndLine) {
  TempDir folder;
  const std::string file = folder.write("bad.case", "gjk-case 1\ndimension 3\na.vertex 0 0\nb.vertex 0 0 0\n");
  const CliRun run = gjkcheck("oracle '" + file + "'");
  EXPECT_EQ(run.exitCode, 2) << run.out;
  EXPECT_NE(run.out.find(file + ":3: a.vertex takes 3 numbers (x y z), got 2"), std::string::npos) << run.out;
}

}  // namespace
