// What a campaign does with the fuzzer's crash inputs: judge each one again here, group them by
// violation signature (check/classify.h), shrink the smallest of a new signature to a readable case
// that keeps the signature, and write it to the regression folder.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "check/case.h"
#include "check/classify.h"
#include "check/strategy.h"
#include "check/verdict.h"

namespace gjk::tools {

// One crash input of the fuzzer, judged again by this program.
struct CrashInput {
  std::filesystem::path file;
  std::size_t size = 0;
  bool decodes = false;    // false: the bytes encode no case (a crash of the fuzzer, not a violation)
  bool violation = false;  // false: no violation here (a sanitizer finding, or a build that rounds differently)
  std::string signature;   // when violation
  std::string reasons;
};

struct Judged {
  check::Case value;
  oracle::ExactAnswer exact;
  check::StrategyResult result;
  check::Verdict verdict;
  check::ViolationSummary summary;  // when verdict.violation
};

// The strategy's verdict on the case, and the violation's summary when it is one.
Judged judgeCase(const check::Case& value, const check::StrategyInfo& strategy);

CrashInput judgeCrashInput(const std::filesystem::path& file, const check::StrategyInfo& strategy);

// A smaller case with the same violation signature: vertices dropped, radius, rotation and position
// set to their defaults, then each vertex coordinate, radius and position set to 0 or cut to a shorter
// significand (0, 1, 2, 4, 8, 12 or 16 bits after the leading one), each step kept only when the
// signature stays. At most `maxEvaluations` judgements.
check::Case shrinkKeepingSignature(const check::Case& value, const check::StrategyInfo& strategy,
                                   const std::string& signature, int maxEvaluations, int* evaluations);

// The signatures already filed in a folder: meta.signature of every case there. (A campaign also never
// replaces an existing file of the signature's name.)
std::set<std::string> filedSignatures(const std::filesystem::path& folder);

}  // namespace gjk::tools
