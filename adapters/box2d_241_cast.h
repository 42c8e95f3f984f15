// The real b2ShapeCast and b2TimeOfImpact of Box2D 2.4.1, from the system's libbox2d (Debian's
// libbox2d-dev), behind a plain interface that knows nothing of the harness: A stays at its pose, B moves
// by t * translation, t in [0, 1]; the shapes go in as adapters/box2d_241.h's Box2dShape (the case's
// float vertices, its radius, the transform as given) and the answer comes back as Box2D computed it.
#pragma once

#include "adapters/box2d_241.h"

namespace gjk::adapters {

// How the engine's call ended, in the engine's own terms (docs/engines.md, "Cast"):
//   b2ShapeCast:    "hit" (returned true), "initial-overlap" (returned false with output.iterations 0, the
//                   source's only iteration-0 return), "no-hit" (returned false after iterating: a miss,
//                   lambda > 1, a receding ray or a 3-point simplex, which the caller cannot tell apart);
//   b2TimeOfImpact: "touching", "separated", "overlapped", "failed", "unknown" (b2TOIOutput::State).
struct Box2dCastAnswer {
  bool hit = false;
  float fraction = 0;          // b2ShapeCastOutput::lambda, or b2TOIOutput::t
  float normal[2] = {0, 0};    // unit, from A towards B; 0 where the engine gives none
  float point[2] = {0, 0};     // world frame
  int iterations = 0;          // b2ShapeCastOutput::iterations; b2TimeOfImpact tells none: -1
  const char* route = "";      // see above
};

// b2ShapeCast on proxies made with b2DistanceProxy::Set(vertices, count, radius), as the distance
// adapter makes them. Mapping: true -> hit at lambda with the engine's normal and point; false with
// iterations 0 -> hit at fraction 0 (the engine's initial overlap), no normal; false otherwise -> no hit.
Box2dCastAnswer box2dShapeCast(const Box2dShape& a, const Box2dShape& b, float translationX, float translationY);

// b2TimeOfImpact with tMax = 1: A static (c0 = c), B from its position to position + translation, both at the
// angle atan2f(s, c) of the case's rotation (a b2Sweep holds an angle, not a (c, s) pair: the engine evaluates
// its cos and sin); B's sweep turns by `angular` radians over the step (a = a0 + angular; 0: a pure
// translation). Mapping: touching -> hit at t; overlapped -> hit
// at fraction 0 (the engine sets t = 0); separated, failed, unknown -> no hit (b2World::SolveTOI moves the
// body the whole step on every state but touching). The normal and point at a hit come from b2Distance at
// the engine's own pose for t (sweep.GetTransform), as the engine's header advises: normal along the core
// witnesses pointB - pointA, point = pointA + rA * normal; none when the core distance is 0.
Box2dCastAnswer box2dTimeOfImpact(const Box2dShape& a, const Box2dShape& b, float translationX,
                                  float translationY, float angular = 0.0f);

// The band of core gaps each call aims at, from the engine's own constants (b2_common.h) in float as the
// engine computes them. b2ShapeCast (b2_distance.cpp:613-645): sigma = max(b2_polygonRadius, max(rA, pr) +
// max(rB, pr) - pr) with pr = b2_polygonRadius, band [sigma, sigma + 0.5 b2_linearSlop]. b2TimeOfImpact
// (b2_time_of_impact.cpp:280-282, 321, 380): target = max(b2_linearSlop, rA + rB - 3 b2_linearSlop), band
// [target - 0.25 b2_linearSlop, target + 0.25 b2_linearSlop].
void box2dShapeCastBand(float radiusA, float radiusB, double* lower, double* upper);
// The radii b2ShapeCast casts the shapes with: each raised to b2_polygonRadius (b2_distance.cpp:613-614).
void box2dShapeCastRadii(float radiusA, float radiusB, double* castRadiusA, double* castRadiusB);
void box2dTimeOfImpactBand(float radiusA, float radiusB, double* lower, double* upper);

}  // namespace gjk::adapters
