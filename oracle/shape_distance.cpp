// Distances from a point to one shape, for witness errors (docs/verdict.md).
#include "oracle/exact_arithmetic.h"
#include "oracle/high_precision.h"
#include "oracle/minkowski_hull.h"

namespace gjk::oracle {

// Exact: see the comment inside; the hull and its closest point are those of closestPointOfHull.
// (The fast squaredDistanceToCore is fast_solve.cpp's.)
Rational squaredDistanceToCoreByPointCloud(const InputShape& shape, const Rational& x, const Rational& y) {
  const ScaledCase scaled = scaleShape(shape);
  // Exact: with L the least common multiple of x's and y's denominators and of 2^-exponent, every
  // vertex - (x, y) times L is an integer point. The squared distance from (x, y) to the hull is the
  // squared distance from the origin to the hull of those integer points, divided by L^2.
  Integer common = lcm(boost::multiprecision::denominator(x), boost::multiprecision::denominator(y));
  if (scaled.exponent < 0) {
    Integer power = 1;
    power <<= -scaled.exponent;
    common = lcm(common, power);
  }
  const Rational unit = powerOfTwo(scaled.exponent) * common;  // an integer
  const Integer offsetX = boost::multiprecision::numerator(x) * (common / boost::multiprecision::denominator(x));
  const Integer offsetY = boost::multiprecision::numerator(y) * (common / boost::multiprecision::denominator(y));
  const Integer unitInteger = boost::multiprecision::numerator(unit);
  std::vector<IntPoint> relative;
  relative.reserve(scaled.worldA.size());
  for (const IntPoint& vertex : scaled.worldA) {
    relative.push_back({vertex.x * unitInteger - offsetX, vertex.y * unitInteger - offsetY});
  }
  const HullClosest closest = closestPointOfHull(std::move(relative));
  return closest.distanceSquared / Rational(common * common);
}

HighPrecision distanceToShape(const InputShape& shape, double x, double y) {
  // High precision (see distanceBeyondRadius): the squared core distance (fast method) and the radius
  // are exact.
  HighPrecision result;
  distanceBeyondRadius(result.backend().data(), squaredDistanceToCore(shape, x, y), exactFloat(shape.radius));
  return result;
}

HighPrecision distanceToShape(const InputShape& shape, const Rational& x, const Rational& y) {
  // High precision (see distanceBeyondRadius): the squared core distance and the radius are exact.
  HighPrecision result;
  distanceBeyondRadius(result.backend().data(), squaredDistanceToCore(shape, x, y), exactFloat(shape.radius));
  return result;
}

}  // namespace gjk::oracle
