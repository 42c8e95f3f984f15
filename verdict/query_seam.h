// The query seam: one interface for every question the harness asks of a strategy (the distance query, the
// penetration query of issue 13, the shape cast of issue 22), so that tools, fuzzers, the corpus and the
// reports treat them alike and a new query is a new implementation of Query, not a copy of every file.
//
// A Query says which strategies answer it, which families its comparison runs on, its violation kinds and its
// measures (the numbers its verdict reports, in u), prepares its exact answer once per case, judges a
// strategy's answer into a QueryVerdict, and names, files and replays its violations (the cause, the regression
// case and the claims the corpus and `gjkcheck properties` use). Everything a query does not have in common
// with the others stays behind these members (verdict/penetration_verdict.h, verdict/verdict.h, ...).
//
// The distance query implements it at the verdict level (judging through verdict.h judge); its comparison
// report (report/comparison*.cpp with its charts and shards) stays its own. The report-level hooks of a query
// (its comparison section, picture layers and answer format) are in report/query_report.h.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "case/case.h"
#include "oracle/oracle.h"
#include "verdict/claims.h"
#include "verdict/classify.h"
#include "verdict/strategy.h"

namespace gjk::oracle {
struct ExactAnswer3;  // oracle/oracle3.h: only the queries that judge 3D cases see it whole
}  // namespace gjk::oracle

namespace gjk::check {

// One number a query's verdict measures for every judged answer, in the order of Query::measures().
struct QueryMeasure {
  const char* name;  // words for tables and stories: "depth error"
  const char* unit;  // "u" (every error is in the case's unit u, docs/verdict.md)
  const char* key;   // the column of the rows CSV and the JSON key: "depth_error_u"
  // The column head of the comparison table, whose cells give p50 | p99 | max of the measure ("depth err");
  // nullptr: the measure is in the rows CSV only.
  const char* tableLabel;
};

// One number of a strategy's answer, as the comparison's rows CSV records it beside the measures (penetration:
// overlapping as 0/1, depth; cast: hit as 0/1, fraction). Printed with %.9g.
struct AnswerColumn {
  const char* key;  // the CSV column: "overlapping"
};

// The exact answer of one case for one query, prepared once per case (Query::prepare) and given to every
// judge of that case: the penetration query keeps oracle::ExactPenetration, the cast its exact interval of
// contact times. Each query knows its own concrete type; nobody else looks inside.
class PreparedExact {
 public:
  virtual ~PreparedExact() = default;
};

// A strategy's answer judged by one query. The same shape for every query.
struct QueryVerdict {
  // False when the strategy gave no answer to this query (nor an engine failure): nothing else is set.
  bool judged = false;
  // An external engine's failure (crash, hang, protocol: a violation of that name; refused: not a violation,
  // no number judged).
  EngineFailure failure = EngineFailure::None;
  bool violation = false;
  // Every kind that applies, in the order of Query::violationKinds(); front() is the primary kind. An engine
  // failure (crash, hang, protocol) is the only reason of its verdict.
  std::vector<std::string> reasons;
  // One value per Query::measures(), in that order; NaN where the answer gives nothing to measure (a claimed
  // separation for penetration, a non-finite answer), +inf where it is infinitely wrong.
  std::vector<double> measures;
  // Kinds the exact side could not decide (a rotating cast case's undecided enclosure): not violations.
  std::vector<std::string> undecided;
};

class Query {
 public:
  virtual ~Query() = default;

  // "distance" | "penetration" | "cast": the word of --query, meta.query, file names (penetration.md,
  // cast_rows.csv) and section titles.
  virtual const char* name() const = 0;

  // Whether a strategy of that query kind answers this query (distance: Distance and Both; penetration:
  // Penetration and Both; cast: Cast).
  virtual bool answers(QueryKind kind) const = 0;
  bool answers(const StrategyInfo& strategy) const { return answers(strategy.query); }

  // The families a comparison of that dimension (2 or 3) runs this query's strategies on (penetration:
  // overlapFamilyNames in 2D, every 3D family in 3D; cast: castFamilyNames in 2D, none in 3D; distance: the
  // distance families of the dimension, though its comparison is its own). None: the query has no comparison
  // of that dimension.
  virtual std::vector<std::string> comparisonFamilies(int dimension) const = 0;
  // Families a comparison of that dimension runs only when named (cast in 2D: the rotating cast group, which most
  // cast strategies refuse); none by default.
  virtual std::vector<std::string> optionalFamilies(int /*dimension*/) const { return {}; }

  // Every violation kind of this query's verdict, in order (an answer's primary kind is the first that
  // applies), without the engine failures crash, hang, protocol, which every query shares (ENGINE_FAILURE_KINDS)
  // and which come first in a verdict that has one.
  virtual std::span<const char* const> violationKinds() const = 0;

  // The measures of QueryVerdict::measures, in order (penetration: depth error, normal error, contact error).
  virtual std::span<const QueryMeasure> measures() const = 0;

  // The answer columns of the comparison's rows CSV, and their values for one answer (same order).
  virtual std::span<const AnswerColumn> answerColumns() const = 0;
  virtual std::vector<double> answerValues(const StrategyResult& result) const = 0;

  // The exact answer of `value` for this query, built from its oracle answer once per case. `exact` is
  // solveExactly's (with the Minkowski hull when the query needs it; otherwise the query solves what it needs).
  virtual std::unique_ptr<PreparedExact> prepare(const Case& value, const oracle::ExactAnswer& exact) const = 0;

  // A strategy's answer to this query judged against the exact one. `prepared` is prepare(value, exact)'s.
  virtual QueryVerdict judge(const Case& value, const oracle::ExactAnswer& exact, const PreparedExact& prepared,
                             const StrategyResult& result, const StrategyInfo& strategy) const = 0;

  // A strategy's answer to a 3D case judged against the exact 3D answer (oracle/oracle3.h): the 3D verdict of a
  // query with a 3D comparison (comparisonFamilies(3) not empty: distance by verdict/verdict3.h, penetration by
  // verdict/penetration_verdict3.h). The default throws CaseError.
  virtual QueryVerdict judge3(const Case& value, const oracle::ExactAnswer3& exact, const StrategyResult& result,
                              const StrategyInfo& strategy) const;

  // The exact answer of a case of either dimension, solved from the case alone by the oracle of its dimension:
  // what a comparison prepares once per case for judgeCase, so that it needs to know neither oracle. A 2D case:
  // solveExactly, then prepare; a 3D case: solveExactly3, for a query with a 3D comparison (CaseError otherwise).
  std::unique_ptr<PreparedExact> prepareCase(const Case& value) const;
  // A strategy's answer judged against prepareCase(value)'s: judge for a 2D case (with the exact answer and the
  // prepared one prepareCase keeps, so that a comparison's verdicts are judge's bit for bit), judge3 for a 3D one.
  QueryVerdict judgeCase(const Case& value, const PreparedExact& prepared, const StrategyResult& result,
                         const StrategyInfo& strategy) const;

  // The reasons as meta.expected-reasons and verdict tables record them: "ok" when there are none, else the
  // reasons joined by commas (distance: "refused" for a refused query).
  virtual std::string reasonList(const QueryVerdict& verdict) const;

  // "refused" for a refused query, else "ok" when there is no reason, else reasons.front().
  std::string primaryKind(const QueryVerdict& verdict) const;

  // The cause word after the primary kind in a signature (verdict/classify.h ViolationSummary): the answer's
  // termination, or the query's name where the strategy's termination belongs to another query it answers.
  virtual std::string causeWord(const StrategyInfo& strategy, const StrategyResult& result) const = 0;

  // A violation as a campaign files it: requires verdict.violation. Signature "<strategy> <primary kind>
  // <causeWord>", file name, family (classifyFamily) and a one-line story with the numbers.
  virtual ViolationSummary summarize(const Case& value, const StrategyInfo& strategy, const oracle::ExactAnswer& exact,
                                     const PreparedExact& prepared, const StrategyResult& result,
                                     const QueryVerdict& verdict) const = 0;

  // The case a campaign writes for a violation: regressionCase's meta lines (family, signature, strategy,
  // expected-verdict, expected-reasons, found-by, story), plus `meta.query <name>` for a query other than
  // distance, so that corpus check replays it with this query's verdict. The default (every query but distance):
  // the distance regression's meta lines with this verdict's reasons and `meta.query <name>`.
  virtual Case regressionCase(const Case& value, const StrategyInfo& strategy, const ViolationSummary& summary,
                              const QueryVerdict& verdict, const std::string& foundBy) const;

  // The claims `gjkcheck properties` measures for this query's strategies (verdict/claims.h), in order;
  // strategyProperties() is every query's, in queries() order.
  virtual const std::vector<StrategyProperty>& properties() const = 0;
};

// The engine failures that are violations, as reasons of any query's verdict: crash, hang, protocol.
inline constexpr const char* ENGINE_FAILURE_KINDS[] = {"crash", "hang", "protocol"};

// The one query kind a strategy is asked when only this query is wanted (runBatch's `asked`): Distance,
// Penetration or Cast, the single kind the query answers.
inline QueryKind askedKind(const Query& query) {
  for (QueryKind kind : {QueryKind::Distance, QueryKind::Penetration, QueryKind::Cast}) {
    if (query.answers(kind)) return kind;
  }
  return QueryKind::Both;
}

// Every query, in a fixed order: distance, penetration, then the cast. The list is in verdict/query_registry.cpp;
// a new query adds its accessor there (the cast: castQuery(), declared below with the others).
const std::vector<const Query*>& queries();

// The query of that name, or null.
const Query* queryNamed(std::string_view name);

// The queries themselves (verdict/query_distance.cpp, verdict/query_penetration.cpp, verdict/query_cast.cpp).
const Query& distanceQuery();
const Query& penetrationQuery();
const Query& castQuery();

// The queries `strategy` answers, in queries() order (rapier2d: distance and penetration).
std::vector<const Query*> queriesOf(const StrategyInfo& strategy);

// The query a strategy is judged by unless told: distance when it answers distance, else the first other query
// it answers (penetration, cast). What a campaign fuzzes by default and what a regression without meta.query
// replays.
const Query& primaryQuery(const StrategyInfo& strategy);

// The query whose verdict a corpus case's meta.expected-verdict states for `strategy`: meta.query's when the
// strategy answers it, distance for `meta.query distance`, else primaryQuery(strategy).
const Query& expectationQuery(const Case& value, const StrategyInfo& strategy);

// The strategies of `chosen` that answer `query`, in order.
std::vector<const StrategyInfo*> strategiesAnswering(const Query& query,
                                                     const std::vector<const StrategyInfo*>& chosen);

}  // namespace gjk::check
