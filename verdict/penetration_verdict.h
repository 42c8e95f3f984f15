// The penetration verdict (issue 13): how far a strategy's overlap answer (depth, normal, contact points)
// is from the exact one (oracle/penetration.h), in the distance verdict's unit u = S 2^-24 and with its
// threshold T (verdict/thresholds.h), and whether that is a violation. docs/verdict.md, "Penetration".
#pragma once

#include <string>
#include <vector>

#include "case/case.h"
#include "oracle/oracle.h"
#include "oracle/penetration.h"
#include "verdict/query_seam.h"
#include "verdict/strategy.h"
#include "verdict/thresholds.h"

namespace gjk::check {

// Every penetration violation kind, in order: an answer's primary kind is the first that applies.
//   non-finite      NaN or inf in a judged number (depth, normal, contact points when overlapping is claimed)
//   wrong-relation  overlap claimed while the exact distance exceeds T u, or separation claimed while the
//                   exact depth exceeds T u
//   depth-error     |depth - depth*| > T u, depth* the exact signed depth (negative when separated)
//   normal-error    the exact overlap along the reported normal (normalized) minus depth* exceeds T u: how
//                   much deeper the shapes are along that normal than along the best one (0 for every
//                   minimal normal); a zero normal is infinitely wrong, except on a touching contact (reported
//                   and exact depths within T u of 0: zeroNormalErrorU, below)
//   contact-error   a contact point farther than T u from its shape (radius included); for a `merged`
//                   strategy that gives one point for both, that point farther than T u from the nearer
//                   shape (the distance verdict's witness-error rule)
inline constexpr const char* PENETRATION_VIOLATION_KINDS[] = {"non-finite", "wrong-relation", "depth-error",
                                                              "normal-error", "contact-error"};
inline constexpr int PENETRATION_VIOLATION_KIND_COUNT = 5;

// The index of a kind in PENETRATION_VIOLATION_KINDS, or -1.
int penetrationKindIndex(const std::string& kind);

// The measures of the penetration verdict (QueryVerdict::measures, verdict/query_seam.h), in this order:
//   depth error    |depth - depth*| / u, for an answer that claims overlap; NaN otherwise (or when not finite)
//   normal error   (overlap along n/|n| - depth*) / u >= 0 for an answer that claims overlap; NaN otherwise;
//                  +inf for a zero normal, NaN (not judged) for a zero normal on a touching contact
//   contact error  max(dist(pA, A), dist(pB, B)) / u (or the merged point's distance to the nearer shape),
//                  for an answer that claims overlap; NaN otherwise
// Every verdict has the three, NaN where nothing was measured (no answer, an engine failure, a claimed
// separation, a non-finite answer).
enum PenetrationMeasure {
  PENETRATION_DEPTH_ERROR = 0,
  PENETRATION_NORMAL_ERROR = 1,
  PENETRATION_CONTACT_ERROR = 2,
  PENETRATION_MEASURE_COUNT = 3
};

// The normal error of a zero normal (the strategy gives no direction) on an answer of depth `depth`, the exact
// depth being exactDepth and u the unit: NaN, not judged, when both |depth| and |exactDepth| are at most T u: a
// touching contact, claimed and true within rounding, whose minimal translation (depth times normal) is the zero
// vector, which has no direction to give; +inf anywhere else. A non-zero normal is always judged, at any depth.
// Both dimensions' verdicts use it.
double zeroNormalErrorU(double depth, const oracle::HighPrecision& exactDepth, const oracle::HighPrecision& unit);

// The answer of a penetration strategy judged against the exact one. `exact` is the case's answer from
// solveExactly (with its Minkowski hull; otherwise the penetration answer is solved from the case).
QueryVerdict judgePenetration(const Case& value, const oracle::ExactAnswer& exact, const StrategyResult& result,
                              const StrategyInfo& strategy);

// The same with the exact penetration answer given (computed once per case by the caller).
QueryVerdict judgePenetration(const Case& value, const oracle::ExactAnswer& exact,
                              const oracle::ExactPenetration& penetration, const StrategyResult& result,
                              const StrategyInfo& strategy);

// The exact penetration answer of a case from its exact answer (penetrationByHull when the hull is there).
oracle::ExactPenetration exactPenetration(const Case& value, const oracle::ExactAnswer& exact);

}  // namespace gjk::check
