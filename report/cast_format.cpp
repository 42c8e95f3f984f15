#include "report/cast_format.h"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "report/answer_format.h"
#include "report/json.h"
#include "verdict/cast_verdict.h"

namespace gjk::check {
namespace {

using oracle::HighPrecision;

std::string pair(const std::string& x, const std::string& y) {
  return "[" + jsonQuote(x) + ", " + jsonQuote(y) + "]";
}

struct UnitDirection {
  HighPrecision x, y;
};

UnitDirection unit(const HighPrecision& x, const HighPrecision& y) {
  const HighPrecision length = sqrt(x * x + y * y);
  return {x / length, y / length};
}

// The exact normal (for a cone, its bisector) as a unit vector in high precision.
UnitDirection exactNormal(const oracle::ExactCast& cast) {
  if (!cast.normalIsCone) {
    return unit(oracle::toHighPrecision(cast.normalX), oracle::toHighPrecision(cast.normalY));
  }
  const UnitDirection from = unit(HighPrecision(cast.coneFrom.x), HighPrecision(cast.coneFrom.y));
  const UnitDirection to = unit(HighPrecision(cast.coneTo.x), HighPrecision(cast.coneTo.y));
  if (cast.coneFrom.x == cast.coneTo.x && cast.coneFrom.y == cast.coneTo.y) {
    return from;  // M a point: every direction valid, written as the one -r
  }
  const HighPrecision sx = from.x + to.x, sy = from.y + to.y;
  if (sx == 0 && sy == 0) {  // a half-plane cone: the bisector is from turned a quarter counter-clockwise
    return {-from.y, from.x};
  }
  return unit(sx, sy);
}

std::string directionText(const UnitDirection& n, int digits) {
  return "(" + highPrecisionDecimal(n.x, digits) + ", " + highPrecisionDecimal(n.y, digits) + ")";
}

std::string outcomeText(const QueryVerdict& verdict) {
  if (verdict.violation) {
    std::string outcome = "violation:";
    for (const std::string& reason : verdict.reasons) outcome += (outcome.back() == ':' ? " " : ",") + reason;
    return outcome;
  }
  if (verdict.failure == EngineFailure::Refused) return "refused";
  if (!verdict.undecided.empty()) {
    std::string outcome = "undecided:";
    for (const std::string& kind : verdict.undecided) outcome += (outcome.back() == ':' ? " " : ",") + kind;
    return outcome;
  }
  return "ok";
}

oracle::ExactCast touchingCast(const Case& value) { return CastCase(value).touching(); }

// A rotating case's certified enclosure of the first touch (target rA + rB).
oracle::SweepEnclosure touchingSweep(const Case& value) {
  const CastCase cast(value);
  return oracle::castSweepEnclosure(cast.a(), cast.b(), cast.translation(), cast.angular(),
                                    oracle::exactDouble(cast.a().radius) + oracle::exactDouble(cast.b().radius));
}

// An exact dyadic time as a decimal of 20 significant digits (for text; the value itself is exact).
std::string rationalDecimal(const oracle::Rational& value) {
  char text[40];
  std::snprintf(text, sizeof text, "%.20g", value.convert_to<double>());
  return text;
}

std::string sweepText(const Case& value) {
  const oracle::SweepEnclosure e = touchingSweep(value);
  std::string text = "  cast (B moves by t·(" + scalarDecimal(value.translationX, "float") + ", " +
                     scalarDecimal(value.translationY, "float") + ") and turns by t·" +
                     scalarDecimal(value.angular, "float") + " rad, target rA + rB)\n";
  switch (e.outcome) {
    case oracle::SweepOutcome::Miss:
      return text + "  cast first contact none (certified): the rounded shapes never touch for t in [0, 1]\n";
    case oracle::SweepOutcome::Hit:
      return text + "  cast fraction     in [" + rationalDecimal(e.lo) + ", " + rationalDecimal(e.hi) +
             "] (a certified enclosure, not an exact value; " + std::to_string(e.nodes) + " time intervals)\n";
    case oracle::SweepOutcome::Undecided:
      break;
  }
  return text + "  cast fraction     undecided: no contact before " + rationalDecimal(e.lo) +
         " (certified), none certified after (" + std::to_string(e.nodes) + " time intervals)\n";
}

class CastReport final : public QueryReport {
 public:
  const Query& query() const override { return castQuery(); }

  std::string exactText(const Case& value, const oracle::ExactAnswer& /*exact*/) const override {
    if (!value.hasTranslation) return "";
    if (value.hasAngular) return sweepText(value);
    const oracle::ExactCast cast = touchingCast(value);
    std::string text = "  cast (B moves by t·(" + scalarDecimal(value.translationX, "float") + ", " +
                       scalarDecimal(value.translationY, "float") + "), target rA + rB)\n";
    if (!cast.hit) {
      return text + "  cast first contact none: the rounded shapes never touch for t in [0, 1]\n";
    }
    text += "  cast fraction     " + oracle::quadraticDecimal(cast.fraction, 40) + "\n";
    if (cast.initiallyOverlapping || cast.initiallyTouching) {
      text += std::string("  cast initially    ") + (cast.initiallyOverlapping ? "overlapping" : "touching") + "\n";
    }
    if (cast.normalKnown) {
      text += "  cast normal       " + directionText(exactNormal(cast), 30) +
              (cast.normalIsCone ? " (bisector of the cone of normals)" : "") + "\n";
      text += "  cast point        (" + highPrecisionDecimal(cast.pointX, 30) + ", " +
              highPrecisionDecimal(cast.pointY, 30) + ")\n";
    }
    return text;
  }

  void addExactKeys(JsonObject& object, const Case& value, const oracle::ExactAnswer& /*exact*/) const override {
    if (!value.hasTranslation) return;
    if (value.hasAngular) {
      const oracle::SweepEnclosure e = touchingSweep(value);
      JsonObject sweep;
      sweep.add("angular", scalarDecimal(value.angular, "float"))
          .add("outcome", oracle::sweepOutcomeName(e.outcome))
          .add("lo", rationalDecimal(e.lo))
          .add("hi", rationalDecimal(e.hi));
      object.addRaw("cast_sweep", sweep.str());
      return;
    }
    object.addRaw("cast", castExactJson(touchingCast(value)));
  }

  std::string answerLine(const std::string& caseName, const StrategyInfo& strategy, const StrategyResult& result,
                         const QueryVerdict& verdict) const override {
    const CastAnswer& c = result.cast;
    const std::string answer = !c.answered ? "no answer"
                               : c.hit     ? "hit at " + scalarDecimal(c.fraction, strategy.scalar)
                                           : "miss";
    char line[512];
    std::snprintf(line, sizeof line, "%-44s %-16s %-26s fraction %9.3g u  gap %9.3g u  normal %9.3g rad  point %9.3g u  %s",
                  caseName.c_str(), strategy.name.c_str(), answer.c_str(), verdict.measures[0], verdict.measures[1],
                  verdict.measures[2], verdict.measures[3], outcomeText(verdict).c_str());
    return line;
  }

  // hit, fraction, normal, point (decimals of the reported values), fraction_error_u, gap_error_u,
  // normal_angle_rad, point_error_u, verdict and reasons, the strategy's stop word (termination: the engine's own,
  // as TOI states or b2ShapeCast's exits) and its iterations where it reports them.
  std::string answerJson(const StrategyInfo& strategy, const StrategyResult& result,
                         const QueryVerdict& verdict) const override {
    const std::string& s = strategy.scalar;
    const CastAnswer& c = result.cast;
    JsonObject object;
    object.add("hit", c.hit)
        .add("fraction", scalarDecimal(c.fraction, s))
        .addRaw("normal", pair(scalarDecimal(c.normal.x, s), scalarDecimal(c.normal.y, s)))
        .addRaw("point", pair(scalarDecimal(c.point.x, s), scalarDecimal(c.point.y, s)))
        .addNumber("fraction_error_u", verdict.measures[0])
        .addNumber("gap_error_u", verdict.measures[1])
        .addNumber("normal_angle_rad", verdict.measures[2])
        .addNumber("point_error_u", verdict.measures[3])
        .add("verdict", verdict.violation ? "violation" : "ok")
        .addStrings("reasons", verdict.reasons)
        .add("termination", result.termination);
    if (result.iterations >= 0) object.addNumber("iterations", result.iterations);
    if (!verdict.undecided.empty()) object.addStrings("undecided", verdict.undecided);
    return object.str();
  }

  // The same words in any dimension: the cast query has no 3D comparison (CastQuery::comparisonFamilies).
  std::string comparisonScope(int /*dimension*/) const override { return "the cast families"; }
  std::string judgedAgainst(int /*dimension*/) const override {
    return "the exact first-contact times of each strategy's declared band (docs/verdict.md, Cast)";
  }
  std::string familyWord(int /*dimension*/) const override { return "cast family"; }
};

}  // namespace

std::string highPrecisionDecimal(const HighPrecision& value, int digits) {
  if (value == 0) return "0";
  std::ostringstream out;
  out.precision(digits);
  out << std::scientific << value;
  return out.str();
}

std::string castExactJson(const oracle::ExactCast& cast) {
  JsonObject object;
  object.add("hit", cast.hit);
  if (cast.hit) object.add("fraction", oracle::quadraticDecimal(cast.fraction, 30));
  object.add("initially_touching", cast.initiallyTouching).add("initially_overlapping", cast.initiallyOverlapping);
  if (cast.hit && cast.normalKnown) {
    const UnitDirection n = exactNormal(cast);
    object.addRaw("normal", pair(highPrecisionDecimal(n.x, 30), highPrecisionDecimal(n.y, 30)));
    if (cast.normalIsCone) {
      const UnitDirection from = unit(HighPrecision(cast.coneFrom.x), HighPrecision(cast.coneFrom.y));
      const UnitDirection to = unit(HighPrecision(cast.coneTo.x), HighPrecision(cast.coneTo.y));
      object.addRaw("normal_cone", "{\"from\": " + pair(highPrecisionDecimal(from.x, 30), highPrecisionDecimal(from.y, 30)) +
                                       ", \"to\": " + pair(highPrecisionDecimal(to.x, 30), highPrecisionDecimal(to.y, 30)) + "}");
    }
    object.addRaw("point", pair(highPrecisionDecimal(cast.pointX, 30), highPrecisionDecimal(cast.pointY, 30)));
  }
  return object.str();
}

const QueryReport& castReport() {
  static const CastReport REPORT;
  return REPORT;
}

}  // namespace gjk::check
