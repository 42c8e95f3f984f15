// The unit-rotation rule: the exact test and float normalization (case/unit_rotation.h).
//
// Exactness of isUnitRotation, which runs in double arithmetic without rounding error in what it decides
// (every case decoded or mutated by the fuzz targets passes through it, several times per execution):
// - For a finite float x with |x| <= 2, x^2 is an exact double: the product of two 24-bit significands has
//   at most 48 bits, and x^2 lies between 2^-298 (the smallest subnormal float squared) and 4, well inside
//   the normal doubles.
// - a = c^2, b = s^2 exactly; sum = fl(a + b) and err = (a + b) - sum exactly (Knuth's TwoSum, exact in
//   round-to-nearest without overflow; the build has no contraction, -ffp-contract=off). So the defect is
//   c^2 + s^2 - 1 = (sum - 1) + err exactly.
// - If sum < 1/2 or sum > 2, |err| <= 2^-52 and |defect| > 0.49 > 2^-20: not a unit rotation.
// - Otherwise d = sum - 1 is exact (Sterbenz: sum in [1/2, 2]); d is a multiple of q = ulp(sum) (2^-53 or
//   2^-52; 1 and the bound T = 2^-20 are multiples of q too) and |err| <= q / 2. Then |d| < T means
//   |d| <= T - q and |defect| < T; |d| > T means |d| >= T + q and |defect| > T; and |d| = T decides by the
//   sign of err: d = T passes when err <= 0, d = -T when err >= 0.
// tests/case/unit_rotation_test.cpp checks this against exact rational arithmetic at the boundary and on
// random pairs.
//
// Exactness of unitRotationDefect (messages only): a finite float x is M * 2^E with M an integer, |M| < 2^24, and
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
  const double a = static_cast<double>(c) * c;  // exact
  const double b = static_cast<double>(s) * s;  // exact
  const double sum = a + b;
  const double bVirtual = sum - a;  // TwoSum: err = (a + b) - sum, exactly
  const double err = (a - (sum - bVirtual)) + (b - bVirtual);
  if (sum < 0.5 || sum > 2) {
    return false;
  }
  const double d = sum - 1;  // exact (Sterbenz)
  if (d == UNIT_ROTATION_TOLERANCE) return err <= 0;
  if (d == -UNIT_ROTATION_TOLERANCE) return err >= 0;
  return std::fabs(d) < UNIT_ROTATION_TOLERANCE;
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
