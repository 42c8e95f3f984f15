// Internal to oracle/: the exact convex hull of a point set in 3D, of any dimension (method 1 of the 3D
// oracle, solveByHull3; never used by method 2).
#pragma once

#include "oracle/exact3.h"

#include <vector>

namespace gjk::oracle {

// A triangle of a three-dimensional hull: vertex indices counter-clockwise seen from outside, and its
// plane normal . x = offset with the outward normal (b - a) x (c - a), exact integers.
struct HullFace3 {
  int vertex[3] = {0, 0, 0};
  IntPoint3 normal;
  Integer offset;
};

// The hull of a point set, by its affine dimension:
// 0: points[0] only; 1: the segment points[ends[0]] points[ends[1]]; 2: the convex polygon `polygon`
// (vertex indices, collinear ones removed, counter-clockwise seen from the side planeNormal points to);
// 3: the triangles `faces` (coplanar neighbours possible, every triangle non-degenerate).
struct Hull3 {
  int dimension = 0;
  std::vector<IntPoint3> points;  // the input, sorted and without duplicates
  int ends[2] = {0, 0};
  std::vector<int> polygon;
  IntPoint3 planeNormal;
  std::vector<HullFace3> faces;
};

// Exact: every decision is the sign of an integer expression (GMP integers): duplicates by integer
// equality after a lexicographic sort; the dimension from the first point, the first other point, the first
// point off their line (nonzero cross product) and the first point off their plane (nonzero triple product);
// a flat set's polygon by Andrew's monotone chain on the two coordinates where the plane normal's
// component is nonzero; a full set's triangles by quickhull, where a point is outside a face only when it is
// strictly above its plane, so points on a face plane are never added (coplanar triangles may remain;
// each is a correct part of the boundary). Throws std::invalid_argument for an empty set.
Hull3 convexHull3(std::vector<IntPoint3> points);

}  // namespace gjk::oracle
