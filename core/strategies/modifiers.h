// Modifiers that combine with any float strategy (design §6): `+local` and `+scaled`.
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

// `+scaled`: divide both shapes by an exact power of two 2^k close to their size, solve, and scale the
// answer back by 2^k. The size is estimated from the transformed vertices (in T; only its exponent is
// used). Multiplying by a power of two adds no rounding, except where a scaled number falls into the
// subnormal range or overflows: this tests whether the float failures at tiny and huge scales are only
// underflow and overflow. The rotation pair is left as it is.
template <class Inner>
struct Scaled {
  template <class T>
  static int sizeExponent(const DistanceInput<T>& input) {
    T size = input.proxyA.radius + input.proxyB.radius;
    auto grow = [&size](const Proxy<T>& proxy, const Transform<T>& xf) {
      for (int i = 0; i < proxy.count; ++i) {
        Vec2<T> w = transformPoint(xf, proxy.vertices[i]);
        size = std::fmax(size, std::fmax(std::fabs(w.x), std::fabs(w.y)));
      }
    };
    grow(input.proxyA, input.transformA);
    grow(input.proxyB, input.transformB);
    if (!(size > T(0)) || !std::isfinite(size)) {
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

  template <class T>
  static void distance(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
                       Trace<T>* trace) {
    int k = sizeExponent(input);
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
    output->distance = std::ldexp(output->distance, k);
    output->pointA = {std::ldexp(output->pointA.x, k), std::ldexp(output->pointA.y, k)};
    output->pointB = {std::ldexp(output->pointB.x, k), std::ldexp(output->pointB.y, k)};
  }
};

}  // namespace gjk
