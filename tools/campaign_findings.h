// What a campaign does with the fuzzer's crash inputs: judge each one again here, group them by cause
// (the signature of verdict/classify.h: strategy, primary kind, termination; the family is metadata),
// shrink the smallest of a new cause to a readable case that keeps the cause, and file it in the
// campaign's folder, one file per cause, keeping the smaller case by preferredCase when a cause is
// found twice.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "case/case.h"
#include "verdict/classify.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"

namespace gjk::tools {

// One crash input of the fuzzer, judged again by this program.
struct CrashInput {
  std::filesystem::path file;
  std::size_t size = 0;
  bool decodes = false;    // false: the bytes encode no case (a crash of the fuzzer, not a violation)
  bool violation = false;  // false: no violation here (a sanitizer finding, or a build that rounds differently)
  std::string signature;   // when violation
  std::string reasons;
  std::string failureDetail;  // an external engine's crash, hang or protocol failure: what it said (stderr tail)
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

// The strategy a filed case names: its meta.strategy, else the start of its file name as a campaign
// names files, `<strategy>.<kind>.<termination>.case` or, from earlier campaigns,
// `<strategy>.<kind>.<termination>.<family>.case` (strategy names hold dots: the registered name
// followed by a violation kind wins, else the longest registered name followed by a dot). Empty when
// neither names a registered strategy.
std::string strategyOfFiledCase(const std::filesystem::path& file, const check::Case& value);

// A case filed in a folder and the cause its strategy's answer shows today.
struct FiledCase {
  std::filesystem::path file;
  check::Case value;
};

// The causes filed in a folder (searched recursively): every case that reads, names a strategy
// (strategyOfFiledCase) and on which that strategy's answer is a violation, by the signature its
// answer has now, judged again (not by its meta.signature: files of earlier campaigns carry the
// family there, and a changed verdict can change a cause). `onlyStrategy`, when not empty, keeps
// the cases of that strategy only. When several files show one cause, the first by path is named.
std::map<std::string, FiledCase> filedCauses(const std::filesystem::path& folder, const std::string& onlyStrategy);

// Which of two cases of one cause a campaign keeps: true when `candidate` is to replace `filed`.
// The smaller case wins, compared in this order, the first difference deciding:
//   1. fewer vertices (A and B together);
//   2. fewer numbers that differ from their default (vertex coordinates, radii and positions other
//      than 0, rotations other than (1, 0));
//   3. fewer significant bits in those numbers (each float counts the bits from its leading one to
//      its last one);
//   4. shorter geometry text (formatCase without the meta lines);
//   5. the geometry text that sorts first (byte order).
// Equal geometry keeps the filed case. The order is total, so the case kept does not depend on the
// order in which the two were found.
bool preferredCase(const check::Case& candidate, const check::Case& filed);

}  // namespace gjk::tools
