// The penetration section of a 3D comparison (report/query_comparison.h with 3D strategies): the built-in epa3 on
// 3D families, judged by the 3D penetration verdict through the query seam (Query::prepareCase, judgeCase), the
// rows the same whatever the jobs; a test double that claims overlap everywhere is a wrong-relation exactly where
// the 3D oracle finds the shapes apart; strategies of both dimensions in one section are refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "families/families.h"
#include "report/query_comparison.h"
#include "verdict/exact_case3.h"

namespace gjk::check {
namespace {

const StrategyInfo& epa3() {
  const StrategyInfo* found = findStrategy("epa3");
  if (found == nullptr) throw std::logic_error("no epa3");
  return *found;
}

// Equal rows, NaN equal to NaN (an unmeasured measure).
void expectSameRows(const std::vector<QueryComparisonRow>& a, const std::vector<QueryComparisonRow>& b) {
  ASSERT_EQ(a.size(), b.size());
  auto same = [](const std::vector<double>& x, const std::vector<double>& y) {
    if (x.size() != y.size()) return false;
    for (std::size_t k = 0; k < x.size(); ++k) {
      if (!(x[k] == y[k] || (std::isnan(x[k]) && std::isnan(y[k])))) return false;
    }
    return true;
  };
  for (std::size_t k = 0; k < a.size(); ++k) {
    EXPECT_EQ(a[k].family, b[k].family) << k;
    EXPECT_EQ(a[k].index, b[k].index) << k;
    EXPECT_EQ(a[k].strategy, b[k].strategy) << k;
    EXPECT_EQ(a[k].primary, b[k].primary) << k;
    EXPECT_TRUE(same(a[k].answer, b[k].answer)) << k;
    EXPECT_TRUE(same(a[k].measures, b[k].measures)) << k;
  }
}

TEST(PenetrationComparison3, judgesEpa3OnThe3dFamiliesWhateverTheJobs) {
  EXPECT_EQ(penetrationQuery().comparisonFamilies(3), familyNames3());  // no 3D overlap group: every family
  const std::vector<std::string> families = {"random-convex", "stacked", "rounded"};
  const QueryComparison one = runQueryComparison(penetrationQuery(), {&epa3()}, families, 12, 5, 1);
  EXPECT_EQ(one.dimension, 3);
  ASSERT_EQ(one.rows.size(), 36u);
  for (const QueryComparisonRow& row : one.rows) {
    EXPECT_NE(row.primary, "no-answer");  // epa3 answers every 3D case
    ASSERT_EQ(row.answer.size(), 2u);     // overlapping, depth
    ASSERT_EQ(row.measures.size(), 3u);   // depth, normal, contact error
  }
  const std::string table = queryComparisonTable(one);
  for (const std::string& family : families) {
    EXPECT_NE(table.find("| epa3 | " + family + " | 12 | 0 | 12 |"), std::string::npos) << table;
  }
  const QueryComparison two = runQueryComparison(penetrationQuery(), {&epa3()}, families, 12, 5, 2);
  expectSameRows(two.rows, one.rows);
  EXPECT_EQ(queryComparisonTable(two), table);
}

// Overlap claimed on every case, depth 0 along (1, 0, 0), contact points at the origin.
StrategyResult alwaysOverlapping(const Case&, const RunOptions&) {
  StrategyResult result;
  result.penetration.answered = true;
  result.penetration.overlapping = true;
  result.penetration.depth = 0;
  result.penetration.normal = {1, 0, 0};
  return result;
}

TEST(PenetrationComparison3, aClaimedOverlapOfSeparatedShapesIsAWrongRelation) {
  StrategyInfo claims;
  claims.name = "always-overlapping";
  claims.scalar = "double";
  claims.query = QueryKind::Penetration;
  claims.dimension = 3;
  claims.run = alwaysOverlapping;
  const std::vector<std::string> families = {"random-convex", "large-offset"};
  const QueryComparison comparison = runQueryComparison(penetrationQuery(), {&claims}, families, 16, 3, 2);
  ASSERT_EQ(comparison.rows.size(), 32u);
  int wrongRelations = 0;
  for (const QueryComparisonRow& row : comparison.rows) {
    const Case value = sampleFamily3(families[row.family], 3, row.index);
    const bool separated = solveExactly3(value).relation == oracle::Relation::Separated;
    if (row.primary == "wrong-relation") {
      ++wrongRelations;
      EXPECT_TRUE(separated) << formatCase(value);
    }
    if (!separated) EXPECT_NE(row.primary, "wrong-relation") << formatCase(value);
  }
  EXPECT_GT(wrongRelations, 0);
  EXPECT_EQ(countViolations(comparison), static_cast<std::uint64_t>(std::count_if(
                                             comparison.rows.begin(), comparison.rows.end(),
                                             [](const QueryComparisonRow& row) { return row.primary != "ok"; })));
}

TEST(PenetrationComparison3, refusesStrategiesOfBothDimensionsInOneSection) {
  const StrategyInfo* planar = findStrategy("epa");
  ASSERT_NE(planar, nullptr);
  EXPECT_THROW(runQueryComparison(penetrationQuery(), {&epa3(), planar}, {"random-convex"}, 1, 1, 1),
               std::invalid_argument);
}

}  // namespace
}  // namespace gjk::check
