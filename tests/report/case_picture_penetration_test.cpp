// The penetration layer of a case's picture (issue 13): for two unit squares overlapping by 1/4 the picture
// states and draws the exact depth and normal, and beside them a penetration strategy's reported ones.
#include <gtest/gtest.h>

#include <string>

#include "report/case_picture.h"
#include "verdict/exact_case.h"

namespace gjk::check {
namespace {

Case overlappingSquares() {
  Case value;
  value.source = "overlapping-squares";
  for (ShapeSpec* shape : {&value.a, &value.b}) shape->vertices = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  value.b.positionX = 0.75f;
  return value;
}

TEST(CasePicturePenetration, drawsTheExactAndTheReportedPenetrationVectors) {
  const Case value = overlappingSquares();
  const oracle::ExactAnswer exact = solveExactly(value);
  StrategyInfo strategy;
  strategy.name = "by-hand";
  strategy.scalar = "float";
  strategy.query = QueryKind::Both;
  StrategyResult result;
  result.penetration = {true, true, 0.5, {0, 1}, {1, 0.5}, {0.75, 0.5}};
  const std::string svg =
      renderCasePicture(value, exact, strategy, result, judge(value, exact, result, strategy));
  EXPECT_NE(svg.find("class=\"exact-penetration\""), std::string::npos);
  EXPECT_NE(svg.find("class=\"reported-penetration\""), std::string::npos);
  EXPECT_NE(svg.find("exact penetration: depth 0.25, normal (1, 0)"), std::string::npos);
  EXPECT_NE(svg.find("by-hand penetration: depth 0.5, normal (0, 1)"), std::string::npos);
  EXPECT_NE(svg.find("(depth-error)"), std::string::npos);  // the line may wrap before it
}

// A penetration-only strategy reports no witness points: the picture draws none (no marker at the
// origin for the points it never gave) and does not call them non-finite; a strategy answering both
// queries, with the same penetration answer, has its witness points drawn.
TEST(CasePicturePenetration, drawsNoWitnessPointsForAPenetrationOnlyStrategy) {
  const Case value = overlappingSquares();
  const oracle::ExactAnswer exact = solveExactly(value);
  for (QueryKind query : {QueryKind::Penetration, QueryKind::Both}) {
    StrategyInfo strategy;
    strategy.name = "by-hand";
    strategy.scalar = "float";
    strategy.query = query;
    StrategyResult result;
    result.penetration = {true, true, 0.25, {1, 0}, {1, 0.5}, {0.75, 0.5}};
    const std::string svg =
        renderCasePicture(value, exact, strategy, result, judge(value, exact, result, strategy));
    const bool drawn = query == QueryKind::Both;
    EXPECT_EQ(svg.find("class=\"reported-witness\"") != std::string::npos, drawn);
    EXPECT_EQ(svg.find("class=\"reported-pair\"") != std::string::npos, drawn);
    EXPECT_EQ(svg.find("not finite"), std::string::npos);
    EXPECT_NE(svg.find("class=\"reported-penetration\""), std::string::npos);
  }
}

}  // namespace
}  // namespace gjk::check
