// The rotating cast case (docs/case-format.md, `b.angular W`): read, written last as a hex float with its decimal,
// round-tripped bit for bit, and the reader's errors for bad angular lines (file and line named; gjkcheck exits 2).
#include <gtest/gtest.h>

#include <cfloat>
#include <stdexcept>
#include <string>

#include "case/case.h"
#include "tests/case/case_file_support.h"

namespace gjk::check {
namespace {

Case parseText(const std::string& text) { return parseCase(text, FILE_NAME); }

TEST(RotatingCase, theAngularLineMakesARotatingCastCase) {
  const Case value = parseText(
      "gjk-case 1\na.vertex 0 0\nb.position 5 0\nb.vertex 0 0\nb.translation 0 0\nb.angular -0x1.8p+0  # -1.5\n");
  EXPECT_TRUE(value.hasTranslation);
  EXPECT_TRUE(value.hasAngular);
  EXPECT_EQ(value.angular, -1.5f);
  // It may come before b.translation; -0 is kept.
  const Case before = parseText("gjk-case 1\nb.angular -0\na.vertex 0 0\nb.vertex 0 0\nb.translation 1 0\n");
  EXPECT_TRUE(before.hasAngular);
  EXPECT_EQ(bitsOf(before.angular), 0x80000000u);
  EXPECT_FALSE(parseText("gjk-case 1\na.vertex 0 0\nb.vertex 0 0\nb.translation 1 0\n").hasAngular);
}

TEST(RotatingCase, writesTheLineAfterTheTranslation) {
  Case value;
  value.a.vertices = {{0, 0}};
  value.b.vertices = {{1, 0}};
  value.hasTranslation = true;
  value.translationX = 0;
  value.translationY = 0;
  value.hasAngular = true;
  value.angular = 0.1f;
  EXPECT_EQ(formatCase(value),
            "gjk-case 1\n"
            "a.vertex 0 0  # 0 0\n"
            "b.vertex 0x1p+0 0  # 1 0\n"
            "b.translation 0 0  # 0 0\n"
            "b.angular 0x1.99999ap-4  # 0.1\n");
}

TEST(RotatingCase, roundTripsBitForBit) {
  for (float w : {0.0f, -0.0f, 1e-45f, 3.14159274f, -3.14159274f, 0.1f, -FLT_MAX, 1e6f}) {
    Case value;
    value.a.vertices = {{1, 2}, {3, 4}};
    value.b.vertices = {{5, 6}, {7, 8}};
    value.b.rotationC = 0.6f;
    value.b.rotationS = 0.8f;
    value.hasTranslation = true;
    value.translationX = -2.5f;
    value.hasAngular = true;
    value.angular = w;
    SCOPED_TRACE(hexFloat(w));
    expectSameCase(value, parseText(formatCase(value)));
  }
}

TEST(RotatingCase, theWriterRefusesWhatTheReaderWouldNotGiveBack) {
  Case value;
  value.a.vertices = {{0, 0}};
  value.b.vertices = {{0, 0}};
  value.hasAngular = true;  // without a translation
  value.angular = 1;
  EXPECT_THROW(formatCase(value), std::invalid_argument);
  value.hasTranslation = true;
  EXPECT_NO_THROW(formatCase(value));
  value.angular = INFINITY;
  EXPECT_THROW(formatCase(value), std::invalid_argument);
  value.angular = 1;
  value.hasAngular = false;  // an angular speed no line would carry
  EXPECT_THROW(formatCase(value), std::invalid_argument);
}

TEST(RotatingCaseErrors, badAngularLinesNameTheFileAndLine) {
  expectCaseError("gjk-case 1\na.vertex 0 0\nb.vertex 0 0\nb.translation 0 0\nb.angular 1 2\n",
                  "t.case:5: b.angular takes 1 number (w, radians), got 2", 5);
  expectCaseError("gjk-case 1\nb.angular\na.vertex 0 0\nb.vertex 0 0\nb.translation 0 0\n",
                  "t.case:2: b.angular takes 1 number (w, radians), got 0", 2);
  expectCaseError(withLines("b.translation 0 0\nb.angular nan\n"), "t.case:3: not a finite float: nan", 3);
  expectCaseError(withLines("b.translation 0 0\nb.angular 1e39\n"), "t.case:3: not a finite float: 1e39", 3);
  expectCaseError(withLines("b.translation 0 0\nb.angular pi\n"), "t.case:3: not a number: pi", 3);
  expectCaseError(withLines("b.translation 0 0\nb.angular 1\nb.angular 1\n"),
                  "t.case:4: repeated `b.angular` (first given on line 3)", 4);
  expectCaseError(withLines("a.vertex 0 0\na.angular 1\n"),
                  "t.case:3: unknown key `a.angular`: only B turns in a rotating cast case; give `b.angular W`", 3);
  expectCaseError("gjk-case 1\na.vertex 0 0\nb.angular 0.5\nb.vertex 0 0\n",
                  "t.case:3: b.angular without b.translation: a rotating cast case needs `b.translation X Y` too "
                  "(it may be `b.translation 0 0`)",
                  3);
}

}  // namespace
}  // namespace gjk::check
