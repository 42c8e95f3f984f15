// Small shapes and one-call queries for the core's strategy tests.
#pragma once

#include <cmath>
#include <initializer_list>

#include "core/gjk.h"

namespace gjk::testing {

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

template <class T = float>
Proxy<T> box(T halfWidth, T halfHeight) {
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

template <class Strategy, class T>
DistanceOutput<T> query(const DistanceInput<T>& input, Trace<T>* trace = nullptr) {
  SimplexCache<T> cache;
  DistanceOutput<T> output;
  Strategy::distance(input, &cache, &output, trace);
  return output;
}

inline bool finite(const DistanceOutput<float>& out) {
  return std::isfinite(out.distance) && std::isfinite(out.pointA.x) && std::isfinite(out.pointA.y) &&
         std::isfinite(out.pointB.x) && std::isfinite(out.pointB.y);
}

}  // namespace gjk::testing
