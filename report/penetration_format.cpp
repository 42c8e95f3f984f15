#include "report/penetration_format.h"

#include "report/answer_format.h"

namespace gjk::check {
namespace {

std::string pair(const std::string& x, const std::string& y) {
  return "[" + jsonQuote(x) + ", " + jsonQuote(y) + "]";
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

namespace gjk::check {

std::string runJsonWithPenetration(const std::string& caseName, const StrategyInfo& strategy,
                                   const std::string& distanceJson, const std::string& penetrationJson,
                                   const std::string& exactObject) {
  if (strategy.query == QueryKind::Distance) {
    return distanceJson;
  }
  if (strategy.query == QueryKind::Penetration) {
    JsonObject object;
    object.add("case", caseName)
        .add("strategy", strategy.name)
        .add("query", queryKindName(strategy.query))
        .addRaw("penetration", penetrationJson)
        .addRaw("exact", exactObject);
    return object.str();
  }
  std::string text = distanceJson.substr(0, distanceJson.size() - 1);  // without the closing brace
  text += ", \"query\": \"both\", \"penetration\": " + penetrationJson + "}";
  return text;
}

std::string penetrationRunLine(const std::string& caseName, const StrategyInfo& strategy,
                               const StrategyResult& result, const PenetrationVerdict& verdict) {
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
                caseName.c_str(), strategy.name.c_str(), answer.c_str(), verdict.depthErrorU,
                verdict.normalErrorU, verdict.contactErrorU, outcome.c_str());
  return line;
}

}  // namespace gjk::check
