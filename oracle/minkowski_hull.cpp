// The reference method: the explicit Minkowski difference, its exact hull, its closest point.
// (solveByHull, the fast method, is fast_solve.cpp; the two share no code but dyadic.h's split of a double.)
#include "oracle/minkowski_hull.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace gjk::oracle {

namespace {

// Exact: the orientation of (o, a, b), twice the signed area of the triangle, an integer determinant.
// > 0 counter-clockwise, 0 collinear, < 0 clockwise.
Integer orientation(const IntPoint& o, const IntPoint& a, const IntPoint& b) {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

// Exact: integer comparisons, x first, then y.
bool lexicographicLess(const IntPoint& left, const IntPoint& right) {
  if (left.x != right.x) {
    return left.x < right.x;
  }
  return left.y < right.y;
}

// Exact: integer equality.
bool samePoint(const IntPoint& left, const IntPoint& right) { return left.x == right.x && left.y == right.y; }

// Exact: Andrew's monotone chain. Points are sorted lexicographically and deduplicated (integer
// comparisons); a point is popped while the turn it makes is not strictly counter-clockwise, so
// collinear points are removed. All points equal gives one point, all collinear gives the two ends.
std::vector<IntPoint> monotoneChain(std::vector<IntPoint> points) {
  std::sort(points.begin(), points.end(), lexicographicLess);
  points.erase(std::unique(points.begin(), points.end(), samePoint), points.end());
  const std::size_t count = points.size();
  if (count <= 2) {
    return points;  // a point, or a segment already in lexicographic order
  }
  std::vector<IntPoint> hull(2 * count);
  std::size_t size = 0;
  for (std::size_t i = 0; i < count; ++i) {  // lower chain, left to right
    while (size >= 2 && orientation(hull[size - 2], hull[size - 1], points[i]) <= 0) {
      --size;
    }
    hull[size++] = points[i];
  }
  const std::size_t lowerSize = size + 1;
  for (std::size_t i = count - 1; i-- > 0;) {  // upper chain, right to left
    while (size >= lowerSize && orientation(hull[size - 2], hull[size - 1], points[i]) <= 0) {
      --size;
    }
    hull[size++] = points[i];
  }
  hull.resize(size - 1);  // the last point repeats the first
  return hull;
}

struct EdgeClosest {
  Rational distanceSquared;
  Rational x;
  Rational y;
};

// Exact: the origin's projection onto the line through p and q has the rational parameter
// t = -(p . (q - p)) / |q - p|^2; clamping t to [0, 1] and evaluating p + t (q - p) in rationals gives
// the closest point of the segment, and its squared norm the squared distance.
EdgeClosest closestOnSegment(const IntPoint& p, const IntPoint& q) {
  const Integer dx = q.x - p.x;
  const Integer dy = q.y - p.y;
  const Integer lengthSquared = dx * dx + dy * dy;
  const Integer along = -(p.x * dx + p.y * dy);
  EdgeClosest result;
  if (lengthSquared == 0 || along <= 0) {
    result.x = Rational(p.x);
    result.y = Rational(p.y);
  } else if (along >= lengthSquared) {
    result.x = Rational(q.x);
    result.y = Rational(q.y);
  } else {
    const Rational t(along, lengthSquared);
    result.x = Rational(p.x) + t * Rational(dx);
    result.y = Rational(p.y) + t * Rational(dy);
  }
  result.distanceSquared = result.x * result.x + result.y * result.y;
  return result;
}

}  // namespace

// Exact (see minkowski_hull.h): integer hull and containment, rational projections.
HullClosest closestPointOfHull(std::vector<IntPoint> points) {
  if (points.empty()) {
    throw std::invalid_argument("oracle: the hull of no points");
  }
  HullClosest result;
  result.hull = monotoneChain(std::move(points));
  const std::vector<IntPoint>& hull = result.hull;
  const IntPoint origin{0, 0};

  if (hull.size() >= 3) {
    // Exact containment: the origin is inside or on a counter-clockwise convex polygon exactly when
    // no edge sees it strictly on its right; on the boundary when, in addition, some edge has it on
    // its line.
    bool inside = true;
    bool onEdgeLine = false;
    for (std::size_t i = 0; i < hull.size(); ++i) {
      const Integer turn = orientation(hull[i], hull[(i + 1) % hull.size()], origin);
      if (turn < 0) {
        inside = false;
        break;
      }
      if (turn == 0) {
        onEdgeLine = true;
      }
    }
    if (inside) {
      result.containsOrigin = true;
      result.originOnBoundary = onEdgeLine;
      return result;  // distance 0 at the origin itself (the Rationals default to 0)
    }
  }

  // The origin is outside a polygon, or the hull is a point or a segment: the closest point is on an
  // edge (for a segment, the segment itself; for a point, the point).
  bool first = true;
  const std::size_t edgeCount = hull.size() <= 2 ? 1 : hull.size();  // a point is the edge (p, p)
  for (std::size_t i = 0; i < edgeCount; ++i) {
    const EdgeClosest edge = closestOnSegment(hull[i], hull[(i + 1) % hull.size()]);
    if (first || edge.distanceSquared < result.distanceSquared) {
      result.distanceSquared = edge.distanceSquared;
      result.closestX = edge.x;
      result.closestY = edge.y;
      first = false;
    }
  }
  if (hull.size() <= 2 && result.distanceSquared == 0) {
    result.containsOrigin = true;  // a degenerate hull through the origin: all of it is boundary
    result.originOnBoundary = true;
  }
  return result;
}

// Exact: the cloud b - a is a set of integer points in units of 2^exponent (scaleCase), its hull and
// closest point are exact (closestPointOfHull), and scaling back by a power of two is exact. The
// relation compares the exact rationals d0^2 and r^2.
ExactAnswer solveByPointCloudHull(const InputShape& a, const InputShape& b) {
  const ScaledCase scaled = scaleCase(a, b);

  // The explicit Minkowski difference cloud {b - a}: integer differences, exact.
  std::vector<IntPoint> cloud;
  cloud.reserve(scaled.worldA.size() * scaled.worldB.size());
  for (const IntPoint& pb : scaled.worldB) {
    for (const IntPoint& pa : scaled.worldA) {
      cloud.push_back({pb.x - pa.x, pb.y - pa.y});
    }
  }
  const HullClosest closest = closestPointOfHull(std::move(cloud));

  // Back from integer units to world units: multiply by 2^exponent (squares by 2^(2 exponent)). Exact.
  const Rational unit = powerOfTwo(scaled.exponent);
  ExactAnswer answer;
  answer.coreDistanceSquared = closest.distanceSquared * unit * unit;
  answer.closestPoint = {closest.closestX * unit, closest.closestY * unit};
  answer.radius = scaledToRational(scaled.radiusA + scaled.radiusB, scaled.exponent);
  for (const IntPoint& vertex : closest.hull) {
    answer.minkowskiHull.push_back(
        {scaledToRational(vertex.x, scaled.exponent), scaledToRational(vertex.y, scaled.exponent)});
  }

  // Design §3, compared exactly on rationals: d0^2 against r^2 (both d0 and r are >= 0); for r = 0 and
  // d0 = 0, a point or segment M is all boundary.
  answer.relation = relationFromSquares(answer.coreDistanceSquared, answer.radius, closest.originOnBoundary);

  answer.scale = problemScale(a, b);
  return answer;
}

}  // namespace gjk::oracle
