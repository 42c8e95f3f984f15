// The comparison section of a query other than distance (verdict/query_seam.h): every chosen strategy that
// answers the query on its comparison families (Query::comparisonFamilies; penetration: the overlap families in
// 2D, every 3D family in 3D) with the comparison's count and seed, judged by the query's verdict. Written beside
// the distance comparison as <name>.md (its table, also appended to README.md as a section titled with the query's
// name),
// <name>_summary.csv and <name>_rows.csv (penetration.md, penetration_summary.csv, penetration_rows.csv).
// Everything is a function of the arguments alone (no times), the same for any number of jobs.
//
// The distance comparison (report/comparison*.cpp, with its charts, gallery and shards) is its own.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "report/comparison.h"
#include "report/comparison_report.h"
#include "verdict/query_seam.h"
#include "verdict/strategy.h"

namespace gjk::check {

struct QueryComparisonRow {
  int family = 0;  // index into the families
  std::uint64_t index = 0;
  int strategy = 0;  // index into the strategies
  // "ok", a violation kind of the query, crash/hang/protocol, "refused", "no-answer"
  std::string primary;
  std::vector<double> answer;    // Query::answerValues
  std::vector<double> measures;  // QueryVerdict::measures (NaN when not judged)
  bool undecided = false;        // the exact side could not decide a kind this answer needed (QueryVerdict::undecided)
};

// One (strategy, family): counts and the histograms of the tabled measures (QueryMeasure::tableLabel; report/
// comparison.h, ValueHistogram), bounded by the strategies and families, not the cases.
struct QueryCell {
  std::uint64_t cases = 0;
  std::uint64_t refused = 0;
  std::uint64_t unanswered = 0;
  std::uint64_t undecided = 0;  // answers with an undecided kind (a rotating cast's enclosure): not violations
  std::map<std::string, std::uint64_t> primaries;  // violations and engine failures by primary kind
  std::vector<ValueHistogram> histograms;          // one per measure (the table shows the tabled ones)
  void add(const QueryComparisonRow& row);
  void merge(const QueryCell& other);
};

struct QueryComparison {
  const Query* query = nullptr;
  std::vector<const StrategyInfo*> strategies;
  std::vector<std::string> families;
  std::uint64_t count = 0;
  std::uint64_t seed = 1;
  std::vector<std::vector<QueryCell>> cells;  // [strategy][family]
  std::uint64_t casesDone = 0;                // over all families (fewer when interrupted)
  // Every row by family, case index, strategy: only when asked (keepRows; tests).
  std::vector<QueryComparisonRow> rows;
  // 2: the 2D families and oracle; 3: the 3D ones (sampleFamily3, the query's 3D verdict), for 3D strategies.
  // Last, so that the members above keep their places in an aggregate's braces.
  int dimension = 2;
};

using QueryRowSink = std::function<void(const QueryComparisonRow* rows, std::size_t count)>;

// Cases go to the strategies in blocks of 64 of one family: an external engine answers a block through
// check::runBatch (its worker's requests pipelined, verdict/strategy.h), the others case by case; the rows do
// not depend on the blocks or on `jobs`. The query's exact answer is prepared once per case (Query::prepareCase).
// The cases are of the strategies' dimension: 3D families (sampleFamily3) for 3D strategies, else 2D ones;
// std::invalid_argument for strategies of both dimensions.
// Memory is bounded by a chunk of cases (CHUNK): their rows go to `sink` in order (family, case index,
// strategy) as each chunk finishes, and are kept only with keepRows. `stop`, when set, ends the run after
// the blocks being judged.
QueryComparison runQueryComparison(const Query& query, const std::vector<const StrategyInfo*>& strategies,
                                   const std::vector<std::string>& families, std::uint64_t count, std::uint64_t seed,
                                   int jobs, const QueryRowSink& sink = {}, bool keepRows = true,
                                   const std::atomic<bool>* stop = nullptr);

// The section's file (<name>.md: penetration.md) and its first line ("# Penetration comparison").
std::string queryComparisonFile(const Query& query);
std::string queryComparisonHeading(const Query& query);

// The rows file's name (<name>_rows.csv), its header (family, index, strategy, primary, the answer columns, the
// measures' keys) and one row of it appended to text.
std::string queryRowsFile(const Query& query);
std::string queryRowsHeader(const Query& query);
void appendQueryRow(std::string& text, const std::vector<const StrategyInfo*>& strategies,
                    const std::vector<std::string>& families, const QueryComparisonRow& row);

// The markdown table: per strategy and family, cases, refused, answered, violations, violations by primary
// kind (the query's kinds, then the engine failures), no answer, and p50 | p99 | max of each tabled measure.
std::string queryComparisonTable(const QueryComparison& comparison);

// The violations and engine failures of the section (every primary kind but ok, refused, no-answer).
std::uint64_t countViolations(const QueryComparison& comparison);

// Writes <name>.md, <name>_summary.csv (and <name>_rows.csv from comparison.rows when it holds them; compare
// streams that file instead) into folder and appends the section to folder/README.md (when it exists).
// `command` is the line that regenerates the report; `rows` says which rows the rows file keeps (compare's
// --rows), as the section says.
void writeQueryComparison(const std::filesystem::path& folder, const QueryComparison& comparison,
                          const std::string& command, RowsKept rows = RowsKept::All);

// Whether compare's --rows keeps this row in <name>_rows.csv: all, or only a violation or engine failure (the
// primary kinds countViolations counts), or none.
bool queryRowKept(RowsKept rows, const QueryComparisonRow& row);

}  // namespace gjk::check
