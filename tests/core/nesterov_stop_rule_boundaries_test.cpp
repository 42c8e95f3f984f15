// The stop rules of `nesterov` (core/strategies/nesterov.h; coal-library/coal tag v3.0.0
// src/narrowphase/gjk.cpp GJK::evaluate :187-372, checkConvergence :373-420) on both sides of their
// constants, in float and double. Every case is a point A at the origin against a small polygon B, so the
// Minkowski points are B's vertices; the start simplex is vertex 0 of each shape (deviation of the port,
// docs/strategies.md). tol = GJK_DEFAULT_TOLERANCE = 1e-6 rounded to the scalar.
// Already in nesterov_test.cpp: check A at tol and one below (float), the duality-gap stop and the fallback
// on ordinary cases, and the cap reached (129 support calls). The cap not reached by one call is not
// tested: no case here needs 128 passes and NESTEROV_MAX_ITERATIONS is not a parameter.
#include <gtest/gtest.h>

#include <cmath>
#include <initializer_list>
#include <limits>

#include "core/strategies/nesterov.h"

namespace {

using namespace gjk;

template <class T>
struct Result {
  DistanceOutput<T> output;
  NesterovReport<T> report;
};

template <class T>
Result<T> pointAgainst(std::initializer_list<Vec2<T>> b) {
  DistanceInput<T> input;
  input.proxyA.vertices[input.proxyA.count++] = {0, 0};
  for (Vec2<T> v : b) input.proxyB.vertices[input.proxyB.count++] = v;
  SimplexCache<T> cache;
  Result<T> r;
  NesterovStrategy::distance(input, &cache, &r.output, static_cast<Trace<T>*>(nullptr), &r.report);
  return r;
}

template <class T>
class NesterovBoundaries : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(NesterovBoundaries, Scalars);

// ---------------------------------------------------------------------------------------------------------
// Check C, DualityGap / Relative (gjk.cpp:309-327 with :391 `diff = 2 * ray.dot(ray - w)` and :397
// `((diff / tolerance * rl) - tolerance * rl) <= 0`), reached only on the plain direction with k > 0.
// B = {P0 = (X, -1), P1 = (X, 1), P2 = (X - g, 0)}, X = 2^-12, g = m 2^-36 (P2.x exact; one step of m is one
// step of the scalar in P2.x at this X in float).
//   pass 0 (k = 0), :250-263: ray = w = dir = P0, so dir is along P0; the support along -dir is P1
//     (v.P0: P1 X^2 - 1, P2 ~X^2, P0 X^2 + 1). gap 2 P0.(P0 - P1) = 4 > tol: no fallback (:297-305); check C
//     is skipped at k = 0 (:310); P1 added: Box2D's Solve2 gives a = 1/2, 1/2 and ray = (X, 0) exactly, rl = X.
//   pass 1 (k = 1): the accelerated support is P0, P1 or P2, each with gap 2 ray.(ray - w) in {0, 2 X g}
//     <= tol: coal removes the acceleration (:299-303) and redoes the pass on ray: support along (-X, 0) is
//     P2; gap = 2 (X g + 0) = m 2^-47 exactly; rl = X a power of two, so check C is fl(gap / tol) <= tol.
//   m = 140: gap = 9.95e-13 < tol^2: duality-gap, distance |ray| = X, 3 support calls.
//   m = 141: gap = 1.0019e-12 > tol^2 (the margins, 0.5% and 0.2%, are far above the rounding): P2 is
//     added; Box2D's Solve3 on P0 P1 P2 finds the vertex region of P2 (d13_1 = d23_1 = -g (X - g) <= 0), ray
//     = P2, k = 2; the plain support is P2 again, gap 0: duality-gap, distance X - g, 4 support calls.
// The constant itself (gap with fl(gap / tol) == tol) is not reachable with exact geometry: gap = m 2^-47.
TYPED_TEST(NesterovBoundaries, checkCRelativeDualityGapEitherSideOfTolSquared) {
  using T = TypeParam;
  const T x = T(0x1p-12);
  auto run = [x](int m) {
    T g = T(m) * T(0x1p-36);
    return pointAgainst<T>({{x, -1}, {x, 1}, {x - g, 0}});
  };
  const T tol = NESTEROV_TOLERANCE<T>;
  ASSERT_LE(T(140) * T(0x1p-47) / tol, tol);
  ASSERT_GT(T(141) * T(0x1p-47) / tol, tol);

  Result<T> stop = run(140);
  EXPECT_EQ(stop.output.termination, Termination::DualityGap);
  EXPECT_EQ(stop.output.iterations, 3);
  EXPECT_EQ(stop.output.distance, x);
  EXPECT_EQ(stop.report.fallback, NesterovFallback::DualityGapCheck);
  EXPECT_EQ(stop.report.momentumStopIteration, 1);

  Result<T> goesOn = run(141);
  EXPECT_EQ(goesOn.output.termination, Termination::DualityGap);
  EXPECT_EQ(goesOn.output.iterations, 4);
  EXPECT_EQ(goesOn.output.distance, x - T(141) * T(0x1p-36));
  EXPECT_EQ(goesOn.report.momentumStopIteration, 1);
}

// ---------------------------------------------------------------------------------------------------------
// The fallback to plain GJK, gjk.cpp:297-305: `frank_wolfe_duality_gap = 2 * ray.dot(ray - w); if
// (frank_wolfe_duality_gap - tolerance <= 0)` on the accelerated support. B = {P0 = (X, 0), P1 = (X - g, 1)},
// X = 2^-10, g = tol 2^9 (P1.x exact: 23 bits below g's leading bit in float, 52 in double, down to X's ulp).
//   pass 0: ray = w = dir = P0 = (X, 0): momentum 2/3, y and dir keep y-component 0, the support along -dir is
//     the smaller x, P1. gap = 2 (X g + 0 (0 - 1)) = 2 X g = tol exactly (2 X = 2^-9).
// g = tol 2^9 and one step below: gap <= tol: the acceleration is dropped at k = 0 (report: duality-gap-check,
// momentum stop 0, one accelerated call); the plain pass adds P1, ray becomes the foot on P0 P1, and at k = 1
// the plain support (a tie of P0 and P1 along the perpendicular) has gap ~0: duality-gap, 3 support calls.
// One step above: gap > tol, no fallback at k = 0; P1 is added on the accelerated direction, and at k = 1
// the accelerated support (P0: the momentum still leans on +x) has gap ~0 <= tol: the fallback happens
// there (momentum stop 1, two accelerated calls), then the same plain stop: 3 support calls.
// In every case the distance is that of the segment, X / sqrt(1 + g^2).
TYPED_TEST(NesterovBoundaries, fallbackToPlainGjkAtTheToleranceAndOneStepEitherSide) {
  using T = TypeParam;
  const T tol = NESTEROV_TOLERANCE<T>;
  const T x = T(0x1p-10);
  const T g0 = tol * T(0x1p9);
  ASSERT_EQ(T(2) * x * g0, tol);
  auto run = [x](T g) {
    EXPECT_EQ(x - (x - g), g) << "P1.x must be exact";
    return pointAgainst<T>({{x, 0}, {x - g, 1}});
  };
  for (T g : {std::nextafter(g0, T(0)), g0}) {
    Result<T> r = run(g);
    EXPECT_EQ(r.report.fallback, NesterovFallback::DualityGapCheck) << g;
    EXPECT_EQ(r.report.momentumStopIteration, 0) << g;
    EXPECT_EQ(r.report.acceleratedSupportCalls, 1) << g;
    EXPECT_EQ(r.report.gapAtFallback, T(2) * x * g) << g;
    EXPECT_EQ(r.report.supportAtFallback, (Vec2<T>{x - g, 1})) << g;
    EXPECT_EQ(r.output.termination, Termination::DualityGap) << g;
    EXPECT_EQ(r.output.iterations, 3) << g;
    EXPECT_NEAR(r.output.distance, x / std::sqrt(1 + g * g), T(4) * std::numeric_limits<T>::epsilon() * x);
  }
  const T above = std::nextafter(g0, T(1));
  Result<T> r = run(above);
  EXPECT_EQ(r.report.fallback, NesterovFallback::DualityGapCheck);
  EXPECT_EQ(r.report.momentumStopIteration, 1);
  EXPECT_EQ(r.report.acceleratedSupportCalls, 2);
  EXPECT_EQ(r.report.supportAtFallback, (Vec2<T>{x, 0}));
  EXPECT_EQ(r.output.termination, Termination::DualityGap);
  EXPECT_EQ(r.output.iterations, 3);
  EXPECT_NEAR(r.output.distance, x / std::sqrt(1 + above * above), T(4) * std::numeric_limits<T>::epsilon() * x);
}

// ---------------------------------------------------------------------------------------------------------
// Check A, gjk.cpp:227 `if (rl < tolerance)`, the side above tol (at tol and one below: nesterov_test.cpp,
// float). A point B at (x, 0): ray = (x, 0), rl = sqrt(x x) = x. One step above tol: not below; the
// accelerated support repeats the point, gap 0 <= tol drops the acceleration, the plain pass adds the
// point again (k = 1), and check C (gap 0) stops at the next pass: duality-gap, distance x, 3 calls.
// In double the same three sides as the float test.
TYPED_TEST(NesterovBoundaries, checkABelowAtAndAboveTheTolerance) {
  using T = TypeParam;
  const T tol = NESTEROV_TOLERANCE<T>;
  for (T x : {tol, std::nextafter(tol, T(1))}) {
    Result<T> r = pointAgainst<T>({{x, 0}});
    EXPECT_EQ(r.output.termination, Termination::DualityGap) << x;
    EXPECT_EQ(r.output.distance, x);
    EXPECT_EQ(r.output.iterations, 3);
  }
  Result<T> below = pointAgainst<T>({{std::nextafter(tol, T(0)), 0}});
  EXPECT_EQ(below.output.termination, Termination::RayBelowTolerance);
  EXPECT_EQ(below.output.distance, T(0));
  EXPECT_EQ(below.output.iterations, 0);
}

// ---------------------------------------------------------------------------------------------------------
// ray-zero, gjk.cpp:354-355 `rl = ray.norm(); if (inside || rl == 0)`. B = {P0 = (-1, 0), P1 = (1, 2 y)}:
//   pass 0: ray = P0, the support along -dir (dir along P0) is P1; gap 2 P0.(P0 - P1) = 4: kept; P1 added;
//   Solve2: d12_2 = -P0.e12 = 2, d12_1 = P1.e12 = 2 + 4 y^2 = 2 (rounded), a = 1/2, 1/2: ray = (0, y)
//   exactly; rl = sqrt(0 + fl(y y)), the norm as Eigen computes it (sqrt of the squared norm).
// rl == 0 not only for ray = 0 but whenever y y underflows to 0: float, y^2 <= 2^-150 (half the smallest
// subnormal, ties to even) for y <= 2^-75; double, y <= 0x1.6a09e667f3bccp-538 (y^2 < 2^-1075), the next
// double squares to 2^-1074. At those y: ray-zero after 1 support call, distance 0. One step above: rl > 0
// but far below tol: k = 1, and the next pass's check A: ray-below-tolerance, distance 0, still 1 call.
// The origin is 2^-75 (or ~2^-537.5) from B's segment: both stops call it touching, as coal does.
TYPED_TEST(NesterovBoundaries, rayZeroWhereTheSquaredNormUnderflowsAndCheckAOneStepAbove) {
  using T = TypeParam;
  const T yMax = std::is_same_v<T, float> ? T(0x1p-75) : T(0x1.6a09e667f3bccp-538);
  ASSERT_EQ(yMax * yMax, T(0));
  ASSERT_GT(std::nextafter(yMax, T(1)) * std::nextafter(yMax, T(1)), T(0));
  for (T y : {T(0), yMax}) {
    Result<T> r = pointAgainst<T>({{-1, 0}, {1, 2 * y}});
    EXPECT_EQ(r.output.termination, Termination::RayZero) << y;
    EXPECT_EQ(r.output.iterations, 1);
    EXPECT_EQ(r.output.distance, T(0));
  }
  Result<T> above = pointAgainst<T>({{-1, 0}, {1, 2 * std::nextafter(yMax, T(1))}});
  EXPECT_EQ(above.output.termination, Termination::RayBelowTolerance);
  EXPECT_EQ(above.output.iterations, 1);
  EXPECT_EQ(above.output.distance, T(0));
}

}  // namespace
