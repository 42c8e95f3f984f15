// A 2D vector templated on the scalar (float or double) and the few operations GJK needs.
//
// Every operation is the plain IEEE operation on the scalar, one rounding per arithmetic operator,
// in the order written; the project builds with -ffp-contract=off so no multiply-add is fused.
// Nothing here widens a float to double.
#pragma once

#include <cmath>

namespace gjk {

template <class T>
struct Vec2 {
  T x = 0;
  T y = 0;
};

template <class T>
inline Vec2<T> operator+(Vec2<T> a, Vec2<T> b) {
  return {a.x + b.x, a.y + b.y};
}
template <class T>
inline Vec2<T> operator-(Vec2<T> a, Vec2<T> b) {
  return {a.x - b.x, a.y - b.y};
}
template <class T>
inline Vec2<T> operator-(Vec2<T> a) {
  return {-a.x, -a.y};
}
template <class T>
inline Vec2<T> operator*(T s, Vec2<T> a) {
  return {s * a.x, s * a.y};
}
template <class T>
inline bool operator==(Vec2<T> a, Vec2<T> b) {
  return a.x == b.x && a.y == b.y;
}

// a.x*b.x + a.y*b.y: two products and one sum, three roundings.
template <class T>
inline T dot(Vec2<T> a, Vec2<T> b) {
  return a.x * b.x + a.y * b.y;
}

// The z of the 3D cross product, a.x*b.y - a.y*b.x: three roundings.
template <class T>
inline T cross(Vec2<T> a, Vec2<T> b) {
  return a.x * b.y - a.y * b.x;
}

// cross(v, s) = (s*v.y, -s*v.x): v turned clockwise by 90 degrees, scaled by s (exact for s = 1).
template <class T>
inline Vec2<T> cross(Vec2<T> v, T s) {
  return {s * v.y, -s * v.x};
}

// cross(s, v) = (-s*v.y, s*v.x): v turned counter-clockwise by 90 degrees (exact for s = 1).
template <class T>
inline Vec2<T> cross(T s, Vec2<T> v) {
  return {-s * v.y, s * v.x};
}

template <class T>
inline T lengthSquared(Vec2<T> v) {
  return v.x * v.x + v.y * v.y;
}

// sqrt(x*x + y*y) in T: overflows to inf for |v| above sqrt(max) of T, as Box2D's b2Vec2::Length does.
template <class T>
inline T length(Vec2<T> v) {
  return std::sqrt(v.x * v.x + v.y * v.y);
}

template <class T>
inline T distance(Vec2<T> a, Vec2<T> b) {
  return length(a - b);
}

}  // namespace gjk
