// Strategy `robust-cast`: our own shape cast, built to have no violation on any cast family (issue 22).
//
// Conservative advancement on the `robust` distance (core/strategies/robust.h), float throughout:
//   at t (B placed at p0 + t r, one rounding per coordinate), the core distance d and its witness points give
//   the unit normal n = (pB - pA) / d from A towards B; the gap's rate of change along the sweep is n . r;
//   if d is within the band (d <= target + TOLERANCE) the answer is a hit at t;
//   if n . r >= 0 the gap does not shrink from here on: a miss (the core gap g(t) is convex in t, so a
//   tangent that does not fall never meets the target later);
//   else t += (d - target) / -(n . r): the tangent's zero. g is convex, so g lies above its tangent and the
//   step never passes the first time g reaches the target (Newton's step from the left on a convex
//   function), up to the rounding of d and n;
//   past t = 1: a miss.
// Why each ingredient: the robust distance has no false overlap or distance error on any distance family
// (reports/robust), so d and n are right to a few u where Box2D's loops fail; advancing on the distance
// rather than casting a ray through the Minkowski difference has no ray-versus-vertex degeneracy (Box2D
// v3.0's comment: "failing when used to raycast a box"); the warm-started simplex cache makes each step a
// few support calls. On a graze (the target just reached at the gap's minimum) the steps converge linearly,
// halving the remaining gap excess, so the cap of 64 steps is reached only after the excess is below float
// resolution; at the cap the answer is a hit when d <= BAND (the band's upper end), else a miss.
//
// Band: target = max(SLOP, rA + rB) on the core gap, band [target - SLOP/2, target + SLOP/2] with
// SLOP = 2^-8: the rounded shapes stop touching or a skin of at most SLOP/2 apart, the cores never closer
// than SLOP/2. Contact point: on A's rounded surface, pA + rA n. Initial overlap (d <= target + TOLERANCE at
// t = 0): a hit at fraction 0, with the normal when the cores are apart (d > 0), else no normal (0, 0).
#pragma once

#include <cmath>

#include "core/cast_types.h"
#include "core/strategies/robust.h"

namespace gjk {

struct RobustCast {
  static constexpr float SLOP = 0x1p-8f;
  static constexpr float TOLERANCE = 0.25f * SLOP;  // aim: within a quarter slop above the target
  static constexpr int MAX_ITERATIONS = 64;

  static float target(float totalRadius) { return totalRadius > SLOP ? totalRadius : SLOP; }

  template <class T>
  static void cast(const CastInput<T>& input, CastOutput<T>* output) {
    static_assert(std::is_same_v<T, float>, "robust-cast is a float strategy");
    *output = CastOutput<float>();
    const float goal = target(input.proxyA.radius + input.proxyB.radius);
    const float upper = goal + 0.5f * SLOP;
    DistanceInput<float> query;
    query.proxyA = input.proxyA;
    query.proxyB = input.proxyB;
    query.transformA = input.transformA;
    query.transformB = input.transformB;
    query.useRadii = false;
    const Vec2<float> p0 = input.transformB.p;
    const Vec2<float> r = input.translationB;
    SimplexCache<float> cache;
    float t = 0;
    for (int iteration = 0; iteration < MAX_ITERATIONS; ++iteration) {
      query.transformB.p = {p0.x + t * r.x, p0.y + t * r.y};
      DistanceOutput<float> distance;
      RobustStrategy::distance<float>(query, &cache, &distance, static_cast<Trace<float>*>(nullptr));
      output->iterations = iteration + 1;
      const float d = distance.distance;
      Vec2<float> n{0, 0};
      if (d > 0) {
        n = {(distance.pointB.x - distance.pointA.x) / d, (distance.pointB.y - distance.pointA.y) / d};
      }
      if (d <= goal + TOLERANCE) {
        hit(input, distance, n, t, iteration == 0 ? CastStop::InitialOverlap : CastStop::Hit, output);
        return;
      }
      const float rate = n.x * r.x + n.y * r.y;
      if (!(rate < 0)) {
        output->stop = CastStop::Receding;
        return;
      }
      const float step = (d - goal) / -rate;
      const float next = t + step;
      if (!(next <= input.maxFraction)) {
        output->stop = CastStop::Miss;
        return;
      }
      if (next == t) {  // the step is below float resolution at t: as close as floats get
        decide(input, distance, n, t, d <= upper, CastStop::Hit, output);
        return;
      }
      t = next;
    }
    // The cap: decide at the last pose.
    query.transformB.p = {p0.x + t * r.x, p0.y + t * r.y};
    DistanceOutput<float> distance;
    RobustStrategy::distance<float>(query, &cache, &distance, static_cast<Trace<float>*>(nullptr));
    const float d = distance.distance;
    Vec2<float> n{0, 0};
    if (d > 0) {
      n = {(distance.pointB.x - distance.pointA.x) / d, (distance.pointB.y - distance.pointA.y) / d};
    }
    decide(input, distance, n, t, d <= upper, CastStop::IterationCap, output);
  }

 private:
  // A hit at t when `inBand`, else a miss; `stop` is kept either way unless it says Hit on a miss.
  template <class T>
  static void decide(const CastInput<T>& input, const DistanceOutput<T>& distance, Vec2<T> n, T t, bool inBand,
                     CastStop stop, CastOutput<T>* output) {
    if (inBand) {
      hit(input, distance, n, t, stop, output);
      return;
    }
    output->hit = false;
    output->stop = stop == CastStop::Hit ? CastStop::Miss : stop;
  }

  template <class T>
  static void hit(const CastInput<T>& input, const DistanceOutput<T>& distance, Vec2<T> n, T t, CastStop stop,
                  CastOutput<T>* output) {
    output->hit = true;
    output->fraction = t;
    output->normal = n;
    const T rA = input.proxyA.radius;
    output->point = {distance.pointA.x + rA * n.x, distance.pointA.y + rA * n.y};
    output->stop = stop;
  }
};

}  // namespace gjk
