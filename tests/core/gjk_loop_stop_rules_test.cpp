// Each stop rule and threshold of the shared loop (core/gjk_loop.h, after Box2D 2.4.1
// src/collision/b2_distance.cpp b2Distance and b2Simplex::ReadCache) exactly at its constant and one float
// step to either side, in float (naive, perp) and, where the constant differs, in double (perp-f64: the
// same templates with T = double, so b2_epsilon becomes DBL_EPSILON):
//   tiny direction     line 518   d.LengthSquared() < b2_epsilon * b2_epsilon      (FLT_EPSILON = 2^-23)
//   duplicate support  line 545   vertex->indexA == saveA[i] && vertex->indexB == saveB[i], where the
//                                 index comes from GetSupport's strict `value > bestValue` (b2_distance.h:144)
//   iteration cap      line 481   while (iter < k_maxIters), k_maxIters = 20 (line 472)
//   metric flush       line 136   metric2 < 0.5f * metric1 || 2.0f * metric1 < metric2 || metric2 < b2_epsilon
//   radii              line 578   distance > rA + rB && distance > b2_epsilon
// Every expected value is derived by hand in the comment above its test; powers of two are exact.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/gjk_loop.h"
#include "core/strategies/naive.h"
#include "core/strategies/perp.h"
#include "test_shapes.h"

namespace {

using namespace gjk;
using namespace gjk::test_support;

// 2^e, exact.
template <class T = float>
T pow2(int e) {
  return std::ldexp(T(1), e);
}

// ---------------------------------------------------------------------------------------------------------
// The constants themselves.
TEST(StopRuleConstants, areBox2D241s) {
  EXPECT_EQ(EPSILON<float>, pow2<float>(-23));    // b2_epsilon = FLT_EPSILON (b2_common.h:40)
  EXPECT_EQ(EPSILON<double>, pow2<double>(-52));  // its double counterpart, DBL_EPSILON
  EXPECT_EQ(NaivePolicy::MAX_ITERATIONS, 20);     // k_maxIters (b2_distance.cpp:472)
  EXPECT_EQ(PerpPolicy::MAX_ITERATIONS, 20);
}

// ---------------------------------------------------------------------------------------------------------
// Tiny direction (line 518). A is the point (0,0), B the point (x,0): the cold simplex is w = (x,0), the
// direction -w = (-x,-0) for both naive (-closest point) and perp, |d|^2 = x*x + 0. Not tiny: the support
// pair is (0,0) again, a duplicate, so the loop stops there after 1 support call. useRadii is off so the
// radius step's own epsilon test (below) does not hide the distance.
//   float, eps^2 = 2^-46:
//     x = 2^-23:           x*x = 2^-46, not < 2^-46 -> DuplicateSupport, 1 iteration, distance 2^-23.
//     x = 2^-23 - 2^-47:   x*x = 2^-46 - 2^-69 + 2^-94, rounded to 2^-46 - 2^-69 (spacing 2^-70 below 2^-46)
//                          < 2^-46 -> TinyDirection, 0 iterations; distance sqrt(2^-46 - 2^-69) =
//                          2^-23 - 2^-47 - ~2^-72, rounded to 2^-23 - 2^-47 = x.
//     x = 2^-23 + 2^-46:   x*x = 2^-46 + 2^-68 + 2^-92, rounded to 2^-46 + 2^-68 -> DuplicateSupport;
//                          distance sqrt(2^-46 + 2^-68) = 2^-23 + 2^-46 - ~2^-70, rounded to x.
template <class Strategy, class T>
DistanceOutput<T> pointToPoint(T x, bool useRadii = false) {
  DistanceInput<T> input = makeInput<T>(polygonOf<T>({{0, 0}}), polygonOf<T>({{0, 0}}), {x, 0}, useRadii);
  return query<Strategy>(input);
}

template <class Strategy>
void expectTinyDirectionThresholdInFloat(const char* name) {
  const float at = pow2(-23);
  const float below = std::nextafter(at, 0.0f);
  const float above = std::nextafter(at, 1.0f);
  ASSERT_EQ(below, pow2(-23) - pow2(-47));
  ASSERT_EQ(above, pow2(-23) + pow2(-46));
  EXPECT_EQ(lengthSquared(Vec2<float>{-below, -0.0f}), pow2(-46) - pow2(-69));
  EXPECT_EQ(lengthSquared(Vec2<float>{-above, -0.0f}), pow2(-46) + pow2(-68));

  DistanceOutput<float> out = pointToPoint<Strategy>(at);
  EXPECT_EQ(out.termination, Termination::DuplicateSupport) << name << " at eps";
  EXPECT_EQ(out.iterations, 1) << name;
  EXPECT_EQ(out.distance, at) << name;

  out = pointToPoint<Strategy>(below);
  EXPECT_EQ(out.termination, Termination::TinyDirection) << name << " below eps";
  EXPECT_EQ(out.iterations, 0) << name;
  EXPECT_EQ(out.distance, below) << name;

  out = pointToPoint<Strategy>(above);
  EXPECT_EQ(out.termination, Termination::DuplicateSupport) << name << " above eps";
  EXPECT_EQ(out.iterations, 1) << name;
  EXPECT_EQ(out.distance, above) << name;
}

TEST(TinyDirection, perpStopsBelowEpsilonSquaredAndNotAtIt) {
  expectTinyDirectionThresholdInFloat<PerpStrategy>("perp");
}

TEST(TinyDirection, naiveStopsBelowEpsilonSquaredAndNotAtIt) {
  expectTinyDirectionThresholdInFloat<NaiveStrategy>("naive");
}

// The same in double (perp-f64), eps^2 = 2^-104:
//   x = 2^-52:             x*x = 2^-104 -> DuplicateSupport, distance 2^-52.
//   x = 2^-52 - 2^-105:    x*x = 2^-104 - 2^-156 + 2^-210, rounded to 2^-104 - 2^-156 (spacing 2^-157)
//                          -> TinyDirection, 0 iterations.
//   x = 2^-52 + 2^-104:    x*x = 2^-104 + 2^-155 + 2^-208, rounded to 2^-104 + 2^-155 -> DuplicateSupport.
// And the float threshold does not apply: x = 2^-24 (|d|^2 = 2^-48, tiny in float) is not tiny in double.
TEST(TinyDirection, perpInDoubleStopsBelowDoubleEpsilonSquared) {
  const double at = pow2<double>(-52);
  const double below = std::nextafter(at, 0.0);
  const double above = std::nextafter(at, 1.0);
  ASSERT_EQ(below, pow2<double>(-52) - pow2<double>(-105));
  ASSERT_EQ(above, pow2<double>(-52) + pow2<double>(-104));
  EXPECT_EQ(below * below, pow2<double>(-104) - pow2<double>(-156));
  EXPECT_EQ(above * above, pow2<double>(-104) + pow2<double>(-155));

  DistanceOutput<double> out = pointToPoint<PerpStrategy>(at);
  EXPECT_EQ(out.termination, Termination::DuplicateSupport);
  EXPECT_EQ(out.iterations, 1);
  EXPECT_EQ(out.distance, at);

  out = pointToPoint<PerpStrategy>(below);
  EXPECT_EQ(out.termination, Termination::TinyDirection);
  EXPECT_EQ(out.iterations, 0);
  EXPECT_EQ(out.distance, below);

  out = pointToPoint<PerpStrategy>(above);
  EXPECT_EQ(out.termination, Termination::DuplicateSupport);
  EXPECT_EQ(out.iterations, 1);

  EXPECT_EQ(pointToPoint<PerpStrategy>(pow2<float>(-24)).termination, Termination::TinyDirection);
  EXPECT_EQ(pointToPoint<PerpStrategy>(pow2<double>(-24)).termination, Termination::DuplicateSupport);
}

// ---------------------------------------------------------------------------------------------------------
// Duplicate support (lines 542-556). The pair test itself: equal only when both indices are equal.
TEST(DuplicateSupport, aPairIsSavedOnlyWhenBothIndicesMatch) {
  const int saveA[3] = {0, 2, 1};
  const int saveB[3] = {0, 0, 3};
  SimplexVertex<float> v;
  v.indexA = 2;
  v.indexB = 0;
  EXPECT_TRUE(isSavedSupportPair(v, saveA, saveB, 3));
  EXPECT_FALSE(isSavedSupportPair(v, saveA, saveB, 1));  // only the first saveCount pairs count
  v.indexB = 3;                                          // (2,3): A matches entry 1, B matches entry 2
  EXPECT_FALSE(isSavedSupportPair(v, saveA, saveB, 3));
  v.indexA = 1;  // (1,3)
  EXPECT_TRUE(isSavedSupportPair(v, saveA, saveB, 3));
  v.indexB = 2;  // (1,2)
  EXPECT_FALSE(isSavedSupportPair(v, saveA, saveB, 3));
}

// Whether the new support is a duplicate turns on GetSupport's strict comparison: on a tie the first index
// is kept. A is the point (0,0); B has v0 = (2,0) and v1 = (x1,4), identity transforms. The cold simplex is
// w1 = (2,0), pair (0,0); d = (-2,-0) and B is queried with (-2,0) (b2MulT of the identity). Dots:
// v0: -4, v1: -2*x1.
//   x1 = 2:            -4 > -4 is false -> index 0, the pair (0,0) again: DuplicateSupport after 1 call,
//                      distance 2, simplex (2,0).
//   x1 = 2 + 2^-22:    -4 - 2^-21 < -4 -> index 0, the same.
//   x1 = 2 - 2^-23:    -4 + 2^-22 > -4 -> index 1, a new vertex w2 = (2 - 2^-23, 4). Solve2:
//                      e12 = (-2^-23, 4), d12_2 = -(2*(-2^-23)) = 2^-22 > 0, d12_1 = 16 - 2^-22 + 2^-46 -> 16,
//                      a1 = 16/16 = 1, a2 = 2^-22/16 = 2^-26, count 2. perp: sgn = cross(e12, (-2,-0)) =
//                      (-2^-23)(-0) - 4*(-2) = 8 > 0 -> d = (-4, -2^-23). Dots: v0: -8 + 0*(-2^-23) = -8;
//                      v1: (2 - 2^-23)(-4) + 4*(-2^-23) = (-8 + 2^-21) - 2^-21 = -8, a tie -> index 0, saved:
//                      DuplicateSupport after 2 calls. pB = (2 + 2^-26*(2 - 2^-23), 2^-26*4) = (2, 2^-24)
//                      (x rounds to 2), pA = (0,0), distance sqrt(4 + 2^-48) -> 2.
TEST(DuplicateSupport, aSupportTieKeepsTheFirstIndexAndEndsTheLoop) {
  auto run = [](float x1) {
    DistanceInput<float> input = makeInput(polygon({{0, 0}}), polygon({{2, 0}, {x1, 4}}), {0, 0}, false);
    return query<PerpStrategy>(input);
  };
  for (float x1 : {2.0f, std::nextafter(2.0f, 4.0f)}) {
    DistanceOutput<float> out = run(x1);
    EXPECT_EQ(out.termination, Termination::DuplicateSupport) << x1;
    EXPECT_EQ(out.iterations, 1) << x1;
    EXPECT_EQ(out.simplexCount, 1) << x1;
    EXPECT_EQ(out.distance, 2.0f) << x1;
    EXPECT_EQ(out.pointB, (Vec2<float>{2, 0})) << x1;
  }
  float below = std::nextafter(2.0f, 0.0f);
  ASSERT_EQ(below, 2.0f - pow2(-23));
  DistanceOutput<float> out = run(below);
  EXPECT_EQ(out.termination, Termination::DuplicateSupport);
  EXPECT_EQ(out.iterations, 2);
  EXPECT_EQ(out.simplexCount, 2);
  EXPECT_EQ(out.distance, 2.0f);
  EXPECT_EQ(out.pointA, (Vec2<float>{0, 0}));
  EXPECT_EQ(out.pointB, (Vec2<float>{2, pow2(-24)}));
}

// ---------------------------------------------------------------------------------------------------------
// Iteration cap (lines 481, 538): the loop counts support calls and stops when the count reaches the cap.
// The policy's cap is a template constant, so a policy with a smaller cap drives the same loop.
template <int CAP>
struct CappedPerpPolicy : PerpPolicy {
  static constexpr int MAX_ITERATIONS = CAP;
};

template <int CAP>
DistanceOutput<float> cappedQuery(const DistanceInput<float>& input) {
  SimplexCache<float> cache;
  DistanceOutput<float> output;
  gjkDistance<float, CappedPerpPolicy<CAP>>(input, &cache, &output);
  return output;
}

// Two 2x2 boxes, B at (4, 0.5). A's vertices (-1,-1) (1,-1) (1,1) (-1,1), B's world vertices (3,-0.5)
// (5,-0.5) (5,1.5) (3,1.5). By hand, with perp:
//   pass 1: w = (4,0.5) pair (0,0); d = (-4,-0.5); A's support for (4,0.5) is 2, B's for d is 0:
//           w = (3,-0.5) - (1,1) = (2,-1.5), pair (2,0), call 1.
//   pass 2: Solve2: e12 = (-2,-2), d12_2 = 9 > 0, d12_1 = -4 + 3 = -1 <= 0 -> region w2, a = 1;
//           d = (-2,1.5); A's support for (2,-1.5) is 1, B's is 3: w = (3,1.5) - (1,-1) = (2,2.5),
//           pair (1,3), call 2.
//   pass 3: Solve2: e12 = (0,4), d12_2 = 6, d12_1 = 10 -> a = 10/16, 6/16 = 0.625, 0.375; d = (-4,0);
//           A's support for (4,0) ties 1 and 2 -> 1; B's for (-4,0) ties 0 and 3 -> 0: w = (2,0.5),
//           pair (1,0), call 3, a third vertex (with a = 0).
//   pass 4: Solve3 of three collinear points: n123 = 0, so d123_3 = 0 <= 0 and e12 is taken again;
//           d = (-4,0), the pair (1,0) again -> DuplicateSupport after call 4, distance 2.
// So the query needs exactly 4 calls.
DistanceInput<float> twoBoxes() { return makeInput(box(1, 1), box(1, 1), {4, 0.5f}); }

TEST(IterationCap, aCapEqualToTheCallsNeededEndsOnTheNaturalStop) {
  for (DistanceOutput<float> out : {cappedQuery<4>(twoBoxes()), cappedQuery<5>(twoBoxes()),
                                    query<PerpStrategy>(twoBoxes())}) {
    EXPECT_EQ(out.termination, Termination::DuplicateSupport);
    EXPECT_EQ(out.iterations, 4);
    EXPECT_EQ(out.simplexCount, 2);
    EXPECT_EQ(out.distance, 2.0f);
    EXPECT_EQ(out.pointA, (Vec2<float>{1, 0.25f}));  // 0.625*(1,1) + 0.375*(1,-1)
    EXPECT_EQ(out.pointB, (Vec2<float>{3, 0.25f}));  // 0.625*(3,-0.5) + 0.375*(3,1.5)
  }
}

// Cap 3, one call short: the loop leaves after call 3 with the triangle unsolved (count 3, lines 481, 559).
// The output step then treats it as a solved triangle (line 243: pB = pA): distance 0 for two boxes 2 apart.
// pA = 0.625*(1,1) + 0.375*(1,-1) + 0*(1,-1) = (1, 0.25); the radius step sees distance 0 and keeps the
// midpoint. Box2D 2.4.1 does the same, except that its m_v3.a was never written in this query (lines
// 530-535 do not set `a`), so its pA adds an uninitialized weight times (1,-1); the distance is 0 there too.
TEST(IterationCap, oneCallShortAfterAThirdVertexReportsAnUnsolvedTriangleAsOverlap) {
  DistanceOutput<float> out = cappedQuery<3>(twoBoxes());
  EXPECT_EQ(out.termination, Termination::IterationCap);
  EXPECT_EQ(out.iterations, 3);
  EXPECT_EQ(out.simplexCount, 3);
  EXPECT_EQ(out.distance, 0.0f);
  EXPECT_EQ(out.pointA, (Vec2<float>{1, 0.25f}));
  EXPECT_EQ(out.pointB, out.pointA);
}

// Cap 2: the loop leaves after call 2 with the segment {(2,-1.5) a = 1, (2,2.5) a = 0} unsolved.
// pA = 1*(1,1) + 0*(1,-1) = (1,1), pB = 1*(3,-0.5) + 0*(3,1.5) = (3,-0.5), distance |(-2,1.5)| = 2.5.
// Box2D 2.4.1 differs here: the new vertex goes into m_v2 without its `a` (lines 530-535), and m_v2.a
// still holds the 1 that Solve2's region w2 wrote in pass 2 (line 327), so Box2D's witness points are
// (1,1) + (1,-1) = (2,0) and (3,-0.5) + (3,1.5) = (6,1), distance sqrt(17). The core gives a new vertex
// a = 0 (SimplexVertex's initializer), so it reports the previous point instead of a stale sum.
TEST(IterationCap, oneCallShortAfterASecondVertexReportsThePreviousPointNotBox2DsStaleWeight) {
  DistanceOutput<float> out = cappedQuery<2>(twoBoxes());
  EXPECT_EQ(out.termination, Termination::IterationCap);
  EXPECT_EQ(out.iterations, 2);
  EXPECT_EQ(out.simplexCount, 2);
  EXPECT_EQ(out.pointA, (Vec2<float>{1, 1}));
  EXPECT_EQ(out.pointB, (Vec2<float>{3, -0.5f}));
  EXPECT_EQ(out.distance, 2.5f);
}

// ---------------------------------------------------------------------------------------------------------
// Metric flush of the warm start (line 136), each comparison at its constant and one step either side,
// the other two comparisons held false.
//
// Factor-of-two comparisons: the cached segment of the two boxes, indexA = {2,1}, indexB = {0,3}:
// w1 = (3,-0.5) - (1,1) = (2,-1.5), w2 = (3,1.5) - (1,-1) = (2,2.5), metric2 = |w1 - w2| = sqrt(0 + 16) = 4.
//   metric2 < 0.5*metric1:  metric1 = 8: 4 < 4 false, kept; 8 + 2^-20: 4 < 4 + 2^-21, flushed;
//                           8 - 2^-21: 4 < 4 - 2^-22 false, kept.
//   2*metric1 < metric2:    metric1 = 2: 4 < 4 false, kept; 2 - 2^-23: 4 - 2^-22 < 4, flushed;
//                           2 + 2^-22: kept.
// A flushed cache restarts from the pair (0,0) alone (lines 144-156): count 1.
SimplexCache<float> cachedBoxSegment(float metric) {
  SimplexCache<float> cache;
  cache.count = 2;
  cache.indexA[0] = 2;
  cache.indexB[0] = 0;
  cache.indexA[1] = 1;
  cache.indexB[1] = 3;
  cache.metric = metric;
  return cache;
}

TEST(MetricFlush, shrinkBeyondHalfOfTheCachedMetricFlushes) {
  DistanceInput<float> input = twoBoxes();
  ASSERT_EQ(readCache(cachedBoxSegment(8), input).metric(), 4.0f);
  EXPECT_EQ(readCache(cachedBoxSegment(8), input).count, 2);
  EXPECT_EQ(readCache(cachedBoxSegment(std::nextafter(8.0f, 16.0f)), input).count, 1);
  EXPECT_EQ(readCache(cachedBoxSegment(std::nextafter(8.0f, 0.0f)), input).count, 2);
  Simplex<float> flushed = readCache(cachedBoxSegment(std::nextafter(8.0f, 16.0f)), input);
  EXPECT_EQ(flushed.v[0].indexA, 0);
  EXPECT_EQ(flushed.v[0].indexB, 0);
  EXPECT_EQ(flushed.v[0].a, 1.0f);
}

TEST(MetricFlush, growthBeyondTwiceTheCachedMetricFlushes) {
  DistanceInput<float> input = twoBoxes();
  EXPECT_EQ(readCache(cachedBoxSegment(2), input).count, 2);
  EXPECT_EQ(readCache(cachedBoxSegment(std::nextafter(2.0f, 0.0f)), input).count, 1);
  EXPECT_EQ(readCache(cachedBoxSegment(std::nextafter(2.0f, 4.0f)), input).count, 2);
}

// metric2 < eps: A the point (0,0), B the points (0,0) and (x,0), the cache {(0,0), (0,1)} with
// metric1 = metric2 (so the factor-of-two comparisons are false). metric2 = sqrt(x*x + 0):
//   float:  x = 2^-23: 2^-23, not < 2^-23, kept. x = 2^-23 - 2^-47: x*x -> 2^-46 - 2^-69, sqrt ->
//           2^-23 - 2^-47 < eps, flushed. x = 2^-23 + 2^-46: x*x -> 2^-46 + 2^-68, sqrt -> 2^-23 + 2^-46, kept.
//   double: x = 2^-52 kept; 2^-52 - 2^-105: x*x -> 2^-104 - 2^-156, sqrt -> 2^-52 - 2^-105 < eps, flushed;
//           2^-52 + 2^-104 kept.
template <class T>
int cachedTinySegmentCount(T x) {
  DistanceInput<T> input = makeInput<T>(polygonOf<T>({{0, 0}}), polygonOf<T>({{0, 0}, {x, 0}}), {0, 0});
  SimplexCache<T> cache;
  cache.count = 2;
  cache.indexB[1] = 1;
  cache.metric = x;
  EXPECT_EQ(distance(Vec2<T>{0, 0}, Vec2<T>{x, 0}), x) << "metric2 is not x";
  return readCache(cache, input).count;
}

TEST(MetricFlush, aSegmentShorterThanEpsilonFlushesInFloat) {
  const float at = pow2(-23);
  EXPECT_EQ(cachedTinySegmentCount(at), 2);
  EXPECT_EQ(cachedTinySegmentCount(std::nextafter(at, 0.0f)), 1);
  EXPECT_EQ(cachedTinySegmentCount(std::nextafter(at, 1.0f)), 2);
}

TEST(MetricFlush, aSegmentShorterThanEpsilonFlushesInDouble) {
  const double at = pow2<double>(-52);
  EXPECT_EQ(cachedTinySegmentCount(at), 2);
  EXPECT_EQ(cachedTinySegmentCount(std::nextafter(at, 0.0)), 1);
  EXPECT_EQ(cachedTinySegmentCount(std::nextafter(at, 1.0)), 2);
  EXPECT_EQ(cachedTinySegmentCount<double>(std::nextafter(pow2<float>(-23), 0.0f)), 2);  // not tiny in double
}

// A cached triangle's metric is its signed doubled area (lines 266-267): B = (0,0), (x,0), (0,1) gives
// cross((x,0), (0,1)) = x*1 - 0*0 = x exactly. With metric1 = x: x = 2^-23 kept, 2^-23 - 2^-47 flushed,
// 2^-23 + 2^-46 kept. The clockwise order (0,0), (0,1), (x,0) gives -x: always flushed, whatever the cache
// says, since -x < eps (and -x < 0.5*(-x)).
TEST(MetricFlush, aTriangleWithAreaBelowEpsilonOrClockwiseFlushes) {
  auto count = [](float x, bool clockwise) {
    Proxy<float> b = clockwise ? polygon({{0, 0}, {0, 1}, {x, 0}}) : polygon({{0, 0}, {x, 0}, {0, 1}});
    DistanceInput<float> input = makeInput(polygon({{0, 0}}), b, {0, 0});
    SimplexCache<float> cache;
    cache.count = 3;
    cache.indexB[1] = 1;
    cache.indexB[2] = 2;
    cache.metric = clockwise ? -x : x;
    return readCache(cache, input).count;
  };
  const float at = pow2(-23);
  EXPECT_EQ(count(at, false), 3);
  EXPECT_EQ(count(std::nextafter(at, 0.0f), false), 1);
  EXPECT_EQ(count(std::nextafter(at, 1.0f), false), 3);
  EXPECT_EQ(count(1.0f, false), 3);
  EXPECT_EQ(count(1.0f, true), 1);
}

// The core's own addition (Box2D 2.4.1 has no such test; its GetVertex asserts the index): a cached index
// out of range for these shapes flushes. Index count - 1 is kept, count is flushed.
TEST(MetricFlush, aCachedIndexOutOfRangeFlushes) {
  DistanceInput<float> input = twoBoxes();
  SimplexCache<float> cache = cachedBoxSegment(4);
  cache.indexA[1] = 3;  // w2 = (3,1.5) - (-1,1) = (4,0.5), |w1 - w2| = |(-2,-2)| = sqrt(8): set the metric
  cache.metric = std::sqrt(8.0f);
  EXPECT_EQ(readCache(cache, input).count, 2);
  cache.indexA[1] = 4;
  EXPECT_EQ(readCache(cache, input).count, 1);
  cache.indexA[1] = 1;
  cache.indexB[1] = 4;
  EXPECT_EQ(readCache(cache, input).count, 1);
}

// ---------------------------------------------------------------------------------------------------------
// Radii (line 578): distance > rA + rB && distance > eps, else the midpoint and distance 0.
//
// distance > rA + rB: A the point (0,0) with radius 0.25, B the point (x,0) with radius 0.75, rA + rB = 1.
//   x = 1:            1 > 1 false -> distance 0, both points at (0.5, 0).
//   x = 1 - 2^-24:    false -> distance 0, both points at (0.5 - 2^-25, 0).
//   x = 1 + 2^-23:    true -> distance x - 1 = 2^-23; normal: |(x,0)| = sqrt(1 + 2^-22) -> 1 + 2^-23 = x,
//                     1/x -> 1 - 2^-23, x*(1 - 2^-23) = 1 - 2^-46 -> 1: normal (1,0); pA = (0.25,0),
//                     pB = (x - 0.75, 0) = (0.25 + 2^-23, 0).
TEST(Radii, theSumOfTheRadiiIsOverlapAndOneStepBeyondIsNot) {
  auto run = [](float x) {
    return query<PerpStrategy>(makeInput(polygon({{0, 0}}, 0.25f), polygon({{0, 0}}, 0.75f), {x, 0}));
  };
  DistanceOutput<float> out = run(1);
  EXPECT_EQ(out.distance, 0.0f);
  EXPECT_EQ(out.pointA, (Vec2<float>{0.5f, 0}));
  EXPECT_EQ(out.pointB, out.pointA);

  out = run(std::nextafter(1.0f, 0.0f));
  EXPECT_EQ(out.distance, 0.0f);
  EXPECT_EQ(out.pointA, (Vec2<float>{0.5f - pow2(-25), 0}));
  EXPECT_EQ(out.pointB, out.pointA);

  out = run(std::nextafter(1.0f, 2.0f));
  EXPECT_EQ(out.distance, pow2(-23));
  EXPECT_EQ(out.pointA, (Vec2<float>{0.25f, 0}));
  EXPECT_EQ(out.pointB, (Vec2<float>{0.25f + pow2(-23), 0}));
}

// distance > eps, radii 0: the point-to-point case of the tiny-direction test with useRadii on.
//   float:  x = 2^-23: 2^-23 > 2^-23 false -> distance 0, midpoint (2^-24, 0); x = 2^-23 - 2^-47 (the loop
//           stops on the tiny direction) -> 0; x = 2^-23 + 2^-46 -> distance x, points (0,0) and (x,0)
//           (the radii 0 move them by 0 * normal).
//   double: the same at 2^-52.
template <class T>
void expectRadiusEpsilonThreshold(T at, const char* name) {
  DistanceOutput<T> out = pointToPoint<PerpStrategy>(at, true);
  EXPECT_EQ(out.distance, T(0)) << name;
  EXPECT_EQ(out.pointA, (Vec2<T>{at / 2, 0})) << name;
  EXPECT_EQ(out.pointB, out.pointA) << name;

  EXPECT_EQ(pointToPoint<PerpStrategy>(std::nextafter(at, T(0)), true).distance, T(0)) << name;

  T above = std::nextafter(at, T(1));
  out = pointToPoint<PerpStrategy>(above, true);
  EXPECT_EQ(out.distance, above) << name;
  EXPECT_EQ(out.pointA, (Vec2<T>{0, 0})) << name;
  EXPECT_EQ(out.pointB, (Vec2<T>{above, 0})) << name;
}

TEST(Radii, aDistanceOfEpsilonIsOverlapAndOneStepBeyondIsNot) {
  expectRadiusEpsilonThreshold<float>(pow2(-23), "float");
  expectRadiusEpsilonThreshold<double>(pow2<double>(-52), "double");
}

}  // namespace
