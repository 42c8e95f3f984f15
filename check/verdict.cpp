#include "check/verdict.h"

#include <cmath>

#include "check/exact_case.h"

namespace gjk::check {
namespace {

bool isFinite(const StrategyResult& r) {
  return std::isfinite(r.distance) && std::isfinite(r.pointA.x) && std::isfinite(r.pointA.y) &&
         std::isfinite(r.pointB.x) && std::isfinite(r.pointB.y);
}

}  // namespace

std::string reasonList(const Verdict& verdict) {
  std::string text;
  for (const std::string& reason : verdict.reasons) {
    text += (text.empty() ? "" : ",") + reason;
  }
  return text.empty() ? "ok" : text;
}

// The numbers are computed lazily (oracle::errorsInUnits, distanceExceeds, valueExceeds): double-double
// proposals checked by exact comparisons, high precision only where those cannot decide. They are the
// very doubles and decisions of the high-precision route (oracle::errorsInUnitsByHighPrecision and the
// comparisons HighPrecision(D) > HighPrecision(u) * T, HighPrecision(d) > HighPrecision(u) * T), bit for
// bit; tests/oracle/lazy_units_test.cpp checks that.
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
    const oracle::Rational unit = errorUnit(exact);
    oracle::ReportedAnswer reported;
    reported.distance = result.distance;
    reported.pointAX = result.pointA.x;
    reported.pointAY = result.pointA.y;
    reported.pointBX = result.pointB.x;
    reported.pointBY = result.pointB.y;
    const oracle::ErrorsInUnits errors =
        oracle::errorsInUnits(toOracleShape(value.a), toOracleShape(value.b), exact, unit, reported);
    verdict.distanceErrorU = errors.distanceError;
    verdict.witnessErrorU = errors.witnessError;
    verdict.witnessGapU = errors.witnessGap;

    if (result.distance == 0 && oracle::distanceExceeds(exact, unit, T)) {
      verdict.reasons.push_back("false-overlap");
    }
    if (exact.relation != oracle::Relation::Separated && oracle::valueExceeds(result.distance, unit, T)) {
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
