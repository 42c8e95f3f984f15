// robust-cast where |r|^2 overflows float (issue 22's one-hour campaign found it: a 3e29 translation was a
// missed hit, its infinite |r| made every step zero). |r| is now computed without overflow, so the cast
// advances to the contact at any size.
// Shapes: A the square [-s, s]^2 at the origin, B a point at (3 s, 0) moving by (-4 s, 0): the core gap
// 2 s - 4 s t reaches robust-cast's target (2^-8, far below float resolution at s = 2^100) at t = 1/2 up to
// that resolution.
#include <gtest/gtest.h>

#include <cmath>

#include "cast_test_shapes.h"

#include "core/strategies/robust_cast.h"

namespace {

using namespace gjk;
using namespace gjk::test_support;

CastOutput<float> castSquareAndPoint(float s) {
  const Proxy<float> a = polygon({{-s, -s}, {s, -s}, {s, s}, {-s, s}});
  return castOf<RobustCast>(castInput(a, point(0, 0), {3 * s, 0}, {-4 * s, 0}));
}

TEST(RobustCastScale, aTranslationWhoseSquareOverflowsStillHits) {
  const CastOutput<float> output = castSquareAndPoint(0x1p100f);  // |r|^2 = 2^204: +inf in float
  ASSERT_TRUE(output.hit);
  EXPECT_NEAR(output.fraction, 0.5f, 4 * 0x1p-24f);
  EXPECT_EQ(output.normal.x, 1.0f);
  EXPECT_EQ(output.normal.y, 0.0f);
}

TEST(RobustCastScale, ordinarySizesHitWhereTheGapMeetsTheTarget) {
  for (const float s : {1.0f, 16.0f}) {
    const CastOutput<float> output = castSquareAndPoint(s);
    ASSERT_TRUE(output.hit) << s;
    // The exact core gap at the reported t (double: exact here) lies in the band [2^-9, 2^-8 + 2^-10].
    const double gap = 2.0 * s - 4.0 * s * static_cast<double>(output.fraction);
    EXPECT_GE(gap, 0x1p-9) << s;
    EXPECT_LE(gap, 0x1p-8 + 0x1p-10) << s;
  }
}

// Far from the origin the float pose moves in steps coarser than the band: B at (98304, -98304) moving by
// (-98304, 98304) meets A at t* = 0.99998558892144... (exact oracle), where one float step of t moves B by about
// 0.008 per coordinate, more than the band's width 2^-8. The gap stopped at 0.007 above the band's top and the
// cast ended in a miss (cast-long-translation 10616 of a 100,000-a-family report); the pose within the
// rounding of placing B is now the answer.
TEST(RobustCastScale, aTargetWithinThePosesRoundingIsAHitThere) {
  const Proxy<float> a = polygon({{-0.125f, -0.1875f}, {0.375f, 0.3125f}, {-0.125f, 0.0625f}});
  const Proxy<float> b = polygon({{-0.625f, 1.4375f}, {-0.125f, -1.5625f}, {1.375f, -1.3125f}, {3.125f, -0.0625f},
                                  {4.375f, 2.1875f}, {1.125f, 5.1875f}, {-0.375f, 6.4375f}});
  CastInput<float> input = castInput(a, b, {98304, -98304}, {-98304, 98304}, {-1, -0.0f});
  input.transformA.q = {-1, -0.0f};
  const CastOutput<float> output = castOf<RobustCast>(input);
  ASSERT_TRUE(output.hit);
  // Within a few float steps of t* (each 6e-8 here, 0.008 of travel).
  EXPECT_NEAR(output.fraction, 0.99998558892144097, 4 * 0x1p-24);
  EXPECT_LE(output.fraction, 0.99998558892144097);
}

}  // namespace
