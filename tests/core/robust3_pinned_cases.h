// A fixed set of 3D queries and a hash of a strategy's answers to them, bit for bit (tests/core/robust3_test.cpp
// pins robust3's hash as computed before robust3 was templated on its ingredients: the default build must
// answer every one of them identically).
//
// The cases come from std::mt19937's raw outputs (specified by the standard, unlike its distributions), turned
// into floats by integer arithmetic only: random hulls of 1..16 vertices (some flat, some with duplicated
// vertices, some needles), rotated by a normalized quaternion, placed apart, nearly touching or overlapping,
// with and without radii, at scales 1, 2^-90, 2^-30, 2^40 and 2^100 (the rescaled path).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>

#include "core/distance_types.h"
#include "core/polytope.h"
#include "core/transform3.h"

namespace gjk::pinned3 {

inline constexpr int CASES = 400;

// A float in [-1, 1) with 2^-20 spacing, from one raw output.
inline float unit(std::mt19937& g) { return float(int(g() % (1u << 21)) - (1 << 20)) * 0x1p-20f; }

inline DistanceInput3<float> caseAt(int index) {
  std::mt19937 g(0x5eed0000u + static_cast<unsigned>(index));
  static constexpr float SCALES[5] = {1.0f, 0x1p-90f, 0x1p-30f, 0x1p40f, 0x1p100f};
  const float scale = SCALES[g() % 5];
  const int kind = int(g() % 4);  // 0 plain, 1 flat (z = 0), 2 needle (x stretched), 3 duplicated vertices
  DistanceInput3<float> input;
  auto shape = [&](Polytope<float>* p) {
    p->count = 1 + int(g() % 16);
    for (int i = 0; i < p->count; ++i) {
      Vec3<float> v{unit(g), unit(g), unit(g)};
      if (kind == 1) v.z = 0;
      if (kind == 2) v = {8 * v.x, 0x1p-10f * v.y, 0x1p-10f * v.z};
      if (kind == 3 && i > 0 && g() % 2 == 0) v = p->vertices[i - 1];
      p->vertices[i] = scale * v;
    }
    p->radius = g() % 4 == 0 ? scale * 0.25f * (unit(g) + 1) : 0.0f;
  };
  shape(&input.proxyA);
  shape(&input.proxyB);
  auto rotation = [&]() {
    float w = unit(g), x = unit(g), y = unit(g), z = unit(g);
    float n = std::sqrt(w * w + x * x + y * y + z * z);
    if (!(n > 0)) return Matrix3<float>{};
    return quaternionMatrix(w / n, x / n, y / n, z / n);
  };
  input.transformA.r = rotation();
  input.transformB.r = rotation();
  const int placement = int(g() % 3);  // apart, close, overlapping
  const float reach = placement == 0 ? 3.0f : (placement == 1 ? 1.25f : 0.25f);
  input.transformA.p = scale * Vec3<float>{unit(g), unit(g), unit(g)};
  input.transformB.p = input.transformA.p + scale * reach * Vec3<float>{unit(g), unit(g), unit(g)};
  input.useRadii = g() % 8 != 0;
  return input;
}

inline void mix(std::uint64_t* h, const void* data, std::size_t n) {
  const unsigned char* bytes = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < n; ++i) {
    *h = (*h ^ bytes[i]) * 0x100000001b3ull;  // FNV-1a
  }
}

// FNV-1a of every answer's distance, witness points, iterations, simplex size and stop rule.
template <class Strategy>
std::uint64_t answersHash() {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (int i = 0; i < CASES; ++i) {
    DistanceOutput3<float> out;
    Strategy::distance(caseAt(i), &out);
    const float values[7] = {out.distance, out.pointA.x, out.pointA.y, out.pointA.z,
                             out.pointB.x, out.pointB.y, out.pointB.z};
    mix(&h, values, sizeof values);
    const int ints[3] = {out.iterations, out.simplexCount, static_cast<int>(out.termination)};
    mix(&h, ints, sizeof ints);
  }
  return h;
}

}  // namespace gjk::pinned3
