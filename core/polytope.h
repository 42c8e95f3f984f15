// The shape a 3D GJK sees (the second dimension of core/proxy.h): up to MAX_POLYTOPE_VERTICES points in the
// local frame and a radius. A sphere is one point with a radius, a capsule two.
//
// GJK only ever asks for support points, so the points need not be a hull: any order, duplicates,
// coplanar, collinear and interior points are allowed and give the same shape.
#pragma once

#include "core/limits.h"
#include "core/vec3.h"

namespace gjk {

template <class T>
struct Polytope {
  Vec3<T> vertices[MAX_POLYTOPE_VERTICES];  // local frame
  int count = 0;                            // 1..MAX_POLYTOPE_VERTICES
  T radius = 0;                             // the shape is hull(vertices) grown by a ball of this radius

  // Index of the vertex furthest along d (local frame); the first one on ties: dot products rounded in T
  // (core/vec3.h dot), strict comparison. A port whose source scans otherwise (another order, >= on ties)
  // writes its own scan.
  int support(Vec3<T> d) const {
    int bestIndex = 0;
    T bestValue = dot(vertices[0], d);
    for (int i = 1; i < count; ++i) {
      T value = dot(vertices[i], d);
      if (value > bestValue) {
        bestIndex = i;
        bestValue = value;
      }
    }
    return bestIndex;
  }
};

}  // namespace gjk
