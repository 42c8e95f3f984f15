// A 3D vector templated on the scalar (float or double) and the few operations a 3D GJK needs: the
// second dimension of the core (core/vec2.h is the first).
//
// Every operation is the plain IEEE operation on the scalar, one rounding per arithmetic operator, in the
// order written; the project builds with -ffp-contract=off so no multiply-add is fused. Nothing here widens
// a float to double. A port that rounds in another order than these (a dot product summed z first, a cross
// product written otherwise) writes its own expression, so that its bits are its source's.
#pragma once

#include <cmath>

namespace gjk {

template <class T>
struct Vec3 {
  T x = 0;
  T y = 0;
  T z = 0;
};

template <class T>
inline Vec3<T> operator+(Vec3<T> a, Vec3<T> b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
template <class T>
inline Vec3<T> operator-(Vec3<T> a, Vec3<T> b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
template <class T>
inline Vec3<T> operator-(Vec3<T> a) {
  return {-a.x, -a.y, -a.z};
}
template <class T>
inline Vec3<T> operator*(T s, Vec3<T> a) {
  return {s * a.x, s * a.y, s * a.z};
}
template <class T>
inline bool operator==(Vec3<T> a, Vec3<T> b) {
  return a.x == b.x && a.y == b.y && a.z == b.z;
}

// (a.x*b.x + a.y*b.y) + a.z*b.z: three products and two sums, five roundings.
template <class T>
inline T dot(Vec3<T> a, Vec3<T> b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

// (a.y*b.z - a.z*b.y, a.z*b.x - a.x*b.z, a.x*b.y - a.y*b.x): three roundings a component.
template <class T>
inline Vec3<T> cross(Vec3<T> a, Vec3<T> b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

template <class T>
inline T lengthSquared(Vec3<T> v) {
  return dot(v, v);
}

// sqrt(x*x + y*y + z*z) in T: overflows to inf for |v| above sqrt(max) of T.
template <class T>
inline T length(Vec3<T> v) {
  return std::sqrt(lengthSquared(v));
}

template <class T>
inline T distance(Vec3<T> a, Vec3<T> b) {
  return length(a - b);
}

}  // namespace gjk
