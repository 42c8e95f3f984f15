// The comparison report of docs/reports.md, a folder:
//   README.md            the command, seed, commit, machine; lead.md if present; tables; charts; gallery;
//                        findings.md if present
//   rows.csv             one row per case and strategy (or only the violations, or none; gzipped on request)
//   summary.csv          one row per strategy and family
//   timing.csv           time per query per strategy and family: median, min, max of timed rounds (the
//                        one file that varies by run)
//   *.svg                charts: distance-error CDF, iteration histograms, violation heat map, scale envelope
//   gallery/             the worst cases per strategy: .case files and their pictures
// A hand-written DIR/lead.md is kept across regenerations and opens the README (after the command and
// its table); a hand-written DIR/findings.md is kept too and closes it.
#pragma once

#include <cstdio>
#include <filesystem>
#include <string>

#include "report/comparison.h"
#include "report/comparison_summary.h"

namespace gjk::check {

// What rows.csv keeps.
enum class RowsKept { All, Violations, None };

struct ReportContext {
  std::string command;  // how to regenerate the report: no absolute path, so it runs on any machine
  std::string commit;   // git describe of the source tree
  std::string machine;  // CPU, cores, OS
  std::string date;
  double seconds = 0;   // wall time of the run
  RowsKept rows = RowsKept::All;
  bool gzipRows = false;  // compress rows.csv to rows.csv.gz with the system's gzip -9 -n (no timestamp)
  int galleryPerStrategy = 3;
  // The cases planned (all families); the result's cases fewer (interrupted): the report says "partial".
  std::uint64_t casesPlanned = 0;
};

// rows.csv written as the cases finish (ComparisonOptions::rows hands them over in case order), into a
// temporary file (rows.csv.partial, or through `gzip -9 -n` into rows.csv.gz.partial) renamed into place
// by finish(): a reader never sees half a file. Only the rows `kept` says (all, or the violations).
class RowsCsvWriter {
 public:
  RowsCsvWriter(const std::filesystem::path& folder, const ComparisonOptions& options, RowsKept kept, bool gzip);
  RowsCsvWriter(const RowsCsvWriter&) = delete;
  RowsCsvWriter& operator=(const RowsCsvWriter&) = delete;
  ~RowsCsvWriter();  // unfinished: the temporary file is removed
  void add(const ComparisonRow* rows, std::size_t count);
  void finish();

 private:
  void flush();
  const ComparisonOptions& options_;
  bool all_;
  bool gzip_;
  std::filesystem::path temporary_, final_;
  std::FILE* file_ = nullptr;
  std::string buffer_;
};

// The header line of rows.csv and one row appended to text as rows.csv writes it.
std::string rowsCsvHeader();
void appendRowsCsvRow(std::string& text, const ComparisonOptions& options, const ComparisonRow& row);

void writeComparisonReport(const std::filesystem::path& folder, const ComparisonOptions& options,
                           const ComparisonResult& result, const ReportContext& context);

}  // namespace gjk::check
