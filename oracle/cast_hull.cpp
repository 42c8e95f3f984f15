// castByHull (cast.h): the exact cast by M's hull, built by solveByHull's machinery, and the one piece of
// the grown hull's boundary that the line of motion crosses first.
#include <stdexcept>
#include <utility>

#include "oracle/cast_contact.h"
#include "oracle/exact_arithmetic.h"
#include "oracle/exact_points.h"
#include "oracle/fast_hull.h"
#include "oracle/quadratic_arithmetic.h"

namespace gjk::oracle {

namespace {

struct IntVector {
  Integer x, y;
};

Integer cross(const IntVector& p, const IntVector& q) { return p.x * q.y - p.y * q.x; }
Integer dot(const IntVector& p, const IntVector& q) { return p.x * q.x + p.y * q.y; }

// Everything the search needs, in the integers of ExactPoints (units of 2^exponent; t is unitless).
struct HullCast {
  ExactPoints& points;
  const MergedHull& merged;
  int count = 0;        // vertices of M
  IntVector u;          // -r: the direction p(t) = t u walks
  Integer tauN, tauD;   // the target in units 2^exponent, tauN / tauD, tauD > 0
  Integer uu;           // u.u

  IntVector vertex(int k) const {
    const MergedHull::Vertex& v = merged.vertices[((k % count) + count) % count];
    IntVector result;
    points.integerDifference(v.b, v.a, 0, result.x);
    points.integerDifference(v.b, v.a, 1, result.y);
    return result;
  }
  // Edge k of M, vertex k to vertex k + 1 (cyclic; a segment has the two opposite edges).
  IntVector edge(int k) const {
    const IntVector from = vertex(k), to = vertex(k + 1);
    return {to.x - from.x, to.y - from.y};
  }
};

Rational rationalOf(const Integer& value) { return Rational(value); }

ExactPoint pointOf(const IntVector& v) { return {rationalOf(v.x), rationalOf(v.y)}; }

// The inward normal of an edge direction E of a counter-clockwise M, (-E.y, E.x): -(outward normal).
IntVector inward(const IntVector& e) { return {-e.y, e.x}; }

// With target 0 at vertex k of M: the cone of normals, from the inward normal of the edge into k to that
// of the edge out of k; M a point: every direction (coneFrom == coneTo == u, or (1, 0) when u = 0).
void setVertexCone(const HullCast& h, int k, ExactCast& cast) {
  cast.normalKnown = true;
  cast.normalIsCone = true;
  if (h.count == 1) {  // -r, or (1, 0) when r = 0
    const IntVector direction = h.uu.sign() == 0 ? IntVector{1, 0} : h.u;
    cast.coneFrom = pointOf(direction);
    cast.coneTo = pointOf(direction);
    return;
  }
  cast.coneFrom = pointOf(inward(h.edge(k - 1)));
  cast.coneTo = pointOf(inward(h.edge(k)));
}

void setNormal(ExactCast& cast, QuadraticNumber x, QuadraticNumber y) {
  cast.normalKnown = true;
  cast.normalIsCone = false;
  cast.normalX = std::move(x);
  cast.normalY = std::move(y);
}

QuadraticNumber quadraticOf(const Integer& value) {
  QuadraticNumber result;
  result.a = value;
  return result;
}

// At t = 0 with target 0 and the origin on the boundary of M: the normal there (the origin's feature).
void setTouchingNormalAtZeroTarget(const HullCast& h, ExactCast& cast) {
  for (int k = 0; k < h.count; ++k) {
    const IntVector v = h.vertex(k);
    if (v.x.sign() == 0 && v.y.sign() == 0) {
      setVertexCone(h, k, cast);
      return;
    }
  }
  // Not a vertex: inside an edge; M has two or more vertices. For a polygon the one edge whose line holds
  // the origin; for a segment the approaching side, none when r runs along it.
  if (h.count == 2) {
    const IntVector e = h.edge(0);
    const int side = cross(e, h.u).sign();  // inward(e) . u
    if (side == 0) {
      return;  // normalKnown stays false: both sides are valid
    }
    const IntVector n = inward(e);
    setNormal(cast, quadraticOf(side > 0 ? n.x : Integer(-n.x)), quadraticOf(side > 0 ? n.y : Integer(-n.y)));
    return;
  }
  for (int k = 0; k < h.count; ++k) {
    const IntVector v = h.vertex(k), e = h.edge(k);
    if (cross(e, v).sign() == 0) {  // the origin on edge k's line: cross(E, 0 - V) = 0
      const IntVector n = inward(e);
      setNormal(cast, quadraticOf(n.x), quadraticOf(n.y));
      return;
    }
  }
  throw std::logic_error("oracle: castByHull found the origin on no edge of M");
}

}  // namespace

ExactCast castByHull(const InputShape& a, const InputShape& b, InputTranslation r, const Rational& target) {
  if (target < 0) {
    throw std::invalid_argument("oracle: a cast target must be >= 0");
  }
  // The points of both shapes (as solveByHull has them), then -r's two ends: r itself and the origin,
  // so that cross(u, E) of an edge is one more filtered exact sign test.
  SmallVector<TermSum> xs, ys;
  appendWorldTerms(a, xs, ys);
  appendWorldTerms(b, xs, ys);
  const int countA = static_cast<int>(a.vertices.size());
  const int countB = static_cast<int>(b.vertices.size());
  const int rIndex = countA + countB, zeroIndex = rIndex + 1;
  xs.push_back({{r.x, 0, 0}});
  ys.push_back({{r.y, 0, 0}});
  xs.push_back({{0, 0, 0}});
  ys.push_back({{0, 0, 0}});
  ExactPoints points(xs, ys);
  const ShapeHull hullA = shapeHull(points, 0, countA);
  const ShapeHull hullB = shapeHull(points, countA, countB);
  const MergedHull merged = mergeHulls(points, hullB, hullA);
  const ClosestFeature feature = closestFeature(points, merged);
  // The nearest point itself is formed only when the cast needs it (touching at t = 0 with a target).
  ExactClosest closest = exactClosest(points, merged, feature, false);

  HullCast h{points, merged};
  h.count = static_cast<int>(merged.vertices.size());
  points.integerDifference(zeroIndex, rIndex, 0, h.u.x);
  points.integerDifference(zeroIndex, rIndex, 1, h.u.y);
  h.uu = dot(h.u, h.u);
  const int exponent = points.exponent();
  const Rational tauUnits = target * powerOfTwo(-exponent);  // exact
  h.tauN = boost::multiprecision::numerator(tauUnits);
  h.tauD = boost::multiprecision::denominator(tauUnits);
  const bool zeroTarget = target == 0;

  ExactCast cast;
  // The relation at t = 0 (oracle.h, with the target for rA + rB), on exact rationals.
  const int order = closest.distanceSquared.compare(target * target);
  if (order < 0 || (order == 0 && zeroTarget && !closest.originOnBoundary)) {
    cast.hit = true;
    cast.initiallyOverlapping = true;
    return cast;
  }
  if (order == 0) {
    cast.hit = true;
    cast.initiallyTouching = true;
    if (zeroTarget) {
      setTouchingNormalAtZeroTarget(h, cast);
    } else {  // c - p(0) = c, the nearest point of M
      closest = exactClosest(points, merged, feature, true);
      setNormal(cast, quadraticFromRational(closest.x), quadraticFromRational(closest.y));
    }
    if (cast.normalKnown) {
      setContactPoint(a, b, HighPrecision(closest.x), HighPrecision(closest.y), cast);
    }
    return cast;
  }
  if (h.uu.sign() == 0) {
    return cast;  // r = 0: the gap stays g(0) > target
  }

  // The left boundary: edges with cross(u, E) < 0 run against u's side (b decreasing in the frame
  // a = x.u, b = cross(u, x)). One filtered exact sign per edge: u = X[zero] - X[r], E along X[p] - X[q].
  const int n = h.count;
  SmallVector<int> chain;  // M's vertex indices from the top of the left boundary to its bottom
  if (n >= 2) {
    SmallVector<int> sides(n);
    bool anyNegative = false;
    for (int k = 0; k < n; ++k) {
      const MergedHull::Direction& d = merged.directions[k];
      sides[k] = points.crossSign(zeroIndex, rIndex, d.p, d.q);
      anyNegative = anyNegative || sides[k] < 0;
    }
    if (anyNegative) {
      int top = -1;
      for (int k = 0; k < n && top < 0; ++k) {
        if (sides[(k + n - 1) % n] >= 0 && sides[k] < 0) top = k;
      }
      chain.push_back(top);
      for (int k = top; sides[k % n] < 0; ++k) {
        chain.push_back((k + 1) % n);
      }
    } else {
      // A segment along u: its end with the smaller u.V (the dot sign of u and edge 0, V0 to V1).
      const MergedHull::Direction& d = merged.directions[0];
      chain.push_back(points.dotSign(zeroIndex, rIndex, d.p, d.q) > 0 ? 0 : 1);
    }
  } else {
    chain.push_back(0);
  }
  const int m = static_cast<int>(chain.size()) - 1;  // edges on the chain

  // Miss: the line passes above the top or below the bottom of M grown by tau: the sign of
  // b(top) + tau |u| (and b(bottom) - tau |u|), b = cross(u, V), times tauD > 0.
  const IntVector topVertex = h.vertex(chain[0]);
  const IntVector bottomVertex = h.vertex(chain[m]);
  const Integer betaTop = cross(h.u, topVertex), betaBottom = cross(h.u, bottomVertex);
  if (signOfRootSum(Integer(h.tauD * betaTop), h.tauN, h.uu) < 0 ||
      signOfRootSum(Integer(h.tauD * betaBottom), Integer(-h.tauN), h.uu) > 0) {
    return cast;
  }

  // The pieces along the chain, top to bottom: arc of chain[0], edge 0, arc of chain[1], ..., arc of
  // chain[m]. Their b decreases; the end of edge i is at b = beta_(i+1) + tau cross(u, n_i) / |n_i|
  // (n_i the outward normal (E.y, -E.x)), whose sign is that of tauD beta sqrt(n.n) + tauN cross(u, n).
  auto pieceSign = [&](int i, bool end) {
    const IntVector e = h.edge(chain[i]);
    const IntVector outward{e.y, Integer(-e.x)};
    const Integer beta = cross(h.u, h.vertex(chain[end ? i + 1 : i]));
    return signOfRootSum(Integer(h.tauN * cross(h.u, outward)), Integer(h.tauD * beta), dot(outward, outward));
  };
  // Binary search: the first edge whose end is at b <= 0.
  int low = 0, high = m;
  while (low < high) {
    const int middle = (low + high) / 2;
    if (pieceSign(middle, true) <= 0) {
      high = middle;
    } else {
      low = middle + 1;
    }
  }
  const bool onEdge = low < m && pieceSign(low, false) >= 0;
  const int vertexIndex = chain[low];  // the arc's vertex when !onEdge
  QuadraticNumber t;
  IntVector edgeVector, edgeStart;
  if (onEdge) {
    // n.(t u - V) = tau |n|: t = (tauD n.V + tauN sqrt(n.n)) / (tauD n.u), with n.u = cross(u, E) < 0.
    edgeVector = h.edge(chain[low]);
    edgeStart = h.vertex(chain[low]);
    const IntVector outward{edgeVector.y, Integer(-edgeVector.x)};
    t.a = -(h.tauD * dot(outward, edgeStart));
    t.b = -h.tauN;
    t.c = h.tauN.sign() == 0 ? Integer(0) : dot(outward, outward);
    t.e = -(h.tauD * dot(outward, h.u));
  } else {
    // |t u - V|^2 = tau^2, the smaller root: t = (tauD u.V - sqrt(tauN^2 u.u - tauD^2 beta^2)) / (tauD u.u).
    const IntVector v = h.vertex(vertexIndex);
    const Integer beta = cross(h.u, v);
    t.a = h.tauD * dot(h.u, v);
    t.c = h.tauN * h.tauN * h.uu - h.tauD * h.tauD * beta * beta;
    t.b = t.c.sign() == 0 ? Integer(0) : Integer(-1);
    if (t.c.sign() == 0) t.c = 0;
    t.e = h.tauD * h.uu;
  }
  if (quadraticSign(t) < 0 || compareQuadratic(t, Rational(1)) > 0) {
    return cast;  // behind the start (moving away) or beyond t = 1
  }
  cast.hit = true;
  cast.fraction = t;

  // The normal (exact) and the nearest point c of M (high precision, for the contact point), in the units
  // of ExactPoints.
  HighPrecision cx, cy;
  int edgeNormal = -1;  // the edge of M whose inward normal is the normal, when it is one
  if (onEdge) {
    const Integer betaStart = cross(h.u, edgeStart);
    const Integer betaEnd = cross(h.u, h.vertex(chain[low] + 1));
    if (zeroTarget && (betaStart.sign() == 0 || betaEnd.sign() == 0)) {
      const int k = betaStart.sign() == 0 ? chain[low] : (chain[low] + 1) % n;
      setVertexCone(h, k, cast);
      const IntVector v = h.vertex(k);
      cx = HighPrecision(v.x);
      cy = HighPrecision(v.y);
    } else {
      const IntVector normal = inward(edgeVector);
      setNormal(cast, quadraticOf(normal.x), quadraticOf(normal.y));
      edgeNormal = chain[low];
      // c = V + s E with s = (p - V).E / E.E: the foot of p(t*) = t* u on the edge.
      const HighPrecision time = toHighPrecision(t);
      const HighPrecision ex(edgeVector.x), ey(edgeVector.y), vx(edgeStart.x), vy(edgeStart.y);
      const HighPrecision s = ((time * HighPrecision(h.u.x) - vx) * ex + (time * HighPrecision(h.u.y) - vy) * ey) /
                              HighPrecision(dot(edgeVector, edgeVector));
      cx = vx + s * ex;
      cy = vy + s * ey;
    }
  } else {
    const IntVector v = h.vertex(vertexIndex);
    cx = HighPrecision(v.x);
    cy = HighPrecision(v.y);
    if (zeroTarget) {
      setVertexCone(h, vertexIndex, cast);
    } else {
      // V - t* u = (V e - u a - u b sqrt(c)) / e, exact, written directly in t*'s integers.
      QuadraticNumber nx, ny;
      nx.a = v.x * t.e - h.u.x * t.a;
      nx.b = -(h.u.x * t.b);
      nx.c = nx.b.sign() == 0 ? Integer(0) : t.c;
      nx.e = t.e;
      ny.a = v.y * t.e - h.u.y * t.a;
      ny.b = -(h.u.y * t.b);
      ny.c = ny.b.sign() == 0 ? Integer(0) : t.c;
      ny.e = t.e;
      setNormal(cast, std::move(nx), std::move(ny));
    }
  }
  const HighPrecision unit = HighPrecision(powerOfTwo(exponent));  // units of ExactPoints to world
  if (edgeNormal >= 0) {
    const MergedHull::Direction& d = merged.directions[edgeNormal];
    setContactPointOnEdgeNormal(a, b, points, d.p, d.q, cx * unit, cy * unit, cast);
  } else {
    setContactPoint(a, b, cx * unit, cy * unit, cast);
  }
  return cast;
}

}  // namespace gjk::oracle
