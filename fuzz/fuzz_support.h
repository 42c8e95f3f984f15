// What the fuzz targets share: the strategy chosen by GJK_STRATEGY, the execution counter and clock
// for "violation after N executions, T s", and printing a failing case in gjk-case form before abort.
#pragma once

#include <chrono>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "case/case.h"
#include "oracle/oracle.h"
#include "verdict/strategy.h"

namespace gjk::fuzz {

// The strategy named by the environment variable GJK_STRATEGY (default perp; modifiers allowed, as
// in perp+local+scaled). An unknown name prints the known ones and exits with status 2.
const check::StrategyInfo& strategyFromEnvironment();
// The 3D strategy named by GJK_STRATEGY (default vdb3; `gjkcheck strategies`, dimension 3), for fuzz_distance3d.
// An unknown name, or a strategy of 2D cases, prints the 3D ones and exits with status 2.
const check::StrategyInfo& strategy3FromEnvironment();

// What a campaign tells a fuzz target (fuzz_distance, fuzz_penetration), read once from the environment:
// GJK_VIOLATION_KINDS (comma separated: only violations with one of these reasons abort),
// GJK_VIOLATION_FAMILIES (comma separated: only violations on a case of one of these families abort) and
// GJK_KNOWN_SIGNATURES (a file of causes, one a line: a violation of one of them passes).
const std::vector<std::string>& violationKindsFromEnvironment();
const std::vector<std::string>& violationFamiliesFromEnvironment();
const std::set<std::string>& knownSignaturesFromEnvironment();
// True when GJK_VIOLATION_KINDS is unset or names one of `reasons`.
bool wantedReasons(const std::vector<std::string>& reasons);
// True when GJK_VIOLATION_FAMILIES is unset or names `family`.
bool wantedFamily(const std::string& family);

// Counts executions and time since the first call, for the line a target prints on a failure:
// the campaign's measurement of the mutator reads it.
struct ExecutionClock {
  std::uint64_t executions = 0;
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  void tick() { ++executions; }
  double seconds() const;
};
ExecutionClock& executionClock();

// The exact answer as the failure report prints it: relation, distance, d0^2, closest point, scale.
std::string exactAnswerText(const oracle::ExactAnswer& exact);

// The strategy's answer: distance, witness points (hex floats and decimals), iterations, termination.
std::string strategyAnswerText(const check::StrategyResult& result);
// The same for a 3D answer: the witness points with their z.
std::string strategyAnswerText3(const check::StrategyResult& result);

// Prints `title`, the case in gjk-case form between marker lines (paste it into a .case file), the
// details, and "<target>: failure after N executions, T s", then aborts. Never returns.
[[noreturn]] void reportFailureAndAbort(const char* target, const std::string& title, const check::Case& value,
                                        const std::string& details);

}  // namespace gjk::fuzz
