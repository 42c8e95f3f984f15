// The exact cast's two methods (oracle/cast.h: castByHull and castWithoutHull, which share only the number types)
// on every cast family, and robust-cast's claim (docs/strategies.md): no violation of the cast verdict on any
// cast family. GJK_CAST_CROSS_CHECK_CASES sets the cases per family (default 40: castWithoutHull takes up to tens
// of milliseconds a case; the issue's measurement used 1,000, docs/verdict.md "Cast").
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "families/families.h"
#include "oracle/cast.h"
#include "verdict/cast_strategies.h"
#include "verdict/cast_verdict.h"
#include "verdict/exact_case.h"
#include "verdict/strategy.h"

namespace gjk::check {
namespace {

std::uint64_t casesPerFamily(std::uint64_t fallback) {
  const char* text = std::getenv("GJK_CAST_CROSS_CHECK_CASES");
  return text != nullptr ? std::strtoull(text, nullptr, 10) : fallback;
}

TEST(CastOracleFamilies, hullAndHullFreeMethodsAgreeOnEveryCastFamily) {
  const std::uint64_t count = casesPerFamily(40);
  std::uint64_t hits = 0, irrational = 0;
  for (const std::string& family : castFamilyNames()) {
    for (std::uint64_t i = 0; i < count; ++i) {
      const Case value = sampleFamily(family, 1, i);
      const oracle::InputShape a = toOracleShape(value.a), b = toOracleShape(value.b);
      const oracle::InputTranslation r{value.translationX, value.translationY};
      for (const oracle::Rational& target :
           {oracle::exactFloat(value.a.radius) + oracle::exactFloat(value.b.radius), oracle::Rational(0),
            oracle::Rational(1, 128)}) {
        const oracle::ExactCast x = oracle::castByHull(a, b, r, target);
        const oracle::ExactCast y = oracle::castWithoutHull(a, b, r, target);
        ASSERT_EQ(x.hit, y.hit) << family << " #" << i;
        ASSERT_EQ(x.initiallyTouching, y.initiallyTouching) << family << " #" << i;
        ASSERT_EQ(x.initiallyOverlapping, y.initiallyOverlapping) << family << " #" << i;
        if (x.hit) {
          ASSERT_EQ(oracle::compareQuadratic(x.fraction, y.fraction), 0)
              << family << " #" << i << ": " << oracle::quadraticDecimal(x.fraction) << " vs "
              << oracle::quadraticDecimal(y.fraction);
          ++hits;
          if (x.fraction.b != 0 && x.fraction.c != 0) ++irrational;
        }
      }
    }
  }
  EXPECT_GT(hits, 0u);
  EXPECT_GT(irrational, 0u);  // the families reach the (a + b√c)/e answers, not only rational ones
}

TEST(CastOracleFamilies, robustCastIsNoViolationOnAnyCastFamily) {
  const StrategyInfo* robust = findStrategy("robust-cast");
  ASSERT_NE(robust, nullptr);
  const std::uint64_t count = casesPerFamily(40) * 5;
  for (const std::string& family : castFamilyNames()) {
    for (std::uint64_t i = 0; i < count; ++i) {
      const Case value = sampleFamily(family, 1, i);
      const CastVerdict verdict = judgeCast(CastCase(value), robust->run(value, {}), *robust);
      EXPECT_FALSE(verdict.violation) << family << " #" << i << ": " << primaryCastKind(verdict);
    }
  }
}

}  // namespace
}  // namespace gjk::check
