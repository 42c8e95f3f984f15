// box2d_v3.h's own b2SolveSimplex2 / b2SolveSimplex3 (erincatto/box2d src/distance.c:271-416 at v3.1.1,
// :274-419 at main, identical) on the boundary of each region condition (d = 0 exactly, small integer
// coordinates) and just beside it, with the region and the answer derived by hand from the source; and the
// tiny-direction stop of each version just above and just below its constant.
//
// The triangle is p1 = (0, 0), p2 = (4, 0), p3 = (0, 4) seen from an "origin" o: w_i = p_i - o, so every
// w is exact and the seven regions of the source are reached by moving o. n123 = cross(e12, e13) = 16.
#include <gtest/gtest.h>

#include "core/strategies/box2d_v3.h"

namespace {

using namespace gjk;

const float EPS = 0x1p-20f;  // "just beside": a power of two, so every w, e and d below stays exact

Simplex<float> triangleSeenFrom(Vec2<float> o) {
  Simplex<float> s;
  const Vec2<float> p[3] = {{0, 0}, {4, 0}, {0, 4}};
  for (int i = 0; i < 3; ++i) {
    s.v[i].w = p[i] - o;
    s.v[i].indexA = i;  // to tell which vertices survive
  }
  s.count = 3;
  return s;
}

struct Region {
  int count;
  int first;   // indexA of the kept v[0]
  int second;  // indexA of the kept v[1] (edge regions)
};

void expectRegion(const Simplex<float>& s, Region r, const char* what) {
  ASSERT_EQ(s.count, r.count) << what;
  EXPECT_EQ(s.v[0].indexA, r.first) << what;
  if (r.count == 2) EXPECT_EQ(s.v[1].indexA, r.second) << what;
}

// "w1 region": d12_2 <= 0 && d13_2 <= 0 (distance.c:366 at v3.1.1). o = p1: w1 = 0, d12_2 = d13_2 = 0 exactly:
// w1 region, direction -w1 = 0. Just outside the corner, o = (-EPS, -EPS): both < 0, w1 region, direction
// (-EPS, -EPS). Just inside, o = (EPS, EPS): d12_2 = 4 EPS > 0: not w1; the origin is inside: interior.
TEST(Box2dV3Solve3, vertexOneRegionOnItsBoundaryAndBesideIt) {
  Simplex<float> at = triangleSeenFrom({0, 0});
  Vec2<float> d = box2d_v3::solveSimplex3(&at);
  expectRegion(at, {1, 0, 0}, "o = p1");
  EXPECT_EQ(d, (Vec2<float>{0, 0}));

  Simplex<float> outside = triangleSeenFrom({-EPS, -EPS});
  d = box2d_v3::solveSimplex3(&outside);
  expectRegion(outside, {1, 0, 0}, "o beyond p1");
  EXPECT_EQ(d, (Vec2<float>{-EPS, -EPS}));

  Simplex<float> inside = triangleSeenFrom({EPS, EPS});
  d = box2d_v3::solveSimplex3(&inside);
  expectRegion(inside, {3, 0, 1}, "o just inside p1");
  EXPECT_EQ(d, (Vec2<float>{0, 0}));
}

// The boundary between the w1 and e13 regions: o = (-1, 0), w1 = (1, 0): d12_2 = -w1.e12 = -4,
// d13_2 = -w1.e13 = -(1 * 0 + 0 * 4) = 0: w1 region (<=). o = (-1, EPS): d13_2 = 4 EPS > 0; e12 fails
// (d12_2 < 0); e13: d13_1 = w3.e13 = 4 (4 - EPS) > 0, d13_2 > 0, d123_2 = 16 cross(w3, w1) < 0: e13 region.
TEST(Box2dV3Solve3, vertexOneAgainstEdgeOneThree) {
  Simplex<float> at = triangleSeenFrom({-1, 0});
  Vec2<float> d = box2d_v3::solveSimplex3(&at);
  expectRegion(at, {1, 0, 0}, "d13_2 = 0");
  EXPECT_EQ(d, (Vec2<float>{-1, 0}));

  Simplex<float> beside = triangleSeenFrom({-1, EPS});
  box2d_v3::solveSimplex3(&beside);
  expectRegion(beside, {2, 0, 2}, "d13_2 = 4 EPS");
}

// "e12": d12_1 > 0 && d12_2 > 0 && d123_3 <= 0. o = (2, 0) on the edge: w1 = (-2, 0), w2 = (2, 0),
// cross(w1, w2) = 0 so d123_3 = 0: e12 region, a1 = a2 = 8 / 16 = 0.5, direction
// cross(cross(w1 + w2, e12), e12) = cross(0, (4, 0)) = (-0, 0). o = (2, EPS) inside: d123_3 = 16 * 4 EPS > 0,
// and no other region holds it: interior. o = (2, -EPS) outside: e12 with direction
// (-s e.y, s e.x), s = cross((0, 2 EPS), (4, 0)) = -8 EPS: (0, -32 EPS), toward the origin's side.
TEST(Box2dV3Solve3, edgeOneTwoOnItsLineAndBesideIt) {
  Simplex<float> at = triangleSeenFrom({2, 0});
  Vec2<float> d = box2d_v3::solveSimplex3(&at);
  expectRegion(at, {2, 0, 1}, "o on e12");
  EXPECT_EQ(at.v[0].a, 0.5f);
  EXPECT_EQ(at.v[1].a, 0.5f);
  EXPECT_EQ(d, (Vec2<float>{0, 0}));

  Simplex<float> inside = triangleSeenFrom({2, EPS});
  box2d_v3::solveSimplex3(&inside);
  expectRegion(inside, {3, 0, 1}, "o just inside e12");

  Simplex<float> outside = triangleSeenFrom({2, -EPS});
  d = box2d_v3::solveSimplex3(&outside);
  expectRegion(outside, {2, 0, 1}, "o just outside e12");
  EXPECT_EQ(d, (Vec2<float>{0, -32 * EPS}));
}

// "e13": d123_2 = n123 cross(w3, w1) = 0 with o = (0, 2): w1 = (0, -2), w3 = (0, 2). On the way, w1 fails
// (d13_2 = 8 > 0) and e12 fails (d12_2 = -w1.e12 = 0, not > 0). e13 region, a1 = a3 = 0.5; v[1] takes v3.
// o = (EPS, 2) inside: interior.
TEST(Box2dV3Solve3, edgeOneThreeOnItsLineAndBesideIt) {
  Simplex<float> at = triangleSeenFrom({0, 2});
  Vec2<float> d = box2d_v3::solveSimplex3(&at);
  expectRegion(at, {2, 0, 2}, "o on e13");
  EXPECT_EQ(at.v[0].a, 0.5f);
  EXPECT_EQ(at.v[1].a, 0.5f);
  EXPECT_EQ(d, (Vec2<float>{0, 0}));

  Simplex<float> inside = triangleSeenFrom({EPS, 2});
  box2d_v3::solveSimplex3(&inside);
  expectRegion(inside, {3, 0, 1}, "o just inside e13");
}

// "w2 region": d12_1 <= 0 && d23_2 <= 0. o = p2: w2 = 0, d12_1 = d23_2 = 0 (w1, e12 (d12_1 = 0 is not > 0)
// and e13 (d13_2 = -w1.e13 = 0) fail first): w2 region, v[0] takes v2. o = (4 - EPS, EPS) inside: interior.
TEST(Box2dV3Solve3, vertexTwoOnItsBoundaryAndBesideIt) {
  Simplex<float> at = triangleSeenFrom({4, 0});
  box2d_v3::solveSimplex3(&at);
  expectRegion(at, {1, 1, 0}, "o = p2");

  Simplex<float> inside = triangleSeenFrom({4 - 2 * EPS, EPS});
  box2d_v3::solveSimplex3(&inside);
  expectRegion(inside, {3, 0, 1}, "o just inside p2");
}

// "w3 region": d13_1 <= 0 && d23_1 <= 0. o = p3: w3 = 0, d13_1 = d23_1 = 0; w1 fails (d13_2 = 16 > 0), e12
// fails (d12_2 = 0), e13 fails (d13_1 = 0), w2 fails (d12_1 = 16 > 0): w3 region, v[0] takes v3.
TEST(Box2dV3Solve3, vertexThreeOnItsBoundaryAndBesideIt) {
  Simplex<float> at = triangleSeenFrom({0, 4});
  box2d_v3::solveSimplex3(&at);
  expectRegion(at, {1, 2, 0}, "o = p3");

  Simplex<float> inside = triangleSeenFrom({EPS, 4 - 2 * EPS});
  box2d_v3::solveSimplex3(&inside);
  expectRegion(inside, {3, 0, 1}, "o just inside p3");
}

// "e23": d123_1 = n123 cross(w2, w3) = 0 with o = (2, 2): w2 = (2, -2), w3 = (-2, 2). Every earlier test
// fails (d123_3 = d123_2 = 128 > 0, d12_1 = d13_1 = 8 > 0); d23_1 = d23_2 = 16 > 0: e23 region, a2 = a3 =
// 0.5, v[0] takes v3 (distance.c: `s->v1 = s->v3`, v2 stays). o = (2 - EPS, 2 - EPS) inside: interior.
TEST(Box2dV3Solve3, edgeTwoThreeOnItsLineAndBesideIt) {
  Simplex<float> at = triangleSeenFrom({2, 2});
  Vec2<float> d = box2d_v3::solveSimplex3(&at);
  expectRegion(at, {2, 2, 1}, "o on e23");
  EXPECT_EQ(at.v[0].a, 0.5f);
  EXPECT_EQ(at.v[1].a, 0.5f);
  EXPECT_EQ(d, (Vec2<float>{0, 0}));

  Simplex<float> inside = triangleSeenFrom({2 - EPS, 2 - EPS});
  box2d_v3::solveSimplex3(&inside);
  expectRegion(inside, {3, 0, 1}, "o just inside e23");
}

// Interior: o = (1, 1): cross(w2, w3) = 8, cross(w3, w1) = 4, cross(w1, w2) = 4, times n123 = 16; the
// coordinates 128 / 256, 64 / 256, 64 / 256 are exact.
TEST(Box2dV3Solve3, interiorCoordinatesAreTheNormalizedCofactors) {
  Simplex<float> s = triangleSeenFrom({1, 1});
  Vec2<float> d = box2d_v3::solveSimplex3(&s);
  ASSERT_EQ(s.count, 3);
  EXPECT_EQ(s.v[0].a, 0.5f);
  EXPECT_EQ(s.v[1].a, 0.25f);
  EXPECT_EQ(s.v[2].a, 0.25f);
  EXPECT_EQ(d, (Vec2<float>{0, 0}));
}

// b2SolveSimplex2: "w1 region" d12_2 = -w1.e12 <= 0, "w2 region" d12_1 = w2.e12 <= 0, else e12.
// w1 = (0, 1), w2 = (4, 1): d12_2 = 0: w1 region, -w1. w1 = (-EPS, 1): d12_2 = EPS (4 + EPS) > 0 and
// d12_1 = 4 (4 + EPS) > 0: e12. w1 = (-4, 1), w2 = (0, 1): d12_1 = 0: w2 region, -w2, v[0] takes v2;
// w2 = (EPS, 1): e12.
TEST(Box2dV3Solve2, bothVertexConditionsOnTheirBoundaryAndBeside) {
  auto segment = [](Vec2<float> w1, Vec2<float> w2) {
    Simplex<float> s;
    s.v[0].w = w1;
    s.v[0].indexA = 0;
    s.v[1].w = w2;
    s.v[1].indexA = 1;
    s.count = 2;
    return s;
  };
  Simplex<float> s = segment({0, 1}, {4, 1});
  Vec2<float> d = box2d_v3::solveSimplex2(&s);
  expectRegion(s, {1, 0, 0}, "d12_2 = 0");
  EXPECT_EQ(d, (Vec2<float>{-0.0f, -1}));

  s = segment({-EPS, 1}, {4, 1});
  box2d_v3::solveSimplex2(&s);
  expectRegion(s, {2, 0, 1}, "d12_2 > 0");

  s = segment({-4, 1}, {0, 1});
  d = box2d_v3::solveSimplex2(&s);
  expectRegion(s, {1, 1, 0}, "d12_1 = 0");
  EXPECT_EQ(d, (Vec2<float>{-0.0f, -1}));

  s = segment({-4, 1}, {EPS, 1});
  box2d_v3::solveSimplex2(&s);
  expectRegion(s, {2, 0, 1}, "d12_1 > 0");
}

// v3.1.1's tiny-direction stop `b2Dot( d, d ) < FLT_EPSILON * FLT_EPSILON` (distance.c:515) on both sides:
// A a single point w = (2^-23, 0) from B's point at the origin: d = -w, d.d = 2^-46 = FLT_EPSILON^2 exactly:
// not below, the support repeats (duplicate-support), distance 2^-23. With w = (0x1.fffffep-24, 0),
// d.d rounds below 2^-46: overlap, distance 0.
TEST(Box2dV3TinyDirection, v311StopsJustBelowFltEpsilonSquared) {
  auto query = [](float x) {
    DistanceInput<float> input;
    input.proxyA.vertices[0] = {x, 0};
    input.proxyA.count = 1;
    input.proxyB.vertices[0] = {0, 0};
    input.proxyB.count = 1;
    SimplexCache<float> cache;
    DistanceOutput<float> out;
    Box2dV31Strategy::distance(input, &cache, &out, static_cast<Trace<float>*>(nullptr));
    return out;
  };
  DistanceOutput<float> at = query(0x1p-23f);
  EXPECT_EQ(at.termination, Termination::DuplicateSupport);
  EXPECT_EQ(at.distance, 0x1p-23f);
  DistanceOutput<float> below = query(0x1.fffffep-24f);
  EXPECT_EQ(below.termination, Termination::TinyDirectionOverlap);
  EXPECT_EQ(below.distance, 0.0f);
}

}  // namespace
