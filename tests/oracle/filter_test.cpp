// The double filter of the fast oracle (oracle/error_bounds.h, oracle/exact_points.h), tested as
// Shewchuk tests predicates.c: inputs randomize the exponent as well as the significand, and are pushed
// toward degeneracy (nearly collinear points, nearly equal coordinates) where a wrong filter would show.
//   - every measured rounding error stays within the derived bound (and the largest one is printed, so
//     the distance between the bound and the practice stays visible);
//   - the filter never decides a sign that the exact integers contradict;
//   - the 128-bit helpers (256-bit products, dyadic rationals) agree with GMP.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "oracle/error_bounds.h"
#include "oracle/exact_arithmetic.h"
#include "oracle/exact_points.h"
#include "oracle/oracle.h"
#include "tests/oracle/case_generator.h"

namespace gjk::oracle {
namespace {

using cases::Generator;

constexpr std::uint64_t SEED = 0x66696c7465723031ULL;  // "filter01"

// A world coordinate's three exact terms from random floats: c*x, -(s*y), p, with exponents drawn from
// [low, high].
TermSum worldTerms(Generator& random, int low, int high) {
  const double c = random.spreadFloat(low, high), x = random.spreadFloat(low, high);
  const double s = random.spreadFloat(low, high), y = random.spreadFloat(low, high);
  const double p = random.chance(80) ? random.spreadFloat(low, high) : 0.0;
  return {{c * x, -(s * y), p}};
}

// A set of points: half of them random, the other half built to be nearly degenerate with earlier
// ones (a float midpoint of two points moved by a few ulps of each term, or a copy with one term
// nudged), so that many exact values are tiny and the filter is tested at its bound.
struct PointSet {
  SmallVector<TermSum> xs, ys;
};

PointSet randomPointSet(Generator& random, int count) {
  PointSet set;
  const int center = random.integer(-140, 120);
  const int spread = random.chance(50) ? random.integer(0, 3) : random.integer(0, 40);
  const int low = std::max(-149, center - spread), high = std::min(127, center + spread);
  for (int i = 0; i < count; ++i) {
    if (i < 2 || random.chance(40)) {
      set.xs.push_back(worldTerms(random, low, high));
      set.ys.push_back(worldTerms(random, low, high));
      continue;
    }
    const std::size_t a = static_cast<std::size_t>(random.integer(0, i - 1));
    const std::size_t b = static_cast<std::size_t>(random.integer(0, i - 1));
    TermSum x, y;
    for (int k = 0; k < 3; ++k) {
      // Midpoints of the terms (exact halving, then one rounding of the sum), nudged by an ulp or two.
      x.t[k] =
          std::nextafter(set.xs[a].t[k] * 0.5 + set.xs[b].t[k] * 0.5, random.chance(50) ? 1e300 : -1e300);
      y.t[k] = set.ys[a].t[k] * 0.5 + set.ys[b].t[k] * 0.5;
      if (random.chance(50)) {
        x.t[k] = set.xs[a].t[k];
        y.t[k] = set.ys[a].t[k];
      }
    }
    set.xs.push_back(x);
    set.ys.push_back(y);
  }
  return set;
}

// Exact: the rational value of a double.
Rational exact(double value) {
  return exactDouble(value);
}

TEST(ErrorBounds, MeasuredErrorsStayWithinTheDerivedBounds) {
  std::printf("[ seed     ] 0x%016llx\n", static_cast<unsigned long long>(SEED));
  Generator random(SEED);
  double worstDifference = 0;  // largest |error| / (eps T~) seen, against DIFFERENCE_SIGN_BOUND / eps
  double worstProduct = 0;     // largest |error| / (eps T~^2), against PRODUCT_SIGN_BOUND / eps
  int checked = 0;
  for (int round = 0; round < 3000; ++round) {
    const PointSet set = randomPointSet(random, 8);
    ExactPoints points(set.xs, set.ys);
    if (!points.filterOn() || points.magnitude() == 0) {
      continue;
    }
    const Rational unit = powerOfTwo(points.exponent());
    const Rational magnitude = exact(points.magnitude());
    for (int trial = 0; trial < 20; ++trial) {
      const int p1 = random.integer(0, 7), q1 = random.integer(0, 7), p2 = random.integer(0, 7),
                q2 = random.integer(0, 7);
      const int axis = random.integer(0, 1);
      // SIGN OF A DIFFERENCE: X~_p - X~_q (before its own rounding) against X_p - X_q.
      Integer difference;
      points.integerDifference(p1, q1, axis, difference);
      const Rational approxDifference =
          exact(points.approximate(p1, axis)) - exact(points.approximate(q1, axis));
      const Rational differenceError = abs(approxDifference - Rational(difference) * unit);
      ASSERT_LE(differenceError, exact(points.differenceBound()));
      worstDifference = std::max(worstDifference, static_cast<double>(differenceError / magnitude) / EPSILON);
      // SIGN OF A CROSS OR DOT PRODUCT, in the filter's order of operations.
      const double u1 = points.approximate(p1, 0) - points.approximate(q1, 0);
      const double u2 = points.approximate(p1, 1) - points.approximate(q1, 1);
      const double v1 = points.approximate(p2, 0) - points.approximate(q2, 0);
      const double v2 = points.approximate(p2, 1) - points.approximate(q2, 1);
      Integer U1, U2, V1, V2;
      points.integerDifference(p1, q1, 0, U1);
      points.integerDifference(p1, q1, 1, U2);
      points.integerDifference(p2, q2, 0, V1);
      points.integerDifference(p2, q2, 1, V2);
      const Rational square = unit * unit;
      const Rational crossError =
          abs(exact(u1 * v2 - u2 * v1) - Rational(Integer(U1 * V2 - U2 * V1)) * square);
      const Rational dotError = abs(exact(u1 * v1 + u2 * v2) - Rational(Integer(U1 * V1 + U2 * V2)) * square);
      ASSERT_LE(crossError, exact(points.productBound()));
      ASSERT_LE(dotError, exact(points.productBound()));
      const Rational worst = crossError > dotError ? crossError : dotError;
      worstProduct = std::max(worstProduct, static_cast<double>(worst / (magnitude * magnitude)) / EPSILON);
      ++checked;
    }
  }
  std::printf(
      "[ bounds   ] %d checks: worst difference error %.3g eps T (bound %.0f), worst product error "
      "%.3g eps T^2 (bound %.0f)\n",
      checked, worstDifference, DIFFERENCE_SIGN_BOUND / EPSILON, worstProduct, PRODUCT_SIGN_BOUND / EPSILON);
  EXPECT_GT(checked, 30000);
}

TEST(ErrorBounds, FilterNeverContradictsTheIntegers) {
  Generator random(SEED ^ 1);
  long decided = 0;
  long closeCalls = 0;  // decided with the computed value within twice the bound
  for (int round = 0; round < 3000; ++round) {
    const PointSet set = randomPointSet(random, 10);
    ExactPoints filtered(set.xs, set.ys, true);
    ExactPoints exactOnly(set.xs, set.ys, false);
    for (int trial = 0; trial < 40; ++trial) {
      const int p1 = random.integer(0, 9), q1 = random.integer(0, 9), p2 = random.integer(0, 9),
                q2 = random.integer(0, 9);
      const int axis = random.integer(0, 1), other = random.integer(0, 1);
      const std::uint64_t before = filtered.filteredCount();
      ASSERT_EQ(filtered.differenceSign(p1, q1, axis), exactOnly.differenceSign(p1, q1, axis));
      ASSERT_EQ(filtered.magnitudeSign(p1, axis, q1, other), exactOnly.magnitudeSign(p1, axis, q1, other));
      ASSERT_EQ(filtered.crossSign(p1, q1, p2, q2), exactOnly.crossSign(p1, q1, p2, q2));
      ASSERT_EQ(filtered.dotSign(p1, q1, p2, q2), exactOnly.dotSign(p1, q1, p2, q2));
      decided += static_cast<long>(filtered.filteredCount() - before);
      const double u1 = filtered.approximate(p1, 0) - filtered.approximate(q1, 0);
      const double u2 = filtered.approximate(p1, 1) - filtered.approximate(q1, 1);
      const double v1 = filtered.approximate(p2, 0) - filtered.approximate(q2, 0);
      const double v2 = filtered.approximate(p2, 1) - filtered.approximate(q2, 1);
      const double cross = std::fabs(u1 * v2 - u2 * v1);
      closeCalls +=
          filtered.filterOn() && cross > filtered.productBound() && cross <= 2 * filtered.productBound();
    }
  }
  std::printf("[ filter   ] %ld signs decided by the filter, %ld of them within twice the bound\n", decided,
              closeCalls);
  EXPECT_GT(decided, 100000);
  EXPECT_GT(closeCalls, 0);  // the test reaches the bound itself
}

TEST(ErrorBounds, FilterIsOffOutsideItsPreconditions) {
  const auto points = [](double x) {
    SmallVector<TermSum> xs{{{1, 0, 0}}, {{x, 0, 0}}};
    SmallVector<TermSum> ys{{{0, 0, 0}}, {{1, 0, 0}}};
    return ExactPoints(xs, ys);
  };
  EXPECT_TRUE(points(0x1p-298).filterOn());                  // the smallest product of two floats
  EXPECT_TRUE(points(0x1p+255).filterOn());                  // the largest
  EXPECT_FALSE(points(0x1p-481).filterOn());                 // k < -480
  EXPECT_FALSE(points(0x1p+480).filterOn());                 // |term| >= 2^480
  EXPECT_FALSE(points(0x1p-1074).filterOn());                // the smallest subnormal double
  EXPECT_TRUE(points(0x1p-100).narrow());                    // 1 and 2^-100: 101 bits
  EXPECT_FALSE(points(0x1p-130).narrow());                   // 131 bits: GMP integers
  EXPECT_EQ(points(0x1p-1074).differenceSign(1, 0, 0), -1);  // and still exact
  EXPECT_THROW(points(std::nan("")), std::invalid_argument);
}

// A random 128-bit integer below 2^bits in magnitude, of random bit length.
__int128 randomInteger(Generator& random, int bits) {
  const int length = random.integer(0, bits);
  unsigned __int128 value = (static_cast<unsigned __int128>(random.bits()) << 64) | random.bits();
  value = length == 0 ? 0 : value >> (128 - length);
  return random.chance(50) ? -static_cast<__int128>(value) : static_cast<__int128>(value);
}

Integer toInteger(__int128 value) {
  Integer result;
  setInteger(result, value);
  return result;
}

TEST(ExactIntegers, ProductsAgreeWithGmp) {
  Generator random(SEED ^ 2);
  for (int trial = 0; trial < 200000; ++trial) {
    const __int128 a = randomInteger(random, 124), b = randomInteger(random, 124);
    const __int128 c = trial % 7 == 0 ? a : randomInteger(random, 124),
                   d = trial % 7 == 0 ? b : randomInteger(random, 124);
    const Integer A = toInteger(a), B = toInteger(b), C = toInteger(c), D = toInteger(d);
    ASSERT_EQ(productDifferenceSign(a, b, c, d), Integer(A * B - C * D).sign());
    Integer sum;
    setProductSum(sum, a, b, c, d);
    ASSERT_EQ(sum, Integer(A * B + C * D));
  }
  // setInteger itself, at the 64-bit boundary.
  EXPECT_EQ(toInteger(static_cast<__int128>(1) << 100), Integer(1) << 100);
  EXPECT_EQ(toInteger(-(static_cast<__int128>(1) << 63)), Integer(-(Integer(1) << 63)));
  EXPECT_EQ(toInteger(-(static_cast<__int128>(1) << 64)), Integer(-(Integer(1) << 64)));
}

TEST(ExactIntegers, DyadicRationalsAreExactAndCanonical) {
  Generator random(SEED ^ 3);
  for (int trial = 0; trial < 100000; ++trial) {
    const __int128 value = randomInteger(random, 124);
    const int exponent = random.integer(-700, 300);
    Rational fromNarrow, fromWide;
    setDyadic(fromNarrow, value, exponent);
    setDyadic(fromWide, toInteger(value), exponent);
    Rational expected(toInteger(value));  // canonical by construction
    expected *= powerOfTwo(exponent);
    // Equal as canonical pairs (numerator and denominator), not only as values.
    ASSERT_EQ(boost::multiprecision::numerator(fromNarrow), boost::multiprecision::numerator(expected));
    ASSERT_EQ(boost::multiprecision::denominator(fromNarrow), boost::multiprecision::denominator(expected));
    ASSERT_EQ(boost::multiprecision::numerator(fromWide), boost::multiprecision::numerator(expected));
    ASSERT_EQ(boost::multiprecision::denominator(fromWide), boost::multiprecision::denominator(expected));
  }
}

}  // namespace
}  // namespace gjk::oracle
