// Strategy `epa`: the classic expanding polytope algorithm (Cameron 1997, van den Bergen 2001; in 2D as
// dyn4j and Ericson teach it), in float, started from the final simplex of our perp GJK (perp.h).
//
//   1. perp GJK on the cores (radii ignored) gives the core distance d, its witness points and its final
//      simplex (rebuilt from the indices GJK writes to the cache).
//      d > rA + rB and d > FLT_EPSILON (Box2D 2.4.1's overlap rule)  -> separated
//      d > FLT_EPSILON (cores apart, within the radii)              -> rounded-only: depth = rA + rB - d,
//                                                                      normal = (pB - pA) / d
//   2. otherwise the cores touch or overlap: the simplex is grown to a triangle of M = B - A
//      (a point: the first of the supports along +x, -x, +y, -y that differs from it makes a segment;
//       a segment w0 w1: the support along its left normal (-e.y, e.x), if it lies strictly beyond the
//       segment's line, else the support along the right normal; none: M has no interior,
//       degenerate-polytope), wound counter-clockwise;
//   3. expand: take the edge a b with the smallest signed distance dist = n.a, n = (e.y, -e.x)/|e| its
//      outward normal (from the winding, so an origin on or just outside an edge is handled); the
//      support s along n; stop when s's index pair is already a polytope vertex (duplicate-support) or
//      n.s - dist <= 4 FLT_EPSILON * max(|a|, |b|, |s|) (max-norm; no-progress: the rounding of two dot
//      products of a unit vector with points of that size); else insert s between a and b and drop the
//      edges s sees (van den Bergen's silhouette step in 2D): while a neighbour of s is not a strict left
//      turn (cross <= 0, rounded in T) it is removed, so the polytope stays convex and no vertex lies
//      beyond an edge. At most MAX_EXPANSIONS insertions.
//   4. answer from the closest edge: normal = -n (from A towards B), depth = max(0, dist + rA + rB),
//      contact points from the origin's projection on the edge (parameter clamped to [0, 1]) applied to
//      the edge's support points, moved out by the radii along the normal.
// iterations counts support calls, GJK's and the expansion's. Every operation in T; -ffp-contract=off.
#pragma once

#include <algorithm>
#include <cmath>

#include "core/gjk_loop.h"
#include "core/penetration_types.h"
#include "core/strategies/perp.h"

namespace gjk {

namespace epa {

// Insertions before iteration-cap. M of two polygons of at most 16 vertices has at most 32 vertices, and a
// repeated support pair stops the expansion, so polygons stop earlier; the cap bounds the loop.
inline constexpr int MAX_EXPANSIONS = 64;
inline constexpr int CAPACITY = 3 + MAX_EXPANSIONS;

template <class T>
inline T maxNorm(Vec2<T> v) {
  return std::max(std::fabs(v.x), std::fabs(v.y));
}

template <class T>
struct Polytope {
  SimplexVertex<T> v[CAPACITY];
  int count = 0;

  bool hasPair(const SimplexVertex<T>& s) const {
    for (int i = 0; i < count; ++i) {
      if (v[i].indexA == s.indexA && v[i].indexB == s.indexB)
        return true;
    }
    return false;
  }

  void insertAfter(int i, const SimplexVertex<T>& s) {
    for (int k = count; k > i + 1; --k) v[k] = v[k - 1];
    v[i + 1] = s;
    ++count;
  }

  void erase(int i) {
    for (int k = i; k + 1 < count; ++k) v[k] = v[k + 1];
    --count;
  }

  // After inserting s at index i: removes the vertices next to s that are no longer strict left turns
  // (counter-clockwise), on both sides, keeping at least a triangle. Returns s's index.
  int dropVisible(int i) {
    for (;;) {  // before s: q = v[i-1] between v[i-2] and s
      if (count <= 3)
        break;
      int q = (i + count - 1) % count;
      int qq = (i + count - 2) % count;
      if (cross(v[q].w - v[qq].w, v[i].w - v[q].w) > T(0))
        break;
      erase(q);
      if (q < i)
        --i;
    }
    for (;;) {  // after s: q = v[i+1] between s and v[i+2]
      if (count <= 3)
        break;
      int q = (i + 1) % count;
      int qq = (i + 2) % count;
      if (cross(v[q].w - v[i].w, v[qq].w - v[q].w) > T(0))
        break;
      erase(q);
      if (q < i)
        --i;
    }
    return i;
  }
};

// The polytope edge from v[i] to v[i+1] with its outward normal (counter-clockwise winding) and signed
// distance from the origin; valid = false for a zero-length edge (skipped).
template <class T>
struct Edge {
  int index = -1;
  Vec2<T> normal;
  T distance = 0;
};

template <class T>
inline Edge<T> closestEdge(const Polytope<T>& p) {
  Edge<T> best;
  for (int i = 0; i < p.count; ++i) {
    Vec2<T> a = p.v[i].w;
    Vec2<T> b = p.v[i + 1 < p.count ? i + 1 : 0].w;
    Vec2<T> e = b - a;
    T len = length(e);
    if (!(len > T(0)))
      continue;
    Vec2<T> n = {e.y / len, -e.x / len};
    T dist = dot(n, a);
    if (best.index < 0 || dist < best.distance) {
      best.index = i;
      best.normal = n;
      best.distance = dist;
    }
  }
  return best;
}

// Depth 0 + radii along a normal of M when M has no interior (both cores points, or collinear segments):
// the origin lies on M (d <= FLT_EPSILON), so no direction moves the cores apart by more than d.
template <class T>
inline void degenerateAnswer(const DistanceInput<T>& input, const DistanceOutput<T>& gjk, Vec2<T> normal,
                             int supportCalls, PenetrationOutput<T>* out) {
  T rA = input.proxyA.radius;
  T rB = input.proxyB.radius;
  out->overlapping = true;
  out->depth = std::max(T(0), rA + rB - gjk.distance);
  out->normal = normal;
  out->pointA = gjk.pointA + rA * normal;
  out->pointB = gjk.pointB - rB * normal;
  out->iterations = supportCalls;
  out->stop = PenetrationStop::DegeneratePolytope;
}

template <class T>
void penetration(const DistanceInput<T>& input, PenetrationOutput<T>* out) {
  DistanceInput<T> core = input;
  core.useRadii = false;
  SimplexCache<T> cache;
  DistanceOutput<T> gjk;
  gjkDistance<T, PerpPolicy>(core, &cache, &gjk, nullptr);
  int supportCalls = gjk.iterations;

  T rA = input.proxyA.radius;
  T rB = input.proxyB.radius;
  T radii = rA + rB;
  T d = gjk.distance;
  out->pointA = gjk.pointA;
  out->pointB = gjk.pointB;
  out->iterations = supportCalls;
  if (d > radii && d > EPSILON<T>) {
    out->overlapping = false;
    out->stop = PenetrationStop::Separated;
    return;
  }
  if (d > EPSILON<T>) {
    T inv = T(1) / d;
    Vec2<T> n = {(gjk.pointB.x - gjk.pointA.x) * inv, (gjk.pointB.y - gjk.pointA.y) * inv};
    out->overlapping = true;
    out->depth = radii - d;
    out->normal = n;
    out->pointA = gjk.pointA + rA * n;
    out->pointB = gjk.pointB - rB * n;
    out->stop = PenetrationStop::RoundedOnly;
    return;
  }

  // Grow GJK's final simplex to a triangle of M.
  Polytope<T> p;
  p.count = cache.count;
  for (int i = 0; i < p.count; ++i) p.v[i] = makeSupportVertex(core, cache.indexA[i], cache.indexB[i]);
  if (p.count == 1) {
    const Vec2<T> axes[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (Vec2<T> axis : axes) {
      SimplexVertex<T> s = supportVertex(core, axis);
      ++supportCalls;
      if (!(s.w == p.v[0].w)) {
        p.v[p.count++] = s;
        break;
      }
    }
    if (p.count == 1) {
      Vec2<T> w = p.v[0].w;
      T len = length(w);
      Vec2<T> n = len > T(0) ? Vec2<T>{-w.x / len, -w.y / len} : Vec2<T>{1, 0};
      degenerateAnswer(input, gjk, n, supportCalls, out);
      return;
    }
  }
  if (p.count == 2) {
    Vec2<T> w0 = p.v[0].w;
    Vec2<T> e = p.v[1].w - w0;
    Vec2<T> left = {-e.y, e.x};
    SimplexVertex<T> s = supportVertex(core, left);
    ++supportCalls;
    if (dot(left, s.w - w0) > T(0)) {
      p.v[p.count++] = s;
    } else {
      Vec2<T> right = -left;
      s = supportVertex(core, right);
      ++supportCalls;
      if (dot(right, s.w - w0) > T(0)) {
        p.v[p.count++] = s;
      } else {
        T len = length(e);
        degenerateAnswer(input, gjk, Vec2<T>{left.x / len, left.y / len}, supportCalls, out);
        return;
      }
    }
  }
  T area = cross(p.v[1].w - p.v[0].w, p.v[2].w - p.v[0].w);
  if (area < T(0))
    std::swap(p.v[1], p.v[2]);
  if (area == T(0) || closestEdge(p).index < 0) {  // a flat triangle (rounding): no interior to expand
    Vec2<T> e = p.v[1].w - p.v[0].w;
    T len = length(e);
    Vec2<T> n = len > T(0) ? Vec2<T>{-e.y / len, e.x / len} : Vec2<T>{1, 0};
    degenerateAnswer(input, gjk, n, supportCalls, out);
    return;
  }

  Edge<T> edge;
  PenetrationStop stop = PenetrationStop::IterationCap;
  int expansions = 0;
  for (;;) {
    edge = closestEdge(p);
    if (expansions >= MAX_EXPANSIONS) {
      stop = PenetrationStop::IterationCap;
      break;
    }
    const SimplexVertex<T>& a = p.v[edge.index];
    const SimplexVertex<T>& b = p.v[edge.index + 1 < p.count ? edge.index + 1 : 0];
    SimplexVertex<T> s = supportVertex(core, edge.normal);
    ++supportCalls;
    if (p.hasPair(s)) {
      stop = PenetrationStop::DuplicateSupport;
      break;
    }
    T scale = std::max(maxNorm(s.w), std::max(maxNorm(a.w), maxNorm(b.w)));
    if (dot(edge.normal, s.w) - edge.distance <= T(4) * EPSILON<T> * scale) {
      stop = PenetrationStop::NoProgress;
      break;
    }
    p.insertAfter(edge.index, s);
    p.dropVisible(edge.index + 1);
    ++expansions;
  }

  const SimplexVertex<T>& a = p.v[edge.index];
  const SimplexVertex<T>& b = p.v[edge.index + 1 < p.count ? edge.index + 1 : 0];
  Vec2<T> e = b.w - a.w;
  T t = -dot(a.w, e) / dot(e, e);
  t = std::min(T(1), std::max(T(0), t));
  Vec2<T> normal = -edge.normal;
  out->overlapping = true;
  out->depth = std::max(T(0), edge.distance + radii);
  out->normal = normal;
  out->pointA = a.wA + t * (b.wA - a.wA) + rA * normal;
  out->pointB = a.wB + t * (b.wB - a.wB) - rB * normal;
  out->iterations = supportCalls;
  out->stop = stop;
}

}  // namespace epa

struct EpaStrategy {
  static constexpr const char* NAME = "epa";
  // GJK's cap, growing (at most 4 supports for a point and 2 for a segment), the insertions and the last
  // support.
  static constexpr int MAX_SUPPORT_CALLS = PerpPolicy::MAX_ITERATIONS + 6 + epa::MAX_EXPANSIONS + 1;
  template <class T>
  static void penetration(const DistanceInput<T>& input, PenetrationOutput<T>* output) {
    epa::penetration(input, output);
  }
};

}  // namespace gjk
