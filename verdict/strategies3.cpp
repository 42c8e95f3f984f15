// The rows of the built-in 3D strategies (issue 23): the 3D ports of core/strategies/, run on 3D cases only.
// docs/strategies.md, "Three dimensions", gives each one's source, constants, deviations and stop rules.
#include "core/strategies/coal_gjk.h"
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
  // coal v3.0.0's GJK as its distance query runs it (tol 1e-6, 128 passes, Default criterion); the
  // Nesterov variant's one fallback to plain GJK takes a support call no pass counts: cap 129.
  rows.push_back(row3<CoalGjkDefault, double>(
      "coal-gjk", "coal v3.0.0 GJK (DefaultGJK, Default criterion, tol 1e-6), swept-sphere radii, double", 128,
      ContactConvention::Merged));
  rows.push_back(row3<CoalGjkNesterov, double>(
      "coal-nesterov",
      "coal v3.0.0 GJK with NesterovAcceleration (Default criterion, tol 1e-6), swept-sphere radii, double", 129,
      ContactConvention::Merged));
  return rows;
}

}  // namespace

const std::vector<StrategyInfo>& strategies3() {
  static const std::vector<StrategyInfo> rows = makeStrategies3();
  return rows;
}

}  // namespace gjk::check
