// The unit-rotation rule of docs/case-format.md (case/unit_rotation.h).
//
// isUnitRotation is checked against a second exact method that shares nothing with it (rational
// arithmetic, boost::multiprecision::cpp_rational, from the floats' exact values), on pairs at and beside
// the 2^-20 boundary (where float arithmetic gives wrong answers) and on random pairs; then every (cosf t,
// sinf t) and every float-normalized pair of a wide sweep, extremes included, must pass, and pairs a few
// parts in a million off the circle must not.
#include <gtest/gtest.h>

#include <boost/multiprecision/cpp_int.hpp>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <utility>

#include "case/unit_rotation.h"

namespace gjk::check {
namespace {

using Rational = boost::multiprecision::cpp_rational;

float floatFromBits(std::uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

std::uint32_t bitsOf(float value) {
  std::uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

// c^2 + s^2 - 1 as an exact rational: a finite float converts to cpp_rational exactly (through double,
// which holds every float).
Rational exactDefect(float c, float s) {
  const Rational rc(static_cast<double>(c)), rs(static_cast<double>(s));
  return rc * rc + rs * rs - 1;
}

bool exactlyUnit(float c, float s) {
  const Rational bound(0x1p-20);
  const Rational defect = exactDefect(c, s);
  return defect <= bound && defect >= -bound;
}

// The test one might write instead, in float arithmetic: c^2 + s^2 near 1 is spaced 2^-23 apart, so it
// misjudges pairs near the boundary. (In double the sum is spaced 2^-52 apart, and a misjudged pair needs
// c^2 + s^2 - 1 within 2^-53 of +-2^-20 with bits below 2^-53, which only a c or s below 2^-3 has; such
// float pairs are so rare that no sweep here finds one. isUnitRotation is exact by construction instead.)
bool unitInFloat(float c, float s) {
  const float sum = c * c + s * s;
  return std::fabs(sum - 1.0f) <= 0x1p-20f;
}

std::string pairText(float c, float s) {
  char buffer[96];
  std::snprintf(buffer, sizeof buffer, "(%a, %a)", static_cast<double>(c), static_cast<double>(s));
  return buffer;
}

TEST(UnitRotation, boundaryIsInclusiveAndExact) {
  // c = 2^-10, s = 1: c^2 + s^2 - 1 = 2^-20 exactly, on the boundary: accepted.
  EXPECT_TRUE(isUnitRotation(0x1p-10f, 1.0f));
  EXPECT_TRUE(isUnitRotation(-0x1p-10f, -1.0f));
  EXPECT_TRUE(isUnitRotation(1.0f, 0x1p-10f));
  // One ulp more on either number: 2^-20 + 2^-42 + 2^-66 and 2^-20 + 2^-22 + 2^-46: rejected.
  EXPECT_FALSE(isUnitRotation(std::nextafter(0x1p-10f, 1.0f), 1.0f));
  EXPECT_FALSE(isUnitRotation(0x1p-10f, std::nextafter(1.0f, 2.0f)));
  // One ulp less on s: 2^-20 - 2^-23 + 2^-48: accepted.
  EXPECT_TRUE(isUnitRotation(0x1p-10f, std::nextafter(1.0f, 0.0f)));
  // The lower side: c = 0x1.fffffp-1 = 1 - 2^-21 gives c^2 - 1 = -2^-20 + 2^-42: accepted.
  EXPECT_TRUE(isUnitRotation(0x1.fffffp-1f, 0.0f));
  // One ulp below: c = 1 - 2^-21 - 2^-24, c^2 - 1 = -2^-20 - 2^-23 + (2^-21 + 2^-24)^2: rejected.
  EXPECT_FALSE(isUnitRotation(std::nextafter(0x1.fffffp-1f, 0.0f), 0.0f));
  // Exact unit pairs, signed zeros, and the defaults.
  for (float c : {1.0f, -1.0f, 0.0f, -0.0f}) {
    for (float s : {1.0f, -1.0f, 0.0f, -0.0f}) {
      EXPECT_EQ(isUnitRotation(c, s), (c == 0) != (s == 0)) << pairText(c, s);
    }
  }
  EXPECT_TRUE(isUnitRotation(0.6f, 0.8f));  // 0.6f^2 + 0.8f^2 - 1 is about -1.5e-8
}

TEST(UnitRotation, rejectsPairsOffTheCircleAndNonFiniteOnes) {
  EXPECT_FALSE(isUnitRotation(3, 4));
  EXPECT_FALSE(isUnitRotation(0, 0));
  EXPECT_FALSE(isUnitRotation(0x1p-149f, 0x1p-149f));
  EXPECT_FALSE(isUnitRotation(FLT_MAX, 0));
  EXPECT_FALSE(isUnitRotation(1.6e38f, 16.1f));
  EXPECT_FALSE(isUnitRotation(2.0f, 0));
  EXPECT_FALSE(isUnitRotation(NAN, 0));
  EXPECT_FALSE(isUnitRotation(0, INFINITY));
  // (0.6, 0.8) scaled by 1 + 2^-16: a defect of about 2^-15.
  const float k = 1.0f + 0x1p-16f;
  EXPECT_FALSE(isUnitRotation(0.6f * k, 0.8f * k));
  EXPECT_FALSE(isUnitRotation(std::sqrt(0.5f) * 2, std::sqrt(0.5f) * 2));
}

TEST(UnitRotation, agreesWithExactRationalArithmeticAtTheBoundary) {
  // s = 1 - k 2^-24 just below 1 and the five floats c around the one whose square brings c^2 + s^2 - 1 to
  // +2^-20; and the same around -2^-20 (c^2 + s^2 = 1 - 2^-20), with s = 1 - k 2^-24 and c near
  // sqrt(1 - 2^-20 - s^2). Each answer is checked against the rational one.
  int disagreementsWithFloat = 0, accepted = 0, rejected = 0;
  for (int k = 1; k <= 20000; ++k) {
    const float s = 1.0f - static_cast<float>(k) * 0x1p-24f;  // exact: k < 2^24
    for (double side : {0x1p-20, -0x1p-20}) {
      const double target = side + (1.0 - static_cast<double>(s) * s);  // c^2 on the boundary, rounded
      if (!(target > 0))
        continue;
      float c = static_cast<float>(std::sqrt(target));
      c = std::nextafter(std::nextafter(c, 0.0f), 0.0f);
      for (int j = 0; j < 5; ++j, c = std::nextafter(c, 1.0f)) {
        const bool expected = exactlyUnit(c, s);
        ASSERT_EQ(isUnitRotation(c, s), expected) << pairText(c, s);
        ASSERT_EQ(isUnitRotation(-s, c), expected) << pairText(-s, c);  // a quarter turn: same defect
        disagreementsWithFloat += unitInFloat(c, s) != expected;
        (expected ? accepted : rejected) += 1;
      }
    }
  }
  // Both answers occur, and float arithmetic gets many of them wrong: the sweep is at the boundary.
  EXPECT_GT(accepted, 50000);
  EXPECT_GT(rejected, 50000);
  EXPECT_GT(disagreementsWithFloat, 1000);
}

// isUnitRotation decides in double arithmetic (case/unit_rotation.cpp): d = fl(c^2 + s^2) - 1 and the
// rounding error err of that sum, exactly; |d| = 2^-20 is decided by the sign of err. A float pair with
// d = +-2^-20 and err != 0 is very rare: a search over every float c in [2^-14, 2^-2) with the floats s
// nearest to sqrt(1 +- 2^-20 - c^2), and over every s = 1 - k 2^-24 with the floats c nearest to the
// boundary, found this one pair only (d = -2^-20, err = +2^-62: inside the boundary, by a hair). It and
// its symmetric pairs keep that branch tested against exact rational arithmetic.
TEST(UnitRotation, tieOfTheRoundedSumIsDecidedByItsRoundingError) {
  const float c = 0x1.fffffp-11f, s = 0x1.ffffep-1f;
  const double sum = static_cast<double>(c) * c + static_cast<double>(s) * s;
  ASSERT_EQ(sum - 1, -0x1p-20);                     // the tie: the rounded sum is on the boundary
  ASSERT_NE(exactDefect(c, s), Rational(-0x1p-20));  // but the exact one is not
  for (const auto& [x, y] : {std::pair{c, s}, {-c, s}, {c, -s}, {-c, -s}, {s, c}, {-s, c}, {s, -c}, {-s, -c}}) {
    EXPECT_EQ(isUnitRotation(x, y), exactlyUnit(x, y)) << pairText(x, y);
    EXPECT_TRUE(isUnitRotation(x, y)) << pairText(x, y);
  }
}

TEST(UnitRotation, agreesWithExactRationalArithmeticOnRandomPairs) {
  std::mt19937_64 random(20261124);
  std::uniform_int_distribution<std::uint32_t> anyBits;
  std::uniform_int_distribution<int> ulps(-40, 40);
  for (int i = 0; i < 60000; ++i) {
    float c, s;
    switch (i % 3) {
      case 0:  // any finite bits
        do {
          c = floatFromBits(anyBits(random));
          s = floatFromBits(anyBits(random));
        } while (!std::isfinite(c) || !std::isfinite(s));
        break;
      case 1: {  // a unit pair moved up to 40 ulps per number: straddles the boundary
        const float t = std::ldexp(static_cast<float>(anyBits(random) >> 8), -22);
        c = std::cos(t), s = std::sin(t);
        c = floatFromBits(bitsOf(c) + ulps(random));
        s = floatFromBits(bitsOf(s) + ulps(random));
        break;
      }
      default: {  // s near 1, c anywhere in [2^-16, 2^-8): the small term decides near the boundary
        s = floatFromBits(bitsOf(1.0f) - static_cast<std::uint32_t>(anyBits(random) % 64));
        c = std::ldexp(1.0f + static_cast<float>(anyBits(random) >> 9) * 0x1p-23f,
                       -16 + static_cast<int>(anyBits(random) % 8));
        break;
      }
    }
    ASSERT_EQ(isUnitRotation(c, s), exactlyUnit(c, s)) << pairText(c, s);
  }
}

TEST(UnitRotation, defectIsTheExactValueRounded) {
  EXPECT_EQ(unitRotationDefect(3, 4), 24.0);
  EXPECT_EQ(unitRotationDefect(0x1p-10f, 1.0f), 0x1p-20);
  EXPECT_EQ(unitRotationDefect(0, 0), -1.0);
  EXPECT_EQ(unitRotationDefect(0.6f, 0.8f), exactDefect(0.6f, 0.8f).convert_to<double>());
}

// Angles: a dense sweep of [-8, 8], every binade from 2^-149 to FLT_MAX (several significands each,
// both signs), the multiples of pi/2 and pi/4 as floats, and random finite bit patterns.
template <class Visit>
void forManyAngles(Visit visit) {
  for (int i = -200000; i <= 200000; ++i) visit(static_cast<float>(i) * 4e-5f);
  for (int e = -149; e <= 127; ++e) {
    for (float m : {1.0f, 1.25f, 1.5f, 1.999999f, 1.3333333f, 1.7071068f}) {
      const float t = std::ldexp(m, e);
      if (std::isfinite(t)) {
        visit(t);
        visit(-t);
      }
    }
  }
  visit(FLT_MAX), visit(-FLT_MAX), visit(FLT_TRUE_MIN), visit(0.0f), visit(-0.0f);
  for (int k = -64; k <= 64; ++k) visit(static_cast<float>(k * M_PI / 4));
  std::mt19937 random(7);
  for (int i = 0; i < 400000; ++i) {
    const float t = floatFromBits(static_cast<std::uint32_t>(random()));
    if (std::isfinite(t))
      visit(t);
  }
}

TEST(UnitRotation, everyCosfSinfPairPasses) {
  long count = 0;
  forManyAngles([&](float t) {
    ++count;
    ASSERT_TRUE(isUnitRotation(std::cos(t), std::sin(t)))
        << "t = " << t << " " << pairText(std::cos(t), std::sin(t));
    // Double cos and sin rounded to float (correctly rounded, or within an ulp): also pass.
    const float c = static_cast<float>(std::cos(static_cast<double>(t)));
    const float s = static_cast<float>(std::sin(static_cast<double>(t)));
    ASSERT_TRUE(isUnitRotation(c, s)) << "t = " << t << " " << pairText(c, s);
  });
  EXPECT_GT(count, 500000);
}

// (x, y) normalized in float the two ways engines do it: divided by the float length, and times its
// float reciprocal (Box2D's b2NormalizeRot). Only where x*x + y*y is a normal float, since without a
// rescaling a huge or tiny pair overflows or underflows there; normalizedRotation rescales first.
void expectFloatNormalizationsPass(float x, float y) {
  const UnitRotation r = normalizedRotation(x, y);
  ASSERT_TRUE(isUnitRotation(r.c, r.s))
      << "normalizedRotation" << pairText(x, y) << " = " << pairText(r.c, r.s);
  const float lengthSquared = x * x + y * y;
  if (std::isfinite(lengthSquared) && lengthSquared >= FLT_MIN) {
    const float length = std::sqrt(lengthSquared);
    ASSERT_TRUE(isUnitRotation(x / length, y / length)) << "divided " << pairText(x, y);
    const float inverse = 1.0f / length;
    ASSERT_TRUE(isUnitRotation(x * inverse, y * inverse)) << "reciprocal " << pairText(x, y);
  }
}

TEST(UnitRotation, everyFloatNormalizedPairPasses) {
  // Small integers, as the families use.
  for (int x = -300; x <= 300; ++x) {
    for (int y = -300; y <= 300; ++y) {
      if (x != 0 || y != 0)
        expectFloatNormalizationsPass(static_cast<float>(x), static_cast<float>(y));
    }
  }
  // Random finite pairs of any exponents, and pairs whose exponents are close.
  std::mt19937 random(11);
  for (int i = 0; i < 200000; ++i) {
    const float x = floatFromBits(static_cast<std::uint32_t>(random()));
    float y = floatFromBits(static_cast<std::uint32_t>(random()));
    if (i % 2 == 0)
      y = std::ldexp(std::fabs(y) / std::ldexp(1.0f, std::ilogb(y)),
                     std::ilogb(x) - 3 + static_cast<int>(random() % 7)) *
          (y < 0 ? -1 : 1);
    if (std::isfinite(x) && std::isfinite(y) && (x != 0 || y != 0))
      expectFloatNormalizationsPass(x, y);
  }
  // Extremes.
  const float EXTREMES[] = {FLT_MAX,       -FLT_MAX, FLT_MIN, -FLT_MIN, FLT_TRUE_MIN,
                            -FLT_TRUE_MIN, 1.0f,     0.0f,    -0.0f,    0x1.fffffep-1f,
                            1e30f,         1e-30f,   3e38f,   1.6e38f,  16.1f};
  for (float x : EXTREMES) {
    for (float y : EXTREMES) {
      if (x != 0 || y != 0)
        expectFloatNormalizationsPass(x, y);
    }
  }
}

TEST(UnitRotation, normalizedRotationIsNearTheDirectionGiven) {
  const UnitRotation r = normalizedRotation(3, 4);
  EXPECT_NEAR(r.c, 0.6, 1e-7);
  EXPECT_NEAR(r.s, 0.8, 1e-7);
  const UnitRotation huge = normalizedRotation(1.6e38f, 16.1f);
  EXPECT_EQ(huge.c, 1.0f);
  EXPECT_GE(huge.s, 0.0f);
  const UnitRotation tiny = normalizedRotation(-FLT_TRUE_MIN, FLT_TRUE_MIN);
  EXPECT_NEAR(tiny.c, -std::sqrt(0.5), 1e-7);
  EXPECT_NEAR(tiny.s, std::sqrt(0.5), 1e-7);
  const UnitRotation none = normalizedRotation(0, -0.0f);
  EXPECT_EQ(none.c, 1.0f);
  EXPECT_EQ(none.s, 0.0f);
}

TEST(UnitRotation, toUnitRotationKeepsValidPairsBitForBitAndMapsTheRest) {
  for (float t : {0.0f, 0.1f, 1.0f, 2.5f, -3.0f, 1e6f}) {
    const float c = std::cos(t), s = std::sin(t);
    const UnitRotation kept = toUnitRotation(c, s);
    EXPECT_EQ(bitsOf(kept.c), bitsOf(c));
    EXPECT_EQ(bitsOf(kept.s), bitsOf(s));
  }
  const UnitRotation negativeZero = toUnitRotation(-0.0f, 1.0f);
  EXPECT_EQ(bitsOf(negativeZero.c), bitsOf(-0.0f));
  const UnitRotation mapped = toUnitRotation(3, 4);
  EXPECT_TRUE(isUnitRotation(mapped.c, mapped.s));
  EXPECT_NEAR(mapped.c, 0.6, 1e-7);
  const UnitRotation fallback = toUnitRotation(0, 0);
  EXPECT_EQ(fallback.c, 1.0f);
  EXPECT_EQ(fallback.s, 0.0f);
  const UnitRotation notFinite = toUnitRotation(NAN, 1);
  EXPECT_EQ(notFinite.c, 1.0f);
}

}  // namespace
}  // namespace gjk::check
