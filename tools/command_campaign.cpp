// gjkcheck campaign: drives the libFuzzer target fuzz_distance against one strategy, then collects,
// minimizes and deduplicates the violations it found into regression cases, and writes a report.
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "case/fuzz_input.h"
#include "tools/campaign_findings.h"
#include "tools/campaign_options.h"
#include "tools/campaign_process.h"
#include "tools/command_line.h"
#include "tools/commands.h"
#include "tools/fuzz_files.h"
#include "tools/output_folders.h"
#include "tools/run_context.h"
#include "verdict/classify3.h"
#include "verdict/expectations.h"
#include "verdict/query_seam.h"

namespace gjk::tools {
namespace {

namespace fs = std::filesystem;
using campaign::Options;

const CommandSpec SPEC = {
    "campaign",
    "",
    "",
    "Fuzzes one strategy against the exact oracle with the libFuzzer target fuzz_distance (the distance\n"
    "verdict), or for a penetration campaign fuzz_penetration (the penetration verdict, docs/verdict.md),\n"
    "in libFuzzer's fork mode (-fork=N -ignore_crashes=1: each violation ends one job, the campaign goes on),\n"
    "with a progress line. Violations are grouped by cause: (strategy, primary kind, termination), the\n"
    "primary kind being the verdict's first reason (verdict/classify.h); the family is recorded in the file\n"
    "as meta.family, it is no part of the cause. Each cause gets one file,\n"
    "DIR/<strategy>.<kind>.<termination>.case (a plugin:PATH[#ENTRY] strategy is named\n"
    "plugin-<file name without .so>[-ENTRY] there), written atomically as soon as the cause is found (the\n"
    "input as found), then replaced by its minimized form (libFuzzer -minimize_crash, then a shrink that\n"
    "keeps the cause: fewer vertices, default transforms, shorter numbers). When a cause already has a\n"
    "file, the smaller case is kept, by this order, the first difference deciding: fewer vertices; fewer\n"
    "numbers other than their default; fewer significant bits in them; shorter text; the text that sorts\n"
    "first (tools/campaign_findings.h). Every file is replayed (its expectations checked) before it is\n"
    "written. The report is DIR/README.md.\n"
    "The fuzzer passes over causes already known (GJK_KNOWN_SIGNATURES, a file updated as crashes come in):\n"
    "those filed in DIR, those of the cases in the --seeds folders (corpus/regressions by default), and\n"
    "each new one once found, so the jobs spend their time on new causes.\n\n"
    "A 3D strategy (`gjkcheck strategies`: vdb3, opengjk, opengjk-f32, jolt-gjk) is fuzzed with\n"
    "fuzz_distance3d (case/fuzz_input_3d.h inputs, its 3D geometry-aware mutator) against the 3D\n"
    "distance verdict: its seeds are the 3D cases of the seed folders, its findings 3D cases shrunk\n"
    "by the 3D shrinker, their family by verdict/classify3.h (--families takes those names).\n\n"
    "Nothing is written into the repository: an --out, --report or --work folder inside the repository's\n"
    "corpus/ or reports/ is refused (exit 2), always; promote a finding on purpose with\n"
    "`gjkcheck corpus add FILE`. Every output folder is checked before any work starts (exit 2 naming the\n"
    "folder and the reason).\n\n"
    "With --measure-mutator, instead of a campaign: run fuzz_distance (one process, -seed=1..R) R times\n"
    "with the geometry-aware mutator and R times without, each until its first violation or --time S\n"
    "(default 60 then), and report executions and seconds to the first violation, with medians, per\n"
    "strategy (--strategy NAME[,NAME...]; report: --report DIR, default a new folder\n"
    "campaign-mutator-<UTC time> in the current directory).",
    {{"strategy", "NAME", "any name of `gjkcheck strategies`, modifiers allowed (perp+local+scaled)", "", "", true},
     {"query", "distance|penetration|cast",
      "distance (fuzz_distance, the distance verdict), penetration (fuzz_penetration,\n"
      "the penetration verdict: kinds non-finite, wrong-relation, depth-error,\n"
      "normal-error, contact-error; the case filed carries meta.query penetration)\n"
      "or cast (fuzz_cast, the cast verdict of docs/verdict.md; meta.query cast)",
      "", "the strategy's own query: penetration for epa, sat, dyn4j-epa,\n"
      "box2d-2.4.1-sat, chipmunk7, cast for a cast strategy, distance otherwise\n"
      "(rapier2d answers both: give --query penetration for its overlap depth)"},
     {"time", "S", "seconds of fuzzing", "", "600; 60 with --measure-mutator"},
     {"jobs", "N", "parallel fuzzing jobs, 1..64", "2"},
     {"out", "DIR", "where the cases go", "",
      "a new folder campaign-<strategy>-<UTC time> in the\n"
      "current directory, e.g. campaign-perp-20261124T071344Z"},
     {"fuzzer", "PATH",
      "the libFuzzer build of fuzz_distance (fuzz_penetration for --query penetration,\n"
      "fuzz_distance3d for a 3D strategy)\n"
      "(build it with: cmake --preset fuzz && cmake --build --preset fuzz)",
      "", "$GJK_FUZZ_DISTANCE ($GJK_FUZZ_PENETRATION, $GJK_FUZZ_DISTANCE3D),\nelse the first libFuzzer\n"
      "binary of <gjkcheck's build>/fuzz/TARGET, <gjkcheck's build>/../fuzz/fuzz/TARGET\n"
      "and ./build/fuzz/fuzz/TARGET"},
     {"work", "DIR",
      "the fuzzer's working folder, kept between runs so that a second campaign\n"
      "resumes from its corpus",
      "", "fuzz-work/<strategy> in the current directory"},
     {"report", "DIR", "the folder of the report README.md", "", "the --out folder"},
     {"seeds", "PATH,...",
      "case folders that seed the fuzzer, less the cases the strategy already fails\n"
      "(`none` for no seeds); a folder named here must exist",
      "", "corpus/seeds,corpus/regressions (and fuzz/corpus/distance3d for a 3D\nstrategy), of the source tree when not in the current directory"},
     {"kinds", "K,...", "count only violations of these kinds (GJK_VIOLATION_KINDS), e.g. false-overlap"},
     {"families", "F,...", "count only violations on cases of these families (GJK_VIOLATION_FAMILIES)"},
     {"minimize", "S",
      "seconds of libFuzzer -minimize_crash per new cause (0: none); all of them\n"
      "together take at most a quarter of --time (at least 30 s)",
      "3"},
     {"no-mutator", "", "libFuzzer's byte mutations only (GJK_MUTATOR=0)"},
     {"measure-mutator", "", "measure the geometry-aware mutator instead of a campaign (above)"},
     {"runs", "R", "with --measure-mutator: runs per strategy and mutator setting", "5"}},
    "Ctrl-C stops the fuzzer and keeps everything found so far (every cause found has its file from the\n"
    "moment it was found; the shrink and the report still run, libFuzzer minimization is skipped); a\n"
    "second Ctrl-C ends gjkcheck at once, and the files written until then stay.",
    "Exit code 1 when the campaign found violations, 0 when it found none, 2 on bad usage.",
};

}  // namespace

int campaignCommand(int argc, char** argv, int first) {
  CommandLine line = parseCommandLine(argc, argv, first, SPEC);
  if (line.has("help")) return EXIT_ALL_OK;
  Options options;
  options.measure = line.has("measure-mutator");
  std::string names = line.value("strategy");
  if (names.empty()) throw UsageError("--strategy NAME is required");
  for (const std::string& name : splitList(names)) {
    const check::StrategyInfo* strategy = check::findStrategy(name);
    if (strategy == nullptr) throw UsageError("unknown strategy '" + name + "' (see gjkcheck strategies)");
    options.strategies.push_back(strategy);
  }
  if (options.strategies.size() != 1 && !options.measure) throw UsageError("a campaign fuzzes one strategy");
  // A 3D strategy (issue 23): fuzz_distance3d and the 3D verdict; the strategies measured together share a target.
  options.dimension = options.strategies.front()->dimension;
  for (const check::StrategyInfo* strategy : options.strategies) {
    if (strategy->dimension != options.dimension) {
      throw UsageError("strategies '" + options.strategies.front()->name + "' and '" + strategy->name +
                       "' answer cases of different dimensions: measure them apart");
    }
  }
  // The query judged (issue 13): every strategy must answer it.
  const std::string query = line.value("query");
  if (query.empty()) {
    options.query = defaultCampaignQuery(*options.strategies.front());
  } else if (const check::Query* named = check::queryNamed(query)) {
    options.query = campaignKind(*named);
  } else {
    throw UsageError("--query is distance, penetration or cast, not '" + query + "'");
  }
  if (options.dimension == 3 && options.query != check::QueryKind::Distance) {
    throw UsageError("a 3D strategy is fuzzed on the distance query only (fuzz_distance3d)");
  }
  const check::Query& judged = campaignQuery(options.query);
  for (const check::StrategyInfo* strategy : options.strategies) {
    if (!judged.answers(*strategy)) {
      throw UsageError("strategy '" + strategy->name + "' answers no " + judged.name() +
                       " query (it answers " + check::queryKindName(strategy->query) + ")" +
                       (query.empty() ? ": give --query" : ""));
    }
  }
  constexpr long long MAX = std::numeric_limits<int>::max();
  options.seconds = line.given("time") ? line.integerIn("time", 1, MAX) : (options.measure ? 60 : 600);
  options.jobs = static_cast<int>(line.integerIn("jobs", 1, 64));
  options.runs = static_cast<int>(line.integerIn("runs", 1, MAX));
  options.minimizeSeconds = static_cast<int>(line.integerIn("minimize", 0, MAX));
  options.fuzzer = line.value("fuzzer");
  // Output folders: defaults in the current directory, every one checked before any work starts.
  const std::string& strategyName = options.strategies.front()->name;
  std::string stamp = utcTimestamp();
  if (options.measure) {
    options.work = line.given("work") ? line.value("work") : (fs::path("fuzz-work") / "measure").string();
    options.report = line.given("report") ? line.value("report") : numberedFolder("campaign-mutator-" + stamp).string();
  } else {
    options.out = line.given("out") ? line.value("out")
                                    : numberedFolder("campaign-" + check::strategyFileName(strategyName) + "-" + stamp).string();
    options.work = line.given("work") ? line.value("work") : (fs::path("fuzz-work") / check::strategyFileName(strategyName)).string();
    options.report = line.given("report") ? line.value("report") : options.out.string();
  }
  for (const auto& [flag, folder] : {std::pair<const char*, fs::path>{"--out", options.out},
                                     {"--report", options.report}, {"--work", options.work}}) {
    if (folder.empty()) continue;
    std::string problem = outputFolderProblem(folder);
    if (!problem.empty()) throw UsageError(std::string(flag) + " " + folder.string() + ": " + problem);
  }
  // A 3D campaign seeds from the 3D family cases of fuzz_distance3d's own seed corpus too (its replay seeds).
  if (options.dimension == 3) options.seeds.push_back("fuzz/corpus/distance3d");
  if (line.given("seeds") && line.value("seeds") == "none") {
    options.seeds.clear();  // no seed folders: the fuzzer starts from its working corpus alone
  } else if (line.given("seeds")) {
    options.seeds = splitList(line.value("seeds"));
    // Folders named on purpose must exist; the defaults are skipped when run outside a checkout.
    for (const std::string& folder : options.seeds) {
      if (!fs::is_directory(folder)) throw UsageError("--seeds: no folder " + folder.substr(0, 200));
    }
    if (options.seeds.empty()) throw UsageError("--seeds names no folder");
  }
  options.kinds = line.value("kinds");
  for (const std::string& kind : splitList(options.kinds)) {
    const auto listed = [&](std::span<const char* const> kinds) {
      return std::find_if(kinds.begin(), kinds.end(), [&](const char* k) { return kind == k; }) != kinds.end();
    };
    const bool known = listed(judged.violationKinds()) || listed(check::ENGINE_FAILURE_KINDS);
    if (!known) throw UsageError("unknown violation kind '" + kind + "'");
  }
  options.families = line.value("families");
  for (const std::string& family : splitList(options.families)) {
    const std::vector<std::string>& known =
        options.dimension == 3 ? check::classifiedFamilies3() : check::classifiedFamilies();
    if (std::find(known.begin(), known.end(), family) == known.end()) {
      throw UsageError("unknown family '" + family + "' (" +
                       (options.dimension == 3 ? "verdict/classify3.h" : "verdict/classify.h") + ")");
    }
  }
  options.mutator = !line.has("no-mutator");
  options.commandLine = "gjkcheck";
  for (int i = 1; i < argc; ++i) options.commandLine += std::string(" ") + argv[i];

  fs::path fuzzer = campaign::findFuzzer(options);
  installInterruptHandler();
  try {
    if (options.measure) return campaign::measureMutator(options, fuzzer);
    return campaign::runCampaign(options, fuzzer);
  } catch (const std::runtime_error& error) {
    if (dynamic_cast<const check::CaseError*>(&error) != nullptr) throw;
    std::fprintf(stderr, "gjkcheck campaign: %s\n", error.what());
    return EXIT_BAD_INPUT;
  }
}

}  // namespace gjk::tools
