// The `gjk-case 1` format (design §4): reading, writing, the bit-exact round trip, and every error
// message with its exact "file:line: " prefix.
#include <gtest/gtest.h>

#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>

#include "case/case.h"
#include "case/unit_rotation.h"
#include "core/limits.h"

namespace gjk::check {
namespace {

// Equal as bit patterns: -0 differs from +0.
std::uint32_t bitsOf(float value) {
  return std::bit_cast<std::uint32_t>(value);
}

float floatFromBits(std::uint32_t bits) {
  return std::bit_cast<float>(bits);
}

#define EXPECT_SAME_BITS(expected, actual) \
  EXPECT_EQ(bitsOf(expected), bitsOf(actual)) << hexFloat(expected) << " vs " << hexFloat(actual)

void expectSameShape(const ShapeSpec& expected, const ShapeSpec& actual) {
  EXPECT_SAME_BITS(expected.radius, actual.radius);
  EXPECT_SAME_BITS(expected.positionX, actual.positionX);
  EXPECT_SAME_BITS(expected.positionY, actual.positionY);
  EXPECT_SAME_BITS(expected.rotationC, actual.rotationC);
  EXPECT_SAME_BITS(expected.rotationS, actual.rotationS);
  ASSERT_EQ(expected.vertices.size(), actual.vertices.size());
  for (std::size_t i = 0; i < expected.vertices.size(); ++i) {
    SCOPED_TRACE("vertex " + std::to_string(i));
    EXPECT_SAME_BITS(expected.vertices[i].x, actual.vertices[i].x);
    EXPECT_SAME_BITS(expected.vertices[i].y, actual.vertices[i].y);
  }
}

// Same meta (keys, values, order) and same shapes, bit for bit; `source` is not compared.
void expectSameCase(const Case& expected, const Case& actual) {
  ASSERT_EQ(expected.meta.size(), actual.meta.size());
  for (std::size_t i = 0; i < expected.meta.size(); ++i) {
    EXPECT_EQ(expected.meta[i].key, actual.meta[i].key);
    EXPECT_EQ(expected.meta[i].value, actual.meta[i].value);
  }
  {
    SCOPED_TRACE("shape a");
    expectSameShape(expected.a, actual.a);
  }
  {
    SCOPED_TRACE("shape b");
    expectSameShape(expected.b, actual.b);
  }
}

// The seed of the randomized tests: GJK_TEST_SEED when set, else a fixed default. Printed, so that a
// failure replays with GJK_TEST_SEED=<seed>.
std::uint32_t testSeed() {
  constexpr std::uint32_t DEFAULT_SEED = 20261121;
  const char* text = std::getenv("GJK_TEST_SEED");
  const std::uint32_t seed =
      text != nullptr ? static_cast<std::uint32_t>(std::strtoul(text, nullptr, 0)) : DEFAULT_SEED;
  std::cout << "seed " << seed << " (set GJK_TEST_SEED to replay)\n";
  return seed;
}

constexpr const char* FILE_NAME = "t.case";

// Parses `text` expecting a CaseError whose what() is exactly `expected`, with the given line().
void expectCaseError(std::string_view text, const std::string& expected, int expectedLine) {
  try {
    parseCase(text, FILE_NAME);
    ADD_FAILURE() << "no error; expected: " << expected;
  } catch (const CaseError& e) {
    EXPECT_EQ(e.what(), expected);
    EXPECT_EQ(e.file(), FILE_NAME);
    EXPECT_EQ(e.line(), expectedLine);
  }
}

// A case whose b is one vertex, so a test can focus on one line of a.
std::string withLines(const std::string& lines) {
  return "gjk-case 1\n" + lines + "b.vertex 0 0\n";
}

// The case text with `literal` as the x of a's only vertex, on line 2.
std::string withVertexX(const std::string& literal) {
  std::string lines = "a.vertex ";
  lines += literal;
  lines += " 0\n";
  return withLines(lines);
}

// The error of a literal that is not a finite float, when it is the x of a's vertex on line 2.
void expectNotFinite(const std::string& literal) {
  std::string expected = "t.case:2: not a finite float: ";
  expected += quoteToken(literal);  // a long literal is quoted to 40 bytes (tested below)
  expectCaseError(withVertexX(literal), expected, 2);
}

Case parse(std::string_view text) {
  return parseCase(text, FILE_NAME);
}

// ---------------------------------------------------------------------------------------------------
// Reading

TEST(CaseParse, readsTheDesignExample) {
  const Case c = parse(
      "gjk-case 1\n"
      "meta.family near-parallel          # free-form metadata: meta.<word> <text>\n"
      "meta.found-by campaign perp 2026-11-21\n"
      "a.radius 0                         # optional, default 0\n"
      "a.position 0x1.5f9p+16 54000       # optional, default 0 0\n"
      "a.rotation 1 0                     # optional (c s), default 1 0\n"
      "a.vertex -0x1p-1 -0x1.a36e2ep-10   # -0.5 -0.0016\n"
      "a.vertex 1 2\n"
      "b.vertex 3 4\n");
  ASSERT_EQ(c.meta.size(), 2u);
  EXPECT_EQ(c.meta[0].key, "family");
  EXPECT_EQ(c.meta[0].value, "near-parallel");
  EXPECT_EQ(c.meta[1].key, "found-by");
  EXPECT_EQ(c.meta[1].value, "campaign perp 2026-11-21");
  EXPECT_EQ(c.metaValue("found-by"), "campaign perp 2026-11-21");
  EXPECT_EQ(c.source, FILE_NAME);
  EXPECT_EQ(c.a.radius, 0.0f);
  EXPECT_EQ(c.a.positionX, 0x1.5f9p+16f);
  EXPECT_EQ(c.a.positionY, 54000.0f);
  EXPECT_EQ(c.a.rotationC, 1.0f);
  EXPECT_EQ(c.a.rotationS, 0.0f);
  ASSERT_EQ(c.a.vertices.size(), 2u);
  EXPECT_EQ(c.a.vertices[0].x, -0.5f);
  EXPECT_EQ(c.a.vertices[0].y, -0x1.a36e2ep-10f);
  EXPECT_EQ(c.a.vertices[1].x, 1.0f);
  EXPECT_EQ(c.a.vertices[1].y, 2.0f);
  ASSERT_EQ(c.b.vertices.size(), 1u);
  EXPECT_EQ(c.b.vertices[0].x, 3.0f);
  EXPECT_EQ(c.b.vertices[0].y, 4.0f);
}

TEST(CaseParse, optionalLinesDefaultToZeroRadiusZeroPositionAndIdentityRotation) {
  const Case c = parse(withLines("a.vertex 1 1\n"));
  EXPECT_EQ(bitsOf(c.a.radius), bitsOf(0.0f));
  EXPECT_EQ(bitsOf(c.a.positionX), bitsOf(0.0f));
  EXPECT_EQ(bitsOf(c.a.positionY), bitsOf(0.0f));
  EXPECT_EQ(bitsOf(c.a.rotationC), bitsOf(1.0f));
  EXPECT_EQ(bitsOf(c.a.rotationS), bitsOf(0.0f));
  EXPECT_TRUE(c.meta.empty());
}

TEST(CaseParse, acceptsCrlfTabsBomCommentsAndNoFinalNewline) {
  const Case c = parse(
      "\xEF\xBB\xBF# a comment before the header\r\n"
      "\r\n"
      "   \t\r\n"
      "  gjk-case\t1   # header with a comment\r\n"
      "meta.note\t  two  words\t \r\n"
      "a.vertex\t1   \t2\r\n"
      "b.vertex -3 +4");
  EXPECT_EQ(c.metaValue("note"), "two  words");
  ASSERT_EQ(c.a.vertices.size(), 1u);
  EXPECT_EQ(c.a.vertices[0].x, 1.0f);
  EXPECT_EQ(c.a.vertices[0].y, 2.0f);
  ASSERT_EQ(c.b.vertices.size(), 1u);
  EXPECT_EQ(c.b.vertices[0].x, -3.0f);
  EXPECT_EQ(c.b.vertices[0].y, 4.0f);
}

TEST(CaseParse, hashInMetaTextStartsAComment) {
  const Case c = parse(
      withLines("meta.note issue #12 is fixed\nmeta.empty\nmeta.blank   # only a comment\na.vertex 0 0\n"));
  EXPECT_EQ(c.metaValue("note"), "issue");
  EXPECT_EQ(c.metaValue("empty"), "");
  EXPECT_EQ(c.metaValue("blank"), "");
  EXPECT_EQ(c.metaValue("absent"), "");
  ASSERT_EQ(c.meta.size(), 3u);
}

TEST(CaseParse, metaTextMayBeAnyUtf8) {
  const Case c = parse(withLines("meta.author Zoë 🦀 Ωmega\na.vertex 0 0\n"));
  EXPECT_EQ(c.metaValue("author"), "Zoë 🦀 Ωmega");
}

TEST(CaseParse, metaKeysMayUseLettersDigitsDashUnderscoreAndDot) {
  const Case c = parse(withLines("meta.A-z_0.9 x\na.vertex 0 0\n"));
  EXPECT_EQ(c.metaValue("A-z_0.9"), "x");
}

TEST(CaseParse, verticesAccumulateInOrderAndLinesMayInterleave) {
  const Case c = parse(
      "gjk-case 1\n"
      "b.vertex 10 11\n"
      "a.vertex 1 2\n"
      "b.radius 0.5\n"
      "a.vertex 3 4\n"
      "meta.late yes\n"
      "b.vertex 12 13\n"
      "a.vertex 1 2\n");  // a duplicate vertex is allowed: GJK only sees the hull
  ASSERT_EQ(c.a.vertices.size(), 3u);
  EXPECT_EQ(c.a.vertices[1].x, 3.0f);
  EXPECT_EQ(c.a.vertices[2].y, 2.0f);
  ASSERT_EQ(c.b.vertices.size(), 2u);
  EXPECT_EQ(c.b.vertices[0].x, 10.0f);
  EXPECT_EQ(c.b.vertices[1].y, 13.0f);
  EXPECT_EQ(c.b.radius, 0.5f);
  EXPECT_EQ(c.metaValue("late"), "yes");
}

TEST(CaseParse, acceptsExactlyMaxPolygonVertices) {
  std::string lines;
  for (int i = 0; i < MAX_POLYGON_VERTICES; ++i) {
    lines += "a.vertex " + std::to_string(i) + " 0\n";
  }
  EXPECT_EQ(parse(withLines(lines)).a.vertices.size(), static_cast<std::size_t>(MAX_POLYGON_VERTICES));
}

TEST(CaseParse, negativeZeroRadiusIsAcceptedAndKeptBitExact) {
  const Case c = parse(withLines("a.radius -0\na.vertex 0 0\n"));
  EXPECT_EQ(bitsOf(c.a.radius), bitsOf(-0.0f));
  const Case hex = parse(withLines("a.radius -0x0p+0\na.vertex 0 0\n"));
  EXPECT_EQ(bitsOf(hex.a.radius), bitsOf(-0.0f));
}

TEST(CaseParse, aUnitRotationIsTakenAsGivenBitForBit) {
  // (0.6, 0.8) as floats: c^2 + s^2 - 1 is about -1.5e-8, a unit rotation as float arithmetic makes one.
  const Case c = parse(withLines("a.rotation 0.6 0.8\na.vertex 0 0\n"));
  EXPECT_EQ(bitsOf(c.a.rotationC), bitsOf(0.6f));
  EXPECT_EQ(bitsOf(c.a.rotationS), bitsOf(0.8f));
  const Case turned = parse(withLines("a.rotation -0 -1\na.vertex 0 0\n"));
  EXPECT_EQ(bitsOf(turned.a.rotationC), bitsOf(-0.0f));
  EXPECT_EQ(turned.a.rotationS, -1.0f);
  // The boundary pair (2^-10, 1): c^2 + s^2 - 1 = 2^-20 exactly, accepted.
  const Case boundary = parse(withLines("a.rotation 0x1p-10 1\na.vertex 0 0\n"));
  EXPECT_EQ(boundary.a.rotationC, 0x1p-10f);
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

// ---------------------------------------------------------------------------------------------------
// Numbers: rounded to the nearest float exactly as strtof does.

float parseOneNumber(const std::string& literal) {
  return parse(withVertexX(literal)).a.vertices.at(0).x;
}

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

// ---------------------------------------------------------------------------------------------------
// Writing

TEST(CaseFormat, writesHexFloatsWithDecimalComments) {
  Case c;
  c.setMeta("family", "near-parallel");
  c.setMeta("found-by", "campaign perp 2026-11-21");
  c.a.positionX = 0x1.5f9p+16f;
  c.a.positionY = 54000.0f;
  c.a.vertices = {{-0.5f, -0.0016f}, {1.0f, 0.1f}};
  c.b.radius = 0.125f;
  c.b.rotationC = 0.0f;
  c.b.rotationS = -1.0f;
  c.b.vertices = {{0.0f, -0.0f}};
  EXPECT_EQ(formatCase(c),
            "gjk-case 1\n"
            "meta.family near-parallel\n"
            "meta.found-by campaign perp 2026-11-21\n"
            "a.position 0x1.5f9p+16 0x1.a5ep+15  # 90000 54000\n"
            "a.vertex -0x1p-1 -0x1.a36e2ep-10  # -0.5 -0.0016\n"
            "a.vertex 0x1p+0 0x1.99999ap-4  # 1 0.1\n"
            "b.radius 0x1p-3  # 0.125\n"
            "b.rotation 0 -0x1p+0  # 0 -1\n"
            "b.vertex 0 -0  # 0 -0\n");
}

TEST(CaseFormat, omitsOnlyLinesEqualToTheirDefaultsBitForBit) {
  Case c;
  c.a.vertices = {{1, 2}};
  c.b.vertices = {{3, 4}};
  EXPECT_EQ(formatCase(c),
            "gjk-case 1\n"
            "a.vertex 0x1p+0 0x1p+1  # 1 2\n"
            "b.vertex 0x1.8p+1 0x1p+2  # 3 4\n");
  // -0 differs from the default +0 and is written, so it reads back as -0.
  c.a.radius = -0.0f;
  c.a.positionY = -0.0f;
  c.b.rotationS = -0.0f;
  EXPECT_EQ(formatCase(c),
            "gjk-case 1\n"
            "a.radius -0  # -0\n"
            "a.position 0 -0  # 0 -0\n"
            "a.vertex 0x1p+0 0x1p+1  # 1 2\n"
            "b.rotation 0x1p+0 -0  # 1 -0\n"
            "b.vertex 0x1.8p+1 0x1p+2  # 3 4\n");
  expectSameCase(c, parse(formatCase(c)));
}

TEST(CaseFormat, writesAnEmptyMetaValueWithoutATrailingBlank) {
  Case c;
  c.setMeta("flag", "");
  c.a.vertices = {{0, 0}};
  c.b.vertices = {{0, 0}};
  EXPECT_EQ(formatCase(c), "gjk-case 1\nmeta.flag\na.vertex 0 0  # 0 0\nb.vertex 0 0  # 0 0\n");
  expectSameCase(c, parse(formatCase(c)));
}

TEST(CaseFormat, refusesWhatTheReaderWouldNotReadBack) {
  Case valid;
  valid.a.vertices = {{0, 0}};
  valid.b.vertices = {{1, 1}};
  ASSERT_NO_THROW(formatCase(valid));

  auto expectRefused = [](const Case& c, const std::string& message) {
    try {
      formatCase(c);
      ADD_FAILURE() << "no error; expected: " << message;
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(e.what(), message);
    }
  };
  Case c = valid;
  c.b.vertices.clear();
  expectRefused(c, "formatCase: shape b has no vertex");
  c = valid;
  c.a.vertices.assign(MAX_POLYGON_VERTICES + 1, Vertex{});
  expectRefused(c, "formatCase: shape a has more than 16 vertices (MAX_POLYGON_VERTICES)");
  c = valid;
  c.a.vertices[0].y = std::numeric_limits<float>::quiet_NaN();
  expectRefused(c, "formatCase: shape a has a number that is not finite");
  c = valid;
  c.b.positionX = -std::numeric_limits<float>::infinity();
  expectRefused(c, "formatCase: shape b has a number that is not finite");
  c = valid;
  c.a.radius = -0x1p-149f;
  expectRefused(c, "formatCase: shape a has a negative radius");
  c = valid;
  c.b.rotationC = 3, c.b.rotationS = 4;
  expectRefused(c,
                "formatCase: shape b has a rotation that is not a unit rotation (|c^2 + s^2 - 1| > 2^-20)");
  c = valid;
  c.setMeta("note", "issue #12");
  expectRefused(c, "formatCase: meta.note: the value contains `#`, which would start a comment");
  c = valid;
  c.setMeta("note", "two\nlines");
  expectRefused(c, "formatCase: meta.note: the value is not one line of text");
  c = valid;
  c.setMeta("note", " padded");
  expectRefused(c, "formatCase: meta.note: the value has leading or trailing blanks");
  c = valid;
  c.setMeta("bad key", "x");
  expectRefused(c, "formatCase: meta.bad key: the key is not a word of letters, digits, - _ .");
  c = valid;
  c.meta = {{"k", "1"}, {"k", "2"}};
  expectRefused(c, "formatCase: meta.k is given twice");
}

TEST(CaseFormat, doesNotWriteTheSource) {
  Case c;
  c.source = "somewhere.case";
  c.a.vertices = {{0, 0}};
  c.b.vertices = {{0, 0}};
  EXPECT_EQ(formatCase(c).find("somewhere"), std::string::npos);
  EXPECT_EQ(parseCase(formatCase(c), "other.case").source, "other.case");
}

// ---------------------------------------------------------------------------------------------------
// Round trip: parseCase(formatCase(c)) == c, bit for bit.

// Any finite float, every bit pattern equally likely (so every exponent, subnormals included).
float randomFiniteFloat(std::mt19937& random) {
  for (;;) {
    const float value = floatFromBits(static_cast<std::uint32_t>(random()));
    if (std::isfinite(value)) {
      return value;
    }
  }
}

// Mostly random bit patterns, sometimes one of the floats at the edges of the format.
float randomCaseFloat(std::mt19937& random) {
  static const float SPECIAL[] = {0.0f,
                                  -0.0f,
                                  1.0f,
                                  -1.0f,
                                  FLT_MAX,
                                  -FLT_MAX,
                                  FLT_MIN,
                                  -FLT_MIN,
                                  0x1p-149f,
                                  -0x1p-149f,
                                  floatFromBits(0x007FFFFF),
                                  0.1f,
                                  1e-45f,
                                  3.0f,
                                  16777217.0f};
  if (std::uniform_int_distribution<int>(0, 7)(random) == 0) {
    return SPECIAL[std::uniform_int_distribution<std::size_t>(0, std::size(SPECIAL) - 1)(random)];
  }
  return randomFiniteFloat(random);
}

ShapeSpec randomShape(std::mt19937& random) {
  ShapeSpec shape;
  std::uniform_int_distribution<int> coin(0, 1);
  if (coin(random) != 0) {
    shape.radius = std::fabs(randomCaseFloat(random));
    if (coin(random) != 0 && shape.radius == 0) {
      shape.radius = -0.0f;
    }
  }
  if (coin(random) != 0) {
    shape.positionX = randomCaseFloat(random);
    shape.positionY = randomCaseFloat(random);
  }
  if (coin(random) != 0) {
    // A unit rotation (design §4): cosf/sinf of a random float, or a random pair normalized in float, or
    // a quarter turn with signed zeros.
    switch (std::uniform_int_distribution<int>(0, 2)(random)) {
      case 0: {
        const float t = randomFiniteFloat(random);
        shape.rotationC = std::cos(t);
        shape.rotationS = std::sin(t);
        break;
      }
      case 1: {
        const UnitRotation r = normalizedRotation(randomCaseFloat(random), randomCaseFloat(random));
        shape.rotationC = r.c;
        shape.rotationS = r.s;
        break;
      }
      default: {
        const bool zeroC = coin(random) != 0;
        const float zero = coin(random) != 0 ? -0.0f : 0.0f, one = coin(random) != 0 ? -1.0f : 1.0f;
        shape.rotationC = zeroC ? zero : one;
        shape.rotationS = zeroC ? one : zero;
        break;
      }
    }
  }
  const int count = std::uniform_int_distribution<int>(1, MAX_POLYGON_VERTICES)(random);
  for (int i = 0; i < count; ++i) {
    shape.vertices.push_back(Vertex{randomCaseFloat(random), randomCaseFloat(random)});
  }
  return shape;
}

TEST(CaseRoundTrip, randomCasesReadBackBitForBit) {
  const std::uint32_t seed = testSeed();
  SCOPED_TRACE("GJK_TEST_SEED=" + std::to_string(seed));
  std::mt19937 random(seed);
  for (int i = 0; i < 3000; ++i) {
    Case c;
    if (i % 3 == 0) {
      c.setMeta("family", "random");
      c.setMeta("index", std::to_string(i));
      c.setMeta("note", "Zoë\tsays hi");
    }
    c.a = randomShape(random);
    c.b = randomShape(random);
    const std::string text = formatCase(c);
    SCOPED_TRACE(text);
    const Case back = parse(text);
    expectSameCase(c, back);
    ASSERT_EQ(formatCase(back), text);
    if (::testing::Test::HasFailure()) {
      return;
    }
  }
}

TEST(CaseRoundTrip, decimalCommentsAloneAlsoReadBackBitForBit) {
  // The trailing comment holds decimalFloat of each number; replacing the hex numbers by the comment's
  // decimals gives the same case, so the comment is exact as well as readable.
  const std::uint32_t seed = testSeed() + 1;
  SCOPED_TRACE("GJK_TEST_SEED=" + std::to_string(seed - 1));
  std::mt19937 random(seed);
  for (int i = 0; i < 500; ++i) {
    Case c;
    c.a = randomShape(random);
    c.b = randomShape(random);
    std::string decimalText;
    std::istringstream lines(formatCase(c));
    for (std::string line; std::getline(lines, line);) {
      const std::size_t hash = line.find("  # ");
      if (hash == std::string::npos) {
        decimalText += line + "\n";
        continue;
      }
      decimalText += line.substr(0, line.find(' ')) + " " + line.substr(hash + 4) + "\n";
    }
    SCOPED_TRACE(decimalText);
    expectSameCase(c, parse(decimalText));
    if (::testing::Test::HasFailure()) {
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Case::metaValue and Case::setMeta

TEST(CaseMeta, setMetaAppendsOrReplacesInPlace) {
  Case c;
  c.setMeta("family", "a");
  c.setMeta("seed", "1");
  c.setMeta("family", "b");
  ASSERT_EQ(c.meta.size(), 2u);
  EXPECT_EQ(c.meta[0].key, "family");
  EXPECT_EQ(c.meta[0].value, "b");
  EXPECT_EQ(c.metaValue("family"), "b");
  EXPECT_EQ(c.metaValue("seed"), "1");
  EXPECT_EQ(c.metaValue("missing"), "");
}

TEST(CaseMeta, setMetaLeavesOneEntryWhenTheListHadDuplicates) {
  Case c;
  c.meta = {{"k", "1"}, {"x", "2"}, {"k", "3"}};
  c.setMeta("k", "4");
  ASSERT_EQ(c.meta.size(), 2u);
  EXPECT_EQ(c.meta[0].key, "k");
  EXPECT_EQ(c.meta[0].value, "4");
  EXPECT_EQ(c.meta[1].key, "x");
}

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

}  // namespace
}  // namespace gjk::check
