// The penetration section of the comparison report (issue 13): every chosen strategy that answers
// penetration (query kind penetration or both) on the overlap families (families/families.h,
// overlapFamilyNames) with the comparison's count and seed, judged by verdict/penetration_verdict.h.
// Written beside the distance comparison: penetration.md (its table, also appended to README.md as a
// "Penetration" section), penetration_summary.csv and penetration_rows.csv. Everything is a function of the
// arguments alone (no times), the same for any number of jobs.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "verdict/strategy.h"

namespace gjk::check {

struct PenetrationComparisonRow {
  int family = 0;  // index into the families
  std::uint64_t index = 0;
  int strategy = 0;  // index into the strategies
  std::string
      primary;  // "ok", a kind of PENETRATION_VIOLATION_KINDS, crash/hang/protocol, "refused", "no-answer"
  bool overlapping = false;  // the strategy claimed overlap
  double depth = 0;          // reported
  double depthErrorU = 0;    // NaN when not judged
  double normalErrorU = 0;
  double contactErrorU = 0;
};

struct PenetrationComparison {
  std::vector<const StrategyInfo*> strategies;
  std::vector<std::string> families;
  std::uint64_t count = 0;
  std::uint64_t seed = 1;
  std::vector<PenetrationComparisonRow> rows;  // by family, case index, strategy
};

// The strategies of `chosen` that answer penetration, in order; the ones that answer only penetration are
// removed from `chosen` (the distance comparison judges distances only).
std::vector<const StrategyInfo*> takePenetrationStrategies(std::vector<const StrategyInfo*>& chosen);

// Cases go to the strategies in blocks of 64 of one family: an external engine answers a block through
// check::runBatch (its worker's requests pipelined, verdict/strategy.h), the others case by case; the rows do
// not depend on the blocks or on `jobs`.
PenetrationComparison runPenetrationComparison(const std::vector<const StrategyInfo*>& strategies,
                                               const std::vector<std::string>& families, std::uint64_t count,
                                               std::uint64_t seed, int jobs);

// The markdown table: per strategy and family, cases, violations by primary kind, refused, depth error
// p50/p99/max and normal error p50/p99/max in u.
std::string penetrationTable(const PenetrationComparison& comparison);

// Writes penetration.md, penetration_summary.csv, penetration_rows.csv into folder and appends the section
// to folder/README.md (when it exists). `command` is the line that regenerates the report.
void writePenetrationComparison(const std::filesystem::path& folder, const PenetrationComparison& comparison,
                                const std::string& command);

}  // namespace gjk::check
