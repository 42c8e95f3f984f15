// The query seam (verdict/query_seam.h): the registry, which queries a strategy answers, which one a corpus
// case expects, and that judging through the seam gives the query's own verdict.
#include "verdict/query_seam.h"

#include <gtest/gtest.h>

#include <string>

#include "verdict/exact_case.h"
#include "verdict/penetration_verdict.h"
#include "verdict/verdict.h"

namespace gjk::check {
namespace {

// Two axis-aligned unit squares overlapping by 1/4 along x.
Case squares(const std::string& meta) {
  return parseCase("gjk-case 1\n" + meta +
                       "a.vertex 0 0\na.vertex 1 0\na.vertex 1 1\na.vertex 0 1\n"
                       "b.position 0.75 0\n"
                       "b.vertex 0 0\nb.vertex 1 0\nb.vertex 1 1\nb.vertex 0 1\n",
                   "squares.case");
}

TEST(QuerySeam, queriesAreFoundByTheirNames) {
  ASSERT_GE(queries().size(), 2u);
  EXPECT_EQ(queries()[0], &distanceQuery());
  EXPECT_EQ(queries()[1], &penetrationQuery());
  for (const Query* query : queries()) EXPECT_EQ(queryNamed(query->name()), query);
  EXPECT_EQ(queryNamed("both"), nullptr);
}

TEST(QuerySeam, aStrategyOfBothKindsAnswersDistanceThenPenetration) {
  StrategyInfo both;
  both.query = QueryKind::Both;
  const std::vector<const Query*> answered = queriesOf(both);
  ASSERT_EQ(answered.size(), 2u);
  EXPECT_EQ(answered[0], &distanceQuery());
  EXPECT_EQ(answered[1], &penetrationQuery());
  EXPECT_EQ(&primaryQuery(both), &distanceQuery());
  EXPECT_EQ(&expectationQuery(squares("meta.query penetration\n"), both), &penetrationQuery());
  StrategyInfo penetration;
  penetration.query = QueryKind::Penetration;
  EXPECT_EQ(&primaryQuery(penetration), &penetrationQuery());
  EXPECT_EQ(&expectationQuery(squares("meta.query distance\n"), penetration), &distanceQuery());
}

TEST(QuerySeam, violationKindsLeaveTheEngineFailuresToEveryQuery) {
  for (const Query* query : queries()) {
    for (const char* kind : query->violationKinds()) {
      for (const char* failure : ENGINE_FAILURE_KINDS) EXPECT_NE(std::string(kind), failure) << query->name();
    }
  }
  // The distance kinds are VIOLATION_KINDS after its engine failures.
  EXPECT_EQ(std::string(distanceQuery().violationKinds().front()), "non-finite");
  EXPECT_EQ(distanceQuery().violationKinds().size() + 3, static_cast<std::size_t>(VIOLATION_KIND_COUNT));
}

TEST(QuerySeam, judgingThroughTheSeamGivesEachQuerysOwnVerdict) {
  const Case value = squares("");
  const oracle::ExactAnswer exact = solveExactly(value);
  for (const char* name : {"epa", "perp"}) {
    const StrategyInfo* strategy = findStrategy(name);
    ASSERT_NE(strategy, nullptr) << name;
    const StrategyResult result = strategy->run(value, {});
    for (const Query* query : queriesOf(*strategy)) {
      const QueryVerdict verdict = query->judge(value, exact, *query->prepare(value, exact), result, *strategy);
      EXPECT_EQ(verdict.measures.size(), query->measures().size()) << name;
      if (query == &penetrationQuery()) {
        const QueryVerdict own = judgePenetration(value, exact, result, *strategy);
        EXPECT_EQ(verdict.reasons, own.reasons);
        EXPECT_EQ(verdict.measures[PENETRATION_DEPTH_ERROR], own.measures[PENETRATION_DEPTH_ERROR]);
      } else {
        const Verdict own = judge(value, exact, result, *strategy);
        EXPECT_EQ(verdict.reasons, own.reasons);
        EXPECT_EQ(verdict.measures[0], own.distanceErrorU);
        EXPECT_EQ(query->reasonList(verdict), reasonList(own));
      }
    }
  }
}

}  // namespace
}  // namespace gjk::check
