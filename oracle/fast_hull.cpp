// The fast hull method: shape hulls, the merge of edges, the closest feature (see fast_hull.h).
#include "oracle/fast_hull.h"

#include <gmp.h>

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace gjk::oracle {

namespace {

// Exact: -1, 0, 1 as p is lexicographically before, equal to, after q (x first, then y).
int lexicographicOrder(ExactPoints& points, int p, int q) {
  const int x = points.differenceSign(p, q, 0);
  return x != 0 ? x : points.differenceSign(p, q, 1);
}

// Exact: the orientation of (o, a, b): the sign of cross(a - o, b - o); > 0 counter-clockwise.
int orientation(ExactPoints& points, int o, int a, int b) {
  return points.crossSign(a, o, b, o);
}

// Exact: the indices first .. first + count - 1 into `sorted`, in lexicographic order, repeated points
// dropped. Insertion sort with a three-way comparison for the few points a shape has, std::sort beyond.
void sortedUnique(ExactPoints& points, int first, int count, SmallVector<int>& sorted) {
  constexpr int INSERTION_LIMIT = 32;
  sorted.clear();
  if (count > INSERTION_LIMIT) {
    for (int index = first; index < first + count; ++index) {
      sorted.push_back(index);
    }
    std::sort(sorted.begin(), sorted.end(),
              [&points](int p, int q) { return lexicographicOrder(points, p, q) < 0; });
    sorted.erase(std::unique(sorted.begin(), sorted.end(),
                             [&points](int p, int q) { return lexicographicOrder(points, p, q) == 0; }),
                 sorted.end());
    return;
  }
  for (int index = first; index < first + count; ++index) {
    std::size_t position = sorted.size();
    bool repeated = false;
    while (position > 0) {
      const int order = lexicographicOrder(points, sorted[position - 1], index);
      if (order == 0) {
        repeated = true;
        break;
      }
      if (order < 0) {
        break;
      }
      --position;
    }
    if (!repeated) {
      sorted.insert(sorted.begin() + static_cast<std::ptrdiff_t>(position), index);
    }
  }
}

using Direction = MergedHull::Direction;

// Exact: the order of two nonzero directions by angle in (-pi/2, 3pi/2]: -1 when e comes first, 0 for
// the same direction, 1 when f comes first. The right half-plane (x > 0: angles in (-pi/2, pi/2)) comes
// before the rest (x < 0, or x = 0: angles in [pi/2, 3pi/2]); within a half, the sign of cross(e, f)
// orders them. The closed half [pi/2, 3pi/2] holds two opposite directions, straight up and straight
// down, whose cross product is 0 too: up (angle pi/2) comes first.
int directionOrder(ExactPoints& points, Direction e, Direction f) {
  const int halfE = points.differenceSign(e.p, e.q, 0) > 0 ? 0 : 1;
  const int halfF = points.differenceSign(f.p, f.q, 0) > 0 ? 0 : 1;
  if (halfE != halfF) {
    return halfE < halfF ? -1 : 1;
  }
  const int cross = points.crossSign(e.p, e.q, f.p, f.q);
  if (cross != 0) {
    return cross > 0 ? -1 : 1;
  }
  if (points.dotSign(e.p, e.q, f.p, f.q) > 0) {
    return 0;
  }
  return points.differenceSign(e.p, e.q, 1) > 0 ? -1 : 1;  // opposite: up before down
}

}  // namespace

ShapeHull shapeHull(ExactPoints& points, int first, int count) {
  if (count <= 0) {
    throw std::invalid_argument("oracle: the hull of no points");
  }
  // Exact: Andrew's monotone chain as minkowski_hull.cpp's monotoneChain, on exact sign tests: a point
  // is popped while the turn it makes is not strictly counter-clockwise.
  SmallVector<int> sorted;
  sortedUnique(points, first, count, sorted);
  const std::size_t unique = sorted.size();  // distinct points
  ShapeHull result;
  if (unique <= 2) {
    result.vertices = sorted;
    result.largest = static_cast<int>(unique) - 1;
    return result;
  }
  SmallVector<int>& hull = result.vertices;
  hull.resize(2 * unique);
  std::size_t size = 0;
  for (std::size_t i = 0; i < unique; ++i) {  // lower chain, left to right
    while (size >= 2 && orientation(points, hull[size - 2], hull[size - 1], sorted[i]) <= 0) {
      --size;
    }
    hull[size++] = sorted[i];
  }
  result.largest = static_cast<int>(size) - 1;  // the lower chain ends at the largest point
  const std::size_t lowerSize = size + 1;
  for (std::size_t i = unique - 1; i-- > 0;) {  // upper chain, right to left
    while (size >= lowerSize && orientation(points, hull[size - 2], hull[size - 1], sorted[i]) <= 0) {
      --size;
    }
    hull[size++] = sorted[i];
  }
  hull.resize(size - 1);   // the last point repeats the first
  if (hull.size() == 2) {  // every point on one line: the segment (smallest, largest)
    result.largest = 1;
  }
  return result;
}

MergedHull mergeHulls(ExactPoints& points, const ShapeHull& hullB, const ShapeHull& hullA) {
  // P = hull(B) from its smallest vertex; Q = -hull(A), whose vertices -a keep hull(A)'s
  // counter-clockwise order (a half-turn) and whose smallest vertex is minus A's largest.
  const SmallVector<int>& p = hullB.vertices;
  SmallVector<int> q;  // the indices a of the vertices -a of Q, in Q's order
  q.reserve(hullA.vertices.size());
  for (std::size_t k = 0; k < hullA.vertices.size(); ++k) {
    q.push_back(hullA.vertices[(static_cast<std::size_t>(hullA.largest) + k) % hullA.vertices.size()]);
  }
  // Edges: a point has none, a segment two opposite ones, a polygon one per vertex.
  const auto edgeCount = [](std::size_t size) { return size == 1 ? std::size_t{0} : size; };
  const std::size_t countP = edgeCount(p.size());
  const std::size_t countQ = edgeCount(q.size());
  // Edge i of P: b_(i+1) - b_i. Edge j of Q: -a_(j+1) - (-a_j) = a_j - a_(j+1).
  const auto edgeP = [&](std::size_t i) { return Direction{p[(i + 1) % p.size()], p[i]}; };
  const auto edgeQ = [&](std::size_t j) { return Direction{q[j], q[(j + 1) % q.size()]}; };

  MergedHull merged;
  merged.vertices.reserve(countP + countQ + 1);
  merged.directions.reserve(countP + countQ);
  merged.vertices.push_back({p[0], q[0]});
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < countP || j < countQ) {
    const int order = i == countP ? 1 : (j == countQ ? -1 : directionOrder(points, edgeP(i), edgeQ(j)));
    merged.directions.push_back(order <= 0 ? edgeP(i) : edgeQ(j));
    if (order <= 0) {
      ++i;
    }
    if (order >= 0) {
      ++j;
    }
    if (i < countP || j < countQ) {  // the last edge closes the polygon at the first vertex
      merged.vertices.push_back({p[i % p.size()], q[j % q.size()]});
    }
  }
  return merged;
}

ClosestFeature closestFeature(ExactPoints& points, const MergedHull& hull) {
  using Kind = ClosestFeature::Kind;
  const SmallVector<MergedHull::Vertex>& w = hull.vertices;
  const SmallVector<Direction>& e = hull.directions;
  const std::size_t m = w.size();
  // W_k = X[b] - X[a]; each test is a sign of a cross or dot product of W_k with an edge direction E.
  const auto crossWE = [&](std::size_t k, std::size_t edge) {
    return points.crossSign(w[k].b, w[k].a, e[edge].p, e[edge].q);
  };
  const auto dotWE = [&](std::size_t k, std::size_t edge) {
    return points.dotSign(w[k].b, w[k].a, e[edge].p, e[edge].q);
  };
  if (m == 1) {
    const bool origin =
        points.differenceSign(w[0].b, w[0].a, 0) == 0 && points.differenceSign(w[0].b, w[0].a, 1) == 0;
    return origin ? ClosestFeature{Kind::Inside, true, 0} : ClosestFeature{Kind::Vertex, false, 0};
  }
  if (m == 2) {
    // The segment W_0 W_1 (direction E_0): the origin projects before W_0, after W_1, or inside.
    if (dotWE(0, 0) >= 0) {
      return {Kind::Vertex, false, 0};
    }
    if (dotWE(1, 0) <= 0) {
      return {Kind::Vertex, false, 1};
    }
    return crossWE(0, 0) == 0 ? ClosestFeature{Kind::Inside, true, 0} : ClosestFeature{Kind::Edge, false, 0};
  }
  // Containment: the origin is left of edge k (inside) when cross(E_k, O - W_k) = cross(W_k, E_k) > 0.
  bool onBoundary = false;
  std::size_t outside = m;
  for (std::size_t k = 0; k < m; ++k) {
    const int side = crossWE(k, k);
    if (side < 0) {
      outside = k;
      break;
    }
    onBoundary = onBoundary || side == 0;
  }
  if (outside == m) {
    return {Kind::Inside, onBoundary, 0};
  }
  // The unique closest point c has -c in the normal cone of M at c. Start at an edge that sees the
  // origin; the feature is usually next to it.
  for (std::size_t step = 0; step < m; ++step) {
    const std::size_t k = (outside + step) % m;
    const std::size_t previous = (k + m - 1) % m;
    const int startDot = dotWE(k, k);  // W_k . E_k
    if (startDot >= 0 && dotWE(k, previous) <= 0) {
      return {Kind::Vertex, false, static_cast<int>(k)};
    }
    if (startDot < 0 && dotWE((k + 1) % m, k) > 0 && crossWE(k, k) < 0) {
      return {Kind::Edge, false, static_cast<int>(k)};
    }
  }
  throw std::logic_error("oracle: no closest feature found on the Minkowski difference");
}

ExactClosest exactClosest(const ExactPoints& points, const MergedHull& hull, const ClosestFeature& feature,
                          bool withPoint) {
  using Kind = ClosestFeature::Kind;
  ExactClosest result;
  if (feature.kind == Kind::Inside) {
    result.containsOrigin = true;  // distance 0 at the origin itself (the Rationals default to 0)
    result.originOnBoundary = feature.onBoundary;
    return result;
  }
  const int exponent = points.exponent();
  const MergedHull::Vertex& start = hull.vertices[static_cast<std::size_t>(feature.index)];
  Integer px, py;
  points.integerDifference(start.b, start.a, 0, px);
  points.integerDifference(start.b, start.a, 1, py);
  if (feature.kind == Kind::Vertex) {
    // Exact: |W|^2 in units of 2^(2 exponent); W itself in units of 2^exponent.
    const Integer normSquared = px * px + py * py;
    setDyadic(result.distanceSquared, normSquared, 2 * exponent);
    if (withPoint) {
      setDyadic(result.x, px, exponent);
      setDyadic(result.y, py, exponent);
    }
    if (normSquared == 0) {  // a point or segment M through the origin: all of it is boundary
      result.containsOrigin = true;
      result.originOnBoundary = true;
    }
    return result;
  }
  // Exact: the edge P + t D, D = W_(k+1) - W_k, t = along / |D|^2 with along = -(P . D) strictly
  // between 0 and |D|^2 (closestFeature). The closest point (P |D|^2 + along D) / |D|^2 and the squared
  // distance cross(P, D)^2 / |D|^2 are canonical rationals (GMP divides out the common factor), then
  // scaled back by 2^exponent and 2^(2 exponent).
  const MergedHull::Vertex& end =
      hull.vertices[(static_cast<std::size_t>(feature.index) + 1) % hull.vertices.size()];
  Integer dx, dy, lengthSquared, along, cross;
  if (points.narrow()) {
    // The same integers through 256-bit products: P below 2^123, D below 2^124 (exact_points.h).
    const __int128 p0 = points.narrowDifference(start.b, start.a, 0),
                   p1 = points.narrowDifference(start.b, start.a, 1);
    const __int128 d0 = points.narrowDifference(end.b, end.a, 0) - p0;
    const __int128 d1 = points.narrowDifference(end.b, end.a, 1) - p1;
    setInteger(dx, d0);
    setInteger(dy, d1);
    setProductSum(lengthSquared, d0, d0, d1, d1);
    setProductSum(along, -p0, d0, -p1, d1);
    setProductSum(cross, p0, d1, -p1, d0);
  } else {
    Integer qx, qy;
    points.integerDifference(end.b, end.a, 0, qx);
    points.integerDifference(end.b, end.a, 1, qy);
    dx = qx - px;
    dy = qy - py;
    lengthSquared = dx * dx + dy * dy;
    along = -(px * dx + py * dy);
    cross = px * dy - py * dx;
  }
  result.distanceSquared = Rational(Integer(cross * cross), lengthSquared);
  if (withPoint) {
    result.x = Rational(Integer(px * lengthSquared + along * dx), lengthSquared);
    result.y = Rational(Integer(py * lengthSquared + along * dy), lengthSquared);
  }
  const auto scale = [](Rational& value, int power) {
    mpq_ptr q = value.backend().data();
    if (power >= 0) {
      mpq_mul_2exp(q, q, static_cast<mp_bitcnt_t>(power));
    } else {
      mpq_div_2exp(q, q, static_cast<mp_bitcnt_t>(-power));
    }
  };
  scale(result.distanceSquared, 2 * exponent);
  if (withPoint) {
    scale(result.x, exponent);
    scale(result.y, exponent);
  }
  return result;
}

}  // namespace gjk::oracle
