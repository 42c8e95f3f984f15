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

std::string rowsCsv(const ComparisonOptions& options, const ComparisonResult& result, bool allRows) {
  std::string text =
      "family,index,strategy,relation,scale_log10,distance,distance_error_u,witness_error_u,witness_gap_u,"
      "iterations,termination,iteration_cap,primary,violations\n";
  // One text, written at once; each row appended field by field (no temporary strings: with every row
  // kept, formatting them cost as much as comparing the cases).
  text.reserve(text.size() + result.rows.size() * 120);
  for (const ComparisonRow& row : result.rows) {
    if (!allRows && row.kinds == 0) continue;
    text += options.families[row.family];
    text += ',';
    appendInteger(text, row.index);
    text += ',';
    text += options.strategies[row.strategy]->name;
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
  return text;
}

std::string summaryCsv(const ComparisonOptions& options, const ComparisonSummary& summary) {
  std::string text = "strategy,family,cases,violations";
  for (const char* kind : VIOLATION_KINDS) text += std::string(",") + kind;
  text += ",iteration_cap,iteration_cap_right";
  for (const char* kind : VIOLATION_KINDS) text += std::string(",any_") + kind;
  text +=
      ",distance_error_p50_u,distance_error_p99_u,distance_error_max_u,witness_error_p99_u,witness_error_max_u,"
      "iterations_mean,iterations_p99,iterations_max,refused\n";
  for (size_t s = 0; s < options.strategies.size(); ++s) {
    for (size_t f = 0; f <= options.families.size(); ++f) {
      const GroupSummary& g = f < options.families.size() ? summary.byFamily[s][f] : summary.overall[s];
      text += options.strategies[s]->name + "," + (f < options.families.size() ? options.families[f] : "all") +
              "," + std::to_string(g.cases) + "," + std::to_string(g.violations);
      for (std::uint64_t n : g.byPrimary) text += "," + std::to_string(n);
      text += "," + std::to_string(g.capHits) + "," + std::to_string(g.capHitsRight);
      for (std::uint64_t n : g.byKind) text += "," + std::to_string(n);
      text += "," + csvNumber(g.distanceP50) + "," + csvNumber(g.distanceP99) + "," + csvNumber(g.distanceMax) +
              "," + csvNumber(g.witnessP99) + "," + csvNumber(g.witnessMax) + "," + csvNumber(g.iterationsMean) +
              "," + std::to_string(g.iterationsP99) + "," + std::to_string(g.iterationsMax) + "," +
              std::to_string(g.refused) + "\n";
    }
  }
  return text;
}

std::string timingCsv(const ComparisonOptions& options, const ComparisonSummary& summary) {
  std::string text = "strategy,family,nanoseconds_per_query\n";
  for (size_t s = 0; s < options.strategies.size(); ++s) {
    for (size_t f = 0; f < options.families.size(); ++f) {
      text += options.strategies[s]->name + "," + options.families[f] + "," +
              csvNumber(summary.byFamily[s][f].nanosecondsPerQuery) + "\n";
    }
  }
  return text;
}

std::string groupRow(const std::string& label, const GroupSummary& g) {
  std::string text = "| " + label + " | " + std::to_string(g.cases) + " | " + std::to_string(g.violations);
  for (std::uint64_t n : g.byPrimary) text += " | " + (n ? std::to_string(n) : std::string("·"));
  text += " | " + (g.capHits ? std::to_string(g.capHits) + " (" + std::to_string(g.capHitsRight) + " right)"
                             : std::string("·"));
  text += " | " + number(g.distanceP50) + " | " + number(g.distanceP99) + " | " + number(g.distanceMax) + " | " +
          number(g.witnessP99) + " | " + number(g.witnessMax) + " | " + number(g.iterationsMean) + " | " +
          std::to_string(g.iterationsP99) + " | " + std::to_string(g.iterationsMax) + " | " +
          number(g.nanosecondsPerQuery) + " | " + (g.refused ? std::to_string(g.refused) : std::string("·")) + " |\n";
  return text;
}

std::string groupHeader(const std::string& first) {
  std::string text = "| " + first + " | cases | violations";
  for (const char* kind : VIOLATION_KINDS) text += std::string(" | ") + kind;
  text += " | cap hits | dist p50 | dist p99 | dist max | wit p99 | wit max | iter mean | iter p99 | iter max | "
          "ns/query | refused |\n|";
  for (int i = 0; i < 3 + VIOLATION_KIND_COUNT + 11; ++i) text += "---|";
  return text + "\n";
}

}  // namespace

void writeComparisonReport(const fs::path& folder, const ComparisonOptions& options, const ComparisonResult& result,
                           const ReportContext& context) {
  fs::create_directories(folder);
  ComparisonSummary summary = summarize(options, result);
  std::string rowsFile = "rows.csv";
  if (context.rows != RowsKept::None) {
    writeFileAtomically(folder / "rows.csv", rowsCsv(options, result, context.rows == RowsKept::All));
  }
  if (context.rows != RowsKept::None && context.gzipRows) {
    // -n: no name or timestamp in the header, so the same rows give the same bytes.
    std::string command = "gzip -9 -n -f '" + (folder / "rows.csv").string() + "'";
    if (std::system(command.c_str()) != 0) {
      throw std::runtime_error("cannot compress " + (folder / "rows.csv").string() + " with gzip");
    }
    rowsFile = "rows.csv.gz";
  }
  writeFileAtomically(folder / "summary.csv", summaryCsv(options, summary));
  writeFileAtomically(folder / "timing.csv", timingCsv(options, summary));
  std::vector<ChartFile> charts = writeComparisonCharts(folder, options, result, summary);
  std::vector<GalleryEntry> gallery = writeGallery(folder, options, result, context.galleryPerStrategy);

  std::string md = "# Strategy comparison\n\nRegenerate with:\n\n```sh\n" + context.command + "\n```\n\n";
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
  md +=
      "Errors are in units u = S·2⁻²⁴, S the case's scale: the largest sum of the magnitudes of the terms "
      "that place a vertex in the world (|c·x| + |s·y| + |p.x|, and likewise for y), plus the radii. Each "
      "violation is counted once, under its primary kind (the first of non-finite, false-overlap, "
      "false-separation, distance-error, witness-error, witness-gap that applies), so the kind columns add "
      "up to the violations; summary.csv also has every kind that applies (`any_` columns). Witness points "
      "are judged by each strategy's declared contact convention (`gjkcheck strategies`). Cap hits are a "
      "cost, not a violation: how often the strategy stopped at its iteration cap, and how many of those "
      "answers were still right. Percentiles are over the finite errors; `·` is zero. Times include turning the case into the query "
      "(a few dozen nanoseconds) and vary between runs; every other number is a function of the command.\n\n";

  md += "## All families\n\n" + groupHeader("strategy");
  for (size_t s = 0; s < options.strategies.size(); ++s) md += groupRow(options.strategies[s]->name, summary.overall[s]);

  md += "\n## Violations by strategy and family\n\n| strategy |";
  for (const std::string& family : options.families) md += " " + family + " |";
  md += "\n|---|";
  for (size_t f = 0; f < options.families.size(); ++f) md += "---|";
  md += "\n";
  for (size_t s = 0; s < options.strategies.size(); ++s) {
    md += "| " + options.strategies[s]->name + " |";
    for (size_t f = 0; f < options.families.size(); ++f) {
      std::uint64_t v = summary.byFamily[s][f].violations;
      md += " " + (v ? std::to_string(v) : std::string("·")) + " |";
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
      md += groupRow(options.strategies[s]->name, summary.byFamily[s][f]);
    }
    md += "\n";
  }

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
  md += " A row's case is `gjkcheck gen --family F --seed " + std::to_string(options.seed) +
        " --first INDEX --count 1 --out DIR`.\n";
  fs::path findings = folder / "findings.md";
  if (fs::exists(findings)) {
    md += "\n## Findings\n\n" + readFile(findings);
  }
  writeFileAtomically(folder / "README.md", md);
}

}  // namespace gjk::check
