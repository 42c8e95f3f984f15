// The cast query (issue 22) on the query seam (verdict/query_seam.h): the shape cast and time of impact of
// strategies of query kind cast, judged by verdict/cast_verdict.h on the cast families, with the cause and
// regression case a campaign files and the claims of verdict/cast_claims.h.
#include <cstdio>

#include "families/families.h"
#include "verdict/cast_claims.h"
#include "verdict/cast_verdict.h"
#include "verdict/query_seam.h"

namespace gjk::check {
namespace {

std::string shortNumber(double value) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.8g", value);
  return buffer;
}

// The exact first-contact times of one case, by band (filled as strategies ask).
struct PreparedCast : PreparedExact {
  explicit PreparedCast(const Case& value) : cast(value) {}
  CastCase cast;
};

const CastCase& castOf(const PreparedExact& prepared) { return static_cast<const PreparedCast&>(prepared).cast; }

constexpr QueryMeasure MEASURES[] = {{"fraction error", "u", "fraction_error_u", "fraction err"},
                                     {"gap error", "u", "gap_error_u", "gap err"},
                                     {"normal angle", "rad", "normal_angle_rad", "normal angle"},
                                     {"point error", "u", "point_error_u", nullptr}};
constexpr AnswerColumn ANSWER_COLUMNS[] = {{"hit"}, {"fraction"}};

QueryVerdict toQueryVerdict(const CastVerdict& cast) {
  QueryVerdict verdict;
  verdict.judged = cast.judged;
  verdict.failure = cast.failure;
  verdict.violation = cast.violation;
  verdict.reasons = cast.reasons;
  verdict.measures = {cast.fractionErrorU, cast.gapErrorU, cast.normalAngle, cast.pointErrorU};
  verdict.undecided = cast.undecided;
  return verdict;
}

class CastQuery final : public Query {
 public:
  const char* name() const override { return "cast"; }
  bool answers(QueryKind kind) const override { return answersCast(kind); }
  // No 3D cast strategy: no 3D comparison.
  std::vector<std::string> comparisonFamilies(int dimension) const override {
    return dimension == 2 ? castFamilyNames() : std::vector<std::string>{};
  }
  std::vector<std::string> optionalFamilies(int dimension) const override {
    return dimension == 2 ? rotatingCastFamilyNames() : std::vector<std::string>{};
  }
  std::span<const char* const> violationKinds() const override { return CAST_VIOLATION_KINDS; }
  std::span<const QueryMeasure> measures() const override { return MEASURES; }
  std::span<const AnswerColumn> answerColumns() const override { return ANSWER_COLUMNS; }
  std::vector<double> answerValues(const StrategyResult& result) const override {
    return {result.cast.hit ? 1.0 : 0.0, result.cast.fraction};
  }

  std::unique_ptr<PreparedExact> prepare(const Case& value, const oracle::ExactAnswer& /*exact*/) const override {
    return std::make_unique<PreparedCast>(value);
  }

  QueryVerdict judge(const Case& /*value*/, const oracle::ExactAnswer& /*exact*/, const PreparedExact& prepared,
                     const StrategyResult& result, const StrategyInfo& strategy) const override {
    return toQueryVerdict(judgeCast(castOf(prepared), result, strategy));
  }

  std::string causeWord(const StrategyInfo& /*strategy*/, const StrategyResult& result) const override {
    return result.termination.empty() ? "unreported" : result.termination;
  }

  ViolationSummary summarize(const Case& value, const StrategyInfo& strategy, const oracle::ExactAnswer& exact,
                             const PreparedExact& prepared, const StrategyResult& result,
                             const QueryVerdict& verdict) const override {
    ViolationSummary summary;
    summary.family = value.metaValue("family").empty() ? classifyFamily(value, exact) : value.metaValue("family");
    const std::string kind = primaryKind(verdict);
    summary.signature = strategy.name + " " + kind + " " + causeWord(strategy, result);
    summary.fileName = causeFileName(strategy.name, kind, causeWord(strategy, result));
    if (result.failure != EngineFailure::None) {
      const std::string detail = result.failureDetail.substr(0, result.failureDetail.find('\n')).substr(0, 200);
      summary.story = strategy.name + " gave no cast answer: " + kind + " (" + detail + ")";
      return summary;
    }
    const CastCase& cast = castOf(prepared);
    std::string exactText;
    if (cast.rotating()) {
      const oracle::SweepEnclosure touching = oracle::castSweepEnclosure(
          cast.a(), cast.b(), cast.translation(), cast.angular(),
          oracle::exactDouble(cast.a().radius) + oracle::exactDouble(cast.b().radius));
      exactText = "turning by " + shortNumber(cast.angular()) + " rad, " +
                  (touching.outcome == oracle::SweepOutcome::Miss ? std::string("never touches within [0, 1]")
                   : touching.outcome == oracle::SweepOutcome::Hit
                       ? "first touches at t* in " + oracle::sweepIntervalText(touching)
                       : "first touches, if at all, after " + oracle::sweepIntervalText(touching) + " (undecided)");
    } else {
      const oracle::ExactCast& touching = cast.touching();
      exactText = touching.hit ? "first touches at t* = " + oracle::quadraticDecimal(touching.fraction, 12)
                               : std::string("never touches within [0, 1]");
    }
    const CastAnswer& c = result.cast;
    const std::string answer = c.hit ? "a hit at fraction " + shortNumber(c.fraction) + " with normal (" +
                                           shortNumber(c.normal.x) + ", " + shortNumber(c.normal.y) + ")"
                                     : std::string("a miss");
    summary.story = strategy.name + " reports " + answer + " (" + result.termination + " after " +
                    std::to_string(result.iterations) + " iterations) where B " + exactText + ": " +
                    reasonList(verdict) + "; fraction error " + shortNumber(verdict.measures[0]) +
                    " u of travel, gap error " + shortNumber(verdict.measures[1]) + " u (T = " +
                    shortNumber(VIOLATION_THRESHOLD_U) + " u, u = " + shortNumber(double(cast.unit())) + ")";
    return summary;
  }

  const std::vector<StrategyProperty>& properties() const override { return castProperties(); }
};

}  // namespace

const Query& castQuery() {
  static const CastQuery QUERY;
  return QUERY;
}

}  // namespace gjk::check
