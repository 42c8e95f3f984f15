// Strategy `vdb` (core/strategies/vdb.h): van den Bergen's GJK with Johnson's sub-algorithm, as SOLID
// implements it. Johnson's subset search on the seven regions of a triangle, the relative and absolute
// stopping rules and their bound, exact answers on integer boxes, and degenerate input.
#include <gtest/gtest.h>

#include "test_shapes.h"

#include <cfloat>
#include <cmath>

#include "core/strategies/perp.h"
#include "core/strategies/vdb.h"

namespace {

using namespace gjk;

using namespace gjk::test_support;

// A Johnson simplex holding the triangle P0 = (0, 0), P1 = (4, 0), P2 = (0, 4) seen from the query point
// q: the points are y_i = P_i - q, so the origin plays q. All three are kept in W as they are added (the
// strategy would let closest() choose), so every subset's cofactors are cached. Integers: exact.
JohnsonSimplex<float> triangleSeenFrom(Vec2<float> q) {
  const Vec2<float> corners[3] = {{0, 0}, {4, 0}, {0, 4}};
  JohnsonSimplex<float> s;
  for (int i = 0; i < 3; ++i) {
    SimplexVertex<float> v;
    v.w = corners[i] - q;
    v.wB = v.w;
    v.indexB = i;
    s.addVertex(v);
    s.bits = s.allBits;  // keep every point
  }
  return s;
}

// Johnson's search over every nonempty subset of W u {w}, largest bit mask first (SOLID without
// FAST_CLOSEST; the book's plain statement of Johnson's algorithm): the reference the seven regions are
// checked with. Not what the strategy runs (JohnsonSimplex::closest, FAST_CLOSEST).
bool closestAnySubset(JohnsonSimplex<float>& s, Vec2<float>* v) {
  for (unsigned subset = s.allBits; subset != 0; --subset) {
    if (JohnsonSimplex<float>::subseteq(subset, s.allBits) && s.valid(subset)) {
      s.bits = subset;
      s.computeVector(s.bits, v);
      return true;
    }
  }
  return false;
}

TEST(VdbTolerances, areSolidsDefaultsInTheScalar) {
  EXPECT_EQ(VdbTolerances<float>::REL_ERROR, 1.0e-3f);
  EXPECT_EQ(VdbTolerances<float>::REL_ERROR2, 1.0e-3f * 1.0e-3f);
  EXPECT_EQ(VdbTolerances<float>::TOL_ERROR, FLT_EPSILON);
  EXPECT_EQ(VdbTolerances<double>::REL_ERROR2, 1.0e-3 * 1.0e-3);
  EXPECT_EQ(VdbTolerances<double>::TOL_ERROR, DBL_EPSILON);
  EXPECT_TRUE(std::isfinite(VdbTolerances<float>::INITIAL_DIST2));
}

// Johnson's sub-algorithm, the plain search over every subset: for each of the seven regions of the
// triangle, the valid subset is the region's feature and v(aff X) is the exact closest point.
TEST(Johnson, picksTheRightSubsetForEachOfTheSevenTriangleRegions) {
  struct Region {
    const char* name;
    Vec2<float> q;
    unsigned bits;
    Vec2<float> v;  // closest point of the triangle minus q
  };
  const Region regions[] = {
      {"vertex P0", {-1, -1}, 0x1, {1, 1}}, {"vertex P1", {5, -1}, 0x2, {-1, 1}},
      {"vertex P2", {-1, 5}, 0x4, {1, -1}}, {"edge P0P1", {2, -1}, 0x3, {0, 1}},
      {"edge P0P2", {-1, 2}, 0x5, {1, 0}},  {"edge P1P2", {3, 3}, 0x6, {-1, -1}},
      {"interior", {1, 1}, 0x7, {0, 0}},
  };
  for (const Region& r : regions) {
    JohnsonSimplex<float> s = triangleSeenFrom(r.q);
    ASSERT_FALSE(s.isAffinelyDependent()) << r.name;
    Vec2<float> v;
    ASSERT_TRUE(closestAnySubset(s, &v)) << r.name;
    EXPECT_EQ(s.bits, r.bits) << r.name;
    EXPECT_EQ(v, r.v) << r.name << " v = (" << v.x << ", " << v.y << ")";
  }
}

// The fast search (FAST_CLOSEST, what the strategy runs) only tries subsets with the last point, P2
// here: it agrees with the full search on the four regions that contain P2, and finds nothing on the
// three that do not, a state GJK cannot reach in exact arithmetic (the new support is always in the new
// W). The backup procedure then takes the proper subset nearest the origin, which is still the region's
// feature.
TEST(Johnson, fastSearchNeedsTheLastPointAndTheBackupCoversTheRest) {
  const Vec2<float> withLast[] = {{-1, 5}, {-1, 2}, {3, 3}, {1, 1}};
  for (Vec2<float> q : withLast) {
    JohnsonSimplex<float> full = triangleSeenFrom(q);
    JohnsonSimplex<float> fast = triangleSeenFrom(q);
    Vec2<float> vFull;
    Vec2<float> vFast;
    ASSERT_TRUE(closestAnySubset(full, &vFull));
    fast.bits = 0x3;  // W before the last point was added
    ASSERT_TRUE(fast.closest(&vFast));
    EXPECT_EQ(fast.bits, full.bits);
    EXPECT_EQ(vFast, vFull);
  }
  struct Case {
    Vec2<float> q;
    unsigned bits;
    Vec2<float> v;
  };
  const Case withoutLast[] = {{{-1, -1}, 0x1, {1, 1}}, {{5, -1}, 0x2, {-1, 1}}, {{2, -1}, 0x3, {0, 1}}};
  for (const Case& c : withoutLast) {
    JohnsonSimplex<float> s = triangleSeenFrom(c.q);
    s.bits = 0x3;
    Vec2<float> v;
    EXPECT_FALSE(s.closest(&v));
    s.backupClosest(&v);
    EXPECT_EQ(s.bits, c.bits);
    EXPECT_EQ(v, c.v);
  }
}

// The cofactors are the book's: for a triangle, Delta_i(Y) = lambda_i (2 area)^2, so their sum is
// (2 area)^2 and vanishes exactly for collinear points (the affine-dependence test).
TEST(Johnson, cofactorsOfATriangleSumToTheSquaredDoubleAreaAndVanishWhenCollinear) {
  JohnsonSimplex<float> s = triangleSeenFrom({1, 1});
  float sum = s.det[0x7][0] + s.det[0x7][1] + s.det[0x7][2];
  EXPECT_EQ(sum, 16.0f * 16.0f);             // 2 area = 16
  EXPECT_EQ(s.det[0x7][2], 0.25f * 256.0f);  // lambda_2 = 1/4 at q = (1, 1)

  JohnsonSimplex<float> line;
  const Vec2<float> points[3] = {{-1, 1}, {3, 1}, {1, 1}};
  for (Vec2<float> p : points) {
    SimplexVertex<float> v;
    v.w = p;
    line.addVertex(v);
    line.bits = line.allBits;
  }
  EXPECT_TRUE(line.isAffinelyDependent());
}

// Integer boxes: every support point, cofactor and coordinate is exact, so the distance and the witness
// points are exact.
TEST(Vdb, returnsTheExactDistanceOnIntegerBoxes) {
  struct Case {
    Vec2<float> positionB;
    float distance;
  };
  const Case cases[] = {
      {{4, 0}, 2}, {{4, 1}, 2}, {{0, 5}, 3.5f}, {{-7, 0.5f}, 5}, {{5, 4}, std::sqrt(15.25f)}};
  for (const Case& c : cases) {
    DistanceInput<float> input = makeInput(box(1.0f, 1.0f), box(1.0f, 0.5f), c.positionB);
    DistanceOutput<float> out = query<VdbStrategy>(input);
    EXPECT_EQ(out.distance, c.distance) << c.positionB.x << " " << c.positionB.y;
    EXPECT_EQ(out.distance, query<PerpStrategy>(input).distance);
    EXPECT_EQ(distance(out.pointA, out.pointB), out.distance);
    EXPECT_NE(out.termination, Termination::IterationCap);
  }
  // Face to face, 2 apart: the witness points are on the facing edges, at the same height. The last
  // support is a new point of the same Minkowski edge (another vertex pair), so |v|^2 - v.w = 0: the
  // relative rule ends it, not the duplicate test (SOLID compares the points, not the index pairs).
  DistanceOutput<float> out = query<VdbStrategy>(makeInput(box(1.0f, 1.0f), box(1.0f, 1.0f), {4, 0.5f}));
  EXPECT_EQ(out.termination, Termination::RelativeGap);
  EXPECT_EQ(out.pointA.x, 1.0f);
  EXPECT_EQ(out.pointB.x, 3.0f);
  EXPECT_EQ(out.pointA.y, out.pointB.y);
}

// The relative rule |v|^2 - v.w <= REL_ERROR2 |v|^2 and its guarantee. A is a point at the origin and B
// a box whose near edge y = 1 has a vertex bulging toward the origin by delta: the distance is 1 - delta.
// After the edge (v = (0, 1)) the new support is the bulge w = (0, 1 - delta), with |v|^2 - v.w = delta.
// delta = 2^-21 (~4.8e-7) <= 1e-6: the loop stops there with 1, an error delta <= REL_ERROR2 |v| (the
// book's bound: v.w / |v| is a lower bound of the distance). delta = 2^-19 (~1.9e-6): it goes on and
// returns 1 - delta exactly.
TEST(Vdb, relativeTerminationStopsWithinItsBound) {
  for (float delta : {0x1p-21f, 0x1p-19f}) {
    Proxy<float> b = polygon({{-1, 1}, {1, 1}, {0, 1 - delta}, {1, 3}, {-1, 3}});
    DistanceInput<float> input = makeInput(polygon({{0, 0}}), b, {0, 0});
    TraceStep<float> steps[40];
    Trace<float> trace{steps, 40, 0};
    DistanceOutput<float> out = query<VdbStrategy>(input, &trace);
    float exact = 1 - delta;
    if (delta <= VdbTolerances<float>::REL_ERROR2) {
      EXPECT_EQ(out.termination, Termination::RelativeGap);
      EXPECT_EQ(out.distance, 1.0f);
      // The stopping step: its W gives v, its support w.
      const TraceStep<float>& last = steps[trace.count - 1];
      Vec2<float> v = -last.direction;
      float gap = lengthSquared(v) - dot(v, last.support.w);
      EXPECT_LE(gap, VdbTolerances<float>::REL_ERROR2 * lengthSquared(v));
      EXPECT_LE(out.distance - exact, VdbTolerances<float>::REL_ERROR2 * out.distance);
    } else {
      EXPECT_NE(out.termination, Termination::RelativeGap);
      EXPECT_EQ(out.distance, exact);
    }
  }
}

// Overlap: the simplex becomes the full triangle around the origin; the distance is 0 and the witness
// points (the origin's barycentric combination of the supports) agree.
TEST(Vdb, overlappingShapesEndOnTheFullSimplexWithDistanceZero) {
  DistanceOutput<float> out =
      query<VdbStrategy>(makeInput(box(1.0f, 1.0f), box(1.0f, 1.0f), {0.5f, 0.25f}, false));
  EXPECT_EQ(out.termination, Termination::Containment);
  EXPECT_EQ(out.simplexCount, 3);
  EXPECT_EQ(out.distance, 0.0f);
  EXPECT_NEAR(out.pointA.x, out.pointB.x, 1e-6f);
  EXPECT_NEAR(out.pointA.y, out.pointB.y, 1e-6f);
}

// The absolute rule: touching boxes put the origin exactly on a Minkowski edge, v = 0 exactly and
// |v|^2 = 0 <= TOL_ERROR max |y|^2.
TEST(Vdb, touchingShapesEndOnTheAbsoluteRule) {
  DistanceOutput<float> out =
      query<VdbStrategy>(makeInput(box(1.0f, 1.0f), box(1.0f, 1.0f), {2, 0.5f}, false));
  EXPECT_EQ(out.termination, Termination::AbsoluteGap);
  EXPECT_EQ(out.distance, 0.0f);
  EXPECT_EQ(out.pointA, out.pointB);
}

// Regression story: found by a random sweep of float segment pairs (world frame). The Minkowski
// difference of two segments is a parallelogram; here the new support w lies so nearly on the line of
// the current segment W that the rounded Delta(W u {w}) = sum of cofactors is <= 0, and SOLID's
// isAffinelyDependent stops with the previous v: 1.68097 where the distance is 1.68086 (7e-5 relative).
// The same input in double sees a proper triangle, goes on and stops by a duplicate support with the
// right answer.
TEST(Vdb, nearlyCollinearSupportStopsOnAffineDependenceWithThePreviousV) {
  Proxy<float> a = polygon({{-0x1.585eep-4f, 0x1.e48b88p-1f}, {-0x1.e0486cp-2f, -0x1.5cfd38p-1f}});
  Proxy<float> b = polygon({{-0x1.886ad6p+0f, 0x1.0ff928p+1f}, {-0x1.e7051ap+0f, 0x1.1f3398p-1f}});
  DistanceInput<float> input = makeInput(a, b, {0, 0});
  DistanceOutput<float> out = query<VdbStrategy>(input);
  DistanceOutput<float> perp = query<PerpStrategy>(input);
  EXPECT_EQ(out.termination, Termination::AffinelyDependent);
  EXPECT_GT(out.distance - perp.distance, 1e-4f);
  EXPECT_LT(out.distance - perp.distance, 2e-4f);

  DistanceInput<double> inDouble;
  for (int i = 0; i < 2; ++i) {
    inDouble.proxyA.vertices[i] = {a.vertices[i].x, a.vertices[i].y};
    inDouble.proxyB.vertices[i] = {b.vertices[i].x, b.vertices[i].y};
  }
  inDouble.proxyA.count = 2;
  inDouble.proxyB.count = 2;
  DistanceOutput<double> outDouble = query<VdbStrategy>(inDouble);
  EXPECT_EQ(outDouble.termination, Termination::SupportInSimplex);
  EXPECT_NEAR(outDouble.distance, double(perp.distance), 1e-6);
}

// Known open, behind gtest's DISABLED_ switch (run with --gtest_also_run_disabled_tests). Found by a
// sweep at scale 1e-10: a pentagon A around a point B, coordinates ~1e-10. The query ends on the full
// triangle with the right distance 0, but the triangle's cofactors are degree 4 in the coordinates
// (~1e-40, subnormal in float), so compute_points' s = 1 / sum overflows to inf and inf * 0 makes the
// witness points NaN. This is SOLID's own arithmetic in float (s = 1/sum, p *= s); the same case scaled by
// 2^33 (exact) is finite, so `vdb+scaled` answers it. Kept as a reproduction, not fixed, to stay faithful.
TEST(Vdb, DISABLED_witnessPointsStayFiniteWhenTheTriangleCofactorsAreSubnormal) {
  Proxy<float> a = polygon({{-0x1.b528e4p-39f, -0x1.9e2568p-34f},
                            {-0x1.04e3ap-35f, 0x1.ab61e4p-34f},
                            {-0x1.b36a6ep-36f, -0x1.6b8e5ap-34f},
                            {0x1.a7438ep-34f, 0x1.a87e3p-36f},
                            {-0x1.5519ecp-34f, -0x1.77a7dcp-34f}});
  Proxy<float> b = polygon({{-0x1.99fb74p-36f, -0x1.88c25ap-34f}});
  DistanceOutput<float> out = query<VdbStrategy>(makeInput(a, b, {0, 0}, false));
  EXPECT_EQ(out.distance, 0.0f);
  EXPECT_TRUE(finite(out)) << out.pointA.x << " " << out.pointA.y;
}

// Degenerate input: collinear segments, points, the same point, repeated vertices. Finite and right.
TEST(Vdb, degenerateAndCollinearInputGivesFiniteAnswers) {
  DistanceOutput<float> collinear =
      query<VdbStrategy>(makeInput(polygon({{-1, 0}, {1, 0}}), polygon({{0, 0}, {2, 0}}), {2, 0}));
  EXPECT_TRUE(finite(collinear));
  EXPECT_EQ(collinear.distance, 1.0f);

  DistanceOutput<float> points = query<VdbStrategy>(makeInput(polygon({{0, 0}}), polygon({{0, 0}}), {3, 4}));
  EXPECT_TRUE(finite(points));
  EXPECT_EQ(points.distance, 5.0f);

  // The same point: w = 0, v = 0, the absolute rule.
  DistanceOutput<float> same = query<VdbStrategy>(makeInput(polygon({{1, 1}}), polygon({{1, 1}}), {0, 0}));
  EXPECT_TRUE(finite(same));
  EXPECT_EQ(same.distance, 0.0f);
  EXPECT_EQ(same.termination, Termination::AbsoluteGap);

  DistanceOutput<float> repeated = query<VdbStrategy>(makeInput(
      polygon({{-1, -1}, {1, -1}, {1, -1}, {0, 0}, {1, 1}, {-1, 1}, {-1, 1}}), box(1.0f, 1.0f), {4, 0.5f}));
  EXPECT_TRUE(finite(repeated));
  EXPECT_EQ(repeated.distance, 2.0f);

  // A segment through a box, along a line of the Minkowski points: overlap.
  DistanceOutput<float> crossing =
      query<VdbStrategy>(makeInput(box(1.0f, 1.0f), polygon({{-3, 0.5f}, {3, 0.5f}}), {0.25f, 0}));
  EXPECT_TRUE(finite(crossing));
  EXPECT_EQ(crossing.distance, 0.0f);
}

// Radii as SOLID applies margins: along v, by the margins over |v|.
TEST(Vdb, radiiMoveTheWitnessPointsAlongV) {
  DistanceInput<float> input = makeInput(box(1.0f, 1.0f), box(1.0f, 1.0f), {4, 0.5f});
  input.proxyA.radius = 0.25f;
  input.proxyB.radius = 0.5f;
  DistanceOutput<float> out = query<VdbStrategy>(input);
  EXPECT_EQ(out.distance, 1.25f);
  EXPECT_EQ(out.pointA.x, 1.25f);
  EXPECT_EQ(out.pointB.x, 2.5f);

  input.proxyB.radius = 2;  // the rounded shapes overlap
  out = query<VdbStrategy>(input);
  EXPECT_EQ(out.distance, 0.0f);
  EXPECT_EQ(out.pointA, out.pointB);
}

// Templated on the scalar: the double instantiation is exact on the integer boxes too.
TEST(Vdb, doubleInstantiationAgrees) {
  DistanceOutput<double> out =
      query<VdbStrategy>(makeInput(box<double>(1.0, 1.0), box<double>(1.0, 0.5), Vec2<double>{5, 4}));
  EXPECT_EQ(out.distance, std::sqrt(15.25));
}

}  // namespace

namespace {

using namespace gjk;
using namespace gjk::test_support;

// A point A at the origin against the two points b0, b1 of B (B - A = B). vdb's first support (along v = 0)
// is b0 (first vertex on ties), so v = b0, dist2 = |b0|^2; the second is the vertex minimizing b.v.
DistanceOutput<float> pointAgainstTwoPoints(Vec2<float> b0, Vec2<float> b1) {
  return query<VdbStrategy>(makeInput(polygon({{0, 0}}), polygon({b0, b1}), {0, 0}));
}

// The relative stop `dist2 - delta <= dist2 * rel_error2` (DT_Convex.cpp closest_points, DT_Accuracy.cpp:
// rel_error2 = 1e-3f * 1e-3f = 0x1.0c6f7cp-20, so dist2 * rel_error2 = 2 rel_error2 = 33.55 * 2^-24).
// b0 = (1, 1), v = b0, dist2 = 2; b1 = (1, 1 - g): delta = 2 - g, dist2 - delta = g, all exact for the
// nearest representable gaps on either side: g = 32 * 2^-24 stops (relative-gap), g = 34 * 2^-24 does not.
TEST(VdbStopRules, relativeGapJustBelowAndJustAboveRelError2) {
  DistanceOutput<float> below = pointAgainstTwoPoints({1, 1}, {1, 1 - 32 * 0x1p-24f});
  EXPECT_EQ(below.termination, Termination::RelativeGap);
  EXPECT_EQ(below.iterations, 2);
  DistanceOutput<float> above = pointAgainstTwoPoints({1, 1}, {1, 1 - 34 * 0x1p-24f});
  EXPECT_NE(above.termination, Termination::RelativeGap);
  EXPECT_GT(above.iterations, 2);
}

// The absolute stop, the loop condition `dist2 > tol_error * maxVertex()` (tol_error = MT_EPSILON = 2^-23):
// B the segment (-1, h) (1, h). After the second support W is the segment, v = (2 y0 + 2 y1) * (1 / 4) =
// (0, h) exactly, dist2 = fl(h h), maxVertex = fl(1 + h h). h = 0x1.6a09e8p-12: h h rounds to
// 0x1.000002p-23 and 2^-23 fl(1 + h h) = 2^-23 (1 + 2^-23) = 0x1.000002p-23: equal, not greater:
// absolute-gap. One float more, h = 0x1.6a09eap-12: h h = 0x1.000006p-23 > 0x1.000002p-23: the loop goes
// on, and the next support (along (0, -h), a tie, so b0) is already in W: support-in-simplex.
TEST(VdbStopRules, absoluteGapExactlyOnTolErrorTimesMaxVertexAndJustAbove) {
  const float at = 0x1.6a09e8p-12f;
  DistanceOutput<float> on = pointAgainstTwoPoints({-1, at}, {1, at});
  EXPECT_EQ(on.termination, Termination::AbsoluteGap);
  EXPECT_EQ(on.distance, at);
  const float above = 0x1.6a09eap-12f;
  DistanceOutput<float> beyond = pointAgainstTwoPoints({-1, above}, {1, above});
  EXPECT_EQ(beyond.termination, Termination::SupportInSimplex);
  EXPECT_EQ(beyond.distance, above);
}

}  // namespace

namespace {

using namespace gjk;
using namespace gjk::test_support;

// isAffinelyDependent (DT_GJK.h:73-86): the cofactor sum of W u {w} <= 0. A = (-2,-3) (1,2) (2,0),
// B = (-1,-1) (2, 4 + e). The run: w0 = (1, 2) (vertex 0 of each, v = 0), w1 = (-2, -3), then along -v the
// new support w = (4, 7 + e) (A's vertex 0, B's vertex 1). For e = 0 the three points are collinear,
// w - w0 = (3, 5) = -(w1 - w0): the triangle's cofactors are exact small integers whose sum (the doubled
// area squared) is exactly 0: affinely-dependent, the boundary itself. With w off that line by e = -2^-8
// the area is 3 * 2^-8 and the sum is positive, above the rounding of its terms: the loop goes on and
// ends on support-in-simplex at another distance. (Between, e = -2^-10 is still called dependent in float:
// the squared area 9 * 2^-20 is below the rounding of cofactor terms of size ~1e3.)
TEST(VdbStopRules, affineDependenceExactlyOnACollinearSupportAndOffIt) {
  auto run = [](float e) {
    return query<VdbStrategy>(
        makeInput(polygon({{-2, -3}, {1, 2}, {2, 0}}), polygon({{-1, -1}, {2, 4 + e}}), {0, 0}));
  };
  DistanceOutput<float> on = run(0);
  EXPECT_EQ(on.termination, Termination::AffinelyDependent);
  EXPECT_EQ(on.iterations, 3);
  DistanceOutput<float> off = run(-0x1p-8f);
  EXPECT_EQ(off.termination, Termination::SupportInSimplex);
  EXPECT_NE(off.distance, on.distance);
}

}  // namespace
