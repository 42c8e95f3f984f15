// The stop rules of the four cast ports, each at its constant and just on the other side of it (the cast
// counterpart of vdb_stop_rule_boundaries_test.cpp). Unless said otherwise A is the point (0, 0) and B a
// point placed at (d, h) (both identity rotations, radius 0), so the support points never change and every
// quantity can be followed on paper; preconditions on float arithmetic are asserted before they are used.
//
// Constants (float): slop = 0.005f = 0x1.47ae14p-8, 0.01f = 2 slop = 0x1.47ae14p-7 (the doubling is exact),
// 0.0025f = slop / 2 and 0.00125f = slop / 4 (exact: same significand).
//
// Not tested, with the reason: the iteration cap of 20 of each loop. No run in 225,000 random casts per port
// (the bit-comparison drivers of docs/strategies.md, "Cast") nor in 200,000 grazing casts reached it, the
// caps are not parameters of the loops, and no hand case was found that needs 20 steps of either the plane
// clipping or the advancement.
#include <gtest/gtest.h>

#include "cast_test_shapes.h"

#include "core/strategies/box2d_v30_cast.h"
#include "core/strategies/box2d_v3_cast.h"
#include "core/strategies/gjk_raycast_cast.h"

namespace {

using namespace gjk;
using namespace gjk::test_support;

CastInput<float> pointToPoint(float d, float h, Vec2<float> translation) {
  return castInput(point(0, 0), point(0, 0), {d, h}, translation);
}

// ==========================================================================================================
// gjk-raycast-cast (Box2D 2.4.1 b2_distance.cpp). sigma = max(0.01f, 0.01f + 0.01f - 0.01f) = 0.01f for
// polygons, tolerance = 0.5f * 0.005f = 0.0025f = 0x1.47ae14p-9.

// initial-overlap, :645 `v.Length() - sigma > tolerance` false before any iteration, then :725 `iter == 0`.
// |v| = d exactly (sqrt of the rounded square of a float is that float). d0 = 0x1.999998p-7 is 1.25 0.01f
// rounded to even (1.25 0x1.47ae14 = 0x1.999999, a tie): d0 - 0.01f = 0x1.47ae10p-9 (exact, Sterbenz) <=
// 0.0025f: stops before the first iteration. The next float, 0x1.99999ap-7, gives 0x1.47ae18p-9 > 0.0025f:
// one step, the clip lambda = (d - sigma) / 1 leaves the shifted point exactly sigma away: a hit after 1
// iteration.
TEST(CastStopRules, raycastInitialOverlapAtSigmaPlusToleranceAndOneFloatAbove) {
  const float d0 = 0x1.999998p-7f;
  ASSERT_EQ(d0 - 0.01f, 0x1.47ae10p-9f);
  ASSERT_EQ(up(d0) - 0.01f, 0x1.47ae18p-9f);
  ASSERT_EQ(0.5f * 0.005f, 0x1.47ae14p-9f);

  CastOutput<float> at = castOf<GjkRaycastCastStrategy>(pointToPoint(d0, 0, {-1, 0}));
  EXPECT_FALSE(at.hit);
  EXPECT_EQ(at.stop, CastStop::InitialOverlap);
  EXPECT_EQ(at.iterations, 0);

  CastOutput<float> above = castOf<GjkRaycastCastStrategy>(pointToPoint(up(d0), 0, {-1, 0}));
  EXPECT_TRUE(above.hit);
  EXPECT_EQ(above.stop, CastStop::Hit);
  EXPECT_EQ(above.iterations, 1);
  EXPECT_EQ(above.fraction, 0x1.47ae18p-9f);
}

// hit, :645 the same test after a step. B at (1, h) moving by (-1, 0): the first clip, along the unit v of
// (-1, -h) with L = sqrt(1 + h^2), is lambda = L (L - sigma) / 1 (vp = L, vr = 1/L), leaving the shifted
// point w = (lambda - 1, -h) with lambda - 1 = L sigma - h^2 and |w|^2 = (L sigma - h^2)^2 + h^2.
//   h = 0.007: |w| ~ sqrt(0.009951^2 + 0.000049) = 0.012166, |w| - sigma = 0.00217 <= 0.0025: a hit after 1.
//   h = 0.008: |w| ~ sqrt(0.009936^2 + 0.000064) = 0.012756, |w| - sigma = 0.00276 > 0.0025: another step.
TEST(CastStopRules, raycastHitAfterAStepOnEitherSideOfTheTolerance) {
  CastOutput<float> inside = castOf<GjkRaycastCastStrategy>(pointToPoint(1, 0.007f, {-1, 0}));
  EXPECT_TRUE(inside.hit);
  EXPECT_EQ(inside.stop, CastStop::Hit);
  EXPECT_EQ(inside.iterations, 1);

  CastOutput<float> outside = castOf<GjkRaycastCastStrategy>(pointToPoint(1, 0.008f, {-1, 0}));
  EXPECT_TRUE(outside.hit);
  EXPECT_EQ(outside.stop, CastStop::Hit);
  EXPECT_GT(outside.iterations, 1);
}

// receding, :666 `vr <= 0.0f` at a clip. B at (1, 0): v = (-1, 0), vp - sigma = 0.99 > 0. Translation (0, 1):
// vr = -1 * 0 + 0 * 1 = 0: receding. Translation (-2^-20, 1): vr = 2^-20 > 0: not receding; lambda = 0.99
// 2^20 > 1 ends it as a miss instead.
TEST(CastStopRules, raycastRecedingAtZeroAndNotJustAbove) {
  CastOutput<float> zero = castOf<GjkRaycastCastStrategy>(pointToPoint(1, 0, {0, 1}));
  EXPECT_FALSE(zero.hit);
  EXPECT_EQ(zero.stop, CastStop::Receding);
  EXPECT_EQ(zero.iterations, 1);

  CastOutput<float> above = castOf<GjkRaycastCastStrategy>(pointToPoint(1, 0, {-0x1p-20f, 1}));
  EXPECT_FALSE(above.hit);
  EXPECT_EQ(above.stop, CastStop::Miss);
}

// miss, :672 `lambda > 1.0f`. B at (0.015f, 0) moving by (-s, 0): lambda = fl(x / s) with x = 0.015f - 0.01f
// (exact, Sterbenz). s = x: lambda = 1, not above 1; the shifted point is 0.015f - x = 0.01f = sigma away: a
// hit at fraction 1. s = the float below x: lambda > 1: a miss.
TEST(CastStopRules, raycastMissAboveOneAndHitAtOne) {
  const float x = 0.015f - 0.01f;
  ASSERT_EQ(0.015f - x, 0.01f);

  CastOutput<float> atOne = castOf<GjkRaycastCastStrategy>(pointToPoint(0.015f, 0, {-x, 0}));
  EXPECT_TRUE(atOne.hit);
  EXPECT_EQ(atOne.stop, CastStop::Hit);
  EXPECT_EQ(atOne.fraction, 1.0f);

  CastOutput<float> beyond = castOf<GjkRaycastCastStrategy>(pointToPoint(0.015f, 0, {-down(x), 0}));
  EXPECT_FALSE(beyond.hit);
  EXPECT_EQ(beyond.stop, CastStop::Miss);
  EXPECT_EQ(beyond.iterations, 1);
}

// containment, :712 `simplex.m_count == 3`: the deep overlap of cast_scenarios_test.cpp (box(1, 1) against B
// = box(1, 1) at (1.5, 0.5), derived there) ends with a triangle around the origin; the same boxes apart (B
// at (4, 0.5), gap 2) never hold the origin: the first step clips and the cast hits.
TEST(CastStopRules, raycastContainmentOnOverlapAndNotApart) {
  CastOutput<float> overlap =
      castOf<GjkRaycastCastStrategy>(castInput(box(1, 1), box(1, 1), {1.5f, 0.5f}, {-1, 0}));
  EXPECT_FALSE(overlap.hit);
  EXPECT_EQ(overlap.stop, CastStop::Containment);

  CastOutput<float> apart =
      castOf<GjkRaycastCastStrategy>(castInput(box(1, 1), box(1, 1), {4, 0.5f}, {-4, 0}));
  EXPECT_TRUE(apart.hit);
  EXPECT_EQ(apart.stop, CastStop::Hit);
}

// ==========================================================================================================
// box2d-v3.0-cast (v3.0.0 distance.c). sigma = max(0.005f, 0 - 0.005f) = 0.005f; the loop runs while
// b2Length(v) > sigma + 0.5f * slop = 1.5 0.005f = 0x1.eb851ep-8 (exact: 3 0x147ae14 / 2 = 0x1eb851e fits).

// initial-overlap (iter == 0), :674 and :757. d = 0x1.eb851ep-8: not above: no step. The next float: one
// step, a hit (clip lambda = d - sigma, exact by Sterbenz).
TEST(CastStopRules, v30InitialOverlapAtTheBandsUpperEndAndOneFloatAbove) {
  const float upper = 0x1.eb851ep-8f;
  ASSERT_EQ(0.005f + 0.5f * 0.005f, upper);

  CastOutput<float> at = castOf<Box2dV30CastStrategy>(pointToPoint(upper, 0, {-1, 0}));
  EXPECT_FALSE(at.hit);
  EXPECT_EQ(at.stop, CastStop::InitialOverlap);
  EXPECT_EQ(at.iterations, 0);

  CastOutput<float> above = castOf<Box2dV30CastStrategy>(pointToPoint(up(upper), 0, {-1, 0}));
  EXPECT_TRUE(above.hit);
  EXPECT_EQ(above.stop, CastStop::Hit);
  EXPECT_EQ(above.iterations, 1);
  EXPECT_EQ(above.fraction, up(upper) - 0.005f);
}

// initial-overlap (lambda == 0 after steps), :757. Box(1, 1) against B = box(1, 1) at (1.5, 0) moving away by
// (1, 0), in A's frame as in the world. By hand: A's support along -r is its vertex 0 (-1, -1), B's along r
// its vertex 1, at (2.5, -1): v0 = (-3.5, 0). Step 1: supports (1, -1) and (0.5, -1), p = (0.5, 0), vp -
// sigma = -0.5 - sigma < 0 = lambda vr: no clip. Step 2: p = (-3.5, 0): no clip; the segment (0.5, 0),
// (-3.5, 0) holds the origin: v = (0, 0), |v| = 0 stops the loop with lambda = 0. v3.0 calls that an initial
// overlap; 2.4.1, whose test is only iter == 0, reports a hit at fraction 0 with no normal.
TEST(CastStopRules, v30LambdaZeroAfterStepsIsInitialOverlapWhere241Hits) {
  CastInput<float> input = castInput(box(1, 1), box(1, 1), {1.5f, 0}, {1, 0});
  CastOutput<float> v30 = castOf<Box2dV30CastStrategy>(input);
  EXPECT_FALSE(v30.hit);
  EXPECT_EQ(v30.stop, CastStop::InitialOverlap);
  EXPECT_EQ(v30.iterations, 2);

  CastOutput<float> raycast = castOf<GjkRaycastCastStrategy>(input);
  EXPECT_TRUE(raycast.hit);
  EXPECT_EQ(raycast.stop, CastStop::Hit);
  EXPECT_EQ(raycast.fraction, 0.0f);
  EXPECT_EQ(raycast.iterations, 2);
  EXPECT_EQ(raycast.normal.x, 0.0f);
  EXPECT_EQ(raycast.normal.y, 0.0f);
}

// receding, :695 `vr <= 0.0f`, as for 2.4.1 (vr = 0 receding; 2^-20 a miss by lambda > maxFraction).
TEST(CastStopRules, v30RecedingAtZeroAndNotJustAbove) {
  CastOutput<float> zero = castOf<Box2dV30CastStrategy>(pointToPoint(1, 0, {0, 1}));
  EXPECT_FALSE(zero.hit);
  EXPECT_EQ(zero.stop, CastStop::Receding);
  CastOutput<float> above = castOf<Box2dV30CastStrategy>(pointToPoint(1, 0, {-0x1p-20f, 1}));
  EXPECT_FALSE(above.hit);
  EXPECT_EQ(above.stop, CastStop::Miss);
}

// miss, :702 `lambda > maxFraction`. B at (0.008f, 0) (above 0x1.eb851ep-8, so the loop runs) moving by (-s,
// 0): lambda = x / s with x = 0.008f - 0.005f exact (Sterbenz). s = x: lambda = 1 = maxFraction, not above: a
// hit at 1 (the shifted point is 0.005f = sigma away). s = the float below x: a miss. maxFraction = 0.5 with
// s = 2x: lambda = 0.5, not above: a hit at 0.5; with s = 2 down(x): a miss.
TEST(CastStopRules, v30MissAboveMaxFractionAndHitAtIt) {
  const float x = 0.008f - 0.005f;
  ASSERT_EQ(0.008f - x, 0.005f);

  CastOutput<float> atOne = castOf<Box2dV30CastStrategy>(pointToPoint(0.008f, 0, {-x, 0}));
  EXPECT_TRUE(atOne.hit);
  EXPECT_EQ(atOne.fraction, 1.0f);
  CastOutput<float> beyond = castOf<Box2dV30CastStrategy>(pointToPoint(0.008f, 0, {-down(x), 0}));
  EXPECT_FALSE(beyond.hit);
  EXPECT_EQ(beyond.stop, CastStop::Miss);

  CastInput<float> half = pointToPoint(0.008f, 0, {-2 * x, 0});
  half.maxFraction = 0.5f;
  CastOutput<float> atHalf = castOf<Box2dV30CastStrategy>(half);
  EXPECT_TRUE(atHalf.hit);
  EXPECT_EQ(atHalf.fraction, 0.5f);
  half.translationB = {-2 * down(x), 0};
  CastOutput<float> beyondHalf = castOf<Box2dV30CastStrategy>(half);
  EXPECT_FALSE(beyondHalf.hit);
  EXPECT_EQ(beyondHalf.stop, CastStop::Miss);
}

// containment, :743, as for 2.4.1 (same boxes, same steps in A's frame).
TEST(CastStopRules, v30ContainmentOnOverlapAndNotApart) {
  CastOutput<float> overlap =
      castOf<Box2dV30CastStrategy>(castInput(box(1, 1), box(1, 1), {1.5f, 0.5f}, {-1, 0}));
  EXPECT_FALSE(overlap.hit);
  EXPECT_EQ(overlap.stop, CastStop::Containment);
  CastOutput<float> apart = castOf<Box2dV30CastStrategy>(castInput(box(1, 1), box(1, 1), {4, 0.5f}, {-4, 0}));
  EXPECT_TRUE(apart.hit);
  EXPECT_EQ(apart.stop, CastStop::Hit);
}

// Upstream behaviour kept (:649): the translation is rotated by the relative rotation xf.q = A.q^T B.q, not
// into A's frame. B = box(1, 1) at (4, 0) turned by 90 degrees ((c, s) = (0, 1)), moving by (-4, 0) in the
// world: head on, a hit near t = 0.4975 for 2.4.1 (world frame). v3.0 casts along b2RotateVector((0, 1), (-4,
// 0)) = (0 (-4) - 1 0, 1 (-4) + 0 0) = (0, -4): straight down, past A: no hit.
TEST(CastStopRules, v30RotatesTheTranslationByTheRelativeRotation) {
  CastInput<float> input = castInput(box(1, 1), box(1, 1), {4, 0}, {-4, 0}, {0, 1});
  CastOutput<float> raycast = castOf<GjkRaycastCastStrategy>(input);
  EXPECT_TRUE(raycast.hit);
  EXPECT_NEAR(raycast.fraction, 0.4975f, 1e-6f);
  CastOutput<float> v30 = castOf<Box2dV30CastStrategy>(input);
  EXPECT_FALSE(v30.hit);
}

// ==========================================================================================================
// box2d-v3.1-cast and box2d-v3-cast (v3.1.1 distance.c:608-697, main :614-706). target = max(0.005f, 0 -
// 0.005f) = 0.005f for polygons, tolerance = 0.25f * 0.005f = 0.00125f; the hit test is distance < target +
// tolerance = fl(1.25 0.005f) = 0x1.999998p-8 (1.25 0x1.47ae14 = 0x1.999999, a tie, to even).

template <class Strategy>
void initialOverlapBelowTargetPlusToleranceAndNotAtIt() {
  const float bound = 0x1.999998p-8f;
  ASSERT_EQ(0.005f + 0.25f * 0.005f, bound);
  // v3.1.1 :641 `distance < target + tolerance` at iteration 0 (:643). The point-to-point distance is
  // b2Distance = sqrt(d d) = d.
  CastOutput<float> below = castOf<Strategy>(pointToPoint(down(bound), 0, {-1, 0}));
  EXPECT_TRUE(below.hit);
  EXPECT_EQ(below.stop, CastStop::InitialOverlap);
  EXPECT_EQ(below.fraction, 0.0f);
  EXPECT_EQ(below.iterations, 1);
  // At the bound: not below; one advance by (target - d) / (r.n) ~ d - 0.005f, then the distance ~ 0.005f <
  // bound.
  CastOutput<float> at = castOf<Strategy>(pointToPoint(bound, 0, {-1, 0}));
  EXPECT_TRUE(at.hit);
  EXPECT_EQ(at.stop, CastStop::Hit);
  EXPECT_EQ(at.iterations, 2);
  EXPECT_GT(at.fraction, 0.0f);
}
TEST(CastStopRules, v31InitialOverlapBelowTargetPlusToleranceAndNotAtIt) {
  initialOverlapBelowTargetPlusToleranceAndNotAtIt<Box2dV31CastStrategy>();
}
TEST(CastStopRules, mainInitialOverlapBelowTargetPlusToleranceAndNotAtIt) {
  initialOverlapBelowTargetPlusToleranceAndNotAtIt<Box2dV3CastStrategy>();
}

// canEncroach, :645 `input->canEncroach && distance > 2.0f * linearSlop` at iteration 0 (not a stop: it
// lowers the target to distance - slop and goes on). Points with radius 0.05f each: target = fl(0.1f -
// 0.005f) ~ 0.095, so every core distance below ~0.096 is initially within target + tolerance. d = 2 slop =
// 0.01f: not above: initial overlap. d = the float above: the target becomes d - slop and the cast advances
// by ~slop: a hit after one advance. Without canEncroach that same d is an initial overlap.
template <class Strategy>
void encroachAboveTwiceSlopAndNotAtIt() {
  ASSERT_EQ(2.0f * 0.005f, 0.01f);
  auto input = [](float d, bool encroach) {
    CastInput<float> in = castInput(point(0, 0, 0.05f), point(0, 0, 0.05f), {d, 0}, {-1, 0});
    in.canEncroach = encroach;
    return in;
  };
  CastOutput<float> at = castOf<Strategy>(input(0.01f, true));
  EXPECT_TRUE(at.hit);
  EXPECT_EQ(at.stop, CastStop::InitialOverlap);
  CastOutput<float> above = castOf<Strategy>(input(up(0.01f), true));
  EXPECT_TRUE(above.hit);
  EXPECT_EQ(above.stop, CastStop::Hit);
  EXPECT_EQ(above.iterations, 2);
  EXPECT_NEAR(above.fraction, 0.005f, 1e-6f);
  CastOutput<float> off = castOf<Strategy>(input(up(0.01f), false));
  EXPECT_EQ(off.stop, CastStop::InitialOverlap);
}
TEST(CastStopRules, v31EncroachAboveTwiceSlopAndNotAtIt) {
  encroachAboveTwiceSlopAndNotAtIt<Box2dV31CastStrategy>();
}
TEST(CastStopRules, mainEncroachAboveTwiceSlopAndNotAtIt) {
  encroachAboveTwiceSlopAndNotAtIt<Box2dV3CastStrategy>();
}

// hit, :641 at iteration > 0. B at (1, h) moving by (-1, 0): distance L = sqrt(1 + h^2), normal (1, h)/L, r.n
// = -1/L; the advance (target - L)/(-1/L) = L (L - target) puts B at x = 1 - L^2 + L target = L target - h^2,
// where the distance is sqrt((L target - h^2)^2 + h^2).
//   h = 0.003: sqrt(0.004991^2 + 0.000009) = 0.005823 < 0.00625: a hit after one advance (2 iterations).
//   h = 0.005: sqrt(0.004975^2 + 0.000025) = 0.007053 >= 0.00625: another advance.
template <class Strategy>
void hitAfterAnAdvanceOnEitherSideOfTheTolerance() {
  CastOutput<float> inside = castOf<Strategy>(pointToPoint(1, 0.003f, {-1, 0}));
  EXPECT_TRUE(inside.hit);
  EXPECT_EQ(inside.stop, CastStop::Hit);
  EXPECT_EQ(inside.iterations, 2);
  CastOutput<float> outside = castOf<Strategy>(pointToPoint(1, 0.005f, {-1, 0}));
  EXPECT_TRUE(outside.hit);
  EXPECT_EQ(outside.stop, CastStop::Hit);
  EXPECT_GT(outside.iterations, 2);
}
TEST(CastStopRules, v31HitAfterAnAdvanceOnEitherSideOfTheTolerance) {
  hitAfterAnAdvanceOnEitherSideOfTheTolerance<Box2dV31CastStrategy>();
}
TEST(CastStopRules, mainHitAfterAnAdvanceOnEitherSideOfTheTolerance) {
  hitAfterAnAdvanceOnEitherSideOfTheTolerance<Box2dV3CastStrategy>();
}

// receding, :678 `denominator >= 0.0f`. B at (1, 0): normal b2Normalize((1, 0)) = (1, 0). Translation (0, 1):
// r.n = 0 * 1 + 1 * 0 = 0: receding (the rule includes 0). (-2^-20, 1): r.n = -2^-20 < 0: an advance by
// (0.005 - 1)/(-2^-20) ~ 1e6 >= 1: a miss instead.
template <class Strategy>
void recedingAtZeroAndNotJustBelow() {
  CastOutput<float> zero = castOf<Strategy>(pointToPoint(1, 0, {0, 1}));
  EXPECT_FALSE(zero.hit);
  EXPECT_EQ(zero.stop, CastStop::Receding);
  EXPECT_EQ(zero.iterations, 1);
  CastOutput<float> below = castOf<Strategy>(pointToPoint(1, 0, {-0x1p-20f, 1}));
  EXPECT_FALSE(below.hit);
  EXPECT_EQ(below.stop, CastStop::Miss);
}
TEST(CastStopRules, v31RecedingAtZeroAndNotJustBelow) {
  recedingAtZeroAndNotJustBelow<Box2dV31CastStrategy>();
}
TEST(CastStopRules, mainRecedingAtZeroAndNotJustBelow) {
  recedingAtZeroAndNotJustBelow<Box2dV3CastStrategy>();
}

// miss, :686 `fraction >= input->maxFraction` (inclusive, where 2.4.1's `lambda > 1.0f` is not). B at (1, 0),
// normal (1, 0), moving by (-s, 0): fraction = fl(0.005f - 1) / (-s) = x / s with x = fl(1 - 0.005f) (the
// rounding of a - b and b - a is symmetric). s = x: fraction = 1: a miss at equality. s = the float above x:
// fraction < 1: B advances to 1 - fraction s ~ 0.005 away: a hit.
template <class Strategy>
void missAtMaxFractionAndHitJustBelow() {
  const float x = 1 - 0.005f;
  ASSERT_EQ(0.005f - 1, -x);
  CastOutput<float> atOne = castOf<Strategy>(pointToPoint(1, 0, {-x, 0}));
  EXPECT_FALSE(atOne.hit);
  EXPECT_EQ(atOne.stop, CastStop::Miss);
  EXPECT_EQ(atOne.iterations, 1);
  CastOutput<float> below = castOf<Strategy>(pointToPoint(1, 0, {-up(x), 0}));
  EXPECT_TRUE(below.hit);
  EXPECT_EQ(below.stop, CastStop::Hit);
  EXPECT_LT(below.fraction, 1.0f);
}
TEST(CastStopRules, v31MissAtMaxFractionAndHitJustBelow) {
  missAtMaxFractionAndHitJustBelow<Box2dV31CastStrategy>();
}
TEST(CastStopRules, mainMissAtMaxFractionAndHitJustBelow) {
  missAtMaxFractionAndHitJustBelow<Box2dV3CastStrategy>();
}

}  // namespace
