// The unit-rotation rule of docs/case-format.md: which float pairs (c, s) a case may give as a rotation, and how
// the harness makes such pairs.
//
// A rotation (c, s) is a unit rotation "as float arithmetic makes one" when |c^2 + s^2 - 1| <= 2^-20,
// computed exactly (isUnitRotation). Why 2^-20: a pair whose c and s are each within a few ulps (relative
// 2^-24 each) of a point of the unit circle has |c^2 + s^2 - 1| below about 8 * 2^-24 = 2^-21; that covers
// (cosf t, sinf t) of every libm with an error of a few ulps, and every pair normalized in float
// (x / sqrtf(x*x + y*y), or times the float reciprocal, as Box2D's b2NormalizeRot does). 2^-20 leaves a
// factor of two above that, and is still 2^4 ulps of 1 (c^2 + s^2 near 1 is spaced 2^-24 apart in float),
// so a pair scaled off the circle by a few parts in a million, such as (0.6, 0.8) * (1 + 2^-16), is out.
//
// A 3D rotation is a quaternion q = (w, x, y, z), applied as the matrix R(q) of its four numbers as given
// (docs/case-format.md). The same rule holds for it with the four squares: |w^2 + x^2 + y^2 + z^2 - 1| <= 2^-20,
// exactly (isUnitQuaternion). A quaternion normalized in float (normalizedQuaternion) has each number within
// about 4 ulps of the exact unit one, so its defect is below about 8 * 2^-24 = 2^-21: again a factor of two
// under the bound.
#pragma once

namespace gjk::check {

// The largest |c^2 + s^2 - 1| of a unit rotation: 2^-20.
inline constexpr double UNIT_ROTATION_TOLERANCE = 0x1p-20;

// True when c and s are finite and |c^2 + s^2 - 1| <= 2^-20, decided exactly: c^2 and s^2 are formed as
// integers times a common power of two (big integers, no rounding anywhere), so the answer is right for
// every pair of floats, subnormals, huge values and the boundary itself included.
bool isUnitRotation(float c, float s);

// c^2 + s^2 - 1 rounded to double once at the end, for messages (the exact value, nearest double).
double unitRotationDefect(float c, float s);

struct UnitRotation {
  float c = 1;
  float s = 0;
};

// (x, y) normalized in float: both scaled first by the exact power of two 2^-k that brings max(|x|, |y|)
// into [1, 2) (so x*x + y*y neither overflows nor underflows), then length = sqrtf(x*x + y*y) and
// (x / length, y / length), every operation one correctly rounded IEEE float operation (+, *, /, sqrt),
// so the result is the same bits on every IEEE machine, unlike cosf/sinf whose last bit depends on the
// C library. (1, 0) when x and y are both zero or either is not finite. The result always passes
// isUnitRotation (tests/case/unit_rotation_test.cpp checks that on millions of pairs, extremes included).
UnitRotation normalizedRotation(float x, float y);

// The pair itself when it is a unit rotation, else normalizedRotation(c, s) when that one is (it always
// is for a finite nonzero pair), else (1, 0): how the fuzz input decoder and the mutator map any pair to
// a unit rotation deterministically, keeping every valid pair bit for bit.
UnitRotation toUnitRotation(float c, float s);

// True when w, x, y and z are finite and |w^2 + x^2 + y^2 + z^2 - 1| <= 2^-20, decided exactly: the four
// squares are exact doubles and their sum with -1 and -+2^-20 is carried exactly as a nonoverlapping expansion
// (unit_rotation.cpp), whose sign is its largest part's; right for every four floats, subnormals, huge values
// and the boundary itself included.
bool isUnitQuaternion(float w, float x, float y, float z);

// w^2 + x^2 + y^2 + z^2 - 1 rounded to double once at the end, for messages.
double unitQuaternionDefect(float w, float x, float y, float z);

struct UnitQuaternion {
  float w = 1;
  float x = 0;
  float y = 0;
  float z = 0;
};

// (w, x, y, z) normalized in float, as normalizedRotation does it for two numbers: each scaled by the exact
// power of two 2^-k that brings the largest |number| into [1, 2), then length = sqrtf(((w*w + x*x) + y*y) + z*z)
// and each number divided by it, every step one correctly rounded IEEE float operation, so the same bits on
// every IEEE machine. (1, 0, 0, 0) when all four are zero or one is not finite. The result always passes
// isUnitQuaternion (tests/case/unit_quaternion_test.cpp checks it on millions of quaternions, extremes included).
UnitQuaternion normalizedQuaternion(float w, float x, float y, float z);

// The quaternion itself when it is a unit one, else normalizedQuaternion when that one is (it always is for
// a finite nonzero quaternion), else (1, 0, 0, 0): how the 3D fuzz input decoder maps any four numbers to a
// unit quaternion deterministically, keeping every unit one bit for bit.
UnitQuaternion toUnitQuaternion(float w, float x, float y, float z);

}  // namespace gjk::check
