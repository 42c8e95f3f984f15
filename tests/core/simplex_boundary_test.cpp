// Every region condition of Solve2 and Solve3 (core/simplex.h, after Box2D 2.4.1
// src/collision/b2_distance.cpp) exactly on its boundary and one float step to either side, and the sign
// test of perp's search direction (b2Simplex::GetSearchDirection) the same way.
//
// Each case states the quantity the condition compares with 0, its value computed by hand (asserted
// first, so a case that misses its boundary fails instead of passing by accident), then the region, the
// simplex count, the weights and the closest point derived by hand from the Box2D source.
//
// How the cases are built: boundary inputs are small integers, so every product and sum is exact and the
// quantity is exactly 0. The step beside it is the smallest float change of one coordinate that flips the
// sign. In Solve3 that coordinate is a 0, stepped to +-S, S = 2^-149 (the smallest subnormal,
// std::nextafter(0.f, +-1.f)); S then survives only in the products that flip the sign (4*S, 32*S are
// exact) and vanishes from every sum with an integer (4 + S rounds to 4), from S*S (underflows to 0) and
// from weights such as 4S/16 = S/4 (rounds to 0). In Solve2 the stepped coordinate is a 1 (1 + 2^-23 or
// 1 - 2^-24), which tilts the segment and leaves a weight of 2^-28 that does not vanish.
//
// The core builds with -ffp-contract=off and without flush-to-zero, so subnormals are kept.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <ostream>
#include <string>

#include "core/simplex.h"
#include "core/strategies/perp.h"

namespace {

using gjk::Simplex;
using gjk::Vec2;

constexpr float S = std::numeric_limits<float>::denorm_min();  // 2^-149

// 2^e as a float, exact.
float pow2(int e) { return std::ldexp(1.0f, e); }

Simplex<float> makeSimplex(std::initializer_list<Vec2<float>> points) {
  Simplex<float> s;
  for (Vec2<float> p : points) {
    s.v[s.count].w = p;
    s.v[s.count].wB = p;  // A at the origin: w = wB
    s.v[s.count].indexA = 0;
    s.v[s.count].indexB = s.count;  // identifies which input vertex a kept vertex was
    ++s.count;
  }
  return s;
}

// ---------------------------------------------------------------------------------------------------------
// Solve2 (Box2D 2.4.1 b2_distance.cpp:306-338)
//   313  d12_2 = -dot(w1, e12);  314  if (d12_2 <= 0) -> region w1, count 1, a1 = 1
//   323  d12_1 =  dot(w2, e12);  324  if (d12_1 <= 0) -> region w2, count 1, m_v1 = m_v2, a = 1
//   334  inv = 1 / (d12_1 + d12_2); a1 = d12_1 * inv; a2 = d12_2 * inv; count 2

// The two quantities as Box2D computes them (lines 310, 313, 323).
float solve2D12_2(Vec2<float> w1, Vec2<float> w2) { return -gjk::dot(w1, w2 - w1); }
float solve2D12_1(Vec2<float> w1, Vec2<float> w2) { return gjk::dot(w2, w2 - w1); }

// Line 314, d12_2 == 0: w1 = (0,1), w2 = (4,1), e12 = (4,0); d12_2 = -(0*4 + 1*0) = 0 <= 0 -> region w1.
TEST(Solve2Boundary, d12_2ExactlyZeroIsRegionW1) {
  Simplex<float> s = makeSimplex({{0, 1}, {4, 1}});
  ASSERT_EQ(solve2D12_2(s.v[0].w, s.v[1].w), 0.0f);
  s.solve2();
  ASSERT_EQ(s.count, 1);
  EXPECT_EQ(s.v[0].indexB, 0);
  EXPECT_EQ(s.v[0].a, 1.0f);
  EXPECT_EQ(s.closestPoint(), (Vec2<float>{0, 1}));
}

// Line 314, d12_2 < 0: w2.y = nextafter(1, 2) = 1 + 2^-23; e12 = (4, 2^-23) exact;
// d12_2 = -(0*4 + 1*2^-23) = -2^-23 <= 0 -> region w1, the point w1 = (0,1).
TEST(Solve2Boundary, d12_2JustNegativeIsRegionW1) {
  Simplex<float> s = makeSimplex({{0, 1}, {4, std::nextafter(1.0f, 2.0f)}});
  ASSERT_EQ(solve2D12_2(s.v[0].w, s.v[1].w), -pow2(-23));
  s.solve2();
  ASSERT_EQ(s.count, 1);
  EXPECT_EQ(s.v[0].indexB, 0);
  EXPECT_EQ(s.v[0].a, 1.0f);
  EXPECT_EQ(s.closestPoint(), (Vec2<float>{0, 1}));
}

// Line 314, d12_2 > 0: w2.y = nextafter(1, 0) = 1 - 2^-24; e12 = (4, -2^-24) exact (Sterbenz);
// d12_2 = -(0*4 + 1*(-2^-24)) = 2^-24 > 0. Line 323: d12_1 = 4*4 + (1 - 2^-24)(-2^-24) = 16 - 2^-24 + 2^-48,
// rounded to 16 (spacing 2^-20 below 16) > 0. Line 334: 1/(16 + 2^-24) = 1/16; a1 = 16/16 = 1,
// a2 = 2^-24/16 = 2^-28; count 2. Closest: (0 + 2^-28*4, 1 + 2^-28*(1 - 2^-24)) = (2^-26, 1) (the y sum
// 1 + 2^-28 - 2^-52 rounds to 1).
TEST(Solve2Boundary, d12_2JustPositiveIsRegionW1W2) {
  Simplex<float> s = makeSimplex({{0, 1}, {4, std::nextafter(1.0f, 0.0f)}});
  ASSERT_EQ(solve2D12_2(s.v[0].w, s.v[1].w), pow2(-24));
  s.solve2();
  ASSERT_EQ(s.count, 2);
  EXPECT_EQ(s.v[0].a, 1.0f);
  EXPECT_EQ(s.v[1].a, pow2(-28));
  EXPECT_EQ(s.closestPoint(), (Vec2<float>{pow2(-26), 1}));
}

// Line 324, d12_1 == 0: w1 = (-4,1), w2 = (0,1), e12 = (4,0); d12_2 = 16 > 0; d12_1 = 0*4 + 1*0 = 0 <= 0
// -> region w2: count 1, v[0] = the old v[1] with a = 1.
TEST(Solve2Boundary, d12_1ExactlyZeroIsRegionW2) {
  Simplex<float> s = makeSimplex({{-4, 1}, {0, 1}});
  ASSERT_EQ(solve2D12_2(s.v[0].w, s.v[1].w), 16.0f);
  ASSERT_EQ(solve2D12_1(s.v[0].w, s.v[1].w), 0.0f);
  s.solve2();
  ASSERT_EQ(s.count, 1);
  EXPECT_EQ(s.v[0].indexB, 1);
  EXPECT_EQ(s.v[0].a, 1.0f);
  EXPECT_EQ(s.closestPoint(), (Vec2<float>{0, 1}));
}

// Line 324, d12_1 < 0: w1.y = 1 + 2^-23; e12 = (4, -2^-23); d12_2 = -(-16 + (1 + 2^-23)(-2^-23)) rounds to
// 16 > 0; d12_1 = 0*4 + 1*(-2^-23) = -2^-23 <= 0 -> region w2.
TEST(Solve2Boundary, d12_1JustNegativeIsRegionW2) {
  Simplex<float> s = makeSimplex({{-4, std::nextafter(1.0f, 2.0f)}, {0, 1}});
  ASSERT_EQ(solve2D12_2(s.v[0].w, s.v[1].w), 16.0f);
  ASSERT_EQ(solve2D12_1(s.v[0].w, s.v[1].w), -pow2(-23));
  s.solve2();
  ASSERT_EQ(s.count, 1);
  EXPECT_EQ(s.v[0].indexB, 1);
  EXPECT_EQ(s.v[0].a, 1.0f);
  EXPECT_EQ(s.closestPoint(), (Vec2<float>{0, 1}));
}

// Line 324, d12_1 > 0: w1.y = 1 - 2^-24; e12 = (4, 2^-24); d12_2 = -(-16 + 2^-24 - 2^-48) rounds to 16;
// d12_1 = 0*4 + 1*2^-24 = 2^-24 > 0 -> region w1w2: inv = 1/16, a1 = 2^-28, a2 = 1.
// Closest: (2^-28*(-4) + 0, 2^-28*(1 - 2^-24) + 1) = (-2^-26, 1).
TEST(Solve2Boundary, d12_1JustPositiveIsRegionW1W2) {
  Simplex<float> s = makeSimplex({{-4, std::nextafter(1.0f, 0.0f)}, {0, 1}});
  ASSERT_EQ(solve2D12_2(s.v[0].w, s.v[1].w), 16.0f);
  ASSERT_EQ(solve2D12_1(s.v[0].w, s.v[1].w), pow2(-24));
  s.solve2();
  ASSERT_EQ(s.count, 2);
  EXPECT_EQ(s.v[0].a, pow2(-28));
  EXPECT_EQ(s.v[1].a, 1.0f);
  EXPECT_EQ(s.closestPoint(), (Vec2<float>{-pow2(-26), 1}));
}

// ---------------------------------------------------------------------------------------------------------
// Solve3 (Box2D 2.4.1 b2_distance.cpp:345-452). The quantities, lines 355-386, and the tests in order:
//   389  w1:  d12_2 <= 0 && d13_2 <= 0
//   397  e12: d12_1 > 0 && d12_2 > 0 && d123_3 <= 0
//   407  e13: d13_1 > 0 && d13_2 > 0 && d123_2 <= 0
//   418  w2:  d12_1 <= 0 && d23_2 <= 0
//   427  w3:  d13_1 <= 0 && d23_1 <= 0
//   436  e23: d23_1 > 0 && d23_2 > 0 && d123_1 <= 0
//   447  interior: inv = 1 / (d123_1 + d123_2 + d123_3)   (core: pickNearestEdge when that sum is not > 0)
//
// Nine boundary lines between neighbouring regions cover the fifteen comparisons. The triangle is
// T1 = (0,0) (4,0) (0,4) or, where the boundary must fall on an axis, T2 = (0,0) (4,0) (4,4), translated by
// -o with the origin at o: w_i = P_i - o. For T1 with o = (x, y): d12_2 = 4x, d12_1 = 4(4 - x), d13_2 = 4y,
// d13_1 = 4(4 - y), d23_2 = 4(4 - x + y), d23_1 = 4(4 + x - y), n123 = 16, d123_1 = 64(4 - x - y),
// d123_2 = 64x, d123_3 = 64y.
//
// Two comparisons never decide on their own in exact arithmetic: e12's d12_2 > 0 and e13's d13_2 > 0. With
// d12_2 = 0 the w1 test has already caught d13_2 <= 0, and d13_2 > 0 forces d123_3 > 0 (write e12 = (L,0),
// w1 = (0,h), e13 = (a,b): d13_2 = -hb > 0 and d123_3 = Lb * (-hL) = -L^2 hb > 0). Case E13_INTERIOR below
// evaluates e12's d12_2 at 0 and on both sides and shows that d123_3 > 0 decides; e13's d13_2 is the mirror.

struct Quantities {
  float d12_1, d12_2, d13_1, d13_2, d23_1, d23_2, n123, d123_1, d123_2, d123_3;
};

// Lines 355-386, operation for operation.
Quantities solve3Quantities(Vec2<float> w1, Vec2<float> w2, Vec2<float> w3) {
  Quantities q;
  Vec2<float> e12 = w2 - w1;
  q.d12_1 = gjk::dot(w2, e12);
  q.d12_2 = -gjk::dot(w1, e12);
  Vec2<float> e13 = w3 - w1;
  q.d13_1 = gjk::dot(w3, e13);
  q.d13_2 = -gjk::dot(w1, e13);
  Vec2<float> e23 = w3 - w2;
  q.d23_1 = gjk::dot(w3, e23);
  q.d23_2 = -gjk::dot(w2, e23);
  q.n123 = gjk::cross(e12, e13);
  q.d123_1 = q.n123 * gjk::cross(w2, w3);
  q.d123_2 = q.n123 * gjk::cross(w3, w1);
  q.d123_3 = q.n123 * gjk::cross(w1, w2);
  return q;
}

struct Solve3Case {
  std::string name;
  Vec2<float> w[3];
  float Quantities::*quantity;  // the quantity whose sign is at stake
  float quantityValue;          // its value derived by hand
  int count;                    // simplex count after the solve
  int kept[3];                  // indexB (input position 0..2) of v[0..count-1] after the solve
  float weights[3];             // v[i].a after the solve
  Vec2<float> closest;
};

// gtest prints a failing parameter with this instead of its bytes.
void PrintTo(const Solve3Case& c, std::ostream* os) { *os << c.name; }

class Solve3Boundary : public ::testing::TestWithParam<Solve3Case> {};

TEST_P(Solve3Boundary, regionWeightsAndClosestPointAsDerived) {
  const Solve3Case& c = GetParam();
  Simplex<float> s = makeSimplex({c.w[0], c.w[1], c.w[2]});
  Quantities q = solve3Quantities(c.w[0], c.w[1], c.w[2]);
  ASSERT_EQ(q.*c.quantity, c.quantityValue) << "the input is not where the case says it is";
  s.solve3();
  ASSERT_EQ(s.count, c.count);
  for (int i = 0; i < c.count; ++i) {
    EXPECT_EQ(s.v[i].indexB, c.kept[i]) << "v[" << i << "]";
    EXPECT_EQ(s.v[i].w, c.w[c.kept[i]]) << "v[" << i << "]";
    EXPECT_EQ(s.v[i].a, c.weights[i]) << "v[" << i << "]";
  }
  EXPECT_EQ(s.closestPoint(), c.closest);
}

// clang-format off
INSTANTIATE_TEST_SUITE_P(AllBoundaries, Solve3Boundary, ::testing::Values(
    // W1|E12, T1, o = (0,-2): w1 = (0,2), w2 = (4,2), w3 = (0,6); d12_2 = -4*w1.x, d13_2 = -8, d12_1 = 16,
    // n123 = 16, d123_3 = 16*(0*2 - 2*4) = -128.
    //   0:  line 389 true (0 <= 0, -8 <= 0) -> w1, (0,2).
    //   -:  w1.x = +S: e12 = (4,0) after rounding, d12_2 = -(4S) <= 0 -> w1, the point (S,2).
    //   +:  w1.x = -S: d12_2 = 4S > 0, 389 false; 397: d12_1 = 16 > 0, d12_2 > 0, n123 = 4*4 - 0*S = 16,
    //       cross(w1,w2) = -2S - 8 -> -8, d123_3 = -128 <= 0 -> e12: inv = 1/(16 + 4S) = 1/16, a1 = 1,
    //       a2 = 4S/16 = S/4 -> 0; closest 1*(-S,2) + 0*(4,2) = (-S,2).
    Solve3Case{"W1_E12_d12_2_zero", {{0, 2}, {4, 2}, {0, 6}}, &Quantities::d12_2, 0.0f, 1, {0}, {1}, {0, 2}},
    Solve3Case{"W1_E12_d12_2_negative", {{S, 2}, {4, 2}, {0, 6}}, &Quantities::d12_2, -4 * S, 1, {0}, {1}, {S, 2}},
    Solve3Case{"W1_E12_d12_2_positive", {{-S, 2}, {4, 2}, {0, 6}}, &Quantities::d12_2, 4 * S, 2, {0, 1}, {1, 0},
               {-S, 2}},

    // W1|E13, T1, o = (-2,0): w1 = (2,0), w2 = (6,0), w3 = (2,4); d13_2 = -4*w1.y, d12_2 = -8.
    //   0:  389 true -> w1, (2,0).
    //   -:  w1.y = +S: e13 = (0, 4 - S) = (0,4), d13_2 = -4S <= 0, d12_2 = -(8 + S*(-S)) = -8 -> w1, (2,S).
    //   +:  w1.y = -S: d13_2 = 4S > 0, 389 false; 397: d12_2 = -8 fails; 407: e13 = (0,4), d13_1 = 16 > 0,
    //       d13_2 > 0, n123 = cross((4,S),(0,4)) = 16, cross(w3,w1) = 2(-S) - 4*2 -> -8, d123_2 = -128 <= 0
    //       -> e13: a1 = 16/16 = 1, a3 = 4S/16 -> 0, v[1] = w3; closest (2,-S) + 0*(2,4) = (2,-S).
    Solve3Case{"W1_E13_d13_2_zero", {{2, 0}, {6, 0}, {2, 4}}, &Quantities::d13_2, 0.0f, 1, {0}, {1}, {2, 0}},
    Solve3Case{"W1_E13_d13_2_negative", {{2, S}, {6, 0}, {2, 4}}, &Quantities::d13_2, -4 * S, 1, {0}, {1}, {2, S}},
    Solve3Case{"W1_E13_d13_2_positive", {{2, -S}, {6, 0}, {2, 4}}, &Quantities::d13_2, 4 * S, 2, {0, 2}, {1, 0},
               {2, -S}},

    // E12|W2 (line 397's d12_1 > 0 against line 418's d12_1 <= 0), T1, o = (4,-2): w1 = (-4,2), w2 = (0,2),
    // w3 = (-4,6); d12_1 = 4*w2.x, d12_2 = 16, d13_2 = -8, d13_1 = 24, d23_2 = -(0*(-4) + 2*4) = -8.
    //   0:  389 false (d12_2 = 16); 397 false (d12_1 = 0); 407 false (d13_2 = -8); 418: 0 <= 0, -8 <= 0
    //       -> w2, v[0] = w2 = (0,2).
    //   -:  w2.x = -S: d12_1 = -4S; 418: d23_2 = -((-S)(-4) + 8) -> -8 -> w2, (-S,2).
    //   +:  w2.x = +S: d12_1 = 4S > 0; 397: d12_2 = 16, cross(w1,w2) = -8 - 2S -> -8, d123_3 = -128 -> e12:
    //       inv = 1/16, a1 = 4S/16 -> 0, a2 = 1; closest 0*(-4,2) + 1*(S,2) = (-0 + S, 0 + 2) = (S,2).
    Solve3Case{"E12_W2_d12_1_zero", {{-4, 2}, {0, 2}, {-4, 6}}, &Quantities::d12_1, 0.0f, 1, {1}, {1}, {0, 2}},
    Solve3Case{"E12_W2_d12_1_negative", {{-4, 2}, {-S, 2}, {-4, 6}}, &Quantities::d12_1, -4 * S, 1, {1}, {1},
               {-S, 2}},
    Solve3Case{"E12_W2_d12_1_positive", {{-4, 2}, {S, 2}, {-4, 6}}, &Quantities::d12_1, 4 * S, 2, {0, 1}, {0, 1},
               {S, 2}},

    // E13|W3 (line 407's d13_1 > 0 against line 427's d13_1 <= 0), T1, o = (-2,4): w1 = (2,-4), w2 = (6,-4),
    // w3 = (2,0); d13_1 = 4*w3.y, d12_2 = -8, d13_2 = 16, d12_1 = 24, d23_1 = dot((2,0),(-4,4)) = -8.
    //   0:  389 false (d13_2 = 16); 397 false (d12_2 = -8); 407 false (d13_1 = 0); 418 false (d12_1 = 24);
    //       427: 0 <= 0, -8 <= 0 -> w3, v[0] = w3 = (2,0).
    //   -:  w3.y = -S: d13_1 = -4S; d23_1 = -8 - 4S -> -8 -> w3, (2,-S).
    //   +:  w3.y = +S: d13_1 = 4S > 0; 407: d13_2 = 16, n123 = 16, cross(w3,w1) = -8 - 2S -> -8,
    //       d123_2 = -128 -> e13: a1 = 4S/16 -> 0, a3 = 1, v[1] = w3; closest (2*0 + 2, -0 + S) = (2,S).
    Solve3Case{"E13_W3_d13_1_zero", {{2, -4}, {6, -4}, {2, 0}}, &Quantities::d13_1, 0.0f, 1, {2}, {1}, {2, 0}},
    Solve3Case{"E13_W3_d13_1_negative", {{2, -4}, {6, -4}, {2, -S}}, &Quantities::d13_1, -4 * S, 1, {2}, {1},
               {2, -S}},
    Solve3Case{"E13_W3_d13_1_positive", {{2, -4}, {6, -4}, {2, S}}, &Quantities::d13_1, 4 * S, 2, {0, 2}, {0, 1},
               {2, S}},

    // W2|E23 (line 418's d23_2 <= 0 against line 436's d23_2 > 0), T2, o = (6,0): w1 = (-6,0), w2 = (-2,0),
    // w3 = (-2,4); e23 = (0,4), d23_2 = -4*w2.y, d12_1 = -8, d12_2 = 24, d13_1 = 8, d13_2 = 24, d23_1 = 16,
    // n123 = 16, d123_2 = 16*24 = 384, d123_1 = 16*(-8) = -128.
    //   0:  389, 397 (d12_1 = -8), 407 (d123_2 = 384) false; 418: -8 <= 0, 0 <= 0 -> w2, (-2,0).
    //   -:  w2.y = +S: e23 = (0, 4 - S) = (0,4), d23_2 = -4S; d12_1 = -8 + S*S = -8 -> w2, (-2,S).
    //   +:  w2.y = -S: d23_2 = 4S > 0, 418 false; 427 false (d13_1 = 8); 436: d23_1 = 16, n123 =
    //       cross((4,-S),(4,4)) = 16 + 4S -> 16, cross(w2,w3) = -8 - 2S -> -8, d123_1 = -128 -> e23:
    //       a2 = 16/16 = 1, a3 = 4S/16 -> 0, then v[0] = w3 (line 442): v = {w3 a=0, w2 a=1};
    //       closest 0*(-2,4) + 1*(-2,-S) = (-2,-S).
    Solve3Case{"W2_E23_d23_2_zero", {{-6, 0}, {-2, 0}, {-2, 4}}, &Quantities::d23_2, 0.0f, 1, {1}, {1}, {-2, 0}},
    Solve3Case{"W2_E23_d23_2_negative", {{-6, 0}, {-2, S}, {-2, 4}}, &Quantities::d23_2, -4 * S, 1, {1}, {1},
               {-2, S}},
    Solve3Case{"W2_E23_d23_2_positive", {{-6, 0}, {-2, -S}, {-2, 4}}, &Quantities::d23_2, 4 * S, 2, {2, 1}, {0, 1},
               {-2, -S}},

    // W3|E23 (line 427's d23_1 <= 0 against line 436's d23_1 > 0), T2, o = (6,4): w1 = (-6,-4), w2 = (-2,-4),
    // w3 = (-2,0); d23_1 = 4*w3.y, d12_1 = -8, d12_2 = 24, d13_1 = -8, d13_2 = 40, d23_2 = 16.
    //   0:  389, 397, 407 (d13_1 = -8), 418 (d23_2 = 16) false; 427: -8 <= 0, 0 <= 0 -> w3, (-2,0).
    //   -:  w3.y = -S: d23_1 = -4S, d13_1 = -8 - 4S -> -8 -> w3, (-2,-S).
    //   +:  w3.y = +S: d23_1 = 4S > 0, 427 false; 436: d23_2 = 16, n123 = 16, cross(w2,w3) = -2S - 8 -> -8,
    //       d123_1 = -128 -> e23: a2 = 4S/16 -> 0, a3 = 1, v = {w3 a=1, w2 a=0}; closest (-2,S).
    Solve3Case{"W3_E23_d23_1_zero", {{-6, -4}, {-2, -4}, {-2, 0}}, &Quantities::d23_1, 0.0f, 1, {2}, {1}, {-2, 0}},
    Solve3Case{"W3_E23_d23_1_negative", {{-6, -4}, {-2, -4}, {-2, -S}}, &Quantities::d23_1, -4 * S, 1, {2}, {1},
               {-2, -S}},
    Solve3Case{"W3_E23_d23_1_positive", {{-6, -4}, {-2, -4}, {-2, S}}, &Quantities::d23_1, 4 * S, 2, {2, 1}, {1, 0},
               {-2, S}},

    // E12|interior (line 397's d123_3 <= 0), T1, o = (2,0), the origin on edge 12: w1 = (-2,0), w2 = (2,0),
    // w3 = (-2,4); d123_3 = 16*((-2)*0 - w1.y*2) = -32*w1.y, d12_1 = d12_2 = 8.
    //   0:  389 false (d12_2 = 8); 397: 8 > 0, 8 > 0, 0 <= 0 -> e12: a1 = a2 = 8/16 = 0.5, closest (0,0).
    //   -:  w1.y = +S: e12 = (4,-S), d12_2 = -(-8 + S*(-S)) = 8, d12_1 = 8, n123 = 16, d123_3 = -32S -> e12,
    //       a = 0.5, 0.5; closest (0.5*(-2) + 0.5*2, 0.5*S + 0) = (0, 0) (S/2 ties to even: 0).
    //   +:  w1.y = -S: d123_3 = 32S > 0, 397 false; 407: d13_1 = 16, d13_2 = 4S, d123_2 = 16*(2S + 8) = 128
    //       false; 418, 427 false (d12_1 = 8, d13_1 = 16); 436: d23_1 = 24, d23_2 = 8, d123_1 = 16*8 = 128
    //       false; line 447: (128 + 128) + 32S = 256 -> interior: a = 0.5, 0.5, 32S/256 -> 0; count 3.
    Solve3Case{"E12_INTERIOR_d123_3_zero", {{-2, 0}, {2, 0}, {-2, 4}}, &Quantities::d123_3, 0.0f, 2, {0, 1},
               {0.5f, 0.5f}, {0, 0}},
    Solve3Case{"E12_INTERIOR_d123_3_negative", {{-2, S}, {2, 0}, {-2, 4}}, &Quantities::d123_3, -32 * S, 2, {0, 1},
               {0.5f, 0.5f}, {0, 0}},
    Solve3Case{"E12_INTERIOR_d123_3_positive", {{-2, -S}, {2, 0}, {-2, 4}}, &Quantities::d123_3, 32 * S, 3,
               {0, 1, 2}, {0.5f, 0.5f, 0}, {0, 0}},

    // E13|interior (line 407's d123_2 <= 0), T1, o = (0,2), the origin on edge 13: w1 = (0,-2), w2 = (4,-2),
    // w3 = (0,2); d123_2 = 16*(0*(-2) - 2*w1.x) = -32*w1.x, d12_2 = -4*w1.x, d13_1 = d13_2 = 8, d12_1 = 16.
    // This case also puts e12's d12_2 > 0 (line 397) at 0 and on both sides without it deciding.
    //   0:  389 false (d13_2 = 8); 397 false (d12_2 = 0); 407: 8 > 0, 8 > 0, 0 <= 0 -> e13: a1 = a3 = 0.5,
    //       v = {w1, w3}; closest (0,0).
    //   -:  w1.x = +S: 397 false (d12_2 = -4S); 407: d123_2 = -32S -> e13, a = 0.5, 0.5; closest
    //       (0.5*S + 0, -1 + 1) = (0,0).
    //   +:  w1.x = -S: 397: d12_1 = 16, d12_2 = 4S > 0, but d123_3 = 16*(2S + 8) = 128 > 0, false; 407:
    //       d123_2 = 32S false; 418, 427 false; 436: d23_1 = 8, d23_2 = 24, d123_1 = 16*8 = 128 false;
    //       447: (128 + 32S) + 128 = 256 -> interior: a = 0.5, 32S/256 -> 0, 0.5.
    Solve3Case{"E13_INTERIOR_d123_2_zero", {{0, -2}, {4, -2}, {0, 2}}, &Quantities::d123_2, 0.0f, 2, {0, 2},
               {0.5f, 0.5f}, {0, 0}},
    Solve3Case{"E13_INTERIOR_d123_2_negative", {{S, -2}, {4, -2}, {0, 2}}, &Quantities::d123_2, -32 * S, 2, {0, 2},
               {0.5f, 0.5f}, {0, 0}},
    Solve3Case{"E13_INTERIOR_d123_2_positive", {{-S, -2}, {4, -2}, {0, 2}}, &Quantities::d123_2, 32 * S, 3,
               {0, 1, 2}, {0.5f, 0, 0.5f}, {0, 0}},

    // E23|interior (line 436's d123_1 <= 0), T2, o = (4,2), the origin on edge 23: w1 = (-4,-2), w2 = (0,-2),
    // w3 = (0,2); d123_1 = 16*(w2.x*2 - (-2)*0) = 32*w2.x, d12_1 = 4*w2.x, d12_2 = 16, d13_1 = 8,
    // d13_2 = 24, d23_1 = d23_2 = 8, d123_2 = d123_3 = 128.
    //   0:  389, 397 (d12_1 = 0), 407 (d123_2 = 128), 418 (d23_2 = 8), 427 (d13_1 = 8) false; 436: 8 > 0,
    //       8 > 0, 0 <= 0 -> e23: a2 = a3 = 0.5, v = {w3, w2}; closest (0,0).
    //   -:  w2.x = -S: d12_1 = -4S; 418: d23_2 = -((-S)*S + (-2)*4) = 8 > 0 false; 436: d123_1 = -32S
    //       -> e23, a = 0.5, 0.5, v = {w3, w2}; closest (0 + (-S/2 -> -0), 1 - 1) = (0,0).
    //   +:  w2.x = +S: 397: d12_1 = 4S > 0 but d123_3 = 16*(8 + 2S) = 128 > 0 false; 436: d123_1 = 32S false;
    //       447: (32S + 128) + 128 = 256 -> interior: a = 32S/256 -> 0, 0.5, 0.5.
    Solve3Case{"E23_INTERIOR_d123_1_zero", {{-4, -2}, {0, -2}, {0, 2}}, &Quantities::d123_1, 0.0f, 2, {2, 1},
               {0.5f, 0.5f}, {0, 0}},
    Solve3Case{"E23_INTERIOR_d123_1_negative", {{-4, -2}, {-S, -2}, {0, 2}}, &Quantities::d123_1, -32 * S, 2, {2, 1},
               {0.5f, 0.5f}, {0, 0}},
    Solve3Case{"E23_INTERIOR_d123_1_positive", {{-4, -2}, {S, -2}, {0, 2}}, &Quantities::d123_1, 32 * S, 3,
               {0, 1, 2}, {0, 0.5f, 0.5f}, {0, 0}}),
    [](const ::testing::TestParamInfo<Solve3Case>& info) { return info.param.name; });
// clang-format on

// The second quantity of case E13_INTERIOR: e12's d12_2 at 0, -4S and +4S, as stated above.
TEST(Solve3Boundary, e12sD12_2IsZeroAndSteppedInTheE13InteriorCases) {
  EXPECT_EQ(solve3Quantities({0, -2}, {4, -2}, {0, 2}).d12_2, 0.0f);
  EXPECT_EQ(solve3Quantities({S, -2}, {4, -2}, {0, 2}).d12_2, -4 * S);
  EXPECT_EQ(solve3Quantities({-S, -2}, {4, -2}, {0, 2}).d12_2, 4 * S);
  EXPECT_EQ(solve3Quantities({-S, -2}, {4, -2}, {0, 2}).d123_3, 128.0f);
}

// Witness points (Box2D 2.4.1 b2_distance.cpp:223-250) on both sides of the E12|interior boundary, with
// A's support points distinct so the weights show: wA = (10,0), (20,0), (30,0), wB = wA + w.
//   e12, a = 0.5, 0.5 (w1 = (-2,0), w2 = (2,0)): pA = 0.5*(10,0) + 0.5*(20,0) = (15,0);
//     pB = 0.5*(8,0) + 0.5*(22,0) = (15,0).
//   interior, a = 0.5, 0.5, 0 (w1.y = -S): pA = (5 + 10 + 0, 0) = (15,0) and pB = pA (line 243).
TEST(Solve3Boundary, witnessPointsFollowTheWeightsOnBothSidesOfEdge12) {
  for (bool inside : {false, true}) {
    Simplex<float> s = makeSimplex({{-2, inside ? -S : 0.0f}, {2, 0}, {-2, 4}});
    for (int i = 0; i < 3; ++i) {
      s.v[i].wA = {10.0f * float(i + 1), 0};
      s.v[i].wB = s.v[i].wA + s.v[i].w;
    }
    s.solve3();
    ASSERT_EQ(s.count, inside ? 3 : 2);
    Vec2<float> pA, pB;
    s.witnessPoints(&pA, &pB);
    EXPECT_EQ(pA, (Vec2<float>{15, 0})) << (inside ? "interior" : "e12");
    EXPECT_EQ(pB, (Vec2<float>{15, 0})) << (inside ? "interior" : "e12");
  }
}

// The interior division (line 447) and the core's one departure from it: when no region test passes and
// d123 = d123_1 + d123_2 + d123_3 is not > 0, Box2D divides by it; the core keeps the nearest edge
// (pickNearestEdge). With small integers the tests are exact and some region always holds the origin, so
// d123 = 0 cannot be reached exactly. Random float searches found no finite input that reaches it either:
// 2*10^8 near-collinear triangles of integers up to 1000 * 2^11, 2.7*10^7 integer triangles in boxes of
// side 4, 2*10^7 triangles whose points are at most 3 ulps apart at magnitudes up to 2^40, and the 10^5 of
// simplex_test's nearlyCollinearFarPointsGiveAFiniteVertexOrEdge (none of which reaches it). Overflow does:
// H = 2^100, w1 = (H,H), w2 = (3H,-H), w3 = (-H,3H) on the line x + y = 2H. Every product is +-inf:
//   d12_1 = 6H^2 + 2H^2 = inf, d12_2 = -(2H^2 - 2H^2) = NaN, d13_1 = 2H^2 + 6H^2 = inf,
//   d13_2 = -(-2H^2 + 2H^2) = NaN, d23_1 = 4H^2 + 12H^2 = inf, d23_2 = -(-12H^2 - 4H^2) = inf,
//   n123 = 4H^2 - 4H^2 = NaN, so d123_1..3 = NaN.
// Lines 389-436 all fail (each has a NaN or an inf on the wrong side), d123 = NaN is not > 0: the fallback.
// Its three edge solves give NaN weights (edges 12 and 13: 1/(inf + NaN); edge 23: 1/(inf + inf) = 0 and
// inf * 0), no NaN distance is < another, so edge 12 is kept: count 2, {w1, w2}, weights NaN. Box2D 2.4.1
// would keep count 3 with NaN weights (1/NaN).
TEST(Solve3Boundary, theDegenerateFallbackIsReachedByOverflowAndKeepsEdge12WithNaNWeights) {
  const float h = pow2(100);
  Simplex<float> s = makeSimplex({{h, h}, {3 * h, -h}, {-h, 3 * h}});
  Quantities q = solve3Quantities(s.v[0].w, s.v[1].w, s.v[2].w);
  ASSERT_TRUE(std::isnan(q.d12_2) && std::isnan(q.d13_2) && std::isnan(q.n123));
  ASSERT_TRUE(std::isinf(q.d12_1) && std::isinf(q.d13_1) && std::isinf(q.d23_1) && std::isinf(q.d23_2));
  s.solve3();
  ASSERT_EQ(s.count, 2);
  EXPECT_EQ(s.v[0].indexB, 0);
  EXPECT_EQ(s.v[1].indexB, 1);
  EXPECT_TRUE(std::isnan(s.v[0].a));
  EXPECT_TRUE(std::isnan(s.v[1].a));
}

// ---------------------------------------------------------------------------------------------------------
// perp's search direction for a segment (Box2D 2.4.1 b2_distance.cpp:178-191):
//   181  sgn = cross(e12, -w1);  182  if (sgn > 0) -> cross(1, e12) = (-e.y, e.x)  else cross(e12, 1) = (e.y, -e.x)
// w1 = (-1, y1), w2 = (3, 0): e12 = (4, -y1), -w1 = (1, -y1), sgn = 4*(-y1) - (-y1)*1 = -3*y1 (exact for
// y1 = 0, +-S: 4S and 3S are exact).
//   y1 = 0:  sgn = 4*(-0) - 0*1 = -0, not > 0 -> (e.y, -e.x) = (0, -4).
//   y1 = +S: sgn = -3S -> (e.y, -e.x) = (-S, -4): the origin is right of e12 (below the segment).
//   y1 = -S: sgn = +3S > 0 -> (-e.y, e.x) = (-S, 4): the origin is left of e12 (above the segment).
TEST(PerpDirectionBoundary, originOnTheSegmentLineTakesTheRightPerpendicular) {
  Simplex<float> s = makeSimplex({{-1, 0}, {3, 0}});
  EXPECT_EQ(gjk::cross(s.v[1].w - s.v[0].w, -s.v[0].w), 0.0f);
  EXPECT_EQ(gjk::PerpPolicy::searchDirection(s), (Vec2<float>{0, -4}));
}

TEST(PerpDirectionBoundary, originJustRightOfTheSegmentTakesTheRightPerpendicular) {
  Simplex<float> s = makeSimplex({{-1, S}, {3, 0}});
  EXPECT_EQ(gjk::cross(s.v[1].w - s.v[0].w, -s.v[0].w), -3 * S);
  EXPECT_EQ(gjk::PerpPolicy::searchDirection(s), (Vec2<float>{-S, -4}));
}

TEST(PerpDirectionBoundary, originJustLeftOfTheSegmentTakesTheLeftPerpendicular) {
  Simplex<float> s = makeSimplex({{-1, -S}, {3, 0}});
  EXPECT_EQ(gjk::cross(s.v[1].w - s.v[0].w, -s.v[0].w), 3 * S);
  EXPECT_EQ(gjk::PerpPolicy::searchDirection(s), (Vec2<float>{-S, 4}));
}

}  // namespace
