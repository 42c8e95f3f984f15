// fuzz_penetration: the exact penetration answer's two methods, and a penetration strategy against it: the
// penetration query's instance of the shared body of fuzz/fuzz_query.h.
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
// violation is printed with the meta lines of a penetration regression (the penetration query's
// regressionCase: family, signature, query penetration, expected reasons), ready for corpus/regressions.
#include <cstdint>
#include <cstdio>
#include <string>

#include "fuzz/fuzz_query.h"
#include "fuzz/fuzz_support.h"
#include "oracle/penetration.h"
#include "verdict/exact_case.h"
#include "verdict/penetration_verdict.h"

namespace {

using namespace gjk;
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

// Property 1: the oracle's two methods agree on a touching or overlapping case.
void checkOracle(const check::Case& value, const oracle::ExactAnswer& exact) {
  if (exact.relation == oracle::Relation::Separated) return;
  const oracle::ExactPenetration byHull = oracle::penetrationByHull(exact);
  const oracle::ExactPenetration bySupport =
      oracle::penetrationBySupport(check::toOracleShape(value.a), check::toOracleShape(value.b));
  if (!agree(byHull, bySupport)) {
    fuzz::reportFailureAndAbort("fuzz_penetration", "the penetration oracle's methods disagree", value,
                                "---- penetrationByHull\n" + penetrationText(byHull) +
                                    "---- penetrationBySupport\n" + penetrationText(bySupport));
  }
}

std::string exactText(const check::Case&, const oracle::ExactAnswer& exact) {
  return penetrationText(oracle::penetrationByHull(exact));
}

std::string answerText(const check::StrategyResult& result, const check::QueryVerdict& verdict) {
  const check::PenetrationAnswer& p = result.penetration;
  char answer[512];
  std::snprintf(answer, sizeof answer,
                "  overlapping       %d\n  depth             %a\n  normal            (%a, %a)\n"
                "  point a           (%a, %a)\n  point b           (%a, %a)\n  depth error       %g u\n"
                "  normal error      %g u\n  contact error     %g u\n",
                p.overlapping ? 1 : 0, p.depth, p.normal.x, p.normal.y, p.pointA.x, p.pointA.y, p.pointB.x,
                p.pointB.y, verdict.measures[check::PENETRATION_DEPTH_ERROR],
                verdict.measures[check::PENETRATION_NORMAL_ERROR], verdict.measures[check::PENETRATION_CONTACT_ERROR]);
  return answer;
}

const fuzz::QueryFuzzTarget TARGET = {"fuzz_penetration", check::penetrationQuery(), "GJK_PENETRATION_STRATEGY",
                                      "epa", checkOracle, exactText, answerText};

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) { return fuzz::initializeQueryTarget(TARGET); }

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::runQueryTarget(TARGET, data, size);
}
