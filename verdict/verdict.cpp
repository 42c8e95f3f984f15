#include "verdict/verdict.h"

#include <cmath>

#include "verdict/exact_case.h"

namespace gjk::check {
namespace {

// One point given for both witnesses (the same doubles; -0 and +0 are one point).
bool onePoint(const StrategyResult& r) { return r.pointA.x == r.pointB.x && r.pointA.y == r.pointB.y; }

}  // namespace

int violationKindIndex(const std::string& kind) {
  for (int k = 0; k < VIOLATION_KIND_COUNT; ++k) {
    if (kind == VIOLATION_KINDS[k]) {
      return k;
    }
  }
  return -1;
}

std::string reasonList(const Verdict& verdict) {
  std::string text;
  for (const std::string& reason : verdict.reasons) {
    text += (text.empty() ? "" : ",") + reason;
  }
  return text.empty() ? (verdict.refused ? "refused" : "ok") : text;
}

std::string primaryKind(const Verdict& verdict) {
  return verdict.reasons.empty() ? (verdict.refused ? "refused" : "ok") : verdict.reasons.front();
}

// The numbers are computed by oracle::errorsInUnits (high precision where needed, bit for bit the
// reference's doubles); the threshold decisions D > T u and d > T u by oracle::distanceExceeds and
// valueExceeds (exact comparisons, high precision only within 2^-300 of the threshold).
Verdict judge(const Case& value, const oracle::ExactAnswer& exact, const StrategyResult& result,
              const StrategyInfo& strategy) {
  Verdict verdict;
  const double T = VIOLATION_THRESHOLD_U;
  if (result.failure != EngineFailure::None) {
    // No answer came: nothing to measure. A refusal is its own count; a crash, hang or protocol error is the
    // violation of that name.
    verdict.distanceErrorU = std::nan("");
    verdict.witnessErrorU = std::nan("");
    verdict.witnessGapU = std::nan("");
    verdict.refused = result.failure == EngineFailure::Refused;
    if (!verdict.refused) verdict.reasons.push_back(engineFailureName(result.failure));
    verdict.violation = !verdict.reasons.empty();
    return verdict;
  }
  // An engine that does not say why it stopped hit its cap when it used all its iterations; a cap of 0 is
  // an engine whose cap is not known.
  verdict.iterationCap = result.termination == "iteration-cap" ||
                         (result.termination == "unreported" && strategy.maxIterations > 0 &&
                          result.iterations >= strategy.maxIterations);
  if (!isFinite(result)) {
    verdict.distanceErrorU = std::nan("");
    verdict.witnessErrorU = std::nan("");
    verdict.witnessGapU = std::nan("");
    verdict.reasons.push_back("non-finite");
    verdict.violation = true;
    return verdict;  // the first kind applies; the others need finite numbers
  }
  const oracle::Rational unit = errorUnit(exact);
  oracle::ReportedAnswer reported;
  reported.distance = result.distance;
  reported.pointAX = result.pointA.x;
  reported.pointAY = result.pointA.y;
  reported.pointBX = result.pointB.x;
  reported.pointBY = result.pointB.y;
  reported.merged = strategy.contact == ContactConvention::Merged && onePoint(result);
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
  // For shapes in contact there are no unique closest points: the gap counts where a distance is claimed
  // or due.
  const bool gapMeaningful = exact.relation == oracle::Relation::Separated || result.distance > 0;
  if (gapMeaningful && std::fabs(verdict.witnessGapU) > T) {
    verdict.reasons.push_back("witness-gap");
  }
  verdict.violation = !verdict.reasons.empty();
  return verdict;
}

}  // namespace gjk::check
