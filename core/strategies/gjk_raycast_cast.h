// Cast strategy `gjk-raycast-cast`: Box2D 2.4.1's b2ShapeCast, the GJK ray cast ("Algorithm by Gino van den
// Bergen. 'Smooth Mesh Contacts with GJK' in Game Physics Pearls. 2010"), ported operation for operation from
// erincatto/box2d tag v2.4.1 (9ebbbcd960ad424e03e5de6e66a40764c16f51bc):
//   src/collision/b2_distance.cpp:603-746 b2ShapeCast; b2Simplex::Solve2 :306-343, Solve3 :345-452,
//   GetClosestPoint :200-221, GetWitnessPoints :223-250 (struct b2Simplex :106-280);
//   include/box2d/b2_common.h:65 b2_linearSlop = (0.005f * b2_lengthUnitsPerMeter), :74 b2_polygonRadius =
//   (2.0f * b2_linearSlop); include/box2d/b2_settings.h:49 b2_lengthUnitsPerMeter 1.0f; b2_common.h:40
//   b2_epsilon FLT_EPSILON; include/box2d/b2_math.h (b2Vec2::Normalize :102-114, b2MulT(q, v) :566-569,
//   b2Mul(T, v) :571-577, b2Max :637-640).
// Sources, constants, stop rules, band, contact point and deviations: docs/strategies.md, "Cast".
//
// World frame throughout, as 2.4.1: each support direction goes to the shape's frame with b2MulT(xf.q, .) and
// each support point to the world with b2Mul(xf, .). The simplex holds w = A's point - (B's point + lambda
// r), the "reversed" simplex of the source, solved by 2.4.1's Solve2/Solve3 (box2d_v3.h's solveSimplex2/3
// perform exactly those operations on the simplex; the direction they also return is not used here).
#pragma once

#include "core/cast_types.h"
#include "core/strategies/box2d_v3.h"

namespace gjk {
namespace box2d_241_cast {

// b2_linearSlop and b2_polygonRadius of 2.4.1: macros of float literals, 0.005f * 1.0f = 0.005f and
// 2.0f * 0.005f = 0.01f (both products exact).
template <class T>
inline T linearSlop() {
  return T(0.005) * T(1);
}
template <class T>
inline T polygonRadius() {
  return T(2) * linearSlop<T>();
}

// b2Max(a, b) = a > b ? a : b.
template <class T>
inline T maxScalar(T a, T b) {
  return a > b ? a : b;
}

// b2Vec2::Normalize: unchanged when the length is below b2_epsilon (FLT_EPSILON), else v * (1 / length).
template <class T>
inline Vec2<T> normalizeInPlace(Vec2<T> v) {
  T length = std::sqrt(v.x * v.x + v.y * v.y);
  if (length < EPSILON<T>) {
    return v;
  }
  T invLength = T(1) / length;
  return {v.x * invLength, v.y * invLength};
}

// sigma = b2Max(b2_polygonRadius, radius - b2_polygonRadius) with radius = b2Max(rA, b2_polygonRadius) +
// b2Max(rB, b2_polygonRadius) (:613-615, :639), and the stop tolerance 0.5f * b2_linearSlop (:640): the loop
// stops once |v| - sigma <= tolerance, so the band on the core gap is [sigma, sigma + tolerance].
template <class T>
struct RaycastTarget {
  T radiusA = 0;  // the radii as clamped up to b2_polygonRadius
  T radiusB = 0;
  T sigma = 0;
  T tolerance = 0;
};

template <class T>
inline RaycastTarget<T> raycastTarget(T proxyRadiusA, T proxyRadiusB) {
  RaycastTarget<T> t;
  t.radiusA = maxScalar(proxyRadiusA, polygonRadius<T>());
  t.radiusB = maxScalar(proxyRadiusB, polygonRadius<T>());
  T radius = t.radiusA + t.radiusB;
  t.sigma = maxScalar(polygonRadius<T>(), radius - polygonRadius<T>());
  t.tolerance = T(0.5) * linearSlop<T>();
  return t;
}

}  // namespace box2d_241_cast

struct GjkRaycastCastStrategy {
  static constexpr const char* NAME = "gjk-raycast-cast";
  static constexpr int MAX_ITERATIONS = 20;  // :643 k_maxIters

  template <class T>
  static void cast(const CastInput<T>& input, CastOutput<T>* output) {
    using namespace box2d_241_cast;
    // :605-608
    output->iterations = 0;
    output->fraction = T(1);  // output->lambda = 1.0f
    output->normal = Vec2<T>{};
    output->point = Vec2<T>{};
    output->hit = false;

    const Proxy<T>& proxyA = input.proxyA;
    const Proxy<T>& proxyB = input.proxyB;
    const RaycastTarget<T> aim = raycastTarget(proxyA.radius, proxyB.radius);  // :613-615, :639-640
    const T radiusA = aim.radiusA;
    const T sigma = aim.sigma;
    const T tolerance = aim.tolerance;

    const Transform<T>& xfA = input.transformA;
    const Transform<T>& xfB = input.transformB;
    Vec2<T> r = input.translationB;
    Vec2<T> n{};
    T lambda = 0;

    Simplex<T> simplex;  // :625-629
    simplex.count = 0;

    // Get support point in -r direction (:631-636)
    int indexA = proxyA.support(inverseRotate(xfA.q, -r));
    Vec2<T> wA = transformPoint(xfA, proxyA.vertices[indexA]);
    int indexB = proxyB.support(inverseRotate(xfB.q, r));
    Vec2<T> wB = transformPoint(xfB, proxyB.vertices[indexB]);
    Vec2<T> v = wA - wB;

    int iter = 0;
    while (iter < MAX_ITERATIONS && length(v) - sigma > tolerance) {  // :645
      output->iterations += 1;

      // Support in direction -v (A - B) (:651-656)
      indexA = proxyA.support(inverseRotate(xfA.q, -v));
      wA = transformPoint(xfA, proxyA.vertices[indexA]);
      indexB = proxyB.support(inverseRotate(xfB.q, v));
      wB = transformPoint(xfB, proxyB.vertices[indexB]);
      Vec2<T> p = wA - wB;

      v = normalizeInPlace(v);  // "-v is a normal at p" (:659)

      // Intersect ray with plane (:662-678)
      T vp = dot(v, p);
      T vr = dot(v, r);
      if (vp - sigma > lambda * vr) {
        if (vr <= T(0)) {
          output->stop = CastStop::Receding;
          return;
        }
        lambda = (vp - sigma) / vr;
        if (lambda > T(1)) {
          output->stop = CastStop::Miss;
          return;
        }
        n = -v;
        simplex.count = 0;
      }

      // Reverse simplex since it works with B - A; shift by lambda * r (:680-691)
      SimplexVertex<T>& vertex = simplex.v[simplex.count];
      vertex.indexA = indexB;
      vertex.wA = wB + lambda * r;
      vertex.indexB = indexA;
      vertex.wB = wA;
      vertex.w = vertex.wB - vertex.wA;
      vertex.a = T(1);
      simplex.count += 1;

      switch (simplex.count) {  // :693-708
        case 1:
          break;
        case 2:
          box2d_v3::solveSimplex2(&simplex);
          break;
        default:
          box2d_v3::solveSimplex3(&simplex);
          break;
      }

      if (simplex.count == 3) {  // "Overlap" (:711-715): returns false
        output->stop = CastStop::Containment;
        return;
      }

      v = simplex.closestPoint();  // :718
      ++iter;                      // :721
    }

    if (iter == 0) {  // "Initial overlap" (:725-729): returns false
      output->stop = CastStop::InitialOverlap;
      return;
    }

    // Prepare output (:731-745); the witness points are read swapped, as the simplex is reversed.
    Vec2<T> pointA;
    Vec2<T> pointB;
    simplex.witnessPoints(&pointB, &pointA);
    if (lengthSquared(v) > T(0)) {
      n = normalizeInPlace(-v);
    }
    output->point = pointA + radiusA * n;
    output->normal = n;
    output->fraction = lambda;
    output->iterations = iter;
    output->hit = true;
    // The loop ended on its test (Hit) or on the cap with the gap still above the band (IterationCap, a hit
    // all the same, as Box2D returns true).
    const bool onTest = iter < MAX_ITERATIONS || !(length(v) - sigma > tolerance);
    output->stop = onTest ? CastStop::Hit : CastStop::IterationCap;
  }
};

}  // namespace gjk
