// The building blocks of the talk on their own: point-segment regions, point-triangle regions, and the
// degenerate triangle. Points are small integers so that every expected value is exact in float.
#include <gtest/gtest.h>

#include <cmath>

#include "core/simplex.h"

namespace {

using gjk::Simplex;
using gjk::Vec2;

Simplex<float> makeSimplex(std::initializer_list<Vec2<float>> points) {
  Simplex<float> s;
  for (Vec2<float> p : points) {
    s.v[s.count].w = p;
    s.v[s.count].wB = p;  // A at the origin: w = wB
    s.v[s.count].indexA = 0;
    s.v[s.count].indexB = s.count;
    ++s.count;
  }
  return s;
}

// Segment A = (-3, 1) .. B = (-1, 1): the origin is beyond B, so region B.
TEST(SolveSegment, originBeyondEndBIsRegionB) {
  Simplex<float> s = makeSimplex({{-3, 1}, {-1, 1}});
  s.solve2();
  ASSERT_EQ(s.count, 1);
  EXPECT_EQ(s.v[0].w, (Vec2<float>{-1, 1}));
  EXPECT_EQ(s.v[0].a, 1.0f);
}

// Segment A = (1, 1) .. B = (3, 1): the origin is before A, region A.
TEST(SolveSegment, originBeforeEndAIsRegionA) {
  Simplex<float> s = makeSimplex({{1, 1}, {3, 1}});
  s.solve2();
  ASSERT_EQ(s.count, 1);
  EXPECT_EQ(s.v[0].w, (Vec2<float>{1, 1}));
  EXPECT_EQ(s.v[0].a, 1.0f);
}

// Segment (-1, 2) .. (3, 2): the origin projects inside, region AB with u = 3/4, v = 1/4.
TEST(SolveSegment, originBetweenEndsIsRegionAB) {
  Simplex<float> s = makeSimplex({{-1, 2}, {3, 2}});
  s.solve2();
  ASSERT_EQ(s.count, 2);
  EXPECT_EQ(s.v[0].a, 0.75f);
  EXPECT_EQ(s.v[1].a, 0.25f);
  EXPECT_EQ(s.closestPoint(), (Vec2<float>{0, 2}));
}

// The endpoint itself on the boundary between regions: the origin projects exactly onto A.
TEST(SolveSegment, projectionOnEndAChoosesRegionA) {
  Simplex<float> s = makeSimplex({{0, 1}, {4, 1}});
  s.solve2();
  EXPECT_EQ(s.count, 1);
  EXPECT_EQ(s.v[0].w, (Vec2<float>{0, 1}));
}

struct TriangleRegionCase {
  const char* region;
  Vec2<float> shift;  // the triangle (0,0),(4,0),(0,4) moved by -shift puts the origin at `shift`
  int expectedCount;
  Vec2<float> expectedClosest;  // in the shifted frame
};

class SolveTriangle : public ::testing::TestWithParam<TriangleRegionCase> {};

// One triangle, the origin placed in each of the seven Voronoi regions by moving the triangle.
TEST_P(SolveTriangle, picksTheRegionHoldingTheOrigin) {
  const TriangleRegionCase& c = GetParam();
  Vec2<float> p1{0, 0}, p2{4, 0}, p3{0, 4};
  Simplex<float> s = makeSimplex({p1 - c.shift, p2 - c.shift, p3 - c.shift});
  s.solve3();
  ASSERT_EQ(s.count, c.expectedCount) << c.region;
  Vec2<float> closest = s.closestPoint();
  EXPECT_EQ(closest, c.expectedClosest - c.shift) << c.region;
  float sum = 0;
  for (int i = 0; i < s.count; ++i) {
    EXPECT_GT(s.v[i].a, 0.0f) << c.region;
    sum += s.v[i].a;
  }
  EXPECT_EQ(sum, 1.0f) << c.region;
}

INSTANTIATE_TEST_SUITE_P(
    AllSevenRegions, SolveTriangle,
    ::testing::Values(TriangleRegionCase{"vertex 1", {-1, -1}, 1, {0, 0}},
                      TriangleRegionCase{"vertex 2", {6, -1}, 1, {4, 0}},
                      TriangleRegionCase{"vertex 3", {-1, 6}, 1, {0, 4}},
                      TriangleRegionCase{"edge 12", {2, -2}, 2, {2, 0}},
                      TriangleRegionCase{"edge 13", {-2, 2}, 2, {0, 2}},
                      TriangleRegionCase{"edge 23", {3, 3}, 2, {2, 2}},
                      TriangleRegionCase{"interior", {1, 1}, 3, {1, 1}}),
    [](const auto& info) {
      std::string name = info.param.region;
      for (char& ch : name) {
        if (ch == ' ') ch = '_';
      }
      return name;
    });

// A zero-area triangle (three collinear points) must pick a vertex or an edge region and never
// divide by zero: whatever the origin's position along or beside the line.
TEST(SolveTriangle, zeroAreaTrianglePicksAVertexOrEdgeWithoutDividingByZero) {
  const Vec2<float> origins[] = {{0, 0}, {1, 0}, {2, 0}, {-1, 0}, {5, 0}, {1, 1}, {2, -3}, {0.5f, 0}};
  for (Vec2<float> o : origins) {
    for (int order = 0; order < 6; ++order) {
      Vec2<float> pts[3] = {{-1, 0}, {1, 0}, {3, 0}};
      static const int PERM[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
      Simplex<float> s = makeSimplex(
          {pts[PERM[order][0]] - o, pts[PERM[order][1]] - o, pts[PERM[order][2]] - o});
      s.solve3();
      ASSERT_LE(s.count, 2) << "origin (" << o.x << ", " << o.y << ") order " << order;
      Vec2<float> closest = s.closestPoint();
      ASSERT_TRUE(std::isfinite(closest.x) && std::isfinite(closest.y));
      // The closest point of the segment (-1,0)..(3,0) to o, in the shifted frame.
      float expectedX = std::fmin(std::fmax(o.x, -1.0f), 3.0f) - o.x;
      EXPECT_EQ(closest, (Vec2<float>{expectedX, -o.y})) << "origin (" << o.x << ", " << o.y << ")";
    }
  }
}

// All three points equal: a triangle of one point.
TEST(SolveTriangle, threeEqualPointsReduceToOneVertex) {
  Simplex<float> s = makeSimplex({{2, 3}, {2, 3}, {2, 3}});
  s.solve3();
  EXPECT_EQ(s.count, 1);
  EXPECT_EQ(s.closestPoint(), (Vec2<float>{2, 3}));
}

// The degenerate fallback: when rounding leaves no region selected and the summed triangle
// coordinates are not positive, the nearest edge is kept (never a division by a non-positive sum).
// Nearly collinear points far from the origin exercise the rounding.
TEST(SolveTriangle, nearlyCollinearFarPointsGiveAFiniteVertexOrEdge) {
  std::uint32_t state = 12345;
  auto next = [&] {
    state = state * 1664525u + 1013904223u;
    return static_cast<float>(state >> 8) / 16777216.0f;
  };
  for (int i = 0; i < 100000; ++i) {
    float big = 1e6f;
    Vec2<float> base{big * (next() - 0.5f), big * (next() - 0.5f)};
    Vec2<float> dir{next() - 0.5f, next() - 0.5f};
    float t1 = next() * 100, t2 = next() * 100;
    Simplex<float> s = makeSimplex({base, base + t1 * dir, base + t2 * dir + Vec2<float>{0, 1e-3f * next()}});
    s.solve3();
    Vec2<float> closest = s.closestPoint();
    ASSERT_TRUE(std::isfinite(closest.x) && std::isfinite(closest.y)) << "iteration " << i;
  }
}

}  // namespace
