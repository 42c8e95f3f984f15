// The rows of the built-in 3D strategies (issue 23): the 3D ports of core/strategies/, run on 3D cases only.
// docs/strategies.md, "Three dimensions", gives each one's source, constants, deviations and stop rules.
#include "core/strategies/jolt_gjk.h"
#include "core/strategies/opengjk.h"
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
  rows.push_back(row3<OpenGjk, double>("opengjk", "openGJK v4.0.4's signed-volumes GJK, double", 25,
                                       ContactConvention::OnShapes));
  rows.push_back(row3<OpenGjk, float>("opengjk-f32", "openGJK v4.0.4's signed-volumes GJK, float (USE_32BITS)", 25,
                                      ContactConvention::OnShapes));
  rows.push_back(row3<JoltGjk, float>("jolt-gjk", "Jolt Physics v5.5.0 GJKClosestPoint, float", 1024,
                                      ContactConvention::OnShapes));
  return rows;
}

}  // namespace

const std::vector<StrategyInfo>& strategies3() {
  static const std::vector<StrategyInfo> rows = makeStrategies3();
  return rows;
}

}  // namespace gjk::check
