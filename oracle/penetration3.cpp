// The 3D penetration verdict's exact parts (oracle3.h): the signed depth of an exact 3D answer and the overlap
// along a reported normal, from exact rationals, the last step (one square root) in high precision.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "oracle/oracle3.h"
#include "oracle/penetration.h"

namespace gjk::oracle {

HighPrecision penetrationDepth3(const ExactAnswer3& answer) {
  // The depth r + sign sqrt(C) of penetration.h, as penetrationDepthDecimal3 forms it (oracle3_values.cpp).
  ExactPenetration penetration;
  penetration.relation = answer.relation;
  penetration.radius = answer.radius;
  penetration.coreSign = answer.originInInterior ? 1 : -1;
  penetration.coreDepthSquared =
      answer.originInInterior ? answer.penetrationDepthSquared : answer.coreDistanceSquared;
  penetration.scale = answer.scale;
  return penetrationDepth(penetration);
}

HighPrecision overlapAlong3(const InputShape3& a, const InputShape3& b, double nx, double ny, double nz) {
  if (!std::isfinite(nx) || !std::isfinite(ny) || !std::isfinite(nz)) {
    throw std::invalid_argument("oracle: overlapAlong3 needs a finite direction");
  }
  const Rational x = exactDouble(nx);
  const Rational y = exactDouble(ny);
  const Rational z = exactDouble(nz);
  const Rational lengthSquared = x * x + y * y + z * z;
  if (lengthSquared == 0) {
    throw std::invalid_argument("oracle: overlapAlong3 needs a nonzero direction");
  }
  const std::vector<ExactPoint3> worldA = worldVertices3(a);
  const std::vector<ExactPoint3> worldB = worldVertices3(b);
  const auto along = [&](const ExactPoint3& p) { return Rational(x * p.x + y * p.y + z * p.z); };
  Rational maxA = along(worldA[0]);
  for (const ExactPoint3& p : worldA) maxA = std::max(maxA, along(p));
  Rational minB = along(worldB[0]);
  for (const ExactPoint3& p : worldB) minB = std::min(minB, along(p));
  const Rational support = maxA - minB;  // exact: |n| h_M(-n / |n|)
  HighPrecision result = squareRoot(support * support / lengthSquared);
  if (support < 0) result = -result;
  result += HighPrecision(exactFloat(a.radius) + exactFloat(b.radius));
  return result;
}

}  // namespace gjk::oracle
