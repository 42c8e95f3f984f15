// The cast verdict on rotating cases (docs/verdict.md, "Cast: rotating sweeps"), on answers written by hand. A is
// the point (0.5, 2); B a rod of half length 4 about its position, the origin, turning by W = 2 with no translation:
// the gap is ρ sin(φ − 2t) (ρ = |A|, φ = atan2(2, 0.5)) until the rod passes the point. With the band
// [0.01, 0.02] the gap is within T u of the band from about t = 0.65804 and below it from about 0.66048. And the
// refusals: every cast strategy but the time of impact ones refuses a rotating case.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "verdict/cast_engine_strategies.h"
#include "verdict/cast_strategies.h"
#include "verdict/cast_verdict.h"

namespace gjk::check {
namespace {

Case turningRod(float halfLength = 4) {
  Case value;
  value.a.vertices = {{0, 0}};
  value.a.positionX = 0.5f;
  value.a.positionY = 2;
  value.b.vertices = {{-halfLength, 0}, {halfLength, 0}};
  value.hasTranslation = true;
  value.hasAngular = true;
  value.angular = 2;
  return value;
}

CastBand byHandBand(double, double) { return {0.01, 0.02}; }

StrategyInfo castStrategy(CastInitialOverlap initial = CastInitialOverlap::Hit) {
  StrategyInfo info;
  info.name = "by-hand";
  info.scalar = "float";
  info.query = QueryKind::Cast;
  info.castBand = &byHandBand;
  info.castInitialOverlap = initial;
  info.castTurns = true;
  return info;
}

StrategyResult hit(double fraction) {
  StrategyResult result;
  result.cast.answered = true;
  result.cast.hit = true;
  result.cast.fraction = fraction;
  result.cast.normal = {0, 1};  // not judged on a rotating case
  result.cast.point = {100, 100};
  return result;
}

StrategyResult miss() {
  StrategyResult result;
  result.cast.answered = true;
  return result;
}

CastVerdict judged(const StrategyResult& result, const Case& value = turningRod()) {
  return judgeCast(CastCase(value), result, castStrategy());
}

TEST(CastSweepVerdict, aHitInsideTheBandIsOkAndTheNormalAndPointAreNotJudged) {
  const CastVerdict verdict = judged(hit(0.659));
  EXPECT_TRUE(verdict.judged);
  EXPECT_FALSE(verdict.violation) << primaryCastKind(verdict);
  EXPECT_TRUE(verdict.undecided.empty());
}

TEST(CastSweepVerdict, certainlyEarlyLateMissedAndFalseHitsAreViolations) {
  EXPECT_EQ(primaryCastKind(judged(hit(0.5))), "early");
  EXPECT_EQ(primaryCastKind(judged(hit(0.658))), "early");  // 0.65804 - 0.658: 4e-5 of the step, still certain
  EXPECT_EQ(primaryCastKind(judged(hit(0.7))), "late");
  EXPECT_EQ(primaryCastKind(judged(hit(0.661))), "late");
  EXPECT_EQ(primaryCastKind(judged(miss())), "missed-hit");
  // A rod of half length 1.5 never comes within 0.02 of the point (ρ ≈ 2.06): a hit is false, a miss is right.
  EXPECT_EQ(primaryCastKind(judged(hit(0.5), turningRod(1.5f))), "false-hit");
  EXPECT_FALSE(judged(miss(), turningRod(1.5f)).violation);
}

TEST(CastSweepVerdict, nonFiniteIsStillFirst) {
  EXPECT_EQ(primaryCastKind(judged(hit(std::nan("")))), "non-finite");
}

TEST(CastSweepVerdict, theEnclosureIsOfTheTurningShapeNotTheTranslationAlone) {
  // Without the turn B would never move: the exact oracle of the translation misses, the sweep hits.
  const CastCase cast(turningRod());
  ASSERT_TRUE(cast.rotating());
  const CastSweepTimes& times = cast.sweepTimes(byHandBand(0, 0));
  EXPECT_EQ(times.entry.outcome, oracle::SweepOutcome::Hit);
  EXPECT_EQ(times.reach.outcome, oracle::SweepOutcome::Hit);
  EXPECT_LT(times.entry.hi, times.reach.lo);
  EXPECT_FALSE(times.initiallyWithin);
}

TEST(CastSweepVerdict, strategiesThatCannotTurnRefuseRotatingCases) {
  const Case value = turningRod();
  int refused = 0, answered = 0;
  std::vector<const StrategyInfo*> all;
  for (const StrategyInfo& s : castStrategies()) all.push_back(&s);
  for (const StrategyInfo& s : castEngineStrategies()) all.push_back(&s);
  for (const StrategyInfo* s : all) {
    const StrategyResult result = s->run(value, {});
    if (s->castTurns) {
      EXPECT_EQ(result.failure, EngineFailure::None) << s->name;
      ++answered;
    } else {
      EXPECT_EQ(result.failure, EngineFailure::Refused) << s->name;
      const CastVerdict verdict = judgeCast(CastCase(value), result, *s);
      EXPECT_FALSE(verdict.violation) << s->name;
      ++refused;
    }
  }
  EXPECT_GE(refused, 4);  // the four core ports at least
#ifdef GJK_HAVE_BOX2D
  EXPECT_EQ(answered, 1);  // box2d-2.4.1-toi
#endif
}

}  // namespace
}  // namespace gjk::check
