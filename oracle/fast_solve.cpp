// The oracle's answer by the fast hull method (oracle.h solveByHull, squaredDistanceToCore): exact
// points with filtered sign tests (exact_points.h), shape hulls and their merge (fast_hull.h), then
// the few exact rationals of the answer.
#include <gmp.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "oracle/exact_points.h"
#include "oracle/fast_hull.h"

namespace gjk::oracle {

namespace {

// Exact: a + b for two finite doubles, as a canonical rational: each is M * 2^(e - 53) with an integer
// M below 2^53 (frexp splits off the exponent exactly), so both are integers in units of the smaller
// power of two, summed by GMP.
Rational exactSum(double a, double b) {
  long long mantissa[2] = {0, 0};
  int exponent[2] = {0, 0};
  int lowest = 0;
  bool any = false;
  const double values[2] = {a, b};
  for (int i = 0; i < 2; ++i) {
    if (values[i] != 0) {
      const double fraction = std::frexp(values[i], &exponent[i]);
      mantissa[i] = static_cast<long long>(std::ldexp(fraction, 53));  // exact, below 2^53
      exponent[i] -= 53;
      lowest = any ? std::min(lowest, exponent[i]) : exponent[i];
      any = true;
    }
  }
  Integer sum;
  for (int i = 0; i < 2; ++i) {
    if (mantissa[i] != 0) {
      Integer term = mantissa[i];
      term <<= static_cast<unsigned>(exponent[i] - lowest);
      sum += term;
    }
  }
  Rational result;
  setDyadic(result, sum, lowest);
  return result;
}

}  // namespace

ExactAnswer solveByHull(const InputShape& a, const InputShape& b) {
  return solveByHull(a, b, HullOptions{});
}

// Exact (see oracle.h and fast_hull.h): every sign test is exact, the hull is the merge of the exact
// shape hulls, and the rationals are formed from the scaled integers; the relation compares the exact
// rationals d0^2 and r^2 as the reference does.
ExactAnswer solveByHull(const InputShape& a, const InputShape& b, const HullOptions& options) {
  SmallVector<TermSum> xs, ys;
  xs.reserve(a.vertices.size() + b.vertices.size());
  ys.reserve(a.vertices.size() + b.vertices.size());
  appendWorldTerms(a, xs, ys);
  appendWorldTerms(b, xs, ys);
  const int countA = static_cast<int>(a.vertices.size());
  const int countB = static_cast<int>(b.vertices.size());
  ExactPoints points(std::move(xs), std::move(ys), options.filter);

  const ShapeHull hullA = shapeHull(points, 0, countA);
  const ShapeHull hullB = shapeHull(points, countA, countB);
  const MergedHull merged = mergeHulls(points, hullB, hullA);
  const ClosestFeature feature = closestFeature(points, merged);
  ExactClosest closest = exactClosest(points, merged, feature);

  ExactAnswer answer;
  answer.coreDistanceSquared = std::move(closest.distanceSquared);
  answer.closestPoint = {std::move(closest.x), std::move(closest.y)};
  answer.radius = exactSum(a.radius, b.radius);
  answer.minkowskiHull.resize(merged.vertices.size());
  for (std::size_t k = 0; k < merged.vertices.size(); ++k) {
    points.rationalDifference(merged.vertices[k].b, merged.vertices[k].a, 0, answer.minkowskiHull[k].x);
    points.rationalDifference(merged.vertices[k].b, merged.vertices[k].a, 1, answer.minkowskiHull[k].y);
  }

  // Design §3, compared exactly on rationals: d0^2 against r^2 (both d0 and r are >= 0).
  const Rational radiusSquared = answer.radius * answer.radius;
  const int order = answer.coreDistanceSquared.compare(radiusSquared);
  if (order > 0) {
    answer.relation = Relation::Separated;
  } else if (order < 0) {
    answer.relation = Relation::Overlapping;
  } else if (answer.radius > 0) {
    answer.relation = Relation::Touching;  // d0 = r > 0: on the boundary of M grown by the disk
  } else {
    // r = 0 and d0 = 0: touching on the boundary of M (a point or segment M is all boundary),
    // overlapping strictly inside.
    answer.relation = closest.originOnBoundary ? Relation::Touching : Relation::Overlapping;
  }

  answer.scale = problemScale(a, b);
  return answer;
}

// Exact: M = {(x, y)} - shape, whose squared distance from the origin is the squared distance from
// (x, y) to the shape's core; the point is one more exact point with the single term x (or y).
Rational squaredDistanceToCore(const InputShape& shape, double x, double y) {
  if (!std::isfinite(x) || !std::isfinite(y)) {
    throw std::invalid_argument("oracle: a non-finite number has no exact value");
  }
  SmallVector<TermSum> xs, ys;
  xs.reserve(shape.vertices.size() + 1);
  ys.reserve(shape.vertices.size() + 1);
  appendWorldTerms(shape, xs, ys);
  const int count = static_cast<int>(shape.vertices.size());
  xs.push_back({{x, 0, 0}});
  ys.push_back({{y, 0, 0}});
  ExactPoints points(std::move(xs), std::move(ys));
  const ShapeHull hull = shapeHull(points, 0, count);
  const ShapeHull point = shapeHull(points, count, 1);
  const MergedHull merged = mergeHulls(points, point, hull);
  return exactClosest(points, merged, closestFeature(points, merged), false).distanceSquared;
}

Rational exactDouble(double value) {
  if (!std::isfinite(value)) {
    throw std::invalid_argument("oracle: exactDouble of a value that is not finite");
  }
  // Exact: value = m * 2^k with |m| < 2^53 from the IEEE fields (a subnormal has no hidden bit);
  // setDyadic moves the trailing zeros of m into k, which makes the rational canonical.
  const std::uint64_t bits = std::bit_cast<std::uint64_t>(value);
  const int field = static_cast<int>((bits >> 52) & 0x7ff);
  std::uint64_t mantissa = bits & ((std::uint64_t{1} << 52) - 1);
  if (field != 0) {
    mantissa |= std::uint64_t{1} << 52;
  }
  const __int128 m = (bits >> 63) != 0 ? -static_cast<__int128>(mantissa) : static_cast<__int128>(mantissa);
  Rational result;
  setDyadic(result, m, field != 0 ? field - 1075 : -1074);
  return result;
}

// Exact: a rational that is a double goes the fast way; any other takes the reference.
Rational squaredDistanceToCore(const InputShape& shape, const Rational& x, const Rational& y) {
  // mpq_get_d truncates; the conversion is exact exactly when converting back gives the same rational.
  const double dx = mpq_get_d(x.backend().data());
  const double dy = mpq_get_d(y.backend().data());
  // Exact: mpq_get_d truncates; the rational is that double exactly when it converts back to itself.
  if (std::isfinite(dx) && std::isfinite(dy) && exactDouble(dx) == x && exactDouble(dy) == y) {
    return squaredDistanceToCore(shape, dx, dy);
  }
  return squaredDistanceToCoreByPointCloud(shape, x, y);
}

}  // namespace gjk::oracle
