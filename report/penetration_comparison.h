// The penetration section of the comparison report (issue 13): every chosen strategy that answers
// penetration (query kind penetration or both) on the overlap families (families/families.h,
// overlapFamilyNames) with the comparison's count and seed, judged by verdict/penetration_verdict.h.
// Written beside the distance comparison: penetration.md (its table, also appended to README.md as a
// "Penetration" section), penetration_summary.csv and penetration_rows.csv. Everything is a function of the
// arguments alone (no times), the same for any number of jobs.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <filesystem>
#include <string>
#include <vector>

#include "report/comparison.h"
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

// One (strategy, family): counts and the histograms of the judged errors (report/comparison.h,
// ValueHistogram), bounded by the strategies and families, not the cases.
struct PenetrationCell {
  std::uint64_t cases = 0;
  std::uint64_t refused = 0;
  std::uint64_t unanswered = 0;
  std::map<std::string, std::uint64_t> primaries;  // violations and engine failures by primary kind
  ValueHistogram depth, normal;
  void add(const PenetrationComparisonRow& row);
  void merge(const PenetrationCell& other);
};

struct PenetrationComparison {
  std::vector<const StrategyInfo*> strategies;
  std::vector<std::string> families;
  std::uint64_t count = 0;
  std::uint64_t seed = 1;
  std::vector<std::vector<PenetrationCell>> cells;  // [strategy][family]
  std::uint64_t casesDone = 0;                      // over all families (fewer when interrupted)
  // Every row by family, case index, strategy: only when asked (keepRows; tests).
  std::vector<PenetrationComparisonRow> rows;
};

using PenetrationRowSink = std::function<void(const PenetrationComparisonRow* rows, std::size_t count)>;

// The strategies of `chosen` that answer penetration, in order; the ones that answer only penetration are
// removed from `chosen` (the distance comparison judges distances only).
std::vector<const StrategyInfo*> takePenetrationStrategies(std::vector<const StrategyInfo*>& chosen);

// Cases go to the strategies in blocks of 64 of one family: an external engine answers a block through
// check::runBatch (its worker's requests pipelined, verdict/strategy.h), the others case by case; the rows do
// not depend on the blocks or on `jobs`.
// Memory is bounded by a chunk of cases (CHUNK): their rows go to `sink` in order (family, case index,
// strategy) as each chunk finishes, and are kept only with keepRows. `stop`, when set, ends the run after
// the blocks being judged.
PenetrationComparison runPenetrationComparison(const std::vector<const StrategyInfo*>& strategies,
                                               const std::vector<std::string>& families, std::uint64_t count,
                                               std::uint64_t seed, int jobs, const PenetrationRowSink& sink = {},
                                               bool keepRows = true, const std::atomic<bool>* stop = nullptr);

// The header of penetration_rows.csv and one row of it appended to text.
std::string penetrationRowsHeader();
void appendPenetrationRow(std::string& text, const std::vector<const StrategyInfo*>& strategies,
                          const std::vector<std::string>& families, const PenetrationComparisonRow& row);

// The markdown table: per strategy and family, cases, violations by primary kind, refused, depth error
// p50/p99/max and normal error p50/p99/max in u.
std::string penetrationTable(const PenetrationComparison& comparison);

// Writes penetration.md, penetration_summary.csv (and penetration_rows.csv from comparison.rows when it
// holds them; compare streams that file instead) into folder and appends the section to folder/README.md
// (when it exists). `command` is the line that regenerates the report.
void writePenetrationComparison(const std::filesystem::path& folder, const PenetrationComparison& comparison,
                                const std::string& command);

}  // namespace gjk::check
