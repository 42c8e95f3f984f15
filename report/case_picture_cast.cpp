// The cast query's layer of a case's picture (issue 22; QueryLayer, report/case_picture_parts.h). In the
// Minkowski panel the cast is the origin seen from M: moving B by t r moves M by t r, which is the point −t r
// walking towards M. Drawn: that path from the origin to −r, the exact first contact −t* r (target rA + rB) with
// the exact normal there, and the strategy's reported −f r with its normal.
#include <cmath>

#include "report/answer_format.h"
#include "report/case_picture_parts.h"
#include "report/cast_format.h"
#include "report/comparison.h"
#include "verdict/cast_verdict.h"
#include "verdict/query_seam.h"

namespace gjk::check::picture {
namespace {

class CastLayer final : public QueryLayer {
 public:
  const Query& query() const override { return castQuery(); }
  void drawMinkowski(SvgDocument& doc, const Panel& panel, LabelPlacer& labels, const LayerInputs& in) const override;
  std::vector<std::string> lines(const LayerInputs& in) const override;
  std::string headline(const LayerInputs& in) const override;
};

RealPoint pathPoint(const Case& value, const Real& t) {
  return {Real(-t * Real(value.translationX)), Real(-t * Real(value.translationY))};
}

void line(SvgDocument& doc, const Panel& panel, const RealPoint& from, const RealPoint& to, const char* colour,
          const char* dashes, const char* cls, double width) {
  if (auto segment = clipSegment(panel.relative(from), panel.relative(to), panel.clipHalf())) {
    const SvgPoint p = panel.toScreenRelative(segment->first), q = panel.toScreenRelative(segment->second);
    doc.element("line", SvgAttributes()
                            .set("class", cls)
                            .set("x1", p.x)
                            .set("y1", p.y)
                            .set("x2", q.x)
                            .set("y2", q.y)
                            .set("stroke", colour)
                            .set("stroke-width", width)
                            .set("stroke-dasharray", dashes));
  }
}

// A marker at p with a short arrow along the unit normal n (a tenth of the panel), and its label.
void contact(SvgDocument& doc, const Panel& panel, LabelPlacer& labels, const RealPoint& p, const RealPoint* n,
             const char* colour, const char* cls, const std::string& label) {
  if (!panel.contains(p)) return;
  const SvgPoint s = panel.toScreen(p);
  doc.element("circle", SvgAttributes().set("class", cls).set("cx", s.x).set("cy", s.y).set("r", 3.5).set("fill", colour));
  if (n != nullptr) {
    const Real reach = Real(panel.clipHalf() / 5);
    line(doc, panel, p, p + Real(reach / length(*n)) * *n, colour, "none", cls, 1.6);
  }
  labels.place(s, label, colour, std::string(cls) + "-label");
}

void CastLayer::drawMinkowski(SvgDocument& doc, const Panel& panel, LabelPlacer& labels, const LayerInputs& in) const {
  const auto& [value, answer, strategy, result, scene] = in;
  if (!value.hasTranslation) return;
  line(doc, panel, RealPoint{0, 0}, pathPoint(value, Real(1)), COLOUR_TEXT, "4 3", "cast-path", 1.0);
  if (panel.contains(pathPoint(value, Real(1)))) {
    labels.place(panel.toScreen(pathPoint(value, Real(1))), "−r (t = 1)", COLOUR_TEXT, "cast-path-label");
  }
  const oracle::ExactCast exact = CastCase(value).touching();
  if (exact.hit) {
    const Real t(static_cast<Real>(oracle::toHighPrecision(exact.fraction)));
    RealPoint normal{0, 0};
    if (exact.normalKnown && !exact.normalIsCone) {
      normal = {Real(static_cast<Real>(oracle::toHighPrecision(exact.normalX))),
                Real(static_cast<Real>(oracle::toHighPrecision(exact.normalY)))};
    } else if (exact.normalKnown) {
      normal = toReal(exact.coneFrom) + toReal(exact.coneTo);
    }
    const bool hasNormal = normal.x != 0 || normal.y != 0;
    contact(doc, panel, labels, pathPoint(value, t), hasNormal ? &normal : nullptr, COLOUR_EXACT, "exact-cast",
            "−t* r exact (t* = " + oracle::quadraticDecimal(exact.fraction, 30).substr(0, 12) + ")");
  }
  const CastAnswer& c = result.cast;
  if (answersCast(strategy.query) && c.answered && c.hit && std::isfinite(c.fraction)) {
    const RealPoint normal = isFinite(c.normal) ? toReal(c.normal) : RealPoint{0, 0};
    const bool hasNormal = normal.x != 0 || normal.y != 0;
    contact(doc, panel, labels, pathPoint(value, Real(c.fraction)), hasNormal ? &normal : nullptr, COLOUR_REPORTED,
            "reported-cast", "−f r reported (f = " + scalarDecimal(c.fraction, strategy.scalar) + ")");
  }
}

std::string answerText(const StrategyInfo& strategy, const StrategyResult& result) {
  const CastAnswer& c = result.cast;
  if (result.failure != EngineFailure::None) return engineFailureName(result.failure);
  if (!c.answered) return "no cast answer";
  if (!c.hit) return "a miss";
  return "a hit at f = " + scalarDecimal(c.fraction, strategy.scalar) + ", normal (" +
         scalarDecimal(c.normal.x, strategy.scalar) + ", " + scalarDecimal(c.normal.y, strategy.scalar) + ")";
}

std::vector<std::string> CastLayer::lines(const LayerInputs& in) const {
  const auto& [value, answer, strategy, result, scene] = in;
  std::vector<std::string> lines;
  if (!value.hasTranslation) return lines;
  const CastCase cast(value);
  const oracle::ExactCast& exact = cast.touching();
  lines.push_back(exact.hit ? "exact cast (target rA + rB): first contact at t* = " +
                                  oracle::quadraticDecimal(exact.fraction, 30)
                            : std::string("exact cast (target rA + rB): the shapes never touch for t in [0, 1]"));
  if (answersCast(strategy.query)) {
    const QueryVerdict verdict = castQuery().judge(value, answer, *castQuery().prepare(value, answer), result, strategy);
    const CastBand band = declaredCastBand(strategy, value.a.radius, value.b.radius);
    lines.push_back("strategy " + reportedName(strategy.name) + " cast: " + answerText(strategy, result) +
                    "; band [" + scalarDecimal(band.lower, "double") + ", " + scalarDecimal(band.upper, "double") +
                    "] on the core gap; fraction error " + std::to_string(verdict.measures[0]) + " u, gap error " +
                    std::to_string(verdict.measures[1]) + " u, normal angle " + std::to_string(verdict.measures[2]) +
                    " rad, point error " + std::to_string(verdict.measures[3]) + " u");
    lines.push_back("errors in u = (S + |r.x| + |r.y|)·2⁻²⁴ = " + oracle::decimalString(cast.unit(), 6) +
                    ", threshold T = " + std::to_string(VIOLATION_THRESHOLD_U) + " u; " +
                    std::to_string(result.iterations) + " iterations, termination " + result.termination);
    lines.push_back("verdict (cast): " +
                    (verdict.violation ? "violation (" + castQuery().reasonList(verdict) + ")" : std::string("ok")));
  }
  return lines;
}

std::string CastLayer::headline(const LayerInputs& in) const {
  const auto& [value, answer, strategy, result, scene] = in;
  std::string headline = "exact: ";
  if (!value.hasTranslation) {
    headline += "not a cast case";
  } else {
    const oracle::ExactCast exact = CastCase(value).touching();
    headline += exact.hit ? "first contact at t* = " + oracle::quadraticDecimal(exact.fraction, 30).substr(0, 10)
                          : std::string("no contact");
  }
  headline += ".  " + reportedName(strategy.name) + ": " + answerText(strategy, result) + " (" + result.termination +
              ", " + std::to_string(result.iterations) + " iterations).  ";
  if (!value.hasTranslation) return headline;
  const QueryVerdict verdict = castQuery().judge(value, answer, *castQuery().prepare(value, answer), result, strategy);
  return headline + (verdict.violation ? "Violation: " + castQuery().reasonList(verdict) : std::string("Verdict: ok"));
}

}  // namespace

const QueryLayer& castLayer() {
  static const CastLayer LAYER;
  return LAYER;
}

}  // namespace gjk::check::picture
