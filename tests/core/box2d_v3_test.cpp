// Strategies box2d-v3.1 and box2d-v3 (core/strategies/box2d_v3.h): Box2D's own short-edge case, ordinary
// boxes, radii, rotated and translated inputs against perp, the cache and the trace.
#include <gtest/gtest.h>

#include "test_shapes.h"

#include <cmath>
#include <cstdint>
#include <initializer_list>

#include "core/strategies/box2d_v3.h"
#include "core/strategies/perp.h"

namespace {

using namespace gjk;

constexpr float LINEAR_SLOP = 0.005f;  // Box2D's B2_LINEAR_SLOP, the gap of ShapeDistanceShortEdgeTest

using namespace gjk::test_support;

// test_distance.c's setup: A is the plank with corners (+-0.5, +-halfThickness) in Box2D's order, B the
// single point, both radius 0, identity transforms, useRadii false, an empty cache.
DistanceInput<float> plankAndPoint(float halfThickness, float pointX, float pointRadius = 0) {
  DistanceInput<float> input = makeInput(
      polygon(
          {{-0.5f, -halfThickness}, {0.5f, -halfThickness}, {0.5f, halfThickness}, {-0.5f, halfThickness}}),
      polygon({{pointX, 0.0f}}, pointRadius), {0, 0});
  input.useRadii = false;
  return input;
}

// Box2D's ShapeDistanceShortEdgeTest (test/test_distance.c, main 3d910d2a): a thin plank and a point a
// linear slop off the middle of its short end face. GJK ends on the two-point simplex spanning that face,
// 3.2 mm long. Box2D v3's segment direction (w1 + w2) x e x e has length 2 * distance * edge^2 =
// 2 * 0.005 * 0.0032^2 ~ 1.02e-7, and v3.1 compares its square with FLT_EPSILON^2 ~ 1.42e-14: the test
// fails (1.05e-14 < 1.42e-14) and v3.1 reports the shapes overlapped, distance 0, though they are 5 mm
// apart and its own witness points say so. main compares with 1000 FLT_MIN instead and finds the distance;
// perp's direction is the edge perpendicular itself, |d| = |e|, and never comes near its threshold.
//
// Measured cutoff, this plank (halfThickness 0.0016): v3.1 fails for every gap up to 0.005820751
// (point x = 0x1.02faf0p-1) and succeeds from 0.005820811 (point x = 0x1.02faf2p-1), the two floats
// either side of FLT_EPSILON / (2 edge^2) = 0.0058207664. At the slop gap 0.005 it fails for every half
// thickness up to 0x1.c48c6cp-10 and succeeds from 0x1.c48c6ep-10 ~ 0.0017263357 (edge 3.453 mm), the
// float next to sqrt(FLT_EPSILON / (2 * 0.005)) / 2 = 0.0017263349: Box2D's "about 3.5 mm". Found by
// stepping through every float in [0.001, 0.01] (gap) and [0.001, 0.003] (half thickness): a single
// change of verdict in each. Below a half thickness of 0x1.6a09e8p-17 ~ 1.079e-5 the failure stops again,
// for another reason: the two end corners tie in float support (0.0025 +- h^2 rounds to 0.0025), GJK never
// forms the end face and stops on a corner at distance sqrt(gap^2 + h^2). box2d-v3 answered the distance
// for every float half thickness in [4e-6, 3e-3] at the slop gap (a scan of this file's author, not
// repeated here: it takes half a minute).
TEST(Box2dV3ShortEdge, v31ReportsAFalseOverlapWhileV3AndPerpFindTheSlop) {
  DistanceInput<float> input = plankAndPoint(0.0016f, 0.5f + LINEAR_SLOP);
  // The true distance is the float gap, exactly: 0.5f + 0.005f rounds to 0x1.028f5cp-1 and the
  // difference with 0.5 is exact (Sterbenz).
  const float gap = (0.5f + LINEAR_SLOP) - 0.5f;
  ASSERT_EQ(gap, 0x1.47aep-8f);

  DistanceOutput<float> v31 = query<Box2dV31Strategy>(input);
  EXPECT_EQ(v31.distance, 0.0f);
  EXPECT_EQ(v31.termination, Termination::TinyDirectionOverlap);
  EXPECT_EQ(v31.simplexCount, 2);
  // Box2D returns the simplex's witness points unmerged: they are the real closest points, a gap apart.
  EXPECT_EQ(v31.pointA, (Vec2<float>{0.5f, 0}));
  EXPECT_EQ(v31.pointB, (Vec2<float>{0.5f + LINEAR_SLOP, 0}));

  for (const DistanceOutput<float>& out : {query<Box2dV3Strategy>(input), query<PerpStrategy>(input)}) {
    EXPECT_EQ(out.distance, gap);
    EXPECT_NEAR(out.distance, LINEAR_SLOP, 1e-6f);  // Box2D's own tolerance for this test
    EXPECT_EQ(out.termination, Termination::DuplicateSupport);
    EXPECT_EQ(out.pointA, (Vec2<float>{0.5f, 0}));
    EXPECT_EQ(out.pointB, (Vec2<float>{0.5f + LINEAR_SLOP, 0}));
  }
}

TEST(Box2dV3ShortEdge, theMeasuredCutoffInTheGapAndInTheEdgeLength) {
  const float lastFailingX = 0x1.02faf0p-1f;   // gap 0.005820751
  const float firstPassingX = 0x1.02faf2p-1f;  // gap 0.005820811
  EXPECT_EQ(query<Box2dV31Strategy>(plankAndPoint(0.0016f, lastFailingX)).distance, 0.0f);
  EXPECT_EQ(query<Box2dV31Strategy>(plankAndPoint(0.0016f, firstPassingX)).distance, firstPassingX - 0.5f);
  EXPECT_EQ(query<Box2dV3Strategy>(plankAndPoint(0.0016f, lastFailingX)).distance, lastFailingX - 0.5f);

  const float slopX = 0.5f + LINEAR_SLOP;
  EXPECT_EQ(query<Box2dV31Strategy>(plankAndPoint(0x1.c48c6cp-10f, slopX)).distance, 0.0f);
  // With this thickness the barycentric witness on the face rounds to x = 0x1.fffffep-2, one ulp inside
  // 0.5, for all three strategies alike: the distance is 0x1.47ad8p-8, not the float gap 0x1.47aep-8.
  DistanceOutput<float> passing = query<Box2dV31Strategy>(plankAndPoint(0x1.c48c6ep-10f, slopX));
  EXPECT_EQ(passing.distance, 0x1.47ad8p-8f);
  EXPECT_EQ(passing.distance, query<PerpStrategy>(plankAndPoint(0x1.c48c6ep-10f, slopX)).distance);
  // A plank 16 times thinner (the 0.2 mm edge of Box2D's cast reproduction): v3.1 still fails, main's
  // bound (2 dist edge^2 < sqrt(1000 FLT_MIN) ~ 3.4e-18) is nowhere near.
  EXPECT_EQ(query<Box2dV31Strategy>(plankAndPoint(0.0001f, slopX)).distance, 0.0f);
  EXPECT_EQ(query<Box2dV3Strategy>(plankAndPoint(0.0001f, slopX)).distance, slopX - 0.5f);
}

// The radii on the short edge: main normalizes its final direction (length ~1e-7, below b2Normalize's
// FLT_EPSILON floor) to the unit normal (1, 0) in A's frame, so the point's radius moves its witness
// point onto its disk; v3.1 still answers overlap and applies no radii.
TEST(Box2dV3ShortEdge, mainGivesAUnitNormalThatCarriesTheRadius) {
  DistanceInput<float> input = plankAndPoint(0.0016f, 0.5f + LINEAR_SLOP, 0.001f);
  input.useRadii = true;
  DistanceOutput<float> v3 = query<Box2dV3Strategy>(input);
  EXPECT_EQ(v3.distance, ((0.5f + LINEAR_SLOP) - 0.5f) - 0.001f);
  EXPECT_EQ(v3.pointA, (Vec2<float>{0.5f, 0}));
  EXPECT_EQ(v3.pointB, (Vec2<float>{(0.5f + LINEAR_SLOP) - 0.001f, 0}));
  DistanceOutput<float> v31 = query<Box2dV31Strategy>(input);
  EXPECT_EQ(v31.distance, 0.0f);
  EXPECT_EQ(v31.pointB, (Vec2<float>{0.5f + LINEAR_SLOP, 0}));
}

// Ordinary boxes: separated boxes give the exact distance and the face witness points; overlapping ones
// end in a triangle holding the origin, distance 0. Both strategies, exact values.
TEST(Box2dV3Boxes, separatedAndOverlappingBoxesGiveTheRightDistance) {
  DistanceInput<float> separated = makeInput(box(1, 1), box(1, 1), {4, 0.5f});
  DistanceInput<float> overlapping = makeInput(box(1, 1), box(1, 1), {0.5f, 0.25f});
  for (bool main : {false, true}) {
    DistanceOutput<float> out = main ? query<Box2dV3Strategy>(separated) : query<Box2dV31Strategy>(separated);
    EXPECT_EQ(out.distance, 2.0f) << (main ? "box2d-v3" : "box2d-v3.1");
    EXPECT_EQ(out.pointA.x, 1.0f);
    EXPECT_EQ(out.pointB.x, 3.0f);
    EXPECT_EQ(out.pointA.y, out.pointB.y);
    EXPECT_EQ(out.termination, Termination::DuplicateSupport);

    out = main ? query<Box2dV3Strategy>(overlapping) : query<Box2dV31Strategy>(overlapping);
    EXPECT_EQ(out.distance, 0.0f);
    EXPECT_EQ(out.termination, Termination::Containment);
    EXPECT_EQ(out.simplexCount, 3);
    EXPECT_EQ(out.pointA, out.pointB);
  }
}

// Box2D's ShapeDistanceTest: the square [-1, 1]^2 against the segment x = 2, y in [-1, 1]: distance 1.
TEST(Box2dV3Boxes, box2dsShapeDistanceTestSquareAgainstSegment) {
  DistanceInput<float> input = makeInput(box(1, 1), polygon({{2, -1}, {2, 1}}), {0, 0});
  input.useRadii = false;
  EXPECT_EQ(query<Box2dV31Strategy>(input).distance, 1.0f);
  EXPECT_EQ(query<Box2dV3Strategy>(input).distance, 1.0f);
}

// Radii, Box2D v3's way: the radii are subtracted (clamped at 0) and the witness points stay on the
// rounded surfaces even when the rounded shapes overlap; 2.4.1 (perp) merges them into the midpoint.
TEST(Box2dV3Radii, witnessPointsStayOnThePerimetersEvenWhenTheRoundedShapesOverlap) {
  DistanceInput<float> input = makeInput(polygon({{0, 0}}, 0.5f), polygon({{0, 0}}, 1.0f), {4, 0});
  for (bool main : {false, true}) {
    DistanceOutput<float> out = main ? query<Box2dV3Strategy>(input) : query<Box2dV31Strategy>(input);
    EXPECT_EQ(out.distance, 2.5f);
    EXPECT_EQ(out.pointA, (Vec2<float>{0.5f, 0}));
    EXPECT_EQ(out.pointB, (Vec2<float>{3, 0}));
  }
  input.transformB.p = {1, 0};  // cores 1 apart, radii 1.5: the rounded shapes overlap by 0.5
  for (bool main : {false, true}) {
    DistanceOutput<float> out = main ? query<Box2dV3Strategy>(input) : query<Box2dV31Strategy>(input);
    EXPECT_EQ(out.distance, 0.0f);
    EXPECT_EQ(out.pointA, (Vec2<float>{0.5f, 0}));
    EXPECT_EQ(out.pointB, (Vec2<float>{0, 0}));
  }
  DistanceOutput<float> perp = query<PerpStrategy>(input);
  EXPECT_EQ(perp.pointA, perp.pointB);
}

// Rotated and translated inputs: Box2D v3 works in A's frame and transforms back, perp works in the world
// frame; the world witness points differ only by rounding, a few float ulps of the scale (here
// |pB| + 4, above every coordinate involved). Tolerance: 4 * FLT_EPSILON * scale; the largest difference
// measured over these 80 poses is 1.8 FLT_EPSILON * scale, for both strategies.
TEST(Box2dV3Frames, rotatedAndTranslatedWitnessPointsAgreeWithPerpWithinAFewUlps) {
  const Proxy<float> shapes[] = {
      box(1, 0.5f),
      polygon({{0, 0}, {2, 1}, {1, 3}}),
      polygon({{-1, -0.25f}, {1.5f, -0.5f}, {2, 0.5f}, {0, 1}, {-1.25f, 0.5f}}),
      polygon({{0, 0}, {3, 0.2f}}),
  };
  const float angles[] = {0.3f, 1.1f, 2.5f, -0.7f, 3.9f};
  const Vec2<float> offsets[] = {{5, 1}, {-3, 4}, {0.5f, -6}, {7.25f, 7.5f}};
  int compared = 0;
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) {
      for (int k = 0; k < 5; ++k) {
        DistanceInput<float> input = makeInput(shapes[i], shapes[j], {0, 0});
        input.transformA.p = {offsets[(i + k) % 4].x * 0.5f, -offsets[k % 4].y * 0.25f};
        input.transformA.q = {std::cos(angles[k]), std::sin(angles[k])};
        input.transformB.p = input.transformA.p + offsets[(j + k) % 4];
        input.transformB.q = {std::cos(angles[(k + 2) % 5]), std::sin(angles[(k + 2) % 5])};
        DistanceOutput<float> perp = query<PerpStrategy>(input);
        if (perp.distance == 0.0f) {
          continue;  // overlap: the witness points are not the same notion
        }
        float scale = std::fabs(input.transformB.p.x) + std::fabs(input.transformB.p.y) + 4;
        float tolerance = 4 * EPSILON<float> * scale;
        for (bool main : {false, true}) {
          DistanceOutput<float> out = main ? query<Box2dV3Strategy>(input) : query<Box2dV31Strategy>(input);
          SCOPED_TRACE(testing::Message() << (main ? "box2d-v3" : "box2d-v3.1") << " shapes " << i << ", "
                                          << j << " pose " << k);
          EXPECT_NEAR(out.distance, perp.distance, tolerance);
          EXPECT_NEAR(out.pointA.x, perp.pointA.x, tolerance);
          EXPECT_NEAR(out.pointA.y, perp.pointA.y, tolerance);
          EXPECT_NEAR(out.pointB.x, perp.pointB.x, tolerance);
          EXPECT_NEAR(out.pointB.y, perp.pointB.y, tolerance);
        }
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, 80);  // every pose is separated, so none is skipped
}

// The cache, Box2D v3's way: indices are written after a separated query (metric written 0, v3 has
// none), read back without a metric test, and the warm query gives the same answer in fewer support
// calls. An overlapping query returns before writing the cache, as Box2D's early return does.
// v3.1.1 returns on overlap without touching the cache (distance.c:496-503 at v3.1.1); main writes the
// simplex there (`*cache = b2MakeSimplexCache( &simplex )`, distance.c:501 at 617d32ab): the triangle.
TEST(Box2dV3Cache, warmStartReadsTheIndicesAndOnlyMainWritesTheCacheOnOverlap) {
  DistanceInput<float> input = makeInput(box(1, 0.5f), polygon({{0, 0}, {2, 1}, {1, 3}}), {3, -2});
  input.transformB.q = {0.8f, 0.6f};
  for (bool main : {false, true}) {
    SimplexCache<float> cache;
    cache.metric = 123;  // ignored
    DistanceOutput<float> cold =
        main ? query<Box2dV3Strategy>(input, &cache) : query<Box2dV31Strategy>(input, &cache);
    ASSERT_GT(cache.count, 0);
    EXPECT_EQ(cache.metric, 0.0f);
    DistanceOutput<float> warm =
        main ? query<Box2dV3Strategy>(input, &cache) : query<Box2dV31Strategy>(input, &cache);
    EXPECT_EQ(warm.distance, cold.distance);
    EXPECT_EQ(warm.pointA, cold.pointA);
    EXPECT_EQ(warm.pointB, cold.pointB);
    EXPECT_LT(warm.iterations, cold.iterations);

    SimplexCache<float> kept = cache;
    DistanceInput<float> overlapping = makeInput(box(1, 1), box(1, 1), {0.5f, 0.25f});
    DistanceOutput<float> out =
        main ? query<Box2dV3Strategy>(overlapping, &cache) : query<Box2dV31Strategy>(overlapping, &cache);
    EXPECT_EQ(out.termination, Termination::Containment);
    if (main) {
      EXPECT_EQ(cache.count, 3);
      EXPECT_EQ(out.simplexCount, 3);
    } else {
      EXPECT_EQ(cache.count, kept.count);
      for (int i = 0; i < kept.count; ++i) {
        EXPECT_EQ(cache.indexA[i], kept.indexA[i]);
        EXPECT_EQ(cache.indexB[i], kept.indexB[i]);
      }
    }
  }
  // An index out of range for the shapes starts cold instead of reading past the vertices.
  SimplexCache<float> stale;
  stale.count = 1;
  stale.indexA[0] = 9;
  DistanceOutput<float> out = query<Box2dV3Strategy>(makeInput(box(1, 1), box(1, 1), {4, 0.5f}), &stale);
  EXPECT_EQ(out.distance, 2.0f);
}

// The trace is in the project's convention: world frame, w = wB - wA, the direction in B - A space.
TEST(Box2dV3Trace, recordsWorldFrameStepsWithDirectionAndSupport) {
  DistanceInput<float> input = makeInput(box(1, 1), box(1, 1), {4, 0.5f});
  input.transformA.p = {10, -2};
  input.transformB.p = {14, -1.5f};
  TraceStep<float> steps[32];
  Trace<float> trace{steps, 32, 0};
  SimplexCache<float> cache;
  DistanceOutput<float> out;
  Box2dV3Strategy::distance(input, &cache, &out, &trace);
  EXPECT_EQ(out.distance, 2.0f);
  ASSERT_EQ(trace.count, out.iterations);  // ends on a duplicate: one step per support call
  // Cold start from vertex 0 of each: A's (-1, -1) + (10, -2), B's (-1, -1) + (14, -1.5).
  EXPECT_EQ(steps[0].simplex.count, 1);
  EXPECT_EQ(steps[0].simplex.v[0].wA, (Vec2<float>{9, -3}));
  EXPECT_EQ(steps[0].simplex.v[0].wB, (Vec2<float>{13, -2.5f}));
  EXPECT_EQ(steps[0].simplex.v[0].w, (Vec2<float>{4, 0.5f}));
  EXPECT_EQ(steps[0].direction, (Vec2<float>{-4, -0.5f}));  // -w, toward the origin in B - A space
  for (int i = 0; i < trace.count; ++i) {
    EXPECT_TRUE(steps[i].hasSupport);
  }
  Trace<float> small{steps, 1, 0};
  Box2dV31Strategy::distance(input, &cache, &out, &small);
  EXPECT_EQ(small.count, 1);
}

// Templated on the scalar: the double instantiation answers the short-edge case (its thresholds are
// DBL_EPSILON^2 and 1000 DBL_MIN, far below this direction) and the boxes.
TEST(Box2dV3Scalar, doubleInstantiationAgrees) {
  DistanceInput<double> input;
  for (Vec2<double> p : {Vec2<double>{-0.5, -0.0016}, {0.5, -0.0016}, {0.5, 0.0016}, {-0.5, 0.0016}}) {
    input.proxyA.vertices[input.proxyA.count++] = p;
  }
  input.proxyB.vertices[input.proxyB.count++] = {0.505, 0};
  SimplexCache<double> cache;
  DistanceOutput<double> out;
  Box2dV31Strategy::distance(input, &cache, &out, static_cast<Trace<double>*>(nullptr));
  EXPECT_NEAR(out.distance, 0.005, 1e-15);
  cache = SimplexCache<double>{};
  Box2dV3Strategy::distance(input, &cache, &out, static_cast<Trace<double>*>(nullptr));
  EXPECT_NEAR(out.distance, 0.005, 1e-15);
}

}  // namespace
