// fuzz_distance3d: one 3D GJK strategy against the exact 3D oracle (issue 23, step 4).
//
// Property: for every finite 3D input case (case/fuzz_input_3d.h), the strategy's answer is no violation of
// docs/verdict.md as the 3D verdict judges it (verdict/verdict3.h, CaseJudge3; the same kinds and threshold T
// as in 2D). The strategy is the environment variable GJK_STRATEGY, a 3D one (default vdb3; `gjkcheck
// strategies` gives each one's dimension). On a violation the target prints the case in gjk-case form, a
// `dimension 3` case with its meta lines (family by verdict/classify3.h, signature, strategy, expected verdict
// and reasons: ready for corpus/regressions), both answers and the reasons, then aborts.
//
// GJK_VIOLATION_KINDS, GJK_VIOLATION_FAMILIES (the 3D family names of verdict/classify3.h) and
// GJK_KNOWN_SIGNATURES work as for fuzz_distance; `gjkcheck campaign --strategy vdb3` drives this target in
// libFuzzer's fork mode. The signature is compared with the known ones before the case is classified (the 3D
// family is decided exactly, and costs more than the verdict).
//
// Input: case/fuzz_input_3d.h. Inputs that encode no case are rejected (return -1: not added to the corpus).
// The libFuzzer build links the 3D geometry-aware mutator (geometry_mutator_3d.h, custom_mutator_3d.cpp).
#include <cstdint>
#include <optional>
#include <string>

#include "case/fuzz_input_3d.h"
#include "fuzz/fuzz_support.h"
#include "oracle/oracle3_compare.h"
#include "verdict/classify3.h"
#include "verdict/verdict3.h"

using namespace gjk;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::strategy3FromEnvironment();
  fuzz::violationKindsFromEnvironment();
  fuzz::violationFamiliesFromEnvironment();
  fuzz::knownSignaturesFromEnvironment();
  fuzz::executionClock();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const check::StrategyInfo& strategy = fuzz::strategy3FromEnvironment();
  fuzz::executionClock().tick();
  std::optional<check::Case> value = check::decodeFuzzInput3d(data, size);
  if (!value) return -1;
  check::StrategyResult result = strategy.run(*value, {});
  // The judge solves the case once (solveWithoutHull3: every field the verdict reads).
  const check::CaseJudge3 judge(*value);
  check::Verdict verdict = judge.judge(result, strategy);
  if (!verdict.violation || !fuzz::wantedReasons(verdict.reasons)) return 0;
  if (fuzz::knownSignaturesFromEnvironment().count(check::violationSignature(strategy, result, verdict))) return 0;

  check::ViolationSummary summary = check::summarizeViolation3(*value, strategy, judge.exact(), result, verdict);
  if (!fuzz::wantedFamily(summary.family)) return 0;
  check::Case found = check::regressionCase(*value, strategy, summary, verdict, "fuzz_distance3d");
  std::string details = "---- exact answer (3D oracle)\n" + oracle::answerText3(judge.exact()) + "\n---- " +
                        strategy.name + "\n" + fuzz::strategyAnswerText3(result) + "---- verdict\n  reasons           " +
                        check::reasonList(verdict) + "\n  signature         " + summary.signature +
                        "\n  story             " + summary.story + "\n";
  fuzz::reportFailureAndAbort("fuzz_distance3d", "violation: " + summary.signature, found, details);
}
