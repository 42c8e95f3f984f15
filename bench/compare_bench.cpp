// compare_bench: the time of one comparison case end to end, as `gjkcheck compare` runs it.
//
//   build/default/bench/compare_bench --benchmark_filter=random-convex
//
// BM_CompareCase/<family>, one for every family of families/families.h: one iteration is one case,
// sampled from the family's stream (seed 1, index = the iteration's number: the cases of
// `gjkcheck compare --seed 1 --count 1024`), then check::compareCase (report/comparison.h), the body of
// compare's worker loop: the oracle, every strategy of ISSUE_STRATEGIES and its verdict, the rows filled.
// Every run takes exactly CASES iterations, so every run times the same cases and two builds compare
// fairly. The counter `strategies` is how many strategies each case ran.
//
// ISSUE_STRATEGIES is `all` as it was when issue 15 set its goal (commit d517667, 10 strategies): `all`
// has grown since (`robust`, issue 14), and a benchmark that ran it would time more work than the one it
// is compared with. BM_CompareCaseAll/<family> times today's `all`.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "families/families.h"
#include "report/comparison.h"
#include "verdict/strategy.h"

namespace gjk::bench {
namespace {

constexpr std::uint64_t CASES = 1024;

// `all` of d517667, in its order.
constexpr const char* ISSUE_STRATEGIES[] = {"naive", "perp",     "box2d-v3.1", "box2d-v3", "dyn4j",
                                            "dyn4j-f32", "vdb", "nesterov",   "perp-f64", "box2d-2.4.1"};

std::vector<const check::StrategyInfo*> issueStrategies() {
  std::vector<const check::StrategyInfo*> selected;
  for (const char* name : ISSUE_STRATEGIES) {
    for (const check::StrategyInfo* info : check::selectStrategies(name)) selected.push_back(info);
  }
  return selected;
}

void registerCompareCase(const std::string& name, const std::string& family, bool all) {
  benchmark::RegisterBenchmark((name + "/" + family).c_str(), [family, all](benchmark::State& state) {
    check::ComparisonOptions options;
    options.strategies = all ? check::selectStrategies("all") : issueStrategies();
    options.families = {family};
    options.count = CASES;
    options.seed = 1;
    const std::size_t strategyCount = options.strategies.size();
    std::vector<check::ComparisonRow> rows(strategyCount);
    std::vector<std::vector<double>> nanoseconds(strategyCount, std::vector<double>(1, 0.0));
    std::vector<std::vector<std::uint64_t>> queries(strategyCount, std::vector<std::uint64_t>(1, 0));
    std::uint64_t index = 0;
    for (auto _ : state) {
      const check::Case value = check::sampleFamily(family, options.seed, index);
      check::compareCase(options, 0, index, value, rows.data(), nanoseconds, queries);
      benchmark::DoNotOptimize(rows.data());
      benchmark::ClobberMemory();
      index = (index + 1) % CASES;
    }
    state.counters["strategies"] = static_cast<double>(strategyCount);
  })->Iterations(CASES)->Unit(benchmark::kMicrosecond);
}

}  // namespace
}  // namespace gjk::bench

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  for (const std::string& family : gjk::check::familyNames()) {
    gjk::bench::registerCompareCase("BM_CompareCase", family, false);
  }
  for (const std::string& family : gjk::check::familyNames()) {
    gjk::bench::registerCompareCase("BM_CompareCaseAll", family, true);
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
