// Strategy `vdb3` (core/strategies/vdb3.h): SOLID 3.5.8's GJK distance in 3D, dtecta/solid3 ec3e2186
// src/convex/DT_Convex.cpp closest_points :394-473, src/convex/DT_GJK.h (FAST_CLOSEST, UNROLL_LOOPS; no
// JOHNSON_ROBUST, no USE_BACKUP_PROCEDURE), src/convex/DT_Accuracy.cpp.
//
// Hand-worked cases (float and double): shapes whose support points, cofactors and answers are exact small
// dyadic numbers, so the answer is asserted bit for bit unless a comment says otherwise. Then every stop rule
// at least once (float): planar cases lifted from the 2D port's tests (z = 0: every 3D dot product adds
// +0 * 0 to the 2D one, so the same bits; the derivations are in tests/core/vdb_test.cpp and
// vdb_stop_rule_boundaries_test.cpp), and genuinely 3D ones on the tetrahedron. The rounding-driven 3D cases
// were found by a scratch sweep of random pairs of 4-vertex polytopes (not committed) and reduced to a point
// at the origin against the Minkowski points the run visited, in the order visited: the first support
// (along v = 0, every vertex ties) is B's vertex 0, and every later one is the same vertex as in the full
// run, so the run, its stop and its bits are the same. Last, SOLID's loop in its own A - B frame against the
// port's B - A frame on random polytopes: the same bits.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <random>

#include "core/strategies/vdb3.h"

namespace {

using namespace gjk;

template <class T>
Polytope<T> polytopeOf(std::initializer_list<Vec3<T>> points, T radius = 0) {
  Polytope<T> p;
  for (Vec3<T> v : points) p.vertices[p.count++] = v;
  p.radius = radius;
  return p;
}

template <class T>
Polytope<T> boxOf(T hx, T hy, T hz) {
  return polytopeOf<T>({{-hx, -hy, -hz},
                        {hx, -hy, -hz},
                        {hx, hy, -hz},
                        {-hx, hy, -hz},
                        {-hx, -hy, hz},
                        {hx, -hy, hz},
                        {hx, hy, hz},
                        {-hx, hy, hz}});
}

// A at the identity, B at positionB with rotation rotationB (identity by default).
template <class T>
DistanceOutput3<T> run3(const Polytope<T>& a, const Polytope<T>& b, Vec3<T> positionB,
                        Matrix3<T> rotationB = Matrix3<T>{}, bool useRadii = true) {
  DistanceInput3<T> input;
  input.proxyA = a;
  input.proxyB = b;
  input.transformB.p = positionB;
  input.transformB.r = rotationB;
  input.useRadii = useRadii;
  DistanceOutput3<T> output;
  Vdb3::distance(input, &output);
  return output;
}

// A the single point at the origin against the points of B: B - A is B's points exactly.
template <class T>
DistanceOutput3<T> originAgainst(std::initializer_list<Vec3<T>> b) {
  return run3<T>(polytopeOf<T>({{0, 0, 0}}), polytopeOf<T>(b), {0, 0, 0});
}

template <class T>
class Vdb3Exact : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Vdb3Exact, Scalars);

// ---------------------------------------------------------------------------------------------------------
// Johnson's sub-algorithm on the tetrahedron (DT_GJK.h compute_det :407-548). Every point is added with W
// set to all points so far, so every subset's cofactors are computed.
template <class T>
vdb3::JohnsonSimplex<T> simplexOf(std::initializer_list<Vec3<T>> points) {
  vdb3::JohnsonSimplex<T> s;
  for (Vec3<T> p : points) {
    vdb3::SupportPoint<T> w;
    w.w = p;
    s.addVertex(w);
    s.bits = s.allBits;
  }
  return s;
}

// y = (1,0,0), (0,1,0), (0,0,1), (-1,-1,-1): the origin is their centroid, barycentric 1/4 each. The
// cofactors of a tetrahedron are lambda_i Delta(Y) with Delta(Y) = det(y1 - y0, y2 - y0, y3 - y0)^2 =
// (-4)^2 = 16 (Johnson's matrix [1 ... 1; (y_k - y_0).y_i] is [1 0; 0 E^T] [1 ... 1; Y], determinant
// det(E)^2): each is 4, all integers, exact. closest() with the last point finds the whole tetrahedron
// valid and v = sum 4 y_i / 16 = 0 exactly.
TYPED_TEST(Vdb3Exact, tetrahedronCofactorsAreTheBarycentricsTimesTheSquaredSixfoldVolume) {
  using T = TypeParam;
  vdb3::JohnsonSimplex<T> s = simplexOf<T>({{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {-1, -1, -1}});
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(s.det[0xf][i], T(4)) << i;
  }
  EXPECT_FALSE(s.isAffinelyDependent());
  s.bits = 0x7;  // W before the last point
  Vec3<T> v{T(1), T(1), T(1)};
  ASSERT_TRUE(s.closest(&v));
  EXPECT_EQ(s.bits, 0xfu);
  EXPECT_TRUE(s.fullSimplex());
  EXPECT_EQ(v, (Vec3<T>{0, 0, 0}));
}

// A fourth point in the plane x + y + z = 1 of the first three: Delta(Y) = 0 exactly (integer cofactors),
// so the set is affinely dependent.
TYPED_TEST(Vdb3Exact, coplanarFourthPointIsAffinelyDependent) {
  using T = TypeParam;
  vdb3::JohnsonSimplex<T> s = simplexOf<T>({{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, -1}});
  EXPECT_EQ(s.det[0xf][0] + s.det[0xf][1] + s.det[0xf][2] + s.det[0xf][3], T(0));
  EXPECT_TRUE(s.isAffinelyDependent());
}

// ---------------------------------------------------------------------------------------------------------
// Geometric cases with exact answers.

// Two unit cubes (half side 1/2), B's centre at (2, 0, 0): faces x = 1/2 and x = 3/2, distance 1. The
// witness points are a closest pair on the two faces: pB - pA = (1, 0, 0) exactly, pA on A's face.
TYPED_TEST(Vdb3Exact, unitCubesOneApartFaceToFace) {
  using T = TypeParam;
  for (Vec3<T> offset : {Vec3<T>{2, 0, 0}, Vec3<T>{2, T(0.25), T(-0.125)}}) {
    DistanceOutput3<T> out = run3<T>(boxOf<T>(0.5, 0.5, 0.5), boxOf<T>(0.5, 0.5, 0.5), offset);
    EXPECT_EQ(out.distance, T(1));
    EXPECT_EQ(out.pointA.x, T(0.5));
    EXPECT_EQ(out.pointB - out.pointA, (Vec3<T>{1, 0, 0}));
    EXPECT_LE(std::fabs(out.pointA.y), T(0.5));
    EXPECT_LE(std::fabs(out.pointA.z), T(0.5));
    EXPECT_LE(std::fabs(out.pointB.y - offset.y), T(0.5));
    EXPECT_LE(std::fabs(out.pointB.z - offset.z), T(0.5));
    EXPECT_NE(out.termination, Termination::IterationCap);
  }
}

// Crossed edges: A's top edge (-1,0,0)-(1,0,0) (its other vertices at z = -1), B's bottom edge (0,-1,1)-
// (0,1,1) (its other vertices at z = 2). The closest points are unique: (0,0,0) and (0,0,1), distance 1.
// The same for the two bare segments.
TYPED_TEST(Vdb3Exact, crossedEdges) {
  using T = TypeParam;
  DistanceOutput3<T> out = run3<T>(polytopeOf<T>({{-1, 0, 0}, {1, 0, 0}, {0, 1, -1}, {0, -1, -1}}),
                                   polytopeOf<T>({{0, -1, 1}, {0, 1, 1}, {1, 0, 2}, {-1, 0, 2}}), {0, 0, 0});
  EXPECT_EQ(out.distance, T(1));
  EXPECT_EQ(out.pointA, (Vec3<T>{0, 0, 0}));
  EXPECT_EQ(out.pointB, (Vec3<T>{0, 0, 1}));
  EXPECT_EQ(out.simplexCount, 2);

  DistanceOutput3<T> segments =
      run3<T>(polytopeOf<T>({{-1, 0, 0}, {1, 0, 0}}), polytopeOf<T>({{0, -1, 1}, {0, 1, 1}}), {0, 0, 0});
  EXPECT_EQ(segments.distance, T(1));
  EXPECT_EQ(segments.pointA, (Vec3<T>{0, 0, 0}));
  EXPECT_EQ(segments.pointB, (Vec3<T>{0, 0, 1}));
}

// Vertex against face: A a tetrahedron with apex (0,0,0) and base at z = -2; B the box [-2,2]^2 x [1,3].
// Closest: the apex and the point (0,0,1) of B's bottom face, distance 1.
TYPED_TEST(Vdb3Exact, vertexAgainstFace) {
  using T = TypeParam;
  DistanceOutput3<T> out = run3<T>(polytopeOf<T>({{0, 0, 0}, {-1, -1, -2}, {1, -1, -2}, {0, 1, -2}}),
                                   boxOf<T>(2, 2, 1), {0, 0, 2});
  EXPECT_EQ(out.distance, T(1));
  EXPECT_EQ(out.pointA, (Vec3<T>{0, 0, 0}));
  EXPECT_EQ(out.pointB, (Vec3<T>{0, 0, 1}));
}

// Touching: the cubes share the face x = 1/2. The origin is on the Minkowski boundary; v reaches it
// exactly and |v|^2 = 0 <= TOL_ERROR max|y|^2: absolute-gap, distance 0, one point (the radius step merges
// the points when the core distance 0 is not above rA + rB = 0).
TYPED_TEST(Vdb3Exact, touchingCubesStopOnTheAbsoluteRule) {
  using T = TypeParam;
  for (Vec3<T> offset : {Vec3<T>{1, 0, 0}, Vec3<T>{1, T(0.25), T(0.125)}}) {
    DistanceOutput3<T> out = run3<T>(boxOf<T>(0.5, 0.5, 0.5), boxOf<T>(0.5, 0.5, 0.5), offset);
    EXPECT_EQ(out.termination, Termination::AbsoluteGap);
    EXPECT_EQ(out.distance, T(0));
    EXPECT_EQ(out.pointA, out.pointB);
    EXPECT_EQ(out.pointA.x, T(0.5));
  }
}

// Overlap. A point at the origin against the tetrahedron of the Johnson test above: the run ends on the
// full tetrahedron (containment, 4 support calls), v = 0 exactly (integer cofactors), distance 0. Two
// overlapping cubes also end on containment; their residue v happens to be exactly 0 too (observed, in both
// scalars; in general it is not: Vdb3StopRules.containmentReportsTheTetrahedronsRoundingResidue).
TYPED_TEST(Vdb3Exact, overlapEndsOnTheFullTetrahedron) {
  using T = TypeParam;
  DistanceOutput3<T> out = originAgainst<T>({{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {-1, -1, -1}});
  EXPECT_EQ(out.termination, Termination::Containment);
  EXPECT_EQ(out.iterations, 4);
  EXPECT_EQ(out.simplexCount, 4);
  EXPECT_EQ(out.distance, T(0));
  EXPECT_EQ(out.pointA, out.pointB);

  DistanceOutput3<T> cubes = run3<T>(boxOf<T>(0.5, 0.5, 0.5), boxOf<T>(0.5, 0.5, 0.5),
                                     {T(0.5), T(0.25), T(0.125)}, Matrix3<T>{}, false);
  EXPECT_EQ(cubes.termination, Termination::Containment);
  EXPECT_EQ(cubes.simplexCount, 4);
  EXPECT_EQ(cubes.distance, T(0));
}

// A point against the tetrahedron (0,0,0) (1,0,0) (0,1,0) (0,0,1), in the Voronoi region of a vertex, an
// edge and two faces, and inside.
TYPED_TEST(Vdb3Exact, pointAgainstTetrahedronInEachRegion) {
  using T = TypeParam;
  const Polytope<T> tet = polytopeOf<T>({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
  auto pointAt = [&tet](Vec3<T> p) { return run3<T>(polytopeOf<T>({p}), tet, {0, 0, 0}); };

  DistanceOutput3<T> vertex = pointAt({-1, -1, -1});  // closest: (0,0,0), |v|^2 = 3
  EXPECT_EQ(vertex.pointB, (Vec3<T>{0, 0, 0}));
  EXPECT_EQ(vertex.distance, std::sqrt(T(3)));
  EXPECT_EQ(vertex.simplexCount, 1);

  DistanceOutput3<T> edge = pointAt({T(0.5), -1, -1});  // closest: (1/2,0,0) on edge x, v = (0,1,1)
  EXPECT_EQ(edge.pointB, (Vec3<T>{T(0.5), 0, 0}));
  EXPECT_EQ(edge.distance, std::sqrt(T(2)));
  EXPECT_EQ(edge.simplexCount, 2);

  DistanceOutput3<T> face = pointAt({T(0.25), T(0.25), -1});  // closest: (1/4,1/4,0) on face z = 0
  EXPECT_EQ(face.pointB, (Vec3<T>{T(0.25), T(0.25), 0}));
  EXPECT_EQ(face.distance, T(1));
  EXPECT_EQ(face.simplexCount, 3);

  // The slanted face x + y + z = 1 from (1,1,1): closest (1/3,1/3,1/3), distance 2/sqrt(3). The cofactors
  // are integers (exact) and sum to 3, so v = (integer sums) * fl(1/3): one rounding of 1/3 and one of the
  // product per coordinate, then |v|^2 (five roundings) and the square root (one): within 4 eps relative.
  DistanceOutput3<T> slanted = pointAt({1, 1, 1});
  const T eps = std::numeric_limits<T>::epsilon();
  const double third = 1.0 / 3.0;
  EXPECT_EQ(slanted.simplexCount, 3);
  EXPECT_NEAR(double(slanted.distance), 2.0 / std::sqrt(3.0), 4 * eps * 2.0 / std::sqrt(3.0));
  EXPECT_NEAR(double(slanted.pointB.x), third, 4 * eps * third);
  EXPECT_NEAR(double(slanted.pointB.y), third, 4 * eps * third);
  EXPECT_NEAR(double(slanted.pointB.z), third, 4 * eps * third);

  DistanceOutput3<T> inside = pointAt({T(0.125), T(0.25), T(0.0625)});
  EXPECT_EQ(inside.termination, Termination::Containment);
  EXPECT_EQ(inside.distance, T(0));
}

// Radii: spheres (one vertex and a radius) and a capsule (two vertices); margins applied along v after the
// loop (pA += v rA/|v|, pB -= v rB/|v|), or both points at their midpoint when the rounded shapes overlap.
TYPED_TEST(Vdb3Exact, spheresAndCapsulesThroughTheRadii) {
  using T = TypeParam;
  DistanceOutput3<T> spheres =
      run3<T>(polytopeOf<T>({{0, 0, 0}}, 1), polytopeOf<T>({{0, 0, 0}}, T(0.5)), {3, 0, 0});
  EXPECT_EQ(spheres.distance, T(1.5));  // 3 - 1 - 1/2
  EXPECT_EQ(spheres.pointA, (Vec3<T>{1, 0, 0}));
  EXPECT_EQ(spheres.pointB, (Vec3<T>{T(2.5), 0, 0}));

  DistanceOutput3<T> overlapping =
      run3<T>(polytopeOf<T>({{0, 0, 0}}, 1), polytopeOf<T>({{0, 0, 0}}, T(0.5)), {1, 0, 0});
  EXPECT_EQ(overlapping.distance, T(0));
  EXPECT_EQ(overlapping.pointA, (Vec3<T>{T(0.5), 0, 0}));  // midpoint of the centres
  EXPECT_EQ(overlapping.pointB, overlapping.pointA);

  // Capsule: core segment (-1,0,0)-(1,0,0), radius 1/4; sphere of radius 1/2 at (1/2, 0, 2). Core closest
  // points (1/2,0,0) and (1/2,0,2), core distance 2: distance 2 - 3/4.
  DistanceOutput3<T> capsule = run3<T>(polytopeOf<T>({{-1, 0, 0}, {1, 0, 0}}, T(0.25)),
                                       polytopeOf<T>({{0, 0, 0}}, T(0.5)), {T(0.5), 0, 2});
  EXPECT_EQ(capsule.distance, T(1.25));
  EXPECT_EQ(capsule.pointA, (Vec3<T>{T(0.5), 0, T(0.25)}));
  EXPECT_EQ(capsule.pointB, (Vec3<T>{T(0.5), 0, T(1.5)}));

  // useRadii = false: the cores.
  DistanceOutput3<T> cores = run3<T>(polytopeOf<T>({{0, 0, 0}}, 1), polytopeOf<T>({{0, 0, 0}}, T(0.5)),
                                     {3, 0, 0}, Matrix3<T>{}, false);
  EXPECT_EQ(cores.distance, T(3));
}

// A rotated shape. The quaternion (1/2, 1/2, 1/2, 1/2) (exact) is the turn by 120 degrees about (1,1,1):
// its matrix (core/transform3.h) is the exact permutation rows (0,0,1), (1,0,0), (0,1,0), world = (z, x, y).
// B, the box of half sides (1, 2, 3), then has world half sides (3, 1, 2); at (5, 0, 0) its face is at
// x = 2 and the distance to the unit cube A is 2 - 1/2 = 3/2 (unrotated: 4 - 1/2).
TYPED_TEST(Vdb3Exact, rotatedBoxByAnExactQuaternion) {
  using T = TypeParam;
  const Matrix3<T> turn = quaternionMatrix<T>(0.5, 0.5, 0.5, 0.5);
  ASSERT_EQ(turn.row[0], (Vec3<T>{0, 0, 1}));
  ASSERT_EQ(turn.row[1], (Vec3<T>{1, 0, 0}));
  ASSERT_EQ(turn.row[2], (Vec3<T>{0, 1, 0}));
  DistanceOutput3<T> rotated = run3<T>(boxOf<T>(0.5, 0.5, 0.5), boxOf<T>(1, 2, 3), {5, 0, 0}, turn);
  EXPECT_EQ(rotated.distance, T(1.5));
  EXPECT_EQ(rotated.pointA.x, T(0.5));
  EXPECT_EQ(rotated.pointB.x, T(2));
  DistanceOutput3<T> unrotated = run3<T>(boxOf<T>(0.5, 0.5, 0.5), boxOf<T>(1, 2, 3), {5, 0, 0});
  EXPECT_EQ(unrotated.distance, T(3.5));

  // (0, 0, 0, 1): half a turn about z, matrix diag(-1, -1, 1). B's triangle (1,1/2,0) (2,1/2,0) (2,3,0)
  // lands at (-1,-1/2,0) (-2,-1/2,0) (-2,-3,0); the nearest point to A = the origin is (-1,-1/2,0).
  DistanceOutput3<T> half =
      run3<T>(polytopeOf<T>({{0, 0, 0}}), polytopeOf<T>({{1, T(0.5), 0}, {2, T(0.5), 0}, {2, 3, 0}}),
              {0, 0, 0}, quaternionMatrix<T>(0, 0, 0, 1));
  EXPECT_EQ(half.pointB, (Vec3<T>{-1, T(-0.5), 0}));
  EXPECT_EQ(half.distance, std::sqrt(T(1.25)));
}

// Support points: Polytope::support, the first vertex on ties. A duplicate of B's first vertex changes
// nothing; the answer is the same for any order of the points.
TYPED_TEST(Vdb3Exact, duplicateAndInteriorPointsChangeNothing) {
  using T = TypeParam;
  Polytope<T> cube = boxOf<T>(0.5, 0.5, 0.5);
  Polytope<T> padded = cube;
  padded.vertices[padded.count++] = {0, 0, 0};             // interior
  padded.vertices[padded.count++] = cube.vertices[6];      // duplicate
  padded.vertices[padded.count++] = {T(0.5), 0, T(0.25)};  // on a face
  DistanceOutput3<T> plain = run3<T>(cube, cube, {3, T(0.25), 0});
  DistanceOutput3<T> out = run3<T>(padded, padded, {3, T(0.25), 0});
  EXPECT_EQ(plain.distance, T(2));
  EXPECT_EQ(out.distance, T(2));
}

// ---------------------------------------------------------------------------------------------------------
// Stop rules, float.

DistanceOutput3<float> originAgainstF(std::initializer_list<Vec3<float>> b) {
  return originAgainst<float>(b);
}

// support-in-simplex (DT_Convex.cpp:419 `gjk.inSimplex(w)`): the cubes face to face: the third support
// along -v is a vertex already in W.
TEST(Vdb3StopRules, supportInSimplex) {
  DistanceOutput3<float> out =
      run3<float>(boxOf<float>(0.5f, 0.5f, 0.5f), boxOf<float>(0.5f, 0.5f, 0.5f), {2, 0, 0});
  EXPECT_EQ(out.termination, Termination::SupportInSimplex);
  EXPECT_EQ(out.iterations, 3);
}

// relative-gap (:419 `dist2 - delta <= dist2 * rel_error2`, rel_error2 = fl(1e-3f * 1e-3f)), the 2D port's
// boundary lifted to z = 0: b0 = (1,1,0), v = b0, dist2 = 2; b1 = (1, 1 - g, 0): dist2 - delta = g exactly;
// g = 32 2^-24 <= 2 rel_error2 (33.55 2^-24) stops, g = 34 2^-24 does not.
TEST(Vdb3StopRules, relativeGapOnEitherSideOfRelError2) {
  DistanceOutput3<float> below = originAgainstF({{1, 1, 0}, {1, 1 - 32 * 0x1p-24f, 0}});
  EXPECT_EQ(below.termination, Termination::RelativeGap);
  EXPECT_EQ(below.iterations, 2);
  DistanceOutput3<float> above = originAgainstF({{1, 1, 0}, {1, 1 - 34 * 0x1p-24f, 0}});
  EXPECT_NE(above.termination, Termination::RelativeGap);
  EXPECT_GT(above.iterations, 2);

  DistanceOutput3<float> cubes =
      run3<float>(boxOf<float>(0.5f, 0.5f, 0.5f), boxOf<float>(0.5f, 0.5f, 0.5f), {2, 0.25f, -0.125f});
  EXPECT_EQ(cubes.termination, Termination::RelativeGap);
}

// absolute-gap (:463 `dist2 > tol_error * maxVertex()`, tol_error = FLT_EPSILON), the 2D boundary lifted:
// B the segment (-1,h,0) (1,h,0), v = (0,h,0), dist2 = fl(h h), maxVertex = fl(1 + h h); at h =
// 0x1.6a09e8p-12 they are equal (stop), one float above the loop goes on to support-in-simplex.
TEST(Vdb3StopRules, absoluteGapOnItsBoundaryAndOneFloatAbove) {
  const float at = 0x1.6a09e8p-12f;
  DistanceOutput3<float> on = originAgainstF({{-1, at, 0}, {1, at, 0}});
  EXPECT_EQ(on.termination, Termination::AbsoluteGap);
  EXPECT_EQ(on.distance, at);
  const float above = 0x1.6a09eap-12f;
  DistanceOutput3<float> beyond = originAgainstF({{-1, above, 0}, {1, above, 0}});
  EXPECT_EQ(beyond.termination, Termination::SupportInSimplex);
  EXPECT_EQ(beyond.distance, above);
}

// no-decrease (SAFE_EXIT, :448-461, then backup_closest), the 2D boundary lifted: B = {(a,-b,0), (a,c,0)},
// b = 1.5 2^-12, c = 1 - b; a = 1: prev - dist2 = 2^-23 < FLT_EPSILON prev; a = 1 - 2^-24: exactly on
// FLT_EPSILON prev (stops); a = 1 - 2^-23: just above (goes on to support-in-simplex).
TEST(Vdb3StopRules, noDecreaseLiftedFromThePlane) {
  const float b = 0x1.8p-12f;
  const float c = 1 - b;
  auto run = [b, c](float a) { return originAgainstF({{a, -b, 0}, {a, c, 0}}); };
  DistanceOutput3<float> less = run(1.0f);
  EXPECT_EQ(less.termination, Termination::NoDecrease);
  EXPECT_EQ(less.distance, 1.0f);
  DistanceOutput3<float> on = run(0x1.fffffep-1f);
  EXPECT_EQ(on.termination, Termination::NoDecrease);
  EXPECT_EQ(on.distance, 0x1.fffffep-1f);
  DistanceOutput3<float> goesOn = run(0x1.fffffcp-1f);
  EXPECT_EQ(goesOn.termination, Termination::SupportInSimplex);
  EXPECT_EQ(goesOn.iterations, 3);
}

// no-decrease in 3D: W a triangle, the new point makes a tetrahedron; closest() returns a triangle whose
// |v|^2 is not below the previous one by more than FLT_EPSILON of it (rounding of the cofactors), so the
// backup procedure runs and the loop stops. The double run of the same points goes on to support-in-simplex
// at 0.0516148949; float's 0x1.a6d446p-5 is within one float ulp of it: here the stop costs nothing.
TEST(Vdb3StopRules, noDecreaseOnATetrahedron) {
  const std::initializer_list<Vec3<float>> points = {
      {0x1.fa707p-1f, 0x1.85ced4p+0f, 0x1.df6fc8p-2f},   {-0x1.d8b748p-1f, -0x1.2b83e4p+0f, 0x1.781ff6p-2f},
      {0x1.a301ccp+0f, 0x1.d4d21p-1f, -0x1.3e05p-5f},    {-0x1.3db128p-2f, 0x1.e505c6p-2f, -0x1.9ff73p-4f},
      {0x1.94cdd2p+0f, -0x1.3bc778p-1f, 0x1.75b9d8p-2f}, {-0x1.76810ep-2f, -0x1.0f0b52p+0f, 0x1.357cacp-2f}};
  DistanceOutput3<float> out = originAgainst<float>(points);
  EXPECT_EQ(out.termination, Termination::NoDecrease);
  EXPECT_EQ(out.iterations, 7);
  EXPECT_EQ(out.simplexCount, 3);
  EXPECT_EQ(out.distance, 0x1.a6d446p-5f);
}

// affinely-dependent (:425-431), lifted from the plane: A = (-2,-3,0) (1,2,0) (2,0,0), B = (-1,-1,0)
// (2,4+e,0): for e = 0 the third support is exactly collinear with W and the integer cofactors sum to 0.
TEST(Vdb3StopRules, affinelyDependentOnACollinearSupport) {
  auto run = [](float e) {
    return run3<float>(polytopeOf<float>({{-2, -3, 0}, {1, 2, 0}, {2, 0, 0}}),
                       polytopeOf<float>({{-1, -1, 0}, {2, 4 + e, 0}}), {0, 0, 0});
  };
  DistanceOutput3<float> on = run(0);
  EXPECT_EQ(on.termination, Termination::AffinelyDependent);
  EXPECT_EQ(on.iterations, 3);
  DistanceOutput3<float> off = run(-0x1p-8f);
  EXPECT_EQ(off.termination, Termination::SupportInSimplex);
}

// affinely-dependent in 3D: W a triangle, the new support makes a thin tetrahedron whose float cofactors
// sum to <= 0 (its exact Delta(Y), the squared sixfold volume, is positive but below their rounding). The
// loop stops with the previous v, 0x1.e14d8p-4; the double run of the same points sees a proper tetrahedron,
// goes on and stops by the relative rule at 0.117505539, 1.5 float ulps below: the triangle's v was already
// that close (unlike the 2D port's collinear case, where the stop costs 7e-5).
TEST(Vdb3StopRules, affinelyDependentOnAThinTetrahedron) {
  const std::initializer_list<Vec3<float>> points = {
      {-0x1.453bb8p-4f, -0x1.2fbef8p-2f, 0x1.9c781p-3f}, {0x1.1b7874p+0f, -0x1.eead5ap-2f, -0x1.7d9fcp+0f},
      {0x1.d407acp-1f, 0x1.6cbf42p-2f, -0x1.1eecep-4f},  {-0x1.72837p-1f, -0x1.27b8a8p-2f, 0x1.fe8cacp-2f},
      {0x1.0aec8p-1f, 0x1.c838f4p-3f, 0x1.f1682p-5f},    {-0x1.19fc2p-3f, -0x1.fd413ep-1f, -0x1.0d87d8p+0f}};
  DistanceOutput3<float> out = originAgainst<float>(points);
  EXPECT_EQ(out.termination, Termination::AffinelyDependent);
  EXPECT_EQ(out.iterations, 6);
  EXPECT_EQ(out.simplexCount, 3);
  EXPECT_EQ(out.distance, 0x1.e14d8p-4f);

  DistanceInput3<double> inDouble;
  inDouble.proxyA.count = 1;
  for (Vec3<float> p : points) inDouble.proxyB.vertices[inDouble.proxyB.count++] = {p.x, p.y, p.z};
  DistanceOutput3<double> outDouble;
  Vdb3::distance(inDouble, &outDouble);
  EXPECT_EQ(outDouble.termination, Termination::RelativeGap);
  EXPECT_NEAR(double(out.distance), outDouble.distance,
              2 * 0x1p-27);  // 2 float ulps at 0.1175 (observed 1.5)
}

// no-valid-subset (:440-446; closest() without USE_BACKUP_PROCEDURE), lifted from the plane: A = (1,0,0)
// (-8,-2,0), B = (0,0,0) (2^-18,0,0); the third support's triangle has cofactors that round so that no subset
// is valid (derivation: vdb_stop_rule_boundaries_test.cpp). W and v stay the segment's.
TEST(Vdb3StopRules, noValidSubsetLiftedFromThePlane) {
  const float t = 0x1p-18f;
  DistanceOutput3<float> out = run3<float>(polytopeOf<float>({{1, 0, 0}, {-8, -2, 0}}),
                                           polytopeOf<float>({{0, 0, 0}, {t, 0, 0}}), {0, 0, 0});
  EXPECT_EQ(out.termination, Termination::NoValidSubset);
  EXPECT_EQ(out.iterations, 3);
  EXPECT_EQ(out.simplexCount, 2);
  const double kept = 2.0 / std::sqrt((9.0 + t) * (9.0 + t) + 4.0);
  EXPECT_NEAR(out.distance, kept, 2 * FLT_EPSILON * kept);  // |v| of the kept segment, a few roundings
}

// no-valid-subset in 3D: W a triangle, the new support makes a tetrahedron none of whose subsets with the
// new point passes valid() after rounding; W and v stay the triangle's (0x1.25e066p-2 = 0.2869888). The
// double run goes on and stops on the relative rule at 0.286988851, within one float ulp of it.
TEST(Vdb3StopRules, noValidSubsetOnATetrahedron) {
  const std::initializer_list<Vec3<float>> points = {
      {-0x1.4af31p-1f, -0x1.27d9dap-1f, 0x1.642eap-2f},  {0x1.a199d4p+0f, -0x1.c1055cp-3f, -0x1.702724p-2f},
      {-0x1.b921f8p-1f, 0x1.cd0ac4p-1f, 0x1.8eb23cp+0f}, {-0x1.080932p+0f, -0x1.cc2d64p-1f, 0x1.eca2ap-5f},
      {-0x1.3f20a4p+0f, 0x1.28b73ap-1f, 0x1.450ba8p+0f}, {-0x1.6f2d58p-3f, -0x1.46ccf2p-2f, 0x1.82c53p-3f},
      {0x1.20bdb2p-1f, 0x1.5bdc5cp-1f, 0x1.715272p-1f}};
  DistanceOutput3<float> out = originAgainst<float>(points);
  EXPECT_EQ(out.termination, Termination::NoValidSubset);
  EXPECT_EQ(out.iterations, 7);
  EXPECT_EQ(out.simplexCount, 3);
  EXPECT_EQ(out.distance, 0x1.25e066p-2f);
}

// containment with SOLID's residue. The origin is inside the tetrahedron of the last four points (the double
// run ends on containment with |v| = 1.2e-12), but in float the tetrahedron is thin enough that its four
// cofactors (degree 6 in the coordinates, sum 2.9e-4) are off by up to 0.5% (against the same formulas in
// long double): v = sum Delta_i y_i / sum Delta_i misses the origin by 0.0033. SOLID returns that length
// (DT_C-api.cpp:414 MT_sqrt(dist2)), and so does the port: about 2.8e4 float ulps of the problem's size, with
// the witness points 0.0033 apart. (The 2D port sets v = 0 on its full triangle; see docs/strategies.md.)
TEST(Vdb3StopRules, containmentReportsTheTetrahedronsRoundingResidue) {
  const std::initializer_list<Vec3<float>> points = {{0x1.06073cp-2f, 0x1.5b4d8cp-5f, -0x1.9c0aecp-2f},
                                                     {-0x1.3a4cb4p+0f, 0x1.a3e824p-4f, 0x1.4d18d4p-1f},
                                                     {0x1.a18958p+0f, 0x1.1a2988p-2f, 0x1.ec5de6p-1f},
                                                     {0x1.ea11c2p+0f, -0x1.946384p-3f, -0x1.954d8p-1f},
                                                     {0x1.6844e4p-2f, -0x1.dbd57cp-4f, 0x1.5af07p-3f}};
  DistanceOutput3<float> out = originAgainst<float>(points);
  EXPECT_EQ(out.termination, Termination::Containment);
  EXPECT_EQ(out.iterations, 5);
  EXPECT_EQ(out.simplexCount, 4);
  EXPECT_EQ(out.distance, 0x1.aab36cp-9f);
  EXPECT_NEAR(distance(out.pointA, out.pointB), out.distance, 1e-6f);  // pB - pA = v up to rounding

  DistanceInput3<double> inDouble;
  inDouble.proxyA.count = 1;
  for (Vec3<float> p : points) inDouble.proxyB.vertices[inDouble.proxyB.count++] = {p.x, p.y, p.z};
  DistanceOutput3<double> outDouble;
  Vdb3::distance(inDouble, &outDouble);
  EXPECT_EQ(outDouble.termination, Termination::Containment);
  EXPECT_LT(outDouble.distance, 1e-11);
}

// Scale: the tetrahedron's cofactors are of degree 6 in the coordinates (and Delta_i y_i of degree 7), so in
// float they leave the range early, and SOLID's compute_vector (v * (1 / sum)) and compute_points
// (p *= 1 / sum) turn that into NaN: the faithful port does the same (kept as a reproduction, not fixed).
// The hand tetrahedron of overlapEndsOnTheFullTetrahedron scaled by s (a power of two, so every step before
// the tetrahedron scales exactly and the run is the same: 4 calls, containment):
//   s = 2^-22: each Delta_i(Y) = 4 s^6 = 2^-130 (subnormal, exact), sum 2^-128, 1 / sum = 2^128 = inf; each
//   Delta_i y_i = 2^-152 rounds to 0, so v = 0 * inf = NaN, and so are both points (sum Delta_i p_i is 0 or
//   rounds to 0).
//   s = 2^18: Delta_i(Y) = 2^110, but Delta_i y_i = 2^128 = inf, and the sum over the four points is
//   inf - inf = NaN: v and pB are NaN (pA, from A's point 0, is 0).
// In range: s = 2^-21 (1 / sum = 2^122, Delta_i y_i = 2^-145 still exact) and s = 2^17: v = 0 exactly.
// Without radii the distance is NaN; with radii the radius step's `s > rA + rB` is false for NaN, so it
// merges the (NaN) points and reports distance 0. In double all four are exact (distance 0). A sweep of
// random 4-vertex pairs (not committed) gave NaN on about half of the overlapping cases at sizes 1e-7 and
// 1e6 and on a few at 1e-6; sizes 1e-5 to 1e5 gave none.
TEST(Vdb3Scale, nonFiniteWhenTheTetrahedronCofactorsLeaveFloatsRange) {
  auto run = [](float s, bool useRadii) {
    return run3<float>(polytopeOf<float>({{0, 0, 0}}),
                       polytopeOf<float>({{s, 0, 0}, {0, s, 0}, {0, 0, s}, {-s, -s, -s}}), {0, 0, 0},
                       Matrix3<float>{}, useRadii);
  };
  for (float s : {0x1p-22f, 0x1p18f}) {
    DistanceOutput3<float> cores = run(s, false);
    EXPECT_EQ(cores.termination, Termination::Containment) << s;
    EXPECT_EQ(cores.iterations, 4) << s;
    EXPECT_TRUE(std::isnan(cores.distance)) << s;
    EXPECT_TRUE(std::isnan(cores.pointB.x)) << s;
    DistanceOutput3<float> rounded = run(s, true);
    EXPECT_EQ(rounded.distance, 0.0f) << s;
    EXPECT_TRUE(std::isnan(rounded.pointA.x)) << s;
    const double d = s;
    DistanceOutput3<double> outDouble =
        originAgainst<double>({{d, 0, 0}, {0, d, 0}, {0, 0, d}, {-d, -d, -d}});
    EXPECT_EQ(outDouble.termination, Termination::Containment) << s;
    EXPECT_EQ(outDouble.distance, 0.0) << s;
  }
  for (float s : {0x1p-21f, 0x1p17f}) {
    DistanceOutput3<float> cores = run(s, false);
    EXPECT_EQ(cores.termination, Termination::Containment) << s;
    EXPECT_EQ(cores.distance, 0.0f) << s;
    EXPECT_EQ(cores.pointA, (Vec3<float>{0, 0, 0})) << s;
  }
}

// iteration-cap (the port's safety net, 128 support calls; SOLID has none). No natural run found needs more
// than 21 calls (docs/strategies.md), so the rule is driven through distanceWithCap: the offset cubes need 5
// calls (relative-gap); with a cap of 2 or 4 the loop stops at the cap with the v of that moment.
TEST(Vdb3StopRules, iterationCapThroughASmallerCap) {
  DistanceInput3<float> input;
  input.proxyA = boxOf<float>(0.5f, 0.5f, 0.5f);
  input.proxyB = boxOf<float>(0.5f, 0.5f, 0.5f);
  input.transformB.p = {2, 0.25f, -0.125f};
  DistanceOutput3<float> capped;
  Vdb3::distanceWithCap<2>(input, &capped);
  EXPECT_EQ(capped.termination, Termination::IterationCap);
  EXPECT_EQ(capped.iterations, 2);
  EXPECT_GE(capped.distance, 1.0f);
  Vdb3::distanceWithCap<4>(input, &capped);
  EXPECT_EQ(capped.termination, Termination::IterationCap);
  EXPECT_EQ(capped.iterations, 4);
  DistanceOutput3<float> enough;
  Vdb3::distanceWithCap<5>(input, &enough);
  EXPECT_EQ(enough.termination, Termination::RelativeGap);
  EXPECT_EQ(enough.iterations, 5);
  DistanceOutput3<float> full;
  Vdb3::distance(input, &full);
  EXPECT_EQ(full.iterations, 5);
  static_assert(Vdb3::MAX_ITERATIONS == 128);
}

// ---------------------------------------------------------------------------------------------------------
// The frame. SOLID runs on A - B (p = a.support(-v), q = b.support(v), w = p - q, DT_Convex.cpp:409-411); the
// port on B - A. This is SOLID's loop written in its own frame over the same Johnson simplex: on random
// polytopes (1 to 8 vertices, coordinates in [-1, 1), quaternions taken as given) the two give the same bits
// for the distance and both witness points, the same termination and the same number of support calls,
// which is what "every quantity is the exact negation of SOLID's" in vdb3.h claims.
template <class T>
DistanceOutput3<T> solidFrame(const DistanceInput3<T>& in) {
  using Tol = VdbTolerances<T>;
  vdb3::JohnsonSimplex<T> gjk;
  Vec3<T> v;
  T dist2 = Tol::INITIAL_DIST2;
  DistanceOutput3<T> out;
  out.termination = Termination::IterationCap;
  int calls = 0;
  do {
    vdb3::SupportPoint<T> s;
    s.indexA = in.proxyA.support(inverseRotate(in.transformA.r, -v));
    s.indexB = in.proxyB.support(inverseRotate(in.transformB.r, v));
    s.wA = transformPoint(in.transformA, in.proxyA.vertices[s.indexA]);
    s.wB = transformPoint(in.transformB, in.proxyB.vertices[s.indexB]);
    s.w = s.wA - s.wB;
    ++calls;
    T delta = dot(v, s.w);
    if (gjk.inSimplex(s.w)) {
      out.termination = Termination::SupportInSimplex;
      break;
    }
    if (dist2 - delta <= dist2 * Tol::REL_ERROR2) {
      out.termination = Termination::RelativeGap;
      break;
    }
    gjk.addVertex(s);
    if (gjk.isAffinelyDependent()) {
      out.termination = Termination::AffinelyDependent;
      break;
    }
    if (!gjk.closest(&v)) {
      out.termination = Termination::NoValidSubset;
      break;
    }
    T prev = dist2;
    dist2 = lengthSquared(v);
    if (prev - dist2 <= Tol::SAFE_EXIT_EPSILON * prev) {
      gjk.backupClosest(&v);
      dist2 = lengthSquared(v);
      out.termination = Termination::NoDecrease;
      break;
    }
    if (gjk.fullSimplex()) {
      out.termination = Termination::Containment;
    } else if (!(dist2 > Tol::TOL_ERROR * gjk.maxVertex())) {
      out.termination = Termination::AbsoluteGap;
    }
  } while (!gjk.fullSimplex() && dist2 > Tol::TOL_ERROR * gjk.maxVertex() && calls < Vdb3::MAX_ITERATIONS);
  gjk.computePoints(&out.pointA, &out.pointB);
  out.distance = std::sqrt(dist2);
  out.iterations = calls;
  return out;
}

TEST(Vdb3Frame, negatedFrameGivesSolidsBitsOnRandomPolytopes) {
  std::mt19937 rng(20261201);
  auto coordinate = [&rng] { return float(std::int32_t(rng() >> 8) - (1 << 23)) * 0x1p-23f; };  // [-1, 1)
  int terminations[32] = {};
  for (int n = 0; n < 20000; ++n) {
    DistanceInput3<float> in;
    in.useRadii = false;
    for (Polytope<float>* p : {&in.proxyA, &in.proxyB}) {
      p->count = 1 + n % 8;
      for (int i = 0; i < p->count; ++i) p->vertices[i] = {coordinate(), coordinate(), coordinate()};
    }
    for (Transform3<float>* t : {&in.transformA, &in.transformB}) {
      t->r = quaternionMatrix(coordinate(), coordinate(), coordinate(), coordinate());
      t->p = {coordinate(), coordinate(), coordinate()};
    }
    DistanceOutput3<float> port;
    Vdb3::distance(in, &port);
    DistanceOutput3<float> solid = solidFrame(in);
    ASSERT_EQ(std::memcmp(&port.distance, &solid.distance, sizeof(float)), 0) << n;
    ASSERT_EQ(port.pointA, solid.pointA) << n;
    ASSERT_EQ(port.pointB, solid.pointB) << n;
    ASSERT_EQ(port.termination, solid.termination) << n;
    ASSERT_EQ(port.iterations, solid.iterations) << n;
    ++terminations[int(port.termination)];
  }
  // The sweep reaches the loop's common stops.
  EXPECT_GT(terminations[int(Termination::Containment)], 0);
  EXPECT_GT(terminations[int(Termination::SupportInSimplex)], 0);
  EXPECT_GT(terminations[int(Termination::RelativeGap)], 0);
}

}  // namespace
