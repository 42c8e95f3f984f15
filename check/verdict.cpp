#include "check/verdict.h"

#include <cmath>

#include "check/exact_case.h"

namespace gjk::check {
namespace {

using oracle::HighPrecision;
using oracle::Rational;

bool isFinite(const StrategyResult& r) {
  return std::isfinite(r.distance) && std::isfinite(r.pointA.x) && std::isfinite(r.pointA.y) &&
         std::isfinite(r.pointB.x) && std::isfinite(r.pointB.y);
}

double inUnits(const HighPrecision& value, const Rational& unit) {
  HighPrecision u(unit);
  return static_cast<double>(HighPrecision(value / u));
}

}  // namespace

std::string reasonList(const Verdict& verdict) {
  std::string text;
  for (const std::string& reason : verdict.reasons) {
    text += (text.empty() ? "" : ",") + reason;
  }
  return text.empty() ? "ok" : text;
}

Verdict judge(const Case& value, const oracle::ExactAnswer& exact, const StrategyResult& result) {
  Verdict verdict;
  const double T = VIOLATION_THRESHOLD_U;
  const bool finite = isFinite(result);
  if (!finite) {
    verdict.distanceErrorU = std::nan("");
    verdict.witnessErrorU = std::nan("");
    verdict.witnessGapU = std::nan("");
    verdict.reasons.push_back("non-finite");
  }
  if (result.termination == "iteration-cap") {
    verdict.reasons.push_back("iteration-cap");
  }
  if (finite) {
    Rational unit = errorUnit(exact);
    HighPrecision exactDistance = oracle::distance(exact);
    HighPrecision reported(oracle::exactDouble(result.distance));
    verdict.distanceErrorU = inUnits(abs(reported - exactDistance), unit);

    Rational ax = oracle::exactDouble(result.pointA.x), ay = oracle::exactDouble(result.pointA.y);
    Rational bx = oracle::exactDouble(result.pointB.x), by = oracle::exactDouble(result.pointB.y);
    HighPrecision witnessA = oracle::distanceToShape(toOracleShape(value.a), ax, ay);
    HighPrecision witnessB = oracle::distanceToShape(toOracleShape(value.b), bx, by);
    verdict.witnessErrorU = inUnits(witnessA > witnessB ? witnessA : witnessB, unit);

    Rational gx = bx - ax, gy = by - ay;
    HighPrecision gap = oracle::squareRoot(gx * gx + gy * gy) - exactDistance;
    verdict.witnessGapU = inUnits(gap, unit);

    HighPrecision thresholdDistance = HighPrecision(unit) * T;
    if (result.distance == 0 && exactDistance > thresholdDistance) {
      verdict.reasons.push_back("false-overlap");
    }
    if (exact.relation != oracle::Relation::Separated && reported > thresholdDistance) {
      verdict.reasons.push_back("false-separation");
    }
    if (verdict.distanceErrorU > T) {
      verdict.reasons.push_back("distance-error");
    }
    if (verdict.witnessErrorU > T) {
      verdict.reasons.push_back("witness-error");
    }
    // For shapes in contact there are no unique closest points and engines differ (Box2D 2.4.1 merges the
    // witness points, v3 keeps them on the surfaces): the gap counts where a distance is claimed or due.
    bool gapMeaningful = exact.relation == oracle::Relation::Separated || result.distance > 0;
    if (gapMeaningful && std::fabs(verdict.witnessGapU) > T) {
      verdict.reasons.push_back("witness-gap");
    }
  }
  verdict.violation = !verdict.reasons.empty();
  return verdict;
}

}  // namespace gjk::check
