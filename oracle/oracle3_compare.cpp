#include "oracle/oracle3_compare.h"

namespace gjk::oracle {

namespace {

bool samePoint3(const ExactPoint3& p, const ExactPoint3& q) { return p.x == q.x && p.y == q.y && p.z == q.z; }

std::string pointText3(const ExactPoint3& p) {
  return "(" + rationalString(p.x) + ", " + rationalString(p.y) + ", " + rationalString(p.z) + ")";
}

}  // namespace

std::string firstDifference3(const ExactAnswer3& left, const ExactAnswer3& right) {
  if (left.relation != right.relation) return "relation";
  if (left.coreDistanceSquared != right.coreDistanceSquared) return "coreDistanceSquared";
  if (!samePoint3(left.closestPoint, right.closestPoint)) return "closestPoint";
  if (left.radius != right.radius) return "radius";
  if (left.scale != right.scale) return "scale";
  if (left.originInInterior != right.originInInterior) return "originInInterior";
  if (left.penetrationDepthSquared != right.penetrationDepthSquared) return "penetrationDepthSquared";
  if (!samePoint3(left.penetrationNormal, right.penetrationNormal)) return "penetrationNormal";
  return "";
}

std::string answerText3(const ExactAnswer3& answer) {
  return std::string(relationName(answer.relation)) + " d0^2 " + rationalString(answer.coreDistanceSquared) +
         " closest " + pointText3(answer.closestPoint) + " interior " + (answer.originInInterior ? "yes" : "no") +
         " depth^2 " + rationalString(answer.penetrationDepthSquared) + " normal " +
         pointText3(answer.penetrationNormal);
}

}  // namespace gjk::oracle
