// gjkcheck on a 3D case (`dimension 3`, docs/case-format.md): the file reads, but no command of the 2D harness
// but `oracle` (tests/tools/oracle3_cli_test.cpp) and `repro` (its 3D path; the pictures are checked by
// tests/report/repro3_svg_test.py and repro3_html_test.py) takes it yet, so each other command that would judge or
// replay it refuses it as a bad input: exit 2, a message naming the file, and nothing judged with its z dropped.
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

TEST(SpaceCaseCli, everyCaseCommandRefusesA3dCaseWithExitCode2NamingTheFile) {
  TempDir folder;
  const std::string file = folder.write("space.case", SPACE_CASE);
  const std::string expected = file + ": a 3D case (dimension 3): this command takes 2D cases only";
  for (const std::string command : {"run --strategy perp", "run --strategy all --json", "corpus check"}) {
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

TEST(SpaceCaseCli, a3dCaseAmongPlanarOnesIsNamedAndTheRestStillRun) {
  TempDir folder;
  const std::string space = folder.write("cases/space.case", SPACE_CASE);
  folder.write("cases/planar.case", PLANAR_CASE);
  const CliRun run = gjkcheck("run --strategy perp '" + (folder.path() / "cases").string() + "'");
  EXPECT_EQ(run.exitCode, 2) << run.out;
  EXPECT_NE(run.out.find(space + ": a 3D case (dimension 3)"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("planar.case"), std::string::npos) << run.out;  // the 2D case still answered
  // And the same 2D case alone is fine: the refusal is the 3D file's.
  const CliRun planar = gjkcheck("run --strategy perp '" + (folder.path() / "cases" / "planar.case").string() + "'");
  EXPECT_EQ(planar.exitCode, 0) << planar.out;
}

TEST(SpaceCaseCli, aMalformed3dLineIsABadInputNamingFileAndLine) {
  TempDir folder;
  const std::string file = folder.write("bad.case", "gjk-case 1\ndimension 3\na.vertex 0 0\nb.vertex 0 0 0\n");
  const CliRun run = gjkcheck("oracle '" + file + "'");
  EXPECT_EQ(run.exitCode, 2) << run.out;
  EXPECT_NE(run.out.find(file + ":3: a.vertex takes 3 numbers (x y z), got 2"), std::string::npos) << run.out;
}

}  // namespace
