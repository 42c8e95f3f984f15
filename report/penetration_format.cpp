#include "report/penetration_format.h"

#include "report/answer_format.h"

namespace gjk::check {
namespace {

std::string pair(const std::string& x, const std::string& y) { return "[" + jsonQuote(x) + ", " + jsonQuote(y) + "]"; }

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

void addPenetrationKeys(JsonObject& object, const oracle::ExactAnswer& exact) {
  if (exact.relation == oracle::Relation::Separated) {
    return;
  }
  const oracle::ExactPenetration penetration = oracle::penetrationByHull(exact);
  object.add("penetration_depth", oracle::penetrationDepthDecimal(penetration))
      .addRaw("normal", normalsJson(penetration))
      .addRaw("normal_arcs", normalArcsJson(penetration));
}

std::string normalText(const oracle::ExactPoint& direction, int digits) {
  return "(" + oracle::unitComponentDecimal(direction, 0, digits) + ", " +
         oracle::unitComponentDecimal(direction, 1, digits) + ")";
}

std::string penetrationText(const oracle::ExactAnswer& exact) {
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

std::string penetrationResultJson(const StrategyInfo& strategy, const StrategyResult& result,
                                  const PenetrationVerdict& verdict) {
  const std::string& s = strategy.scalar;
  const PenetrationAnswer& p = result.penetration;
  JsonObject object;
  object.add("overlapping", p.overlapping)
      .add("depth", scalarDecimal(p.depth, s))
      .addRaw("normal", pair(scalarDecimal(p.normal.x, s), scalarDecimal(p.normal.y, s)))
      .addRaw("point_a", pair(scalarDecimal(p.pointA.x, s), scalarDecimal(p.pointA.y, s)))
      .addRaw("point_b", pair(scalarDecimal(p.pointB.x, s), scalarDecimal(p.pointB.y, s)))
      .addNumber("depth_error_u", verdict.depthErrorU)
      .addNumber("normal_error_u", verdict.normalErrorU)
      .addNumber("contact_error_u", verdict.contactErrorU)
      .add("verdict", verdict.violation ? "violation" : "ok")
      .addStrings("reasons", verdict.reasons);
  return object.str();
}

}  // namespace gjk::check
