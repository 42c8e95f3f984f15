// Each stop rule and region test of `epa` (core/strategies/epa.h) at its constant and one step of float on
// each side: the separated and rounded-only tests on GJK's core distance d (FLT_EPSILON and rA + rB), the
// growing of a segment (a support strictly beyond its line), the expansion's no-progress tolerance
// (n.s - n.a <= 4 FLT_EPSILON max(|a|, |b|, |s|), at equality), duplicate-support, the closest edge's tie
// rule, the silhouette step's strict left turn and the depth's clamp at 0. Every case is built so that its
// quantities are exact in float and derived by hand below; scripts/mutation-test (tests/core/mutants.txt)
// changes each comparison and constant and checks that a test here fails.
//
// The cap (MAX_EXPANSIONS = 64 insertions) is not reached by any input: M = B - A of two polygons of at
// most 16 vertices has at most 32 vertices, every insertion adds a support pair the polytope does not hold
// (a held pair stops on duplicate-support) and the polytope stays convex (a dropped vertex lies on the new
// edge, so, rounding aside, it is never past an edge again), so fewer than 32 insertions happen. The cap's mutants in tests/core/mutants.txt survive for that reason (stated in the report of the
// mutation test, not hidden).
#include <gtest/gtest.h>

#include "test_shapes.h"

#include <cmath>

#include "core/strategies/epa.h"

namespace {

using namespace gjk;
using namespace gjk::test_support;

PenetrationOutput<float> penetrate(const DistanceInput<float>& input) {
  PenetrationOutput<float> out;
  EpaStrategy::penetration(input, &out);
  return out;
}

float up(float x) { return std::nextafter(x, 2 * x + 1); }
float down(float x) { return std::nextafter(x, 0.0f); }

// A point at the origin (radius rA) against a point at (x, 0) (radius rB): perp GJK's core distance is
// |w| = sqrt(x * x) = x exactly (x a power of two or one float from it: x * x and its root are exact or
// correctly rounded back to x).
DistanceInput<float> points(float x, float rA, float rB) {
  return makeInput(polygon({{0, 0}}, rA), polygon({{0, 0}}, rB), {x, 0});
}

// ---------------------------------------------------------------------------------------------------------
// separated: `d > rA + rB && d > FLT_EPSILON`. Without radii the second test decides: d = FLT_EPSILON and
// one float below are not separated (the cores touch at rounding level: the polytope is grown, and two
// points make no interior: degenerate-polytope, depth max(0, 0 - d) = 0); one float above is separated.
TEST(EpaBoundaries, separatedOnlyAboveFltEpsilonWithoutRadii) {
  const float eps = EPSILON<float>;
  for (float x : {down(eps), eps}) {
    PenetrationOutput<float> out = penetrate(points(x, 0, 0));
    EXPECT_TRUE(out.overlapping) << x;
    EXPECT_EQ(out.stop, PenetrationStop::DegeneratePolytope) << x;
    EXPECT_EQ(out.depth, 0.0f) << x;
  }
  PenetrationOutput<float> above = penetrate(points(up(eps), 0, 0));
  EXPECT_FALSE(above.overlapping);
  EXPECT_EQ(above.stop, PenetrationStop::Separated);
}

// With radii 1/2 + 1/2 the first test decides: d = 1 = rA + rB is touching (rounded-only, depth 1 - 1 = 0,
// normal (1, 0) from A to B); one float above is separated; one below overlaps by exactly 1 - d.
TEST(EpaBoundaries, separatedOnlyAboveTheSumOfTheRadii) {
  PenetrationOutput<float> touching = penetrate(points(1.0f, 0.5f, 0.5f));
  EXPECT_TRUE(touching.overlapping);
  EXPECT_EQ(touching.stop, PenetrationStop::RoundedOnly);
  EXPECT_EQ(touching.depth, 0.0f);
  EXPECT_EQ(touching.normal.x, 1.0f);
  EXPECT_EQ(touching.normal.y, 0.0f);

  PenetrationOutput<float> apart = penetrate(points(up(1.0f), 0.5f, 0.5f));
  EXPECT_FALSE(apart.overlapping);
  EXPECT_EQ(apart.stop, PenetrationStop::Separated);

  PenetrationOutput<float> within = penetrate(points(down(1.0f), 0.5f, 0.5f));
  EXPECT_TRUE(within.overlapping);
  EXPECT_EQ(within.stop, PenetrationStop::RoundedOnly);
  EXPECT_EQ(within.depth, 1.0f - down(1.0f));
}

// rounded-only: `d > FLT_EPSILON` (cores apart, within the radii). With radius 1 on B: d = FLT_EPSILON and
// one below go to the polytope (two points: degenerate-polytope, depth rA + rB - d = 1 - d); one float
// above is rounded-only with the same depth 1 - d.
TEST(EpaBoundaries, roundedOnlyOnlyAboveFltEpsilon) {
  const float eps = EPSILON<float>;
  for (float x : {down(eps), eps}) {
    PenetrationOutput<float> out = penetrate(points(x, 0, 1));
    EXPECT_TRUE(out.overlapping) << x;
    EXPECT_EQ(out.stop, PenetrationStop::DegeneratePolytope) << x;
    EXPECT_EQ(out.depth, 1.0f - x) << x;
  }
  PenetrationOutput<float> above = penetrate(points(up(eps), 0, 1));
  EXPECT_TRUE(above.overlapping);
  EXPECT_EQ(above.stop, PenetrationStop::RoundedOnly);
  EXPECT_EQ(above.depth, 1.0f - up(eps));
  EXPECT_EQ(above.normal.x, 1.0f);
}

// ---------------------------------------------------------------------------------------------------------
// Growing a segment: the support along the segment's left normal is taken only when it lies strictly
// beyond the segment's line (`dot(left, s - w0) > 0`). Two unit boxes touching face to face, B at (1, 0):
// M = B - A = [0, 2] x [-1, 1] has the origin on its left edge x = 0. Whatever GJK's final simplex through
// the origin is, it lies on that edge; the side of M beyond x = 0 is empty (every support there has x = 0:
// not strictly beyond), so the triangle is grown on the other side, and the expansion ends on the edge
// x = 0: depth 0 along (1, 0). Taking a support on the line instead would make a flat triangle
// (degenerate-polytope).
TEST(EpaBoundaries, growsTheTriangleOnlyFromASupportStrictlyBeyondTheLine) {
  for (Vec2<float> position : {Vec2<float>{1, 0}, Vec2<float>{0, 1}}) {
    PenetrationOutput<float> out = penetrate(makeInput(box(0.5f, 0.5f), box(0.5f, 0.5f), position));
    EXPECT_TRUE(out.overlapping);
    EXPECT_NE(out.stop, PenetrationStop::DegeneratePolytope);
    EXPECT_EQ(out.depth, 0.0f);
    EXPECT_EQ(out.normal.x, position.x);
    EXPECT_EQ(out.normal.y, position.y);
  }
}

// The depth is max(0, n.a + rA + rB): boxes FLT_EPSILON apart (B at (1 + 2^-23, 0), every vertex exact)
// are not separated (d = FLT_EPSILON is not > FLT_EPSILON), the origin lies 2^-23 outside M, so the closest
// edge's signed distance is -2^-23 and the depth is clamped to 0, not negative.
TEST(EpaBoundaries, depthIsClampedAtZeroWhenTheOriginIsJustOutside) {
  PenetrationOutput<float> out = penetrate(makeInput(box(0.5f, 0.5f), box(0.5f, 0.5f), {1 + 0x1p-23f, 0}));
  EXPECT_TRUE(out.overlapping);
  EXPECT_NE(out.stop, PenetrationStop::DegeneratePolytope);
  EXPECT_EQ(out.depth, 0.0f);
  EXPECT_EQ(out.normal.x, 1.0f);
}

// ---------------------------------------------------------------------------------------------------------
// no-progress: `n.s - n.a <= 4 FLT_EPSILON max(|a|inf, |b|inf, |s|inf)`. A is a point at the origin, so M is
// B's vertex list: a = (-1, -1/2), s = (0, y), b = (1, -1/2) and c = (0, 2). GJK's final triangle is a b c
// (the origin is inside it; s is never a support GJK needs), whose closest edge is a b: n = (0, -1) exactly
// (a horizontal edge of length 2), n.a = 1/2. The support along n is s, n.s = -y, and max(|a|, |b|, |s|) = 1
// (a's and b's x), so the tolerance is 4 * 2^-23 = 2^-21 exactly and n.s - n.a = -y - 1/2 is exact.
//   y = -1/2 - 2^-21: exactly at the tolerance: no-progress, depth n.a = 1/2, normal (0, 1);
//   one float nearer (-1/2 - 2^-21 + 2^-24): below it: no-progress, the same answer;
//   one float further (-1/2 - 2^-21 - 2^-24): s is inserted, the new closest edge (a s or s b) lies beyond
//     1/2: depth > 1/2, and the expansion ends on the repeated support (duplicate-support).
DistanceInput<float> pastTheBottomEdgeBy(float y) {
  return makeInput(polygon({{0, 0}}), polygon({{-1, -0.5f}, {0, y}, {1, -0.5f}, {0, 2}}), {0, 0});
}

TEST(EpaBoundaries, noProgressAtTheToleranceAndBelowNotAbove) {
  const float y = -0.5f - 0x1p-21f;
  ASSERT_EQ(-y - 0.5f, 4 * EPSILON<float>);
  for (float at : {y, std::nextafter(y, 0.0f)}) {
    PenetrationOutput<float> out = penetrate(pastTheBottomEdgeBy(at));
    EXPECT_TRUE(out.overlapping) << at;
    EXPECT_EQ(out.stop, PenetrationStop::NoProgress) << at;
    EXPECT_EQ(out.depth, 0.5f) << at;
    EXPECT_EQ(out.normal.x, 0.0f) << at;
    EXPECT_EQ(out.normal.y, 1.0f) << at;
  }
  PenetrationOutput<float> further = penetrate(pastTheBottomEdgeBy(std::nextafter(y, -1.0f)));
  EXPECT_TRUE(further.overlapping);
  EXPECT_EQ(further.stop, PenetrationStop::DuplicateSupport);
  EXPECT_GT(further.depth, 0.5f);
  EXPECT_LT(further.depth, 0.5f + 0x1p-20f);
}

// duplicate-support: the bar of penetration_test.cpp (a 4 x 1 bar across a unit square, 1/4 up): M = B - A
// is the box [-5/2, 5/2] x [-3/4, 5/4]; the expansion reaches its bottom face (distance 3/4) and the support
// along that face's normal is a vertex the polytope already holds (the face's own end): the expansion
// stops there on duplicate-support, before the no-progress test (whose gap, 0, would stop it too). A pair
// sharing only A's vertex or only B's vertex with a polytope vertex is not a repeat: M's vertices share
// them four at a time.
TEST(EpaBoundaries, stopsOnARepeatedSupportPairBeforeTheToleranceTest) {
  PenetrationOutput<float> out = penetrate(makeInput(box(0.5f, 0.5f), box(2.0f, 0.5f), {0, 0.25f}));
  EXPECT_TRUE(out.overlapping);
  EXPECT_EQ(out.stop, PenetrationStop::DuplicateSupport);
  EXPECT_EQ(out.depth, 0.75f);
  EXPECT_EQ(out.normal.y, 1.0f);
}

// ---------------------------------------------------------------------------------------------------------
// The closest edge: the smallest signed distance n.a, the first on ties (`dist < best`). A square centred on
// the origin, counter-clockwise from (-1, -1): its four edges are all at distance 1, so edge 0 (bottom,
// n = (0, -1)) is chosen; with the top vertex pair moved down to y = 1/2, edge 2 (top) is strictly nearest.
epa::Polytope<float> polytopeOf(std::initializer_list<Vec2<float>> points) {
  epa::Polytope<float> p;
  int i = 0;
  for (Vec2<float> w : points) {
    p.v[p.count].w = w;
    p.v[p.count].indexA = 0;
    p.v[p.count].indexB = i++;
    ++p.count;
  }
  return p;
}

TEST(EpaBoundaries, closestEdgeIsTheFirstOfEqualDistances) {
  epa::Edge<float> tie = epa::closestEdge(polytopeOf({{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}));
  EXPECT_EQ(tie.index, 0);
  EXPECT_EQ(tie.distance, 1.0f);
  EXPECT_EQ(tie.normal.x, 0.0f);
  EXPECT_EQ(tie.normal.y, -1.0f);

  epa::Edge<float> nearer = epa::closestEdge(polytopeOf({{-1, -1}, {1, -1}, {1, 0.5f}, {-1, 0.5f}}));
  EXPECT_EQ(nearer.index, 2);
  EXPECT_EQ(nearer.distance, 0.5f);
}

// The silhouette step after inserting s between v0 and v1 of the square (-1, -1), (1, -1), (1, 1), (-1, 1):
// a neighbour of s is kept only on a strict left turn (cross > 0; every cross product here is a small
// integer, exact).
//   s = (0, -3): both neighbours turn left (cross 2 and 2): nothing dropped, 5 vertices;
//   s = (1, -3): s, v1, v2 on the line x = 1 (cross 0 after s): v1 dropped, 4 vertices;
//   s = (-1, -3): v3, v0, s on the line x = -1 (cross 0 before s): v0 dropped, 4 vertices;
//   s = (2, -3): v1 a right turn (cross -2): dropped, then v2 turns left (cross 8): 4 vertices.
TEST(EpaBoundaries, silhouetteStepKeepsOnlyStrictLeftTurns) {
  struct Case {
    Vec2<float> s;
    int count;
    Vec2<float> dropped;
  };
  const Case cases[] = {{{0, -3}, 5, {9, 9}}, {{1, -3}, 4, {1, -1}}, {{-1, -3}, 4, {-1, -1}}, {{2, -3}, 4, {1, -1}}};
  for (const Case& c : cases) {
    epa::Polytope<float> p = polytopeOf({{-1, -1}, {1, -1}, {1, 1}, {-1, 1}});
    SimplexVertex<float> s;
    s.w = c.s;
    s.indexA = 1;
    s.indexB = 9;
    p.insertAfter(0, s);
    int at = p.dropVisible(1);
    EXPECT_EQ(p.count, c.count) << c.s.x;
    EXPECT_TRUE(p.v[at].w == c.s) << c.s.x;
    for (int i = 0; i < p.count; ++i) {
      EXPECT_FALSE(p.v[i].w == c.dropped) << c.s.x;
      Vec2<float> a = p.v[i].w, b = p.v[(i + 1) % p.count].w, d = p.v[(i + 2) % p.count].w;
      EXPECT_GT(cross(b - a, d - b), 0.0f) << c.s.x << " at " << i;  // convex, counter-clockwise
    }
  }
}

}  // namespace
