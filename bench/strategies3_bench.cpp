// strategies3_bench: each 3D strategy (vdb3, opengjk, opengjk-f32, jolt-gjk, robust3) on the same fixed 3D
// cases: 100 of each 3D family (families.h familyNames3, seed 1, indices 0..99), 1,500 in all, turned into the
// strategy's DistanceInput3 once (the case's quaternion matrix formed in the strategy's scalar, as the
// harness's toDistanceInput3); a benchmark iteration runs the strategy's query cold on all of them. Only the
// query is timed (no conversion, no verdict). robust3's cost goal (issue 23): within 1.5x of the fastest port.
//
// Time on a shared machine is noisy; instruction counts are steadier. `strategies3_bench --pass <name>` runs
// one pass of that strategy over the cases and exits (no Google Benchmark), for
//   valgrind --tool=callgrind --toggle-collect='*onePass*' build/h/bench/strategies3_bench --pass robust3
// whose "Collected" total is the instructions of the 1,500 queries alone.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/strategies/jolt_gjk.h"
#include "core/strategies/opengjk.h"
#include "core/strategies/robust3.h"
#include "core/strategies/vdb3.h"
#include "families/families.h"
#include "verdict/query3.h"

namespace {

using namespace gjk;
using namespace gjk::check;

inline constexpr int CASES_PER_FAMILY = 100;

const std::vector<Case>& cases3() {
  static const std::vector<Case> CASES = [] {
    std::vector<Case> cases;
    for (const std::string& family : familyNames3()) {
      for (std::uint64_t i = 0; i < CASES_PER_FAMILY; ++i) cases.push_back(sampleFamily3(family, 1, i));
    }
    return cases;
  }();
  return CASES;
}

template <class T>
const std::vector<DistanceInput3<T>>& inputs3() {
  static const std::vector<DistanceInput3<T>> INPUTS = [] {
    std::vector<DistanceInput3<T>> inputs;
    for (const Case& value : cases3()) inputs.push_back(toDistanceInput3<T>(value));
    return inputs;
  }();
  return INPUTS;
}

// One pass of a strategy over every input; the sum of the distances keeps the queries alive.
template <class Strategy, class T>
[[gnu::noinline]] double onePass(const std::vector<DistanceInput3<T>>& inputs) {
  double sum = 0;
  for (const DistanceInput3<T>& input : inputs) {
    DistanceOutput3<T> output;
    Strategy::distance(input, &output);
    sum += double(output.distance);
  }
  return sum;
}

template <class Strategy, class T>
void BM_Strategy3(benchmark::State& state) {
  const std::vector<DistanceInput3<T>>& inputs = inputs3<T>();
  for (auto _ : state) {
    benchmark::DoNotOptimize(onePass<Strategy, T>(inputs));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * inputs.size()));
}

struct Entry {
  const char* name;
  void (*bench)(benchmark::State&);
  double (*pass)();
};

template <class Strategy, class T>
double passOf() {
  return onePass<Strategy, T>(inputs3<T>());
}

const Entry ENTRIES[] = {
    {"vdb3", &BM_Strategy3<Vdb3, float>, &passOf<Vdb3, float>},
    {"opengjk", &BM_Strategy3<OpenGjk, double>, &passOf<OpenGjk, double>},
    {"opengjk-f32", &BM_Strategy3<OpenGjk, float>, &passOf<OpenGjk, float>},
    {"jolt-gjk", &BM_Strategy3<JoltGjk, float>, &passOf<JoltGjk, float>},
    {"robust3", &BM_Strategy3<Robust3, float>, &passOf<Robust3, float>},
};

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--pass") == 0) {
    for (const Entry& entry : ENTRIES) {
      if (entry.name == std::string(argv[2])) {
        inputs3<float>();
        inputs3<double>();  // built before the pass, outside what callgrind collects
        std::printf("%s: %zu queries, distance sum %.17g\n", entry.name, cases3().size(), entry.pass());
        return 0;
      }
    }
    std::fprintf(stderr, "unknown strategy %s\n", argv[2]);
    return 2;
  }
  for (const Entry& entry : ENTRIES) {
    benchmark::RegisterBenchmark((std::string("BM_Strategy3/") + entry.name).c_str(), entry.bench)
        ->Unit(benchmark::kMicrosecond);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
