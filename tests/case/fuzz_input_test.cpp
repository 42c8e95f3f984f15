// The fuzzer input encoding (case/fuzz_input.h): every finite float bit pattern in every field, 1..16
// vertices, exact round trips with the case corpus, and the rejections and mappings it documents.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "case/case.h"
#include "case/fuzz_input.h"
#include "case/unit_rotation.h"

namespace {

using namespace gjk::check;

std::uint32_t bitsOf(float f) { return std::bit_cast<std::uint32_t>(f); }

void expectSameBits(const ShapeSpec& a, const ShapeSpec& b) {
  ASSERT_EQ(a.vertices.size(), b.vertices.size());
  EXPECT_EQ(bitsOf(a.radius), bitsOf(b.radius));
  EXPECT_EQ(bitsOf(a.positionX), bitsOf(b.positionX));
  EXPECT_EQ(bitsOf(a.positionY), bitsOf(b.positionY));
  EXPECT_EQ(bitsOf(a.rotationC), bitsOf(b.rotationC));
  EXPECT_EQ(bitsOf(a.rotationS), bitsOf(b.rotationS));
  for (std::size_t i = 0; i < a.vertices.size(); ++i) {
    EXPECT_EQ(bitsOf(a.vertices[i].x), bitsOf(b.vertices[i].x));
    EXPECT_EQ(bitsOf(a.vertices[i].y), bitsOf(b.vertices[i].y));
  }
}

Case roundTrip(const Case& value) {
  std::vector<std::uint8_t> bytes = encodeFuzzInput(value);
  std::size_t consumed = 0;
  std::optional<Case> back = decodeFuzzInput(bytes.data(), bytes.size(), &consumed);
  EXPECT_TRUE(back.has_value());
  EXPECT_EQ(consumed, bytes.size());
  return back.value_or(Case{});
}

float finiteFromBits(std::uint32_t bits) {
  float f = std::bit_cast<float>(bits);
  return std::isfinite(f) ? f : std::bit_cast<float>(bits & 0xBF7FFFFFu);  // clear the top exponent bit
}

TEST(FuzzInput, roundTripsEveryCaseOfTheCorpus) {
  int count = 0;
  for (const auto& file : collectCaseFiles({std::string(GJK_SOURCE_DIR) + "/corpus"})) {
    Case value = readCaseFile(file);
    if (value.dimension == 3) continue;  // the 3D encoding's: tests/case/fuzz_input_3d_test.cpp
    Case back = roundTrip(value);
    SCOPED_TRACE(file.string());
    expectSameBits(value.a, back.a);
    expectSameBits(value.b, back.b);
    EXPECT_EQ(back.hasTranslation, value.hasTranslation);
    EXPECT_EQ(bitsOf(back.translationX), bitsOf(value.translationX));
    EXPECT_EQ(bitsOf(back.translationY), bitsOf(value.translationY));
    ++count;
  }
  EXPECT_GT(count, 40);
}

TEST(FuzzInput, expressesEveryFiniteFloatBitPatternInEveryFieldButTheRotation) {
  std::mt19937 random(20261121);
  std::uniform_int_distribution<std::uint32_t> anyBits;
  std::uniform_int_distribution<int> anyCount(1, 16);
  const std::uint32_t specials[] = {0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007FFFFFu,
                                    0x00800000u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x3F800000u, 0x34000000u};
  for (int trial = 0; trial < 2000; ++trial) {
    auto next = [&] {
      return finiteFromBits(trial % 3 == 0 ? specials[anyBits(random) % 10] : anyBits(random));
    };
    Case value;
    for (ShapeSpec* s : {&value.a, &value.b}) {
      s->radius = std::fabs(next());
      if (trial % 7 == 0) s->radius = -0.0f;
      s->positionX = next(), s->positionY = next();
      // Any unit rotation (docs/case-format.md): a random pair normalized in float, or cosf/sinf of a random float.
      const float x = next(), y = next();
      const UnitRotation r = trial % 2 == 0 ? normalizedRotation(x, y) : UnitRotation{std::cos(x), std::sin(x)};
      s->rotationC = r.c, s->rotationS = r.s;
      s->vertices.resize(static_cast<std::size_t>(anyCount(random)));
      for (Vertex& v : s->vertices) v = {next(), next()};
    }
    Case back = roundTrip(value);
    expectSameBits(value.a, back.a);
    expectSameBits(value.b, back.b);
    if (HasFailure()) break;
  }
}

TEST(FuzzInput, encodesDefaultFieldsInTwoBytesAndTheLargestCaseIn306) {
  Case small;
  small.a.vertices = {{1, 2}};
  small.b.vertices = {{3, 4}};
  EXPECT_EQ(encodeFuzzInput(small).size(), 2u + 4 * 4);
  Case large;
  for (ShapeSpec* s : {&large.a, &large.b}) {
    s->radius = 1, s->positionX = 2, s->rotationC = 0, s->rotationS = 1;
    s->vertices.assign(16, Vertex{1, 1});
  }
  EXPECT_EQ(encodeFuzzInput(large).size(), FUZZ_INPUT_MAX_CASE_SIZE - 8);  // 298: no translation
  large.hasTranslation = true;
  large.translationX = 1;
  EXPECT_EQ(encodeFuzzInput(large).size(), FUZZ_INPUT_MAX_CASE_SIZE);
  EXPECT_EQ(FUZZ_INPUT_MAX_CASE_SIZE, 306u);
}

TEST(FuzzInput, rejectsShortInputsAndNonFiniteNumbers) {
  Case value;
  value.a.vertices = {{1, 2}, {3, 4}};
  value.b.vertices = {{5, 6}};
  std::vector<std::uint8_t> bytes = encodeFuzzInput(value);
  for (std::size_t size = 0; size < bytes.size(); ++size) {
    EXPECT_FALSE(decodeFuzzInput(bytes.data(), size).has_value()) << size;
  }
  for (float bad : {std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                    std::numeric_limits<float>::quiet_NaN()}) {
    std::vector<std::uint8_t> copy = bytes;
    std::memcpy(copy.data() + 6, &bad, 4);
    EXPECT_FALSE(decodeFuzzInput(copy.data(), copy.size()).has_value());
  }
  value.a.vertices[0].x = std::numeric_limits<float>::infinity();
  EXPECT_THROW(encodeFuzzInput(value), std::invalid_argument);
  value.a.vertices.assign(17, Vertex{});
  EXPECT_THROW(encodeFuzzInput(value), std::invalid_argument);
}

TEST(FuzzInput, mapsANegativeRadiusToItsMagnitudeAndKeepsMinusZero) {
  Case value;
  value.a.vertices = {{0, 0}};
  value.b.vertices = {{1, 0}};
  value.a.radius = 0.25f;
  value.b.radius = -0.0f;
  std::vector<std::uint8_t> bytes = encodeFuzzInput(value);
  bytes[2 + 3] |= 0x80;  // the sign bit of A's radius, the first float
  std::optional<Case> back = decodeFuzzInput(bytes.data(), bytes.size());
  ASSERT_TRUE(back);
  EXPECT_EQ(back->a.radius, 0.25f);
  EXPECT_EQ(bitsOf(back->b.radius), 0x80000000u);
}

TEST(FuzzInput, mapsAnyRotationBytesToAUnitRotationDeterministically) {
  // A's rotation is the first two floats after the count and flag bytes (no radius, no position).
  Case value;
  value.a.vertices = {{0, 0}};
  value.b.vertices = {{1, 0}};
  value.a.rotationC = 0, value.a.rotationS = 1;
  std::vector<std::uint8_t> bytes = encodeFuzzInput(value);
  auto decodeWithRotation = [&](std::uint32_t cBits, std::uint32_t sBits) {
    std::memcpy(bytes.data() + 2, &cBits, 4);
    std::memcpy(bytes.data() + 6, &sBits, 4);
    return decodeFuzzInput(bytes.data(), bytes.size());
  };
  std::mt19937 random(20261124);
  int decoded = 0;
  for (int trial = 0; trial < 200000; ++trial) {
    const std::uint32_t cBits = static_cast<std::uint32_t>(random()), sBits = static_cast<std::uint32_t>(random());
    std::optional<Case> first = decodeWithRotation(cBits, sBits);
    if (!first) {  // a NaN or an infinity: rejected, as in every field
      EXPECT_FALSE(std::isfinite(std::bit_cast<float>(cBits)) && std::isfinite(std::bit_cast<float>(sBits)));
      continue;
    }
    ++decoded;
    ASSERT_TRUE(isUnitRotation(first->a.rotationC, first->a.rotationS))
        << std::hex << cBits << " " << sBits << " gave " << first->a.rotationC << " " << first->a.rotationS;
    // The same bytes, the same case; and it is one the case reader takes back bit for bit.
    std::optional<Case> second = decodeWithRotation(cBits, sBits);
    EXPECT_EQ(bitsOf(first->a.rotationC), bitsOf(second->a.rotationC));
    EXPECT_EQ(bitsOf(first->a.rotationS), bitsOf(second->a.rotationS));
    const Case reread = parseCase(formatCase(*first), "decoded.case");
    EXPECT_EQ(bitsOf(reread.a.rotationC), bitsOf(first->a.rotationC));
    if (HasFailure()) break;
  }
  EXPECT_GT(decoded, 150000);
  // The classic fuzzer finds: (3, 4) becomes (0.6, 0.8) normalized in float; (0, 0) the identity;
  // (1.6e38, 16.1) points along x.
  std::optional<Case> c = decodeWithRotation(std::bit_cast<std::uint32_t>(3.0f), std::bit_cast<std::uint32_t>(4.0f));
  ASSERT_TRUE(c);
  EXPECT_EQ(c->a.rotationC, normalizedRotation(3, 4).c);
  EXPECT_EQ(c->a.rotationS, normalizedRotation(3, 4).s);
  c = decodeWithRotation(0, 0);
  EXPECT_EQ(c->a.rotationC, 1.0f);
  EXPECT_EQ(c->a.rotationS, 0.0f);
  c = decodeWithRotation(std::bit_cast<std::uint32_t>(1.6e38f), std::bit_cast<std::uint32_t>(16.1f));
  EXPECT_EQ(c->a.rotationC, 1.0f);
  // A unit pair is kept bit for bit, -0 included.
  c = decodeWithRotation(std::bit_cast<std::uint32_t>(-0.0f), std::bit_cast<std::uint32_t>(-1.0f));
  EXPECT_EQ(bitsOf(c->a.rotationC), 0x80000000u);
  EXPECT_EQ(c->a.rotationS, -1.0f);
  // The encoder refuses a non-unit pair rather than write bytes that decode to something else.
  value.a.rotationC = 3, value.a.rotationS = 4;
  EXPECT_THROW(encodeFuzzInput(value), std::invalid_argument);
}

TEST(FuzzInput, ignoresTheBytesAfterTheCaseAndCountsWhatItUsed) {
  Case value;
  value.a.vertices = {{1, 2}};
  value.b.vertices = {{3, 4}, {5, 6}};
  std::vector<std::uint8_t> bytes = encodeFuzzInput(value);
  std::size_t caseSize = bytes.size();
  bytes.insert(bytes.end(), {1, 2, 3, 4, 5, 6, 7, 8, 9});
  std::size_t consumed = 0;
  ASSERT_TRUE(decodeFuzzInput(bytes.data(), bytes.size(), &consumed));
  EXPECT_EQ(consumed, caseSize);
  // Flag bit 7 is ignored.
  bytes[1] |= 0x80;
  ASSERT_TRUE(decodeFuzzInput(bytes.data(), bytes.size(), &consumed));
  EXPECT_EQ(consumed, caseSize);
}

TEST(FuzzInput, tellsCaseTextFromFuzzerInput) {
  EXPECT_TRUE(looksLikeCaseText("gjk-case 1\n"));
  EXPECT_TRUE(looksLikeCaseText("\xEF\xBB\xBF# comment\n\n  gjk-case 1\n"));
  EXPECT_FALSE(looksLikeCaseText(std::string_view("\x03\x00\x00\x00", 4)));
  EXPECT_FALSE(looksLikeCaseText("# only a comment"));
  EXPECT_FALSE(looksLikeCaseText(""));
}

}  // namespace
