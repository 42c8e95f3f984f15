// The queries of the seam (verdict/query_seam.h), in order, and what every query shares.
#include <stdexcept>
#include <string>

#include "verdict/exact_case.h"
#include "verdict/exact_case3.h"
#include "verdict/query_seam.h"

namespace gjk::check {
namespace {

// A 2D case's exact answer and what the query prepared from it.
struct PreparedCase : PreparedExact {
  oracle::ExactAnswer exact;
  std::unique_ptr<PreparedExact> prepared;
};

// A 3D case's exact answer, which judge3 reads.
struct PreparedSpace : PreparedExact {
  explicit PreparedSpace(oracle::ExactAnswer3 value) : exact(std::move(value)) {}
  oracle::ExactAnswer3 exact;
};

}  // namespace

QueryVerdict Query::judge3(const Case& value, const oracle::ExactAnswer3&, const StrategyResult&,
                           const StrategyInfo&) const {
  requirePlanarCase(value, std::string("the ") + name() + " query");  // CaseError, naming the case
  throw std::logic_error("Query::judge3 is for 3D cases");
}

std::unique_ptr<PreparedExact> Query::prepareCase(const Case& value) const {
  if (value.dimension == 3) {
    // A query without a 3D verdict refuses the case before it is solved.
    if (comparisonFamilies(3).empty()) requirePlanarCase(value, std::string("the ") + name() + " query");
    return std::make_unique<PreparedSpace>(solveExactly3(value));
  }
  auto out = std::make_unique<PreparedCase>();
  out->exact = solveExactly(value);
  out->prepared = prepare(value, out->exact);
  return out;
}

QueryVerdict Query::judgeCase(const Case& value, const PreparedExact& prepared, const StrategyResult& result,
                              const StrategyInfo& strategy) const {
  if (value.dimension == 3) return judge3(value, static_cast<const PreparedSpace&>(prepared).exact, result, strategy);
  const PreparedCase& planar = static_cast<const PreparedCase&>(prepared);
  return judge(value, planar.exact, *planar.prepared, result, strategy);
}

std::string Query::reasonList(const QueryVerdict& verdict) const {
  std::string reasons;
  for (const std::string& reason : verdict.reasons) reasons += (reasons.empty() ? "" : ",") + reason;
  return reasons.empty() ? "ok" : reasons;
}

Case Query::regressionCase(const Case& value, const StrategyInfo& strategy, const ViolationSummary& summary,
                           const QueryVerdict& verdict, const std::string& foundBy) const {
  Case out = check::regressionCase(value, strategy, summary, Verdict{}, foundBy);
  out.setMeta("expected-reasons", reasonList(verdict));
  out.setMeta("query", name());
  return out;
}

std::string Query::primaryKind(const QueryVerdict& verdict) const {
  if (verdict.failure == EngineFailure::Refused) return "refused";
  return verdict.reasons.empty() ? "ok" : verdict.reasons.front();
}

// A new query adds its accessor here, in the order its reports and claims come.
const std::vector<const Query*>& queries() {
  static const std::vector<const Query*> QUERIES = {&distanceQuery(), &penetrationQuery(), &castQuery()};
  return QUERIES;
}

const Query* queryNamed(std::string_view name) {
  for (const Query* query : queries()) {
    if (name == query->name()) return query;
  }
  return nullptr;
}

std::vector<const Query*> queriesOf(const StrategyInfo& strategy) {
  std::vector<const Query*> answered;
  for (const Query* query : queries()) {
    if (query->answers(strategy)) answered.push_back(query);
  }
  return answered;
}

const Query& primaryQuery(const StrategyInfo& strategy) {
  for (const Query* query : queries()) {
    if (query->answers(strategy)) return *query;
  }
  return distanceQuery();
}

const Query& expectationQuery(const Case& value, const StrategyInfo& strategy) {
  const Query* named = queryNamed(value.metaValue("query"));
  if (named == &distanceQuery()) return distanceQuery();
  if (named != nullptr && named->answers(strategy)) return *named;
  return primaryQuery(strategy);
}

std::vector<const StrategyInfo*> strategiesAnswering(const Query& query,
                                                     const std::vector<const StrategyInfo*>& chosen) {
  std::vector<const StrategyInfo*> answering;
  for (const StrategyInfo* strategy : chosen) {
    if (query.answers(*strategy)) answering.push_back(strategy);
  }
  return answering;
}

}  // namespace gjk::check
