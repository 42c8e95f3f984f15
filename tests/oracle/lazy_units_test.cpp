// The verdict's numbers (oracle::errorsInUnits, distanceExceeds, valueExceeds) are the high-precision
// route's, bit for bit: check::judge must report exactly what it reported before they were made lazy.
// Reported answers are built around the exact one, as a float or double GJK would report them: the
// exact distance rounded and moved by a few units u or exactly equal, zero, witness points on vertices
// or on the closest feature moved by a few ulps (so inside, on and outside their shapes), and the
// threshold decisions right at T u.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include "oracle/oracle.h"
#include "tests/oracle/case_generator.h"

namespace gjk::oracle {
namespace {

using namespace cases;

constexpr std::uint64_t SEED = 0x6c617a79756e6974ULL;  // "lazyunit"

// The same double, NaN included: bit for bit.
bool same(double x, double y) {
  return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y);
}

TEST(LazyUnits, ErrorsAndDecisionsAreTheHighPrecisionOnesBitForBit) {
  std::printf("[ seed     ] 0x%016llx\n", static_cast<unsigned long long>(SEED));
  Generator random(SEED);
  const LazyStatistics before = lazyStatistics();
  int checked = 0, zeroWitness = 0;
  for (int index = 0; index < 20000; ++index) {
    const int category = index % CATEGORY_COUNT;
    const GeneratedCase generated = generate(random, category);
    const ExactAnswer exact = solveByHull(generated.a, generated.b);
    const Rational unit = exact.scale / Rational(Integer(1) << 24);
    const double uApprox = static_cast<double>(unit);
    const double exactDistance = static_cast<double>(distance(exact));
    if (!std::isfinite(exactDistance) || !std::isfinite(uApprox)) {
      continue;
    }
    ReportedAnswer reported;
    switch (random.integer(0, 4)) {
      case 0:
        reported.distance = exactDistance;
        break;
      case 1:
        reported.distance = 0;
        break;
      case 2:
        reported.distance = static_cast<float>(exactDistance + uApprox * random.integer(-80, 80));
        break;
      case 3:
        reported.distance = static_cast<double>(64 * unit);
        break;  // at the threshold T u
      default:
        reported.distance = nudge(random, static_cast<float>(exactDistance), 3);
        break;
    }
    if (!std::isfinite(reported.distance)) {
      continue;
    }
    // Witness points: A's world vertex 0 (rounded) or the closest point moved onto B, nudged.
    const std::vector<ExactPoint> worldA = worldVertices(generated.a);
    const double ax = static_cast<double>(worldA[0].x), ay = static_cast<double>(worldA[0].y);
    const double cx = static_cast<double>(exact.closestPoint.x),
                 cy = static_cast<double>(exact.closestPoint.y);
    const bool asFloat = random.chance(50);
    const auto round = [asFloat](double v) {
      return asFloat ? static_cast<double>(static_cast<float>(v)) : v;
    };
    reported.pointAX = round(nudge(random, ax, 2));
    reported.pointAY = round(nudge(random, ay, 2));
    reported.pointBX = round(nudge(random, ax + cx, 2));
    reported.pointBY = round(nudge(random, ay + cy, 2));
    if (!std::isfinite(reported.pointAX) || !std::isfinite(reported.pointAY) ||
        !std::isfinite(reported.pointBX) || !std::isfinite(reported.pointBY)) {
      continue;  // a world coordinate beyond the float range, rounded to float
    }
    const ErrorsInUnits lazy = errorsInUnits(generated.a, generated.b, exact, unit, reported);
    const ErrorsInUnits reference =
        errorsInUnitsByHighPrecision(generated.a, generated.b, exact, unit, reported);
    ASSERT_TRUE(same(lazy.distanceError, reference.distanceError)) << categoryName(category) << " " << index;
    ASSERT_TRUE(same(lazy.witnessError, reference.witnessError)) << categoryName(category) << " " << index;
    ASSERT_TRUE(same(lazy.witnessGap, reference.witnessGap)) << categoryName(category) << " " << index;
    zeroWitness += lazy.witnessError == 0;

    for (double factor : {64.0, 1.0, 0x1p-30}) {
      const HighPrecision threshold = HighPrecision(unit) * factor;
      ASSERT_EQ(distanceExceeds(exact, unit, factor), distance(exact) > threshold) << index;
      ASSERT_EQ(valueExceeds(reported.distance, unit, factor),
                HighPrecision(exactDouble(reported.distance)) > threshold)
          << index;
    }
    ++checked;
  }
  const LazyStatistics& after = lazyStatistics();
  std::printf(
      "[ lazy     ] %d answers (%d with both witness points within their shapes): %llu values and "
      "decisions, %llu of them in high precision\n",
      checked, zeroWitness, static_cast<unsigned long long>(after.values - before.values),
      static_cast<unsigned long long>(after.highPrecision - before.highPrecision));
  EXPECT_GT(checked, 15000);
  EXPECT_GT(zeroWitness, 100);
}

// The witness gap |pB - pA| of reported points whose coordinates span few bits or very many (the gap's
// square is formed in integers when the four coordinates span at most 120 bits, else in rationals): zeros,
// equal points, coordinates from 2^-1074 to 2^1000, a coordinate one ulp from another; bit for bit the
// reference's.
TEST(LazyUnits, WitnessGapsOfPointsOfEveryScaleAreTheHighPrecisionOnes) {
  Generator random(SEED ^ 0x676170);  // "gap"
  int checked = 0;
  for (int index = 0; index < 3000; ++index) {
    const GeneratedCase generated = generate(random, index % CATEGORY_COUNT);
    const ExactAnswer exact = solveByHull(generated.a, generated.b);
    const Rational unit = exact.scale / Rational(Integer(1) << 24);
    const auto coordinate = [&random]() -> double {
      switch (random.integer(0, 5)) {
        case 0:
          return 0.0;
        case 1:
          return random.chance(50) ? -0.0 : 1.0;
        case 2:
          return std::ldexp(random.unit() - 0.5, random.integer(-30, 30));  // similar scales
        case 3:
          return std::ldexp(random.unit() - 0.5, random.integer(-1074, 1000));  // any scale
        case 4:
          return std::ldexp(1.0 + random.unit(), random.integer(-60, 60));
        default:
          return std::ldexp(static_cast<double>(random.integer(-1000, 1000)), random.integer(-8, 8));
      }
    };
    ReportedAnswer reported;
    reported.distance = static_cast<double>(distance(exact));
    reported.pointAX = coordinate();
    reported.pointAY = coordinate();
    reported.pointBX = random.chance(20) ? reported.pointAX : coordinate();
    reported.pointBY = random.chance(20) ? std::nextafter(reported.pointAY, HUGE_VAL) : coordinate();
    reported.merged = random.chance(10);
    if (!std::isfinite(reported.distance) || !std::isfinite(reported.pointBY)) continue;
    const ErrorsInUnits lazy = errorsInUnits(generated.a, generated.b, exact, unit, reported);
    const ErrorsInUnits reference = errorsInUnitsByHighPrecision(generated.a, generated.b, exact, unit, reported);
    ASSERT_TRUE(same(lazy.witnessGap, reference.witnessGap))
        << index << ": (" << reported.pointAX << ", " << reported.pointAY << ") (" << reported.pointBX << ", "
        << reported.pointBY << ")";
    ASSERT_TRUE(same(lazy.witnessError, reference.witnessError)) << index;
    ASSERT_TRUE(same(lazy.distanceError, reference.distanceError)) << index;
    ++checked;
  }
  EXPECT_GT(checked, 2500);
}

// Decisions right at the threshold: a reported distance of exactly T u (a dyadic), and of T u +- one
// double ulp, are decided as high precision decides them.
TEST(LazyUnits, ThresholdDecisionsAtTheHair) {
  for (int k = 1; k < 200; ++k) {
    const Rational unit = Rational(k, 3 << 10);  // not dyadic: the exact route must step aside
    const Rational dyadicUnit = Rational(k, 1 << 10);
    for (const Rational* u : {&unit, &dyadicUnit}) {
      const double t = static_cast<double>(64 * *u);
      for (double value : {t, std::nextafter(t, 0.0), std::nextafter(t, HUGE_VAL)}) {
        ASSERT_EQ(valueExceeds(value, *u, 64), HighPrecision(exactDouble(value)) > HighPrecision(*u) * 64.0);
      }
    }
  }
}

}  // namespace
}  // namespace gjk::oracle
