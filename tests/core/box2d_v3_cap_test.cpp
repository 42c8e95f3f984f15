// The iteration cap of `box2d-v3.1` and `box2d-v3` (core/strategies/box2d_v3.h): b2ShapeDistance's
// `const int maxIterations = 20; int iteration = 0; while ( iteration < maxIterations )` (erincatto/box2d
// tag v3.1.1 src/distance.c:464-466, main 617d32ab :466-468), `++iteration` once per support call (v3.1.1
// :544, main :551), checked before the next solve.
//
// No input reaches 20 support calls on its own: the longest of the 4,200 cases of `gjkcheck gen --family
// all --count 300 --seed 7` takes 7 (pinned in box2d_v3_upstream_test.cpp), and 3,000,000 random pairs of
// regular 1..16-gons (scratch search, not committed) none more than 7. So the cap is tested the way
// gjk_loop_stop_rules_test.cpp tests perp's: shapeDistance is a template on its rules, and a rules type that
// differs from V31Rules / MainRules only in MAX_ITERATIONS drives the same loop with the cap where a case
// ends: at the number of calls the case needs (the natural stop) and one below (the cap). The real rules'
// constant is pinned at 20 beside it. No production code changes.
#include <gtest/gtest.h>

#include "test_shapes.h"

#include <cmath>

#include "core/strategies/box2d_v3.h"

namespace {

using namespace gjk;
using namespace gjk::test_support;

template <class Rules, int CAP>
struct CappedRules : Rules {
  static constexpr int MAX_ITERATIONS = CAP;
};

template <class Rules>
DistanceOutput<float> withRules(const DistanceInput<float>& input, SimplexCache<float>* cache) {
  DistanceOutput<float> output;
  box2d_v3::shapeDistance<float, Rules>(input, cache, &output, static_cast<Trace<float>*>(nullptr));
  return output;
}

TEST(Box2dV3Cap, isTwentySupportCallsInBothVersions) {
  EXPECT_EQ(box2d_v3::V31Rules::MAX_ITERATIONS, 20);   // v3.1.1 distance.c:464
  EXPECT_EQ(box2d_v3::MainRules::MAX_ITERATIONS, 20);  // main distance.c:466
  // The capped type changes nothing else.
  EXPECT_EQ((CappedRules<box2d_v3::V31Rules, 20>::TINY_DIRECTION), box2d_v3::V31Rules::TINY_DIRECTION);
  EXPECT_EQ((CappedRules<box2d_v3::MainRules, 20>::TINY_DIRECTION), box2d_v3::MainRules::TINY_DIRECTION);
}

// Two 2x2 boxes, B at (4, 0.5), identity rotations: B in A's frame is (3,-0.5) (5,-0.5) (5,1.5) (3,1.5);
// w = wA - wB (Box2D's frame). By hand from v3.1.1 distance.c (main is the same here):
//   cold start (b2MakeSimplexFromCache, :168-204, empty cache): v1 = pair (0,0), w = (-1,-1) - (3,-0.5) =
//     (-4,-0.5).
//   call 1: count 1, d = -w = (4,0.5); b2FindSupport (:148-166, strict >): A along d -> 2 (1,1), B along -d
//     -> 0 (3,-0.5): w = (-2,1.5), pair (2,0), new.
//   call 2: b2SolveSimplex2 (:271-304): e12 = (2,2), d12_2 = -w1.e12 = 9 > 0, d12_1 = w2.e12 = -1 <= 0:
//     region w2, `s->v2.a = 1; s->count = 1; s->v1 = s->v2`, d = -w2 = (2,-1.5). A -> 1 (1,-1), B along
//     (-2,1.5) -> 3 (3,1.5): w = (-2,-2.5), pair (1,3), new. It is written into slot v2 field by field,
//     whose `a` still holds that 1.
//   call 3: Solve2: e12 = (0,-4), d12_2 = 6, d12_1 = 10: a1 = 10/16 = 0.625, a2 = 0.375 (exact),
//     d = b2CrossSV(b2Cross(w1 + w2, e12), e12) = b2CrossSV(16, (0,-4)) = (64,0). A along +x ties 1, 2 -> 1;
//     B along -x ties 0, 3 -> 0: w = (-2,-0.5), pair (1,0), new; count 3, into the never-used slot v3.
//   call 4: b2SolveSimplex3 (:306-416) on three points of x = -2 (collinear: n123 = 0) gives back the
//     edge v1 v2 with the same weights and d = (64,0): the pair (1,0) again: duplicate (:546-559), stop.
//   Answer: pA = 0.625 (1,1) + 0.375 (1,-1) = (1,0.25), pB = 0.625 (3,-0.5) + 0.375 (3,1.5) = (3,0.25),
//   distance 2, cache {(2,1), (0,3)}; radii 0.
DistanceInput<float> twoBoxes() { return makeInput(box(1, 1), box(1, 1), {4, 0.5f}); }

template <class Rules>
void expectCapBoundaries(const char* version) {
  SCOPED_TRACE(version);
  // Cap 4 = the calls the case needs: the 4th call happens (iteration 3 < 4) and the duplicate stops it.
  SimplexCache<float> cache4;
  DistanceOutput<float> atNeed = withRules<CappedRules<Rules, 4>>(twoBoxes(), &cache4);
  SimplexCache<float> cache20;
  DistanceOutput<float> real = withRules<Rules>(twoBoxes(), &cache20);
  for (const DistanceOutput<float>& out : {atNeed, real}) {
    EXPECT_EQ(out.termination, Termination::DuplicateSupport);
    EXPECT_EQ(out.iterations, 4);
    EXPECT_EQ(out.simplexCount, 2);
    EXPECT_EQ(out.distance, 2.0f);
    EXPECT_EQ(out.pointA, (Vec2<float>{1, 0.25f}));
    EXPECT_EQ(out.pointB, (Vec2<float>{3, 0.25f}));
  }
  ASSERT_EQ(cache4.count, 2);
  EXPECT_EQ(cache4.indexA[0], 2);
  EXPECT_EQ(cache4.indexB[0], 0);
  EXPECT_EQ(cache4.indexA[1], 1);
  EXPECT_EQ(cache4.indexB[1], 3);

  // Cap 3, one call short: `while ( iteration < maxIterations )` ends after call 3 with the triangle
  // unsolved (count 3). b2ComputeSimplexWitnessPoints' case 3 (:231-236) is pA = a1 wA1 + a2 wA2 + a3 wA3
  // and `*b = *a`; slot v3 was never written (deviation 4 of docs/strategies.md: 0 here, uninitialized
  // stack in Box2D), so pA = pB = (1,0.25) and the distance is 0: not an overlap return, so the cache is
  // written with the three pairs.
  SimplexCache<float> cache3;
  DistanceOutput<float> short1 = withRules<CappedRules<Rules, 3>>(twoBoxes(), &cache3);
  EXPECT_EQ(short1.termination, Termination::IterationCap);
  EXPECT_EQ(short1.iterations, 3);
  EXPECT_EQ(short1.simplexCount, 3);
  EXPECT_EQ(short1.distance, 0.0f);
  EXPECT_EQ(short1.pointA, (Vec2<float>{1, 0.25f}));
  EXPECT_EQ(short1.pointB, short1.pointA);
  EXPECT_EQ(cache3.count, 3);

  // Cap 2: the loop ends after call 2 with the unsolved segment {v1 = (-2,1.5) a = 1, v2 = (-2,-2.5)}, and
  // v2.a is the stale 1 that Solve2's region w2 wrote before copying v2 into v1 (:292-294); Box2D reads it
  // too. pA = (1,1) + (1,-1) = (2,0), pB = (3,-0.5) + (3,1.5) = (6,1): distance sqrtf(17) (b2Distance).
  SimplexCache<float> cache2;
  DistanceOutput<float> short2 = withRules<CappedRules<Rules, 2>>(twoBoxes(), &cache2);
  EXPECT_EQ(short2.termination, Termination::IterationCap);
  EXPECT_EQ(short2.iterations, 2);
  EXPECT_EQ(short2.simplexCount, 2);
  EXPECT_EQ(short2.pointA, (Vec2<float>{2, 0}));
  EXPECT_EQ(short2.pointB, (Vec2<float>{6, 1}));
  EXPECT_EQ(short2.distance, std::sqrt(17.0f));
}

TEST(Box2dV3Cap, v311EndsOnTheDuplicateWhenTheCapEqualsTheCallsNeededAndOnTheCapOneBelow) {
  expectCapBoundaries<box2d_v3::V31Rules>("v3.1.1");
}

TEST(Box2dV3Cap, mainEndsOnTheDuplicateWhenTheCapEqualsTheCallsNeededAndOnTheCapOneBelow) {
  expectCapBoundaries<box2d_v3::MainRules>("main 617d32ab");
}

}  // namespace
