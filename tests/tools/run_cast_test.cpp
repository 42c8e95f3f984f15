// `gjkcheck run` on a cast case (issue 22): a cast strategy's line names its own measures (fraction, gap,
// normal, point), so a run of cast strategies alone is not headed by the distance columns; with a distance
// strategy beside them the distance header stays.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/tools/run_gjkcheck.h"

namespace {

namespace fs = std::filesystem;
using gjk::test_support::CliRun;
using gjk::test_support::gjkcheck;

const std::string SEED = (fs::path(GJK_SOURCE_DIR) / "corpus/seeds/cast/cast-grazing-edge-b-edge-onto-a-edge.case").string();

std::string firstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

TEST(RunCast, castStrategiesAloneAreNotHeadedByTheDistanceColumns) {
  const CliRun run = gjkcheck("run " + SEED + " --strategy robust-cast");
  ASSERT_EQ(run.exitCode, 0) << run.out;
  const std::string header = firstLine(run.out);
  EXPECT_EQ(header.find("wit u"), std::string::npos) << run.out;
  EXPECT_NE(header.find("answer, its errors and verdict"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("fraction"), std::string::npos) << run.out;
}

TEST(RunCast, aDistanceStrategyKeepsTheDistanceHeader) {
  const CliRun run = gjkcheck("run " + SEED + " --strategy all");
  EXPECT_NE(firstLine(run.out).find("wit u"), std::string::npos) << run.out;
}

// The JSON answer carries the strategy's own stop word (a TOI state, a cast loop's exit) and its iterations:
// how a missed hit of a time of impact ended is read from it.
TEST(RunCast, theJsonAnswerNamesTheStopAndTheIterations) {
  const CliRun run = gjkcheck("run " + SEED + " --strategy robust-cast --json");
  ASSERT_EQ(run.exitCode, 0) << run.out;
  EXPECT_NE(run.out.find("\"termination\": \"hit\""), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"iterations\": "), std::string::npos) << run.out;
}

}  // namespace
