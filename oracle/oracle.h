// The exact oracle: the answer a perfect distance algorithm would give for a case, computed with
// exact rational arithmetic (Boost.Multiprecision on GMP).
//
// What is exact, and why:
// - Every input number is a float, that is m * 2^e with integer m and e. Products and sums of floats
//   are dyadic rationals, so world vertices (c*x - s*y + px, s*x + c*y + py), the Minkowski
//   difference points b - a, orientation tests and squared distances are all exact rationals here:
//   nothing is rounded, for every finite float input, subnormals and 1e38 included.
// - The rotation pair (c, s) is applied exactly as given; it need not satisfy c^2 + s^2 = 1.
// - Squared distances, relations and closest points are exact. The distance itself is a square root
//   and so is irrational in general: where a real number is needed (the decimal string, errors in
//   units u) it is computed from the exact rationals in HighPrecision, with the subtraction
//   d - r rewritten as (d^2 - r^2) / (d + r) so that no cancellation loses digits; such values are
//   labelled "high precision", never "exact".
//
// This folder shares no code with core/: no vector type, no support function, no hull. A bug the two
// shared would hide itself.
#pragma once

#include <boost/multiprecision/gmp.hpp>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace gjk::oracle {

using Integer = boost::multiprecision::mpz_int;
using Rational = boost::multiprecision::mpq_rational;
// 100 decimal digits of relative precision: used only for values that are irrational (square roots).
using HighPrecision = boost::multiprecision::mpf_float_100;

// One input vertex, in the shape's local frame, exactly as read from the case file.
struct InputPoint {
  float x = 0;
  float y = 0;
};

// A shape as the case file gives it: hull of the vertices (any order, duplicates, collinear and
// interior points allowed) grown by a disk of the radius, then rotated by (c, s) and moved by p.
struct InputShape {
  std::vector<InputPoint> vertices;  // at least one
  float radius = 0;
  float positionX = 0;
  float positionY = 0;
  float rotationC = 1;
  float rotationS = 0;
};

struct ExactPoint {
  Rational x;
  Rational y;
};

// Design §3: separated (d0 > r), touching (d0 = r; for r = 0 the origin is on the boundary of M,
// including a degenerate M, a point or a segment, that contains the origin), overlapping (d0 < r, or
// the origin in the interior of M when r = 0).
enum class Relation { Separated, Touching, Overlapping };

// "separated" | "touching" | "overlapping"
const char* relationName(Relation relation);

struct ExactAnswer {
  Relation relation = Relation::Separated;
  Rational coreDistanceSquared;  // d0^2, d0 = dist(origin, M), exact
  ExactPoint closestPoint;       // the unique point of M nearest the origin, exact
  Rational radius;               // r = rA + rB, exact
  Rational scale;                // S of design §5: max |world coordinate| of both shapes + r, exact;
                                 // the smallest normal float when that is 0
  // Counter-clockwise vertices of M = hull{b - a} with collinear points removed: one point when M is
  // a point, two when M is a segment. Filled by solveByHull only.
  std::vector<ExactPoint> minkowskiHull;
};

// Exact world vertices of a shape, in input order: (c*x - s*y + px, s*x + c*y + py).
std::vector<ExactPoint> worldVertices(const InputShape& shape);

// The reference method: the explicit Minkowski point cloud {b - a}, its exact convex hull
// (monotone chain with exact orientation), the closest point of the hull to the origin.
ExactAnswer solveByHull(const InputShape& a, const InputShape& b);

// The second exact method, which builds no hull: the minimum of the exact squared distance from the
// origin over every segment b - [a_i, a_k] and [b_j, b_l] - a (vertex-edge pairs over all vertex
// pairs, which include every edge of M), and an exact containment test of the origin in M from the
// angular gaps of the points b - a around the origin. minkowskiHull is left empty.
ExactAnswer solveWithoutHull(const InputShape& a, const InputShape& b);

// Exact squared distance from the point (x, y) to the hull of the shape's world vertices (the core,
// without the radius).
Rational squaredDistanceToCore(const InputShape& shape, const Rational& x, const Rational& y);

// High precision: the distance from (x, y) to the rounded shape, max(0, dist(p, core) - radius).
HighPrecision distanceToShape(const InputShape& shape, const Rational& x, const Rational& y);

// High precision: max(0, d0 - r).
HighPrecision distance(const ExactAnswer& answer);

// High precision square root of a non-negative rational.
HighPrecision squareRoot(const Rational& value);

// max(0, d0 - r) as a decimal string with the given number of significant digits (at least 30),
// "0" when the shapes touch or overlap. Exact and correctly rounded (to nearest, ties to even): every
// digit is decided by exact rational comparisons, D >= t <=> d0^2 >= (t + r)^2.
std::string distanceDecimal(const ExactAnswer& answer, int significantDigits = 40);

// An exact rational as a decimal string with the given number of significant digits.
std::string decimalString(const Rational& value, int significantDigits = 40);

// "p/q" (or "p" when q = 1), exact.
std::string rationalString(const Rational& value);

// Exact rational of a float.
Rational exactFloat(float value);

// Exact rational of a finite double (every float widens to double exactly, so results of float and
// double strategies convert alike); std::invalid_argument for NaN and infinities. Defined here, inline: frexp splits the value into a 53-bit integer
// mantissa and a power of two, both exact.
inline Rational exactDouble(double value) {
  if (!std::isfinite(value)) {
    throw std::invalid_argument("oracle: exactDouble of a value that is not finite");
  }
  int exponent = 0;
  double mantissa = std::frexp(value, &exponent);  // value = mantissa * 2^exponent, |mantissa| in [0.5, 1)
  Integer m(static_cast<long long>(std::ldexp(mantissa, 53)));
  exponent -= 53;
  Rational result(m);
  if (exponent > 0) {
    result *= Rational(Integer(1) << exponent);
  } else if (exponent < 0) {
    result /= Rational(Integer(1) << -exponent);
  }
  return result;
}

}  // namespace gjk::oracle
