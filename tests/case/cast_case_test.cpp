// The cast case (docs/case-format.md, `b.translation X Y`): read, written, encoded for the fuzzers and
// shrunk, each keeping the translation bit for bit, and the reader's errors for bad translation lines.
#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "case/case.h"
#include "case/case_shrinker.h"
#include "case/fuzz_input.h"
#include "tests/case/case_file_support.h"

namespace gjk::check {
namespace {

Case parseText(const std::string& text) { return parseCase(text, FILE_NAME); }

const std::string CAST_TEXT =
    "gjk-case 1\n"
    "a.vertex 0 0\n"
    "b.position 5 0\n"
    "b.vertex 0 0\n"
    "b.translation -0x1.4p+3 0.25  # -10 0.25\n";

TEST(CastCase, theTranslationLineMakesACastCase) {
  const Case value = parseText(CAST_TEXT);
  EXPECT_TRUE(value.hasTranslation);
  EXPECT_EQ(value.translationX, -10.0f);
  EXPECT_EQ(value.translationY, 0.25f);
  EXPECT_EQ(value.b.positionX, 5.0f);  // every other line means what it meant
  const Case plain = parseText("gjk-case 1\na.vertex 0 0\nb.vertex 0 0\n");
  EXPECT_FALSE(plain.hasTranslation);
}

TEST(CastCase, theLineMayComeAnywhereAfterTheHeaderAndTakesAnyFiniteFloats) {
  const Case value = parseText("gjk-case 1\nb.translation 0x1p-149 -0\na.vertex 0 0\nb.vertex 1 1\n");
  EXPECT_TRUE(value.hasTranslation);
  EXPECT_EQ(bitsOf(value.translationX), 1u);            // the smallest subnormal, kept
  EXPECT_EQ(bitsOf(value.translationY), 0x80000000u);   // -0, kept
  // A zero translation is still a cast case: the line says which query is asked.
  EXPECT_TRUE(parseText("gjk-case 1\na.vertex 0 0\nb.vertex 0 0\nb.translation 0 0\n").hasTranslation);
}

TEST(CastCase, writesTheLineLastAsHexFloatsWithDecimalComments) {
  Case value;
  value.a.vertices = {{0, 0}};
  value.b.vertices = {{1, 0}};
  value.hasTranslation = true;
  value.translationX = 0.1f;
  value.translationY = -3.0f;
  EXPECT_EQ(formatCase(value),
            "gjk-case 1\n"
            "a.vertex 0 0  # 0 0\n"
            "b.vertex 0x1p+0 0  # 1 0\n"
            "b.translation 0x1.99999ap-4 -0x1.8p+1  # 0.1 -3\n");
  // A zero translation is written, since it makes the case a cast case.
  value.translationX = 0, value.translationY = -0.0f;
  EXPECT_NE(formatCase(value).find("b.translation 0 -0  # 0 -0\n"), std::string::npos);
  value.hasTranslation = false;
  value.translationY = 0;
  EXPECT_EQ(formatCase(value).find("translation"), std::string::npos);
}

TEST(CastCase, roundTripsBitForBit) {
  for (float x : {0.0f, -0.0f, 1e-45f, -FLT_MAX, 0x1.fffffep+127f, 0.1f, 1e6f}) {
    for (float y : {0.0f, -1.5f, 0x1p-126f}) {
      Case value;
      value.a.vertices = {{1, 2}, {3, 4}};
      value.b.vertices = {{5, 6}};
      value.b.positionX = 7;
      value.hasTranslation = true;
      value.translationX = x;
      value.translationY = y;
      const std::string text = formatCase(value);
      SCOPED_TRACE(text);
      const Case back = parseText(text);
      expectSameCase(value, back);
      EXPECT_EQ(formatCase(back), text);
    }
  }
}

TEST(CastCase, theWriterRefusesWhatTheReaderWouldNotGiveBack) {
  Case value;
  value.a.vertices = {{0, 0}};
  value.b.vertices = {{0, 0}};
  value.hasTranslation = true;
  value.translationY = std::numeric_limits<float>::infinity();
  EXPECT_THROW(formatCase(value), std::invalid_argument);
  value.translationY = std::numeric_limits<float>::quiet_NaN();
  EXPECT_THROW(formatCase(value), std::invalid_argument);
  // A translation on a case that is not a cast case would be lost.
  value.hasTranslation = false;
  value.translationY = 1;
  EXPECT_THROW(formatCase(value), std::invalid_argument);
}

TEST(CastCaseErrors, badTranslationLinesNameTheFileAndLine) {
  expectCaseError("gjk-case 1\na.vertex 0 0\nb.vertex 0 0\nb.translation 1\n",
                  "t.case:4: b.translation takes 2 numbers (x y), got 1", 4);
  expectCaseError("gjk-case 1\nb.translation 1 2 3\na.vertex 0 0\nb.vertex 0 0\n",
                  "t.case:2: b.translation takes 2 numbers (x y), got 3", 2);
  expectCaseError("gjk-case 1\nb.translation\na.vertex 0 0\nb.vertex 0 0\n",
                  "t.case:2: b.translation takes 2 numbers (x y), got 0", 2);
  expectCaseError(withLines("b.translation nan 0\n"), "t.case:2: not a finite float: nan", 2);
  expectCaseError(withLines("b.translation 0 -inf\n"), "t.case:2: not a finite float: -inf", 2);
  expectCaseError(withLines("b.translation 1e39 0\n"), "t.case:2: not a finite float: 1e39", 2);
  expectCaseError(withLines("b.translation 1 x\n"), "t.case:2: not a number: x", 2);
  expectCaseError(withLines("a.vertex 0 0\nb.translation 1 2\nb.translation 1 2\n"),
                  "t.case:4: repeated `b.translation` (first given on line 3)", 4);
  expectCaseError(withLines("a.vertex 0 0\na.translation 1 2\n"),
                  "t.case:3: unknown key `a.translation`: only B moves in a cast case; give `b.translation X Y`", 3);
  expectCaseError(withLines("a.vertex 0 0\nb.velocity 1 2\n"), "t.case:3: unknown key `b.velocity`", 3);
}

// The fuzzer encoding: flag bit 6 says a translation follows shape B.
TEST(CastCaseFuzzInput, theTranslationFollowsShapeBUnderFlagBit6) {
  Case value;
  value.a.vertices = {{1, 2}};
  value.b.vertices = {{3, 4}};
  const std::vector<std::uint8_t> plain = encodeFuzzInput(value);
  // The layout of a case without a translation, byte for byte as before the cast: counts, flags 0, four floats.
  std::vector<std::uint8_t> expected = {0x00, 0x00};
  for (float f : {1.0f, 2.0f, 3.0f, 4.0f}) {
    std::uint32_t bits = bitsOf(f);
    for (int i = 0; i < 4; ++i) expected.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
  }
  EXPECT_EQ(plain, expected);
  value.hasTranslation = true;
  value.translationX = -0.0f;
  value.translationY = 0.5f;
  const std::vector<std::uint8_t> cast = encodeFuzzInput(value);
  ASSERT_EQ(cast.size(), plain.size() + 8);
  EXPECT_EQ(cast[1], 0x40);
  EXPECT_TRUE(std::equal(plain.begin() + 2, plain.end(), cast.begin() + 2));
  std::uint32_t x = 0, y = 0;
  std::memcpy(&x, cast.data() + plain.size(), 4);
  std::memcpy(&y, cast.data() + plain.size() + 4, 4);
  EXPECT_EQ(x, 0x80000000u);
  EXPECT_EQ(y, bitsOf(0.5f));
  std::size_t consumed = 0;
  std::optional<Case> back = decodeFuzzInput(cast.data(), cast.size(), &consumed);
  ASSERT_TRUE(back);
  EXPECT_EQ(consumed, cast.size());
  expectSameCase(value, *back);
  // Without the flag the same bytes are a distance case followed by 8 bytes that are not part of it.
  std::vector<std::uint8_t> unflagged = cast;
  unflagged[1] = 0;
  back = decodeFuzzInput(unflagged.data(), unflagged.size(), &consumed);
  ASSERT_TRUE(back);
  EXPECT_FALSE(back->hasTranslation);
  EXPECT_EQ(consumed, plain.size());
}

TEST(CastCaseFuzzInput, aShortOrNonFiniteTranslationEncodesNoCase) {
  Case value;
  value.a.vertices = {{1, 2}};
  value.b.vertices = {{3, 4}};
  value.hasTranslation = true;
  value.translationX = 1;
  std::vector<std::uint8_t> bytes = encodeFuzzInput(value);
  for (std::size_t size = bytes.size() - 8; size < bytes.size(); ++size) {
    EXPECT_FALSE(decodeFuzzInput(bytes.data(), size)) << size;
  }
  const float inf = std::numeric_limits<float>::infinity();
  std::memcpy(bytes.data() + bytes.size() - 4, &inf, 4);
  EXPECT_FALSE(decodeFuzzInput(bytes.data(), bytes.size()));
  value.translationX = inf;
  EXPECT_THROW(encodeFuzzInput(value), std::invalid_argument);
  value.translationX = 1;
  value.hasTranslation = false;
  EXPECT_THROW(encodeFuzzInput(value), std::invalid_argument);
}

// The shrinker keeps a cast case a cast case and makes its translation simpler.
TEST(CastCaseShrinker, keepsTheTranslationAndSimplifiesIt) {
  Case value;
  value.a.vertices = {{0, 0}, {1, 0}, {0, 1}};
  value.b.vertices = {{5.3f, 0.7f}};
  value.hasTranslation = true;
  value.translationX = -37.3f;
  value.translationY = 0.123f;
  // Holds when B's translation points left by more than 20: the simplest such case moves B by (-32, 0)
  // (-37.3 -> -37 -> -32, the float with one significant bit below -20), y becomes 0.
  auto predicate = [](const Case& c) { return c.hasTranslation && c.translationX < -20; };
  const ShrinkResult result = shrinkCase(value, predicate);
  EXPECT_TRUE(result.value.hasTranslation);
  EXPECT_EQ(result.value.translationX, -32.0f);
  EXPECT_EQ(bitsOf(result.value.translationY), 0u);
  EXPECT_EQ(result.value.a.vertices.size(), 1u);
  // Even a predicate that holds on every case leaves a cast case: the translation is simplified, never removed.
  const ShrinkResult anything = shrinkCase(value, [](const Case&) { return true; });
  EXPECT_TRUE(anything.value.hasTranslation);
  EXPECT_EQ(anything.value.translationX, 0.0f);
  EXPECT_EQ(anything.value.translationY, 0.0f);
}

}  // namespace
}  // namespace gjk::check
