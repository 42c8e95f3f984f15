// The FCL adapter's hull (adapters/fcl/hull_faces.h): what fcl::Convex is given. Checked on shapes whose hull is
// known (a cube with points inside, on its faces and edges, and repeated; a flat square; a needle; a point) and on
// the 3D families' shapes: every face a convex polygon seen counter-clockwise from outside with every point on or
// behind its plane, every edge shared by exactly two faces in opposite directions (FCL walks the edges of a
// watertight mesh), Euler's V - E + F = 2, and no input point left outside.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <utility>
#include <vector>

#include "adapters/fcl/hull_faces.h"
#include "families/families.h"

namespace gjk::adapters {
namespace {

using Faces = std::vector<std::vector<int>>;  // positions in HullFaces::vertices

Faces facesOf(const HullFaces& hull) {
  Faces faces;
  for (size_t i = 0; i < hull.faces.size(); i += hull.faces[i] + 1) {
    faces.emplace_back(hull.faces.begin() + i + 1, hull.faces.begin() + i + 1 + hull.faces[i]);
  }
  EXPECT_EQ(static_cast<int>(faces.size()), hull.faceCount);
  return faces;
}

struct Vec {
  long double x, y, z;
};
Vec sub(const HullPoint& a, const HullPoint& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
Vec cross(const Vec& a, const Vec& b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
long double dot(const Vec& a, const Vec& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

// The checks of the file comment for a polytope, in long double (the shapes here have small lattice coordinates, or
// are checked with a tolerance relative to their size).
void expectClosedOutwardHull(const std::vector<HullPoint>& points, const HullFaces& hull, long double tolerance) {
  ASSERT_EQ(hull.dimension, 3);
  const Faces faces = facesOf(hull);
  std::map<std::pair<int, int>, int> directed;
  for (const std::vector<int>& face : faces) {
    ASSERT_GE(face.size(), 3u);
    const HullPoint& origin = points[hull.vertices[face[0]]];
    // Newell's normal of the polygon, then every turn of the polygon along it and every point behind it.
    Vec normal{0, 0, 0};
    for (size_t k = 0; k < face.size(); ++k) {
      const HullPoint& p = points[hull.vertices[face[k]]];
      const HullPoint& q = points[hull.vertices[face[(k + 1) % face.size()]]];
      normal.x += (static_cast<long double>(p.y) - q.y) * (static_cast<long double>(p.z) + q.z);
      normal.y += (static_cast<long double>(p.z) - q.z) * (static_cast<long double>(p.x) + q.x);
      normal.z += (static_cast<long double>(p.x) - q.x) * (static_cast<long double>(p.y) + q.y);
      ++directed[{face[k], face[(k + 1) % face.size()]}];
    }
    for (size_t k = 0; k < face.size(); ++k) {
      const HullPoint& p = points[hull.vertices[face[k]]];
      const HullPoint& q = points[hull.vertices[face[(k + 1) % face.size()]]];
      const HullPoint& r = points[hull.vertices[face[(k + 2) % face.size()]]];
      EXPECT_GT(dot(cross(sub(q, p), sub(r, q)), normal), 0) << "a face that does not turn left";
    }
    for (const HullPoint& p : points) EXPECT_LE(dot(normal, sub(p, origin)), tolerance) << "a point outside a face";
  }
  for (const auto& [edge, count] : directed) {
    EXPECT_EQ(count, 1);
    EXPECT_EQ(directed.count({edge.second, edge.first}), 1u) << "an edge on one face only";
  }
  const int v = static_cast<int>(hull.vertices.size()), e = static_cast<int>(directed.size()) / 2;
  EXPECT_EQ(v - e + hull.faceCount, 2);
}

TEST(FclHullFaces, cubeKeepsItsCornersAndSixSquares) {
  std::vector<HullPoint> points = {{0.5, 0.5, 0.5}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0, 0, 1},
                                   {1, 0, 1},       {0, 1, 1}, {1, 1, 1}, {0.5, 0, 0}, {0.5, 0.5, 1}, {1, 1, 1}};
  const HullFaces hull = hullFaces(points);
  EXPECT_EQ(hull.vertices, (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}));  // centre, edge and face points, repeat left out
  EXPECT_EQ(hull.faceCount, 6);
  for (const std::vector<int>& face : facesOf(hull)) EXPECT_EQ(face.size(), 4u);
  expectClosedOutwardHull(points, hull, 0);
}

TEST(FclHullFaces, flatNeedleAndPoint) {
  const std::vector<HullPoint> square = {{0, 0, 2}, {1, 0, 2}, {0.5, 0.5, 2}, {1, 1, 2}, {0, 1, 2}, {0.5, 0, 2}};
  const HullFaces flat = hullFaces(square);
  EXPECT_EQ(flat.dimension, 2);
  EXPECT_EQ(flat.vertices, (std::vector<int>{0, 1, 3, 4}));
  ASSERT_EQ(flat.faceCount, 2);  // the polygon seen from either side
  const Faces faces = facesOf(flat);
  EXPECT_EQ(faces[1], std::vector<int>(faces[0].rbegin(), faces[0].rend()));

  const HullFaces needle = hullFaces({{0, 0, 0}, {2, 2, 2}, {1, 1, 1}, {-1, -1, -1}});
  EXPECT_EQ(needle.dimension, 1);
  EXPECT_EQ(needle.vertices, (std::vector<int>{1, 3}));
  EXPECT_EQ(needle.faceCount, 0);

  const HullFaces point = hullFaces({{3, 4, 5}, {3, 4, 5}});
  EXPECT_EQ(point.dimension, 0);
  EXPECT_EQ(point.vertices, std::vector<int>{0});
}

// Every polytope shape of 20 cases of each 3D family (sampleFamily3, seed 1).
TEST(FclHullFaces, familyPolytopesAreClosedAndOutward) {
  int polytopes = 0;
  for (const std::string& family : check::familyNames3()) {
    for (int i = 0; i < 20; ++i) {
      const check::Case value = check::sampleFamily3(family, 1, static_cast<std::uint64_t>(i));
      for (const check::ShapeSpec* shape : {&value.a, &value.b}) {
        std::vector<HullPoint> points;
        long double size = 0;
        for (const check::Vertex& v : shape->vertices) {
          points.push_back({v.x, v.y, v.z});
          size = std::max({size, std::fabs(static_cast<long double>(v.x)), std::fabs(static_cast<long double>(v.y)),
                           std::fabs(static_cast<long double>(v.z))});
        }
        const HullFaces hull = hullFaces(points);
        if (hull.dimension != 3) continue;
        ++polytopes;
        SCOPED_TRACE(value.source);
        expectClosedOutwardHull(points, hull, 1e-12L * size * size * size);
      }
    }
  }
  EXPECT_GT(polytopes, 300);
}

}  // namespace
}  // namespace gjk::adapters
