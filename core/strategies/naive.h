// Strategy `naive`: the first version of the talk (Catto, "Computing Distance", GDC 2010).
//
// Search direction: -P, minus the closest point of the simplex to the origin. For a segment this is
// a1*w1 + a2*w2 rounded in float, which is not exactly perpendicular to the segment: the rounding
// error of the barycentric coordinates tilts the direction, and when the closest point is tiny next to
// the segment the tilt can be large (the talk's single-precision example). Termination as Box2D 2.4.1:
// containment, duplicate support pair, tiny direction (|d|^2 < eps^2), 20 iterations.
#pragma once

#include "core/gjk_loop.h"

namespace gjk {

struct NaivePolicy {
  static constexpr int MAX_ITERATIONS = 20;  // Box2D 2.4.1's k_maxIters
  static constexpr bool TINY_DIRECTION_IS_OVERLAP = false;

  template <class T>
  static Vec2<T> searchDirection(const Simplex<T>& simplex) {
    return -simplex.closestPoint();
  }

  // |d|^2 < eps^2 with eps = machine epsilon of T (Box2D's b2_epsilon = FLT_EPSILON): an absolute
  // threshold in world units, below which the direction is too short to trust.
  template <class T>
  static bool isTinyDirection(Vec2<T> d) {
    return lengthSquared(d) < EPSILON<T> * EPSILON<T>;
  }
};

struct NaiveStrategy {
  static constexpr const char* NAME = "naive";
  template <class T>
  static void distance(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
                       Trace<T>* trace) {
    gjkDistance<T, NaivePolicy>(input, cache, output, trace);
  }
};

}  // namespace gjk
