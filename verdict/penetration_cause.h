// A penetration violation as a campaign files it (issue 13): the counterpart of summarizeViolation and
// regressionCase (verdict/classify.h) for the penetration verdict (verdict/penetration_verdict.h). The
// fuzz target fuzz_penetration and `gjkcheck campaign` name a cause with the same function, so the
// signatures the campaign passes to the fuzzer (GJK_KNOWN_SIGNATURES) are the ones the fuzzer computes.
#pragma once

#include <string>

#include "case/case.h"
#include "oracle/oracle.h"
#include "oracle/penetration.h"
#include "verdict/classify.h"
#include "verdict/penetration_verdict.h"
#include "verdict/strategy.h"

namespace gjk::check {

// The reasons of a penetration verdict joined by commas ("ok" when there are none), as
// meta.expected-reasons records them (verdict/expectations.h).
std::string penetrationReasonList(const PenetrationVerdict& verdict);

// The cause word after the primary kind: the strategy's termination (penetrationStopName for the core
// strategies, contact / no-contact for the linked engines, the failure's name for an engine failure) when
// the strategy answers penetration only; "penetration" for a strategy of query kind both, whose
// termination belongs to its distance answer (so that its distance and penetration causes never share a
// file name).
std::string penetrationTermination(const StrategyInfo& strategy, const StrategyResult& result);

// Requires verdict.violation. The signature is "<strategy> <primary kind> <penetrationTermination>", the
// file name that signature with dots (and '/' as '_') plus ".case", the family classifyFamily's, and the
// story one line with the reported and exact depth and the errors in u.
ViolationSummary summarizePenetrationViolation(const Case& value, const StrategyInfo& strategy,
                                               const oracle::ExactAnswer& exact,
                                               const oracle::ExactPenetration& penetration,
                                               const StrategyResult& result, const PenetrationVerdict& verdict);

// The case a campaign files for a penetration violation: the geometry of `value` with the meta lines
// family, signature, strategy, query penetration, expected-verdict violation, expected-reasons, found-by
// and story (replayed by corpus check with the penetration verdict: verdict/expectations.h).
Case penetrationRegressionCase(const Case& value, const StrategyInfo& strategy, const ViolationSummary& summary,
                               const PenetrationVerdict& verdict, const std::string& foundBy);

}  // namespace gjk::check
