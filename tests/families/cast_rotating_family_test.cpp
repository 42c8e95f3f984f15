// cast-rotating (families_cast_rotating.cpp): valid rotating cast cases (b.translation and b.angular, |W| <= π,
// shapes of about 0.1 to 10 m, round trip, the family's feature), in no default list, and both certified hits and
// certified misses of the oracle's enclosure at the touching target rA + rB; the enclosures' widths and time.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <string>

#include "families/families.h"
#include "oracle/cast_sweep.h"
#include "properties/family_case_checks.h"
#include "verdict/exact_case.h"

namespace gjk::check {
namespace {

constexpr int CASES = 200;

TEST(CastRotatingFamily, isItsOwnGroupKnownByNameButInNoDefaultList) {
  EXPECT_EQ(rotatingCastFamilyNames(), std::vector<std::string>{"cast-rotating"});
  EXPECT_TRUE(isCastFamily("cast-rotating"));
  EXPECT_NO_THROW(checkFamilyName("cast-rotating"));
  for (const auto& list : {familyNames(), overlapFamilyNames(), castFamilyNames()}) {
    EXPECT_EQ(std::find(list.begin(), list.end(), "cast-rotating"), list.end());
  }
}

TEST(CastRotatingFamily, casesAreValidRotatingCastCasesOfTheStatedSizes) {
  for (int i = 0; i < CASES; ++i) {
    const Case value = sampleFamily("cast-rotating", 1, static_cast<std::uint64_t>(i));
    ASSERT_EQ(test_support::familyCaseProblems("cast-rotating", value), "") << i;
    EXPECT_TRUE(value.hasTranslation);
    EXPECT_TRUE(value.hasAngular);
    EXPECT_LE(std::fabs(value.angular), 3.14159274f);
    for (const ShapeSpec* shape : {&value.a, &value.b}) {
      double size = 0;
      for (const Vertex& v : shape->vertices) size = std::max({size, std::fabs(double(v.x)), std::fabs(double(v.y))});
      EXPECT_GE(2 * size, 0.0625) << i;  // twice the largest coordinate: about 2^-3 .. 2^4 m (centring shifts it)
      EXPECT_LE(2 * size, 16.0) << i;
    }
  }
}

TEST(CastRotatingFamily, theEnclosuresGiveHitsAndMisses) {
  int hits = 0, misses = 0, undecided = 0;
  double widest = 0, seconds = 0;
  for (int i = 0; i < CASES; ++i) {
    const Case value = sampleFamily("cast-rotating", 1, static_cast<std::uint64_t>(i));
    const oracle::InputShape a = toOracleShape(value.a), b = toOracleShape(value.b);
    const auto start = std::chrono::steady_clock::now();
    const oracle::SweepEnclosure e =
        oracle::castSweepEnclosure(a, b, {value.translationX, value.translationY}, value.angular,
                                   oracle::exactFloat(value.a.radius) + oracle::exactFloat(value.b.radius));
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (e.outcome == oracle::SweepOutcome::Hit) {
      ++hits;
      widest = std::max(widest, (e.hi - e.lo).convert_to<double>());
    }
    misses += e.outcome == oracle::SweepOutcome::Miss;
    undecided += e.outcome == oracle::SweepOutcome::Undecided;
  }
  std::cout << "cast-rotating, " << CASES << " cases at rA + rB: hits " << hits << ", misses " << misses
            << ", undecided " << undecided << ", widest hit " << widest << ", " << seconds / CASES
            << " s a case\n";
  EXPECT_GE(hits, CASES / 5);
  EXPECT_GE(misses, CASES / 10);
}

}  // namespace
}  // namespace gjk::check
