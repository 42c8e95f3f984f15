// Expected results kept with the corpus, and the check that they still hold.
//
// Two kinds:
// - in a case file, meta lines: `meta.expected-relation` and `meta.expected-core-distance-squared`
//   (the exact answer, worked by hand for seeds), and for a regression `meta.strategy` with
//   `meta.expected-verdict` (ok | violation) and `meta.expected-reasons` (the violation kinds, comma
//   separated, in the verdict's order); the verdict is that of the query expectationQuery names
//   (verdict/query_seam.h: meta.query, else the strategy's primary query);
// - beside a folder of cases, `expected-verdicts.tsv`: one row per case and strategy,
//   `path<TAB>strategy<TAB>ok|reasons`, paths relative to that folder, so a change in any strategy's
//   behaviour on any case shows.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "case/case.h"
#include "verdict/strategy.h"

namespace gjk::check {

inline constexpr const char* VERDICT_TABLE_FILE = "expected-verdicts.tsv";

// What a case's own meta lines expect and does not get: one message per mismatch, empty when all hold. A 3D case
// (dimension 3) is checked against the exact 3D oracle and, for meta.strategy (a 3D one), the 3D verdict
// (verdict/verdict3.h); a 2D strategy named on a 3D case, or a meta.query other than distance, is a mismatch.
std::vector<std::string> unmetCaseExpectations(const Case& value);

struct VerdictRow {
  std::string path;      // relative to the table's folder, '/' separated
  std::string strategy;  // a registered name
  std::string verdict;   // "ok" or the reasons joined by commas
};

// The verdict of every given strategy on every case under `folder`, sorted by path then strategy order; a case is
// judged by the given strategies of its dimension only (a 3D case by the 3D verdict).
std::vector<VerdictRow> computeVerdictTable(const std::filesystem::path& folder,
                                            const std::vector<const StrategyInfo*>& strategies);

// The strategies of an expected-verdicts.tsv (`corpus verdicts`, `corpus check`): every built-in 2D strategy
// (selectStrategies("all")) for the 2D cases and every built-in 3D one (strategies3()) for the 3D cases.
std::vector<const StrategyInfo*> verdictTableStrategies();

std::string formatVerdictTable(const std::vector<VerdictRow>& rows);

// Throws CaseError naming the file and line of a malformed row.
std::vector<VerdictRow> parseVerdictTable(const std::string& text, const std::string& fileName);

// Rows that differ between the expected and the actual table, as messages ("path strategy: expected X,
// got Y", "missing", "unexpected"). Empty when they agree.
std::vector<std::string> compareVerdictTables(const std::vector<VerdictRow>& expected,
                                              const std::vector<VerdictRow>& actual);

}  // namespace gjk::check
