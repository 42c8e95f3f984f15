// Strategy `robust3` (core/strategies/robust3.h) and its exact signs (core/exact3.h).
//
// Hand-worked cases: boxes, segments and points whose closest features and answers are small dyadic numbers,
// one in each region of the segment, triangle and tetrahedron solves (vertex, edge, face, edge-edge,
// containment, touching), the stop rules containment, closest-point-at-origin, duplicate-support,
// projection-progress and iteration-cap (no-decrease is a safety net no input found so far reaches: none in
// 300,000 family cases and 3,000,000 random pairs), the same problems scaled by 2^-90, 2^80, 2^-120 and
// 2^120, flat, needle and duplicated-vertex shapes, and the two cases the comparison found. Each answer is
// derived in the comment above it; a distance that is a square root is compared with the correctly rounded
// float sqrt (the only rounding the answer goes through once the features are found). The exact signs are
// checked on near-degenerate inputs worked by hand and against integer arithmetic.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <initializer_list>
#include <random>
#include <type_traits>

#include "core/exact3.h"
#include "core/strategies/robust3.h"
#include "tests/core/robust3_pinned_cases.h"

namespace {

using namespace gjk;
using V3 = Vec3<float>;

Polytope<float> polytopeOf(std::initializer_list<V3> points, float radius = 0) {
  Polytope<float> p;
  for (V3 v : points) p.vertices[p.count++] = v;
  p.radius = radius;
  return p;
}

Polytope<float> boxOf(float hx, float hy, float hz) {
  return polytopeOf({{-hx, -hy, -hz},
                     {hx, -hy, -hz},
                     {hx, hy, -hz},
                     {-hx, hy, -hz},
                     {-hx, -hy, hz},
                     {hx, -hy, hz},
                     {hx, hy, hz},
                     {-hx, hy, hz}});
}

Polytope<float> scaled(Polytope<float> p, float s) {
  for (int i = 0; i < p.count; ++i) p.vertices[i] = s * p.vertices[i];
  p.radius *= s;
  return p;
}

DistanceOutput3<float> run(const Polytope<float>& a, const Polytope<float>& b, V3 positionB, V3 positionA = {},
                           Matrix3<float> rotationB = Matrix3<float>{}, bool useRadii = true) {
  DistanceInput3<float> input;
  input.proxyA = a;
  input.proxyB = b;
  input.transformA.p = positionA;
  input.transformB.p = positionB;
  input.transformB.r = rotationB;
  input.useRadii = useRadii;
  DistanceOutput3<float> output;
  Robust3::distance(input, &output);
  return output;
}

void expectPoint(V3 actual, V3 expected) {
  EXPECT_EQ(actual.x, expected.x);
  EXPECT_EQ(actual.y, expected.y);
  EXPECT_EQ(actual.z, expected.z);
}

// Distance from p to the axis-aligned box centre c, half extents h (0 inside).
double boxDistance(V3 p, V3 c, V3 h) {
  auto out = [](double x, double cx, double hx) { return std::fmax(std::fabs(x - cx) - hx, 0.0); };
  const double dx = out(p.x, c.x, h.x);
  const double dy = out(p.y, c.y, h.y);
  const double dz = out(p.z, c.z, h.z);
  return std::sqrt(dx * dx + dy * dy + dz * dz);
}

// ---- regions -------------------------------------------------------------------------------------------

// A point at the origin and the unit box (half 1) at (2, 2, 2): the nearest point is B's vertex (1, 1, 1).
TEST(Robust3, vertexRegion) {
  const DistanceOutput3<float> out = run(polytopeOf({{0, 0, 0}}), boxOf(1, 1, 1), {2, 2, 2});
  EXPECT_EQ(out.distance, std::sqrt(3.0f));
  expectPoint(out.pointA, {0, 0, 0});
  expectPoint(out.pointB, {1, 1, 1});
  EXPECT_EQ(out.simplexCount, 1);
}

// The box at (2, 2, 0): the nearest points form B's edge x = y = 1; the closest is (1, 1, 0), distance sqrt 2.
TEST(Robust3, edgeRegion) {
  const DistanceOutput3<float> out = run(polytopeOf({{0, 0, 0}}), boxOf(1, 1, 1), {2, 2, 0});
  EXPECT_EQ(out.distance, std::sqrt(2.0f));
  expectPoint(out.pointA, {0, 0, 0});
  expectPoint(out.pointB, {1, 1, 0});
}

// The box at (3, 0.5, -0.25): its face x = 2 is nearest; the closest point (2, 0, 0), distance 2.
TEST(Robust3, faceRegion) {
  const DistanceOutput3<float> out = run(polytopeOf({{0, 0, 0}}), boxOf(1, 1, 1), {3, 0.5f, -0.25f});
  EXPECT_EQ(out.distance, 2.0f);
  expectPoint(out.pointA, {0, 0, 0});
  expectPoint(out.pointB, {2, 0, 0});
}

// A triangle face in a general plane: B is the triangle (1,0,0), (0,1,0), (0,0,1); the origin's projection is
// its centroid (1/3, 1/3, 1/3), distance 1/sqrt 3. Both within a few float ulps.
TEST(Robust3, obliqueFaceRegion) {
  const DistanceOutput3<float> out = run(polytopeOf({{0, 0, 0}}), polytopeOf({{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}), {});
  EXPECT_NEAR(out.distance, 1.0 / std::sqrt(3.0), 4 * FLT_EPSILON);
  EXPECT_NEAR(out.pointB.x, 1.0 / 3, 4 * FLT_EPSILON);
  EXPECT_NEAR(out.pointB.y, 1.0 / 3, 4 * FLT_EPSILON);
  EXPECT_NEAR(out.pointB.z, 1.0 / 3, 4 * FLT_EPSILON);
  EXPECT_EQ(out.simplexCount, 3);
}

// Crossed segments: A along x through the origin, B along y at height 1: the closest pair is (0,0,0)-(0,0,1).
TEST(Robust3, edgeEdge) {
  const DistanceOutput3<float> out =
      run(polytopeOf({{-1, 0, 0}, {1, 0, 0}}), polytopeOf({{0, -1, 0}, {0, 1, 0}}), {0, 0, 1});
  EXPECT_EQ(out.distance, 1.0f);
  expectPoint(out.pointA, {0, 0, 0});
  expectPoint(out.pointB, {0, 0, 1});
}

// Skew boxes edge to edge: A the unit box, B the unit box turned 90 degrees about z (the same box) at
// (2.5, 2.5, 0.5): x-extent [1.5, 3.5], nearest corner region (1,1,*)-(1.5,1.5,*): distance sqrt(0.5).
TEST(Robust3, boxEdgeToBoxEdge) {
  const DistanceOutput3<float> out = run(boxOf(1, 1, 1), boxOf(1, 1, 1), {2.5f, 2.5f, 0.5f});
  EXPECT_EQ(out.distance, std::sqrt(0.5f));
  EXPECT_EQ(out.pointA.x, 1.0f);
  EXPECT_EQ(out.pointA.y, 1.0f);
  EXPECT_EQ(out.pointB.x, 1.5f);
  EXPECT_EQ(out.pointB.y, 1.5f);
  EXPECT_EQ(out.pointA.z, out.pointB.z);
  EXPECT_GE(out.pointA.z, -0.5f);
  EXPECT_LE(out.pointA.z, 1.0f);
}

// Overlapping boxes: the origin is strictly inside B - A, found by the tetrahedron's exact signs; distance 0,
// each point on (here: in) its own box.
TEST(Robust3, containment) {
  const V3 c{0.5f, 0.25f, 0.125f};
  const DistanceOutput3<float> out = run(boxOf(1, 1, 1), boxOf(1, 1, 1), c);
  EXPECT_EQ(out.distance, 0.0f);
  EXPECT_EQ(out.termination, Termination::Containment);
  EXPECT_EQ(out.simplexCount, 4);
  EXPECT_EQ(boxDistance(out.pointA, {0, 0, 0}, {1, 1, 1}), 0.0);
  EXPECT_EQ(boxDistance(out.pointB, c, {1, 1, 1}), 0.0);
}

// Boxes face to face exactly (B at (2, 0, 0)): the origin lies on B - A's boundary exactly, distance 0.
TEST(Robust3, touchingFacesIsExactlyZero) {
  const DistanceOutput3<float> out = run(boxOf(1, 1, 1), boxOf(1, 1, 1), {2, 0.5f, 0.25f});
  EXPECT_EQ(out.distance, 0.0f);
  EXPECT_TRUE(out.termination == Termination::ClosestPointAtOrigin || out.termination == Termination::Containment)
      << terminationName(out.termination);
  EXPECT_EQ(boxDistance(out.pointA, {0, 0, 0}, {1, 1, 1}), 0.0);
  EXPECT_EQ(boxDistance(out.pointB, {2, 0.5f, 0.25f}, {1, 1, 1}), 0.0);
}

// A hair apart (2^-20 beyond touching): not zero; the float answer of the features is 2^-20 exactly.
TEST(Robust3, aHairApartIsNotZero) {
  const float gap = 0x1p-20f;
  const DistanceOutput3<float> out = run(boxOf(1, 1, 1), boxOf(1, 1, 1), {2 + gap, 0.5f, 0.25f});
  EXPECT_EQ(out.distance, gap);
  EXPECT_EQ(out.pointA.x, 1.0f);
  EXPECT_EQ(out.pointB.x, 1.0f + gap);
}

// A point exactly on B's edge (1, 1, z): the segment's exact cross product is 0: touching, distance 0.
TEST(Robust3, pointOnAnEdgeTouches) {
  const DistanceOutput3<float> out = run(polytopeOf({{0, 0, 0}}), boxOf(1, 1, 1), {-1, -1, 0.5f});
  EXPECT_EQ(out.distance, 0.0f);
  EXPECT_EQ(out.termination, Termination::ClosestPointAtOrigin);
}

// ---- radii -----------------------------------------------------------------------------------------------

// Spheres (points with radii 0.5 and 0.25) 2 apart: distance 1.25, points on the spheres along x.
TEST(Robust3, radiiApplied) {
  const DistanceOutput3<float> out = run(polytopeOf({{0, 0, 0}}, 0.5f), polytopeOf({{0, 0, 0}}, 0.25f), {2, 0, 0});
  EXPECT_EQ(out.distance, 1.25f);
  expectPoint(out.pointA, {0.5f, 0, 0});
  expectPoint(out.pointB, {1.75f, 0, 0});
}

// Radii larger than the core distance: distance 0, each point moved by its radius (still on its sphere).
TEST(Robust3, radiiOverlap) {
  const DistanceOutput3<float> out = run(polytopeOf({{0, 0, 0}}, 1.5f), polytopeOf({{0, 0, 0}}, 1.0f), {2, 0, 0});
  EXPECT_EQ(out.distance, 0.0f);
  expectPoint(out.pointA, {1.5f, 0, 0});
  expectPoint(out.pointB, {1.0f, 0, 0});
}

// useRadii = false: the core distance.
TEST(Robust3, coreDistanceWithoutRadii) {
  const DistanceOutput3<float> out =
      run(polytopeOf({{0, 0, 0}}, 0.5f), polytopeOf({{0, 0, 0}}, 0.25f), {2, 0, 0}, {}, Matrix3<float>{}, false);
  EXPECT_EQ(out.distance, 2.0f);
}

// ---- stop rules ------------------------------------------------------------------------------------------

// Two points: the second support along -v is the same pair: duplicate-support.
TEST(Robust3, duplicateSupport) {
  const DistanceOutput3<float> out = run(polytopeOf({{0, 0, 0}}), polytopeOf({{1, 2, 2}}), {});
  EXPECT_EQ(out.termination, Termination::DuplicateSupport);
  EXPECT_EQ(out.distance, 3.0f);
  EXPECT_EQ(out.iterations, 2);
}

// projection-progress: a tetrahedron against a 4-point B at (-2, 3, 2), found by a sweep of small-integer
// polytopes (the first to end on this rule). The loop's last support point is a new pair whose gain along -v is
// below the relative tolerance, and the answer comes from the closest features: the exact oracle gives
// D^2 = 36/13 (closest point (-18/13, 12/13, 0)), S = 5, u = 5 2^-24; asserted within 4 u.
TEST(Robust3, projectionProgress) {
  const Polytope<float> a = polytopeOf({{-4, -3, -4}, {3, 4, -3}, {0, 3, 3}, {4, -3, 4}});
  const Polytope<float> b = polytopeOf({{-1, -1.5f, 0.5f}, {0, 2, 0.5f}, {-0.5f, -0.5f, -1}, {1, 1.5f, 0.5f}});
  const DistanceOutput3<float> out = run(a, b, {-2, 3, 2});
  EXPECT_EQ(out.termination, Termination::ProjectionProgress);
  const double u = 5 * 0x1p-24;
  EXPECT_NEAR(out.distance, 6 / std::sqrt(13.0), 4 * u);
  const V3 gap = out.pointB - out.pointA;
  EXPECT_NEAR(gap.x, -18.0 / 13, 4 * u);
  EXPECT_NEAR(gap.y, 12.0 / 13, 4 * u);
  EXPECT_NEAR(gap.z, 0.0, 4 * u);
}

// The cap: one support call allowed, the answer is the first vertex pair's.
TEST(Robust3, iterationCap) {
  DistanceInput3<float> input;
  input.proxyA = boxOf(1, 1, 1);
  input.proxyB = boxOf(1, 1, 1);
  input.transformB.p = {5, 0.5f, 0.25f};
  DistanceOutput3<float> out;
  Robust3::distanceCapped(input, &out, 1);
  EXPECT_EQ(out.termination, Termination::IterationCap);
  EXPECT_EQ(out.iterations, 1);
  EXPECT_GE(out.distance, 3.0f);  // a pair of vertices: at least the distance 3
  Robust3::distance(input, &out);
  EXPECT_EQ(out.distance, 3.0f);
}

// ---- scales ----------------------------------------------------------------------------------------------

// The face case scaled by 2^-90 and 2^80 (inside the window: solved as placed) and by 2^-120 and 2^120
// (outside it: solved again in units of 2^k): every coordinate a power of two times the unscaled one, so the
// answer is the unscaled answer times the same power (rescaling is exact; 2^-140 is a subnormal, exactly).
TEST(Robust3, scales) {
  for (float s : {0x1p-90f, 0x1p80f, 0x1p-120f, 0x1p120f}) {
    const DistanceOutput3<float> out =
        run(polytopeOf({{0, 0, 0}}), scaled(boxOf(1, 1, 1), s), {3 * s, 0.5f * s, -0.25f * s});
    EXPECT_EQ(out.distance, 2 * s);
    expectPoint(out.pointB, {2 * s, 0, 0});
    const DistanceOutput3<float> vertex = run(polytopeOf({{0, 0, 0}}), scaled(boxOf(1, 1, 1), s), {2 * s, 2 * s, 2 * s});
    EXPECT_EQ(vertex.distance, std::sqrt(3.0f) * s);
    const DistanceOutput3<float> touch = run(scaled(boxOf(1, 1, 1), s), scaled(boxOf(1, 1, 1), s), {2 * s, 0, 0});
    EXPECT_EQ(touch.distance, 0.0f);
    const DistanceOutput3<float> apart =
        run(scaled(boxOf(1, 1, 1), s), scaled(boxOf(1, 1, 1), s), {(2 + 0x1p-20f) * s, 0, 0});
    EXPECT_EQ(apart.distance, 0x1p-20f * s);
  }
}

// ---- flat, needle, duplicates ------------------------------------------------------------------------------

// Two flat squares (z = 0) in parallel planes 0.5 apart, offset so they overlap in x, y: distance 0.5.
TEST(Robust3, flatSquaresFaceToFace) {
  const Polytope<float> square = polytopeOf({{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}});
  const DistanceOutput3<float> out = run(square, square, {0.75f, -0.5f, 0.5f});
  EXPECT_EQ(out.distance, 0.5f);
  EXPECT_EQ(out.pointA.z, 0.0f);
  EXPECT_EQ(out.pointB.z, 0.5f);
  EXPECT_EQ(out.pointA.x, out.pointB.x);
  EXPECT_EQ(out.pointA.y, out.pointB.y);
}

// Two flat squares in one plane, overlapping: B - A is flat and holds the origin: distance 0 exactly.
TEST(Robust3, coplanarFlatOverlap) {
  const Polytope<float> square = polytopeOf({{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}});
  const DistanceOutput3<float> out = run(square, square, {0.75f, -0.5f, 0});
  EXPECT_EQ(out.distance, 0.0f);
  EXPECT_EQ(out.termination, Termination::ClosestPointAtOrigin);
}

// A needle (segment of length 2^10 along x, 2^-10 thick) above a box face: distance 0.25 from the needle's
// lower side to the face.
TEST(Robust3, needleAboveABox) {
  const float t = 0x1p-10f;
  const Polytope<float> needle =
      polytopeOf({{-512, -t, -t}, {512, -t, -t}, {-512, t, -t}, {512, t, -t}, {-512, 0, t}, {512, 0, t}});
  const DistanceOutput3<float> out = run(boxOf(1, 1, 1), needle, {0.5f, 0.25f, 1.25f + t});
  EXPECT_EQ(out.distance, 0.25f);
  EXPECT_EQ(out.pointA.z, 1.0f);
  EXPECT_EQ(out.pointB.z, 1.25f);
}

// Duplicated vertices (every vertex of B twice, A's point three times): the same answer as without.
TEST(Robust3, duplicates) {
  Polytope<float> box = boxOf(1, 1, 1);
  Polytope<float> doubled;
  for (int i = 0; i < box.count; ++i) {
    doubled.vertices[doubled.count++] = box.vertices[i];
    doubled.vertices[doubled.count++] = box.vertices[i];
  }
  const Polytope<float> point = polytopeOf({{0, 0, 0}, {0, 0, 0}, {0, 0, 0}});
  for (V3 p : {V3{2, 2, 2}, V3{2, 2, 0}, V3{3, 0.5f, -0.25f}}) {
    const DistanceOutput3<float> once = run(polytopeOf({{0, 0, 0}}), box, p);
    const DistanceOutput3<float> twice = run(point, doubled, p);
    EXPECT_EQ(once.distance, twice.distance);
    expectPoint(twice.pointB, once.pointB);
  }
}

// ---- cases found by the comparison (gjkcheck compare --dimension 3, seed 1) -------------------------------

template <class Strategy = Robust3>
DistanceOutput3<float> runPlaced(const Polytope<float>& a, const Polytope<float>& b, V3 pa, V3 pb, const float qa[4],
                                 const float qb[4]) {
  DistanceInput3<float> input;
  input.proxyA = a;
  input.proxyB = b;
  input.transformA.p = pa;
  input.transformB.p = pb;
  input.transformA.r = quaternionMatrix(qa[0], qa[1], qa[2], qa[3]);
  input.transformB.r = quaternionMatrix(qb[0], qb[1], qb[2], qb[3]);
  DistanceOutput3<float> output;
  Strategy::distance(input, &output);
  return output;
}

// sliver, index 18: a needle tetrahedron (length 21, 1.3e-5 thick) through a cluster of ten points 4e-4 wide;
// they overlap (exact oracle: depth 1.26e-4). With v = a + t (b - a) in float, v's direction was off by 2e-4
// rad, the segment is 10^5 times longer than |v|, and the support along -v returned the segment's own endpoint:
// a duplicate support and a false separation of 1.88e-4 (154 u). With the closest point solved in double the
// loop ends on containment.
TEST(Robust3Found, needleThroughAClusterOverlaps) {
  const float q[4] = {0x1.ad09fep-1f, 0, 0, -0x1.1768c4p-1f};
  const V3 p{-0x1.a79ap-2f, 0x1.441a2p+0f, -0x1.7be94p+0f};
  const Polytope<float> needle = polytopeOf({{0, 0, 0}, {0x1.5p+4f, 0, 0}, {0x1.7835fp+3f, 0x1.cp-17f, 0},
                                             {0x1.a43f8p-2f, 0, 0x1.cp-17f}});
  const Polytope<float> cluster = polytopeOf({{0x1.958aap+0f, -0x1.dp-15f, -0x1.bp-13f},
                                              {0x1.958dep+0f, 0x1.08p-14f, -0x1.3p-13f},
                                              {0x1.959e2p+0f, -0x1.5p-14f, 0x1.a8p-13f},
                                              {0x1.9596cp+0f, 0x1.1cp-13f, -0x1.c4p-13f},
                                              {0x1.958d8p+0f, -0x1.4p-14f, 0x1.34p-13f},
                                              {0x1.95928p+0f, -0x1.3p-15f, 0x1.b8p-14f},
                                              {0x1.9590ap+0f, -0x1.4p-15f, 0x1.18p-14f},
                                              {0x1.959dp+0f, -0x1.9p-13f, 0x1.78p-13f},
                                              {0x1.95a36p+0f, 0x1.64p-13f, 0x1.1cp-13f},
                                              {0x1.9596cp+0f, 0x1.58p-13f, -0x1.dp-15f}});
  const DistanceOutput3<float> out = runPlaced(needle, cluster, p, p, q, q);
  EXPECT_EQ(out.distance, 0.0f);
  EXPECT_EQ(out.termination, Termination::Containment);
}

// sliver, index 7995: a needle's face (length 0.0176, width 3.6e-7 in units of 2^7) against a cluster, 0.00383
// apart (exact oracle: D = 0.003829955645696954..., S = 9.114..., u = S 2^-24 = 5.43e-7). The vertex-to-face
// candidate projected along the face's float normal, which a sliver tilts: a pair 55 u closer than D (a witness
// point off its shape). The final step in double gives D within a fraction of u; asserted within 4 u.
TEST(Robust3Found, needleFaceAgainstAClusterIsNotTooClose) {
  const float q[4] = {0x1.0611aap-3f, 0x1.353388p-2f, -0x1.ac33b8p-2f, 0x1.b1b7aep-1f};
  const V3 p{-0x1.ae94p+1f, 0x1.179c8p+2f, -0x1.ee3acp+2f};
  const Polytope<float> needle =
      polytopeOf({{0, 0, 0}, {0x1.2p+1f, 0, 0}, {0x1.32f8p-1f, 0x1.8p-15f, 0}, {0x1.b14p-4f, 0, 0x1.8p-15f}});
  const Polytope<float> cluster = polytopeOf({{0x1.099ap-1f, -0x1.f8p-9f, 0x1.8p-15f},
                                              {0x1.09a4p-1f, -0x1.f6p-9f, -0x1p-15f},
                                              {0x1.09a4p-1f, -0x1.fep-9f, -0x1p-15f},
                                              {0x1.09a4p-1f, -0x1.f6p-9f, 0x1p-15f}});
  const DistanceOutput3<float> out = runPlaced(needle, cluster, p, p, q, q);
  const double D = 0.003829955645696954;
  const double u = 9.114171676260773 * 0x1p-24;
  EXPECT_NEAR(out.distance, D, 4 * u);
  const V3 gap = out.pointB - out.pointA;
  EXPECT_NEAR(std::sqrt(double(gap.x) * gap.x + double(gap.y) * gap.y + double(gap.z) * gap.z), D, 4 * u);
}

// ---- the ablations (robust3::Ingredients, docs/strategies.md robust3 "Ablations") -------------------------

// The default build is the one instantiation with every ingredient on, and it answers a fixed set of 400
// queries (tests/core/robust3_pinned_cases.h: random hulls, flat, needle and duplicated-vertex shapes, apart,
// close and overlapping, with and without radii, at scales 2^-90 to 2^100) bit for bit as robust3 did before it
// was templated on its ingredients: the hash below was computed with core/strategies/robust3.h of commit
// 2ece552 (a standalone program including this header, the same compiler and flags).
constexpr std::uint64_t PINNED_HASH = 0xa12dd2ae7d28d1deull;

TEST(Robust3Ablations, defaultBuildUnchanged) {
  static_assert(std::is_same_v<Robust3, Robust3Of<robust3::All>>);
  static_assert(std::is_same_v<robust3::All, robust3::Ingredients<true, true, true, true, true>>);
  EXPECT_EQ(pinned3::answersHash<Robust3>(), PINNED_HASH);
}

// Each ablation compiles and answers a plain case right: a point at (2, 2, 0) from the unit box, sqrt 2.
template <class Ing>
void expectAnswers() {
  DistanceInput3<float> input;
  input.proxyA = polytopeOf({{0, 0, 0}});
  input.proxyB = boxOf(1, 1, 1);
  input.transformB.p = {2, 2, 0};
  DistanceOutput3<float> out;
  Robust3Of<Ing>::distance(input, &out);
  EXPECT_FLOAT_EQ(out.distance, std::sqrt(2.0f));
  EXPECT_NEAR(out.pointB.x, 1, 1e-6);
  EXPECT_NEAR(out.pointB.y, 1, 1e-6);
  EXPECT_NEAR(out.pointB.z, 0, 1e-6);
}

TEST(Robust3Ablations, eachAnswers) {
  expectAnswers<robust3::NoRescale>();
  expectAnswers<robust3::NoExactSigns>();
  expectAnswers<robust3::NoRelativeTolerances>();
  expectAnswers<robust3::NoFinalStep>();
  expectAnswers<robust3::NoSafeTriangle>();
}

// One case per ingredient where switching it off changes the answer: four found by `gjkcheck compare
// --dimension 3 --strategies robust3,robust3-no-... --count 1000 --seed 1` (robust3 right, the ablation wrong
// or worse; the case files' numbers exactly), and one made by hand for the rescale, whose ablation had no
// violation at 1,000 cases a family.

// gjkcheck compare --dimension 3 --count 1000 --seed 1: compare seed 1 family scale index 719 (robust3-no-exact-signs-scale.case).
DistanceInput3<float> exactSignsCase() {
  DistanceInput3<float> input;
  input.proxyA = polytopeOf({
       {-0x1.4p-85f, -0x1p-84f, -0x1p-86f},
       {-0x1.ep-84f, -0x1.4p-85f, -0x1.ap-84f},
       {0x1.ap-84f, 0x1.4p-85f, -0x1.4p-84f},
       {0x1.6p-84f, 0x1p-87f, 0x1.cp-85f},
       {0x1p-85f, -0x1p-83f, -0x1.8p-85f},
       {-0x1p-85f, -0x1p-83f, 0x1.cp-84f},
       {0x1p-85f, -0x1.8p-86f, -0x1.8p-84f},
       {-0x1.6p-84f, -0x1.4p-84f, -0x1p-86f},
       {0x1.8p-86f, -0x1p-83f, -0x1p-86f},
       {0x1p-87f, -0x1.8p-85f, 0x1.cp-84f},
       {-0x1p-87f, 0x1p-86f, 0x1p-86f}});
  input.transformA.p = {0, 0, 0};
  input.transformA.r = quaternionMatrix(0x1.6a09e6p-1f, 0x1.6a09e6p-1f, 0.0f, 0.0f);
  input.proxyB = polytopeOf({
       {0x1.ap-84f, 0x1.4p-85f, -0x1.4p-84f},
       {0x1.2p-84f, 0x1.ep-84f, -0x1.2p-84f},
       {0x1.ep-84f, 0x1p-85f, -0x1.8p-85f},
       {0x1.7p-83f, 0x1.ap-84f, -0x1p-85f}});
  input.transformB.p = {0, 0, 0};
  input.transformB.r = quaternionMatrix(0x1.6a09e6p-1f, 0x1.6a09e6p-1f, 0.0f, 0.0f);
  return input;
}

// gjkcheck compare --dimension 3 --count 1000 --seed 1: compare seed 1 family scale index 608 (robust3-no-relative-tol-scale.case).
DistanceInput3<float> relativeTolCase() {
  DistanceInput3<float> input;
  input.proxyA = polytopeOf({
       {0x1p-15f, -0x1.8p-15f, -0x1.8p-15f},
       {0, -0x1p-14f, -0x1p-16f},
       {-0x1p-16f, -0x1p-14f, -0x1p-14f},
       {0x1p-16f, -0x1.8p-15f, -0x1.8p-15f},
       {0x1p-15f, -0x1.8p-15f, -0x1.8p-15f},
       {-0x1.8p-15f, 0x1p-14f, 0x1p-14f},
       {0x1p-14f, -0x1p-15f, 0},
       {0x1.8p-15f, 0, -0x1p-15f},
       {0x1p-14f, 0, 0},
       {-0x1p-16f, 0x1p-16f, -0x1p-15f},
       {0x1p-15f, 0x1p-15f, 0x1p-14f},
       {0x1.8p-15f, -0x1p-15f, 0x1p-15f}});
  input.transformA.p = {0, 0, 0};
  input.transformA.r = quaternionMatrix(1.0f, 0.0f, 0.0f, 0.0f);
  input.proxyB = polytopeOf({
       {0x1p-17f, -0x1.cp-15f, -0x1.6p-15f},
       {0x1.4p-15f, 0x1.8p-16f, -0x1.cp-16f},
       {-0x1p-17f, -0x1.cp-15f, 0x1.2p-15f},
       {0x1p-17f, 0x1.8p-16f, 0x1.2p-15f},
       {0x1.cp-15f, 0x1p-17f, -0x1.6p-15f},
       {0x1.8p-16f, 0x1.8p-16f, -0x1.cp-16f},
       {0x1.4p-15f, -0x1.2p-14f, 0x1.ap-15f}});
  input.transformB.p = {0, 0, 0};
  input.transformB.r = quaternionMatrix(1.0f, 0.0f, 0.0f, 0.0f);
  return input;
}

// gjkcheck compare --dimension 3 --count 1000 --seed 1: compare seed 1 family scale index 181 (robust3-no-safe-triangle-scale.case).
DistanceInput3<float> safeTriangleCase() {
  DistanceInput3<float> input;
  input.proxyA = polytopeOf({
       {0x1p-52f, 0x1p-52f, 0x1.8p-52f},
       {-0x1p-52f, -0x1p-52f, 0x1.8p-52f},
       {0x1p-52f, -0x1p-51f, 0},
       {-0x1p-53f, -0x1.8p-52f, -0x1p-52f},
       {0, -0x1p-53f, -0x1p-51f},
       {0x1.8p-52f, 0, 0x1.8p-52f},
       {0x1p-53f, 0x1p-51f, 0},
       {0x1p-52f, -0x1p-52f, -0x1.8p-52f},
       {-0x1p-52f, 0, 0x1p-51f},
       {-0x1.8p-52f, -0x1p-53f, 0x1p-52f}});
  input.transformA.p = {0, 0, 0};
  input.transformA.r = quaternionMatrix(1.0f, 0.0f, 0.0f, 0.0f);
  input.proxyB = polytopeOf({
       {0x1.74p-49f, -0x1.ep-52f, -0x1p-51f},
       {0x1.84p-49f, -0x1.18p-50f, -0x1.8p-52f},
       {0x1.5p-51f, -0x1.8p-54f, -0x1.4p-49f},
       {-0x1.8p-54f, -0x1.d8p-50f, -0x1.3p-49f},
       {0x1p-55f, -0x1.cp-53f, 0x1p-53f},
       {-0x1.6p-52f, -0x1.cp-53f, -0x1.cp-50f},
       {0x1.08p-50f, 0x1.ap-52f, -0x1p-53f},
       {0x1.4p-53f, -0x1.4cp-49f, 0x1p-52f},
       {0x1.2p-52f, 0x1.2p-52f, -0x1p-53f},
       {0x1.34p-49f, -0x1.5cp-49f, -0x1.8p-52f},
       {0x1.44p-49f, -0x1.bp-51f, 0x1.8p-52f}});
  input.transformB.p = {0, 0, 0};
  input.transformB.r = quaternionMatrix(1.0f, 0.0f, 0.0f, 0.0f);
  return input;
}

// gjkcheck compare --dimension 3 --count 1000 --seed 1: family needle index 861 (gjkcheck gen --dimension 3 --family needle --seed 1 --count 862 writes it as needle-861.case).
DistanceInput3<float> finalStepCase() {
  DistanceInput3<float> input;
  input.proxyA = polytopeOf({
       {-0x1.61328p+13f, 0x1.23d8p+11f, -0x1.2a7ap+11f},
       {0x1.7de7p+13f, -0x1.3b9p+11f, 0x1.42bcp+11f},
       {-0x1.23a08p+13f, 0x1.e1fp+10f, -0x1.ece4p+10f},
       {-0x1.5d74p+13f, 0x1.20cp+11f, -0x1.275p+11f},
       {-0x1.2edcp+12f, 0x1.f48p+9f, -0x1.ffep+9f}});
  input.transformA.p = {0x1.6258p+12f, 0x1.446cp+11f, -0x1.c51p+10f};
  input.transformA.r = quaternionMatrix(1.0f, 0.0f, 0.0f, 0.0f);
  input.proxyB = polytopeOf({
       {0x1.b2ep+8f, 0x1.38d8p+10f, 0x1.0c78p+10f},
       {-0x1.5826p+11f, -0x1.ef27p+12f, -0x1.a8ebp+12f},
       {0x1.48d6p+11f, 0x1.d91fp+12f, 0x1.9603p+12f},
       {0x1.109p+11f, 0x1.8828p+12f, 0x1.5088p+12f},
       {0x1.9cacp+10f, 0x1.28dfp+12f, 0x1.fd86p+11f},
       {0x1.032ap+11f, 0x1.74e1p+12f, 0x1.3ffdp+12f},
       {-0x1.379cp+10f, -0x1.c056p+11f, -0x1.80bep+11f},
       {0x1.968cp+10f, 0x1.2477p+12f, 0x1.f5f6p+11f}});
  input.transformB.p = {-0x1.30ddcp+14f, -0x1.8c2b8p+14f, 0x1.29accp+15f};
  input.transformB.r = quaternionMatrix(0x1.403982p-4f, 0x1.11e9e6p-1f, 0x1.f128aep-2f, -0x1.5fbd8cp-1f);
  return input;
}


template <class Ing>
DistanceOutput3<float> runWith(const DistanceInput3<float>& input) {
  DistanceOutput3<float> out;
  Robust3Of<Ing>::distance(input, &out);
  return out;
}

// Rescale: a point at (3, 1/2, -1/4) 2^-140 from the unit box scaled by 2^-140 (every coordinate an exact
// subnormal float): the box's face x = 2^-140 is nearest, D = 2^-139 exactly. robust3 solves it in units of
// 2^k (normal floats) and answers D exactly; solved as placed, the subnormal products lose the direction
// (measured: 2.41 2^-140, through a wrong vertex region).
TEST(Robust3Ablations, rescaleOffLosesASubnormalProblem) {
  DistanceInput3<float> input;
  input.proxyA = polytopeOf({{0, 0, 0}});
  input.proxyB = scaled(boxOf(1, 1, 1), 0x1p-140f);
  input.transformB.p = {0x1.8p-139f, 0x1p-141f, -0x1p-142f};
  const DistanceOutput3<float> on = runWith<robust3::All>(input);
  const DistanceOutput3<float> off = runWith<robust3::NoRescale>(input);
  EXPECT_EQ(on.distance, 0x1p-139f);
  EXPECT_GT(std::fabs(double(off.distance) - 0x1p-139), 0.1 * 0x1p-139);
}

// Exact signs: scale 719, two shapes touching (exact oracle: distance 0). robust3's exact signs find the
// containment; in plain float the tetrahedron's signs put the origin outside and the loop stops on no-decrease
// at 2.78e-25 (a false separation of 3.1e7 u).
TEST(Robust3Ablations, exactSignsOffSeparatesTouchingShapes) {
  const DistanceInput3<float> input = exactSignsCase();
  EXPECT_EQ(runWith<robust3::All>(input).distance, 0.0f);
  EXPECT_GT(runWith<robust3::NoExactSigns>(input).distance, 0.0f);
}

// Relative tolerance: scale 608, overlapping shapes (exact oracle: distance 0) of size about 1e-3: the
// absolute 2^-23 exceeds v.v - v.w at once and the loop stops on projection-progress after two support
// calls at 1.5e-4 (a false separation); robust3's relative test goes on to the containment.
TEST(Robust3Ablations, relativeTolOffStopsEarlyOnSmallShapes) {
  const DistanceInput3<float> input = relativeTolCase();
  EXPECT_EQ(runWith<robust3::All>(input).distance, 0.0f);
  const DistanceOutput3<float> off = runWith<robust3::NoRelativeTolerances>(input);
  EXPECT_GT(off.distance, 0.0f);
  EXPECT_EQ(off.termination, Termination::ProjectionProgress);
}

// Safe triangle: scale 181, overlapping shapes (exact oracle: distance 0). With v in float the search
// direction is off and the loop ends on no-decrease at 1.24e-15 (a false separation of 7.7e6 u); with v in
// double robust3 reaches the containment.
TEST(Robust3Ablations, safeTriangleOffSeparatesOverlappingShapes) {
  const DistanceInput3<float> input = safeTriangleCase();
  EXPECT_EQ(runWith<robust3::All>(input).distance, 0.0f);
  EXPECT_GT(runWith<robust3::NoSafeTriangle>(input).distance, 0.0f);
}

// Final step: needle 861, separated (exact oracle: D = 53640.278688101654..., S = 45255.503216705871...,
// u = S 2^-24). Both stop on projection-progress with the same simplex; robust3's closest feature pair is
// 0.50 u from D, the loop's own barycentric witness points 3.39 u (no violation: the threshold is 64 u, which
// is why no-final-step has none at 1,000 a family; it is the ablation with the larger errors).
TEST(Robust3Ablations, finalStepOffIsLessAccurate) {
  const DistanceInput3<float> input = finalStepCase();
  const double D = 53640.27868810165467498;
  const double u = 45255.50321670587199805 * 0x1p-24;
  const DistanceOutput3<float> on = runWith<robust3::All>(input);
  const DistanceOutput3<float> off = runWith<robust3::NoFinalStep>(input);
  EXPECT_EQ(on.termination, off.termination);
  EXPECT_NEAR(on.distance, D, 1 * u);
  EXPECT_GT(std::fabs(double(off.distance) - D), 3 * u);
}

// ---- exact signs -----------------------------------------------------------------------------------------

// a.a - a.b for a = (1 + 2^-23, 1, 0), b = (1 + 2^-22, 1, 0): a.(a - b) = (1 + 2^-23)(2^-23 - 2^-22) =
// -(1 + 2^-23) 2^-23 < 0, and b.(b - a) = (1 + 2^-22) 2^-23 > 0; a float evaluation of a.a - a.b as two dot
// products (each near 2) cancels to a few ulps and can say either.
TEST(Robust3Exact, selfDotDifferenceSign) {
  const V3 a{1 + 0x1p-23f, 1, 0};
  const V3 b{1 + 0x1p-22f, 1, 0};
  EXPECT_EQ(exact3::selfDotDifferenceSign(a, b), -1);
  EXPECT_EQ(exact3::selfDotDifferenceSign(b, a), 1);
  EXPECT_EQ(exact3::selfDotDifferenceSign(a, a), 0);
  // Orthogonal: a.a - a.b = a.a - 0 > 0 even for a tiny a.
  EXPECT_EQ(exact3::selfDotDifferenceSign(V3{0x1p-149f, 0, 0}, V3{0, 1, 0}), 1);
}

// det(a, b, c) of three nearly coplanar vectors: a = (1, 0, 0), b = (0, 1, 0), c = (1 + 2^-23, 1 - 2^-24,
// 2^-149): det = c.z (a x b = (0, 0, 1)) = 2^-149 > 0, the smallest float; and 0 exactly when c.z = 0.
TEST(Robust3Exact, determinantSign) {
  EXPECT_EQ(exact3::determinantSign({1, 0, 0}, {0, 1, 0}, {1 + 0x1p-23f, 1 - 0x1p-24f, 0x1p-149f}), 1);
  EXPECT_EQ(exact3::determinantSign({1, 0, 0}, {0, 1, 0}, {1 + 0x1p-23f, 1 - 0x1p-24f, -0x1p-149f}), -1);
  EXPECT_EQ(exact3::determinantSign({1, 0, 0}, {0, 1, 0}, {1 + 0x1p-23f, 1 - 0x1p-24f, 0}), 0);
  // Large cancelling terms: rows (x, x, 1), (y, y, 1), (z, z + e, 1): det = e (y - x) exactly
  // (subtract rows), here with x = 1, y = 1 + 2^-23, e = 2^-23: det = 2^-46 (sign as computed: -e(y - x) with
  // the column order below).
  const float x = 1;
  const float y = 1 + 0x1p-23f;
  const float e = 0x1p-23f;
  const int s = exact3::determinantSign({x, x, 1}, {y, y, 1}, {0.5f, 0.5f + e, 1});
  // det = x(y - (0.5+e)) - x(y - 0.5) + 1(y(0.5+e) - 0.5 y) = -x e + y e = e (y - x) = 2^-46 > 0.
  EXPECT_EQ(s, 1);
}

// The triangle cofactors: a right triangle in z = 1, a = (0,0,1), b = (1,0,1), c = (0,1,1): the origin
// projects on a (0, 0, 1): va = n.(b x c) > 0 (n = (0,0,1)), vb = n.(c x a) = 0, vc = n.(a x b) = 0.
TEST(Robust3Exact, cofactorSigns) {
  int s[3];
  exact3::cofactorSigns({0, 0, 1}, {1, 0, 1}, {0, 1, 1}, s);
  EXPECT_EQ(s[0], 1);
  EXPECT_EQ(s[1], 0);
  EXPECT_EQ(s[2], 0);
  // Shifted by 2^-24 in x: the origin projects just outside edge a c (x < 0 side): vb... the projection
  // (-2^-24... ) lies outside the edge x = 2^-24: vb = n.(c x a) with a, c at x = 2^-24: (c x a).z = c.x a.y -
  // c.y a.x = -2^-24 < 0, n = (0,0,1): vb < 0; vc = (a x b).z = a.x b.y - a.y b.x = 0.
  const float h = 0x1p-24f;
  exact3::cofactorSigns({h, 0, 1}, {1 + h, 0, 1}, {h, 1, 1}, s);
  EXPECT_EQ(s[0], 1);
  EXPECT_EQ(s[1], -1);
  EXPECT_EQ(s[2], 0);
}

// The exact fallback against a wide random sample: the filtered sign equals the sign of the same polynomial
// summed in long double from exactly representable parts on small integer inputs (where long double is exact).
TEST(Robust3Exact, filteredSignsAgreeWithIntegerArithmetic) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> coordinate(-8, 8);
  auto point = [&]() { return V3{float(coordinate(rng)), float(coordinate(rng)), float(coordinate(rng))}; };
  auto sign = [](long long x) { return (x > 0) - (x < 0); };
  for (int i = 0; i < 20000; ++i) {
    const V3 a = point();
    const V3 b = point();
    const V3 c = point();
    const long long ax = a.x, ay = a.y, az = a.z, bx = b.x, by = b.y, bz = b.z, cx = c.x, cy = c.y, cz = c.z;
    EXPECT_EQ(exact3::selfDotDifferenceSign(a, b), sign(ax * ax + ay * ay + az * az - ax * bx - ay * by - az * bz));
    const long long det = ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
    EXPECT_EQ(exact3::determinantSign(a, b, c), sign(det));
    // n = (b - a) x (c - a); va = n.(b x c), vb = n.(c x a), vc = n.(a x b).
    const long long ex = bx - ax, ey = by - ay, ez = bz - az, fx = cx - ax, fy = cy - ay, fz = cz - az;
    const long long nx = ey * fz - ez * fy, ny = ez * fx - ex * fz, nz = ex * fy - ey * fx;
    auto crossDot = [&](long long px, long long py, long long pz, long long qx, long long qy, long long qz) {
      return nx * (py * qz - pz * qy) + ny * (pz * qx - px * qz) + nz * (px * qy - py * qx);
    };
    int s[3];
    exact3::cofactorSigns(a, b, c, s);
    EXPECT_EQ(s[0], sign(crossDot(bx, by, bz, cx, cy, cz)));
    EXPECT_EQ(s[1], sign(crossDot(cx, cy, cz, ax, ay, az)));
    EXPECT_EQ(s[2], sign(crossDot(ax, ay, az, bx, by, bz)));
    // The same signs from the six dot products (the path robust3's triangle solve takes).
    auto d = [](V3 p, V3 q) { return double(p.x) * q.x + double(p.y) * q.y + double(p.z) * q.z; };
    auto pd = [](V3 p, V3 q) {
      return std::fabs(double(p.x) * q.x) + std::fabs(double(p.y) * q.y) + std::fabs(double(p.z) * q.z);
    };
    int t[3];
    exact3::cofactorSignsFromDots({d(a, a), d(b, b), d(c, c), d(a, b), d(a, c), d(b, c), pd(a, b), pd(a, c), pd(b, c)},
                                  a, b, c, t);
    EXPECT_EQ(t[0], s[0]);
    EXPECT_EQ(t[1], s[1]);
    EXPECT_EQ(t[2], s[2]);
  }
}

// Scaled integer inputs (times 2^-60 and perturbed by one ulp) exercise the fallback: the sign of the integer
// polynomial is kept under an exact power-of-two scaling (degree 2: 2^-120, 3: 2^-180, 4: 2^-240).
TEST(Robust3Exact, signsAreScaleFree) {
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> coordinate(-4, 4);
  const float s = 0x1p-60f;
  for (int i = 0; i < 5000; ++i) {
    V3 a{float(coordinate(rng)), float(coordinate(rng)), float(coordinate(rng))};
    V3 b{float(coordinate(rng)), float(coordinate(rng)), float(coordinate(rng))};
    V3 c{float(coordinate(rng)), float(coordinate(rng)), float(coordinate(rng))};
    int unscaled[3];
    int scaledSigns[3];
    exact3::cofactorSigns(a, b, c, unscaled);
    const int det = exact3::determinantSign(a, b, c);
    const int dot = exact3::selfDotDifferenceSign(a, b);
    exact3::cofactorSigns(s * a, s * b, s * c, scaledSigns);
    EXPECT_EQ(exact3::determinantSign(s * a, s * b, s * c), det);
    EXPECT_EQ(exact3::selfDotDifferenceSign(s * a, s * b), dot);
    for (int k = 0; k < 3; ++k) EXPECT_EQ(scaledSigns[k], unscaled[k]);
  }
}

// The four-lane support scan returns the one scan's first maximum: 20,000 polytopes of 1..64 vertices with
// coordinates in {-2..2} (many exact ties) and directions in {-2..2}^3, plus one vertex repeated everywhere.
TEST(Robust3, fourLaneSupportScanIsTheScalarScan) {
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> small(-2, 2);
  std::uniform_int_distribution<int> countOf(1, MAX_POLYTOPE_VERTICES);
  for (int trial = 0; trial < 20000; ++trial) {
    Polytope<float> p;
    p.count = countOf(rng);
    for (int i = 0; i < p.count; ++i) p.vertices[i] = {float(small(rng)), float(small(rng)), float(small(rng))};
    const V3 d{float(small(rng)), float(small(rng)) * 0.5f, float(small(rng))};
    ASSERT_EQ(robust3::supportIndex(p, d), robust3::supportIndexScalar(p, d)) << "trial " << trial;
  }
  Polytope<float> same;
  same.count = MAX_POLYTOPE_VERTICES;
  for (int i = 0; i < same.count; ++i) same.vertices[i] = {1, 2, 3};
  EXPECT_EQ(robust3::supportIndex(same, V3{1, 1, 1}), 0);
}

TEST(Robust3, stopRuleNames) {
  EXPECT_STREQ(terminationName(Termination::ProjectionProgress), "projection-progress");
  EXPECT_STREQ(terminationName(Termination::NoDecrease), "no-decrease");
  EXPECT_STREQ(terminationName(Termination::ClosestPointAtOrigin), "closest-point-at-origin");
}

}  // namespace
