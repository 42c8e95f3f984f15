#include "report/exact3_format.h"

#include <optional>

#include "oracle/oracle3_values.h"
#include "report/exact_answer_json.h"
#include "report/json.h"

namespace gjk::check {
namespace {

std::string pointText3(const std::string& x, const std::string& y, const std::string& z) {
  return "(" + x + ", " + y + ", " + z + ")";
}

std::string pointJson3(const std::string& x, const std::string& y, const std::string& z) {
  return "[" + jsonQuote(x) + ", " + jsonQuote(y) + ", " + jsonQuote(z) + "]";
}

std::string unitText3(const oracle::ExactPoint3& direction) {
  return pointText3(oracle::unitComponentDecimal3(direction, 0), oracle::unitComponentDecimal3(direction, 1),
                    oracle::unitComponentDecimal3(direction, 2));
}

std::string unitJson3(const oracle::ExactPoint3& direction) {
  return pointJson3(oracle::unitComponentDecimal3(direction, 0), oracle::unitComponentDecimal3(direction, 1),
                    oracle::unitComponentDecimal3(direction, 2));
}

}  // namespace

std::string exactText3(const std::string& caseName, const oracle::ExactAnswer3& exact) {
  std::string text = caseName + "\n  relation          " + oracle::relationName(exact.relation) +
                     "\n  distance          " + oracle::distanceDecimal3(exact) + "\n  core distance^2   " +
                     oracle::rationalString(exact.coreDistanceSquared) + "\n  closest point     " +
                     pointText3(oracle::decimalString(exact.closestPoint.x), oracle::decimalString(exact.closestPoint.y),
                                oracle::decimalString(exact.closestPoint.z)) +
                     "\n  scale S           " + oracle::decimalString(exact.scale) + "\n";
  if (exact.relation == oracle::Relation::Separated) return text;
  text += "  penetration depth " + oracle::penetrationDepthDecimal3(exact) + "\n";
  if (const std::optional<oracle::ExactPoint3> normal = oracle::minimalNormal3(exact)) {
    text += "  normal            " + unitText3(*normal) + "\n";
  }
  return text;
}

std::string exactJson3(const std::string& caseName, const oracle::ExactAnswer3& exact) {
  JsonObject object =
      exactAnswerObject(caseName, exact.relation, oracle::distanceDecimal3(exact), exact.coreDistanceSquared,
                        {exact.closestPoint.x, exact.closestPoint.y, exact.closestPoint.z}, exact.scale);
  if (exact.relation != oracle::Relation::Separated) {
    const std::optional<oracle::ExactPoint3> normal = oracle::minimalNormal3(exact);
    object.add("penetration_depth", oracle::penetrationDepthDecimal3(exact))
        .addRaw("normal", normal ? "[" + unitJson3(*normal) + "]" : std::string("[]"));
  }
  return object.str();
}

}  // namespace gjk::check
