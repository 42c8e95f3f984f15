// The 2D harness refuses a 3D case (requirePlanarCase, case/case.h): every in-process strategy, penetration
// strategy, the oracle and the verdict throw a CaseError naming the case instead of judging it with its z dropped.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "case/case.h"
#include "verdict/exact_case.h"
#include "verdict/query.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"

namespace gjk::check {
namespace {

// Two points 4 apart along z: in the plane they would be one point, a touching pair.
Case spacePoints() {
  return parseCase("gjk-case 1\ndimension 3\na.vertex 0 0 0\nb.vertex 0 0 4\n", "space.case");
}

void expectRefused(const std::function<void()>& use, const std::string& consumer) {
  try {
    use();
    ADD_FAILURE() << consumer << " took a 3D case";
  } catch (const CaseError& error) {
    EXPECT_EQ(std::string(error.what()), "space.case: a 3D case (dimension 3): " + consumer + " takes 2D cases only");
  }
}

TEST(SpaceCaseGuard, theOracleTheVerdictAndTheCoreRefuseA3dCase) {
  const Case value = spacePoints();
  expectRefused([&] { solveExactly(value); }, "the 2D oracle");
  expectRefused([&] { solveExactlyWithoutHull(value); }, "the 2D oracle");
  expectRefused([&] { errorUnit(value); }, "the 2D oracle");
  expectRefused([&] { CaseJudge judge(value); }, "the 2D verdict");
  try {
    toDistanceInput<float>(value);
    ADD_FAILURE() << "toDistanceInput took a 3D case";
  } catch (const std::invalid_argument& error) {
    EXPECT_EQ(std::string(error.what()), "space.case: a 3D case (dimension 3): the 2D core strategies take 2D cases only");
  }
}

TEST(SpaceCaseGuard, everyInProcessStrategyRefusesA3dCase) {
  const Case value = spacePoints();
  int refused = 0;
  for (const auto* list : {&strategies(), &penetrationStrategies()}) {
    for (const StrategyInfo& strategy : *list) {
      if (!strategy.run || strategy.runBatch) continue;  // external engines go through the worker protocol
      SCOPED_TRACE(strategy.name);
      try {
        strategy.run(value, RunOptions{});
        ADD_FAILURE() << "answered a 3D case";
      } catch (const std::exception& error) {  // CaseError, or the core's std::invalid_argument
        EXPECT_NE(std::string(error.what()).find("space.case: a 3D case (dimension 3)"), std::string::npos);
      }
      ++refused;
    }
  }
  EXPECT_GT(refused, 10);
}

}  // namespace
}  // namespace gjk::check
