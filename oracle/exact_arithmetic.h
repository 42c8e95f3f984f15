// Internal to oracle/: exact conversion of floats and exact world vertices as scaled integers.
//
// This is the only code the two reference methods (minkowski_hull.cpp and hull_free.cpp) share: turning
// the input floats into exact numbers and applying the transform. Everything geometric after that is
// written twice, independently, so that a bug in one is caught by the other. The fast method
// (exact_points.h, fast_hull.h) shares none of this file: the three methods agree only if each is right.
// All three take the input numbers apart with dyadic.h's splitDouble, the one step they share (tested on
// its own against hand-written values, subnormals and both zeros included, in dyadic_test.cpp).
#pragma once

#include "oracle/dyadic.h"
#include "oracle/oracle.h"

#include <vector>

namespace gjk::oracle {

// Exact: 2^exponent as a rational, for any sign of the exponent.
Rational powerOfTwo(int exponent);

// Exact: value * 2^exponent.
Rational scaledToRational(const Integer& value, int exponent);

// Exact: the relation of oracle.h from d0^2 and r (both compared as rationals, d0^2 against r^2): separated
// when d0 > r, overlapping when d0 < r, touching when d0 = r > 0; for d0 = r = 0 touching when the origin
// is on the boundary of M (a flat M is all boundary), overlapping in its interior. Shared by the 2D
// reference method and both 3D methods (oracle3.h); the fast 2D method keeps its own.
Relation relationFromSquares(const Rational& coreDistanceSquared, const Rational& radius, bool originOnBoundary);

// A point with integer coordinates in units of 2^exponent of the enclosing ScaledCase.
struct IntPoint {
  Integer x;
  Integer y;
};

// Every number of a case as an integer multiple of one common power of two 2^exponent. The
// exponent is the smallest exponent among all the products c*x, s*y, ..., the positions and the
// radii (mantissas made odd first), so the integers are as small as exactness allows: a case of small
// integers has exponent >= 0 and tiny integers, and even the widest case (2^-149 * 2^-149 next to
// 2^127 * 2^127) needs only about 560 bits.
struct ScaledCase {
  int exponent = 0;
  std::vector<IntPoint> worldA;  // world vertices of A, input order
  std::vector<IntPoint> worldB;  // world vertices of B, input order
  Integer radiusA;
  Integer radiusB;
};

// Exact: each world coordinate c*x - s*y + p is a sum of three dyadic rationals, each of which is an
// integer multiple of 2^exponent because exponent is at most each term's exponent. Throws
// std::invalid_argument for a shape without vertices or with a non-finite number.
ScaledCase scaleCase(const InputShape& a, const InputShape& b);

// The same for one shape (worldB empty, radiusB zero).
ScaledCase scaleShape(const InputShape& shape);

}  // namespace gjk::oracle
