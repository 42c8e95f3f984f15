// core/orientation_filter.h: the double filter decides where its bound allows, the exact expansion decides
// where the filter cannot (including cases where the double sum has the wrong sign), and every sign agrees
// with integer arithmetic on random near-degenerate inputs.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>

#include "core/orientation_filter.h"

namespace {

using gjk::exact::crossSign;
using gjk::exact::exactSumSign;
using gjk::exact::filteredSumSign;
using gjk::exact::orientationSign;
using gjk::exact::selfDotDifferenceSign;

int sign128(__int128 v) { return (v > 0) - (v < 0); }

TEST(OrientationFilter, ExactSumSignOfCancellingTerms) {
  const double terms[4] = {0x1p80, 1.0, -0x1p80, -0.5};
  EXPECT_EQ(exactSumSign(terms, 4), 1);
  const double zero[3] = {0x1p80, -0x1p80, 0.0};
  EXPECT_EQ(exactSumSign(zero, 3), 0);
  const double tiny[3] = {0x1p200, 0x1p-200, -0x1p200};
  EXPECT_EQ(exactSumSign(tiny, 3), 1);
  EXPECT_EQ(exactSumSign(tiny, 0), 0);
}

// a.b - a.c with a = (2^40, 1), b = (2^40, 1), c = (2^40, 0.5): exactly 2^80 + 1 - 2^80 - 0.5 = 0.5 > 0. The
// double sum in order is ((2^80 + 1) - 2^80) - 0.5 = -0.5: the wrong sign, inside the filter's bound
// 4 u (2^81 + 1.5), so the filter must hand over and the expansion must say +1.
TEST(OrientationFilter, FallbackDecidesWhereTheDoubleSumHasTheWrongSign) {
  const double terms[4] = {0x1p40 * 0x1p40, 1.0 * 1.0, -(0x1p40 * 0x1p40), -(1.0 * 0.5)};
  double naive = 0;
  for (double t : terms) naive += t;
  ASSERT_LT(naive, 0) << "the example must fool plain double summation";
  bool fallback = false;
  EXPECT_EQ(filteredSumSign(terms, 4, &fallback), 1);
  EXPECT_TRUE(fallback);
  // a.a - a.b: (2^80 + 1) - (2^80 + 0.5) > 0; (2^80 + 0.25) - (2^80 + 0.5) < 0; a = b gives 0.
  EXPECT_EQ(selfDotDifferenceSign(0x1p40f, 1.0f, 0x1p40f, 0.5f), 1);
  EXPECT_EQ(selfDotDifferenceSign(0x1p40f, 0.5f, 0x1p40f, 1.0f), -1);
  EXPECT_EQ(selfDotDifferenceSign(0x1p40f, 1.0f, 0x1p40f, 1.0f), 0);
  // a.(a - b) = 1 - 1: the rounded products cancel exactly, the filter cannot decide, the exact sum gives 0.
  EXPECT_EQ(selfDotDifferenceSign(1.0f, 1.0f, 2.0f, 0.0f), 0);
}

// At the bound: a sum just outside n u A is decided by the filter, one inside is not (and is still right).
TEST(OrientationFilter, FilterDecidesOutsideItsBoundOnly) {
  // n = 2, A = 2: bound 2 * 2^-53 * 2 = 2^-51. 1 - (1 - 2^-50) = 2^-50 > bound: the filter decides.
  const double outside[2] = {1.0, -(1.0 - 0x1p-50)};
  bool fallback = true;
  EXPECT_EQ(filteredSumSign(outside, 2, &fallback), 1);
  EXPECT_FALSE(fallback);
  // 1 - (1 - 2^-53) = 2^-53 < bound: the filter hands over; the expansion still says +1.
  const double inside[2] = {1.0, -(1.0 - 0x1p-53)};
  EXPECT_EQ(filteredSumSign(inside, 2, &fallback), 1);
  EXPECT_TRUE(fallback);
  const double zero[2] = {0.0, 0.0};
  EXPECT_EQ(filteredSumSign(zero, 2, &fallback), 0);
}

TEST(OrientationFilter, CrossSignIsExactForNearlyParallelVectors) {
  // (2^24 - 1, 2^24 - 2) x (2^24 - 2, 2^24 - 3) = (2^24-1)(2^24-3) - (2^24-2)^2 = -1.
  const float a = 16777215.0f, b = 16777214.0f, c = 16777213.0f;
  EXPECT_EQ(crossSign(a, b, b, c), -1);
  EXPECT_EQ(crossSign(b, c, a, b), 1);
  EXPECT_EQ(crossSign(a, b, a, b), 0);
  EXPECT_EQ(crossSign(0x1p-149f, 0x1p-149f, 0x1p-149f, 0x1p-148f), 1);  // subnormal inputs
}

// Random near-degenerate inputs with integer coordinates below 2^24 (exact in float), times a common power of
// two: every sign agrees with __int128 arithmetic, and the fallback is exercised.
TEST(OrientationFilter, AgreesWithIntegerArithmeticOnNearDegenerateInputs) {
  std::mt19937_64 random(14);
  std::uniform_int_distribution<std::int64_t> coordinate(-(1 << 23), (1 << 23));
  std::uniform_int_distribution<int> small(-2, 2);
  std::uniform_int_distribution<int> exponent(-100, 100);
  int fallbacks = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    // Three points near a line through p with direction q: p, p + q, p - 2q, each moved by -2..2.
    const std::int64_t px = coordinate(random) / 4, py = coordinate(random) / 4;
    const std::int64_t qx = coordinate(random) / 4, qy = coordinate(random) / 4;
    // One trial in four is exactly collinear: the filter cannot decide a zero, the expansion must.
    auto nudge = [&]() { return trial % 4 == 0 ? 0 : small(random); };
    std::int64_t x[3] = {px + nudge(), px + qx + nudge(), px - 2 * qx + nudge()};
    std::int64_t y[3] = {py + nudge(), py + qy + nudge(), py - 2 * qy + nudge()};
    const int e = exponent(random);
    float fx[3], fy[3];
    for (int i = 0; i < 3; ++i) {
      fx[i] = std::ldexp(float(x[i]), e);
      fy[i] = std::ldexp(float(y[i]), e);
      ASSERT_EQ(std::ldexp(double(fx[i]), -e), double(x[i]));
    }
    const __int128 orient = (__int128)(x[1] - x[0]) * (y[2] - y[0]) - (__int128)(y[1] - y[0]) * (x[2] - x[0]);
    ASSERT_EQ(orientationSign(fx[0], fy[0], fx[1], fy[1], fx[2], fy[2]), sign128(orient)) << trial;
    const __int128 dots = (__int128)x[0] * x[0] + (__int128)y[0] * y[0] - (__int128)x[0] * x[1] -
                          (__int128)y[0] * y[1];
    ASSERT_EQ(selfDotDifferenceSign(fx[0], fy[0], fx[1], fy[1]), sign128(dots)) << trial;
    const __int128 cr = (__int128)x[0] * y[1] - (__int128)y[0] * x[1];
    ASSERT_EQ(crossSign(fx[0], fy[0], fx[1], fy[1]), sign128(cr)) << trial;

    const double terms[6] = {double(fx[0]) * fy[1], -(double(fy[0]) * fx[1]), double(fx[1]) * fy[2],
                             -(double(fy[1]) * fx[2]), double(fx[2]) * fy[0], -(double(fy[2]) * fx[0])};
    bool fallback = false;
    filteredSumSign(terms, 6, &fallback);
    fallbacks += fallback ? 1 : 0;
  }
  EXPECT_GT(fallbacks, 100) << "the near-degenerate inputs must reach the exact fallback";
}

}  // namespace
