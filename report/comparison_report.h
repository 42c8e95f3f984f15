// The comparison report of design §8, a folder:
//   README.md            the command, seed, commit, machine; tables; charts; gallery; findings.md if present
//   rows.csv             one row per case and strategy (or only the violations, or none; gzipped on request)
//   summary.csv          one row per strategy and family
//   timing.csv           mean time per query per strategy and family (the one column that varies by run)
//   *.svg                charts: distance-error CDF, iteration histograms, violation heat map, scale envelope
//   gallery/             the worst cases per strategy: .case files and their pictures
// A hand-written DIR/findings.md is kept across regenerations and closes the README.
#pragma once

#include <filesystem>
#include <string>

#include "report/comparison.h"
#include "report/comparison_summary.h"

namespace gjk::check {

// What rows.csv keeps.
enum class RowsKept { All, Violations, None };

struct ReportContext {
  std::string command;  // how to regenerate the report, exactly
  std::string commit;   // git describe of the source tree
  std::string machine;  // CPU, cores, OS
  std::string date;
  double seconds = 0;   // wall time of the run
  RowsKept rows = RowsKept::All;
  bool gzipRows = false;  // compress rows.csv to rows.csv.gz with the system's gzip -9 -n (no timestamp)
  int galleryPerStrategy = 3;
};

void writeComparisonReport(const std::filesystem::path& folder, const ComparisonOptions& options,
                           const ComparisonResult& result, const ReportContext& context);

}  // namespace gjk::check
