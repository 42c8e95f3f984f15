// What a campaign does with the fuzzer's crash inputs: judge each one again here, group them by cause
// (the signature of verdict/classify.h: strategy, primary kind, termination; the family is metadata;
// for a campaign on another query that query's, Query::summarize of verdict/query_seam.h),
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
#include "verdict/query_seam.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"

namespace gjk::tools {

// One crash input of the fuzzer, judged again by this program.
struct CrashInput {
  std::filesystem::path file;
  std::size_t size = 0;
  bool decodes = false;    // false: the bytes encode no case (a crash of the fuzzer, not a violation)
  bool violation = false;  // false: no violation here (a sanitizer finding, or a build that rounds differently)
  int abortSignal = 0;     // the strategy, run in this program, ended a child process with this signal (an
                           // engine's own assertion, like chipmunk's cpAssertHard): no verdict, not filed
  std::string signature;   // when violation
  std::string reasons;
  std::string failureDetail;  // an external engine's crash, hang or protocol failure: what it said (stderr tail)
  std::string harnessError;   // gjkcheck itself could not judge the case (its exception's message): a bug of
                              // the harness, not a verdict; the input is kept and the campaign goes on
};

// What a campaign judges, by the query kind of its name: the distance query with the distance verdict
// (fuzz_distance), or the penetration query with the penetration verdict (fuzz_penetration; issue 13). Never
// Both.
using CampaignQuery = check::QueryKind;

// The query of the seam (verdict/query_seam.h) a campaign of that kind judges, and the kind of a query.
const check::Query& campaignQuery(CampaignQuery query);
CampaignQuery campaignKind(const check::Query& query);

// The query a campaign on `strategy` judges unless told: its primary query (check::primaryQuery: distance when
// it answers distance, else its own; a strategy of query kind both, like rapier2d, needs --query penetration).
CampaignQuery defaultCampaignQuery(const check::StrategyInfo& strategy);

struct Judged {
  CampaignQuery query = CampaignQuery::Distance;
  check::Case value;
  oracle::ExactAnswer exact;
  check::StrategyResult result;
  check::QueryVerdict verdict;            // the judged query's verdict
  // Set when the strategy, run in a child process first, ended it with this signal (an in-process engine that
  // aborts on its own assertion): then nothing else is judged (violation false), and this program lives on.
  int abortSignal = 0;
  bool violation = false;                 // the judged query's verdict is a violation
  std::string reasons;                    // its reasons, comma separated
  check::ViolationSummary summary;        // when violation
};

// The signal with which running the strategy on the case ends a child process of this program, or 0: a
// strategy of this process (not an external engine, which has its own) that aborts on some input would end
// a campaign; it is run in a forked child first.
int abortSignalOf(const check::Case& value, const check::StrategyInfo& strategy);

// The strategy's verdict on the case for the query, and the violation's summary when it is one; nothing but
// abortSignal when the strategy aborts on it (abortSignalOf). A 3D case (dimension 3) is judged by the 3D verdict
// (verdict/verdict3.h) with the summary of verdict/classify3.h, or for the penetration query by
// verdict/penetration_verdict3.h; `exact` then stays empty. A case and strategy of different dimensions throw
// CaseError.
Judged judgeCase(const check::Case& value, const check::StrategyInfo& strategy,
                 CampaignQuery query = CampaignQuery::Distance);

// The case a campaign files for a judged violation (the judged query's Query::regressionCase): its meta lines
// replay with the verdict of the judged query.
check::Case regressionCaseOf(const Judged& judged, const check::StrategyInfo& strategy, const std::string& foundBy);

// The case of a crash input of a campaign on `strategy`: the 3D encoding (case/fuzz_input_3d.h) for a 3D strategy
// (fuzz_distance3d's inputs), else the 2D one; nullopt when the bytes encode none.
std::optional<check::Case> decodeCrashInput(const std::vector<std::uint8_t>& bytes, const check::StrategyInfo& strategy);

CrashInput judgeCrashInput(const std::filesystem::path& file, const check::StrategyInfo& strategy,
                           CampaignQuery query = CampaignQuery::Distance);

// A smaller case with the same violation signature: vertices dropped, radius, rotation and position
// set to their defaults, then each vertex coordinate, radius and position set to 0 or cut to a shorter
// significand (0, 1, 2, 4, 8, 12 or 16 bits after the leading one), each step kept only when the
// signature stays. At most `maxEvaluations` judgements. A 3D case is shrunk by the 3D shrinker
// (case/case_shrinker.h) with the same predicate.
check::Case shrinkKeepingSignature(const check::Case& value, const check::StrategyInfo& strategy,
                                   const std::string& signature, int maxEvaluations, int* evaluations,
                                   CampaignQuery query = CampaignQuery::Distance);

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
// the cases of that strategy only. Only the cases whose expectation is of `query` count, as
// check::expectationQuery says (meta.query, else the strategy's primary query). When several files show one cause, the first by path is named.
std::map<std::string, FiledCase> filedCauses(const std::filesystem::path& folder, const std::string& onlyStrategy,
                                             CampaignQuery query = CampaignQuery::Distance);

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
