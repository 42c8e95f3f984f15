// The 3D exact oracle (oracle/oracle3.h) on hand-worked cases: each answer worked out on paper, and both
// methods (the exact hull of M; exact GJK with Johnson's sub-algorithm and an exact EPA) must give it,
// every field.
#include "oracle/oracle3.h"
#include "tests/oracle/input_shapes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <stdexcept>

namespace gjk::oracle {
namespace {

using test_support::box3;
using test_support::shape3;

ExactPoint3 point3(Rational x, Rational y, Rational z) { return {std::move(x), std::move(y), std::move(z)}; }

bool samePoint(const ExactPoint3& p, const ExactPoint3& q) { return p.x == q.x && p.y == q.y && p.z == q.z; }

std::string text(const ExactPoint3& p) {
  return "(" + rationalString(p.x) + ", " + rationalString(p.y) + ", " + rationalString(p.z) + ")";
}

// Both methods, every field equal; returns method 1's answer.
ExactAnswer3 solveBoth(const InputShape3& a, const InputShape3& b) {
  const ExactAnswer3 byHull = solveByHull3(a, b);
  const ExactAnswer3 withoutHull = solveWithoutHull3(a, b);
  EXPECT_EQ(byHull.relation, withoutHull.relation);
  EXPECT_EQ(byHull.coreDistanceSquared, withoutHull.coreDistanceSquared);
  EXPECT_TRUE(samePoint(byHull.closestPoint, withoutHull.closestPoint))
      << text(byHull.closestPoint) << " vs " << text(withoutHull.closestPoint);
  EXPECT_EQ(byHull.radius, withoutHull.radius);
  EXPECT_EQ(byHull.scale, withoutHull.scale);
  EXPECT_EQ(byHull.originInInterior, withoutHull.originInInterior);
  EXPECT_EQ(byHull.penetrationDepthSquared, withoutHull.penetrationDepthSquared);
  EXPECT_TRUE(samePoint(byHull.penetrationNormal, withoutHull.penetrationNormal))
      << text(byHull.penetrationNormal) << " vs " << text(withoutHull.penetrationNormal);
  return byHull;
}

void expectOutside(const ExactAnswer3& answer, Relation relation, const Rational& distanceSquared,
                   const ExactPoint3& closest) {
  EXPECT_EQ(answer.relation, relation);
  EXPECT_EQ(answer.coreDistanceSquared, distanceSquared);
  EXPECT_TRUE(samePoint(answer.closestPoint, closest)) << text(answer.closestPoint);
  EXPECT_FALSE(answer.originInInterior);
  EXPECT_EQ(answer.penetrationDepthSquared, 0);
  EXPECT_TRUE(samePoint(answer.penetrationNormal, {}));
}

// Unit cubes, B three units along x: M = [2, 4] x [-1, 1]^2, nearest (2, 0, 0).
TEST(Oracle3Hand, unitCubesApartAlongXAreTwoApart) {
  const ExactAnswer3 answer = solveBoth(box3(1, 1, 1), box3(1, 1, 1, {3, 0, 0}));
  expectOutside(answer, Relation::Separated, 4, point3(2, 0, 0));
  EXPECT_EQ(answer.scale, 4);  // |p.x| + |v.x| of B's far corners
  // Swapped: M is reflected, so is the nearest point.
  expectOutside(solveBoth(box3(1, 1, 1, {3, 0, 0}), box3(1, 1, 1)), Relation::Separated, 4, point3(-2, 0, 0));
  // Apart along z by a quarter.
  expectOutside(solveBoth(box3(1, 1, 1), box3(1, 1, 1, {0.5f, 0.5f, 1.25f})), Relation::Separated,
                Rational(1, 16), point3(0, 0, Rational(1, 4)));
}

// Face to face: M = [0, 2] x [-1, 1]^2 has the origin on its face x = 0: touching (r = 0), no depth.
TEST(Oracle3Hand, boxesFaceToFaceTouch) {
  expectOutside(solveBoth(box3(1, 1, 1), box3(1, 1, 1, {1, 0, 0})), Relation::Touching, 0, point3(0, 0, 0));
  // Shifted sideways too: still a shared face piece.
  expectOutside(solveBoth(box3(1, 1, 1), box3(2, 1, 1, {-0.5f, 0.5f, 1})), Relation::Touching, 0,
                point3(0, 0, 0));
  // Corner to corner and edge to edge: the origin on a vertex and on an edge of M.
  expectOutside(solveBoth(box3(1, 1, 1), box3(1, 1, 1, {1, 1, 1})), Relation::Touching, 0, point3(0, 0, 0));
  expectOutside(solveBoth(box3(1, 1, 1), box3(1, 1, 1, {1, 1, 0.25f})), Relation::Touching, 0, point3(0, 0, 0));
  // With radii the gap of 1/2 is closed exactly: touching at d0 = r > 0.
  expectOutside(solveBoth(box3(1, 1, 1, {}, 0.25f), box3(1, 1, 1, {1.5f, 0, 0}, 0.25f)), Relation::Touching,
                Rational(1, 4), point3(Rational(1, 2), 0, 0));
}

// Overlap by a quarter along x: M = [-1/4, 7/4] x [-1, 1]^2, nearest face x = -1/4 (outward normal -x), so
// depth^2 = 1/16 and B leaves along +x.
TEST(Oracle3Hand, overlappingBoxesHaveTheDepthOfTheNearestFace) {
  const ExactAnswer3 answer = solveBoth(box3(1, 1, 1), box3(1, 1, 1, {0.75f, 0, 0}));
  EXPECT_EQ(answer.relation, Relation::Overlapping);
  EXPECT_EQ(answer.coreDistanceSquared, 0);
  EXPECT_TRUE(samePoint(answer.closestPoint, {}));
  EXPECT_TRUE(answer.originInInterior);
  EXPECT_EQ(answer.penetrationDepthSquared, Rational(1, 16));
  EXPECT_TRUE(samePoint(answer.penetrationNormal, point3(1, 0, 0))) << text(answer.penetrationNormal);
  // Two equal cubes: M = [-1, 1]^3, six faces at distance 1; the lexicographically smallest normal.
  const ExactAnswer3 same = solveBoth(box3(1, 1, 1), box3(1, 1, 1));
  EXPECT_TRUE(same.originInInterior);
  EXPECT_EQ(same.penetrationDepthSquared, 1);
  EXPECT_TRUE(samePoint(same.penetrationNormal, point3(-1, 0, 0))) << text(same.penetrationNormal);
  // A point inside the corner tetrahedron: its slanted face x + y + z = 1 is nearest, (1 - 3/4) / sqrt 3.
  const InputShape3 corner = shape3({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
  const ExactAnswer3 inside = solveBoth(corner, shape3({{0.25f, 0.25f, 0.25f}}));
  EXPECT_EQ(inside.relation, Relation::Overlapping);
  EXPECT_EQ(inside.penetrationDepthSquared, Rational(1, 48));
  EXPECT_TRUE(samePoint(inside.penetrationNormal, point3(1, 1, 1))) << text(inside.penetrationNormal);
}

// Crossing edges: A's top edge along x at z = 0, B's bottom edge along y at z = 1; the nearest points are
// (0, 0, 0) and (0, 0, 1).
TEST(Oracle3Hand, crossingEdgesOfTwoTetrahedra) {
  const InputShape3 a = shape3({{-1, 0, 0}, {1, 0, 0}, {0, 1, -1}, {0, -1, -1}});
  const InputShape3 b = shape3({{0, -1, 1}, {0, 1, 1}, {1, 0, 2}, {-1, 0, 2}});
  expectOutside(solveBoth(a, b), Relation::Separated, 1, point3(0, 0, 1));
  InputShape3 roundA = a, roundB = b;
  roundA.radius = 0.5f;
  roundB.radius = 0.5f;
  expectOutside(solveBoth(roundA, roundB), Relation::Touching, 1, point3(0, 0, 1));
  // Edges crossing at an angle, off the axes: B's edge from (2, -1, 1) to (0, 1, 1) meets the line of A's
  // edge above x = 1: nearest points (1, 0, 0) and (1, 0, 1).
  const InputShape3 slanted = shape3({{2, -1, 1}, {0, 1, 1}, {1, 0, 3}});
  expectOutside(solveBoth(a, slanted), Relation::Separated, 1, point3(0, 0, 1));
}

// A vertex of B above the top face of the unit cube, half a unit up.
TEST(Oracle3Hand, vertexAboveAFace) {
  const InputShape3 b = shape3({{0.5f, 0.5f, 1.5f}, {0, 0, 3}, {1, 0, 3}, {0.5f, 1, 3}});
  expectOutside(solveBoth(box3(1, 1, 1), b), Relation::Separated, Rational(1, 4), point3(0, 0, Rational(1, 2)));
  // Above the slanted face of the corner tetrahedron: the nearest point of A to (1, 1, 1) is (1/3, 1/3, 1/3).
  const InputShape3 corner = shape3({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
  expectOutside(solveBoth(corner, shape3({{1, 1, 1}})), Relation::Separated, Rational(4, 3),
                point3(Rational(2, 3), Rational(2, 3), Rational(2, 3)));
}

// A sphere is one vertex with a radius.
TEST(Oracle3Hand, sphereAgainstABox) {
  expectOutside(solveBoth(box3(1, 1, 1), shape3({{3, 0.5f, 0.5f}}, 1)), Relation::Separated, 4, point3(2, 0, 0));
  // Off the corner (1, 1, 1): d0^2 = 3, r = 1 separated, r = 2 overlapping.
  expectOutside(solveBoth(box3(1, 1, 1), shape3({{2, 2, 2}}, 1)), Relation::Separated, 3, point3(1, 1, 1));
  expectOutside(solveBoth(box3(1, 1, 1), shape3({{2, 2, 2}}, 2)), Relation::Overlapping, 3, point3(1, 1, 1));
  // Resting on the face x = 1.
  expectOutside(solveBoth(box3(1, 1, 1), shape3({{1.5f, 0.5f, 0.5f}}, 0.5f)), Relation::Touching, Rational(1, 4),
                point3(Rational(1, 2), 0, 0));
  // The centre inside the box: overlapping, depth to the nearest face (x = 1, a quarter away).
  const ExactAnswer3 inside = solveBoth(box3(1, 1, 1), shape3({{0.75f, 0.5f, 0.5f}}, 0.125f));
  EXPECT_EQ(inside.relation, Relation::Overlapping);
  EXPECT_EQ(inside.penetrationDepthSquared, Rational(1, 16));
  EXPECT_TRUE(samePoint(inside.penetrationNormal, point3(1, 0, 0)));
}

// M of dimension 0, 1 and 2.
TEST(Oracle3Hand, degenerateShapes) {
  // Point against point: M = {(3, 4, 0)}.
  expectOutside(solveBoth(shape3({{1, 2, 3}}), shape3({{4, 6, 3}})), Relation::Separated, 25, point3(3, 4, 0));
  expectOutside(solveBoth(shape3({{1, 2, 3}}), shape3({{1, 2, 3}})), Relation::Touching, 0, point3(0, 0, 0));
  // Skew segments: along x at z = 0 and along y at z = 1.
  const InputShape3 alongX = shape3({{0, 0, 0}, {2, 0, 0}});
  expectOutside(solveBoth(alongX, shape3({{1, -1, 1}, {1, 1, 1}})), Relation::Separated, 1, point3(0, 0, 1));
  // Skew segments crossing in projection at an angle: B from (0, 1, 2) to (2, -1, 2); nearest (1, 0, *).
  expectOutside(solveBoth(alongX, shape3({{0, 1, 2}, {2, -1, 2}})), Relation::Separated, 4, point3(0, 0, 2));
  // Parallel segments one apart, and collinear overlapping ones (M a segment through the origin: touching).
  expectOutside(solveBoth(alongX, shape3({{1, 1, 0}, {3, 1, 0}})), Relation::Separated, 1, point3(0, 1, 0));
  expectOutside(solveBoth(alongX, shape3({{1, 0, 0}, {3, 0, 0}})), Relation::Touching, 0, point3(0, 0, 0));
  // Collinear apart: M = [2, 6] along x.
  expectOutside(solveBoth(alongX, shape3({{4, 0, 0}, {6, 0, 0}})), Relation::Separated, 4, point3(2, 0, 0));
  // A segment against a point beside its middle: nearest (0, -1, 0) on M = p - segment.
  expectOutside(solveBoth(alongX, shape3({{1, -1, 0}})), Relation::Separated, 1, point3(0, -1, 0));
  // Coplanar squares in z = 0: apart, and overlapping (flat M through the origin: touching, no depth).
  const InputShape3 square = shape3({{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}});
  const InputShape3 apart = shape3({{2, 0, 0}, {3, 0, 0}, {3, 1, 0}, {2, 1, 0}});
  expectOutside(solveBoth(square, apart), Relation::Separated, 1, point3(1, 0, 0));
  const InputShape3 over = shape3({{0.5f, 0, 0}, {1.5f, 0, 0}, {1.5f, 1, 0}, {0.5f, 1, 0}});
  expectOutside(solveBoth(square, over), Relation::Touching, 0, point3(0, 0, 0));
  InputShape3 roundOver = over;
  roundOver.radius = 0.5f;
  expectOutside(solveBoth(square, roundOver), Relation::Overlapping, 0, point3(0, 0, 0));
  // Parallel squares one above the other: M is the flat square [-1, 1]^2 at z = 1; nearest its inside point.
  const InputShape3 above = shape3({{0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}});
  expectOutside(solveBoth(square, above), Relation::Separated, 1, point3(0, 0, 1));
  // A flat M whose plane holds the origin, the origin outside the polygon: nearest on an edge.
  expectOutside(solveBoth(square, shape3({{3, 0.5f, 0}})), Relation::Separated, 4, point3(2, 0, 0));
  // A triangle against a point off its plane, projecting outside it: nearest on an edge.
  const InputShape3 triangle = shape3({{0, 0, 0}, {2, 0, 0}, {0, 2, 0}});
  expectOutside(solveBoth(triangle, shape3({{2, 2, 1}})), Relation::Separated, 3, point3(1, 1, 1));
}

// Duplicates, interior and coplanar points do not change M.
TEST(Oracle3Hand, duplicatesAndInteriorPointsChangeNothing) {
  InputShape3 cube = box3(1, 1, 1);
  const InputShape3 plain = cube;
  for (const InputPoint3& v : plain.vertices) cube.vertices.push_back(v);
  cube.vertices.push_back({0.5f, 0.5f, 0.5f});  // inside
  cube.vertices.push_back({0.5f, 0.5f, 1});     // on a face
  cube.vertices.push_back({1, 0.5f, 1});        // on an edge
  const InputShape3 b = box3(1, 1, 1, {3, 0.25f, 0});
  expectOutside(solveBoth(cube, b), Relation::Separated, 4, point3(2, 0, 0));
  const ExactAnswer3 over = solveBoth(cube, box3(1, 1, 1, {0.75f, 0, 0}));
  EXPECT_EQ(over.penetrationDepthSquared, Rational(1, 16));
  // All of a shape's vertices equal: a point.
  expectOutside(solveBoth(shape3({{1, 1, 1}, {1, 1, 1}, {1, 1, 1}}), shape3({{1, 1, 2}})), Relation::Separated, 1,
                point3(0, 0, 1));
}

// The quaternion (1/2, 1/2, 1/2, 1/2) is the turn by 120 degrees about (1, 1, 1): R v = (v.z, v.x, v.y),
// exact in floats. The box [0, 1] x [0, 2] x [0, 3] becomes [0, 3] x [0, 1] x [0, 2].
TEST(Oracle3Hand, aBoxTurnedByAnExactQuaternion) {
  const InputShape3 turned = shape3({{0, 0, 0}, {1, 0, 0}, {0, 2, 0}, {1, 2, 0}, {0, 0, 3}, {1, 0, 3}, {0, 2, 3},
                                     {1, 2, 3}},
                                    0, {}, 0.5f, 0.5f, 0.5f, 0.5f);
  const std::vector<ExactPoint3> world = worldVertices3(turned);
  EXPECT_TRUE(samePoint(world[7], point3(3, 1, 2))) << text(world[7]);
  expectOutside(solveBoth(turned, shape3({{5, 0.5f, 1}})), Relation::Separated, 4, point3(2, 0, 0));
  // Turned by half a turn about z, (0, 0, 0, 1): (x, y, z) -> (-x, -y, z), then moved by (1, 1, 0): the unit
  // cube again, so overlapping a unit cube at x + 0.75 by a quarter.
  const InputShape3 halfTurn = shape3(box3(1, 1, 1).vertices, 0, {1, 1, 0}, 0, 0, 0, 1);
  const ExactAnswer3 over = solveBoth(halfTurn, box3(1, 1, 1, {0.75f, 0, 0}));
  EXPECT_EQ(over.penetrationDepthSquared, Rational(1, 16));
  EXPECT_TRUE(samePoint(over.penetrationNormal, point3(1, 0, 0)));
  // The corner tetrahedron turned by 120 degrees is itself; the slanted face's answer is unchanged.
  const InputShape3 corner = shape3({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, 0, {}, 0.5f, 0.5f, 0.5f, 0.5f);
  expectOutside(solveBoth(corner, shape3({{1, 1, 1}})), Relation::Separated, Rational(4, 3),
                point3(Rational(2, 3), Rational(2, 3), Rational(2, 3)));
}

// A quaternion that is not of unit length is applied as the matrix of its four numbers, not normalized.
TEST(Oracle3Hand, aNonUnitQuaternionIsAppliedAsGiven) {
  // (1, 0, 0, 1): R = [[-1, -2, 0], [2, -1, 0], [0, 0, 1]], so (1, 0, 0) goes to (-1, 2, 0).
  const InputShape3 point = shape3({{1, 0, 0}}, 0, {}, 1, 0, 0, 1);
  const std::vector<ExactPoint3> world = worldVertices3(point);
  EXPECT_TRUE(samePoint(world[0], point3(-1, 2, 0))) << text(world[0]);
  expectOutside(solveBoth(shape3({{0, 0, 0}}), point), Relation::Separated, 5, point3(-1, 2, 0));
  // (0, 0, 0, 2): R = diag(-7, -7, 1); (1, 1, 1) goes to (-7, -7, 1). w alone changes nothing: (2, 0, 0, 0)
  // is the identity.
  const InputShape3 stretched = shape3({{1, 1, 1}}, 0, {}, 0, 0, 0, 2);
  expectOutside(solveBoth(shape3({{0, 0, 0}}), stretched), Relation::Separated, 99, point3(-7, -7, 1));
  const InputShape3 identity = shape3({{1, 1, 1}}, 0, {}, 2, 0, 0, 0);
  expectOutside(solveBoth(shape3({{0, 0, 0}}), identity), Relation::Separated, 3, point3(1, 1, 1));
  // S counts the terms |R_ij v_j| of the matrix as given: row 0 of (1, 0, 0, 1) on (1, 1, 1) is 1 + 2 + 0.
  const InputShape3 ones = shape3({{1, 1, 1}}, 0, {}, 1, 0, 0, 1);
  EXPECT_EQ(problemScale3(ones, shape3({{0, 0, 0}})), 3);
  EXPECT_EQ(problemScale3(shape3({{0, 0, 0}}), shape3({{0, 0, 0}})), Rational(Integer(1), Integer(1) << 126));
  EXPECT_EQ(problemScale3(shape3({{0, 0, 0}}, 0.5f), shape3({{-1, 0, 0}}, 0.25f, {-2, 0, 0})), Rational(15, 4));
}

// The world vertices (exact3.cpp expands R v + p into eight dyadic terms per coordinate) against the matrix
// of oracle3.h formed in rationals and applied directly, on floats of every size, subnormals included.
TEST(Oracle3Hand, worldVerticesAreTheMatrixOfTheQuaternionAsGiven) {
  std::uint64_t state = 0x3d3d3d3d12345678ULL;
  const auto next = [&state] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return state >> 11;
  };
  // Odd trials keep the exponents within 5 binades, so that every term fits exact3.cpp's __int128 sums;
  // even ones spread them over up to 200, through its GMP sums.
  int trial = 0;
  const auto anyFloat = [&next, &trial] {
    const float significand = static_cast<float>((next() & 0xffffff) | 1);
    const int exponent = trial % 2 == 1 ? static_cast<int>(next() % 5) - 24
                                        : static_cast<int>(next() % 120) - 80 - (next() % 8 == 0 ? 80 : 0);
    return (next() & 1 ? -1.0f : 1.0f) * std::ldexp(significand, exponent);
  };
  for (trial = 0; trial < 400; ++trial) {
    InputShape3 shape = shape3({{anyFloat(), anyFloat(), anyFloat()}, {anyFloat(), 0, -0.0f}}, 0,
                               {anyFloat(), anyFloat(), anyFloat()}, anyFloat(), anyFloat(), anyFloat(), anyFloat());
    const Rational w = exactFloat(shape.rotationW), x = exactFloat(shape.rotationX);
    const Rational y = exactFloat(shape.rotationY), z = exactFloat(shape.rotationZ);
    const Rational r[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
                              {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
                              {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}};
    const Rational p[3] = {exactFloat(shape.positionX), exactFloat(shape.positionY), exactFloat(shape.positionZ)};
    const std::vector<ExactPoint3> world = worldVertices3(shape);
    ASSERT_EQ(world.size(), shape.vertices.size());
    for (std::size_t i = 0; i < world.size(); ++i) {
      const Rational v[3] = {exactFloat(shape.vertices[i].x), exactFloat(shape.vertices[i].y),
                             exactFloat(shape.vertices[i].z)};
      Rational expected[3];
      for (int row = 0; row < 3; ++row) expected[row] = r[row][0] * v[0] + r[row][1] * v[1] + r[row][2] * v[2] + p[row];
      EXPECT_TRUE(samePoint(world[i], point3(expected[0], expected[1], expected[2]))) << "trial " << trial;
    }
  }
}

TEST(Oracle3Hand, rejectsShapesWithoutAnExactAnswer) {
  const InputShape3 good = box3(1, 1, 1);
  EXPECT_THROW(solveByHull3(shape3({}), good), std::invalid_argument);
  EXPECT_THROW(solveWithoutHull3(good, shape3({{0, 0, 0}}, -1)), std::invalid_argument);
  InputShape3 many = good;
  many.vertices.assign(65, {0, 0, 0});
  EXPECT_THROW(solveByHull3(many, good), std::invalid_argument);
  InputShape3 notFinite = good;
  notFinite.rotationX = HUGE_VALF;
  EXPECT_THROW(solveWithoutHull3(notFinite, good), std::invalid_argument);
}

}  // namespace
}  // namespace gjk::oracle
