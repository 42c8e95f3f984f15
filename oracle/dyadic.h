// Internal to oracle/: a finite double (or float) as m * 2^e, exactly. The one place the oracle takes
// a floating-point number apart; every exact conversion of an input or a reported number starts here
// (exact_arithmetic.cpp, exact_points.cpp, fast_solve.cpp, lazy_units.cpp).
//
// Exact, for every finite double, subnormals included: an IEEE double is (-1)^sign * M * 2^(field - 1075)
// with M = 2^52 + fraction bits for a normal number (field in [1, 2046]) and M = fraction bits, exponent
// -1074, for a subnormal or zero (field 0). Reading the fields loses nothing, and moving the trailing
// zero bits of M into the exponent is a shift of an integer. The result is unique (m odd, or m = 0 and
// e = 0), so two equal doubles split alike, -0 and +0 included.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <stdexcept>

namespace gjk::oracle {

// A dyadic rational mantissa * 2^exponent: every finite double is one with |mantissa| < 2^53, every
// finite float one with |mantissa| < 2^24 (a float widens to a double without rounding).
struct Dyadic {
  long long mantissa = 0;  // odd, or 0 for the value 0 (either sign of zero)
  int exponent = 0;        // 0 when mantissa is 0; in [-1074, 1023] otherwise
};

// Exact (see the file comment). Throws std::invalid_argument for nan and inf, which have no exact value.
inline Dyadic splitDouble(double value) {
  if (!std::isfinite(value)) {
    throw std::invalid_argument("oracle: a non-finite number has no exact value");
  }
  const std::uint64_t bits = std::bit_cast<std::uint64_t>(value);
  const int field = static_cast<int>((bits >> 52) & 0x7ff);
  std::uint64_t magnitude = bits & ((std::uint64_t{1} << 52) - 1);
  int exponent = -1074;
  if (field != 0) {
    magnitude |= std::uint64_t{1} << 52;  // the hidden bit of a normal number
    exponent = field - 1075;
  }
  if (magnitude == 0) {
    return {};  // both zeros are the rational 0
  }
  const int zeros = std::countr_zero(magnitude);
  magnitude >>= zeros;  // odd now; below 2^53
  const long long mantissa = static_cast<long long>(magnitude);
  return {(bits >> 63) != 0 ? -mantissa : mantissa, exponent + zeros};
}

// Exact: a float widens to a double without rounding; |mantissa| < 2^24 and exponent in [-149, 127].
inline Dyadic splitFloat(float value) {
  return splitDouble(value);
}

}  // namespace gjk::oracle
