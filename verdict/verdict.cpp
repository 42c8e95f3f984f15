#include "verdict/verdict.h"

#include <cmath>
#include <cstring>

#include "verdict/exact_case.h"

namespace gjk::check {
namespace {

// The same reported answer, bit for bit.
bool sameAnswer(const oracle::ReportedAnswer& x, const oracle::ReportedAnswer& y) {
  const double u[5] = {x.distance, x.pointAX, x.pointAY, x.pointBX, x.pointBY};
  const double v[5] = {y.distance, y.pointAX, y.pointAY, y.pointBX, y.pointBY};
  return x.merged == y.merged && std::memcmp(u, v, sizeof u) == 0;
}

}  // namespace

// An engine that does not say why it stopped hit its cap when it used all its iterations; a cap of 0 is an
// engine whose cap is not known.
bool iterationCapOf(const StrategyResult& result, const StrategyInfo& strategy) {
  return result.termination == "iteration-cap" || result.loopTermination == "iteration-cap" ||
         (result.termination == "unreported" && strategy.maxIterations > 0 &&
          result.iterations >= strategy.maxIterations);
}

// No answer came from an external engine: nothing to measure. A refusal is its own count; a crash, hang or
// protocol error is the violation of that name.
Verdict engineFailureVerdict(const StrategyResult& result) {
  Verdict verdict;
  verdict.distanceErrorU = std::nan("");
  verdict.witnessErrorU = std::nan("");
  verdict.witnessGapU = std::nan("");
  verdict.refused = result.failure == EngineFailure::Refused;
  if (!verdict.refused) verdict.reasons.push_back(engineFailureName(result.failure));
  verdict.violation = !verdict.reasons.empty();
  return verdict;
}

// The verdict of an answer with a non-finite number: the first kind applies; the others need finite
// numbers.
Verdict nonFiniteVerdict(const StrategyResult& result, const StrategyInfo& strategy) {
  Verdict verdict;
  verdict.iterationCap = iterationCapOf(result, strategy);
  verdict.distanceErrorU = std::nan("");
  verdict.witnessErrorU = std::nan("");
  verdict.witnessGapU = std::nan("");
  verdict.reasons.push_back("non-finite");
  verdict.violation = true;
  return verdict;
}

bool mergedWitness(const Point& pointA, const Point& pointB, const StrategyInfo& strategy) {
  // One point for both: the same doubles in every coordinate (-0 and +0 are one point; z is 0 in 2D).
  return strategy.contact == ContactConvention::Merged && pointA.x == pointB.x && pointA.y == pointB.y &&
         pointA.z == pointB.z;
}

void addErrorKinds(Verdict& verdict, bool separated, double reportedDistance) {
  const double T = VIOLATION_THRESHOLD_U;
  if (verdict.distanceErrorU > T) {
    verdict.reasons.push_back("distance-error");
  }
  if (verdict.witnessErrorU > T) {
    verdict.reasons.push_back("witness-error");
  }
  // For shapes in contact there are no unique closest points: the gap counts where a distance is claimed
  // or due.
  const bool gapMeaningful = separated || reportedDistance > 0;
  if (gapMeaningful && std::fabs(verdict.witnessGapU) > T) {
    verdict.reasons.push_back("witness-gap");
  }
  verdict.violation = !verdict.reasons.empty();
}

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
  if (result.failure != EngineFailure::None) {
    return engineFailureVerdict(result);
  }
  if (!isFinite(result)) {
    return nonFiniteVerdict(result, strategy);
  }
  CaseJudge judge(value, exact);
  return judge.judge(result, strategy);
}

CaseJudge::CaseJudge(const Case& value, const oracle::ExactAnswer& exact)
    : a_(toOracleShape(requirePlanarCase(value, "the 2D verdict").a)),
      b_(toOracleShape(value.b)),
      exact_(exact),
      unit_(errorUnit(exact)),
      prepared_(a_, b_, exact, unit_) {}

// solveForJudging, on the shapes converted once, keeping its hulls.
CaseJudge::CaseJudge(const Case& value)
    : a_(toOracleShape(requirePlanarCase(value, "the 2D verdict").a)),
      b_(toOracleShape(value.b)),
      solved_(solveForJudging(a_, b_, &hulls_)),
      exact_(solved_),
      unit_(errorUnit(solved_)),
      prepared_(a_, b_, solved_, unit_, &hulls_) {}

Verdict CaseJudge::judge(const StrategyResult& result, const StrategyInfo& strategy) {
  if (result.failure != EngineFailure::None) {
    return engineFailureVerdict(result);
  }
  if (!isFinite(result)) {
    return nonFiniteVerdict(result, strategy);
  }
  Verdict verdict;
  const double T = VIOLATION_THRESHOLD_U;
  verdict.iterationCap = iterationCapOf(result, strategy);
  const oracle::ExactAnswer& exact = exact_;
  const oracle::Rational& unit = unit_;
  oracle::ReportedAnswer reported;
  reported.distance = result.distance;
  reported.pointAX = result.pointA.x;
  reported.pointAY = result.pointA.y;
  reported.pointBX = result.pointB.x;
  reported.pointBY = result.pointB.y;
  reported.merged = mergedWitness(result.pointA, result.pointB, strategy);
  // An answer judged before on this case (the same bits) has the same errors.
  const oracle::ErrorsInUnits* remembered = nullptr;
  for (int k = 0; k < judgedCount_; ++k) {
    if (sameAnswer(judged_[k].reported, reported)) {
      remembered = &judged_[k].errors;
      break;
    }
  }
  oracle::ErrorsInUnits errors;
  if (remembered != nullptr) {
    errors = *remembered;
  } else {
    errors = oracle::errorsInUnits(prepared_, reported);
    if (judgedCount_ < REMEMBERED) judged_[judgedCount_++] = {reported, errors};
  }
  verdict.distanceErrorU = errors.distanceError;
  verdict.witnessErrorU = errors.witnessError;
  verdict.witnessGapU = errors.witnessGap;

  if (result.distance == 0) {
    if (distanceExceedsT_ < 0) distanceExceedsT_ = oracle::distanceExceeds(exact, unit, T) ? 1 : 0;
    if (distanceExceedsT_ == 1) verdict.reasons.push_back("false-overlap");
  }
  if (exact.relation != oracle::Relation::Separated && oracle::valueExceeds(result.distance, unit, T)) {
    verdict.reasons.push_back("false-separation");
  }
  addErrorKinds(verdict, exact.relation == oracle::Relation::Separated, result.distance);
  return verdict;
}

}  // namespace gjk::check
