// The distance query on the query seam (verdict/query_seam.h): the distance verdict of verdict/verdict.h (of
// verdict/verdict3.h for a 3D case), the cause and regression case of verdict/classify.h and the distance claims of
// verdict/claims.h behind the common interface. Its comparison report (report/comparison*.cpp, with its charts and
// shards) stays its own.
#include <cmath>

#include "families/families.h"
#include "verdict/query_seam.h"
#include "verdict/verdict.h"
#include "verdict/verdict3.h"

namespace gjk::check {
namespace {

// The measures, in the order of QueryVerdict::measures.
enum { DISTANCE_ERROR = 0, WITNESS_ERROR = 1, WITNESS_GAP = 2, MEASURE_COUNT = 3 };

constexpr QueryMeasure MEASURES[] = {{"distance error", "u", "distance_error_u", "distance err"},
                                     {"witness error", "u", "witness_error_u", "witness err"},
                                     {"witness gap", "u", "witness_gap_u", nullptr}};
constexpr AnswerColumn ANSWER_COLUMNS[] = {{"distance"}};

// The distance verdict has nothing to prepare: CaseJudge and judge work from the exact answer itself.
struct NothingPrepared : PreparedExact {};

// The distance verdict of a QueryVerdict this query made (its measures in order, refused from the failure).
Verdict distanceVerdict(const QueryVerdict& verdict) {
  Verdict out;
  out.distanceErrorU = verdict.measures[DISTANCE_ERROR];
  out.witnessErrorU = verdict.measures[WITNESS_ERROR];
  out.witnessGapU = verdict.measures[WITNESS_GAP];
  out.violation = verdict.violation;
  out.reasons = verdict.reasons;
  out.refused = verdict.failure == EngineFailure::Refused;
  return out;
}

// A strategy that answers no distance (nor failed): judged false, the measures NaN.
QueryVerdict unjudged(const StrategyResult& result) {
  QueryVerdict out;
  out.failure = result.failure;
  out.measures.assign(MEASURE_COUNT, std::nan(""));
  return out;
}

// The distance verdict (judge's or judge3's) as a QueryVerdict.
QueryVerdict judged(const StrategyResult& result, const Verdict& verdict) {
  QueryVerdict out;
  out.failure = result.failure;
  out.judged = true;
  out.violation = verdict.violation;
  out.reasons = verdict.reasons;
  out.measures = {verdict.distanceErrorU, verdict.witnessErrorU, verdict.witnessGapU};
  return out;
}

class DistanceQuery final : public Query {
 public:
  const char* name() const override { return "distance"; }
  bool answers(QueryKind kind) const override { return answersDistance(kind); }
  std::vector<std::string> comparisonFamilies(int dimension) const override {
    return dimension == 3 ? familyNames3() : familyNames();
  }
  // VIOLATION_KINDS without the engine failures it begins with.
  std::span<const char* const> violationKinds() const override {
    return std::span<const char* const>(VIOLATION_KINDS).subspan(std::size(ENGINE_FAILURE_KINDS));
  }
  std::span<const QueryMeasure> measures() const override { return MEASURES; }
  std::span<const AnswerColumn> answerColumns() const override { return ANSWER_COLUMNS; }
  std::vector<double> answerValues(const StrategyResult& result) const override { return {result.distance}; }

  std::unique_ptr<PreparedExact> prepare(const Case&, const oracle::ExactAnswer&) const override {
    return std::make_unique<NothingPrepared>();
  }

  // judged is false for a strategy that answers no distance (nor failed).
  QueryVerdict judge(const Case& value, const oracle::ExactAnswer& exact, const PreparedExact&,
                     const StrategyResult& result, const StrategyInfo& strategy) const override {
    if (!answersDistance(strategy.query) && result.failure == EngineFailure::None) return unjudged(result);
    return judged(result, check::judge(value, exact, result, strategy));
  }

  // A 3D case by the 3D verdict (verdict/verdict3.h), as judge does a 2D one.
  QueryVerdict judge3(const Case& value, const oracle::ExactAnswer3& exact, const StrategyResult& result,
                      const StrategyInfo& strategy) const override {
    if (!answersDistance(strategy.query) && result.failure == EngineFailure::None) return unjudged(result);
    return judged(result, check::judge3(value, exact, result, strategy));
  }

  std::string reasonList(const QueryVerdict& verdict) const override {
    return check::reasonList(distanceVerdict(verdict));
  }

  // The rule that decided the answer (a rule after the loop when one changed it, else the loop's stop).
  std::string causeWord(const StrategyInfo&, const StrategyResult& result) const override {
    return result.termination;
  }

  ViolationSummary summarize(const Case& value, const StrategyInfo& strategy, const oracle::ExactAnswer& exact,
                             const PreparedExact&, const StrategyResult& result,
                             const QueryVerdict& verdict) const override {
    return summarizeViolation(value, strategy, exact, result, distanceVerdict(verdict));
  }

  Case regressionCase(const Case& value, const StrategyInfo& strategy, const ViolationSummary& summary,
                      const QueryVerdict& verdict, const std::string& foundBy) const override {
    return check::regressionCase(value, strategy, summary, distanceVerdict(verdict), foundBy);
  }

  const std::vector<StrategyProperty>& properties() const override { return distanceProperties(); }
};

}  // namespace

const Query& distanceQuery() {
  static const DistanceQuery QUERY;
  return QUERY;
}

}  // namespace gjk::check
