// adapters/fcl (gjk_plugin_fcl.so, FCL 0.7 from Debian's libfcl) called directly: what the adapter guarantees is
// asserted (its entries, the world frame of its answers on cubes whose distance and depth are known, its
// refusals, the same bits for the same query), and what FCL answers on the 3D families is measured against the
// exact answer and printed, never asserted (docs/engines.md, "FCL 0.7 (3D)").
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
  static const test_support::Plugin3 loaded(FCL_PLUGIN);
  return loaded;
}

const char* const ENTRIES[] = {"fcl-libccd", "fcl-indep"};

// FCL's default tolerances, which bound how far its GJK may stop from the answer on these exact cubes.
const double DISTANCE_TOLERANCE = 1e-6;  // DistanceRequest::distance_tolerance
const double COLLIDE_TOLERANCE = 1e-6;   // CollisionRequest::gjk_tolerance

ShapeSpec sphere(float x, float y, float z, float radius) {
  ShapeSpec shape;
  shape.vertices = {{x, y, z}};
  shape.radius = radius;
  return shape;
}

TEST(FclPlugin, declaresBothSolversAnsweringBothQueries) {
  const gjkcheck_plugin3& info = plugin().info();
  EXPECT_EQ(info.abi, GJKCHECK_PLUGIN_ABI);
  EXPECT_STREQ(info.engine, "fcl");
  EXPECT_NE(std::string(info.version).find("0.7"), std::string::npos) << info.version;
  ASSERT_EQ(info.entry_count, 2);
  for (const char* name : ENTRIES) {
    const gjkcheck_entry3& entry = plugin().entry(name);
    EXPECT_STREQ(entry.scalar, "f64");
    EXPECT_STREQ(entry.contact, "merged");
    EXPECT_NE(entry.distance, nullptr);
    EXPECT_NE(entry.penetration, nullptr);
  }
}

// Each entry's manifest (adapters/<entry>/manifest) says what the
// entry declares and runs this plugin's entry through the plugin host.
TEST(FclPlugin, manifestsMatchTheEntries) {
  for (const char* name : ENTRIES) {
    SCOPED_TRACE(name);
    test_support::expectManifestMatches(name, FCL_PLUGIN, plugin().info(), plugin().entry(name));
  }
}

// Unit cubes 1 apart along x: both solvers find the gap and the facing faces.
TEST(FclPlugin, cubesApartGiveTheGap) {
  const Case apart = spaceCase(cube(0, 0, 0), cube(2, 0, 0));
  for (const char* name : ENTRIES) {
    SCOPED_TRACE(name);
    const test_support::DistanceCall call = test_support::callDistance(plugin().entry(name), apart);
    ASSERT_EQ(call.outcome, test_support::Outcome::Answered) << call.stderrText;
    EXPECT_NEAR(call.answer.distance, 1, DISTANCE_TOLERANCE);
    EXPECT_NEAR(call.answer.point_a[0], 1, DISTANCE_TOLERANCE);
    EXPECT_NEAR(call.answer.point_b[0], 2, DISTANCE_TOLERANCE);
    EXPECT_STREQ(call.answer.termination, "unreported");
    const test_support::PenetrationCall contact = test_support::callPenetration(plugin().entry(name), apart);
    ASSERT_EQ(contact.outcome, test_support::Outcome::Answered) << contact.stderrText;
    EXPECT_EQ(contact.answer.overlapping, 0);
  }
}

// A cube turned half a turn about z and moved far from the origin, and a cube 2 beyond it along x: the witnesses
// lie on the faces that face each other in the world frame (a local frame would put them near the origin). The
// distance is printed, not asserted: GST_LIBCCD stops here at two corners sqrt(5) apart (a finding, docs/engines.md).
TEST(FclPlugin, witnessesAreInTheWorldFrame) {
  ShapeSpec a = cube(10, 20, 30);  // turned: [9, 10] x [19, 20] x [30, 31]
  a.quaternionW = 0;
  a.quaternionZ = 1;
  const Case apart = spaceCase(a, cube(12, 19, 30));  // [12, 13] x [19, 20] x [30, 31]
  for (const char* name : ENTRIES) {
    SCOPED_TRACE(name);
    const test_support::DistanceCall call = test_support::callDistance(plugin().entry(name), apart);
    ASSERT_EQ(call.outcome, test_support::Outcome::Answered) << call.stderrText;
    EXPECT_NEAR(call.answer.point_a[0], 10, DISTANCE_TOLERANCE);
    EXPECT_NEAR(call.answer.point_b[0], 12, DISTANCE_TOLERANCE);
    for (const double* p : {call.answer.point_a, call.answer.point_b}) {
      EXPECT_GE(p[1], 19 - DISTANCE_TOLERANCE);
      EXPECT_LE(p[1], 20 + DISTANCE_TOLERANCE);
      EXPECT_GE(p[2], 30 - DISTANCE_TOLERANCE);
      EXPECT_LE(p[2], 31 + DISTANCE_TOLERANCE);
    }
    std::cout << name << ": distance " << call.answer.distance << " (exact 2)\n";
  }
}

// Unit cubes overlapping by 1/4 along x, centres on one x line. GST_LIBCCD: the signed distance is negative,
// reported as distance 0; collide's MPR contact is exact here: depth 1/4 along +x (A towards B), its one point
// between the faces. GST_INDEP's answers are printed: Debian's libfcl keeps FCL's asserts, and its signed
// distance of overlapping shapes aborts (distance-inl.h:177) since its EPA contact's depth is negative.
TEST(FclPlugin, overlappingCubes) {
  const Case overlapping = spaceCase(cube(0, 0, 0), cube(0.75f, 0, 0));
  const gjkcheck_entry3& libccd = plugin().entry("fcl-libccd");
  const test_support::DistanceCall call = test_support::callDistance(libccd, overlapping);
  ASSERT_EQ(call.outcome, test_support::Outcome::Answered) << call.stderrText;
  EXPECT_EQ(call.answer.distance, 0);
  const test_support::PenetrationCall mpr = test_support::callPenetration(libccd, overlapping);
  ASSERT_EQ(mpr.outcome, test_support::Outcome::Answered) << mpr.stderrText;
  EXPECT_EQ(mpr.answer.overlapping, 1);
  EXPECT_NEAR(mpr.answer.depth, 0.25, COLLIDE_TOLERANCE);
  EXPECT_NEAR(mpr.answer.normal[0], 1, COLLIDE_TOLERANCE);
  EXPECT_NEAR(mpr.answer.normal[1], 0, COLLIDE_TOLERANCE);
  EXPECT_NEAR(mpr.answer.normal[2], 0, COLLIDE_TOLERANCE);
  EXPECT_GE(mpr.answer.point_a[0], 0.75 - COLLIDE_TOLERANCE);
  EXPECT_LE(mpr.answer.point_a[0], 1 + COLLIDE_TOLERANCE);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(mpr.answer.point_a[i], mpr.answer.point_b[i]);  // one point: merged

  const gjkcheck_entry3& indep = plugin().entry("fcl-indep");
  const test_support::DistanceCall indepDistance = test_support::callDistance(indep, overlapping);
  const test_support::PenetrationCall epa = test_support::callPenetration(indep, overlapping);
  std::cout << "fcl-indep distance: " << (indepDistance.outcome == test_support::Outcome::Answered ? "answered " : "")
            << (indepDistance.outcome == test_support::Outcome::Crashed ? "crashed " : "") << indepDistance.stderrText
            << "\nfcl-indep penetration: depth " << epa.answer.depth << " normal " << epa.answer.normal[0] << " "
            << epa.answer.normal[1] << " " << epa.answer.normal[2] << " (exact 0.25 along 1 0 0)\n";
}

// One point with a radius is an fcl::Sphere at the point's world position, two an fcl::Capsule; a polytope with a
// radius is refused (FCL has no rounded convex shape).
TEST(FclPlugin, spheresAndCapsulesAnsweredRoundedPolytopesRefused) {
  ShapeSpec capsule;
  capsule.vertices = {{0, 0, -1}, {0, 0, 1}};
  capsule.radius = 0.5f;
  capsule.positionX = 4;  // its axis along world z at x = 4
  const Case spheres = spaceCase(sphere(1, 0, 0, 1), capsule);  // centre (1, 0, 0), radius 1: gap 4 - 1 - 1 - 0.5
  const Case rounded = spaceCase(cube(0, 0, 0, 0.25f), cube(3, 0, 0));
  for (const char* name : ENTRIES) {
    SCOPED_TRACE(name);
    const test_support::DistanceCall call = test_support::callDistance(plugin().entry(name), spheres);
    ASSERT_EQ(call.outcome, test_support::Outcome::Answered) << call.stderrText;
    EXPECT_NEAR(call.answer.distance, 1.5, DISTANCE_TOLERANCE);
    EXPECT_NEAR(call.answer.point_a[0], 2, DISTANCE_TOLERANCE);
    EXPECT_NEAR(call.answer.point_b[0], 3.5, DISTANCE_TOLERANCE);
    const test_support::DistanceCall refused = test_support::callDistance(plugin().entry(name), rounded);
    EXPECT_EQ(refused.outcome, test_support::Outcome::Refused);
    EXPECT_NE(refused.stderrText.find("no rounded convex shape"), std::string::npos) << refused.stderrText;
    EXPECT_EQ(test_support::callPenetration(plugin().entry(name), rounded).outcome, test_support::Outcome::Refused);
  }
}

bool hasRoundedPolytope(const Case& value) {
  for (const ShapeSpec* s : {&value.a, &value.b}) {
    if (s->radius > 0 && s->vertices.size() > 2) return true;
  }
  return false;
}

// 20 cases of each 3D family through both entries and both queries, each query twice. Asserted: the same bits for
// the same query, and refusals exactly on the rounded polytopes. Printed: the verdicts per family.
TEST(FclPlugin, familySweep) {
  const std::vector<test_support::SweepCase> cases = test_support::sweepCases3(20);
  int rounded = 0;
  for (const test_support::SweepCase& c : cases) rounded += hasRoundedPolytope(c.value) ? 1 : 0;
  for (const char* name : ENTRIES) {
    SCOPED_TRACE(name);
    const test_support::EntrySweep sweep = test_support::sweepEntry(plugin().entry(name), cases);
    EXPECT_TRUE(sweep.differing.empty()) << sweep.differing.front();
    EXPECT_EQ(static_cast<int>(sweep.refusals.size()), 2 * rounded);
    for (const std::string& refusal : sweep.refusals) {
      EXPECT_NE(refusal.find("no rounded convex shape"), std::string::npos) << refusal;
    }
    test_support::printTallies(std::string(name) + " distance", sweep.distance);
    test_support::printTallies(std::string(name) + " penetration", sweep.penetration);
    test_support::printFailures(name, sweep.failures);
  }
}

}  // namespace
}  // namespace gjk::check
