// Modifiers that combine with any float strategy (docs/strategies.md): `+local` and `+scaled`.
//
// Each wraps a strategy type and is itself a strategy type, so `perp+local` is LocalFrame<PerpStrategy>
// chosen at compile time and registered by name.
#pragma once

#include <cmath>

#include "core/distance_types.h"
#include "core/gjk_loop.h"

namespace gjk {

// `+local`: work in A's frame, as Box2D v3 does. The relative transform is Box2D v3's
// b2InvMulTransforms(A, B): q = (cA*cB + sA*sB, cA*sB - sA*cB), p = A.q^T (B.p - A.p), each component
// rounded in T. B's vertices are moved into A's frame with it (rounded once more), A's transform becomes
// the identity, the strategy runs, and the witness points are moved back to the world with A's transform.
// The trace stays in A's frame. A pair (c, s) of A that is not a unit rotation scales A's frame by
// c^2 + s^2 when inverted this way (the transpose is not the inverse), so +local answers such cases in a
// scaled frame: that is the modifier's behaviour, not a harness error, and the verdict shows it.
template <class Inner>
struct LocalFrame {
  template <class T>
  static void distance(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
                       Trace<T>* trace) {
    const Transform<T>& xfA = input.transformA;
    const Transform<T>& xfB = input.transformB;
    Transform<T> relative;
    relative.q = {xfA.q.c * xfB.q.c + xfA.q.s * xfB.q.s, xfA.q.c * xfB.q.s - xfA.q.s * xfB.q.c};
    relative.p = inverseRotate(xfA.q, xfB.p - xfA.p);

    DistanceInput<T> local = input;
    local.transformA = Transform<T>{};
    local.transformB = Transform<T>{};
    for (int i = 0; i < input.proxyB.count; ++i) {
      local.proxyB.vertices[i] = transformPoint(relative, input.proxyB.vertices[i]);
    }
    Inner::distance(local, cache, output, trace);
    output->pointA = transformPoint(xfA, output->pointA);
    output->pointB = transformPoint(xfA, output->pointB);
  }
};

// `+scaled`: divide both shapes by an exact power of two 2^k close to their size, solve in T, and give the
// answer back in units of 2^k. k comes from the size of the problem computed in double from the inputs
// (the S of docs/verdict.md: the largest |c x| + |s y| + |p.x| or |s x| + |c y| + |p.y| over both shapes'
// vertices, plus the radii): every product of two floats and every sum of three is finite in double, so k
// is right even when the world coordinates overflow float (positions near 3e38). Multiplying by a power
// of two adds no rounding, except where a scaled number falls into the subnormal range: this tests whether
// the float failures at tiny and huge scales are only underflow and overflow. The rotation pair is left as
// it is. docs/strategies.md has the rule.
//
// distanceInUnits leaves the answer in units of 2^k and returns k, so a caller that widens to double
// (verdict/query.h) scales it back without overflow: the answer of two shapes near 3e38 is often not a
// float. distance() scales back in T, which overflows to inf where the answer is beyond T's range. The
// trace is in the scaled units.
template <class Inner>
struct Scaled {
  // The exponent k with size / 2^k in [0.5, 1), size computed in double (only its exponent is used;
  // the rounding of the double sums can move k by one, which changes no rounding of the solve); 0 for a
  // size of 0.
  template <class T>
  static int sizeExponent(const DistanceInput<T>& input) {
    double size = 0;
    auto grow = [&size](const Proxy<T>& proxy, const Transform<T>& xf) {
      const double c = std::fabs(double(xf.q.c)), s = std::fabs(double(xf.q.s));
      const double px = std::fabs(double(xf.p.x)), py = std::fabs(double(xf.p.y));
      for (int i = 0; i < proxy.count; ++i) {
        const double x = std::fabs(double(proxy.vertices[i].x)), y = std::fabs(double(proxy.vertices[i].y));
        size = std::fmax(size, std::fmax(c * x + s * y + px, s * x + c * y + py));
      }
    };
    grow(input.proxyA, input.transformA);
    grow(input.proxyB, input.transformB);
    size += double(input.proxyA.radius) + double(input.proxyB.radius);
    if (!(size > 0) || !std::isfinite(size)) {
      return 0;
    }
    int exponent = 0;
    std::frexp(size, &exponent);  // size = m * 2^exponent, m in [0.5, 1)
    return exponent;
  }

  template <class T>
  static Proxy<T> scaleProxy(Proxy<T> proxy, int k) {
    for (int i = 0; i < proxy.count; ++i) {
      proxy.vertices[i] = {std::ldexp(proxy.vertices[i].x, k), std::ldexp(proxy.vertices[i].y, k)};
    }
    proxy.radius = std::ldexp(proxy.radius, k);
    return proxy;
  }

  // Solves the scaled problem; the output is in units of 2^k (distance and points), k returned.
  template <class T>
  static int distanceInUnits(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
                             Trace<T>* trace) {
    const int k = sizeExponent(input);
    DistanceInput<T> scaled = input;
    scaled.proxyA = scaleProxy(input.proxyA, -k);
    scaled.proxyB = scaleProxy(input.proxyB, -k);
    scaled.transformA.p = {std::ldexp(input.transformA.p.x, -k), std::ldexp(input.transformA.p.y, -k)};
    scaled.transformB.p = {std::ldexp(input.transformB.p.x, -k), std::ldexp(input.transformB.p.y, -k)};
    // The cached metric is a length or an area: scale it like one so the warm start sees the same shape.
    SimplexCache<T> scaledCache = *cache;
    scaledCache.metric = std::ldexp(cache->metric, scaledCache.count == 3 ? -2 * k : -k);
    Inner::distance(scaled, &scaledCache, output, trace);
    *cache = scaledCache;
    cache->metric = std::ldexp(scaledCache.metric, scaledCache.count == 3 ? 2 * k : k);
    return k;
  }

  template <class T>
  static void distance(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
                       Trace<T>* trace) {
    const int k = distanceInUnits(input, cache, output, trace);
    output->distance = std::ldexp(output->distance, k);
    output->pointA = {std::ldexp(output->pointA.x, k), std::ldexp(output->pointA.y, k)};
    output->pointB = {std::ldexp(output->pointB.x, k), std::ldexp(output->pointB.y, k)};
  }
};

}  // namespace gjk
