// The 3D verdict's exact parts (oracle/oracle3.h): the squared distance from a reported point to a shape's
// core, the errors in units u and the exact threshold decision, on hand-worked values; and the point
// distance against the 3D oracle itself (the point as a one-vertex shape) on random shapes.
#include "oracle/oracle3.h"
#include "tests/oracle/input_shapes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>

namespace gjk::oracle {
namespace {

using test_support::box3;
using test_support::shape3;

TEST(Witness3, squaredDistanceToTheUnitCubeInEachRegion) {
  const InputShape3 cube = box3(1, 1, 1);  // [0, 1]^3
  EXPECT_EQ(squaredDistanceToCore3(cube, 2, 0.5, 0.5), 1);      // face region
  EXPECT_EQ(squaredDistanceToCore3(cube, 2, 2, 0.5), 2);        // edge region
  EXPECT_EQ(squaredDistanceToCore3(cube, -1, -1, -1), 3);       // vertex region
  EXPECT_EQ(squaredDistanceToCore3(cube, 0.5, 0.5, -0.25), Rational(1, 16));
  EXPECT_EQ(squaredDistanceToCore3(cube, 0.5, 0.25, 0.75), 0);  // inside
  EXPECT_EQ(squaredDistanceToCore3(cube, 1, 1, 1), 0);          // a vertex
}

// 2^-k as an exact rational.
Rational powerOfTwo(int k) {
  Rational result = 1;
  return k >= 0 ? Rational(Integer(1) << k) : result / Rational(Integer(1) << -k);
}

TEST(Witness3, aDoublePointIsTakenExactlyBelowTheShapesGrain) {
  const InputShape3 cube = box3(1, 1, 1);
  // 1 + 2^-52 is a double but not a float: the distance is 2^-52, its square 2^-104.
  EXPECT_EQ(squaredDistanceToCore3(cube, 1 + 0x1p-52, 0.5, 0.5), powerOfTwo(-104));
  // A subnormal double against a point at the origin.
  EXPECT_EQ(squaredDistanceToCore3(shape3({{0, 0, 0}}), 0x1p-1070, 0, 0), powerOfTwo(-2140));
}

TEST(Witness3, rotationsAndPositionsArePartOfTheCore) {
  // A segment from (0,0,0) to (1,0,0), turned a quarter about z (q = (s, 0, 0, s) rounds: use the exact
  // matrix of q = (0, 0, 0, 1), a half turn: x -> -x, y -> -y) and moved to (5, 0, 0): from (4, 0, 0) to (5, 0, 0).
  const InputShape3 segment = shape3({{0, 0, 0}, {1, 0, 0}}, 0, {5, 0, 0}, 0, 0, 0, 1);
  EXPECT_EQ(squaredDistanceToCore3(segment, 0, 0, 0), 16);
  EXPECT_EQ(squaredDistanceToCore3(segment, 4.5, 3, 4), 25);
}

TEST(Witness3, nonFiniteCoordinatesAreRefused) {
  EXPECT_THROW(squaredDistanceToCore3(box3(1, 1, 1), std::nan(""), 0, 0), std::invalid_argument);
  EXPECT_THROW(squaredDistanceToCore3(box3(1, 1, 1), 0, INFINITY, 0), std::invalid_argument);
}

// The point as a one-vertex shape B: the oracle's d0^2 is the squared distance from the point to A's core.
TEST(Witness3, agreesWithTheOracleOnAPointShape) {
  std::mt19937 generator(23);
  std::uniform_int_distribution<int> lattice(-64, 64), count(1, 12), exponent(-8, 8);
  const float quaternions[][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0.6f, 0.8f, 0, 0}, {0.5f, 0.5f, 0.5f, 0.5f}};
  for (int trial = 0; trial < 300; ++trial) {
    const float scale = std::ldexp(1.0f, exponent(generator));
    std::vector<InputPoint3> vertices(count(generator));
    for (InputPoint3& v : vertices) {
      v = {scale * lattice(generator), scale * lattice(generator), scale * lattice(generator)};
    }
    const float* q = quaternions[trial % 4];
    const InputShape3 a = shape3(vertices, 0, {scale * lattice(generator), 0, scale * lattice(generator)}, q[0], q[1],
                                 q[2], q[3]);
    const InputPoint3 p{scale * lattice(generator) / 3.0f, scale * lattice(generator), scale * lattice(generator)};
    const ExactAnswer3 answer = solveByHull3(a, shape3({p}));
    EXPECT_EQ(squaredDistanceToCore3(a, p.x, p.y, p.z), answer.coreDistanceSquared) << "trial " << trial;
  }
}

TEST(Witness3, errorsInUnitsOfUnitCubesOneApart) {
  const InputShape3 a = box3(1, 1, 1);
  const InputShape3 b = box3(1, 1, 1, {2, 0, 0});
  const ExactAnswer3 exact = solveByHull3(a, b);
  ASSERT_EQ(exact.coreDistanceSquared, 1);
  ASSERT_EQ(exact.scale, 3);  // |v.x| + |p.x| of B's far corners
  Rational unit = exact.scale;
  unit /= Rational(Integer(1) << 24);
  ReportedAnswer3 right;
  right.distance = 1;
  right.pointA[0] = 1, right.pointA[1] = 0.5, right.pointA[2] = 0;  // on the facing edges' bottom
  right.pointB[0] = 2, right.pointB[1] = 0.5, right.pointB[2] = 0;
  const ErrorsInUnits none = errorsInUnits3(a, b, exact, unit, right);
  EXPECT_EQ(none.distanceError, 0);
  EXPECT_EQ(none.witnessError, 0);
  EXPECT_EQ(none.witnessGap, 0);
  // Off by 2^-20: 2^-20 / (3 * 2^-24) = 16 / 3 u. The point on B moved below B by 2^-20 along z: the same witness
  // error; the gap grows by sqrt(1 + 2^-40) - 1 = 2^-41 (1 - 2^-42 + ...), i.e. 2^-17 / 3 u less a relative 2^-42.
  ReportedAnswer3 off = right;
  off.distance = 1 + 0x1p-20;
  off.pointB[2] = -0x1p-20;
  const ErrorsInUnits errors = errorsInUnits3(a, b, exact, unit, off);
  EXPECT_NEAR(errors.distanceError, 16.0 / 3.0, 1e-14);
  EXPECT_NEAR(errors.witnessError, 16.0 / 3.0, 1e-14);
  EXPECT_NEAR(errors.witnessGap, std::ldexp(1.0, -17) / 3.0, 1e-17);
  EXPECT_LT(errors.witnessGap, std::ldexp(1.0, -17) / 3.0);
  // A merged point at B's face: its distance to the nearer shape, B, is 0.
  ReportedAnswer3 merged = right;
  merged.merged = true;
  for (int k = 0; k < 3; ++k) merged.pointA[k] = merged.pointB[k];
  EXPECT_EQ(errorsInUnits3(a, b, exact, unit, merged).witnessError, 0);
}

TEST(Witness3, distanceExceedsIsExactAtTheThreshold) {
  const ExactAnswer3 exact = solveByHull3(box3(1, 1, 1), box3(1, 1, 1, {2, 0, 0}));  // D = 1
  const Rational unit(1, 64);
  EXPECT_FALSE(distanceExceeds3(exact, unit, 64));  // D = 64 u exactly
  EXPECT_TRUE(distanceExceeds3(exact, unit, 63.999999999999));
  // Radii: D = 1 - 0.25 - 0.25 = 0.5 = 32 u.
  const ExactAnswer3 rounded = solveByHull3(box3(1, 1, 1, {}, 0.25f), box3(1, 1, 1, {2, 0, 0}, 0.25f));
  EXPECT_FALSE(distanceExceeds3(rounded, unit, 32));
  EXPECT_TRUE(distanceExceeds3(rounded, unit, 31));
  EXPECT_THROW(distanceExceeds3(exact, unit, -1), std::invalid_argument);
}

}  // namespace
}  // namespace gjk::oracle
