// `gjkcheck properties --dimension 3`: the 3D strategies on the 3D families, the same report as in 2D (README.md,
// properties.csv, counterexamples/ shrunk as 3D cases) whatever --jobs is; each counterexample violates its
// property again when read back and replays with `gjkcheck run --strategy NAME`; a strategy, family or property
// of the other dimension is bad usage.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "case/case.h"
#include "families/families.h"
#include "tests/tools/run_gjkcheck.h"
#include "verdict/claims.h"
#include "verdict/strategy.h"

namespace {

namespace fs = std::filesystem;
using gjk::test_support::CliRun;
using gjk::test_support::gjkcheck;
using gjk::test_support::readText;
using gjk::test_support::TempDir;

TEST(Properties3d, writesTheSameReportWhateverTheJobsAndItsCounterexamplesReplay) {
  TempDir dir("gjkcheck-properties-3d");
  const fs::path one = dir.path() / "one", two = dir.path() / "two";
  const std::string common = "properties --dimension 3 --cases 3 --families needle,scale,rounded --shrink 60";
  const CliRun first = gjkcheck(common + " --jobs 1 --out " + one.string());
  const CliRun second = gjkcheck(common + " --jobs 2 --out " + two.string());
  ASSERT_TRUE(first.exitCode == 0 || first.exitCode == 1) << first.out;
  EXPECT_EQ(second.exitCode, first.exitCode) << second.out;
  EXPECT_EQ(readText(one / "properties.csv"), readText(two / "properties.csv"));

  // Every 3D strategy x the 11 distance claims x 3 families, and the header; warm start does not apply.
  const std::string csv = readText(one / "properties.csv");
  EXPECT_EQ(csv.rfind("strategy,property,family,applies,cases,violations,first_violation\n", 0), 0u);
  const std::size_t strategies = gjk::check::strategies3().size();
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), static_cast<long>(1 + strategies * 11 * 3));
  for (const gjk::check::StrategyInfo& strategy : gjk::check::strategies3()) {
    EXPECT_NE(csv.find(strategy.name + ",warmStartAgreesWithColdStart,needle,0,0,0,\n"), std::string::npos)
        << strategy.name;
    EXPECT_NE(csv.find(strategy.name + ",isSymmetricWhenAAndBAreSwapped,rounded,1,3,"), std::string::npos)
        << strategy.name;
  }
  EXPECT_EQ(csv.find(",touching,"), std::string::npos);  // no 2D family

  const std::string readme = readText(one / "README.md");
  EXPECT_EQ(readme.rfind("# Properties of the strategies\n", 0), 0u);
  EXPECT_NE(readme.find("gjkcheck properties --dimension 3 --families needle,scale,rounded --cases 3 --seed 1"),
            std::string::npos)
      << readme;
  EXPECT_NE(readme.find("| dimension | 3"), std::string::npos);
  EXPECT_NE(readme.find("| vdb3 |"), std::string::npos);
  EXPECT_NE(readme.find("3D queries start cold"), std::string::npos);

  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(one / "counterexamples")) {
    ++files;
    EXPECT_EQ(readText(entry.path()), readText(two / "counterexamples" / entry.path().filename())) << entry.path();
    const gjk::check::Case value = gjk::check::readCaseFile(entry.path());
    EXPECT_EQ(value.dimension, 3) << entry.path();
    const gjk::check::StrategyInfo* strategy = gjk::check::findStrategy(value.metaValue("strategy"));
    ASSERT_NE(strategy, nullptr) << entry.path();
    EXPECT_EQ(strategy->dimension, 3);
    gjk::check::CaseContext context(value);
    EXPECT_NE(gjk::check::strategyProperty(value.metaValue("property")).check(*strategy, context), "") << entry.path();
    // It replays with `run`: a 3D case the named 3D strategy answers (exit 0, or 1 where its verdict is a violation).
    const CliRun replay = gjkcheck("run --strategy " + strategy->name + " " + entry.path().string());
    EXPECT_TRUE(replay.exitCode == 0 || replay.exitCode == 1) << replay.out;
    EXPECT_NE(replay.out.find(strategy->name), std::string::npos) << replay.out;
  }
  // These families break several 3D strategies' claims (opengjk-f32 on needle, jolt-gjk on scale), so the replay
  // above ran; exit 1 exactly when some property is violated: a counterexample was written.
  EXPECT_GT(files, 0u);
  EXPECT_EQ(first.exitCode, files == 0 ? 0 : 1);

  // Run again into its own folder: accepted (the report is replaced).
  EXPECT_EQ(gjkcheck(common + " --jobs 2 --out " + one.string()).exitCode, first.exitCode);
}

TEST(Properties3d, theOtherDimensionsStrategiesFamiliesAndPropertiesAreBadUsage) {
  TempDir dir("gjkcheck-properties-3d-bad");
  auto exitOf = [&](const std::string& arguments, const std::string& says = "") {
    const CliRun run = gjkcheck("properties --cases 1 " + arguments + " --out " + (dir.path() / "out").string());
    if (!says.empty()) {
      EXPECT_NE(run.out.find(says), std::string::npos) << arguments << ": " << run.out;
    }
    return run.exitCode;
  };
  EXPECT_EQ(exitOf("--dimension 3 --strategies perp", "answers 2D cases: leave out --dimension 3"), 2);
  EXPECT_EQ(exitOf("--strategies vdb3", "answers 3D cases: add --dimension 3"), 2);
  EXPECT_EQ(exitOf("--dimension 3 --families touching", "unknown 3D family 'touching'"), 2);
  EXPECT_EQ(exitOf("--families edge-edge", "unknown family 'edge-edge'"), 2);
  EXPECT_EQ(exitOf("--dimension 3 --properties penetrationNormalHasUnitLength", "unknown 3D property"), 2);
  EXPECT_EQ(exitOf("--dimension 4", "--dimension takes 2 or 3"), 2);
  EXPECT_FALSE(fs::exists(dir.path() / "out"));
  const CliRun help = gjkcheck("properties --help");
  EXPECT_NE(help.out.find("--dimension 2|3"), std::string::npos) << help.out;
}

}  // namespace
