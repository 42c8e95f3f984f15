// cast_strategies_bench: each cast strategy of this process (ports, robust-cast, Debian's libbox2d b2ShapeCast
// through its adapter) on the same cast cases: 1,000 of each cast family, seed 1, generated once; a benchmark
// iteration casts all 14,000. robust-cast's cost goal (issue 22): within 2x of Box2D 2.4.1's b2ShapeCast
// (gjk-raycast-cast, our bit-identical port, and box2d-2.4.1-cast, the real one). Only the strategy's run is timed
// (no verdict).
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "families/families.h"
#include "verdict/cast_engine_strategies.h"
#include "verdict/cast_strategies.h"
#include "verdict/strategy.h"

namespace {

using namespace gjk::check;

const std::vector<Case>& castCases() {
  static const std::vector<Case> CASES = [] {
    std::vector<Case> cases;
    for (const std::string& family : castFamilyNames()) {
      for (std::uint64_t i = 0; i < 1000; ++i) cases.push_back(sampleFamily(family, 1, i));
    }
    return cases;
  }();
  return CASES;
}

void BM_Cast(benchmark::State& state, const StrategyInfo* strategy) {
  const std::vector<Case>& cases = castCases();
  for (auto _ : state) {
    for (const Case& value : cases) benchmark::DoNotOptimize(strategy->run(value, {}).cast.fraction);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * cases.size()));
}

const bool REGISTERED = [] {
  for (const StrategyInfo& info : castStrategies()) {
    benchmark::RegisterBenchmark(("BM_Cast/" + info.name).c_str(), BM_Cast, &info)->Unit(benchmark::kMillisecond);
  }
  for (const StrategyInfo& info : castEngineStrategies()) {
    if (info.name == "chipmunk7-cast") continue;  // disks only: most cases are refused, not cast
    benchmark::RegisterBenchmark(("BM_Cast/" + info.name).c_str(), BM_Cast, &info)->Unit(benchmark::kMillisecond);
  }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
