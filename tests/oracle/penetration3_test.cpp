// The 3D penetration verdict's exact parts (oracle/oracle3.h penetrationDepth3, overlapAlong3) on hand-worked
// boxes, then against each other on random rotated shapes: the overlap along the answer's own minimal normal is
// the depth, and along any other direction it is not less.
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

// A = [0, 2]^3, B = [0, 2]^3 moved by (1.5, 0.25, 0): M = [-0.5, 3.5] x [-1.75, 2.25] x [-2, 2], the origin in
// its interior, nearest face x = -0.5: depth 0.5 along (1, 0, 0).
const InputShape3 A = box3(2, 2, 2);
const InputShape3 B = box3(2, 2, 2, {1.5f, 0.25f, 0});

TEST(Penetration3, depthOfEachRelation) {
  EXPECT_EQ(penetrationDepth3(solveByHull3(A, B)), HighPrecision(0.5));
  // Cubes 1 apart along x: -1 (minus the distance); with radii 0.75 each: 1.5 - 1 = 0.5; face to face: 0.
  EXPECT_EQ(penetrationDepth3(solveByHull3(A, box3(2, 2, 2, {3, 0, 0}))), HighPrecision(-1));
  EXPECT_EQ(penetrationDepth3(solveByHull3(box3(2, 2, 2, {}, 0.75f), box3(2, 2, 2, {3, 0, 0}, 0.75f))),
            HighPrecision(0.5));
  EXPECT_EQ(penetrationDepth3(solveByHull3(A, box3(2, 2, 2, {2, 0.5f, 0}))), HighPrecision(0));
  // The overlapping cubes with radii 0.25 and 0.125: 0.5 + 0.375.
  EXPECT_EQ(penetrationDepth3(solveByHull3(box3(2, 2, 2, {}, 0.25f), box3(2, 2, 2, {1.5f, 0.25f, 0}, 0.125f))),
            HighPrecision(0.875));
}

TEST(Penetration3, overlapAlongHandWorkedDirections) {
  EXPECT_EQ(overlapAlong3(A, B, 1, 0, 0), HighPrecision(0.5));
  EXPECT_EQ(overlapAlong3(A, B, 8, 0, 0), HighPrecision(0.5));  // normalized
  EXPECT_EQ(overlapAlong3(A, B, -1, 0, 0), HighPrecision(3.5));
  EXPECT_EQ(overlapAlong3(A, B, 0, 1, 0), HighPrecision(1.75));  // max a.y - min b.y = 2 - 0.25
  EXPECT_EQ(overlapAlong3(A, B, 0, 0, -1), HighPrecision(2));
  // (1, 1, 0): max a.(x + y) = 4, min b.(x + y) = 1.75: 2.25 / sqrt 2, i.e. sqrt(81/32).
  EXPECT_EQ(overlapAlong3(A, B, 1, 1, 0), squareRoot(Rational(81, 32)));
  // Separated along n: B at (3, 0, 0) along (1, 0, 0) overlaps by 2 - 3 = -1.
  EXPECT_EQ(overlapAlong3(A, box3(2, 2, 2, {3, 0, 0}), 1, 0, 0), HighPrecision(-1));
  // The radii add.
  EXPECT_EQ(overlapAlong3(box3(2, 2, 2, {}, 0.25f), box3(2, 2, 2, {1.5f, 0.25f, 0}, 0.125f), 1, 0, 0),
            HighPrecision(0.875));
}

TEST(Penetration3, overlapAlongRefusesAZeroOrNonFiniteDirection) {
  EXPECT_THROW(overlapAlong3(A, B, 0, 0, 0), std::invalid_argument);
  EXPECT_THROW(overlapAlong3(A, B, 1, NAN, 0), std::invalid_argument);
  EXPECT_THROW(overlapAlong3(A, B, INFINITY, 0, 0), std::invalid_argument);
}

// Random rotated boxes and tetrahedra with radii, overlapping or not: overlapAlong3 along the exact minimal
// normal (when its integer components are doubles) equals penetrationDepth3 to high precision, and along random
// directions it is never less.
TEST(Penetration3, theDepthIsTheLeastOverlap) {
  std::mt19937 random(2323);
  // Dyadic numbers of few bits (sixteenths; quaternions in eighths), so that the exact normals' primitive integer
  // components stay small enough to be doubles.
  std::uniform_int_distribution<int> sixteenths(-16, 16);
  const auto coordinate = [&] { return sixteenths(random) / 16.0f; };
  const auto unitInterval = [&] { return (sixteenths(random) + 16) / 32.0f; };
  int checkedNormals = 0;
  for (int k = 0; k < 60; ++k) {
    std::vector<InputPoint3> va, vb;
    for (int i = 0; i < 5; ++i) va.push_back({coordinate(), coordinate(), coordinate()});
    for (int i = 0; i < 5; ++i) vb.push_back({coordinate(), coordinate(), coordinate()});
    const InputShape3 a = shape3(va, 0.125f * unitInterval(), {}, 1, std::round(4 * coordinate()) / 8);
    const auto eighth = [&] { return std::round(4 * coordinate()) / 8; };  // -1/2 .. 1/2 in eighths
    const InputShape3 b = shape3(vb, 0.125f * unitInterval(), {eighth(), eighth(), eighth()}, 1, 0, eighth(), 0);
    const ExactAnswer3 exact = solveByHull3(a, b);
    const HighPrecision depth = penetrationDepth3(exact);
    const HighPrecision slack("1e-25");  // the relative rounding of two ~330-bit square roots, far above it
    if (exact.originInInterior) {
      const ExactPoint3& n = exact.penetrationNormal;
      const double nx = n.x.convert_to<double>(), ny = n.y.convert_to<double>(), nz = n.z.convert_to<double>();
      if (exactDouble(nx) == n.x && exactDouble(ny) == n.y && exactDouble(nz) == n.z) {
        EXPECT_LE(HighPrecision(abs(HighPrecision(overlapAlong3(a, b, nx, ny, nz) - depth))), slack) << k;
        ++checkedNormals;
      }
    }
    for (int j = 0; j < 40; ++j) {
      const double nx = coordinate(), ny = coordinate(), nz = coordinate();
      if (nx == 0 && ny == 0 && nz == 0) continue;
      EXPECT_GE(overlapAlong3(a, b, nx, ny, nz), HighPrecision(depth - slack)) << k << " " << j;
    }
  }
  EXPECT_GT(checkedNormals, 5);
}

}  // namespace
}  // namespace gjk::oracle
