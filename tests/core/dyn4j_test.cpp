// Strategies `dyn4j` (double) and `dyn4j-f32` (core/strategies/dyn4j.h): dyn4j's Gjk.distance, the two-point simplex. What dyn4j's
// code guarantees or documents, and what its absolute tolerances do in float.
#include <gtest/gtest.h>

#include "test_shapes.h"

#include <cfloat>
#include <cmath>

#include "core/strategies/dyn4j.h"
#include "core/strategies/perp.h"

namespace {

using namespace gjk;

using namespace gjk::test_support;

// Epsilon.E is what dyn4j's Epsilon.compute() loop returns (the unit roundoff, half of machine epsilon),
// and DEFAULT_DISTANCE_EPSILON is its square root. The same loop run in T gives our translation.
TEST(Dyn4jTolerances, areDyn4jsOwnDefinitionsRunInTheScalar) {
  EXPECT_EQ(Dyn4jTolerances<double>::E, dyn4jComputeEpsilon<double>());
  EXPECT_EQ(Dyn4jTolerances<double>::E, DBL_EPSILON / 2);
  EXPECT_EQ(Dyn4jTolerances<double>::E, 1.1102230246251565e-16);  // dyn4j's Epsilon.E
  EXPECT_EQ(Dyn4jTolerances<double>::DISTANCE_EPSILON, std::sqrt(Dyn4jTolerances<double>::E));
  EXPECT_EQ(Dyn4jTolerances<double>::DISTANCE_EPSILON, 1.0536712127723509e-8);  // dyn4j's default

  EXPECT_EQ(Dyn4jTolerances<float>::E, dyn4jComputeEpsilon<float>());
  EXPECT_EQ(Dyn4jTolerances<float>::E, FLT_EPSILON / 2);
  EXPECT_EQ(Dyn4jTolerances<float>::DISTANCE_EPSILON, std::sqrt(Dyn4jTolerances<float>::E));
  EXPECT_EQ(Dyn4jTolerances<float>::DISTANCE_EPSILON, 0x1p-12f);
}

// The two-point simplex reaches the distance the Box2D loop (perp) reaches on separated convex shapes.
// Integer boxes: both exact. Rotated polygons: within float rounding of each other.
TEST(Dyn4j, twoPointSimplexGivesPerpsDistanceOnSeparatedBoxesAndPolygons) {
  const Vec2<float> offsets[] = {{4, 0.5f}, {0, 5}, {-6, -1}, {3, 3}, {-2.5f, 4}, {7, -7}};
  for (Vec2<float> offset : offsets) {
    DistanceInput<float> input = makeInput(box(1.0f, 1.0f), box(1.0f, 0.5f), offset);
    DistanceOutput<float> dyn = query<Dyn4jF32Strategy>(input);
    DistanceOutput<float> perp = query<PerpStrategy>(input);
    EXPECT_EQ(dyn.distance, perp.distance) << offset.x << " " << offset.y;
    EXPECT_NE(dyn.termination, Termination::IterationCap);
  }

  Proxy<float> hexagon = polygon(
      {{1, 0}, {0.5f, 0.8660254f}, {-0.5f, 0.8660254f}, {-1, 0}, {-0.5f, -0.8660254f}, {0.5f, -0.8660254f}});
  Proxy<float> triangle = polygon({{0, 1}, {-1, -0.5f}, {1.2f, -0.7f}});
  for (int k = 0; k < 12; ++k) {
    float angle = 0.5f * float(k);
    DistanceInput<float> input =
        makeInput(hexagon, triangle, {3 * std::cos(angle), 3 * std::sin(angle) + 0.25f});
    input.transformB.q = {std::cos(1.7f * angle), std::sin(1.7f * angle)};
    DistanceOutput<float> dyn = query<Dyn4jF32Strategy>(input);
    DistanceOutput<float> perp = query<PerpStrategy>(input);
    ASSERT_GT(perp.distance, 0.1f);
    EXPECT_NEAR(dyn.distance, perp.distance, 4 * FLT_EPSILON * 4) << "k " << k;  // scale ~4, a few ulps
  }
}

// The exact run on two boxes 2 apart, as dyn4j's code does it: two supports along the centre
// difference, two loop iterations, and the stop by projection progress once the new support c does not
// advance along d (c.d - a.d = 0 < sqrt(E)). The witness comes from the segment's support points.
TEST(Dyn4j, stopsByProjectionProgressWithWitnessFromTheSegment) {
  DistanceInput<float> input = makeInput(box(1.0f, 1.0f), box(1.0f, 1.0f), {4, 0.5f});
  TraceStep<float> steps[40];
  Trace<float> trace{steps, 40, 0};
  DistanceOutput<float> out = query<Dyn4jF32Strategy>(input, &trace);

  EXPECT_EQ(out.termination, Termination::ProjectionProgress);
  EXPECT_EQ(out.distance, 2.0f);
  EXPECT_EQ(out.pointA.x, 1.0f);
  EXPECT_EQ(out.pointB.x, 3.0f);
  EXPECT_EQ(out.pointA.y, 0.25f);  // a + l2 (b - a) with l2 = 3/8, exact
  EXPECT_EQ(out.pointB.y, 0.25f);
  EXPECT_EQ(out.iterations, 4);  // 2 supports before the loop, 2 in it
  EXPECT_EQ(out.simplexCount, 2);

  ASSERT_EQ(trace.count, 4);
  EXPECT_EQ(steps[0].simplex.count, 0);  // support a along d = cA - cB
  EXPECT_EQ(steps[0].direction, (Vec2<float>{-4, -0.5f}));
  EXPECT_EQ(steps[1].simplex.count, 1);  // support b along -d
  for (int i = 2; i < 4; ++i) {
    const TraceStep<float>& s = steps[i];
    ASSERT_EQ(s.simplex.count, 2);
    ASSERT_TRUE(s.hasSupport);
    // dyn4j's test, with d not normalized: c.d - a.d against sqrt(E).
    float progress = dot(s.support.w, s.direction) - dot(s.simplex.v[0].w, s.direction);
    if (i < 3) {
      EXPECT_GE(progress, Dyn4jTolerances<float>::DISTANCE_EPSILON);
    } else {
      EXPECT_LT(progress, Dyn4jTolerances<float>::DISTANCE_EPSILON);
    }
  }
}

// Overlapping shapes: the strict containsOrigin of the distance loop fires and the distance is 0. dyn4j
// returns no points there; ours are the origin's barycentric combination, so they agree and lie in both.
TEST(Dyn4j, reportsOverlapWithDistanceZero) {
  DistanceInput<float> input = makeInput(box(1.0f, 1.0f), box(1.0f, 1.0f), {0.5f, 0.25f}, false);
  DistanceOutput<float> out = query<Dyn4jF32Strategy>(input);
  EXPECT_EQ(out.termination, Termination::Containment);
  EXPECT_EQ(out.simplexCount, 3);
  EXPECT_EQ(out.distance, 0.0f);
  EXPECT_NEAR(out.pointA.x, out.pointB.x, 1e-6f);
  EXPECT_NEAR(out.pointA.y, out.pointB.y, 1e-6f);
  EXPECT_LE(std::fabs(out.pointA.x), 1.0f);
  EXPECT_LE(std::fabs(out.pointA.y), 1.0f);
  EXPECT_LE(std::fabs(out.pointB.x - 0.5f), 1.0f + 1e-6f);
  EXPECT_LE(std::fabs(out.pointB.y - 0.25f), 1.0f + 1e-6f);
}

// "A zero direction vector indicates that the center's are coincident which guarantees that the convex
// shapes are overlapping": no support point is computed at all.
TEST(Dyn4j, coincidentCentresAreOverlapWithoutASupportCall) {
  DistanceInput<float> input = makeInput(box(1.0f, 1.0f), box(3.0f, 0.5f), {0, 0});
  DistanceOutput<float> out = query<Dyn4jF32Strategy>(input);
  EXPECT_EQ(out.termination, Termination::CentresCoincide);
  EXPECT_EQ(out.iterations, 0);
  EXPECT_EQ(out.distance, 0.0f);
}

// Touching boxes (a shared edge piece, exact distance 0). After the first segment the triangle abc has
// the origin exactly on its edge ca (c x a = 0), and dyn4j's strict containsOrigin declines it; the next
// test, "the origin lies close enough to either edge" (|p1|^2 <= E), ends the query as *separated* with
// the witness of ca, whose distance is 0.
TEST(Dyn4j, touchingShapesAreNotContainmentButTheNearEdgeExitWithDistanceZero) {
  DistanceInput<float> input = makeInput(box(1.0f, 1.0f), box(1.0f, 1.0f), {2, 0.5f});
  TraceStep<float> steps[40];
  Trace<float> trace{steps, 40, 0};
  DistanceOutput<float> out = query<Dyn4jF32Strategy>(input, &trace);
  EXPECT_EQ(out.termination, Termination::EdgePointAtOrigin);
  EXPECT_EQ(out.distance, 0.0f);
  EXPECT_EQ(out.pointA.x, 1.0f);
  EXPECT_EQ(out.pointB.x, 1.0f);
  EXPECT_TRUE(finite(out));
  ASSERT_EQ(trace.count, 3);
  ASSERT_TRUE(steps[2].hasSupport);
  EXPECT_EQ(cross(steps[2].support.w, steps[2].simplex.v[0].w), 0.0f);  // c x a = 0: on the edge
}

// The absolute cutoff |d|^2 <= E in float. Boxes side by side with a gap g along x: the first segment's
// closest point is exactly (g, 0). For g = 2^-13, g^2 = 2^-26 <= E = 2^-24 and float dyn4j reports
// overlap; double (E = 2^-53) measures the gap; g = 2^-11 is measured by both. (Only the first segment
// can take this exit: every later closest point was already screened by the |p1|^2, |p2|^2 <= E tests,
// which report separation.)
TEST(Dyn4j, floatReportsOverlapBelowTheSquaredCutoffE) {
  const float smallGap = 0x1p-13f;
  DistanceOutput<float> small =
      query<Dyn4jF32Strategy>(makeInput(box(1.0f, 1.0f), box(1.0f, 1.0f), {2 + smallGap, 0}));
  EXPECT_EQ(small.termination, Termination::ClosestPointAtOrigin);
  EXPECT_EQ(small.distance, 0.0f);

  DistanceOutput<double> smallInDouble =
      query<Dyn4jStrategy>(makeInput(box<double>(1.0, 1.0), box<double>(1.0, 1.0), {2 + double(smallGap), 0.0}));
  EXPECT_EQ(smallInDouble.distance, double(smallGap));

  const float largerGap = 0x1p-11f;
  DistanceOutput<float> larger =
      query<Dyn4jF32Strategy>(makeInput(box(1.0f, 1.0f), box(1.0f, 1.0f), {2 + largerGap, 0}));
  EXPECT_EQ(larger.distance, largerGap);
}

// The progress test compares c.d - a.d with sqrt(E), but d = -p is not normalized: the tolerance on the
// progress in length is sqrt(E) / |p|. A is a point at the origin, so B - A is B. The first segments
// find the edge x = 0.01; the vertex V = (0.009, 0.2) is 0.001 nearer along d = (-0.01, 0), which gives
// c.d - a.d = 1e-5: below 2^-12 in float (stop at 0.01 where the distance is 0.00917, a 9% error), far
// above 1.05e-8 in double.
TEST(Dyn4j, progressToleranceIsInSquaredUnitsSoFloatStopsEarlyAtSmallDistances) {
  Proxy<float> point = polygon({{0, 0}});
  Proxy<float> b = polygon({{0.01f, 1}, {0.01f, -1}, {0.009f, 0.2f}, {2, 0}});
  DistanceInput<float> input = makeInput(point, b, {0, 0});
  DistanceOutput<float> dyn = query<Dyn4jF32Strategy>(input);
  DistanceOutput<float> perp = query<PerpStrategy>(input);
  EXPECT_EQ(dyn.termination, Termination::ProjectionProgress);
  EXPECT_NEAR(dyn.distance, 0.01f, 1e-6f);
  EXPECT_LT(perp.distance, 0.0092f);

  DistanceInput<double> inDouble;
  inDouble.proxyA = polygonOf<double>({{0, 0}});
  inDouble.proxyB = polygonOf<double>({{0.01f, 1}, {0.01f, -1}, {0.009f, 0.2f}, {2, 0}});
  DistanceOutput<double> dynDouble = query<Dyn4jStrategy>(inDouble);
  EXPECT_NEAR(dynDouble.distance, double(perp.distance), 1e-7);
}

// Regression story: found by a random sweep (3-gon against 4-gon, world frame). The closest point is the
// vertex b, and the support along d = -b is b itself. In exact arithmetic p1 = closest(a, c) and
// p2 = closest(c, b) are both b, a is replaced and the next iteration stops. In float p1 is computed as
// (c - a) * 1 + a, which rounds to a point a hair nearer than b, so a is kept, b is "replaced" by itself
// and the loop repeats the same iteration until its cap of 30. The answer is still right (findClosestPoints
// on the unchanged segment); the same input in double stops by progress after 5 support calls.
TEST(Dyn4j, cyclesToItsCapWhenTheRoundedEndpointLooksNearerThanTheVertex) {
  Proxy<float> a = polygon({{0x1.65984p-4f, -0x1.c22932p-1f},
                            {-0x1.d228f8p-1f, -0x1.da7edp-3f},
                            {-0x1.36f6b8p-3f, -0x1.58e758p-3f}});
  Proxy<float> b = polygon({{0x1.9ec68p-2f, 0x1.57f94cp-3f},
                            {0x1.ec634p+0f, 0x1.edc394p-3f},
                            {0x1.ef5edcp+0f, 0x1.2a444p-6f},
                            {0x1.8b3cdcp+0f, -0x1.10805p-1f}});
  DistanceInput<float> input = makeInput(a, b, {0, 0});
  DistanceOutput<float> dyn = query<Dyn4jF32Strategy>(input);
  DistanceOutput<float> perp = query<PerpStrategy>(input);
  EXPECT_EQ(dyn.termination, Termination::IterationCap);
  EXPECT_EQ(dyn.iterations, Dyn4jF32Strategy::MAX_SUPPORT_CALLS);
  EXPECT_EQ(dyn.distance, perp.distance);

  DistanceInput<double> inDouble;
  for (int i = 0; i < a.count; ++i) inDouble.proxyA.vertices[i] = {a.vertices[i].x, a.vertices[i].y};
  for (int i = 0; i < b.count; ++i) inDouble.proxyB.vertices[i] = {b.vertices[i].x, b.vertices[i].y};
  inDouble.proxyA.count = a.count;
  inDouble.proxyB.count = b.count;
  DistanceOutput<double> dynDouble = query<Dyn4jStrategy>(inDouble);
  EXPECT_EQ(dynDouble.termination, Termination::ProjectionProgress);
  EXPECT_EQ(dynDouble.iterations, 5);
}

// Degenerate input: points, collinear segments, repeated vertices. Every output is finite and right.
TEST(Dyn4j, degenerateAndCollinearInputGivesFiniteAnswers) {
  // Two segments on the x axis, 1 apart: every Minkowski point is on one line.
  DistanceOutput<float> collinear =
      query<Dyn4jF32Strategy>(makeInput(polygon({{-1, 0}, {1, 0}}), polygon({{0, 0}, {2, 0}}), {2, 0}));
  EXPECT_TRUE(finite(collinear));
  EXPECT_EQ(collinear.distance, 1.0f);

  // Point against point.
  DistanceOutput<float> points =
      query<Dyn4jF32Strategy>(makeInput(polygon({{0, 0}}), polygon({{0, 0}}), {3, 4}));
  EXPECT_TRUE(finite(points));
  EXPECT_EQ(points.distance, 5.0f);

  // The same point: the centres coincide.
  DistanceOutput<float> same = query<Dyn4jF32Strategy>(makeInput(polygon({{1, 1}}), polygon({{1, 1}}), {0, 0}));
  EXPECT_TRUE(finite(same));
  EXPECT_EQ(same.distance, 0.0f);

  // Repeated and interior vertices do not change the hull.
  DistanceOutput<float> repeated = query<Dyn4jF32Strategy>(makeInput(
      polygon({{-1, -1}, {1, -1}, {1, -1}, {0, 0}, {1, 1}, {-1, 1}, {-1, 1}}), box(1.0f, 1.0f), {4, 0.5f}));
  EXPECT_TRUE(finite(repeated));
  EXPECT_EQ(repeated.distance, 2.0f);

  // A segment crossing a box: overlap.
  DistanceOutput<float> crossing =
      query<Dyn4jF32Strategy>(makeInput(box(1.0f, 1.0f), polygon({{-3, 0.5f}, {3, 0.5f}}), {0.25f, 0}));
  EXPECT_TRUE(finite(crossing));
  EXPECT_EQ(crossing.distance, 0.0f);
}

// Radii: the core's applyRadii on dyn4j's core answer.
TEST(Dyn4j, radiiAreSubtractedAndWitnessPointsMovedToTheSurfaces) {
  DistanceInput<float> input = makeInput(box(1.0f, 1.0f), box(1.0f, 1.0f), {4, 0.5f});
  input.proxyA.radius = 0.25f;
  input.proxyB.radius = 0.5f;
  DistanceOutput<float> out = query<Dyn4jF32Strategy>(input);
  EXPECT_EQ(out.distance, 1.25f);
  EXPECT_EQ(out.pointA.x, 1.25f);
  EXPECT_EQ(out.pointB.x, 2.5f);
}

}  // namespace

namespace {

using namespace gjk;
using namespace gjk::test_support;

// The cap as the registry states it (DYN4J_MAX_SUPPORT_CALLS = 32), in double with dyn4j's own constants:
// dyn4j has no duplicate-support test, the closest vertex comes back as the support c, p1 = (c - a) t + a
// rounds a hair nearer than it, a is kept and the same iteration repeats until DEFAULT_MAX_ITERATIONS = 30
// loop iterations (Gjk.java:135), after the 2 supports before the loop. The answer is still right.
// Case: corpus/regressions/dyn4j.terminatesWithinItsCapWithFiniteResults.property.random-convex.case.
TEST(Dyn4jCap, isThirtyLoopIterationsAfterTwoSupportsInDouble) {
  DistanceInput<double> input;
  input.proxyA = polygonOf<double>({{-0x1.93p+14, 0x1.a8p+8}, {-0x1.95p+14, -0x1.354p+13}, {0x1.952p+14, -0x1.81p+12},
                                    {0x1.4cap+14, 0x1.358p+13}});
  input.proxyB = polygonOf<double>({{0x1.ep+8, -0x1.4cp+9}, {0x1.b8p+8, 0x1.88p+8}, {0x1.68p+8, 0x1.4cp+9},
                                    {-0x1.d8p+8, -0x1.2p+9}});
  input.transformA.p = {-0x1.422p+14, 0x1.61cp+13};
  input.transformB.p = {0x1.b14p+13, 0x1.6aep+14};
  input.transformB.q = {double(0x1.883c4ep-1f), double(-0x1.49151cp-1f)};
  DistanceOutput<double> out = query<Dyn4jStrategy>(input);
  EXPECT_EQ(out.termination, Termination::IterationCap);
  EXPECT_EQ(out.iterations, Dyn4jStrategy::MAX_SUPPORT_CALLS);
  EXPECT_EQ(Dyn4jStrategy::MAX_SUPPORT_CALLS, 2 + DYN4J_MAX_ITERATIONS);
  DistanceOutput<double> perp = query<PerpStrategy>(input);
  EXPECT_NEAR(out.distance, perp.distance, 1e-9 * perp.distance);
}

// The two unit squares 1e-4 apart of issue 10: dyn4j in double measures the gap; the float port's
// |p|^2 <= E = 2^-24 (a squared length: |p| <= 2^-12) calls them overlapping.
TEST(Dyn4jPrecision, unitSquaresTenThousandthApartAreMeasuredInDoubleAndOverlapInFloat) {
  Proxy<float> a = polygon({{0, 0}, {1, 0}, {1, 1}, {0, 1}});
  Proxy<float> b = polygon({{1.0001f, 0}, {2, 0}, {2, 1}, {1.0001f, 1}});
  DistanceOutput<float> f32 = query<Dyn4jF32Strategy>(makeInput(a, b, {0, 0}));
  EXPECT_EQ(f32.termination, Termination::ClosestPointAtOrigin);
  EXPECT_EQ(f32.distance, 0.0f);

  DistanceInput<double> inDouble;
  inDouble.proxyA = polygonOf<double>({{0, 0}, {1, 0}, {1, 1}, {0, 1}});
  inDouble.proxyB = polygonOf<double>({{double(1.0001f), 0}, {2, 0}, {2, 1}, {double(1.0001f), 1}});
  DistanceOutput<double> f64 = query<Dyn4jStrategy>(inDouble);
  EXPECT_EQ(f64.distance, double(1.0001f) - 1.0);  // exact: the gap of the float inputs
  EXPECT_NE(f64.termination, Termination::ClosestPointAtOrigin);
}

}  // namespace

namespace {

using namespace gjk;
using namespace gjk::test_support;

// A point at the origin against a point at p, both as double proxies.
DistanceOutput<double> pointAgainstPoint(Vec2<double> p) {
  DistanceInput<double> input;
  input.proxyA = polygonOf<double>({{0, 0}});
  input.proxyB = polygonOf<double>({p});
  return query<Dyn4jStrategy>(input);
}

// Gjk.java:427 `if (d.isZero()) return false;` with Vector2.isZero (:678) = both |x|, |y| <= Epsilon.E
// (2^-53): the centres 2^-53 apart coincide (overlap, no support call); the next double above does not, and
// the query goes on to the segment test of :441.
TEST(Dyn4jStopRules, centresCoincideUpToEpsilonEInclusive) {
  const double e = Dyn4jTolerances<double>::E;
  DistanceOutput<double> at = pointAgainstPoint({e, 0});
  EXPECT_EQ(at.termination, Termination::CentresCoincide);
  EXPECT_EQ(at.iterations, 0);
  DistanceOutput<double> above = pointAgainstPoint({std::nextafter(e, 1.0), 0});
  EXPECT_NE(above.termination, Termination::CentresCoincide);
  EXPECT_EQ(above.iterations, 2);
}

// Gjk.java:441 `if (d.getMagnitudeSquared() <= Epsilon.E) return false;`: the first segment is the single
// point p (a = b), so d = -p. p = (2^-27, 2^-27): |p|^2 = 2^-54 + 2^-54 = 2^-53 = E exactly: not separated.
// One ulp more in y: |p|^2 > E, a support c = a, no containment, progress c.d - a.d = 0 < sqrt(E):
// projection-progress, separated, distance |p|.
TEST(Dyn4jStopRules, closestPointAtOriginUpToEpsilonEInclusive) {
  const double h = 0x1p-27;
  DistanceOutput<double> at = pointAgainstPoint({h, h});
  EXPECT_EQ(at.termination, Termination::ClosestPointAtOrigin);
  EXPECT_EQ(at.distance, 0.0);
  DistanceOutput<double> above = pointAgainstPoint({h, std::nextafter(h, 1.0)});
  EXPECT_EQ(above.termination, Termination::ProjectionProgress);
  EXPECT_GT(above.distance, 0.0);
}

// The same rule in dyn4j-f32, whose E is 2^-24: the point (2^-12.5, 2^-12.5) would sit on it but is not a
// float; (2^-13, 2^-13) has |p|^2 = 2^-25 <= 2^-24 (overlap), (2^-12, 2^-12) has 2^-23 > 2^-24 (measured).
TEST(Dyn4jStopRules, floatPortClosestPointAtOriginAroundItsTranslatedE) {
  auto run = [](float h) {
    return query<Dyn4jF32Strategy>(makeInput(polygon({{0, 0}}), polygon({{h, h}}), {0, 0}));
  };
  EXPECT_EQ(run(0x1p-13f).termination, Termination::ClosestPointAtOrigin);
  EXPECT_EQ(run(0x1p-12f).termination, Termination::ProjectionProgress);
}

}  // namespace
