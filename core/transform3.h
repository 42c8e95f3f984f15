// Placement of a 3D shape (the second dimension of core/transform.h): a rotation given as the matrix of a
// quaternion, and a position.
//
// The quaternion is taken as given: it need not be of unit length (docs/case-format.md). Its matrix is
// formed in T with the entries docs/case-format.md writes out, each rounded as written below, and a world
// point is R v + p with the row sums in the order written. The exact oracle forms the same matrix and point
// without rounding; the rounding here is part of what the error unit u allows for (docs/verdict.md).
#pragma once

#include "core/vec3.h"

namespace gjk {

// Rows of a 3x3 matrix.
template <class T>
struct Matrix3 {
  Vec3<T> row[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
};

template <class T>
struct Transform3 {
  Vec3<T> p;      // position, world frame
  Matrix3<T> r;   // rotation of the local frame (rows)
};

// The matrix of the quaternion w + x i + y j + z k, entry by entry:
//   [1 - 2(y^2 + z^2), 2(xy - wz),       2(xz + wy)      ]
//   [2(xy + wz),       1 - 2(x^2 + z^2), 2(yz - wx)      ]
//   [2(xz - wy),       2(yz + wx),       1 - 2(x^2 + y^2)]
// each product, sum and difference rounded in T in that order (the factor 2 is exact).
template <class T>
inline Matrix3<T> quaternionMatrix(T w, T x, T y, T z) {
  const T two = 2;
  const T one = 1;
  Matrix3<T> m;
  m.row[0] = {one - two * (y * y + z * z), two * (x * y - w * z), two * (x * z + w * y)};
  m.row[1] = {two * (x * y + w * z), one - two * (x * x + z * z), two * (y * z - w * x)};
  m.row[2] = {two * (x * z - w * y), two * (y * z + w * x), one - two * (x * x + y * y)};
  return m;
}

// R v: each component the dot product of a row with v (core/vec3.h dot: five roundings).
template <class T>
inline Vec3<T> rotate(const Matrix3<T>& r, Vec3<T> v) {
  return {dot(r.row[0], v), dot(r.row[1], v), dot(r.row[2], v)};
}

// R^T v: maps a world direction d to the local direction whose support is the world support along d, for any
// matrix R (d . (R v) = (R^T d) . v); for a rotation it is the inverse rotation. Each component summed over
// the column in row order, five roundings.
template <class T>
inline Vec3<T> inverseRotate(const Matrix3<T>& r, Vec3<T> v) {
  return {r.row[0].x * v.x + r.row[1].x * v.y + r.row[2].x * v.z,
          r.row[0].y * v.x + r.row[1].y * v.y + r.row[2].y * v.z,
          r.row[0].z * v.x + r.row[1].z * v.y + r.row[2].z * v.z};
}

// World point of a local point: R v + p, one more rounding per component.
template <class T>
inline Vec3<T> transformPoint(const Transform3<T>& xf, Vec3<T> v) {
  return rotate(xf.r, v) + xf.p;
}

}  // namespace gjk
