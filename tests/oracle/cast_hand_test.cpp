// The exact cast (oracle/cast.h) on cases worked out by hand; each case runs through both exact methods.
// Shapes: S = the square with vertices (+-1, +-1); M = B - A; p(t) = -t r walks towards M and t* is where
// it first comes within the target tau of M (cast.h).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>

#include "oracle/cast.h"
#include "tests/oracle/input_shapes.h"

namespace gjk::oracle {
namespace {

using test_support::shape;

InputShape square(float px, float py, float radius = 0) {
  return shape({{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}, radius, px, py);
}
InputShape point(float px, float py, float radius = 0) { return shape({{0, 0}}, radius, px, py); }

using CastMethod = std::function<ExactCast(const InputShape&, const InputShape&, InputTranslation, const Rational&)>;

class CastHand : public ::testing::TestWithParam<std::string> {
 protected:
  ExactCast cast(const InputShape& a, const InputShape& b, InputTranslation r, const Rational& target) {
    return GetParam() == "hull" ? castByHull(a, b, r, target) : castWithoutHull(a, b, r, target);
  }
};

HighPrecision hp(const char* text) { return HighPrecision(text); }

// The exact direction of a rational normal: parallel to (x, y), same sense.
void expectRationalDirection(const ExactCast& c, long x, long y) {
  ASSERT_TRUE(c.normalKnown);
  ASSERT_FALSE(c.normalIsCone);
  EXPECT_EQ(compareQuadratic(c.normalX, Rational(0)) * (x > 0 ? 1 : (x < 0 ? -1 : 0)) >= 0, true);
  EXPECT_EQ(castNormalAngle(c, static_cast<double>(x), static_cast<double>(y)), 0);
}

void expectDirection(const ExactPoint& p, long x, long y) {
  EXPECT_EQ(p.x * y - p.y * x, 0) << "not parallel";
  EXPECT_GT(p.x * x + p.y * y, 0) << "not the same sense";
}

TEST_P(CastHand, squareAgainstSquareHeadOnHitsAtARationalFraction) {
  // A = S at the origin, B = S at (5, 0), r = (-10, 0): the faces x = 1 and x = 4 close at speed 10, so
  // t* = 3/10 with tau = 0; with tau = 1 the gap 3 - 10 t reaches 1 at t* = 1/5. M = [3, 7] x [-2, 2],
  // entered through its left edge (outward normal (-1, 0)): the normal from A to B is (1, 0). The faces in
  // contact are A's x = 1 and B's x = 4 - 10 t*, both y in [-1, 1]: midpoint (1, 0) on A.
  const ExactCast c = cast(square(0, 0), square(5, 0), {-10, 0}, 0);
  ASSERT_TRUE(c.hit);
  EXPECT_FALSE(c.initiallyTouching || c.initiallyOverlapping);
  EXPECT_EQ(compareQuadratic(c.fraction, Rational(3, 10)), 0);
  EXPECT_EQ(quadraticDecimal(c.fraction), "0.3");
  expectRationalDirection(c, 1, 0);
  EXPECT_LT(abs(c.pointX - 1), hp("1e-90"));
  EXPECT_LT(abs(c.pointY), hp("1e-90"));
  const ExactCast grown = cast(square(0, 0), square(5, 0), {-10, 0}, 1);
  ASSERT_TRUE(grown.hit);
  EXPECT_EQ(compareQuadratic(grown.fraction, Rational(1, 5)), 0);
  expectRationalDirection(grown, 1, 0);
}

TEST_P(CastHand, diskAgainstSquareHitsAtAnIrrationalFraction) {
  // A = the point (0, 0) with radius 1 (a disk), B = S at (3, 3) with radius 1/2, r = (-3, -1), tau = 3/2.
  // M = [2, 4]^2, p(t) = (3t, t) passes below the corner (2, 2) at distance |3*2 - 1*2| / sqrt(10) =
  // 1.26 < 3/2, in the corner's region, so t* is the first root of (3t - 2)^2 + (t - 2)^2 = 9/4:
  // 10 t^2 - 16 t + 23/4 = 0, 40 t^2 - 64 t + 23 = 0, t = (64 - sqrt(4096 - 3680)) / 80 = (64 - 4 sqrt(26))
  // / 80 = (16 - sqrt(26)) / 20 = 0.54504... There p = (1.635, 0.545) lies below-left of (2, 2), in the
  // corner's region indeed. The normal from A to B is (2, 2) - p(t*) = (2 - 3t*, 2 - t*); the contact on A
  // is (0, 0) + 1 * that direction, unit.
  const InputShape a = point(0, 0, 1), b = square(3, 3, 0.5f);
  const ExactCast c = cast(a, b, {-3, -1}, Rational(3, 2));
  ASSERT_TRUE(c.hit);
  QuadraticNumber expected;
  expected.a = 16;
  expected.b = -1;
  expected.c = 26;
  expected.e = 20;
  EXPECT_EQ(compareQuadratic(c.fraction, expected), 0);
  EXPECT_EQ(quadraticDecimal(c.fraction, 30), "0.545049024320360758498588794549");
  ASSERT_TRUE(c.normalKnown);
  ASSERT_FALSE(c.normalIsCone);
  const double t = (16 - std::sqrt(26.0)) / 20;
  EXPECT_LT(castNormalAngle(c, 2 - 3 * t, 2 - t), hp("1e-14"));
  EXPECT_GT(castNormalAngle(c, 1, 1), hp("0.1"));
  const double length = std::hypot(2 - 3 * t, 2 - t);
  EXPECT_LT(abs(c.pointX - (2 - 3 * t) / length), hp("1e-14"));
  EXPECT_LT(abs(c.pointY - (2 - t) / length), hp("1e-14"));
  // tau = rA + rB: the rounded shapes touch at t*, so the exact contact point is on both surfaces.
  EXPECT_LT(castPointError(a, b, {-3, -1}, c, 0, 0), hp("1.0001"));
  EXPECT_GT(castPointError(a, b, {-3, -1}, c, 0, 0), hp("0.9999"));  // (0, 0) is 1 inside A, ~1 from B
}

TEST_P(CastHand, vertexHitWithZeroTargetGivesACone) {
  // A = the point (0, 0), B = S at (3, 3), r = (-3, -3): p(t) = (3t, 3t) meets M = [2, 4]^2 at its corner
  // (2, 2) at t* = 2/3. The corner's edges have outward normals (-1, 0) and (0, -1): the normals from A to
  // B are the quarter from (1, 0) counter-clockwise to (0, 1).
  const ExactCast c = cast(point(0, 0), square(3, 3), {-3, -3}, 0);
  ASSERT_TRUE(c.hit);
  EXPECT_EQ(compareQuadratic(c.fraction, Rational(2, 3)), 0);
  ASSERT_TRUE(c.normalKnown);
  ASSERT_TRUE(c.normalIsCone);
  expectDirection(c.coneFrom, 1, 0);
  expectDirection(c.coneTo, 0, 1);
  EXPECT_EQ(castNormalAngle(c, 1, 1), 0);
  EXPECT_EQ(castNormalAngle(c, 1, 0), 0);
  EXPECT_EQ(castNormalAngle(c, 0, 2), 0);
  const HighPrecision pi = boost::math::constants::pi<HighPrecision>();
  EXPECT_LT(abs(castNormalAngle(c, 1, -1) - pi / 4), hp("1e-90"));
  EXPECT_LT(abs(castNormalAngle(c, -1, -1) - 3 * pi / 4), hp("1e-90"));
  EXPECT_EQ(castNormalAngle(c, 0, 0), HighPrecision(std::numeric_limits<double>::max()));  // no direction
  // The contact is A's point and B's corner (-1, -1) + (3, 3) - (2, 2) = (0, 0).
  EXPECT_LT(abs(c.pointX), hp("1e-90"));
  EXPECT_LT(abs(c.pointY), hp("1e-90"));
}

TEST_P(CastHand, slidingAlongAFaceHitsAtTheEntryVertex) {
  // A = S, B = S at (5, 2), r = (-10, 0): B's bottom face y = 1 slides on A's top face y = 1. M = [3, 7] x
  // [0, 4]; p(t) = (10 t, 0) runs along M's bottom edge and reaches M at its corner (3, 0) at t* = 3/10:
  // a cone from (1, 0) (the left edge's inward normal) to (0, 1) (the bottom edge's). After t* the gap
  // stays 0 (p on the bottom edge); before, it is 3 - 10 t.
  const InputShape a = square(0, 0), b = square(5, 2);
  const ExactCast c = cast(a, b, {-10, 0}, 0);
  ASSERT_TRUE(c.hit);
  EXPECT_EQ(compareQuadratic(c.fraction, Rational(3, 10)), 0);
  ASSERT_TRUE(c.normalIsCone);
  expectDirection(c.coneFrom, 1, 0);
  expectDirection(c.coneTo, 0, 1);
  EXPECT_EQ(castGapSquared(a, b, {-10, 0}, Rational(31, 100)), 0);
  EXPECT_EQ(castGapSquared(a, b, {-10, 0}, Rational(29, 100)), Rational(1, 100));  // (3 - 2.9)^2
  // tau = 1/2: the corner's circle, (10 t - 3)^2 = 1/4 at t* = 1/4; normal (3, 0) - (2.5, 0) ~ (1, 0).
  const ExactCast grown = cast(a, b, {-10, 0}, Rational(1, 2));
  ASSERT_TRUE(grown.hit);
  EXPECT_EQ(compareQuadratic(grown.fraction, Rational(1, 4)), 0);
  expectRationalDirection(grown, 1, 0);
}

TEST_P(CastHand, recedingAndStillShapesMiss) {
  // B = S at (5, 0) moving away (r = (10, 0)) or not at all: the gap stays >= 3.
  for (const Rational target : {Rational(0), Rational(1)}) {
    EXPECT_FALSE(cast(square(0, 0), square(5, 0), {10, 0}, target).hit);
    EXPECT_FALSE(cast(square(0, 0), square(5, 0), {0, 0}, target).hit);
    EXPECT_FALSE(cast(square(0, 0), square(5, 0), {0, 10}, target).hit);  // passes by: gap 3 at best
  }
  // r = 0 with g(0) <= tau: a hit at 0.
  const ExactCast still = cast(square(0, 0), square(5, 0), {0, 0}, 3);
  EXPECT_TRUE(still.hit && still.initiallyTouching);
}

TEST_P(CastHand, initialRelationSetsTheFlags) {
  // B = S at (2, 1/2): the faces x = 1 touch, M = [0, 4] x [-3/2, 5/2] holds the origin on its left edge.
  // Touching, fraction 0, normal (1, 0). A's face x = 1, y in [-1, 1], meets B's x = 1, y in [-1/2, 3/2]
  // in y in [-1/2, 1]: the midpoint (1, 1/4).
  const ExactCast touching = cast(square(0, 0), square(2, 0.5f), {-1, 0}, 0);
  ASSERT_TRUE(touching.hit);
  EXPECT_TRUE(touching.initiallyTouching);
  EXPECT_FALSE(touching.initiallyOverlapping);
  EXPECT_EQ(compareQuadratic(touching.fraction, Rational(0)), 0);
  expectRationalDirection(touching, 1, 0);
  EXPECT_LT(abs(touching.pointX - 1), hp("1e-90"));
  EXPECT_LT(abs(touching.pointY - hp("0.25")), hp("1e-90"));
  // B = S at (1, 0): the origin inside M = [-1, 3] x [-2, 2]: overlapping, no normal.
  const ExactCast overlapping = cast(square(0, 0), square(1, 0), {-1, 0}, 0);
  EXPECT_TRUE(overlapping.hit && overlapping.initiallyOverlapping && !overlapping.initiallyTouching);
  EXPECT_FALSE(overlapping.normalKnown);
  // B = S at (5, 0), g(0) = 3: touching at tau = 3 (normal (3, 0) - 0), overlapping at tau = 4.
  const ExactCast atTarget = cast(square(0, 0), square(5, 0), {1, 0}, 3);
  EXPECT_TRUE(atTarget.hit && atTarget.initiallyTouching);
  expectRationalDirection(atTarget, 1, 0);
  const ExactCast within = cast(square(0, 0), square(5, 0), {1, 0}, 4);
  EXPECT_TRUE(within.hit && within.initiallyOverlapping && !within.initiallyTouching);
}

TEST_P(CastHand, missByOneFloatStep) {
  // B = S at (5, 0) needs a travel of exactly 3 to touch A (tau = 0), 2 to come within tau = 1: r = -3
  // hits at t* = 1; the float next to -3 towards 0 falls short by 2^-22 and misses.
  const ExactCast exactly = cast(square(0, 0), square(5, 0), {-3, 0}, 0);
  ASSERT_TRUE(exactly.hit);
  EXPECT_EQ(compareQuadratic(exactly.fraction, Rational(1)), 0);
  EXPECT_FALSE(cast(square(0, 0), square(5, 0), {std::nextafter(-3.0f, 0.0f), 0}, 0).hit);
  EXPECT_TRUE(cast(square(0, 0), square(5, 0), {-2, 0}, 1).hit);
  EXPECT_FALSE(cast(square(0, 0), square(5, 0), {std::nextafter(-2.0f, 0.0f), 0}, 1).hit);
  // Sliding (B at (5, 2)) touches; B one float higher passes above A with a gap of one ulp of 2.
  EXPECT_TRUE(cast(square(0, 0), square(5, 2), {-10, 0}, 0).hit);
  EXPECT_FALSE(cast(square(0, 0), square(5, std::nextafter(2.0f, 3.0f)), {-10, 0}, 0).hit);
}

TEST_P(CastHand, pointAndSegmentDifferences) {
  // M a point: A = (0, 0), B = (3, 0), r = (-3, 0): tau = 0 meets at t* = 1, every normal valid
  // (coneFrom == coneTo); tau = 1 at t* = 2/3 with the normal (3, 0) - (2, 0).
  const ExactCast meet = cast(point(0, 0), point(3, 0), {-3, 0}, 0);
  ASSERT_TRUE(meet.hit);
  EXPECT_EQ(compareQuadratic(meet.fraction, Rational(1)), 0);
  ASSERT_TRUE(meet.normalIsCone);
  EXPECT_TRUE(meet.coneFrom.x == meet.coneTo.x && meet.coneFrom.y == meet.coneTo.y);
  EXPECT_EQ(castNormalAngle(meet, -1, 5), 0);
  const ExactCast near = cast(point(0, 0), point(3, 0), {-3, 0}, 1);
  EXPECT_EQ(compareQuadratic(near.fraction, Rational(2, 3)), 0);
  expectRationalDirection(near, 1, 0);
  // M the segment x = 2, y in [-1, 1], crossed by p(t) = (4t, 0) in its middle at t* = 1/2: one normal
  // (1, 0), the side p comes from.
  const InputShape bar = shape({{2, -1}, {2, 1}});
  const ExactCast across = cast(point(0, 0), bar, {-4, 0}, 0);
  EXPECT_EQ(compareQuadratic(across.fraction, Rational(1, 2)), 0);
  expectRationalDirection(across, 1, 0);
  // M the segment y = 0, x in [2, 3], p(t) = (4t, 0) runs along it and enters at (2, 0), t* = 1/2: the
  // normals of a segment's end, the half-plane from (0, -1) counter-clockwise to (0, 1).
  const InputShape rod = shape({{2, 0}, {3, 0}});
  const ExactCast along = cast(point(0, 0), rod, {-4, 0}, 0);
  EXPECT_EQ(compareQuadratic(along.fraction, Rational(1, 2)), 0);
  ASSERT_TRUE(along.normalIsCone);
  expectDirection(along.coneFrom, 0, -1);
  expectDirection(along.coneTo, 0, 1);
  const HighPrecision pi = boost::math::constants::pi<HighPrecision>();
  EXPECT_LT(abs(castNormalAngle(along, -1, 0) - pi / 2), hp("1e-90"));
  // M the point at the origin and r = 0 (a seeded case found both methods writing "every direction" as the
  // zero vector -r): touching, every direction valid, written (1, 0).
  const ExactCast still = cast(point(0, 0), point(0, 0), {0, 0}, 0);
  EXPECT_TRUE(still.hit && still.initiallyTouching && still.normalIsCone);
  expectDirection(still.coneFrom, 1, 0);
  expectDirection(still.coneTo, 1, 0);
  // The origin in the middle of a segment M with r along it: touching, no unique normal, no cone.
  const ExactCast inside = cast(point(0, 0), shape({{-1, 0}, {1, 0}}), {1, 0}, 0);
  EXPECT_TRUE(inside.hit && inside.initiallyTouching);
  EXPECT_FALSE(inside.normalKnown);
}

TEST_P(CastHand, aTranslationBeyondFloatProductsStaysExact) {
  // r = (-3e38, 0) (a float near the top of the range): t* = 3 / 3e38f exactly, products of the
  // translation with anything overflow float and are never formed in float.
  const float far = -3e38f;
  const ExactCast c = cast(square(0, 0), square(5, 0), {far, 0}, 0);
  ASSERT_TRUE(c.hit);
  EXPECT_EQ(compareQuadratic(c.fraction, Rational(3) / -exactFloat(far)), 0);
  // r = (far, far), tau = 1: p(t) = (s, s), s = -far t, passes the corner (3, 2) of M = [3, 7] x [-2, 2]
  // at distance 1/sqrt(2) < 1 and first comes within 1 of it where (s - 3)^2 + (s - 2)^2 = 1, s^2 - 5s + 6
  // = 0, s = 2: t* = 2 / -far (there p = (2, 2) is below-left of the corner: its region).
  const ExactCast grown = cast(square(0, 0), square(5, 0), {far, far}, 1);
  ASSERT_TRUE(grown.hit);
  EXPECT_EQ(compareQuadratic(grown.fraction, Rational(2) / -exactFloat(far)), 0);
  EXPECT_FALSE(cast(square(0, 0), square(5, 0), {far, far}, Rational(1, 2)).hit);  // 1/sqrt(2) > 1/2
}

INSTANTIATE_TEST_SUITE_P(BothMethods, CastHand, ::testing::Values("hull", "withoutHull"));

}  // namespace
}  // namespace gjk::oracle
