// The numbers of the `gjk-case 1` format (docs/case-format.md): every literal rounded to the nearest float exactly
// as strtof is specified to round, decimal and hex, once.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>

#include "case/case.h"
#include "tests/case/case_file_support.h"

namespace gjk::check {
namespace {

// ---------------------------------------------------------------------------------------------------
// Numbers: rounded to the nearest float exactly as strtof does.

TEST(CaseNumbers, decimalRoundsToNearestFloat) {
  EXPECT_EQ(bitsOf(parseOneNumber("0.1")), bitsOf(0x1.99999ap-4f));
  EXPECT_EQ(bitsOf(parseOneNumber("-0.0016")), bitsOf(-0x1.a36e2ep-10f));
  EXPECT_EQ(bitsOf(parseOneNumber("1e10")), bitsOf(1e10f));
  EXPECT_EQ(bitsOf(parseOneNumber("+.5")), bitsOf(0.5f));
  EXPECT_EQ(bitsOf(parseOneNumber("5.")), bitsOf(5.0f));
  EXPECT_EQ(bitsOf(parseOneNumber("1E+2")), bitsOf(100.0f));
  EXPECT_EQ(bitsOf(parseOneNumber("-0")), bitsOf(-0.0f));
  EXPECT_EQ(bitsOf(parseOneNumber("3.40282346638528859811704183484516925440e38")), bitsOf(FLT_MAX));
}

TEST(CaseNumbers, decimalHalfwayCasesRoundToEven) {
  // 1 + 2^-24 is halfway between 1 and 1 + 2^-23: ties to even gives 1.
  EXPECT_EQ(bitsOf(parseOneNumber("1.000000059604644775390625")), bitsOf(1.0f));
  // One digit above halfway rounds up.
  EXPECT_EQ(bitsOf(parseOneNumber("1.000000059604644775390626")), bitsOf(0x1.000002p+0f));
  // 1 + 3*2^-24 is halfway between 1 + 2^-23 (odd) and 1 + 2^-22 (even): rounds up to even.
  EXPECT_EQ(bitsOf(parseOneNumber("1.000000178813934326171875")), bitsOf(0x1.000004p+0f));
}

TEST(CaseNumbers, decimalIsRoundedOnceNotThroughDouble) {
  // 1 + 2^-24 + 2^-60, just above the halfway point 1 + 2^-24. Through double it would first round to
  // exactly the halfway point and then to even, 1; rounded once it is 1 + 2^-23.
  EXPECT_EQ(bitsOf(parseOneNumber("1.000000059604644776257986737988403547205962240695953369140625")),
            bitsOf(0x1.000002p+0f));
}

TEST(CaseNumbers, hexIsExactOrRoundedToEven) {
  EXPECT_EQ(bitsOf(parseOneNumber("0x1.a36e2ep-10")), bitsOf(0x1.a36e2ep-10f));
  EXPECT_EQ(bitsOf(parseOneNumber("-0X1P-1")), bitsOf(-0.5f));
  EXPECT_EQ(bitsOf(parseOneNumber("0x1.000001p+0")), bitsOf(1.0f));                // halfway: to even
  EXPECT_EQ(bitsOf(parseOneNumber("0x1.0000010001p+0")), bitsOf(0x1.000002p+0f));  // above halfway
  EXPECT_EQ(bitsOf(parseOneNumber("0x1.000003p+0")), bitsOf(0x1.000004p+0f));      // halfway: to even
  EXPECT_EQ(bitsOf(parseOneNumber("0x1.fffffep+127")), bitsOf(FLT_MAX));
  EXPECT_EQ(bitsOf(parseOneNumber("0x1.fffffefp+127")), bitsOf(FLT_MAX));  // below halfway to 2^128
}

TEST(CaseNumbers, underflowGivesSubnormalOrSignedZero) {
  EXPECT_EQ(bitsOf(parseOneNumber("1e-45")), bitsOf(floatFromBits(1)));
  EXPECT_EQ(bitsOf(parseOneNumber("0x1p-149")), bitsOf(floatFromBits(1)));
  EXPECT_EQ(bitsOf(parseOneNumber("0x1p-150")), bitsOf(0.0f));  // halfway to 2^-149: to even, 0
  // Just above the halfway point 2^-150: the nearest float is 2^-149. (glibc 2.36's strtof returns 0
  // here, one of its misrounded subnormal hex literals; the reader does not copy that.)
  EXPECT_EQ(bitsOf(parseOneNumber("0x1.000001p-150")), bitsOf(floatFromBits(1)));
  EXPECT_EQ(bitsOf(parseOneNumber("0x1.caeb11p-130")), bitsOf(0x1.caeb2p-130f));
  EXPECT_EQ(bitsOf(parseOneNumber("-0x1p-151")), bitsOf(-0.0f));
  EXPECT_EQ(bitsOf(parseOneNumber("1e-400")), bitsOf(0.0f));
  EXPECT_EQ(bitsOf(parseOneNumber("-0x1p-99999999999999999999")), bitsOf(-0.0f));
  EXPECT_EQ(bitsOf(parseOneNumber("1e-46")), bitsOf(0.0f));
  EXPECT_EQ(bitsOf(parseOneNumber("-1e-50")), bitsOf(-0.0f));
  EXPECT_EQ(bitsOf(parseOneNumber("1.1754942e-38")), bitsOf(floatFromBits(0x007FFFFF)));
}

TEST(CaseNumbers, randomDecimalLiteralsReadAsStrtofReadsThem) {
  // glibc's strtof is correctly rounded for decimal literals, so it is the reference here.
  const std::uint32_t seed = testSeed();
  SCOPED_TRACE("GJK_TEST_SEED=" + std::to_string(seed));
  std::mt19937 random(seed);
  std::uniform_int_distribution<int> digitCount(1, 40);
  std::uniform_int_distribution<int> digit(0, 9);
  std::uniform_int_distribution<int> exponent(-60, 45);
  std::uniform_int_distribution<int> coin(0, 1);
  for (int i = 0; i < 20000; ++i) {
    std::string literal = coin(random) != 0 ? "-" : "";
    const int count = digitCount(random);
    const int point = std::uniform_int_distribution<int>(0, count)(random);
    for (int k = 0; k < count; ++k) {
      if (k == point) {
        literal += '.';
      }
      literal += static_cast<char>('0' + digit(random));
    }
    literal += 'e';
    literal += std::to_string(exponent(random));
    const float expected = std::strtof(literal.c_str(), nullptr);
    if (!std::isfinite(expected)) {
      expectNotFinite(literal);
      continue;
    }
    ASSERT_EQ(bitsOf(parseOneNumber(literal)), bitsOf(expected)) << literal;
  }
}

TEST(CaseNumbers, randomHexLiteralsRoundOnceToNearest) {
  // The reference: strtod is exact for a hex literal of at most 53 significant bits inside the double
  // range, and the cast to float then rounds once, to nearest even, subnormals included.
  const std::uint32_t seed = testSeed();
  SCOPED_TRACE("GJK_TEST_SEED=" + std::to_string(seed));
  std::mt19937_64 random(seed);
  static constexpr char DIGITS[] = "0123456789abcdef";
  for (int i = 0; i < 50000; ++i) {
    std::string literal = (random() & 1) != 0 ? "-0x1." : "0x1.";
    const int digitCount = static_cast<int>(random() % 13);  // 1 + 4 * 12 = 49 significant bits at most
    for (int k = 0; k < digitCount; ++k) {
      literal += DIGITS[random() % 16];
    }
    // Exponents from below the subnormals to past the overflow, weighted to the subnormal range.
    const int exponent = (random() & 1) != 0 ? -155 + static_cast<int>(random() % 35)
                                             : -160 + static_cast<int>(random() % 300);
    literal += 'p';
    literal += std::to_string(exponent);
    const float expected = static_cast<float>(std::strtod(literal.c_str(), nullptr));
    if (!std::isfinite(expected)) {
      expectNotFinite(literal);
      continue;
    }
    ASSERT_EQ(bitsOf(parseOneNumber(literal)), bitsOf(expected)) << literal;
  }
}

}  // namespace
}  // namespace gjk::check
