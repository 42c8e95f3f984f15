// The penetration claims (verdict/penetration_claims.h) on test doubles for two unit squares: a strategy
// that answers the right depth along (1, 0) whichever shape is A (so it is not symmetric), one whose normal
// is (2, 0), and one that reports a positive depth on touching squares.
#include "verdict/penetration_claims.h"

#include <gtest/gtest.h>

#include <cmath>

namespace gjk::check {
namespace {

ShapeSpec square(float px) {
  ShapeSpec shape;
  shape.vertices = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  shape.positionX = px;
  return shape;
}

Case squares(float bx) {
  Case value;
  value.a = square(0);
  value.b = square(bx);
  return value;
}

// Depth 1 - |b.x - a.x| (squares side by side), normal (nx, 0).
StrategyResult answerAlong(const Case& value, double nx) {
  StrategyResult result;
  result.penetration.answered = true;
  result.penetration.overlapping = true;
  result.penetration.depth = 1 - std::fabs(double(value.b.positionX) - value.a.positionX);
  result.penetration.normal = {nx, 0};
  return result;
}
StrategyResult alwaysPlusX(const Case& value, const RunOptions&) {
  return answerAlong(value, 1);
}
StrategyResult doubleLength(const Case& value, const RunOptions&) {
  return answerAlong(value, 2);
}
StrategyResult towardsB(const Case& value, const RunOptions&) {
  return answerAlong(value, value.b.positionX >= value.a.positionX ? 1 : -1);
}

StrategyInfo strategy(RunFunction run) {
  StrategyInfo info;
  info.name = "by-hand";
  info.query = QueryKind::Penetration;
  info.run = run;
  return info;
}

std::string check(const char* property, RunFunction run, const Case& value) {
  CaseContext context(value);
  return strategyProperty(property).check(strategy(run), context);
}

TEST(PenetrationClaims, areListedAfterTheDistanceClaimsAndApplyOnlyToPenetrationStrategies) {
  EXPECT_EQ(strategyProperty("penetrationNormalHasUnitLength").name, "penetrationNormalHasUnitLength");
  StrategyInfo distance;
  EXPECT_NE(strategyProperty("penetrationNormalHasUnitLength").notApplicable(distance), "");
  EXPECT_EQ(strategyProperty("penetrationNormalHasUnitLength").notApplicable(strategy(towardsB)), "");
  EXPECT_NE(strategyProperty("reportsTheOracleDistanceWithinT").notApplicable(strategy(towardsB)), "");
}

TEST(PenetrationClaims, swappingNeedsTheNormalFlipped) {
  EXPECT_EQ(check("penetrationIsSymmetricWhenAAndBAreSwapped", towardsB, squares(0.75f)), "");
  EXPECT_NE(check("penetrationIsSymmetricWhenAAndBAreSwapped", alwaysPlusX, squares(0.75f)), "");
}

TEST(PenetrationClaims, translationNormalLengthAndTouching) {
  EXPECT_EQ(check("penetrationIgnoresAnExactTranslation", towardsB, squares(0.75f)), "");
  EXPECT_EQ(check("penetrationNormalHasUnitLength", towardsB, squares(0.75f)), "");
  EXPECT_NE(check("penetrationNormalHasUnitLength", doubleLength, squares(0.75f)), "");
  EXPECT_EQ(check("penetrationDepthIsZeroOnTouching", towardsB, squares(1)), "");  // depth 1 - 1 = 0
  Case touching = squares(1);
  touching.b.positionX = 1;
  CaseContext context(touching);
  StrategyInfo positive = strategy([](const Case& value, const RunOptions&) {
    StrategyResult r = answerAlong(value, 1);
    r.penetration.depth = 0x1p-20;
    return r;
  });
  EXPECT_NE(strategyProperty("penetrationDepthIsZeroOnTouching").check(positive, context), "");
}

}  // namespace
}  // namespace gjk::check
