#include "verdict/penetration_verdict3.h"

#include <gmp.h>

#include <cmath>
#include <cstdio>

#include "verdict/classify3.h"
#include "verdict/query_seam.h"
#include "verdict/exact_case3.h"
#include "verdict/thresholds.h"
#include "verdict/verdict3.h"

namespace gjk::check {
namespace {

bool finiteAnswer(const PenetrationAnswer& p) {
  const double values[] = {p.depth,    p.normal.x, p.normal.y, p.normal.z, p.pointA.x,
                           p.pointA.y, p.pointA.z, p.pointB.x, p.pointB.y, p.pointB.z};
  for (double value : values) {
    if (!std::isfinite(value)) return false;
  }
  return true;
}

// value / unit converted to double by truncation (mpf_get_d), as the 2D penetration verdict converts.
double inUnits(const oracle::HighPrecision& value, const oracle::HighPrecision& unit) {
  const oracle::HighPrecision quotient = value / unit;
  return mpf_get_d(quotient.backend().data());
}

}  // namespace

// The order and decisions of judgePenetration (penetration_verdict.cpp); only the exact parts are 3D. The relation
// decisions compare high-precision values with T u (separation claimed) or decide exactly (distanceExceeds3); the
// threshold decisions compare the measures, high-precision values truncated to double, with T.
QueryVerdict judgePenetration3(const Case& value, const oracle::ExactAnswer3& exact, const StrategyResult& result,
                               const StrategyInfo& strategy) {
  if (value.dimension != 3) {
    throw CaseError(value.source, 0, "a 2D case: the 3D penetration verdict takes 3D cases only");
  }
  QueryVerdict verdict;
  verdict.measures.assign(PENETRATION_MEASURE_COUNT, std::nan(""));
  double& depthErrorU = verdict.measures[PENETRATION_DEPTH_ERROR];
  double& normalErrorU = verdict.measures[PENETRATION_NORMAL_ERROR];
  double& contactErrorU = verdict.measures[PENETRATION_CONTACT_ERROR];
  if (judgeEngineFailure(result.penetration.failure, verdict)) return verdict;
  const PenetrationAnswer& p = result.penetration;
  if (!p.answered) return verdict;
  verdict.judged = true;
  const double T = VIOLATION_THRESHOLD_U;
  if (p.overlapping && !finiteAnswer(p)) {
    verdict.reasons.push_back("non-finite");
    verdict.violation = true;
    return verdict;
  }
  const oracle::Rational unit = errorUnit3(exact);
  const oracle::HighPrecision unitValue(unit);
  const oracle::HighPrecision exactDepth = oracle::penetrationDepth3(exact);
  if (!p.overlapping) {
    if (exactDepth > unitValue * T) verdict.reasons.push_back("wrong-relation");
    verdict.violation = !verdict.reasons.empty();
    return verdict;
  }
  if (oracle::distanceExceeds3(exact, unit, T)) verdict.reasons.push_back("wrong-relation");
  const oracle::InputShape3 a = toOracleShape3(value.a);
  const oracle::InputShape3 b = toOracleShape3(value.b);
  depthErrorU = inUnits(abs(oracle::HighPrecision(oracle::exactDouble(p.depth)) - exactDepth), unitValue);
  if (p.normal.x == 0 && p.normal.y == 0 && p.normal.z == 0) {
    normalErrorU = zeroNormalErrorU(p.depth, exactDepth, unitValue);
  } else {
    normalErrorU = inUnits(oracle::overlapAlong3(a, b, p.normal.x, p.normal.y, p.normal.z) - exactDepth, unitValue);
  }
  oracle::ReportedAnswer3 reported;
  reported.pointA[0] = p.pointA.x;
  reported.pointA[1] = p.pointA.y;
  reported.pointA[2] = p.pointA.z;
  reported.pointB[0] = p.pointB.x;
  reported.pointB[1] = p.pointB.y;
  reported.pointB[2] = p.pointB.z;
  reported.merged = mergedWitness(p.pointA, p.pointB, strategy);
  contactErrorU = oracle::errorsInUnits3(a, b, exact, unit, reported).witnessError;
  if (depthErrorU > T) verdict.reasons.push_back("depth-error");
  if (normalErrorU > T) verdict.reasons.push_back("normal-error");
  if (contactErrorU > T) verdict.reasons.push_back("contact-error");
  verdict.violation = !verdict.reasons.empty();
  return verdict;
}

ViolationSummary summarizePenetration3(const Case& value, const StrategyInfo& strategy, const StrategyResult& result,
                                       const QueryVerdict& verdict) {
  const Query& query = penetrationQuery();
  ViolationSummary summary;
  summary.family = classifyFamily3(value);
  const std::string kind = query.primaryKind(verdict);
  const std::string cause = query.causeWord(strategy, result);
  summary.signature = strategy.name + " " + kind + " " + cause;
  summary.fileName = causeFileName(strategy.name, kind, cause);
  const PenetrationAnswer& p = result.penetration;
  if (p.failure != EngineFailure::None) {
    const std::string detail = p.failureDetail.substr(0, p.failureDetail.find('\n')).substr(0, 200);
    summary.story = strategy.name + " gave no penetration answer: " + kind + " (" + detail + "); family " +
                    summary.family + " by verdict/classify3";
    return summary;
  }
  char numbers[256];
  std::snprintf(numbers, sizeof numbers, "depth error %.3g u, normal error %.3g u, contact error %.3g u (T = %.3g u)",
                verdict.measures[PENETRATION_DEPTH_ERROR], verdict.measures[PENETRATION_NORMAL_ERROR],
                verdict.measures[PENETRATION_CONTACT_ERROR], VIOLATION_THRESHOLD_U);
  char answer[160];
  std::snprintf(answer, sizeof answer, "depth %.9g along (%.9g, %.9g, %.9g)", p.depth, p.normal.x, p.normal.y,
                p.normal.z);
  summary.story = strategy.name + " reports " + (p.overlapping ? std::string(answer) : std::string("separated")) +
                  ": " + query.reasonList(verdict) + "; " + numbers + "; family " + summary.family +
                  " by verdict/classify3";
  return summary;
}

}  // namespace gjk::check
