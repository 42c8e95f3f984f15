// The 3D oracle's view of a case (verdict/exact_case3.h): toOracleShape3 carries every field of a 3D shape bit for
// bit, solveExactly3 answers a hand-worked case whose answer depends on z, the quaternion and the radius, and a 2D
// case is refused by name instead of being read as a flat 3D one.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "case/case.h"
#include "verdict/exact_case3.h"

namespace gjk::check {
namespace {

bool sameBits(float x, float y) { return std::memcmp(&x, &y, sizeof x) == 0; }

TEST(ExactCase3, toOracleShape3CarriesEveryFieldBitForBit) {
  ShapeSpec shape;
  shape.vertices = {{1, 2, 3}, {-0.0f, 0x1p-149f, -4.5f}};
  shape.radius = 0.25f;
  shape.positionX = 5;
  shape.positionY = -6;
  shape.positionZ = 7;
  shape.quaternionW = 0.5f;
  shape.quaternionX = -0.5f;
  shape.quaternionY = 0.5f;
  shape.quaternionZ = 0.5f;
  const oracle::InputShape3 input = toOracleShape3(shape);
  ASSERT_EQ(input.vertices.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_TRUE(sameBits(input.vertices[i].x, shape.vertices[i].x)) << i;
    EXPECT_TRUE(sameBits(input.vertices[i].y, shape.vertices[i].y)) << i;
    EXPECT_TRUE(sameBits(input.vertices[i].z, shape.vertices[i].z)) << i;
  }
  EXPECT_EQ(input.radius, 0.25f);
  EXPECT_EQ(input.positionX, 5);
  EXPECT_EQ(input.positionY, -6);
  EXPECT_EQ(input.positionZ, 7);
  EXPECT_EQ(input.rotationW, 0.5f);
  EXPECT_EQ(input.rotationX, -0.5f);
  EXPECT_EQ(input.rotationY, 0.5f);
  EXPECT_EQ(input.rotationZ, 0.5f);
}

// A: the unit cube turned a half turn about z (quaternion 0 0 0 1: (x, y, z) -> (-x, -y, z)), so [-1, 0] x [-1, 0]
// x [0, 1]. B: a ball of radius 0.5 at (2, -0.5, 3). M = B - A = [2, 3] x [-0.5, 0.5] x [2, 3]: its nearest point
// to the origin is (2, 0, 2), d0^2 = 8 > r^2 = 1/4, separated. Without the turn, the z or the radius the answer
// would differ (M would be [1, 2] x [-1.5, -0.5] x ..., or reach z = 0, or r = 0).
TEST(ExactCase3, solveExactly3AnswersAHandWorkedCase) {
  const Case value = parseCase(
      "gjk-case 1\ndimension 3\na.rotation 0 0 0 1\na.vertex 0 0 0\na.vertex 1 0 0\na.vertex 0 1 0\na.vertex 1 1 0\n"
      "a.vertex 0 0 1\na.vertex 1 0 1\na.vertex 0 1 1\na.vertex 1 1 1\nb.radius 0.5\nb.position 2 -0.5 3\n"
      "b.vertex 0 0 0\n",
      "hand.case");
  const oracle::ExactAnswer3 answer = solveExactly3(value);
  EXPECT_EQ(answer.relation, oracle::Relation::Separated);
  EXPECT_EQ(answer.coreDistanceSquared, oracle::Rational(8));
  EXPECT_EQ(answer.closestPoint.x, oracle::Rational(2));
  EXPECT_EQ(answer.closestPoint.y, oracle::Rational(0));
  EXPECT_EQ(answer.closestPoint.z, oracle::Rational(2));
  EXPECT_EQ(answer.radius, oracle::Rational(1, 2));
  EXPECT_FALSE(answer.originInInterior);
}

TEST(ExactCase3, solveExactly3RefusesA2dCase) {
  const Case value = parseCase("gjk-case 1\na.vertex 0 0\nb.vertex 4 0\n", "plane.case");
  try {
    solveExactly3(value);
    ADD_FAILURE() << "the 3D oracle took a 2D case";
  } catch (const CaseError& error) {
    EXPECT_EQ(std::string(error.what()), "plane.case: a 2D case: the 3D oracle takes 3D cases only");
  }
}

}  // namespace
}  // namespace gjk::check
