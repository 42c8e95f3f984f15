// The pieces of `gjkcheck campaign` shared by its files: the options, finding and driving the fuzzer
// (campaign_fuzzer.cpp), the campaign itself (campaign_run.cpp) and the mutator measurement
// (campaign_measure.cpp). The command line is read in command_campaign.cpp.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "verdict/strategy.h"

namespace gjk::tools::campaign {

namespace fs = std::filesystem;
using Environment = std::vector<std::pair<std::string, std::string>>;

struct Options {
  std::vector<const check::StrategyInfo*> strategies;
  // The query fuzzed: fuzz_<query> and that query's verdict (Distance: fuzz_distance and the distance verdict;
  // Penetration: fuzz_penetration and the penetration verdict). Set by --query, else by the strategy
  // (tools/campaign_findings.h defaultCampaignQuery).
  check::QueryKind query = check::QueryKind::Distance;
  // 3 for a 3D strategy (issue 23): the target is fuzz_distance3d (case/fuzz_input_3d.h inputs, the 3D verdict),
  // the seeds are the 3D cases of the seed folders, the findings are 3D cases shrunk by the 3D shrinker.
  int dimension = 2;
  long long seconds = 600;
  int jobs = 2;
  fs::path out;     // resolved before the campaign starts (campaignCommand)
  fs::path fuzzer;
  fs::path work;
  fs::path report;
  std::vector<std::string> seeds = {"corpus/seeds", "corpus/regressions"};
  std::string kinds;
  std::string families;
  int minimizeSeconds = 3;
  bool mutator = true;
  bool measure = false;
  int runs = 5;
  std::string commandLine;
};

// The fuzz target of a campaign's query: fuzz_<query> ("fuzz_distance", "fuzz_penetration", "fuzz_cast").
std::string fuzzTargetName(check::QueryKind query);
// The campaign's target: fuzzTargetName(options.query), with "3d" after it for a 3D campaign (fuzz_distance3d).
std::string fuzzTargetName(const Options& options);
// The environment variable naming that target's strategy: GJK_STRATEGY for distance, else
// GJK_<QUERY>_STRATEGY (GJK_PENETRATION_STRATEGY).
std::string fuzzStrategyVariable(check::QueryKind query);
// The libFuzzer build of the campaign's target (fuzzTargetName(options)): --fuzzer, else $GJK_FUZZ_<QUERY>
// ($GJK_FUZZ_DISTANCE, $GJK_FUZZ_PENETRATION, $GJK_FUZZ_DISTANCE3D for a 3D campaign), else beside this program's build; throws UsageError when none
// is found.
fs::path findFuzzer(const Options& options);
// The --seeds folders that exist; a default one missing from the current directory is taken from the
// source tree gjkcheck was built from.
std::vector<std::string> existingSeedFolders(const Options& options);
// 1234567 -> "1,234,567".
std::string withThousands(long long value);
// The libFuzzer flags every run of the campaign passes (input size, timeout, memory, dictionary).
// -max_len is the longest case encoding of the dimension (case/fuzz_input.h, fuzz_input_3d.h).
void addFuzzerFlags(std::vector<std::string>& argv, const fs::path& fuzzer, int dimension);
// The environment of the fuzz target: the strategy, the mutator switch, the kinds and families to report.
Environment fuzzerEnvironment(const Options& options, const check::StrategyInfo& strategy, bool mutator);

// The campaign on options.strategies.front(): fuzz, collect, shrink, file and report. The command's exit
// code.
int runCampaign(const Options& options, const fs::path& fuzzer);
// --measure-mutator: runs with and without the geometry-aware mutator, compared. The command's exit code.
int measureMutator(const Options& options, const fs::path& fuzzer);

}  // namespace gjk::tools::campaign
