// The unit-quaternion rule of docs/case-format.md (case/unit_rotation.h, isUnitQuaternion and its float
// normalization).
//
// isUnitQuaternion is checked against exact rational arithmetic (boost::multiprecision::cpp_rational), which
// shares nothing with its expansion sum: on quaternions built to lie exactly on the boundary |w^2 + x^2 + y^2 +
// z^2 - 1| = 2^-20 with all four numbers nonzero (integer arithmetic finds them) and one ulp beside it, on
// subnormal and huge numbers, and on random quaternions; then every quaternion normalized in float must pass.
#include <gtest/gtest.h>

#include <boost/multiprecision/cpp_int.hpp>
#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>

#include "case/unit_rotation.h"
#include "tests/case/case_file_support.h"

namespace gjk::check {
namespace {

using Rational = boost::multiprecision::cpp_rational;

struct Q {
  float w, x, y, z;
};

// w^2 + x^2 + y^2 + z^2 - 1 exactly: a finite float converts to cpp_rational exactly (through double).
Rational exactDefect(const Q& q) {
  Rational sum = -1;
  for (float v : {q.w, q.x, q.y, q.z}) {
    const Rational r(static_cast<double>(v));
    sum += r * r;
  }
  return sum;
}

bool exactlyUnit(const Q& q) {
  const Rational bound(0x1p-20);
  const Rational defect = exactDefect(q);
  return defect <= bound && defect >= -bound;
}

bool isUnit(const Q& q) {
  return isUnitQuaternion(q.w, q.x, q.y, q.z);
}

std::string text(const Q& q) {
  char buffer[160];
  std::snprintf(buffer, sizeof buffer, "(%a, %a, %a, %a)", static_cast<double>(q.w), static_cast<double>(q.x),
                static_cast<double>(q.y), static_cast<double>(q.z));
  return buffer;
}

// The number one ulp farther from zero (its square grows).
float awayFromZero(float v) {
  return std::nextafter(v, v < 0 ? -INFINITY : INFINITY);
}

TEST(UnitQuaternion, boundaryWithOneSmallNumberIsInclusive) {
  // (1, 2^-10, 0, 0) and its permutations: the defect is 2^-20 exactly, accepted; one ulp more on the small
  // number, rejected; one ulp less on the 1 (1 - 2^-24), accepted.
  for (int position = 1; position < 4; ++position) {
    float q[4] = {1, 0, 0, 0};
    q[position] = 0x1p-10f;
    EXPECT_TRUE(isUnitQuaternion(q[0], q[1], q[2], q[3]));
    EXPECT_TRUE(isUnitQuaternion(-q[0], -q[1], q[2], q[3]));
    q[position] = std::nextafter(0x1p-10f, 1.0f);
    EXPECT_FALSE(isUnitQuaternion(q[0], q[1], q[2], q[3]));
    q[position] = 0x1p-10f;
    q[0] = std::nextafter(1.0f, 0.0f);
    EXPECT_TRUE(isUnitQuaternion(q[0], q[1], q[2], q[3]));
  }
  // The lower side: w = 1 - 2^-21 gives w^2 - 1 = -2^-20 + 2^-42, accepted; one ulp below, rejected.
  EXPECT_TRUE(isUnitQuaternion(0x1.fffffp-1f, 0, 0, 0));
  EXPECT_FALSE(isUnitQuaternion(std::nextafter(0x1.fffffp-1f, 0.0f), 0, 0, 0));
  EXPECT_TRUE(isUnitQuaternion(0, 0, 0, -0x1.fffffp-1f));
}

// Quaternions exactly on the boundary, w^2 + x^2 + y^2 + z^2 = 1 +- 2^-20, with all four numbers nonzero. Such
// numbers are all multiples of 2^-10: on a common grid 2^-k (k >= 10) the integers W, X, Y, Z have W^2 + X^2 + Y^2
// + Z^2 = 2^(2k-20) (2^20 +- 1), and a sum of four squares that is a multiple of 8 has all four even, so each halves
// until k = 10. So they are W 2^-10 ... with W^2 + X^2 + Y^2 + Z^2 = 2^20 +- 1, found here by trying every W, X in
// [614, 1023] (w, x near 0.6 .. 1) and every Y: integers, no rounding anywhere.
std::vector<Q> exactBoundaryQuaternions(bool upper, int wanted) {
  std::vector<Q> found;
  const std::int64_t target = (std::int64_t(1) << 20) + (upper ? 1 : -1);
  for (std::int64_t W = 614; W < 1024 && static_cast<int>(found.size()) < wanted; ++W) {
    for (std::int64_t X = 1023; X >= 1 && static_cast<int>(found.size()) < wanted; --X) {
      const std::int64_t n = target - W * W - X * X;
      if (n < 2) continue;
      for (std::int64_t Y = 1; 2 * Y * Y <= n; ++Y) {
        const std::int64_t zz = n - Y * Y;
        auto Z = static_cast<std::int64_t>(std::sqrt(static_cast<double>(zz)));
        while (Z * Z > zz) --Z;
        while ((Z + 1) * (Z + 1) <= zz) ++Z;
        if (Z * Z == zz) {
          found.push_back({std::ldexp(static_cast<float>(W), -10), std::ldexp(static_cast<float>(X), -10),
                           std::ldexp(static_cast<float>(Y), -10), std::ldexp(static_cast<float>(Z), -10)});
          break;
        }
      }
      if (!found.empty() && found.back().w == std::ldexp(static_cast<float>(W), -10)) break;  // next W
    }
  }
  return found;
}

TEST(UnitQuaternion, exactBoundaryWithFourNonzeroNumbersIsDecidedExactly) {
  for (bool upper : {true, false}) {
    const std::vector<Q> boundary = exactBoundaryQuaternions(upper, 200);
    ASSERT_EQ(boundary.size(), 200u) << "the search found too few boundary quaternions";
    EXPECT_NE(boundary.front().w, boundary.back().w);
    for (const Q& q : boundary) {
      ASSERT_EQ(exactDefect(q), Rational(upper ? 0x1p-20 : -0x1p-20)) << text(q);
      EXPECT_TRUE(isUnit(q)) << text(q);
      EXPECT_TRUE(isUnit({-q.z, q.y, -q.x, q.w})) << text(q);  // signs and order do not matter
      // One ulp outward on any number, for the upper side (one ulp inward for the lower): just beyond.
      for (int k = 0; k < 4; ++k) {
        Q beside = q;
        float* number = &beside.w + k;
        *number = upper ? awayFromZero(*number) : std::nextafter(*number, 0.0f);
        EXPECT_FALSE(isUnit(beside)) << text(beside);
        EXPECT_EQ(isUnit(beside), exactlyUnit(beside)) << text(beside);
      }
    }
  }
}

TEST(UnitQuaternion, subnormalAndHugeNumbersAndNonFiniteOnes) {
  // A subnormal number's square (about 2^-298) still moves the defect: at the boundary it decides.
  // (1, 2^-10, 2^-149, 0): the defect is 2^-20 + 2^-298, beyond the boundary by the smallest square there is.
  EXPECT_FALSE(isUnitQuaternion(1, 0x1p-10f, FLT_TRUE_MIN, 0));
  EXPECT_FALSE(exactlyUnit({1, 0x1p-10f, FLT_TRUE_MIN, 0}));
  EXPECT_TRUE(isUnitQuaternion(1, 0x1p-10f, 0, -0.0f));
  EXPECT_TRUE(isUnitQuaternion(0x1.fffffp-1f, FLT_TRUE_MIN, FLT_MIN, -FLT_TRUE_MIN));
  EXPECT_FALSE(isUnitQuaternion(std::nextafter(0x1.fffffp-1f, 0.0f), FLT_TRUE_MIN, FLT_MIN, -FLT_TRUE_MIN));
  EXPECT_FALSE(isUnitQuaternion(FLT_TRUE_MIN, FLT_TRUE_MIN, FLT_TRUE_MIN, FLT_TRUE_MIN));
  EXPECT_FALSE(isUnitQuaternion(FLT_MAX, 0, 0, 0));
  EXPECT_FALSE(isUnitQuaternion(1, FLT_MAX, -FLT_MAX, 0));
  EXPECT_FALSE(isUnitQuaternion(2, 0, 0, 0));
  EXPECT_FALSE(isUnitQuaternion(0, 0, 0, 0));
  EXPECT_FALSE(isUnitQuaternion(NAN, 0, 0, 1));
  EXPECT_FALSE(isUnitQuaternion(1, 0, INFINITY, 0));
  EXPECT_FALSE(isUnitQuaternion(0.5f, 0.5f, 0.5f, 0.5f * (1 + 0x1p-16f)));
  EXPECT_TRUE(isUnitQuaternion(0.5f, 0.5f, 0.5f, 0.5f));
  EXPECT_TRUE(isUnitQuaternion(-0.0f, 0, -1, 0));
}

TEST(UnitQuaternion, defectIsTheExactValueRounded) {
  EXPECT_EQ(unitQuaternionDefect(1, 2, 2, 4), 24.0);
  EXPECT_EQ(unitQuaternionDefect(1, 0x1p-10f, 0, 0), 0x1p-20);
  EXPECT_EQ(unitQuaternionDefect(0, 0, 0, 0), -1.0);
  const Q q{0.1f, 0.7f, 0.5f, 0.5f};
  EXPECT_EQ(unitQuaternionDefect(q.w, q.x, q.y, q.z), exactDefect(q).convert_to<double>());
  EXPECT_TRUE(std::isnan(unitQuaternionDefect(0, NAN, 0, 0)));
}

TEST(UnitQuaternion, agreesWithExactRationalArithmeticOnRandomQuaternions) {
  const std::uint32_t seed = testSeed();
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<std::uint32_t> anyBits;
  std::uniform_int_distribution<int> ulps(-24, 24);
  int accepted = 0, rejected = 0;
  for (int i = 0; i < 60000; ++i) {
    Q q{};
    float* numbers = &q.w;
    if (i % 3 == 0) {  // any finite bits
      for (int k = 0; k < 4; ++k) {
        do numbers[k] = floatFromBits(anyBits(random));
        while (!std::isfinite(numbers[k]));
      }
    } else {  // a float-normalized quaternion moved a few ulps per number: straddles the boundary
      const float exponentSpread = static_cast<float>(i % 2 == 0 ? 1 : 30);
      float raw[4];
      for (float& v : raw) {
        const float mantissa = static_cast<float>(anyBits(random) >> 8) * 0x1p-24f - 0.5f;
        v = std::ldexp(mantissa, -static_cast<int>(anyBits(random) % static_cast<std::uint32_t>(exponentSpread)));
      }
      const UnitQuaternion unit = normalizedQuaternion(raw[0], raw[1], raw[2], raw[3]);
      numbers[0] = floatFromBits(bitsOf(unit.w) + static_cast<std::uint32_t>(ulps(random)));
      numbers[1] = floatFromBits(bitsOf(unit.x) + static_cast<std::uint32_t>(ulps(random)));
      numbers[2] = unit.y;
      numbers[3] = floatFromBits(bitsOf(unit.z) + static_cast<std::uint32_t>(ulps(random)));
      for (int k = 0; k < 4; ++k) {
        if (!std::isfinite(numbers[k])) numbers[k] = 0;
      }
    }
    const bool expected = exactlyUnit(q);
    ASSERT_EQ(isUnit(q), expected) << text(q);
    (expected ? accepted : rejected) += 1;
  }
  EXPECT_GT(accepted, 10000);
  EXPECT_GT(rejected, 20000);
}

void expectNormalizedPasses(float w, float x, float y, float z) {
  const UnitQuaternion unit = normalizedQuaternion(w, x, y, z);
  ASSERT_TRUE(isUnitQuaternion(unit.w, unit.x, unit.y, unit.z))
      << "normalizedQuaternion" << text({w, x, y, z}) << " = " << text({unit.w, unit.x, unit.y, unit.z});
}

TEST(UnitQuaternion, everyFloatNormalizedQuaternionPasses) {
  const std::uint32_t seed = testSeed();
  std::mt19937 random(seed);
  long count = 0;
  // Random finite bits of any exponents, then numbers whose exponents are close (the hard case for the sum).
  for (int i = 0; i < 400000; ++i) {
    float q[4];
    for (float& v : q) {
      do v = floatFromBits(static_cast<std::uint32_t>(random()));
      while (!std::isfinite(v));
    }
    if (i % 2 == 0) {
      const int base = std::ilogb(q[0]);
      for (int k = 1; k < 4; ++k) {
        const float unitMantissa = std::fabs(q[k]) / std::ldexp(1.0f, std::ilogb(q[k]));  // in [1, 2)
        q[k] = std::copysign(std::ldexp(unitMantissa, base - 2 + static_cast<int>(random() % 5)), q[k]);
      }
    }
    if (q[0] == 0 && q[1] == 0 && q[2] == 0 && q[3] == 0) continue;
    expectNormalizedPasses(q[0], q[1], q[2], q[3]);
    ++count;
  }
  // Small integers, as generators use.
  for (int w = -6; w <= 6; ++w)
    for (int x = -6; x <= 6; ++x)
      for (int y = -6; y <= 6; ++y)
        for (int z = -6; z <= 6; ++z)
          if (w != 0 || x != 0 || y != 0 || z != 0) {
            expectNormalizedPasses(static_cast<float>(w), static_cast<float>(x), static_cast<float>(y),
                                   static_cast<float>(z));
            ++count;
          }
  // Extremes in every position.
  const float EXTREMES[] = {FLT_MAX, -FLT_MAX, FLT_MIN, FLT_TRUE_MIN, -FLT_TRUE_MIN, 1.0f, 0.0f, -0.0f, 0x1.fffffep-1f, 1e-30f, 3e38f};
  for (float w : EXTREMES)
    for (float x : EXTREMES)
      for (float y : EXTREMES)
        for (float z : EXTREMES)
          if (w != 0 || x != 0 || y != 0 || z != 0) {
            expectNormalizedPasses(w, x, y, z);
            ++count;
          }
  EXPECT_GT(count, 400000);
}

TEST(UnitQuaternion, normalizationKeepsTheDirectionAndToUnitQuaternionKeepsUnitOnes) {
  const UnitQuaternion half = normalizedQuaternion(2, -2, 2, 2);
  EXPECT_EQ(half.w, 0.5f);
  EXPECT_EQ(half.x, -0.5f);
  EXPECT_EQ(half.y, 0.5f);
  EXPECT_EQ(half.z, 0.5f);
  const UnitQuaternion tiny = normalizedQuaternion(0, FLT_TRUE_MIN, 0, 0);
  EXPECT_EQ(tiny.x, 1.0f);
  EXPECT_EQ(tiny.w, 0.0f);
  const UnitQuaternion none = normalizedQuaternion(0, -0.0f, 0, 0);
  EXPECT_EQ(none.w, 1.0f);
  EXPECT_EQ(none.x, 0.0f);

  const Q kept{-0.0f, 0x1.fffffp-1f, 0, -0.0f};  // a unit one with signed zeros: kept bit for bit
  const UnitQuaternion same = toUnitQuaternion(kept.w, kept.x, kept.y, kept.z);
  EXPECT_EQ(bitsOf(same.w), bitsOf(-0.0f));
  EXPECT_EQ(bitsOf(same.x), bitsOf(0x1.fffffp-1f));
  EXPECT_EQ(bitsOf(same.z), bitsOf(-0.0f));
  const UnitQuaternion mapped = toUnitQuaternion(1, 2, 2, 4);  // length 5
  EXPECT_TRUE(isUnitQuaternion(mapped.w, mapped.x, mapped.y, mapped.z));
  EXPECT_NEAR(mapped.z, 0.8, 1e-7);
  EXPECT_EQ(toUnitQuaternion(0, 0, 0, 0).w, 1.0f);
  EXPECT_EQ(toUnitQuaternion(NAN, 1, 0, 0).w, 1.0f);
  EXPECT_EQ(toUnitQuaternion(NAN, 1, 0, 0).x, 0.0f);
}

}  // namespace
}  // namespace gjk::check
