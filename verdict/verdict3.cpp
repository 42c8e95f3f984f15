#include "verdict/verdict3.h"

#include <cmath>

#include "verdict/exact_case.h"
#include "verdict/exact_case3.h"
#include "verdict/thresholds.h"

namespace gjk::check {

namespace {

const Case& requireSpaceCase(const Case& value) {
  if (value.dimension != 3) {
    throw CaseError(value.source, 0, "a 2D case: the 3D verdict takes 3D cases only");
  }
  return value;
}

}  // namespace

oracle::Rational errorUnit3(const oracle::ExactAnswer3& answer) { return unitOfScale(answer.scale); }

CaseJudge3::CaseJudge3(const Case& value)
    : a_(toOracleShape3(requireSpaceCase(value).a)),
      b_(toOracleShape3(value.b)),
      exact_(oracle::solveWithoutHull3(a_, b_)),
      unit_(errorUnit3(exact_)),
      distanceExceedsT_(oracle::distanceExceeds3(exact_, unit_, VIOLATION_THRESHOLD_U)) {}

CaseJudge3::CaseJudge3(const Case& value, const oracle::ExactAnswer3& exact)
    : a_(toOracleShape3(requireSpaceCase(value).a)),
      b_(toOracleShape3(value.b)),
      exact_(exact),
      unit_(errorUnit3(exact_)),
      distanceExceedsT_(oracle::distanceExceeds3(exact_, unit_, VIOLATION_THRESHOLD_U)) {}

// The kinds and their order are the 2D verdict's (verdict.cpp CaseJudge::judge); only the exact parts are 3D.
Verdict CaseJudge3::judge(const StrategyResult& result, const StrategyInfo& strategy) const {
  if (result.failure != EngineFailure::None) {
    return engineFailureVerdict(result);
  }
  if (!isFinite(result)) {
    return nonFiniteVerdict(result, strategy);
  }
  Verdict verdict;
  const double T = VIOLATION_THRESHOLD_U;
  verdict.iterationCap = iterationCapOf(result, strategy);
  oracle::ReportedAnswer3 reported;
  reported.distance = result.distance;
  reported.pointA[0] = result.pointA.x;
  reported.pointA[1] = result.pointA.y;
  reported.pointA[2] = result.pointA.z;
  reported.pointB[0] = result.pointB.x;
  reported.pointB[1] = result.pointB.y;
  reported.pointB[2] = result.pointB.z;
  reported.merged = mergedWitness(result.pointA, result.pointB, strategy);
  const oracle::ErrorsInUnits errors = oracle::errorsInUnits3(a_, b_, exact_, unit_, reported);
  verdict.distanceErrorU = errors.distanceError;
  verdict.witnessErrorU = errors.witnessError;
  verdict.witnessGapU = errors.witnessGap;
  if (result.distance == 0 && distanceExceedsT_) {
    verdict.reasons.push_back("false-overlap");
  }
  // d > T u, exactly (d a double, u rational).
  if (exact_.relation != oracle::Relation::Separated && oracle::exactDouble(result.distance) > T * unit_) {
    verdict.reasons.push_back("false-separation");
  }
  addErrorKinds(verdict, exact_.relation == oracle::Relation::Separated, result.distance);
  return verdict;
}

Verdict judge3(const Case& value, const oracle::ExactAnswer3& exact, const StrategyResult& result,
               const StrategyInfo& strategy) {
  return CaseJudge3(value, exact).judge(result, strategy);
}

}  // namespace gjk::check
