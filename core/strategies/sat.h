// Strategy `sat`: the separating axis test for convex polygons as the course notes teach it (polygons,
// OBBs, circles), in float.
//
//   1. Each shape's vertices go to the world frame (transformPoint) and to their convex hull,
//      counter-clockwise (Andrew's monotone chain; the orientation test cross(b - a, c - a) rounds in
//      float; collinear and repeated points are dropped, so a hull has 1, 2 or >= 3 vertices).
//   2. Candidate axes, in this order:
//        a hull of >= 3 vertices: the outward unit normal (e.y, -e.x)/|e| of each edge e;
//        a hull of 2 vertices (a segment, the 2-gon of its two edges): its one normal (the other is
//          its negation, which gives the same overlap);
//        a hull of 1 vertex (a point: a circle when it has a radius): the unit axis from that point to the
//          nearest vertex of the other hull (the notes' circle-polygon axis), skipped when they coincide;
//        no axis at all (two coincident points): (1, 0).
//   3. On each axis n: the hulls' projection intervals [minA, maxA], [minB, maxB];
//      overlap = min(maxA - minB, maxB - minA) (the first: B moves along +n; the second: along -n).
//      overlap + rA + rB < 0 on some axis: separated (the first such axis; separating-axis).
//      Otherwise the axis of least overlap (the first on ties) gives the normal (+n or -n, from A towards
//      B) and depth = overlap + rA + rB (least-overlap). Touching (overlap + radii = 0) overlaps at depth 0.
//   4. Contact points (SAT has none; derived from the incident vertex): when the best axis is A's (an edge
//      normal of A, or the axis from A's point to B), pointB = the vertex of B's hull deepest along
//      -normal (first on ties) - rB normal and pointA = pointB + depth normal; when it is B's, pointA = the
//      vertex of A's hull deepest along +normal + rA normal and pointB = pointA - depth normal.
// With radii the edge normals alone miss the vertex-vertex axes of two rounded polygons (as Box2D 2.4.1's
// b2CollidePolygons also does): such a pair can be called overlapping when only the rounded corners are
// near. iterations counts the axes tested.
#pragma once

#include <algorithm>
#include <cmath>

#include "core/distance_types.h"
#include "core/penetration_types.h"
#include "core/proxy.h"
#include "core/transform.h"

namespace gjk {

namespace sat {

template <class T>
struct Hull {
  Vec2<T> v[MAX_POLYGON_VERTICES];
  int count = 0;
};

// Andrew's monotone chain on the world-frame vertices, counter-clockwise, strict turns only.
template <class T>
inline Hull<T> worldHull(const Proxy<T>& proxy, const Transform<T>& xf) {
  Vec2<T> points[MAX_POLYGON_VERTICES];
  int n = proxy.count;
  for (int i = 0; i < n; ++i) points[i] = transformPoint(xf, proxy.vertices[i]);
  std::sort(points, points + n, [](Vec2<T> a, Vec2<T> b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  int unique = 0;
  for (int i = 0; i < n; ++i) {
    if (unique == 0 || !(points[i] == points[unique - 1]))
      points[unique++] = points[i];
  }
  Hull<T> hull;
  if (unique <= 2) {
    for (int i = 0; i < unique; ++i) hull.v[hull.count++] = points[i];
    return hull;
  }
  Vec2<T> chain[2 * MAX_POLYGON_VERTICES];
  int k = 0;
  for (int i = 0; i < unique; ++i) {  // lower chain
    while (k >= 2 && cross(chain[k - 1] - chain[k - 2], points[i] - chain[k - 2]) <= T(0)) --k;
    chain[k++] = points[i];
  }
  for (int i = unique - 2, lower = k + 1; i >= 0; --i) {  // upper chain
    while (k >= lower && cross(chain[k - 1] - chain[k - 2], points[i] - chain[k - 2]) <= T(0)) --k;
    chain[k++] = points[i];
  }
  --k;  // the last point repeats the first
  if (k < 2)
    k = 2;  // all collinear: the chain is the two extreme points
  for (int i = 0; i < k; ++i) hull.v[hull.count++] = chain[i];
  return hull;
}

template <class T>
inline void project(const Hull<T>& hull, Vec2<T> n, T* lo, T* hi) {
  *lo = *hi = dot(hull.v[0], n);
  for (int i = 1; i < hull.count; ++i) {
    T p = dot(hull.v[i], n);
    *lo = std::min(*lo, p);
    *hi = std::max(*hi, p);
  }
}

template <class T>
inline bool unit(Vec2<T> v, Vec2<T>* n) {
  T len = length(v);
  if (!(len > T(0)))
    return false;
  *n = {v.x / len, v.y / len};
  return true;
}

// The unit normals of a hull's edges (>= 3 vertices) or of its segment (2).
template <class T>
inline int edgeAxes(const Hull<T>& hull, Vec2<T>* axes) {
  int count = 0;
  int edges = hull.count >= 3 ? hull.count : hull.count - 1;
  for (int i = 0; i < edges; ++i) {
    Vec2<T> e = hull.v[i + 1 < hull.count ? i + 1 : 0] - hull.v[i];
    Vec2<T> n;
    if (unit(Vec2<T>{e.y, -e.x}, &n))
      axes[count++] = n;
  }
  return count;
}

// For a point hull: the axis from it to the nearest vertex of the other hull (first on ties).
template <class T>
inline int pointAxis(const Hull<T>& point, const Hull<T>& other, Vec2<T>* axes) {
  if (point.count != 1)
    return 0;
  int best = 0;
  T bestDistance = lengthSquared(other.v[0] - point.v[0]);
  for (int i = 1; i < other.count; ++i) {
    T d = lengthSquared(other.v[i] - point.v[0]);
    if (d < bestDistance) {
      best = i;
      bestDistance = d;
    }
  }
  return unit(other.v[best] - point.v[0], axes) ? 1 : 0;
}

template <class T>
void penetration(const DistanceInput<T>& input, PenetrationOutput<T>* out) {
  Hull<T> a = worldHull(input.proxyA, input.transformA);
  Hull<T> b = worldHull(input.proxyB, input.transformB);
  T rA = input.proxyA.radius;
  T rB = input.proxyB.radius;
  T radii = rA + rB;

  Vec2<T> axes[2 * MAX_POLYGON_VERTICES + 2];
  int count = edgeAxes(a, axes);
  count += pointAxis(a, b, axes + count);
  int axesOfA = count;  // axes 0 .. axesOfA-1 are A's: the incident vertex is B's
  count += edgeAxes(b, axes + count);
  count += pointAxis(b, a, axes + count);
  if (count == 0)
    axes[count++] = {1, 0};

  T bestOverlap = 0;
  Vec2<T> bestNormal;
  int bestAxis = 0;
  for (int i = 0; i < count; ++i) {
    Vec2<T> n = axes[i];
    T loA, hiA, loB, hiB;
    project(a, n, &loA, &hiA);
    project(b, n, &loB, &hiB);
    T forward = hiA - loB;   // B moves along +n
    T backward = hiB - loA;  // B moves along -n
    T overlap = std::min(forward, backward);
    if (overlap + radii < T(0)) {
      out->overlapping = false;
      out->normal = forward <= backward ? n : -n;
      out->depth = overlap + radii;
      out->iterations = i + 1;
      out->stop = PenetrationStop::SeparatingAxis;
      return;
    }
    if (i == 0 || overlap < bestOverlap) {
      bestOverlap = overlap;
      bestNormal = forward <= backward ? n : -n;
      bestAxis = i;
    }
  }

  // The incident vertex: B's deepest along -normal for an axis of A, else A's deepest along +normal.
  bool incidentOnB = bestAxis < axesOfA || count == 1;
  const Hull<T>& incident = incidentOnB ? b : a;
  Vec2<T> towards = incidentOnB ? -bestNormal : bestNormal;
  int deepest = 0;
  T deepestValue = dot(incident.v[0], towards);
  for (int i = 1; i < incident.count; ++i) {
    T value = dot(incident.v[i], towards);
    if (value > deepestValue) {
      deepest = i;
      deepestValue = value;
    }
  }
  out->overlapping = true;
  out->depth = bestOverlap + radii;
  out->normal = bestNormal;
  if (incidentOnB) {
    out->pointB = b.v[deepest] - rB * bestNormal;
    out->pointA = out->pointB + out->depth * bestNormal;
  } else {
    out->pointA = a.v[deepest] + rA * bestNormal;
    out->pointB = out->pointA - out->depth * bestNormal;
  }
  out->iterations = count;
  out->stop = PenetrationStop::LeastOverlap;
}

}  // namespace sat

struct SatStrategy {
  static constexpr const char* NAME = "sat";
  static constexpr int MAX_AXES = 2 * MAX_POLYGON_VERTICES + 2;
  template <class T>
  static void penetration(const DistanceInput<T>& input, PenetrationOutput<T>* output) {
    sat::penetration(input, output);
  }
};

}  // namespace gjk
