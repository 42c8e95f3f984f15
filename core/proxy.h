// The shape GJK sees: up to MAX_POLYGON_VERTICES points in the local frame and a radius.
//
// GJK only ever asks for support points, so the points need not be a hull: any order, duplicates,
// collinear and interior points are allowed and give the same shape.
#pragma once

#include "core/limits.h"
#include "core/vec2.h"

namespace gjk {

template <class T>
struct Proxy {
  Vec2<T> vertices[MAX_POLYGON_VERTICES];  // local frame
  int count = 0;                           // 1..MAX_POLYGON_VERTICES
  T radius = 0;                            // the shape is hull(vertices) grown by a disk of this radius

  // Index of the vertex furthest along d (local frame); the first one on ties. Box2D 2.4.1's
  // b2DistanceProxy::GetSupport: dot products rounded in T, strict comparison.
  int support(Vec2<T> d) const {
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
