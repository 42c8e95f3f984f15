// repro and `corpus add` for penetration strategies (issue 13): a strategy that answers penetration only is
// judged, counted and captioned with the penetration verdict, never with the distance verdict of the
// distance it does not answer; `corpus add` records the penetration verdict (meta.query penetration) and the
// case it writes replays.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "case/case.h"
#include "run_gjkcheck.h"
#include "verdict/exact_case.h"
#include "verdict/penetration_verdict.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"

namespace {

namespace fs = std::filesystem;
using gjk::test_support::CliRun;
using gjk::test_support::gjkcheck;
using gjk::test_support::readText;

struct TempDir : gjk::test_support::TempDir {
  TempDir() : gjk::test_support::TempDir("gjkcheck-penetration-tools") {}
};

const fs::path EPA_CASE =
    fs::path(GJK_SOURCE_DIR) / "corpus/regressions/penetration/epa.normal-error.core-touching.circle-polygon.case";

// Two unit squares overlapping by 1/4 along x: every penetration strategy answers it exactly enough.
const std::string SQUARES =
    "gjk-case 1\n"
    "a.vertex 0 0\na.vertex 1 0\na.vertex 1 1\na.vertex 0 1\n"
    "b.position 0.75 0\n"
    "b.vertex 0 0\nb.vertex 1 0\nb.vertex 1 1\nb.vertex 0 1\n";

// True when no distance strategy of the side-by-side table fails the case: then repro's exit code says
// what the traced penetration strategy's answer is.
bool distanceStrategiesPass(const gjk::check::Case& value) {
  const gjk::oracle::ExactAnswer exact = gjk::check::solveExactly(value);
  for (const gjk::check::StrategyInfo& strategy : gjk::check::strategies()) {
    if (gjk::check::judge(value, exact, strategy.run(value, {}), strategy).violation) return false;
  }
  return true;
}

gjk::check::QueryVerdict judgeBy(const std::string& name, const gjk::check::Case& value) {
  const gjk::check::StrategyInfo& strategy = *gjk::check::findStrategy(name);
  return gjk::check::judgePenetration(value, gjk::check::solveExactly(value), strategy.run(value, {}), strategy);
}

TEST(ReproPenetration, judgesAndCaptionsAPenetrationStrategyByThePenetrationVerdict) {
  const gjk::check::Case value = gjk::check::readCaseFile(EPA_CASE);
  const gjk::check::QueryVerdict verdict = judgeBy("epa", value);
  ASSERT_TRUE(verdict.violation) << "epa no longer fails " << EPA_CASE << ": pick another of its cases";
  ASSERT_EQ(verdict.reasons.front(), "normal-error");
  ASSERT_TRUE(distanceStrategiesPass(value)) << "a distance strategy fails the case: pick another";
  TempDir dir;
  const fs::path svg = dir.path() / "epa.svg";
  CliRun run = gjkcheck("repro " + EPA_CASE.string() + " --strategy epa --svg " + svg.string());
  EXPECT_EQ(run.exitCode, 1) << run.out;  // epa's penetration violation, the only one
  EXPECT_NE(run.out.find("violation: normal-error"), std::string::npos) << run.out;
  const std::string picture = readText(svg);
  EXPECT_NE(picture.find("Violation: normal-error"), std::string::npos) << picture;
  EXPECT_NE(picture.find("verdict (penetration): violation (normal-error)"), std::string::npos);
  // No distance verdict and no distance answer are stated for a strategy that answers no distance.
  EXPECT_EQ(picture.find("witness-error"), std::string::npos);
  EXPECT_EQ(picture.find("strategy epa (float): distance"), std::string::npos);
}

TEST(ReproPenetration, aPenetrationAnswerWithinTheThresholdIsOk) {
  const gjk::check::Case value = gjk::check::parseCase(SQUARES, "squares.case");
  ASSERT_FALSE(judgeBy("sat", value).violation);
  ASSERT_TRUE(distanceStrategiesPass(value));
  TempDir dir;
  const std::string file = dir.write("squares.case", SQUARES);
  const fs::path svg = dir.path() / "sat.svg";
  CliRun run = gjkcheck("repro " + file + " --strategy sat --svg " + svg.string());
  EXPECT_EQ(run.exitCode, 0) << run.out;
  const std::string picture = readText(svg);
  EXPECT_NE(picture.find("Verdict: ok"), std::string::npos) << picture;
  EXPECT_NE(picture.find("verdict (penetration): ok"), std::string::npos);
  EXPECT_NE(picture.find("exact: overlapping, depth 0.25"), std::string::npos);
}

TEST(CorpusAddPenetration, recordsThePenetrationVerdictAndTheCaseReplays) {
  // epa's regression without its meta lines: corpus add finds the strategy by the file name.
  std::string geometry;
  {
    std::ifstream in(EPA_CASE);
    for (std::string line; std::getline(in, line);) {
      if (line.rfind("meta.", 0) != 0) geometry += line + "\n";
    }
  }
  TempDir dir;
  const std::string file = dir.write("found/epa.normal-error.x.case", geometry);
  fs::create_directories(dir.path() / "to");
  CliRun add = gjkcheck("corpus add " + file + " --to " + (dir.path() / "to").string());
  ASSERT_EQ(add.exitCode, 0) << add.out;
  const gjk::check::Case added = gjk::check::readCaseFile(dir.path() / "to" / "epa.normal-error.x.case");
  EXPECT_EQ(added.metaValue("strategy"), "epa");
  EXPECT_EQ(added.metaValue("query"), "penetration");
  EXPECT_EQ(added.metaValue("expected-verdict"), "violation");
  EXPECT_EQ(added.metaValue("expected-reasons"), "normal-error");
  EXPECT_EQ(added.metaValue("signature").rfind("epa normal-error ", 0), 0u) << added.metaValue("signature");
  CliRun check = gjkcheck("corpus check " + (dir.path() / "to").string());
  EXPECT_EQ(check.exitCode, 0) << check.out;
  // A penetration strategy on a case it answers well: expected verdict ok, no reasons.
  const std::string squares = dir.write("found/sat.ok.case", SQUARES);
  CliRun ok = gjkcheck("corpus add " + squares + " --to " + (dir.path() / "to").string());
  ASSERT_EQ(ok.exitCode, 0) << ok.out;
  const gjk::check::Case okCase = gjk::check::readCaseFile(dir.path() / "to" / "sat.ok.case");
  EXPECT_EQ(okCase.metaValue("query"), "penetration");
  EXPECT_EQ(okCase.metaValue("expected-verdict"), "ok");
  EXPECT_EQ(okCase.metaValue("expected-reasons"), "");
}

}  // namespace

namespace {

// compare's penetration section runs on the overlap families --penetration-families names (all seven by
// default), through the same rows and table.
TEST(ComparePenetration, runsTheOverlapFamiliesItIsGiven) {
  TempDir dir;
  CliRun run = gjkcheck("compare --strategies sat --penetration-families circle-polygon,containment --count 4 --seed 1 "
                        "--jobs 1 --out " + (dir.path() / "out").string());
  ASSERT_EQ(run.exitCode, 0) << run.out;
  const std::string table = readText(dir.path() / "out" / "penetration.md");
  EXPECT_NE(table.find("| sat | containment | 4 |"), std::string::npos) << table;
  EXPECT_NE(table.find("| sat | circle-polygon | 4 |"), std::string::npos) << table;
  EXPECT_EQ(table.find("| sat | deep-overlap |"), std::string::npos) << table;
  EXPECT_NE(table.find("--penetration-families circle-polygon,containment"), std::string::npos) << table;
  CliRun all = gjkcheck("compare --strategies sat --count 2 --seed 1 --jobs 1 --out " + (dir.path() / "all").string());
  ASSERT_EQ(all.exitCode, 0) << all.out;
  EXPECT_NE(readText(dir.path() / "all" / "penetration.md").find("| sat | deep-overlap | 2 |"), std::string::npos);
  CliRun unknown = gjkcheck("compare --strategies sat --penetration-families scale --out " + (dir.path() / "x").string());
  EXPECT_EQ(unknown.exitCode, 2) << unknown.out;
  EXPECT_NE(unknown.out.find("unknown overlap family 'scale'"), std::string::npos) << unknown.out;
}

}  // namespace
