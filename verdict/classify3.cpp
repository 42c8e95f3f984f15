// The 3D family and violation summary; the rules are in classify3.h.
#include "verdict/classify3.h"

#include <cmath>
#include <cstdio>

#include "families/families.h"
#include "verdict/thresholds.h"
#include "verdict/verdict3.h"

namespace gjk::check {
namespace {

std::string shortNumber3(double value) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.8g", value);
  return buffer;
}

bool pairwiseRule(const std::string& family) {
  return family == "near-parallel" || family == "coplanar" || family == "edge-edge";
}

}  // namespace

const std::vector<std::string>& classifiedFamilies3() {
  static const std::vector<std::string> NAMES = {
      "large-offset", "short-edge", "near-parallel", "sliver",        "coplanar",  "flat",         "needle",
      "duplicates",   "rounded",    "stacked",       "rotated",       "random-points", "edge-edge", "random-convex"};
  return NAMES;
}

std::string classifyFamily3(const Case& value) {
  const bool small = value.a.vertices.size() <= CLASSIFY3_MAX_VERTICES && value.b.vertices.size() <= CLASSIFY3_MAX_VERTICES;
  Case probe = value;
  for (const std::string& family : classifiedFamilies3()) {
    if (!small && pairwiseRule(family)) continue;
    probe.setMeta("family", family);
    if (missingFamilyFeature3(probe).empty()) return family;
  }
  return "random-convex";
}

std::string violationSignature(const StrategyInfo& strategy, const StrategyResult& result, const Verdict& verdict) {
  const std::string kind = verdict.reasons.empty() ? "ok" : verdict.reasons.front();
  return strategy.name + " " + kind + " " + result.termination;
}

ViolationSummary summarizeViolation3(const Case& value, const StrategyInfo& strategy, const oracle::ExactAnswer3& exact,
                                     const StrategyResult& result, const Verdict& verdict) {
  ViolationSummary summary;
  summary.family = classifyFamily3(value);
  const std::string kind = verdict.reasons.empty() ? "ok" : verdict.reasons.front();
  summary.signature = violationSignature(strategy, result, verdict);
  summary.fileName = causeFileName(strategy.name, kind, result.termination);
  if (result.failure != EngineFailure::None) {
    std::string detail = result.failureDetail.substr(0, result.failureDetail.find('\n')).substr(0, 200);
    summary.story = strategy.name + " gave no answer: " + kind + " (" + detail + "); family " + summary.family +
                    " by verdict/classify3";
    return summary;
  }
  // The exact distance d0 - r... as a double: sqrt(d0^2) - r (for the story only; the verdict is exact).
  const double core = std::sqrt(static_cast<double>(exact.coreDistanceSquared));
  const double exactDistance = core - static_cast<double>(exact.radius);
  const double unit = static_cast<double>(errorUnit3(exact));
  const std::string stop = result.loopTermination.empty() || result.loopTermination == result.termination
                               ? result.termination
                               : result.termination + ", the loop stopped by " + result.loopTermination;
  summary.story = strategy.name + " reports distance " + shortNumber3(result.distance) + " (" + stop + " after " +
                  std::to_string(result.iterations) + " iterations) where the exact distance is " +
                  shortNumber3(exactDistance) + " (" + oracle::relationName(exact.relation) + "): " +
                  reasonList(verdict) + "; distance error " + shortNumber3(verdict.distanceErrorU) +
                  " u, witness error " + shortNumber3(verdict.witnessErrorU) + " u, witness gap " +
                  shortNumber3(verdict.witnessGapU) + " u (T = " + shortNumber3(VIOLATION_THRESHOLD_U) +
                  " u, u = " + shortNumber3(unit) + "); family " + summary.family + " by verdict/classify3";
  return summary;
}

}  // namespace gjk::check
