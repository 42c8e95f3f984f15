#include <algorithm>
#include <atomic>
#include <csignal>
#include <filesystem>
#include <limits>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>

#include <unistd.h>

#include "families/families.h"
#include "report/query_comparison.h"
#include "report/query_report.h"
#include "report/comparison.h"
#include "report/comparison_report.h"
#include "report/comparison_shard.h"
#include "tools/command_line.h"
#include "tools/commands.h"
#include "tools/compare_shard.h"
#include "tools/run_context.h"
#include "verdict/strategy.h"

namespace gjk::tools {
namespace {

// The most cases per family one run takes. Memory no longer grows with the cases (the report is made from
// bounded aggregates, rows are streamed to disk: report/comparison.h); the bound only keeps case indices and
// counts far from overflow.
constexpr long long MAX_CASES_PER_FAMILY = 1000000000000LL;

// Set by SIGINT or SIGTERM: the comparison takes no new case, and the report of the finished ones is written,
// marked partial. A second signal ends the program at once (the handler restores the default).
std::atomic<bool> interrupted{false};
extern "C" void onInterrupt(int signal) {
  interrupted.store(true);
  std::signal(signal, SIG_DFL);
}

// A path of the command line as the report's "regenerate with" line shows it: relative as given; an absolute
// one relative to the current folder (so the line runs on any machine from the matching folder).
std::string portablePath(const std::string& given) {
  std::filesystem::path path(given);
  if (!path.is_absolute()) return given;
  std::error_code error;
  std::filesystem::path relative = std::filesystem::proximate(path, std::filesystem::current_path(error), error);
  return error || relative.is_absolute() ? path.filename().string() : relative.string();
}

// The strategy list as the "regenerate with" line shows it: a plugin given by path is named
// plugin:<path-to>/FILE (the path is the reader's: no machine's absolute path in a report).
std::string portableStrategies(const std::string& list) {
  std::string text;
  for (const std::string& name : splitList(list)) {
    std::string shown = name;
    if (name.rfind("plugin:", 0) == 0) {
      const std::string path = name.substr(7);
      const std::filesystem::path file(path.substr(0, path.find('#')));
      if (file.is_absolute() || file.has_parent_path()) {
        shown = "plugin:<path-to>/" + file.filename().string() +
                (path.find('#') == std::string::npos ? "" : path.substr(path.find('#')));
      }
    }
    text += (text.empty() ? "" : ",") + shown;
  }
  return text;
}

CommandSpec spec() {
  return {
      "compare",
      "",
      "",
      "Runs every chosen strategy on the same generated cases (N per family, from the family generators of\n"
      "families/families.h, sampled from the seed) and writes the comparison report to DIR: README.md with\n"
      "the command, seed, commit and machine and the tables (per strategy and family: cases, refused,\n"
      "answered, violations by kind over the answered cases, distance error p50/p99/max in u, witness error\n"
      "p99/max, iterations mean/p99/max where the engine reports them; times per query in their own table:\n"
      "median, min and max of timed rounds), rows.csv (streamed as the cases finish), summary.csv,\n"
      "timing.csv, SVG charts (distance-error CDF, iteration histograms, violation heat map, scale envelope)\n"
      "and a gallery of the worst cases per strategy with their pictures. Memory stays bounded whatever\n"
      "--count is: the report is made from per strategy and family aggregates (percentiles from histograms of\n"
      "relative bin width 2^-7, max exact; docs/scale.md).\n"
      "A lead.md already in DIR is kept and opens the README (after the command); a findings.md is kept\n"
      "and closes it.",
      {{"dimension", "2|3", "2: the 2D strategies on the 2D families; 3: the 3D strategies (`gjkcheck strategies`,\n"
        "dimension 3) on the 3D families (`gjkcheck gen --dimension 3`), judged against the exact 3D answer", "2"},
       {"strategies", "A,B,...", "comma-separated names, modifiers allowed", "", "all (3d with --dimension 3)"},
       {"families", "F,G,...", "comma-separated family names", "", "all"},
       {"penetration-families", "F,G,...", "families of the penetration section: overlap families, or 3D ones", "",
        "all of `gjkcheck gen --family overlap`; in 3D every 3D family"},
       {"cast-families", "F,G,...", "cast families of the cast section (cast-rotating too, when named)", "",
        "all of `gjkcheck gen --family cast`"},
       {"count", "N", "cases per family", "1000"},
       {"seed", "K", "the seed of the case streams", "1"},
       {"jobs", "N", "worker threads, 1..256 (they judge the cases and run the external engines'\n"
        "streams side by side; more than the cores keeps them busy while an engine hangs)", std::to_string(std::max(1u, std::thread::hardware_concurrency())),
        "the number of cores"},
       {"rows", "all|violations|none", "what rows.csv, penetration_rows.csv and cast_rows.csv keep (none: no such file)", "all"},
       {"gallery", "N", "worst cases per strategy in the gallery, 0..100", "3"},
       {"gzip-rows", "", "compress rows.csv to rows.csv.gz (gzip -9 -n) for very large runs"},
       {"timing-rounds", "R", "timed rounds per strategy and family after the judged pass, 0..1000 (0: none)", "5"},
       {"shard", "I/N",
        "run only the cases k with k mod N = I - 1 of every family and write\n"
        "DIR/comparison-shard-I-of-N.bin instead of the report; `gjkcheck merge`\n"
        "makes the report from shards 1..N (the same report as without --shard,\n"
        "times aside; docs/scale.md), 2D or 3D (--dimension 3); the penetration\n"
        "section is not sharded"},
       {"out", "DIR",
        "the report folder: new, empty, or holding a comparison report (or\n"
        "shards) to replace; never in the repository's corpus/, nor in its reports/\n"
        "without --regenerate-report (docs/cli.md)",
        "", "", true},
       {"regenerate-report", "", "allow --out in the repository's reports/: replace a committed report"}},
      "Strategies that answer penetration (`gjkcheck strategies`, query penetration or both) run in a section\n"
      "of their own on the overlap families (same --count and --seed; --penetration-families F,... names some\n"
      "of them), asked the penetration query only: penetration.md, penetration_summary.csv,\n"
      "penetration_rows.csv and a Penetration section in README.md (report/query_comparison.h). With\n"
      "--dimension 3 the 3D ones (epa3, 3D engines of query penetration or both) run on every 3D family,\n"
      "separated cases included, judged against the exact 3D answer. A strategy of both queries is in both\n"
      "sections; with no distance strategy, README.md holds the penetration section alone.\n"
      "Everything but the times is the same for the same arguments, whatever --jobs is.\n"
      "SIGINT or SIGTERM (Ctrl-C) stops taking cases: the report of the finished ones is written and marked\n"
      "partial (README.md: \"partial: N of M cases, interrupted\"); a second one ends at once.",
      "Exit code 1 when any answer is a violation (the report is written whole first), 0 when none is,\n"
      "130 when interrupted (the partial report written), 2 for bad usage.",
  };
}

// The answers judged violations (exit code 1), from the aggregates (no row is kept).
std::uint64_t countViolations(const check::ComparisonResult& result) {
  std::uint64_t violations = 0;
  for (const auto& families : result.groups) {
    for (const check::GroupAggregate& group : families) violations += group.violations;
  }
  return violations;
}

// The section of a query other than distance: its strategies, on its families.
struct QuerySection {
  const check::Query* query;
  const check::QueryReport* report;
  std::vector<const check::StrategyInfo*> strategies;
  std::vector<std::string> families;
};

std::string fileText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The README of a comparison with no distance strategy (a cast or penetration report alone): a lead.md already in
// the folder, each query's section file (cast.md, ...), how the report was made, and a findings.md already there.
void writeQueryOnlyReadme(const std::filesystem::path& out, const std::vector<QuerySection>& sections,
                          const check::ReportContext& context, double seconds) {
  std::string md;
  if (std::filesystem::exists(out / "lead.md")) md += fileText(out / "lead.md") + "\n";
  for (const QuerySection& q : sections) md += fileText(out / check::queryComparisonFile(*q.query)) + "\n";
  char wall[64];
  std::snprintf(wall, sizeof wall, "%.1f s", seconds);
  md += "| run | |\n|---|---|\n| commit | " + context.commit + " |\n| machine | " + context.machine +
        " |\n| date | " + context.date + " |\n| wall time | " + wall + " |\n";
  if (std::filesystem::exists(out / "findings.md")) md += "\n## Findings\n\n" + fileText(out / "findings.md");
  check::writeFileAtomically(out / "README.md", md);
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
  const std::string dimension = line.value("dimension");
  if (dimension != "2" && dimension != "3") throw UsageError("--dimension takes 2 or 3");
  options.dimension = dimension == "3" ? 3 : 2;
  std::string strategyList = line.given("strategies") ? line.value("strategies") : options.dimension == 3 ? "3d" : "all";
  try {
    if (strategyList == "all" || strategyList == "3d") {
      options.strategies = check::selectStrategies(strategyList);
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
  for (const check::StrategyInfo* strategy : options.strategies) {
    if (strategy->dimension != options.dimension) {
      throw UsageError("strategy '" + strategy->name + "' answers " + std::to_string(strategy->dimension) +
                       "D cases: " + (strategy->dimension == 3 ? "add --dimension 3" : "leave out --dimension 3"));
    }
  }
  options.families = chosenItems(line, "families", options.dimension == 3 ? check::familyNames3() : check::familyNames(),
                                 "family");
  // Strategies answering another query (penetration, ...) go to that query's section on its families of the
  // comparison's dimension (report/query_comparison.h; in 3D the penetration section runs every 3D family); the
  // distance comparison keeps those that answer distance.
  std::vector<QuerySection> sections;
  for (const check::Query* query : check::queries()) {
    const check::QueryReport* report = check::queryReport(*query);
    if (report == nullptr) continue;
    const std::vector<std::string> families = query->comparisonFamilies(options.dimension);
    if (families.empty() && line.given(report->familiesOption())) {  // the cast query in 3D
      throw UsageError("--" + report->familiesOption() + " has no " + std::to_string(options.dimension) +
                       "D strategies to run");
    }
    // A named family may also be one of the query's optional families (cast-rotating); by default only the
    // comparison families run.
    std::vector<std::string> known = families;
    for (const std::string& family : query->optionalFamilies(options.dimension)) known.push_back(family);
    QuerySection section{query, report, check::strategiesAnswering(*query, options.strategies),
                         line.given(report->familiesOption())
                             ? chosenItems(line, report->familiesOption(), known,
                                           report->familyWord(options.dimension))
                             : families};
    if (!section.strategies.empty() && families.empty()) {  // no such strategy yet: said, not left out silently
      throw UsageError("strategy '" + section.strategies.front()->name + "' answers the " + query->name() +
                       " query, which has no " + std::to_string(options.dimension) + "D comparison");
    }
    if (!section.strategies.empty()) sections.push_back(std::move(section));
  }
  options.strategies = check::strategiesAnswering(check::distanceQuery(), options.strategies);
  if (options.strategies.empty() && sections.empty()) throw UsageError("nothing to compare");
  // Every name is written into the report's case files (meta.strategy) after the cases ran: a name a case
  // file cannot hold is refused now, before any work, not after it.
  std::vector<const std::vector<const check::StrategyInfo*>*> lists = {&options.strategies};
  for (const QuerySection& section : sections) lists.push_back(&section.strategies);
  for (const std::vector<const check::StrategyInfo*>* list : lists) {
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
  options.timingRounds = static_cast<int>(line.integerIn("timing-rounds", 0, 1000));

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
  const bool sharded = line.given("shard");
  if (!options.strategies.empty()) {
    std::fprintf(stderr, "compare: %zu strategies x %zu families x %llu cases, seed %llu, %d jobs\n",
                 options.strategies.size(), options.families.size(), static_cast<unsigned long long>(options.count),
                 static_cast<unsigned long long>(options.seed), options.jobs);
  }
  for (const QuerySection& section : sections) {  // each other query's section, on its own families
    if (sharded) {  // a shard writes the distance section only (the others are not sharded)
      std::fprintf(stderr, "compare (%s): not run: a shard holds the distance section only\n", section.query->name());
      continue;
    }
    std::fprintf(stderr, "compare (%s): %zu strategies x %zu families x %llu cases, seed %llu, %d jobs\n",
                 section.query->name(), section.strategies.size(), section.families.size(),
                 static_cast<unsigned long long>(options.count), static_cast<unsigned long long>(options.seed),
                 options.jobs);
  }
  const check::RowsKept rowsKept = rows == "all"          ? check::RowsKept::All
                                   : rows == "violations" ? check::RowsKept::Violations
                                                          : check::RowsKept::None;
  // Rows go to disk as the cases finish: rows.csv (through a temporary file), or the shard's rows file.
  std::optional<check::RowsCsvWriter> rowsCsv;
  std::optional<check::ShardRowsWriter> shardRows;
  if (!options.strategies.empty()) {
    if (sharded) {
      shardRows.emplace(out, options.shard, options.shards, rowsKept);
      options.rows = [&shardRows](const check::ComparisonRow* r, std::size_t n) { shardRows->add(r, n); };
    } else if (rowsKept != check::RowsKept::None) {
      rowsCsv.emplace(out, options, rowsKept, line.has("gzip-rows"));
      options.rows = [&rowsCsv](const check::ComparisonRow* r, std::size_t n) { rowsCsv->add(r, n); };
    }
  }
  interrupted.store(false);
  options.stop = &interrupted;
  std::signal(SIGINT, onInterrupt);
  std::signal(SIGTERM, onInterrupt);
  check::ComparisonResult result = options.strategies.empty() ? check::ComparisonResult{} : check::runComparison(options);
  if (options.progress) std::fputc('\n', stderr);

  check::ReportContext context;
  std::string command = "gjkcheck compare";
  if (options.dimension == 3) command += " --dimension 3";
  if (line.given("strategies")) command += " --strategies " + portableStrategies(strategyList);
  if (line.given("families")) command += " --families " + line.value("families");
  for (const check::Query* query : check::queries()) {
    const check::QueryReport* report = check::queryReport(*query);
    if (report != nullptr && line.given(report->familiesOption())) {
      command += " --" + report->familiesOption() + " " + line.value(report->familiesOption());
    }
  }
  command += " --count " + std::to_string(count) + " --seed " + std::to_string(seed) + " --jobs " +
             std::to_string(jobs);
  if (rows != "all") command += " --rows " + rows;
  if (line.given("gallery")) command += " --gallery " + std::to_string(gallery);
  if (line.has("gzip-rows")) command += " --gzip-rows";
  if (line.given("timing-rounds")) command += " --timing-rounds " + std::to_string(options.timingRounds);
  if (sharded) command += " --shard " + line.value("shard");
  if (line.has("regenerate-report")) command += " --regenerate-report";
  command += " --out " + portablePath(line.value("out"));
  context.command = command;
  context.commit = commitDescription();
  context.machine = machineDescription();
  context.date = today();
  context.seconds = elapsed();
  context.rows = rowsKept;
  context.galleryPerStrategy = static_cast<int>(gallery);
  context.gzipRows = line.has("gzip-rows");
  context.casesPlanned = options.count * options.families.size();
  if (sharded) {
    if (result.interrupted) {
      std::fprintf(stderr, "compare: interrupted after %llu of %llu cases: no shard file written\n",
                   static_cast<unsigned long long>(check::casesDone(result)),
                   static_cast<unsigned long long>(check::shardCaseCount(options) * options.families.size()));
      return EXIT_INTERRUPTED;
    }
    const int status = writeCompareShard(out, options, result, context, *shardRows);
    return status == EXIT_ALL_OK && countViolations(result) ? EXIT_VIOLATIONS : status;
  }
  if (!options.strategies.empty()) {
    if (rowsCsv) rowsCsv->finish();
    check::writeComparisonReport(out, options, result, context);
  }
  std::uint64_t violations = countViolations(result);
  for (const QuerySection& q : sections) {
    if (interrupted.load()) break;
    // The rows --rows keeps stream to <name>_rows.csv as the cases finish, through a temporary file (none:
    // no file).
    const std::filesystem::path rowsFile = out / check::queryRowsFile(*q.query);
    const std::filesystem::path partial = out / (check::queryRowsFile(*q.query) + ".partial");
    std::ofstream queryRows;
    if (rowsKept != check::RowsKept::None) {
      queryRows.open(partial, std::ios::binary | std::ios::trunc);
      queryRows << check::queryRowsHeader(*q.query);
    }
    std::string text;
    auto sink = [&](const check::QueryComparisonRow* r, std::size_t n) {
      if (rowsKept == check::RowsKept::None) return;
      text.clear();
      for (std::size_t k = 0; k < n; ++k) {
        if (check::queryRowKept(rowsKept, r[k])) check::appendQueryRow(text, q.strategies, q.families, r[k]);
      }
      queryRows << text;
    };
    check::QueryComparison comparison = check::runQueryComparison(
        *q.query, q.strategies, q.families, options.count, options.seed, options.jobs, sink, false, &interrupted);
    if (rowsKept != check::RowsKept::None) {
      queryRows.close();
      std::filesystem::rename(partial, rowsFile);
    }
    std::string section = command;
    if (comparison.casesDone < options.count * q.families.size()) {
      section += "\n# partial: " + std::to_string(comparison.casesDone) + " of " +
                 std::to_string(options.count * q.families.size()) + " cases, interrupted";
    }
    check::writeQueryComparison(out, comparison, section, rowsKept);
    violations += check::countViolations(comparison);
  }
  if (options.strategies.empty()) writeQueryOnlyReadme(out, sections, context, elapsed());
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  if (interrupted.load()) {
    std::fprintf(stderr, "compare: interrupted: wrote the partial report %s/README.md (%llu of %llu cases) in %.1f s\n",
                 out.string().c_str(), static_cast<unsigned long long>(check::casesDone(result)),
                 static_cast<unsigned long long>(context.casesPlanned), elapsed());
    return EXIT_INTERRUPTED;
  }
  std::fprintf(stderr, "compare: wrote %s/README.md in %.1f s; %llu violations\n", out.string().c_str(), elapsed(),
               static_cast<unsigned long long>(violations));
  return violations ? EXIT_VIOLATIONS : EXIT_ALL_OK;
}

}  // namespace gjk::tools
