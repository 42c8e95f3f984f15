// Strategy `nesterov` (core/strategies/nesterov.h): Nesterov-accelerated GJK of Montaut et al. (RSS 2022)
// as coal implements it. The behaviours the paper and coal's GJK::evaluate document: the distance on
// separated polygons, overlap, the stop by the duality-gap test, the fallback to plain GJK when the
// momentum direction stops making progress, and finite output on degenerate input.
#include <gtest/gtest.h>

#include <cmath>
#include <algorithm>
#include <initializer_list>
#include <limits>
#include <random>

#include "core/strategies/nesterov.h"
#include "core/strategies/perp.h"

namespace {

using namespace gjk;

template <class T>
Proxy<T> polygon(std::initializer_list<Vec2<T>> points, T radius = 0) {
  Proxy<T> proxy;
  for (Vec2<T> p : points) proxy.vertices[proxy.count++] = p;
  proxy.radius = radius;
  return proxy;
}

template <class T>
Proxy<T> box(T halfWidth, T halfHeight) {
  return polygon<T>({{-halfWidth, -halfHeight},
                     {halfWidth, -halfHeight},
                     {halfWidth, halfHeight},
                     {-halfWidth, halfHeight}});
}

template <class T>
DistanceInput<T> makeInput(Proxy<T> a, Proxy<T> b, Vec2<T> positionB) {
  DistanceInput<T> input;
  input.proxyA = a;
  input.proxyB = b;
  input.transformB.p = positionB;
  return input;
}

template <class T>
struct NesterovRun {
  DistanceOutput<T> output;
  NesterovReport<T> report;
  SimplexCache<T> cache;
  TraceStep<T> steps[160];
  Trace<T> trace{steps, 160, 0};
};

template <class T>
void run(const DistanceInput<T>& input, NesterovRun<T>* r) {
  NesterovStrategy::distance(input, &r->cache, &r->output, &r->trace, &r->report);
}

template <class T>
bool finite(Vec2<T> v) {
  return std::isfinite(v.x) && std::isfinite(v.y);
}

// The distance within `ulps` units in the last place of the expected value.
template <class T>
void expectWithinUlps(T actual, T expected, int ulps) {
  T tolerance = T(ulps) * std::numeric_limits<T>::epsilon() * std::fabs(expected);
  EXPECT_NEAR(actual, expected, tolerance) << "ulps allowed: " << ulps;
}

template <class T>
class Nesterov : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Nesterov, Scalars);

// Boxes with integer corners, 2 apart along x: the closest features are two parallel edges, the witness
// points are on them, and every coordinate GJK forms is a small integer or a ratio that rounds the same
// way on both sides. The distance is exactly 2 in float and in double.
TYPED_TEST(Nesterov, separatedIntegerBoxesGiveTheExactDistance) {
  using T = TypeParam;
  NesterovRun<T> r;
  run(makeInput<T>(box<T>(1, 1), box<T>(1, 1), {4, T(0.5)}), &r);
  EXPECT_EQ(r.output.distance, T(2));
  EXPECT_EQ(r.output.pointA.x, T(1));
  EXPECT_EQ(r.output.pointB.x, T(3));
  EXPECT_EQ(r.output.pointA.y, r.output.pointB.y);
  EXPECT_EQ(r.output.termination, Termination::DualityGap);
}

// Corner to corner: the exact distance is 2 sqrt(2), so only the final sqrt (and the witness
// interpolation) rounds.
TYPED_TEST(Nesterov, separatedBoxesCornerToCornerWithinAFewUlps) {
  using T = TypeParam;
  NesterovRun<T> r;
  run(makeInput<T>(box<T>(1, 1), box<T>(1, 1), {4, 4}), &r);
  expectWithinUlps<T>(r.output.distance, T(2) * std::sqrt(T(2)), 4);
  EXPECT_EQ(r.output.termination, Termination::DualityGap);
}

// Separated polygons in general position agree with the `perp` strategy (Box2D 2.4.1) to a few ulps.
TYPED_TEST(Nesterov, separatedPolygonsAgreeWithPerp) {
  using T = TypeParam;
  Proxy<T> hexagon = polygon<T>({{2, 0}, {1, 2}, {-1, 2}, {-2, 0}, {-1, -2}, {1, -2}});
  Proxy<T> triangle = polygon<T>({{0, 0}, {3, 1}, {1, 3}});
  DistanceInput<T> input = makeInput<T>(hexagon, triangle, {T(3.25), T(2.5)});
  input.transformB.q = {T(0.6), T(0.8)};
  NesterovRun<T> r;
  run(input, &r);
  SimplexCache<T> cache;
  DistanceOutput<T> perp;
  PerpStrategy::distance(input, &cache, &perp, static_cast<Trace<T>*>(nullptr));
  ASSERT_GT(perp.distance, T(0));
  expectWithinUlps<T>(r.output.distance, perp.distance, 8);
  EXPECT_EQ(r.output.termination, Termination::DualityGap);
}

// Overlapping shapes: the simplex becomes a triangle around the origin (coal: `inside`), distance 0
// and both witness points at the same place.
TYPED_TEST(Nesterov, overlappingShapesReportDistanceZero) {
  using T = TypeParam;
  for (Vec2<T> offset : {Vec2<T>{1, T(0.5)}, Vec2<T>{0, 0}, Vec2<T>{T(-1.5), T(1.25)}}) {
    NesterovRun<T> r;
    run(makeInput<T>(box<T>(1, 1), box<T>(1, 1), offset), &r);
    EXPECT_EQ(r.output.distance, T(0));
    EXPECT_EQ(r.output.pointA, r.output.pointB);
    EXPECT_TRUE(r.output.termination == Termination::Containment ||
                r.output.termination == Termination::RayBelowTolerance ||
                r.output.termination == Termination::RayZero)
        << terminationName(r.output.termination);
  }
}

// Exactly touching (edges on x = 1): after a projection the closest point of the simplex is the origin
// itself, rl == 0: coal's "rl == 0 is a collision" (ray-zero), before check A is reached. Distance 0.
TYPED_TEST(Nesterov, touchingShapesReportDistanceZero) {
  using T = TypeParam;
  NesterovRun<T> r;
  run(makeInput<T>(box<T>(1, 1), box<T>(1, 1), {2, T(0.5)}), &r);
  EXPECT_EQ(r.output.distance, T(0));
  EXPECT_EQ(r.output.termination, Termination::RayZero);
}

// The stop is coal's check C with the DualityGap criterion, Relative type: at the last pass the plain
// direction's support w gives gap = 2 ray.(ray - w) with (gap / tol * rl) - tol * rl <= 0, i.e.
// gap <= tol^2, which bounds |ray - x*|^2. Recomputed here from the trace.
TYPED_TEST(Nesterov, stopsByTheDualityGapTestOnSeparatedShapes) {
  using T = TypeParam;
  Proxy<T> a = polygon<T>({{0, 0}, {4, 0}, {5, 3}, {1, 4}});
  Proxy<T> b = polygon<T>({{0, 0}, {2, -1}, {3, 2}});
  NesterovRun<T> r;
  run(makeInput<T>(a, b, {9, 1}), &r);
  ASSERT_EQ(r.output.termination, Termination::DualityGap);
  ASSERT_GE(r.trace.count, 2);
  const TraceStep<T>& last = r.steps[r.trace.count - 1];
  ASSERT_TRUE(last.hasSupport);
  Vec2<T> ray = last.simplex.closestPoint();
  T gap = T(2) * dot(ray, ray - last.support.w);
  T tol = NESTEROV_TOLERANCE<T>;
  T rl = length(ray);
  EXPECT_LE((gap / tol * rl) - tol * rl, T(0));
  EXPECT_LE(gap, tol * tol);
  // The stop happens on the plain direction: coal never stops on an accelerated support.
  EXPECT_NE(r.report.fallback, NesterovFallback::None);
  EXPECT_EQ(last.direction, -ray);
  // And the result is the distance: the final simplex is the edge of the triangle facing A.
  EXPECT_EQ(r.output.distance, length(ray));
}

// The fallback, on a case where the momentum direction fails to make progress (exact small integers;
// the same path in float and double).
//   A = {(-4,-4), (3,-1), (4,-2)},  B = {(0,-4), (2,2), (3,-1)} at (2,-6).  Minkowski difference B - A.
//   start   vertex 0 of each: ray = w = dir = (6,-6)
//   pass 0  momentum 2/3 on equal unit vectors: the plain step; support along (-1,1)/sqrt2 is (0,-2)
//           (A's (4,-2), B's (2,2)); the segment (6,-6)-(0,-2) projects to its end: ray = (0,-2)
//   pass 1  momentum 3/4: y = ray, dir = 3/4 (1,-1)/sqrt2 + 1/4 (0,-1) = (0.530, -0.780): the momentum
//           still carries most of the first direction, and the support along -dir is (0,-2) again, the
//           point ray already is. gap = 2 ray.(ray - w) = 0 <= tol: coal's check to remove
//           acceleration fires at k = 1, drops w and redoes the pass with dir = ray.
//   The plain support along -ray = (0,2) is (8,0), with gap 2 (0,-2).((0,-2) - (8,0)) = 8: far from
//   converged, so the stop of the acceleration is the momentum's failure, not convergence. Plain GJK
//   then takes the edge (0,-2)-(8,0), at distance 8 / sqrt(17) from the origin, and stops by check C.
TYPED_TEST(Nesterov, fallsBackToPlainGjkWhenTheMomentumDirectionMakesNoProgress) {
  using T = TypeParam;
  Proxy<T> a = polygon<T>({{-4, -4}, {3, -1}, {4, -2}});
  Proxy<T> b = polygon<T>({{0, -4}, {2, 2}, {3, -1}});
  DistanceInput<T> input = makeInput<T>(a, b, {2, -6});
  NesterovRun<T> r;
  run(input, &r);

  EXPECT_EQ(r.report.fallback, NesterovFallback::DualityGapCheck);
  EXPECT_EQ(r.report.momentumStopIteration, 1);
  EXPECT_EQ(r.report.acceleratedSupportCalls, 2);
  EXPECT_EQ(r.report.rayAtFallback, (Vec2<T>{0, -2}));
  EXPECT_EQ(r.report.supportAtFallback, (Vec2<T>{0, -2}));  // no progress: the point ray already is
  EXPECT_EQ(r.report.gapAtFallback, T(0));
  // The accelerated direction was not the plain one: it still leaned toward the first direction.
  Vec2<T> d = r.report.directionAtFallback;
  EXPECT_LT(d.x, T(-0.5));
  EXPECT_GT(d.y, T(0.7));

  // Not converged when acceleration stopped: the plain support at that ray has a large gap.
  SimplexVertex<T> plain = supportVertex(input, -r.report.rayAtFallback);
  EXPECT_EQ(plain.w, (Vec2<T>{8, 0}));
  EXPECT_EQ(T(2) * dot(r.report.rayAtFallback, r.report.rayAtFallback - plain.w), T(8));

  // The trace shows the redo: the pass after the dropped support has the same simplex and the plain
  // direction -ray, and its support is the new vertex.
  ASSERT_GE(r.trace.count, 3);
  const TraceStep<T>& dropped = r.steps[1];
  const TraceStep<T>& redo = r.steps[2];
  EXPECT_EQ(dropped.simplex.closestPoint(), (Vec2<T>{0, -2}));
  EXPECT_EQ(redo.simplex.closestPoint(), (Vec2<T>{0, -2}));
  EXPECT_EQ(redo.direction, (Vec2<T>{0, 2}));
  EXPECT_EQ(redo.support.w, (Vec2<T>{8, 0}));

  EXPECT_EQ(r.output.termination, Termination::DualityGap);
  expectWithinUlps<T>(r.output.distance, T(8) / std::sqrt(T(17)), 4);
  EXPECT_EQ(r.output.iterations, 4);  // support calls, the dropped one included
}

// Collinear, duplicated and single-point shapes: every output finite, the right distance where it is
// known exactly.
TYPED_TEST(Nesterov, degenerateInputGivesFiniteOutput) {
  using T = TypeParam;
  struct Case {
    const char* story;
    Proxy<T> a;
    Proxy<T> b;
    Vec2<T> offset;
    T expected;  // negative: only finiteness is checked
  };
  Proxy<T> segmentX = polygon<T>({{-1, 0}, {1, 0}});
  Proxy<T> collinear = polygon<T>({{-1, 0}, {0, 0}, {1, 0}, {T(0.5), 0}});
  Proxy<T> point = polygon<T>({{0, 0}});
  Proxy<T> duplicates = polygon<T>({{0, 0}, {0, 0}, {1, 1}, {1, 1}, {0, 0}});
  Proxy<T> allSame = polygon<T>({{2, 3}, {2, 3}, {2, 3}});
  Case cases[] = {
      {"two segments on the same line, end to end", segmentX, segmentX, {5, 0}, T(3)},
      {"two segments on the same line, overlapping", collinear, segmentX, {T(0.5), 0}, T(0)},
      {"parallel segments", segmentX, segmentX, {T(0.25), 2}, T(2)},
      {"crossing segments", segmentX, polygon<T>({{0, -1}, {0, 1}}), {0, 0}, T(0)},
      {"point to point", point, point, {3, 4}, T(5)},
      {"the same point", point, point, {0, 0}, T(0)},
      {"point to collinear points", collinear, point, {0, 2}, T(2)},
      {"duplicated vertices", duplicates, duplicates, {3, 0}, T(-1)},
      {"all vertices equal", allSame, box<T>(1, 1), {0, 0}, T(-1)},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.story);
    NesterovRun<T> r;
    run(makeInput<T>(c.a, c.b, c.offset), &r);
    EXPECT_TRUE(std::isfinite(r.output.distance));
    EXPECT_TRUE(finite(r.output.pointA));
    EXPECT_TRUE(finite(r.output.pointB));
    EXPECT_LE(r.output.iterations, NESTEROV_MAX_ITERATIONS + 2);
    if (c.expected >= T(0)) {
      expectWithinUlps<T>(r.output.distance, c.expected, 4);
    }
  }
}

// Radii: the rounded shapes' distance is the core distance minus rA + rB (applyRadii), and the witness
// points move out to the rounded surfaces.
TYPED_TEST(Nesterov, radiiAreSubtractedFromTheCoreDistance) {
  using T = TypeParam;
  DistanceInput<T> input = makeInput<T>(box<T>(1, 1), box<T>(1, 1), {4, T(0.5)});
  input.proxyA.radius = T(0.25);
  input.proxyB.radius = T(0.5);
  NesterovRun<T> rounded;
  run(input, &rounded);
  EXPECT_EQ(rounded.output.distance, T(1.25));
  EXPECT_EQ(rounded.output.pointA.x, T(1.25));
  EXPECT_EQ(rounded.output.pointB.x, T(2.5));

  input.useRadii = false;
  NesterovRun<T> core;
  run(input, &core);
  EXPECT_EQ(core.output.distance, T(2));
}

// Warm start: the cache written by one query starts the next at the final simplex; the answer is the same.
TYPED_TEST(Nesterov, warmStartFromTheCacheGivesTheSameAnswer) {
  using T = TypeParam;
  Proxy<T> a = polygon<T>({{0, 0}, {4, 0}, {5, 3}, {1, 4}});
  Proxy<T> b = polygon<T>({{0, 0}, {2, -1}, {3, 2}});
  DistanceInput<T> input = makeInput<T>(a, b, {9, 1});
  NesterovRun<T> cold;
  run(input, &cold);
  NesterovRun<T> warm;
  warm.cache = cold.cache;
  run(input, &warm);
  EXPECT_EQ(warm.output.distance, cold.output.distance);
  EXPECT_LE(warm.output.iterations, cold.output.iterations);
  EXPECT_EQ(warm.output.termination, Termination::DualityGap);
}

// The trace holds one step per pass, and a full buffer only stops the recording.
TYPED_TEST(Nesterov, traceRecordsEachPassAndRespectsItsCapacity) {
  using T = TypeParam;
  DistanceInput<T> input = makeInput<T>(box<T>(1, 1), box<T>(1, 1), {4, 4});
  NesterovRun<T> r;
  run(input, &r);
  int withSupport = 0;
  for (int i = 0; i < r.trace.count; ++i) withSupport += r.steps[i].hasSupport ? 1 : 0;
  EXPECT_EQ(withSupport, r.output.iterations);

  TraceStep<T> one[1];
  Trace<T> small{one, 1, 0};
  SimplexCache<T> cache;
  DistanceOutput<T> output;
  NesterovStrategy::distance(input, &cache, &output, &small);
  EXPECT_EQ(small.count, 1);
  EXPECT_EQ(output.distance, r.output.distance);
}

// Float against double on random unit-scale polygons (fixed seed): the float answer stays within 1e-4
// of the double one and never claims a contact double does not see. The float runs that end at the
// iteration cap (check C unreachable under float noise, see NESTEROV_TOLERANCE) still carry the
// converged distance. The spread of terminations is recorded, not asserted.
TEST(NesterovFloat, unitScaleRandomPolygonsAgreeWithDouble) {
  std::mt19937 generator(20220627);
  std::uniform_real_distribution<double> unit(0, 1);
  std::uniform_int_distribution<int> vertexCount(3, 8);
  auto randomPolygon = [&](Proxy<double>* pd, Proxy<float>* pf) {
    int n = vertexCount(generator);
    double angles[16];
    for (int i = 0; i < n; ++i) angles[i] = unit(generator) * 6.283185307179586;
    std::sort(angles, angles + n);
    double radius = 0.5 + unit(generator);
    for (int i = 0; i < n; ++i) {
      // Rounded to float first so both runs see the same shape.
      float x = float(radius * std::cos(angles[i]));
      float y = float(radius * std::sin(angles[i]));
      pf->vertices[pf->count++] = {x, y};
      pd->vertices[pd->count++] = {double(x), double(y)};
    }
  };
  int terminations[9] = {};
  const int CASES = 4000;
  for (int i = 0; i < CASES; ++i) {
    DistanceInput<double> id;
    DistanceInput<float> inf;
    randomPolygon(&id.proxyA, &inf.proxyA);
    randomPolygon(&id.proxyB, &inf.proxyB);
    float px = float(6 * unit(generator) - 3);
    float py = float(6 * unit(generator) - 3);
    inf.transformB.p = {px, py};
    id.transformB.p = {double(px), double(py)};
    SimplexCache<double> cd;
    SimplexCache<float> cf;
    DistanceOutput<double> od;
    DistanceOutput<float> of;
    NesterovStrategy::distance(id, &cd, &od, static_cast<Trace<double>*>(nullptr));
    NesterovStrategy::distance(inf, &cf, &of, static_cast<Trace<float>*>(nullptr));
    ++terminations[int(of.termination)];
    ASSERT_NEAR(double(of.distance), od.distance, 1e-4) << "case " << i;
    ASSERT_EQ(of.distance == 0.0f, od.distance == 0.0) << "case " << i;
    ASSERT_NE(od.termination, Termination::IterationCap) << "case " << i;
  }
  for (int t = 0; t < 9; ++t) {
    if (terminations[t] != 0) {
      ::testing::Test::RecordProperty(terminationName(Termination(t)), terminations[t]);
    }
  }
}

// Known open, kept as a characterization: the absolute tolerance at large scale in float. The shapes are
// ~1000 units across; at the simplex edge the algorithm reaches after two passes, the accelerated support
// is a vertex already in the simplex, so the gap is 0 in exact arithmetic and coal would fall back (as
// double does here). In float the gap computes to 0.25, rounding noise of FLT_EPSILON * |w| * |ray - w|,
// far above tol = 1e-6: the fallback never fires, the momentum direction turns toward -ray only as fast
// as the weight 2 / (k + 3) of its history decays, and 128 passes are not enough to reach the support that
// would move the simplex. The run ends at the cap with 2099.03 for a distance of 2096.357.
// (Found by a 20000-case random search at scale 1000: 4 such cases and 3 false separations.)
TEST(NesterovFloatCharacterization, largeScaleFloatNeverFallsBackAndEndsAtTheCap) {
  auto makeCase = [](auto zero) {
    using T = decltype(zero);
    DistanceInput<T> input;
    const float a[][2] = {{0x1.d0ad12p+9f, 0x1.0c70f8p+9f}, {0x1.cecc62p+9f, 0x1.0faa6ap+9f},
                          {0x1.4c9bd2p+8f, 0x1.fe3912p+9f}, {-0x1.ac89e8p+7f, 0x1.06eb66p+10f},
                          {-0x1.ac60e8p+8f, 0x1.ec0b52p+9f}, {-0x1.c9871cp+9f, 0x1.187386p+9f},
                          {-0x1.0a8792p+10f, -0x1.ef41fp+6f}, {0x1.ff4886p+4f, -0x1.0c33b8p+10f}};
    const float b[][2] = {{0x1.f55eecp+9f, 0x1.6addb8p+8f}, {0x1.f15d42p+9f, 0x1.8049ccp+8f},
                          {-0x1.e982fcp+9f, 0x1.a6b354p+8f}, {-0x1.05237p+10f, -0x1.ad4728p+7f}};
    for (const auto& v : a) input.proxyA.vertices[input.proxyA.count++] = {T(v[0]), T(v[1])};
    for (const auto& v : b) input.proxyB.vertices[input.proxyB.count++] = {T(v[0]), T(v[1])};
    input.transformB.p = {T(0x1.5a162ep+11f), T(-0x1.35d6dp+11f)};
    input.transformB.q = {T(-0x1.1fe01ep-2f), T(0x1.eb59e4p-1f)};
    return input;
  };

  NesterovRun<float> f;
  run(makeCase(0.0f), &f);
  EXPECT_EQ(f.output.termination, Termination::IterationCap);
  EXPECT_EQ(f.report.fallback, NesterovFallback::None);
  EXPECT_GT(f.output.distance, 2099.0f);

  NesterovRun<double> d;
  run(makeCase(0.0), &d);
  EXPECT_EQ(d.output.termination, Termination::DualityGap);
  EXPECT_EQ(d.report.fallback, NesterovFallback::DualityGapCheck);
  EXPECT_NEAR(d.output.distance, 2096.357, 1e-3);

  // `perp` on the same float input finds the right edge.
  SimplexCache<float> cache;
  DistanceOutput<float> perp;
  PerpStrategy::distance(makeCase(0.0f), &cache, &perp, static_cast<Trace<float>*>(nullptr));
  EXPECT_NEAR(perp.distance, 2096.357f, 0.01f);
}

}  // namespace

namespace {

// The cap as the registry states it (NESTEROV_MAX_SUPPORT_CALLS = 129): coal stops after 128 completed
// passes (`(++iterations) < max_iterations`, gjk.cpp:366 at v3.0.0); the one fallback drops a support
// without completing a pass (the `continue`s at :303 and :313), so a run that falls back and then reaches
// the cap has made 129 support calls, and one that never falls back 128. Case: `gjkcheck gen --family
// touching --seed 7 --first 75 --count 1` (touching rounded shapes at 5e5, in float).
TEST(NesterovCap, isOneHundredTwentyEightPassesAndAtMostOneDroppedSupport) {
  DistanceInput<float> input;
  const float a[][2] = {{-0x1.68p+16f, -0x1.a4p+14f}, {0x1p+11f, -0x1.4p+10f}, {0, 0}};
  const float b[][2] = {{-0x1.14p+14f, 0x1.dp+13f}, {-0x1.5p+12f, 0x1.2p+14f}, {-0x1.4p+12f, 0x1.4p+14f},
                        {-0x1.dp+12f, 0x1.38p+14f}};
  for (const auto& v : a) input.proxyA.vertices[input.proxyA.count++] = {v[0], v[1]};
  for (const auto& v : b) input.proxyB.vertices[input.proxyB.count++] = {v[0], v[1]};
  input.proxyA.radius = 0x1.cp+11f;
  input.proxyB.radius = 0x1.e8p+13f;
  input.transformA.p = {-0x1.d8cp+18f, 0x1.05ap+19f};
  input.transformB.p = {-0x1.d8cp+18f, 0x1.05ap+19f};
  NesterovRun<float> r;
  run(input, &r);
  EXPECT_EQ(r.output.termination, Termination::IterationCap);
  EXPECT_NE(r.report.fallback, NesterovFallback::None);
  EXPECT_EQ(r.output.iterations, NESTEROV_MAX_SUPPORT_CALLS);
  EXPECT_EQ(NESTEROV_MAX_SUPPORT_CALLS, NESTEROV_MAX_ITERATIONS + 1);
}

}  // namespace

namespace {

// coal's check A `if (rl < tolerance)` (gjk.cpp:227 at v3.0.0) on both sides. A point at the origin
// against a point at (x, 0): the start simplex is that point, ray = (x, 0), rl = sqrt(x x) = x exactly.
// x = tol = 1e-6f (0x1.0c6f7ap-20): not below; the accelerated support repeats the point, its gap
// 2 ray.(ray - w) = 0 <= tol drops the acceleration, the plain pass adds the same point again (k = 1), and
// the next pass's check C (k > 0, gap 0) stops: duality-gap, distance x. One float less: check A,
// ray-below-tolerance, distance 0.
TEST(NesterovStopRules, checkAJustBelowAndExactlyAtTheTolerance) {
  auto pointAt = [](float x) {
    DistanceInput<float> input;
    input.proxyA.vertices[input.proxyA.count++] = {0, 0};
    input.proxyB.vertices[input.proxyB.count++] = {x, 0};
    NesterovRun<float> r;
    run(input, &r);
    return r.output;
  };
  const float tol = NESTEROV_TOLERANCE<float>;
  ASSERT_EQ(tol, 0x1.0c6f7ap-20f);
  DistanceOutput<float> at = pointAt(tol);
  EXPECT_EQ(at.termination, Termination::DualityGap);
  EXPECT_EQ(at.distance, tol);
  DistanceOutput<float> below = pointAt(std::nextafter(tol, 0.0f));
  EXPECT_EQ(below.termination, Termination::RayBelowTolerance);
  EXPECT_EQ(below.distance, 0.0f);
}

}  // namespace
