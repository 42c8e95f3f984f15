// Strategy `epa3` (core/strategies/epa3.h): our own float EPA in 3D from vdb3's final simplex.
//
// Hand-worked cases whose depth and normal are exact small dyadic numbers (asserted with ==): overlapping
// cubes, a cube inside a cube, spheres and capsules through their radii, a flat M (depth 0 plus the radii),
// touching (depth 0) and separated shapes. Then every stop rule at least once, each case's rule derived in its
// comment; then axis-aligned boxes at random dyadic positions against the depth worked out per axis.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <random>

#include "core/strategies/epa3.h"

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
Polytope<T> boxOf(T hx, T hy, T hz, T radius = 0) {
  return polytopeOf<T>({{-hx, -hy, -hz},
                        {hx, -hy, -hz},
                        {hx, hy, -hz},
                        {-hx, hy, -hz},
                        {-hx, -hy, hz},
                        {hx, -hy, hz},
                        {hx, hy, hz},
                        {-hx, hy, hz}},
                       radius);
}

// A at the identity and the origin, B at positionB (identity rotation).
template <class T, int CAP = epa3::MAX_EXPANSIONS>
PenetrationOutput3<T> run(const Polytope<T>& a, const Polytope<T>& b, Vec3<T> positionB) {
  PenetrationInput3<T> input;
  input.proxyA = a;
  input.proxyB = b;
  input.transformB.p = positionB;
  PenetrationOutput3<T> out;
  Epa3Strategy::penetrationWithCap<CAP>(input, &out);
  return out;
}

template <class T>
class Epa3Exact : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Epa3Exact, Scalars);

// Cubes of half side 1, B at (1.5, 0.25, 0): M = B - A is the box of half side 2 about (1.5, 0.25, 0), x in
// [-0.5, 3.5], y in [-1.75, 2.25], z in [-2, 2]. The origin's nearest face plane is x = -0.5 (0.5 against
// 1.75, 2, 2.25, 3.5): depth 0.5, normal from A towards B (1, 0, 0). Every triangle of the polytope in that
// plane has edges with x components 0, so its cross product is (k, 0, 0) and its unit normal and distance are
// exact. The contacts: A's face x = 1 and B's face x = 0.5, 0.5 apart along the normal.
TYPED_TEST(Epa3Exact, overlappingCubes) {
  using T = TypeParam;
  PenetrationOutput3<T> out = run<T>(boxOf<T>(1, 1, 1), boxOf<T>(1, 1, 1), {T(1.5), T(0.25), 0});
  EXPECT_TRUE(out.overlapping);
  EXPECT_EQ(out.depth, T(0.5));
  EXPECT_EQ(out.normal, (Vec3<T>{1, 0, 0}));
  EXPECT_NEAR(out.pointA.x, T(1), 1e-6);
  EXPECT_NEAR(out.pointB.x, T(0.5), 1e-6);
  EXPECT_NEAR(out.pointA.y, out.pointB.y, 1e-6);
  EXPECT_NEAR(out.pointA.z, out.pointB.z, 1e-6);
  EXPECT_LE(std::fabs(out.pointA.y), T(1));
  EXPECT_GE(out.pointB.y, T(-0.75) - T(1e-6));  // on B's face: y in [-0.75, 1.25]
}

// The same with radii 0.25 and 0.125: the rounded shapes are deeper by rA + rB, depth 0.875, same normal; the
// contacts move out by the radii: A's at x = 1.25, B's at x = 0.375.
TYPED_TEST(Epa3Exact, overlappingRoundedCubesAddTheRadii) {
  using T = TypeParam;
  PenetrationOutput3<T> out =
      run<T>(boxOf<T>(1, 1, 1, T(0.25)), boxOf<T>(1, 1, 1, T(0.125)), {T(1.5), T(0.25), 0});
  EXPECT_TRUE(out.overlapping);
  EXPECT_EQ(out.depth, T(0.875));
  EXPECT_EQ(out.normal, (Vec3<T>{1, 0, 0}));
  EXPECT_NEAR(out.pointA.x, T(1.25), 1e-6);
  EXPECT_NEAR(out.pointB.x, T(0.375), 1e-6);
}

// A cube of half side 2 holding one of half side 0.5 at (0.25, 0, 0): M is the box of half side 2.5 about
// (0.25, 0, 0), x in [-2.25, 2.75]: depth 2.25 along (1, 0, 0) (B moved by 2.25 spans x in [2, 3], touching
// A's face x = 2). Contacts: A's x = 2, B's x = -0.25.
TYPED_TEST(Epa3Exact, cubeInsideACube) {
  using T = TypeParam;
  PenetrationOutput3<T> out = run<T>(boxOf<T>(2, 2, 2), boxOf<T>(T(0.5), T(0.5), T(0.5)), {T(0.25), 0, 0});
  EXPECT_TRUE(out.overlapping);
  EXPECT_EQ(out.depth, T(2.25));
  EXPECT_EQ(out.normal, (Vec3<T>{1, 0, 0}));
  EXPECT_NEAR(out.pointA.x, T(2), 1e-6);
  EXPECT_NEAR(out.pointB.x, T(-0.25), 1e-6);
}

// Unit spheres (points with radius 1) 0.5 apart: the cores are apart (v = (0.5, 0, 0), the support along -v
// is the same point, v.s = 0.25 > 0): rounded-only, depth 2 - 0.5 = 1.5, normal v / 0.5 = (1, 0, 0) (1 / 0.5
// = 2 exactly). Contacts: A's surface at x = 1, B's at 0.5 - 1 = -0.5.
TYPED_TEST(Epa3Exact, spheresThroughTheirRadii) {
  using T = TypeParam;
  PenetrationOutput3<T> out = run<T>(polytopeOf<T>({{0, 0, 0}}, 1), polytopeOf<T>({{0, 0, 0}}, 1), {T(0.5), 0, 0});
  EXPECT_TRUE(out.overlapping);
  EXPECT_EQ(out.stop, PenetrationStop::RoundedOnly);
  EXPECT_EQ(out.depth, T(1.5));
  EXPECT_EQ(out.normal, (Vec3<T>{1, 0, 0}));
  EXPECT_EQ(out.pointA, (Vec3<T>{1, 0, 0}));
  EXPECT_EQ(out.pointB, (Vec3<T>{T(-0.5), 0, 0}));
}

// Crossed capsules of radius 0.5, A along x, B along y lifted by 0.5: core distance 0.5 (between (0, 0, 0) and
// (0, 0, 0.5)), radii 1: rounded-only, depth 0.5, normal (0, 0, 1).
TYPED_TEST(Epa3Exact, crossedCapsulesThroughTheirRadii) {
  using T = TypeParam;
  PenetrationOutput3<T> out = run<T>(polytopeOf<T>({{-1, 0, 0}, {1, 0, 0}}, T(0.5)),
                                     polytopeOf<T>({{0, -1, 0}, {0, 1, 0}}, T(0.5)), {0, 0, T(0.5)});
  EXPECT_TRUE(out.overlapping);
  EXPECT_EQ(out.stop, PenetrationStop::RoundedOnly);
  EXPECT_EQ(out.depth, T(0.5));
  EXPECT_EQ(out.normal, (Vec3<T>{0, 0, 1}));
  EXPECT_EQ(out.pointA, (Vec3<T>{0, 0, T(0.5)}));
  EXPECT_EQ(out.pointB, (Vec3<T>{0, 0, 0}));
}

// The same capsules crossing at the origin: M is the square [-1, 1]^2 in the plane z = 0, flat, holding the
// origin: no support leaves the plane, degenerate-polytope, core depth 0, depth rA + rB = 1 along a normal of
// the plane (+-z).
TYPED_TEST(Epa3Exact, crossingCapsulesMakeAFlatM) {
  using T = TypeParam;
  PenetrationOutput3<T> out = run<T>(polytopeOf<T>({{-1, 0, 0}, {1, 0, 0}}, T(0.5)),
                                     polytopeOf<T>({{0, -1, 0}, {0, 1, 0}}, T(0.5)), {0, 0, 0});
  EXPECT_TRUE(out.overlapping);
  EXPECT_EQ(out.stop, PenetrationStop::DegeneratePolytope);
  EXPECT_EQ(out.depth, T(1));
  EXPECT_EQ(out.normal.x, T(0));
  EXPECT_EQ(out.normal.y, T(0));
  EXPECT_EQ(std::fabs(out.normal.z), T(1));
}

// Two squares in the plane z = 0, overlapping: M is flat (a polygon in z = 0 holding the origin): depth 0.
TYPED_TEST(Epa3Exact, flatShapesHaveDepthZero) {
  using T = TypeParam;
  Polytope<T> square = polytopeOf<T>({{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}});
  PenetrationOutput3<T> out = run<T>(square, square, {T(0.5), 0, 0});
  EXPECT_TRUE(out.overlapping);
  EXPECT_EQ(out.stop, PenetrationStop::DegeneratePolytope);
  EXPECT_EQ(out.depth, T(0));
  EXPECT_EQ(std::fabs(out.normal.z), T(1));
}

// A point against a point, both at the origin (M = {0}): degenerate, depth 0; a point against a segment
// through it (M a segment): degenerate, depth 0 along a normal of the segment.
TYPED_TEST(Epa3Exact, pointAndSegmentMAreFlat) {
  using T = TypeParam;
  PenetrationOutput3<T> point = run<T>(polytopeOf<T>({{0, 0, 0}}), polytopeOf<T>({{0, 0, 0}}), {0, 0, 0});
  EXPECT_TRUE(point.overlapping);
  EXPECT_EQ(point.stop, PenetrationStop::DegeneratePolytope);
  EXPECT_EQ(point.depth, T(0));
  EXPECT_EQ(length(point.normal), T(1));
  PenetrationOutput3<T> segment =
      run<T>(polytopeOf<T>({{0, 0, 0}}), polytopeOf<T>({{-1, 0, 0}, {1, 0, 0}}), {0, 0, 0});
  EXPECT_TRUE(segment.overlapping);
  EXPECT_EQ(segment.stop, PenetrationStop::DegeneratePolytope);
  EXPECT_EQ(segment.depth, T(0));
  EXPECT_EQ(segment.normal.x, T(0));
  EXPECT_EQ(length(segment.normal), T(1));
}

// Cubes face to face (B at (2, 0, 0), and shifted in y and z): M's face x = 0 holds the origin: touching,
// depth 0 along (1, 0, 0), both contacts on the plane x = 1.
TYPED_TEST(Epa3Exact, touchingCubesHaveDepthZero) {
  using T = TypeParam;
  for (Vec3<T> offset : {Vec3<T>{2, 0, 0}, Vec3<T>{2, T(0.25), T(-0.5)}}) {
    PenetrationOutput3<T> out = run<T>(boxOf<T>(1, 1, 1), boxOf<T>(1, 1, 1), offset);
    EXPECT_TRUE(out.overlapping);
    EXPECT_EQ(out.depth, T(0));
    EXPECT_EQ(out.normal, (Vec3<T>{1, 0, 0}));
    EXPECT_EQ(out.pointA.x, T(1));
    EXPECT_EQ(out.pointB.x, T(1));
  }
}

// Cubes 1 apart: separated (the support along -v = (-1, 0, 0) is on M's face x = 1, v.s = 1 > 0 and d = 1 >
// 0 = rA + rB).
TYPED_TEST(Epa3Exact, separatedCubes) {
  using T = TypeParam;
  PenetrationOutput3<T> out = run<T>(boxOf<T>(1, 1, 1), boxOf<T>(1, 1, 1), {3, 0, 0});
  EXPECT_FALSE(out.overlapping);
  EXPECT_EQ(out.stop, PenetrationStop::Separated);
  // Within the radii they would overlap: rA + rB = 1.5 > 1, depth 0.5 along (1, 0, 0).
  PenetrationOutput3<T> rounded =
      run<T>(boxOf<T>(1, 1, 1, T(0.75)), boxOf<T>(1, 1, 1, T(0.75)), {3, 0, 0});
  EXPECT_TRUE(rounded.overlapping);
  EXPECT_EQ(rounded.stop, PenetrationStop::RoundedOnly);
  EXPECT_EQ(rounded.depth, T(0.5));
  EXPECT_EQ(rounded.normal, (Vec3<T>{1, 0, 0}));
}

// The overlapping cubes scaled by 2^33 and by 2^-40 (float): every step scales by the same power of two, so the
// depth is 0.5 * 2^k and the normal (1, 0, 0) exactly, and the contacts are finite (at 2^33 the products of two
// dot products in the contact weights, about 2^132 * 16, overflowed float before the face was divided by a power
// of two near its size).
TEST(Epa3Scale, overlappingCubesAtLargeAndSmallScales) {
  for (int k : {33, -40}) {
    const float s = std::ldexp(1.0f, k);
    PenetrationOutput3<float> out = run<float>(boxOf<float>(s, s, s), boxOf<float>(s, s, s), {1.5f * s, 0.25f * s, 0});
    EXPECT_TRUE(out.overlapping) << k;
    EXPECT_EQ(out.depth, 0.5f * s) << k;
    EXPECT_EQ(out.normal, (Vec3<float>{1, 0, 0})) << k;
    EXPECT_TRUE(std::isfinite(out.pointA.x) && std::isfinite(out.pointA.y) && std::isfinite(out.pointA.z)) << k;
    EXPECT_TRUE(std::isfinite(out.pointB.x) && std::isfinite(out.pointB.y) && std::isfinite(out.pointB.z)) << k;
    EXPECT_NEAR(out.pointA.x / s, 1.0f, 1e-6f) << k;
    EXPECT_NEAR(out.pointB.x / s, 0.5f, 1e-6f) << k;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The stop rules (float). separated, rounded-only and degenerate-polytope are above.

// duplicate-support: a point at the origin against the tetrahedron (1,0,0), (0,1,0), (0,0,1), (-1,-1,-1) (M is
// that tetrahedron): vdb3 stops on containment with all four points, the nearest face's support is one of
// them. The nearest faces are the three through (-1,-1,-1), each at distance 1/sqrt(11) (normal (1,1,-3)/sqrt 11
// and its permutations): depth 1/sqrt(11) along minus one of them.
TEST(Epa3Stops, duplicateSupport) {
  PenetrationOutput3<float> out =
      run<float>(polytopeOf<float>({{0, 0, 0}}), polytopeOf<float>({{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {-1, -1, -1}}),
                 {0, 0, 0});
  EXPECT_EQ(out.stop, PenetrationStop::DuplicateSupport);
  EXPECT_NEAR(out.depth, 1 / std::sqrt(11.0), 1e-7);
  const float third = out.normal.x + out.normal.y + out.normal.z;  // one of the three: components -1, -1, 3
  EXPECT_NEAR(third, 1 / std::sqrt(11.0), 1e-6);
}

// no-progress: the overlapping cubes above. The nearest face lies in M's face plane x = -0.5, whose support
// along (-1, 0, 0) is the first of M's four points in that plane (Polytope::support takes the first maximum),
// a point not yet in the polytope: a new pair with gap n.s - dist = 0 exactly. Touching cubes ending on a
// repeated pair instead are the duplicate-support of the face-to-face case (B at (2, 0, 0)).
TEST(Epa3Stops, noProgressAndDuplicateOnCubes) {
  EXPECT_EQ((run<float>(boxOf<float>(1, 1, 1), boxOf<float>(1, 1, 1), {1.5f, 0.25f, 0}).stop),
            PenetrationStop::NoProgress);
  EXPECT_EQ((run<float>(boxOf<float>(1, 1, 1), boxOf<float>(1, 1, 1), {2, 0, 0}).stop),
            PenetrationStop::DuplicateSupport);
}

// iteration-cap: the overlapping cubes with no insertion allowed, then one: the answer is the initial
// tetrahedron's nearest face (cap 0) or the next one's (cap 1), shallower than the true depth 0.5 and still
// >= 0; iterations count vdb3's supports plus the growing and one per insertion.
TEST(Epa3Stops, iterationCap) {
  PenetrationOutput3<float> cap0 = run<float, 0>(boxOf<float>(1, 1, 1), boxOf<float>(1, 1, 1), {1.5f, 0.25f, 0});
  PenetrationOutput3<float> cap1 = run<float, 1>(boxOf<float>(1, 1, 1), boxOf<float>(1, 1, 1), {1.5f, 0.25f, 0});
  PenetrationOutput3<float> full = run<float>(boxOf<float>(1, 1, 1), boxOf<float>(1, 1, 1), {1.5f, 0.25f, 0});
  EXPECT_EQ(cap0.stop, PenetrationStop::IterationCap);
  EXPECT_EQ(cap1.stop, PenetrationStop::IterationCap);
  EXPECT_TRUE(cap0.overlapping);
  EXPECT_LT(cap0.depth, 0.5f);
  EXPECT_LT(cap1.depth, 0.5f);
  EXPECT_GE(cap0.depth, 0.0f);
  EXPECT_LE(cap0.depth, cap1.depth);
  EXPECT_EQ(cap1.iterations, cap0.iterations + 1);
  EXPECT_GT(full.iterations, cap1.iterations);
}

// ---------------------------------------------------------------------------------------------------------
// Axis-aligned boxes at random dyadic positions and half sides (multiples of 1/8 up to 2): M is the box of half
// sides hA + hB about cB - cA, and when the origin is inside it the depth is the least of the six distances to
// its faces, each a small dyadic number: epa3 gives it exactly in float, with the unit normal of that axis
// (ties: any of the nearest axes). Boxes that do not overlap are separated or touching.
TEST(Epa3Boxes, randomAxisAlignedBoxesGiveTheExactDepth) {
  std::mt19937 random(23);
  std::uniform_int_distribution<int> eighths(1, 16);
  std::uniform_int_distribution<int> offsets(-24, 24);
  int overlapping = 0;
  for (int k = 0; k < 2000; ++k) {
    float hA[3], hB[3], c[3];
    for (int i = 0; i < 3; ++i) {
      hA[i] = eighths(random) / 8.0f;
      hB[i] = eighths(random) / 8.0f;
      c[i] = offsets(random) / 8.0f;
    }
    PenetrationOutput3<float> out =
        run<float>(boxOf<float>(hA[0], hA[1], hA[2]), boxOf<float>(hB[0], hB[1], hB[2]), {c[0], c[1], c[2]});
    float depth = 1e30f;
    bool inside = true;
    for (int i = 0; i < 3; ++i) {
      float h = hA[i] + hB[i];
      inside = inside && std::fabs(c[i]) < h;
      depth = std::min(depth, std::min(c[i] + h, h - c[i]));
    }
    if (!inside) {
      EXPECT_TRUE(!out.overlapping || out.depth == 0.0f) << k;
      continue;
    }
    ++overlapping;
    ASSERT_TRUE(out.overlapping) << k;
    EXPECT_EQ(out.depth, depth) << k;
    float along = 0;  // the depth along the reported normal, which must be one of the nearest axes
    for (int i = 0; i < 3; ++i) {
      float h = hA[i] + hB[i];
      if (out.normal.x == 0 && out.normal.y == 0 && out.normal.z == 0) break;
      float n = i == 0 ? out.normal.x : (i == 1 ? out.normal.y : out.normal.z);
      if (n == 1) along = h - c[i];
      if (n == -1) along = c[i] + h;
    }
    EXPECT_EQ(along, depth) << k;
    EXPECT_EQ(length(out.normal), 1.0f) << k;
  }
  EXPECT_GT(overlapping, 300);
}

}  // namespace
