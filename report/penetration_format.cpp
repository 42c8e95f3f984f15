#include "report/penetration_format.h"

#include "report/answer_format.h"
#include "verdict/penetration_verdict.h"

namespace gjk::check {
namespace {

std::string pair(const std::string& x, const std::string& y) {
  return "[" + jsonQuote(x) + ", " + jsonQuote(y) + "]";
}

// A reported point or normal: [x, y], or [x, y, z] for a 3D strategy (StrategyInfo::dimension 3).
std::string reportedPoint(const Point& p, const StrategyInfo& strategy) {
  const std::string& s = strategy.scalar;
  if (strategy.dimension == 3) {
    return "[" + jsonQuote(scalarDecimal(p.x, s)) + ", " + jsonQuote(scalarDecimal(p.y, s)) + ", " +
           jsonQuote(scalarDecimal(p.z, s)) + "]";
  }
  return pair(scalarDecimal(p.x, s), scalarDecimal(p.y, s));
}

std::string unitJson(const oracle::ExactPoint& direction) {
  return pair(oracle::unitComponentDecimal(direction, 0), oracle::unitComponentDecimal(direction, 1));
}

}  // namespace

std::string normalsJson(const oracle::ExactPenetration& penetration) {
  std::string text = "[";
  for (const oracle::ExactPoint& normal : penetration.normals) {
    text += (text.size() > 1 ? ", " : "") + unitJson(normal);
  }
  return text + "]";
}

std::string normalArcsJson(const oracle::ExactPenetration& penetration) {
  std::string text = "[";
  for (const oracle::NormalArc& arc : penetration.normalArcs) {
    text += (text.size() > 1 ? ", " : "") + std::string("{\"from\": ") + unitJson(arc.from) +
            ", \"to\": " + unitJson(arc.to) + "}";
  }
  return text + "]";
}

std::string normalText(const oracle::ExactPoint& direction, int digits) {
  return "(" + oracle::unitComponentDecimal(direction, 0, digits) + ", " +
         oracle::unitComponentDecimal(direction, 1, digits) + ")";
}

namespace {

class PenetrationReport final : public QueryReport {
 public:
  const Query& query() const override { return penetrationQuery(); }
  std::string exactText(const Case& value, const oracle::ExactAnswer& exact) const override;
  void addExactKeys(JsonObject& object, const Case& value, const oracle::ExactAnswer& exact) const override;
  std::string answerLine(const std::string& caseName, const StrategyInfo& strategy, const StrategyResult& result,
                         const QueryVerdict& verdict) const override;
  std::string answerJson(const StrategyInfo& strategy, const StrategyResult& result,
                         const QueryVerdict& verdict) const override;
  // In 3D every family runs (there is no 3D overlap group), separated cases included.
  std::string comparisonScope(int dimension) const override {
    return dimension == 3 ? "every 3D family, separated cases included" : "the overlap families";
  }
  std::string judgedAgainst(int dimension) const override {
    return dimension == 3 ? "the exact 3D depth and normals (docs/verdict.md, Penetration)"
                          : "the exact depth and normals (docs/verdict.md, Penetration)";
  }
  std::string familyWord(int dimension) const override { return dimension == 3 ? "3D family" : "overlap family"; }
};

// For touching and overlapping cases (docs/cli.md): penetration_depth (decimal string), normal (the set of
// isolated minimal normals) and normal_arcs (arcs of minimal normals, counter-clockwise, usually empty).
void PenetrationReport::addExactKeys(JsonObject& object, const Case& /*value*/, const oracle::ExactAnswer& exact) const {
  if (exact.relation == oracle::Relation::Separated) {
    return;
  }
  const oracle::ExactPenetration penetration = oracle::penetrationByHull(exact);
  object.add("penetration_depth", oracle::penetrationDepthDecimal(penetration))
      .addRaw("normal", normalsJson(penetration))
      .addRaw("normal_arcs", normalArcsJson(penetration));
}

// Depth and normals, each line starting with two spaces; "" when separated.
std::string PenetrationReport::exactText(const Case& /*value*/, const oracle::ExactAnswer& exact) const {
  if (exact.relation == oracle::Relation::Separated) {
    return "";
  }
  const oracle::ExactPenetration penetration = oracle::penetrationByHull(exact);
  std::string text = "  penetration depth " + oracle::penetrationDepthDecimal(penetration) + "\n";
  for (const oracle::ExactPoint& normal : penetration.normals) {
    text += "  normal            " + normalText(normal, 40) + "\n";
  }
  for (const oracle::NormalArc& arc : penetration.normalArcs) {
    text += "  normal arc        " + normalText(arc.from, 40) + " to " + normalText(arc.to, 40) +
            " (counter-clockwise)\n";
  }
  return text;
}

// overlapping, depth, normal, point_a, point_b (decimals of the reported values), depth_error_u,
// normal_error_u, contact_error_u, verdict and reasons.
std::string PenetrationReport::answerJson(const StrategyInfo& strategy, const StrategyResult& result,
                                          const QueryVerdict& verdict) const {
  const std::string& s = strategy.scalar;
  const PenetrationAnswer& p = result.penetration;
  JsonObject object;
  object.add("overlapping", p.overlapping)
      .add("depth", scalarDecimal(p.depth, s))
      .addRaw("normal", reportedPoint(p.normal, strategy))
      .addRaw("point_a", reportedPoint(p.pointA, strategy))
      .addRaw("point_b", reportedPoint(p.pointB, strategy))
      .addNumber("depth_error_u", verdict.measures[PENETRATION_DEPTH_ERROR])
      .addNumber("normal_error_u", verdict.measures[PENETRATION_NORMAL_ERROR])
      .addNumber("contact_error_u", verdict.measures[PENETRATION_CONTACT_ERROR])
      .add("verdict", verdict.violation ? "violation" : "ok")
      .addStrings("reasons", verdict.reasons);
  if (p.failure != EngineFailure::None) {
    // The engine gave no penetration answer (docs/workers.md): how, and its stderr tail or the refusal's reason.
    object.add("failure", engineFailureName(p.failure)).add("failure_detail", p.failureDetail);
  }
  return object.str();
}

// Depth, errors in u, verdict.
std::string PenetrationReport::answerLine(const std::string& caseName, const StrategyInfo& strategy,
                                          const StrategyResult& result, const QueryVerdict& verdict) const {
  char line[512];
  const PenetrationAnswer& p = result.penetration;
  std::string answer = !p.answered     ? "no answer"
                       : p.overlapping ? "depth " + scalarDecimal(p.depth, strategy.scalar)
                                       : "separated";
  std::string outcome = "ok";
  if (verdict.violation) {
    outcome = "violation:";
    for (const std::string& reason : verdict.reasons) outcome += (outcome.back() == ':' ? " " : ",") + reason;
  } else if (verdict.failure == EngineFailure::Refused) {
    outcome = "refused";
  }
  std::snprintf(line, sizeof line, "%-44s %-12s %-22s depth %9.3g u  normal %9.3g u  contact %9.3g u  %s",
                caseName.c_str(), strategy.name.c_str(), answer.c_str(), verdict.measures[PENETRATION_DEPTH_ERROR],
                verdict.measures[PENETRATION_NORMAL_ERROR], verdict.measures[PENETRATION_CONTACT_ERROR],
                outcome.c_str());
  return line;
}

}  // namespace

const QueryReport& penetrationReport() {
  static const PenetrationReport REPORT;
  return REPORT;
}

}  // namespace gjk::check
