// The real engines' cast strategies in this process (issue 22): box2d-2.4.1-cast (b2ShapeCast),
// box2d-2.4.1-toi (b2TimeOfImpact) and chipmunk7-cast (cpShapeSegmentQuery), run through the registry as the tools
// run them, on cases worked on paper.
//
// The cases: A is the box [-1, 1]^2 at the origin; B the same box (or a disk) moving along -x. With both boxes
// axis-aligned, the core gap (distance between the cores, radii not included) while the faces x = 1 of A and
// x = px - 1 - 4t of B face each other is g(t) = px - 2 - 4t for B at (px, 0) with translation (-4, 0): linear,
// so the exact interval of t where g lies in an engine's band [lower, upper] is
// [(px - 2 - upper) / 4, (px - 2 - lower) / 4].
//
// Rounding allowance: the engines compute in float. b2ShapeCast's fraction is lambda = fl(fl(v.p - sigma) / v.r)
// (b2_distance.cpp:671) with v.p = 2 or 3, v.r = 4 exact here: one rounding of a number in [1, 4) (at most
// 2^-22) divided exactly by 4, so the fraction lies within 2^-24 of the exact end of its interval. The time of
// impact's root finder stops on a float s(t) evaluated from rounded transforms: its gap is off by a few float
// ulps of 2 (2^-22 each), so its t is within 2^-20 of the interval. Each test widens the exact interval by its
// allowance, no more.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "case/case.h"
#include "verdict/strategy.h"

namespace {

using gjk::check::Case;
using gjk::check::CastBand;
using gjk::check::declaredCastBand;
using gjk::check::EngineFailure;
using gjk::check::findStrategy;
using gjk::check::QueryKind;
using gjk::check::ShapeSpec;
using gjk::check::StrategyInfo;
using gjk::check::StrategyResult;

ShapeSpec box(float half, float x, float y) {
  ShapeSpec s;
  s.vertices = {{-half, -half}, {half, -half}, {half, half}, {-half, half}};
  s.positionX = x;
  s.positionY = y;
  return s;
}

ShapeSpec disk(float radius, float x, float y) {
  ShapeSpec s;
  s.vertices = {{0, 0}};
  s.radius = radius;
  s.positionX = x;
  s.positionY = y;
  return s;
}

Case cast(ShapeSpec a, ShapeSpec b, float tx, float ty) {
  Case value;
  value.a = a;
  value.b = b;
  value.hasTranslation = true;
  value.translationX = tx;
  value.translationY = ty;
  return value;
}

const StrategyInfo& strategy(const std::string& name) {
  const StrategyInfo* info = findStrategy(name);
  if (info == nullptr) {
    ADD_FAILURE() << name << " is not registered (built without libbox2d-dev?)";
    static const StrategyInfo NONE;
    return NONE;
  }
  return *info;
}

StrategyResult run(const std::string& name, const Case& value) {
  const StrategyInfo& info = strategy(name);
  if (!info.run) return {};
  return info.run(value, {});
}

// The exact t interval where the gap g(t) = gap0 - 4t lies in `band`, widened by `allowance` each side.
void expectFractionInBand(const StrategyResult& r, double gap0, CastBand band, double allowance) {
  const double first = (gap0 - band.upper) / 4, last = (gap0 - band.lower) / 4;
  EXPECT_GE(r.cast.fraction, first - allowance) << "interval [" << first << ", " << last << "]";
  EXPECT_LE(r.cast.fraction, last + allowance) << "interval [" << first << ", " << last << "]";
}

TEST(CastEngineStrategies, areRegisteredAsCastQueriesWithTheirBands) {
#ifndef GJK_HAVE_BOX2D
  FAIL() << "built without Box2D: apt-get install libbox2d-dev and reconfigure";
#endif
  for (const char* name : {"box2d-2.4.1-cast", "box2d-2.4.1-toi"}) {
    const StrategyInfo& info = strategy(name);
    EXPECT_EQ(info.query, QueryKind::Cast) << name;
    EXPECT_NE(info.castBand, nullptr) << name;
    EXPECT_NE(info.castBandText.find("b2_linearSlop"), std::string::npos) << name;
  }
}

// b2ShapeCast raises each radius to b2_polygonRadius = 0.01 before adding them (b2_distance.cpp:613-615), then
// aims at sigma = max(0.01, radius - 0.01) within 0.5 * b2_linearSlop = 0.0025 (:639-640):
//   two boxes of radius 0:        radius 0.02, sigma 0.01, band [0.01, 0.0125];
//   a box (0) and a disk of 0.5:  radius 0.51, sigma 0.5,  band [0.5, 0.5025] (the sum 0.5 alone would say 0.49).
// b2TimeOfImpact aims at max(b2_linearSlop, rA + rB - 3 b2_linearSlop) within 0.25 b2_linearSlop
// (b2_time_of_impact.cpp:280-282): radius 0: [0.00375, 0.00625]; 0 and 0.5: target 0.485, [0.48375, 0.48625].
// The bands come from the engine's float constants: compared here within 1e-7 of the decimal values.
TEST(CastEngineStrategies, declareTheBandsOfTheirSources) {
  const StrategyInfo& cast = strategy("box2d-2.4.1-cast");
  const StrategyInfo& toi = strategy("box2d-2.4.1-toi");
  if (cast.castBand == nullptr || toi.castBand == nullptr) GTEST_FAIL() << "no band declared";
  CastBand b = declaredCastBand(cast, 0, 0);
  EXPECT_NEAR(b.lower, 0.01, 1e-7);
  EXPECT_NEAR(b.upper, 0.0125, 1e-7);
  b = declaredCastBand(cast, 0, 0.5f);
  EXPECT_NEAR(b.lower, 0.5, 1e-7);
  EXPECT_NEAR(b.upper, 0.5025, 1e-7);
  b = declaredCastBand(toi, 0, 0);
  EXPECT_NEAR(b.lower, 0.00375, 1e-7);
  EXPECT_NEAR(b.upper, 0.00625, 1e-7);
  b = declaredCastBand(toi, 0, 0.5f);
  EXPECT_NEAR(b.lower, 0.48375, 1e-7);
  EXPECT_NEAR(b.upper, 0.48625, 1e-7);
}

// Box head-on into box: B at (4, 0) moving by (-4, 0), g(t) = 2 - 4t.
//   b2ShapeCast, band [0.01, 0.0125]: t in [0.496875, 0.4975]. Its first step puts the plane of A's face x = 1
//   at sigma: lambda = (2 - 0.01) / 4 = 0.4975, the normal (1, 0), the point on A's face pushed out by its
//   clamped radius: x = 1 + 0.01, y in [-1, 1].
TEST(CastEngineStrategies, shapeCastBoxHeadOnIntoBoxHitsInsideItsBand) {
  const Case value = cast(box(1, 0, 0), box(1, 4, 0), -4, 0);
  const StrategyResult r = run("box2d-2.4.1-cast", value);
  ASSERT_TRUE(r.cast.answered);
  EXPECT_TRUE(r.cast.hit);
  EXPECT_EQ(r.termination, "hit");
  expectFractionInBand(r, 2, declaredCastBand(strategy("box2d-2.4.1-cast"), 0, 0), std::ldexp(1.0, -24));
  EXPECT_EQ(r.cast.normal.x, 1.0);
  EXPECT_EQ(r.cast.normal.y, 0.0);
  EXPECT_NEAR(r.cast.point.x, 1.01, 1e-6);
  EXPECT_LE(std::abs(r.cast.point.y), 1.0);
}

//   b2TimeOfImpact, band [0.00375, 0.00625]: t in [0.4984375, 0.4990625]; the normal from b2Distance at the
//   pose: (1, 0); the point halfway between A's face x = 1 and B's (radii 0, the shapes apart by the gap g).
TEST(CastEngineStrategies, timeOfImpactBoxHeadOnIntoBoxHitsInsideItsBand) {
  const Case value = cast(box(1, 0, 0), box(1, 4, 0), -4, 0);
  const StrategyResult r = run("box2d-2.4.1-toi", value);
  ASSERT_TRUE(r.cast.answered);
  EXPECT_TRUE(r.cast.hit);
  EXPECT_EQ(r.termination, "touching");
  expectFractionInBand(r, 2, declaredCastBand(strategy("box2d-2.4.1-toi"), 0, 0), std::ldexp(1.0, -20));
  EXPECT_EQ(r.cast.normal.x, 1.0);
  EXPECT_EQ(r.cast.normal.y, 0.0);
  const double gap = 2 - 4 * r.cast.fraction;  // exact in double: B's face at 3 - 4t
  EXPECT_NEAR(r.cast.point.x, 1 + gap / 2, 1e-6);
  EXPECT_LE(std::abs(r.cast.point.y), 1.0);
}

// A disk of radius 0.5 at (4, 0) into the box: g(t) = |4 - 4t - 1| = 3 - 4t. b2ShapeCast's band [0.5, 0.5025]
// gives t in [0.624375, 0.625]; a band from the sum alone (sigma 0.49) would put t at 0.6275, outside it.
// b2TimeOfImpact's band [0.48375, 0.48625] gives t in [0.6284375, 0.6290625].
TEST(CastEngineStrategies, diskIntoBoxHitsInsideTheBandOfEachRadius) {
  const Case value = cast(box(1, 0, 0), disk(0.5f, 4, 0), -4, 0);
  const StrategyResult c = run("box2d-2.4.1-cast", value);
  ASSERT_TRUE(c.cast.hit);
  expectFractionInBand(c, 3, declaredCastBand(strategy("box2d-2.4.1-cast"), 0, 0.5f), std::ldexp(1.0, -24));
  EXPECT_EQ(c.cast.normal.x, 1.0);
  const StrategyResult t = run("box2d-2.4.1-toi", value);
  ASSERT_TRUE(t.cast.hit);
  expectFractionInBand(t, 3, declaredCastBand(strategy("box2d-2.4.1-toi"), 0, 0.5f), std::ldexp(1.0, -20));
  EXPECT_EQ(t.cast.normal.x, 1.0);
  // The target 0.485 leaves the disk 0.015 into the box: the point is the middle of the part of the segment from
  // the box's face to the disk's centre that lies in both, here the face itself (s = (max(0, g - 0.5) + min(g,
  // 0)) / 2 = 0).
  EXPECT_NEAR(t.cast.point.x, 1.0, 1e-6);
}

// A clear miss: B at (4, 3) moving by (-4, 0) passes A with a gap of 3 - 2 = 1 all the way, far above both bands.
TEST(CastEngineStrategies, clearMissIsNoHit) {
  const Case value = cast(box(1, 0, 0), box(1, 4, 3), -4, 0);
  const StrategyResult c = run("box2d-2.4.1-cast", value);
  ASSERT_TRUE(c.cast.answered);
  EXPECT_FALSE(c.cast.hit);
  EXPECT_EQ(c.termination, "no-hit");
  const StrategyResult t = run("box2d-2.4.1-toi", value);
  ASSERT_TRUE(t.cast.answered);
  EXPECT_FALSE(t.cast.hit);
  EXPECT_EQ(t.termination, "separated");
}

// Initial overlap, B at (1, 0) inside A's half-plane x < 1. b2ShapeCast: the first support points (A's in -r at
// x = 1, B's in r at x = 0) are 1 apart, so the loop runs; its second vertex closes the segment (-3, 0)..(1, 0)
// around the origin, v = 0, and the source returns true with lambda 0 (b2_distance.cpp:725-745): a hit at 0.
// b2TimeOfImpact: b2Distance gives core distance 0, state e_overlapped, t = 0.
TEST(CastEngineStrategies, initialOverlapIsAHitAtZero) {
  const Case value = cast(box(1, 0, 0), box(1, 1, 0), -4, 0);
  const StrategyResult c = run("box2d-2.4.1-cast", value);
  ASSERT_TRUE(c.cast.answered);
  EXPECT_TRUE(c.cast.hit);
  EXPECT_EQ(c.cast.fraction, 0.0);
  const StrategyResult t = run("box2d-2.4.1-toi", value);
  ASSERT_TRUE(t.cast.answered);
  EXPECT_TRUE(t.cast.hit);
  EXPECT_EQ(t.cast.fraction, 0.0);
  EXPECT_EQ(t.termination, "overlapped");
}

// Touching at the start, B at (2, 0): b2ShapeCast's first support points (A's (1, -1) in -r, B's (1, -1) in r)
// coincide, the loop never runs and the source returns false with iterations 0 (b2_distance.cpp:725-729), its
// initial overlap: read as a hit at 0 with no normal.
TEST(CastEngineStrategies, shapeCastIterationZeroIsTheEnginesInitialOverlap) {
  const StrategyResult r = run("box2d-2.4.1-cast", cast(box(1, 0, 0), box(1, 2, 0), -4, 0));
  ASSERT_TRUE(r.cast.answered);
  EXPECT_TRUE(r.cast.hit);
  EXPECT_EQ(r.cast.fraction, 0.0);
  EXPECT_EQ(r.iterations, 0);
  EXPECT_EQ(r.termination, "initial-overlap");
  EXPECT_EQ(r.cast.normal.x, 0.0);
  EXPECT_EQ(r.cast.normal.y, 0.0);
}

// Deep overlap with every support unique, B at (1, 0) moving by (-4, -1). Supports of A in -r = (4, 1): (1, 1); of B
// in r: (0, -1); v = (1, 2). Step 1: A in -v: (-1, -1), B in v: (2, 1), p = (-3, -2), v.p < 0 (no advance). Step 2:
// A in (3, 2): (1, 1), B: (0, -1), p = (1, 2): the segment's closest point is (-0.5, 0.5). Step 3: A in (0.5, -0.5):
// (1, -1), B in (-0.5, 0.5): (0, 1), p = (1, -2): the triangle holds the origin and the source returns false
// (b2_distance.cpp:711-716) after 3 iterations: no hit, the overlap the caller cannot tell from a miss.
TEST(CastEngineStrategies, shapeCastDeepOverlapIsNoHit) {
  const StrategyResult r = run("box2d-2.4.1-cast", cast(box(1, 0, 0), box(1, 1, 0), -4, -1));
  ASSERT_TRUE(r.cast.answered);
  EXPECT_FALSE(r.cast.hit);
  EXPECT_EQ(r.iterations, 3);
  EXPECT_EQ(r.termination, "no-hit");
}

// chipmunk7-cast: a disk B of radius 0.5 cast as a segment query of radius 0.5 against the box A (radius 0). Its band
// is the contact, core gap rA + rB = 0.5. From (4, 0) by (-4, 0): the face x = 1 moved out by 0.5 is met where
// 4 - 4t = 1.5, t = 0.625 exactly (cpPolyShape.c:116-120: d = 4 - 1 - 0.5, t = d / (4 - 0)); the normal is the face's,
// (1, 0); the point the centre less 0.5 along it, (1, 0) (:130). The corners' circles (radius 0 + 0.5, :137-142) lie
// 1 off the path: not met.
TEST(CastEngineStrategies, chipmunkDiskIntoBoxHitsAtTheContact) {
#ifndef GJK_HAVE_CHIPMUNK
  FAIL() << "built without Chipmunk: apt-get install libchipmunk-dev and reconfigure";
#endif
  const StrategyInfo& info = strategy("chipmunk7-cast");
  EXPECT_EQ(info.query, QueryKind::Cast);
  const CastBand band = declaredCastBand(info, 0, 0.5f);
  EXPECT_EQ(band.lower, 0.5);
  EXPECT_EQ(band.upper, 0.5);
  const StrategyResult r = run("chipmunk7-cast", cast(box(1, 0, 0), disk(0.5f, 4, 0), -4, 0));
  ASSERT_TRUE(r.cast.answered);
  EXPECT_TRUE(r.cast.hit);
  EXPECT_EQ(r.termination, "hit");
  EXPECT_EQ(r.cast.fraction, 0.625);
  EXPECT_EQ(r.cast.normal.x, 1.0);
  EXPECT_EQ(r.cast.normal.y, 0.0);
  EXPECT_EQ(r.cast.point.x, 1.0);
  EXPECT_EQ(r.cast.point.y, 0.0);
}

// A clear miss (the disk passes 3 - 1 - 0.5 = 1.5 above the box), a start inside (the centre at (1.25, 0), 0.25 from the
// face, within rB = 0.5: the first branch of cpShapeSegmentQuery, cpShape.c:246-251, alpha 0 and the normal from the
// nearest point (1, 0) to the centre, (1, 0)), and a B that is not a disk: refused, with the reason.
TEST(CastEngineStrategies, chipmunkMissStartInsideAndRefusal) {
  const StrategyResult miss = run("chipmunk7-cast", cast(box(1, 0, 0), disk(0.5f, 4, 3), -4, 0));
  ASSERT_TRUE(miss.cast.answered);
  EXPECT_FALSE(miss.cast.hit);
  EXPECT_EQ(miss.termination, "no-hit");
  const StrategyResult inside = run("chipmunk7-cast", cast(box(1, 0, 0), disk(0.5f, 1.25f, 0), -4, 0));
  ASSERT_TRUE(inside.cast.answered);
  EXPECT_TRUE(inside.cast.hit);
  EXPECT_EQ(inside.cast.fraction, 0.0);
  EXPECT_EQ(inside.termination, "initial-overlap");
  EXPECT_EQ(inside.cast.normal.x, 1.0);
  EXPECT_EQ(inside.cast.normal.y, 0.0);
  const StrategyResult boxB = run("chipmunk7-cast", cast(box(1, 0, 0), box(1, 4, 0), -4, 0));
  EXPECT_FALSE(boxB.cast.answered);
  EXPECT_EQ(boxB.failure, EngineFailure::Refused);
  EXPECT_NE(boxB.failureDetail.find("not a disk"), std::string::npos) << boxB.failureDetail;
}

TEST(CastEngineStrategies, refuseACaseWithoutTranslation) {
  Case value = cast(box(1, 0, 0), box(1, 4, 0), -4, 0);
  value.hasTranslation = false;
  for (const char* name : {"box2d-2.4.1-cast", "box2d-2.4.1-toi", "chipmunk7-cast"}) {
    const StrategyResult r = run(name, value);
    EXPECT_FALSE(r.cast.answered) << name;
    EXPECT_EQ(r.failure, EngineFailure::Refused) << name;
  }
}

}  // namespace
