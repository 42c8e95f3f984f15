// Hand-worked exact answers of the oracle: every relation, degenerate Minkowski differences, radii,
// rotations that are not unit, subnormal and 1e38 coordinates. Each expected value is worked out by
// hand (in the comment next to it) and compared exactly, as a rational.
#include "oracle/oracle.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace gjk::oracle {
namespace {

InputShape shape(std::initializer_list<InputPoint> vertices, float radius = 0, float px = 0, float py = 0,
                 float c = 1, float s = 0) {
  InputShape result;
  result.vertices = vertices;
  result.radius = radius;
  result.positionX = px;
  result.positionY = py;
  result.rotationC = c;
  result.rotationS = s;
  return result;
}

InputShape box(float x0, float y0, float x1, float y1, float radius = 0) {
  return shape({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, radius);
}

Rational q(long long numerator, long long denominator = 1) {
  return Rational(Integer(numerator), Integer(denominator));
}

// 2^exponent, exactly.
Rational two(int exponent) {
  Integer power = 1;
  power <<= (exponent < 0 ? -exponent : exponent);
  return exponent < 0 ? Rational(Integer(1), power) : Rational(power);
}

// Both methods, each checked against the expected exact answer.
void expectAnswer(const InputShape& a, const InputShape& b, Relation relation, const Rational& distanceSquared,
                  const Rational& closestX, const Rational& closestY) {
  const ExactAnswer byHull = solveByHull(a, b);
  const ExactAnswer withoutHull = solveWithoutHull(a, b);
  for (const ExactAnswer* answer : {&byHull, &withoutHull}) {
    const char* method = answer == &byHull ? "solveByHull" : "solveWithoutHull";
    EXPECT_EQ(relationName(answer->relation), std::string(relationName(relation))) << method;
    EXPECT_EQ(answer->coreDistanceSquared, distanceSquared)
        << method << ": " << rationalString(answer->coreDistanceSquared);
    EXPECT_EQ(answer->closestPoint.x, closestX) << method << ": " << rationalString(answer->closestPoint.x);
    EXPECT_EQ(answer->closestPoint.y, closestY) << method << ": " << rationalString(answer->closestPoint.y);
  }
  EXPECT_TRUE(withoutHull.minkowskiHull.empty());
  EXPECT_EQ(byHull.radius, withoutHull.radius);
  EXPECT_EQ(byHull.scale, withoutHull.scale);
}

TEST(OracleExactFloat, ConvertsEveryKindOfFloatExactly) {
  EXPECT_EQ(exactFloat(0.0f), q(0));
  EXPECT_EQ(exactFloat(-0.0f), q(0));
  EXPECT_EQ(exactFloat(1.0f), q(1));
  EXPECT_EQ(exactFloat(-2.5f), q(-5, 2));
  // 0.6f = 0x3f19999a: mantissa 0x99999a = 10066330, times 2^-24 = 5033165 / 2^23.
  EXPECT_EQ(exactFloat(0.6f), q(5033165, 8388608));
  EXPECT_EQ(exactFloat(1e-45f), two(-149));            // the smallest subnormal
  EXPECT_EQ(exactFloat(0x1.fffffcp-127f), q(0x7fffff) * two(-149));  // the largest subnormal
  EXPECT_EQ(exactFloat(0x1p-126f), two(-126));         // the smallest normal
  // 1e38f = 0x7e967699: (0x800000 + 0x167699) * 2^(253 - 127 - 23) = 9860761 * 2^103.
  EXPECT_EQ(exactFloat(1e38f), q(9860761) * two(103));
  EXPECT_EQ(exactFloat(0x1.fffffep+127f), q(0xffffff) * two(104));  // FLT_MAX
  EXPECT_THROW(exactFloat(std::numeric_limits<float>::infinity()), std::invalid_argument);
  EXPECT_THROW(exactFloat(std::numeric_limits<float>::quiet_NaN()), std::invalid_argument);
}

// exactDouble is defined inline in oracle.h (added there for the harness); tested here for exactness.
TEST(OracleExactFloat, ConvertsDoublesExactly) {
  EXPECT_EQ(exactDouble(0.0), q(0));
  EXPECT_EQ(exactDouble(-0.0), q(0));
  EXPECT_EQ(exactDouble(0.1), q(3602879701896397) * two(-55));  // 0x1.999999999999ap-4
  EXPECT_EQ(exactDouble(-0x1.0000000000001p+0), -(q(1) + two(-52)));
  EXPECT_EQ(exactDouble(0x0.0000000000001p-1022), two(-1074));  // the smallest subnormal double
  EXPECT_EQ(exactDouble(0x1.fffffffffffffp+1023), (two(53) - 1) * two(971));  // DBL_MAX
  EXPECT_EQ(exactDouble(static_cast<double>(0.6f)), exactFloat(0.6f));
}

TEST(OracleWorldVertices, AppliesTheTransformExactlyAsGiven) {
  // c = 2, s = 1 (not a rotation): (1, 0) -> (2*1 - 1*0 + 5, 1*1 + 2*0 - 1) = (7, 0);
  // (0, 3) -> (2*0 - 1*3 + 5, 1*0 + 2*3 - 1) = (2, 5).
  const std::vector<ExactPoint> world = worldVertices(shape({{1, 0}, {0, 3}}, 0, 5, -1, 2, 1));
  ASSERT_EQ(world.size(), 2u);
  EXPECT_EQ(world[0].x, q(7));
  EXPECT_EQ(world[0].y, q(0));
  EXPECT_EQ(world[1].x, q(2));
  EXPECT_EQ(world[1].y, q(5));
  // c = 0.6f, s = 0.8f: c^2 + s^2 != 1 and the oracle must not care. (1, 1) -> (c - s, s + c).
  const std::vector<ExactPoint> rotated = worldVertices(shape({{1, 1}}, 0, 0, 0, 0.6f, 0.8f));
  // 0.8f = 0x3f4ccccd: 0xcccccd * 2^-24 = 13421773 / 2^24; 0.6f = 10066330 / 2^24.
  EXPECT_EQ(rotated[0].x, q(10066330 - 13421773, 16777216));
  EXPECT_EQ(rotated[0].y, q(10066330 + 13421773, 16777216));
  // A subnormal times a subnormal: 2^-149 * 2^-149 = 2^-298, far below any float, kept exactly.
  const std::vector<ExactPoint> tiny = worldVertices(shape({{1e-45f, 0}}, 0, 0, 0, 1e-45f, 0));
  EXPECT_EQ(tiny[0].x, two(-298));
  EXPECT_EQ(tiny[0].y, q(0));
  // FLT_MAX * FLT_MAX + FLT_MAX, far above any float, kept exactly.
  const float big = 0x1.fffffep+127f;
  const std::vector<ExactPoint> huge = worldVertices(shape({{big, 0}}, 0, big, 0, big, 0));
  const Rational exactBig = q(0xffffff) * two(104);
  EXPECT_EQ(huge[0].x, exactBig * exactBig + exactBig);
}

TEST(OracleSolve, SeparatedSquares) {
  // A = [0,1]^2, B = [3,4] x [0,1]: M = B - A = [2,4] x [-1,1], closest point (2, 0), d0 = 2.
  const InputShape a = box(0, 0, 1, 1);
  const InputShape b = box(3, 0, 4, 1);
  expectAnswer(a, b, Relation::Separated, q(4), q(2), q(0));
  const ExactAnswer answer = solveByHull(a, b);
  // Counter-clockwise from the lexicographically smallest vertex.
  ASSERT_EQ(answer.minkowskiHull.size(), 4u);
  EXPECT_EQ(answer.minkowskiHull[0].x, q(2));
  EXPECT_EQ(answer.minkowskiHull[0].y, q(-1));
  EXPECT_EQ(answer.minkowskiHull[1].x, q(4));
  EXPECT_EQ(answer.minkowskiHull[1].y, q(-1));
  EXPECT_EQ(answer.minkowskiHull[2].x, q(4));
  EXPECT_EQ(answer.minkowskiHull[2].y, q(1));
  EXPECT_EQ(answer.minkowskiHull[3].x, q(2));
  EXPECT_EQ(answer.minkowskiHull[3].y, q(1));
  EXPECT_EQ(answer.scale, q(4));  // max |coordinate| = 4, r = 0
  EXPECT_EQ(answer.radius, q(0));
  EXPECT_EQ(distanceDecimal(answer), "2");
}

TEST(OracleSolve, RadiiDecideTheRelationExactly) {
  // The same squares, d0 = 2. Radii 1 and 1: r = 2 = d0, touching exactly.
  expectAnswer(box(0, 0, 1, 1, 1), box(3, 0, 4, 1, 1), Relation::Touching, q(4), q(2), q(0));
  // Radii 1 and 0.5: r = 1.5 < 2, separated by exactly 0.5.
  const ExactAnswer apart = solveByHull(box(0, 0, 1, 1, 1), box(3, 0, 4, 1, 0.5f));
  EXPECT_EQ(apart.relation, Relation::Separated);
  EXPECT_EQ(apart.radius, q(3, 2));
  EXPECT_EQ(apart.scale, q(4) + q(3, 2));
  EXPECT_EQ(distanceDecimal(apart), "0.5");
  // Radii 1.5 and 1: r = 2.5 > 2, overlapping, distance 0.
  expectAnswer(box(0, 0, 1, 1, 1.5f), box(3, 0, 4, 1, 1), Relation::Overlapping, q(4), q(2), q(0));
  EXPECT_EQ(distanceDecimal(solveByHull(box(0, 0, 1, 1, 1.5f), box(3, 0, 4, 1, 1))), "0");
  EXPECT_EQ(distance(solveByHull(box(0, 0, 1, 1, 1.5f), box(3, 0, 4, 1, 1))), 0);
}

TEST(OracleSolve, TouchingAndOverlappingWithoutRadius) {
  // B = [1,2] x [0,1]: M = [0,2] x [-1,1], the origin on M's left edge.
  expectAnswer(box(0, 0, 1, 1), box(1, 0, 2, 1), Relation::Touching, q(0), q(0), q(0));
  // B = [1,2]^2: M = [0,2]^2, the origin is a vertex of M.
  expectAnswer(box(0, 0, 1, 1), box(1, 1, 2, 2), Relation::Touching, q(0), q(0), q(0));
  // B = [0.5,1.5] x [0,1]: M = [-0.5,1.5] x [-1,1], the origin strictly inside.
  expectAnswer(box(0, 0, 1, 1), box(0.5f, 0, 1.5f, 1), Relation::Overlapping, q(0), q(0), q(0));
  // The origin on the boundary with a radius > 0 is overlapping (d0 = 0 < r).
  expectAnswer(box(0, 0, 1, 1, 0.25f), box(1, 0, 2, 1), Relation::Overlapping, q(0), q(0), q(0));
}

TEST(OracleSolve, DegeneratePointDifference) {
  // A and B the same point: M = {origin}, touching (a degenerate M containing the origin).
  expectAnswer(shape({{1, 1}}), shape({{1, 1}}), Relation::Touching, q(0), q(0), q(0));
  EXPECT_EQ(solveByHull(shape({{1, 1}}), shape({{1, 1}})).minkowskiHull.size(), 1u);
  // Negative zero is zero.
  expectAnswer(shape({{-0.0f, -0.0f}}), shape({{0.0f, 0.0f}}), Relation::Touching, q(0), q(0), q(0));
  // All zero: S falls back to the smallest normal float.
  EXPECT_EQ(solveByHull(shape({{0, 0}}), shape({{0, 0}})).scale, two(-126));
  EXPECT_EQ(solveWithoutHull(shape({{0, 0}}), shape({{0, 0}})).scale, two(-126));
  // With a radius, the same M overlaps.
  expectAnswer(shape({{1, 1}}, 0.5f), shape({{1, 1}}), Relation::Overlapping, q(0), q(0), q(0));
  // M = {(2, 0)}: separated, d0^2 = 4; with r = 2 touching.
  expectAnswer(shape({{1, 1}}), shape({{3, 1}}), Relation::Separated, q(4), q(2), q(0));
  expectAnswer(shape({{1, 1}}, 1), shape({{3, 1}}, 1), Relation::Touching, q(4), q(2), q(0));
  // Repeated vertices: still one point.
  EXPECT_EQ(solveByHull(shape({{1, 1}, {1, 1}}), shape({{3, 1}, {3, 1}, {3, 1}})).minkowskiHull.size(), 1u);
}

TEST(OracleSolve, DegenerateSegmentDifference) {
  // M = segment (-1,-1)-(2,2) through the origin: touching (all of a segment is boundary).
  expectAnswer(shape({{0, 0}}), shape({{-1, -1}, {2, 2}}), Relation::Touching, q(0), q(0), q(0));
  EXPECT_EQ(solveByHull(shape({{0, 0}}), shape({{-1, -1}, {2, 2}})).minkowskiHull.size(), 2u);
  // Two equal segments on the x axis: M = [-1,1] x {0}, the origin in its middle: touching.
  expectAnswer(shape({{0, 0}, {1, 0}}), shape({{0, 0}, {1, 0}}), Relation::Touching, q(0), q(0), q(0));
  // ... with a radius: overlapping.
  expectAnswer(shape({{0, 0}, {1, 0}}, 0.5f), shape({{0, 0}, {1, 0}}), Relation::Overlapping, q(0), q(0),
               q(0));
  // Crossing segments: M = [-1,1]^2, the origin strictly inside: overlapping.
  expectAnswer(shape({{0, 0}, {2, 0}}), shape({{1, -1}, {1, 1}}), Relation::Overlapping, q(0), q(0), q(0));
  // M = segment (1,2)-(3,-2), not through the origin. D = (2,-4), t = -(P.D)/|D|^2 = 6/20 = 3/10,
  // closest = (1 + 3/5, 2 - 6/5) = (8/5, 4/5), d0^2 = 64/25 + 16/25 = 16/5.
  expectAnswer(shape({{0, 0}}), shape({{1, 2}, {3, -2}}), Relation::Separated, q(16, 5), q(8, 5), q(4, 5));
  // M on a line through the origin but not containing it: (1,0)-(3,0), closest (1,0).
  expectAnswer(shape({{0, 0}}), shape({{1, 0}, {3, 0}, {2, 0}}), Relation::Separated, q(1), q(1), q(0));
  // Collinear input: three points on a line give a two-point hull.
  EXPECT_EQ(solveByHull(shape({{0, 0}}), shape({{1, 0}, {3, 0}, {2, 0}})).minkowskiHull.size(), 2u);
}

TEST(OracleSolve, DuplicateCollinearAndInteriorPointsAreIgnored) {
  // A has a collinear point (1,0), an interior point (1,1) and a duplicate; B = {(5,0)}.
  // M = (5,0) - A = [3,5] x [-2,0]: hull (3,-2), (5,-2), (5,0), (3,0); the collinear (4,0) and the
  // interior (4,-1) are not hull vertices. The closest point of M to the origin is (3,0), d0^2 = 9.
  const InputShape a = shape({{0, 0}, {1, 0}, {2, 0}, {2, 2}, {0, 2}, {1, 1}, {2, 2}});
  const InputShape b = shape({{5, 0}});
  expectAnswer(a, b, Relation::Separated, q(9), q(3), q(0));
  EXPECT_EQ(solveByHull(a, b).minkowskiHull.size(), 4u);
}

TEST(OracleSolve, RotationsWithNonUnitPairs) {
  // A = {(1,0)} with c = 2, s = 1: world (2, 1). B = {(0,0)} at (5,5). M = {(3,4)}, d0^2 = 25.
  expectAnswer(shape({{1, 0}}, 0, 0, 0, 2, 1), shape({{0, 0}}, 0, 5, 5), Relation::Separated, q(25), q(3),
               q(4));
  // A = {(1,0),(0,1)} with c = 0.6f, s = 0.8f: world (c, s) and (-s, c); B = {(0,0)}.
  // M = {(-c,-s), (s,-c)}; with c = 10066330/2^24, s = 13421773/2^24 (both in units of 2^-24):
  // P = (-c, -s), D = (s + c, s - c) = (23488103, 3355443); along = -(P.D) = c(s+c) + s(s-c) = c^2 + s^2.
  // |D|^2 = 2(c^2 + s^2) so t = 1/2: the closest point is the midpoint ((s - c)/2, (-s - c)/2),
  // d0^2 = (c^2 + s^2)/2, all in units of 2^-24 (squares: 2^-48).
  const long long c = 10066330;
  const long long s = 13421773;
  const Rational unit = two(-24);
  expectAnswer(shape({{1, 0}, {0, 1}}, 0, 0, 0, 0.6f, 0.8f), shape({{0, 0}}), Relation::Separated,
               q(c * c + s * s, 2) * unit * unit, q(s - c, 2) * unit, q(-s - c, 2) * unit);
  // A quarter turn c = 0, s = 1 of the unit square moved to (4, 0): world [3,4] x [0,1]. B = [0,1]^2.
  // M = B - A = [-4,-2] x [-1,1], closest (-2, 0).
  expectAnswer(shape({{0, 0}, {1, 0}, {1, 1}, {0, 1}}, 0, 4, 0, 0, 1), box(0, 0, 1, 1), Relation::Separated,
               q(4), q(-2), q(0));
}

TEST(OracleSolve, SubnormalCoordinatesAreExact) {
  // A = {origin}, B = {(t, 0), (t, t)} with t = 2^-149: M is a vertical segment at x = t, closest (t, 0).
  const float t = 1e-45f;
  expectAnswer(shape({{0, 0}}), shape({{t, 0}, {t, t}}), Relation::Separated, two(-298), two(-149), q(0));
  // With radius t on A: r = t = d0, touching exactly.
  expectAnswer(shape({{0, 0}}, t), shape({{t, 0}, {t, t}}), Relation::Touching, two(-298), two(-149), q(0));
  // c = t applied to x = t: world (2^-298, 0). M = {(-2^-298, 0)}, d0^2 = 2^-596.
  expectAnswer(shape({{t, 0}}, 0, 0, 0, t, 0), shape({{0, 0}}), Relation::Separated, two(-596), -two(-298),
               q(0));
  // Subnormal squares 2t apart: A = [0,t]^2, B = [3t,4t] x [0,t]; closest (2t, 0), d0^2 = 4 t^2.
  expectAnswer(box(0, 0, t, t), box(3 * t, 0, 4 * t, t), Relation::Separated, q(4) * two(-298),
               q(2) * two(-149), q(0));
  const ExactAnswer answer = solveByHull(box(0, 0, t, t), box(3 * t, 0, 4 * t, t));
  EXPECT_EQ(answer.scale, q(4) * two(-149));
  EXPECT_EQ(distanceDecimal(answer), "2.802596928649634141847459166579832262561e-45");  // 2^-148
}

TEST(OracleSolve, HugeCoordinatesAreExact) {
  // M = {(2^127 - 2^126, 2^127)} = {(2^126, 2^127)}: d0^2 = 2^252 + 2^254 = 5 * 2^252.
  const float big = 0x1p+127f;
  const float half = 0x1p+126f;
  expectAnswer(shape({{half, 0}}), shape({{big, big}}), Relation::Separated, q(5) * two(252), two(126),
               two(127));
  // 1e38 next to a subnormal: M = {(0, 2^-149)}, exact despite the 2^275 ratio.
  expectAnswer(shape({{1e38f, 0}}), shape({{1e38f, 1e-45f}}), Relation::Separated, two(-298), q(0),
               two(-149));
  // Two huge squares that touch: A = [-2^127, 0] x [0, 2^126], B = [0, 2^127] x [0, 2^126].
  expectAnswer(box(-big, 0, 0, half), box(0, 0, big, half), Relation::Touching, q(0), q(0), q(0));
  // A rotation by c = s = 2^127 takes (2^127, 2^127) to (0, 2^255), beyond any float; B = {origin}.
  expectAnswer(shape({{big, big}}, 0, 0, 0, big, big), shape({{0, 0}}), Relation::Separated, two(510), q(0),
               -two(255));
}

TEST(OracleShapeDistance, SquaredDistanceToCore) {
  // The unit square moved to (2, 3) and turned a quarter (c = 0, s = 1): world [1,2] x [3,4].
  const InputShape square = shape({{0, 0}, {1, 0}, {1, 1}, {0, 1}}, 0.5f, 2, 3, 0, 1);
  for (const ExactPoint& vertex : worldVertices(square)) {
    EXPECT_EQ(squaredDistanceToCore(square, vertex.x, vertex.y), 0);
  }
  EXPECT_EQ(squaredDistanceToCore(square, q(3, 2), q(7, 2)), 0);  // inside
  EXPECT_EQ(squaredDistanceToCore(square, q(3, 2), q(4)), 0);     // on an edge
  // (4, 6): closest corner (2, 4), d^2 = 4 + 4 = 8.
  EXPECT_EQ(squaredDistanceToCore(square, q(4), q(6)), q(8));
  // (4/3, 1/7): closest on the bottom edge (4/3, 3), d^2 = (3 - 1/7)^2 = (20/7)^2 = 400/49.
  EXPECT_EQ(squaredDistanceToCore(square, q(4, 3), q(1, 7)), q(400, 49));
  // A point with a denominator that is not a power of two against a segment: segment (0,0)-(2,0),
  // point (1/3, 1/5): closest (1/3, 0), d^2 = 1/25.
  EXPECT_EQ(squaredDistanceToCore(shape({{0, 0}, {2, 0}}), q(1, 3), q(1, 5)), q(1, 25));
  // Subnormal shape: a point at (2^-149, 0) and the query at (0, 2^-149): d^2 = 2^-297.
  EXPECT_EQ(squaredDistanceToCore(shape({{1e-45f, 0}}), q(0), two(-149)), two(-297));
  // distanceToShape: (5, 7/2) is 3 from the edge x = 2, minus the radius 0.5.
  EXPECT_EQ(distanceToShape(square, q(5), q(7, 2)), HighPrecision(2.5));
  EXPECT_EQ(distanceToShape(square, q(2), q(7, 2)), 0);
  EXPECT_EQ(distanceToShape(square, q(5, 2), q(7, 2)), 0);  // inside the rounded rim
}

TEST(OracleHighPrecision, SquareRootAndDistance) {
  EXPECT_EQ(squareRoot(q(9, 4)), HighPrecision(1.5));
  EXPECT_EQ(squareRoot(q(0)), 0);
  EXPECT_THROW(squareRoot(q(-1)), std::invalid_argument);
  const HighPrecision root2 = squareRoot(q(2));
  EXPECT_LT(abs(root2 * root2 - 2), HighPrecision("1e-98"));
  // M = {(1,1)}: d0 = sqrt(2).
  const ExactAnswer answer = solveByHull(shape({{0, 0}}), shape({{1, 1}}));
  EXPECT_EQ(distanceDecimal(answer), "1.414213562373095048801688724209698078570");
  EXPECT_EQ(distanceDecimal(answer, 30), "1.41421356237309504880168872421");
  EXPECT_EQ(distanceDecimal(answer, 10), "1.41421356237309504880168872421");  // raised to 30 digits
  EXPECT_EQ(distanceDecimal(answer, 120),
            "1.41421356237309504880168872420969807856967187537694807317667973799073247846210703885038753432"
            "764157273501384623091229702");
  // With radius 1.25: sqrt(2) - 1.25 = 0.16421356237309504880168872420969807856967...
  const ExactAnswer rounded = solveByHull(shape({{0, 0}}, 1), shape({{1, 1}}, 0.25f));
  EXPECT_EQ(distanceDecimal(rounded), "0.1642135623730950488016887242096980785697");
  // Near cancellation: d0 = sqrt(2), r = the float just below sqrt(2); the answer needs the
  // (d^2 - r^2) / (d + r) form to keep 40 digits. r = 0x1.6a09e6p+0 = 11863283 / 2^23.
  const ExactAnswer close = solveByHull(shape({{0, 0}}, 0x1.6a09e6p+0f), shape({{1, 1}}));
  EXPECT_EQ(close.relation, Relation::Separated);
  // sqrt(2) - 11863283/2^23 = 2.42032342089579387242096980785696...e-8 (Python's decimal, 300 digits).
  EXPECT_EQ(distanceDecimal(close, 30), "2.42032342089579387242096980786e-8");
}

TEST(OracleDecimal, RoundsExactRationalsCorrectly) {
  EXPECT_EQ(decimalString(q(0)), "0");
  EXPECT_EQ(decimalString(q(1, 3), 5), "0.33333");
  EXPECT_EQ(decimalString(q(2, 3), 5), "0.66667");
  EXPECT_EQ(decimalString(q(-1, 8)), "-0.125");
  EXPECT_EQ(decimalString(q(5)), "5");
  EXPECT_EQ(decimalString(q(-250)), "-250");
  EXPECT_EQ(decimalString(q(5, 4), 2), "1.2");    // a tie, to even
  EXPECT_EQ(decimalString(q(27, 20), 2), "1.4");  // 1.35, a tie, to even
  EXPECT_EQ(decimalString(q(-27, 20), 2), "-1.4");
  EXPECT_EQ(decimalString(q(1999, 200), 3), "10.0");  // 9.995 rounds up to the next power of ten
  EXPECT_EQ(decimalString(q(123456), 3), "1.23e+5");  // more integer digits than asked for
  EXPECT_EQ(decimalString(q(1, 1000000)), "0.000001");
  EXPECT_EQ(decimalString(q(1, 10000000)), "1e-7");
  EXPECT_EQ(decimalString(q(1, 3), 3), "0.333");
  EXPECT_EQ(decimalString(q(1, 30000000), 3), "3.33e-8");
  Integer tenTo90 = 1;
  for (int i = 0; i < 90; ++i) {
    tenTo90 *= 10;
  }
  EXPECT_EQ(decimalString(Rational(Integer(1), tenTo90)), "1e-90");
  EXPECT_EQ(decimalString(Rational(Integer(1234), tenTo90 * 1000)), "1.234e-90");
  EXPECT_EQ(decimalString(Rational(Integer(-1), tenTo90 * 3), 4), "-3.333e-91");
  EXPECT_EQ(decimalString(Rational(tenTo90)), "1e+90");
  EXPECT_EQ(decimalString(two(-149), 10), "1.401298464e-45");
  EXPECT_EQ(decimalString(two(127)), "1.70141183460469231731687303715884105728e+38");  // exact: 39 digits
  EXPECT_EQ(decimalString(two(127), 5), "1.7014e+38");
  EXPECT_EQ(decimalString(q(123456789, 1000), 40), "123456.789");
  EXPECT_THROW(decimalString(q(1), 0), std::invalid_argument);
}

TEST(OracleDecimal, RationalStringIsExact) {
  EXPECT_EQ(rationalString(q(3, 4)), "3/4");
  EXPECT_EQ(rationalString(q(6, 8)), "3/4");
  EXPECT_EQ(rationalString(q(5)), "5");
  EXPECT_EQ(rationalString(q(-7, 2)), "-7/2");
  EXPECT_EQ(rationalString(q(0)), "0");
  EXPECT_EQ(rationalString(two(-3)), "1/8");
}

TEST(OracleDecimal, RelationNames) {
  EXPECT_STREQ(relationName(Relation::Separated), "separated");
  EXPECT_STREQ(relationName(Relation::Touching), "touching");
  EXPECT_STREQ(relationName(Relation::Overlapping), "overlapping");
}

TEST(OracleInput, RejectsWhatHasNoExactAnswer) {
  EXPECT_THROW(solveByHull(InputShape{}, shape({{0, 0}})), std::invalid_argument);
  EXPECT_THROW(solveWithoutHull(shape({{0, 0}}), InputShape{}), std::invalid_argument);
  EXPECT_THROW(solveByHull(shape({{std::numeric_limits<float>::infinity(), 0}}), shape({{0, 0}})),
               std::invalid_argument);
  EXPECT_THROW(solveWithoutHull(shape({{0, 0}}, -1), shape({{0, 0}})), std::invalid_argument);
}

}  // namespace
}  // namespace gjk::oracle
