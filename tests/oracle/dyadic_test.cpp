// dyadic.h: the one split of a double into m * 2^e that every exact conversion of the oracle starts
// from. Hand-written values at the edges (zeros, subnormals, the largest double, floats), then random bit
// patterns of every exponent against an independent split by frexp/ldexp (the routine the oracle used
// before, exact for the same reasons) and against the value itself rebuilt by ldexp.
#include "oracle/dyadic.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>

namespace gjk::oracle {
namespace {

void expectSplit(double value, long long mantissa, int exponent) {
  const Dyadic split = splitDouble(value);
  EXPECT_EQ(split.mantissa, mantissa) << std::hexfloat << value;
  EXPECT_EQ(split.exponent, exponent) << std::hexfloat << value;
}

TEST(OracleDyadic, SplitsHandWrittenDoublesExactly) {
  expectSplit(0.0, 0, 0);
  expectSplit(-0.0, 0, 0);  // both zeros are the rational 0
  expectSplit(1.0, 1, 0);
  expectSplit(-6.0, -3, 1);
  expectSplit(0.75, 3, -2);
  expectSplit(0.1, 3602879701896397, -55);                     // 0x1.999999999999ap-4
  expectSplit(0x1.fffffffffffffp+1023, (1LL << 53) - 1, 971);  // DBL_MAX
  expectSplit(0x1p+1023, 1, 1023);
  expectSplit(0x1p-1022, 1, -1022);                             // the smallest normal double
  expectSplit(0x0.0000000000001p-1022, 1, -1074);               // the smallest subnormal
  expectSplit(-0x0.fffffffffffffp-1022, -((1LL << 52) - 1), -1074);  // the largest subnormal
  expectSplit(0x0.8p-1022, 1, -1023);                           // a subnormal power of two
}

TEST(OracleDyadic, SplitsFloatsWithinTwentyFourBits) {
  const Dyadic smallest = splitFloat(std::numeric_limits<float>::denorm_min());
  EXPECT_EQ(smallest.mantissa, 1);
  EXPECT_EQ(smallest.exponent, -149);
  const Dyadic largest = splitFloat(std::numeric_limits<float>::max());
  EXPECT_EQ(largest.mantissa, (1LL << 24) - 1);
  EXPECT_EQ(largest.exponent, 104);
  const Dyadic tenth = splitFloat(0.1f);  // 0x1.99999ap-4
  EXPECT_EQ(tenth.mantissa, 13421773);
  EXPECT_EQ(tenth.exponent, -27);
}

TEST(OracleDyadic, RejectsNumbersWithoutAnExactValue) {
  EXPECT_THROW(splitDouble(std::numeric_limits<double>::infinity()), std::invalid_argument);
  EXPECT_THROW(splitDouble(-std::numeric_limits<double>::infinity()), std::invalid_argument);
  EXPECT_THROW(splitDouble(std::numeric_limits<double>::quiet_NaN()), std::invalid_argument);
  EXPECT_THROW(splitFloat(std::numeric_limits<float>::infinity()), std::invalid_argument);
}

// The split by frexp: value = fraction 2^exponent with fraction * 2^53 an integer below 2^53 (exact for
// every finite double), then the trailing zeros moved into the exponent.
Dyadic splitByFrexp(double value) {
  if (value == 0) {
    return {};
  }
  int exponent = 0;
  const double fraction = std::frexp(value, &exponent);
  long long mantissa = static_cast<long long>(std::ldexp(fraction, 53));
  exponent -= 53;
  while ((mantissa & 1) == 0) {
    mantissa /= 2;
    ++exponent;
  }
  return {mantissa, exponent};
}

TEST(OracleDyadic, AgreesWithFrexpAndRebuildsTheValueOnRandomBitPatterns) {
  std::uint64_t state = 0x9e3779b97f4a7c15ULL;  // splitmix64, fixed seed
  const auto next = [&state] {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  };
  int checked = 0;
  int subnormals = 0;
  for (int i = 0; i < 200000; ++i) {
    std::uint64_t bits = next();
    if (i % 4 == 0) {
      bits &= ~(std::uint64_t{0x7ff} << 52);  // a subnormal (or zero) in one draw of four
    } else if (i % 4 == 1) {
      bits &= ~((std::uint64_t{1} << (next() % 53)) - 1);  // trailing zeros of every length
    }
    const double value = std::bit_cast<double>(bits);
    if (!std::isfinite(value)) {
      continue;
    }
    const Dyadic split = splitDouble(value);
    const Dyadic reference = splitByFrexp(value);
    ASSERT_EQ(split.mantissa, reference.mantissa) << std::hexfloat << value;
    ASSERT_EQ(split.exponent, reference.exponent) << std::hexfloat << value;
    ASSERT_TRUE(split.mantissa == 0 || (split.mantissa & 1) != 0) << std::hexfloat << value;
    ASSERT_LT(split.mantissa < 0 ? -split.mantissa : split.mantissa, 1LL << 53);
    // ldexp is exact here: the result is the double itself.
    ASSERT_EQ(std::ldexp(static_cast<double>(split.mantissa), split.exponent), value) << std::hexfloat << value;
    ++checked;
    subnormals += std::fpclassify(value) == FP_SUBNORMAL;
  }
  EXPECT_GT(checked, 190000);
  EXPECT_GT(subnormals, 40000);
}

}  // namespace
}  // namespace gjk::oracle
