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

// Answers that share witness points with earlier ones (the same point on A with new points on B, merged
// points, points inside and outside): each remembered point's distance beyond the radius is computed once
// and kept, and every error is still errorsInUnitsByHighPrecision's, bit for bit.
TEST(CaseJudge, PreparedErrorsKeepsEachWitnessDistanceAndGivesTheReferenceErrors) {
  for (const char* family : {"random-convex", "radius", "touching", "scale"}) {
    for (std::uint64_t index = 0; index < 6; ++index) {
      const Case value = sampleFamily(family, 5, index);
      const oracle::InputShape a = toOracleShape(value.a), b = toOracleShape(value.b);
      const oracle::ExactAnswer exact = solveExactly(value);
      const oracle::Rational unit = errorUnit(exact);
      oracle::PreparedErrors prepared(a, b, exact, unit);
      const double cx = static_cast<double>(exact.closestPoint.x), cy = static_cast<double>(exact.closestPoint.y);
      const double ax = a.vertices[0].x + static_cast<double>(a.positionX), ay = a.vertices[0].y + static_cast<double>(a.positionY);
      const double points[][2] = {{ax, ay}, {ax + cx, ay + cy}, {ax * 0.5, ay * 0.5}, {ax + 3, ay - 2}, {0, 0}};
      for (int round = 0; round < 2; ++round) {
        for (const auto& pa : points) {
          for (const auto& pb : points) {
            for (bool merged : {false, true}) {
              oracle::ReportedAnswer reported;
              reported.distance = static_cast<double>(oracle::distance(exact));
              reported.pointAX = pa[0];
              reported.pointAY = pa[1];
              reported.pointBX = merged ? pa[0] : pb[0];
              reported.pointBY = merged ? pa[1] : pb[1];
              reported.merged = merged;
              const oracle::ErrorsInUnits kept = oracle::errorsInUnits(prepared, reported);
              const oracle::ErrorsInUnits reference = oracle::errorsInUnitsByHighPrecision(a, b, exact, unit, reported);
              const std::string where = std::string(family) + "/" + std::to_string(index);
              EXPECT_TRUE(sameBits(kept.witnessError, reference.witnessError)) << where;
              EXPECT_TRUE(sameBits(kept.witnessGap, reference.witnessGap)) << where;
              EXPECT_TRUE(sameBits(kept.distanceError, reference.distanceError)) << where;
            }
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace gjk::check
