// Decimal strings: exact rationals rounded to a number of significant digits, and the distance.
#include "oracle/high_precision.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <stdexcept>
#include <string>

namespace gjk::oracle {

namespace {

// Exact: 10^exponent by repeated squaring of integers.
Integer powerOfTen(int exponent) {
  Integer result = 1;
  for (Integer base = 10; exponent > 0; exponent >>= 1, base *= base) {
    if (exponent & 1) {
      result *= base;
    }
  }
  return result;
}

// Exact: the sign of p / q - 10^exponent for p, q > 0, by cross-multiplying integers.
int compareWithPowerOfTen(const Integer& p, const Integer& q, int exponent) {
  const Integer left = exponent >= 0 ? p : Integer(p * powerOfTen(-exponent));
  const Integer right = exponent >= 0 ? Integer(q * powerOfTen(exponent)) : q;
  return left < right ? -1 : (left > right ? 1 : 0);
}

// The digits of a significand truncated to its digit count `digits`, rounded to nearest with ties to
// even. `half` is the sign of (value - truncated - 1/2) in units of the last digit, and `exact` says
// that the value is the truncated significand itself: only then are trailing zeros dropped. Rounding up
// to 10^digits carries into the decimal exponent. Exact: integer arithmetic on the caller's decisions.
std::string roundedDigits(Integer significand, int half, bool exact, int digits, int& exponent) {
  if (half > 0 || (half == 0 && (significand & 1) != 0)) {
    ++significand;
  }
  if (significand == powerOfTen(digits)) {  // rounded up to the next power of ten
    significand = powerOfTen(digits - 1);
    ++exponent;
  }
  std::string text = significand.str();
  while (exact && text.size() > 1 && text.back() == '0') {
    text.pop_back();
  }
  return text;
}

// Plain notation for 1e-6 <= |x| < 1e21 when every printed digit is significant, scientific otherwise.
std::string layout(const std::string& digits, int exponent, int significantDigits) {
  std::string text;
  if (exponent < -6 || exponent >= std::min(significantDigits, 21)) {
    text.push_back(digits[0]);
    if (digits.size() > 1) {
      text.push_back('.');
      text.append(digits, 1, std::string::npos);
    }
    text.append(exponent < 0 ? "e-" : "e+");
    text.append(std::to_string(std::abs(exponent)));
    return text;
  }
  if (exponent < 0) {
    text.append("0.");
    text.append(static_cast<std::size_t>(-exponent - 1), '0');
    text.append(digits);
    return text;
  }
  const std::size_t integerDigits = static_cast<std::size_t>(exponent) + 1;
  text.append(digits, 0, integerDigits);
  if (digits.size() < integerDigits) {
    text.append(integerDigits - digits.size(), '0');
  } else if (digits.size() > integerDigits) {
    text.push_back('.');
    text.append(digits, integerDigits, std::string::npos);
  }
  return text;
}

}  // namespace

std::string decimalString(const Rational& value, int significantDigits) {
  // Exact and correctly rounded: the decimal exponent is found by exact integer comparisons, the
  // significand is the integer quotient of the rational scaled by a power of ten, rounded to nearest
  // with ties to even from the exact remainder. When the decimal is the rational itself its trailing
  // zeros are dropped ("0.5", not "0.5000..."); a rounded decimal keeps all its digits, zeros included,
  // so the count of significant digits stays visible. Numbers outside [1e-6, 1e21) (and integers with
  // more digits than asked for) use scientific notation: "1.5e-90", "1.7014e+38".
  if (significantDigits < 1) {
    throw std::invalid_argument("oracle: decimalString needs at least one significant digit");
  }
  if (value == 0) {
    return "0";
  }
  const Integer p = abs(boost::multiprecision::numerator(value));
  const Integer q = boost::multiprecision::denominator(value);

  // 10^exponent <= p / q < 10^(exponent + 1). The bit lengths give it to within one; then exact fixes.
  const long long bitDifference = static_cast<long long>(msb(p)) - static_cast<long long>(msb(q));
  int exponent = static_cast<int>(std::floor(static_cast<double>(bitDifference) * 0.30102999566398120));
  while (compareWithPowerOfTen(p, q, exponent) < 0) {
    --exponent;
  }
  while (compareWithPowerOfTen(p, q, exponent + 1) >= 0) {
    ++exponent;
  }

  // significand = round(p / q * 10^(digits - 1 - exponent)), an integer with `digits` digits.
  const int shift = significantDigits - 1 - exponent;
  const Integer numerator = shift >= 0 ? Integer(p * powerOfTen(shift)) : p;
  const Integer denominator = shift >= 0 ? q : Integer(q * powerOfTen(-shift));
  const Integer significand = numerator / denominator;
  const Integer twiceRemainder = 2 * (numerator - significand * denominator);
  const int half = twiceRemainder > denominator ? 1 : (twiceRemainder < denominator ? -1 : 0);
  const std::string digits = roundedDigits(significand, half, twiceRemainder == 0, significantDigits, exponent);
  std::string text = value < 0 ? "-" : "";
  text.append(layout(digits, exponent, significantDigits));
  return text;
}

// Exact: the sign of (sqrt(q) - r) - t for rationals q >= 0, r >= 0, t >= 0. Since t + r >= 0,
// sqrt(q) >= t + r exactly when q >= (t + r)^2, an integer-backed rational comparison.
static int compareDistanceWith(const Rational& q, const Rational& r, const Rational& t) {
  const Rational bound = (t + r) * (t + r);
  return q < bound ? -1 : (q > bound ? 1 : 0);
}

std::string positiveDecimal(const std::function<int(const Rational&)>& compare, mpf_srcptr proposal,
                            int significantDigits) {
  // Exact and correctly rounded: the proposal only gives a starting decimal exponent and significand;
  // every decision (the exponent, each digit, the rounding direction, whether the decimal is the value
  // itself) is an exact comparison of the value with a rational t through `compare`.
  const int digits = significantDigits;
  auto powerOfTenRational = [](int exponent) {
    return exponent >= 0 ? Rational(powerOfTen(exponent)) : Rational(Integer(1), powerOfTen(-exponent));
  };
  long binaryExponent = 0;
  mpf_get_d_2exp(&binaryExponent, proposal);
  int exponent = static_cast<int>(std::floor(static_cast<double>(binaryExponent - 1) * 0.30102999566398120));
  // Exact: 10^exponent <= V < 10^(exponent + 1).
  while (compare(powerOfTenRational(exponent)) < 0) {
    --exponent;
  }
  while (compare(powerOfTenRational(exponent + 1)) >= 0) {
    ++exponent;
  }
  // Proposed significand floor(V * 10^shift), then exact: unit*m <= V < unit*(m + 1).
  const int shift = digits - 1 - exponent;
  const Rational unit = powerOfTenRational(-shift);
  Rational approximate;
  mpq_set_f(approximate.backend().data(), proposal);
  approximate *= powerOfTenRational(shift);
  Integer significand = boost::multiprecision::numerator(approximate) / boost::multiprecision::denominator(approximate);
  while (significand > 0 && compare(Rational(significand) * unit) < 0) {
    --significand;
  }
  while (compare(Rational(significand + 1) * unit) >= 0) {
    ++significand;
  }
  const int half = compare((Rational(significand) + Rational(1, 2)) * unit);
  const bool exact = compare(Rational(significand) * unit) == 0;
  const std::string text = roundedDigits(significand, half, exact, digits, exponent);
  return layout(text, exponent, digits);
}

std::string distanceDecimal(const ExactAnswer& answer, int significantDigits) {
  // Exact and correctly rounded, although the distance D = d0 - r is irrational in general: the
  // high-precision value only proposes the decimal exponent and the significand, and every decision
  // (the exponent, each digit, the rounding direction, whether the decimal is D itself) is then made by
  // exact comparisons of D with rationals t, via D >= t <=> d0^2 >= (t + r)^2 (compareDistanceWith).
  // Rounding is to nearest, ties to even (a tie needs a rational D). Fewer than 30 digits are raised to
  // 30 (docs/case-format.md). Layout as decimalString.
  const int digits = std::max(significantDigits, 30);
  if (answer.relation != Relation::Separated) {
    return "0";
  }
  const Rational& q = answer.coreDistanceSquared;
  const Rational& r = answer.radius;
  // Proposal from high precision; D > 0 here (separated: d0 > r).
  mpf_t high;
  mpf_init2(high, static_cast<mp_bitcnt_t>(digits * 3.3219280948873623) + 64);
  distanceBeyondRadius(high, q, r);
  std::string text =
      positiveDecimal([&](const Rational& t) { return compareDistanceWith(q, r, t); }, high, digits);
  mpf_clear(high);
  return text;
}

}  // namespace gjk::oracle
