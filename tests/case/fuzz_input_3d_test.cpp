// The 3D fuzzer input encoding (case/fuzz_input_3d.h): exact round trips up to 64 vertices a shape, the layout
// byte for byte, the rejections and mappings it documents, and that every decoded case is one the reader takes.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

#include "case/case.h"
#include "case/fuzz_input.h"
#include "case/fuzz_input_3d.h"
#include "case/unit_rotation.h"
#include "tests/case/case_file_support.h"

namespace gjk::check {
namespace {

Case roundTrip3d(const Case& value) {
  const std::vector<std::uint8_t> bytes = encodeFuzzInput3d(value);
  EXPECT_LE(bytes.size(), FUZZ_INPUT_3D_MAX_CASE_SIZE);
  std::size_t consumed = 0;
  const std::optional<Case> back = decodeFuzzInput3d(bytes.data(), bytes.size(), &consumed);
  EXPECT_TRUE(back.has_value());
  EXPECT_EQ(consumed, bytes.size());
  return back.value_or(Case{});
}

std::vector<std::uint8_t> floatBytes(std::initializer_list<float> numbers) {
  std::vector<std::uint8_t> out;
  for (float number : numbers) {
    const std::uint32_t bits = bitsOf(number);
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
  }
  return out;
}

std::vector<std::uint8_t> concat(std::vector<std::uint8_t> head, const std::vector<std::uint8_t>& tail) {
  head.insert(head.end(), tail.begin(), tail.end());
  return head;
}

TEST(FuzzInput3d, theLayoutByteForByte) {
  Case c;
  c.dimension = 3;
  c.a.vertices = {{1, 2, 3}, {4, 5, 6}};
  c.a.positionZ = -1;
  c.b.radius = 0.5f;
  c.b.quaternionW = 0;
  c.b.quaternionY = 1;
  c.b.vertices = {{-0.0f, 0, FLT_TRUE_MIN}};
  const std::vector<std::uint8_t> expected =
      concat(concat(concat({1, 0, 0x02 | 0x08 | 0x20}, floatBytes({0, 0, -1, 1, 2, 3, 4, 5, 6})),
                    floatBytes({0.5f, 0, 0, 1, 0})),
             floatBytes({-0.0f, 0, FLT_TRUE_MIN}));
  EXPECT_EQ(encodeFuzzInput3d(c), expected);
  expectSameCase(c, roundTrip3d(c));
}

TEST(FuzzInput3d, roundTripsRandomCasesOfUpTo64VerticesBitForBit) {
  const std::uint32_t seed = testSeed();
  std::mt19937 random(seed);
  auto anyFinite = [&] {
    float v;
    do v = floatFromBits(static_cast<std::uint32_t>(random()));
    while (!std::isfinite(v));
    return v;
  };
  for (int round = 0; round < 300; ++round) {
    Case c;
    c.dimension = 3;
    for (ShapeSpec* shape : {&c.a, &c.b}) {
      if (random() % 2) shape->radius = std::fabs(anyFinite());
      if (random() % 2) shape->positionX = anyFinite(), shape->positionZ = anyFinite();
      if (random() % 2) {
        const UnitQuaternion q = toUnitQuaternion(anyFinite(), anyFinite(), anyFinite(), anyFinite());
        shape->quaternionW = q.w, shape->quaternionX = q.x, shape->quaternionY = q.y, shape->quaternionZ = q.z;
      }
      const int count = round < 2 ? MAX_POLYTOPE_VERTICES : 1 + static_cast<int>(random() % MAX_POLYTOPE_VERTICES);
      for (int i = 0; i < count; ++i) shape->vertices.push_back({anyFinite(), anyFinite(), anyFinite()});
    }
    expectSameCase(c, roundTrip3d(c));
    if (::testing::Test::HasFailure()) return;
  }
}

// The 3D cases of the corpus (corpus/regressions/strategies3d, ...) round-trip bit for bit, meta lines aside.
TEST(FuzzInput3d, roundTripsEvery3dCaseOfTheCorpus) {
  int count = 0;
  for (const auto& file : collectCaseFiles({std::string(GJK_SOURCE_DIR) + "/corpus"})) {
    const Case value = readCaseFile(file);
    if (value.dimension != 3) continue;
    SCOPED_TRACE(file.string());
    Case geometry = value;
    geometry.meta.clear();
    Case back = roundTrip3d(value);
    back.source = geometry.source;
    expectSameCase(geometry, back);
    ++count;
  }
  EXPECT_GT(count, 40);
}

TEST(FuzzInput3d, anyBytesDecodeToACaseTheReaderTakesOrToNone) {
  const std::uint32_t seed = testSeed();
  std::mt19937 random(seed);
  int decoded = 0, mapped = 0;
  for (int round = 0; round < 3000; ++round) {
    std::vector<std::uint8_t> bytes(3 + random() % 400);
    for (std::uint8_t& byte : bytes) byte = static_cast<std::uint8_t>(random());
    bytes[0] &= 0x07, bytes[1] &= 0xC3;  // few vertices, so that most inputs hold a case; bits 6, 7 ignored
    const std::optional<Case> value = decodeFuzzInput3d(bytes.data(), bytes.size());
    if (!value) continue;
    ++decoded;
    EXPECT_EQ(value->dimension, 3);
    mapped += value->a.quaternionW != 1 || value->b.quaternionW != 1;
    // The reader takes it and gives it back; the encoding gives back its bytes' case.
    expectSameCase(*value, parseCase(formatCase(*value), "decoded"));
    expectSameCase(*value, roundTrip3d(*value));
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(decoded, 500);
  EXPECT_GT(mapped, 100);
}

TEST(FuzzInput3d, rejectsAndMapsAsDocumented) {
  const std::vector<std::uint8_t> header = {0, 0, 0x01 | 0x04};  // A: radius and rotation; one vertex each
  // A negative radius becomes |r|; a non-unit quaternion its float normalization; the rest as given.
  const std::vector<std::uint8_t> bytes =
      concat(header, floatBytes({-2.5f, 1, 2, 2, 4, 7, 8, 9, 0, 0, 0}));
  const std::optional<Case> value = decodeFuzzInput3d(bytes.data(), bytes.size());
  ASSERT_TRUE(value.has_value());
  EXPECT_EQ(value->a.radius, 2.5f);
  const UnitQuaternion normalized = normalizedQuaternion(1, 2, 2, 4);
  EXPECT_SAME_BITS(normalized.w, value->a.quaternionW);
  EXPECT_SAME_BITS(normalized.z, value->a.quaternionZ);
  EXPECT_TRUE(isUnitQuaternion(value->a.quaternionW, value->a.quaternionX, value->a.quaternionY, value->a.quaternionZ));
  EXPECT_EQ(value->a.vertices[0].z, 9.0f);
  // Four zeros: the identity. -0 radius stays -0.
  const std::vector<std::uint8_t> zeros = concat(header, floatBytes({-0.0f, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0}));
  const std::optional<Case> identity = decodeFuzzInput3d(zeros.data(), zeros.size());
  ASSERT_TRUE(identity.has_value());
  EXPECT_SAME_BITS(1.0f, identity->a.quaternionW);
  EXPECT_SAME_BITS(-0.0f, identity->a.radius);
  // NaN and infinity anywhere, and too few bytes: no case.
  for (float bad : {NAN, INFINITY, -INFINITY}) {
    const std::vector<std::uint8_t> withBad = concat(header, floatBytes({1, 1, 0, 0, 0, 7, 8, bad, 0, 0, 0}));
    EXPECT_FALSE(decodeFuzzInput3d(withBad.data(), withBad.size()).has_value());
  }
  EXPECT_FALSE(decodeFuzzInput3d(bytes.data(), bytes.size() - 1).has_value());
  EXPECT_FALSE(decodeFuzzInput3d(bytes.data(), 2).has_value());
  // Trailing bytes are not part of the case: `consumed` says where it ended.
  std::vector<std::uint8_t> longer = concat(bytes, {1, 2, 3});
  std::size_t consumed = 0;
  ASSERT_TRUE(decodeFuzzInput3d(longer.data(), longer.size(), &consumed).has_value());
  EXPECT_EQ(consumed, bytes.size());
  // The count bytes' top two bits are ignored: 0xFF is 64 vertices.
  std::vector<std::uint8_t> full = {0xFF, 0xC0, 0};
  for (int i = 0; i < 65 * 3; ++i) full = concat(full, floatBytes({static_cast<float>(i)}));
  const std::optional<Case> sixtyFour = decodeFuzzInput3d(full.data(), full.size());
  ASSERT_TRUE(sixtyFour.has_value());
  EXPECT_EQ(sixtyFour->a.vertices.size(), 64u);
  EXPECT_EQ(sixtyFour->b.vertices.size(), 1u);
}

TEST(FuzzInput3d, theTwoEncodingsKeepToTheirDimension) {
  Case c;
  c.dimension = 3;
  c.a.vertices = {{0, 0, 1}};
  c.b.vertices = {{0, 0, 0}};
  EXPECT_THROW(encodeFuzzInput(c), std::invalid_argument);
  c.dimension = 2;
  EXPECT_THROW(encodeFuzzInput(c), std::invalid_argument);  // a 2D case with a z would lose it
  EXPECT_THROW(encodeFuzzInput3d(c), std::invalid_argument);
  c.dimension = 3;
  c.a.quaternionW = 2;
  EXPECT_THROW(encodeFuzzInput3d(c), std::invalid_argument);
  c.a.quaternionW = 1;
  c.a.rotationC = 0, c.a.rotationS = 1;
  EXPECT_THROW(encodeFuzzInput3d(c), std::invalid_argument);
  c.a.rotationC = 1, c.a.rotationS = 0;
  c.a.vertices.resize(65);
  EXPECT_THROW(encodeFuzzInput3d(c), std::invalid_argument);
  c.a.vertices.resize(1);
  c.hasTranslation = true;
  EXPECT_THROW(encodeFuzzInput3d(c), std::invalid_argument);
  c.hasTranslation = false;
  EXPECT_NO_THROW(encodeFuzzInput3d(c));
  // 2D inputs decode as before: the same bytes are a 2D case to decodeFuzzInput.
  const std::vector<std::uint8_t> bytes = encodeFuzzInput3d(c);
  const std::optional<Case> planar = decodeFuzzInput(bytes.data(), bytes.size());
  ASSERT_TRUE(planar.has_value());
  EXPECT_EQ(planar->dimension, 2);
}

}  // namespace
}  // namespace gjk::check
