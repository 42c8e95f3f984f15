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
//
// Exactness of isUnitQuaternion: for a finite float v with |v| <= 2, v^2 is an exact double (as above), and a
// quaternion with a number beyond 2 has a sum of squares above 4: not a unit one. The sum
// w^2 + x^2 + y^2 + z^2 - 1 -+ 2^-20 of six doubles is formed exactly as a nonoverlapping expansion, a list of
// doubles of increasing magnitude whose exact sum is the value (Shewchuk, "Adaptive Precision Floating-Point
// Arithmetic and Fast Robust Geometric Predicates", 1997, Grow-Expansion: each term is added to every part in
// turn by TwoSum, each part replaced by the rounding error and the running sum appended). TwoSum is exact when
// nothing overflows (every value here is below 32 in magnitude) and stays exact where results are tiny: every
// value is a multiple of 2^-298 (the smallest float square), so every nonzero sum and error is a normal double.
// The sign of a nonoverlapping expansion is the sign of its largest nonzero part. So the two signs of
// (defect - 2^-20) and (defect + 2^-20) are exact, and the quaternion is a unit one when the first is <= 0 and
// the second >= 0: the boundary is included.
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

// An exact sum of doubles as a nonoverlapping expansion (the file's header says why it is exact): at most
// PARTS terms added, no overflow.
class ExactSum {
 public:
  void add(double term) {
    double carried = term;
    for (int i = 0; i < count_; ++i) {
      // TwoSum (Knuth): sum + error == carried + parts_[i] exactly.
      const double sum = carried + parts_[i];
      const double virtualPart = sum - carried;
      const double virtualCarried = sum - virtualPart;
      const double error = (carried - virtualCarried) + (parts_[i] - virtualPart);
      parts_[i] = error;
      carried = sum;
    }
    parts_[count_++] = carried;
  }
  // -1, 0 or 1: the sign of the exact sum, that of the largest nonzero part.
  int sign() const {
    for (int i = count_ - 1; i >= 0; --i) {
      if (parts_[i] != 0) {
        return parts_[i] > 0 ? 1 : -1;
      }
    }
    return 0;
  }

 private:
  static constexpr int PARTS = 8;
  double parts_[PARTS] = {};
  int count_ = 0;
};

bool finiteWithin2(float v) {
  return std::isfinite(v) && std::fabs(v) <= 2;
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

bool isUnitQuaternion(float w, float x, float y, float z) {
  if (!finiteWithin2(w) || !finiteWithin2(x) || !finiteWithin2(y) || !finiteWithin2(z)) {
    return false;
  }
  ExactSum defect;  // w^2 + x^2 + y^2 + z^2 - 1, each square exact
  for (float v : {w, x, y, z}) {
    defect.add(static_cast<double>(v) * v);
  }
  defect.add(-1.0);
  ExactSum above = defect;  // defect - 2^-20
  above.add(-UNIT_ROTATION_TOLERANCE);
  ExactSum below = defect;  // defect + 2^-20
  below.add(UNIT_ROTATION_TOLERANCE);
  return above.sign() <= 0 && below.sign() >= 0;
}

double unitQuaternionDefect(float w, float x, float y, float z) {
  if (!std::isfinite(w) || !std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z)) {
    return NAN;
  }
  if (!finiteWithin2(w) || !finiteWithin2(x) || !finiteWithin2(y) || !finiteWithin2(z)) {
    // Above 3: double arithmetic is close enough for a message, as for unitRotationDefect.
    return static_cast<double>(w) * w + static_cast<double>(x) * x + static_cast<double>(y) * y +
           static_cast<double>(z) * z - 1.0;
  }
  const BigInt scaled = scaledSquare(w) + scaledSquare(x) + scaledSquare(y) + scaledSquare(z) - (BigInt(1) << SCALE);
  return std::ldexp(scaled.convert_to<double>(), -SCALE);
}

UnitQuaternion normalizedQuaternion(float w, float x, float y, float z) {
  if (!std::isfinite(w) || !std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z) ||
      (w == 0 && x == 0 && y == 0 && z == 0)) {
    return {};
  }
  int exponent = 0;
  std::frexp(std::fmax(std::fmax(std::fabs(w), std::fabs(x)), std::fmax(std::fabs(y), std::fabs(z))), &exponent);
  // Exact power-of-two scalings, but for numbers far below the largest, which may lose bits or become 0; the
  // quaternion then still points within 2^-24 of the one given.
  const float sw = std::ldexp(w, 1 - exponent);
  const float sx = std::ldexp(x, 1 - exponent);
  const float sy = std::ldexp(y, 1 - exponent);
  const float sz = std::ldexp(z, 1 - exponent);
  const float lengthSquared = ((sw * sw + sx * sx) + sy * sy) + sz * sz;  // in [1, 16): no overflow, no underflow
  const float length = std::sqrt(lengthSquared);                         // IEEE sqrt: correctly rounded
  return {sw / length, sx / length, sy / length, sz / length};
}

UnitQuaternion toUnitQuaternion(float w, float x, float y, float z) {
  if (isUnitQuaternion(w, x, y, z)) {
    return {w, x, y, z};
  }
  const UnitQuaternion normalized = normalizedQuaternion(w, x, y, z);
  if (isUnitQuaternion(normalized.w, normalized.x, normalized.y, normalized.z)) {
    return normalized;
  }
  return {};
}

}  // namespace gjk::check
