// What the fuzz targets share: the strategy chosen by GJK_STRATEGY, the execution counter and clock
// for "violation after N executions, T s", and printing a failing case in gjk-case form before abort.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "case/case.h"
#include "oracle/oracle.h"
#include "verdict/strategy.h"

namespace gjk::fuzz {

// The strategy named by the environment variable GJK_STRATEGY (default perp; modifiers allowed, as
// in perp+local+scaled). An unknown name prints the known ones and exits with status 2.
const check::StrategyInfo& strategyFromEnvironment();

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

// Prints `title`, the case in gjk-case form between marker lines (paste it into a .case file), the
// details, and "<target>: failure after N executions, T s", then aborts. Never returns.
[[noreturn]] void reportFailureAndAbort(const char* target, const std::string& title, const check::Case& value,
                                        const std::string& details);

}  // namespace gjk::fuzz
