// Strategy `jolt-gjk` (core/strategies/jolt_gjk.h): Jolt Physics v5.5.0's GJKClosestPoint::GetClosestPoints
// as its convex-vs-convex collision calls it. Hand-worked 3D cases (face-face, crossed edges, vertex-face,
// touching, overlap, a point in each Voronoi region of a tetrahedron, spheres and capsules by radius, rotated
// shapes), every stop rule of the port reached and derived step by step, and the details of Jolt's arithmetic
// the port keeps (the SSE dot product's zero, the support's floor and tie rule, the tetrahedron's sign bits).
//
// Tolerances: where an answer is not exact by construction it is judged within 64 u, u = S 2^-24 in float
// and S 2^-53 in double, S the size of the problem (the largest coordinate a vertex is placed with): the
// harness's own acceptance threshold T = 64 u (docs/verdict.md). Every other check is exact and its
// exactness is derived in the comment above it.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <initializer_list>
#include <limits>

#include "core/strategies/jolt_gjk.h"

namespace {

using namespace gjk;

template <class T>
Polytope<T> polytope(std::initializer_list<Vec3<T>> points, T radius = 0) {
  Polytope<T> p;
  for (Vec3<T> v : points) p.vertices[p.count++] = v;
  p.radius = radius;
  return p;
}

// The axis-aligned box [lo, hi]^3; vertex i has x = hi when bit 0 of i is set, y bit 1, z bit 2.
template <class T>
Polytope<T> cube(T lo, T hi) {
  Polytope<T> p;
  for (int i = 0; i < 8; ++i) p.vertices[p.count++] = {(i & 1) ? hi : lo, (i & 2) ? hi : lo, (i & 4) ? hi : lo};
  return p;
}

template <class T>
Polytope<T> box(T hx, T hy, T hz) {
  Polytope<T> p;
  for (int i = 0; i < 8; ++i) p.vertices[p.count++] = {(i & 1) ? hx : -hx, (i & 2) ? hy : -hy, (i & 4) ? hz : -hz};
  return p;
}

template <class T>
DistanceInput3<T> input(Polytope<T> a, Polytope<T> b, Vec3<T> positionA, Vec3<T> positionB, bool useRadii = true) {
  DistanceInput3<T> in;
  in.proxyA = a;
  in.proxyB = b;
  in.transformA.p = positionA;
  in.transformB.p = positionB;
  in.useRadii = useRadii;
  return in;
}

template <class T>
DistanceOutput3<T> query(const DistanceInput3<T>& in) {
  DistanceOutput3<T> out;
  JoltGjk::distance(in, &out);
  return out;
}

// 64 u at size S (file comment).
template <class T>
T tolerance(double size) {
  const double unit = std::is_same_v<T, float> ? std::ldexp(1.0, -24) : std::ldexp(1.0, -53);
  return T(64 * size * unit);
}

template <class T>
void expectNear(Vec3<T> actual, double x, double y, double z, T tol) {
  EXPECT_NEAR(actual.x, x, tol);
  EXPECT_NEAR(actual.y, y, tol);
  EXPECT_NEAR(actual.z, z, tol);
}

template <class T>
class JoltGjk3 : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(JoltGjk3, Scalars);

// Two unit cubes [0,1]^3, B at (2,0,0): face x = 1 against face x = 2, distance 1. Pass 1: the axis is B's
// position (2,0,0); A's first vertex of largest x is (1,0,0), B's first of smallest x is local (0,0,0) =
// (2,0,0): w = (-1,0,0), |v|^2 = 1. Pass 2 along the same axis gives the same w; the segment of two equal
// points falls back to its second point (|y0|^2 < |y1|^2 fails), |v|^2 = 1 is not below 1: no-closer-point,
// the repeated point dropped. All values are small integers: exact.
TYPED_TEST(JoltGjk3, unitCubesOneApartFaceFace) {
  using T = TypeParam;
  auto out = query(input<T>(cube<T>(0, 1), cube<T>(0, 1), {0, 0, 0}, {2, 0, 0}));
  EXPECT_EQ(out.distance, T(1));
  EXPECT_EQ(out.pointA.x, T(1));
  EXPECT_EQ(out.pointB.x, T(2));
  EXPECT_EQ(out.pointA.y, out.pointB.y);
  EXPECT_EQ(out.pointA.z, out.pointB.z);
  EXPECT_EQ(out.termination, Termination::NoCloserPoint);
  EXPECT_EQ(out.iterations, 2);
  EXPECT_EQ(out.simplexCount, 1);
  EXPECT_EQ(out.decidedBy, PostRule::None);
}

// Crossed edges: A's top edge (-1,0,0)-(1,0,0) under B's bottom edge (0,-1,1)-(0,1,1) (B at (0,0,1)); the
// other vertices lie away (A's at z = -1, B's at z = 2). Distance 1 between (0,0,0) and (0,0,1), an
// edge-edge pair: the final simplex is a segment.
TYPED_TEST(JoltGjk3, crossedEdges) {
  using T = TypeParam;
  auto a = polytope<T>({{-1, 0, 0}, {1, 0, 0}, {0, -1, -1}, {0, 1, -1}});
  auto b = polytope<T>({{0, -1, 0}, {0, 1, 0}, {-1, 0, 1}, {1, 0, 1}});
  auto out = query(input<T>(a, b, {0, 0, 0}, {0, 0, 1}));
  const T tol = tolerance<T>(2);
  EXPECT_NEAR(out.distance, 1.0, tol);
  expectNear(out.pointA, 0, 0, 0, tol);
  expectNear(out.pointB, 0, 0, 1, tol);
  EXPECT_EQ(out.simplexCount, 2);
}

// Vertex-face: B's apex (local origin) at (0.25, 0.5, 1.5) above the face z = 1 of the cube [-1,1]^3, B's
// other vertices 1 higher. Distance 0.5 from (0.25, 0.5, 1) to the apex: a triangle of A's face against B's
// vertex.
TYPED_TEST(JoltGjk3, vertexFace) {
  using T = TypeParam;
  auto b = polytope<T>({{0, 0, 0}, {2, 0, 1}, {-1, 2, 1}, {-1, -2, 1}});
  auto out = query(input<T>(cube<T>(-1, 1), b, {0, 0, 0}, {T(0.25), T(0.5), T(1.5)}));
  const T tol = tolerance<T>(3);
  EXPECT_NEAR(out.distance, 0.5, tol);
  expectNear(out.pointA, 0.25, 0.5, 1, tol);
  expectNear(out.pointB, 0.25, 0.5, 1.5, tol);
  EXPECT_EQ(out.simplexCount, 3);
}

// Touching: [0,1]^3 and the same cube at (1,0,0). Pass 1 along (1,0,0): A's (1,0,0), B's local (0,0,0) =
// (1,0,0): w = 0 exactly, |v|^2 = 0 <= (1e-4)^2: within-tolerance after one support call, distance 0.
TYPED_TEST(JoltGjk3, touchingCubes) {
  using T = TypeParam;
  auto out = query(input<T>(cube<T>(0, 1), cube<T>(0, 1), {0, 0, 0}, {1, 0, 0}));
  EXPECT_EQ(out.distance, T(0));
  EXPECT_EQ(out.termination, Termination::WithinTolerance);
  EXPECT_EQ(out.iterations, 1);
  EXPECT_EQ(out.pointA.x, T(1));
  EXPECT_EQ(out.pointB.x, T(1));
}

// Overlap: two cubes [-1,1]^3, B at (0.5, 0.25, 0.125): the Minkowski difference holds the origin deep
// inside and the simplex grows to a tetrahedron around it: containment, distance 0. Jolt leaves the points
// of a full simplex undefined; the port gives the newest support pair: a vertex of each shape.
TYPED_TEST(JoltGjk3, overlappingCubesEndInContainment) {
  using T = TypeParam;
  auto in = input<T>(cube<T>(-1, 1), cube<T>(-1, 1), {0, 0, 0}, {T(0.5), T(0.25), T(0.125)});
  auto out = query(in);
  EXPECT_EQ(out.distance, T(0));
  EXPECT_EQ(out.termination, Termination::Containment);
  EXPECT_EQ(out.simplexCount, 4);
  bool aIsVertex = false;
  bool bIsVertex = false;
  for (int i = 0; i < 8; ++i) {
    aIsVertex = aIsVertex || out.pointA == in.proxyA.vertices[i];
    bIsVertex = bIsVertex || out.pointB == in.proxyB.vertices[i] + in.transformB.p;  // dyadic: exact
  }
  EXPECT_TRUE(aIsVertex);
  EXPECT_TRUE(bIsVertex);
}

// A point (A, one vertex) against the tetrahedron B = {0, e_x, e_y, e_z}, from each kind of Voronoi region.
// Vertex region: (-1,-1,-1) is closest to the vertex 0, distance sqrt(3). Edge region: (0.5,-1,-1) to
// (0.5,0,0) on the x edge, distance sqrt(2). Face region: (1,1,1) to (1/3,1/3,1/3) on x + y + z = 1,
// distance 2/sqrt(3).
TYPED_TEST(JoltGjk3, pointAgainstTetrahedronRegions) {
  using T = TypeParam;
  auto point = polytope<T>({{0, 0, 0}});
  auto tet = polytope<T>({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
  const T tol = tolerance<T>(2);

  auto vertex = query(input<T>(point, tet, {-1, -1, -1}, {0, 0, 0}));
  EXPECT_NEAR(vertex.distance, std::sqrt(3.0), tol);
  expectNear(vertex.pointB, 0, 0, 0, tol);
  EXPECT_EQ(vertex.simplexCount, 1);

  auto edge = query(input<T>(point, tet, {T(0.5), -1, -1}, {0, 0, 0}));
  EXPECT_NEAR(edge.distance, std::sqrt(2.0), tol);
  expectNear(edge.pointB, 0.5, 0, 0, tol);
  EXPECT_EQ(edge.simplexCount, 2);

  auto face = query(input<T>(point, tet, {1, 1, 1}, {0, 0, 0}));
  EXPECT_NEAR(face.distance, 2.0 / std::sqrt(3.0), tol);
  expectNear(face.pointB, 1.0 / 3, 1.0 / 3, 1.0 / 3, tol);
  expectNear(face.pointA, 1, 1, 1, tol);
  EXPECT_EQ(face.simplexCount, 3);
}

// Spheres are one point with a radius: radius 1 at the origin, 0.5 at (3,0,0). The loop gives the core
// distance 3; Jolt's radius step moves each point out along v by its radius: (1,0,0) and (2.5,0,0), and
// the distance is |pB - pA| = 1.5 (radii-applied).
TYPED_TEST(JoltGjk3, spheresByRadius) {
  using T = TypeParam;
  auto out = query(input<T>(polytope<T>({{0, 0, 0}}, 1), polytope<T>({{0, 0, 0}}, T(0.5)), {0, 0, 0}, {3, 0, 0}));
  const T tol = tolerance<T>(4);
  EXPECT_NEAR(out.distance, 1.5, tol);
  expectNear(out.pointA, 1, 0, 0, tol);
  expectNear(out.pointB, 2.5, 0, 0, tol);
}

// Capsules are two points with a radius: A along x, B along y 2 above, radii 0.25: distance 1.5 between
// (0,0,0.25) and (0,0,1.75); without the radii the cores are 2 apart.
TYPED_TEST(JoltGjk3, capsulesByRadiusAndCores) {
  using T = TypeParam;
  auto a = polytope<T>({{-1, 0, 0}, {1, 0, 0}}, T(0.25));
  auto b = polytope<T>({{0, -1, 0}, {0, 1, 0}}, T(0.25));
  const T tol = tolerance<T>(3);
  auto out = query(input<T>(a, b, {0, 0, 0}, {0, 0, 2}));
  EXPECT_NEAR(out.distance, 1.5, tol);
  expectNear(out.pointA, 0, 0, 0.25, tol);
  expectNear(out.pointB, 0, 0, 1.75, tol);
  EXPECT_EQ(out.simplexCount, 2);

  auto cores = query(input<T>(a, b, {0, 0, 0}, {0, 0, 2}, false));
  EXPECT_NEAR(cores.distance, 2.0, tol);
  expectNear(cores.pointA, 0, 0, 0, tol);
  expectNear(cores.pointB, 0, 0, 2, tol);
}

// Rounded shapes that overlap: spheres of radius 0.75 with centres 1 apart. The core distance 1 is within
// the radii 1.5: distance 0 (Jolt's "colliding within the convex radius"), and each point still moved out
// by its own radius: (0.75,0,0) on A's surface, (0.25,0,0) on B's (on-shapes).
TYPED_TEST(JoltGjk3, roundedOverlapWithinRadii) {
  using T = TypeParam;
  auto out = query(input<T>(polytope<T>({{0, 0, 0}}, T(0.75)), polytope<T>({{0, 0, 0}}, T(0.75)), {0, 0, 0}, {1, 0, 0}));
  const T tol = tolerance<T>(2);
  EXPECT_EQ(out.distance, T(0));
  expectNear(out.pointA, 0.75, 0, 0, tol);
  expectNear(out.pointB, 0.25, 0, 0, tol);
}

// A rotation with an exact matrix: the quaternion (0.5, 0.5, 0.5, 0.5) gives every entry of
// quaternionMatrix exactly (products of halves): R v = (v.z, v.x, v.y). The box [-2,2] x [-0.5,0.5]^2 turned
// by R lies along y. B turned at (0,0,3) above the cube [-1,1]^3: its lowest face is z = 2.5, distance 1.5.
// Both turned: A the box at (1,2,3) (top face z = 3.5), B the cube at (1,2,7) (bottom face z = 6), 2.5.
TYPED_TEST(JoltGjk3, exactRotations) {
  using T = TypeParam;
  const T h = T(0.5);
  Matrix3<T> r = quaternionMatrix<T>(h, h, h, h);
  EXPECT_EQ(r.row[0].z, T(1));
  EXPECT_EQ(r.row[1].x, T(1));
  EXPECT_EQ(r.row[2].y, T(1));

  auto in = input<T>(cube<T>(-1, 1), box<T>(2, h, h), {0, 0, 0}, {0, 0, 3});
  in.transformB.r = r;
  auto out = query(in);
  EXPECT_EQ(out.distance, T(1.5));
  EXPECT_EQ(out.pointA.z, T(1));
  EXPECT_EQ(out.pointB.z, T(2.5));

  auto both = input<T>(box<T>(2, h, h), cube<T>(-1, 1), {1, 2, 3}, {1, 2, 7});
  both.transformA.r = r;
  both.transformB.r = r;
  auto out2 = query(both);
  EXPECT_EQ(out2.distance, T(2.5));
  EXPECT_EQ(out2.pointA.z, T(3.5));
  EXPECT_EQ(out2.pointB.z, T(6));
}

// A rotation about z by the quaternion (0.6, 0, 0, 0.8) (cos = -0.28, sin = 0.96 in exact arithmetic; 0.6
// and 0.8 round in T, so the matrix is the one quaternionMatrix forms). A is the cube [-1,1]^3 turned so,
// B the point (3,0,0). In A's frame the point is R^T (3,0,0) = 3 row0 = (3 R00, 3 R01, 0), about
// (-0.84, -2.88, 0): nearest the face y = -1, distance -3 R01 - 1 (about 1.88), computed here in long
// double from the matrix the port was given. Judged within 64 u at size 4 (the matrix is orthogonal to
// within a few u, which moves the point by a few u at distance 3).
TYPED_TEST(JoltGjk3, inexactRotationAboutZ) {
  using T = TypeParam;
  Matrix3<T> r = quaternionMatrix<T>(T(0.6), 0, 0, T(0.8));
  auto in = input<T>(cube<T>(-1, 1), polytope<T>({{0, 0, 0}}), {0, 0, 0}, {3, 0, 0});
  in.transformA.r = r;
  auto out = query(in);
  const long double expected = -3.0L * (long double)r.row[0].y - 1.0L;
  const T tol = tolerance<T>(4);
  EXPECT_NEAR(out.distance, (double)expected, tol);
  expectNear(out.pointB, 3, 0, 0, tol);
  // A's point: the local closest point c = (3 R00, -1, 0) taken to the world by R (A sits at the origin).
  const long double cx = 3.0L * (long double)r.row[0].x;
  const T got[3] = {out.pointA.x, out.pointA.y, out.pointA.z};
  for (int i = 0; i < 3; ++i) {
    const long double world = (long double)r.row[i].x * cx - (long double)r.row[i].y;
    EXPECT_NEAR(got[i], (double)world, tol) << i;
  }
}

// within-tolerance: the point (0,0,1 + 2^-15) above the cube [-1,1]^3, 2^-15 (about 3.05e-5) away, less
// than cDefaultCollisionTolerance 1e-4. Pass 1 along B's position: A's first vertex of largest z is
// (-1,-1,1) (i = 4): w = (-1,-1,-2^-15). Pass 2 along (1,1,2^-15): A's (1,1,1), w = (1,1,-2^-15). The segment's
// closest point is (0,0,-2^-15), |v|^2 = 2^-30 <= (1e-4)^2: Jolt calls the shapes colliding, distance 0.
TYPED_TEST(JoltGjk3, withinToleranceReportsZero) {
  using T = TypeParam;
  auto out = query(input<T>(cube<T>(-1, 1), polytope<T>({{0, 0, 0}}), {0, 0, 0}, {0, 0, 1 + std::ldexp(T(1), -15)}));
  EXPECT_EQ(out.termination, Termination::WithinTolerance);
  EXPECT_EQ(out.distance, T(0));
  EXPECT_EQ(out.iterations, 2);
  EXPECT_EQ(out.simplexCount, 2);
}

// machine-precision: the point (0,0,1000.25) above the cube [-1000,1000]^3, 0.25 away. The same two passes
// as above give w = (-1000,-1000,-0.25) and (1000,1000,-0.25) and v = (0,0,-0.25): |v|^2 = 0.0625 is above
// the tolerance's 1e-8 but not above FLT_EPSILON max|y|^2 = 2^-23 (2e6 + 0.0625), about 0.238: Jolt calls
// the shapes colliding, distance 0, although they are 0.25 apart (exact: all values are dyadic and small).
TYPED_TEST(JoltGjk3, machinePrecisionReportsZero) {
  using T = TypeParam;
  auto out = query(input<T>(cube<T>(-1000, 1000), polytope<T>({{0, 0, 0}}), {0, 0, 0}, {0, 0, T(1000.25)}));
  EXPECT_EQ(out.termination, Termination::MachinePrecision);
  EXPECT_EQ(out.distance, T(0));
  EXPECT_EQ(out.iterations, 2);
  EXPECT_EQ(out.simplexCount, 2);
}

// converged: A the origin, B the segment P0 = (1,0,0), P1 = (1 - s, 1, 0) (B at (1, 0.5, 0), local vertices
// (0,-0.5,0) and (-s,0.5,0)). Pass 1 along B's position (1,0.5,0): B's support minimises q.(1,0.5,0): P0 (1
// against 1.5 - s): v = -P0, |v|^2 = 1. Pass 2 along P0: B's smallest x is P1: the segment -P0, -P1; its
// closest point has |v|^2 = 1/(1 + s^2) in exact arithmetic. With s = 2^-12 the drop is about 2^-24 <=
// FLT_EPSILON * 1 = 2^-23: converged after 2 support calls, the segment kept. In float: |ab|^2 = 1 + 2^-24
// rounds to 1, v = (-(1 - 2^-24), -2^-12, 0) exactly, |v|^2 = (1 - 2^-23) + 2^-24 = 1 - 2^-24 exactly. In
// double |v|^2 is 1/(1 + 2^-24) rounded, the same drop to first order. With s = 2^-11 the drop is about
// 2^-22 > 2^-23: a third pass finds no closer point. (Bits checked against Jolt's own headers: see
// docs/strategies.md.)
TYPED_TEST(JoltGjk3, convergedOnATinyDecrease) {
  using T = TypeParam;
  auto segment = [](T s) {
    return polytope<T>({{0, T(-0.5), 0}, {-s, T(0.5), 0}});
  };
  auto out = query(input<T>(polytope<T>({{0, 0, 0}}), segment(std::ldexp(T(1), -12)), {0, 0, 0}, {1, T(0.5), 0}));
  EXPECT_EQ(out.termination, Termination::Converged);
  EXPECT_EQ(out.iterations, 2);
  EXPECT_EQ(out.simplexCount, 2);
  // exact distance 1/sqrt(1 + 2^-24) = 1 - 2^-25 + ...
  EXPECT_NEAR(out.distance, 1.0 / std::sqrt(1.0 + std::ldexp(1.0, -24)), tolerance<T>(2));
  if constexpr (std::is_same_v<T, float>) {
    EXPECT_EQ(out.pointB.x, 1 - std::ldexp(1.0f, -24));  // (1 - s) P0 + s P1 = (1 - s^2, s, 0), exact
    EXPECT_EQ(out.pointB.y, std::ldexp(1.0f, -12));
  }

  auto further = query(input<T>(polytope<T>({{0, 0, 0}}), segment(std::ldexp(T(1), -11)), {0, 0, 0}, {1, T(0.5), 0}));
  EXPECT_EQ(further.termination, Termination::NoCloserPoint);
  EXPECT_EQ(further.iterations, 3);
}

// no-closer-point that undoes the new point: with s = 2^-13 in float the segment's |v|^2 (exactly
// 1/(1 + 2^-26)) rounds to 1, not below the previous 1: the second point is dropped and the answer is P0's.
TEST(JoltGjk, noCloserPointDropsTheNewPoint) {
  auto out = query(input<float>(polytope<float>({{0, 0, 0}}), polytope<float>({{0, -0.5f, 0}, {-std::ldexp(1.0f, -13), 0.5f, 0}}),
                                {0, 0, 0}, {1, 0.5f, 0}));
  EXPECT_EQ(out.termination, Termination::NoCloserPoint);
  EXPECT_EQ(out.iterations, 2);
  EXPECT_EQ(out.simplexCount, 1);
  EXPECT_EQ(out.distance, 1.0f);
  EXPECT_EQ(out.pointB.x, 1.0f);
  EXPECT_EQ(out.pointB.y, 0.0f);
}

// beyond-max-distance: the port passes inMaxDistSq = FLT_MAX, so the early out needs (v.w)^2 > |v|^2 FLT_MAX.
// A = the point (-1e20,0,0), B = the origin, both placed at the origin: B's position is zero, so the axis is
// (1,0,0), |v|^2 = 1; w = (-1e20,0,0), v.w = -1e20 < 0 and (v.w)^2 = 1e40 (inf in float) > FLT_MAX. Jolt
// returns FLT_MAX ("further than inMaxDistSq"); the port an infinite distance after 1 support call.
TYPED_TEST(JoltGjk3, beyondMaxDistanceNeedsHugeCoordinates) {
  using T = TypeParam;
  auto out = query(input<T>(polytope<T>({{T(-1e20), 0, 0}}), polytope<T>({{0, 0, 0}}), {0, 0, 0}, {0, 0, 0}));
  EXPECT_EQ(out.termination, Termination::BeyondMaxDistance);
  EXPECT_EQ(out.distance, std::numeric_limits<T>::infinity());
  EXPECT_EQ(out.iterations, 1);
  EXPECT_EQ(out.simplexCount, 0);
  EXPECT_EQ(out.pointA.x, T(-1e20));
}

// iteration-cap: Jolt's loop has no cap; the port's safety cap (1024 support calls) stops a query that runs
// on. With the cap set to 1 the face-face query of unitCubesOneApartFaceFace (B moved to (2,0.5,0.25), 4 calls
// uncapped) stops after its first support call with that call's vertex pair.
TYPED_TEST(JoltGjk3, iterationCap) {
  using T = TypeParam;
  auto in = input<T>(cube<T>(0, 1), cube<T>(0, 1), {0, 0, 0}, {2, T(0.5), T(0.25)});
  auto full = query(in);
  EXPECT_GT(full.iterations, 1);
  EXPECT_NE(full.termination, Termination::IterationCap);
  EXPECT_EQ(full.distance, T(1));

  DistanceOutput3<T> capped;
  JoltGjk::distanceCapped(in, &capped, 1);
  EXPECT_EQ(capped.termination, Termination::IterationCap);
  EXPECT_EQ(capped.iterations, 1);
  EXPECT_EQ(capped.simplexCount, 1);
  EXPECT_EQ(JoltGjkConstants<T>::MAX_SUPPORT_CALLS, 1024);
}

TEST(JoltGjk, stopRuleNames) {
  EXPECT_STREQ(terminationName(Termination::WithinTolerance), "within-tolerance");
  EXPECT_STREQ(terminationName(Termination::MachinePrecision), "machine-precision");
  EXPECT_STREQ(terminationName(Termination::Converged), "converged");
  EXPECT_STREQ(terminationName(Termination::NoCloserPoint), "no-closer-point");
  EXPECT_STREQ(terminationName(Termination::BeyondMaxDistance), "beyond-max-distance");
}

TEST(JoltGjk, constantsAreJoltsFloats) {
  using K = JoltGjkConstants<float>;
  EXPECT_EQ(K::COLLISION_TOLERANCE, 1.0e-4f);
  EXPECT_EQ(K::FLT_EPS, FLT_EPSILON);
  EXPECT_EQ(K::FLT_EPS_SQ, std::ldexp(1.0f, -46));
  EXPECT_EQ(K::TRIANGLE_DEGENERATE, 1.0e-10f);
  EXPECT_EQ(K::BARYCENTRIC_DEGENERATE, 1.0e-12f);
  EXPECT_EQ(JoltGjkConstants<double>::COLLISION_TOLERANCE, double(1.0e-4f));  // widened, not 1e-4
}

// Jolt's Vec3::Dot is _mm_dp_ps: (x x' + y y') + (z z' + 0), which never gives -0; the core's dot gives -0
// for (-0,-0,-0).(1,1,1). Unary minus is 0 - v: +0 for +0 and for -0.
TEST(JoltGjk, sseDotAndMinusGiveNoNegativeZero) {
  const Vec3<float> negZero{-0.0f, -0.0f, -0.0f};
  const Vec3<float> ones{1, 1, 1};
  EXPECT_TRUE(std::signbit(dot(negZero, ones)));
  EXPECT_FALSE(std::signbit(jolt_detail::joltDot(negZero, ones)));
  Vec3<float> n = jolt_detail::neg(Vec3<float>{0.0f, -0.0f, 2.0f});
  EXPECT_FALSE(std::signbit(n.x));
  EXPECT_FALSE(std::signbit(n.y));
  EXPECT_EQ(n.z, -2.0f);
}

// HullNoConvex::GetSupport: strict >, so the first of equal dot products wins; the best dot starts at
// -FLT_MAX and the point at zero, so a vertex whose dot product rounds to -inf is never taken.
TEST(JoltGjk, hullSupportTieAndFloor) {
  auto tie = polytope<float>({{1, 0, 0}, {1, 1, 0}, {1, -1, 0}});
  Vec3<float> s = jolt_detail::hullSupport(tie, Vec3<float>{1, 0, 0});
  EXPECT_EQ(s.y, 0.0f);
  auto far = polytope<float>({{-3e38f, 0, 0}});
  Vec3<float> floor = jolt_detail::hullSupport(far, Vec3<float>{2, 0, 0});  // -6e38 rounds to -inf
  EXPECT_EQ(floor.x, 0.0f);
}

// The tetrahedron test reads the sign bits of the fourth point's side: for four coplanar points every side
// is a zero, +0 from the dot products and -0 from the negated fourth (-(+0)), so the signs are "mixed" and
// the origin is taken to be outside every face; the closest point is then found on the faces.
TEST(JoltGjk, flatTetrahedronIsOutsideEveryFace) {
  bool outside[4];
  jolt_detail::originOutsideOfTetrahedronPlanes<float>({-1, -1, 0}, {1, -1, 0}, {0, 1, 0}, {0, 0, 0}, outside);
  for (bool o : outside) EXPECT_TRUE(o);
}

// Ericson's regions with the origin inside a tetrahedron: the whole set 0b1111 and the point 0.
TEST(JoltGjk, tetrahedronAroundTheOrigin) {
  std::uint32_t set = 0;
  Vec3<float> v = jolt_detail::closestPointOnTetrahedron<true, float>({-1, -1, -1}, {1, -1, -1}, {0, 1, -1},
                                                                      {0, 0, 1}, set);
  EXPECT_EQ(set, 0xfu);
  EXPECT_EQ(v.x, 0.0f);
  EXPECT_EQ(v.y, 0.0f);
  EXPECT_EQ(v.z, 0.0f);
}

}  // namespace
