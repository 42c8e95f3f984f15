#include "oracle/oracle3_values.h"

#include <stdexcept>

#include "oracle/high_precision.h"
#include "oracle/penetration.h"

namespace gjk::oracle {

std::string distanceDecimal3(const ExactAnswer3& answer, int significantDigits) {
  // distanceDecimal reads the relation, d0^2 and r only: the 2D answer carries them over unchanged.
  ExactAnswer planar;
  planar.relation = answer.relation;
  planar.coreDistanceSquared = answer.coreDistanceSquared;
  planar.radius = answer.radius;
  return distanceDecimal(planar, significantDigits);
}

std::string penetrationDepthDecimal3(const ExactAnswer3& answer, int significantDigits) {
  if (answer.relation == Relation::Separated) {
    throw std::invalid_argument("oracle: penetrationDepthDecimal3 of separated shapes");
  }
  // The depth r + sign sqrt(C) of penetration.h: C the squared distance to the nearest face plane with the
  // origin inside (sign +1), else d0^2 (sign -1: r - d0, the cores' gap closed by the radii).
  ExactPenetration penetration;
  penetration.relation = answer.relation;
  penetration.radius = answer.radius;
  penetration.coreSign = answer.originInInterior ? 1 : -1;
  penetration.coreDepthSquared = answer.originInInterior ? answer.penetrationDepthSquared : answer.coreDistanceSquared;
  return penetrationDepthDecimal(penetration, significantDigits);
}

std::optional<ExactPoint3> minimalNormal3(const ExactAnswer3& answer) {
  if (answer.relation == Relation::Separated) return std::nullopt;
  if (answer.originInInterior) return answer.penetrationNormal;
  if (answer.coreDistanceSquared > 0) return answer.closestPoint;
  return std::nullopt;
}

std::string unitComponentDecimal3(const ExactPoint3& direction, int component, int significantDigits) {
  const Rational lengthSquared = direction.x * direction.x + direction.y * direction.y + direction.z * direction.z;
  if (lengthSquared == 0) {
    throw std::invalid_argument("oracle: unitComponentDecimal3 of a zero direction");
  }
  const Rational& value = component == 0 ? direction.x : (component == 1 ? direction.y : direction.z);
  return unitRatioDecimal(value, lengthSquared, significantDigits);
}

}  // namespace gjk::oracle
