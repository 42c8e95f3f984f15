// squaredDistanceToHull (oracle/point_distance.h: a query point located against a hull built once, no
// copy of the points, no Minkowski difference) against the reference squaredDistanceToCoreByPointCloud
// (the hull of the shape's exact vertices relative to the point, in GMP integers): on every category of
// the generator, for points exactly on vertices, on edges, on the lines of edges beyond their ends, on the
// boundaries between a vertex's normal cone and an edge's slab (ties of the feature search), inside, near
// and far, at the shape's scale and far below and above it (so that the 128-bit route and its refusal
// are both taken); with the filter on and off; with the hull built on one shape's points alone and on
// both shapes' points (as solveByHull builds them), and for degenerate hulls (a point, a segment).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <utility>
#include <vector>

#include "oracle/exact_points.h"
#include "oracle/fast_hull.h"
#include "oracle/oracle.h"
#include "oracle/point_distance.h"
#include "tests/oracle/case_generator.h"

namespace gjk::oracle {
namespace {

using namespace cases;

constexpr std::uint64_t SEED = 0x706f696e74646973ULL;  // "pointdis"

// Query points for a shape whose world vertices (as doubles, rounded when they are not doubles) are
// `world`: exact ties wherever the vertices are exact doubles and the arithmetic below is exact (small
// integers, scaled integers), near ties elsewhere.
std::vector<std::pair<double, double>> queryPoints(Generator& random, const std::vector<std::pair<double, double>>& world) {
  std::vector<std::pair<double, double>> points = {{0.0, 0.0}, {-0.0, 0.0}};
  const std::size_t n = world.size();
  for (std::size_t k = 0; k < n; ++k) {
    const auto [x, y] = world[k];
    const auto [nx, ny] = world[(k + 1) % n];
    const double ex = nx - x, ey = ny - y;
    points.push_back({x, y});                          // on a vertex
    points.push_back({x + ex * 0.5, y + ey * 0.5});    // on an edge (its midpoint)
    points.push_back({x + ex * 0.25, y + ey * 0.25});  // on an edge
    points.push_back({x + ex * 2, y + ey * 2});        // on the edge's line, beyond its end
    points.push_back({x - ex, y - ey});                // on the edge's line, before its start
    points.push_back({x + ey, y - ex});                // on the boundary of vertex k's cone and edge k's slab
    points.push_back({nx + ey, ny - ex});              // the same at the edge's other end
    points.push_back({x + ex * 0.5 + ey, y + ey * 0.5 - ex});  // outside the edge, in its slab
    points.push_back({x + ex * 0.5 - ey, y + ey * 0.5 + ex});  // inside the line of the edge
    points.push_back({nudge(random, x, 3), nudge(random, y, 3)});
    points.push_back({static_cast<float>(nudge(random, x, 3)), static_cast<float>(nudge(random, y, 3))});
    points.push_back({x * 0.5, y * 0.5});
    points.push_back({x * 3 + 1, y * -2});
    points.push_back({std::ldexp(x, random.integer(-200, 200)), std::ldexp(y, random.integer(-200, 200))});
    points.push_back({std::ldexp(1 + random.unit(), random.integer(-1074, 1020)), y});  // tiny and huge
  }
  points.push_back({0x1p-1000, -0x1p-1070});  // far below every term
  points.push_back({0x1p+1000, 3.0});         // far above
  points.push_back({0x1p-600, 0x1p+500});     // outside the filter's preconditions
  return points;
}

std::vector<std::pair<double, double>> worldDoubles(const InputShape& shape) {
  std::vector<std::pair<double, double>> world;
  for (const ExactPoint& vertex : worldVertices(shape)) {
    world.push_back({static_cast<double>(vertex.x), static_cast<double>(vertex.y)});
  }
  return world;
}

struct Counts {
  int answered = 0;  // by the 128-bit route
  int refused = 0;   // returned false: the caller's fallback
};

// Every query point of `shape` against its hull built on `points` (the shape's points from index first),
// compared with the reference.
void checkShape(Generator& random, const InputShape& shape, ExactPoints& points, int first, Counts& counts,
                const char* category, int index) {
  const ShapeHull hull = shapeHull(points, first, static_cast<int>(shape.vertices.size()));
  for (const auto& [x, y] : queryPoints(random, worldDoubles(shape))) {
    if (!std::isfinite(x) || !std::isfinite(y)) continue;
    Rational value = 12345;  // left alone on refusal
    if (!squaredDistanceToHull(points, hull, x, y, value)) {
      ASSERT_EQ(value, 12345);
      ++counts.refused;
      continue;
    }
    ASSERT_EQ(value, squaredDistanceToCoreByPointCloud(shape, exactDouble(x), exactDouble(y)))
        << category << " case " << index << " point (" << x << ", " << y << ")";
    ++counts.answered;
  }
}

TEST(PointDistance, SquaredDistanceToHullIsTheReferencesExactly) {
  std::printf("[ seed     ] 0x%016llx\n", static_cast<unsigned long long>(SEED));
  Generator random(SEED);
  Counts counts;
  for (int index = 0; index < 1500; ++index) {
    const int category = index % CATEGORY_COUNT;
    const GeneratedCase generated = generate(random, category);
    const bool filter = index % 4 != 3;  // every fourth case with every sign from the integers
    // The hull on one shape's points alone (ShapeCore) ...
    for (const InputShape* shape : {&generated.a, &generated.b}) {
      SmallVector<TermSum> xs, ys;
      appendWorldTerms(*shape, xs, ys);
      ExactPoints points(xs, ys, filter);
      checkShape(random, *shape, points, 0, counts, categoryName(category), index);
      if (HasFatalFailure()) return;
    }
    // ... and on both shapes' points, as solveByHull holds them.
    SmallVector<TermSum> xs, ys;
    appendWorldTerms(generated.a, xs, ys);
    appendWorldTerms(generated.b, xs, ys);
    ExactPoints points(xs, ys, filter);
    checkShape(random, generated.a, points, 0, counts, categoryName(category), index);
    if (HasFatalFailure()) return;
    checkShape(random, generated.b, points, static_cast<int>(generated.a.vertices.size()), counts,
               categoryName(category), index);
    if (HasFatalFailure()) return;
  }
  std::printf("[ points   ] %d answered = the reference, %d refused (128-bit route too narrow)\n", counts.answered,
              counts.refused);
  EXPECT_GT(counts.answered, 200000);
  EXPECT_GT(counts.refused, 1000);
}

// Degenerate hulls written out: a point, a segment (with repeated and collinear input points), and the
// exact answers at the ties of the segment's feature search.
TEST(PointDistance, PointAndSegmentHulls) {
  const auto distance = [](const InputShape& shape, double x, double y) {
    SmallVector<TermSum> xs, ys;
    appendWorldTerms(shape, xs, ys);
    ExactPoints points(xs, ys);
    const ShapeHull hull = shapeHull(points, 0, static_cast<int>(shape.vertices.size()));
    Rational value;
    EXPECT_TRUE(squaredDistanceToHull(points, hull, x, y, value));
    EXPECT_EQ(value, squaredDistanceToCoreByPointCloud(shape, exactDouble(x), exactDouble(y)));
    return value;
  };
  InputShape point;
  point.vertices = {{1, 2}, {1, 2}};
  EXPECT_EQ(distance(point, 1, 2), 0);
  EXPECT_EQ(distance(point, 4, 6), 25);
  EXPECT_EQ(distance(point, 1.5, 2), Rational(1, 4));

  InputShape segment;
  segment.vertices = {{0, 0}, {2, 0}, {1, 0}, {2, 0}};  // the segment (0, 0)-(2, 0)
  EXPECT_EQ(distance(segment, 1, 0), 0);    // on it
  EXPECT_EQ(distance(segment, 0, 0), 0);    // its end
  EXPECT_EQ(distance(segment, 0, 3), 9);    // on the boundary of the end's cone
  EXPECT_EQ(distance(segment, 2, -3), 9);
  EXPECT_EQ(distance(segment, -1, 0), 1);   // on its line, beyond an end
  EXPECT_EQ(distance(segment, 3, 0), 1);
  EXPECT_EQ(distance(segment, 1, 0x1p-60), Rational(1, 1) / Rational(Integer(1) << 120));
  EXPECT_EQ(distance(segment, -3, 4), 25);

  InputShape rotated;  // the segment (0, 0)-(3, 4) by a rotation of exactly (0.6, 0.8)
  rotated.vertices = {{0, 0}, {5, 0}};
  rotated.rotationC = 0.6f;
  rotated.rotationS = 0.8f;
  distance(rotated, 1.5, 2);  // on it (up to the rounding of 0.6 and 0.8 to float)
  distance(rotated, 4, -3);
}

TEST(PointDistance, RejectsNonFinitePoints) {
  InputShape shape;
  shape.vertices = {{0, 0}, {1, 0}, {0, 1}};
  SmallVector<TermSum> xs, ys;
  appendWorldTerms(shape, xs, ys);
  ExactPoints points(xs, ys);
  const ShapeHull hull = shapeHull(points, 0, 3);
  Rational out;
  EXPECT_THROW(squaredDistanceToHull(points, hull, NAN, 0, out), std::invalid_argument);
  EXPECT_THROW(squaredDistanceToHull(points, hull, 0, INFINITY, out), std::invalid_argument);
}

}  // namespace
}  // namespace gjk::oracle
