// The stop rules of `vdb` (core/strategies/vdb.h; SOLID 3.5.8, dtecta/solid3 ec3e2186 src/convex/DT_Convex.cpp
// closest_points :394-470, SAFE_EXIT defined at :28) at their constants and one float step on each side.
// Except the no-valid-subset case, every case is a point A at the origin against two or three points B, so
// the Minkowski points are B's vertices. The first support is along v = 0: every vertex ties, P0 is taken.
// Already in vdb_test.cpp: relative-gap just below and just above (not at), absolute-gap at and above,
// affinely-dependent on and off. This file adds no-decrease, the exact relative-gap boundary, the third side
// of absolute-gap, support-in-simplex's exact equality, and a reachable no-valid-subset.
//
// Not tested, with the reason:
// - the cap of 32 support calls (the port's deviation 5; SOLID has none): no natural run found needs more
//   than 10 support calls (scratch search of random regular-polygon pairs, not committed), and
//   VdbStrategy::MAX_ITERATIONS is not a parameter of the loop, so a capped variant cannot drive it.
#include <gtest/gtest.h>

#include "test_shapes.h"

#include <cfloat>
#include <cmath>

#include "core/strategies/vdb.h"

namespace {

using namespace gjk;
using namespace gjk::test_support;

DistanceOutput<float> pointAgainst(std::initializer_list<Vec2<float>> b) {
  return query<VdbStrategy>(makeInput(polygon({{0, 0}}), polygon(b), {0, 0}));
}

// ---------------------------------------------------------------------------------------------------------
// no-decrease, DT_Convex.cpp:448-460 `if (prev_dist2 - dist2 <= MT_EPSILON * prev_dist2)` then backup_closest.
// B = {P0 = (a, -b), P1 = (a, c)}, b = 1.5 2^-12, c = 1 - b (exact), so b + c = 1.
//   call 1: w = P0, W = {P0}, v = P0, dist2 = prev = fl(a a + b b) (b b = 1.125 2^-23).
//   call 2: the support along -P0 is P1 (-a a + b c against -a a - b b); relative gap prev - P0.P1 ~ b(b + c)
//   = b, far above rel_error2 prev. Cofactors (DT_GJK.h compute_det): Delta_0 = (P1 - P0).P1 = (0, 1).(a, c) =
//   c, Delta_1 = (P0 - P1).P0 = b, both exact, sum 1: v = (c P0 + b P1) (1 / 1) = (fl(fl(c a) + fl(b a)), 0).
//   a = 1: v = (1, 0), dist2 = 1; prev = fl(1 + 1.125 2^-23) = 1 + 2^-23: prev - dist2 = 2^-23 <
//     2^-23 (1 + 2^-23) = MT_EPSILON prev: no-decrease; backup_closest keeps the segment (|v|^2 = 1 is below
//     |P0|^2 and |P1|^2 ~ 2): distance 1, 2 calls.
//   a = 1 - 2^-24: fl(a a) = 1 - 2^-23, prev = fl(1 - 2^-23 + 1.125 2^-23) = 1; fl(c a) = c - 2^-24,
//     fl(b a) = b - 2^-35, their sum rounds to 1 - 2^-24 = a, so v = (a, 0), dist2 = 1 - 2^-23:
//     prev - dist2 = 2^-23 = MT_EPSILON * 1: exactly on the constant: no-decrease, distance a, 2 calls.
//   a = 1 - 2^-23: fl(a a) = 1 - 2^-22, prev = fl(1 - 2^-22 + 1.125 2^-23) = 1 - 2^-23 (rounded), dist2 =
//     1 - 2^-22: prev - dist2 = 2^-23 > MT_EPSILON prev = 2^-23 - 2^-46: goes on; not full, dist2 above
//     tol_error * maxVertex; call 3 along -v = (-a, 0) ties P0 and P1 and takes P0, already in W:
//     support-in-simplex, distance a, 3 calls.
TEST(VdbBoundaries, noDecreaseAtMtEpsilonTimesPrevAndOneFloatEitherSide) {
  const float b = 0x1.8p-12f;
  const float c = 1 - b;
  auto run = [b, c](float a) { return pointAgainst({{a, -b}, {a, c}}); };

  DistanceOutput<float> less = run(1.0f);
  EXPECT_EQ(less.termination, Termination::NoDecrease);
  EXPECT_EQ(less.iterations, 2);
  EXPECT_EQ(less.distance, 1.0f);

  const float at = 0x1.fffffep-1f;
  ASSERT_EQ(at * at, 1 - 0x1p-23f);
  ASSERT_EQ(at * at + b * b, 1.0f);
  DistanceOutput<float> on = run(at);
  EXPECT_EQ(on.termination, Termination::NoDecrease);
  EXPECT_EQ(on.iterations, 2);
  EXPECT_EQ(on.distance, at);
  EXPECT_EQ(on.pointB, (Vec2<float>{at, 0}));

  const float more = 0x1.fffffcp-1f;
  DistanceOutput<float> goesOn = run(more);
  EXPECT_EQ(goesOn.termination, Termination::SupportInSimplex);
  EXPECT_EQ(goesOn.iterations, 3);
  EXPECT_EQ(goesOn.distance, more);
}

// ---------------------------------------------------------------------------------------------------------
// support-in-simplex, DT_Convex.cpp:419 `gjk.inSimplex(w)` (DT_GJK.h:59-71: w equal to a point of W or the
// last one added, exact comparison). The "goes on" case above (a = 1 - 2^-23, W = {P0, P1}, v = (a, 0)) with
// a third vertex P2 = (x, -b):
//   x = a (P2 a copy of P0): call 3 along (-a, 0) ties P0, P1, P2 and takes P0: support-in-simplex.
//   x = a one float below: P2 is strictly further along -v, w = P2 is not in W; the relative test
//   dist2 - v.P2 = fl(a a) - fl(a x) ~ a 2^-24 <= rel_error2 dist2 (1e-6): relative-gap, distance a, 3 calls.
//   x = a one float above: P0 again (P2 is behind): support-in-simplex.
TEST(VdbBoundaries, supportInSimplexOnlyForTheExactPoint) {
  const float a = 0x1.fffffcp-1f;
  const float b = 0x1.8p-12f;
  const float c = 1 - b;
  auto run = [a, b, c](float x) { return pointAgainst({{a, -b}, {a, c}, {x, -b}}); };
  for (float x : {a, std::nextafter(a, 2.0f)}) {
    DistanceOutput<float> out = run(x);
    EXPECT_EQ(out.termination, Termination::SupportInSimplex) << x;
    EXPECT_EQ(out.iterations, 3);
    EXPECT_EQ(out.distance, a);
  }
  DistanceOutput<float> off = run(std::nextafter(a, 0.0f));
  EXPECT_EQ(off.termination, Termination::RelativeGap);
  EXPECT_EQ(off.iterations, 3);
  EXPECT_EQ(off.distance, a);
}

// ---------------------------------------------------------------------------------------------------------
// relative-gap exactly on its constant, DT_Convex.cpp:419 `dist2 - delta <= dist2 * DT_Accuracy::rel_error2`
// (rel_error2 = fl(1e-3f * 1e-3f) = 0x1.0c6f7cp-20). B = {P0 = (x0, 0), P1 = (x1, 2^-9)}: call 1 gives
// v = P0, dist2 = fl(x0 x0); call 2 the support along -P0 is P1 (x1 < x0), delta = fl(x0 x1) (+ 0 * 2^-9).
// x0 = 0x1.f3fffep-1: dist2 = 0x1.e847fcp-1 and dist2 * rel_error2 rounds to 2^-20 exactly, a multiple of
// dist2's ulp, so the difference can equal it: x1 = 0x1.f3ffdep-1 gives dist2 - delta = 2^-20 (on the
// constant: relative-gap); one float more, 0x1.f3ffep-1, gives 0x1.ep-21 (below: relative-gap); one float
// less, 0x1.f3ffdcp-1, gives 0x1.1p-20 (above: P1 is added). Stopped: W = {P0}, distance x0, 2 calls.
// Above: the segment P0 P1 (its foot is interior: P1 is 2^-9 up, ~1.1e-6 nearer along x); the decrease of
// |v|^2, ~3e-7, is above MT_EPSILON dist2, so no SAFE_EXIT; call 3 along -v ties P0 and P1 (v is
// perpendicular to P1 - P0): support-in-simplex, distance that of the line P0 P1.
TEST(VdbBoundaries, relativeGapOnRelError2TimesDist2AndOneFloatEitherSide) {
  const float x0 = 0x1.f3fffep-1f;
  const float y1 = 0x1p-9f;
  const float dist2 = x0 * x0;
  ASSERT_EQ(dist2, 0x1.e847fcp-1f);
  ASSERT_EQ(dist2 * VdbTolerances<float>::REL_ERROR2, 0x1p-20f);
  const float xOn = 0x1.f3ffdep-1f;
  ASSERT_EQ(dist2 - x0 * xOn, 0x1p-20f);
  ASSERT_EQ(dist2 - x0 * std::nextafter(xOn, 2.0f), 0x1.ep-21f);
  ASSERT_EQ(dist2 - x0 * std::nextafter(xOn, 0.0f), 0x1.1p-20f);
  auto run = [x0, y1](float x1) { return pointAgainst({{x0, 0}, {x1, y1}}); };

  for (float x1 : {std::nextafter(xOn, 2.0f), xOn}) {
    DistanceOutput<float> out = run(x1);
    EXPECT_EQ(out.termination, Termination::RelativeGap) << x1;
    EXPECT_EQ(out.iterations, 2);
    EXPECT_EQ(out.distance, x0);
    EXPECT_EQ(out.pointB, (Vec2<float>{x0, 0}));
  }
  const float x1 = std::nextafter(xOn, 0.0f);
  DistanceOutput<float> above = run(x1);
  EXPECT_EQ(above.termination, Termination::SupportInSimplex);
  EXPECT_EQ(above.iterations, 3);
  double dx = double(x0) - double(x1);
  double line = double(x0) * double(y1) / std::sqrt(dx * dx + double(y1) * double(y1));
  EXPECT_NEAR(above.distance, line, 4 * FLT_EPSILON);
  EXPECT_LT(above.distance, x0);
}

// ---------------------------------------------------------------------------------------------------------
// absolute-gap, the loop condition DT_Convex.cpp:463 `dist2 > DT_Accuracy::tol_error * gjk.maxVertex()`,
// the side below (at and above: VdbStopRules in vdb_test.cpp). B = (-1, h) (1, h): after call 2, v = (0, h),
// dist2 = fl(h h), maxVertex = fl(1 + h h). h = 0x1.6a09e6p-12, one float below the case that sits exactly on
// it: h h rounds below 0x1.000002p-23 = 2^-23 (1 + 2^-23): absolute-gap, distance h.
TEST(VdbBoundaries, absoluteGapOneFloatBelowItsBoundary) {
  const float h = 0x1.6a09e6p-12f;
  ASSERT_LT(h * h, FLT_EPSILON * (1 + h * h));
  DistanceOutput<float> out = pointAgainst({{-1, h}, {1, h}});
  EXPECT_EQ(out.termination, Termination::AbsoluteGap);
  EXPECT_EQ(out.iterations, 2);
  EXPECT_EQ(out.distance, h);
}

// ---------------------------------------------------------------------------------------------------------
// no-valid-subset, DT_Convex.cpp:440-446 `if (!gjk.closest(v)) break;` (DT_GJK.h closest :160-198 with
// FAST_CLOSEST, no USE_BACKUP_PROCEDURE): reachable, by rounding of the cofactors (SOLID 3.5.8 builds
// without JOHNSON_ROBUST, DT_GJK.h:28). A = {(1, 0), (-8, -2)}, B = {(0, 0), (t, 0)}, t = 2^-18; w = b - a.
//   call 1 (v = 0, all tie): w1 = b0 - a0 = (-1, 0); v = w1, dist2 = 1.
//   call 2 along (1, 0): A's smallest x a1, B's largest x b1: w2 = (8 + t, 2). Cofactors of {w1, w2}:
//     (w2 - w1).w2 = (9 + t)(8 + t) + 4 and (w1 - w2).w1 = 9 + t, both > 0: v = the foot on w1 w2, ~(-0.047,
//     0.212), |v| = 2 / sqrt((9 + t)^2 + 4).
//   call 3 along -v: a0 (a0.v = -0.047 > a1.v = -0.048) and b1: w3 = b1 - a0 = (-1 + t, 0), w1 moved by t.
//     Not in W; dist2 - v.w3 = -v.x t ~ 1.8e-7 > rel_error2 dist2 ~ 4.7e-8: added.
//   Exactly, the origin lies on the line w1 w3 (y = 0): its barycentric coordinates in w1 w2 w3 are
//   (1 - 2^18, 0, 2^18), and with (2 area)^2 = (2t)^2 = 2^-34 the cofactors of the triangle are
//   ((1 - 2^18) 2^-34, 0, 2^-16): sum 2^-34 > 0 (not dependent), and {w2, w3} is the valid subset (its
//   Delta_0(Y) <= 0). Computed, Delta_0(Y) is a sum of products of size ~700 that cancel to -2^-16 and rounds
//   to +2^-14: {w2, w3} fails (Delta_0 > 0), {w1, w2, w3} fails (Delta_1 = 0), {w1, w3} fails ((w3 - w1).w3 < 0),
//   {w3} fails ((w2 - w3).w2 > 0): no valid subset. W and v stay {w1, w2}: distance 2 / sqrt((9 + t)^2 + 4),
//   which is 7e-7 (about 28 float ulps) above the true 2 (1 - t) / sqrt(85).
// Beside it, t = 0: B's two points coincide, call 2 takes b0 (first on the tie), call 3 gives w1 again:
// support-in-simplex, and the distance is that of w1 w2 = (8, 2), the true 2 / sqrt(85).
TEST(VdbBoundaries, noValidSubsetIsReachedByRoundingOfTheTriangleCofactors) {
  const float t = 0x1p-18f;
  auto run = [](float bx) {
    return query<VdbStrategy>(makeInput(polygon({{1, 0}, {-8, -2}}), polygon({{0, 0}, {bx, 0}}), {0, 0}));
  };
  DistanceOutput<float> out = run(t);
  EXPECT_EQ(out.termination, Termination::NoValidSubset);
  EXPECT_EQ(out.iterations, 3);
  EXPECT_EQ(out.simplexCount, 2);
  const double kept = 2.0 / std::sqrt((9.0 + t) * (9.0 + t) + 4.0);
  const double exact = 2.0 * (1.0 - t) / std::sqrt(85.0);
  EXPECT_NEAR(out.distance, kept, 2 * FLT_EPSILON * kept);
  EXPECT_GT(out.distance - exact, 16 * FLT_EPSILON * exact);

  // The same three Minkowski points through the Johnson simplex.
  JohnsonSimplex<float> s;
  Vec2<float> v;
  SimplexVertex<float> w1;
  w1.w = {-1, 0};
  SimplexVertex<float> w2;
  w2.w = {8 + t, 2};
  SimplexVertex<float> w3;
  w3.w = {-1 + t, 0};
  s.addVertex(w1);
  ASSERT_TRUE(s.closest(&v));
  s.addVertex(w2);
  ASSERT_TRUE(s.closest(&v));
  ASSERT_EQ(s.bits, 0x3u);
  s.addVertex(w3);
  EXPECT_FALSE(s.isAffinelyDependent());
  EXPECT_GT(s.det[0x7][0], 0.0f);  // exactly (1 - 2^18) 2^-34 < 0
  EXPECT_EQ(s.det[0x7][1], 0.0f);
  EXPECT_EQ(s.det[0x7][2], 0x1p-16f);
  Vec2<float> before = v;
  EXPECT_FALSE(s.closest(&v));
  EXPECT_EQ(v, before);

  DistanceOutput<float> coincide = run(0);
  EXPECT_EQ(coincide.termination, Termination::SupportInSimplex);
  EXPECT_EQ(coincide.iterations, 3);
  EXPECT_NEAR(coincide.distance, 2.0 / std::sqrt(85.0), 2 * FLT_EPSILON);
}

}  // namespace
