// What the tests of the `gjk-case 1` format share (case_file_test.cpp, case_numbers_test.cpp,
// case_errors_test.cpp): bit comparisons, the test seed, parsing a text with the expected error.
#pragma once

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

// Equal as bit patterns: -0 differs from +0.
inline std::uint32_t bitsOf(float value) {
  return std::bit_cast<std::uint32_t>(value);
}

inline float floatFromBits(std::uint32_t bits) {
  return std::bit_cast<float>(bits);
}

#define EXPECT_SAME_BITS(expected, actual) \
  EXPECT_EQ(bitsOf(expected), bitsOf(actual)) << hexFloat(expected) << " vs " << hexFloat(actual)

inline void expectSameShape(const ShapeSpec& expected, const ShapeSpec& actual) {
  EXPECT_SAME_BITS(expected.radius, actual.radius);
  EXPECT_SAME_BITS(expected.positionX, actual.positionX);
  EXPECT_SAME_BITS(expected.positionY, actual.positionY);
  EXPECT_SAME_BITS(expected.positionZ, actual.positionZ);
  EXPECT_SAME_BITS(expected.rotationC, actual.rotationC);
  EXPECT_SAME_BITS(expected.rotationS, actual.rotationS);
  EXPECT_SAME_BITS(expected.quaternionW, actual.quaternionW);
  EXPECT_SAME_BITS(expected.quaternionX, actual.quaternionX);
  EXPECT_SAME_BITS(expected.quaternionY, actual.quaternionY);
  EXPECT_SAME_BITS(expected.quaternionZ, actual.quaternionZ);
  ASSERT_EQ(expected.vertices.size(), actual.vertices.size());
  for (std::size_t i = 0; i < expected.vertices.size(); ++i) {
    SCOPED_TRACE("vertex " + std::to_string(i));
    EXPECT_SAME_BITS(expected.vertices[i].x, actual.vertices[i].x);
    EXPECT_SAME_BITS(expected.vertices[i].y, actual.vertices[i].y);
    EXPECT_SAME_BITS(expected.vertices[i].z, actual.vertices[i].z);
  }
}

// Same dimension, meta (keys, values, order), same shapes and translation, bit for bit; `source` is not compared.
inline void expectSameCase(const Case& expected, const Case& actual) {
  EXPECT_EQ(expected.dimension, actual.dimension);
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
  EXPECT_EQ(expected.hasTranslation, actual.hasTranslation);
  EXPECT_SAME_BITS(expected.translationX, actual.translationX);
  EXPECT_SAME_BITS(expected.translationY, actual.translationY);
  EXPECT_EQ(expected.hasAngular, actual.hasAngular);
  EXPECT_SAME_BITS(expected.angular, actual.angular);
}

// The seed of the randomized tests: GJK_TEST_SEED when set, else a fixed default. Printed, so that a
// failure replays with GJK_TEST_SEED=<seed>.
inline std::uint32_t testSeed() {
  constexpr std::uint32_t DEFAULT_SEED = 20261121;
  const char* text = std::getenv("GJK_TEST_SEED");
  const std::uint32_t seed =
      text != nullptr ? static_cast<std::uint32_t>(std::strtoul(text, nullptr, 0)) : DEFAULT_SEED;
  std::cout << "seed " << seed << " (set GJK_TEST_SEED to replay)\n";
  return seed;
}

constexpr const char* FILE_NAME = "t.case";

// Parses `text` expecting a CaseError whose what() is exactly `expected`, with the given line().
inline void expectCaseError(std::string_view text, const std::string& expected, int expectedLine) {
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
inline std::string withLines(const std::string& lines) {
  return "gjk-case 1\n" + lines + "b.vertex 0 0\n";
}

// The case text with `literal` as the x of a's only vertex, on line 2.
inline std::string withVertexX(const std::string& literal) {
  std::string lines = "a.vertex ";
  lines += literal;
  lines += " 0\n";
  return withLines(lines);
}

// The error of a literal that is not a finite float, when it is the x of a's vertex on line 2.
inline void expectNotFinite(const std::string& literal) {
  std::string expected = "t.case:2: not a finite float: ";
  expected += quoteToken(literal);  // a long literal is quoted to 40 bytes (tested below)
  expectCaseError(withVertexX(literal), expected, 2);
}

inline Case parse(std::string_view text) {
  return parseCase(text, FILE_NAME);
}

// The float a literal reads as, when it is the x of a's vertex.
inline float parseOneNumber(const std::string& literal) {
  return parse(withVertexX(literal)).a.vertices.at(0).x;
}

}  // namespace gjk::check
