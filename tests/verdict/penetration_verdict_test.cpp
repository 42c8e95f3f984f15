// The penetration verdict (verdict/penetration_verdict.h) on answers written by hand for two unit squares
// overlapping by 1/4 along x (exact depth 1/4, normal (1, 0); S = 1.75, u = 1.75 2^-24): each primary kind
// in its order, and a right answer judged ok.
#include "verdict/penetration_verdict.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "verdict/exact_case.h"

namespace gjk::check {
namespace {

ShapeSpec square(float px, float py, float radius = 0) {
  ShapeSpec result;
  result.vertices = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  result.positionX = px;
  result.positionY = py;
  result.radius = radius;
  return result;
}

Case squares(float bx, float by = 0) {
  Case value;
  value.a = square(0, 0);
  value.b = square(bx, by);
  return value;
}

StrategyInfo penetrationStrategy() {
  StrategyInfo info;
  info.name = "by-hand";
  info.scalar = "float";
  info.query = QueryKind::Penetration;
  return info;
}

// A penetration answer: overlap claimed with this depth and normal, contact points on the shapes.
StrategyResult answer(double depth, double nx, double ny, bool overlapping = true) {
  StrategyResult result;
  result.penetration.answered = true;
  result.penetration.overlapping = overlapping;
  result.penetration.depth = depth;
  result.penetration.normal = {nx, ny};
  result.penetration.pointA = {1, 0.5};     // on A's right face
  result.penetration.pointB = {0.75, 0.5};  // on B's left face
  return result;
}

QueryVerdict judged(const Case& value, const StrategyResult& result) {
  return judgePenetration(value, solveExactly(value), result, penetrationStrategy());
}

const double U = 1.75 * 0x1p-24;

TEST(PenetrationVerdict, theExactDepthAndNormalAreOk) {
  const QueryVerdict verdict = judged(squares(0.75f), answer(0.25, 1, 0));
  EXPECT_TRUE(verdict.judged);
  EXPECT_FALSE(verdict.violation) << verdict.reasons.front();
  EXPECT_EQ(verdict.measures[PENETRATION_DEPTH_ERROR], 0);
  EXPECT_EQ(verdict.measures[PENETRATION_NORMAL_ERROR], 0);
  EXPECT_EQ(verdict.measures[PENETRATION_CONTACT_ERROR], 0);
}

TEST(PenetrationVerdict, aDepthOffByMoreThanTUnitsIsADepthError) {
  const QueryVerdict within = judged(squares(0.75f), answer(0.25 + 60 * U, 1, 0));
  EXPECT_FALSE(within.violation);
  EXPECT_NEAR(within.measures[PENETRATION_DEPTH_ERROR], 60, 1e-9);
  const QueryVerdict beyond = judged(squares(0.75f), answer(0.25 + 70 * U, 1, 0));
  ASSERT_TRUE(beyond.violation);
  EXPECT_EQ(penetrationQuery().primaryKind(beyond), "depth-error");
}

// Along (0, 1) B must move up by a whole side: the normal is 3/4 = 0.75 / u units worse than (1, 0).
TEST(PenetrationVerdict, aNormalAlongWhichTheShapesAreDeeperIsANormalError) {
  const QueryVerdict verdict = judged(squares(0.75f), answer(0.25, 0, 1));
  ASSERT_TRUE(verdict.violation);
  EXPECT_EQ(verdict.reasons, (std::vector<std::string>{"normal-error"}));
  EXPECT_NEAR(verdict.measures[PENETRATION_NORMAL_ERROR], 0.75 / U, 1e-3);
  // A normal that is not unit is normalized: (2, 0) is as right as (1, 0); the zero normal is infinitely
  // wrong.
  EXPECT_FALSE(judged(squares(0.75f), answer(0.25, 2, 0)).violation);
  EXPECT_TRUE(std::isinf(judged(squares(0.75f), answer(0.25, 0, 0)).measures[PENETRATION_NORMAL_ERROR]));
  // The reversed normal: B pushed through A, 1.75 deep.
  EXPECT_NEAR(judged(squares(0.75f), answer(0.25, -1, 0)).measures[PENETRATION_NORMAL_ERROR], 1.5 / U, 1e-3);
}

// A zero normal is no normal: owed none on a touching contact (the reported and the exact depth within T u of 0:
// the minimal translation, depth times normal, is the zero vector, which has no direction); anywhere else it is
// infinitely wrong. A non-zero normal is judged at any depth. Touching squares: S = 2, u = 2^-23.
TEST(PenetrationVerdict, aZeroNormalIsOwedNothingOnlyOnATouchingContact) {
  const double u = 0x1p-23;
  auto touchingAnswer = [](double depth, double nx, double ny) {
    StrategyResult result = answer(depth, nx, ny);
    result.penetration.pointA = {1, 0.5};  // on both squares
    result.penetration.pointB = {1, 0.5};
    return result;
  };
  for (double depth : {0.0, 60 * u, -60 * u}) {
    const QueryVerdict verdict = judged(squares(1), touchingAnswer(depth, 0, 0));
    EXPECT_TRUE(verdict.judged);
    EXPECT_FALSE(verdict.violation) << depth << ": " << penetrationQuery().reasonList(verdict);
    EXPECT_TRUE(std::isnan(verdict.measures[PENETRATION_NORMAL_ERROR])) << depth;
  }
  const QueryVerdict deeper = judged(squares(1), touchingAnswer(70 * u, 0, 0));
  EXPECT_TRUE(std::isinf(deeper.measures[PENETRATION_NORMAL_ERROR]));
  EXPECT_NE(std::find(deeper.reasons.begin(), deeper.reasons.end(), "normal-error"), deeper.reasons.end());
  // Touching claimed on squares overlapping by 1/4: the depth is wrong, and the zero normal is judged too.
  const QueryVerdict overlapping = judged(squares(0.75f), answer(0, 0, 0));
  EXPECT_TRUE(std::isinf(overlapping.measures[PENETRATION_NORMAL_ERROR]));
  EXPECT_NE(std::find(overlapping.reasons.begin(), overlapping.reasons.end(), "normal-error"), overlapping.reasons.end());
  // Along (0, 1) the touching squares overlap by a whole side: a wrong direction, judged even at depth 0.
  const QueryVerdict sideways = judged(squares(1), touchingAnswer(0, 0, 1));
  EXPECT_EQ(sideways.reasons, (std::vector<std::string>{"normal-error"}));
  EXPECT_NEAR(sideways.measures[PENETRATION_NORMAL_ERROR], 1 / u, 1e-3);
  EXPECT_FALSE(judged(squares(1), touchingAnswer(0, 1, 0)).violation);
}

TEST(PenetrationVerdict, nonFiniteComesFirstAndWrongRelationBeforeTheErrors) {
  EXPECT_EQ(penetrationQuery().primaryKind(judged(squares(0.75f), answer(std::nan(""), 1, 0))), "non-finite");
  // Overlap claimed for squares 1 apart.
  const QueryVerdict apart = judged(squares(2), answer(0.25, 1, 0));
  EXPECT_EQ(penetrationQuery().primaryKind(apart), "wrong-relation");
  EXPECT_NE(std::find(apart.reasons.begin(), apart.reasons.end(), "depth-error"), apart.reasons.end());
  // Separation claimed for overlapping squares; claimed for touching ones it is right.
  EXPECT_EQ(penetrationQuery().primaryKind(judged(squares(0.75f), answer(0, 0, 0, false))), "wrong-relation");
  EXPECT_FALSE(judged(squares(1), answer(0, 0, 0, false)).violation);
}

TEST(PenetrationVerdict, aContactPointOffItsShapeIsAContactError) {
  StrategyResult result = answer(0.25, 1, 0);
  result.penetration.pointB = {0.5, 0.5};  // 1/4 left of B
  const QueryVerdict verdict = judged(squares(0.75f), result);
  EXPECT_EQ(verdict.reasons, (std::vector<std::string>{"contact-error"}));
  EXPECT_NEAR(verdict.measures[PENETRATION_CONTACT_ERROR], 0.25 / U, 1e-3);
}

TEST(PenetrationVerdict, engineFailuresAreTheirOwnKindsAndARefusalIsNoViolation) {
  StrategyResult crashed;
  crashed.penetration.failure = EngineFailure::Crash;
  EXPECT_EQ(penetrationQuery().primaryKind(judged(squares(0.75f), crashed)), "crash");
  StrategyResult refused;
  refused.penetration.failure = EngineFailure::Refused;
  const QueryVerdict verdict = judged(squares(0.75f), refused);
  EXPECT_TRUE(verdict.judged);
  EXPECT_FALSE(verdict.violation);
  // No penetration answer at all: not judged.
  EXPECT_FALSE(judged(squares(0.75f), StrategyResult{}).judged);
  // An engine of both queries whose distance query crashed: its penetration answer is judged on its own.
  StrategyResult distanceCrashed;
  distanceCrashed.failure = EngineFailure::Crash;
  distanceCrashed.penetration = {true, true, 0.25, {1, 0, 0}, {0.5, 0, 0}, {0.5, 0, 0}};
  const QueryVerdict own = judged(squares(0.75f), distanceCrashed);
  EXPECT_TRUE(own.judged);
  EXPECT_EQ(own.failure, EngineFailure::None);
  EXPECT_EQ(std::count(own.reasons.begin(), own.reasons.end(), "crash"), 0);
}

}  // namespace
}  // namespace gjk::check
