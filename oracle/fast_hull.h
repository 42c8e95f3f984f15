// Internal to oracle/: the fast hull method. The Minkowski difference M = hull{b - a} is built from the
// two shapes' hulls by a linear-time merge of their edges by angle, every sign test exact
// (exact_points.h: a double filter, scaled integers when it cannot decide); the closest point of M to
// the origin is found with sign tests only (no distance is compared), then computed exactly once.
//
// Why the merge gives the same polygon as the reference (the monotone-chain hull of the whole point
// cloud, minkowski_hull.cpp): for convex polygons P and Q, hull(P + Q) = hull(P) + hull(Q), whose
// boundary is the sequence of the edges of P and Q sorted by direction, edges of equal direction joined
// (de Berg et al., Computational Geometry, 3rd ed., Theorem 13.10). Here P = hull(B) and Q = hull(-A) =
// -hull(A). Starting both at their lexicographically smallest vertex (smallest x, then smallest y) starts
// M at its own, because the lexicographic order is compatible with addition; walking the directions in
// the order of angle from -pi/2 (exclusive) to 3pi/2 (inclusive), which is the counter-clockwise order
// of edges leaving that vertex, gives M counter-clockwise from there, as the monotone chain does. Joined
// equal directions leave no collinear vertex, as the monotone chain removes them. A point has no edge,
// a segment two opposite ones; M is then a point or a segment, listed as the reference lists it.
#pragma once

#include <vector>

#include "oracle/exact_points.h"

namespace gjk::oracle {

// The hull of a range of points: counter-clockwise from the lexicographically smallest,
// collinear and repeated points removed; one index for a point, two (smallest, largest) for a segment.
struct ShapeHull {
  SmallVector<int> vertices;
  int largest = 0;  // position in `vertices` of the lexicographically largest vertex
};

// Exact: Andrew's monotone chain on ExactPoints' exact sign tests (the reference's algorithm, with its
// lexicographic order and its removal of collinear points), of the points first .. first + count - 1.
ShapeHull shapeHull(ExactPoints& points, int first, int count);

// M = hull(B) - hull(A) by the merge of edges.
struct MergedHull {
  // Vertex k of M is X[b] - X[a] for (b, a) = vertices[k]: counter-clockwise from the lexicographically
  // smallest, no collinear vertex; one vertex for a point, two for a segment.
  struct Vertex {
    int b = 0;
    int a = 0;
  };
  SmallVector<Vertex> vertices;
  // For edge k (vertex k to vertex k+1): a shape edge X[p] - X[q] with the same direction, for sign
  // tests. (When two shape edges of equal direction were joined, the edge of M is their sum.)
  struct Direction {
    int p = 0;
    int q = 0;
  };
  SmallVector<Direction> directions;
};

// Exact: hullB and hullA are shapeHull results of B's and A's points in the same ExactPoints.
MergedHull mergeHulls(ExactPoints& points, const ShapeHull& hullB, const ShapeHull& hullA);

// Where the origin is relative to M, and M's closest point to it.
struct ClosestFeature {
  enum class Kind { Inside, Vertex, Edge };
  Kind kind = Kind::Inside;
  bool onBoundary = false;  // Inside: the origin is on the boundary of M (M a point or a segment: always)
  int index = 0;            // Vertex: vertex index of M; Edge: the edge from vertex index to index + 1
};

// Exact: containment from the signs of cross(W_k, E_k); outside, the closest feature from the normal
// cones (vertex W_k when W_k . E_(k-1) <= 0 <= W_k . E_k; the inside of edge k when the origin is strictly
// outside it and W_k . E_k < 0 < W_(k+1) . E_k). Sign tests only: nothing is squared or compared.
ClosestFeature closestFeature(ExactPoints& points, const MergedHull& hull);

// The exact squared distance, closest point and containment for the feature, in world units.
struct ExactClosest {
  Rational distanceSquared;
  Rational x;
  Rational y;
  bool containsOrigin = false;
  bool originOnBoundary = false;
};

// Exact: a vertex is X[b] - X[a]; inside an edge P + t D, t = -(P . D) / |D|^2, the squared distance
// cross(P, D)^2 / |D|^2, all from the scaled integers, scaled back by powers of two. withPoint = false
// leaves x and y at 0 (only the distance is wanted).
ExactClosest exactClosest(const ExactPoints& points, const MergedHull& hull, const ClosestFeature& feature,
                          bool withPoint = true);

}  // namespace gjk::oracle
