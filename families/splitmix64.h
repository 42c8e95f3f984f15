// SplitMix64, the project's own pseudo-random generator: the case families (families/families.h) and the
// geometry-aware mutator (fuzz/geometry_mutator.h) draw from it, so a stream of cases is the same bit for
// bit on every machine and with every version of every library (RapidCheck's rc::Random included).
//
// Reference: Sebastiano Vigna, splitmix64.c (2015, public domain), https://prng.di.unimi.it/splitmix64.c,
// "a fixed-increment version of Java 8's SplittableRandom" (G. L. Steele, D. Lea, C. H. Flood, "Fast
// splittable pseudorandom number generators", OOPSLA 2014). The state is a 64-bit counter advanced by the
// odd constant GAMMA; each output is the counter passed through a bijective mixing function. Outputs
// number n (from 1) of a generator seeded with x is mix(x + n GAMMA), which splitMix64At computes in O(1).
// tests/families/splitmix64_test.cpp checks the first outputs for three seeds against values printed by the
// reference C code (compiled outside the repository).
#pragma once

#include <cstdint>

namespace gjk::check {

class SplitMix64 {
 public:
  static constexpr std::uint64_t GAMMA = 0x9e3779b97f4a7c15u;

  explicit constexpr SplitMix64(std::uint64_t seed) : state_(seed) {}

  // The reference's next(): advance the counter, return its mix.
  constexpr std::uint64_t next() {
    state_ += GAMMA;
    return mix(state_);
  }

  // Uniform in [0, bound) for bound >= 1, as next() % bound. The modulo bias is below bound / 2^64 (under
  // 2^-38 for the bounds the families use, at most 2^26); kept for its simplicity, since the stream, not
  // perfect uniformity, is the contract. bound = 0 is read as 2^64 (next() itself).
  constexpr std::uint64_t below(std::uint64_t bound) { return bound == 0 ? next() : next() % bound; }

  // The reference's output function (Stafford's Mix13 variant).
  static constexpr std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
  }

 private:
  std::uint64_t state_;
};

// Output number n (n >= 1) of SplitMix64(seed), without generating the first n - 1.
constexpr std::uint64_t splitMix64At(std::uint64_t seed, std::uint64_t n) {
  return SplitMix64::mix(seed + n * SplitMix64::GAMMA);
}

}  // namespace gjk::check
