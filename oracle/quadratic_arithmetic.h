// Internal to oracle/: exact arithmetic on QuadraticNumber (cast.h), for the two cast methods and the
// contact point. Sums and products are formed only between numbers with the same radicand (or a rational),
// which is all the cast needs: every quantity at t* is a polynomial in that one t*.
#pragma once

#include "oracle/cast.h"

namespace gjk::oracle {

// Exact: the sign of a + b sqrt(c) (c >= 0): from the signs of a and b, and when they differ, the sign of
// a^2 - b^2 c.
int signOfRootSum(const Integer& a, const Integer& b, const Integer& c);

// Exact: the sign of the number.
int quadraticSign(const QuadraticNumber& x);

// Exact: (a + b sqrt(radicand)) / e for rationals a, b, e (e != 0) and a rational radicand >= 0, written
// with integers (sqrt(p/q) = sqrt(p q) / q). std::invalid_argument for e = 0 or a negative radicand.
QuadraticNumber quadraticFromParts(const Rational& a, const Rational& b, const Rational& radicand, const Rational& e);

// Whether the number has no square root part (b = 0 or c = 0); then rationalPart is its value.
bool isRationalForm(const QuadraticNumber& x);
Rational rationalPart(const QuadraticNumber& x);  // a / e; the value when isRationalForm

// Exact, for numbers whose radicands agree or one of which is rational (std::invalid_argument otherwise).
QuadraticNumber quadraticAdd(const QuadraticNumber& x, const QuadraticNumber& y);
QuadraticNumber quadraticSubtract(const QuadraticNumber& x, const QuadraticNumber& y);
QuadraticNumber quadraticMultiply(const QuadraticNumber& x, const QuadraticNumber& y);
QuadraticNumber quadraticScale(const QuadraticNumber& x, const Rational& factor);
QuadraticNumber quadraticNegate(const QuadraticNumber& x);

}  // namespace gjk::oracle
