// The penetration strategies (issue 13) on hand-worked cases, through the registry as the tools run them:
// the core ones (epa, sat float; dyn4j-epa double) and the real engines (box2d-2.4.1-sat, chipmunk7).
//
// Exactness: on axis-aligned boxes of dyadic size at dyadic offsets every support point, edge, edge length
// (a power of two or the sum of two) and projection is a short dyadic number, so float and double
// compute them without rounding: depth and normal must be exact, and the contact points must satisfy
// pointB - pointA = -depth normal exactly. Where a rotation or a curved (rounded) support enters, the
// tolerance is argued at the test.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "case/case.h"
#include "verdict/strategy.h"

namespace {

using gjk::check::Case;
using gjk::check::EngineFailure;
using gjk::check::findStrategy;
using gjk::check::PenetrationAnswer;
using gjk::check::QueryKind;
using gjk::check::ShapeSpec;
using gjk::check::StrategyInfo;
using gjk::check::StrategyResult;

const std::vector<std::string> CORE = {"epa", "sat", "dyn4j-epa"};
const std::vector<std::string> ENGINES = {"box2d-2.4.1-sat", "chipmunk7"};

std::vector<std::string> all() {
  std::vector<std::string> names = CORE;
  names.insert(names.end(), ENGINES.begin(), ENGINES.end());
  return names;
}

ShapeSpec box(float half, float x, float y, float radius = 0) {
  ShapeSpec s;
  s.vertices = {{-half, -half}, {half, -half}, {half, half}, {-half, half}};
  s.positionX = x;
  s.positionY = y;
  s.radius = radius;
  return s;
}

ShapeSpec disk(float radius, float x, float y) {
  ShapeSpec s;
  s.vertices = {{0, 0}};
  s.positionX = x;
  s.positionY = y;
  s.radius = radius;
  return s;
}

Case pair(ShapeSpec a, ShapeSpec b) {
  Case value;
  value.a = a;
  value.b = b;
  return value;
}

StrategyResult run(const std::string& name, const Case& value) {
  const StrategyInfo* info = findStrategy(name);
  if (info == nullptr) {
    ADD_FAILURE() << name << " is not registered (built without its library?)";
    return {};
  }
  return info->run(value, {});
}

TEST(PenetrationStrategies, areRegisteredAsPenetrationQueries) {
#ifndef GJK_HAVE_BOX2D
  FAIL() << "built without Box2D: apt-get install libbox2d-dev and reconfigure";
#endif
#ifndef GJK_HAVE_CHIPMUNK
  FAIL() << "built without Chipmunk: apt-get install libchipmunk-dev and reconfigure";
#endif
  for (const std::string& name : all()) {
    const StrategyInfo* info = findStrategy(name);
    ASSERT_NE(info, nullptr) << name;
    EXPECT_EQ(info->query, QueryKind::Penetration) << name;
  }
}

// Two unit squares overlapping by 1/4 along each axis direction: depth 1/4, the normal the axis direction
// B sits in (from A towards B), points a quarter apart against the normal. Exact for every strategy.
TEST(PenetrationStrategies, unitSquaresOverlappingByAQuarterGiveDepthAQuarterAlongTheOffset) {
  struct Offset {
    float x, y;
    double nx, ny;
  };
  const Offset offsets[] = {{0.75f, 0, 1, 0},   {-0.75f, 0, -1, 0},    {0, 0.75f, 0, 1},
                            {0, -0.75f, 0, -1}, {0.75f, 0.125f, 1, 0}, {0.25f, -0.75f, 0, -1}};
  for (const std::string& name : all()) {
    for (const Offset& o : offsets) {
      StrategyResult r = run(name, pair(box(0.5f, 0, 0), box(0.5f, o.x, o.y)));
      const PenetrationAnswer& p = r.penetration;
      SCOPED_TRACE(name + " offset " + std::to_string(o.x) + " " + std::to_string(o.y) + " (" +
                   r.termination + ")");
      ASSERT_TRUE(p.answered);
      ASSERT_TRUE(p.overlapping);
      EXPECT_EQ(p.depth, 0.25);
      EXPECT_EQ(p.normal.x, o.nx);
      EXPECT_EQ(p.normal.y, o.ny);
      EXPECT_EQ(p.pointB.x - p.pointA.x, -p.depth * p.normal.x);
      EXPECT_EQ(p.pointB.y - p.pointA.y, -p.depth * p.normal.y);
    }
  }
}

// A disk (a point with radius 1/2) whose centre is 1/4 outside the right face of a unit square: it overlaps
// the face by 1/4. epa (GJK's core distance 1/4, exact) and sat (the face normal; the vertex axis overlaps
// more) are exact. dyn4j-epa walks the disk's curved support: it stops when the support is less than
// Epa.DEFAULT_DISTANCE_EPSILON (1.05e-8) past the edge and reports that support's projection, so its depth
// lies within 1.05e-8 above the depth along its normal; its normal is then within about sqrt(2 * 1.05e-8 /
// 0.5) = 2.1e-4 rad of the exact one (a chord of the disk that close to its arc): 1e-3 covers both.
// box2d-2.4.1-sat refuses the one-point shape (b2PolygonShape needs three). chipmunk7: below.
TEST(PenetrationStrategies, diskOverlappingASquaresFace) {
  Case value = pair(box(0.5f, 0, 0), disk(0.5f, 0.75f, 0));
  for (const std::string& name : {"epa", "sat"}) {
    StrategyResult r = run(name, value);
    SCOPED_TRACE(std::string(name) + " (" + r.termination + ")");
    ASSERT_TRUE(r.penetration.overlapping);
    EXPECT_EQ(r.penetration.depth, 0.25);
    EXPECT_EQ(r.penetration.normal.x, 1.0);
    EXPECT_EQ(r.penetration.normal.y, 0.0);
  }
  StrategyResult dyn = run("dyn4j-epa", value);
  ASSERT_TRUE(dyn.penetration.overlapping);
  EXPECT_GE(dyn.penetration.depth, 0.25 - 1e-15);
  EXPECT_LE(dyn.penetration.depth, 0.25 + 1.1e-8);
  EXPECT_NEAR(dyn.penetration.normal.x, 1.0, 1e-6);
  EXPECT_NEAR(dyn.penetration.normal.y, 0.0, 1e-3);

  StrategyResult box2d = run("box2d-2.4.1-sat", value);
  EXPECT_EQ(box2d.failure, EngineFailure::Refused);
  EXPECT_FALSE(box2d.penetration.answered);
}

// chipmunk7 on the same disk and square, both orders. cpCollide sorts the pair by shape type (circle <
// segment < polygon) and cpShapesCollide (Chipmunk 7.0.3 src/cpShape.c:260-283) flips the normal and swaps
// the points back when it sorted, but computes distance = (r2 - r1) . normal with the unswapped points and
// the flipped normal: when A's type is above B's, a penetration comes out positive. Disk as A: depth 1/4,
// exact (CircleToPoly's GJK meets the square's face, no EPA). Square as A: the engine's distance is +1/4
// (read as depth -1/4) while its points are a quarter apart against its normal, as a penetration of 1/4.
TEST(PenetrationStrategies, chipmunkSignsTheDistanceWronglyWhenItSortsTheShapes) {
  StrategyResult diskFirst = run("chipmunk7", pair(disk(0.5f, -0.75f, 0), box(0.5f, 0, 0)));
  ASSERT_TRUE(diskFirst.penetration.overlapping);
  EXPECT_EQ(diskFirst.penetration.depth, 0.25);
  EXPECT_EQ(diskFirst.penetration.normal.x, 1.0);
  EXPECT_EQ(diskFirst.penetration.normal.y, 0.0);

  StrategyResult squareFirst = run("chipmunk7", pair(box(0.5f, 0, 0), disk(0.5f, 0.75f, 0)));
  const PenetrationAnswer& p = squareFirst.penetration;
  ASSERT_TRUE(p.overlapping);
  EXPECT_EQ(p.depth, -0.25);
  EXPECT_EQ(p.normal.x, 1.0);
  EXPECT_EQ(p.normal.y, 0.0);
  EXPECT_EQ(p.pointB.x - p.pointA.x, -0.25);
  EXPECT_EQ(p.pointB.y - p.pointA.y, 0.0);
}

// chipmunk7 with a rounded square (radius 1/8) and a disk: the cores are 1/4 apart, the radii sum to 5/8,
// the exact depth is 3/8. CircleToPoly (src/cpCollision.c:675-677) places the polygon's contact point at
// points.b + n * poly->r with n from the circle towards the polygon: inside the rounding instead of on it,
// so the depth comes out as 1/4 - 1/8 short: 1/8. (epa gives 3/8.)
TEST(PenetrationStrategies, chipmunkPutsTheRoundedPolygonsPointInsideItsRadiusAgainstACircle) {
  Case value = pair(disk(0.5f, -0.75f, 0), box(0.5f, 0, 0, 0.125f));
  StrategyResult chipmunk = run("chipmunk7", value);
  ASSERT_TRUE(chipmunk.penetration.overlapping);
  EXPECT_EQ(chipmunk.penetration.depth, 0.125);
  StrategyResult epa = run("epa", value);
  EXPECT_EQ(epa.penetration.depth, 0.375);
}

// Two unit squares sharing a face: touching, depth 0. dyn4j's detect treats an origin on the boundary as no
// intersection (Gjk.java:288, "we treat the origin on the line as no intersection"): separated.
TEST(PenetrationStrategies, touchingSquaresOverlapAtDepthZeroExceptForDyn4j) {
  Case value = pair(box(0.5f, 0, 0), box(0.5f, 1, 0.25f));
  for (const std::string& name : {"epa", "sat", "box2d-2.4.1-sat", "chipmunk7"}) {
    StrategyResult r = run(name, value);
    SCOPED_TRACE(std::string(name) + " (" + r.termination + ")");
    ASSERT_TRUE(r.penetration.overlapping);
    EXPECT_EQ(r.penetration.depth, 0.0);
    EXPECT_EQ(r.penetration.normal.x, 1.0);
    EXPECT_EQ(r.penetration.normal.y, 0.0);
  }
  StrategyResult dyn = run("dyn4j-epa", value);
  EXPECT_FALSE(dyn.penetration.overlapping);
  EXPECT_EQ(dyn.termination, "separated");
}

TEST(PenetrationStrategies, separatedShapesAreNotOverlapping) {
  const Case cases[] = {pair(box(0.5f, 0, 0), box(0.5f, 1.5f, 0)), pair(box(0.5f, 0, 0), box(0.5f, -3, 2)),
                        pair(box(0.5f, 0, 0), disk(0.25f, 1, 0)),
                        pair(box(0.5f, 0, 0, 0.125f), box(0.5f, 1.5f, 0, 0.125f))};
  for (const Case& value : cases) {
    for (const std::string& name : all()) {
      StrategyResult r = run(name, value);
      if (r.failure == EngineFailure::Refused)
        continue;  // box2d-2.4.1-sat and the disk: asserted above
      SCOPED_TRACE(name + " (" + r.termination + ")");
      ASSERT_TRUE(r.penetration.answered);
      EXPECT_FALSE(r.penetration.overlapping);
    }
  }
}

// Rounded squares (radius 1/8 each) whose cores are 1/8 apart: the rounded shapes overlap by 1/8 along x.
// epa: core distance from GJK, exact; sat, box2d: the face axis, radius added, exact; chipmunk: GJK on the
// cores then the radii, exact. dyn4j-epa: the rounded support has flat faces here (every support along a
// direction near x lands on a face), its EPA stops on the face: exact up to its distance epsilon.
TEST(PenetrationStrategies, roundedSquaresOverlapByTheRadiiLessTheCoreGap) {
  Case value = pair(box(0.5f, 0, 0, 0.125f), box(0.5f, 1.125f, 0, 0.125f));
  for (const std::string& name : {"epa", "sat", "box2d-2.4.1-sat", "chipmunk7"}) {
    StrategyResult r = run(name, value);
    SCOPED_TRACE(std::string(name) + " (" + r.termination + ")");
    ASSERT_TRUE(r.penetration.overlapping);
    EXPECT_EQ(r.penetration.depth, 0.125);
    EXPECT_EQ(r.penetration.normal.x, 1.0);
    EXPECT_EQ(r.penetration.normal.y, 0.0);
  }
  StrategyResult dyn = run("dyn4j-epa", value);
  ASSERT_TRUE(dyn.penetration.overlapping);
  EXPECT_NEAR(dyn.penetration.depth, 0.125, 1.1e-8);
  EXPECT_NEAR(dyn.penetration.normal.x, 1.0, 1e-6);
}

// A square of half-width 1 against the same square turned by 45 degrees, centre 2.2 to the right: B's left
// corner is 2.2 - sqrt(2) from the origin, so the overlap is sqrt(2) - 1.2 along x (B's own face normals
// overlap by sqrt(2) - (2.2/sqrt(2) - 1) = 0.858, more). The case's rotation is (c, s) rounded to float
// (relative error <= 2^-24), which moves the corner by at most 2^-24 * sqrt(2) * 2 and float arithmetic
// adds a few 2^-24 of the coordinates (<= 4): 1e-6 bounds the depth error of every strategy.
TEST(PenetrationStrategies, squareAgainstADiamondOverlapsByTheCornersReach) {
  ShapeSpec diamond = box(1, 2.2f, 0);
  diamond.rotationC = std::cos(0.78539816339744831f);
  diamond.rotationS = std::sin(0.78539816339744831f);
  Case value = pair(box(1, 0, 0), diamond);
  for (const std::string& name : all()) {
    StrategyResult r = run(name, value);
    SCOPED_TRACE(name + " (" + r.termination + ")");
    ASSERT_TRUE(r.penetration.overlapping);
    EXPECT_NEAR(r.penetration.depth, std::sqrt(2.0) - 1.2, 1e-6);
    EXPECT_NEAR(r.penetration.normal.x, 1.0, 1e-6);
    EXPECT_NEAR(r.penetration.normal.y, 0.0, 1e-6);
  }
}

// Swapping A and B turns the normal around and keeps the depth (exact cases).
TEST(PenetrationStrategies, swappingTheShapesReversesTheNormal) {
  Case forward = pair(box(0.5f, 0, 0), box(0.5f, 0.75f, 0.125f));
  Case backward = pair(forward.b, forward.a);
  for (const std::string& name : all()) {
    StrategyResult f = run(name, forward);
    StrategyResult b = run(name, backward);
    SCOPED_TRACE(name);
    EXPECT_EQ(f.penetration.depth, b.penetration.depth);
    EXPECT_EQ(f.penetration.normal.x, -b.penetration.normal.x);
    EXPECT_EQ(f.penetration.normal.y, -b.penetration.normal.y);
  }
}

// box2d-2.4.1-sat refuses what b2PolygonShape::Set would assert on (Debian's libbox2d keeps its asserts):
// fewer than 3 or more than 8 points, points welded within 0.5 b2_linearSlop, collinear points.
TEST(PenetrationStrategies, box2dSatRefusesWhatSetRejects) {
  ShapeSpec segment;
  segment.vertices = {{0, 0}, {1, 0}};
  ShapeSpec nine;
  for (int i = 0; i < 9; ++i) nine.vertices.push_back({std::cos(0.7f * float(i)), std::sin(0.7f * float(i))});
  ShapeSpec welded;
  welded.vertices = {{0, 0}, {1, 0}, {1, 0.001f}};
  ShapeSpec collinear;
  collinear.vertices = {{0, 0}, {1, 0}, {2, 0}};
  for (const ShapeSpec& bad : {segment, nine, welded, collinear}) {
    StrategyResult r = run("box2d-2.4.1-sat", pair(box(0.5f, 0, 0), bad));
    EXPECT_EQ(r.failure, EngineFailure::Refused) << bad.vertices.size();
    EXPECT_FALSE(r.failureDetail.empty());
  }
  StrategyResult ok = run("box2d-2.4.1-sat", pair(box(0.5f, 0, 0), box(0.5f, 0.75f, 0)));
  EXPECT_EQ(ok.failure, EngineFailure::None);
}

// The core strategies say how they stopped, in their own words (docs/strategies.md, Penetration).
TEST(PenetrationStrategies, terminationWords) {
  Case deep = pair(box(0.5f, 0, 0), box(0.5f, 0.75f, 0.125f));
  Case apart = pair(box(0.5f, 0, 0), box(0.5f, 2, 0));
  Case rounded = pair(box(0.5f, 0, 0, 0.125f), box(0.5f, 1.125f, 0, 0.125f));
  EXPECT_EQ(run("epa", apart).termination, "separated");
  EXPECT_EQ(run("epa", rounded).termination, "rounded-only");
  std::string epaDeep = run("epa", deep).termination;
  EXPECT_TRUE(epaDeep == "duplicate-support" || epaDeep == "no-progress") << epaDeep;
  EXPECT_EQ(run("sat", apart).termination, "separating-axis");
  EXPECT_EQ(run("sat", deep).termination, "least-overlap");
  EXPECT_EQ(run("dyn4j-epa", apart).termination, "separated");
  EXPECT_EQ(run("dyn4j-epa", deep).termination, "distance-epsilon");
  EXPECT_EQ(run("chipmunk7", deep).termination, "contact");
  EXPECT_EQ(run("chipmunk7", apart).termination, "no-contact");
}

}  // namespace
