// Internal to oracle/: the exact convex hull of a point set and its closest point to the origin.
// Used by the reference method (solveByPointCloudHull) and by squaredDistanceToCoreByPointCloud; never by
// hull_free.cpp, nor by the fast method (fast_hull.h).
#pragma once

#include "oracle/exact_arithmetic.h"

#include <vector>

namespace gjk::oracle {

// The closest point of hull(points) to the origin, all in the units of the input integers.
struct HullClosest {
  std::vector<IntPoint> hull;  // counter-clockwise, collinear points removed; 1 point or 2 if degenerate
  Rational distanceSquared;    // exact squared distance from the origin to the hull
  Rational closestX;           // exact closest point of the hull to the origin
  Rational closestY;
  bool containsOrigin = false;    // the origin is in the hull (interior or boundary)
  bool originOnBoundary = false;  // the origin is on the boundary; a point or segment hull is all boundary
};

// Exact: the hull comes from Andrew's monotone chain with an exact integer orientation test (a 2x2
// determinant of integers, no rounding), containment from the signs of the same determinants, and the
// closest point from projecting the origin onto each hull edge with a rational parameter clamped to
// [0, 1]. Throws std::invalid_argument for an empty set.
HullClosest closestPointOfHull(std::vector<IntPoint> points);

}  // namespace gjk::oracle
