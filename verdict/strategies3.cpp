// The rows of the built-in 3D strategies (issue 23): the 3D ports of core/strategies/, run on 3D cases only; and
// the 3D penetration strategies (epa3).
// docs/strategies.md, "Three dimensions", gives each one's source, constants, deviations and stop rules.
#include "core/strategies/coal_gjk.h"
#include "core/strategies/epa3.h"
#include "core/strategies/jolt_gjk.h"
#include "core/strategies/opengjk.h"
#include "core/strategies/robust3.h"
#include "core/strategies/vdb3.h"
#include "verdict/query3.h"
#include "verdict/strategy.h"

namespace gjk::check {

namespace {

template <class Strategy, class T>
StrategyInfo row3(const char* name, const char* description, int maxIterations, ContactConvention contact) {
  StrategyInfo info;
  info.name = name;
  info.description = description;
  info.scalar = sizeof(T) == sizeof(float) ? "float" : "double";
  info.maxIterations = maxIterations;
  info.contact = contact;
  info.run = &runCoreStrategy3<Strategy, T>;
  info.query = QueryKind::Distance;
  info.dimension = 3;
  return info;
}

std::vector<StrategyInfo> makeStrategies3() {
  std::vector<StrategyInfo> rows;
  rows.push_back(row3<Vdb3, float>(
      "vdb3", "van den Bergen's GJK as SOLID 3.5.8 builds it: direction -v, Johnson's sub-algorithm on the "
      "tetrahedron, relative and absolute stops, float",
      Vdb3::MAX_ITERATIONS, ContactConvention::Merged));
  rows.push_back(row3<OpenGjk, double>(
      "opengjk", "signed-volumes GJK (Montanari et al. 2017) as openGJK v4.0.4 builds it, double",
      OpenGjkTolerances<double>::MAX_ITERATIONS, ContactConvention::OnShapes));
  rows.push_back(row3<OpenGjk, float>(
      "opengjk-f32", "openGJK v4.0.4 in its float build (SINGLE_PRECISION: USE_32BITS)",
      OpenGjkTolerances<float>::MAX_ITERATIONS, ContactConvention::OnShapes));
  rows.push_back(row3<JoltGjk, float>(
      "jolt-gjk", "Jolt Physics v5.5.0 GJKClosestPoint::GetClosestPoints as sCollideConvexVsConvex calls it, float",
      JoltGjkConstants<float>::MAX_SUPPORT_CALLS, ContactConvention::OnShapes));
  // coal v3.0.0's GJK as its distance query runs it (tol 1e-6, 128 passes, Default criterion); the
  // Nesterov variant's one fallback to plain GJK takes a support call no pass counts: cap 129.
  rows.push_back(row3<CoalGjkDefault, double>(
      "coal-gjk", "coal v3.0.0 GJK (DefaultGJK, Default criterion, tol 1e-6), swept-sphere radii, double", 128,
      ContactConvention::Merged));
  rows.push_back(row3<CoalGjkNesterov, double>(
      "coal-nesterov",
      "coal v3.0.0 GJK with NesterovAcceleration (Default criterion, tol 1e-6), swept-sphere radii, double", 129,
      ContactConvention::Merged));
  rows.push_back(row3<Robust3, float>(
      "robust3", "our own GJK in 3D: float placement, supports and answer (the simplex's closest point, the "
      "progress test and the final feature pair in double); power-of-two rescaling, exact region and containment "
      "signs, the answer from the closest pair of features",
      robust3::MAX_ITERATIONS, ContactConvention::OnShapes));
  return rows;
}

std::vector<StrategyInfo> makePenetrationStrategies3() {
  std::vector<StrategyInfo> rows;
  StrategyInfo epa3;
  epa3.name = "epa3";
  epa3.description = "our EPA in 3D (van den Bergen 2001) from vdb3's final simplex: tetrahedron blown up, "
                     "nearest-face expansion to no progress (8 FLT_EPSILON, relative), radii added, float";
  epa3.scalar = "float";
  epa3.maxIterations = Epa3Strategy::MAX_SUPPORT_CALLS;
  epa3.contact = ContactConvention::OnShapes;
  epa3.run = &runPenetrationStrategy3<Epa3Strategy, float>;
  epa3.query = QueryKind::Penetration;
  epa3.dimension = 3;
  rows.push_back(std::move(epa3));
  return rows;
}

// robust3's ablations, one ingredient off each (core/strategies/robust3.h, robust3::Ingredients): found by
// name, not run by `--strategy 3d` (as robust's ablations are not run by `all`).
std::vector<StrategyInfo> makeAblations3() {
  std::vector<StrategyInfo> rows;
  auto ablation = [&rows](const char* name, const char* description, StrategyInfo info) {
    info.name = name;
    info.description = description;
    rows.push_back(info);
  };
  using robust3::NoExactSigns;
  using robust3::NoFinalStep;
  using robust3::NoRelativeTolerances;
  using robust3::NoRescale;
  using robust3::NoSafeTriangle;
  const int cap = robust3::MAX_ITERATIONS;
  const ContactConvention on = ContactConvention::OnShapes;
  ablation("robust3-no-rescale", "robust3 without rescale: solved as placed, no window, no units of 2^k",
           row3<Robust3Of<NoRescale>, float>("", "", cap, on));
  ablation("robust3-no-exact-signs",
           "robust3 without exact signs: the region, containment and touching signs in plain float",
           row3<Robust3Of<NoExactSigns>, float>("", "", cap, on));
  ablation("robust3-no-relative-tol",
           "robust3 without the relative progress test: v.v - v.w <= 2^-23 absolute, in plain float",
           row3<Robust3Of<NoRelativeTolerances>, float>("", "", cap, on));
  ablation("robust3-no-final-step",
           "robust3 without the final step: the loop's own witness points (the final simplex's weights)",
           row3<Robust3Of<NoFinalStep>, float>("", "", cap, on));
  ablation("robust3-no-safe-triangle",
           "robust3 without the safe triangle: the simplex's closest point v in plain float, not double",
           row3<Robust3Of<NoSafeTriangle>, float>("", "", cap, on));
  return rows;
}

}  // namespace

const std::vector<StrategyInfo>& strategies3() {
  static const std::vector<StrategyInfo> rows = makeStrategies3();
  return rows;
}

const std::vector<StrategyInfo>& penetrationStrategies3() {
  static const std::vector<StrategyInfo> rows = makePenetrationStrategies3();
  return rows;
}

const std::vector<StrategyInfo>& ablations3() {
  static const std::vector<StrategyInfo> rows = makeAblations3();
  return rows;
}

}  // namespace gjk::check
