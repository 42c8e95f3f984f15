// Method 1 of the exact penetration answer: the nearest edge of the exact hull of M (oracle/penetration.h).
#include "oracle/penetration.h"

#include <stdexcept>

namespace gjk::oracle {

namespace {

// Exact: rational products and sums.
Rational crossOf(const ExactPoint& p, const ExactPoint& q) {
  return p.x * q.y - p.y * q.x;
}

ExactPoint difference(const ExactPoint& p, const ExactPoint& q) {
  return {p.x - q.x, p.y - q.y};
}

bool isOrigin(const ExactPoint& p) {
  return p.x == 0 && p.y == 0;
}

// The whole circle of directions, as two closed half-circle arcs.
std::vector<NormalArc> fullCircle() {
  return {{{Rational(1), Rational(0)}, {Rational(-1), Rational(0)}},
          {{Rational(-1), Rational(0)}, {Rational(1), Rational(0)}}};
}

// The normals of a segment M = [p, q] that contains the origin (r >= 0): depth r, core depth 0.
void segmentNormals(const ExactPoint& p, const ExactPoint& q, ExactPenetration& answer) {
  if (isOrigin(p) || isOrigin(q)) {
    // The origin at the end p (or q): h_M(n) = max(0, n . e) with e from that end to the other, zero on the
    // closed half circle n . e <= 0; the normals -n form the half circle m . e >= 0, counter-clockwise from
    // e turned by -90 degrees to e turned by +90 degrees.
    const ExactPoint e = isOrigin(p) ? difference(q, p) : difference(p, q);
    answer.normalArcs.push_back({{e.y, -e.x}, {-e.y, e.x}});
    return;
  }
  // The origin strictly inside the segment: h_M(n) = 0 only for the two perpendiculars.
  const ExactPoint e = difference(q, p);
  answer.normals.push_back({-e.y, e.x});
  answer.normals.push_back({e.y, -e.x});
}

// The normals of a polygon M (counter-clockwise, no collinear vertices) that contains the origin.
void polygonNormals(const std::vector<ExactPoint>& hull, ExactPenetration& answer) {
  const std::size_t count = hull.size();
  // Edge k runs from hull[k] to hull[k + 1]; its outward normal is n = (e.y, -e.x) and
  // h_M(n / |n|) = (n . hull[k]) / |n| >= 0 (the origin is in M), squared: (n . hull[k])^2 / |e|^2.
  std::vector<Rational> squared(count);
  std::vector<bool> zero(count);
  for (std::size_t k = 0; k < count; ++k) {
    const ExactPoint e = difference(hull[(k + 1) % count], hull[k]);
    const Rational support = crossOf(hull[k], e);  // n . hull[k] with n = (e.y, -e.x)
    if (support < 0) {
      throw std::logic_error(
          "oracle: penetrationByHull: the origin is outside an edge of M that contains it");
    }
    zero[k] = support == 0;
    squared[k] = support * support / (e.x * e.x + e.y * e.y);
  }
  std::size_t best = 0;
  for (std::size_t k = 1; k < count; ++k) {
    if (squared[k] < squared[best]) {
      best = k;
    }
  }
  answer.coreDepthSquared = squared[best];
  if (zero[best]) {
    // The origin on the boundary of M: on one edge (one normal), or at the vertex two edges share (the arc
    // of the vertex's normal cone, from edge k's inward normal to edge k + 1's, counter-clockwise).
    for (std::size_t k = 0; k < count; ++k) {
      const std::size_t next = (k + 1) % count;
      if (zero[k] && zero[next]) {
        const ExactPoint e0 = difference(hull[next], hull[k]);
        const ExactPoint e1 = difference(hull[(next + 1) % count], hull[next]);
        answer.normalArcs.push_back({{-e0.y, e0.x}, {-e1.y, e1.x}});
        return;
      }
    }
  }
  for (std::size_t k = 0; k < count; ++k) {
    if (squared[k] == squared[best]) {
      const ExactPoint e = difference(hull[(k + 1) % count], hull[k]);
      answer.normals.push_back({-e.y, e.x});  // -n: from A towards B
    }
  }
}

}  // namespace

ExactPenetration penetrationByHull(const ExactAnswer& exact) {
  if (exact.minkowskiHull.empty()) {
    throw std::invalid_argument("oracle: penetrationByHull needs the Minkowski hull (solveByHull)");
  }
  ExactPenetration answer;
  answer.relation = exact.relation;
  answer.radius = exact.radius;
  answer.scale = exact.scale;
  if (exact.coreDistanceSquared > 0) {
    // The origin outside M: min h_M = -d0 at n = -q/|q|, so depth = r - d0 and the normal is q itself.
    answer.coreSign = -1;
    answer.coreDepthSquared = exact.coreDistanceSquared;
    answer.normals.push_back(exact.closestPoint);
    return answer;
  }
  answer.coreSign = 1;
  answer.coreDepthSquared = 0;
  const std::vector<ExactPoint>& hull = exact.minkowskiHull;
  if (hull.size() == 1) {
    answer.normalArcs = fullCircle();  // M is the origin: every direction gives depth r
  } else if (hull.size() == 2) {
    segmentNormals(hull[0], hull[1], answer);
  } else {
    polygonNormals(hull, answer);
  }
  return answer;
}

ExactPenetration solvePenetration(const InputShape& a, const InputShape& b) {
  return penetrationByHull(solveByHull(a, b));
}

bool isMinimalNormal(const ExactPenetration& answer, const ExactPoint& direction) {
  // Exact: same direction <=> cross = 0 and dot > 0; inside the counter-clockwise arc from f to t (both
  // ends included) <=> the angle from f to v is at most the angle from f to t, decided by half-turn
  // comparisons of cross and dot signs.
  auto sameDirection = [](const ExactPoint& p, const ExactPoint& q) {
    return crossOf(p, q) == 0 && p.x * q.x + p.y * q.y > 0;
  };
  for (const ExactPoint& normal : answer.normals) {
    if (sameDirection(normal, direction)) {
      return true;
    }
  }
  // The counter-clockwise angle from f to p, in [0, 2 pi), as (half, cross, dot) for comparison: half 0
  // for angles in [0, pi), 1 for [pi, 2 pi).
  auto angleLessOrEqual = [](const ExactPoint& f, const ExactPoint& p, const ExactPoint& q) {
    auto half = [&](const ExactPoint& v) {
      const Rational c = crossOf(f, v);
      const Rational d = f.x * v.x + f.y * v.y;
      return (c > 0 || (c == 0 && d > 0)) ? 0 : 1;
    };
    const int hp = half(p);
    const int hq = half(q);
    if (hp != hq) {
      return hp < hq;
    }
    return crossOf(p, q) >= 0;  // within one half turn: p before or with q
  };
  for (const NormalArc& arc : answer.normalArcs) {
    if (sameDirection(arc.from, direction) || sameDirection(arc.to, direction)) {
      return true;
    }
    if (angleLessOrEqual(arc.from, direction, arc.to)) {
      return true;
    }
  }
  return false;
}

}  // namespace gjk::oracle
