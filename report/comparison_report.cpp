#include "report/comparison_report.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <fstream>
#include <map>
#include <sstream>

#include "case/case.h"
#include "report/comparison_charts.h"
#include "verdict/thresholds.h"

namespace gjk::check {
namespace {

namespace fs = std::filesystem;

std::string number(double value) {
  if (std::isnan(value)) return "–";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g", value);
  return buffer;
}

// A number of the CSV files: printf's "%.9g" (std::to_chars with a precision writes exactly what printf
// writes in the "C" locale, without its format parsing), "nan", "inf" or "-inf"; appended to text.
void appendCsvNumber(std::string& text, double value) {
  if (std::isnan(value)) {
    text += "nan";
  } else if (std::isinf(value)) {
    text += value > 0 ? "inf" : "-inf";
  } else {
    char buffer[32];
    const std::to_chars_result end = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, 9);
    text.append(buffer, end.ptr);
  }
}

std::string csvNumber(double value) {
  std::string text;
  appendCsvNumber(text, value);
  return text;
}

void appendInteger(std::string& text, std::uint64_t value) {
  char buffer[24];
  const std::to_chars_result end = std::to_chars(buffer, buffer + sizeof buffer, value);
  text.append(buffer, end.ptr);
}

// The kinds of the bit set, in VIOLATION_KINDS' order, joined by separator; appended to text.
void appendKindList(std::string& text, std::uint32_t kinds, char separator) {
  for (int k = 0, written = 0; k < VIOLATION_KIND_COUNT; ++k) {
    if ((kinds >> k) & 1u) {
      if (written++ > 0) text += separator;
      text += VIOLATION_KINDS[k];
    }
  }
}

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A statistic of summary.csv: empty when there is none (no finite error, no iterations reported).
std::string csvStatistic(double value) { return std::isnan(value) ? std::string() : csvNumber(value); }
std::string csvIterations(int value) { return value < 0 ? std::string() : std::to_string(value); }

std::string summaryCsv(const ComparisonOptions& options, const ComparisonSummary& summary) {
  std::string text = "strategy,family,cases,refused,answered,violations";
  for (const char* kind : VIOLATION_KINDS) text += std::string(",") + kind;
  text += ",iteration_cap,iteration_cap_right";
  for (const char* kind : VIOLATION_KINDS) text += std::string(",any_") + kind;
  text +=
      ",distance_error_p50_u,distance_error_p99_u,distance_error_max_u,witness_error_p99_u,witness_error_max_u,"
      "iterations_reported,iterations_mean,iterations_p99,iterations_max\n";
  for (size_t s = 0; s < options.strategies.size(); ++s) {
    for (size_t f = 0; f <= options.families.size(); ++f) {
      const GroupSummary& g = f < options.families.size() ? summary.byFamily[s][f] : summary.overall[s];
      text += reportedName(options.strategies[s]->name) + "," + (f < options.families.size() ? options.families[f] : "all") +
              "," + std::to_string(g.cases) + "," + std::to_string(g.refused) + "," + std::to_string(g.answered) +
              "," + std::to_string(g.violations);
      for (std::uint64_t n : g.byPrimary) text += "," + std::to_string(n);
      text += "," + std::to_string(g.capHits) + "," + std::to_string(g.capHitsRight);
      for (std::uint64_t n : g.byKind) text += "," + std::to_string(n);
      text += "," + csvStatistic(g.distanceP50) + "," + csvStatistic(g.distanceP99) + "," +
              csvStatistic(g.distanceMax) + "," + csvStatistic(g.witnessP99) + "," + csvStatistic(g.witnessMax) +
              "," + std::to_string(g.iterationsReported) + "," + csvStatistic(g.iterationsMean) + "," +
              csvIterations(g.iterationsP99) + "," + csvIterations(g.iterationsMax) + "\n";
    }
  }
  return text;
}

std::string timingCsv(const ComparisonOptions& options, const ComparisonResult& result) {
  std::string text = "strategy,family,rounds,cases_per_round,ns_per_query_median,ns_per_query_min,ns_per_query_max\n";
  for (size_t s = 0; s < options.strategies.size(); ++s) {
    for (size_t f = 0; f < options.families.size(); ++f) {
      const TimingStatistics t = timingStatistics(result.timing.rounds.empty() ? std::vector<double>{}
                                                                               : result.timing.rounds[s][f]);
      text += reportedName(options.strategies[s]->name) + "," + options.families[f] + "," + std::to_string(t.rounds) + "," +
              std::to_string(result.timing.sample) + "," + csvStatistic(t.median) + "," + csvStatistic(t.min) +
              "," + csvStatistic(t.max) + "\n";
    }
  }
  return text;
}

// A percentage of the answered cases, as the tables print it.
std::string rate(std::uint64_t n, std::uint64_t answered) {
  if (answered == 0) return "—";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g %%", 100.0 * static_cast<double>(n) / static_cast<double>(answered));
  return buffer;
}

std::string dot(std::uint64_t n) { return n ? std::to_string(n) : std::string("·"); }
std::string statistic(double value) { return std::isnan(value) ? std::string("—") : number(value); }
std::string iterationCell(int value) { return value < 0 ? std::string("—") : std::to_string(value); }

std::string groupRow(const std::string& label, const GroupSummary& g) {
  std::string text = "| " + label + " | " + std::to_string(g.cases) + " | " + dot(g.refused) + " | " +
                     std::to_string(g.answered) + " | " + std::to_string(g.violations) + " | " +
                     rate(g.violations, g.answered);
  for (std::uint64_t n : g.byPrimary) text += " | " + dot(n);
  text += " | " + (g.capHits ? std::to_string(g.capHits) + " (" + std::to_string(g.capHitsRight) + " right)"
                             : std::string("·"));
  text += " | " + statistic(g.distanceP50) + " | " + statistic(g.distanceP99) + " | " + statistic(g.distanceMax) +
          " | " + statistic(g.witnessP99) + " | " + statistic(g.witnessMax) + " | " +
          std::to_string(g.iterationsReported) + " | " + statistic(g.iterationsMean) + " | " +
          iterationCell(g.iterationsP99) + " | " + iterationCell(g.iterationsMax) + " |\n";
  return text;
}

std::string groupHeader(const std::string& first) {
  std::string text = "| " + first + " | cases | refused | answered | violations | violations / answered";
  for (const char* kind : VIOLATION_KINDS) text += std::string(" | ") + kind;
  text += " | cap hits | dist p50 | dist p99 | dist max | wit p99 | wit max | iter reported | iter mean | iter p99 | "
          "iter max |\n|";
  for (int i = 0; i < 6 + VIOLATION_KIND_COUNT + 10; ++i) text += "---|";
  return text + "\n";
}

// Nanoseconds to the nanosecond ("1160", not "1.16e+03"); "—" when not measured.
std::string nanoseconds(double value) {
  if (std::isnan(value)) return "—";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.0f", value);
  return buffer;
}

std::string timingTable(const ComparisonOptions& options, const ComparisonResult& result, const std::string& machine) {
  std::string text = "## Time per query\n\n";
  if (result.timing.sample == 0) {
    return text + "Not measured (" + (result.interrupted ? "the run was interrupted" : "no timed rounds") + ").\n\n";
  }
  size_t rounds = 0;  // the most of any strategy and family (an engine that hung on the sample has none)
  for (const auto& families : result.timing.rounds) {
    for (const auto& timed : families) rounds = std::max(rounds, timed.size());
  }
  text += "Nanoseconds per query on " + machine + ": after the judged pass, each family's first " +
          std::to_string(result.timing.sample) + " cases of the run (of each shard's run in a merged report: its rounds are all the shards') are answered by every strategy in turn, " +
          std::to_string(rounds) +
          " times (rounds; an external engine through its pipelined batch); a round's time over its queries is "
          "one measurement, and the table gives their median, min and max in nanoseconds. A time includes turning the case into "
          "the query (a few dozen nanoseconds). Times vary between runs and machines; they are the only numbers "
          "of this report that do (timing.csv). An external engine that hung on a case of a family's sample is not timed "
          "on that family (—): its time would be the timeout's.\n\n| strategy | family | median | min | max |\n|---|---|---|---|---|\n";
  for (size_t s = 0; s < options.strategies.size(); ++s) {
    for (size_t f = 0; f < options.families.size(); ++f) {
      const TimingStatistics t = timingStatistics(result.timing.rounds[s][f]);
      text += "| " + reportedName(options.strategies[s]->name) + " | " + options.families[f] + " | " +
              nanoseconds(t.median) + " | " + nanoseconds(t.min) + " | " + nanoseconds(t.max) + " |\n";
    }
  }
  return text + "\n";
}

}  // namespace

std::string rowsCsvHeader() {
  return "family,index,strategy,relation,scale_log10,distance,distance_error_u,witness_error_u,witness_gap_u,"
         "iterations,termination,iteration_cap,primary,violations\n";
}

void appendRowsCsvRow(std::string& text, const ComparisonOptions& options, const ComparisonRow& row) {
  // Field by field, no temporary strings: with every row kept, formatting them cost as much as comparing
  // the cases.
  text += options.families[row.family];
  text += ',';
  appendInteger(text, row.index);
  text += ',';
  text += reportedName(options.strategies[row.strategy]->name);
  text += ',';
  text += row.relation;
  for (double value : {row.scaleLog10, row.distance, row.distanceErrorU, row.witnessErrorU, row.witnessGapU}) {
    text += ',';
    appendCsvNumber(text, value);
  }
  text += ',';
  text += std::to_string(row.iterations);
  text += ',';
  text += row.termination;
  text += row.iterationCap ? ",1," : ",0,";
  if (row.primary >= 0) text += VIOLATION_KINDS[row.primary];
  text += ',';
  appendKindList(text, row.kinds, '|');
  text += '\n';
}

RowsCsvWriter::RowsCsvWriter(const fs::path& folder, const ComparisonOptions& options, RowsKept kept, bool gzip)
    : options_(options), all_(kept == RowsKept::All), gzip_(gzip) {
  if (kept == RowsKept::None) return;
  fs::create_directories(folder);
  final_ = folder / (gzip ? "rows.csv.gz" : "rows.csv");
  temporary_ = folder / (final_.filename().string() + ".partial");
  if (gzip) {
    // -n: no name or timestamp in the header, so the same rows give the same bytes.
    const std::string command = "gzip -9 -n > '" + temporary_.string() + "'";
    // "e": the pipe's end is close-on-exec. Without it every process started after this one (the external
    // engines' workers) holds the pipe open, gzip never reads its end, and pclose waits for ever.
    file_ = popen(command.c_str(), "we");
  } else {
    file_ = std::fopen(temporary_.c_str(), "wb");
  }
  if (file_ == nullptr) throw std::runtime_error("cannot write " + temporary_.string());
  buffer_ = rowsCsvHeader();
}

RowsCsvWriter::~RowsCsvWriter() {
  if (file_ == nullptr) return;
  if (gzip_) {
    pclose(file_);
  } else {
    std::fclose(file_);
  }
  std::error_code error;
  fs::remove(temporary_, error);
}

void RowsCsvWriter::add(const ComparisonRow* rows, std::size_t count) {
  if (file_ == nullptr) return;
  for (std::size_t i = 0; i < count; ++i) {
    if (all_ || rows[i].kinds != 0) appendRowsCsvRow(buffer_, options_, rows[i]);
    if (buffer_.size() > (1u << 20)) flush();
  }
}

void RowsCsvWriter::flush() {
  if (!buffer_.empty() && std::fwrite(buffer_.data(), 1, buffer_.size(), file_) != buffer_.size()) {
    throw std::runtime_error("cannot write " + temporary_.string());
  }
  buffer_.clear();
}

void RowsCsvWriter::finish() {
  if (file_ == nullptr) return;
  flush();
  std::FILE* file = file_;
  file_ = nullptr;
  const int status = gzip_ ? pclose(file) : std::fclose(file);
  if (status != 0) {
    std::error_code error;
    fs::remove(temporary_, error);
    throw std::runtime_error("cannot write " + final_.string() + (gzip_ ? " (gzip failed)" : ""));
  }
  fs::rename(temporary_, final_);
  // A rows file of the other kind left by an earlier run into the same folder would contradict this one.
  std::error_code error;
  fs::remove(final_.parent_path() / (gzip_ ? "rows.csv" : "rows.csv.gz"), error);
}

void writeComparisonReport(const fs::path& folder, const ComparisonOptions& options, const ComparisonResult& result,
                           const ReportContext& context) {
  fs::create_directories(folder);
  ComparisonSummary summary = summarize(options, result);
  const std::string rowsFile = context.gzipRows ? "rows.csv.gz" : "rows.csv";
  writeFileAtomically(folder / "summary.csv", summaryCsv(options, summary));
  writeFileAtomically(folder / "timing.csv", timingCsv(options, result));
  std::vector<ChartFile> charts = writeComparisonCharts(folder, options, result, summary);
  std::vector<GalleryEntry> gallery = writeGallery(folder, options, result, context.galleryPerStrategy);

  const std::uint64_t done = casesDone(result);
  const std::uint64_t planned = context.casesPlanned ? context.casesPlanned : done;
  std::string md = "# Strategy comparison\n\n";
  if (done < planned || result.interrupted) {
    md += "**partial: " + std::to_string(done) + " of " + std::to_string(planned) +
          " cases, interrupted.** Every number below is over the cases that finished (each family's first ones "
          "in case order; the per-family `cases` columns say how many).\n\n";
  }
  md += "Regenerate with:\n\n```sh\n" + context.command + "\n```\n\n";
  md += "| | |\n|---|---|\n";
  md += "| seed | " + std::to_string(options.seed) + " |\n";
  md += "| cases per family | " + std::to_string(options.count) + " |\n";
  md += "| strategies | " + std::to_string(options.strategies.size()) + " |\n";
  md += "| families | " + std::to_string(options.families.size()) + " |\n";
  md += "| commit | " + context.commit + " |\n";
  md += "| machine | " + context.machine + " |\n";
  md += "| date | " + context.date + " |\n";
  md += "| wall time | " + number(context.seconds) + " s |\n";
  md += "| threshold T | " + number(VIOLATION_THRESHOLD_U) + " u (verdict/thresholds.h) |\n\n";
  // A hand-written lead.md opens the report, before the tables: what a reader should see first.
  if (const fs::path lead = folder / "lead.md"; fs::exists(lead)) md += readFile(lead) + "\n";
  md +=
      std::string("Errors are in units u = S·2⁻²⁴, S the case's scale: the largest sum of the magnitudes of the "
                  "terms that place a vertex in the world ") +
      (options.dimension == 3 ? "(Σ_j |R_ij v_j| + |p_i| over the rows i of the quaternion's matrix R)"
                              : "(|c·x| + |s·y| + |p.x|, and likewise for y)") +
      ", plus the radii. Each "
      "violation is counted once, under its primary kind (the first of crash, hang, protocol, non-finite, "
      "false-overlap, false-separation, distance-error, witness-error, witness-gap that applies), so the kind "
      "columns add up to the violations; summary.csv also has every kind that applies (`any_` columns). Witness "
      "points are judged by each strategy's declared contact convention (`gjkcheck strategies`). Cap hits are a "
      "cost, not a violation: how often the strategy stopped at its iteration cap, and how many of those answers "
      "were still right.\n\n"
      "Denominators: `refused` queries (an external engine declined them, docs/workers.md) are counted in their "
      "own column and in nothing else; every rate, count and statistic is over the `answered` cases (cases − "
      "refused; an engine's crash, hang or protocol error is an answered case with a violation). Error "
      "percentiles are over the finite errors of the answered cases, nearest rank, read off a histogram with "
      "bins of relative width 2^-" + std::to_string(HISTOGRAM_BITS) +
      ": a p50 or p99 shown as x means the exact percentile v has x ≤ v < x·(1 + 2^-" +
      std::to_string(HISTOGRAM_BITS) +
      ") (x is v with its mantissa cut to " + std::to_string(HISTOGRAM_BITS) +
      " bits; zero is exact); max is exact. Iteration statistics are over the answers whose engine reports "
      "its iterations (`iter reported`; exact), `—` where none does. `·` is zero. Times are in their own table "
      "(Time per query); every other number is a function of the command.\n\n";

  md += "## All families\n\n" + groupHeader("strategy");
  for (size_t s = 0; s < options.strategies.size(); ++s) md += groupRow(reportedName(options.strategies[s]->name), summary.overall[s]);

  md += "\n## Violations by strategy and family\n\nViolations / answered cases.\n\n| strategy |";
  for (const std::string& family : options.families) md += " " + family + " |";
  md += "\n|---|";
  for (size_t f = 0; f < options.families.size(); ++f) md += "---|";
  md += "\n";
  for (size_t s = 0; s < options.strategies.size(); ++s) {
    md += "| " + reportedName(options.strategies[s]->name) + " |";
    for (size_t f = 0; f < options.families.size(); ++f) {
      const GroupSummary& g = summary.byFamily[s][f];
      md += " " + (g.violations ? std::to_string(g.violations) + " / " + std::to_string(g.answered)
                                : std::string("·")) + " |";
    }
    md += "\n";
  }

  if (!charts.empty()) {
    md += "\n## Charts\n\n";
    for (const ChartFile& chart : charts) md += "### " + chart.title + "\n\n![" + chart.title + "](" + chart.file + ")\n\n";
  }

  md += "## Per family\n\n";
  for (size_t f = 0; f < options.families.size(); ++f) {
    md += "### " + options.families[f] + "\n\n" + groupHeader("strategy");
    for (size_t s = 0; s < options.strategies.size(); ++s) {
      md += groupRow(reportedName(options.strategies[s]->name), summary.byFamily[s][f]);
    }
    md += "\n";
  }

  md += timingTable(options, result, context.machine);

  if (!gallery.empty()) {
    md += "## Gallery: the worst cases per strategy\n\nEach case replays with `gjkcheck repro FILE --strategy NAME`.\n\n";
    md += "| strategy | case | picture | family | violations | distance error u | witness error u |\n"
          "|---|---|---|---|---|---|---|\n";
    for (const GalleryEntry& entry : gallery) {
      md += "| " + entry.strategy + " | [" + entry.caseFile + "](" + entry.caseFile + ") | " +
            (entry.pictureFile.empty() ? "–" : "[svg](" + entry.pictureFile + ")") + " | " + entry.family + " | " +
            entry.kinds + " | " + number(entry.distanceErrorU) + " | " + number(entry.witnessErrorU) + " |\n";
    }
    md += "\n";
  }
  if (context.rows == RowsKept::None) {
    md += "Per-case rows are not kept with this report: the command above with `--rows all` writes them to "
          "rows.csv.";
  } else {
    md += "`" + rowsFile + "` holds " +
          (context.rows == RowsKept::All
               ? std::string("every case and strategy.")
               : std::string("the rows with a violation only (every row: the command above with --rows all)."));
  }
  md += std::string(" A row's case is `gjkcheck gen ") + (options.dimension == 3 ? "--dimension 3 " : "") +
        "--family F --seed " + std::to_string(options.seed) + " --first INDEX --count 1 --out DIR`.\n";
  fs::path findings = folder / "findings.md";
  if (fs::exists(findings)) {
    md += "\n## Findings\n\n" + readFile(findings);
  }
  writeFileAtomically(folder / "README.md", md);
}

}  // namespace gjk::check
