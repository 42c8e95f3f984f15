#include "oracle/cast_pose.h"

#include <algorithm>

namespace gjk::oracle {
namespace {

// The point of segment [p, q] nearest to x, exact.
ExactPoint nearestOnSegment(const ExactPoint& p, const ExactPoint& q, const ExactPoint& x) {
  const Rational ex = q.x - p.x, ey = q.y - p.y;
  const Rational length = ex * ex + ey * ey;
  if (length == 0) {
    return p;
  }
  Rational s = ((x.x - p.x) * ex + (x.y - p.y) * ey) / length;
  s = std::clamp(s, Rational(0), Rational(1));
  return {p.x + s * ex, p.y + s * ey};
}

Rational squaredLength(const Rational& x, const Rational& y) { return x * x + y * y; }

}  // namespace

ExactPoint castClosestPoint(const InputShape& a, const InputShape& b, InputTranslation r, const Rational& t) {
  HullOptions options;
  options.closestPoint = false;
  return castClosestPoint(solveByHull(a, b, options).minkowskiHull, r, t);
}

ExactPoint castClosestPoint(const std::vector<ExactPoint>& hull, InputTranslation r, const Rational& t) {
  const Rational rx = exactFloat(r.x), ry = exactFloat(r.y);
  const ExactPoint query{-t * rx, -t * ry};  // the origin seen from M: M + t r contains 0 <=> M contains -t r
  const std::size_t n = hull.size();
  if (n >= 3) {
    bool inside = true;
    for (std::size_t i = 0; i < n && inside; ++i) {
      const ExactPoint& p = hull[i];
      const ExactPoint& q = hull[(i + 1) % n];
      inside = (q.x - p.x) * (query.y - p.y) - (q.y - p.y) * (query.x - p.x) >= 0;
    }
    if (inside) {
      return {Rational(0), Rational(0)};
    }
  }
  ExactPoint best = hull.front();
  Rational bestSquared = squaredLength(best.x - query.x, best.y - query.y);
  for (std::size_t i = 0; i < n; ++i) {
    const ExactPoint candidate = nearestOnSegment(hull[i], hull[(i + 1) % n], query);
    const Rational squared = squaredLength(candidate.x - query.x, candidate.y - query.y);
    if (squared < bestSquared) {
      bestSquared = squared;
      best = candidate;
    }
  }
  return {best.x - query.x, best.y - query.y};  // back in M + t r: m + t r
}

HighPrecision castPointExcess(const InputShape& a, const InputShape& b, InputTranslation r, const Rational& t,
                              double px, double py) {
  return castPointExcess(a, b, r, t, squareRoot(castGapSquared(a, b, r, t)), px, py);
}

HighPrecision castPointExcess(const InputShape& a, const InputShape& b, InputTranslation r, const Rational& t,
                              const HighPrecision& gap, double px, double py) {
  const Rational x = exactDouble(px), y = exactDouble(py);
  const Rational rx = exactFloat(r.x), ry = exactFloat(r.y);
  const HighPrecision toA = distanceToShape(a, x, y);
  const HighPrecision toB = distanceToShape(b, x - t * rx, y - t * ry);
  HighPrecision rounded = gap - HighPrecision(exactFloat(a.radius) + exactFloat(b.radius));
  if (rounded < 0) {
    rounded = 0;
  }
  return toA + toB - rounded;
}

bool castPoseDeeperThan(const std::vector<ExactPoint>& hull, InputTranslation r, const Rational& t,
                        const Rational& depth) {
  const std::size_t n = hull.size();
  if (n < 3) {
    return false;
  }
  const Rational x = -t * exactFloat(r.x), y = -t * exactFloat(r.y);
  for (std::size_t i = 0; i < n; ++i) {
    const ExactPoint& p = hull[i];
    const ExactPoint& q = hull[(i + 1) % n];
    const Rational nx = q.y - p.y, ny = -(q.x - p.x);
    const Rational inside = nx * (p.x - x) + ny * (p.y - y);  // |n| times the distance inside this edge's line
    if (inside < 0 || inside * inside < depth * depth * (nx * nx + ny * ny)) return false;
  }
  return true;
}

QuadraticNumber quadraticOf(const Rational& p, const Rational& q, const Rational& c) {
  // √(cn/cd) = √(cn·cd)/cd, so p + q√c = p + (q/cd)·√(cn·cd); then over the product of the two denominators.
  const Integer cn = numerator(c), cd = denominator(c);
  const Rational scaled = q / Rational(cd);
  QuadraticNumber value;
  value.a = numerator(p) * denominator(scaled);
  value.b = numerator(scaled) * denominator(p);
  value.c = cn * cd;
  value.e = denominator(p) * denominator(scaled);
  return value;
}

bool castPathMeetsErodedHull(const std::vector<ExactPoint>& hull, InputTranslation r, const Rational& depth) {
  const std::size_t n = hull.size();
  if (n < 3) {
    return false;
  }
  const Rational rx = exactFloat(r.x), ry = exactFloat(r.y);
  // t in [lower, upper]: start with [0, 1], each edge tightens one side.
  QuadraticNumber lower = quadraticFromRational(Rational(0)), upper = quadraticFromRational(Rational(1));
  for (std::size_t i = 0; i < n; ++i) {
    const ExactPoint& p = hull[i];
    const ExactPoint& q = hull[(i + 1) % n];
    const Rational nx = q.y - p.y, ny = -(q.x - p.x);  // outward for a counter-clockwise hull
    const Rational a = -(nx * rx + ny * ry);            // n·(−t r) = a t
    const Rational b = nx * p.x + ny * p.y;             // n·x <= b on M
    const Rational c = nx * nx + ny * ny;
    // a t <= b − depth √c
    if (a == 0) {
      if (b < 0 || b * b < depth * depth * c) return false;
      continue;
    }
    const QuadraticNumber bound = quadraticOf(b / a, -depth / a, c);
    if (a > 0) {
      if (compareQuadratic(bound, upper) < 0) upper = bound;
    } else {
      if (compareQuadratic(bound, lower) > 0) lower = bound;
    }
  }
  return compareQuadratic(lower, upper) <= 0;
}

}  // namespace gjk::oracle
