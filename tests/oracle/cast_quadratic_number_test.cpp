// QuadraticNumber (oracle/cast.h): exact comparison of numbers written differently, against rationals and
// against high-precision values, and correctly rounded decimals. Every expected value is worked out in
// the comments (or by an independent decimal computation, named where used).
#include <gtest/gtest.h>

#include <stdexcept>

#include "oracle/cast.h"

namespace gjk::oracle {
namespace {

QuadraticNumber number(long a, long b, long c, long e) {
  QuadraticNumber x;
  x.a = a;
  x.b = b;
  x.c = c;
  x.e = e;
  return x;
}

TEST(CastQuadraticNumber, equalNumbersWrittenDifferentlyCompareEqual) {
  // (2 + sqrt(8)) / 2 = (2 + 2 sqrt(2)) / 2 = 1 + sqrt(2).
  EXPECT_EQ(compareQuadratic(number(2, 1, 8, 2), number(1, 1, 2, 1)), 0);
  // sqrt(12) / 2 = 2 sqrt(3) / 2 = sqrt(3): two different radicands, one value.
  EXPECT_EQ(compareQuadratic(number(0, 1, 12, 2), number(0, 1, 3, 1)), 0);
  // sqrt(4) = 2: a perfect-square radicand is a rational.
  EXPECT_EQ(compareQuadratic(number(0, 1, 4, 1), Rational(2)), 0);
  // b = 0 or c = 0: the rational a / e whatever the other field says.
  EXPECT_EQ(compareQuadratic(number(3, 0, 7, 6), Rational(1, 2)), 0);
  EXPECT_EQ(compareQuadratic(number(3, 5, 0, 6), Rational(1, 2)), 0);
  EXPECT_EQ(compareQuadratic(quadraticFromRational(Rational(-7, 3)), Rational(-7, 3)), 0);
}

TEST(CastQuadraticNumber, ordersCloseNumbersExactly) {
  // sqrt(2) = 1.41421356237309504880168872420969807...: between the two 18-decimal truncations.
  const QuadraticNumber root2 = number(0, 1, 2, 1);
  EXPECT_GT(compareQuadratic(root2, Rational(Integer("1414213562373095048"), Integer("1000000000000000000"))), 0);
  EXPECT_LT(compareQuadratic(root2, Rational(Integer("1414213562373095049"), Integer("1000000000000000000"))), 0);
  // 1 + sqrt(2) = 2.41421... < sqrt(6) = 2.44948...; both with roots, different radicands.
  EXPECT_LT(compareQuadratic(number(1, 1, 2, 1), number(0, 1, 6, 1)), 0);
  EXPECT_GT(compareQuadratic(number(0, 1, 6, 1), number(1, 1, 2, 1)), 0);
  // sqrt(N^2 + 1) = N + 1/(2N) - 1/(8N^3) + ... with N = 10^10: just below N + 1/(2N), above N.
  const Integer n("10000000000");
  QuadraticNumber near;
  near.b = 1;
  near.c = n * n + 1;
  EXPECT_LT(compareQuadratic(near, Rational(n) + Rational(Integer(1), 2 * n)), 0);
  EXPECT_GT(compareQuadratic(near, Rational(n) + Rational(Integer(1), 2 * n) - Rational(Integer(1), 4 * n * n * n)),
            0);
  // Opposite signs of the two parts: 3 - sqrt(8) = 0.17157... > 0, 2 - sqrt(8) < 0, -3 + sqrt(9) = 0.
  EXPECT_GT(compareQuadratic(number(3, -1, 8, 1), Rational(0)), 0);
  EXPECT_LT(compareQuadratic(number(2, -1, 8, 1), Rational(0)), 0);
  EXPECT_EQ(compareQuadratic(number(-3, 1, 9, 1), Rational(0)), 0);
}

TEST(CastQuadraticNumber, rejectsMalformedNumbers) {
  EXPECT_THROW(compareQuadratic(number(1, 1, 2, 0), Rational(0)), std::invalid_argument);
  EXPECT_THROW(compareQuadratic(number(1, 1, -2, 1), Rational(0)), std::invalid_argument);
}

TEST(CastQuadraticNumber, highPrecisionValueMatchesAnIndependentSquareRoot) {
  const HighPrecision root2 = toHighPrecision(number(0, 1, 2, 1));
  EXPECT_LT(abs(root2 - sqrt(HighPrecision(2))), HighPrecision("1e-95"));
  // 10^20 - sqrt(10^40 - 1) = 1 / (10^20 + sqrt(10^40 - 1)), about 5e-21: the two terms cancel in 20
  // digits, which the rewriting as a quotient does not lose.
  QuadraticNumber cancelling;
  cancelling.a = Integer("100000000000000000000");
  cancelling.b = -1;
  cancelling.c = Integer("10000000000000000000000000000000000000000") - 1;
  const HighPrecision expected =
      HighPrecision(1) / (HighPrecision("1e20") + sqrt(HighPrecision("1e40") - HighPrecision(1)));
  EXPECT_LT(abs(toHighPrecision(cancelling) / expected - 1), HighPrecision("1e-90"));
}

TEST(CastQuadraticNumber, decimalIsCorrectlyRounded) {
  // sqrt(2) = 1.414213562373095048801688724209698...: 30 digits round the ...2420|97 up to ...2421.
  EXPECT_EQ(quadraticDecimal(number(0, 1, 2, 1), 30), "1.41421356237309504880168872421");
  EXPECT_EQ(quadraticDecimal(number(0, -1, 2, 1), 30), "-1.41421356237309504880168872421");
  EXPECT_EQ(quadraticDecimal(quadraticFromRational(Rational(1, 5))), "0.2");
  EXPECT_EQ(quadraticDecimal(number(0, 0, 0, 3)), "0");
  // (16 - sqrt(26)) / 20 = 0.545049024320360758498588794548860900... (Python's decimal module, 60 digits).
  EXPECT_EQ(quadraticDecimal(number(16, -1, 26, 20), 30), "0.545049024320360758498588794549");
}

}  // namespace
}  // namespace gjk::oracle
