// Internal to oracle/: the few irrational values (square roots), in GMP floating point.
#pragma once

#include "oracle/oracle.h"

#include <gmp.h>

#include <functional>
#include <string>

namespace gjk::oracle {

// High precision: max(0, sqrt(squaredDistance) - radius) into result, at result's precision.
// squaredDistance - radius^2 is formed exactly in rationals and only then rounded, and the subtraction
// d - r is rewritten as (d^2 - r^2) / (d + r), a quotient of two positive numbers, so no cancellation
// loses digits: the relative error is a few units in the last bit of result's precision. Exactly 0
// when squaredDistance <= radius^2 (decided on exact rationals). radius must be >= 0.
void distanceBeyondRadius(mpf_t result, const Rational& squaredDistance, const Rational& radius);

// Exact and correctly rounded (to nearest, ties to even): a positive real V as a decimal string with
// `significantDigits` digits, laid out as decimalString. `compare(t)` is the exact sign of V - t for a
// rational t >= 0; `proposal` is a high-precision approximation of V that only proposes where to start:
// every digit is decided by compare. distanceDecimal and the penetration decimals use it.
std::string positiveDecimal(const std::function<int(const Rational&)>& compare, mpf_srcptr proposal,
                            int significantDigits);

// Exact and correctly rounded: value / sqrt(lengthSquared), one component of a unit vector v / |v| in any
// dimension (value = v_k, lengthSquared = |v|^2 > 0), as a decimal laid out as decimalString.
std::string unitRatioDecimal(const Rational& value, const Rational& lengthSquared, int significantDigits);

}  // namespace gjk::oracle
