// fuzz_penetration: the exact penetration answer's two methods, and a penetration strategy against it.
//
// Properties, for every finite input case that touches or overlaps:
// 1. the oracle's self-check: penetrationByHull (the nearest edge of the exact hull of M) and
//    penetrationBySupport (the support-function difference over candidate directions, no hull) give the same
//    relation, sign and exact squared core depth, and each one's minimal normals are minimal in the other
//    (oracle/penetration.h);
// 2. the strategy GJK_PENETRATION_STRATEGY (default: epa when it is registered; "none": property 1 only),
//    which must answer penetration, is no violation of the penetration verdict
//    (verdict/penetration_verdict.h, T of verdict/thresholds.h), on every case (separated ones included:
//    a claimed overlap there is a wrong relation).
// On a failure the target prints the case, the exact answer and the strategy's answer, then aborts. A
// violation is printed with the meta lines of a penetration regression (verdict/penetration_cause.h:
// family, signature, query penetration, expected reasons), ready for corpus/regressions.
//
// As fuzz_distance, for `gjkcheck campaign --query penetration` (fork mode): GJK_VIOLATION_KINDS and
// GJK_VIOLATION_FAMILIES keep only violations of those primary-or-later kinds and families, and a violation
// whose cause is listed in the file GJK_KNOWN_SIGNATURES passes (fuzz/fuzz_support.h).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "case/fuzz_input.h"
#include "fuzz/fuzz_support.h"
#include "oracle/penetration.h"
#include "verdict/exact_case.h"
#include "verdict/penetration_cause.h"
#include "verdict/penetration_verdict.h"

namespace {

using namespace gjk;

// The strategy judged, or null for the oracle self-check alone.
const check::StrategyInfo* penetrationStrategy() {
  static const check::StrategyInfo* const STRATEGY = []() -> const check::StrategyInfo* {
    const char* text = std::getenv("GJK_PENETRATION_STRATEGY");
    const std::string name = text != nullptr ? text : "epa";
    if (name == "none")
      return nullptr;
    const check::StrategyInfo* strategy = check::findStrategy(name);
    if (strategy == nullptr && text == nullptr)
      return nullptr;  // the default is not registered in this build
    if (strategy == nullptr || !check::answersPenetration(strategy->query)) {
      std::fprintf(stderr, "fuzz_penetration: GJK_PENETRATION_STRATEGY=%s is not a penetration strategy\n",
                   name.c_str());
      std::abort();
    }
    return strategy;
  }();
  return STRATEGY;
}

std::string penetrationText(const oracle::ExactPenetration& p) {
  std::string text = "  relation          " + std::string(oracle::relationName(p.relation)) +
                     "\n  depth             " + oracle::penetrationDepthDecimal(p) +
                     "\n  core depth^2      " + oracle::rationalString(p.coreDepthSquared) +
                     (p.coreSign > 0 ? " (origin in M)" : " (outside M)") + "\n";
  for (const oracle::ExactPoint& n : p.normals) {
    text +=
        "  normal            (" + oracle::rationalString(n.x) + ", " + oracle::rationalString(n.y) + ")\n";
  }
  for (const oracle::NormalArc& arc : p.normalArcs) {
    text += "  normal arc        (" + oracle::rationalString(arc.from.x) + ", " +
            oracle::rationalString(arc.from.y) + ") to (" + oracle::rationalString(arc.to.x) + ", " +
            oracle::rationalString(arc.to.y) + ")\n";
  }
  return text;
}

bool agree(const oracle::ExactPenetration& x, const oracle::ExactPenetration& y) {
  if (x.relation != y.relation || x.coreSign != y.coreSign || x.coreDepthSquared != y.coreDepthSquared)
    return false;
  for (const oracle::ExactPoint& n : x.normals) {
    if (!oracle::isMinimalNormal(y, n))
      return false;
  }
  for (const oracle::NormalArc& arc : x.normalArcs) {
    if (!oracle::isMinimalNormal(y, arc.from) || !oracle::isMinimalNormal(y, arc.to))
      return false;
  }
  for (const oracle::ExactPoint& n : y.normals) {
    if (!oracle::isMinimalNormal(x, n))
      return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  penetrationStrategy();
  fuzz::violationKindsFromEnvironment();
  fuzz::violationFamiliesFromEnvironment();
  fuzz::knownSignaturesFromEnvironment();
  fuzz::executionClock();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::executionClock().tick();
  std::optional<check::Case> value = check::decodeFuzzInput(data, size);
  if (!value)
    return -1;
  const oracle::ExactAnswer exact = check::solveExactly(*value);
  const oracle::ExactPenetration byHull = oracle::penetrationByHull(exact);
  if (exact.relation != oracle::Relation::Separated) {
    const oracle::ExactPenetration bySupport =
        oracle::penetrationBySupport(check::toOracleShape(value->a), check::toOracleShape(value->b));
    if (!agree(byHull, bySupport)) {
      fuzz::reportFailureAndAbort("fuzz_penetration", "the penetration oracle's methods disagree", *value,
                                  "---- penetrationByHull\n" + penetrationText(byHull) +
                                      "---- penetrationBySupport\n" + penetrationText(bySupport));
    }
  }
  const check::StrategyInfo* strategy = penetrationStrategy();
  if (strategy == nullptr)
    return 0;
  const check::StrategyResult result = strategy->run(*value, {});
  const check::PenetrationVerdict verdict = check::judgePenetration(*value, exact, byHull, result, *strategy);
  if (!verdict.violation || !fuzz::wantedReasons(verdict.reasons))
    return 0;
  const check::ViolationSummary summary =
      check::summarizePenetrationViolation(*value, *strategy, exact, byHull, result, verdict);
  if (fuzz::knownSignaturesFromEnvironment().count(summary.signature) || !fuzz::wantedFamily(summary.family))
    return 0;
  const check::PenetrationAnswer& p = result.penetration;
  char answer[512];
  std::snprintf(answer, sizeof answer,
                "  overlapping       %d\n  depth             %a\n  normal            (%a, %a)\n"
                "  point a           (%a, %a)\n  point b           (%a, %a)\n  depth error       %g u\n"
                "  normal error      %g u\n  contact error     %g u\n",
                p.overlapping ? 1 : 0, p.depth, p.normal.x, p.normal.y, p.pointA.x, p.pointA.y, p.pointB.x,
                p.pointB.y, verdict.depthErrorU, verdict.normalErrorU, verdict.contactErrorU);
  const check::Case found =
      check::penetrationRegressionCase(*value, *strategy, summary, verdict, "fuzz_penetration");
  fuzz::reportFailureAndAbort("fuzz_penetration", "violation: " + summary.signature, found,
                              "---- exact penetration (oracle)\n" + penetrationText(byHull) + "---- " +
                                  strategy->name + "\n" + answer + "---- verdict\n  reasons           " +
                                  check::penetrationReasonList(verdict) + "\n  signature         " +
                                  summary.signature + "\n  story             " + summary.story + "\n");
}
