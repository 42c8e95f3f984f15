// Numbers (a + b sqrt(c)) / e: exact comparison, exact arithmetic between numbers of one radicand, high
// precision values and correctly rounded decimals (cast.h, quadratic_arithmetic.h).
#include <algorithm>
#include <stdexcept>
#include <string>

#include "oracle/high_precision.h"
#include "oracle/quadratic_arithmetic.h"

namespace gjk::oracle {

namespace {

int signOf(const Integer& value) { return value.sign() < 0 ? -1 : (value.sign() > 0 ? 1 : 0); }

void checkWellFormed(const QuadraticNumber& x) {
  if (x.e.sign() <= 0 || x.c.sign() < 0) {
    throw std::invalid_argument("oracle: a QuadraticNumber needs e > 0 and c >= 0");
  }
}

// The radicand that matters: 0 for a rational form.
const Integer& rootOf(const QuadraticNumber& x) {
  static const Integer ZERO = 0;
  return isRationalForm(x) ? ZERO : x.c;
}

// Exact: the sign of A + B sqrt(p) + C sqrt(q) (p, q >= 0). With s1 the sign of A + B sqrt(p) and s2 the
// sign of C sqrt(q): equal signs (or a zero) decide; otherwise the larger magnitude does, and
// (A + B sqrt(p))^2 - C^2 q = (A^2 + B^2 p - C^2 q) + 2 A B sqrt(p) is one more signOfRootSum.
int signOfTwoRoots(const Integer& A, const Integer& B, const Integer& p, const Integer& C, const Integer& q) {
  if (p == q) {
    return signOfRootSum(A, Integer(B + C), p);
  }
  const int first = signOfRootSum(A, B, p);
  const int second = q.sign() == 0 ? 0 : signOf(C);
  if (second == 0) return first;
  if (first == 0) return second;
  if (first == second) return first;
  const Integer rational = A * A + B * B * p - C * C * q;
  const int larger = signOfRootSum(rational, Integer(2 * A * B), p);
  return larger > 0 ? first : (larger < 0 ? second : 0);
}

}  // namespace

int signOfRootSum(const Integer& a, const Integer& b, const Integer& c) {
  const int sa = signOf(a);
  const int sb = c.sign() == 0 ? 0 : signOf(b);
  if (sb == 0) return sa;
  if (sa == 0 || sa == sb) return sb;
  // Opposite signs: |a| against |b| sqrt(c), both >= 0, compared by their squares.
  const Integer difference = a * a - b * b * c;
  return difference.sign() > 0 ? sa : (difference.sign() < 0 ? sb : 0);
}

int quadraticSign(const QuadraticNumber& x) {
  checkWellFormed(x);
  return signOfRootSum(x.a, x.b, x.c);  // e > 0
}

bool isRationalForm(const QuadraticNumber& x) { return x.b.sign() == 0 || x.c.sign() == 0; }

Rational rationalPart(const QuadraticNumber& x) { return Rational(x.a, x.e); }

QuadraticNumber quadraticFromRational(const Rational& value) {
  QuadraticNumber result;
  result.a = boost::multiprecision::numerator(value);
  result.e = boost::multiprecision::denominator(value);  // > 0 for a canonical rational
  return result;
}

QuadraticNumber quadraticFromParts(const Rational& a, const Rational& b, const Rational& radicand,
                                   const Rational& e) {
  if (e == 0 || radicand < 0) {
    throw std::invalid_argument("oracle: quadraticFromParts needs e != 0 and a radicand >= 0");
  }
  using boost::multiprecision::denominator;
  using boost::multiprecision::numerator;
  // b sqrt(p/q) = (b / q) sqrt(p q): an integer radicand.
  const Integer c = numerator(radicand) * denominator(radicand);
  const Rational bScaled = b / Rational(denominator(radicand));
  // (a + b' sqrt(c)) / e with a = an/ad, b' = bn/bd, e = en/ed: multiply through by D = lcm(ad, bd) and ed.
  const Integer D = boost::multiprecision::lcm(denominator(a), denominator(bScaled));
  QuadraticNumber result;
  result.a = numerator(a) * (D / denominator(a)) * denominator(e);
  result.b = c.sign() == 0 ? Integer(0) : Integer(numerator(bScaled) * (D / denominator(bScaled)) * denominator(e));
  result.c = result.b.sign() == 0 ? Integer(0) : c;
  result.e = D * numerator(e);
  if (result.e.sign() < 0) {
    result.a = -result.a;
    result.b = -result.b;
    result.e = -result.e;
  }
  return result;
}

int compareQuadratic(const QuadraticNumber& x, const QuadraticNumber& y) {
  checkWellFormed(x);
  checkWellFormed(y);
  // Exact: e_x e_y (x - y) = (a_x e_y - a_y e_x) + b_x e_y sqrt(c_x) - b_y e_x sqrt(c_y), e_x e_y > 0.
  const Integer A = x.a * y.e - y.a * x.e;
  return signOfTwoRoots(A, Integer(x.b * y.e), rootOf(x), Integer(-(y.b * x.e)), rootOf(y));
}

int compareQuadratic(const QuadraticNumber& x, const Rational& y) {
  return compareQuadratic(x, quadraticFromRational(y));
}

namespace {

// The shared radicand of two numbers to be added or multiplied (0 when both are rational forms).
Integer commonRoot(const QuadraticNumber& x, const QuadraticNumber& y) {
  const Integer& rx = rootOf(x);
  const Integer& ry = rootOf(y);
  if (rx.sign() != 0 && ry.sign() != 0 && rx != ry) {
    throw std::invalid_argument("oracle: QuadraticNumber arithmetic between different radicands");
  }
  return rx.sign() != 0 ? rx : ry;
}

// An operand written over the common radicand (a rational form keeps b = c = 0).
QuadraticNumber withRoot(QuadraticNumber x, const Integer& root) {
  if (isRationalForm(x)) {
    x.b = 0;
  }
  x.c = x.b.sign() == 0 ? Integer(0) : root;
  return x;
}

// A result whose b is over the radicand root: b = c = 0 when either vanishes.
QuadraticNumber overRoot(QuadraticNumber x, const Integer& root) {
  if (x.b.sign() == 0 || root.sign() == 0) {
    x.b = 0;
    x.c = 0;
  } else {
    x.c = root;
  }
  return x;
}

}  // namespace

QuadraticNumber quadraticAdd(const QuadraticNumber& x, const QuadraticNumber& y) {
  const Integer root = commonRoot(x, y);
  const QuadraticNumber u = withRoot(x, root), v = withRoot(y, root);
  QuadraticNumber result;
  result.a = u.a * v.e + v.a * u.e;
  result.b = u.b * v.e + v.b * u.e;
  result.e = u.e * v.e;
  return overRoot(result, root);
}

QuadraticNumber quadraticNegate(const QuadraticNumber& x) {
  QuadraticNumber result = x;
  result.a = -x.a;
  result.b = -x.b;
  return result;
}

QuadraticNumber quadraticSubtract(const QuadraticNumber& x, const QuadraticNumber& y) {
  return quadraticAdd(x, quadraticNegate(y));
}

QuadraticNumber quadraticMultiply(const QuadraticNumber& x, const QuadraticNumber& y) {
  const Integer root = commonRoot(x, y);
  const QuadraticNumber u = withRoot(x, root), v = withRoot(y, root);
  // (a1 + b1 r)(a2 + b2 r) = a1 a2 + b1 b2 r^2 + (a1 b2 + a2 b1) r with r^2 = root.
  QuadraticNumber result;
  result.a = u.a * v.a + u.b * v.b * root;
  result.b = u.a * v.b + v.a * u.b;
  result.e = u.e * v.e;
  return overRoot(result, root);
}

QuadraticNumber quadraticScale(const QuadraticNumber& x, const Rational& factor) {
  return quadraticMultiply(x, quadraticFromRational(factor));
}

HighPrecision toHighPrecision(const QuadraticNumber& value) {
  checkWellFormed(value);
  // Each integer is rounded once to HighPrecision (mpf_set_z), then a few correctly rounded GMP operations.
  HighPrecision result, e;
  mpf_set_z(e.backend().data(), value.e.backend().data());
  if (isRationalForm(value)) {
    mpf_set_z(result.backend().data(), value.a.backend().data());
    mpf_div(result.backend().data(), result.backend().data(), e.backend().data());
    return result;
  }
  HighPrecision a, term;
  mpf_set_z(a.backend().data(), value.a.backend().data());
  mpf_set_z(term.backend().data(), value.c.backend().data());
  mpf_sqrt(term.backend().data(), term.backend().data());
  term *= HighPrecision(value.b);
  if (value.a.sign() == 0 || value.a.sign() == value.b.sign()) {
    result = (a + term) / e;  // terms of one sign: no cancellation
  } else {
    // a + b sqrt(c) = (a^2 - b^2 c) / (a - b sqrt(c)): an exact integer over a sum of terms of one sign.
    const Integer numerator = value.a * value.a - value.b * value.b * value.c;
    result = HighPrecision(numerator) / ((a - term) * e);
  }
  return result;
}

std::string quadraticDecimal(const QuadraticNumber& value, int significantDigits) {
  const int digits = std::max(significantDigits, 30);
  const int sign = quadraticSign(value);
  if (sign == 0) {
    return "0";
  }
  const QuadraticNumber magnitude = sign > 0 ? value : quadraticNegate(value);
  const HighPrecision proposal = toHighPrecision(magnitude);
  const std::string text = positiveDecimal(
      [&](const Rational& t) { return compareQuadratic(magnitude, t); }, proposal.backend().data(), digits);
  return sign > 0 ? text : "-" + text;
}

}  // namespace gjk::oracle
