// The penetration layer of a case's picture (issue 13): the exact depth and normal beside the reported ones.
#include <cmath>

#include "oracle/penetration.h"
#include "report/answer_format.h"
#include "report/comparison.h"
#include "report/case_picture_parts.h"
#include "report/penetration_format.h"
#include "verdict/penetration_cause.h"
#include "verdict/penetration_verdict.h"

namespace gjk::check::picture {
namespace {

// The first minimal normal (an isolated one, or the start of an arc), as exact direction.
ExactPoint firstNormal(const oracle::ExactPenetration& p) {
  return p.normals.empty() ? p.normalArcs.front().from : p.normals.front();
}

}  // namespace

void PictureWriter::drawPenetration(SvgDocument& doc, const Panel& panel, LabelPlacer& labels) {
  const bool reports =
      answersPenetration(strategy_.query) && result_.penetration.answered && result_.penetration.overlapping;
  if (exact_.relation == oracle::Relation::Separated && !reports)
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
  if (exact_.relation != oracle::Relation::Separated) {
    const oracle::ExactPenetration exact = exactPenetration(value_, exact_);
    const RealPoint n = toReal(firstNormal(exact));
    const Real depth(static_cast<Real>(oracle::penetrationDepth(exact)));
    vector(Real(-depth / length(n)) * n, COLOUR_EXACT, "6 2", "exact-penetration",
           "−depth* n* exact (" + oracle::penetrationDepthDecimal(exact, 30).substr(0, 12) + ")");
  }
  if (reports && std::isfinite(result_.penetration.depth) && isFinite(result_.penetration.normal)) {
    const RealPoint n = toReal(result_.penetration.normal);
    vector(Real(-result_.penetration.depth) * n, COLOUR_REPORTED, "2 2", "reported-penetration",
           "−depth n reported (" + scalarDecimal(result_.penetration.depth, strategy_.scalar) + ")");
  }
}

std::vector<std::string> PictureWriter::penetrationLines() const {
  std::vector<std::string> lines;
  if (exact_.relation != oracle::Relation::Separated) {
    const oracle::ExactPenetration exact = exactPenetration(value_, exact_);
    std::string text = "exact penetration: depth " + oracle::penetrationDepthDecimal(exact, 30) + ", normal";
    for (const ExactPoint& n : exact.normals) text += " " + normalText(n, 12);
    for (const oracle::NormalArc& arc : exact.normalArcs) {
      text += " arc " + normalText(arc.from, 12) + " to " + normalText(arc.to, 12);
    }
    lines.push_back(text + " (from A towards B)");
  }
  if (answersPenetration(strategy_.query)) {
    const PenetrationVerdict verdict = judgePenetration(value_, exact_, result_, strategy_);
    const PenetrationAnswer& p = result_.penetration;
    std::string text = "strategy " + reportedName(strategy_.name) + " penetration: ";
    if (!p.answered) {
      text += "no answer";
    } else if (!p.overlapping) {
      text += "separated";
    } else {
      text += "depth " + scalarDecimal(p.depth, strategy_.scalar) + ", normal (" +
              scalarDecimal(p.normal.x, strategy_.scalar) + ", " +
              scalarDecimal(p.normal.y, strategy_.scalar) + "); depth error " +
              std::to_string(verdict.depthErrorU) + " u, normal error " +
              std::to_string(verdict.normalErrorU) + " u, contact error " +
              std::to_string(verdict.contactErrorU) + " u";
    }
    text += "; verdict " +
            (verdict.violation ? "violation (" + verdict.reasons.front() + ")" : std::string("ok"));
    lines.push_back(text);
    if (penetrationOnly()) {
      lines.push_back("errors in u = S·2⁻²⁴ = " + oracle::decimalString(errorUnit(exact_), 6) + " (S = " +
                      oracle::decimalString(exact_.scale, 9) + "), threshold T = " +
                      std::to_string(VIOLATION_THRESHOLD_U) + " u; " + std::to_string(result_.iterations) +
                      " iterations, termination " + result_.termination);
      lines.push_back("verdict (penetration): " +
                      (verdict.violation ? "violation (" + penetrationReasonList(verdict) + ")" : std::string("ok")));
    }
  }
  return lines;
}

std::string PictureWriter::penetrationHeadline() const {
  std::string headline = std::string("exact: ") + oracle::relationName(exact_.relation);
  if (exact_.relation != oracle::Relation::Separated) {
    headline += ", depth " + oracle::penetrationDepthDecimal(exactPenetration(value_, exact_), 8);
  } else {
    headline += ", distance " + realText(scene_.distance, 8);
  }
  const PenetrationVerdict verdict = judgePenetration(value_, exact_, result_, strategy_);
  const PenetrationAnswer& p = result_.penetration;
  headline += ".  " + reportedName(strategy_.name) + ": ";
  if (result_.failure != EngineFailure::None) {
    headline += engineFailureName(result_.failure);
  } else if (!p.answered) {
    headline += "no penetration answer";
  } else if (!p.overlapping) {
    headline += "separated";
  } else {
    headline += "depth " + (std::isfinite(p.depth) ? scalarDecimal(p.depth, strategy_.scalar) : "not finite") +
                " along (" + scalarDecimal(p.normal.x, strategy_.scalar) + ", " +
                scalarDecimal(p.normal.y, strategy_.scalar) + ")";
  }
  headline += " (" + result_.termination + ", " + std::to_string(result_.iterations) + " iterations).  ";
  return headline + (verdict.violation ? "Violation: " + penetrationReasonList(verdict) : std::string("Verdict: ok"));
}

}  // namespace gjk::check::picture
