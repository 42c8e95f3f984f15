// The simplex of GJK in 2D: one to three points of the Minkowski difference B - A, each with its
// support points on A and B and its barycentric coordinate for the closest point.
//
// Voronoi regions by barycentric coordinates, after Christer Ericson and Erin Catto ("Computing
// Distance", GDC 2010), operation for operation as Box2D 2.4.1 (src/collision/b2_distance.cpp), so that
// the float results match the shipped code bit for bit. Each solve reduces the simplex to the feature
// (vertex, edge, or the whole triangle) whose region holds the origin.
#pragma once

#include "core/distance_types.h"
#include "core/vec2.h"

namespace gjk {

template <class T>
struct SimplexVertex {
  Vec2<T> wA;  // support point on A, world frame
  Vec2<T> wB;  // support point on B, world frame
  Vec2<T> w;   // wB - wA, a point of the Minkowski difference
  T a = 0;     // barycentric coordinate of the closest point
  int indexA = 0;
  int indexB = 0;
};

template <class T>
struct Simplex {
  SimplexVertex<T> v[3];
  int count = 0;

  // Point and segment: the talk's "Solve2". Regions A (w1), B (w2) and AB.
  //   p = a1*w1 + a2*w2, a1 + a2 = 1, dot(p, e12) = 0
  //   d12_1 = dot(w2, e12), d12_2 = -dot(w1, e12) are the unnormalized a1, a2 (u and v of the talk).
  // A clamped coordinate (<= 0) selects the vertex region.
  void solve2() {
    Vec2<T> w1 = v[0].w;
    Vec2<T> w2 = v[1].w;
    Vec2<T> e12 = w2 - w1;

    T d12_2 = -dot(w1, e12);
    if (d12_2 <= T(0)) {  // region A
      v[0].a = 1;
      count = 1;
      return;
    }
    T d12_1 = dot(w2, e12);
    if (d12_1 <= T(0)) {  // region B
      v[1].a = 1;
      count = 1;
      v[0] = v[1];
      return;
    }
    T inv_d12 = T(1) / (d12_1 + d12_2);  // region AB; d12_1 + d12_2 = |e12|^2 > 0 here
    v[0].a = d12_1 * inv_d12;
    v[1].a = d12_2 * inv_d12;
    count = 2;
  }

  // Point and triangle: the talk's "Solve3". Seven regions: three vertices, three edges, the
  // interior. The triangle coordinates are n123 * cross(wj, wk) with n123 = cross(e12, e13), the
  // signed doubled area, so their signs are right for either winding.
  //
  // A zero-area triangle (n123 = 0) makes every d123 zero: the edge tests then pass on their edge
  // coordinates alone, and a vertex or edge region is chosen. Only when rounding leaves no region
  // selected and d123_1 + d123_2 + d123_3 is not positive would Box2D divide by a non-positive number;
  // there this solver falls back to the nearest of the three edges instead (pickNearestEdge), the one
  // place it departs from Box2D 2.4.1, reached only where Box2D would produce inf or NaN.
  void solve3() {
    Vec2<T> w1 = v[0].w;
    Vec2<T> w2 = v[1].w;
    Vec2<T> w3 = v[2].w;

    Vec2<T> e12 = w2 - w1;
    T d12_1 = dot(w2, e12);
    T d12_2 = -dot(w1, e12);

    Vec2<T> e13 = w3 - w1;
    T d13_1 = dot(w3, e13);
    T d13_2 = -dot(w1, e13);

    Vec2<T> e23 = w3 - w2;
    T d23_1 = dot(w3, e23);
    T d23_2 = -dot(w2, e23);

    T n123 = cross(e12, e13);
    T d123_1 = n123 * cross(w2, w3);
    T d123_2 = n123 * cross(w3, w1);
    T d123_3 = n123 * cross(w1, w2);

    if (d12_2 <= T(0) && d13_2 <= T(0)) {  // w1 region
      v[0].a = 1;
      count = 1;
      return;
    }
    if (d12_1 > T(0) && d12_2 > T(0) && d123_3 <= T(0)) {  // e12 region
      T inv_d12 = T(1) / (d12_1 + d12_2);
      v[0].a = d12_1 * inv_d12;
      v[1].a = d12_2 * inv_d12;
      count = 2;
      return;
    }
    if (d13_1 > T(0) && d13_2 > T(0) && d123_2 <= T(0)) {  // e13 region
      T inv_d13 = T(1) / (d13_1 + d13_2);
      v[0].a = d13_1 * inv_d13;
      v[2].a = d13_2 * inv_d13;
      count = 2;
      v[1] = v[2];
      return;
    }
    if (d12_1 <= T(0) && d23_2 <= T(0)) {  // w2 region
      v[1].a = 1;
      count = 1;
      v[0] = v[1];
      return;
    }
    if (d13_1 <= T(0) && d23_1 <= T(0)) {  // w3 region
      v[2].a = 1;
      count = 1;
      v[0] = v[2];
      return;
    }
    if (d23_1 > T(0) && d23_2 > T(0) && d123_1 <= T(0)) {  // e23 region
      T inv_d23 = T(1) / (d23_1 + d23_2);
      v[1].a = d23_1 * inv_d23;
      v[2].a = d23_2 * inv_d23;
      count = 2;
      v[0] = v[2];
      return;
    }
    T d123 = d123_1 + d123_2 + d123_3;
    if (!(d123 > T(0))) {  // degenerate: no region fits and the area is not positive
      pickNearestEdge();
      return;
    }
    T inv_d123 = T(1) / d123;  // interior region: the origin is inside the triangle
    v[0].a = d123_1 * inv_d123;
    v[1].a = d123_2 * inv_d123;
    v[2].a = d123_3 * inv_d123;
    count = 3;
  }

  // The closest point of the simplex to the origin: w1, a1*w1 + a2*w2, or the origin for a triangle.
  Vec2<T> closestPoint() const {
    switch (count) {
      case 1: return v[0].w;
      case 2: return v[0].a * v[0].w + v[1].a * v[1].w;
      default: return Vec2<T>{};
    }
  }

  // Witness points on A and B from the barycentric coordinates.
  void witnessPoints(Vec2<T>* pA, Vec2<T>* pB) const {
    switch (count) {
      case 1:
        *pA = v[0].wA;
        *pB = v[0].wB;
        break;
      case 2:
        *pA = v[0].a * v[0].wA + v[1].a * v[1].wA;
        *pB = v[0].a * v[0].wB + v[1].a * v[1].wB;
        break;
      default:
        *pA = v[0].a * v[0].wA + v[1].a * v[1].wA + v[2].a * v[2].wA;
        *pB = *pA;
        break;
    }
  }

  // Size of the simplex for the cache: 0, the length of the segment, or the signed doubled area.
  T metric() const {
    switch (count) {
      case 2: return distance(v[0].w, v[1].w);
      case 3: return cross(v[1].w - v[0].w, v[2].w - v[0].w);
      default: return T(0);
    }
  }

 private:
  // Keeps the edge of the three whose closest point to the origin is nearest (ties to the first),
  // solved as a segment. Used only for a degenerate triangle (see solve3).
  void pickNearestEdge() {
    static constexpr int EDGES[3][2] = {{0, 1}, {0, 2}, {1, 2}};
    Simplex best;
    T bestDistance = T(0);
    for (int e = 0; e < 3; ++e) {
      Simplex candidate;
      candidate.v[0] = v[EDGES[e][0]];
      candidate.v[1] = v[EDGES[e][1]];
      candidate.count = 2;
      candidate.solve2();
      T d = lengthSquared(candidate.closestPoint());
      if (e == 0 || d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
    *this = best;
  }
};

}  // namespace gjk

namespace gjk {

template <class T>
struct TraceStep {
  Simplex<T> simplex;        // after the solve of this iteration
  Vec2<T> direction;         // the search direction computed from it (zero if the loop stopped first)
  bool hasSupport = false;   // whether a support vertex was computed in this iteration
  SimplexVertex<T> support;  // the new support vertex (kept or found duplicate)
};

// Appends a step when the trace has room.
template <class T>
inline TraceStep<T>* beginTraceStep(Trace<T>* trace, const Simplex<T>& simplex) {
  if (trace == nullptr || trace->count >= trace->capacity) {
    return nullptr;
  }
  TraceStep<T>* step = trace->steps + trace->count++;
  *step = TraceStep<T>{};
  step->simplex = simplex;
  return step;
}

}  // namespace gjk
