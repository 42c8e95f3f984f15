// Rigid placement of a shape: a rotation given by the pair (c, s) and a position p.
//
// The pair is taken as given: it need not satisfy c^2 + s^2 = 1 (docs/case-format.md). The formulas and the
// order of operations are Box2D 2.4.1's b2Mul / b2MulT (b2_math.h), so our results can be compared
// bit for bit with the real b2Distance.
#pragma once

#include "core/vec2.h"

namespace gjk {

template <class T>
struct Rotation {
  T c = 1;  // cosine
  T s = 0;  // sine
};

template <class T>
struct Transform {
  Vec2<T> p;     // position, world frame
  Rotation<T> q;  // rotation of the local frame
};

// World point of a local point: ((c*x - s*y) + px, (s*x + c*y) + py), four roundings per coordinate.
template <class T>
inline Vec2<T> transformPoint(const Transform<T>& xf, Vec2<T> v) {
  T x = (xf.q.c * v.x - xf.q.s * v.y) + xf.p.x;
  T y = (xf.q.s * v.x + xf.q.c * v.y) + xf.p.y;
  return {x, y};
}

// Rotates v by the transpose of q: (c*x + s*y, -s*x + c*y). For a unit pair this is the inverse
// rotation; for any pair it maps a world direction to a local direction with a positive factor
// c^2 + s^2, which is all a support query needs.
template <class T>
inline Vec2<T> inverseRotate(const Rotation<T>& q, Vec2<T> v) {
  return {q.c * v.x + q.s * v.y, -q.s * v.x + q.c * v.y};
}

}  // namespace gjk
