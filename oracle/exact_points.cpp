// Exact points and their filtered sign tests (see exact_points.h; the bounds are error_bounds.h's).
#include "oracle/exact_points.h"

#include <gmp.h>

#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>
#include <stdexcept>

#include "oracle/dyadic.h"
#include "oracle/error_bounds.h"

namespace gjk::oracle {

namespace {

using U128 = unsigned __int128;

// The widest query held in 128-bit integers: |term| < 2^NARROW_BITS in units of 2^exponent. Then a
// coordinate (three terms) is below 2^122, a difference below 2^123, a sum of two differences below
// 2^124, and a product of two differences below 2^246: all fit, with room (error_bounds.h has the
// rest of the accounting).
constexpr int NARROW_BITS = 120;

int bitLength(long long mantissa) {
  return 64 - std::countl_zero(static_cast<unsigned long long>(mantissa < 0 ? -mantissa : mantissa));
}

int sign(__int128 value) {
  return (value > 0) - (value < 0);
}

struct U256 {
  U128 high;
  U128 low;
};

// Exact: the 256-bit product of two 128-bit magnitudes, from four 64 x 64 -> 128-bit products.
U256 multiply(U128 a, U128 b) {
  const U128 a0 = static_cast<std::uint64_t>(a), a1 = a >> 64;
  const U128 b0 = static_cast<std::uint64_t>(b), b1 = b >> 64;
  const U128 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  // middle < 3 * 2^64: the carry into the high half.
  const U128 middle = (p00 >> 64) + static_cast<std::uint64_t>(p01) + static_cast<std::uint64_t>(p10);
  return {p11 + (p01 >> 64) + (p10 >> 64) + (middle >> 64), (middle << 64) | static_cast<std::uint64_t>(p00)};
}

// Exact: left + right, and left - right for left >= right (no overflow for the magnitudes used here,
// which stay below 2^250).
U256 add(const U256& left, const U256& right) {
  const U128 low = left.low + right.low;
  return {left.high + right.high + (low < left.low ? 1 : 0), low};
}
U256 subtract(const U256& left, const U256& right) {
  return {left.high - right.high - (left.low < right.low ? 1 : 0), left.low - right.low};
}

int compare(const U256& left, const U256& right) {
  if (left.high != right.high) {
    return left.high < right.high ? -1 : 1;
  }
  return left.low < right.low ? -1 : (left.low > right.low ? 1 : 0);
}

U128 unsignedMagnitude(__int128 value) {
  return value < 0 ? -static_cast<U128>(value) : static_cast<U128>(value);
}

}  // namespace

int productDifferenceSign(__int128 a, __int128 b, __int128 c, __int128 d) {
  // Exact: the signs of the two products decide unless they are equal and nonzero; then the 256-bit
  // magnitudes are compared (no product is formed in 128 bits, so nothing can overflow).
  const int left = sign(a) * sign(b);
  const int right = sign(c) * sign(d);
  if (left != right) {
    return left > right ? 1 : -1;
  }
  if (left == 0) {
    return 0;
  }
  const int order = compare(multiply(unsignedMagnitude(a), unsignedMagnitude(b)),
                            multiply(unsignedMagnitude(c), unsignedMagnitude(d)));
  return left > 0 ? order : -order;
}

void setProductSum(Integer& out, __int128 a, __int128 b, __int128 c, __int128 d) {
  // Exact: both products as 256-bit magnitudes with their signs, added or subtracted as magnitudes,
  // then written into the four limbs of the GMP integer.
  static_assert(GMP_NUMB_BITS == 64, "the 256-bit magnitude is written as four 64-bit limbs");
  const bool negative1 = (a < 0) != (b < 0), negative2 = (c < 0) != (d < 0);
  const U256 m1 = multiply(unsignedMagnitude(a), unsignedMagnitude(b)),
             m2 = multiply(unsignedMagnitude(c), unsignedMagnitude(d));
  U256 sum;
  bool negative = negative1;
  if (negative1 == negative2) {
    sum = add(m1, m2);
  } else if (compare(m1, m2) >= 0) {
    sum = subtract(m1, m2);
  } else {
    sum = subtract(m2, m1);
    negative = negative2;
  }
  mpz_ptr z = out.backend().data();
  mp_limb_t* limbs = mpz_limbs_write(z, 4);
  limbs[0] = static_cast<mp_limb_t>(sum.low);
  limbs[1] = static_cast<mp_limb_t>(sum.low >> 64);
  limbs[2] = static_cast<mp_limb_t>(sum.high);
  limbs[3] = static_cast<mp_limb_t>(sum.high >> 64);
  mp_size_t size = 4;
  while (size > 0 && limbs[size - 1] == 0) {
    --size;
  }
  mpz_limbs_finish(z, negative ? -size : size);
}

void setInteger(Integer& out, __int128 value) {
  mpz_ptr z = out.backend().data();
  if (value >= LLONG_MIN && value <= LLONG_MAX) {
    mpz_set_si(z, static_cast<long>(value));
    return;
  }
  // Exact: the two 64-bit limbs of the magnitude, then the sign (a negative size in GMP's convention).
  const U128 m = value < 0 ? -static_cast<U128>(value) : static_cast<U128>(value);
  mp_limb_t* limbs = mpz_limbs_write(z, 2);
  limbs[0] = static_cast<mp_limb_t>(m);
  limbs[1] = static_cast<mp_limb_t>(m >> 64);
  mpz_limbs_finish(z, value < 0 ? -2 : 2);
}

namespace {

// Exact: z = magnitude m (below 2^128) with the given sign, written into z's limbs directly.
void setMagnitude(mpz_ptr z, U128 m, bool negative) {
  const int size = (m >> 64) != 0 ? 2 : 1;
  mp_limb_t* limbs = mpz_limbs_write(z, size);
  limbs[0] = static_cast<mp_limb_t>(m);
  if (size == 2) {
    limbs[1] = static_cast<mp_limb_t>(m >> 64);
  }
  mpz_limbs_finish(z, negative ? -size : size);
}

// Exact: z = 2^power, the one bit written into z's limbs directly.
void setPowerOfTwo(mpz_ptr z, unsigned power) {
  const mp_size_t size = static_cast<mp_size_t>(power / GMP_NUMB_BITS) + 1;
  mp_limb_t* limbs = mpz_limbs_write(z, size);
  for (mp_size_t i = 0; i + 1 < size; ++i) {
    limbs[i] = 0;
  }
  limbs[size - 1] = mp_limb_t{1} << (power % GMP_NUMB_BITS);
  mpz_limbs_finish(z, size);
}

}  // namespace

void setDyadic(Rational& out, __int128 value, int exponent) {
  // Exact and canonical by construction: the trailing zero bits move into the exponent, so a negative
  // exponent leaves an odd numerator over a power of two (coprime), a nonnegative one an integer.
  mpq_ptr q = out.backend().data();
  if (value == 0) {
    mpq_set_ui(q, 0, 1);
    return;
  }
  U128 m = unsignedMagnitude(value);
  const int zeros = static_cast<std::uint64_t>(m) != 0
                        ? std::countr_zero(static_cast<std::uint64_t>(m))
                        : 64 + std::countr_zero(static_cast<std::uint64_t>(m >> 64));
  m >>= zeros;
  exponent += zeros;
  setMagnitude(mpq_numref(q), m, value < 0);
  if (exponent >= 0) {
    mpz_mul_2exp(mpq_numref(q), mpq_numref(q), static_cast<mp_bitcnt_t>(exponent));
    mpz_set_ui(mpq_denref(q), 1);
  } else {
    setPowerOfTwo(mpq_denref(q), static_cast<unsigned>(-exponent));
  }
}

void setDyadic(Rational& out, const Integer& value, int exponent) {
  // Exact: GMP's mpq_mul_2exp / mpq_div_2exp keep the rational canonical (the division strips common
  // factors of two).
  mpq_ptr q = out.backend().data();
  mpz_set(mpq_numref(q), value.backend().data());
  mpz_set_ui(mpq_denref(q), 1);
  if (exponent >= 0) {
    mpq_mul_2exp(q, q, static_cast<mp_bitcnt_t>(exponent));
  } else {
    mpq_div_2exp(q, q, static_cast<mp_bitcnt_t>(-exponent));
  }
}

FilterStatistics& filterStatistics() {
  thread_local FilterStatistics statistics;
  return statistics;
}

void appendWorldTerms(const InputShape& shape, SmallVector<TermSum>& xs, SmallVector<TermSum>& ys) {
  if (shape.vertices.empty()) {
    throw std::invalid_argument("oracle: a shape needs at least one vertex");
  }
  if (!(shape.radius >= 0) || !std::isfinite(shape.radius)) {
    throw std::invalid_argument("oracle: a radius must be a finite float >= 0");
  }
  // Exact: every float widens to double exactly, and the product of two floats (24 significant bits
  // each, exponents in [-149, 127]) has at most 48 significant bits and an exponent in [-298, 256], so
  // it is a double, computed without rounding. Non-finite numbers are rejected by ExactPoints.
  const double c = shape.rotationC, s = shape.rotationS;
  const double px = shape.positionX, py = shape.positionY;
  for (const InputPoint& vertex : shape.vertices) {
    const double x = vertex.x, y = vertex.y;
    xs.push_back({{c * x, -(s * y), px}});
    ys.push_back({{s * x, c * y, py}});
  }
}

ExactPoints::ExactPoints(const SmallVector<TermSum>& xs, const SmallVector<TermSum>& ys, bool filter)
    : filter_(filter) {
  const std::size_t count = xs.size();
  approxX_.resize(count);
  approxY_.resize(count);
  // One pass: the exact split of every term (smallest exponent, widest magnitude, the filter's
  // preconditions), the approximations X~ and the magnitude T~ (error_bounds.h).
  // Per point: x terms, then y terms; in place for up to 40 points.
  boost::container::small_vector<Dyadic, 6 * 40> splits(6 * count);
  int lowest = INT_MAX;
  int highest = INT_MIN;  // max over terms of k + bitlength(m): |term| < 2^highest
  double magnitude = 0;   // T~
  for (int axis = 0; axis < 2; ++axis) {
    const SmallVector<TermSum>& terms = axis == 0 ? xs : ys;
    SmallVector<double>& approx = axis == 0 ? approxX_ : approxY_;
    for (std::size_t i = 0; i < count; ++i) {
      const double* t = terms[i].t;
      for (int k = 0; k < 3; ++k) {
        const Dyadic term = splitDouble(t[k]);  // exact; throws for a non-finite term
        splits[6 * i + 3 * static_cast<std::size_t>(axis) + static_cast<std::size_t>(k)] = term;
        if (term.mantissa != 0) {
          lowest = std::min(lowest, term.exponent);
          highest = std::max(highest, term.exponent + bitLength(term.mantissa));
        }
      }
      approx[i] = (t[0] + t[1]) + t[2];  // (WORLD): two roundings, in this order
      magnitude = std::max(magnitude, (std::fabs(t[0]) + std::fabs(t[1])) + std::fabs(t[2]));
    }
  }
  if (lowest == INT_MAX) {  // every term zero: every point is the origin
    lowest = 0;
    highest = 0;
    allZero_ = true;
  }
  exponent_ = lowest;
  highest_ = highest;
  // PRECONDITIONS of error_bounds.h: every nonzero term m * 2^k with k >= -480 and |term| < 2^480.
  if (lowest < FILTER_MIN_EXPONENT || highest > FILTER_MAX_EXPONENT) {
    filter_ = false;
  }
  magnitude_ = magnitude;
  differenceBound_ = DIFFERENCE_SIGN_BOUND * magnitude;
  productBound_ = (PRODUCT_SIGN_BOUND * magnitude) * magnitude;

  // Exact integers in units of 2^exponent: each term m * 2^(k - exponent), an integer because exponent
  // is the smallest k; sums of integers are exact.
  narrow_ = highest - lowest <= NARROW_BITS;
  if (narrow_) {
    narrowX_.resize(count);
    narrowY_.resize(count);
  } else {
    wideX_.resize(count);
    wideY_.resize(count);
  }
  for (std::size_t i = 0; i < count; ++i) {
    for (int axis = 0; axis < 2; ++axis) {
      const Dyadic* terms = &splits[6 * i + 3 * static_cast<std::size_t>(axis)];
      if (narrow_) {
        __int128 sum = 0;
        for (int k = 0; k < 3; ++k) {
          if (terms[k].mantissa != 0) {
            sum += static_cast<__int128>(terms[k].mantissa) << (terms[k].exponent - lowest);  // below 2^120
          }
        }
        (axis == 0 ? narrowX_ : narrowY_)[i] = sum;
      } else {
        Integer& sum = (axis == 0 ? wideX_ : wideY_)[i];
        for (int k = 0; k < 3; ++k) {
          if (terms[k].mantissa != 0) {
            Integer value = terms[k].mantissa;
            value <<= static_cast<unsigned>(terms[k].exponent - lowest);
            sum += value;
          }
        }
      }
    }
  }
}

namespace {

// The exponent range of a point (x, y) given as two doubles: its lowest exponent and the bound 2^highest
// of its nonzero terms; false when both are 0.
bool pointRange(const Dyadic& x, const Dyadic& y, int& lowest, int& highest) {
  lowest = INT_MAX;
  highest = INT_MIN;
  for (const Dyadic& term : {x, y}) {
    if (term.mantissa != 0) {
      lowest = std::min(lowest, term.exponent);
      highest = std::max(highest, term.exponent + bitLength(term.mantissa));
    }
  }
  return lowest != INT_MAX;
}

}  // namespace

bool ExactPoints::extends(const ExactPoints& base, double x, double y) {
  if (!base.narrow_ || base.allZero_ || !std::isfinite(x) || !std::isfinite(y)) {
    return false;
  }
  int lowest = 0, highest = 0;
  if (!pointRange(splitDouble(x), splitDouble(y), lowest, highest)) {
    return true;  // the origin: base's exponents unchanged
  }
  return std::max(highest, base.highest_) - std::min(lowest, base.exponent_) <= NARROW_BITS;
}

ExactPoints::~ExactPoints() {
  FilterStatistics& statistics = filterStatistics();
  statistics.queries += 1;
  statistics.filtered += filtered_;
  statistics.exact += exact_;
  statistics.wideQueries += !narrow_;
  statistics.unfilteredQueries += !filter_;
}

int ExactPoints::exactDifferenceSign(int p, int q, int axis) const {
  if (narrow_) {
    const SmallVector<__int128>& values = axis == 0 ? narrowX_ : narrowY_;
    return sign(values[p] - values[q]);
  }
  const std::vector<Integer>& values = axis == 0 ? wideX_ : wideY_;
  const int order = values[p].compare(values[q]);
  return (order > 0) - (order < 0);
}

int ExactPoints::filteredSign(double value, double bound) {
  if (value > bound) {
    ++filtered_;
    return 1;
  }
  if (value < -bound) {
    ++filtered_;
    return -1;
  }
  return 0;
}

int ExactPoints::differenceSign(int p, int q, int axis) {
  if (filter_) {
    const SmallVector<double>& approx = axis == 0 ? approxX_ : approxY_;
    const double difference = approx[p] - approx[q];  // SIGN OF A DIFFERENCE (error_bounds.h)
    if (const int decided = filteredSign(difference, differenceBound_); decided != 0) {
      return decided;
    }
  }
  ++exact_;
  return exactDifferenceSign(p, q, axis);
}

int ExactPoints::magnitudeSign(int p, int axisP, int q, int axisQ) {
  if (filter_) {
    // | |X~_p| - |X_p| | <= |X~_p - X_p|: the bound of SIGN OF A DIFFERENCE holds unchanged.
    const double difference =
        std::fabs((axisP == 0 ? approxX_ : approxY_)[p]) - std::fabs((axisQ == 0 ? approxX_ : approxY_)[q]);
    if (const int decided = filteredSign(difference, differenceBound_); decided != 0) {
      return decided;
    }
  }
  ++exact_;
  if (narrow_) {
    const U128 left = unsignedMagnitude((axisP == 0 ? narrowX_ : narrowY_)[p]);
    const U128 right = unsignedMagnitude((axisQ == 0 ? narrowX_ : narrowY_)[q]);
    return (left > right) - (left < right);
  }
  const int order = mpz_cmpabs((axisP == 0 ? wideX_ : wideY_)[p].backend().data(),
                               (axisQ == 0 ? wideX_ : wideY_)[q].backend().data());
  return (order > 0) - (order < 0);
}

int ExactPoints::exactProductSign(int p1, int q1, int p2, int q2, bool cross) const {
  if (narrow_) {
    // Differences below 2^123 (NARROW_BITS): productDifferenceSign's 256-bit products are exact.
    const __int128 u1 = narrowX_[p1] - narrowX_[q1], u2 = narrowY_[p1] - narrowY_[q1];
    const __int128 v1 = narrowX_[p2] - narrowX_[q2], v2 = narrowY_[p2] - narrowY_[q2];
    return cross ? productDifferenceSign(u1, v2, u2, v1) : productDifferenceSign(u1, v1, -u2, v2);
  }
  const Integer u1 = wideX_[p1] - wideX_[q1], u2 = wideY_[p1] - wideY_[q1];
  const Integer v1 = wideX_[p2] - wideX_[q2], v2 = wideY_[p2] - wideY_[q2];
  const Integer value = cross ? Integer(u1 * v2 - u2 * v1) : Integer(u1 * v1 + u2 * v2);
  return value.sign();
}

int ExactPoints::productSign(int p1, int q1, int p2, int q2, bool cross) {
  if (filter_) {
    // SIGN OF A CROSS OR DOT PRODUCT (error_bounds.h), in this order of operations.
    const double u1 = approxX_[p1] - approxX_[q1], u2 = approxY_[p1] - approxY_[q1];
    const double v1 = approxX_[p2] - approxX_[q2], v2 = approxY_[p2] - approxY_[q2];
    const double value = cross ? u1 * v2 - u2 * v1 : u1 * v1 + u2 * v2;
    if (const int decided = filteredSign(value, productBound_); decided != 0) {
      return decided;
    }
  }
  ++exact_;
  return exactProductSign(p1, q1, p2, q2, cross);
}

int ExactPoints::crossSign(int p1, int q1, int p2, int q2) { return productSign(p1, q1, p2, q2, true); }

int ExactPoints::dotSign(int p1, int q1, int p2, int q2) { return productSign(p1, q1, p2, q2, false); }

__int128 ExactPoints::narrowDifference(int p, int q, int axis) const {
  const SmallVector<__int128>& values = axis == 0 ? narrowX_ : narrowY_;
  return values[p] - values[q];
}

void ExactPoints::integerCoordinate(int p, int axis, Integer& out) const {
  if (narrow_) {
    setInteger(out, (axis == 0 ? narrowX_ : narrowY_)[p]);
  } else {
    out = (axis == 0 ? wideX_ : wideY_)[p];
  }
}

void ExactPoints::integerDifference(int p, int q, int axis, Integer& out) const {
  if (narrow_) {
    const SmallVector<__int128>& values = axis == 0 ? narrowX_ : narrowY_;
    setInteger(out, values[p] - values[q]);
  } else {
    const std::vector<Integer>& values = axis == 0 ? wideX_ : wideY_;
    out = values[p] - values[q];
  }
}

void ExactPoints::rationalDifference(int p, int q, int axis, Rational& out) const {
  if (narrow_) {
    const SmallVector<__int128>& values = axis == 0 ? narrowX_ : narrowY_;
    setDyadic(out, values[p] - values[q], exponent_);
  } else {
    const std::vector<Integer>& values = axis == 0 ? wideX_ : wideY_;
    setDyadic(out, Integer(values[p] - values[q]), exponent_);
  }
}

void ExactPoints::rationalCoordinate(int p, int axis, Rational& out) const {
  if (narrow_) {
    setDyadic(out, (axis == 0 ? narrowX_ : narrowY_)[p], exponent_);
  } else {
    setDyadic(out, (axis == 0 ? wideX_ : wideY_)[p], exponent_);
  }
}

}  // namespace gjk::oracle
