// The `gjk-case 1` format (docs/case-format.md): reading, writing, the bit-exact round trip, and every error
// message with its exact "file:line: " prefix.
//
// The numbers (case_numbers_test.cpp) and the error messages (case_errors_test.cpp) have files of their
// own.
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

#include "tests/case/case_file_support.h"

namespace gjk::check {
namespace {

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
    // A unit rotation (docs/case-format.md): cosf/sinf of a random float, or a random pair normalized in float, or
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
    if (i % 4 == 1) {  // a cast case: any two finite floats as B's translation
      c.hasTranslation = true;
      c.translationX = randomCaseFloat(random);
      c.translationY = randomCaseFloat(random);
    }
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
    if (i % 4 == 1) {
      c.hasTranslation = true;
      c.translationX = randomCaseFloat(random);
      c.translationY = randomCaseFloat(random);
    }
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
}  // namespace
}  // namespace gjk::check
