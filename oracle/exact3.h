// Internal to oracle/: the 3D oracle's exact input conversion and the exact parts both of its methods put
// into an answer. Everything geometric is written twice, independently (hull3.cpp and solve_hull3.cpp for
// method 1; gjk3.cpp and epa3.cpp for method 2); only this file's conversion and assembly are shared.
#pragma once

#include "oracle/exact_arithmetic.h"
#include "oracle/oracle3.h"

#include <vector>

namespace gjk::oracle {

// A point with integer coordinates in units of 2^exponent of the enclosing ScaledCase3.
struct IntPoint3 {
  Integer x;
  Integer y;
  Integer z;
};

// Exact integer vector helpers (no rounding: GMP integers).
bool operator==(const IntPoint3& left, const IntPoint3& right);
IntPoint3 operator-(const IntPoint3& left, const IntPoint3& right);
Integer dot(const IntPoint3& left, const IntPoint3& right);
IntPoint3 cross(const IntPoint3& left, const IntPoint3& right);
bool isZero(const IntPoint3& point);

// Every number of a case as an integer multiple of one common power of two 2^exponent: the smallest
// exponent among all the terms of all the world coordinates and the radii (mantissas made odd first).
struct ScaledCase3 {
  int exponent = 0;
  std::vector<IntPoint3> worldA;  // world vertices of A, input order
  std::vector<IntPoint3> worldB;  // world vertices of B, input order
  Integer radiusA;
  Integer radiusB;
  // problemScale3's largest row sum: the largest, over both shapes' vertices v and the three rows i, of
  // sum_j |R_ij v_j| + |p_i| (each R_ij v_j the exact sum of its coordinate's terms in v_j), in units of
  // 2^exponent; answerFrom3 forms the scale from it and the radii.
  Integer largestRowSum;
};

// Exact: each world coordinate (R v + p)_i is a sum of eight dyadic terms (each a signed product of at most
// three float mantissas and a power of two, below 2^73 in magnitude), and each is an integer multiple of
// 2^exponent because exponent is at most each term's exponent. Throws std::invalid_argument for a shape
// without vertices or with more than 64, a non-finite number or a negative radius.
ScaledCase3 scaleCase3(const InputShape3& a, const InputShape3& b);

// The same for one shape (worldB empty, radiusB zero).
ScaledCase3 scaleShape3(const InputShape3& shape);

// Exact: the point cloud {b_j - a_i}, cloud[j * |A| + i], integer differences.
std::vector<IntPoint3> minkowskiCloud3(const ScaledCase3& scaled);

// Exact: an integer point times 2^exponent, as canonical rationals.
ExactPoint3 scaledPoint3(const IntPoint3& point, int exponent);

// Exact: the primitive integer vector of a nonzero one (each component divided by their greatest common
// divisor, signs kept), as rationals; the zero vector stays zero.
ExactPoint3 primitiveDirection(const IntPoint3& direction);

// Exact: x < y lexicographically (x, then y, then z), for the tie-break between equally near faces.
bool lexicographicLess3(const ExactPoint3& left, const ExactPoint3& right);

// What a method found, in the integer units of its ScaledCase3, for answerFrom3.
struct CoreResult3 {
  // The closest point of M as numerator / denominator (denominator > 0); the squared distance is
  // |numerator|^2 / denominator^2.
  IntPoint3 closestNumerator;
  Integer closestDenominator = 1;
  bool originOnBoundary = false;  // the origin is in M and on its boundary (or M is flat and contains it)
  bool originInInterior = false;  // the origin is in the interior of M
  // When originInInterior: the nearest face plane's squared distance as numerator / denominator, and the
  // penetration normal from A towards B (primitiveDirection of minus the face's outward normal).
  Integer depthNumerator;
  Integer depthDenominator = 1;
  ExactPoint3 penetrationNormal;
};

// Exact: the closest point numerator / denominator (in the integer units of `scaled`) as rationals.
ExactPoint3 closestPointFrom3(const ScaledCase3& scaled, const IntPoint3& numerator, const Integer& denominator);

// Exact: the answer from a method's exact parts, scaled back by powers of two; the relation compares d0^2
// with r^2 exactly (the 2D rule); scale is problemScale3 of the case the ScaledCase3 was made from (its
// largestRowSum plus the radii, in integers).
ExactAnswer3 answerFrom3(const ScaledCase3& scaled, const CoreResult3& core);

}  // namespace gjk::oracle
