// The penetration query (issue 13) on the query seam (verdict/query_seam.h): the overlap depth, normal and
// contact points of strategies of query kind penetration or both, judged by verdict/penetration_verdict.h on the
// overlap families, with the cause and regression case a campaign files (the fuzz target fuzz_penetration and
// `gjkcheck campaign` name a cause with the same function, so the signatures the campaign passes to the fuzzer
// are the ones the fuzzer computes) and the claims of verdict/penetration_claims.h. A 3D case (a comparison of 3D
// strategies) is judged by verdict/penetration_verdict3.h against the 3D oracle, on every 3D family.
#include <cstdio>

#include "families/families.h"
#include "oracle/penetration.h"
#include "verdict/exact_case.h"
#include "verdict/penetration_claims.h"
#include "verdict/penetration_verdict.h"
#include "verdict/penetration_verdict3.h"
#include "verdict/query_seam.h"

namespace gjk::check {
namespace {

std::string shortNumber(double value) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.8g", value);
  return buffer;
}

// The exact depth and minimal normals of one case.
struct PreparedPenetration : PreparedExact {
  explicit PreparedPenetration(oracle::ExactPenetration value) : penetration(std::move(value)) {}
  oracle::ExactPenetration penetration;
};

const oracle::ExactPenetration& penetrationOf(const PreparedExact& prepared) {
  return static_cast<const PreparedPenetration&>(prepared).penetration;
}

constexpr QueryMeasure MEASURES[] = {{"depth error", "u", "depth_error_u", "depth err"},
                                     {"normal error", "u", "normal_error_u", "normal err"},
                                     {"contact error", "u", "contact_error_u", nullptr}};
constexpr AnswerColumn ANSWER_COLUMNS[] = {{"overlapping"}, {"depth"}};

class PenetrationQuery final : public Query {
 public:
  const char* name() const override { return "penetration"; }
  bool answers(QueryKind kind) const override { return answersPenetration(kind); }
  // The 3D families have no overlap group: a 3D comparison runs every one, its separated cases judged too (a
  // claimed overlap of separated shapes is a wrong-relation).
  std::vector<std::string> comparisonFamilies(int dimension) const override {
    return dimension == 3 ? familyNames3() : overlapFamilyNames();
  }
  std::span<const char* const> violationKinds() const override { return PENETRATION_VIOLATION_KINDS; }
  std::span<const QueryMeasure> measures() const override { return MEASURES; }
  std::span<const AnswerColumn> answerColumns() const override { return ANSWER_COLUMNS; }
  std::vector<double> answerValues(const StrategyResult& result) const override {
    return {result.penetration.overlapping ? 1.0 : 0.0, result.penetration.depth};
  }

  std::unique_ptr<PreparedExact> prepare(const Case& value, const oracle::ExactAnswer& exact) const override {
    return std::make_unique<PreparedPenetration>(exactPenetration(value, exact));
  }

  QueryVerdict judge(const Case& value, const oracle::ExactAnswer& exact, const PreparedExact& prepared,
                     const StrategyResult& result, const StrategyInfo& strategy) const override {
    return judgePenetration(value, exact, penetrationOf(prepared), result, strategy);
  }

  QueryVerdict judge3(const Case& value, const oracle::ExactAnswer3& exact, const StrategyResult& result,
                      const StrategyInfo& strategy) const override {
    return judgePenetration3(value, exact, result, strategy);
  }

  // The strategy's termination (penetrationStopName for the core strategies, contact / no-contact for the
  // linked engines) when it answers penetration only; "penetration" for a strategy of query kind both, whose
  // termination belongs to its distance answer (so that its distance and penetration causes never share a
  // file name).
  std::string causeWord(const StrategyInfo& strategy, const StrategyResult& result) const override {
    if (answersDistance(strategy.query)) return "penetration";
    return result.termination.empty() ? "unreported" : result.termination;
  }

  ViolationSummary summarize(const Case& value, const StrategyInfo& strategy, const oracle::ExactAnswer& exact,
                             const PreparedExact& prepared, const StrategyResult& result,
                             const QueryVerdict& verdict) const override {
    ViolationSummary summary;
    summary.family = classifyFamily(value, exact);
    const std::string kind = primaryKind(verdict);
    summary.signature = strategy.name + " " + kind + " " + causeWord(strategy, result);
    summary.fileName = causeFileName(strategy.name, kind, causeWord(strategy, result));
    if (result.penetration.failure != EngineFailure::None) {
      const std::string& why = result.penetration.failureDetail;
      const std::string detail = why.substr(0, why.find('\n')).substr(0, 200);
      summary.story = strategy.name + " gave no penetration answer: " + kind + " (" + detail + "); family " +
                      summary.family + " by verdict/classify";
      return summary;
    }
    const PenetrationAnswer& p = result.penetration;
    const std::string exactDepth = oracle::penetrationDepthDecimal(penetrationOf(prepared), 8);
    if (!p.overlapping) {
      summary.story = strategy.name + " says separated (" + result.termination + ") where the exact depth is " +
                      exactDepth + " (" + oracle::relationName(exact.relation) + "): " + reasonList(verdict) +
                      "; family " + summary.family + " by verdict/classify";
      return summary;
    }
    const double unit = static_cast<double>(errorUnit(exact));
    summary.story = strategy.name + " reports depth " + shortNumber(p.depth) + " along (" + shortNumber(p.normal.x) +
                    ", " + shortNumber(p.normal.y) + ") (" + result.termination + " after " +
                    std::to_string(result.iterations) + " iterations) where the exact depth is " + exactDepth +
                    " (" + oracle::relationName(exact.relation) + "): " + reasonList(verdict) + "; depth error " +
                    shortNumber(verdict.measures[PENETRATION_DEPTH_ERROR]) + " u, normal error " +
                    shortNumber(verdict.measures[PENETRATION_NORMAL_ERROR]) + " u, contact error " +
                    shortNumber(verdict.measures[PENETRATION_CONTACT_ERROR]) + " u (T = " +
                    shortNumber(VIOLATION_THRESHOLD_U) + " u, u = " + shortNumber(unit) + "); family " +
                    summary.family + " by verdict/classify";
    return summary;
  }

  const std::vector<StrategyProperty>& properties() const override { return penetrationProperties(); }
};

}  // namespace

const Query& penetrationQuery() {
  static const PenetrationQuery QUERY;
  return QUERY;
}

}  // namespace gjk::check
