// The oracle's answer by the fast hull method (oracle.h solveByHull, squaredDistanceToCore): exact
// points with filtered sign tests (exact_points.h), shape hulls and their merge (fast_hull.h), then
// the few exact rationals of the answer.
#include <gmp.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

#include "oracle/dyadic.h"
#include "oracle/exact_points.h"
#include "oracle/fast_hull.h"
#include "oracle/point_distance.h"
#include "oracle/spare_pool.h"

namespace gjk::oracle {

ExactAnswer solveByHull(const InputShape& a, const InputShape& b) {
  return solveByHull(a, b, HullOptions{});
}

// The points are built in place (emplace) for each case; a State goes back to this thread's SparePool when
// its CaseHulls is done with it, so that a case allocates none.
struct CaseHulls::State {
  std::optional<ExactPoints> points;
  ShapeHull hullA, hullB;
};

CaseHulls::CaseHulls() = default;

CaseHulls::~CaseHulls() {
  if (state_ == nullptr) {
    return;
  }
  state_->points.reset();  // its filter statistics are counted now, as before
  SparePool<State>::giveBack(std::move(state_));
}

const ExactPoints& CaseHulls::points() const { return *state_->points; }

const ShapeHull& CaseHulls::hull(int shape) const { return shape == 0 ? state_->hullA : state_->hullB; }

namespace {

ExactAnswer solveOn(const InputShape& a, const InputShape& b, const HullOptions& options, CaseHulls::State& state);

}  // namespace

ExactAnswer solveByHull(const InputShape& a, const InputShape& b, const HullOptions& options) {
  return solveByHull(a, b, options, nullptr);
}

ExactAnswer solveByHull(const InputShape& a, const InputShape& b, const HullOptions& options, CaseHulls* hulls) {
  SmallVector<TermSum> xs, ys;
  xs.reserve(a.vertices.size() + b.vertices.size());
  ys.reserve(a.vertices.size() + b.vertices.size());
  appendWorldTerms(a, xs, ys);
  appendWorldTerms(b, xs, ys);
  if (hulls != nullptr) {
    if (hulls->state_ == nullptr) hulls->state_ = SparePool<CaseHulls::State>::take();
    hulls->state_->points.emplace(xs, ys, options.filter);
    return solveOn(a, b, options, *hulls->state_);
  }
  CaseHulls::State state;
  state.points.emplace(xs, ys, options.filter);
  return solveOn(a, b, options, state);
}

namespace {

// Exact (see oracle.h and fast_hull.h): every sign test is exact, the hull is the merge of the exact
// shape hulls, and the rationals are formed from the scaled integers; the relation compares the exact
// rationals d0^2 and r^2 as the reference does.
ExactAnswer solveOn(const InputShape& a, const InputShape& b, const HullOptions& options, CaseHulls::State& state) {
  const int countA = static_cast<int>(a.vertices.size());
  const int countB = static_cast<int>(b.vertices.size());
  ExactPoints& points = *state.points;
  state.hullA = shapeHull(points, 0, countA);
  state.hullB = shapeHull(points, countA, countB);
  const MergedHull merged = mergeHulls(points, state.hullB, state.hullA);
  const ClosestFeature feature = closestFeature(points, merged);
  ExactClosest closest = exactClosest(points, merged, feature, options.closestPoint);

  ExactAnswer answer;
  answer.coreDistanceSquared = std::move(closest.distanceSquared);
  answer.closestPoint = {std::move(closest.x), std::move(closest.y)};
  answer.radius = exactDouble(a.radius) + exactDouble(b.radius);  // exact: a sum of two rationals
  answer.minkowskiHull.resize(options.minkowskiHull ? merged.vertices.size() : 0);
  for (std::size_t k = 0; k < answer.minkowskiHull.size(); ++k) {
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

}  // namespace

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

// The shape's points alone (their exact hull does not depend on any query point: every sign test is
// exact), and that hull.
struct ShapeCore::Prepared {
  ExactPoints points;
  ShapeHull hull;

  Prepared(const SmallVector<TermSum>& xs, const SmallVector<TermSum>& ys)
      : points(xs, ys), hull(shapeHull(points, 0, points.size())) {}
};

ShapeCore::ShapeCore(const InputShape& shape) : shape_(&shape) {}

ShapeCore::ShapeCore(const InputShape& shape, const CaseHulls* hulls, int which)
    : shape_(&shape), hulls_(hulls != nullptr && hulls->filled() ? hulls : nullptr), which_(which) {}

ShapeCore::~ShapeCore() = default;

// Exact: the squared distance from (x, y) to the shape's exact hull (computed once, from the same exact
// sign tests as squaredDistanceToCore's), located by squaredDistanceToHull; a point that does not fit its
// 128-bit route is answered by squaredDistanceToCore. The squared distance is a canonical rational, so
// both give the same Rational.
void ShapeCore::squaredDistance(double x, double y, Rational& out) const {
  if (!std::isfinite(x) || !std::isfinite(y)) {
    throw std::invalid_argument("oracle: a non-finite number has no exact value");
  }
  if (hulls_ != nullptr) {  // the case's points: the shape's hull among both shapes' points
    if (!squaredDistanceToHull(hulls_->points(), hulls_->hull(which_), x, y, out)) {
      out = squaredDistanceToCore(*shape_, x, y);
    }
    return;
  }
  if (!prepared_) {  // built on the first point: a case whose witness points are all remembered needs none
    SmallVector<TermSum> xs, ys;
    xs.reserve(shape_->vertices.size());
    ys.reserve(shape_->vertices.size());
    appendWorldTerms(*shape_, xs, ys);
    prepared_ = std::make_unique<Prepared>(xs, ys);
  }
  if (!squaredDistanceToHull(prepared_->points, prepared_->hull, x, y, out)) {
    out = squaredDistanceToCore(*shape_, x, y);
  }
}

// Exact: splitDouble reads m * 2^k off the IEEE fields (dyadic.h); setDyadic builds the canonical rational.
Rational exactDouble(double value) {
  if (!std::isfinite(value)) {
    throw std::invalid_argument("oracle: exactDouble of a value that is not finite");
  }
  const Dyadic split = splitDouble(value);
  Rational result;
  setDyadic(result, split.mantissa, split.exponent);
  return result;
}

// Exact: a rational that is a double goes the fast way; any other takes the reference.
Rational squaredDistanceToCore(const InputShape& shape, const Rational& x, const Rational& y) {
  const double dx = mpq_get_d(x.backend().data());
  const double dy = mpq_get_d(y.backend().data());
  // Exact: mpq_get_d truncates; the rational is that double exactly when it converts back to itself.
  if (std::isfinite(dx) && std::isfinite(dy) && exactDouble(dx) == x && exactDouble(dy) == y) {
    return squaredDistanceToCore(shape, dx, dy);
  }
  return squaredDistanceToCoreByPointCloud(shape, x, y);
}

}  // namespace gjk::oracle
