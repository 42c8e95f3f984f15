// Cast strategy `box2d-v3.0-cast`: Box2D v3.0.0's b2ShapeCast, the GJK ray cast of van den Bergen ("Smooth
// Mesh Contacts with GJK", Game Physics Pearls 2010; the ray cast of "Ray casting against general convex
// objects with application to continuous collision detection", 2004), ported operation for operation from
// erincatto/box2d tag v3.0.0 (8e7a17c5c942dbf2fdea8b9d09983410dcc0429d):
//   src/distance.c:625-776 b2ShapeCast; b2SolveSimplex2 :316-348, b2SolveSimplex3 :350-457,
//   b2ComputeSimplexClosestPoint :239-260, b2ComputeSimplexWitnessPoints :262-291, b2FindSupport :132-147;
//   src/core.h:126 b2_linearSlop = ( 0.005f * b2_lengthUnitsPerMeter ), src/core.c:10 b2_lengthUnitsPerMeter
//   = 1.0f; src/math_functions.c:55-66 b2Normalize; include/box2d/math_functions.h (b2Length :239-242,
//   b2InvMulRot :374-384, b2RotateVector :412-415, b2TransformPoint :424-430, b2InvMulTransforms :452-458);
//   include/box2d/collision.h:399-407 b2ShapeCastPairInput.
// Van den Bergen's ray cast as SOLID 3.5 would have it does not exist: in dtecta/solid3 (no tags; HEAD
// 878a9c87, src/convex/DT_Convex.cpp unchanged since ec3e218 "Initial github release version 3.5.8"),
// DT_Convex::ray_cast (:82-86) is "// Still working on this one... return false;". This is the same algorithm
// as Box2D ships it.
// Sources, constants, stop rules, band, contact point and deviations: docs/strategies.md, "Cast".
//
// In A's frame: proxy B is moved there once with b2InvMulTransforms(xfA, xfB); the answer goes back to the
// world with xfA. Upstream behaviour kept as it is: the translation is rotated by the relative rotation
// (`b2RotateVector( xf.q, input->translationB )`, :649), not into A's frame, so a case where B is rotated
// relative to A casts along a turned direction (docs/strategies.md).
#pragma once

#include "core/cast_types.h"
#include "core/strategies/box2d_v3.h"

namespace gjk {
namespace box2d_v30_cast {

// b2_linearSlop of v3.0.0: 0.005f * b2_lengthUnitsPerMeter, a run-time product with the global 1.0f.
template <class T>
inline T linearSlop() {
  return T(0.005) * T(1);
}

// sigma = b2MaxFloat(linearSlop, radius - linearSlop), radius = rA + rB (:647, :667-669); the loop runs while
// b2Length(v) > sigma + 0.5f * linearSlop (:674): the band on the core gap is [sigma, sigma + 0.5 slop].
template <class T>
struct RaycastTarget {
  T sigma = 0;
  T upper = 0;  // sigma + 0.5f * linearSlop, as the loop test computes it
};

template <class T>
inline RaycastTarget<T> raycastTarget(T radiusA, T radiusB) {
  T slop = linearSlop<T>();
  T radius = radiusA + radiusB;
  T sigma = box2d_v3::maxScalar(slop, radius - slop);
  return {sigma, sigma + T(0.5) * slop};
}

}  // namespace box2d_v30_cast

struct Box2dV30CastStrategy {
  static constexpr const char* NAME = "box2d-v3.0-cast";
  static constexpr int MAX_ITERATIONS = 20;  // :672 k_maxIters

  template <class T>
  static void cast(const CastInput<T>& input, CastOutput<T>* out) {
    CastOutput<T> output;  // b2CastOutput output = { 0 }
    output.fraction = input.maxFraction;

    const Proxy<T>& proxyA = input.proxyA;
    const Transform<T>& xfA = input.transformA;
    const Transform<T>& xfB = input.transformB;
    Transform<T> xf = box2d_v3::invMulTransforms(xfA, xfB);

    // Put proxyB in proxyA's frame to reduce round-off error (:636-645)
    Proxy<T> proxyB;
    proxyB.count = input.proxyB.count;
    proxyB.radius = input.proxyB.radius;
    for (int i = 0; i < proxyB.count; ++i) {
      proxyB.vertices[i] = transformPoint(xf, input.proxyB.vertices[i]);
    }

    T radius = proxyA.radius + proxyB.radius;
    Vec2<T> r = box2d_v3::rotate(xf.q, input.translationB);  // :649, as upstream
    T lambda = 0;
    T maxFraction = input.maxFraction;

    Simplex<T> simplex;
    simplex.count = 0;

    // Get an initial point in A - B (:660-665)
    int indexA = proxyA.support(-r);
    Vec2<T> wA = proxyA.vertices[indexA];
    int indexB = proxyB.support(r);
    Vec2<T> wB = proxyB.vertices[indexB];
    Vec2<T> v = wA - wB;

    // Sigma is the target distance between proxies (:667-669)
    const T linearSlop = box2d_v30_cast::linearSlop<T>();
    const T sigma = box2d_v3::maxScalar(linearSlop, radius - linearSlop);

    int iter = 0;
    while (iter < MAX_ITERATIONS && length(v) > sigma + T(0.5) * linearSlop) {  // :674
      output.iterations += 1;

      // Support in direction -v (A - B) (:680-685)
      indexA = proxyA.support(-v);
      wA = proxyA.vertices[indexA];
      indexB = proxyB.support(v);
      wB = proxyB.vertices[indexB];
      Vec2<T> p = wA - wB;

      v = box2d_v3::normalizeWithEpsilonFloor(v);  // :688, zero below FLT_EPSILON

      // Intersect ray with plane (:691-710)
      T vp = dot(v, p);
      T vr = dot(v, r);
      if (vp - sigma > lambda * vr) {
        if (vr <= T(0)) {
          output.stop = CastStop::Receding;  // "miss"
          *out = output;
          return;
        }
        lambda = (vp - sigma) / vr;
        if (lambda > maxFraction) {
          output.stop = CastStop::Miss;  // "too far"
          *out = output;
          return;
        }
        simplex.count = 0;  // reset the simplex
      }

      // Reverse simplex since it works with B - A; shift by lambda * r (:712-723)
      SimplexVertex<T>& vertex = simplex.v[simplex.count];
      vertex.indexA = indexB;
      vertex.wA = {wB.x + lambda * r.x, wB.y + lambda * r.y};
      vertex.indexB = indexA;
      vertex.wB = wA;
      vertex.w = vertex.wB - vertex.wA;
      vertex.a = T(1);
      simplex.count += 1;

      switch (simplex.count) {  // :725-740
        case 1:
          break;
        case 2:
          box2d_v3::solveSimplex2(&simplex);
          break;
        default:
          box2d_v3::solveSimplex3(&simplex);
          break;
      }

      if (simplex.count == 3) {  // "Overlap" (:742-747): no hit
        output.stop = CastStop::Containment;
        *out = output;
        return;
      }

      v = simplex.closestPoint();  // :751
      ++iter;                      // :754
    }

    if (iter == 0 || lambda == T(0)) {  // "Initial overlap" (:757-761): no hit
      output.stop = CastStop::InitialOverlap;
      *out = output;
      return;
    }

    // Prepare output (:763-775); witness points read swapped, as the simplex is reversed.
    Vec2<T> pointA;
    Vec2<T> pointB;
    simplex.witnessPoints(&pointB, &pointA);
    Vec2<T> n = box2d_v3::normalizeWithEpsilonFloor(-v);
    Vec2<T> point = {pointA.x + proxyA.radius * n.x, pointA.y + proxyA.radius * n.y};

    output.point = transformPoint(xfA, point);
    output.normal = box2d_v3::rotate(xfA.q, n);
    output.fraction = lambda;
    output.iterations = iter;
    output.hit = true;
    const bool onTest = iter < MAX_ITERATIONS || !(length(v) > sigma + T(0.5) * linearSlop);
    output.stop = onTest ? CastStop::Hit : CastStop::IterationCap;
    *out = output;
  }
};

}  // namespace gjk
