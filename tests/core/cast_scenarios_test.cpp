// Hand-derived cast cases for the four Box2D cast ports (core/strategies/gjk_raycast_cast.h,
// box2d_v30_cast.h, box2d_v3_cast.h): each reported fraction is checked against the exact interval of t where
// the exact core gap lies in the port's declared band (docs/strategies.md, "Cast"). In every case below the
// exact core gap g(t) is an affine function of t whose value at a float t is computed exactly in double, so
// "fraction in the interval" is tested as "g(fraction) in the band", with no rounding in the test.
//
// What the cases show: every port aims exactly at the band's lower edge (the ray cast's clip plane is sigma
// away, the advancement's step lands on target), so the one rounding of the step (fl(vp - sigma) or fl(target
// - d), and the quotient) lands on either side of it: in the head-on and long cases below all four land late,
// the exact gap at the reported fraction below the band by less than the rounding bound derived in each case
// (2^-24 head on, 6.1e-5 at distance 1000). So each check is the exact band widened by that bound, and the
// late side is asserted where it was measured, as a fact about these ports (the verdict allows T u for it).
//
// The bands, from the sources (slop = 0.005f, polygon radius 0.01f = 2 slop; all four are float constants):
//   gjk-raycast-cast (2.4.1): [sigma, sigma + 0.0025f],
//                              sigma = max(0.01f, max(rA, 0.01f) + max(rB, 0.01f) - 0.01f)
//   box2d-v3.0-cast:          [sigma, fl(sigma + 0.0025f)], sigma = max(0.005f, rA + rB - 0.005f)
//   box2d-v3.1-cast, -v3-cast: [target, target + 0.00125f), target = max(0.005f, rA + rB - 0.005f)
// For polygons (rA = rB = 0): 2.4.1 [0.01f, 0.01f + 0.0025f], v3.0 [0.005f, 0.0075f] (1.5 0.005f is exact),
// v3.1 and main [0.005f, 0.005f + 0.00125f).
#include <gtest/gtest.h>

#include "cast_test_shapes.h"

#include "core/strategies/box2d_v30_cast.h"
#include "core/strategies/box2d_v3_cast.h"
#include "core/strategies/gjk_raycast_cast.h"

namespace {

using namespace gjk;
using namespace gjk::test_support;

struct Band {
  double lower;
  double upper;
  bool upperOpen;  // v3.1 and main hit on distance < target + tolerance
};

const float SLOP = 0.005f;
const float POLYGON_RADIUS = 0.01f;

Band raycastBand(float rA, float rB) {
  float radius = std::max(rA, POLYGON_RADIUS) + std::max(rB, POLYGON_RADIUS);
  float sigma = std::max(POLYGON_RADIUS, radius - POLYGON_RADIUS);
  return {sigma, double(sigma) + double(0.5f * SLOP), false};
}
Band v30Band(float rA, float rB) {
  float sigma = std::max(SLOP, rA + rB - SLOP);
  return {sigma, sigma + 0.5f * SLOP, false};
}
Band v3Band(float rA, float rB) {
  float target = std::max(SLOP, rA + rB - SLOP);
  return {target, double(target) + double(0.25f * SLOP), true};
}

// The exact band widened by `rounding`, the bound on the error of the port's float step derived in each case.
void expectGapInBand(double gap, const Band& band, double rounding) {
  EXPECT_GE(gap, band.lower - rounding);
  if (band.upperOpen) {
    EXPECT_LT(gap, band.upper + rounding);
  } else {
    EXPECT_LE(gap, band.upper + rounding);
  }
}

// ----------------------------------------------------------------------------------------------------------
// Box against box head-on: A = B = box(1, 1), B at (4, 0) moving by (-4, 0): g(t) = 2 - 4t (face to face).
// Exact intervals: 2.4.1 t in [(2 - 0.0125f')/4, (2 - 0.01f)/4] ~ [0.496875, 0.4975]; v3.0 [(2 - 0.0075f)/4,
// (2 - 0.005f)/4] ~ [0.498125, 0.49875]; v3.1/main ((2 - 0.00625f')/4, (2 - 0.005f)/4] ~ (0.4984375,
// 0.49875]. Each port needs one step: the first support pair is already the closest pair of faces (normal (1,
// 0)), so the ray cast clips once, lambda = fl(2 - sigma)/4, and the conservative advancement advances once
// to fl(target - 2)/(-4) and then finds distance ~ target. Rounding: fl(2 - x) is within 2^-24 (half an ulp
// in [1, 2)), the division by 4 is exact: g(fraction) = 2 - 4 fraction is within 2^-24 of the lower edge.
// Measured: 2 - 0.01f = 0x1.fd70a3d8p+0 rounds up to 0x1.fd70a4p+0 and 2 - 0.005f likewise up to
// 0x1.feb852p+0: all four land late, by under 2^-24.
TEST(CastScenarios, boxAgainstBoxHeadOnLandsInEachBand) {
  CastInput<float> input = castInput(box(1, 1), box(1, 1), {4, 0}, {-4, 0});
  auto gap = [](float t) { return 2.0 - 4.0 * double(t); };
  const double rounding = 0x1p-24;

  CastOutput<float> raycast = castOf<GjkRaycastCastStrategy>(input);
  ASSERT_TRUE(raycast.hit);
  EXPECT_EQ(raycast.stop, CastStop::Hit);
  EXPECT_EQ(raycast.iterations, 1);
  expectGapInBand(gap(raycast.fraction), raycastBand(0, 0), rounding);
  EXPECT_LT(gap(raycast.fraction), raycastBand(0, 0).lower);  // late by rounding, as derived above
  EXPECT_EQ(raycast.normal.y, 0.0f);
  EXPECT_NEAR(raycast.normal.x, 1.0f, 1e-6f);
  // The point is A's face point moved out by the clamped radius 0.01f: (1.01, y) with y on the shared face.
  EXPECT_NEAR(raycast.point.x, 1.01f, 1e-6f);

  CastOutput<float> v30 = castOf<Box2dV30CastStrategy>(input);
  ASSERT_TRUE(v30.hit);
  EXPECT_EQ(v30.stop, CastStop::Hit);
  EXPECT_EQ(v30.iterations, 1);
  expectGapInBand(gap(v30.fraction), v30Band(0, 0), rounding);
  EXPECT_LT(gap(v30.fraction), v30Band(0, 0).lower);
  EXPECT_NEAR(v30.point.x, 1.0f, 1e-6f);  // A's face, radius 0

  for (CastOutput<float> v3 : {castOf<Box2dV31CastStrategy>(input), castOf<Box2dV3CastStrategy>(input)}) {
    ASSERT_TRUE(v3.hit);
    EXPECT_EQ(v3.stop, CastStop::Hit);
    EXPECT_EQ(v3.iterations, 2);  // one advance, then the hit test
    expectGapInBand(gap(v3.fraction), v3Band(0, 0), rounding);
    EXPECT_LT(gap(v3.fraction), v3Band(0, 0).lower);
    EXPECT_EQ(v3.normal.x, 1.0f);
    EXPECT_EQ(v3.normal.y, 0.0f);
    EXPECT_EQ(v3.point.x, 1.0f);  // A's face point, radius 0
  }
}

// Disk against box: A = box(1, 1), B = a disk of radius 0.5 at (3, 0) moving by (-3, 0). Core gap g(t) = 2 -
// 3t (B's centre against A's face); the rounded shapes touch at g = 0.5, t = 0.5. 2.4.1: sigma = fl(fl(0.01f
// + 0.5f) - 0.01f) ~ 0.5, t in [(2 - sigma - 0.0025)/3, (2 - sigma)/3] ~ [0.49917, 0.5]: it stops at or
// before touching. v3: target = fl(0.5f - 0.005f) ~ 0.495, t ~ (0.50125, 0.501667]: the rounded shapes
// overlap by up to slop at the hit, by design. Rounding: fl(2 - x) within 2^-24, then the quotient by 3
// within half an ulp of t in [0.25, 0.5) (2^-26), times 3 in the gap: within 2^-24 + 3 2^-26 < 2^-22.
TEST(CastScenarios, diskAgainstBoxLandsInEachBand) {
  CastInput<float> input = castInput(box(1, 1), point(0, 0, 0.5f), {3, 0}, {-3, 0});
  auto gap = [](float t) { return 2.0 - 3.0 * double(t); };
  const double rounding = 0x1p-22;

  CastOutput<float> raycast = castOf<GjkRaycastCastStrategy>(input);
  ASSERT_TRUE(raycast.hit);
  expectGapInBand(gap(raycast.fraction), raycastBand(0, 0.5f), rounding);
  EXPECT_LE(raycast.fraction, 0.5f);

  CastOutput<float> v30 = castOf<Box2dV30CastStrategy>(input);
  ASSERT_TRUE(v30.hit);
  expectGapInBand(gap(v30.fraction), v30Band(0, 0.5f), rounding);

  for (CastOutput<float> v3 : {castOf<Box2dV31CastStrategy>(input), castOf<Box2dV3CastStrategy>(input)}) {
    ASSERT_TRUE(v3.hit);
    expectGapInBand(gap(v3.fraction), v3Band(0, 0.5f), rounding);
    EXPECT_GT(v3.fraction, 0.5f);
    EXPECT_NEAR(v3.normal.x, 1.0f, 0x1p-23f);  // b2Normalize of the point-to-face direction
    EXPECT_EQ(v3.normal.y, 0.0f);
  }
}

// Miss: B = box(1, 1) at (4, 3) moving by (-8, 0) passes above A with a y gap of 1 (g(t) >= 1 for all t).
// 2.4.1 by hand (world = A's frame): v0 = (1, -1) - (3, 2) = (-2, -3); step 1 clips at lambda ~ 0.435 on the
// corner pair (1, 1), (3, 2); step 2 adds (-1, 1) - (5 - 8 lambda, 2), the segment's closest point is (0,
// -1); step 3's support pair gives p = (-2, -1), v = (0, -1), vp - sigma = 0.99 > lambda vr = 0 with vr = 0:
// receding, 3 iterations. v3.0 follows the same steps (sigma 0.005). v3.1/main: distance sqrt(5) along
// (2, 1)/sqrt(5), advance to t ~ 0.312, where B's bottom face is over A's top face: normal (0, 1), r.n = 0:
// receding, 2 iterations.
TEST(CastScenarios, passingAboveIsAMissByReceding) {
  CastInput<float> input = castInput(box(1, 1), box(1, 1), {4, 3}, {-8, 0});
  CastOutput<float> raycast = castOf<GjkRaycastCastStrategy>(input);
  EXPECT_FALSE(raycast.hit);
  EXPECT_EQ(raycast.stop, CastStop::Receding);
  EXPECT_EQ(raycast.iterations, 3);
  CastOutput<float> v30 = castOf<Box2dV30CastStrategy>(input);
  EXPECT_FALSE(v30.hit);
  EXPECT_EQ(v30.stop, CastStop::Receding);
  EXPECT_EQ(v30.iterations, 3);
  for (CastOutput<float> v3 : {castOf<Box2dV31CastStrategy>(input), castOf<Box2dV3CastStrategy>(input)}) {
    EXPECT_FALSE(v3.hit);
    EXPECT_EQ(v3.stop, CastStop::Receding);
    EXPECT_EQ(v3.iterations, 2);
  }
}

// Receding: B at (4, 0) moving away by (4, 0). 2.4.1/v3.0: the first clip test has vp - sigma = 1.99 > 0 and
// vr = v.r = -4 <= 0: receding after 1 iteration. v3.1/main: distance 2, normal (1, 0), r.n = 4 >= 0.
TEST(CastScenarios, movingAwayIsReceding) {
  CastInput<float> input = castInput(box(1, 1), box(1, 1), {4, 0}, {4, 0});
  for (CastOutput<float> out : {castOf<GjkRaycastCastStrategy>(input), castOf<Box2dV30CastStrategy>(input),
                                castOf<Box2dV31CastStrategy>(input), castOf<Box2dV3CastStrategy>(input)}) {
    EXPECT_FALSE(out.hit);
    EXPECT_EQ(out.stop, CastStop::Receding);
    EXPECT_EQ(out.iterations, 1);
  }
}

// Initially within the band: B at (2.005, 0) (core gap 0.005f-ish, below every band's upper end) moving by
// (-1, 0). 2.4.1: the first support pair is (1, -1), (1.005, -1): |v| - 0.01 <= 0.0025, iter = 0: initial
// overlap, no hit (b2ShapeCast returns false). v3.0: |v| <= 0.0075, iter = 0: likewise. v3.1/main: distance <
// 0.00625 at iteration 0: a hit at fraction 0 with a zero normal, the point halfway between the surfaces.
TEST(CastScenarios, initiallyWithinTheBandIsAnInitialOverlap) {
  CastInput<float> input = castInput(box(1, 1), box(1, 1), {2.005f, 0}, {-1, 0});
  for (CastOutput<float> out : {castOf<GjkRaycastCastStrategy>(input), castOf<Box2dV30CastStrategy>(input)}) {
    EXPECT_FALSE(out.hit);
    EXPECT_EQ(out.stop, CastStop::InitialOverlap);
    EXPECT_EQ(out.iterations, 0);
  }
  for (CastOutput<float> v3 : {castOf<Box2dV31CastStrategy>(input), castOf<Box2dV3CastStrategy>(input)}) {
    EXPECT_TRUE(v3.hit);
    EXPECT_EQ(v3.stop, CastStop::InitialOverlap);
    EXPECT_EQ(v3.fraction, 0.0f);
    EXPECT_EQ(v3.normal.x, 0.0f);
    EXPECT_EQ(v3.normal.y, 0.0f);
    EXPECT_EQ(v3.iterations, 1);
    EXPECT_GT(v3.point.x, 1.0f);  // between A's face x = 1 and B's face x = 1.005
    EXPECT_LT(v3.point.x, 1.005f);
  }
}

// Deep initial overlap: B = box(1, 1) at (1.5, 0.5), moving by (-1, 0). 2.4.1 by hand: v0 = (1, -1) - (0.5,
// -0.5) = (0.5, -0.5); no step clips (every vp - sigma is negative, lambda stays 0); the points added are
// (-3.5, 1.5), (0.5, -2.5) (segment, closest point (-1, -1)) and (0.5, 1.5): the triangle holds the origin:
// containment after 3 iterations, no hit. v3.0 the same. v3.1/main: b2ShapeDistance reports overlap (distance
// 0): initial overlap.
TEST(CastScenarios, deepInitialOverlap) {
  CastInput<float> input = castInput(box(1, 1), box(1, 1), {1.5f, 0.5f}, {-1, 0});
  for (CastOutput<float> out : {castOf<GjkRaycastCastStrategy>(input), castOf<Box2dV30CastStrategy>(input)}) {
    EXPECT_FALSE(out.hit);
    EXPECT_EQ(out.stop, CastStop::Containment);
    EXPECT_EQ(out.iterations, 3);
  }
  for (CastOutput<float> v3 : {castOf<Box2dV31CastStrategy>(input), castOf<Box2dV3CastStrategy>(input)}) {
    EXPECT_TRUE(v3.hit);
    EXPECT_EQ(v3.stop, CastStop::InitialOverlap);
    EXPECT_EQ(v3.fraction, 0.0f);
  }
}

// Long translation: B = box(1, 1) at (1000, 0) moving by (-2000, 0): g(t) = 998 - 2000 t. The bands are
// 0.00125 to 0.0025 wide, 6e-7 to 1.25e-6 in t, some 20 to 40 float steps of t near 0.5. Rounding: every port
// computes its fraction as fl(fl(998 - x) / 2000) (the ray cast: (vp - sigma)/vr with vp = 998, vr = 2000;
// the advancement: (target - 998)/(-2000)): the difference within 2^-15 (half an ulp in [512, 1024)), the
// quotient within 2^-26 (half an ulp of t in [0.25, 0.5)), 2000 times that in the gap: within 2^-15 + 2000
// 2^-26 < 6.1e-5. Measured: 998 - 0.01f and 998 - 0.005f both round up, and all four land late, by 1.2e-5
// (2.4.1) and 1.9e-5.
TEST(CastScenarios, longTranslationLandsInEachBand) {
  CastInput<float> input = castInput(box(1, 1), box(1, 1), {1000, 0}, {-2000, 0});
  auto gap = [](float t) { return 998.0 - 2000.0 * double(t); };
  const double rounding = 6.1e-5;
  CastOutput<float> raycast = castOf<GjkRaycastCastStrategy>(input);
  ASSERT_TRUE(raycast.hit);
  expectGapInBand(gap(raycast.fraction), raycastBand(0, 0), rounding);
  EXPECT_LT(gap(raycast.fraction), raycastBand(0, 0).lower);
  CastOutput<float> v30 = castOf<Box2dV30CastStrategy>(input);
  ASSERT_TRUE(v30.hit);
  expectGapInBand(gap(v30.fraction), v30Band(0, 0), rounding);
  EXPECT_LT(gap(v30.fraction), v30Band(0, 0).lower);
  for (CastOutput<float> v3 : {castOf<Box2dV31CastStrategy>(input), castOf<Box2dV3CastStrategy>(input)}) {
    ASSERT_TRUE(v3.hit);
    expectGapInBand(gap(v3.fraction), v3Band(0, 0), rounding);
    EXPECT_LT(gap(v3.fraction), v3Band(0, 0).lower);
  }
}

}  // namespace
