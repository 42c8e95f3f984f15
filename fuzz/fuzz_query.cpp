#include "fuzz/fuzz_query.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>

#include "case/fuzz_input.h"
#include "fuzz/fuzz_support.h"
#include "verdict/exact_case.h"

namespace gjk::fuzz {
namespace {

// The strategy judged, or null for the oracle self-check alone; chosen once per target.
const check::StrategyInfo* targetStrategy(const QueryFuzzTarget& target) {
  static std::map<const QueryFuzzTarget*, const check::StrategyInfo*> chosen;
  auto it = chosen.find(&target);
  if (it != chosen.end()) return it->second;
  const check::StrategyInfo* strategy = [&]() -> const check::StrategyInfo* {
    const char* text = std::getenv(target.strategyVariable);
    const std::string name = text != nullptr ? text : target.defaultStrategy;
    if (name == "none") return nullptr;
    const check::StrategyInfo* found = check::findStrategy(name);
    if (found == nullptr && text == nullptr) return nullptr;  // the default is not registered in this build
    if (found == nullptr || !target.query.answers(*found)) {
      std::fprintf(stderr, "%s: %s=%s is not a %s strategy\n", target.name, target.strategyVariable, name.c_str(),
                   target.query.name());
      std::abort();
    }
    return found;
  }();
  chosen.emplace(&target, strategy);
  return strategy;
}

}  // namespace

int initializeQueryTarget(const QueryFuzzTarget& target) {
  targetStrategy(target);
  violationKindsFromEnvironment();
  violationFamiliesFromEnvironment();
  knownSignaturesFromEnvironment();
  executionClock();
  return 0;
}

int runQueryTarget(const QueryFuzzTarget& target, const std::uint8_t* data, std::size_t size) {
  executionClock().tick();
  std::optional<check::Case> value = check::decodeFuzzInput(data, size);
  if (!value) return -1;
  if (target.accepts != nullptr && !target.accepts(*value)) return -1;
  const oracle::ExactAnswer exact = check::solveExactly(*value);
  if (target.checkOracle != nullptr) target.checkOracle(*value, exact);
  const check::StrategyInfo* strategy = targetStrategy(target);
  if (strategy == nullptr) return 0;
  const check::StrategyResult result = strategy->run(*value, {});
  const check::Query& query = target.query;
  const std::unique_ptr<check::PreparedExact> prepared = query.prepare(*value, exact);
  const check::QueryVerdict verdict = query.judge(*value, exact, *prepared, result, *strategy);
  if (!verdict.violation || !wantedReasons(verdict.reasons)) return 0;
  const check::ViolationSummary summary = query.summarize(*value, *strategy, exact, *prepared, result, verdict);
  if (knownSignaturesFromEnvironment().count(summary.signature) || !wantedFamily(summary.family)) return 0;
  const check::Case found = query.regressionCase(*value, *strategy, summary, verdict, target.name);
  reportFailureAndAbort(target.name, "violation: " + summary.signature, found,
                        "---- exact " + std::string(query.name()) + " (oracle)\n" + target.exactText(*value, exact) +
                            "---- " + strategy->name + "\n" + target.answerText(result, verdict) +
                            "---- verdict\n  reasons           " + query.reasonList(verdict) +
                            "\n  signature         " + summary.signature + "\n  story             " +
                            summary.story + "\n");
}

}  // namespace gjk::fuzz
