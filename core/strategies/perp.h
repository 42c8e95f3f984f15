// Strategy `perp`: the search direction of the talk's final version and of Box2D 2.4.1
// (b2Simplex::GetSearchDirection).
//
// For a point, -w1. For a segment, the perpendicular of e12 = w2 - w1 pointing to the origin's side:
// cross(1, e12) = (-e.y, e.x) when cross(e12, -w1) > 0 (origin to the left), else cross(e12, 1) =
// (e.y, -e.x). Both are exact (a swap and a negation), so the direction is exactly perpendicular to
// the segment as stored; only the sign test rounds. Termination as `naive`.
#pragma once

#include "core/gjk_loop.h"
#include "core/strategies/naive.h"

namespace gjk {

template <class T>
inline Vec2<T> perpendicularTowardOrigin(Vec2<T> w1, Vec2<T> w2) {
  Vec2<T> e12 = w2 - w1;
  T sgn = cross(e12, -w1);
  if (sgn > T(0)) {
    return cross(T(1), e12);  // origin is left of e12
  }
  return cross(e12, T(1));  // origin is right of e12 (or on its line)
}

struct PerpPolicy : NaivePolicy {
  template <class T>
  static Vec2<T> searchDirection(const Simplex<T>& simplex) {
    if (simplex.count == 1) {
      return -simplex.v[0].w;
    }
    return perpendicularTowardOrigin(simplex.v[0].w, simplex.v[1].w);
  }
};

struct PerpStrategy {
  static constexpr const char* NAME = "perp";
  template <class T>
  static void distance(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
                       Trace<T>* trace) {
    gjkDistance<T, PerpPolicy>(input, cache, output, trace);
  }
};

}  // namespace gjk
