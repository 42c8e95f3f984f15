// SplitMix64 (families/splitmix64.h) against the reference implementation: the first five outputs for three
// seeds, as printed by Vigna's splitmix64.c (https://prng.di.unimi.it/splitmix64.c) compiled on its own.
// The seed 1234567 values are also the ones Java's SplittableRandom documentation examples and many
// ports quote (6457827717110365317 = 0x599ed017fb08fc85 first).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>

#include "families/splitmix64.h"

namespace gjk::check {
namespace {

struct Vector {
  std::uint64_t seed;
  std::array<std::uint64_t, 5> outputs;
};

constexpr Vector REFERENCE[] = {
    {0u,
     {0xe220a8397b1dcdafu, 0x6e789e6aa1b965f4u, 0x06c45d188009454fu, 0xf88bb8a8724c81ecu,
      0x1b39896a51a8749bu}},
    {1234567u,
     {0x599ed017fb08fc85u, 0x2c73f08458540fa5u, 0x883ebce5a3f27c77u, 0x3fbef740e9177b3fu,
      0xe3b8346708cb5ecdu}},
    {0xffffffffffffffffu,
     {0xe4d971771b652c20u, 0xe99ff867dbf682c9u, 0x382ff84cb27281e9u, 0x6d1db36ccba982d2u,
      0xb4a0472e578069aeu}},
};

TEST(SplitMix64, matchesTheReferenceImplementation) {
  for (const Vector& v : REFERENCE) {
    SplitMix64 generator(v.seed);
    for (std::size_t i = 0; i < v.outputs.size(); ++i) {
      EXPECT_EQ(generator.next(), v.outputs[i]) << "seed " << v.seed << " output " << i + 1;
      EXPECT_EQ(splitMix64At(v.seed, i + 1), v.outputs[i]) << "seed " << v.seed << " output " << i + 1;
    }
  }
}

TEST(SplitMix64, isAConstantExpression) {
  static_assert(SplitMix64::mix(0) == 0, "mix(0) = 0");
  static_assert(splitMix64At(1234567u, 1) == 0x599ed017fb08fc85u);
}

TEST(SplitMix64, splitMix64AtIsTheNthOutput) {
  SplitMix64 generator(42);
  for (std::uint64_t n = 1; n <= 1000; ++n) ASSERT_EQ(generator.next(), splitMix64At(42, n)) << n;
}

TEST(SplitMix64, belowStaysInRange) {
  SplitMix64 generator(7);
  int seen[5] = {};
  for (int i = 0; i < 5000; ++i) {
    const std::uint64_t value = generator.below(5);
    ASSERT_LT(value, 5u);
    ++seen[value];
  }
  for (int count : seen) EXPECT_GT(count, 800);  // 1000 expected each
  EXPECT_EQ(SplitMix64(3).below(1), 0u);
}

}  // namespace
}  // namespace gjk::check
