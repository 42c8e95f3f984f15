#include <algorithm>
#include <filesystem>
#include <limits>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>

#include <unistd.h>

#include "families/families.h"
#include "report/penetration_comparison.h"
#include "report/comparison.h"
#include "report/comparison_report.h"
#include "tools/command_line.h"
#include "tools/commands.h"
#include "tools/compare_shard.h"
#include "tools/run_context.h"
#include "verdict/strategy.h"

namespace gjk::tools {
namespace {

// The most cases per family one run takes: rows are kept in memory (about 100 bytes per case and strategy).
constexpr long long MAX_CASES_PER_FAMILY = 10000000;

CommandSpec spec() {
  return {
      "compare",
      "",
      "",
      "Runs every chosen strategy on the same generated cases (N per family, from the family generators of\n"
      "families/families.h, sampled from the seed) and writes the comparison report to DIR: README.md with\n"
      "the command, seed, commit and machine and the tables (per strategy and family: violations by kind,\n"
      "distance error p50/p99/max in u, witness error p99/max, iterations mean/p99/max, time per query),\n"
      "rows.csv, summary.csv, timing.csv, SVG charts (distance-error CDF, iteration histograms, violation\n"
      "heat map, scale envelope) and a gallery of the worst cases per strategy with their pictures.\n"
      "A findings.md already in DIR is kept and closes the README.",
      {{"strategies", "A,B,...", "comma-separated names, modifiers allowed", "all"},
       {"families", "F,G,...", "comma-separated family names", "", "all"},
       {"penetration-families", "F,G,...", "overlap families of the penetration section", "",
        "all of `gjkcheck gen --family overlap`"},
       {"count", "N", "cases per family", "1000"},
       {"seed", "K", "the seed of the case streams", "1"},
       {"jobs", "N", "worker threads, 1..256", std::to_string(std::max(1u, std::thread::hardware_concurrency())),
        "the number of cores"},
       {"rows", "all|violations|none", "what rows.csv keeps (none: no rows.csv)", "all"},
       {"gallery", "N", "worst cases per strategy in the gallery, 0..100", "3"},
       {"gzip-rows", "", "compress rows.csv to rows.csv.gz (gzip -9 -n) for very large runs"},
       {"shard", "I/N",
        "run only the cases k with k mod N = I - 1 of every family and write\n"
        "DIR/comparison-shard-I-of-N.bin instead of the report; `gjkcheck merge`\n"
        "makes the report from shards 1..N (the same report as without --shard,\n"
        "times aside; docs/scale.md); the penetration section is not sharded"},
       {"out", "DIR",
        "the report folder: new, empty, or holding a comparison report (or\n"
        "shards) to replace; never in the repository's corpus/, nor in its reports/\n"
        "without --regenerate-report (docs/cli.md)",
        "", "", true},
       {"regenerate-report", "", "allow --out in the repository's reports/: replace a committed report"}},
      "Strategies that answer penetration (`gjkcheck strategies`, query penetration or both) are run on the\n"
      "overlap families instead (same --count and --seed; --penetration-families F,... names some of them):\n"
      "penetration.md, penetration_summary.csv, penetration_rows.csv and a Penetration section in README.md\n"
      "(report/penetration_comparison.h).\n"
      "Everything but the times is the same for the same arguments, whatever --jobs is.",
      "Exit code 1 when any answer is a violation (the report is written whole first), 0 when none is,\n"
      "2 for bad usage.",
  };
}

// The answers judged violations (exit code 1).
std::size_t countViolations(const check::ComparisonResult& result) {
  std::size_t violations = 0;
  for (const check::ComparisonRow& row : result.rows) violations += row.primary >= 0;
  return violations;
}

void showProgress(std::uint64_t done, std::uint64_t total, double seconds) {
  const int WIDTH = 30;
  double fraction = total ? static_cast<double>(done) / static_cast<double>(total) : 1;
  int filled = static_cast<int>(fraction * WIDTH);
  std::string bar = std::string(filled, '#') + std::string(WIDTH - filled, '.');
  double eta = fraction > 0 ? seconds / fraction - seconds : 0;
  std::fprintf(stderr, "\r\033[Kcompare [%s] %3.0f%%  %llu/%llu cases  %.0f s  eta %.0f s ", bar.c_str(), 100 * fraction,
               static_cast<unsigned long long>(done), static_cast<unsigned long long>(total), seconds, eta);
}

// While an external engine answers a family's cases (before they are judged), on the same line.
void showStreaming(const std::string& engine, const std::string& family, std::uint64_t answered, std::uint64_t cases,
                   double seconds) {
  std::fprintf(stderr, "\r\033[Kcompare: %s answers %s: %llu/%llu cases  %.0f s", engine.c_str(), family.c_str(),
               static_cast<unsigned long long>(answered), static_cast<unsigned long long>(cases), seconds);
}

}  // namespace

int compareCommand(int argc, char** argv, int first) {
  CommandLine line = parseCommandLine(argc, argv, first, spec());
  if (line.has("help")) return EXIT_ALL_OK;

  check::ComparisonOptions options;
  std::string strategyList = line.value("strategies");
  try {
    if (strategyList == "all") {
      options.strategies = check::selectStrategies("all");
    } else {
      for (const std::string& name : splitList(strategyList)) {
        for (const check::StrategyInfo* s : check::selectStrategies(name)) {
          if (std::find(options.strategies.begin(), options.strategies.end(), s) != options.strategies.end()) {
            throw UsageError("strategy '" + name + "' is listed twice in --strategies");
          }
          options.strategies.push_back(s);
        }
      }
    }
  } catch (const std::invalid_argument& error) {
    throw UsageError(error.what());
  }
  options.families = chosenItems(line, "families", check::familyNames(), "family");
  // Issue 13: penetration strategies go to the penetration section (overlap families), not the distance one.
  const std::vector<const check::StrategyInfo*> penetration = check::takePenetrationStrategies(options.strategies);
  const std::vector<std::string> overlapFamilies =
      chosenItems(line, "penetration-families", check::overlapFamilyNames(), "overlap family");
  if (options.strategies.empty() && penetration.empty()) throw UsageError("nothing to compare");
  // Every name is written into the report's case files (meta.strategy) after the cases ran: a name a case
  // file cannot hold is refused now, before any work, not after it.
  for (const std::vector<const check::StrategyInfo*>* list :
       {static_cast<const std::vector<const check::StrategyInfo*>*>(&options.strategies), &penetration}) {
    for (const check::StrategyInfo* strategy : *list) {
      check::Case probe = check::sampleFamily(check::familyNames().front(), 1, 0);
      probe.setMeta("strategy", strategy->name);
      try {
        (void)check::formatCase(probe);
      } catch (const std::invalid_argument& error) {
        throw UsageError("strategy '" + strategy->name + "' cannot be named in a case file (" + error.what() + ")");
      }
    }
  }
  const long long count = line.integerIn("count", 1, MAX_CASES_PER_FAMILY);
  const long long seed = line.integerIn("seed", 0, std::numeric_limits<long long>::max());
  const long long jobs = line.integerIn("jobs", 1, 256);
  const long long gallery = line.integerIn("gallery", 0, 100);
  std::string rows = line.value("rows");
  if (rows != "all" && rows != "violations" && rows != "none") {
    throw UsageError("--rows takes all, violations or none");
  }
  if (line.given("shard")) parseShardOption(line.value("shard"), options);
  // The output folder is checked before any case runs.
  const std::filesystem::path out =
      outputFolder(line, "out", "compare", OutputKind::Report, line.has("regenerate-report"));
  options.count = static_cast<std::uint64_t>(count);
  options.seed = static_cast<std::uint64_t>(seed);
  options.jobs = static_cast<int>(jobs);

  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&start] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  // The progress bar is rewritten in place on a terminal; into a file or a pipe only the first and last
  // lines are written, without carriage returns.
  if (isatty(STDERR_FILENO)) {
    options.progress = [&elapsed](std::uint64_t done, std::uint64_t total) { showProgress(done, total, elapsed()); };
    options.streaming = [&elapsed](const std::string& engine, const std::string& family, std::uint64_t answered,
                                   std::uint64_t cases) { showStreaming(engine, family, answered, cases, elapsed()); };
  }
  std::fprintf(stderr, "compare: %zu strategies x %zu families x %llu cases, seed %llu, %d jobs\n",
               options.strategies.size(), options.families.size(), static_cast<unsigned long long>(options.count),
               static_cast<unsigned long long>(options.seed), options.jobs);
  check::ComparisonResult result = options.strategies.empty() ? check::ComparisonResult{} : check::runComparison(options);
  if (options.progress) std::fputc('\n', stderr);

  check::ReportContext context;
  std::string command = "gjkcheck compare";
  if (line.given("strategies")) command += " --strategies " + strategyList;
  if (line.given("families")) command += " --families " + line.value("families");
  if (line.given("penetration-families")) {
    command += " --penetration-families " + line.value("penetration-families");
  }
  command += " --count " + std::to_string(count) + " --seed " + std::to_string(seed) + " --jobs " +
             std::to_string(jobs);
  if (rows != "all") command += " --rows " + rows;
  if (line.given("gallery")) command += " --gallery " + std::to_string(gallery);
  if (line.has("gzip-rows")) command += " --gzip-rows";
  if (line.given("shard")) command += " --shard " + line.value("shard");
  if (line.has("regenerate-report")) command += " --regenerate-report";
  command += " --out " + out.string();
  context.command = command;
  context.commit = commitDescription();
  context.machine = machineDescription();
  context.date = today();
  context.seconds = elapsed();
  context.rows = rows == "all" ? check::RowsKept::All
                 : rows == "violations" ? check::RowsKept::Violations
                                        : check::RowsKept::None;
  context.galleryPerStrategy = static_cast<int>(gallery);
  context.gzipRows = line.has("gzip-rows");
  if (line.given("shard")) {
    const int status = writeCompareShard(out, options, result, context);
    return status == EXIT_ALL_OK && countViolations(result) ? EXIT_VIOLATIONS : status;
  }
  if (!options.strategies.empty()) check::writeComparisonReport(out, options, result, context);
  std::size_t violations = countViolations(result);
  if (!penetration.empty()) {
    const check::PenetrationComparison section =
        check::runPenetrationComparison(penetration, overlapFamilies, options.count, options.seed, options.jobs);
    check::writePenetrationComparison(out, section, command);
    for (const check::PenetrationComparisonRow& row : section.rows) {
      violations += row.primary != "ok" && row.primary != "refused" && row.primary != "no-answer";
    }
  }
  std::fprintf(stderr, "compare: wrote %s/README.md in %.1f s; %zu violations\n", out.string().c_str(), elapsed(),
               violations);
  return violations ? EXIT_VIOLATIONS : EXIT_ALL_OK;
}

}  // namespace gjk::tools
