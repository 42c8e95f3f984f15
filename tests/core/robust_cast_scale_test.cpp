// robust-cast at the ends of float's range and where the distance's witness is loose. First where |r|^2 overflows float (issue 22's one-hour campaign found it: a 3e29 translation was a
// missed hit, its infinite |r| made every step zero). |r| is now computed without overflow, so the cast
// advances to the contact at any size.
// Shapes: A the square [-s, s]^2 at the origin, B a point at (3 s, 0) moving by (-4 s, 0): the core gap
// 2 s - 4 s t reaches robust-cast's target (2^-8, far below float resolution at s = 2^100) at t = 1/2 up to
// that resolution.
#include <gtest/gtest.h>

#include <cmath>
#include <utility>

#include "cast_test_shapes.h"

#include "core/strategies/robust_cast.h"

namespace {

using namespace gjk;
using namespace gjk::test_support;

CastOutput<float> castSquareAndPoint(float s) {
  const Proxy<float> a = polygon({{-s, -s}, {s, -s}, {s, s}, {-s, s}});
  return castOf<RobustCast>(castInput(a, point(0, 0), {3 * s, 0}, {-4 * s, 0}));
}

TEST(RobustCastScale, aTranslationWhoseSquareOverflowsStillHits) {
  const CastOutput<float> output = castSquareAndPoint(0x1p100f);  // |r|^2 = 2^204: +inf in float
  ASSERT_TRUE(output.hit);
  EXPECT_NEAR(output.fraction, 0.5f, 4 * 0x1p-24f);
  EXPECT_EQ(output.normal.x, 1.0f);
  EXPECT_EQ(output.normal.y, 0.0f);
}

TEST(RobustCastScale, ordinarySizesHitWhereTheGapMeetsTheTarget) {
  for (const float s : {1.0f, 16.0f}) {
    const CastOutput<float> output = castSquareAndPoint(s);
    ASSERT_TRUE(output.hit) << s;
    // The exact core gap at the reported t (double: exact here) lies in the band [2^-9, 2^-8 + 2^-10].
    const double gap = 2.0 * s - 4.0 * s * static_cast<double>(output.fraction);
    EXPECT_GE(gap, 0x1p-9) << s;
    EXPECT_LE(gap, 0x1p-8 + 0x1p-10) << s;
  }
}

// Far from the origin the float pose moves in steps coarser than the band: B at (98304, -98304) moving by
// (-98304, 98304) meets A at t* = 0.99998558892144... (exact oracle), where one float step of t moves B by about
// 0.008 per coordinate, more than the band's width 2^-8. The gap stopped at 0.007 above the band's top and the
// cast ended in a miss (cast-long-translation 10616 of a 100,000-a-family report); the pose within the
// rounding of placing B is now the answer.
TEST(RobustCastScale, aTargetWithinThePosesRoundingIsAHitThere) {
  const Proxy<float> a = polygon({{-0.125f, -0.1875f}, {0.375f, 0.3125f}, {-0.125f, 0.0625f}});
  const Proxy<float> b = polygon({{-0.625f, 1.4375f}, {-0.125f, -1.5625f}, {1.375f, -1.3125f}, {3.125f, -0.0625f},
                                  {4.375f, 2.1875f}, {1.125f, 5.1875f}, {-0.375f, 6.4375f}});
  CastInput<float> input = castInput(a, b, {98304, -98304}, {-98304, 98304}, {-1, -0.0f});
  input.transformA.q = {-1, -0.0f};
  const CastOutput<float> output = castOf<RobustCast>(input);
  ASSERT_TRUE(output.hit);
  // Within a few float steps of t* (each 6e-8 here, 0.008 of travel).
  EXPECT_NEAR(output.fraction, 0.99998558892144097, 4 * 0x1p-24);
  EXPECT_LE(output.fraction, 0.99998558892144097);
}

// A witness the distance stop accepts may lie off the closest point along a face parallel to the target's: A (a
// polygon) and B (a capsule of radius 408) both turned a quarter, their facing edges parallel, B moving by (0,
// 384) meets A at t* = 3/4 exactly (cast-rounded, seed 1, index 48338). The robust distance stopped on a vertex
// pair 0.4 m along the face from the closest points, a normal 7e-4 rad off; the step that trusted it went 2.8e-4
// past t*, the gap 0.09 m under the band (late). The rate's doubt now covers the witness's angle.
TEST(RobustCastScale, aWitnessAlongAParallelFaceDoesNotCarryTheStepPastTheBand) {
  const Proxy<float> a = polygon({{-880, -1840}, {936, -1000}, {1808, 1896}, {840, 1248}, {0, 0}, {-640, -1200},
                                  {-840, -1648}});
  const Proxy<float> b = polygon({{-488, -48}, {-936, -888}}, 408);
  CastInput<float> input = castInput(a, b, {2680, -8000}, {0, 384}, {-0.0f, 1});
  input.transformA = {{2680, -7712}, {-0.0f, 1}};
  const CastOutput<float> output = castOf<RobustCast>(input);
  ASSERT_TRUE(output.hit);
  // The core gap falls at 384 * 15/17 per unit of t at the contact (the normal (-8, -15)/17), so the gap
  // leaves the band [408 - 2^-9, 408 + 2^-9] at t* + 2^-9 / (384 * 15/17): never past that (the late answer was
  // 2.8e-4 past). Before t*, a pose within the rounding of placing B at 8,000 m (a few mm: docs/strategies.md,
  // "Within the pose's rounding") is an answer, as in anEdgeSimplexOnParallelFacesGivesTheEdgesNormal; with the
  // edge's normal on this no-progress stop the answer is 6.7e-6 before t*, 0.4 mm above the band's top.
  const double halfWidth = 0x1p-9 / (384.0 * 15.0 / 17.0);
  EXPECT_LE(output.fraction, 0.75 + halfWidth);
  EXPECT_GE(output.fraction, 0.75 - 2e-5);
}

// Beyond 2^60 the cast runs in units of 2^k and gives its contact point in those units (castInUnits): A's core
// vertex here is at (-1.13e38, 3.53e38) in the world, beyond float, and with B's radius 1.7e38 the start
// overlaps. The normal is a finite unit vector and the point, in units, is A's vertex (the one-hour campaign
// found the normal (0.76, -inf) when B's world vertices overflowed).
TEST(RobustCastScale, beyondFloatTheCastAnswersInUnitsOfAPowerOfTwo) {
  const Proxy<float> a = polygon({{0x1p127f, 0x1.fp127f}});
  const Proxy<float> b = polygon({{0x1.8p127f, 0x1p127f}}, 0x1p127f);
  CastInput<float> input = castInput(a, b, {0x1p127f, 0}, {0x1.8b82b8p-126f, 0}, {0, 1});
  input.transformA.q = {0x1.69affcp-1f, 0x1.6a63bap-1f};
  CastOutput<float> output;
  const int k = RobustCast::castInUnits(input, &output);
  ASSERT_GT(k, 0);
  ASSERT_TRUE(output.hit);
  EXPECT_EQ(output.stop, CastStop::InitialOverlap);
  EXPECT_NEAR(std::hypot(output.normal.x, output.normal.y), 1.0, 4 * 0x1p-24);
  // A's vertex rotated, in units of 2^k, to float's rounding of the placement.
  const double c = 0x1.69affcp-1, s = 0x1.6a63bap-1;
  const double x = c * 0x1p127 - s * 0x1.fp127, y = s * 0x1p127 + c * 0x1.fp127;
  EXPECT_NEAR(std::ldexp(double(output.point.x), k), x, 0x1p-20 * std::fabs(y));
  EXPECT_NEAR(std::ldexp(double(output.point.y), k), y, 0x1p-20 * std::fabs(y));
}

// The normal is normalized on the witness difference scaled to near 1: A a point of radius 2^113 near (1.2e33,
// 1.3e19), B a point at the origin inside it. In the units of that size the witness difference (near 5e13) squares
// to a subnormal, and dividing by the distance made a normal 1.0002 long (the one-hour campaign's point error).
TEST(RobustCastScale, theNormalIsAUnitVectorWhereTheWitnessDifferenceIsTinyInTheProblemsUnits) {
  const Proxy<float> a = polygon({{-0x1.ef397p+71f, 0x1.d2c4c2p+109f}}, 0x1p113f);
  CastInput<float> input = castInput(a, point(0, 0), {0, 0}, {-0x1.687ba4p-2f, 0x1.a4p-4f});
  input.transformA = {{0x1.d2c4c2p+109f, 0x1.6e6262p+63f}, {0x1.0ed25ap-38f, 0x1p+0f}};
  const CastOutput<float> output = castOf<RobustCast>(input);
  ASSERT_TRUE(output.hit);
  EXPECT_NEAR(std::hypot(output.normal.x, output.normal.y), 1.0, 4 * 0x1p-24);
}

// Shapes of 1e-8 and 3e-26 cast by 2^65 solve in units of 2^63, where B's points fall among the subnormals and
// the witness points of a positive gap round onto each other: the normal is then (0, 0), not 0/0 (the second
// one-hour campaign's non-finite normal). The start is within the target (2^-8): a hit at 0.
TEST(RobustCastScale, aWitnessDifferenceThatUnderflowsGivesNoNormalRatherThanNaN) {
  const Rotation<float> q{-0x1.6a09e6p-1f, -0x1.6a09e6p-1f};
  const Proxy<float> a = polygon({{-0x1p-26f, 0}, {0, 0x1.4p-87f}});
  const Proxy<float> b = polygon({{0x1p-85f, 0}, {0, 0x1p-85f}});
  CastInput<float> input = castInput(a, b, {0, 0}, {0, 0x1p65f}, q);
  input.transformA.q = q;
  const CastOutput<float> output = castOf<RobustCast>(input);
  ASSERT_TRUE(output.hit);
  EXPECT_EQ(output.fraction, 0.0f);
  EXPECT_TRUE(std::isfinite(output.normal.x) && std::isfinite(output.normal.y));
  EXPECT_TRUE(std::isfinite(output.point.x) && std::isfinite(output.point.y));
}

// A segment and a capsule (radius 384) whose core segments are parallel, both turned a quarter, B moving by
// (0, 384): first contact at t* = 197/240 exactly. The distance stops on a duplicate support with an edge
// simplex, and its final step forms the witness pair from the two parallel segments at a vertex pair off the
// normal; the step that trusted it answered 0.82114, past the band (a one-hour campaign's case, shrunk). The
// normal is now the simplex edge's.
TEST(RobustCastScale, anEdgeSimplexOnParallelFacesGivesTheEdgesNormal) {
  const Proxy<float> a = polygon({{0, 0}, {-640, -1200}});
  const Proxy<float> b = polygon({{-936, -888}, {-488, -48}}, 384);
  CastInput<float> input = castInput(a, b, {2680, -8000}, {0, 384}, {-0.0f, 1});
  input.transformA = {{2680, -7712}, {-0.0f, 1}};
  const CastOutput<float> output = castOf<RobustCast>(input);
  ASSERT_TRUE(output.hit);
  // The core gap falls at 384 * 15/17 per unit of t, so the gap leaves the band [384 - 2^-9, 384 + 2^-9] at
  // t* + 2^-9 / (384 * 15/17): never past that. Before t*, a pose within the rounding of placing B at 8,000 m
  // (a few mm: docs/strategies.md, "Within the pose's rounding") is an answer; the late answer was 3.1e-4 past.
  const double tStar = 197.0 / 240.0;
  EXPECT_LE(output.fraction, tStar + 0x1p-9 / (384.0 * 15.0 / 17.0));
  EXPECT_GE(output.fraction, tStar - 2e-5);
  EXPECT_NEAR(output.normal.x, -8.0 / 17.0, 1e-6);
  EXPECT_NEAR(output.normal.y, -15.0 / 17.0, 1e-6);
}

// A's segment from (2^45, 0) to (0, 0) turned by (cA, 1); B's segment (its vertices `b`) at (0, -2^32) turned by
// (cB, sB), moving by (1.93e15, -1.2e-35): a hit before the step cap whose gap, (t - t*) times its rate, lies
// within 4 units of rounding of the problem's size (the verdict's S = 1.09e16, a unit 2^-24 S = 6.5e8).
void expectSweptSegmentHits(const Proxy<float>& b, float cA, Rotation<float> qB, double tStar, double rate) {
  const Proxy<float> a = polygon({{0x1p45f, 0}, {0, 0}});
  CastInput<float> input = castInput(a, b, {0, -0x1p32f}, {0x1.b61b94p+50f, -0x1p-116f}, qB);
  input.transformA.q = {cA, 0x1p+0f};
  const CastOutput<float> output = castOf<RobustCast>(input);
  ASSERT_TRUE(output.hit);
  EXPECT_EQ(output.stop, CastStop::Hit);
  EXPECT_LT(output.iterations, 16);
  EXPECT_NEAR(output.fraction, tStar, 4 * 0x1p-24 * 1.0934e16 / rate);
}

// A segment of 2^53 (9e15) swept nearly along itself under a vertex of A 4.3e9 away: B's core segment from
// (0, -2^32) turned by 6.2e-4 rad off the horizontal, moving by 1.93e15 along x, reaches A's end (0, 0) at
// t* = 0.0035803955... (exact oracle), the gap falling at only 1.2e12 a unit of t. The rate's doubt from the
// witness points' rounding (4 units of 9e15 over a gap of 4.3e9: 0.5 rad) made every step 1/800 of the hit's and
// the cast reported a miss at the 64-step cap (the fourth one-hour campaign's case). The origin projects well
// inside the simplex's edge, so its normal is doubted by its direction only and the cast hits in a few steps.
TEST(RobustCastScale, aSegmentSweptNearlyAlongItselfHitsBeforeTheStepCap) {
  expectSweptSegmentHits(polygon({{0, 0}, {0, 0x1p53f}}), 0x1.6bfe48p-21f, {0x1.4667e6p-11f, 0x1.fffff8p-1f},
                         0.00358039553000328335927707099662, 1.19958e12);
}

// The same sweep with B's segment given by three collinear vertices (its ends 2^53 and 0 and a point 7.9e15
// between): the distance now stops on no progress, with an edge as its simplex, where the witness's doubt at
// this size is everything (the stop's delta, 2^-20 of the sizes, exceeds the gap) and every step was 1/1600 of
// the hit's: a miss at the 64-step cap (the fifth one-hour campaign's case, shrunk). On a no-progress stop with
// an edge simplex the whole difference lies within the stop's tolerance beyond the edge's line, so its normal is
// taken as on a duplicate support.
TEST(RobustCastScale, aNoProgressStopOnAnEdgeGivesTheEdgesNormal) {
  expectSweptSegmentHits(polygon({{0, 0x1p53f}, {0, 0}, {0, 0x1.cp+52f}}), 0x1.6bfe48p-19f,
                         {0x1.4267e6p-11f, 0x1.fffff8p-1f}, 0.00362481650429605940572912753544, 1.18488e12);
}

// Shapes of 1e-42 cast by (0, 0): the gap (about 1e-45) is far inside the target 2^-8, an initial overlap at
// fraction 0 with the normal and contact point of the closest points. The distance solved them in its own
// units but gave its witness points back in world units, among the subnormals, and the normal came out
// 0.07 rad off (a one-hour campaign's case, shrunk). Below 2^-60 the cast now runs in units of 2^k too, so its
// normal and point are those of the same problem scaled by 2^140 (exact: every coordinate a power of two
// times a float), which is solved as given.
TEST(RobustCastScale, belowFloatsNormalRangeTheCastAnswersInUnitsOfAPowerOfTwo) {
  const Rotation<float> q{-0x1.6a630ap-1f, 0x1.69b0acp-1f};
  // e = 0: the case as found; e = 140: every coordinate times 2^140 (written out: 2^140 is beyond float).
  auto cast = [&](int e, int* k) {
    auto p = [e](int exponent) { return std::ldexp(1.0f, exponent + e); };
    const Proxy<float> a = polygon({{-p(-149), -p(-149)}, {-p(-139), -0.0f}});
    const Proxy<float> b = polygon({{-p(-149), -p(-149)}, {-p(-148), 0}});
    CastInput<float> input = castInput(a, b, {0, 0}, {0, 0});
    input.transformA.q = q;
    CastOutput<float> output;
    *k = RobustCast::castInUnits(input, &output);
    return output;
  };
  int tinyUnit = 0, scaledUnit = 0;
  const CastOutput<float> tiny = cast(0, &tinyUnit);
  const CastOutput<float> scaled = cast(140, &scaledUnit);
  ASSERT_EQ(scaledUnit, 0);
  ASSERT_LT(tinyUnit, 0);
  ASSERT_TRUE(tiny.hit && scaled.hit);
  EXPECT_EQ(tiny.stop, CastStop::InitialOverlap);
  EXPECT_NEAR(tiny.normal.x, scaled.normal.x, 1e-6);
  EXPECT_NEAR(tiny.normal.y, scaled.normal.y, 1e-6);
  // The point, in world units: 2^k times the tiny cast's, 2^-140 times the scaled one's.
  for (const auto& [mine, theirs] : {std::pair{tiny.point.x, scaled.point.x}, std::pair{tiny.point.y, scaled.point.y}}) {
    EXPECT_NEAR(std::ldexp(double(mine), tinyUnit), std::ldexp(double(theirs), -140), 1e-6 * 0x1p-139);
  }
}

// A segment of 1.9e12 tilted by 1.44e-5 rad with a radius of 1.9e12, and B a speck at the origin on A's rounded
// surface: an initial overlap. The distance stops on no progress with an edge simplex whose origin projects
// 2.7e7 inside the edge; robust-cast took the edge's normal there but kept the distance's witness point on A,
// the edge's end, and the contact point pA + rA n lay 2.7e7 (80 units of the problem's size) along A's surface
// from the contact (the seventh one-hour campaign's case). The witness points are now the edge's at the
// origin's projection, so the point is the foot's: within a few units.
TEST(RobustCastScale, aNoProgressStopOnAnEdgeGivesTheWitnessAtTheFoot) {
  const float rA = 0x1.bbbbbap+40f;
  const Proxy<float> a = polygon({{0x1.39cp+40f, 0x1.39cp+40f}, {0, -0.0f}}, rA);
  const Proxy<float> b = polygon({{0, -0x1p-22f}, {-0x1p-22f, 0}});
  CastInput<float> input = castInput(a, b, {0, 0}, {-0x1.7d7d7cp-2f, -0x1.7d7d7cp-2f});
  input.transformA = {{0, rA}, {-0x1.6a0b3cp-1f, 0x1.6a0892p-1f}};
  const CastOutput<float> output = castOf<RobustCast>(input);
  ASSERT_TRUE(output.hit);
  EXPECT_EQ(output.stop, CastStop::InitialOverlap);
  // A's core segment and the contact in double (exact enough here: 2^-52 of 1e12 is 2e-4): the foot of the
  // origin on the segment's line plus rA along the unit normal towards the origin.
  const double c = -0x1.6a0b3cp-1, s = 0x1.6a0892p-1, v = 0x1.39cp+40;
  const double x0 = 0, y0 = rA, x1 = c * v - s * v, y1 = rA + s * v + c * v;
  const double ex = x1 - x0, ey = y1 - y0, len = std::hypot(ex, ey);
  const double along = -(x0 * ex + y0 * ey) / len;
  const double footX = x0 + along * ex / len, footY = y0 + along * ey / len;
  const double footLen = std::hypot(footX, footY);
  const double pointX = footX - rA * footX / footLen, pointY = footY - rA * footY / footLen;
  // The verdict's unit here is u = 2^-24 (|coordinates| + radii + |r|), about 3.4e5; the point was 80 u off.
  const double u = 340781.09;
  EXPECT_NEAR(output.point.x, pointX, 4 * u);
  EXPECT_NEAR(output.point.y, pointY, 4 * u);
}

// A point and a segment of 1.08e-5 swept head on into it, the point 1.4e-14 inside the segment's lower end:
// the contact's normal is the segment's, (-1, 0). (The eighth one-hour campaign's case.)
TEST(RobustCastScale, aPointMeetingASegmentNearItsEndGetsTheSegmentsNormal) {
  const Proxy<float> a = point(-0x1.8bp-1f, -0x1.ff8p-47f);
  const Proxy<float> b = polygon({{-0x1.6a09e6p-17f, -0x1.ff8p-47f}, {0x1.3ff8p-87f, -0x1.ff8p-47f}});
  CastInput<float> input = castInput(a, b, {0, 0}, {0x1p+0f, 0x1.cp-146f}, {0x1.c48c44p-87f, -0x1p+0f});
  input.transformA.q = {-0x1p+0f, 0x1.2bec34p-127f};
  const CastOutput<float> output = castOf<RobustCast>(input);
  ASSERT_TRUE(output.hit);
  EXPECT_EQ(output.stop, CastStop::Hit);
  EXPECT_NEAR(output.normal.x, -1.0, 1e-6);
  EXPECT_NEAR(output.normal.y, 0.0, 1e-6);
}

}  // namespace
