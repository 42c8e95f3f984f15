// Each stop rule of `dyn4j` (double, dyn4j's own constants) and `dyn4j-f32` (float, translated constants) at
// its constant and one step of the scalar on each side (core/strategies/dyn4j.h; dyn4j/dyn4j tag 6.0.0
// src/main/java/org/dyn4j/collision/narrowphase/Gjk.java `distance` :407-510). Every case is a point A at
// the origin against a small polygon B, so the Minkowski points are B's vertices (the port's w = wB - wA)
// and every quantity below is derived by hand from the Java line cited. dyn4j_test.cpp already covers
// centres-coincide and closest-point-at-origin in double at E and one double above, and the cap reached
// (32 support calls) in both scalars; this file adds the other sides and the other rules.
//
// The cap (DEFAULT_MAX_ITERATIONS = 30 loop iterations, :135, 32 support calls): only reached by the
// cycling cases of dyn4j_test.cpp (Dyn4jCap, cyclesToItsCap...), whose loop repeats one state and so can
// never stop on the 32nd call instead; no natural stop needs more than 10 support calls in a scratch
// search of random regular-polygon pairs (several million queries, not committed), and the loop length is
// the constant DYN4J_MAX_ITERATIONS, not a template parameter, so no capped variant can be driven. A
// "32 calls, natural stop" vs "33 calls needed" pair is therefore not tested.
#include <gtest/gtest.h>

#include "test_shapes.h"

#include <cmath>

#include "core/strategies/dyn4j.h"

namespace {

using namespace gjk;
using namespace gjk::test_support;

template <class T>
using Strategy = std::conditional_t<std::is_same_v<T, double>, Dyn4jStrategy, Dyn4jF32Strategy>;

template <class T>
DistanceOutput<T> pointAgainst(std::initializer_list<Vec2<T>> b) {
  DistanceInput<T> input;
  input.proxyA = polygonOf<T>({{0, 0}});
  input.proxyB = polygonOf<T>(b);
  return query<Strategy<T>>(input);
}

template <class T>
T up(T x) {
  return std::nextafter(x, T(1));
}
template <class T>
T down(T x) {
  return std::nextafter(x, T(0));
}

// ---------------------------------------------------------------------------------------------------------
// centres-coincide, Gjk.java:427 `if (d.isZero()) return false;` with Vector2.isZero (:678): |x| <= E and
// |y| <= E. B a single point (x, 0): the centre difference is (-x, 0) exactly. x = E: coincide (no support
// call, distance 0); one step below: coincide; one step above: two supports and the loop.
template <class T>
void expectCentresCoincideBoundary() {
  const T e = Dyn4jTolerances<T>::E;
  for (T x : {down(e), e}) {
    DistanceOutput<T> out = pointAgainst<T>({{x, 0}});
    EXPECT_EQ(out.termination, Termination::CentresCoincide) << x;
    EXPECT_EQ(out.iterations, 0);
    EXPECT_EQ(out.distance, T(0));
  }
  DistanceOutput<T> above = pointAgainst<T>({{up(e), 0}});
  EXPECT_NE(above.termination, Termination::CentresCoincide);
  EXPECT_EQ(above.iterations, 2);
}

TEST(Dyn4jBoundaries, centresCoincideAtEAndBelowNotAboveInDouble) { expectCentresCoincideBoundary<double>(); }
TEST(Dyn4jBoundaries, centresCoincideAtEAndBelowNotAboveInFloat) { expectCentresCoincideBoundary<float>(); }

// ---------------------------------------------------------------------------------------------------------
// closest-point-at-origin, Gjk.java:441 `if (d.getMagnitudeSquared() <= Epsilon.E) return false;`. B a single
// point p: a = b = p, the segment is the point (Segment.getPointOnSegmentClosestToPoint, ab2 = 0 <= E), d = -p.
// Float (E = 2^-24): p = (2^-12, 0), |p|^2 = 2^-24 = E exactly: not separated, distance 0. One float below:
// fl(x^2) < E, the same. One float above: x^2 = 2^-24 (1 + 2^-22 + 2^-46) rounds to 2^-24 (1 + 2^-22) > E:
// the support c = p, no containment (a degenerate triangle), progress c.d - a.d = 0 < DISTANCE_EPSILON
// (:457): projection-progress, separated, distance |p| (3 support calls).
TEST(Dyn4jBoundaries, floatClosestPointAtOriginAtEBelowAndAbove) {
  const float x = 0x1p-12f;
  ASSERT_EQ(x * x, Dyn4jTolerances<float>::E);
  for (float px : {down(x), x}) {
    DistanceOutput<float> out = pointAgainst<float>({{px, 0}});
    EXPECT_EQ(out.termination, Termination::ClosestPointAtOrigin) << px;
    EXPECT_EQ(out.distance, 0.0f);
    EXPECT_EQ(out.iterations, 2);
  }
  DistanceOutput<float> above = pointAgainst<float>({{up(x), 0}});
  EXPECT_EQ(above.termination, Termination::ProjectionProgress);
  EXPECT_EQ(above.distance, up(x));
  EXPECT_EQ(above.iterations, 3);
}

// The double side missing from dyn4j_test.cpp: p = (2^-27, 2^-27 one double below): |p|^2 = 2^-54 +
// fl((2^-27 (1 - 2^-53))^2) < 2^-53 = E: not separated. (At E and above: Dyn4jStopRules in dyn4j_test.cpp.)
TEST(Dyn4jBoundaries, doubleClosestPointAtOriginOneStepBelowE) {
  const double h = 0x1p-27;
  DistanceOutput<double> below = pointAgainst<double>({{h, down(h)}});
  EXPECT_EQ(below.termination, Termination::ClosestPointAtOrigin);
  EXPECT_EQ(below.distance, 0.0);
}

// ---------------------------------------------------------------------------------------------------------
// projection-progress, Gjk.java:456-457 `projection = c.point.dot(d); if ((projection - a.point.dot(d)) <
// this.distanceEpsilon)`, strict. B = {a = (P, 0), b = (4, 0), c = (P - g, 1)}, A the origin.
//   :420-423 centre of B ~ (1.34, 0.33); the port's first direction is -centre: a = argmin v.centre = (P, 0)
//   (P cx < (P - g) cx + 1/3), b = argmax = (4, 0) (:429, :433).
//   :436 segment b -> a on the x axis: t = 4 (4 - P) / (4 - P)^2 > 1, clamped to 1: p = ((P - 4) + 4, 0) =
//   (P, 0) exactly (P - 4 is exact).
//   loop 1, :439-447: d = (-P, 0), |d|^2 = P^2 > E; c = argmax v.d = the smallest x = (P - g, 1).
//   :450 containsOrigin(a, b, c): cross(a, b) = 0, so not contained.
//   :456-457 progress = c.d - a.d = -(P - g) P + P^2 = g P, each product and the difference exact
//   (P a power of two, d.y = 0). With g = e / P, progress = e.
// e = DISTANCE_EPSILON - one step: stop now (3 support calls), findClosestPoints(a, b) (:463): the vertex a,
// distance P exactly. e = DISTANCE_EPSILON and one step above: not below the tolerance; the edge tests
// (:470-488) see |p1|^2 ~ P^2 > E; p1 (on a -> c) is nearer than p2 (on c -> b), b is replaced by c (:492-495),
// and the next support along -p1 is a or c again (p1 is perpendicular to c - a), progress ~ 0: projection-
// progress after 4 calls with the segment a c, distance P / sqrt(1 + g^2) (the distance from the origin to
// the line through a and c), below P.
// Double: P = 2^-13 (P^2 = 2^-26 > E = 2^-53), g = e 2^13; c.x = 2^-13 - e 2^13 is exact (e's lowest bit is
// 2^-79, times 2^13 is 2^-66, and c.x < 2^-14 has ulp 2^-67).
// Float: P must have P^2 > 2^-24 and c.x exact: P = 2^-6, g = e 2^6: c.x = 2^-6 - 2^-6 (1 + j 2^-24) for the
// three neighbours: 2^-30, 0, -2^-29 (2^-12 - 2^-36 and 2^-12 + 2^-35 are the floats either side of 2^-12).
template <class T>
void expectProjectionProgressBoundary(T p) {
  const T eps = Dyn4jTolerances<T>::DISTANCE_EPSILON;
  auto run = [p](T e) {
    T g = e / p;  // exact: p is a power of two
    T cx = p - g;
    EXPECT_EQ(p - cx, g) << "c.x must be exact";
    return pointAgainst<T>({{p, 0}, {4, 0}, {cx, 1}});
  };
  DistanceOutput<T> below = run(down(eps));
  EXPECT_EQ(below.termination, Termination::ProjectionProgress);
  EXPECT_EQ(below.iterations, 3);
  EXPECT_EQ(below.distance, p);
  EXPECT_EQ(below.pointB, (Vec2<T>{p, 0}));
  for (T e : {eps, up(eps)}) {
    DistanceOutput<T> out = run(e);
    T g = e / p;
    EXPECT_EQ(out.termination, Termination::ProjectionProgress) << e;
    EXPECT_EQ(out.iterations, 4) << e;
    EXPECT_LT(out.distance, p) << e;
    T exact = p / std::sqrt(T(1) + g * g);
    EXPECT_NEAR(out.distance, exact, T(8) * std::numeric_limits<T>::epsilon() * p) << e;
  }
}

TEST(Dyn4jBoundaries, doubleProjectionProgressJustBelowAtAndAboveDistanceEpsilon) {
  expectProjectionProgressBoundary<double>(0x1p-13);
}

TEST(Dyn4jBoundaries, floatProjectionProgressJustBelowAtAndAboveDistanceEpsilon) {
  ASSERT_EQ(Dyn4jTolerances<float>::DISTANCE_EPSILON, 0x1p-12f);
  expectProjectionProgressBoundary<float>(0x1p-6f);
}

// ---------------------------------------------------------------------------------------------------------
// edge-point-at-origin, Gjk.java:470-488: p1 = closest point of a -> c, `if (p1Mag <= Epsilon.E)` separated
// with findClosestPoints(a, c). B = {(-1, -k), (-1, -5), (3, -k)}, A the origin:
//   centre of B = (1/3, -(5 + 2k)/3); a = argmax v.(-centre) = (-1, -k), b = argmax v.centre = (-1, -5).
//   :436 segment b -> a (x = -1): t = 5 (5 - k) / (5 - k)^2 > 1, clamped: p = (-1, (5 - k) - 5) ~ (-1, -k).
//   loop 1: d ~ (1, k), |d|^2 ~ 1 > E; c = argmax v.d = (3, -k).
//   :450 cross(a, b) = 5 - k > 0, cross(c, a) = -4k < 0: not contained.
//   :457 progress = (c - a).d ~ 4: goes on.
//   :470 p1 on a -> c: line = (4, 0) exactly, t = 4 / 16 = 0.25 exactly, p1 = (4 * 0.25 - 1, 0 * 0.25 - k) =
//   (0, -k) exactly for every k; p1Mag = fl(k k) (:474). p2 (on c -> b) is ~2.3 from the origin.
// p1Mag <= E: edge-point-at-origin, findClosestPoints(a, c) (:481): l2 = 0.25, pointB = (0, -k), distance
// |(0, -k)| (the true distance). p1Mag > E: b = c (p1Mag < p2Mag, :492-495); loop 2: d = (0, k), the support
// ties a and c at y = -k and the first vertex, a, wins; progress 0: projection-progress after 4 calls, the
// same segment, the same answer.
// Float: k = 2^-12 gives p1Mag = 2^-24 = E exactly; one float below, fl(k k) = 2^-24 (1 - 2^-23) < E; one
// above, 2^-24 (1 + 2^-22) > E.
// Double: E = 2^-53 is an odd power of two, so no double k has k k = E: k0 = 0x1.6a09e667f3bccp-27 gives
// fl(k0 k0) = 0x1.ffffffffffffep-54 < E and the next double 0x1.6a09e667f3bcdp-27 gives 0x1.0000000000001p-53,
// the double just above E. (Those products are asserted below, so the test says when its premise fails.)
template <class T>
void expectEdgePoint(T k, bool atOrBelow) {
  DistanceOutput<T> out = pointAgainst<T>({{-1, -k}, {-1, -5}, {3, -k}});
  if (atOrBelow) {
    EXPECT_EQ(out.termination, Termination::EdgePointAtOrigin) << k;
    EXPECT_EQ(out.iterations, 3);
  } else {
    EXPECT_EQ(out.termination, Termination::ProjectionProgress) << k;
    EXPECT_EQ(out.iterations, 4);
  }
  EXPECT_EQ(out.pointA, (Vec2<T>{0, 0}));
  EXPECT_EQ(out.pointB, (Vec2<T>{0, -k}));
  EXPECT_EQ(out.distance, std::sqrt(k * k));  // Vector2.normalize's magnitude of (0, -k)
}

TEST(Dyn4jBoundaries, floatEdgePointAtOriginAtEBelowAndAbove) {
  const float k = 0x1p-12f;
  ASSERT_EQ(k * k, Dyn4jTolerances<float>::E);
  ASSERT_LT(down(k) * down(k), Dyn4jTolerances<float>::E);
  ASSERT_GT(up(k) * up(k), Dyn4jTolerances<float>::E);
  expectEdgePoint<float>(down(k), true);
  expectEdgePoint<float>(k, true);
  expectEdgePoint<float>(up(k), false);
}

TEST(Dyn4jBoundaries, doubleEdgePointAtOriginAcrossE) {
  const double e = Dyn4jTolerances<double>::E;
  const double k0 = 0x1.6a09e667f3bccp-27;
  const double k1 = up(k0);
  ASSERT_EQ(k0 * k0, 0x1.ffffffffffffep-54);  // < E
  ASSERT_EQ(k1 * k1, up(e));                   // the double just above E
  expectEdgePoint<double>(k0, true);
  expectEdgePoint<double>(k1, false);
}

}  // namespace
