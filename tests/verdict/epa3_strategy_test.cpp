// The `epa3` row (verdict/strategies3.cpp penetrationStrategies3): found by name, a 3D penetration strategy, not
// among the 3D distance rows; its answers on hand-worked 3D cases judged ok by the 3D penetration verdict; and its
// answers on the 3D families' touching and overlapping cases measured against the exact answer
// (GJK_EPA3_FAMILY_CASES cases per family, default 40), printed, with no non-finite answer outside the scale
// family asserted (the other kinds are measured, not asserted: they are what the comparison is for).
#include <gtest/gtest.h>

#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <map>
#include <string>

#include "families/families.h"
#include "verdict/exact_case3.h"
#include "verdict/penetration_verdict3.h"
#include "verdict/strategy.h"
#include "tests/verdict/space_case_shapes.h"

namespace gjk::check {
namespace {

using test_support::cube;
using test_support::spaceCase;

const StrategyInfo& epa3() {
  const StrategyInfo* info = findStrategy("epa3");
  if (info == nullptr) throw std::runtime_error("epa3 not registered");
  return *info;
}

TEST(Epa3Strategy, isA3dPenetrationRowNotAmongThe3dDistanceRows) {
  const StrategyInfo& info = epa3();
  EXPECT_EQ(info.query, QueryKind::Penetration);
  EXPECT_EQ(info.dimension, 3);
  EXPECT_EQ(info.scalar, "float");
  EXPECT_EQ(info.maxIterations, 270);
  for (const StrategyInfo& row : strategies3()) EXPECT_NE(row.name, "epa3");
  ASSERT_EQ(penetrationStrategies3().size(), 1u);
}

TEST(Epa3Strategy, handWorkedCasesAreJudgedOk) {
  const Case cases[] = {
      spaceCase(cube(0, 0, 0), cube(0.75f, 0.25f, 0)),              // depth 1/4 along x
      spaceCase(cube(0, 0, 0, 0.25f), cube(1.25f, 0, 0, 0.25f)),    // rounded-only, 1/4
      spaceCase(cube(0, 0, 0), cube(1, 0.25f, 0.5f)),                // touching face to face
  };
  for (const Case& value : cases) {
    const StrategyResult result = epa3().run(value, {});
    ASSERT_TRUE(result.penetration.answered);
    EXPECT_TRUE(result.penetration.overlapping);
    const QueryVerdict verdict = judgePenetration3(value, solveExactly3(value), result, epa3());
    EXPECT_FALSE(verdict.violation) << penetrationQuery().reasonList(verdict) << " " << result.termination;
  }
  const Case apart = spaceCase(cube(0, 0, 0), cube(2, 0, 0));
  const StrategyResult separated = epa3().run(apart, {});
  EXPECT_FALSE(separated.penetration.overlapping);
  EXPECT_EQ(separated.termination, "separated");
  EXPECT_FALSE(judgePenetration3(apart, solveExactly3(apart), separated, epa3()).violation);
}

TEST(Epa3Strategy, theFamiliesTouchingAndOverlappingCasesMeasured) {
  const char* setting = std::getenv("GJK_EPA3_FAMILY_CASES");
  const int perFamily = setting != nullptr ? std::atoi(setting) : 40;
  int judged = 0, violations = 0;
  std::map<std::string, int> kinds, stops;
  for (const std::string& family : familyNames3()) {
    int familyJudged = 0, familyViolations = 0;
    double worstDepth = 0, worstNormal = 0, worstContact = 0;
    for (int index = 0; familyJudged < perFamily && index < 20 * perFamily; ++index) {
      const Case value = sampleFamily3(family, 23, static_cast<std::uint64_t>(index));
      const oracle::ExactAnswer3 exact = solveExactly3(value);
      if (exact.relation == oracle::Relation::Separated) continue;
      const StrategyResult result = epa3().run(value, {});
      const QueryVerdict verdict = judgePenetration3(value, exact, result, epa3());
      ++familyJudged;
      ++stops[result.termination];
      if (verdict.violation) {
        ++familyViolations;
        ++kinds[penetrationQuery().primaryKind(verdict)];
      }
      // No NaN or inf, except in the scale family: its sizes reach 2^-99 .. 2^98, where vdb3's own cofactors
      // leave the float range and its witness points (which epa3's flat and rounded answers start from) are NaN
      // (vdb3's distance answer is non-finite on the same cases).
      if (family != "scale") {
        EXPECT_EQ(std::count(verdict.reasons.begin(), verdict.reasons.end(), "non-finite"), 0) << value.source;
      }
      const auto worst = [](double& w, double m) { if (m == m && m > w) w = m; };
      worst(worstDepth, verdict.measures[PENETRATION_DEPTH_ERROR]);
      worst(worstNormal, verdict.measures[PENETRATION_NORMAL_ERROR]);
      worst(worstContact, verdict.measures[PENETRATION_CONTACT_ERROR]);
    }
    std::printf("epa3 %-14s %4d touching/overlapping cases, %3d violations; worst depth %.3g u, normal %.3g u, "
                "contact %.3g u\n",
                family.c_str(), familyJudged, familyViolations, worstDepth, worstNormal, worstContact);
    judged += familyJudged;
    violations += familyViolations;
  }
  std::printf("epa3: %d cases, %d violations;", judged, violations);
  for (const auto& [kind, count] : kinds) std::printf(" %s %d", kind.c_str(), count);
  std::printf("; stops:");
  for (const auto& [stop, count] : stops) std::printf(" %s %d", stop.c_str(), count);
  std::printf("\n");
  EXPECT_GT(judged, 0);
}

}  // namespace
}  // namespace gjk::check
