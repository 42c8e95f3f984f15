// The rotating sweep's enclosure (oracle/cast_sweep.h) without a turn, on every cast family: where it certifies a
// hit, its [lo, hi] holds the exact oracle's t* (oracle/cast.h, compared exactly) and is at most 2^-40 wide; where
// it certifies a miss, the exact oracle misses (cast-sliding, whose gap runs along the target, excepted from the
// width); where it is undecided, lo is still below the exact t*. Cases per
// family: GJK_CAST_SWEEP_CASES (default 12).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>

#include "families/families.h"
#include "oracle/cast.h"
#include "oracle/cast_sweep.h"
#include "verdict/exact_case.h"

namespace gjk::check {
namespace {

std::uint64_t casesPerFamily(std::uint64_t fallback) {
  const char* text = std::getenv("GJK_CAST_SWEEP_CASES");
  return text != nullptr ? std::strtoull(text, nullptr, 10) : fallback;
}

TEST(CastSweepFamilies, withoutTurnTheEnclosureHoldsTheExactTimeOnEveryCastFamily) {
  const std::uint64_t count = casesPerFamily(12);
  const oracle::Rational narrow(1, oracle::Integer(1) << 40);
  int hits = 0, misses = 0, undecided = 0;
  const auto start = std::chrono::steady_clock::now();
  for (const std::string& family : castFamilyNames()) {
    for (std::uint64_t i = 0; i < count; ++i) {
      const Case value = sampleFamily(family, 1, i);
      const oracle::InputShape a = toOracleShape(value.a), b = toOracleShape(value.b);
      const oracle::InputTranslation r{value.translationX, value.translationY};
      for (const oracle::Rational& target :
           {oracle::exactFloat(value.a.radius) + oracle::exactFloat(value.b.radius), oracle::Rational(1, 128)}) {
        const oracle::ExactCast exact = oracle::castByHull(a, b, r, target);
        const oracle::SweepEnclosure e = oracle::castSweepEnclosure(a, b, r, 0.0, target);
        const std::string where = family + " #" + std::to_string(i) + " target " + target.str() + ": " +
                                  oracle::sweepOutcomeName(e.outcome) + " " + oracle::sweepIntervalText(e) +
                                  (exact.hit ? " exact " + oracle::quadraticDecimal(exact.fraction) : " exact miss");
        switch (e.outcome) {
          case oracle::SweepOutcome::Hit:
            ++hits;
            ASSERT_TRUE(exact.hit) << where;
            EXPECT_GE(oracle::compareQuadratic(exact.fraction, e.lo), 0) << where;
            EXPECT_LE(oracle::compareQuadratic(exact.fraction, e.hi), 0) << where;
            // cast-sliding slides B along A at a gap of exactly the target: the enclosure holds t*, but its hi is
            // only where the gap falls certainly below the target, so it is wide there and nowhere else.
            if (family != "cast-sliding") {
              EXPECT_LE(e.hi - e.lo, narrow) << where;
            }
            break;
          case oracle::SweepOutcome::Miss:
            ++misses;
            EXPECT_FALSE(exact.hit) << where;
            break;
          case oracle::SweepOutcome::Undecided:
            ++undecided;
            if (exact.hit) {
              EXPECT_GE(oracle::compareQuadratic(exact.fraction, e.lo), 0) << where;
            }
            break;
        }
      }
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "hits " << hits << ", misses " << misses << ", undecided " << undecided << " in " << seconds
            << " s\n";
  EXPECT_GT(hits, 0);
  EXPECT_GT(misses, 0);
}

}  // namespace
}  // namespace gjk::check
