// adapters/libccd (gjk_plugin_libccd.so, libccd 2.1 from Debian's libccd-dev) called directly: what the adapter
// guarantees is asserted (its entries, the world frame and sign conventions of its answers on shapes whose depth
// is known, rounded shapes swept, the same bits for the same query), and what libccd answers on the 3D families is
// measured against the exact answer and printed, never asserted (docs/engines.md, "libccd 2.1 (3D)").
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <string>

#include "tests/engines3d/plugin3_runner.h"
#include "tests/verdict/space_case_shapes.h"

namespace gjk::check {
namespace {

using test_support::cube;
using test_support::spaceCase;

const test_support::Plugin3& plugin() {
  static const test_support::Plugin3 loaded(LIBCCD_PLUGIN);
  return loaded;
}

const char* const ENTRIES[] = {"libccd-gjkepa", "libccd-mpr"};

// CCD_INIT's epa_tolerance and mpr_tolerance (1e-4). On polytopes both stop on the nearest face of B - A itself,
// so their depth is the exact one to rounding; MPR stops when the portal is within mpr_tolerance of the surface
// along its unit direction (mpr.c portalReachTolerance).
const double TOLERANCE = 1e-4;
// EPA on a curved shape stops when its new support point is within epa_tolerance of the nearest face, the distance
// taken squared (ccd.c:992, nextSupport): the depth it reports may be sqrt(1e-4) short of the sphere's.
const double EPA_CURVED_TOLERANCE = 1e-2;

ShapeSpec sphere(float x, float y, float z, float radius) {
  ShapeSpec shape;
  shape.vertices = {{x, y, z}};
  shape.radius = radius;
  return shape;
}

// The half-turned cube of the FCL test: [9, 10] x [19, 20] x [30, 31] in the world.
ShapeSpec turnedCube() {
  ShapeSpec a = cube(10, 20, 30);
  a.quaternionW = 0;
  a.quaternionZ = 1;
  return a;
}

TEST(LibccdPlugin, declaresTwoPenetrationEntries) {
  const gjkcheck_plugin3& info = plugin().info();
  EXPECT_EQ(info.abi, GJKCHECK_PLUGIN_ABI);
  EXPECT_STREQ(info.engine, "libccd");
  EXPECT_NE(std::string(info.version).find("2.1"), std::string::npos) << info.version;
  ASSERT_EQ(info.entry_count, 2);
  for (const char* name : ENTRIES) {
    const gjkcheck_entry3& entry = plugin().entry(name);
    EXPECT_STREQ(entry.scalar, "f64");
    EXPECT_STREQ(entry.contact, "merged");
    EXPECT_EQ(entry.distance, nullptr);  // libccd 2.1 has no distance query
    EXPECT_NE(entry.penetration, nullptr);
  }
}

// Each entry's manifest (adapters/<entry>/manifest) says what the
// entry declares and runs this plugin's entry through the plugin host.
TEST(LibccdPlugin, manifestsMatchTheEntries) {
  for (const char* name : ENTRIES) {
    SCOPED_TRACE(name);
    test_support::expectManifestMatches(name, LIBCCD_PLUGIN, plugin().info(), plugin().entry(name));
  }
}

TEST(LibccdPlugin, cubesApartAreSeparated) {
  const Case apart = spaceCase(turnedCube(), cube(12, 19, 30));
  for (const char* name : ENTRIES) {
    SCOPED_TRACE(name);
    const test_support::PenetrationCall call = test_support::callPenetration(plugin().entry(name), apart);
    ASSERT_EQ(call.outcome, test_support::Outcome::Answered) << call.stderrText;
    EXPECT_EQ(call.answer.overlapping, 0);
  }
}

// The turned cube and a cube overlapping it by 1/4 along x (their centres on one x line): depth 1/4, direction +x
// (from A towards B: moving B by depth along it separates them), the one position between the faces, in the
// world frame.
TEST(LibccdPlugin, overlappingCubesInTheWorldFrame) {
  const Case overlapping = spaceCase(turnedCube(), cube(9.75f, 19, 30));
  for (const char* name : ENTRIES) {
    SCOPED_TRACE(name);
    const test_support::PenetrationCall call = test_support::callPenetration(plugin().entry(name), overlapping);
    ASSERT_EQ(call.outcome, test_support::Outcome::Answered) << call.stderrText;
    EXPECT_EQ(call.answer.overlapping, 1);
    EXPECT_NEAR(call.answer.depth, 0.25, TOLERANCE);
    EXPECT_NEAR(call.answer.normal[0], 1, TOLERANCE);
    EXPECT_NEAR(call.answer.normal[1], 0, TOLERANCE);
    EXPECT_NEAR(call.answer.normal[2], 0, TOLERANCE);
    EXPECT_GE(call.answer.point_a[0], 9.75 - TOLERANCE);
    EXPECT_LE(call.answer.point_a[0], 10 + TOLERANCE);
    EXPECT_GE(call.answer.point_a[1], 19 - TOLERANCE);
    EXPECT_LE(call.answer.point_a[1], 20 + TOLERANCE);
    EXPECT_GE(call.answer.point_a[2], 30 - TOLERANCE);
    EXPECT_LE(call.answer.point_a[2], 31 + TOLERANCE);
    for (int i = 0; i < 3; ++i) EXPECT_EQ(call.answer.point_a[i], call.answer.point_b[i]);  // merged
  }
}

// The radius is swept as a sphere: spheres of radius 1 whose centres are 1.5 apart overlap by 0.5 along +x; a cube
// with a radius is answered, not refused, and overlaps another by the radii less the gap.
TEST(LibccdPlugin, roundedShapesAreSwept) {
  const Case spheres = spaceCase(sphere(0, 0, 0, 1), sphere(1.5f, 0, 0, 1));
  const Case roundedApart = spaceCase(cube(0, 0, 0, 0.25f), cube(1.75f, 0, 0, 0.25f));  // 0.75 apart, radii 0.5
  const Case roundedTouching = spaceCase(cube(0, 0, 0, 0.25f), cube(1.25f, 0, 0, 0.25f));  // 0.25 apart: overlap 0.25
  for (const char* name : ENTRIES) {
    SCOPED_TRACE(name);
    const test_support::PenetrationCall call = test_support::callPenetration(plugin().entry(name), spheres);
    ASSERT_EQ(call.outcome, test_support::Outcome::Answered) << call.stderrText;
    const double tolerance = std::string(name) == "libccd-gjkepa" ? EPA_CURVED_TOLERANCE : TOLERANCE;
    EXPECT_EQ(call.answer.overlapping, 1);
    EXPECT_NEAR(call.answer.depth, 0.5, tolerance);
    EXPECT_GT(call.answer.normal[0], 0);  // from A towards B
    EXPECT_EQ(test_support::callPenetration(plugin().entry(name), roundedApart).answer.overlapping, 0);
    const test_support::PenetrationCall rounded = test_support::callPenetration(plugin().entry(name), roundedTouching);
    ASSERT_EQ(rounded.outcome, test_support::Outcome::Answered) << rounded.stderrText;
    EXPECT_EQ(rounded.answer.overlapping, 1);
    EXPECT_NEAR(rounded.answer.depth, 0.25, TOLERANCE);
  }
}

// 20 cases of each 3D family through both entries, each query twice. Asserted: the same bits for the same query,
// and no refusal but libccd's own failure code. Printed: the verdicts per family.
TEST(LibccdPlugin, familySweep) {
  const std::vector<test_support::SweepCase> cases = test_support::sweepCases3(20);
  for (const char* name : ENTRIES) {
    SCOPED_TRACE(name);
    const test_support::EntrySweep sweep = test_support::sweepEntry(plugin().entry(name), cases);
    EXPECT_TRUE(sweep.differing.empty()) << sweep.differing.front();
    for (const std::string& refusal : sweep.refusals) {
      EXPECT_NE(refusal.find("Penetration returned"), std::string::npos) << refusal;
    }
    test_support::printTallies(std::string(name) + " penetration", sweep.penetration);
    test_support::printFailures(name, sweep.failures);
    std::cout << name << ": " << sweep.refusals.size() << " refused\n";
  }
}

}  // namespace
}  // namespace gjk::check
