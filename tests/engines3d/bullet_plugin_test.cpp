// The Bullet plugins (adapters/bullet/plugin.cpp, built twice: gjk_plugin_bullet.so on float Bullet,
// gjk_plugin_bullet_f64.so on double Bullet) opened with dlopen, on hand-worked cases whose answers are known:
// what each entry declares, unit cubes apart and overlapping, the case's transform (quaternion order, position),
// spheres and capsules as Bullet's shapes, the default margin of the -margin entries. Each tolerance is the
// engine's documented accuracy (btGjkEpa2.cpp GJK_ACCURACY / EPA_ACCURACY: 1e-4 in float, 1e-12 in double;
// btGjkPairDetector.cpp REL_ERROR2 1e-6 / 1e-12 on squared distances), relative to a gap of size about 1.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "tests/engines3d/bullet_plugin3.h"
#include "tests/verdict/space_case_shapes.h"

namespace gjk::check {
namespace {

struct Build {
  const char* path;
  const char* scalar;
  double accuracy;  // the loose one of GJK_ACCURACY and EPA_ACCURACY, both the same in each build
};
const Build FLOAT_BUILD{GJK_BULLET_PLUGIN, "f32", 1e-4};
const Build DOUBLE_BUILD{GJK_BULLET_F64_PLUGIN, "f64", 1e-12};

const Plugin3& plugin(const Build& build) {
  static Plugin3 f32(FLOAT_BUILD.path);
  static Plugin3 f64(DOUBLE_BUILD.path);
  return &build == &FLOAT_BUILD ? f32 : f64;
}

// A box of half extents (hx, hy, hz) centred on its local origin.
ShapeSpec box(float hx, float hy, float hz, float x, float y, float z) {
  ShapeSpec shape;
  for (int i = 0; i < 8; ++i) {
    shape.vertices.push_back({(i & 1) ? hx : -hx, (i & 2) ? hy : -hy, (i & 4) ? hz : -hz});
  }
  shape.positionX = x;
  shape.positionY = y;
  shape.positionZ = z;
  return shape;
}

ShapeSpec cube(float x, float y, float z) { return box(0.5f, 0.5f, 0.5f, x, y, z); }

ShapeSpec rounded(std::vector<Vertex> points, float radius, float x, float y, float z) {
  ShapeSpec shape;
  shape.vertices = std::move(points);
  shape.radius = radius;
  shape.positionX = x;
  shape.positionY = y;
  shape.positionZ = z;
  return shape;
}

using test_support::spaceCase;

// Parameterized by the build's scalar word, so that ctest's test names are the same on every run.
class BulletPlugin : public ::testing::TestWithParam<std::string> {
 protected:
  const Build& build() const { return GetParam() == FLOAT_BUILD.scalar ? FLOAT_BUILD : DOUBLE_BUILD; }
  const gjkcheck_entry3& entry(const char* name) const { return plugin(build()).entry(name); }
  double tolerance(double size) const { return build().accuracy * size; }
};

TEST_P(BulletPlugin, declaresItsEntriesScalarAndConvention) {
  const gjkcheck_plugin3& info = plugin(build()).info();
  EXPECT_EQ(info.abi, GJKCHECK_PLUGIN_ABI);
  EXPECT_STREQ(info.engine, "bullet");
  EXPECT_EQ(std::string(info.version).rfind("3.24 (Debian libbullet-dev 3.24", 0), 0u) << info.version;
  ASSERT_EQ(info.entry_count, 4);
  const char* names[] = {"gjkepa", "pair", "gjkepa-margin", "pair-margin"};
  for (int i = 0; i < 4; ++i) {
    const gjkcheck_entry3& entry = info.entries[i];
    EXPECT_STREQ(entry.name, names[i]);
    EXPECT_STREQ(entry.scalar, build().scalar);
    EXPECT_STREQ(entry.contact, "on-shapes");
    EXPECT_NE(entry.penetration, nullptr);
  }
  // SignedDistance does not measure margins: gjkepa-margin's distance would be gjkepa's, so it has none.
  EXPECT_EQ(entry("gjkepa-margin").distance, nullptr);
  EXPECT_NE(entry("gjkepa").distance, nullptr);
  EXPECT_NE(entry("pair").distance, nullptr);
  EXPECT_NE(entry("pair-margin").distance, nullptr);
}

// Unit cubes a quarter apart along x, placed away from the origin and turned by a quarter turn about x (which maps
// a cube onto itself): the gap, and each witness on its own cube's facing side where the transform puts it.
TEST_P(BulletPlugin, separatedCubesGiveTheGapWithWitnessesOnTheFacingSides) {
  ShapeSpec a = cube(10, -3, 2), b = cube(11.25f, -3, 2);
  for (ShapeSpec* shape : {&a, &b}) {
    shape->quaternionW = 0.70710677f;
    shape->quaternionX = 0.70710677f;
  }
  const Case value = spaceCase(a, b);
  for (const char* name : {"gjkepa", "pair"}) {
    SCOPED_TRACE(name);
    const StrategyResult result = runDistance3(entry(name), value);
    ASSERT_EQ(result.failure, EngineFailure::None);
    EXPECT_NEAR(result.distance, 0.25, tolerance(0.25));
    EXPECT_NEAR(result.pointA.x, 10.5, tolerance(10.5));
    EXPECT_NEAR(result.pointB.x, 10.75, tolerance(10.75));
    for (const Point& p : {result.pointA, result.pointB}) {
      EXPECT_LE(std::fabs(p.y + 3), 0.5 + tolerance(3));
      EXPECT_LE(std::fabs(p.z - 2), 0.5 + tolerance(2));
    }
    const StrategyResult apart = runPenetration3(entry(name), value);
    ASSERT_EQ(apart.failure, EngineFailure::None);
    EXPECT_FALSE(apart.penetration.overlapping);
  }
}

// The quaternion's order: a rod 4 long along its local x, turned a quarter turn about z (w, 0, 0, s), stands along
// y beside the unit cube, 1.4 from it; read as (x, y, z, w) it would be turned about x and pierce the cube.
TEST_P(BulletPlugin, theQuaternionIsReadWFirst) {
  ShapeSpec rod = box(2, 0.1f, 0.1f, 2, 0, 0);
  rod.quaternionW = 0.70710677f;
  rod.quaternionZ = 0.70710677f;
  const Case value = spaceCase(cube(0, 0, 0), rod);
  for (const char* name : {"gjkepa", "pair"}) {
    SCOPED_TRACE(name);
    const StrategyResult result = runDistance3(entry(name), value);
    ASSERT_EQ(result.failure, EngineFailure::None);
    // 1.4 up to the float quaternion's rounding (its squared length is 1 - 2^-25 or so), far below 1e-6.
    EXPECT_NEAR(result.distance, 1.4, tolerance(1.4) + 1e-6);
    EXPECT_NEAR(result.pointB.x, 1.9, tolerance(1.9) + 1e-6);
  }
}

// Cubes overlapping by a quarter along x: depth 1/4, the normal from A towards B +x, contact points on each cube.
TEST_P(BulletPlugin, overlappingCubesGiveTheDepthAndNormal) {
  const Case value = spaceCase(cube(0, 0.125f, 0), cube(0.75f, 0, 0.25f));
  for (const char* name : {"gjkepa", "pair"}) {
    SCOPED_TRACE(name);
    gjkcheck_penetration_answer3 answer;
    const StrategyResult result = runPenetration3(entry(name), value, &answer);
    ASSERT_EQ(result.failure, EngineFailure::None);
    ASSERT_TRUE(answer.overlapping);
    EXPECT_NEAR(answer.depth, 0.25, tolerance(1));
    EXPECT_NEAR(answer.normal[0], 1, tolerance(1));
    EXPECT_NEAR(answer.point_a[0], 0.5, tolerance(1));   // A's +x face
    EXPECT_NEAR(answer.point_b[0], 0.25, tolerance(1));  // B's -x face
    const StrategyResult distance = runDistance3(entry(name), value);
    ASSERT_EQ(distance.failure, EngineFailure::None);
    EXPECT_EQ(distance.distance, 0);
  }
}

// A sphere is btSphereShape and a capsule btCapsuleShape: the pair detector measures them with their radius (their
// margin). The capsule's segment lies along x at y = 2, whether its points are given about the local origin or
// offset from it, so it is 2 - 0.25 - 0.5 = 1.25 from the cube; standing along Bullet's own Y it would be 0.25.
TEST_P(BulletPlugin, spheresAndCapsulesArePlacedOnTheirPoints) {
  const gjkcheck_entry3& pair = entry("pair");
  const Case sphere = spaceCase(cube(0, 0, 0), rounded({{1, 1, 1}}, 0.5f, 2, -1, -1));
  const StrategyResult toSphere = runDistance3(pair, sphere);
  ASSERT_EQ(toSphere.failure, EngineFailure::None);
  EXPECT_NEAR(toSphere.distance, 2, tolerance(2));
  EXPECT_NEAR(toSphere.pointB.x, 2.5, tolerance(2.5));  // on the sphere, centred at (3, 0, 0)
  for (const Case& value : {spaceCase(cube(0, 0, 0), rounded({{-1, 0, 0}, {1, 0, 0}}, 0.25f, 0, 2, 0)),
                            spaceCase(cube(0, 0, 0), rounded({{-1, 5, 0}, {1, 5, 0}}, 0.25f, 0, -3, 0))}) {
    const StrategyResult result = runDistance3(pair, value);
    ASSERT_EQ(result.failure, EngineFailure::None);
    EXPECT_NEAR(result.distance, 1.25, tolerance(1.25));
    EXPECT_NEAR(result.pointB.y, 1.75, tolerance(1.75));
  }
  // SignedDistance measures the shapes without margins (a sphere's whole radius is its margin: the core gap is
  // 2.5); the entry subtracts the margins as Bullet's own callers do, and moves B's point onto the sphere.
  const StrategyResult signedDistance = runDistance3(entry("gjkepa"), sphere);
  ASSERT_EQ(signedDistance.failure, EngineFailure::None);
  EXPECT_NEAR(signedDistance.distance, 2, tolerance(2));
  EXPECT_NEAR(signedDistance.pointB.x, 2.5, tolerance(2.5));
  EXPECT_NEAR(signedDistance.pointA.x, 0.5, tolerance(0.5));
}

// The -margin entries build hulls with btConvexHullShape's default margin (CONVEX_DISTANCE_MARGIN 0.04): each cube is
// 0.04 larger all round, so the quarter gap is 0.17 and the quarter overlap 0.33.
TEST_P(BulletPlugin, marginEntriesMeasureCubesGrownByTheDefaultMargin) {
  const Case apart = spaceCase(cube(0, 0, 0), cube(1.25f, 0, 0));
  const StrategyResult distance = runDistance3(entry("pair-margin"), apart);
  ASSERT_EQ(distance.failure, EngineFailure::None);
  EXPECT_NEAR(distance.distance, 0.17, tolerance(1) + 1e-7);  // 0.04 is a float in the float build
  const Case overlapping = spaceCase(cube(0, 0, 0), cube(0.75f, 0, 0));
  for (const char* name : {"gjkepa-margin", "pair-margin"}) {
    SCOPED_TRACE(name);
    gjkcheck_penetration_answer3 answer;
    ASSERT_EQ(runPenetration3(entry(name), overlapping, &answer).failure, EngineFailure::None);
    ASSERT_TRUE(answer.overlapping);
    EXPECT_NEAR(answer.depth, 0.33, tolerance(1) + 1e-7);
  }
}

INSTANTIATE_TEST_SUITE_P(Builds, BulletPlugin, ::testing::Values(FLOAT_BUILD.scalar, DOUBLE_BUILD.scalar),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace gjk::check
