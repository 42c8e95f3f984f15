// The exact oracle in 3D (issue 23, step 2): the answer a perfect distance algorithm would give for two
// convex shapes in space, computed with exact arithmetic. The second implementation of the oracle's seam
// (oracle.h is the 2D one); it reuses the 2D oracle's exact conversion of floats (dyadic.h,
// exact_arithmetic.h) and its Relation, and nothing of its geometry.
//
// What is exact, and why:
// - Every input number is a float m * 2^e. The rotation matrix R of the quaternion (w, x, y, z), taken as
//   given (no normalization; see InputShape3), has entries that are sums of products of two floats, and
//   each world coordinate (R v + p)_i is a sum of eight terms, each a product of at most three floats and a
//   power of two: a dyadic rational. All of them, and the Minkowski difference points b - a, are held as
//   integers in units of one common power of two 2^exponent (exact3.h, ScaledCase3): nothing is rounded,
//   for every finite float input.
// - Every geometric decision (orientation of four points, side of a plane, comparisons of squared
//   distances) is the sign of an integer polynomial in those integers, computed in GMP integers. There is
//   no floating-point filter: doubles are used only to choose which outside point a hull step takes first,
//   which changes the order of work, never the answer.
// - Squared distances, closest points, the penetration depth's square and the face normal are exact
//   rationals. A distance itself is a square root (irrational in general) and is not formed here.
//
// Two exact methods compute the same answer and the tests compare them field by field:
// solveByHull3 (the exact 3D convex hull of the explicit point cloud {b - a}, hull3.h) and solveWithoutHull3
// (GJK in exact integers with Johnson's distance sub-algorithm, then, when the origin is in M, an exact
// expanding polytope for interior against boundary and the depth; gjk3.cpp, epa3.cpp). They share the exact
// input conversion and the final assembly of an answer from exact parts (both in exact3.cpp), nothing
// geometric. The world vertices are also checked on their own against the matrix formed in rationals
// (tests/oracle/oracle3_hand_test.cpp).
//
// Penetration (when the origin is in the interior of M): the core depth is the distance from the origin to
// the nearest face plane of M, min over unit n of h_M(n), the convention of penetration.h in 2D; the depth of
// the rounded shapes is r + that. Its square is exact; its normal is an exact integer direction. A flat M (a
// point, a segment, a polygon) has no interior: a contained origin is on its boundary, depth 0.
//
// Like the 2D oracle, this shares no code with core/ and includes nothing of the harness.
#pragma once

#include <vector>

#include "oracle/oracle.h"

namespace gjk::oracle {

// One input vertex, in the shape's local frame, exactly as given.
struct InputPoint3 {
  float x = 0;
  float y = 0;
  float z = 0;
};

// A shape: the hull of 1..64 vertices (any order, duplicates, coplanar, collinear and interior points
// allowed) grown by a ball of the radius, then rotated by the matrix of the quaternion and moved by p.
// The quaternion is applied exactly as the matrix of its four numbers as given, NOT normalized:
//   R = [[1-2(y²+z²), 2(xy-wz),   2(xz+wy)  ],
//        [2(xy+wz),   1-2(x²+z²), 2(yz-wx)  ],
//        [2(xz-wy),   2(yz+wx),   1-2(x²+y²)]]
// (a non-unit quaternion gives a matrix that is not a rotation; the oracle answers for the matrix).
struct InputShape3 {
  std::vector<InputPoint3> vertices;  // 1..64
  float radius = 0;                   // >= 0
  float positionX = 0;
  float positionY = 0;
  float positionZ = 0;
  float rotationW = 1;
  float rotationX = 0;
  float rotationY = 0;
  float rotationZ = 0;
};

// The most vertices a shape may have (so M has at most 4,096 points).
constexpr int MAX_VERTICES3 = 64;

struct ExactPoint3 {
  Rational x;
  Rational y;
  Rational z;
};

// M = hull{b - a} over all pairs of world vertices, r = rA + rB.
struct ExactAnswer3 {
  // As the 2D Relation: separated d0 > r, touching d0 = r, overlapping d0 < r; for r = 0 and d0 = 0,
  // touching when the origin is on the boundary of M (a flat M, of dimension 0, 1 or 2, is all boundary),
  // overlapping when it is in the interior.
  Relation relation = Relation::Separated;
  Rational coreDistanceSquared;  // d0^2, d0 = dist(origin, M), exact
  ExactPoint3 closestPoint;      // the unique point of M nearest the origin, exact (the origin when d0 = 0)
  Rational radius;               // r = rA + rB, exact
  Rational scale;                // S, exact: problemScale3(a, b)
  // The origin is in the interior of M (M is then three-dimensional). Only then are the two fields below
  // nonzero.
  bool originInInterior = false;
  // The core penetration depth squared: the squared distance from the origin to the nearest face plane of M,
  // exact. 0 when the origin is not in the interior (outside M, on its boundary, or M flat). The depth of
  // the rounded shapes is r + sqrt(this) (the translation that brings them to touching).
  Rational penetrationDepthSquared;
  // The penetration normal, from A towards B: minus the outward normal of that nearest face of M, as the
  // primitive integer vector (components with greatest common divisor 1; not of unit length), so that moving
  // B by depth * n / |n| separates the cores. When several faces of M are equally near, the lexicographically
  // smallest (x, then y, then z) of their normals. (0, 0, 0) when the origin is not in the interior.
  ExactPoint3 penetrationNormal;
};

// S, exact, as problemScale in 2D: the largest, over both shapes' vertices v and the three rows i, of
// sum_j |R_ij v_j| + |p_i| (R_ij the exact entry of the matrix above), plus rA + rB; the smallest normal
// float 2^-126 when that is 0. These are the magnitudes of the terms a float engine adds to place a vertex.
Rational problemScale3(const InputShape3& a, const InputShape3& b);

// Exact world vertices R v + p of a shape, in input order.
std::vector<ExactPoint3> worldVertices3(const InputShape3& shape);

// Method 1: the exact convex hull of the Minkowski point cloud {b - a} (quickhull with exact integer
// planes; dimensions 0, 1 and 2 handled on their own: a point, a segment, a convex polygon in its plane),
// then the closest point of the hull (over the faces the origin sees, exact Voronoi regions of each
// triangle), containment from the signs of the face planes at the origin, and the nearest face plane.
// Throws std::invalid_argument for an empty shape, more than 64 vertices, a non-finite number or a
// negative radius.
ExactAnswer3 solveByHull3(const InputShape3& a, const InputShape3& b);

// Method 2, no hull of M: GJK on the support points of b - a in exact integers, with Johnson's distance
// sub-algorithm on exact integer cofactors, stopped when the support point makes no progress
// (v.v - v.w <= 0, exactly); when the origin is in M, the simplex is grown to a tetrahedron of support
// points (or M found flat) and expanded over support points until its nearest face lies on a face plane of
// M (an exact EPA), which decides interior against boundary and gives the depth and normal. The same answer
// as solveByHull3, every field. Throws as solveByHull3.
ExactAnswer3 solveWithoutHull3(const InputShape3& a, const InputShape3& b);

// The distance alone, exactly: d0^2 and the point of M nearest the origin (the origin when d0 = 0), from method
// 2's exact GJK without its expanding polytope, so neither the relation of a contact (touching or overlapping
// when r = 0) nor a depth. The question CGAL's Polytope_distance_d answers (bench/oracle3_cgal_bench.cpp); the
// same d0^2 and closest point as both methods, every input (tests/families/families3_test.cpp). Throws as
// solveByHull3.
struct ExactDistance3 {
  Rational coreDistanceSquared;
  ExactPoint3 closestPoint;
};
ExactDistance3 coreDistance3(const InputShape3& a, const InputShape3& b);

// ---- The 3D verdict's exact parts (errors of a reported answer in units u, docs/verdict.md) ----------------

// Exact: the squared distance from the point (x, y, z) (finite doubles, taken exactly) to the core of the shape
// (the hull of its exact world vertices, radius not included): exact GJK with Johnson's sub-algorithm on the
// points of the core less the point (gjk3.cpp). std::invalid_argument for a non-finite coordinate.
Rational squaredDistanceToCore3(const InputShape3& shape, double x, double y, double z);

// What a 3D strategy reported, widened to double (exact for float results).
struct ReportedAnswer3 {
  double distance = 0;
  double pointA[3] = {0, 0, 0};  // witness point on A, world frame
  double pointB[3] = {0, 0, 0};  // witness point on B
  bool merged = false;           // one point for both witnesses (the `merged` contact convention)
};

// The three errors of docs/verdict.md in units u, as the 2D reference computes them (ErrorsInUnits, oracle.h):
// |d - D| / u, max(dist(pA, A), dist(pB, B)) / u (shapes with their radius; for a merged point the nearer
// shape's), (|pA - pB| - D) / u, with D = max(0, d0 - r). Every value is formed from exact rationals in
// HighPrecision (the squared distances exact; d - r as (d^2 - r^2) / (d + r)), divided by HighPrecision(unit)
// and truncated to double. Finite inputs only.
ErrorsInUnits errorsInUnits3(const InputShape3& a, const InputShape3& b, const ExactAnswer3& exact,
                             const Rational& unit, const ReportedAnswer3& reported);

// Exact: D > factor * unit, with D = max(0, d0 - r): d0 > r + factor * unit, decided on squares of
// non-negative rationals (factor >= 0, unit > 0).
bool distanceExceeds3(const ExactAnswer3& exact, const Rational& unit, double factor);

// ---- The 3D penetration verdict's exact parts (docs/verdict.md, Penetration) ---------------------------------

// High precision from exact parts: the signed penetration depth of the rounded shapes, r + sqrt(C) when the origin
// is in the interior of M (C = penetrationDepthSquared), else r - d0 (the origin outside M or on its boundary; 0
// when r = d0 = 0; negative, minus the distance, for separated shapes). r - d0 is formed as (r^2 - d0^2) / (r + d0)
// with the numerator exact, so no cancellation (penetration.h's penetrationDepth, which this calls).
HighPrecision penetrationDepth3(const ExactAnswer3& answer);

// High precision from exact parts: the overlap of the rounded shapes along the direction n = (nx, ny, nz) (from A
// towards B; finite doubles, any nonzero length, normalized here): h_A(n/|n|) + h_B(-n/|n|) + rA + rB =
// h_M(-n/|n|) + r, how far B must move along n to stop overlapping A. The support difference
// h = max_a n.a - min_b n.b over the exact world vertices is an exact rational; then sign(h) sqrt(h^2 / |n|^2) + r
// in high precision. Its minimum over n is penetrationDepth3 (for every relation), so overlapAlong3 minus
// penetrationDepth3 is the normal error of a reported normal, >= 0, 0 exactly for a minimal normal.
// std::invalid_argument for a zero or non-finite n.
HighPrecision overlapAlong3(const InputShape3& a, const InputShape3& b, double nx, double ny, double nz);

}  // namespace gjk::oracle
