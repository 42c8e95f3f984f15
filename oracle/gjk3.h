// Internal to oracle/: method 2 of the 3D oracle (solveWithoutHull3), which builds no hull of M: support
// points of M = {b - a} (this file), GJK with Johnson's sub-algorithm (gjk3.cpp) and an exact expanding
// polytope for a contained origin (epa3.cpp). Never used by method 1.
#pragma once

#include "oracle/exact3.h"

#include <functional>
#include <vector>

namespace gjk::oracle {

// Exact: the first point of `points` (not empty) maximizing direction . p.
const IntPoint3& extremePoint(const std::vector<IntPoint3>& points, const IntPoint3& direction);

// The support mapping of M in the integer units of a scaled case.
class SupportMap3 {
 public:
  explicit SupportMap3(const ScaledCase3& scaled) : scaled_(scaled) {}
  // Exact: a point b* - a* of M with b* maximizing d . b over B's world vertices and a* minimizing d . a
  // over A's, so d . (b* - a*) = max over M of d . m (the first maximizer on ties). Any d, zero included.
  IntPoint3 operator()(const IntPoint3& direction) const;

 private:
  const ScaledCase3& scaled_;
};

// The closest point of hull(Y) to the origin as numerator / denominator (denominator > 0), and the smallest
// subset X of Y whose hull holds it.
struct SubsetClosest {
  std::vector<IntPoint3> subset;
  IntPoint3 numerator;
  Integer denominator;
};

// Exact: Johnson's sub-algorithm on 1 to 4 affinely independent points (std::logic_error otherwise).
SubsetClosest johnson(const std::vector<IntPoint3>& y);

// Exact GJK from `start` (1 to 4 affinely independent points of the set) with `support` (a support mapping of
// a finite point set, first maximizer on ties): the closest point of the set's hull to the origin, and the
// subset of support points whose hull holds it (1 to 4 affinely independent points; it holds the origin when
// numerator is zero). The answer does not depend on the start (the closest point is unique); a start near
// the end only saves steps. Shared by solveWithoutHull3 (on M) and squaredDistanceToCore3 (on a shape less a
// point).
SubsetClosest closestToOrigin3(const std::function<IntPoint3(const IntPoint3&)>& support,
                               std::vector<IntPoint3> start);

// Exact: the points of `points`, in order, that are affinely independent of the ones kept before them (the
// first is always kept): an affinely independent subset of at most 4 points, a valid start for
// closestToOrigin3.
std::vector<IntPoint3> affinelyIndependentSubset(const std::vector<IntPoint3>& points);

// The origin is in hull(simplex) (1 to 4 affinely independent points of M, as GJK ends): decides whether
// it is in the interior of M or on its boundary, and in the interior the nearest face plane of M and its
// normal (core.originOnBoundary, originInInterior, depth*, penetrationNormal). Exact (epa3.cpp): the
// simplex is grown by support points to a tetrahedron (or M is found flat, all boundary), then expanded by
// support points, nearest face first, until every face at the least distance lies on a face plane of M.
void expandPolytope3(const SupportMap3& support, std::vector<IntPoint3> simplex, CoreResult3& core);

}  // namespace gjk::oracle
