// Each region test of `sat` (core/strategies/sat.h) on both sides of its comparison: separating-axis
// (`overlap + rA + rB < 0`, strict: touching overlaps at depth 0), the first axis of least overlap on ties,
// the normal's sign on forward == backward, the hull's strict turns (collinear points dropped on both
// chains), the point axis's nearest vertex (first on ties), which shape gives the incident vertex (the axes
// of A against those of B) and the first of equally deep incident vertices. Every quantity below is exact
// in float and derived by hand; scripts/mutation-test (tests/core/mutants.txt) changes each comparison and
// checks that a test here fails.
#include <gtest/gtest.h>

#include "test_shapes.h"

#include <cmath>

#include "core/strategies/sat.h"

namespace {

using namespace gjk;
using namespace gjk::test_support;

PenetrationOutput<float> penetrate(const DistanceInput<float>& input) {
  PenetrationOutput<float> out;
  SatStrategy::penetration(input, &out);
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// separating-axis: `overlap + rA + rB < 0`. Two unit boxes, B at (x, 0): on the axis (1, 0) (A's second
// edge normal) the overlap is 1/2 - (x - 1/2) = 1 - x, exact for x near 1.
//   x = 1: overlap 0, not < 0: least-overlap, depth 0, normal (1, 0) (the axis of least overlap: the other
//     axes overlap by 1);
//   x one float above: overlap -2^-23 < 0: separating-axis on that axis, overlapping = false;
//   x one float below: overlap 2^-24: least-overlap with depth 2^-24.
// With radii 1/4 + 1/4 the same holds at x = 3/2 (overlap -1/2 + 1/2 = 0).
TEST(SatBoundaries, separatingAxisOnlyBelowZeroOverlap) {
  PenetrationOutput<float> touching = penetrate(makeInput(box(0.5f, 0.5f), box(0.5f, 0.5f), {1, 0}));
  EXPECT_TRUE(touching.overlapping);
  EXPECT_EQ(touching.stop, PenetrationStop::LeastOverlap);
  EXPECT_EQ(touching.depth, 0.0f);
  EXPECT_EQ(touching.normal.x, 1.0f);
  EXPECT_EQ(touching.normal.y, 0.0f);

  PenetrationOutput<float> apart =
      penetrate(makeInput(box(0.5f, 0.5f), box(0.5f, 0.5f), {std::nextafter(1.0f, 2.0f), 0}));
  EXPECT_FALSE(apart.overlapping);
  EXPECT_EQ(apart.stop, PenetrationStop::SeparatingAxis);
  EXPECT_EQ(apart.depth, -0x1p-23f);

  const float below = std::nextafter(1.0f, 0.0f);
  PenetrationOutput<float> overlapping = penetrate(makeInput(box(0.5f, 0.5f), box(0.5f, 0.5f), {below, 0}));
  EXPECT_TRUE(overlapping.overlapping);
  EXPECT_EQ(overlapping.stop, PenetrationStop::LeastOverlap);
  EXPECT_EQ(overlapping.depth, 0x1p-24f);

  Proxy<float> a = box(0.5f, 0.5f);
  Proxy<float> b = box(0.5f, 0.5f);
  a.radius = 0.25f;
  b.radius = 0.25f;
  PenetrationOutput<float> rounded = penetrate(makeInput(a, b, {1.5f, 0}));
  EXPECT_TRUE(rounded.overlapping);
  EXPECT_EQ(rounded.stop, PenetrationStop::LeastOverlap);
  EXPECT_EQ(rounded.depth, 0.0f);
  PenetrationOutput<float> roundedApart = penetrate(makeInput(a, b, {std::nextafter(1.5f, 2.0f), 0}));
  EXPECT_FALSE(roundedApart.overlapping);
  EXPECT_EQ(roundedApart.stop, PenetrationStop::SeparatingAxis);
}

// ---------------------------------------------------------------------------------------------------------
// Ties. Two coincident unit boxes: every one of the 8 axes overlaps by 1 with forward = backward = 1. The
// hull of each starts at (-1/2, -1/2) (Andrew's chain: the lowest x, then the lowest y) and goes
// counter-clockwise, so A's first axis is the bottom edge's normal (0, -1):
//   the first axis of least overlap (`overlap < best`) is that axis; on forward <= backward the normal is
//     +n = (0, -1); depth 1;
//   the axis is A's, so the contact comes from B's vertex deepest along -normal = (0, 1): B's top vertices
//     (1/2, 1/2) (hull index 2) and (-1/2, 1/2) (index 3) tie, the first is taken: pointB = (1/2, 1/2),
//     pointA = pointB + depth normal = (1/2, -1/2).
TEST(SatBoundaries, coincidentBoxesTakeTheFirstAxisAndTheFirstIncidentVertex) {
  PenetrationOutput<float> out = penetrate(makeInput(box(0.5f, 0.5f), box(0.5f, 0.5f), {0, 0}));
  EXPECT_TRUE(out.overlapping);
  EXPECT_EQ(out.stop, PenetrationStop::LeastOverlap);
  EXPECT_EQ(out.depth, 1.0f);
  EXPECT_EQ(out.normal.x, 0.0f);
  EXPECT_EQ(out.normal.y, -1.0f);
  EXPECT_EQ(out.pointB.x, 0.5f);
  EXPECT_EQ(out.pointB.y, 0.5f);
  EXPECT_EQ(out.pointA.x, 0.5f);
  EXPECT_EQ(out.pointA.y, -0.5f);
  EXPECT_EQ(out.iterations, 8);
}

// Which shape gives the incident vertex: `bestAxis < axesOfA`. A diamond (4 axes of A: indices 0-3) pokes
// 1/4 into the bottom face of a 4 x 4 box B centred at (0, 9/4). B's hull starts at (-2, 1/4), so its first
// axis (index 4 = axesOfA, the first of B's) is the bottom face's normal (0, -1), on which A spans
// [-1/2, 1/2] and B [-17/4, -1/4]: forward 19/4, backward 1/4: overlap 1/4, normal -n = (0, 1). The
// diamond's own axes overlap by about 1.59 (9/4 / sqrt(2) + 1/(2 sqrt(2))), B's side faces by 5/2, and its
// top face (index 6) ties at 1/4 but comes later. The best axis is B's first, so the contact comes from A's
// vertex deepest along +normal: (0, 1/2) = pointA, pointB = pointA - 1/4 normal = (0, 1/4).
TEST(SatBoundaries, theFirstAxisOfBTakesTheIncidentVertexFromA) {
  Proxy<float> diamond = polygon({{0.5f, 0}, {0, 0.5f}, {-0.5f, 0}, {0, -0.5f}});
  PenetrationOutput<float> out = penetrate(makeInput(diamond, box(2.0f, 2.0f), {0, 2.25f}));
  EXPECT_TRUE(out.overlapping);
  EXPECT_EQ(out.depth, 0.25f);
  EXPECT_EQ(out.normal.x, 0.0f);
  EXPECT_EQ(out.normal.y, 1.0f);
  EXPECT_EQ(out.pointA.x, 0.0f);
  EXPECT_EQ(out.pointA.y, 0.5f);
  EXPECT_EQ(out.pointB.x, 0.0f);
  EXPECT_EQ(out.pointB.y, 0.25f);
}

// ---------------------------------------------------------------------------------------------------------
// The hull keeps strict left turns only (`cross <= 0` pops): a square with a point in the middle of its
// bottom edge (lower chain) and one in the middle of its top edge (upper chain), both collinear (cross 0,
// exact): the hull is the 4 corners. Moved one float outwards each, the two points are strict turns and
// stay: 6 vertices.
TEST(SatBoundaries, hullDropsCollinearPointsOnBothChainsAndKeepsStrictTurns) {
  sat::Hull<float> collinear =
      sat::worldHull(polygon({{0, 0}, {1, 0}, {2, 0}, {2, 2}, {1, 2}, {0, 2}}), Transform<float>{});
  EXPECT_EQ(collinear.count, 4);
  for (int i = 0; i < collinear.count; ++i) EXPECT_NE(collinear.v[i].x, 1.0f) << i;

  const float below = std::nextafter(0.0f, -1.0f);
  const float above = std::nextafter(2.0f, 3.0f);
  sat::Hull<float> strict =
      sat::worldHull(polygon({{0, 0}, {1, below}, {2, 0}, {2, 2}, {1, above}, {0, 2}}), Transform<float>{});
  EXPECT_EQ(strict.count, 6);
}

// The point axis: from a point hull to the nearest vertex of the other hull, the first on ties (`d < best`).
// The point (0, 1) above a unit box is equally near its two top vertices, (1/2, 1/2) at hull index 2 and
// (-1/2, 1/2) at index 3 (squared distance 1/2 each, exact): the axis goes to the first, (1/2, -1/2)/|.|.
// Moved 2^-20 to the left, the point is strictly nearer (-1/2, 1/2) (squared distances 1/2 -+ 2^-20 after
// rounding): the axis goes there.
TEST(SatBoundaries, pointAxisGoesToTheFirstOfEquallyNearVertices) {
  sat::Hull<float> square = sat::worldHull(box(0.5f, 0.5f), Transform<float>{});
  ASSERT_EQ(square.count, 4);
  ASSERT_TRUE(square.v[2] == (Vec2<float>{0.5f, 0.5f}));
  ASSERT_TRUE(square.v[3] == (Vec2<float>{-0.5f, 0.5f}));

  sat::Hull<float> point;
  point.v[point.count++] = {0, 1};
  Vec2<float> axis;
  ASSERT_EQ(sat::pointAxis(point, square, &axis), 1);
  EXPECT_GT(axis.x, 0.0f);
  EXPECT_EQ(axis.x, -axis.y);

  point.v[0] = {-0x1p-20f, 1};
  ASSERT_EQ(sat::pointAxis(point, square, &axis), 1);
  EXPECT_LT(axis.x, 0.0f);
}

}  // namespace
