// The convex hull of a shape's points as fcl::Convex takes it: the hull's vertices and its faces, each face a
// polygon listed counter-clockwise seen from outside. FCL has no hull builder: its users compute the hull
// themselves (qhull, a mesh tool) and hand FCL the vertices and faces; this is ours, exact, so that what FCL
// is given is the hull of the case's points and nothing else.
//
// Exact: the points are floats (as doubles); every decision is the sign of an orientation determinant,
// computed in double with a forward error bound and, when the bound does not decide it, again in exact
// integers (boost::multiprecision::cpp_int). Points that are not vertices (inside, on a face, on an edge,
// duplicates) are left out.
#pragma once

#include <vector>

namespace gjk::adapters {

struct HullPoint {
  double x = 0;
  double y = 0;
  double z = 0;
};

struct HullFaces {
  int dimension = 0;         // 0: one point, 1: a segment, 2: a flat convex polygon, 3: a polytope
  std::vector<int> vertices; // the hull's vertices as indices of the input points, ascending
  // FCL's face encoding (fcl::Convex::getFaces): for each face its vertex count n, then n positions in
  // `vertices`, counter-clockwise seen from outside. A polytope: one polygon per facet (coplanar triangles
  // merged). A flat polygon: two faces, the polygon seen from either side. A point or a segment: no face.
  std::vector<int> faces;
  int faceCount = 0;
};

// Requires 1 or more points, every coordinate a finite float value.
HullFaces hullFaces(const std::vector<HullPoint>& points);

}  // namespace gjk::adapters
