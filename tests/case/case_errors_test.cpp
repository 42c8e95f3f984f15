// The error messages of the `gjk-case 1` reader (docs/case-format.md): each with its exact "file:line: " prefix.
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
// Errors: each names the file and, where one applies, the line.

TEST(CaseErrors, whatIsFileLineMessageOrFileMessage) {
  const CaseError withLine("x.case", 7, "boom");
  EXPECT_STREQ(withLine.what(), "x.case:7: boom");
  EXPECT_EQ(withLine.file(), "x.case");
  EXPECT_EQ(withLine.line(), 7);
  const CaseError withoutLine("x.case", 0, "boom");
  EXPECT_STREQ(withoutLine.what(), "x.case: boom");
  EXPECT_EQ(withoutLine.line(), 0);
}

TEST(CaseErrors, nonFiniteNumbers) {
  expectCaseError(withLines("a.vertex nan 0\n"), "t.case:2: not a finite float: nan", 2);
  expectCaseError(withLines("a.vertex 0 NaN\n"), "t.case:2: not a finite float: NaN", 2);
  expectCaseError(withLines("a.vertex -nan 0\n"), "t.case:2: not a finite float: -nan", 2);
  expectCaseError(withLines("a.vertex nan(123) 0\n"), "t.case:2: not a finite float: nan(123)", 2);
  expectCaseError(withLines("a.vertex inf 0\n"), "t.case:2: not a finite float: inf", 2);
  expectCaseError(withLines("a.vertex -inf 0\n"), "t.case:2: not a finite float: -inf", 2);
  expectCaseError(withLines("a.vertex 0 Infinity\n"), "t.case:2: not a finite float: Infinity", 2);
  expectCaseError(withLines("a.radius INF\n"), "t.case:2: not a finite float: INF", 2);
  expectCaseError("gjk-case 1\na.vertex 0 0\nb.position 0 nan\n", "t.case:3: not a finite float: nan", 3);
}

TEST(CaseErrors, literalsThatOverflowToInfinity) {
  expectCaseError(withLines("a.vertex 1e39 0\n"), "t.case:2: not a finite float: 1e39", 2);
  expectCaseError(withLines("a.vertex 0 -1e39\n"), "t.case:2: not a finite float: -1e39", 2);
  expectCaseError(withLines("a.vertex 0x1p128 0\n"), "t.case:2: not a finite float: 0x1p128", 2);
  // Exactly halfway between FLT_MAX and 2^128 rounds to even, which is 2^128.
  expectCaseError(withLines("a.vertex 0x1.ffffffp+127 0\n"), "t.case:2: not a finite float: 0x1.ffffffp+127",
                  2);
  expectCaseError(withLines("a.rotation 340282356779733661637539395458142568448 0\n"),
                  "t.case:2: not a finite float: 340282356779733661637539395458142568448", 2);
  // Just below that halfway point is FLT_MAX.
  EXPECT_EQ(parseOneNumber("340282356779733661637539395458142568447"), FLT_MAX);
}

TEST(CaseErrors, tokensThatAreNotNumbers) {
  expectCaseError(withLines("a.vertex 1.0x 0\n"), "t.case:2: not a number: 1.0x", 2);
  expectCaseError(withLines("a.vertex 1.0f 0\n"), "t.case:2: not a number: 1.0f", 2);
  expectCaseError(withLines("a.vertex 1,5 0\n"), "t.case:2: not a number: 1,5", 2);
  expectCaseError(withLines("a.vertex 1e 0\n"), "t.case:2: not a number: 1e", 2);
  expectCaseError(withLines("a.vertex 0 .\n"), "t.case:2: not a number: .", 2);
  expectCaseError(withLines("a.vertex 0 --1\n"), "t.case:2: not a number: --1", 2);
  expectCaseError(withLines("a.vertex 0 x\n"), "t.case:2: not a number: x", 2);
  expectCaseError(withLines("a.radius 0x\n"), "t.case:2: not a number: 0x", 2);
  expectCaseError(withLines("a.position 1 2;\n"), "t.case:2: not a number: 2;", 2);
}

TEST(CaseErrors, unknownKey) {
  expectCaseError(withLines("a.vertex 0 0\na.colour red\n"), "t.case:3: unknown key `a.colour`", 3);
  expectCaseError(withLines("c.vertex 0 0\n"), "t.case:2: unknown key `c.vertex`", 2);
  expectCaseError(withLines("vertex 0 0\n"), "t.case:2: unknown key `vertex`", 2);
  expectCaseError(withLines("A.vertex 0 0\n"), "t.case:2: unknown key `A.vertex`", 2);
  expectCaseError(withLines("a.vertices 0 0\n"), "t.case:2: unknown key `a.vertices`", 2);
  expectCaseError(withLines("meta\n"), "t.case:2: unknown key `meta`", 2);
}

TEST(CaseErrors, badMetaKey) {
  expectCaseError(
      withLines("meta. x\n"),
      "t.case:2: bad meta key `meta.`: expected meta.<word>, the word made of letters, digits, - _ .", 2);
  expectCaseError(
      withLines("meta.a/b x\n"),
      "t.case:2: bad meta key `meta.a/b`: expected meta.<word>, the word made of letters, digits, "
      "- _ .",
      2);
  expectCaseError(withLines("meta.x 1\nmeta.x 2\n"), "t.case:3: repeated `meta.x` (first given on line 2)",
                  3);
}

TEST(CaseErrors, missingHeader) {
  expectCaseError("a.vertex 0 0\nb.vertex 0 0\n", "t.case:1: missing header `gjk-case 1`", 1);
  expectCaseError("# comment\n\n  meta.x y\ngjk-case 1\n", "t.case:3: missing header `gjk-case 1`", 3);
  expectCaseError("gjk-case1\n", "t.case:1: missing header `gjk-case 1`", 1);
  expectCaseError("GJK-CASE 1\n", "t.case:1: missing header `gjk-case 1`", 1);
  expectCaseError("gjk-case\n", "t.case:1: malformed header, expected `gjk-case 1`", 1);
  expectCaseError("gjk-case 1 2\n", "t.case:1: malformed header, expected `gjk-case 1`", 1);
  expectCaseError(withLines("a.vertex 0 0\ngjk-case 1\n"), "t.case:3: repeated header `gjk-case`", 3);
}

TEST(CaseErrors, unsupportedVersion) {
  expectCaseError("gjk-case 2\na.vertex 0 0\nb.vertex 0 0\n",
                  "t.case:1: unsupported version `gjk-case 2`, this reader reads `gjk-case 1`", 1);
  expectCaseError("# c\ngjk-case 1.0\n",
                  "t.case:2: unsupported version `gjk-case 1.0`, this reader reads `gjk-case 1`", 2);
}

TEST(CaseErrors, missingShape) {
  expectCaseError("gjk-case 1\n", "t.case: shape a has no vertex", 0);
  expectCaseError("gjk-case 1\nb.vertex 0 0\n", "t.case: shape a has no vertex", 0);
  expectCaseError("gjk-case 1\na.vertex 0 0\n", "t.case: shape b has no vertex", 0);
  expectCaseError("gjk-case 1\na.vertex 0 0\nb.radius 1\nb.position 1 1\n", "t.case: shape b has no vertex",
                  0);
}

TEST(CaseErrors, emptyFileAndFileWithOnlyComments) {
  expectCaseError("", "t.case: empty file, expected `gjk-case 1`", 0);
  expectCaseError("# just a comment\n\n   \n# gjk-case 1\n",
                  "t.case: only comments and blank lines, expected `gjk-case 1`", 0);
  expectCaseError("\n", "t.case: only comments and blank lines, expected `gjk-case 1`", 0);
}

TEST(CaseErrors, notText) {
  expectCaseError(withLines("a.vertex 0 0 # caf\xff\n"), "t.case:2: not text: byte 0xff at column 19", 2);
  const char withNul[] = "gjk-case 1\na.vertex 0\0 0\nb.vertex 0 0\n";
  expectCaseError(std::string(withNul, sizeof withNul - 1), "t.case:2: not text: byte 0x00 at column 11", 2);
  expectCaseError(withLines("meta.x \x01\n"), "t.case:2: not text: byte 0x01 at column 8", 2);
  expectCaseError(withLines("meta.x \x1b[31m\n"), "t.case:2: not text: byte 0x1b at column 8", 2);
  expectCaseError(withLines("meta.x \x7f\n"), "t.case:2: not text: byte 0x7f at column 8", 2);
  expectCaseError("gjk-case 1\x0c\n", "t.case:1: not text: byte 0x0c at column 11", 1);
  // The error is found even in a comment and even before the header.
  expectCaseError("# \xfe\ngjk-case 1\n", "t.case:1: not text: byte 0xfe at column 3", 1);
  // A carriage return is only accepted as the CR of a CRLF.
  expectCaseError(
      "gjk-case 1\ra.vertex 0 0\n",
      "t.case:1: not text: byte 0x0d at column 11 (a carriage return not followed by a line feed)", 1);
  // Invalid UTF-8: a lone continuation byte, an overlong form, a surrogate, a truncated sequence,
  // a code point above U+10FFFF. The column is that of the lead byte.
  expectCaseError(withLines("meta.x \x80\n"), "t.case:2: not text: byte 0x80 at column 8", 2);
  expectCaseError(withLines("meta.x \xc0\xaf\n"), "t.case:2: not text: byte 0xc0 at column 8", 2);
  expectCaseError(withLines("meta.x \xe0\x80\xaf\n"), "t.case:2: not text: byte 0xe0 at column 8", 2);
  expectCaseError(withLines("meta.x \xed\xa0\x80\n"), "t.case:2: not text: byte 0xed at column 8", 2);
  expectCaseError(withLines("meta.x \xc3 x\n"), "t.case:2: not text: byte 0xc3 at column 8", 2);
  expectCaseError("gjk-case 1\nmeta.x \xe2\x82", "t.case:2: not text: byte 0xe2 at column 8", 2);
  expectCaseError(withLines("meta.x \xf4\x90\x80\x80\n"), "t.case:2: not text: byte 0xf4 at column 8", 2);
  // C1 controls are control characters too.
  expectCaseError(withLines("meta.x \xc2\x85\n"), "t.case:2: not text: control character U+0085 at column 8",
                  2);
}

TEST(CaseErrors, tooManyVertices) {
  std::string text = "gjk-case 1\nb.vertex 0 0\n";
  for (int i = 0; i <= MAX_POLYGON_VERTICES; ++i) {
    text += "a.vertex " + std::to_string(i) + " 1\n";
  }
  // The 17th vertex of a is on line 2 + 17 = 19.
  expectCaseError(text, "t.case:19: shape a has more than 16 vertices (MAX_POLYGON_VERTICES)", 19);
}

TEST(CaseErrors, wrongFieldCount) {
  expectCaseError(withLines("a.vertex 1\n"), "t.case:2: a.vertex takes 2 numbers (x y), got 1", 2);
  expectCaseError(withLines("a.vertex 1 2 3\n"), "t.case:2: a.vertex takes 2 numbers (x y), got 3", 2);
  expectCaseError(withLines("a.vertex\n"), "t.case:2: a.vertex takes 2 numbers (x y), got 0", 2);
  expectCaseError(withLines("a.radius\n"), "t.case:2: a.radius takes 1 number (r), got 0", 2);
  expectCaseError(withLines("a.radius 1 2\n"), "t.case:2: a.radius takes 1 number (r), got 2", 2);
  expectCaseError(withLines("a.position 1\n"), "t.case:2: a.position takes 2 numbers (x y), got 1", 2);
  expectCaseError("gjk-case 1\na.vertex 0 0\nb.rotation 1 0 0\n",
                  "t.case:3: b.rotation takes 2 numbers (c s), got 3", 3);
}

TEST(CaseErrors, negativeRadius) {
  expectCaseError(withLines("a.radius -1\n"), "t.case:2: negative radius: -1", 2);
  expectCaseError(withLines("a.vertex 0 0\na.radius -0x1p-149\n"), "t.case:3: negative radius: -0x1p-149", 3);
  expectCaseError("gjk-case 1\na.vertex 0 0\nb.vertex 0 0\nb.radius -1e-3 # comment\n",
                  "t.case:4: negative radius: -1e-3", 4);
}

TEST(CaseErrors, repeatedOptionalLines) {
  expectCaseError(withLines("a.radius 1\na.vertex 0 0\na.radius 1\n"),
                  "t.case:4: repeated `a.radius` (first given on line 2)", 4);
  expectCaseError(withLines("a.position 1 2\na.position 1 2\n"),
                  "t.case:3: repeated `a.position` (first given on line 2)", 3);
  expectCaseError("gjk-case 1\nb.rotation 1 0\na.vertex 0 0\nb.rotation 0 1\n",
                  "t.case:4: repeated `b.rotation` (first given on line 2)", 4);
  // The same key on the other shape is not a repeat.
  EXPECT_NO_THROW(parse("gjk-case 1\na.radius 1\nb.radius 1\na.vertex 0 0\nb.vertex 0 0\n"));
}

TEST(CaseErrors, lineNumbersCountCrlfLinesAndCommentLines) {
  expectCaseError("# one\r\ngjk-case 1\r\n\r\n# four\r\na.vertex nan 0\r\n",
                  "t.case:5: not a finite float: nan", 5);
}

TEST(CaseErrors, aRotationThatIsNotAUnitRotation) {
  expectCaseError(
      withLines("a.rotation 3 4\na.vertex 0 0\n"),
      "t.case:2: a.rotation 3 4 is not a unit rotation: c^2 + s^2 - 1 = 24 (exactly, for the floats "
      "read), beyond the allowed +-2^-20; give (cos t, sin t) rounded to float, or a pair normalized "
      "in float",
      2);
  expectCaseError(
      "gjk-case 1\na.vertex 0 0\nb.vertex 0 0\nb.rotation 0 0 # none\n",
      "t.case:4: b.rotation 0 0 is not a unit rotation: c^2 + s^2 - 1 = -1 (exactly, for the floats "
      "read), beyond the allowed +-2^-20; give (cos t, sin t) rounded to float, or a pair normalized "
      "in float",
      4);
  // One ulp past the boundary pair (2^-10, 1): c^2 + s^2 - 1 = 2^-20 + 2^-42 + 2^-66.
  expectCaseError(
      withLines("a.rotation 0x1.000002p-10 1\na.vertex 0 0\n"),
      "t.case:2: a.rotation 0x1.000002p-10 1 is not a unit rotation: c^2 + s^2 - 1 = 9.54e-07 "
      "(exactly, for the floats read), beyond the allowed +-2^-20; give (cos t, sin t) rounded to "
      "float, or a pair normalized in float",
      2);
  // (0.6, 0.8) scaled by 1 + 2^-16 is out; so are the fuzzers' old favourites.
  EXPECT_THROW(parse(withLines("a.rotation 0x1.3334p-1 0x1.999aap-1\na.vertex 0 0\n")), CaseError);
  EXPECT_THROW(parse(withLines("a.rotation 1.6e38 16.1\na.vertex 0 0\n")), CaseError);
  EXPECT_THROW(parse(withLines("a.rotation 0x1p-149 0\na.vertex 0 0\n")), CaseError);
}

TEST(CaseErrors, aFileLongerThanOneMebibyte) {
  // A valid case padded with comment lines to exactly 1 MiB reads; one byte more does not.
  std::string text = "gjk-case 1\na.vertex 0 0\nb.vertex 1 0\n";
  const std::string comment = "# " + std::string(97, 'x') + "\n";  // 100 bytes
  while (text.size() + comment.size() <= MAX_CASE_FILE_BYTES) text += comment;
  text += "#" + std::string(MAX_CASE_FILE_BYTES - text.size() - 2, 'y') + "\n";
  ASSERT_EQ(text.size(), MAX_CASE_FILE_BYTES);
  EXPECT_NO_THROW(parse(text));
  text += "\n";
  expectCaseError(text, "t.case: longer than 1 MiB (1048577 bytes; a case file is at most 1048576 bytes)", 0);
}

TEST(CaseErrors, aLongTokenIsQuotedToFortyCharacters) {
  const std::string digits(5000, '7');
  expectCaseError(withLines("a.vertex 1" + digits + "x 0\n"),
                  "t.case:2: not a number: 1777777777777777777777777777777777777777... (5002 bytes)", 2);
  expectCaseError(withLines("a.k" + std::string(60, 'e') + " 0\n"),
                  "t.case:2: unknown key `a.k" + std::string(37, 'e') + "... (63 bytes)`", 2);
  // A quote never cuts a UTF-8 character: 39 ASCII bytes then a two-byte letter stops at 39.
  EXPECT_EQ(quoteToken(std::string(39, 'a') + "\xC3\xABzzz"), std::string(39, 'a') + "... (44 bytes)");
  EXPECT_EQ(quoteToken(std::string(40, 'a')), std::string(40, 'a'));
}

}  // namespace
}  // namespace gjk::check
