// Cast strategies `box2d-v3.1-cast` and `box2d-v3-cast`: Box2D version 3's b2ShapeCast, conservative
// advancement on b2ShapeDistance, ported operation for operation from erincatto/box2d src/distance.c
//   box2d-v3.1-cast: tag v3.1.1 (8c661469c9507d3ad6fbd2fea3f1aa71669c2fe3), src/distance.c:607-697
//                    (b2ShapeCastPairInput include/box2d/collision.h:415-425, B2_LINEAR_SLOP
//                    src/constants.h:23)
//   box2d-v3-cast:   main at 617d32ab02570930625bbcb8479f54be9bf8d045, src/distance.c:613-706
//                    (b2ShapeCastPairInput include/box2d/collision.h:433-442, B2_LINEAR_SLOP
//                    include/box2d/constants.h:35)
// on our ports of the b2ShapeDistance of the same revision (core/strategies/box2d_v3.h, reused, not copied).
// Sources, constants, stop rules, band, contact point and deviations: docs/strategies.md, "Cast".
//
// Every operation is one float operation in the order Box2D writes it (the build has -ffp-contract=off).
#pragma once

#include "core/cast_types.h"
#include "core/strategies/box2d_v3.h"

namespace gjk {
namespace box2d_v3 {

// b2MulAdd(a, s, b) = (a.x + s b.x, a.y + s b.y).
template <class T>
inline Vec2<T> mulAdd(Vec2<T> a, T s, Vec2<T> b) {
  return {a.x + s * b.x, a.y + s * b.y};
}

// b2Lerp(a, b, t) = ((1 - t) a.x + t b.x, (1 - t) a.y + t b.y).
template <class T>
inline Vec2<T> lerp(Vec2<T> a, Vec2<T> b, T t) {
  return {(T(1) - t) * a.x + t * b.x, (T(1) - t) * a.y + t * b.y};
}

// The band b2ShapeCast aims at on the core gap (radii not included), as it computes it in float:
// target = b2MaxFloat(B2_LINEAR_SLOP, (rA + rB) - B2_LINEAR_SLOP), hit when distance < target + tolerance
// with tolerance = 0.25f * B2_LINEAR_SLOP (v3.1.1 distance.c:612-614 and :641; main :618-620 and :650). The
// lower end is the target: each advance moves B by (target - distance) / (r.n) along r, which in exact
// arithmetic leaves the gap at least `target` (the plane through the closest points bounds it).
template <class T>
struct CastTarget {
  T target = 0;
  T tolerance = 0;
};

template <class T>
inline CastTarget<T> castTarget(T radiusA, T radiusB) {
  T slop = linearSlop<T>();
  T totalRadius = radiusA + radiusB;
  return {maxScalar(slop, totalRadius - slop), T(0.25) * slop};
}

// The loop of b2ShapeCast, one template for both revisions. Rules are box2d_v3.h's V31Rules (world frame:
// transformA, transformB, translationB as given) or MainRules (`input.transformB` is B's pose in A's frame,
// `input.transformA` unused, translationB in A's frame; outputs in A's frame). Source lines below are
// v3.1.1's; main's are 6 lines later except where noted.
template <class T, class Rules>
CastOutput<T> shapeCastLoop(const CastInput<T>& input) {
  constexpr bool MAIN = Rules::OUTPUT_IN_FRAME_A;
  // Compute tolerance (:610-614)
  T linearSlop = box2d_v3::linearSlop<T>();
  T totalRadius = input.proxyA.radius + input.proxyB.radius;
  T target = maxScalar(linearSlop, totalRadius - linearSlop);
  T tolerance = T(0.25) * linearSlop;
  // B2_ASSERT( target > tolerance ): true by construction (target >= linearSlop > tolerance).

  SimplexCache<T> cache{};  // b2SimplexCache cache = { 0 }: kept across the iterations
  T fraction = 0;

  DistanceInput<T> distanceInput;
  distanceInput.proxyA = input.proxyA;
  distanceInput.proxyB = input.proxyB;
  distanceInput.transformA = input.transformA;  // v3.1.1; main has only the relative transform (below)
  distanceInput.transformB = input.transformB;  // main: distanceInput.transform = input->transform
  distanceInput.useRadii = false;
  CastSide<T> side;
  side.relativeInput = MAIN;

  Vec2<T> delta2 = input.translationB;
  CastOutput<T> output;  // b2CastOutput output = { 0 }
  output.stop = CastStop::IterationCap;

  int iteration = 0;
  const int maxIterations = 20;  // :634 (main :642)
  for (; iteration < maxIterations; ++iteration) {
    output.iterations += 1;

    DistanceOutput<T> distanceOutput;
    shapeDistance<T, Rules>(distanceInput, &cache, &distanceOutput, nullptr, &side);
    const Vec2<T> normal = side.normal;

    if (distanceOutput.distance < target + tolerance) {  // :641
      if (iteration == 0) {
        if (input.canEncroach && distanceOutput.distance > T(2) * linearSlop) {  // :645
          target = distanceOutput.distance - linearSlop;                         // :647
        } else {
          // Initial overlap (:651-658): a hit at fraction 0, normal left zero, the point halfway between the
          // two surface points.
          output.hit = true;
          Vec2<T> c1 = mulAdd(distanceOutput.pointA, input.proxyA.radius, normal);
          Vec2<T> c2 = mulAdd(distanceOutput.pointB, -input.proxyB.radius, normal);
          output.point = lerp(c1, c2, T(0.5));
          output.stop = CastStop::InitialOverlap;
          return output;
        }
      } else {
        // Regular hit (:663-669); Box2D asserts distance > 0 and a unit normal, a release build does not.
        output.fraction = fraction;
        output.point = mulAdd(distanceOutput.pointA, input.proxyA.radius, normal);
        output.normal = normal;
        output.hit = true;
        output.stop = CastStop::Hit;
        return output;
      }
    }

    // Check if shapes are approaching each other (:676-682)
    T denominator = dot(delta2, normal);
    if (denominator >= T(0)) {
      output.stop = CastStop::Receding;  // "Miss"
      return output;
    }

    // Advance sweep (:684-690)
    fraction += (target - distanceOutput.distance) / denominator;
    if (fraction >= input.maxFraction) {
      output.stop = CastStop::Miss;
      return output;
    }

    // :692 v3.1.1 distanceInput.transformB.p = b2MulAdd( input->transformB.p, fraction, delta2 ) (world);
    // main :701 distanceInput.transform.p = b2MulAdd( input->transform.p, fraction, delta2 ) (A's frame).
    distanceInput.transformB.p = mulAdd(input.transformB.p, fraction, delta2);
  }

  // "Failure!" (:696): the cap; hit stays false.
  return output;
}

}  // namespace box2d_v3

// `box2d-v3.1-cast`: v3.1.1's b2ShapeCast, world frame in and out as v3.1.1's b2ShapeCastPairInput.
struct Box2dV31CastStrategy {
  static constexpr const char* NAME = "box2d-v3.1-cast";
  static constexpr int MAX_ITERATIONS = 20;
  template <class T>
  static void cast(const CastInput<T>& input, CastOutput<T>* output) {
    *output = box2d_v3::shapeCastLoop<T, box2d_v3::V31Rules>(input);
  }
};

// `box2d-v3-cast`: main's b2ShapeCast. Main's input is B's pose relative to A and the translation in A's
// frame, and it answers in A's frame; from our world-frame CastInput the strategy plays the caller's part
// (docs/strategies.md): transform = b2InvMulTransforms(xfA, xfB), translation = b2InvRotateVector(xfA.q, r),
// then the point by b2TransformPoint(xfA, .) and the normal by b2RotateVector(xfA.q, .). Those steps round;
// `castInFrameA` is the query alone, on main's own input.
struct Box2dV3CastStrategy {
  static constexpr const char* NAME = "box2d-v3-cast";
  static constexpr int MAX_ITERATIONS = 20;

  // main's b2ShapeCast( &input ) with input.transform = relative, input.translationB = translationInA.
  template <class T>
  static CastOutput<T> castInFrameA(const Proxy<T>& proxyA, const Proxy<T>& proxyB,
                                    const Transform<T>& relative, Vec2<T> translationInA, T maxFraction,
                                    bool canEncroach) {
    CastInput<T> local;
    local.proxyA = proxyA;
    local.proxyB = proxyB;
    local.transformB = relative;
    local.translationB = translationInA;
    local.maxFraction = maxFraction;
    local.canEncroach = canEncroach;
    return box2d_v3::shapeCastLoop<T, box2d_v3::MainRules>(local);
  }

  template <class T>
  static void cast(const CastInput<T>& input, CastOutput<T>* output) {
    const Transform<T>& xfA = input.transformA;
    Transform<T> relative = box2d_v3::invMulTransforms(xfA, input.transformB);
    Vec2<T> translation = inverseRotate(xfA.q, input.translationB);
    *output =
        castInFrameA(input.proxyA, input.proxyB, relative, translation, input.maxFraction, input.canEncroach);
    output->point = transformPoint(xfA, output->point);
    output->normal = box2d_v3::rotate(xfA.q, output->normal);
  }
};

}  // namespace gjk
