// The cast strategies' registry rows (verdict/cast_strategies.h) and their runner (verdict/cast_query.h):
// names, query kind, declared bands against the sources' formulas worked on paper, and one cast case run
// through findStrategy as the tools run it.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "case/case.h"
#include "verdict/cast_strategies.h"
#include "verdict/cast_verdict.h"

#include "core/strategies/robust_cast.h"
#include "verdict/strategy.h"

namespace {

using gjk::check::Case;
using gjk::check::CastBand;
using gjk::check::castStrategies;
using gjk::check::findStrategy;
using gjk::check::QueryKind;
using gjk::check::RunOptions;
using gjk::check::ShapeSpec;
using gjk::check::StrategyInfo;
using gjk::check::StrategyResult;

const std::vector<std::string> NAMES = {"gjk-raycast-cast", "box2d-v3.0-cast", "box2d-v3.1-cast",
                                        "box2d-v3-cast"};

ShapeSpec box(float half, float x, float y, float radius = 0) {
  ShapeSpec s;
  s.vertices = {{-half, -half}, {half, -half}, {half, half}, {-half, half}};
  s.positionX = x;
  s.positionY = y;
  s.radius = radius;
  return s;
}

Case castCase(ShapeSpec a, ShapeSpec b, float tx, float ty) {
  Case value;
  value.a = a;
  value.b = b;
  value.hasTranslation = true;
  value.translationX = tx;
  value.translationY = ty;
  return value;
}

TEST(CastStrategies, rowsAreTheFourPortsThenRobustCastAndFindStrategyFindsThem) {
  ASSERT_EQ(castStrategies().size(), NAMES.size() + 1);
  EXPECT_EQ(castStrategies().back().name, "robust-cast");
  EXPECT_EQ(castStrategies().back().maxIterations, gjk::RobustCast::MAX_ITERATIONS);
  EXPECT_EQ(findStrategy("robust-cast"), &castStrategies().back());
  for (size_t i = 0; i < NAMES.size(); ++i) {
    const StrategyInfo& row = castStrategies()[i];
    EXPECT_EQ(row.name, NAMES[i]);
    EXPECT_EQ(row.query, QueryKind::Cast);
    EXPECT_EQ(row.scalar, "float");
    EXPECT_EQ(row.maxIterations, 20);
    EXPECT_NE(row.castBand, nullptr);
    EXPECT_FALSE(row.castBandText.empty());
    EXPECT_FALSE(row.description.empty());
    EXPECT_EQ(findStrategy(NAMES[i]), &row);
  }
}

// The bands, worked from the sources' float constants (slop 0.005f, 2.4.1's polygon radius 0.01f):
//   2.4.1, rA = rB = 0: radii clamped to 0.01f each, sigma = max(0.01f, 0.02f - 0.01f) = 0.01f,
//     upper 0.01f + 0.0025f.
//   2.4.1, rA = 0, rB = 0.5f: radius = fl(0.01f + 0.5f), sigma = fl(radius - 0.01f) ~ 0.5; the same sum split
//     as 0.25 + 0.25 gives fl(fl(0.25f + 0.25f) - 0.01f) ~ 0.49: the clamp makes the band depend on each
//     radius.
//   v3.0, v3.1, main, rA = rB = 0: lower 0.005f; upper 0.0075f (v3.0, 1.5 0.005f exact) or 0.005f + 0.00125f.
TEST(CastStrategies, bandsFollowTheSourcesFormulas) {
  auto band = [](const std::string& name, double rA, double rB) {
    return findStrategy(name)->castBand(rA, rB);
  };
  CastBand raycast = band("gjk-raycast-cast", 0, 0);
  EXPECT_EQ(raycast.lower, double(0.01f));
  EXPECT_EQ(raycast.upper, double(0.01f) + double(0.0025f));
  EXPECT_NEAR(band("gjk-raycast-cast", 0, 0.5).lower, 0.5, 1e-7);
  EXPECT_NEAR(band("gjk-raycast-cast", 0.25, 0.25).lower, 0.49, 1e-7);
  EXPECT_NEAR(band("gjk-raycast-cast", 0.001, 0.001).lower, 0.01, 1e-9);  // both clamped up to 0.01

  CastBand v30 = band("box2d-v3.0-cast", 0, 0);
  EXPECT_EQ(v30.lower, double(0.005f));
  EXPECT_EQ(v30.upper, double(0x1.eb851ep-8f));
  for (const char* name : {"box2d-v3.1-cast", "box2d-v3-cast"}) {
    CastBand v3 = band(name, 0, 0);
    EXPECT_EQ(v3.lower, double(0.005f));
    EXPECT_EQ(v3.upper, double(0.005f) + double(0.00125f));
    EXPECT_NEAR(band(name, 0.25, 0.25).lower, 0.495, 1e-7);
  }
}

// Box(1) at the origin, box(1) at (4, 0) moving by (-4, 0): every port hits near t = 0.4975..0.49875
// (tests/core/cast_scenarios_test.cpp works the exact intervals); the runner widens the float answer exactly.
TEST(CastStrategies, runnerFillsTheCastAnswer) {
  Case value = castCase(box(1, 0, 0), box(1, 4, 0), -4, 0);
  for (const std::string& name : NAMES) {
    StrategyResult result = findStrategy(name)->run(value, RunOptions{});
    EXPECT_TRUE(result.cast.answered) << name;
    EXPECT_TRUE(result.cast.hit) << name;
    EXPECT_GT(result.cast.fraction, 0.4968) << name;
    EXPECT_LT(result.cast.fraction, 0.4988) << name;
    EXPECT_NEAR(result.cast.normal.x, 1.0, 1e-6) << name;
    EXPECT_EQ(result.termination, "hit") << name;
    EXPECT_GT(result.iterations, 0) << name;
    EXPECT_FALSE(result.penetration.answered) << name;
  }
}

// An initial overlap is a hit at fraction 0 in the answer for every port, also where the Box2D source returns
// no hit (2.4.1 and v3.0); the stop word keeps what the source said.
TEST(CastStrategies, initialOverlapIsAHitAtZeroInTheAnswer) {
  Case value = castCase(box(1, 0, 0), box(1, 2.005f, 0), -1, 0);
  for (const std::string& name : NAMES) {
    StrategyResult result = findStrategy(name)->run(value, RunOptions{});
    EXPECT_TRUE(result.cast.hit) << name;
    EXPECT_EQ(result.cast.fraction, 0.0) << name;
    EXPECT_EQ(result.termination, "initial-overlap") << name;
  }
}

TEST(CastStrategies, aCaseWithoutTranslationIsRefused) {
  Case value;
  value.a = box(1, 0, 0);
  value.b = box(1, 4, 0);
  for (const std::string& name : NAMES) {
    EXPECT_THROW(findStrategy(name)->run(value, RunOptions{}), std::invalid_argument) << name;
  }
}

// Radii near 2^127, whose float sum overflows (a one-hour campaign's input ended the fuzz target there: the
// verdict could not read robust-cast's infinite band). robust-cast's band is its target as the cast reaches it, in
// units of 2^k: 2^128, finite in double. A Box2D port whose float target overflowed declared an infinite band,
// which the verdict takes as touching everywhere; judging either throws nothing.
TEST(CastStrategies, aCastWhoseRadiiSumOverflowsFloatIsJudged) {
  Case value = castCase(box(1, 0, 0, 0x1p127f), box(1, 4, 0, 0x1p127f), -4, 0);
  const CastBand band = findStrategy("robust-cast")->castBand(0x1p127, 0x1p127);
  EXPECT_EQ(band.lower, 0x1p128 - 0x1p-9);
  EXPECT_EQ(band.upper, 0x1p128 + 0x1p-9);
  const gjk::check::CastCase exact(value);
  for (const char* name : {"robust-cast", "box2d-v3.1-cast"}) {
    const StrategyInfo& strategy = *findStrategy(name);
    const StrategyResult result = strategy.run(value, RunOptions{});
    gjk::check::CastVerdict verdict;
    EXPECT_NO_THROW(verdict = gjk::check::judgeCast(exact, result, strategy)) << name;
  }
  const StrategyResult robust = findStrategy("robust-cast")->run(value, RunOptions{});
  EXPECT_TRUE(robust.cast.hit);
  EXPECT_EQ(robust.cast.fraction, 0.0);
  EXPECT_FALSE(gjk::check::judgeCast(exact, robust, *findStrategy("robust-cast")).violation);
}

}  // namespace
