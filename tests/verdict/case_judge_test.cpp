// CaseJudge (verdict/verdict.h) gives judge's verdict bit for bit, with its per-case preparation and its
// memory of witness points and answers, on generated cases for every strategy.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "families/families.h"
#include "verdict/exact_case.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"

namespace gjk::check {
namespace {

bool sameBits(double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; }

void expectSameVerdict(const Verdict& expected, const Verdict& actual, const std::string& where) {
  EXPECT_TRUE(sameBits(expected.distanceErrorU, actual.distanceErrorU)) << where;
  EXPECT_TRUE(sameBits(expected.witnessErrorU, actual.witnessErrorU)) << where;
  EXPECT_TRUE(sameBits(expected.witnessGapU, actual.witnessGapU)) << where;
  EXPECT_EQ(expected.violation, actual.violation) << where;
  EXPECT_EQ(expected.reasons, actual.reasons) << where;
  EXPECT_EQ(expected.iterationCap, actual.iterationCap) << where;
}

TEST(CaseJudge, EqualsJudgeForEveryStrategyOnEveryFamily) {
  const std::vector<const StrategyInfo*> all = selectStrategies("all");
  for (const std::string& family : familyNames()) {
    for (std::uint64_t index = 0; index < 12; ++index) {
      const Case value = sampleFamily(family, 7, index);
      const oracle::ExactAnswer full = solveExactly(value);
      const oracle::ExactAnswer noHull = solveExactlyWithoutHull(value);
      EXPECT_TRUE(noHull.minkowskiHull.empty());
      EXPECT_EQ(full.coreDistanceSquared, noHull.coreDistanceSquared);
      EXPECT_EQ(full.relation, noHull.relation);
      EXPECT_EQ(full.scale, noHull.scale);
      CaseJudge judgeCase(value, noHull);
      CaseJudge solving(value);  // solves the case itself and keeps the shapes' hulls
      EXPECT_EQ(solving.exact().coreDistanceSquared, noHull.coreDistanceSquared);
      EXPECT_EQ(solving.exact().closestPoint.x, 0);  // not formed: no verdict reads it
      EXPECT_EQ(solving.exact().closestPoint.y, 0);
      EXPECT_EQ(solving.exact().radius, noHull.radius);
      EXPECT_EQ(solving.exact().relation, noHull.relation);
      EXPECT_EQ(solving.exact().scale, noHull.scale);
      EXPECT_TRUE(solving.exact().minkowskiHull.empty());
      // Twice over: the second round finds every answer already judged (the remembered path).
      for (int round = 0; round < 2; ++round) {
        for (const StrategyInfo* strategy : all) {
          const StrategyResult answer = strategy->run(value, {});
          const std::string where = family + "/" + std::to_string(index) + " " + strategy->name;
          const Verdict expected = judge(value, full, answer, *strategy);
          expectSameVerdict(expected, judgeCase.judge(answer, *strategy), where);
          expectSameVerdict(expected, solving.judge(answer, *strategy), where + " (CaseJudge(value))");
        }
      }
    }
  }
}

// More distinct witness points than PreparedErrors remembers per shape: the oldest are overwritten, and
// every value is still squaredDistanceToCore's.
TEST(CaseJudge, PreparedErrorsRemembersAndOverwritesSquaredDistances) {
  const Case value = sampleFamily("random-convex", 1, 3);
  const oracle::InputShape a = toOracleShape(value.a), b = toOracleShape(value.b);
  const oracle::ExactAnswer exact = solveExactly(value);
  oracle::PreparedErrors prepared(a, b, exact, errorUnit(exact));
  for (int round = 0; round < 3; ++round) {
    for (int k = 0; k < 3 * oracle::PreparedErrors::REMEMBERED; ++k) {
      const double x = 0.125 * k - 1, y = 0.5 - 0.0625 * k;
      EXPECT_EQ(prepared.squaredDistance(0, x, y), oracle::squaredDistanceToCore(a, x, y));
      EXPECT_EQ(prepared.squaredDistance(1, y, x), oracle::squaredDistanceToCore(b, y, x));
    }
  }
}

}  // namespace
}  // namespace gjk::check
