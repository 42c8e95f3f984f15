// `+scaled` (core/strategies/modifiers.h) on every float strategy: at 1e-30 and 1e30, where the plain
// float strategies underflow or overflow, and near 3e38, where the world coordinates themselves overflow
// float; and with A and B at different scales, so a wrong sign or exponent on either shape fails.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "verdict/exact_case.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"

namespace gjk::check {
namespace {

ShapeSpec shape(std::vector<Vertex> vertices, float px = 0, float py = 0) {
  ShapeSpec result;
  result.vertices = std::move(vertices);
  result.positionX = px;
  result.positionY = py;
  return result;
}

std::vector<const StrategyInfo*> scaledStrategies() {
  std::vector<const StrategyInfo*> scaled;
  for (const StrategyInfo& s : modifiedStrategies()) {
    if (s.name.size() > 7 && s.name.compare(s.name.size() - 7, 7, "+scaled") == 0) scaled.push_back(&s);
  }
  return scaled;
}

// Two triangles (3, 4) apart at unit size, then every coordinate times `scale` (a power of ten, rounded to
// float once per number): an ordinary case at any size.
Case scaledPair(float scale) {
  Case value;
  value.a = shape({{0, 0}, {1 * scale, 0}, {0, 1 * scale}});
  value.b = shape({{4 * scale, 4 * scale}, {5 * scale, 4 * scale}, {4 * scale, 5 * scale}});
  return value;
}

void expectOkForEveryScaledStrategy(const Case& value, const std::string& label) {
  const oracle::ExactAnswer exact = solveExactly(value);
  const std::vector<const StrategyInfo*> scaled = scaledStrategies();
  ASSERT_GE(scaled.size(), 6u);
  for (const StrategyInfo* strategy : scaled) {
    const StrategyResult result = strategy->run(value, {});
    const Verdict verdict = judge(value, exact, result, *strategy);
    EXPECT_EQ(reasonList(verdict), "ok") << label << ": " << strategy->name << " distance " << result.distance
                                         << " (exact " << oracle::distanceDecimal(exact, 8) << "), error "
                                         << verdict.distanceErrorU << " u";
  }
}

TEST(ScaledStrategies, AnswerAtTinyAndHugeScales) {
  expectOkForEveryScaledStrategy(scaledPair(1e-30f), "1e-30");
  expectOkForEveryScaledStrategy(scaledPair(1e30f), "1e30");
}

TEST(ScaledStrategies, AnswerWhereTheWorldCoordinatesOverflowFloat) {
  // Issue 10: A at (3e38, 0) with (0,0) (1e38,0) (0,1e37), B at the same position with (1.2e38,1e37)
  // (1.3e38,1e37) (1.2e38,2e37). Every world x is above FLT_MAX; the distance is sqrt(5) 1e37.
  Case value;
  value.a = shape({{0, 0}, {1e38f, 0}, {0, 1e37f}}, 3e38f, 0);
  value.b = shape({{1.2e38f, 1e37f}, {1.3e38f, 1e37f}, {1.2e38f, 2e37f}}, 3e38f, 0);
  expectOkForEveryScaledStrategy(value, "3e38");
  // Without the modifier perp cannot answer: its world vertices are inf.
  const StrategyInfo* perp = findStrategy("perp");
  ASSERT_NE(perp, nullptr);
  EXPECT_EQ(primaryKind(judge(value, solveExactly(value), perp->run(value, {}), *perp)), "non-finite");
}

TEST(ScaledStrategies, ShapesAtDifferentScalesAndPositions) {
  // A small triangle near a large one, placed by positions of opposite signs: the exponent must come from
  // the larger terms of either shape, and each shape's position must be scaled with its own sign.
  Case value;
  value.a = shape({{0, 0}, {0x1p-20f, 0}, {0, 0x1p-20f}}, -0x1p+40f, 3);
  value.b = shape({{0, 0}, {0x1p+20f, 0}, {0, 0x1p+20f}}, -0x1p+40f + 0x1p+21f, -5);
  expectOkForEveryScaledStrategy(value, "A small, B large");
  std::swap(value.a, value.b);
  expectOkForEveryScaledStrategy(value, "A large, B small");
}

}  // namespace
}  // namespace gjk::check
