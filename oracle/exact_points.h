// Internal to oracle/: the points of one query with exact coordinates, and the sign tests the fast
// hull method asks about them, filtered in double with an exact fallback in scaled integers.
//
// Every coordinate is an exact sum of three doubles (error_bounds.h, THE VALUES). It is held twice:
// - approximately, X~ = fl(fl(t0 + t1) + t2), for the double filter (error_bounds.h);
// - exactly, as an integer multiple of one common power of two 2^exponent (every double is m * 2^k, so
//   after one common shift the terms and their sums are integers): in a 128-bit integer when the whole
//   query fits in 120 bits ("narrow": every difference and every sum of two differences still fits, and a
//   product of two differences fits the 256-bit products below), else in GMP integers ("wide").
// A sign test first tries the filter; when the computed value does not exceed its error bound (or the
// filter is off: its preconditions fail, or a test asked for it) the sign is computed exactly from the
// integers. Every public sign test is therefore exact; the filter only decides how fast.
//
// The sign tests are the only geometry here; which tests to ask, and in what order, is fast_hull.cpp's.
#pragma once

#include <boost/container/small_vector.hpp>

#include <cstdint>
#include <vector>

#include "oracle/oracle.h"

namespace gjk::oracle {

// A vector that keeps up to 40 elements in place (the points of two shapes of up to 16 vertices, and the
// hulls built from them), so that a query allocates almost nothing; it grows on the heap beyond that.
template <class T>
using SmallVector = boost::container::small_vector<T, 40>;

// An exact coordinate t0 + t1 + t2, each term an exact double (a float, a product of two floats, or a
// double query point).
struct TermSum {
  double t[3] = {0, 0, 0};
};

// The three exact terms of each world coordinate of a shape's vertices, in input order:
// x = c*x + (-(s*y)) + px, y = s*x + c*y + py (products of floats are exact in double). Appended to
// xs and ys. Throws std::invalid_argument for a shape without vertices, a non-finite number or a
// negative radius, as the reference does.
void appendWorldTerms(const InputShape& shape, SmallVector<TermSum>& xs, SmallVector<TermSum>& ys);

class ExactPoints {
 public:
  // The points (xs[i], ys[i]). filter = false computes every sign exactly (the filter's tests, and the
  // cross-check of the filtered path against the unfiltered one). Throws std::invalid_argument for a
  // non-finite term.
  ExactPoints(const SmallVector<TermSum>& xs, const SmallVector<TermSum>& ys, bool filter = true);
  // Whether base's points and one more, (x, y), would still be narrow (x and y finite, base narrow and
  // not all zero): then base's integers, shifted to the pair's common power of two, are exact below 2^122,
  // and a query point can be located against base's points without splitting them again
  // (point_distance.h, ShapeCore).
  static bool extends(const ExactPoints& base, double x, double y);
  // Adds this query's counts to filterStatistics().
  ~ExactPoints();
  ExactPoints(const ExactPoints&) = delete;
  ExactPoints& operator=(const ExactPoints&) = delete;

  int size() const { return static_cast<int>(approxX_.size()); }

  // Exact: sign(X_p - X_q) of the x (axis 0) or y (axis 1) coordinates; -1, 0 or 1.
  int differenceSign(int p, int q, int axis);
  // Exact: the sign of cross(X_p1 - X_q1, X_p2 - X_q2) = U.x V.y - U.y V.x.
  int crossSign(int p1, int q1, int p2, int q2);
  // Exact: the sign of dot(X_p1 - X_q1, X_p2 - X_q2).
  int dotSign(int p1, int q1, int p2, int q2);
  // Exact: sign(|X_p| - |X_q|) of one coordinate each (axes may differ).
  int magnitudeSign(int p, int axisP, int q, int axisQ);

  // Exact: the coordinate as an integer in units of 2^exponent().
  void integerCoordinate(int p, int axis, Integer& out) const;
  // Exact: X_p - X_q as an integer in units of 2^exponent().
  void integerDifference(int p, int q, int axis, Integer& out) const;
  // Exact: X_p - X_q in units of 2^exponent(), below 2^123 in magnitude; only when narrow().
  __int128 narrowDifference(int p, int q, int axis) const;
  // Exact: X_p in units of 2^exponent(), below 2^122 in magnitude; only when narrow().
  __int128 narrowCoordinate(int p, int axis) const { return (axis == 0 ? narrowX_ : narrowY_)[p]; }
  // Exact: X_p - X_q as a canonical rational.
  void rationalDifference(int p, int q, int axis, Rational& out) const;
  // Exact: the coordinate as a canonical rational.
  void rationalCoordinate(int p, int axis, Rational& out) const;
  int exponent() const { return exponent_; }
  // Every term is below 2^highest() in magnitude (0 when every term is 0).
  int highest() const { return highest_; }

  // The filter's inputs, for its tests: X~ of a coordinate, T~, and the two bounds (error_bounds.h).
  double approximate(int p, int axis) const { return (axis == 0 ? approxX_ : approxY_)[p]; }
  double magnitude() const { return magnitude_; }
  double differenceBound() const { return differenceBound_; }
  double productBound() const { return productBound_; }

  bool filterOn() const { return filter_; }
  bool narrow() const { return narrow_; }
  // How many sign tests the filter decided, and how many needed the integers.
  std::uint64_t filteredCount() const { return filtered_; }
  std::uint64_t exactCount() const { return exact_; }

 private:
  // The sign of a filtered value whose rounding error is at most bound: +-1 when |value| > bound
  // (counted as filtered), 0 when the filter cannot tell and the integers must.
  int filteredSign(double value, double bound);
  int exactDifferenceSign(int p, int q, int axis) const;
  int exactProductSign(int p1, int q1, int p2, int q2, bool cross) const;
  // The filtered sign of the cross (cross = true) or dot product of (p1 - q1) and (p2 - q2).
  int productSign(int p1, int q1, int p2, int q2, bool cross);

  SmallVector<double> approxX_, approxY_;  // X~ (error_bounds.h, WORLD)
  double magnitude_ = 0;                   // T~
  double differenceBound_ = 0;             // DIFFERENCE_SIGN_BOUND * T~
  double productBound_ = 0;                // PRODUCT_SIGN_BOUND * T~ * T~
  bool filter_ = true;
  bool narrow_ = true;
  int exponent_ = 0;
  int highest_ = 0;         // every term is below 2^highest_ in magnitude
  bool allZero_ = false;    // every term is 0 (exponent_ and highest_ are then 0 by convention)
  SmallVector<__int128> narrowX_, narrowY_;  // when narrow_
  std::vector<Integer> wideX_, wideY_;       // when !narrow_
  std::uint64_t filtered_ = 0;
  std::uint64_t exact_ = 0;
};

// Exact: value * 2^exponent as a canonical rational (the value is an integer).
void setDyadic(Rational& out, __int128 value, int exponent);
void setDyadic(Rational& out, const Integer& value, int exponent);

// Exact: a 128-bit integer as a GMP integer.
void setInteger(Integer& out, __int128 value);

// Exact: a*b + c*d for 128-bit integers of magnitude below 2^124, as a GMP integer (through 256-bit
// products; the sum stays below 2^249).
void setProductSum(Integer& out, __int128 a, __int128 b, __int128 c, __int128 d);

// Exact: the sign of a*b - c*d for 128-bit integers of magnitude below 2^126, through 256-bit products.
int productDifferenceSign(__int128 a, __int128 b, __int128 c, __int128 d);

}  // namespace gjk::oracle
