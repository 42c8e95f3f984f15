// The table of strategies. Adding a strategy is adding a row here; an external engine is a manifest
// (verdict/external_strategy.h).
#include <deque>
#include <mutex>
#include <stdexcept>

#include "core/strategies/box2d_v3.h"
#include "core/strategies/dyn4j.h"
#include "core/strategies/dyn4j_epa.h"
#include "core/strategies/epa.h"
#include "core/strategies/modifiers.h"
#include "core/strategies/naive.h"
#include "core/strategies/nesterov.h"
#include "core/strategies/perp.h"
#include "core/strategies/sat.h"
#include "core/strategies/robust.h"
#include "core/strategies/vdb.h"
#include "verdict/box2d_strategy.h"
#include "verdict/cast_engine_strategies.h"
#include "verdict/cast_strategies.h"
#include "verdict/external_strategy.h"
#include "verdict/penetration_query.h"
#include "verdict/penetration_strategies.h"
#include "verdict/query.h"
#include "verdict/strategy.h"

namespace gjk::check {

namespace {

struct Registry {
  std::vector<StrategyInfo> base;      // what `all` runs, in this order
  std::vector<StrategyInfo> modified;  // name+local, name+scaled, name+local+scaled of the float ones
  std::vector<StrategyInfo> ablations;  // robust-no-<ingredient>: found by name, not run by `all`
  std::vector<StrategyInfo> penetration;  // query penetration (issue 13): `penetration` runs them, `all` does not

  // A float core strategy, with its three modified forms.
  template <class Strategy>
  void addFloat(const char* name, const char* description, int maxIterations, ContactConvention contact) {
    base.push_back({name, description, "float", maxIterations, contact, &runCoreStrategy<Strategy, float>});
    std::string n = name;
    modified.push_back({n + "+local", std::string(description) + "; in A's local frame", "float", maxIterations,
                        contact, &runCoreStrategy<LocalFrame<Strategy>, float>});
    modified.push_back({n + "+scaled", std::string(description) + "; scaled by 2^-k to unit size", "float",
                        maxIterations, contact, &runCoreStrategy<Scaled<Strategy>, float>});
    modified.push_back({n + "+local+scaled", std::string(description) + "; local frame, scaled", "float",
                        maxIterations, contact, &runCoreStrategy<Scaled<LocalFrame<Strategy>>, float>});
  }
};

const Registry& registry() {
  static const Registry REGISTRY = [] {
    Registry r;
    r.addFloat<NaiveStrategy>("naive",
                              "direction -P (closest simplex point); Box2D 2.4.1 termination; the talk's first "
                              "version",
                              NaivePolicy::MAX_ITERATIONS, ContactConvention::Merged);
    r.addFloat<PerpStrategy>("perp", "edge perpendicular, sign from cross(e, -w1); GDC 2010 / Box2D 2.4.1",
                             PerpPolicy::MAX_ITERATIONS, ContactConvention::Merged);
    // Box2D v3 keeps each witness on its own shape: on containment both are the same point of A, which lies in
    // both shapes; on the tiny-direction return and with radii each point is on its own (rounded) shape.
    r.addFloat<Box2dV31Strategy>("box2d-v3.1",
                                 "exactly b2ShapeDistance of Box2D tag v3.1.1: d.d < FLT_EPSILON^2 returns "
                                 "distance 0, radii only above 0.1*B2_LINEAR_SLOP",
                                 box2d_v3::V31Rules::MAX_ITERATIONS, ContactConvention::OnShapes);
    r.addFloat<Box2dV3Strategy>("box2d-v3",
                                "exactly b2ShapeDistance of Box2D main 617d32ab: d.d < 1000*FLT_MIN returns "
                                "distance 0, cache written on overlap",
                                box2d_v3::MainRules::MAX_ITERATIONS, ContactConvention::OnShapes);
    r.base.push_back({"dyn4j",
                      "dyn4j 6.0.0 Gjk.distance in double with dyn4j's constants, from the float inputs", "double",
                      Dyn4jStrategy::MAX_SUPPORT_CALLS, ContactConvention::Merged,
                      &runCoreStrategy<Dyn4jStrategy, double>});
    r.addFloat<Dyn4jF32Strategy>("dyn4j-f32",
                                 "dyn4j 6.0.0 Gjk.distance in float, tolerances from dyn4j's definitions run in "
                                 "float (E = 2^-24, sqrt(E) = 2^-12)",
                                 Dyn4jF32Strategy::MAX_SUPPORT_CALLS, ContactConvention::Merged);
    r.addFloat<VdbStrategy>("vdb",
                            "direction -v, Johnson's sub-algorithm, relative and absolute stops; van den Bergen / "
                            "SOLID 3.5",
                            VdbStrategy::MAX_ITERATIONS, ContactConvention::Merged);
    r.addFloat<NesterovStrategy>("nesterov",
                                 "Nesterov-accelerated normalized direction, duality-gap stop, fallback to plain "
                                 "GJK; Montaut et al. 2022 / coal",
                                 NESTEROV_MAX_SUPPORT_CALLS, ContactConvention::Merged);
    r.base.push_back({"perp-f64", "perp computed in double from the same float inputs", "double",
                      PerpPolicy::MAX_ITERATIONS, ContactConvention::Merged, &runCoreStrategy<PerpStrategy, double>});
    // Issue 14: `robust` and its ablations, one ingredient off each (core/strategies/robust.h).
    r.base.push_back({"robust",
                      "float, Box2D query shape: power-of-two rescaling, exact region signs (double filter, exact "
                      "fallback), relative tolerances, answer from the closest features, overflow-free triangle",
                      "float", robust::MAX_ITERATIONS, ContactConvention::OnShapes,
                      &runCoreStrategy<RobustStrategy, float>});
    auto ablation = [&r](const char* ingredient, RunFunction run) {
      r.ablations.push_back({std::string("robust-no-") + ingredient, std::string("robust without ") + ingredient,
                             "float", robust::MAX_ITERATIONS, ContactConvention::OnShapes, run});
    };
    ablation("rescale", &runCoreStrategy<RobustStrategyOf<robust::NoRescale>, float>);
    ablation("exact-signs", &runCoreStrategy<RobustStrategyOf<robust::NoExactSigns>, float>);
    ablation("relative-tol", &runCoreStrategy<RobustStrategyOf<robust::NoRelativeTolerances>, float>);
    ablation("final-step", &runCoreStrategy<RobustStrategyOf<robust::NoFinalStep>, float>);
    ablation("safe-triangle", &runCoreStrategy<RobustStrategyOf<robust::NoSafeTriangle>, float>);
    if (const StrategyInfo* box2d = box2dStrategy()) {
      r.base.push_back(*box2d);
    }
    // Penetration (issue 13): the overlap depth and normal, not the distance.
    r.penetration.push_back({"epa", "expanding polytope from perp's final simplex, float", "float",
                      EpaStrategy::MAX_SUPPORT_CALLS, ContactConvention::OnShapes,
                      &runPenetrationStrategy<EpaStrategy, float>, QueryKind::Penetration});
    r.penetration.push_back({"sat",
                      "separating axis over both hulls' edge normals (a point: to the nearest vertex), float",
                      "float",
                      SatStrategy::MAX_AXES, ContactConvention::OnShapes,
                      &runPenetrationStrategy<SatStrategy, float>, QueryKind::Penetration});
    r.penetration.push_back({"dyn4j-epa",
                      "dyn4j 6.0.0 Gjk.detect then Epa.getPenetration in double, dyn4j's constants", "double",
                      Dyn4jEpaStrategy::MAX_SUPPORT_CALLS, ContactConvention::OnShapes,
                      &runPenetrationStrategy<Dyn4jEpaStrategy, double>, QueryKind::Penetration});
    for (const StrategyInfo& engine : penetrationEngineStrategies()) {
      r.penetration.push_back(engine);
    }
    return r;
  }();
  return REGISTRY;
}

// plugin:PATH[#ENTRY] rows, made on first use; a deque keeps the pointers handed out valid.
const StrategyInfo* plugin(std::string_view name) {
  static std::mutex MUTEX;
  static std::deque<StrategyInfo> PLUGINS;
  std::lock_guard<std::mutex> lock(MUTEX);
  const std::string written = pluginName(name);  // plugin:PATH#ENTRY and plugin:PATH@ENTRY are one plugin
  for (const StrategyInfo& info : PLUGINS) {
    if (info.name == written) return &info;
  }
  PLUGINS.push_back(pluginStrategy(name));
  return &PLUGINS.back();
}

}  // namespace

const std::vector<StrategyInfo>& externalStrategies() {
  static const std::vector<StrategyInfo> EXTERNAL = manifestStrategies(adaptersFolder());
  return EXTERNAL;
}

const char* contactConventionName(ContactConvention convention) {
  return convention == ContactConvention::Merged ? "merged" : "on-shapes";
}

const char* queryKindName(QueryKind kind) {
  switch (kind) {
    case QueryKind::Distance:
      return "distance";
    case QueryKind::Penetration:
      return "penetration";
    case QueryKind::Both:
      return "both";
    case QueryKind::Cast:
      return "cast";
  }
  return "distance";
}

const char* engineFailureName(EngineFailure failure) {
  switch (failure) {
    case EngineFailure::None:
      return "";
    case EngineFailure::Crash:
      return "crash";
    case EngineFailure::Hang:
      return "hang";
    case EngineFailure::Protocol:
      return "protocol";
    case EngineFailure::Refused:
      return "refused";
  }
  return "";
}

const std::vector<StrategyInfo>& strategies() { return registry().base; }

const std::vector<StrategyInfo>& modifiedStrategies() { return registry().modified; }

const std::vector<StrategyInfo>& penetrationStrategies() { return registry().penetration; }

const StrategyInfo* findStrategy(std::string_view name) {
  for (const auto* table :
       {&registry().base, &registry().modified, &registry().ablations, &registry().penetration}) {
    for (const StrategyInfo& info : *table) {
      if (info.name == name) {
        return &info;
      }
    }
  }
  // The cast strategies (issue 22): the ports and robust-cast, then the real engines linked in.
  for (const StrategyInfo& info : castStrategies()) {
    if (info.name == name) return &info;
  }
  for (const StrategyInfo& info : castEngineStrategies()) {
    if (info.name == name) return &info;
  }
  for (const StrategyInfo& info : strategies3()) {
    if (info.name == name) return &info;
  }
  for (const StrategyInfo& info : penetrationStrategies3()) {
    if (info.name == name) return &info;
  }
  for (const StrategyInfo& info : ablations3()) {
    if (info.name == name) return &info;
  }
  if (name.starts_with("plugin:")) return plugin(name);
  for (const StrategyInfo& info : externalStrategies()) {
    if (info.name == name) return &info;
  }
  return nullptr;
}

std::vector<const StrategyInfo*> selectStrategies(std::string_view argument) {
  std::vector<const StrategyInfo*> selected;
  if (argument == "all") {
    for (const StrategyInfo& info : strategies()) {
      selected.push_back(&info);
    }
    return selected;
  }
  if (argument == "penetration") {
    for (const StrategyInfo& info : penetrationStrategies()) {
      selected.push_back(&info);
    }
    return selected;
  }
  if (argument == "cast") {
    for (const StrategyInfo& info : castStrategies()) selected.push_back(&info);
    for (const StrategyInfo& info : castEngineStrategies()) selected.push_back(&info);
    return selected;
  }
  if (argument == "3d") {
    for (const StrategyInfo& info : strategies3()) selected.push_back(&info);
    return selected;
  }
  const StrategyInfo* info = findStrategy(argument);
  if (info == nullptr) {
    throw std::invalid_argument("unknown strategy '" + std::string(argument) +
                                "' (gjkcheck strategies lists them; +local and +scaled combine with the float "
                                "core strategies)");
  }
  if (!info->install.empty()) {
    throw std::invalid_argument("strategy '" + info->name + "' is not installed: " + info->install);
  }
  selected.push_back(info);
  return selected;
}

}  // namespace gjk::check
