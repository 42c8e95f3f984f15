#include "verdict/penetration_verdict.h"

#include <cmath>
#include <limits>

#include "verdict/exact_case.h"
#include "verdict/verdict.h"

namespace gjk::check {
namespace {

bool finiteAnswer(const PenetrationAnswer& p) {
  return std::isfinite(p.depth) && std::isfinite(p.normal.x) && std::isfinite(p.normal.y) &&
         std::isfinite(p.pointA.x) && std::isfinite(p.pointA.y) && std::isfinite(p.pointB.x) &&
         std::isfinite(p.pointB.y);
}

// value / unit converted to double by truncation (mpf_get_d), as oracle::errorsInUnits converts.
double inUnits(const oracle::HighPrecision& value, const oracle::HighPrecision& unit) {
  const oracle::HighPrecision quotient = value / unit;
  return mpf_get_d(quotient.backend().data());
}

}  // namespace

int penetrationKindIndex(const std::string& kind) {
  for (int k = 0; k < PENETRATION_VIOLATION_KIND_COUNT; ++k) {
    if (kind == PENETRATION_VIOLATION_KINDS[k]) {
      return k;
    }
  }
  return -1;
}

oracle::ExactPenetration exactPenetration(const Case& value, const oracle::ExactAnswer& exact) {
  if (!exact.minkowskiHull.empty()) {
    return oracle::penetrationByHull(exact);
  }
  return oracle::solvePenetration(toOracleShape(requirePlanarCase(value, "the 2D penetration verdict").a), toOracleShape(value.b));
}

QueryVerdict judgePenetration(const Case& value, const oracle::ExactAnswer& exact, const StrategyResult& result,
                              const StrategyInfo& strategy) {
  return judgePenetration(value, exact, exactPenetration(value, exact), result, strategy);
}

double zeroNormalErrorU(double depth, const oracle::HighPrecision& exactDepth, const oracle::HighPrecision& unit) {
  const oracle::HighPrecision rounding = unit * VIOLATION_THRESHOLD_U;
  const bool touching = abs(oracle::HighPrecision(oracle::exactDouble(depth))) <= rounding && abs(exactDepth) <= rounding;
  return touching ? std::nan("") : std::numeric_limits<double>::infinity();
}

// Every real value in high precision (oracle::penetrationDepth, overlapAlong, errorsInUnits), divided by
// the unit and truncated to double; the threshold decisions compare those doubles with T, as the distance
// verdict does for its errors, and the relation decisions compare high-precision values with T u.
QueryVerdict judgePenetration(const Case& value, const oracle::ExactAnswer& exact,
                              const oracle::ExactPenetration& penetration, const StrategyResult& result,
                              const StrategyInfo& strategy) {
  QueryVerdict verdict;
  verdict.measures.assign(PENETRATION_MEASURE_COUNT, std::nan(""));
  double& depthErrorU = verdict.measures[PENETRATION_DEPTH_ERROR];
  double& normalErrorU = verdict.measures[PENETRATION_NORMAL_ERROR];
  double& contactErrorU = verdict.measures[PENETRATION_CONTACT_ERROR];
  if (judgeEngineFailure(result.penetration.failure, verdict)) return verdict;
  const PenetrationAnswer& p = result.penetration;
  if (!p.answered) {
    return verdict;
  }
  verdict.judged = true;
  const double T = VIOLATION_THRESHOLD_U;
  if (p.overlapping && !finiteAnswer(p)) {
    verdict.reasons.push_back("non-finite");
    verdict.violation = true;
    return verdict;
  }
  const oracle::Rational unit = errorUnit(exact);
  const oracle::HighPrecision unitValue(unit);
  const oracle::HighPrecision exactDepth = oracle::penetrationDepth(penetration);
  if (!p.overlapping) {
    // Claimed separated: only the relation is judged (no depth, normal or points are owed).
    if (exactDepth > unitValue * T) {
      verdict.reasons.push_back("wrong-relation");
    }
    verdict.violation = !verdict.reasons.empty();
    return verdict;
  }
  if (oracle::distanceExceeds(exact, unit, T)) {
    verdict.reasons.push_back("wrong-relation");
  }
  const oracle::InputShape a = toOracleShape(requirePlanarCase(value, "the 2D penetration verdict").a);
  const oracle::InputShape b = toOracleShape(value.b);
  depthErrorU =
      inUnits(abs(oracle::HighPrecision(oracle::exactDouble(p.depth)) - exactDepth), unitValue);
  if (p.normal.x == 0 && p.normal.y == 0) {
    normalErrorU = zeroNormalErrorU(p.depth, exactDepth, unitValue);
  } else {
    normalErrorU =
        inUnits(oracle::overlapAlong(a, b, p.normal.x, p.normal.y) - exactDepth, unitValue);
  }
  oracle::ReportedAnswer reported;
  reported.pointAX = p.pointA.x;
  reported.pointAY = p.pointA.y;
  reported.pointBX = p.pointB.x;
  reported.pointBY = p.pointB.y;
  reported.merged = mergedWitness(p.pointA, p.pointB, strategy);
  contactErrorU = oracle::errorsInUnits(a, b, exact, unit, reported).witnessError;
  if (depthErrorU > T) {
    verdict.reasons.push_back("depth-error");
  }
  if (normalErrorU > T) {
    verdict.reasons.push_back("normal-error");
  }
  if (contactErrorU > T) {
    verdict.reasons.push_back("contact-error");
  }
  verdict.violation = !verdict.reasons.empty();
  return verdict;
}

}  // namespace gjk::check
