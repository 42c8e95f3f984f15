// The 3D penetration verdict (verdict/penetration_verdict3.h) on answers written by hand for two unit cubes
// overlapping by 1/4 along x (A = [0, 1]^3, B moved by (0.75, 0.25, 0): M = [-0.25, 1.75] x [-0.75, 1.25] x
// [-1, 1], exact depth 1/4, normal (1, 0, 0); S = 1.75, u = 1.75 2^-24): a right answer judged ok, then each kind
// where it applies and nowhere else.
#include "verdict/penetration_verdict3.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "tests/verdict/space_case_shapes.h"
#include "verdict/exact_case3.h"
#include "verdict/thresholds.h"

namespace gjk::check {
namespace {

using test_support::cube;
using test_support::spaceCase;

StrategyInfo strategy(ContactConvention contact = ContactConvention::OnShapes) {
  StrategyInfo info;
  info.name = "by-hand";
  info.scalar = "float";
  info.query = QueryKind::Penetration;
  info.contact = contact;
  info.dimension = 3;
  return info;
}

StrategyResult answer(double depth, Point normal, Point pointA = {1, 0.5, 0.5}, Point pointB = {0.75, 0.5, 0.5},
                      bool overlapping = true) {
  StrategyResult result;
  result.penetration.answered = true;
  result.penetration.overlapping = overlapping;
  result.penetration.depth = depth;
  result.penetration.normal = normal;
  result.penetration.pointA = pointA;
  result.penetration.pointB = pointB;
  return result;
}

const Case OVERLAPPING = spaceCase(cube(0, 0, 0), cube(0.75f, 0.25f, 0));
const Case APART = spaceCase(cube(0, 0, 0), cube(2, 0, 0));  // 1 apart along x

QueryVerdict judged(const Case& value, const StrategyResult& result, const StrategyInfo& info = strategy()) {
  return judgePenetration3(value, solveExactly3(value), result, info);
}

const double U = 1.75 * 0x1p-24;

TEST(PenetrationVerdict3, theExactAnswerIsOk) {
  const QueryVerdict verdict = judged(OVERLAPPING, answer(0.25, {1, 0, 0}));
  EXPECT_TRUE(verdict.judged);
  EXPECT_FALSE(verdict.violation) << penetrationQuery().reasonList(verdict);
  EXPECT_EQ(verdict.measures[PENETRATION_DEPTH_ERROR], 0);
  EXPECT_EQ(verdict.measures[PENETRATION_NORMAL_ERROR], 0);
  EXPECT_EQ(verdict.measures[PENETRATION_CONTACT_ERROR], 0);
}

TEST(PenetrationVerdict3, roundedShapesWhoseCoresAreApart) {
  // Cubes 0.25 apart with radii 0.25 each: depth* = 0.5 - 0.25 = 0.25 along (1, 0, 0); the contacts on the
  // rounded surfaces, A's at x = 1.25, B's at x = 1.25 - 0.25 = 1.
  const Case rounded = spaceCase(cube(0, 0, 0, 0.25f), cube(1.25f, 0, 0, 0.25f));
  const QueryVerdict verdict = judged(rounded, answer(0.25, {1, 0, 0}, {1.25, 0.5, 0.5}, {1, 0.5, 0.5}));
  EXPECT_FALSE(verdict.violation) << penetrationQuery().reasonList(verdict);
  EXPECT_EQ(verdict.measures[PENETRATION_DEPTH_ERROR], 0);
  EXPECT_EQ(verdict.measures[PENETRATION_NORMAL_ERROR], 0);
  EXPECT_EQ(verdict.measures[PENETRATION_CONTACT_ERROR], 0);
}

TEST(PenetrationVerdict3, nonFinite) {
  const QueryVerdict verdict = judged(OVERLAPPING, answer(std::nan(""), {1, 0, 0}));
  EXPECT_EQ(verdict.reasons, std::vector<std::string>{"non-finite"});
  const QueryVerdict normal = judged(OVERLAPPING, answer(0.25, {1, 0, std::numeric_limits<double>::infinity()}));
  EXPECT_EQ(normal.reasons, std::vector<std::string>{"non-finite"});
  EXPECT_TRUE(std::isnan(normal.measures[PENETRATION_DEPTH_ERROR]));
  // A claimed separation owes no numbers: a NaN there is not judged.
  const QueryVerdict separated = judged(APART, answer(std::nan(""), {0, 0, 0}, {}, {}, false));
  EXPECT_FALSE(separated.violation) << penetrationQuery().reasonList(separated);
}

TEST(PenetrationVerdict3, wrongRelation) {
  // Separation claimed for overlapping cubes: only the relation is judged.
  const QueryVerdict separated = judged(OVERLAPPING, answer(0, {0, 0, 0}, {}, {}, false));
  EXPECT_EQ(separated.reasons, std::vector<std::string>{"wrong-relation"});
  EXPECT_TRUE(std::isnan(separated.measures[PENETRATION_DEPTH_ERROR]));
  // Overlap claimed (depth 0) for cubes 1 apart: wrong-relation first, then the depth is 1 off (depth* = -1).
  const QueryVerdict overlap = judged(APART, answer(0, {1, 0, 0}, {1, 0.5, 0.5}, {2, 0.5, 0.5}));
  ASSERT_FALSE(overlap.reasons.empty());
  EXPECT_EQ(overlap.reasons.front(), "wrong-relation");
  EXPECT_EQ(overlap.reasons, (std::vector<std::string>{"wrong-relation", "depth-error"}));
  // Separation claimed for separated cubes, and for cubes touching face to face (depth* = 0 <= T u): ok.
  EXPECT_FALSE(judged(APART, answer(0, {0, 0, 0}, {}, {}, false)).violation);
  EXPECT_FALSE(judged(spaceCase(cube(0, 0, 0), cube(1, 0.25f, 0)), answer(0, {0, 0, 0}, {}, {}, false)).violation);
}

TEST(PenetrationVerdict3, depthError) {
  const QueryVerdict off = judged(OVERLAPPING, answer(0.25 + 100 * U, {1, 0, 0}));
  EXPECT_EQ(off.reasons, std::vector<std::string>{"depth-error"});
  EXPECT_NEAR(off.measures[PENETRATION_DEPTH_ERROR], 100, 1e-9);
  // Within T u: no violation, the error still measured.
  const QueryVerdict near = judged(OVERLAPPING, answer(0.25 + 0.5 * VIOLATION_THRESHOLD_U * U, {1, 0, 0}));
  EXPECT_FALSE(near.violation) << penetrationQuery().reasonList(near);
  EXPECT_NEAR(near.measures[PENETRATION_DEPTH_ERROR], 0.5 * VIOLATION_THRESHOLD_U, 1e-9);
}

TEST(PenetrationVerdict3, normalError) {
  // Along (1, 0.01, 0): (max a.n - min b.n) / |n| = (1.01 - 0.7525) / sqrt(1.0001), deeper than 0.25 by about
  // 0.0075, thousands of u.
  const QueryVerdict tilted = judged(OVERLAPPING, answer(0.25, {1, 0.01, 0}));
  EXPECT_EQ(tilted.reasons, std::vector<std::string>{"normal-error"});
  const double along = (1.01 - (0.75 + 0.01 * 0.25)) / std::sqrt(1.0001);
  EXPECT_NEAR(tilted.measures[PENETRATION_NORMAL_ERROR], (along - 0.25) / U, 1e-3);
  // The reported normal is normalized: (8, 0, 0) is the minimal normal.
  EXPECT_FALSE(judged(OVERLAPPING, answer(0.25, {8, 0, 0})).violation);
  // The other side: -x gives overlap 1.75 (B must cross all of A).
  const QueryVerdict backwards = judged(OVERLAPPING, answer(0.25, {-1, 0, 0}));
  EXPECT_EQ(backwards.reasons, std::vector<std::string>{"normal-error"});
  EXPECT_NEAR(backwards.measures[PENETRATION_NORMAL_ERROR], 1.5 / U, 1e-3);
  const QueryVerdict zero = judged(OVERLAPPING, answer(0.25, {0, 0, 0}));
  EXPECT_EQ(zero.reasons, std::vector<std::string>{"normal-error"});
  EXPECT_EQ(zero.measures[PENETRATION_NORMAL_ERROR], std::numeric_limits<double>::infinity());
}

// A zero normal on a touching contact (the reported and the exact depth within T u of 0) is owed nothing; anywhere
// else it is infinitely wrong (normalError, above); a non-zero normal is judged at depth 0 too. Cubes touching
// along x: S = 2, u = 2^-23.
TEST(PenetrationVerdict3, aZeroNormalOnATouchingAnswerIsNotJudged) {
  const Case touching = spaceCase(cube(0, 0, 0), cube(1, 0, 0));
  const double u = 0x1p-23;
  const Point onBoth{1, 0.5, 0.5};
  for (double depth : {0.0, 60 * u, -60 * u}) {
    const QueryVerdict verdict = judged(touching, answer(depth, {0, 0, 0}, onBoth, onBoth));
    EXPECT_TRUE(verdict.judged);
    EXPECT_FALSE(verdict.violation) << depth << ": " << penetrationQuery().reasonList(verdict);
    EXPECT_TRUE(std::isnan(verdict.measures[PENETRATION_NORMAL_ERROR])) << depth;
  }
  const QueryVerdict deeper = judged(touching, answer(70 * u, {0, 0, 0}, onBoth, onBoth));
  EXPECT_EQ(deeper.measures[PENETRATION_NORMAL_ERROR], std::numeric_limits<double>::infinity());
  // Touching claimed on cubes overlapping by 1/4.
  EXPECT_EQ(judged(OVERLAPPING, answer(0, {0, 0, 0})).measures[PENETRATION_NORMAL_ERROR],
            std::numeric_limits<double>::infinity());
  // Along z the touching cubes overlap by a whole side.
  const QueryVerdict sideways = judged(touching, answer(0, {0, 0, 1}, onBoth, onBoth));
  EXPECT_EQ(sideways.reasons, std::vector<std::string>{"normal-error"});
  EXPECT_NEAR(sideways.measures[PENETRATION_NORMAL_ERROR], 1 / u, 1e-3);
  EXPECT_FALSE(judged(touching, answer(0, {1, 0, 0}, onBoth, onBoth)).violation);
}

TEST(PenetrationVerdict3, contactError) {
  // A's point half a unit outside A (x = 1.5): contact error 0.5 / u.
  const QueryVerdict outside = judged(OVERLAPPING, answer(0.25, {1, 0, 0}, {1.5, 0.5, 0.5}, {0.75, 0.5, 0.5}));
  EXPECT_EQ(outside.reasons, std::vector<std::string>{"contact-error"});
  EXPECT_NEAR(outside.measures[PENETRATION_CONTACT_ERROR], 0.5 / U, 1e-3);
  // One point for both, inside B but 0.5 outside A: a `merged` strategy is judged on the nearer shape (ok), an
  // on-shapes one on both (contact-error).
  const StrategyResult merged = answer(0.25, {1, 0, 0}, {1.5, 0.5, 0.5}, {1.5, 0.5, 0.5});
  EXPECT_FALSE(judged(OVERLAPPING, merged, strategy(ContactConvention::Merged)).violation);
  EXPECT_EQ(judged(OVERLAPPING, merged).reasons, std::vector<std::string>{"contact-error"});
}

TEST(PenetrationVerdict3, noAnswerIsNotJudgedAndA2DCaseIsRefused) {
  StrategyResult none;
  const QueryVerdict verdict = judged(OVERLAPPING, none);
  EXPECT_FALSE(verdict.judged);
  EXPECT_FALSE(verdict.violation);
  Case planar = OVERLAPPING;
  planar.dimension = 2;
  EXPECT_THROW(judgePenetration3(planar, solveExactly3(OVERLAPPING), answer(0.25, {1, 0, 0}), strategy()), CaseError);
}

}  // namespace
}  // namespace gjk::check
