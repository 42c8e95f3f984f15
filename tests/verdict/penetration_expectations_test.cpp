// A regression of a penetration strategy is replayed with the penetration verdict (verdict/expectations.h,
// expectationQuery of verdict/query_seam.h): before, `corpus check` judged every meta.strategy with the distance verdict,
// so a penetration strategy's case met no expectation but "witness-error".
#include <gtest/gtest.h>

#include <string>

#include "verdict/expectations.h"
#include "verdict/query_seam.h"

namespace gjk::check {
namespace {

// Whether the case's expectation for the strategy is judged by the penetration query.
bool isPenetrationExpectation(const Case& value, const StrategyInfo& strategy) {
  return &expectationQuery(value, strategy) == &penetrationQuery();
}

// Two axis-aligned unit squares overlapping by 1/4 along x: depth* = 1/4, normal (1, 0).
Case squares(const std::string& meta) {
  return parseCase("gjk-case 1\n" + meta +
                       "a.vertex 0 0\na.vertex 1 0\na.vertex 1 1\na.vertex 0 1\n"
                       "b.position 0.75 0\n"
                       "b.vertex 0 0\nb.vertex 1 0\nb.vertex 1 1\nb.vertex 0 1\n",
                   "squares.case");
}

TEST(PenetrationExpectations, aPenetrationOnlyStrategyIsJudgedByThePenetrationVerdict) {
  const StrategyInfo* epa = findStrategy("epa");
  ASSERT_NE(epa, nullptr);
  EXPECT_TRUE(isPenetrationExpectation(squares(""), *epa));
  EXPECT_TRUE(unmetCaseExpectations(squares("meta.strategy epa\nmeta.expected-verdict ok\n")).empty());
  const auto unmet = unmetCaseExpectations(squares("meta.strategy epa\nmeta.expected-verdict violation\n"));
  ASSERT_EQ(unmet.size(), 1u);
  EXPECT_NE(unmet[0].find("got ok"), std::string::npos) << unmet[0];
}

TEST(PenetrationExpectations, metaQueryChoosesForAStrategyOfBothKinds) {
  StrategyInfo both;
  both.name = "both-kinds";
  both.query = QueryKind::Both;
  EXPECT_FALSE(isPenetrationExpectation(squares(""), both));
  EXPECT_TRUE(isPenetrationExpectation(squares("meta.query penetration\n"), both));
  EXPECT_FALSE(isPenetrationExpectation(squares("meta.query distance\n"), both));
  StrategyInfo distance;
  distance.name = "distance-only";
  EXPECT_FALSE(isPenetrationExpectation(squares("meta.query penetration\n"), distance));
  const StrategyInfo* perp = findStrategy("perp");
  ASSERT_NE(perp, nullptr);
  EXPECT_FALSE(isPenetrationExpectation(squares(""), *perp));
}

}  // namespace
}  // namespace gjk::check
