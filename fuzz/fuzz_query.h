// The shared body of a query's fuzz target (fuzz_penetration; fuzz_cast): decode the input, run the query's
// oracle self-check, judge the strategy named by the target's environment variable with the query's verdict
// (verdict/query_seam.h), and report a violation with the meta lines of the query's regression case, ready for
// corpus/regressions, then abort. A target is a QueryFuzzTarget and two one-line entry points.
//
// As fuzz_distance, for `gjkcheck campaign --query NAME` (fork mode): GJK_VIOLATION_KINDS and
// GJK_VIOLATION_FAMILIES keep only violations of those primary-or-later kinds and families, and a violation
// whose cause (Query::summarize, the same function the campaign uses) is listed in the file
// GJK_KNOWN_SIGNATURES passes (fuzz/fuzz_support.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "case/case.h"
#include "oracle/oracle.h"
#include "verdict/query_seam.h"
#include "verdict/strategy.h"

namespace gjk::fuzz {

struct QueryFuzzTarget {
  const char* name;                // "fuzz_penetration": the target's name in its messages and found-by line
  const check::Query& query;       // the query judged
  const char* strategyVariable;    // "GJK_PENETRATION_STRATEGY": names the strategy ("none": self-check only)
  const char* defaultStrategy;     // "epa": used when the variable is unset and the strategy is registered
  // The oracle's self-check on a decoded case (penetration: its two exact methods agree); calls
  // reportFailureAndAbort on a failure. Null: none.
  void (*checkOracle)(const check::Case& value, const oracle::ExactAnswer& exact);
  // The failure report's sections: the exact answer of the query, and the strategy's answer with its measures.
  std::string (*exactText)(const check::Case& value, const oracle::ExactAnswer& exact);
  std::string (*answerText)(const check::StrategyResult& result, const check::QueryVerdict& verdict);
  // Whether a decoded case is one this query asks (the cast: a case with a translation); others are rejected
  // like bytes that encode no case. Null: every case.
  bool (*accepts)(const check::Case& value) = nullptr;
};

// LLVMFuzzerInitialize: reads the strategy and the campaign's environment once.
int initializeQueryTarget(const QueryFuzzTarget& target);

// LLVMFuzzerTestOneInput: -1 for bytes that encode no case, else 0 or an abort with the report.
int runQueryTarget(const QueryFuzzTarget& target, const std::uint8_t* data, std::size_t size);

}  // namespace gjk::fuzz
