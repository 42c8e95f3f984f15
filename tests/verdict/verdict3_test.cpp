// The 3D verdict (verdict/verdict3.h) on hand-made answers for hand-worked 3D cases: each kind where it applies
// and nowhere else, the contact conventions, and the refusal of a 2D case.
#include "verdict/verdict3.h"

#include "tests/verdict/space_case_shapes.h"
#include "verdict/exact_case3.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace gjk::check {
namespace {

using test_support::cube;
using test_support::spaceCase;

StrategyInfo strategy(ContactConvention contact = ContactConvention::OnShapes) {
  StrategyInfo info;
  info.name = "hand";
  info.scalar = "float";
  info.maxIterations = 20;
  info.contact = contact;
  info.dimension = 3;
  return info;
}

StrategyResult answer(double distance, Point a, Point b, std::string termination = "relative-gap") {
  StrategyResult result;
  result.distance = distance;
  result.pointA = a;
  result.pointB = b;
  result.termination = termination;
  return result;
}

const Case APART = spaceCase(cube(0, 0, 0), cube(2, 0, 0));         // 1 apart along x
const Case OVERLAPPING = spaceCase(cube(0, 0, 0), cube(0.5f, 0.25f, 0));

TEST(Verdict3, theExactAnswerIsOk) {
  const Verdict verdict = CaseJudge3(APART).judge(answer(1, {1, 0.5, 0.5}, {2, 0.5, 0.5}), strategy());
  EXPECT_FALSE(verdict.violation) << reasonList(verdict);
  EXPECT_EQ(verdict.distanceErrorU, 0);
  EXPECT_EQ(verdict.witnessErrorU, 0);
  EXPECT_EQ(verdict.witnessGapU, 0);
}

TEST(Verdict3, zeroForSeparatedShapesIsAFalseOverlap) {
  const Verdict verdict = CaseJudge3(APART).judge(answer(0, {1, 0.5, 0.5}, {1, 0.5, 0.5}), strategy());
  ASSERT_TRUE(verdict.violation);
  EXPECT_EQ(verdict.reasons.front(), "false-overlap");
  EXPECT_EQ(primaryKind(verdict), "false-overlap");
}

TEST(Verdict3, aDistanceForOverlappingShapesIsAFalseSeparation) {
  const Verdict verdict =
      CaseJudge3(OVERLAPPING).judge(answer(0.5, {0.75, 0.5, 0.5}, {0.75, 0.5, 0.5}), strategy());
  ASSERT_TRUE(verdict.violation);
  EXPECT_EQ(verdict.reasons.front(), "false-separation");
  // Within T u of zero is no false separation: u = S 2^-24 with S = 1.5 here.
  const Verdict small =
      CaseJudge3(OVERLAPPING).judge(answer(0x1p-24, {0.75, 0.5, 0.5}, {0.75, 0.5, 0.5}), strategy());
  EXPECT_FALSE(small.violation) << reasonList(small);
}

TEST(Verdict3, aWitnessOffItsShapeInZIsAWitnessError) {
  // z matters: the point on A lifted 1 above A's top face.
  const Verdict verdict = CaseJudge3(APART).judge(answer(1, {1, 0.5, 2}, {2, 0.5, 2 - 1}), strategy());
  ASSERT_TRUE(verdict.violation);
  EXPECT_EQ(verdict.reasons.front(), "witness-error");
  EXPECT_GT(verdict.witnessErrorU, 1e6);
}

TEST(Verdict3, aMergedPointOnOneShapeIsFineForAMergedStrategyOnly) {
  const StrategyResult merged = answer(0, {0.75, 0.5, 0.5}, {0.75, 0.5, 0.5});
  EXPECT_FALSE(CaseJudge3(OVERLAPPING).judge(merged, strategy(ContactConvention::Merged)).violation);
  // On-shapes: the same point is inside both shapes, so it is on both: also fine.
  EXPECT_FALSE(CaseJudge3(OVERLAPPING).judge(merged, strategy()).violation);
  // A point on B only (x = 1.25 is outside A by 0.25): on-shapes has a witness error, merged has none.
  const StrategyResult onB = answer(0, {1.25, 0.5, 0.5}, {1.25, 0.5, 0.5});
  EXPECT_EQ(primaryKind(CaseJudge3(OVERLAPPING).judge(onB, strategy())), "witness-error");
  EXPECT_FALSE(CaseJudge3(OVERLAPPING).judge(onB, strategy(ContactConvention::Merged)).violation);
}

TEST(Verdict3, aWrongDistanceIsADistanceErrorAndAGapError) {
  const Verdict verdict = CaseJudge3(APART).judge(answer(1.5, {1, 0.5, 0.5}, {2.5, 0.5, 0.5}), strategy());
  ASSERT_TRUE(verdict.violation);
  EXPECT_EQ(verdict.reasons, (std::vector<std::string>{"distance-error", "witness-gap"}));  // B's point is inside B
}

TEST(Verdict3, aNonFiniteZIsNonFinite) {
  const Verdict verdict = CaseJudge3(APART).judge(answer(1, {1, 0.5, NAN}, {2, 0.5, 0.5}), strategy());
  EXPECT_EQ(verdict.reasons, std::vector<std::string>{"non-finite"});
}

TEST(Verdict3, radiiAreJudgedOnTheRoundedShapes) {
  const Case rounded = spaceCase(cube(0, 0, 0, 0.25f), cube(2, 0, 0, 0.25f));  // 0.5 apart
  EXPECT_FALSE(CaseJudge3(rounded).judge(answer(0.5, {1.25, 0.5, 0.5}, {1.75, 0.5, 0.5}), strategy()).violation);
  EXPECT_EQ(primaryKind(CaseJudge3(rounded).judge(answer(1, {1, 0.5, 0.5}, {2, 0.5, 0.5}), strategy())),
            "distance-error");
}

TEST(Verdict3, theSolvedAnswerIsTheOraclesAndA2DCaseIsRefused) {
  const oracle::ExactAnswer3 exact = solveExactly3(APART);
  EXPECT_EQ(CaseJudge3(APART).exact().coreDistanceSquared, exact.coreDistanceSquared);
  Case flat = APART;
  flat.dimension = 2;
  EXPECT_THROW(CaseJudge3{flat}, CaseError);
}

}  // namespace
}  // namespace gjk::check
