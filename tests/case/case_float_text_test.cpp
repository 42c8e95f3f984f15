// hexFloat and decimalFloat, the spellings of a float in a case file: exact, canonical, and read back
// by strtof as the same bits, over random bit patterns of every exponent (subnormals included) and the
// floats at the edges of the format.
#include <gtest/gtest.h>

#include <bit>
#include <cfloat>
#include <clocale>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <random>
#include <string>

#include "case/case.h"

namespace gjk::check {
namespace {

std::uint32_t bitsOf(float value) {
  return std::bit_cast<std::uint32_t>(value);
}

float floatFromBits(std::uint32_t bits) {
  return std::bit_cast<float>(bits);
}

std::uint32_t testSeed() {
  constexpr std::uint32_t DEFAULT_SEED = 20261121;
  const char* text = std::getenv("GJK_TEST_SEED");
  const std::uint32_t seed =
      text != nullptr ? static_cast<std::uint32_t>(std::strtoul(text, nullptr, 0)) : DEFAULT_SEED;
  std::cout << "seed " << seed << " (set GJK_TEST_SEED to replay)\n";
  return seed;
}

// strtof of the whole text, or NaN when strtof leaves something unread.
float readBack(const std::string& text) {
  char* end = nullptr;
  const float value = std::strtof(text.c_str(), &end);
  return end == text.c_str() + text.size() ? value : std::numeric_limits<float>::quiet_NaN();
}

// What the spec says, written independently of the implementation: printf("%a") of the float promoted
// to double (exact, and normalized even for float subnormals, which are normal doubles), with "0"/"-0".
std::string referenceHex(float value) {
  if (value == 0) {
    return std::signbit(value) ? "-0" : "0";
  }
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%a", static_cast<double>(value));
  return buffer;
}

// The first of "%.6g" .. "%.9g" that strtof reads back as the same bits.
std::string referenceDecimal(float value) {
  char buffer[64];
  for (int precision = 6; precision <= 9; ++precision) {
    std::snprintf(buffer, sizeof buffer, "%.*g", precision, static_cast<double>(value));
    if (bitsOf(readBack(buffer)) == bitsOf(value)) {
      break;
    }
  }
  return buffer;
}

void checkFloat(float value) {
  const std::string hex = hexFloat(value);
  const std::string decimal = decimalFloat(value);
  ASSERT_EQ(hex, referenceHex(value)) << "bits 0x" << std::hex << bitsOf(value);
  ASSERT_EQ(decimal, referenceDecimal(value)) << hex;
  ASSERT_EQ(bitsOf(readBack(hex)), bitsOf(value)) << hex;
  ASSERT_EQ(bitsOf(readBack(decimal)), bitsOf(value)) << hex << " written as " << decimal;
}

TEST(HexFloat, spellsTheExamplesOfTheContract) {
  EXPECT_EQ(hexFloat(-0x1.a36e2ep-10f), "-0x1.a36e2ep-10");
  EXPECT_EQ(hexFloat(0.0f), "0");
  EXPECT_EQ(hexFloat(-0.0f), "-0");
  EXPECT_EQ(hexFloat(1.0f), "0x1p+0");
  EXPECT_EQ(hexFloat(-0.5f), "-0x1p-1");
  EXPECT_EQ(hexFloat(0.1f), "0x1.99999ap-4");
  EXPECT_EQ(hexFloat(3.0f), "0x1.8p+1");
  EXPECT_EQ(hexFloat(90000.0f), "0x1.5f9p+16");
  EXPECT_EQ(hexFloat(FLT_MAX), "0x1.fffffep+127");
  EXPECT_EQ(hexFloat(FLT_MIN), "0x1p-126");
  EXPECT_EQ(hexFloat(16777215.0f), "0x1.fffffep+23");
}

TEST(HexFloat, normalizesSubnormals) {
  EXPECT_EQ(hexFloat(floatFromBits(1)), "0x1p-149");  // 1e-45f
  EXPECT_EQ(hexFloat(-floatFromBits(1)), "-0x1p-149");
  EXPECT_EQ(hexFloat(floatFromBits(3)), "0x1.8p-148");
  EXPECT_EQ(hexFloat(floatFromBits(0x007FFFFF)), "0x1.fffffcp-127");  // the largest subnormal
  EXPECT_EQ(hexFloat(floatFromBits(0x00400000)), "0x1p-127");
}

TEST(HexFloat, spellsNonFiniteValuesForDiagnostics) {
  EXPECT_EQ(hexFloat(std::numeric_limits<float>::infinity()), "inf");
  EXPECT_EQ(hexFloat(-std::numeric_limits<float>::infinity()), "-inf");
  EXPECT_EQ(hexFloat(std::numeric_limits<float>::quiet_NaN()), "nan");
}

TEST(DecimalFloat, isTheShortestOfSixToNineDigitsThatRoundTrips) {
  EXPECT_EQ(decimalFloat(0.0f), "0");
  EXPECT_EQ(decimalFloat(-0.0f), "-0");
  EXPECT_EQ(decimalFloat(1.0f), "1");
  EXPECT_EQ(decimalFloat(-0.5f), "-0.5");
  EXPECT_EQ(decimalFloat(0.1f), "0.1");
  EXPECT_EQ(decimalFloat(-0.0016f), "-0.0016");
  EXPECT_EQ(decimalFloat(90000.0f), "90000");
  EXPECT_EQ(decimalFloat(1e10f), "1e+10");
  EXPECT_EQ(decimalFloat(16777217.0f), "16777216");        // 2^24 + 1 is not a float
  EXPECT_EQ(decimalFloat(16777215.0f), "16777215");        // needs 8 digits
  EXPECT_EQ(decimalFloat(0x1.000002p+0f), "1.0000001");    // needs 8 digits
  EXPECT_EQ(decimalFloat(0x1.9999a0p-4f), "0.100000024");  // needs 9: "0.10000002" is 0x1.99999ep-4
  EXPECT_EQ(decimalFloat(FLT_MAX), "3.4028235e+38");
  EXPECT_EQ(decimalFloat(FLT_MIN), "1.1754944e-38");
  EXPECT_EQ(decimalFloat(floatFromBits(1)), "1.4013e-45");  // six significant digits, zeros trimmed
}

TEST(DecimalFloat, ignoresTheProgramLocale) {
  // A program may switch to a locale whose decimal point is a comma; the file format may not.
  const char* previous = std::setlocale(LC_NUMERIC, nullptr);
  const std::string saved = previous != nullptr ? previous : "C";
  if (std::setlocale(LC_NUMERIC, "de_DE.UTF-8") == nullptr &&
      std::setlocale(LC_NUMERIC, "fr_FR.UTF-8") == nullptr) {
    GTEST_SKIP() << "no locale with a decimal comma installed";
  }
  EXPECT_EQ(decimalFloat(-0.5f), "-0.5");
  const Case c = parseCase("gjk-case 1\na.vertex 0.5 0x1.8p-1\nb.vertex 1.25 0\n", "locale.case");
  std::setlocale(LC_NUMERIC, saved.c_str());
  EXPECT_EQ(c.a.vertices[0].x, 0.5f);
  EXPECT_EQ(c.a.vertices[0].y, 0.75f);
  EXPECT_EQ(c.b.vertices[0].x, 1.25f);
}

TEST(FloatText, edgeFloatsAreExactCanonicalAndReadBack) {
  const float floats[] = {0.0f,
                          -0.0f,
                          1.0f,
                          -1.0f,
                          FLT_MAX,
                          -FLT_MAX,
                          FLT_MIN,
                          -FLT_MIN,
                          FLT_EPSILON,
                          floatFromBits(1),
                          -floatFromBits(1),
                          floatFromBits(2),
                          floatFromBits(0x007FFFFF),
                          floatFromBits(0x00800001),
                          std::nextafter(1.0f, 2.0f),
                          std::nextafter(1.0f, 0.0f),
                          16777216.0f,
                          0.1f,
                          1e-45f,
                          3.4028235e38f};
  for (float value : floats) {
    checkFloat(value);
  }
}

TEST(FloatText, everyExponentWithRandomSignificandsReadsBack) {
  // Every biased exponent 0..254 (0 is the subnormals), the extreme significands and random ones.
  const std::uint32_t seed = testSeed();
  SCOPED_TRACE("GJK_TEST_SEED=" + std::to_string(seed));
  std::mt19937 random(seed);
  for (std::uint32_t exponent = 0; exponent <= 254; ++exponent) {
    for (std::uint32_t sign = 0; sign <= 1; ++sign) {
      const std::uint32_t base = (sign << 31) | (exponent << 23);
      checkFloat(floatFromBits(base));
      checkFloat(floatFromBits(base | 1));
      checkFloat(floatFromBits(base | 0x7FFFFF));
      for (int i = 0; i < 200; ++i) {
        checkFloat(floatFromBits(base | (static_cast<std::uint32_t>(random()) & 0x7FFFFF)));
      }
    }
  }
}

TEST(FloatText, randomBitPatternsReadBack) {
  const std::uint32_t seed = testSeed() + 2;
  SCOPED_TRACE("GJK_TEST_SEED=" + std::to_string(seed - 2));
  std::mt19937 random(seed);
  int checked = 0;
  while (checked < 300000) {
    const float value = floatFromBits(static_cast<std::uint32_t>(random()));
    if (!std::isfinite(value)) {
      continue;
    }
    checkFloat(value);
    ++checked;
  }
}

}  // namespace
}  // namespace gjk::check
