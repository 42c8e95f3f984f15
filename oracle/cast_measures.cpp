// What the verdict measures of a reported cast against the exact one (cast.h): the exact gap at a rational
// t, and in high precision the angle of a reported normal and the distance of a reported contact point.
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "oracle/exact_arithmetic.h"
#include "oracle/high_precision.h"
#include "oracle/minkowski_hull.h"
#include "oracle/quadratic_arithmetic.h"

namespace gjk::oracle {

// Exact: the points b + t r - a are rationals; over their common denominator D they are integers, whose
// hull's squared distance from the origin (closestPointOfHull, exact) divided by D^2 is g(t)^2.
Rational castGapSquared(const InputShape& a, const InputShape& b, InputTranslation r, const Rational& t) {
  const std::vector<ExactPoint> worldA = worldVertices(a), worldB = worldVertices(b);
  const Rational moveX = t * exactFloat(r.x), moveY = t * exactFloat(r.y);
  std::vector<ExactPoint> cloud;
  cloud.reserve(worldA.size() * worldB.size());
  Integer common = 1;
  for (const ExactPoint& q : worldB) {
    for (const ExactPoint& p : worldA) {
      ExactPoint point{q.x + moveX - p.x, q.y + moveY - p.y};
      common = boost::multiprecision::lcm(common, boost::multiprecision::denominator(point.x));
      common = boost::multiprecision::lcm(common, boost::multiprecision::denominator(point.y));
      cloud.push_back(std::move(point));
    }
  }
  std::vector<IntPoint> integers;
  integers.reserve(cloud.size());
  for (const ExactPoint& point : cloud) {
    const Rational x = point.x * Rational(common), y = point.y * Rational(common);
    integers.push_back({boost::multiprecision::numerator(x), boost::multiprecision::numerator(y)});
  }
  const HullClosest closest = closestPointOfHull(std::move(integers));
  return closest.distanceSquared / Rational(common * common);
}

namespace {

// High precision: the angle between two non-zero vectors, atan2(|cross|, dot), in [0, pi].
HighPrecision angleBetween(const HighPrecision& vx, const HighPrecision& vy, const HighPrecision& wx,
                           const HighPrecision& wy) {
  const HighPrecision turn = vx * wy - vy * wx;
  return atan2(turn < 0 ? HighPrecision(-turn) : turn, vx * wx + vy * wy);
}

}  // namespace

HighPrecision castNormalAngle(const ExactCast& exact, double nx, double ny) {
  if (!exact.normalKnown) {
    throw std::invalid_argument("oracle: castNormalAngle needs a known exact normal");
  }
  if (nx == 0 && ny == 0) {
    return HighPrecision(std::numeric_limits<double>::max());  // GMP floats hold no infinity
  }
  const Rational vx = exactDouble(nx), vy = exactDouble(ny);
  const HighPrecision hx(vx), hy(vy);
  if (!exact.normalIsCone) {
    return angleBetween(hx, hy, toHighPrecision(exact.normalX), toHighPrecision(exact.normalY));
  }
  const ExactPoint& f = exact.coneFrom;
  const ExactPoint& to = exact.coneTo;
  if (f.x == to.x && f.y == to.y) {
    return HighPrecision(0);  // every direction is valid
  }
  // Exact: v is in the cone from f counter-clockwise to `to` (at most a half-plane) when it is not
  // clockwise of f and not counter-clockwise of `to` (for a half-plane, the first test alone).
  const int fromSide = Rational(f.x * vy - f.y * vx).sign();
  const int toSide = Rational(vx * to.y - vy * to.x).sign();
  const bool halfPlane = (f.x * to.y - f.y * to.x) == 0 && (f.x * to.x + f.y * to.y) < 0;
  if (fromSide >= 0 && (halfPlane || toSide >= 0)) {
    return HighPrecision(0);
  }
  const HighPrecision toFrom = angleBetween(hx, hy, HighPrecision(f.x), HighPrecision(f.y));
  const HighPrecision toTo = angleBetween(hx, hy, HighPrecision(to.x), HighPrecision(to.y));
  return toFrom < toTo ? toFrom : toTo;
}

HighPrecision castPointError(const InputShape& a, const InputShape& b, InputTranslation r, const ExactCast& exact,
                             double px, double py) {
  if (!exact.hit) {
    throw std::invalid_argument("oracle: castPointError needs a hit");
  }
  // dist(p, B + t* r) = dist(p - t* r, B); p - t* r in high precision, then taken as the exact rational of
  // that high-precision value (mpq_set_f is exact), whose distance to B is computed in high precision.
  const HighPrecision t = toHighPrecision(exact.fraction);
  const HighPrecision qx = HighPrecision(exactDouble(px)) - t * HighPrecision(exactFloat(r.x));
  const HighPrecision qy = HighPrecision(exactDouble(py)) - t * HighPrecision(exactFloat(r.y));
  Rational rx, ry;
  mpq_set_f(rx.backend().data(), qx.backend().data());
  mpq_set_f(ry.backend().data(), qy.backend().data());
  const HighPrecision toA = distanceToShape(a, px, py);
  const HighPrecision toB = distanceToShape(b, rx, ry);
  return toA > toB ? toA : toB;
}

}  // namespace gjk::oracle
