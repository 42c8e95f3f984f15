// The cast verdict (verdict/cast_verdict.h) on answers written by hand. A and B are squares [-1, 1]^2; B starts
// at (4, 0) and moves by r = (-4, 0), so the core gap is g(t) = 2 - 4t until the cores touch at t*(0) = 1/2.
// The strategy declares the band [0.005, 0.0075] (Box2D-like): t*(0.0075) = 0.498125, t*(0.005) = 0.49875.
// S = 5 (B's vertex 1 + 4) plus |r.x| + |r.y| = 4, so u = 9 2^-24 and T u = 576 2^-24 ~ 3.4e-5; |r| = 4, so a
// fraction error of δ is 4δ of travel. Each primary kind in its order, and right answers judged ok.
#include "verdict/cast_verdict.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace gjk::check {
namespace {

ShapeSpec square(float px, float py) {
  ShapeSpec result;
  result.vertices = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  result.positionX = px;
  result.positionY = py;
  return result;
}

Case headOn(float bx = 4, float rx = -4) {
  Case value;
  value.a = square(0, 0);
  value.b = square(bx, 0);
  value.hasTranslation = true;
  value.translationX = rx;
  value.translationY = 0;
  return value;
}

CastBand byHandBand(double, double) { return {0.005, 0.0075}; }

StrategyInfo castStrategy(CastInitialOverlap initial = CastInitialOverlap::Hit) {
  StrategyInfo info;
  info.name = "by-hand";
  info.scalar = "float";
  info.query = QueryKind::Cast;
  info.castBand = &byHandBand;
  info.castInitialOverlap = initial;
  return info;
}

StrategyResult hit(double fraction, Point normal = {1, 0}, Point point = {1, 0}) {
  StrategyResult result;
  result.cast.answered = true;
  result.cast.hit = true;
  result.cast.fraction = fraction;
  result.cast.normal = normal;
  result.cast.point = point;
  return result;
}

StrategyResult miss() {
  StrategyResult result;
  result.cast.answered = true;
  return result;
}

std::string primary(const Case& value, const StrategyResult& result, const StrategyInfo& strategy = castStrategy()) {
  return primaryCastKind(judgeCast(CastCase(value), result, strategy));
}

TEST(CastVerdict, aHitInsideTheBandIsOk) {
  // f = 0.4985: g = 0.006, inside [0.005, 0.0075]; the normal (1, 0) and the point (1, 0) on A's face.
  const CastVerdict verdict = judgeCast(CastCase(headOn()), hit(0.4985), castStrategy());
  EXPECT_FALSE(verdict.violation) << primaryCastKind(verdict);
  EXPECT_EQ(verdict.fractionErrorU, 0);
  EXPECT_EQ(verdict.gapErrorU, 0);
  EXPECT_LT(verdict.normalAngle, 1e-12);
  EXPECT_LT(verdict.pointErrorU, 1);
  // A point anywhere on the facing segment x = 1, |y| <= 1 is a closest point: still ok.
  EXPECT_EQ(primary(headOn(), hit(0.4985, {1, 0}, {1, 0.75})), "ok");
  // So is a point on B's face (x = 1.006 at that pose).
  EXPECT_EQ(primary(headOn(), hit(0.4985, {1, 0}, {1.006, -0.5})), "ok");
}

TEST(CastVerdict, aMissWhereTheGapReachesTheBandIsAMissedHit) {
  EXPECT_EQ(primary(headOn(), miss()), "missed-hit");
  // Receding (r = (+4, 0)): no contact, so a miss is right and a hit is false.
  EXPECT_EQ(primary(headOn(4, 4), miss()), "ok");
  EXPECT_EQ(primary(headOn(4, 4), hit(0.5)), "false-hit");
  // B stops short: r = (-1.99, 0) brings the gap to 0.01 > 0.0075 + T u only; a miss is right, a hit false.
  EXPECT_EQ(primary(headOn(4, -1.99f), miss()), "ok");
  EXPECT_EQ(primary(headOn(4, -1.99f), hit(1)), "false-hit");
  // r = (-1.994, 0) ends with the gap at 0.006, inside the band but above its floor 0.005: a hit at t = 1 and a
  // miss are both answers (a strategy promises a hit only once the gap reaches its aim, the floor or above).
  EXPECT_EQ(primary(headOn(4, -1.994f), miss()), "ok");
  EXPECT_EQ(primary(headOn(4, -1.994f), hit(1)), "ok");
  // r = (-1.996, 0) ends at 0.004, below the floor by 0.001 (about 29 T u): a miss is a tunnel.
  EXPECT_EQ(primary(headOn(4, -1.996f), miss()), "missed-hit");
}

TEST(CastVerdict, aHitPastTheBandIsLateAndOneBeforeItEarly) {
  // f = 0.499: g = 0.004 < 0.005 - T u: late. f = 0.6: the cores overlap (g = 0): late.
  EXPECT_EQ(primary(headOn(), hit(0.499)), "late");
  EXPECT_EQ(primary(headOn(), hit(0.6)), "late");
  // f = 0.49: g = 0.04, before t*(0.0075) = 0.498125 by 0.0325 of travel: early.
  EXPECT_EQ(primary(headOn(), hit(0.49)), "early");
  // Within T u of the band: ok (0.498125 - 2^-20 leaves a gap 4 2^-20 ~ 3.8e-6 above 0.0075, below T u).
  EXPECT_EQ(primary(headOn(), hit(0.498125 - 0x1p-20)), "ok");
  // Early is judged after the gap's tolerance: 0.4981 leaves g = 0.0076, 1e-4 above the band (about 3 T u), and
  // lies 4 (0.498125 - T u / 4 - 0.4981) ~ 6.6e-5 of travel, about 2 T u, before t*(hi + T u): early.
  EXPECT_EQ(primary(headOn(), hit(0.4981)), "early");
  EXPECT_EQ(primary(headOn(), hit(0.49875 + 0x1p-20)), "ok");
}

TEST(CastVerdict, aWrongNormalOrPointIsChargedAtTheReportedPose) {
  EXPECT_EQ(primary(headOn(), hit(0.4985, {0, 1})), "normal-error");
  EXPECT_EQ(primary(headOn(), hit(0.4985, {0, 0})), "normal-error");
  // The allowance at g = 0.006 is 2^-10 + asin(T u / 0.006) ~ 9.8e-4 + 5.7e-3 ~ 6.7e-3 rad: 0.005 is inside it,
  // 0.01 outside.
  EXPECT_EQ(primary(headOn(), hit(0.4985, {std::cos(0.005), std::sin(0.005)})), "ok");
  EXPECT_EQ(primary(headOn(), hit(0.4985, {std::cos(0.01), std::sin(0.01)})), "normal-error");
  // A point off the contact: A's centre (0, 0) is 0 from A and 1.006 from B at that pose, where the gap is
  // 0.006: an excess of 1 (about 1.9e6 u).
  EXPECT_EQ(primary(headOn(), hit(0.4985, {1, 0}, {0, 0})), "point-error");
  EXPECT_EQ(primary(headOn(), hit(0.4985, {1, 0}, {1, 3})), "point-error");
}

TEST(CastVerdict, aNonFiniteHitIsNonFinite) {
  EXPECT_EQ(primary(headOn(), hit(std::nan(""))), "non-finite");
  EXPECT_EQ(primary(headOn(), hit(0.4985, {INFINITY, 0})), "non-finite");
}

TEST(CastVerdict, anInitialOverlapFollowsTheStrategysDocumentedAnswer) {
  // B at (1.5, 0): the cores overlap at t = 0.
  const Case overlapping = headOn(1.5f, -1);
  EXPECT_EQ(primary(overlapping, hit(0, {0, 0}, {1.25, 0})), "ok");
  EXPECT_EQ(primary(overlapping, miss(), castStrategy(CastInitialOverlap::Hit)), "missed-hit");
  EXPECT_EQ(primary(overlapping, miss(), castStrategy(CastInitialOverlap::Miss)), "ok");
  // The documented miss covers only an initial overlap: on the head-on case it is a tunnel for both.
  EXPECT_EQ(primary(headOn(), miss(), castStrategy(CastInitialOverlap::Miss)), "missed-hit");
}

TEST(CastVerdict, aMissWhenSeparatingIsDocumentedOnlyWhereBMovesAway) {
  // B at (1.5, 0) overlaps A by 0.5; the minimal penetration normal is (1, 0) (from A towards B).
  const StrategyInfo separating = castStrategy(CastInitialOverlap::MissWhenSeparating);
  EXPECT_EQ(primary(headOn(1.5f, 1), miss(), separating), "ok");            // B moves out along the normal
  EXPECT_EQ(primary(headOn(1.5f, -1), miss(), separating), "missed-hit");   // B moves in: still a tunnel
  // B straight above A's centre line, moving sideways: n . r = 0 counts as moving away (parry's rule,
  // normal_vel >= 0).
  Case sideways = headOn(1.5f, 0);
  sideways.translationY = 1;
  EXPECT_EQ(primary(sideways, miss(), separating), "ok");
  // Away from the start it is no excuse: the head-on case is a tunnel.
  EXPECT_EQ(primary(headOn(), miss(), separating), "missed-hit");
}

TEST(CastVerdict, atAnOverlappingStartThePointIsOwedOnlyBeyondTheDepth) {
  // B at (1.5, 0) spans x in [0.5, 2.5]: the depth is 0.5. A point of the overlap, (1, 0.5), is 0 from both;
  // (1.45, 0), inside B, is 0.45 from A: within the depth, a witness-like answer; (1.7, 0), inside B, is 0.7
  // from A: 0.2 beyond the depth.
  const Case overlapping = headOn(1.5f, -1);
  EXPECT_EQ(primary(overlapping, hit(0, {1, 0}, {1, 0.5})), "ok");
  EXPECT_EQ(primary(overlapping, hit(0, {1, 0}, {1.45, 0})), "ok");   // 0.45 from A, 0 from B: within 0.5
  EXPECT_EQ(primary(overlapping, hit(0, {1, 0}, {1.7, 0})), "point-error");  // 0.7 from A, 0 from B
}

TEST(CastVerdict, engineFailuresAreTheirOwnKindsAndARefusalIsNone) {
  StrategyResult crashed;
  crashed.failure = EngineFailure::Crash;
  EXPECT_EQ(primary(headOn(), crashed), "crash");
  StrategyResult refused;
  refused.failure = EngineFailure::Refused;
  const CastVerdict verdict = judgeCast(CastCase(headOn()), refused, castStrategy());
  EXPECT_TRUE(verdict.judged);
  EXPECT_FALSE(verdict.violation);
}

TEST(CastVerdict, theExactTimesAreTheHandComputedOnes) {
  const CastCase exact(headOn());
  const CastBandTimes& times = exact.times({0.005, 0.0075});
  EXPECT_EQ(oracle::compareQuadratic(exact.touching().fraction, oracle::Rational(1, 2)), 0);  // rA + rB = 0
  // 0.0075 and 0.005 are doubles: t* = (2 - τ) / 4 exactly for those doubles.
  EXPECT_EQ(oracle::compareQuadratic(times.upper.fraction, (2 - oracle::exactDouble(0.0075)) / 4), 0);
  EXPECT_EQ(oracle::compareQuadratic(times.lower.fraction, (2 - oracle::exactDouble(0.005)) / 4), 0);
  EXPECT_TRUE(times.missTarget.hit);
  EXPECT_TRUE(times.falseTarget.hit);
}

}  // namespace
}  // namespace gjk::check
