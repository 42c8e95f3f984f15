// S of docs/verdict.md (oracle::problemScale): the magnitude of the terms a float engine adds to place each
// vertex in the world, plus the radii. Hand-worked values, the transform-rounding case of issue 10, and
// a cross-check against a reference that sums every term as a rational, on inputs whose exponents are
// random as well as their significands.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "oracle/oracle.h"
#include "input_shapes.h"

namespace gjk::oracle {
namespace {

Rational exact(float value) { return exactFloat(value); }

using test_support::shape;

// The reference: every term as an exact rational, summed and compared as rationals.
Rational referenceScale(const InputShape& a, const InputShape& b) {
  Rational largest = 0;
  for (const InputShape* shape : {&a, &b}) {
    const Rational c = abs(exact(shape->rotationC)), s = abs(exact(shape->rotationS));
    const Rational px = abs(exact(shape->positionX)), py = abs(exact(shape->positionY));
    for (const InputPoint& v : shape->vertices) {
      const Rational x = abs(exact(v.x)), y = abs(exact(v.y));
      for (const Rational& sum : {c * x + s * y + px, s * x + c * y + py}) {
        if (sum > largest) largest = sum;
      }
    }
  }
  Rational scale = largest + exact(a.radius) + exact(b.radius);
  return scale == 0 ? Rational(Integer(1), Integer(1) << 126) : scale;
}

TEST(ProblemScale, CountsEachTermNotTheWorldCoordinate) {
  // A vertex (3, 0) at position (-2, 0): the world x is 1, but an engine adds |3| and |-2|: S = 5.
  const InputShape a = shape({{3, 0}}, 0, -2, 0);
  const InputShape b = shape({{0, 1}});
  EXPECT_EQ(problemScale(a, b), Rational(5));
  // Rotation (0.6, 0.8) (floats, not exactly 3/5 and 4/5): the y terms of (3, 0) are |s 3| and |c 0|.
  const InputShape rotated = shape({{3, 0}}, 0.5f, 0, 0, 0.6f, 0.8f);
  EXPECT_EQ(problemScale(rotated, b), exact(0.8f) * 3 + exact(0.5f));
}

TEST(ProblemScale, TransformRoundingOfIssue10IsInsideTheUnit) {
  // A rotated by (0.6, 0.8), placed at (-6e5, -8e5), with vertices near (1e6, 0): its world vertices
  // are near the origin, but the terms summed to make them are near 1e6. S must count them.
  const InputShape a = shape({{1e6f, 0}, {1e6f + 1, 0}, {1e6f, 1}}, 0, -6e5f, -8e5f, 0.6f, 0.8f);
  const InputShape b = shape({{3, 3}, {4, 3}, {3, 4}});
  const Rational scale = problemScale(a, b);
  EXPECT_EQ(scale, referenceScale(a, b));
  EXPECT_GT(scale, Rational(1600000));  // |0.8 (1e6 + 1)| + |-8e5|, about 1.6e6
  EXPECT_EQ(solveByHull(a, b).scale, scale);
  EXPECT_EQ(solveWithoutHull(a, b).scale, scale);
  EXPECT_EQ(solveByPointCloudHull(a, b).scale, scale);
}

TEST(ProblemScale, ZeroFallsBackToTheSmallestNormalFloat) {
  EXPECT_EQ(problemScale(shape({{0, 0}}), shape({{-0.0f, 0}})), Rational(Integer(1), Integer(1) << 126));
}

// The radii are summed with the largest term sum exactly, whether they are of its scale (one integer sum)
// or far from it (rationals), and alone when every term is 0.
TEST(ProblemScale, RadiiOfEveryScaleAreAddedExactly) {
  EXPECT_EQ(problemScale(shape({{0, 0}}, 0.25f), shape({{0, 0}}, 0.5f)), Rational(3, 4));
  EXPECT_EQ(problemScale(shape({{0, 0}}, 1e-45f), shape({{0, 0}})), exact(1e-45f));
  const InputShape huge = shape({{3e38f, 0}}, 1e-45f), small = shape({{1, 2}}, 0.375f);
  EXPECT_EQ(problemScale(huge, small), exact(3e38f) + exact(1e-45f) + Rational(3, 8));
  EXPECT_EQ(problemScale(huge, small), referenceScale(huge, small));
  const InputShape near = shape({{1.5f, -2}}, 0x1p-30f, 0.125f, 0), other = shape({{7, 0}}, 3);
  EXPECT_EQ(problemScale(near, other), Rational(7) + exact(0x1p-30f) + 3);
  EXPECT_EQ(problemScale(near, other), referenceScale(near, other));
}

TEST(ProblemScale, HugeAndSubnormalTermsAreExact) {
  // 3e38 + 1e38 is beyond float but S is exact: 4e38 as the sum of the two floats.
  const InputShape a = shape({{0, 0}, {1e38f, 0}, {0, 1e37f}}, 0, 3e38f, 0);
  const InputShape b = shape({{1.2e38f, 1e37f}, {1.3e38f, 1e37f}, {1.2e38f, 2e37f}}, 0, 3e38f, 0);
  EXPECT_EQ(problemScale(a, b), exact(3e38f) + exact(1.3e38f));
  // A subnormal vertex beside a normal position: the sum needs more bits than a double has.
  const InputShape c = shape({{1e-45f, 0}}, 0, 1, 0);
  EXPECT_EQ(problemScale(c, shape({{0, 0}})), Rational(1) + exact(1e-45f));
}

// Random floats with random exponents (predicates.c style), including near ties between sums.
TEST(ProblemScale, AgreesWithTheRationalReference) {
  std::uint64_t state = 0x9e3779b97f4a7c15ull;
  auto next = [&state] {
    state += 0x9e3779b97f4a7c15ull;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  };
  auto randomFloat = [&next](int lowExponent, int highExponent) {
    const std::uint64_t bits = next();
    const float mantissa = 1.0f + static_cast<float>(bits & 0xffffff) / 16777216.0f;
    const int exponent = lowExponent + static_cast<int>((bits >> 24) % (highExponent - lowExponent + 1));
    const float value = std::ldexp(mantissa, exponent);
    return (bits >> 40) & 1 ? -value : value;
  };
  for (int trial = 0; trial < 20000; ++trial) {
    const int low = trial % 3 == 0 ? -140 : -20, high = trial % 3 == 0 ? 120 : 20;
    InputShape shapes[2];
    for (InputShape& s : shapes) {
      const int count = 1 + static_cast<int>(next() % 6);
      for (int i = 0; i < count; ++i) s.vertices.push_back({randomFloat(low, high), randomFloat(low, high)});
      if (trial % 4 == 1) {
        // a near tie: a second vertex that differs in the last bit
        s.vertices.push_back({std::nextafter(s.vertices[0].x, 0.0f), s.vertices[0].y});
      }
      s.positionX = randomFloat(low, high);
      s.positionY = randomFloat(low, high);
      const float angle = static_cast<float>(next() % 6283) / 1000.0f;
      s.rotationC = std::cos(angle);
      s.rotationS = std::sin(angle);
      s.radius = trial % 5 == 0 ? std::fabs(randomFloat(low, high))
                                : (trial % 5 == 2 ? std::fabs(randomFloat(-140, 120)) : 0.0f);
    }
    ASSERT_EQ(problemScale(shapes[0], shapes[1]), referenceScale(shapes[0], shapes[1])) << "trial " << trial;
  }
}

}  // namespace
}  // namespace gjk::oracle
