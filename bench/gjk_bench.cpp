// gjk_bench: time per query of the exact oracle, of CGAL's exact route (when built with CGAL), of every
// registered GJK strategy's core query, and of Box2D 2.4.1's b2Distance, on the same fixed cases.
//
//   build/default/bench/gjk_bench --benchmark_filter=random8
//
// Names: BM_Oracle/<family>            oracle::solveByHull, the exact answer the harness uses
//        BM_OracleNoFilter/<family>    the same with the double filter off (every sign from the integers)
//        BM_OraclePointCloud/<family>  oracle::solveByPointCloudHull, the reference (the oracle's method
//                                      before the fast one)
//        BM_OracleHullFree/<family>    oracle::solveWithoutHull, the second exact method
//        BM_OracleCGAL.../<family>     CGAL 5.5 Epeck (oracle_cgal_bench.cpp)
//        BM_Verdict/<family>           check::judge of perp's answer, the exact answer given
//        BM_Gjk/<strategy>/<family>    the strategy's core query on a prepared input, cold cache (robust's
//                                      ablations robust-no-<ingredient> included)
//        BM_Box2D/<family>             b2Distance on a prepared b2DistanceInput, cold cache
// Families (bench_cases.h): random8, nearparallel8. One iteration is one query; the benchmark cycles
// through the family's BENCH_CASE_COUNT cases, so the time is the mean over the family.
//
// What is timed for GJK is the query itself, as an engine calls it: DistanceInput (or b2DistanceInput) is
// built once per case before timing. Strategies of check::strategies() that have no core entry here are
// still timed, through the harness (their StrategyInfo::run, conversion included), and labelled so.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bench/bench_cases.h"
#include "bench/bench_registry.h"
#include "core/gjk.h"
#include "core/strategies/robust.h"
#include "oracle/oracle.h"
#include "verdict/exact_case.h"
#include "verdict/query.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"

#ifdef GJK_HAVE_BOX2D
#include <box2d/b2_distance.h>

#include "adapters/box2d_241.h"
#endif

namespace gjk::bench {
namespace {

// Everything prepared for one family, kept alive for the whole run.
struct Family {
  std::string name;
  std::vector<check::Case> cases;
  std::vector<oracle::InputShape> oracleA, oracleB;
  std::vector<DistanceInput<float>> floatInputs;
  std::vector<DistanceInput<double>> doubleInputs;
};

// The index of the case for iteration i: cycles through the family.
inline std::size_t caseAt(std::size_t i) {
  return i % static_cast<std::size_t>(BENCH_CASE_COUNT);
}

// One exact method on the family: the answer is built and destroyed in every iteration.
template <class Solve>
void registerSolve(const std::string& name, const Family& family, Solve solve) {
  benchmark::RegisterBenchmark(name.c_str(), [&family, solve](benchmark::State& state) {
    const oracle::FilterStatistics before = oracle::filterStatistics();
    std::size_t i = 0;
    for (auto _ : state) {
      const std::size_t k = caseAt(i++);
      oracle::ExactAnswer answer = solve(family.oracleA[k], family.oracleB[k]);
      benchmark::DoNotOptimize(answer);
    }
    // The fast method's sign tests per query: decided by the double filter, or from the integers.
    const oracle::FilterStatistics& after = oracle::filterStatistics();
    const double queries = static_cast<double>(after.queries - before.queries);
    if (queries > 0) {
      state.counters["filtered"] = static_cast<double>(after.filtered - before.filtered) / queries;
      state.counters["exact"] = static_cast<double>(after.exact - before.exact) / queries;
    }
  });
}

void registerOracle(const Family& family) {
  using oracle::InputShape;
  registerSolve("BM_Oracle/" + family.name, family,
                [](const InputShape& a, const InputShape& b) { return oracle::solveByHull(a, b); });
  registerSolve("BM_OracleNoFilter/" + family.name, family, [](const InputShape& a, const InputShape& b) {
    return oracle::solveByHull(a, b, oracle::HullOptions{false});
  });
  registerSolve("BM_OraclePointCloud/" + family.name, family,
                [](const InputShape& a, const InputShape& b) { return oracle::solveByPointCloudHull(a, b); });
  registerSolve("BM_OracleHullFree/" + family.name, family,
                [](const InputShape& a, const InputShape& b) { return oracle::solveWithoutHull(a, b); });
}

// The verdict alone: perp's answers and the exact answers are computed before timing.
void registerVerdict(const Family& family) {
  auto exact = std::make_shared<std::vector<oracle::ExactAnswer>>();
  auto results = std::make_shared<std::vector<check::StrategyResult>>();
  const check::StrategyInfo* perp = check::findStrategy("perp");
  for (const check::Case& value : family.cases) {
    exact->push_back(check::solveExactly(value));
    results->push_back(perp->run(value, {}));
  }
  benchmark::RegisterBenchmark(
      ("BM_Verdict/" + family.name).c_str(), [&family, exact, results, perp](benchmark::State& state) {
        std::size_t i = 0;
        int violations = 0;
        for (auto _ : state) {
          const std::size_t k = caseAt(i++);
          check::Verdict verdict = check::judge(family.cases[k], (*exact)[k], (*results)[k], *perp);
          violations += verdict.violation;
          benchmark::DoNotOptimize(verdict);
        }
        benchmark::DoNotOptimize(violations);
      });
}

// One core strategy on the prepared inputs: a cold cache per query, as b2Distance with cache.count = 0.
template <class Strategy, class T>
void runCore(benchmark::State& state, const std::vector<DistanceInput<T>>& inputs) {
  std::size_t i = 0;
  for (auto _ : state) {
    const std::size_t k = caseAt(i++);
    SimplexCache<T> cache;
    DistanceOutput<T> output;
    Strategy::template distance<T>(inputs[k], &cache, &output, static_cast<Trace<T>*>(nullptr));
    benchmark::DoNotOptimize(output);
  }
}

using CoreRunner = std::function<void(benchmark::State&, const Family&)>;

// The core entry of each registered strategy name (verdict/strategy_registry.cpp instantiates the same
// types). A name missing here is timed through the harness instead.
const std::map<std::string, CoreRunner>& coreRunners() {
  static const std::map<std::string, CoreRunner> RUNNERS = {
      {"naive", [](benchmark::State& s, const Family& f) { runCore<NaiveStrategy>(s, f.floatInputs); }},
      {"perp", [](benchmark::State& s, const Family& f) { runCore<PerpStrategy>(s, f.floatInputs); }},
      {"box2d-v3.1",
       [](benchmark::State& s, const Family& f) { runCore<Box2dV31Strategy>(s, f.floatInputs); }},
      {"box2d-v3", [](benchmark::State& s, const Family& f) { runCore<Box2dV3Strategy>(s, f.floatInputs); }},
      {"dyn4j", [](benchmark::State& s, const Family& f) { runCore<Dyn4jStrategy>(s, f.doubleInputs); }},
      {"dyn4j-f32", [](benchmark::State& s, const Family& f) { runCore<Dyn4jF32Strategy>(s, f.floatInputs); }},
      {"vdb", [](benchmark::State& s, const Family& f) { runCore<VdbStrategy>(s, f.floatInputs); }},
      {"nesterov", [](benchmark::State& s, const Family& f) { runCore<NesterovStrategy>(s, f.floatInputs); }},
      {"perp-f64", [](benchmark::State& s, const Family& f) { runCore<PerpStrategy>(s, f.doubleInputs); }},
      {"robust", [](benchmark::State& s, const Family& f) { runCore<RobustStrategy>(s, f.floatInputs); }},
      // robust's ablations (issue 14): found by name, not part of `all`, timed here for reports/robust.
      {"robust-no-rescale",
       [](benchmark::State& s, const Family& f) { runCore<RobustStrategyOf<robust::NoRescale>>(s, f.floatInputs); }},
      {"robust-no-exact-signs",
       [](benchmark::State& s, const Family& f) { runCore<RobustStrategyOf<robust::NoExactSigns>>(s, f.floatInputs); }},
      {"robust-no-relative-tol",
       [](benchmark::State& s, const Family& f) {
         runCore<RobustStrategyOf<robust::NoRelativeTolerances>>(s, f.floatInputs);
       }},
      {"robust-no-final-step",
       [](benchmark::State& s, const Family& f) { runCore<RobustStrategyOf<robust::NoFinalStep>>(s, f.floatInputs); }},
      {"robust-no-safe-triangle",
       [](benchmark::State& s, const Family& f) {
         runCore<RobustStrategyOf<robust::NoSafeTriangle>>(s, f.floatInputs);
       }},
  };
  return RUNNERS;
}

#ifdef GJK_HAVE_BOX2D
// Box2D's own inputs, built once: the adapter's float arrays, and b2DistanceInput for b2Distance.
struct Box2dInputs {
  std::vector<std::vector<float>> xyA, xyB;
  std::vector<adapters::Box2dShape> shapeA, shapeB;
  std::vector<std::vector<b2Vec2>> verticesA, verticesB;
  std::vector<b2DistanceInput> inputs;
};

adapters::Box2dShape toBox2dShape(const check::ShapeSpec& spec, const std::vector<float>& xy) {
  adapters::Box2dShape shape;
  shape.xy = xy.data();
  shape.count = static_cast<int>(spec.vertices.size());
  shape.radius = spec.radius;
  shape.positionX = spec.positionX;
  shape.positionY = spec.positionY;
  shape.rotationC = spec.rotationC;
  shape.rotationS = spec.rotationS;
  return shape;
}

std::shared_ptr<Box2dInputs> box2dInputs(const Family& family) {
  auto result = std::make_shared<Box2dInputs>();
  const std::size_t count = family.cases.size();
  result->xyA.resize(count);
  result->xyB.resize(count);
  result->verticesA.resize(count);
  result->verticesB.resize(count);
  for (std::size_t k = 0; k < count; ++k) {
    const check::Case& value = family.cases[k];
    for (const check::Vertex& v : value.a.vertices) {
      result->xyA[k].insert(result->xyA[k].end(), {v.x, v.y});
      result->verticesA[k].push_back(b2Vec2(v.x, v.y));
    }
    for (const check::Vertex& v : value.b.vertices) {
      result->xyB[k].insert(result->xyB[k].end(), {v.x, v.y});
      result->verticesB[k].push_back(b2Vec2(v.x, v.y));
    }
  }
  for (std::size_t k = 0; k < count; ++k) {  // pointers into the vectors above, which no longer move
    const check::Case& value = family.cases[k];
    result->shapeA.push_back(toBox2dShape(value.a, result->xyA[k]));
    result->shapeB.push_back(toBox2dShape(value.b, result->xyB[k]));
    b2DistanceInput input;
    input.proxyA.Set(result->verticesA[k].data(), static_cast<int32>(result->verticesA[k].size()),
                     value.a.radius);
    input.proxyB.Set(result->verticesB[k].data(), static_cast<int32>(result->verticesB[k].size()),
                     value.b.radius);
    input.transformA.p.Set(value.a.positionX, value.a.positionY);
    input.transformA.q.c = value.a.rotationC;  // the pair as given, as the adapter does
    input.transformA.q.s = value.a.rotationS;
    input.transformB.p.Set(value.b.positionX, value.b.positionY);
    input.transformB.q.c = value.b.rotationC;
    input.transformB.q.s = value.b.rotationS;
    input.useRadii = true;
    result->inputs.push_back(input);
  }
  return result;
}
#endif

// The strategies timed under BM_Gjk: every registered one, then robust's ablations (core entries only).
std::vector<check::StrategyInfo> timedStrategies() {
  std::vector<check::StrategyInfo> timed = check::strategies();
  for (const auto& [name, runner] : coreRunners()) {
    if (name.rfind("robust-no-", 0) == 0) {
      timed.push_back(*check::findStrategy(name));
    }
  }
  return timed;
}

void registerGjk(const Family& family) {
#ifdef GJK_HAVE_BOX2D
  std::shared_ptr<Box2dInputs> box2d = box2dInputs(family);
#endif
  static const std::vector<check::StrategyInfo> TIMED = timedStrategies();
  for (const check::StrategyInfo& info : TIMED) {
    const std::string name = "BM_Gjk/" + info.name + "/" + family.name;
    const auto core = coreRunners().find(info.name);
    if (core != coreRunners().end()) {
      const CoreRunner& runner = core->second;
      benchmark::RegisterBenchmark(name.c_str(),
                                   [&family, &runner](benchmark::State& state) { runner(state, family); });
      continue;
    }
#ifdef GJK_HAVE_BOX2D
    if (info.name == "box2d-2.4.1") {  // the registered adapter, on its prepared float arrays
      benchmark::RegisterBenchmark(name.c_str(), [box2d](benchmark::State& state) {
        std::size_t i = 0;
        for (auto _ : state) {
          const std::size_t k = caseAt(i++);
          adapters::Box2dCache cache;
          adapters::Box2dAnswer answer = adapters::box2dDistance(box2d->shapeA[k], box2d->shapeB[k], &cache);
          benchmark::DoNotOptimize(answer);
        }
      });
      continue;
    }
#endif
    const check::StrategyInfo* strategy = &info;
    benchmark::RegisterBenchmark(name.c_str(), [&family, strategy](benchmark::State& state) {
      state.SetLabel("through the harness: conversion included");
      std::size_t i = 0;
      for (auto _ : state) {
        check::StrategyResult result = strategy->run(family.cases[caseAt(i++)], {});
        benchmark::DoNotOptimize(result);
      }
    });
  }
#ifdef GJK_HAVE_BOX2D
  benchmark::RegisterBenchmark(("BM_Box2D/" + family.name).c_str(), [box2d](benchmark::State& state) {
    std::size_t i = 0;
    for (auto _ : state) {
      const std::size_t k = caseAt(i++);
      b2SimplexCache cache;
      cache.count = 0;
      b2DistanceOutput output;
      b2Distance(&output, &cache, &box2d->inputs[k]);
      benchmark::DoNotOptimize(output);
    }
  });
#endif
}

std::vector<std::unique_ptr<Family>> prepareFamilies() {
  std::vector<std::unique_ptr<Family>> families;
  for (const std::string& name : benchFamilies()) {
    auto family = std::make_unique<Family>();
    family->name = name;
    family->cases = benchCases(name);
    for (const check::Case& value : family->cases) {
      family->oracleA.push_back(check::toOracleShape(value.a));
      family->oracleB.push_back(check::toOracleShape(value.b));
      family->floatInputs.push_back(check::toDistanceInput<float>(value));
      family->doubleInputs.push_back(check::toDistanceInput<double>(value));
    }
    families.push_back(std::move(family));
  }
  return families;
}

}  // namespace
}  // namespace gjk::bench

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
    return 1;
  }
  static const std::vector<std::unique_ptr<gjk::bench::Family>> FAMILIES = gjk::bench::prepareFamilies();
  for (const auto& family : FAMILIES) {
    gjk::bench::registerOracle(*family);
#ifdef GJK_HAVE_CGAL
    gjk::bench::registerCgalBenchmarks(family->name, family->cases);
#endif
    gjk::bench::registerVerdict(*family);
    gjk::bench::registerGjk(*family);
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
