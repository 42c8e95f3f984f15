// The GJK loop: the talk's single-precision example, its termination cases, warm start, radii, trace.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <utility>
#include <new>

#include "core/gjk.h"
#include "test_shapes.h"

// Counts heap allocations so a test can show that a query makes none.
static std::atomic<long> allocationCount{0};
void* operator new(std::size_t size) {
  ++allocationCount;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

using namespace gjk;

using namespace gjk::test_support;

// The talk's single-precision example: the segment A = [0.021119118, 79.584320],
// B = [0.020964622, -31.515678] and the query point Q = origin. The perpendicular direction is exactly
// perpendicular to B - A; the naive direction -P, from rounded barycentric coordinates, is not.
TEST(SearchDirection, perpIsExactlyPerpendicularAndNaiveIsNotOnTheTalksExample) {
  Simplex<float> s;
  s.count = 2;
  s.v[0].w = {0.021119118f, 79.584320f};
  s.v[1].w = {0.020964622f, -31.515678f};
  s.solve2();
  ASSERT_EQ(s.count, 2);
  Vec2<float> e = s.v[1].w - s.v[0].w;

  Vec2<float> perp = PerpPolicy::searchDirection(s);
  Vec2<float> naive = NaivePolicy::searchDirection(s);
  // Each product of two floats is exact in double, and a sum of two doubles is zero only when exact.
  double perpDot = double(perp.x) * double(e.x) + double(perp.y) * double(e.y);
  double naiveDot = double(naive.x) * double(e.x) + double(naive.y) * double(e.y);
  EXPECT_EQ(perpDot, 0.0);
  EXPECT_NE(naiveDot, 0.0);
  // And the naive direction's tilt is not a few ulps of noise: it is a visible angle.
  double cosine = naiveDot / (std::hypot(naive.x, naive.y) * std::hypot(e.x, e.y));
  EXPECT_GT(std::fabs(cosine), 1e-6) << "cosine of the angle between -P and the segment";
  // Both point to the origin's side.
  EXPECT_GT(double(perp.x) * -s.v[0].w.x + double(perp.y) * -s.v[0].w.y, 0.0);
}

// Termination case 1, repeated support point: separated boxes; the support along the final direction
// is already in the simplex, and the loop stops there with the right answer.
TEST(Termination, case1RepeatedSupportPointStopsWithTheDistance) {
  DistanceInput<float> input = makeInput(box(1, 1), box(1, 1), {4, 0.5f});
  DistanceOutput<float> out = query<PerpStrategy>(input);
  EXPECT_EQ(out.termination, Termination::DuplicateSupport);
  EXPECT_EQ(out.distance, 2.0f);
  EXPECT_EQ(out.pointA.x, 1.0f);
  EXPECT_EQ(out.pointB.x, 3.0f);
  EXPECT_EQ(out.pointA.y, out.pointB.y);
}

// Termination case 2, containment: overlapping boxes; the simplex becomes a triangle holding the origin.
TEST(Termination, case2ContainmentReportsOverlap) {
  DistanceInput<float> input = makeInput(box(1, 1), box(1, 1), {0.5f, 0.25f});
  DistanceOutput<float> out = query<PerpStrategy>(input);
  EXPECT_EQ(out.termination, Termination::Containment);
  EXPECT_EQ(out.simplexCount, 3);
  EXPECT_EQ(out.distance, 0.0f);
}

// Termination case 3a, vertex overlap: the shapes touch at a vertex, so a Minkowski point is the origin
// itself. The search direction -w is zero and the loop stops on the tiny direction, distance 0.
TEST(Termination, case3aVertexOverlapStopsOnTheTinyDirection) {
  // B's vertex 0 at (1, 1) coincides with A's vertex 0 (1, 1); both start from vertex 0.
  DistanceInput<float> input = makeInput(polygon({{1, 1}, {-1, 1}, {-1, -1}, {1, -1}}),
                                         polygon({{0, 0}, {2, 0}, {2, 2}, {0, 2}}), {1, 1});
  for (bool perp : {false, true}) {
    DistanceOutput<float> out = perp ? query<PerpStrategy>(input) : query<NaiveStrategy>(input);
    EXPECT_EQ(out.termination, Termination::TinyDirection) << (perp ? "perp" : "naive");
    EXPECT_EQ(out.distance, 0.0f);
    EXPECT_EQ(out.iterations, 0);
  }
}

// Termination case 3b, edge overlap: the origin lies on a simplex edge (a vertex of B on an edge of A).
// The naive direction -P is the zero vector and the loop stops on it; the perpendicular direction is not
// zero, so perp searches on and ends by a repeated support point. Both report distance 0.
TEST(Termination, case3bEdgeOverlapNaiveStopsOnTinyDirectionPerpOnRepeatedSupport) {
  // A = square [-1,1]^2, B = triangle with its apex (0,1) on A's top edge, pointing down.
  DistanceInput<float> input = makeInput(box(1, 1), polygon({{0, 1}, {-1, 3}, {1, 3}}), {0, 0});
  DistanceOutput<float> naive = query<NaiveStrategy>(input);
  DistanceOutput<float> perp = query<PerpStrategy>(input);
  EXPECT_EQ(naive.termination, Termination::TinyDirection);
  EXPECT_EQ(naive.distance, 0.0f);
  EXPECT_EQ(perp.termination, Termination::DuplicateSupport);
  EXPECT_EQ(perp.distance, 0.0f);
}

// Termination case 4, degenerate simplex: both shapes are segments on one line, so every support point
// is collinear and the triangle has zero area. The solver must fall back to an edge or vertex (no
// division by zero) and the loop must still end with the exact distance.
TEST(Termination, case4DegenerateSimplexOfCollinearPointsEndsFinite) {
  DistanceInput<float> input = makeInput(polygon({{-2, 0}, {0, 0}, {-1, 0}}), polygon({{0, 0}, {3, 0}, {1, 0}}),
                                         {1, 0});
  for (bool perp : {false, true}) {
    DistanceOutput<float> out = perp ? query<PerpStrategy>(input) : query<NaiveStrategy>(input);
    EXPECT_TRUE(std::isfinite(out.distance) && std::isfinite(out.pointA.x) && std::isfinite(out.pointB.x));
    EXPECT_EQ(out.distance, 1.0f) << (perp ? "perp" : "naive");
    EXPECT_NE(out.termination, Termination::IterationCap);
  }
}

// Warm start: a query from the cache of the same query returns the same answer, in no more iterations.
TEST(WarmStart, cachedSimplexGivesTheSameAnswerFaster) {
  DistanceInput<float> input = makeInput(box(1, 0.5f), polygon({{0, 0}, {2, 1}, {1, 3}}), {3, -2});
  input.transformB.q = {0.8f, 0.6f};
  SimplexCache<float> cache;
  DistanceOutput<float> cold = query<PerpStrategy>(input, &cache);
  ASSERT_GT(cache.count, 0);
  DistanceOutput<float> warm = query<PerpStrategy>(input, &cache);
  EXPECT_EQ(warm.distance, cold.distance);
  EXPECT_EQ(warm.pointA, cold.pointA);
  EXPECT_EQ(warm.pointB, cold.pointB);
  EXPECT_LT(warm.iterations, cold.iterations);
}

// The metric flush of Box2D 2.4.1: a cached segment whose length changed by more than a factor of two is
// dropped, and the query starts from vertex 0 again.
TEST(WarmStart, cacheWhoseMetricChangedTooMuchIsFlushed) {
  DistanceInput<float> input = makeInput(box(1, 1), box(1, 1), {4, 0.5f});
  SimplexCache<float> cache;
  cache.count = 2;
  cache.indexA[0] = 2;  // w = (3, -0.5) - (1, 1) = (2, -1.5)
  cache.indexB[0] = 0;
  cache.indexA[1] = 1;  // w = (3, 1.5) - (1, -1) = (2, 2.5)
  cache.indexB[1] = 3;
  cache.metric = 100;  // the real metric of that segment is its length, 4
  Simplex<float> s = readCache(cache, input);
  EXPECT_EQ(s.count, 1);
  EXPECT_EQ(s.v[0].indexA, 0);
  EXPECT_EQ(s.v[0].indexB, 0);
  cache.metric = 4;
  s = readCache(cache, input);
  EXPECT_EQ(s.count, 2);
}

// Radii: rounded shapes subtract the radii and move the witness points to the surfaces; overlapping
// rounded shapes report 0 with both witness points at the midpoint.
TEST(Radii, roundedShapesSubtractTheRadiiAndMoveTheWitnessPoints) {
  DistanceInput<float> input = makeInput(polygon({{0, 0}}, 0.5f), polygon({{0, 0}}, 1.0f), {4, 0});
  DistanceOutput<float> out = query<PerpStrategy>(input);
  EXPECT_EQ(out.distance, 2.5f);
  EXPECT_EQ(out.pointA, (Vec2<float>{0.5f, 0}));
  EXPECT_EQ(out.pointB, (Vec2<float>{3, 0}));

  input.transformB.p = {1, 0};
  out = query<PerpStrategy>(input);
  EXPECT_EQ(out.distance, 0.0f);
  EXPECT_EQ(out.pointA, out.pointB);
  EXPECT_EQ(out.pointA, (Vec2<float>{0.5f, 0}));

  input.useRadii = false;
  out = query<PerpStrategy>(input);
  EXPECT_EQ(out.distance, 1.0f);
}

// The trace records every iteration: the simplex after its solve, the direction, the support.
TEST(Trace, recordsOneStepPerSolveWithDirectionAndSupport) {
  DistanceInput<float> input = makeInput(box(1, 1), box(1, 1), {4, 0.5f});
  TraceStep<float> steps[32];
  Trace<float> trace{steps, 32, 0};
  SimplexCache<float> cache;
  DistanceOutput<float> out;
  PerpStrategy::distance(input, &cache, &out, &trace);
  ASSERT_EQ(trace.count, out.iterations + (out.termination == Termination::DuplicateSupport ? 0 : 1));
  EXPECT_EQ(trace.steps[0].simplex.count, 1);
  for (int i = 0; i < trace.count; ++i) {
    EXPECT_TRUE(steps[i].hasSupport || i == trace.count - 1);
  }
  // A trace buffer too small is filled and not overrun.
  Trace<float> small{steps, 1, 0};
  PerpStrategy::distance(input, &cache, &out, &small);
  EXPECT_EQ(small.count, 1);
}

// The radius step is the trace's last entry, and when its epsilon made the distance 0 it is the answer's
// cause (corpus/regressions/perp.false-overlap.epsilon-merge.short-edge.case: the loop stops on a duplicate
// support 7.28e-11 from the origin, below FLT_EPSILON).
TEST(PostLoop, anEpsilonMergeIsTheLastTraceEntryAndTheCause) {
  DistanceInput<float> input = makeInput(polygon({{0x1.ep-20f, 0}, {0x1.ep-20f, 0x1p-34f}, {0, 0x1.4p-34f}}),
                                         polygon({{0, 0}}), {0, 0});
  TraceStep<float> steps[32];
  Trace<float> trace{steps, 32, 0};
  SimplexCache<float> cache;
  DistanceOutput<float> traced;
  PerpStrategy::distance(input, &cache, &traced, &trace);
  EXPECT_EQ(traced.termination, Termination::DuplicateSupport);
  EXPECT_EQ(traced.distance, 0.0f);
  EXPECT_EQ(traced.decidedBy, PostRule::EpsilonMerge);
  EXPECT_STREQ(causeName(traced), "epsilon-merge");
  EXPECT_EQ(trace.post.rule, PostRule::EpsilonMerge);
  EXPECT_TRUE(trace.post.decided);
  EXPECT_EQ(trace.post.coreDistance, 0x1.4p-34f);
  EXPECT_EQ(trace.post.bound, EPSILON<float>);
  EXPECT_EQ(trace.post.distance, 0.0f);
  // Without a trace: the same answer, bit for bit, and the same cause.
  SimplexCache<float> cold;
  DistanceOutput<float> untraced;
  PerpStrategy::distance(input, &cold, &untraced, static_cast<Trace<float>*>(nullptr));
  EXPECT_EQ(std::bit_cast<std::uint32_t>(untraced.distance), std::bit_cast<std::uint32_t>(traced.distance));
  for (auto [u, t] : {std::pair{untraced.pointA, traced.pointA}, std::pair{untraced.pointB, traced.pointB}}) {
    EXPECT_EQ(std::bit_cast<std::uint32_t>(u.x), std::bit_cast<std::uint32_t>(t.x));
    EXPECT_EQ(std::bit_cast<std::uint32_t>(u.y), std::bit_cast<std::uint32_t>(t.y));
  }
  EXPECT_EQ(untraced.iterations, traced.iterations);
  EXPECT_EQ(untraced.termination, traced.termination);
  EXPECT_EQ(untraced.decidedBy, traced.decidedBy);
  // Naive stops the same way on this case.
  SimplexCache<float> naiveCache;
  DistanceOutput<float> naive;
  NaiveStrategy::distance(input, &naiveCache, &naive, static_cast<Trace<float>*>(nullptr));
  EXPECT_STREQ(causeName(naive), naive.distance == 0 ? "epsilon-merge" : terminationName(naive.termination));
}

// Radii that cover the core distance are no rule of their own: the loop's answer, less the radii, is 0.
TEST(PostLoop, radiiThatCoverTheCoreDistanceLeaveTheLoopAsTheCause) {
  DistanceInput<float> input = makeInput(polygon({{0, 0}}, 0.5f), polygon({{0, 0}}, 0.75f), {1, 0});
  TraceStep<float> steps[32];
  Trace<float> trace{steps, 32, 0};
  SimplexCache<float> cache;
  DistanceOutput<float> out;
  PerpStrategy::distance(input, &cache, &out, &trace);
  EXPECT_EQ(out.distance, 0.0f);
  EXPECT_EQ(out.decidedBy, PostRule::None);
  EXPECT_STREQ(causeName(out), terminationName(out.termination));
  EXPECT_EQ(trace.post.rule, PostRule::RadiiOverlap);
  EXPECT_FALSE(trace.post.decided);
  EXPECT_EQ(trace.post.coreDistance, 1.0f);
  EXPECT_EQ(trace.post.bound, 1.25f);
  // Apart: the radii are subtracted.
  input.transformB.p = {3, 0};
  Trace<float> apart{steps, 32, 0};
  PerpStrategy::distance(input, &cache, &out, &apart);
  EXPECT_EQ(out.distance, 1.75f);
  EXPECT_EQ(apart.post.rule, PostRule::RadiiApplied);
  EXPECT_EQ(apart.post.distance, 1.75f);
  // Without radii asked for, no step runs after the loop.
  input.useRadii = false;
  Trace<float> none{steps, 32, 0};
  PerpStrategy::distance(input, &cache, &out, &none);
  EXPECT_EQ(none.post.rule, PostRule::None);
}

// box2d-v3.1 reports a core distance at most 0.1 B2_LINEAR_SLOP without the radii: its own rule, the cause
// when a radius would have taken something off.
TEST(PostLoop, box2dV31SmallCoreDistanceSkipsTheRadii) {
  DistanceInput<float> input = makeInput(polygon({{0, 0}}, 0.25f), polygon({{0, 0}}), {0.0001f, 0});
  TraceStep<float> steps[32];
  Trace<float> trace{steps, 32, 0};
  SimplexCache<float> cache;
  DistanceOutput<float> out;
  Box2dV31Strategy::distance(input, &cache, &out, &trace);
  EXPECT_EQ(out.distance, 0.0001f);
  EXPECT_EQ(out.decidedBy, PostRule::SmallCoreDistance);
  EXPECT_STREQ(causeName(out), "small-core-distance");
  EXPECT_EQ(trace.post.rule, PostRule::SmallCoreDistance);
  EXPECT_TRUE(trace.post.decided);
  // box2d-v3 (main) applies the radii: the loop's answer less the radii, clamped at 0.
  SimplexCache<float> mainCache;
  Box2dV3Strategy::distance(input, &mainCache, &out, static_cast<Trace<float>*>(nullptr));
  EXPECT_EQ(out.distance, 0.0f);
  EXPECT_EQ(out.decidedBy, PostRule::None);
}

// A query allocates nothing on the heap: the simplex is on the stack, the trace in the caller's buffer.
TEST(Allocation, aQueryMakesNoHeapAllocation) {
  DistanceInput<float> input = makeInput(box(1, 1), polygon({{0, 0}, {2, 1}, {1, 3}}), {4, 0.5f});
  TraceStep<float> steps[32];
  Trace<float> trace{steps, 32, 0};
  SimplexCache<float> cache;
  DistanceOutput<float> out;
  long before = allocationCount.load();
  PerpStrategy::distance(input, &cache, &out, &trace);
  NaiveStrategy::distance(input, &cache, &out, static_cast<Trace<float>*>(nullptr));
  EXPECT_EQ(allocationCount.load(), before);
}

// Templated on the scalar: the double instantiation answers the same simple case.
TEST(Scalar, doubleInstantiationAgreesOnASimpleCase) {
  DistanceInput<double> input;
  for (Vec2<double> p : {Vec2<double>{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}) {
    input.proxyA.vertices[input.proxyA.count++] = p;
    input.proxyB.vertices[input.proxyB.count++] = p;
  }
  input.transformB.p = {4, 0.5};
  SimplexCache<double> cache;
  DistanceOutput<double> out;
  PerpStrategy::distance(input, &cache, &out, static_cast<Trace<double>*>(nullptr));
  EXPECT_EQ(out.distance, 2.0);
}

}  // namespace
