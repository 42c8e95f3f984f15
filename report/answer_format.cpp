#include "report/answer_format.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "case/case.h"
#include "report/exact_answer_json.h"
#include "report/json.h"
#include "report/query_report.h"

namespace gjk::check {
namespace {

std::string pointJson(const std::string& x, const std::string& y) {
  return "[" + jsonQuote(x) + ", " + jsonQuote(y) + "]";
}

// [x, y] for a 2D strategy's point, [x, y, z] for a 3D one's, each a decimal of the strategy's scalar.
std::string answerPointJson(const Point& p, const StrategyInfo& strategy) {
  const std::string& s = strategy.scalar;
  if (strategy.dimension == 3) {
    return "[" + jsonQuote(scalarDecimal(p.x, s)) + ", " + jsonQuote(scalarDecimal(p.y, s)) + ", " +
           jsonQuote(scalarDecimal(p.z, s)) + "]";
  }
  return pointJson(scalarDecimal(p.x, s), scalarDecimal(p.y, s));
}

}  // namespace

std::string scalarDecimal(double value, const std::string& scalar) {
  if (std::isnan(value)) {
    return "nan";
  }
  if (std::isinf(value)) {
    return value > 0 ? "inf" : "-inf";
  }
  if (scalar == "float") {
    return decimalFloat(static_cast<float>(value));
  }
  char buffer[40];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
    if (std::strtod(buffer, nullptr) == value) {
      break;
    }
  }
  return buffer;
}

JsonObject exactAnswerObject(const std::string& caseName, oracle::Relation relation, const std::string& distance,
                             const oracle::Rational& coreDistanceSquared,
                             std::initializer_list<oracle::Rational> closestPoint, const oracle::Rational& scale) {
  std::string point = "[";
  for (const oracle::Rational& coordinate : closestPoint) {
    point += (point.size() > 1 ? ", " : "") + jsonQuote(oracle::decimalString(coordinate));
  }
  JsonObject object;
  object.add("case", caseName)
      .add("relation", oracle::relationName(relation))
      .add("distance", distance)
      .add("core_distance_squared", oracle::rationalString(coreDistanceSquared))
      .addRaw("closest_point", point + "]")
      .add("scale", oracle::decimalString(scale));
  return object;
}

std::string exactJson(const std::string& caseName, const Case& value, const oracle::ExactAnswer& exact) {
  JsonObject object = exactAnswerObject(caseName, exact.relation, oracle::distanceDecimal(exact), exact.coreDistanceSquared,
                                        {exact.closestPoint.x, exact.closestPoint.y}, exact.scale);
  // Each other query's keys (penetration: touching and overlapping cases only).
  for (const Query* query : queries()) {
    if (const QueryReport* report = queryReport(*query)) report->addExactKeys(object, value, exact);
  }
  return object.str();
}

std::string resultJson(const std::string& caseName, const StrategyInfo& strategy, const StrategyResult& result,
                       const Verdict& verdict, const std::string& exactObject) {
  const std::string& s = strategy.scalar;
  JsonObject object;
  object.add("case", caseName)
      .add("strategy", strategy.name)
      .add("distance", scalarDecimal(result.distance, s))
      .addRaw("point_a", answerPointJson(result.pointA, strategy))
      .addRaw("point_b", answerPointJson(result.pointB, strategy))
      .add("iterations", result.iterations)
      .add("termination", result.termination)
      .addNumber("distance_error_u", verdict.distanceErrorU)
      .addNumber("witness_error_u", verdict.witnessErrorU)
      .add("verdict", verdict.violation ? "violation" : verdict.refused ? "refused" : "ok")
      .addStrings("reasons", verdict.reasons);
  if (result.failure != EngineFailure::None) {
    // An external engine gave no answer (docs/workers.md): how, and its stderr tail or the refusal's reason.
    object.add("failure", engineFailureName(result.failure)).add("failure_detail", result.failureDetail);
  }
  object.addRaw("exact", exactObject);
  return object.str();
}

}  // namespace gjk::check
