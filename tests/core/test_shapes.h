// Small shapes and one-call queries for the core's strategy tests.
#pragma once

#include <cmath>
#include <initializer_list>
#include <type_traits>

#include "core/gjk.h"

namespace gjk::test_support {

template <class T>
Proxy<T> polygonOf(std::initializer_list<Vec2<T>> points, T radius = 0) {
  Proxy<T> proxy;
  for (Vec2<T> p : points) proxy.vertices[proxy.count++] = p;
  proxy.radius = radius;
  return proxy;
}

inline Proxy<float> polygon(std::initializer_list<Vec2<float>> points, float radius = 0) {
  return polygonOf<float>(points, radius);
}

// A box centred on the origin; T is float unless named (box<double>(1, 2)).
template <class T = float>
Proxy<T> box(std::type_identity_t<T> halfWidth, std::type_identity_t<T> halfHeight) {
  return polygonOf<T>({{-halfWidth, -halfHeight},
                       {halfWidth, -halfHeight},
                       {halfWidth, halfHeight},
                       {-halfWidth, halfHeight}});
}

template <class T = float>
DistanceInput<T> makeInput(Proxy<T> a, Proxy<T> b, Vec2<T> positionB, bool useRadii = true) {
  DistanceInput<T> input;
  input.proxyA = a;
  input.proxyB = b;
  input.transformB.p = positionB;
  input.useRadii = useRadii;
  return input;
}

// A cold query, with its trace when given one.
template <class Strategy, class T>
DistanceOutput<T> query(const DistanceInput<T>& input, Trace<T>* trace = nullptr) {
  SimplexCache<T> cache;
  DistanceOutput<T> output;
  Strategy::distance(input, &cache, &output, trace);
  return output;
}

// A query that reads and writes the caller's cache (a warm start when it holds a simplex).
template <class Strategy, class T>
DistanceOutput<T> query(const DistanceInput<T>& input, SimplexCache<T>* cache) {
  DistanceOutput<T> output;
  Strategy::distance(input, cache, &output, static_cast<Trace<T>*>(nullptr));
  return output;
}

inline bool finite(const DistanceOutput<float>& out) {
  return std::isfinite(out.distance) && std::isfinite(out.pointA.x) && std::isfinite(out.pointA.y) &&
         std::isfinite(out.pointB.x) && std::isfinite(out.pointB.y);
}

}  // namespace gjk::test_support
