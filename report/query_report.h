// The report-level hooks of a query other than distance (verdict/query_seam.h): how its exact answer, a
// strategy's answer and its verdict are printed by `gjkcheck oracle`, `run` and `repro`, and the words of its
// comparison section (report/query_comparison.h). Its picture layers are the other report-level hook
// (report/case_picture_parts.h, QueryLayer).
//
// The distance query has none: its printing (report/answer_format.h, the run and repro tables) and its
// comparison report (report/comparison*.cpp with its charts and shards) stay as they are, and every other
// query's output is added beside them.
#pragma once

#include <string>

#include "oracle/oracle.h"
#include "report/json.h"
#include "verdict/query_seam.h"
#include "verdict/strategy.h"

namespace gjk::check {

class QueryReport {
 public:
  virtual ~QueryReport() = default;

  virtual const Query& query() const = 0;

  // `gjkcheck oracle` and `repro`: this query's exact answer as text lines, each starting with two spaces and
  // ending with a newline; "" when the case has none (penetration: a separated case).
  virtual std::string exactText(const Case& value, const oracle::ExactAnswer& exact) const = 0;

  // `gjkcheck oracle --json`: this query's keys of the exact answer (none when exactText is ""). `exact` comes
  // from solveExactly (with its Minkowski hull).
  virtual void addExactKeys(JsonObject& object, const Case& value, const oracle::ExactAnswer& exact) const = 0;

  // One text line of `gjkcheck run` and `repro` (no newline): the case name, the strategy, its answer, the
  // measures and the verdict.
  virtual std::string answerLine(const std::string& caseName, const StrategyInfo& strategy,
                                 const StrategyResult& result, const QueryVerdict& verdict) const = 0;

  // The JSON object of the answer and its verdict, which `gjkcheck run --json` puts under the query's name.
  virtual std::string answerJson(const StrategyInfo& strategy, const StrategyResult& result,
                                 const QueryVerdict& verdict) const = 0;

  // The comparison section's words for a comparison of that dimension (2 or 3): where the strategies run ("the
  // overlap families"; in 3D "every 3D family, ...") and what their answers are judged against, with the docs
  // section ("the exact depth and normals (docs/verdict.md, Penetration)").
  virtual std::string comparisonScope(int dimension) const = 0;
  virtual std::string judgedAgainst(int dimension) const = 0;
  // One of its families in an error message ("unknown overlap family 'x'"; in 3D "unknown 3D family 'x'"), and
  // the option that chooses some of them ("penetration-families": `gjkcheck compare --penetration-families F,...`).
  virtual std::string familyWord(int dimension) const = 0;
  std::string familiesOption() const { return std::string(query().name()) + "-families"; }
};

// The hooks of a query; null for the distance query. A new query adds its own to report/query_report.cpp.
const QueryReport* queryReport(const Query& query);

// Every query's exactText, in queries() order: what `gjkcheck oracle` and `repro` print after the distance.
std::string exactTexts(const Case& value, const oracle::ExactAnswer& exact);

// `gjkcheck run --json` for one strategy and case, whatever queries it answers: a strategy that answers
// distance gets `distanceJson` (report/answer_format.h resultJson), with "query" (its queryKindName) and each
// other query's answerJson under the query's name added before its end; any other strategy gets {case,
// strategy, query, <query name>: answerJson, exact}. `verdicts` holds one verdict per queriesOf(strategy).
std::string runJson(const std::string& caseName, const StrategyInfo& strategy, const std::string& distanceJson,
                    const StrategyResult& result, const std::vector<QueryVerdict>& verdicts,
                    const std::string& exactObject);

}  // namespace gjk::check
