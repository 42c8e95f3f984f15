// Answers of the real Box2D, pinned: box2d-v3.1 against erincatto/box2d tag v3.1.1 and box2d-v3 against
// main 617d32ab02570930625bbcb8479f54be9bf8d045, src/distance.c b2ShapeDistance. Every expected number
// below was printed by the upstream file itself, built outside this repository (nothing that builds it is
// committed) and called the way a Box2D user calls it: v3.1.1 with the two world transforms, main with
// transform = b2InvMulTransforms(xfA, xfB) and its frame-A points moved to the world with
// b2TransformPoint(xfA, .). The port must give the same bits: distance, both points, iterations and cache.
//
// Iterations: Box2D's overlap returns leave output.iterations at 0 (`b2DistanceOutput output = { 0 }`);
// the port reports the support calls made (docs/strategies.md). For those cases the number pinned is the
// support-call count read from Box2D's own debug simplex record (1 + one per solve that did not end in
// containment: containment k = records - 1, tiny direction k = records - 2).
#include <gtest/gtest.h>

#include <cmath>

#include "core/strategies/box2d_v3.h"

namespace {

using namespace gjk;

struct Expected {
  float distance;
  Vec2<float> pointA;
  Vec2<float> pointB;
  int iterations;
  Termination termination;
  int cacheCount;                  // the cache after the call (it starts empty)
  int cacheA[3] = {0, 0, 0};
  int cacheB[3] = {0, 0, 0};
};

struct Pinned {
  Proxy<float> a;
  Proxy<float> b;
  Transform<float> xfA;
  Transform<float> xfB;
  bool useRadii = true;
};

Proxy<float> proxy(std::initializer_list<Vec2<float>> points, float radius = 0) {
  Proxy<float> p;
  for (Vec2<float> v : points) p.vertices[p.count++] = v;
  p.radius = radius;
  return p;
}

const Transform<float> IDENTITY{{0, 0}, {1, 0}};

template <class Strategy>
void expectUpstream(const Pinned& pinned, const Expected& expected, int warmRuns = 0) {
  DistanceInput<float> input;
  input.proxyA = pinned.a;
  input.proxyB = pinned.b;
  input.transformA = pinned.xfA;
  input.transformB = pinned.xfB;
  input.useRadii = pinned.useRadii;
  SimplexCache<float> cache;
  DistanceOutput<float> out;
  for (int run = 0; run <= warmRuns; ++run) {
    Strategy::distance(input, &cache, &out, static_cast<Trace<float>*>(nullptr));
  }
  EXPECT_EQ(out.distance, expected.distance) << std::hexfloat << out.distance;
  EXPECT_EQ(out.pointA.x, expected.pointA.x) << std::hexfloat << out.pointA.x;
  EXPECT_EQ(out.pointA.y, expected.pointA.y) << std::hexfloat << out.pointA.y;
  EXPECT_EQ(out.pointB.x, expected.pointB.x) << std::hexfloat << out.pointB.x;
  EXPECT_EQ(out.pointB.y, expected.pointB.y) << std::hexfloat << out.pointB.y;
  EXPECT_EQ(out.iterations, expected.iterations);
  EXPECT_EQ(out.termination, expected.termination) << terminationName(out.termination);
  ASSERT_EQ(cache.count, expected.cacheCount);
  for (int i = 0; i < expected.cacheCount; ++i) {
    EXPECT_EQ(cache.indexA[i], expected.cacheA[i]) << i;
    EXPECT_EQ(cache.indexB[i], expected.cacheB[i]) << i;
  }
}

// Box2D's ShapeDistanceShortEdgeTest (test/test_distance.c:90-117 at 617d32ab): a plank 1 x 0.0032
// against a point B2_LINEAR_SLOP = 0.005 beyond its short edge, useRadii false, identity transform.
// |d| = 2 dist edge^2 ~ 1e-7, so d.d ~ 1e-14 < FLT_EPSILON^2 = 1.4e-14:
//   v3.1.1 distance.c:515 `if ( b2Dot( d, d ) < FLT_EPSILON * FLT_EPSILON )` -> :519-528 "Must return
//   overlap due to invalid normal": distance 0, the segment's two points (apart), cache untouched.
//   main distance.c:519 `if ( b2Dot( d, d ) < 1000.0f * FLT_MIN )` does not fire; the test's
//   `ENSURE( output.distance > 0.0f )` holds: 0x1.47aep-8 = 0.00500011.
Pinned plank() {
  const float h = 0.0016f;
  return {proxy({{-0.5f, -h}, {0.5f, -h}, {0.5f, h}, {-0.5f, h}}), proxy({{0.5f + 0.005f * 1.0f, 0}}), IDENTITY,
          IDENTITY, false};
}

TEST(Box2dV3Upstream, shortEdgePlankIsAFalseOverlapInV311) {
  expectUpstream<Box2dV31Strategy>(
      plank(), {0, {0x1p-1f, 0}, {0x1.028f5cp-1f, 0}, 2, Termination::TinyDirectionOverlap, 0});
}

TEST(Box2dV3Upstream, shortEdgePlankIsMeasuredOnMain) {
  expectUpstream<Box2dV3Strategy>(plank(), {0x1.47aep-8f, {0x1p-1f, 0}, {0x1.028f5cp-1f, 0}, 3,
                                            Termination::DuplicateSupport, 2, {2, 1}, {0, 0}});
}

// v3.1.1 distance.c:593 `if ( input->useRadii && output.distance > 0.1f * B2_LINEAR_SLOP )`, with
// src/constants.h:23 `#define B2_LINEAR_SLOP ( 0.005f * b2_lengthUnitsPerMeter )` (1.0f by default):
// c = fl(0.1f * 0.005f) = 0x1.0624dep-11. Two disks of radius 0.25 whose centres are exactly c apart
// (the core distance sqrt(c^2) = c exactly): not above c, so v3.1.1 reports the core distance c for disks
// that overlap by 0.4995, points on the centres; one ulp farther it applies the radii. main (:599
// `if ( input->useRadii )`) applies them on both sides: distance 0, points on the perimeters.
Pinned disksApart(float gap) {
  return {proxy({{0, 0}}, 0.25f), proxy({{gap, 0}}, 0.25f), IDENTITY, IDENTITY, true};
}
const float SLOP_TENTH = 0.1f * (0.005f * 1.0f);

TEST(Box2dV3Upstream, radiiAtTheLinearSlopeBoundaryAreNotAppliedInV311) {
  ASSERT_EQ(SLOP_TENTH, 0x1.0624dep-11f);
  expectUpstream<Box2dV31Strategy>(disksApart(SLOP_TENTH), {0x1.0624dep-11f, {0, 0}, {0x1.0624dep-11f, 0}, 1,
                                                            Termination::DuplicateSupport, 1, {0}, {0}});
  expectUpstream<Box2dV31Strategy>(disksApart(std::nextafter(SLOP_TENTH, 1.0f)),
                                   {0, {0x1p-2f, 0}, {-0x1.fef9dcp-3f, 0}, 1, Termination::DuplicateSupport, 1,
                                    {0}, {0}});
}

TEST(Box2dV3Upstream, radiiAreAlwaysAppliedOnMain) {
  for (float gap : {SLOP_TENTH, std::nextafter(SLOP_TENTH, 1.0f)}) {
    expectUpstream<Box2dV3Strategy>(
        disksApart(gap), {0, {0x1p-2f, 0}, {-0x1.fef9dcp-3f, 0}, 1, Termination::DuplicateSupport, 1, {0}, {0}});
  }
}

// main's tiny-direction test and its b2Normalize share the bound 1000 FLT_MIN = 125 2^-123 but compare
// the other way round: distance.c:519 refuses d.d < 1000.0f * FLT_MIN; math_functions.h:340-350
// normalizes only when `lengthSquared > 1000.0f * FLT_MIN`. A against a point B at the origin, A a point
// w = (15, 5) 2^-62 with radius 2^-64: d = -w, d.d = 250 2^-124 = 1000 FLT_MIN exactly (every square and
// the sum exact). The loop goes on (not <), the normal is zero (not >): the radius is subtracted from the
// distance but the points do not move. With w = (16, 5) 2^-62 the normal is a unit vector and pointA
// moves. With w = (14, 5) 2^-62, d.d = 221 2^-124 < 1000 FLT_MIN: main's overlap return, which writes
// the cache (:527 `*cache = b2MakeSimplexCache( &simplex )`). v3.1.1 calls all three overlap at :515
// (d.d < 2^-46), 0 support calls, and leaves the cache alone.
Pinned tinyPoint(float x) {
  return {proxy({{x * 0x1p-62f, 5 * 0x1p-62f}}, 0x1p-64f), proxy({{0, 0}}), IDENTITY, IDENTITY, true};
}

TEST(Box2dV3Upstream, mainNormalizesToZeroExactlyOnItsTinyDirectionBound) {
  expectUpstream<Box2dV3Strategy>(tinyPoint(15), {0x1.f1f6e4p-59f, {0x1.ep-59f, 0x1.4p-60f}, {0, 0}, 1,
                                                  Termination::DuplicateSupport, 1, {0}, {0}});
  expectUpstream<Box2dV3Strategy>(tinyPoint(16), {0x1.083578p-58f, {0x1.f85d3ap-59f, 0x1.3b3a44p-60f}, {0, 0}, 1,
                                                  Termination::DuplicateSupport, 1, {0}, {0}});
  Pinned below = tinyPoint(14);
  below.a.radius = 0;
  expectUpstream<Box2dV3Strategy>(below, {0, {0x1.cp-59f, 0x1.4p-60f}, {0, 0}, 0,
                                          Termination::TinyDirectionUnderflow, 1, {0}, {0}});
}

TEST(Box2dV3Upstream, v311CallsAllThreeTinyPointsOverlap) {
  expectUpstream<Box2dV31Strategy>(tinyPoint(15),
                                   {0, {0x1.ep-59f, 0x1.4p-60f}, {0, 0}, 0, Termination::TinyDirectionOverlap, 0});
  expectUpstream<Box2dV31Strategy>(tinyPoint(16),
                                   {0, {0x1p-58f, 0x1.4p-60f}, {0, 0}, 0, Termination::TinyDirectionOverlap, 0});
}

// Containment (v3.1.1 distance.c:496-503, main :498-507): both points are A's barycentric point
// (b2ComputeSimplexWitnessPoints: `*b = *a`, "todo why are these not equal?"); main writes the triangle
// into the cache (:501), v3.1.1 does not.
Pinned overlappingBoxes() {
  Proxy<float> box = proxy({{-1, -1}, {1, -1}, {1, 1}, {-1, 1}});
  return {box, box, IDENTITY, {{0.5f, 0.25f}, {1, 0}}, true};
}

TEST(Box2dV3Upstream, containmentGivesOnePointAndOnlyMainCachesTheTriangle) {
  expectUpstream<Box2dV31Strategy>(overlappingBoxes(),
                                   {0, {-0x1p-1f, -0x1.4p-1f}, {-0x1p-1f, -0x1.4p-1f}, 2, Termination::Containment, 0});
  expectUpstream<Box2dV3Strategy>(overlappingBoxes(), {0, {-0x1p-1f, -0x1.4p-1f}, {-0x1p-1f, -0x1.4p-1f}, 2,
                                                       Termination::Containment, 3, {0, 2, 1}, {0, 0, 3}});
}

// Rotated shapes with radii: the two versions round differently. v3.1.1 rotates the normal to the world
// (:576-578) and moves the world points (:584-585, :600-601); main moves the frame-A points (:590-591,
// :606-607) and the caller transforms them afterwards. Same distance, pointA one ulp apart in each
// coordinate. The warm start from the written cache (b2MakeSimplexFromCache, v3.1.1 :168-202) gives the
// same answer in one support call.
Pinned rotatedWithRadii() {
  return {proxy({{-1, -0.5f}, {1, -0.5f}, {1, 0.5f}, {-1, 0.5f}}, 0.1f), proxy({{0, 0}, {2, 1}, {1, 3}}, 0.2f),
          {{10, -3}, {0.6f, 0.8f}}, {{13.5f, 1}, {0.8f, -0.6f}}, true};
}

TEST(Box2dV3Upstream, radiiInTheWorldFrameOnV311AndInFrameAOnMain) {
  Expected v31{0x1.000002p+2f, {0x1.5f5c2ap+3f, -0x1.2e147cp+1f}, {0x1.ac28f6p+3f, 0x1.ae148ap-1f}, 3,
               Termination::DuplicateSupport, 2, {2, 1}, {0, 0}};
  Expected main{0x1.000002p+2f, {0x1.5f5c28p+3f, -0x1.2e147ap+1f}, {0x1.ac28f6p+3f, 0x1.ae1488p-1f}, 3,
                Termination::DuplicateSupport, 2, {2, 1}, {0, 0}};
  expectUpstream<Box2dV31Strategy>(rotatedWithRadii(), v31);
  expectUpstream<Box2dV3Strategy>(rotatedWithRadii(), main);
  v31.iterations = 1;
  main.iterations = 1;
  expectUpstream<Box2dV31Strategy>(rotatedWithRadii(), v31, 1);
  expectUpstream<Box2dV3Strategy>(rotatedWithRadii(), main, 1);
}

// A non-unit rotation pair (3, 4) on A: Box2D takes the pair as given (b2InvMulRot, b2InvRotateVector,
// b2TransformPoint), and so does the port, bit for bit.
TEST(Box2dV3Upstream, aNonUnitRotationIsTakenAsGiven) {
  Pinned pinned{proxy({{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}), proxy({{0, 0}, {1, 0}, {0, 1}}), {{0, 0}, {3, 4}},
                {{20, 1}, {1, 0}}, true};
  Expected both{0x1.8addf8p+6f, {0x1.cp+2f, 1}, {0x1.f4p+8f, 0x1.9p+4f}, 2, Termination::DuplicateSupport, 1, {1},
                {0}};
  expectUpstream<Box2dV31Strategy>(pinned, both);
  expectUpstream<Box2dV3Strategy>(pinned, both);
}

// `gjkcheck gen --family touching --seed 7` index 1 (rounded-gap): a 4-gon of radius 2^-11 against a
// segment 2^-11 above its vertex (0, 0), same position. The core distance is exactly 2^-11 = 0.000488, the
// rounded shapes touch. 2^-11 < 0.1f * B2_LINEAR_SLOP = 0x1.0624dep-11 (0.0005):
//   v3.1.1 distance.c:593 `if ( input->useRadii && output.distance > 0.1f * B2_LINEAR_SLOP )` is false: the
//   core distance 2^-11 and the core points (2^-11 apart in y) come back unchanged: a gap where the rounded
//   shapes touch.
//   main distance.c:599 `if ( input->useRadii )`: distance b2MaxFloat(0, 2^-11 - 2^-11 - 0) = 0 (:603), and
//   pointA moves by rA along the normal (0, 1) (b2MulAdd, :606) onto pointB.
// Both after 3 support calls, stopped by the duplicate pair (3,1) (v3.1.1 :546-559, main :553-566).
// Unlike the disks pinned above (exactly on the rule, built by hand), a polygon-segment case from a family.
Pinned touchingRoundedGap() {
  Proxy<float> a = proxy({{-0x1.b4p-3f, -0x1.bp-6f}, {-0x1.2p-3f, -0x1.adp-3f}, {0, 0}, {-0x1.2p-8f, 0}}, 0x1p-11f);
  Proxy<float> b = proxy({{-0x1.cp-8f, 0x1p-11f}, {0x1.8p-9f, 0x1p-11f}});
  Transform<float> xf{{-0x1.5a8p+0f, 0x1.e44p+0f}, {1, 0}};
  return {a, b, xf, xf, true};
}

TEST(Box2dV3Upstream, generatedTouchingCaseBelowTheLinearSlopeRuleKeepsItsGapOnlyInV311) {
  expectUpstream<Box2dV31Strategy>(touchingRoundedGap(),
                                   {0x1p-11f, {-0x1.5b0b08p+0f, 0x1.e44p+0f}, {-0x1.5b0b08p+0f, 0x1.e46p+0f}, 3,
                                    Termination::DuplicateSupport, 2, {3, 2}, {1, 0}});
  expectUpstream<Box2dV3Strategy>(touchingRoundedGap(),
                                  {0, {-0x1.5b0b08p+0f, 0x1.e46p+0f}, {-0x1.5b0b08p+0f, 0x1.e46p+0f}, 3,
                                   Termination::DuplicateSupport, 2, {3, 2}, {1, 0}});
}

// `gjkcheck gen --family overlapping --seed 7` index 246 (rounded-overlap), both shapes rotated by (-1, 0):
// the longest run of the 4,200 generated cases, 7 support calls in both versions. Box2D's debug record
// shows every triangle solved back to an edge (b2SolveSimplex3's edge regions, v3.1.1 :306-416) until the
// pair (3,4) repeats (duplicate support, v3.1.1 :546-559, main :553-566). The core distance is above
// 0.1f * B2_LINEAR_SLOP, so both versions apply the radii (v3.1.1 :593-602, main :599-608):
// b2MaxFloat(0, d - rA - rB) = 0, and each point moves onto its own rounded surface, apart: on-shapes.
Pinned overlappingRoundedLongRun() {
  Proxy<float> a = proxy({{-0x1.adp-1f, 0x1.c28p-1f},
                          {-0x1.608p-1f, 0x1.44p-1f},
                          {0, 0},
                          {0x1.c2p-3f, -0x1.ep-4f},
                          {0x1.928p-1f, 0x1.9bp-2f}},
                         0x1.5cp-7f);
  Proxy<float> b = proxy({{0x1.08p-4f, -0x1.8p-4f},
                          {0x1.2p-4f, -0x1.bp-4f},
                          {0x1.6cp-4f, -0x1.d4p-4f},
                          {0x1.84p-4f, -0x1.b8p-4f},
                          {0x1.44p-4f, -0x1.94p-4f},
                          {0x1.1cp-4f, -0x1.8p-4f}},
                         0x1.43p-5f);
  Transform<float> xf{{-0x1.1ap-6f, 0x1.1d8p-3f}, {-1, 0}};
  return {a, b, xf, xf, true};
}

TEST(Box2dV3Upstream, generatedRoundedOverlapTakesSevenSupportCallsInBothVersions) {
  Expected both{0, {-0x1.d60788p-4f, 0x1.a0b0fp-3f}, {-0x1.d68p-4f, 0x1.a04p-3f}, 7, Termination::DuplicateSupport,
                2, {2, 3}, {4, 4}};
  expectUpstream<Box2dV31Strategy>(overlappingRoundedLongRun(), both);
  expectUpstream<Box2dV3Strategy>(overlappingRoundedLongRun(), both);
}

}  // namespace
