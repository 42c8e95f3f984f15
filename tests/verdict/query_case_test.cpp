// A query's exact answer made from the case alone (Query::prepareCase, judgeCase), which a comparison uses so that
// it needs neither oracle: a 2D case is judged as prepare and judge judge it, a 3D case by the 3D verdicts
// (judgePenetration3, judge3), and a query without 3D cases (the cast) refuses one by name.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "families/families.h"
#include "verdict/exact_case.h"
#include "verdict/exact_case3.h"
#include "verdict/penetration_verdict3.h"
#include "verdict/query_seam.h"
#include "verdict/verdict3.h"

namespace gjk::check {
namespace {

const StrategyInfo& named(const char* name) {
  const StrategyInfo* found = findStrategy(name);
  if (found == nullptr) throw std::logic_error(std::string("no strategy ") + name);
  return *found;
}

// Both NaN, or equal.
bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

void expectSameVerdict(const QueryVerdict& a, const QueryVerdict& b, const std::string& what) {
  EXPECT_EQ(a.judged, b.judged) << what;
  EXPECT_EQ(a.violation, b.violation) << what;
  EXPECT_EQ(a.reasons, b.reasons) << what;
  ASSERT_EQ(a.measures.size(), b.measures.size()) << what;
  for (std::size_t m = 0; m < a.measures.size(); ++m) EXPECT_TRUE(same(a.measures[m], b.measures[m])) << what;
}

TEST(QueryCase, a2dCaseIsJudgedAsPrepareAndJudgeJudgeIt) {
  for (const char* name : {"epa", "vdb"}) {
    const StrategyInfo& strategy = named(name);
    const Query& query = primaryQuery(strategy);
    for (std::uint64_t k = 0; k < 6; ++k) {
      const Case value = sampleFamily(k % 2 ? "deep-overlap" : "random-convex", 9, k);
      const StrategyResult result = strategy.run(value, {});
      const oracle::ExactAnswer exact = solveExactly(value);
      const QueryVerdict direct = query.judge(value, exact, *query.prepare(value, exact), result, strategy);
      const QueryVerdict viaCase = query.judgeCase(value, *query.prepareCase(value), result, strategy);
      expectSameVerdict(viaCase, direct, std::string(name) + " " + formatCase(value));
    }
  }
}

TEST(QueryCase, a3dCaseIsJudgedByThe3dVerdicts) {
  const StrategyInfo& epa3 = named("epa3");
  const StrategyInfo& vdb3 = named("vdb3");
  for (std::uint64_t k = 0; k < 6; ++k) {
    const Case value = sampleFamily3(familyNames3()[k], 4, k);
    const oracle::ExactAnswer3 exact = solveExactly3(value);
    const StrategyResult penetration = epa3.run(value, {});
    expectSameVerdict(penetrationQuery().judgeCase(value, *penetrationQuery().prepareCase(value), penetration, epa3),
                      judgePenetration3(value, exact, penetration, epa3), formatCase(value));
    const StrategyResult distance = vdb3.run(value, {});
    const QueryVerdict viaCase = distanceQuery().judgeCase(value, *distanceQuery().prepareCase(value), distance, vdb3);
    const Verdict direct = judge3(value, exact, distance, vdb3);
    EXPECT_EQ(viaCase.reasons, direct.reasons) << formatCase(value);
    ASSERT_EQ(viaCase.measures.size(), 3u);
    EXPECT_TRUE(same(viaCase.measures[0], direct.distanceErrorU)) << formatCase(value);
    EXPECT_TRUE(same(viaCase.measures[1], direct.witnessErrorU)) << formatCase(value);
  }
}

TEST(QueryCase, theCastQueryRefusesA3dCase) {
  EXPECT_TRUE(castQuery().comparisonFamilies(3).empty());
  const Case value = sampleFamily3(familyNames3().front(), 1, 0);
  EXPECT_THROW(castQuery().prepareCase(value), CaseError);
}

}  // namespace
}  // namespace gjk::check
