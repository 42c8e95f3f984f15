// Internal to oracle/: the exact squared distance from a query point, given as two doubles, to a convex
// hull already built on ExactPoints (a shape's hull, shapeHull's result), without copying the points or
// forming a Minkowski difference: the closest feature of the hull (a vertex or the inside of an edge) is
// found by sign tests on the hull's points and the query point, filtered in double with the bounds of
// error_bounds.h and computed exactly from the scaled integers when the filter cannot decide; then the one
// exact squared distance of that feature is formed.
//
// The points are the hull's, in ExactPoints' integers shifted to the query's common power of two (the
// query's own terms (x, 0, 0) and (y, 0, 0) may have a smaller exponent): the same integers as
// ExactPoints would hold given the points' terms and the query's, formed only for the few points a sign
// test or the distance needs.
// The squared distance is a canonical rational, so it is the same Rational whatever feature or route
// computes it: squaredDistanceToCore's (tested against squaredDistanceToCoreByPointCloud).
#pragma once

#include "oracle/exact_points.h"
#include "oracle/fast_hull.h"

namespace gjk::oracle {

// Exact: the squared distance from (x, y) to the hull (counter-clockwise, no collinear vertex; a point or
// a segment allowed) of the points of `points`, into out. Returns false, and leaves out alone, when the
// query does not fit the 128-bit route (ExactPoints::extends is false: the points are wide or all zero,
// or the query point widens their exponent range beyond it); the caller then answers by
// squaredDistanceToCore. x and y must be finite (std::invalid_argument otherwise). Adds one query to
// filterStatistics().
bool squaredDistanceToHull(const ExactPoints& points, const ShapeHull& hull, double x, double y, Rational& out);

}  // namespace gjk::oracle
