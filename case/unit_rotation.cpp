// The unit-rotation rule: the exact test and float normalization (case/unit_rotation.h).
//
// Exactness of isUnitRotation: a finite float x is M * 2^E with M an integer, |M| < 2^24, and
// E >= -149 - 23 (frexp gives x = f 2^e, f in [0.5, 1); M = f 2^24 is an integer for every float, normal or
// subnormal). Pairs with |c| > 2 or |s| > 2 fail at once (c^2 > 4). Otherwise E <= 2 - 24 + 1 and c^2 =
// M^2 2^(2E) with 2E >= -344, so 2^344 (c^2 + s^2 - 1) is an integer of at most about 350 bits, formed and
// compared with 2^(344 - 20) in boost::multiprecision::cpp_int without any rounding.
#include "case/unit_rotation.h"

#include <boost/multiprecision/cpp_int.hpp>
#include <cmath>
#include <cstdint>

namespace gjk::check {
namespace {

using BigInt = boost::multiprecision::cpp_int;

// Every exponent of c^2, s^2 is >= -SCALE, so 2^SCALE c^2 is an integer.
constexpr int SCALE = 344;

// 2^SCALE * x^2 for a finite float x with |x| <= 2, exactly.
BigInt scaledSquare(float x) {
  if (x == 0) {
    return 0;
  }
  int exponent = 0;
  const float fraction = std::frexp(x, &exponent);  // x = fraction 2^exponent, exact
  // fraction * 2^24 is exact (a power-of-two scaling of a float in [0.5, 1)) and an integer.
  const auto significand = static_cast<std::int64_t>(std::ldexp(static_cast<double>(fraction), 24));
  const int power = 2 * (exponent - 24) + SCALE;  // >= 0 for every float
  BigInt square = BigInt(significand) * significand;
  return square << power;
}

// 2^SCALE (c^2 + s^2 - 1), exactly; only for |c|, |s| <= 2.
BigInt scaledDefect(float c, float s) {
  return scaledSquare(c) + scaledSquare(s) - (BigInt(1) << SCALE);
}

bool inRange(float c, float s) {
  return std::isfinite(c) && std::isfinite(s) && std::fabs(c) <= 2 && std::fabs(s) <= 2;
}

}  // namespace

bool isUnitRotation(float c, float s) {
  if (!inRange(c, s)) {
    return false;
  }
  const BigInt defect = scaledDefect(c, s);
  const BigInt tolerance = BigInt(1) << (SCALE - 20);
  return defect <= tolerance && -defect <= tolerance;
}

double unitRotationDefect(float c, float s) {
  if (!std::isfinite(c) || !std::isfinite(s)) {
    return NAN;
  }
  if (!inRange(c, s)) {
    // Outside [-2, 2] the defect is above 3; double arithmetic gives it to a relative 2^-52, enough for a
    // message (and exact rounding would need far larger integers for nothing).
    return static_cast<double>(c) * c + static_cast<double>(s) * s - 1.0;
  }
  // The conversion of the exact integer to double rounds once (to nearest); the scaling back is exact.
  return std::ldexp(scaledDefect(c, s).convert_to<double>(), -SCALE);
}

UnitRotation normalizedRotation(float x, float y) {
  if (!std::isfinite(x) || !std::isfinite(y) || (x == 0 && y == 0)) {
    return {};
  }
  int exponent = 0;
  std::frexp(std::fmax(std::fabs(x), std::fabs(y)), &exponent);  // max in [2^(exponent-1), 2^exponent)
  // Exact scalings by a power of two, except that a component far below the larger one may lose bits or
  // flush to zero; the pair then still has the direction of the larger component to within 2^-24.
  const float sx = std::ldexp(x, 1 - exponent);
  const float sy = std::ldexp(y, 1 - exponent);
  const float lengthSquared = sx * sx + sy * sy;  // in [1, 8): no overflow, no underflow
  const float length = std::sqrt(lengthSquared);  // IEEE sqrt: correctly rounded
  return {sx / length, sy / length};
}

UnitRotation toUnitRotation(float c, float s) {
  if (isUnitRotation(c, s)) {
    return {c, s};
  }
  const UnitRotation normalized = normalizedRotation(c, s);
  if (isUnitRotation(normalized.c, normalized.s)) {
    return normalized;
  }
  return {};
}

}  // namespace gjk::check
