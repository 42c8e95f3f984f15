// Strategy `robust` (core/strategies/robust.h): the overflow-free triangle solve at the scales where Box2D's
// weights overflow, the exact containment decisions, and whole queries from 1e-30 to 1e30.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "core/strategies/robust.h"

namespace {

using namespace gjk;

SimplexVertex<float> vertexAt(float x, float y, int index) {
  SimplexVertex<float> v;
  v.w = {x, y};
  v.wB = v.w;
  v.indexA = 0;
  v.indexB = index;
  return v;
}

Simplex<float> triangle(float scale) {
  Simplex<float> s;
  s.v[0] = vertexAt(-1 * scale, -1 * scale, 0);
  s.v[1] = vertexAt(2 * scale, -1 * scale, 1);
  s.v[2] = vertexAt(-1 * scale, 3 * scale, 2);
  s.count = 3;
  return s;
}

// Box2D's weights n123 cross(wj, wk) are of degree 4: at coordinates near 1e10 they overflow float (1e40).
// The safe solve divides by a power of two first: finite weights summing to 1, placing the origin, at every
// float scale, up to 1e38.
TEST(RobustTriangle, SafeWeightsAreFiniteAtOverflowScales) {
  for (float scale : {1e-38f, 1e-20f, 1.0f, 1e10f, 1e19f, 1e30f, 1e37f}) {
    Simplex<float> s = triangle(scale);
    robust::solve3<robust::NoRescale>(&s);
    ASSERT_EQ(s.count, 3) << scale;  // the origin is inside
    robust::interiorWeights<robust::NoRescale>(&s);  // computed when read (a trace reads them)
    const float sum = s.v[0].a + s.v[1].a + s.v[2].a;
    EXPECT_TRUE(std::isfinite(sum)) << scale;
    EXPECT_NEAR(sum, 1.0f, 1e-6f) << scale;
    // Exact weights: (12, 9, 4) / ... for this triangle: area 12, w1 weight cross(w2, w3) / n = 5/12,
    // w2: cross(w3, w1) / n = 4/12, w3: cross(w1, w2) / n = 3/12.
    EXPECT_NEAR(s.v[0].a, 5.0f / 12, 1e-6f) << scale;
    EXPECT_NEAR(s.v[1].a, 4.0f / 12, 1e-6f) << scale;
    EXPECT_NEAR(s.v[2].a, 3.0f / 12, 1e-6f) << scale;
  }
}

TEST(RobustTriangle, BoxTwoDWeightsOverflowWhereTheSafeOnesDoNot) {
  Simplex<float> s = triangle(1e10f);
  robust::solve3<robust::Ingredients<false, true, true, true, false>>(&s);
  ASSERT_EQ(s.count, 3);
  robust::containmentWeights<robust::Ingredients<false, true, true, true, false>>(&s, false);  // read: no safe triangle
  // The degree-4 products overflow to inf; the guard then falls back to equal weights: finite, but not the
  // closest point (the safe solve gives 5/12).
  EXPECT_GT(std::fabs(s.v[0].a - 5.0f / 12), 1e-3f);
}

// The origin exactly on an edge of a huge triangle: the exact signs see the edge region, never the interior.
TEST(RobustTriangle, OriginOnAnEdgeIsTheEdgeRegion) {
  Simplex<float> s;
  s.v[0] = vertexAt(-3e30f, 0, 0);
  s.v[1] = vertexAt(5e30f, 0, 1);
  s.v[2] = vertexAt(0, 7e30f, 2);
  s.count = 3;
  robust::solve3<robust::NoRescale>(&s);
  EXPECT_EQ(s.count, 2);
  EXPECT_EQ(exact::crossSign(s.v[0].w.x, s.v[0].w.y, s.v[1].w.x, s.v[1].w.y), 0);
}

// A flat triangle (three collinear points) never reaches the interior: its regions are those of a segment.
TEST(RobustTriangle, CollinearTriangleKeepsAnEdgeOrAVertex) {
  Simplex<float> s;
  s.v[0] = vertexAt(1, 1, 0);
  s.v[1] = vertexAt(3, 3, 1);
  s.v[2] = vertexAt(2, 2, 2);
  s.count = 3;
  robust::solve3<robust::NoRescale>(&s);
  EXPECT_LE(s.count, 2);
}

Proxy<float> box(float half) {
  Proxy<float> p;
  p.count = 4;
  p.vertices[0] = {-half, -half};
  p.vertices[1] = {half, -half};
  p.vertices[2] = {half, half};
  p.vertices[3] = {-half, half};
  return p;
}

// Two unit boxes 3 apart (gap 1), everything times `scale`: distance 1 * scale at every float scale.
// The support scan in two chains (even and odd points) picks the index one scan in order picks: the first
// maximum, ties to the lower index, a NaN never winning and point 0 winning when its own value is NaN.
TEST(RobustSupport, TwoChainsPickTheIndexOfOneScanInOrder) {
  auto serial = [](const Vec2<float>* points, int count, Vec2<float> d) {
    int best = 0;
    float bestValue = dot(points[0], d);
    for (int i = 1; i < count; ++i) {
      const float value = dot(points[i], d);
      if (value > bestValue) {
        best = i;
        bestValue = value;
      }
    }
    return best;
  };
  const float values[] = {0.0f, 1.0f, -1.0f, 2.0f, 2.0f, NAN, 1.0f, -0.0f};
  std::uint32_t state = 12345;  // a fixed LCG: the same arrays every run
  auto next = [&state]() {
    state = state * 1664525u + 1013904223u;
    return state >> 8;
  };
  Vec2<float> points[MAX_POLYGON_VERTICES];
  robust::PlacedPoints placed;
  int compared = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    const int count = 1 + static_cast<int>(next() % MAX_POLYGON_VERTICES);
    placed.count = count;
    for (int i = 0; i < count; ++i) {
      points[i] = {values[next() % 8], values[next() % 8]};  // many ties, some NaN
      placed.x[i] = points[i].x;
      placed.y[i] = points[i].y;
    }
    const Vec2<float> d = {1.0f, (next() % 2) ? 0.5f : 0.0f};
    ASSERT_EQ(robust::supportIndex(placed, d), serial(points, count, d)) << "trial " << trial;
    ++compared;
  }
  EXPECT_EQ(compared, 20000);
}

TEST(RobustQuery, DistanceAtEveryScale) {
  for (float scale : {1e-30f, 1e-10f, 1.0f, 1e10f, 1e19f, 1e30f}) {
    DistanceInput<float> input;
    input.proxyA = box(0.5f * scale);
    input.proxyB = box(0.5f * scale);
    input.transformA.p = {0, 0};
    input.transformB.p = {2 * scale, 0.25f * scale};
    SimplexCache<float> cache;
    DistanceOutput<float> output;
    RobustStrategy::distance<float>(input, &cache, &output, nullptr);
    EXPECT_NEAR(output.distance / scale, 1.0f, 1e-6f) << scale;
    EXPECT_NEAR(output.pointA.x / scale, 0.5f, 1e-6f) << scale;
    EXPECT_NEAR(output.pointB.x / scale, 1.5f, 1e-6f) << scale;
    // Warm start from the cache gives the same answer.
    DistanceOutput<float> warm;
    RobustStrategy::distance<float>(input, &cache, &warm, nullptr);
    EXPECT_EQ(warm.distance, output.distance) << scale;
  }
}

// Overlapping boxes at 1e30: containment, distance 0, each witness point on its own shape (on-shapes).
TEST(RobustQuery, OverlapAtHugeScaleIsContainment) {
  DistanceInput<float> input;
  input.proxyA = box(1e30f);
  input.proxyB = box(1e30f);
  input.transformB.p = {0.5e30f, 0.25e30f};
  SimplexCache<float> cache;
  DistanceOutput<float> output;
  RobustStrategy::distance<float>(input, &cache, &output, nullptr);
  EXPECT_EQ(output.distance, 0.0f);
  EXPECT_EQ(output.termination, Termination::Containment);
  EXPECT_TRUE(std::isfinite(output.pointA.x) && std::isfinite(output.pointA.y));
  EXPECT_LE(std::fabs(output.pointA.x), 1e30f * (1 + 1e-6f));
  EXPECT_LE(std::fabs(output.pointB.x - 0.5e30f), 1e30f * (1 + 1e-6f));
}

// Exactly touching boxes (edge on edge): distance 0, found by an exact zero sign or the radius-free answer.
TEST(RobustQuery, ExactTouchingIsDistanceZero) {
  DistanceInput<float> input;
  input.proxyA = box(1);
  input.proxyB = box(1);
  input.transformB.p = {2, 0.5f};
  SimplexCache<float> cache;
  DistanceOutput<float> output;
  RobustStrategy::distance<float>(input, &cache, &output, nullptr);
  EXPECT_EQ(output.distance, 0.0f);
}

}  // namespace
