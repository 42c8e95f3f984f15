// oracle/cast_pose.h on hand-computed poses. A and B are squares [-1, 1]^2; B starts at (4, 0) and moves by
// r = (-4, 0): M = hull{b - a} is the square [2, 6] x [-2, 2], and M + t r = [2 - 4t, 6 - 4t] x [-2, 2].
#include "oracle/cast_pose.h"

#include <gtest/gtest.h>

namespace gjk::oracle {
namespace {

InputShape square(float px) {
  InputShape s;
  s.vertices = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  s.positionX = px;
  return s;
}

TEST(CastPose, closestPointOfTheMovedHull) {
  const InputShape a = square(0), b = square(4);
  const InputTranslation r{-4, 0};
  // t = 1/4: M + t r = [1, 5] x [-2, 2]; nearest point (1, 0).
  ExactPoint q = castClosestPoint(a, b, r, Rational(1, 4));
  EXPECT_EQ(q.x, Rational(1));
  EXPECT_EQ(q.y, Rational(0));
  EXPECT_EQ(q.x * q.x + q.y * q.y, castGapSquared(a, b, r, Rational(1, 4)));
  // t = 3/4: [-1, 3] x [-2, 2] holds the origin.
  q = castClosestPoint(a, b, r, Rational(3, 4));
  EXPECT_EQ(q.x, Rational(0));
  EXPECT_EQ(q.y, Rational(0));
}

TEST(CastPose, pointExcessIsZeroOnTheContactSegmentOnly) {
  const InputShape a = square(0), b = square(4);
  const InputTranslation r{-4, 0};
  // t = 1/4: A's face x = 1 and B's face x = 2 face each other over |y| <= 1; the gap is 1.
  EXPECT_LT(castPointExcess(a, b, r, Rational(1, 4), 1.0, 0.5), HighPrecision(1e-90));
  EXPECT_LT(castPointExcess(a, b, r, Rational(1, 4), 1.5, -1.0), HighPrecision(1e-90));
  // (0, 0): 0 from A, 2 from B, the gap 1: excess 1.
  EXPECT_LT(abs(castPointExcess(a, b, r, Rational(1, 4), 0.0, 0.0) - 1), HighPrecision(1e-90));
}

TEST(CastPose, theErodedHullSaysHowDeepThePathGoes) {
  const InputShape a = square(0), b = square(4);
  // The path -t r = (4t, 0) runs along M's middle line y = 0 from x = 0 to 4: it reaches 2 deep (M's half
  // width) at x = 4, the far end: deeper than 1.5 but not than 2.
  EXPECT_FALSE(castPathMeetsErodedHull(std::vector<ExactPoint>{}, {-4, 0}, Rational(1)));  // no hull, no depth
  HullOptions options;
  const std::vector<ExactPoint> hull = solveByHull(a, b, options).minkowskiHull;
  EXPECT_TRUE(castPathMeetsErodedHull(hull, {-4, 0}, Rational(3, 2)));
  EXPECT_TRUE(castPathMeetsErodedHull(hull, {-4, 0}, Rational(2)));
  EXPECT_FALSE(castPathMeetsErodedHull(hull, {-4, 0}, Rational(2) + Rational(1, 1 << 20)));
  // A path that stops at the boundary (r = (-2, 0): x from 0 to 2) goes no depth in.
  EXPECT_FALSE(castPathMeetsErodedHull(hull, {-2, 0}, Rational(1, 1 << 20)));
  // A path through M's corner (2, 2) only (r = (-4, -4): -t r = (4t, 4t) meets M at t = 1/2 alone): depth 0.
  EXPECT_FALSE(castPathMeetsErodedHull(hull, {-4, -4}, Rational(1, 1 << 20)));
  // The pose test: at t = 1 the point (4, 0) is 2 deep; at t = 3/4 (3, 0) is 1 deep.
  EXPECT_TRUE(castPoseDeeperThan(hull, {-4, 0}, Rational(1), Rational(2)));
  EXPECT_FALSE(castPoseDeeperThan(hull, {-4, 0}, Rational(3, 4), Rational(1) + Rational(1, 1 << 20)));
  EXPECT_TRUE(castPoseDeeperThan(hull, {-4, 0}, Rational(3, 4), Rational(1)));
}

TEST(CastPose, quadraticOfIsExact) {
  // 1/2 + (1/3)·√(8/9) = 1/2 + (2/9)√2.
  const QuadraticNumber v = quadraticOf(Rational(1, 2), Rational(1, 3), Rational(8, 9));
  QuadraticNumber w;
  w.a = 9;
  w.b = 4;
  w.c = 2;
  w.e = 18;
  EXPECT_EQ(compareQuadratic(v, w), 0);
}

}  // namespace
}  // namespace gjk::oracle
