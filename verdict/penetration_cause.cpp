#include "verdict/penetration_cause.h"

#include <algorithm>
#include <cstdio>

#include "verdict/exact_case.h"

namespace gjk::check {
namespace {

std::string shortNumber(double value) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.8g", value);
  return buffer;
}

}  // namespace

std::string penetrationReasonList(const PenetrationVerdict& verdict) {
  std::string reasons;
  for (const std::string& reason : verdict.reasons) reasons += (reasons.empty() ? "" : ",") + reason;
  return reasons.empty() ? "ok" : reasons;
}

std::string penetrationTermination(const StrategyInfo& strategy, const StrategyResult& result) {
  if (answersDistance(strategy.query)) return "penetration";
  return result.termination.empty() ? "unreported" : result.termination;
}

ViolationSummary summarizePenetrationViolation(const Case& value, const StrategyInfo& strategy,
                                               const oracle::ExactAnswer& exact,
                                               const oracle::ExactPenetration& penetration,
                                               const StrategyResult& result, const PenetrationVerdict& verdict) {
  ViolationSummary summary;
  summary.family = classifyFamily(value, exact);
  const std::string kind = primaryPenetrationKind(verdict);
  summary.signature = strategy.name + " " + kind + " " + penetrationTermination(strategy, result);
  summary.fileName = causeFileName(strategy.name, kind, penetrationTermination(strategy, result));
  if (result.failure != EngineFailure::None) {
    const std::string detail = result.failureDetail.substr(0, result.failureDetail.find('\n')).substr(0, 200);
    summary.story = strategy.name + " gave no penetration answer: " + kind + " (" + detail + "); family " +
                    summary.family + " by verdict/classify";
    return summary;
  }
  const PenetrationAnswer& p = result.penetration;
  const std::string exactDepth = oracle::penetrationDepthDecimal(penetration, 8);
  if (!p.overlapping) {
    summary.story = strategy.name + " says separated (" + result.termination + ") where the exact depth is " +
                    exactDepth + " (" + oracle::relationName(exact.relation) + "): " +
                    penetrationReasonList(verdict) + "; family " + summary.family + " by verdict/classify";
    return summary;
  }
  const double unit = static_cast<double>(errorUnit(exact));
  summary.story = strategy.name + " reports depth " + shortNumber(p.depth) + " along (" + shortNumber(p.normal.x) +
                  ", " + shortNumber(p.normal.y) + ") (" + result.termination + " after " +
                  std::to_string(result.iterations) + " iterations) where the exact depth is " + exactDepth + " (" +
                  oracle::relationName(exact.relation) + "): " + penetrationReasonList(verdict) + "; depth error " +
                  shortNumber(verdict.depthErrorU) + " u, normal error " + shortNumber(verdict.normalErrorU) +
                  " u, contact error " + shortNumber(verdict.contactErrorU) + " u (T = " +
                  shortNumber(VIOLATION_THRESHOLD_U) + " u, u = " + shortNumber(unit) + "); family " +
                  summary.family + " by verdict/classify";
  return summary;
}

Case penetrationRegressionCase(const Case& value, const StrategyInfo& strategy, const ViolationSummary& summary,
                               const PenetrationVerdict& verdict, const std::string& foundBy) {
  // The distance regression's meta lines, with the penetration verdict's reasons and the query added.
  Case out = regressionCase(value, strategy, summary, Verdict{}, foundBy);
  out.setMeta("expected-reasons", penetrationReasonList(verdict));
  out.setMeta("query", "penetration");
  return out;
}

}  // namespace gjk::check
