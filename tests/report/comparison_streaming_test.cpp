// An external engine in a comparison (report/comparison.h): its answers stream in blocks of 1,024 cases,
// each block told to `streaming`, and the rows are those of the same strategy built in (the perp plugin is
// our own perp, bit for bit: tests/workers/plugin_test.cpp), whatever --jobs is: with several jobs the
// engines' streams run side by side and are told in any order, each once.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "report/comparison.h"
#include "verdict/strategy.h"

namespace gjk::check {
namespace {

TEST(ComparisonStreaming, AnEngineAnswersInBlocksThatAreToldAndTheRowsAreTheBuiltInOnes) {
  const StrategyInfo* plugin = findStrategy(std::string("plugin:") + PERP_PLUGIN);
  ASSERT_NE(plugin, nullptr);
  ComparisonOptions options;
  options.strategies = {plugin};
  options.families = {"random-convex"};
  options.count = 5000;
  options.seed = 7;
  options.jobs = 3;
  options.keepRows = true;
  options.timingRounds = 0;
  std::vector<std::tuple<std::string, std::string, std::uint64_t, std::uint64_t>> told;
  options.streaming = [&told](const std::string& engine, const std::string& family, std::uint64_t answered,
                              std::uint64_t cases) { told.emplace_back(engine, family, answered, cases); };
  const ComparisonResult streamed = runComparison(options);
  std::vector<std::tuple<std::string, std::string, std::uint64_t, std::uint64_t>> expected;
  for (std::uint64_t end : {1024, 2048, 3072, 4096, 5000}) {
    expected.emplace_back(plugin->name, std::string("random-convex"), end, std::uint64_t{5000});
  }
  std::sort(told.begin(), told.end());
  EXPECT_EQ(told, expected);

  options.strategies = {findStrategy("perp")};
  options.streaming = nullptr;
  const ComparisonResult builtIn = runComparison(options);
  options.strategies = {plugin};
  options.jobs = 1;  // the streams one after another
  const ComparisonResult oneJob = runComparison(options);
  ASSERT_EQ(oneJob.rows.size(), streamed.rows.size());
  for (std::size_t k = 0; k < oneJob.rows.size(); ++k) {
    ASSERT_EQ(oneJob.rows[k].index, streamed.rows[k].index);
    ASSERT_EQ(std::bit_cast<std::uint64_t>(oneJob.rows[k].distance), std::bit_cast<std::uint64_t>(streamed.rows[k].distance))
        << "case " << oneJob.rows[k].index;
  }
  ASSERT_EQ(streamed.rows.size(), builtIn.rows.size());
  for (std::size_t k = 0; k < builtIn.rows.size(); ++k) {
    const ComparisonRow& a = streamed.rows[k];
    const ComparisonRow& b = builtIn.rows[k];
    ASSERT_EQ(a.index, b.index);
    // Bit for bit (NaN included: a non-finite answer has NaN errors).
    ASSERT_EQ(std::bit_cast<std::uint64_t>(a.distance), std::bit_cast<std::uint64_t>(b.distance)) << "case " << a.index;
    ASSERT_EQ(std::bit_cast<std::uint64_t>(a.distanceErrorU), std::bit_cast<std::uint64_t>(b.distanceErrorU))
        << "case " << a.index;
    ASSERT_EQ(std::bit_cast<std::uint64_t>(a.witnessErrorU), std::bit_cast<std::uint64_t>(b.witnessErrorU))
        << "case " << a.index;
    ASSERT_EQ(a.termination, b.termination) << "case " << a.index;
    ASSERT_EQ(a.primary, b.primary) << "case " << a.index;
  }
}

}  // namespace
}  // namespace gjk::check
