// Small cast inputs for the cast strategies' tests (tests/core/cast_*_test.cpp).
#pragma once

#include <cmath>

#include "core/cast_types.h"
#include "test_shapes.h"

namespace gjk::test_support {

// A at the origin (identity), B at positionB (rotation (c, s)), B moving by translation; maxFraction 1.
inline CastInput<float> castInput(Proxy<float> a, Proxy<float> b, Vec2<float> positionB,
                                  Vec2<float> translation, Rotation<float> rotationB = {}) {
  CastInput<float> input;
  input.proxyA = a;
  input.proxyB = b;
  input.transformB.p = positionB;
  input.transformB.q = rotationB;
  input.translationB = translation;
  return input;
}

// A single point, rounded by radius (a disk when radius > 0).
inline Proxy<float> point(float x, float y, float radius = 0) {
  return polygon({{x, y}}, radius);
}

template <class Strategy>
CastOutput<float> castOf(const CastInput<float>& input) {
  CastOutput<float> output;
  Strategy::cast(input, &output);
  return output;
}

inline float up(float x) {
  return std::nextafter(x, INFINITY);
}
inline float down(float x) {
  return std::nextafter(x, -INFINITY);
}

}  // namespace gjk::test_support
