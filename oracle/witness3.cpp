// The 3D verdict's exact parts (oracle3.h): the squared distance from a reported point to a shape's core, and
// the errors of a reported answer in units u.
#include <gmp.h>

#include <algorithm>
#include <climits>
#include <stdexcept>
#include <vector>

#include "oracle/dyadic.h"
#include "oracle/exact3.h"
#include "oracle/gjk3.h"
#include "oracle/high_precision.h"
#include "oracle/oracle3.h"

namespace gjk::oracle {

namespace {

// Exact: mantissa * 2^(exponent - unitExponent), an integer because unitExponent <= exponent (or the value is 0).
Integer inUnitsOf(const Dyadic& value, int unitExponent) {
  if (value.mantissa == 0) return 0;
  Integer result = value.mantissa;
  result <<= (value.exponent - unitExponent);
  return result;
}

// Exact: the squared length of the difference of two points given as doubles.
Rational squaredGap(const double p[3], const double q[3]) {
  Rational sum = 0;
  for (int k = 0; k < 3; ++k) {
    const Rational difference = exactDouble(q[k]) - exactDouble(p[k]);
    sum += difference * difference;
  }
  return sum;
}

double inUnits(const HighPrecision& value, const HighPrecision& unit) {
  return static_cast<double>(HighPrecision(value / unit));
}

}  // namespace

Rational squaredDistanceToCore3(const InputShape3& shape, double x, double y, double z) {
  const ScaledCase3 scaled = scaleShape3(shape);
  const Dyadic point[3] = {splitDouble(x), splitDouble(y), splitDouble(z)};  // throws for nan and inf
  int exponent = scaled.exponent;
  for (const Dyadic& coordinate : point) {
    if (coordinate.mantissa != 0) exponent = std::min(exponent, coordinate.exponent);
  }
  // The shape's integers in units of 2^exponent (a shift: exponent <= scaled.exponent), less the point.
  const IntPoint3 p{inUnitsOf(point[0], exponent), inUnitsOf(point[1], exponent), inUnitsOf(point[2], exponent)};
  std::vector<IntPoint3> cloud;
  cloud.reserve(scaled.worldA.size());
  for (const IntPoint3& vertex : scaled.worldA) {
    IntPoint3 shifted{vertex.x << (scaled.exponent - exponent), vertex.y << (scaled.exponent - exponent),
                      vertex.z << (scaled.exponent - exponent)};
    cloud.push_back(shifted - p);
  }
  const auto support = [&cloud](const IntPoint3& direction) { return extremePoint(cloud, direction); };
  const SubsetClosest closest = closestToOrigin3(support, {cloud[0]});
  // |numerator / denominator|^2 in units of 2^(2 exponent).
  Rational squared(dot(closest.numerator, closest.numerator), closest.denominator * closest.denominator);
  return scaledToRational(Integer(1), 2 * exponent) * squared;
}

ErrorsInUnits errorsInUnits3(const InputShape3& a, const InputShape3& b, const ExactAnswer3& exact,
                             const Rational& unit, const ReportedAnswer3& reported) {
  const HighPrecision u(unit);
  HighPrecision exactDistance;
  distanceBeyondRadius(exactDistance.backend().data(), exact.coreDistanceSquared, exact.radius);
  ErrorsInUnits errors;
  errors.distanceError = inUnits(abs(HighPrecision(exactDouble(reported.distance)) - exactDistance), u);
  HighPrecision witnessA, witnessB;
  distanceBeyondRadius(witnessA.backend().data(),
                       squaredDistanceToCore3(a, reported.pointA[0], reported.pointA[1], reported.pointA[2]),
                       exactFloat(a.radius));
  distanceBeyondRadius(witnessB.backend().data(),
                       squaredDistanceToCore3(b, reported.pointB[0], reported.pointB[1], reported.pointB[2]),
                       exactFloat(b.radius));
  if (reported.merged) {
    errors.witnessError = inUnits(witnessA < witnessB ? witnessA : witnessB, u);
  } else {
    errors.witnessError = inUnits(witnessA > witnessB ? witnessA : witnessB, u);
  }
  errors.witnessGap = inUnits(squareRoot(squaredGap(reported.pointA, reported.pointB)) - exactDistance, u);
  return errors;
}

bool distanceExceeds3(const ExactAnswer3& exact, const Rational& unit, double factor) {
  if (factor < 0 || unit <= 0) {
    throw std::invalid_argument("oracle: distanceExceeds3 needs factor >= 0 and unit > 0");
  }
  const Rational bound = exact.radius + exactDouble(factor) * unit;
  return exact.coreDistanceSquared > bound * bound;
}

}  // namespace gjk::oracle
