// 3D cases in the `gjk-case 1` format (docs/case-format.md, "3D cases"): reading `dimension 3` and its lines, the
// bit-exact round trip (hex extremes, -0, subnormals, random numbers), the 64-vertex limit, and what formatCase
// refuses. The errors of the 3D lines are in space_case_errors_test.cpp.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

#include "case/case.h"
#include "case/unit_rotation.h"
#include "tests/case/case_file_support.h"

namespace gjk::check {
namespace {

// A 3D case text: the header, `dimension 3`, then `lines`.
std::string spaceCase(const std::string& lines) {
  return "gjk-case 1\ndimension 3\n" + lines;
}

// `count` vertices on shape `name` of a 3D case, (i, 2i, 3i).
std::string spaceVertices(const std::string& name, int count) {
  std::string lines;
  for (int i = 0; i < count; ++i) {
    lines += name + ".vertex " + std::to_string(i) + " " + std::to_string(2 * i) + " " + std::to_string(3 * i) + "\n";
  }
  return lines;
}

TEST(SpaceCase, readsEveryLine) {
  const Case c = parse(spaceCase(
      "meta.story a sphere beside a rotated tetrahedron\n"
      "a.radius 0.5\n"
      "a.vertex 0 0 0\n"
      "b.position 1 -2 0x1p-3\n"
      "b.rotation 0.5 -0.5 0.5 0.5   # a third of a turn about (-1, 1, 1)\n"
      "b.vertex 1 0 0\n"
      "b.vertex 0 1 0\n"
      "b.vertex 0 0 1\n"
      "b.vertex -1 -1 -0x1.8p+0\n"));
  EXPECT_EQ(c.dimension, 3);
  EXPECT_EQ(c.metaValue("story"), "a sphere beside a rotated tetrahedron");
  EXPECT_EQ(c.a.radius, 0.5f);
  ASSERT_EQ(c.a.vertices.size(), 1u);
  EXPECT_EQ(c.b.positionX, 1.0f);
  EXPECT_EQ(c.b.positionY, -2.0f);
  EXPECT_EQ(c.b.positionZ, 0.125f);
  EXPECT_EQ(c.b.quaternionW, 0.5f);
  EXPECT_EQ(c.b.quaternionX, -0.5f);
  EXPECT_EQ(c.b.quaternionY, 0.5f);
  EXPECT_EQ(c.b.quaternionZ, 0.5f);
  ASSERT_EQ(c.b.vertices.size(), 4u);
  EXPECT_EQ(c.b.vertices[2].z, 1.0f);
  EXPECT_EQ(c.b.vertices[3].z, -1.5f);
  // The 2D rotation is untouched in 3D; the quaternion defaults to the identity.
  EXPECT_SAME_BITS(1.0f, c.b.rotationC);
  EXPECT_SAME_BITS(0.0f, c.b.rotationS);
  EXPECT_SAME_BITS(1.0f, c.a.quaternionW);
  EXPECT_SAME_BITS(0.0f, c.a.quaternionX);
  EXPECT_SAME_BITS(0.0f, c.a.positionZ);
}

TEST(SpaceCase, dimensionTwoIsTheDefaultAndMayBeSaid) {
  const Case said = parse("gjk-case 1\n# a comment\n\ndimension 2   # the default\na.vertex 1 2\nb.vertex 3 4\n");
  const Case unsaid = parse("gjk-case 1\na.vertex 1 2\nb.vertex 3 4\n");
  EXPECT_EQ(said.dimension, 2);
  expectSameCase(unsaid, said);
  EXPECT_EQ(formatCase(said), formatCase(unsaid));  // the writer omits `dimension 2`
  EXPECT_EQ(formatCase(said).find("dimension"), std::string::npos);
}

TEST(SpaceCase, writesDimensionThreeRightAfterTheHeaderAndEveryLineInHex) {
  Case c;
  c.dimension = 3;
  c.setMeta("family", "space");
  c.a.vertices = {{1, -0.5f, 0.1f}};
  c.a.radius = 0.25f;
  c.b.positionZ = -3;
  c.b.quaternionW = 0;
  c.b.quaternionZ = -1;
  c.b.vertices = {{0, 0, -0.0f}};
  EXPECT_EQ(formatCase(c),
            "gjk-case 1\n"
            "dimension 3\n"
            "meta.family space\n"
            "a.radius 0x1p-2  # 0.25\n"
            "a.vertex 0x1p+0 -0x1p-1 0x1.99999ap-4  # 1 -0.5 0.1\n"
            "b.position 0 0 -0x1.8p+1  # 0 0 -3\n"
            "b.rotation 0 0 0 -0x1p+0  # 0 0 0 -1\n"
            "b.vertex 0 0 -0  # 0 0 -0\n");
  expectSameCase(c, parse(formatCase(c)));
}

// Shapes of a 3D case from the given numbers: every field set, so the round trip covers every line.
Case spaceCaseOf(const std::vector<float>& numbers, std::size_t& next, int vertexCount) {
  auto take = [&] { return numbers[next++ % numbers.size()]; };
  Case c;
  c.dimension = 3;
  for (ShapeSpec* shape : {&c.a, &c.b}) {
    shape->radius = std::fabs(take());
    shape->positionX = take();
    shape->positionY = take();
    shape->positionZ = take();
    const UnitQuaternion q = toUnitQuaternion(take(), take(), take(), take());
    shape->quaternionW = q.w;
    shape->quaternionX = q.x;
    shape->quaternionY = q.y;
    shape->quaternionZ = q.z;
    for (int i = 0; i < vertexCount; ++i) {
      shape->vertices.push_back({take(), take(), take()});
    }
  }
  return c;
}

TEST(SpaceCase, roundTripsHexExtremesNegativeZeroAndSubnormalsBitForBit) {
  const std::vector<float> extremes = {FLT_MAX,  -FLT_MAX, FLT_MIN,        -FLT_MIN, FLT_TRUE_MIN, -FLT_TRUE_MIN,
                                       -0.0f,    0.0f,     0x1.fffffep-1f, 1e-40f,   -3e-42f,      0x1.000002p+0f,
                                       16777216.0f, 0.1f,     -2.5e37f};
  std::size_t next = 0;
  for (int round = 0; round < 40; ++round) {
    const Case c = spaceCaseOf(extremes, next, 1 + round % 7);
    const std::string text = formatCase(c);
    SCOPED_TRACE(text);
    expectSameCase(c, parse(text));
    EXPECT_EQ(formatCase(parse(text)), text);
  }
  // A unit quaternion with subnormal and negative-zero numbers is written and read as given.
  Case c;
  c.dimension = 3;
  c.a.vertices = {{-0.0f, FLT_TRUE_MIN, -FLT_MAX}};
  c.b.vertices = {{0, 0, 0}};
  c.b.quaternionW = -0.0f;
  c.b.quaternionX = FLT_TRUE_MIN;
  c.b.quaternionY = 0x1.fffffp-1f;
  c.b.quaternionZ = -0.0f;
  expectSameCase(c, parse(formatCase(c)));
}

TEST(SpaceCase, roundTripsRandomCasesBitForBit) {
  const std::uint32_t seed = testSeed();
  std::mt19937 random(seed);
  std::vector<float> numbers;
  for (int i = 0; i < 4096; ++i) {
    float v;
    do v = floatFromBits(static_cast<std::uint32_t>(random()));
    while (!std::isfinite(v));
    numbers.push_back(v);
  }
  std::size_t next = 0;
  for (int round = 0; round < 200; ++round) {
    const Case c = spaceCaseOf(numbers, next, 1 + static_cast<int>(random() % MAX_POLYTOPE_VERTICES));
    const Case back = parse(formatCase(c));
    expectSameCase(c, back);
    if (::testing::Test::HasFailure()) {
      ADD_FAILURE() << "round " << round << ":\n" << formatCase(c);
      return;
    }
  }
}

TEST(SpaceCase, aShapeHasAtMostSixtyFourVertices) {
  EXPECT_EQ(MAX_POLYTOPE_VERTICES, 64);
  const Case c = parse(spaceCase(spaceVertices("a", 64) + spaceVertices("b", 64)));
  EXPECT_EQ(c.a.vertices.size(), 64u);
  EXPECT_EQ(c.b.vertices[63].z, 189.0f);
  expectSameCase(c, parse(formatCase(c)));
  expectCaseError(spaceCase(spaceVertices("a", 65) + "b.vertex 0 0 0\n"),
                  "t.case:67: shape a has more than 64 vertices (MAX_POLYTOPE_VERTICES, a 3D shape)", 67);
  Case tooMany = c;
  tooMany.b.vertices.push_back({});
  EXPECT_THROW(formatCase(tooMany), std::invalid_argument);
  // A 2D shape keeps its 16.
  std::string planar = "gjk-case 1\n";
  for (int i = 0; i < 17; ++i) planar += "a.vertex " + std::to_string(i) + " 0\n";
  expectCaseError(planar + "b.vertex 0 0\n", "t.case:18: shape a has more than 16 vertices (MAX_POLYGON_VERTICES)", 18);
}

// formatCase refuses every 3D case the reader would not give back, and every 2D case carrying a 3D number.
TEST(SpaceCase, formatCaseRefusesWhatTheReaderWouldReject) {
  Case base;
  base.dimension = 3;
  base.a.vertices = {{1, 2, 3}};
  base.b.vertices = {{0, 0, 0}};
  ASSERT_NO_THROW(formatCase(base));
  auto expectRefused = [&](const char* what, auto change) {
    Case c = base;
    change(c);
    EXPECT_THROW(formatCase(c), std::invalid_argument) << what;
  };
  expectRefused("a non-unit quaternion", [](Case& c) { c.a.quaternionW = 0.5f; });
  expectRefused("a quaternion just beyond 2^-20", [](Case& c) { c.a.quaternionX = std::nextafter(0x1p-10f, 1.0f); });
  expectRefused("a 2D rotation in 3D", [](Case& c) { c.a.rotationS = 1, c.a.rotationC = 0; });
  expectRefused("a non-finite z", [](Case& c) { c.b.vertices[0].z = INFINITY; });
  expectRefused("a NaN positionZ", [](Case& c) { c.b.positionZ = NAN; });
  expectRefused("a translation", [](Case& c) { c.hasTranslation = true; });
  expectRefused("a turn", [](Case& c) { c.hasTranslation = c.hasAngular = true; });
  expectRefused("dimension 4", [](Case& c) { c.dimension = 4; });
  expectRefused("dimension 0", [](Case& c) { c.dimension = 0; });
  expectRefused("a 2D case with a z", [](Case& c) { c.dimension = 2; });
  expectRefused("a 2D case with a positionZ", [](Case& c) { c.dimension = 2, c.a.vertices[0].z = 0, c.b.positionZ = 1; });
  expectRefused("a 2D case with a quaternion", [](Case& c) {
    c.dimension = 2, c.a.vertices[0].z = 0, c.b.quaternionW = 0, c.b.quaternionY = 1;
  });
  // The boundary itself is written.
  Case boundary = base;
  boundary.a.quaternionX = 0x1p-10f;
  expectSameCase(boundary, parse(formatCase(boundary)));
}

TEST(SpaceCase, requirePlanarCaseRefusesA3dCaseByName) {
  Case c = parse(spaceCase("a.vertex 0 0 0\nb.vertex 1 1 1\n"));
  try {
    requirePlanarCase(c, "the 2D oracle");
    ADD_FAILURE() << "a 3D case passed";
  } catch (const CaseError& error) {
    EXPECT_STREQ(error.what(), "t.case: a 3D case (dimension 3): the 2D oracle takes 2D cases only");
    EXPECT_EQ(error.line(), 0);
  }
  c.dimension = 2;
  EXPECT_NO_THROW(requirePlanarCase(c, "the 2D oracle"));
}

}  // namespace
}  // namespace gjk::check
