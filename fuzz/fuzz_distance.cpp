// fuzz_distance: one GJK strategy against the exact oracle.
//
// Property: for every finite input case, the strategy's answer is no violation of docs/verdict.md (verdict/
// verdict.h, threshold T of verdict/thresholds.h). The strategy is the environment variable GJK_STRATEGY
// (default perp; any name of `gjkcheck strategies`, with +local, +scaled, +local+scaled). On a
// violation the target prints the case in gjk-case form with its meta lines (family, signature,
// expected reasons: ready for corpus/regressions), both answers and the reasons, then aborts.
//
// GJK_VIOLATION_KINDS, when set (comma separated, e.g. "false-overlap"), aborts only on violations of
// those kinds and passes the others: a campaign that hunts one kind of failure. GJK_VIOLATION_FAMILIES
// does the same for the family of the case (verdict/classify.h), e.g. "short-edge".
// GJK_KNOWN_SIGNATURES, when set, names a file of violation signatures (verdict/classify.h), one a line,
// read once at start: a violation with one of them passes. `gjkcheck campaign` keeps that file up to
// date, so that each fork-mode job hunts new signatures instead of dying on the ones already found.
//
// Input: case/fuzz_input.h. Inputs that encode no case are rejected (return -1: not added to the
// corpus). Every strategy already fails somewhere (corpus/regressions), so this target is run by
// `gjkcheck campaign` in libFuzzer's fork mode, which keeps going after each violation.
#include <cstdint>
#include <optional>
#include <string>

#include "case/fuzz_input.h"
#include "fuzz/fuzz_support.h"
#include "verdict/classify.h"
#include "verdict/exact_case.h"
#include "verdict/verdict.h"

namespace {

using namespace gjk;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::strategyFromEnvironment();
  fuzz::violationKindsFromEnvironment();
  fuzz::violationFamiliesFromEnvironment();
  fuzz::knownSignaturesFromEnvironment();
  fuzz::executionClock();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const check::StrategyInfo& strategy = fuzz::strategyFromEnvironment();
  fuzz::executionClock().tick();
  std::optional<check::Case> value = check::decodeFuzzInput(data, size);
  if (!value) return -1;
  check::StrategyResult result = strategy.run(*value, {});
  // The judge solves the case itself (no Minkowski hull, no closest point: no verdict reads them) and keeps
  // the shapes' exact hulls for the witness points, so they are built once (verdict/verdict.h CaseJudge).
  check::Verdict verdict = check::CaseJudge(*value).judge(result, strategy);
  if (!verdict.violation || !fuzz::wantedReasons(verdict.reasons)) return 0;

  // A violation: the exact answer with its closest point, for the summary and the report.
  oracle::ExactAnswer exact = check::solveExactlyWithoutHull(*value);

  check::ViolationSummary summary = check::summarizeViolation(*value, strategy, exact, result, verdict);
  if (fuzz::knownSignaturesFromEnvironment().count(summary.signature)) return 0;
  if (!fuzz::wantedFamily(summary.family)) return 0;
  check::Case found = check::regressionCase(*value, strategy, summary, verdict, "fuzz_distance");
  std::string details = "---- exact answer (oracle)\n" + fuzz::exactAnswerText(exact) + "---- " + strategy.name +
                        "\n" + fuzz::strategyAnswerText(result) + "---- verdict\n  reasons           " +
                        check::reasonList(verdict) + "\n  signature         " + summary.signature +
                        "\n  story             " + summary.story + "\n";
  fuzz::reportFailureAndAbort("fuzz_distance", "violation: " + summary.signature, found, details);
}
