// The penetration query's layer of a case's picture (issue 13; QueryLayer, report/case_picture_parts.h): the
// exact depth and normal beside the reported ones.
#include <cmath>

#include "oracle/penetration.h"
#include "report/answer_format.h"
#include "report/comparison.h"
#include "report/case_picture_parts.h"
#include "report/penetration_format.h"
#include "verdict/penetration_verdict.h"
#include "verdict/query_seam.h"

namespace gjk::check::picture {
namespace {

// The first minimal normal (an isolated one, or the start of an arc), as exact direction.
ExactPoint firstNormal(const oracle::ExactPenetration& p) {
  return p.normals.empty() ? p.normalArcs.front().from : p.normals.front();
}

class PenetrationLayer final : public QueryLayer {
 public:
  const Query& query() const override { return penetrationQuery(); }
  void drawMinkowski(SvgDocument& doc, const Panel& panel, LabelPlacer& labels, const LayerInputs& in) const override;
  std::vector<std::string> lines(const LayerInputs& in) const override;
  std::string headline(const LayerInputs& in) const override;
};

// The exact penetration vector -depth* n* (origin to the nearest boundary point of M + disk(r)) beside the
// reported -depth n. Nothing for a separated case and a strategy that does not answer penetration.
void PenetrationLayer::drawMinkowski(SvgDocument& doc, const Panel& panel, LabelPlacer& labels,
                                     const LayerInputs& in) const {
  const auto& [value, answer, strategy, result, scene] = in;
  const bool reports =
      answersPenetration(strategy.query) && result.penetration.answered && result.penetration.overlapping;
  if (answer.relation == oracle::Relation::Separated && !reports)
    return;
  const Real clip = panel.clipHalf();
  const RealPoint o = panel.relative(RealPoint{0, 0});
  auto vector = [&](const RealPoint& tip, const char* colour, const char* dashes, const char* cls,
                    const std::string& label) {
    if (auto segment = clipSegment(o, panel.relative(tip), clip)) {
      SvgPoint p = panel.toScreenRelative(segment->first), q = panel.toScreenRelative(segment->second);
      doc.element("line", SvgAttributes()
                              .set("class", cls)
                              .set("x1", p.x)
                              .set("y1", p.y)
                              .set("x2", q.x)
                              .set("y2", q.y)
                              .set("stroke", colour)
                              .set("stroke-width", 1.6)
                              .set("stroke-dasharray", dashes));
    }
    if (panel.contains(tip))
      labels.place(panel.toScreen(tip), label, colour, std::string(cls) + "-label");
  };
  if (answer.relation != oracle::Relation::Separated) {
    const oracle::ExactPenetration exact = exactPenetration(value, answer);
    const RealPoint n = toReal(firstNormal(exact));
    const Real depth(static_cast<Real>(oracle::penetrationDepth(exact)));
    vector(Real(-depth / length(n)) * n, COLOUR_EXACT, "6 2", "exact-penetration",
           "−depth* n* exact (" + oracle::penetrationDepthDecimal(exact, 30).substr(0, 12) + ")");
  }
  if (reports && std::isfinite(result.penetration.depth) && isFinite(result.penetration.normal)) {
    const RealPoint n = toReal(result.penetration.normal);
    vector(Real(-result.penetration.depth) * n, COLOUR_REPORTED, "2 2", "reported-penetration",
           "−depth n reported (" + scalarDecimal(result.penetration.depth, strategy.scalar) + ")");
  }
}

// The exact and reported penetration answers; for a strategy that answers penetration only, also the unit and
// the verdict (the picture has no distance lines then).
std::vector<std::string> PenetrationLayer::lines(const LayerInputs& in) const {
  const auto& [value, answer, strategy, result, scene] = in;
  std::vector<std::string> lines;
  if (answer.relation != oracle::Relation::Separated) {
    const oracle::ExactPenetration exact = exactPenetration(value, answer);
    std::string text = "exact penetration: depth " + oracle::penetrationDepthDecimal(exact, 30) + ", normal";
    for (const ExactPoint& n : exact.normals) text += " " + normalText(n, 12);
    for (const oracle::NormalArc& arc : exact.normalArcs) {
      text += " arc " + normalText(arc.from, 12) + " to " + normalText(arc.to, 12);
    }
    lines.push_back(text + " (from A towards B)");
  }
  if (answersPenetration(strategy.query)) {
    const QueryVerdict verdict = judgePenetration(value, answer, result, strategy);
    const PenetrationAnswer& p = result.penetration;
    std::string text = "strategy " + reportedName(strategy.name) + " penetration: ";
    if (!p.answered) {
      text += "no answer";
    } else if (!p.overlapping) {
      text += "separated";
    } else {
      text += "depth " + scalarDecimal(p.depth, strategy.scalar) + ", normal (" +
              scalarDecimal(p.normal.x, strategy.scalar) + ", " +
              scalarDecimal(p.normal.y, strategy.scalar) + "); depth error " +
              std::to_string(verdict.measures[PENETRATION_DEPTH_ERROR]) + " u, normal error " +
              std::to_string(verdict.measures[PENETRATION_NORMAL_ERROR]) + " u, contact error " +
              std::to_string(verdict.measures[PENETRATION_CONTACT_ERROR]) + " u";
    }
    text += "; verdict " +
            (verdict.violation ? "violation (" + verdict.reasons.front() + ")" : std::string("ok"));
    lines.push_back(text);
    if (!answersDistance(strategy.query)) {
      lines.push_back("errors in u = S·2⁻²⁴ = " + oracle::decimalString(errorUnit(answer), 6) + " (S = " +
                      oracle::decimalString(answer.scale, 9) + "), threshold T = " +
                      std::to_string(VIOLATION_THRESHOLD_U) + " u; " + std::to_string(result.iterations) +
                      " iterations, termination " + result.termination);
      lines.push_back("verdict (penetration): " +
                      (verdict.violation ? "violation (" + penetrationQuery().reasonList(verdict) + ")" : std::string("ok")));
    }
  }
  return lines;
}

// The headline of a picture whose strategy answers penetration only: its penetration answer and verdict, never
// the distance verdict of its unanswered distance.
std::string PenetrationLayer::headline(const LayerInputs& in) const {
  const auto& [value, answer, strategy, result, scene] = in;
  std::string headline = std::string("exact: ") + oracle::relationName(answer.relation);
  if (answer.relation != oracle::Relation::Separated) {
    headline += ", depth " + oracle::penetrationDepthDecimal(exactPenetration(value, answer), 8);
  } else {
    headline += ", distance " + realText(scene.distance, 8);
  }
  const QueryVerdict verdict = judgePenetration(value, answer, result, strategy);
  const PenetrationAnswer& p = result.penetration;
  headline += ".  " + reportedName(strategy.name) + ": ";
  if (result.penetration.failure != EngineFailure::None) {
    headline += engineFailureName(result.penetration.failure);
  } else if (!p.answered) {
    headline += "no penetration answer";
  } else if (!p.overlapping) {
    headline += "separated";
  } else {
    headline += "depth " + (std::isfinite(p.depth) ? scalarDecimal(p.depth, strategy.scalar) : "not finite") +
                " along (" + scalarDecimal(p.normal.x, strategy.scalar) + ", " +
                scalarDecimal(p.normal.y, strategy.scalar) + ")";
  }
  headline += " (" + result.termination + ", " + std::to_string(result.iterations) + " iterations).  ";
  return headline + (verdict.violation ? "Violation: " + penetrationQuery().reasonList(verdict) : std::string("Verdict: ok"));
}

}  // namespace

const QueryLayer& penetrationLayer() {
  static const PenetrationLayer LAYER;
  return LAYER;
}

}  // namespace gjk::check::picture
