// The distance decimal is exact and correctly rounded even though the distance is irrational: each digit
// is decided by exact comparisons, so values next to a rounding boundary and exact ties come out right.
#include <gtest/gtest.h>

#include "oracle/oracle.h"

namespace {

using gjk::oracle::ExactAnswer;
using gjk::oracle::Rational;
using gjk::oracle::Relation;

ExactAnswer separatedAt(const Rational& coreDistanceSquared, const Rational& radius) {
  ExactAnswer answer;
  answer.relation = Relation::Separated;
  answer.coreDistanceSquared = coreDistanceSquared;
  answer.radius = radius;
  return answer;
}

TEST(DistanceDecimal, squareRootOfTwoToFortyDigits) {
  // sqrt(2) = 1.41421356237309504880168872420969807856967..., rounded to 40 significant digits.
  EXPECT_EQ(gjk::oracle::distanceDecimal(separatedAt(2, 0), 40), "1.414213562373095048801688724209698078570");
}

TEST(DistanceDecimal, squareRootOfAThirdMinusNothing) {
  EXPECT_EQ(gjk::oracle::distanceDecimal(separatedAt(Rational(1, 3), 0), 40),
            "0.5773502691896257645091487805019574556476");
}

TEST(DistanceDecimal, exactTieAfterSubtractingTheRadiusRoundsToEven) {
  // d0 = 3 + 5e-30, r = 2: D = 1.000...0005 with the 5 in the 31st significant digit, an exact tie at
  // 30 digits; ties to even keep the significand 1000...0.
  Rational d0 = Rational(3) + Rational(5, boost::multiprecision::pow(gjk::oracle::Integer(10), 30));
  EXPECT_EQ(gjk::oracle::distanceDecimal(separatedAt(d0 * d0, 2), 30), "1.00000000000000000000000000000");
  // One part in 10^60 above the tie rounds up.
  Rational above = d0 + Rational(1, boost::multiprecision::pow(gjk::oracle::Integer(10), 60));
  EXPECT_EQ(gjk::oracle::distanceDecimal(separatedAt(above * above, 2), 30), "1.00000000000000000000000000001");
}

TEST(DistanceDecimal, justAboveATieBeyondHighPrecisionRoundsUp) {
  // D = 1 + 5e-30 + 1e-150: 120 digits beyond the tie, far past the ~100 digits of HighPrecision, which
  // sees an exact tie and would round to even (down). The exact comparisons see D above the tie.
  gjk::oracle::Integer ten(10);
  Rational d0 = Rational(3) + Rational(5, boost::multiprecision::pow(ten, 30)) +
                Rational(1, boost::multiprecision::pow(ten, 150));
  EXPECT_EQ(gjk::oracle::distanceDecimal(separatedAt(d0 * d0, 2), 30), "1.00000000000000000000000000001");
  Rational below = d0 - Rational(2, boost::multiprecision::pow(ten, 150));
  EXPECT_EQ(gjk::oracle::distanceDecimal(separatedAt(below * below, 2), 30), "1.00000000000000000000000000000");
}

TEST(DistanceDecimal, exactDistanceDropsTrailingZeros) {
  EXPECT_EQ(gjk::oracle::distanceDecimal(separatedAt(Rational(25, 4), Rational(1, 2)), 40), "2");
  EXPECT_EQ(gjk::oracle::distanceDecimal(separatedAt(Rational(1, 1 << 20), 0), 40), "0.0009765625");
}

TEST(DistanceDecimal, tinyAndHugeDistancesUseScientificNotation) {
  gjk::oracle::Integer two(2);
  Rational tiny(1, boost::multiprecision::pow(two, 400));  // d0 = 2^-200
  EXPECT_EQ(gjk::oracle::distanceDecimal(separatedAt(tiny, 0), 30).substr(0, 12), "6.2230152778");
  EXPECT_NE(gjk::oracle::distanceDecimal(separatedAt(tiny, 0), 30).find("e-61"), std::string::npos);
}

TEST(ExactDouble, rejectsValuesThatAreNotFinite) {
  EXPECT_THROW(gjk::oracle::exactDouble(std::nan("")), std::invalid_argument);
  EXPECT_THROW(gjk::oracle::exactDouble(-INFINITY), std::invalid_argument);
  EXPECT_EQ(gjk::oracle::exactDouble(0.375), Rational(3, 8));
}

}  // namespace
