// `gjkcheck merge SHARD... --out DIR`: the comparison report from the shard files of `compare --shard I/N`
// (report/comparison_shard.h), the same as the one-machine report but for the times and the run's lines.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "report/comparison_report.h"
#include "report/comparison_shard.h"
#include "tools/command_line.h"
#include "tools/commands.h"
#include "tools/run_context.h"
#include "verdict/strategy.h"

namespace gjk::tools {
namespace {

namespace fs = std::filesystem;

const CommandSpec SPEC = {
    "merge",
    "SHARD...",
    "shard files, or folders holding shard files (comparison-shard-*.bin, not\nsearched recursively)",
    "Writes the comparison report of `gjkcheck compare` to DIR from the shard files that `gjkcheck compare\n"
    "--shard I/N` wrote, I = 1..N, of a 2D study or a 3D one (--dimension 3: the report and its gallery are\n"
    "the 3D ones). The report is the one `compare` writes without --shard on the same arguments: rows.csv,\n"
    "summary.csv, the charts, the gallery and every number of README.md are the same bit for bit, but for\n"
    "the times: timing.csv and the Time per query table give the median, min and max over the timed rounds\n"
    "of all shards, and README.md names the shards' commands, machines, the longest shard's wall time plus\n"
    "the merge's, and the merge's date. The shards' aggregates are merged exactly; their rows are merged in\n"
    "case order as they are read.",
    {{"out", "DIR",
      "the report folder: new, empty, or holding a comparison report to replace;\n"
      "never in the repository's corpus/, nor in its reports/ without\n"
      "--regenerate-report (docs/cli.md)",
      "", "", true},
     {"regenerate-report", "", "allow --out in the repository's reports/: replace a committed report"}},
    "Shards of different studies (--dimension, seed, count, N, strategies, families, --rows, --gallery,\n"
    "--gzip-rows, or the commit of the program) and a missing or repeated shard are refused.",
    "Exit code 1 when any answer is a violation (the report is written whole first), 0 when none is,\n"
    "2 for bad usage or shards that do not make one study.",
};

std::vector<fs::path> shardFiles(const std::vector<std::string>& arguments) {
  std::vector<fs::path> files;
  for (const std::string& argument : arguments) {
    fs::path path(argument);
    std::error_code error;
    if (fs::is_directory(path, error)) {
      std::vector<fs::path> found;
      for (const fs::directory_entry& entry : fs::directory_iterator(path)) {
        std::string name = entry.path().filename().string();
        if (entry.is_regular_file(error) && name.rfind("comparison-shard-", 0) == 0 && name.size() > 4 &&
            name.compare(name.size() - 4, 4, ".bin") == 0) {
          found.push_back(entry.path());
        }
      }
      if (found.empty())
        throw UsageError(argument + " holds no shard file (comparison-shard-*.bin)");
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(path, error)) {
      files.push_back(path);
    } else {
      throw UsageError(argument + " is neither a shard file nor a folder");
    }
  }
  return files;
}

}  // namespace

int mergeCommand(int argc, char** argv, int first) {
  CommandLine line = parseCommandLine(argc, argv, first, SPEC);
  if (line.has("help")) return EXIT_ALL_OK;
  if (line.positional.empty())
    throw UsageError("name the shards to merge");
  auto start = std::chrono::steady_clock::now();
  std::vector<fs::path> files = shardFiles(line.positional);
  const fs::path out = outputFolder(line, "out", "merge", OutputKind::Report, line.has("regenerate-report"));

  std::vector<check::ComparisonShard> shards;
  for (const fs::path& file : files) shards.push_back(check::readComparisonShard(file));
  check::ComparisonResult result = check::mergeComparisonShards(shards);
  const check::ShardDescription& study = shards.front().description;

  check::ComparisonOptions options;
  for (const std::string& name : study.strategies) {
    std::vector<const check::StrategyInfo*> found;
    try {
      found = check::selectStrategies(name);
    } catch (const std::invalid_argument& error) {
      throw UsageError("the shards name strategy '" + name +
                       "', which this gjkcheck does not know: " + error.what());
    }
    if (found.size() != 1)
      throw UsageError("the shards' strategy '" + name + "' is not one strategy here");
    if (found.front()->dimension != study.dimension) {
      throw UsageError("the shards are of a " + std::to_string(study.dimension) + "D study, but their strategy '" +
                       name + "' answers " + std::to_string(found.front()->dimension) + "D cases here");
    }
    options.strategies.push_back(found.front());
  }
  // The report, its gallery's cases and pictures are of the study's dimension (2D or 3D families).
  options.dimension = study.dimension;
  options.families = study.families;
  options.count = study.count;
  options.seed = study.seed;

  // The shards in order 1..N for the README's lines.
  std::vector<const check::ShardDescription*> ordered;
  for (const check::ComparisonShard& shard : shards) ordered.push_back(&shard.description);
  std::sort(
      ordered.begin(), ordered.end(),
      [](const check::ShardDescription* a, const check::ShardDescription* b) { return a->shard < b->shard; });
  std::vector<std::string> machines;
  double longest = 0;
  for (const check::ShardDescription* d : ordered) {
    if (std::find(machines.begin(), machines.end(), d->machine) == machines.end())
      machines.push_back(d->machine);
    longest = std::max(longest, d->seconds);
  }
  std::string mergeLine = "gjkcheck merge";
  // Paths as given when relative; an absolute one shows its last part only (no machine's path in a report).
  auto shown = [](const std::string& path) {
    return fs::path(path).is_absolute() ? "<path-to>/" + fs::path(path).filename().string() : path;
  };
  for (const std::string& argument : line.positional) mergeLine += " " + shown(argument);
  mergeLine += " --out " + shown(line.value("out"));
  if (line.has("regenerate-report")) mergeLine += " --regenerate-report";

  check::ReportContext context;
  context.command = "# " + std::to_string(study.shards) + " shards, I = 1.." + std::to_string(study.shards) +
                    " (shard 1's command; the others differ in I and --out), then the merge:\n" +
                    ordered.front()->command + "\n" + mergeLine;
  context.commit = study.commit;
  std::string machineText;
  for (const std::string& m : machines) machineText += (machineText.empty() ? "" : "; ") + m;
  context.machine =
      std::to_string(study.shards) + " shards on " + machineText + "; merged on " + machineDescription();
  context.date = today();
  context.rows = study.rows;
  context.gzipRows = study.gzipRows;
  context.galleryPerStrategy = study.galleryPerStrategy;
  context.casesPlanned = study.count * options.families.size();
  {
    // rows.csv from the shards' rows, merged in case order as they are read (never all in memory).
    check::RowsCsvWriter rowsCsv(out, options, study.rows, study.gzipRows);
    check::mergeShardRows(shards, [&rowsCsv](const check::ComparisonRow* r, std::size_t n) { rowsCsv.add(r, n); });
    rowsCsv.finish();
  }
  context.seconds = longest + std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  check::writeComparisonReport(out, options, result, context);
  std::fprintf(stderr, "merge: %llu shards, %zu strategies x %zu families x %llu cases: wrote %s/README.md\n",
               static_cast<unsigned long long>(study.shards), options.strategies.size(),
               options.families.size(), static_cast<unsigned long long>(options.count), out.string().c_str());
  std::uint64_t violations = 0;
  for (const auto& families : result.groups) {
    for (const check::GroupAggregate& group : families) violations += group.violations;
  }
  return violations ? EXIT_VIOLATIONS : EXIT_ALL_OK;
}

}  // namespace gjk::tools
