// gjkcheck properties: the measurement of every property, end to end: deterministic whatever --jobs is,
// every output written, counterexamples that replay, and bad usage rejected before any work.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "case/case.h"
#include "tests/tools/run_gjkcheck.h"
#include "verdict/claims.h"

namespace {

namespace fs = std::filesystem;
using gjk::test_support::gjkcheck;
using gjk::test_support::readText;

fs::path scratch(const std::string& name) {
  // The process id in the name: test runs of other checkouts on the same machine do not share the folder.
  fs::path folder =
      fs::temp_directory_path() / ("gjkcheck-properties-test-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(folder);
  return folder;
}

TEST(PropertiesCommand, sameTablesAndCounterexamplesWhateverTheJobs) {
  const fs::path one = scratch("one"), two = scratch("two");
  const std::string common = " properties --cases 5 --families near-parallel,scale,touching --shrink 100";
  // Exit 1: these families break several strategies' claims (the report is written whole).
  ASSERT_EQ(gjkcheck(common + " --jobs 1 --out " + one.string()).exitCode, 1);
  ASSERT_EQ(gjkcheck(common + " --jobs 2 --out " + two.string()).exitCode, 1);
  EXPECT_EQ(readText(one / "properties.csv"), readText(two / "properties.csv"));
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(one / "counterexamples")) {
    ++files;
    EXPECT_EQ(readText(entry.path()), readText(two / "counterexamples" / entry.path().filename())) << entry.path();
  }
  EXPECT_GT(files, 0u);  // these families break several strategies' claims at once
  // 9+ strategies x 11 properties x 3 families, and the header.
  const std::string csv = readText(one / "properties.csv");
  EXPECT_EQ(csv.rfind("strategy,property,family,applies,cases,violations,first_violation\n", 0), 0u);
  EXPECT_GE(std::count(csv.begin(), csv.end(), '\n'), 1 + 9 * 11 * 3);
}

TEST(PropertiesCommand, eachCounterexampleViolatesItsProperty) {
  const fs::path out = scratch("replay");
  const int exitCode =
      gjkcheck(" properties --cases 5 --families scale --shrink 100 --jobs 2 --out " + out.string()).exitCode;
  // 1 exactly when some property is violated: a counterexample was written.
  EXPECT_EQ(exitCode, fs::is_empty(out / "counterexamples") ? 0 : 1);
  for (const auto& entry : fs::directory_iterator(out / "counterexamples")) {
    const gjk::check::Case value = gjk::check::readCaseFile(entry.path());
    const gjk::check::StrategyInfo* strategy = gjk::check::findStrategy(value.metaValue("strategy"));
    ASSERT_NE(strategy, nullptr) << entry.path();
    gjk::check::CaseContext context(value);
    EXPECT_NE(gjk::check::strategyProperty(value.metaValue("property")).check(*strategy, context), "") << entry.path();
    EXPECT_EQ(entry.path().filename().string(), value.metaValue("strategy") + "." + value.metaValue("property") + ".case");
  }
}

TEST(PropertiesCommand, rejectsBadUsageBeforeAnyWork) {
  EXPECT_EQ(gjkcheck(" properties --cases 0 --out " + scratch("zero").string()).exitCode, 2);
  EXPECT_EQ(gjkcheck(" properties --properties nonsense --out " + scratch("bad").string()).exitCode, 2);
  EXPECT_EQ(gjkcheck(" properties --families scale,scale --out " + scratch("twice").string()).exitCode, 2);
  EXPECT_EQ(gjkcheck(" properties --cases 2").exitCode, 2);  // no --out
  // A strategy, property or family list with an item that does not exist is refused before any work.
  EXPECT_EQ(gjkcheck(" properties --strategies nonsense --out " + scratch("nostrategy").string()).exitCode, 2);
  const gjk::test_support::CliRun unwritable = gjkcheck(" properties --cases 2 --out /proc/nope");
  EXPECT_EQ(unwritable.exitCode, 2);
  EXPECT_NE(unwritable.out.find("/proc/nope"), std::string::npos) << unwritable.out;
}

}  // namespace
