// The building blocks of the 3D case families (families/families.h, familyNames3), shared by the samplers in
// families_3d*.cpp; the 2D blocks they reuse (Draw, latticeFloat, drawConvexPolygon) are in
// family_construction.h. Internal to families/.
//
// Exactness, as in 2D: every coordinate is an integer n with |n| <= 2^24 times 2^e (latticeFloat checks both);
// sums of lattice points are formed in 64-bit integers before that one conversion, products (dot, cross,
// orientation) in 128-bit ones. A construction that claims a relation builds it in the lattice and places both
// shapes by one common transform (the same quaternion and the same position): the oracle applies the matrix
// R(q) of the quaternion as given, exactly, and a relation between two polytopes (separated, touching,
// overlapping) is unchanged by any invertible linear map followed by a translation, so the claim survives a
// quaternion that is only a unit one to 2^-21. Where a radius takes part (rounded, scale's rounded pairs) only
// the exact quaternions are used: the twelve whose four numbers are 0, +-1 or +-1/2, whose matrices are
// signed permutations (the rotations of the tetrahedral group), so distances are kept exactly too.
#pragma once

#include <boost/container/small_vector.hpp>

#include <cstdint>
#include <string>

#include "case/case.h"
#include "families/family_construction.h"

namespace gjk::check::family_construction {

// ---------------------------------------------------------------------------------------------------
// Lattice geometry in space, exact in 64-bit integers (coordinates below 2^24) and 128-bit products.

struct LatticePoint3 {
  Int x = 0;
  Int y = 0;
  Int z = 0;
};
// Up to 32 points in place (more on the heap; a shape has at most 64).
using LatticeCloud = boost::container::small_vector<LatticePoint3, 32>;

LatticePoint3 operator+(LatticePoint3 a, LatticePoint3 b);
LatticePoint3 operator-(LatticePoint3 a, LatticePoint3 b);
LatticePoint3 operator*(Int k, LatticePoint3 a);
bool operator==(LatticePoint3 a, LatticePoint3 b);
__int128 dot(LatticePoint3 a, LatticePoint3 b);
// Components below 2^63 for coordinates below 2^30.
LatticePoint3 cross(LatticePoint3 a, LatticePoint3 b);
// Sign of (b - a) . ((c - a) x (d - a)): 0 when the four points are coplanar.
int orientation(LatticePoint3 a, LatticePoint3 b, LatticePoint3 c, LatticePoint3 d);
Int extent(const LatticeCloud& cloud);
LatticeCloud scaled(LatticeCloud cloud, Int k);
LatticeCloud translated(LatticeCloud cloud, LatticePoint3 t);
// The first point of the cloud with the largest (sign +1) or smallest (sign -1) d . p.
LatticePoint3 supportPoint(const LatticeCloud& cloud, LatticePoint3 d, int sign);
// Indices of four affinely independent points (a full-dimensional cloud), or false.
bool independentFour(const LatticeCloud& cloud, int (&index)[4]);
// A point of the plane z = height from a 2D lattice point.
LatticePoint3 lifted(LatticePoint p, Int height);

LatticePoint3 drawLatticePoint3(Draw& in, Int reach);
// A direction with components in [-reach, reach], never zero.
LatticePoint3 drawDirection3(Draw& in, Int reach);
// A full-dimensional cloud of count in [minCount, maxCount] points with coordinates within 2^bits
// (bits drawn in 2..maxBits): points rounded onto a sphere, or points in a box. `kind` receives its name.
LatticeCloud drawPolytope(Draw& in, int minCount, int maxCount, int maxBits, std::string* kind = nullptr);
// `count` lattice points with z in [low, high] (low <= high) and x, y within `reach`.
LatticeCloud drawSlab(Draw& in, int minCount, int maxCount, Int reach, Int low, Int high);
// B moved so that its lowest point along n is at `at`; with A in {n . x <= n . at} they then touch.
LatticeCloud placedOn(const LatticeCloud& b, LatticePoint3 n, LatticePoint3 at);
// The points in an order drawn from the source (the hull does not depend on it; an engine's start does).
LatticeCloud shuffled(Draw& in, const LatticeCloud& cloud);

// ---------------------------------------------------------------------------------------------------
// Rotations: float unit quaternions only (docs/case-format.md, case/unit_rotation.h), without libm.

struct Quaternion {
  float w = 1;
  float x = 0;
  float y = 0;
  float z = 0;
};

enum class QuaternionSet {
  Exact,   // the identity and the eleven exact quaternions (signed permutation matrices)
  AboutZ,  // turns about the z axis: normalizedQuaternion(q, 0, 0, p), and the exact half turn
  Unit,    // all of the above and normalizedQuaternion of integer quadruples up to 2^12
};

Quaternion drawQuaternion(Draw& in, QuaternionSet set, bool allowIdentity = true);
bool isIdentity(const Quaternion& q);
// R(q) p for an exact quaternion (every number 0, +-1 or +-1/2): a signed permutation of p, exact.
LatticePoint3 turnedExactly(const Quaternion& q, LatticePoint3 p);

// ---------------------------------------------------------------------------------------------------
// From lattice to case.

struct Placement3 {
  Quaternion rotation;
  float x = 0;
  float y = 0;
  float z = 0;
};

Placement3 latticePlacement3(Quaternion rotation, LatticePoint3 position, int exponent);
ShapeSpec latticeShape3(const LatticeCloud& points, int exponent, Int radius = 0, Placement3 placement = {});
// A 3D case (dimension 3) with meta.family, meta.construction and, when given, meta.expected-relation.
Case assemble3(const char* family, const std::string& construction, ShapeSpec a, ShapeSpec b,
               const char* expectedRelation = nullptr);

// ---------------------------------------------------------------------------------------------------
// The samplers, one a family (families_3d.cpp, families_3d_shapes.cpp, families_3d_extremes.cpp).

Case drawRandomConvex3(Draw& in);
Case drawRandomPoints3(Draw& in);
Case drawCoplanar3(Draw& in);
Case drawEdgeEdge3(Draw& in);
Case drawStacked3(Draw& in);
Case drawFlat3(Draw& in);
Case drawNeedle3(Draw& in);
Case drawDuplicates3(Draw& in);
Case drawNearParallel3(Draw& in);
Case drawShortEdge3(Draw& in);
Case drawSliver3(Draw& in);
Case drawLargeOffset3(Draw& in);
Case drawScale3(Draw& in);
Case drawRotated3(Draw& in);
Case drawRounded3(Draw& in);

// Shared by several samplers: a touching, separated or overlapping pair of polytopes built in one lattice
// frame (random-convex, large-offset, scale). kind 0: B's lowest vertex along a direction d put on A's
// highest (touching); 1: then moved k d further (separated); 2: a vertex of B put at an interior point of A
// (overlapping; both clouds are scaled by 4 first). Returns the relation's name.
const char* relatedPair(Draw& in, int kind, LatticeCloud& a, LatticeCloud& b);

}  // namespace gjk::check::family_construction
