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

}  // namespace gjk::check
