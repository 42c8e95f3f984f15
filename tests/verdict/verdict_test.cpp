// The verdict of docs/verdict.md on answers worked by hand: primary kinds in their order, contact conventions
// declared per strategy and checked (not counted), the iteration cap as a cost, and the issue-10 cases
// that the old definitions charged to GJK (a point inside a disk, transform rounding).
#include "verdict/verdict.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "verdict/exact_case.h"
#include "verdict/strategy.h"

namespace gjk::check {
namespace {

ShapeSpec shape(std::vector<Vertex> vertices, float radius = 0, float px = 0, float py = 0, float c = 1,
                float s = 0) {
  ShapeSpec result;
  result.vertices = std::move(vertices);
  result.radius = radius;
  result.positionX = px;
  result.positionY = py;
  result.rotationC = c;
  result.rotationS = s;
  return result;
}

Case twoShapes(ShapeSpec a, ShapeSpec b) {
  Case value;
  value.a = std::move(a);
  value.b = std::move(b);
  return value;
}

StrategyInfo declared(ContactConvention contact, int maxIterations = 20) {
  StrategyInfo info;
  info.name = "by-hand";
  info.scalar = "float";
  info.maxIterations = maxIterations;
  info.contact = contact;
  return info;
}

StrategyResult answer(double distance, Point a, Point b, std::string termination = "duplicate-support") {
  StrategyResult result;
  result.distance = distance;
  result.pointA = a;
  result.pointB = b;
  result.termination = std::move(termination);
  return result;
}

Verdict judgeByHand(const Case& value, const StrategyResult& result, const StrategyInfo& strategy) {
  return judge(value, solveExactly(value), result, strategy);
}

// Two unit squares 2 apart: A = [0,1]^2, B = [3,4] x [0,1]; exact distance 2, S = 4, u = 2^-22.
Case apart() { return twoShapes(shape({{0, 0}, {1, 0}, {1, 1}, {0, 1}}), shape({{3, 0}, {4, 0}, {4, 1}, {3, 1}})); }

TEST(Verdict, KindsAreListedInTheirOrderAndTheFirstIsPrimary) {
  const StrategyInfo strategy = declared(ContactConvention::OnShapes);
  // Distance 0 for a distance of 2: false overlap first, then the distance error (2 = 2^23 u), then the
  // gap (|pA - pB| = 2 against 2 is no gap). Points on their shapes: no witness error.
  const Verdict overlap = judgeByHand(apart(), answer(0, {1, 0.5}, {3, 0.5}), strategy);
  ASSERT_EQ(overlap.reasons, (std::vector<std::string>{"false-overlap", "distance-error"}));
  EXPECT_EQ(primaryKind(overlap), "false-overlap");
  // A NaN anywhere is non-finite and nothing else: the other kinds need numbers.
  const Verdict nan = judgeByHand(apart(), answer(2, {1, std::nan("")}, {3, 0.5}), strategy);
  EXPECT_EQ(nan.reasons, (std::vector<std::string>{"non-finite"}));
  EXPECT_TRUE(std::isnan(nan.distanceErrorU));
  // The right distance with the witness on A moved 1 off A: a witness error (2^22 u) and a gap.
  const Verdict off = judgeByHand(apart(), answer(2, {0, 2}, {3, 0.5}), strategy);
  EXPECT_EQ(off.reasons, (std::vector<std::string>{"witness-error", "witness-gap"}));
  EXPECT_EQ(off.witnessErrorU, std::ldexp(1.0, 22));
}

TEST(Verdict, ThresholdIsTUnitsOnBothSides) {
  // S = 4, u = 2^-22, T u = 2^-16. A distance of 2 + 2^-16 is exactly at the threshold (not above it);
  // 2 + 2^-16 + 2^-22 is above.
  const StrategyInfo strategy = declared(ContactConvention::OnShapes);
  const double t = std::ldexp(1.0, -16);
  EXPECT_FALSE(judgeByHand(apart(), answer(2 + t, {1, 0.5}, {3 + t, 0.5}), strategy).violation);
  const Verdict above = judgeByHand(apart(), answer(2 + t + std::ldexp(1.0, -22), {1, 0.5}, {3, 0.5}), strategy);
  EXPECT_EQ(primaryKind(above), "distance-error");
}

TEST(Verdict, IterationCapIsACostNotAViolation) {
  const StrategyInfo strategy = declared(ContactConvention::OnShapes, 20);
  const Verdict capped = judgeByHand(apart(), answer(2, {1, 0.5}, {3, 0.5}, "iteration-cap"), strategy);
  EXPECT_FALSE(capped.violation);
  EXPECT_TRUE(capped.iterationCap);
  EXPECT_EQ(reasonList(capped), "ok");
  // An engine that does not say why it stopped: all of its iterations used counts as a cap hit.
  StrategyResult engine = answer(2, {1, 0.5}, {3, 0.5}, "unreported");
  engine.iterations = 19;
  EXPECT_FALSE(judgeByHand(apart(), engine, strategy).iterationCap);
  engine.iterations = 20;
  EXPECT_TRUE(judgeByHand(apart(), engine, strategy).iterationCap);
}

// Issue 10: A = the point (0, 0), B = a disk of radius 1 at (0.5, 0). Overlapping, distance 0.
Case pointInDisk() { return twoShapes(shape({{0, 0}}), shape({{0.5f, 0}}, 1)); }

TEST(Verdict, MergedPointIsJudgedAgainstTheNearerShape) {
  // Box2D 2.4.1's answer: both witnesses at the midpoint (0.25, 0) of the cores, distance 0. The point is
  // 0.25 from A but inside B: ok for a merged strategy, a witness error for an on-shapes one.
  const StrategyResult midpoint = answer(0, {0.25, 0}, {0.25, 0});
  EXPECT_EQ(reasonList(judgeByHand(pointInDisk(), midpoint, declared(ContactConvention::Merged))), "ok");
  EXPECT_EQ(reasonList(judgeByHand(pointInDisk(), midpoint, declared(ContactConvention::OnShapes))),
            "witness-error");
  // A merged point on neither shape: 1 beyond B's disk and 2.5 from A, so 1 / u off the nearer shape.
  const Verdict astray = judgeByHand(pointInDisk(), answer(0, {2.5, 0}, {2.5, 0}), declared(ContactConvention::Merged));
  EXPECT_EQ(reasonList(astray), "witness-error");
  EXPECT_EQ(astray.witnessErrorU, std::ldexp(1.0, 24) / 1.5);  // S = 0.5 + 1, u = 1.5 2^-24
}

TEST(Verdict, MergedStrategyWithTwoPointsKeepsEachOnItsShape) {
  // Two different points from a merged strategy are judged as two witnesses: each on its own shape.
  const StrategyInfo merged = declared(ContactConvention::Merged);
  EXPECT_EQ(reasonList(judgeByHand(pointInDisk(), answer(0, {0, 0}, {-0.5, 0}), merged)), "ok");
  EXPECT_EQ(reasonList(judgeByHand(pointInDisk(), answer(0, {0.25, 0}, {-0.5, 0}), merged)), "witness-error");
}

TEST(Verdict, PointInsideADiskIsOkForEveryStrategy) {
  const Case value = pointInDisk();
  const oracle::ExactAnswer exact = solveExactly(value);
  ASSERT_EQ(exact.relation, oracle::Relation::Overlapping);
  std::vector<const StrategyInfo*> all;
  for (const StrategyInfo& s : strategies()) all.push_back(&s);
  for (const StrategyInfo& s : modifiedStrategies()) all.push_back(&s);
  for (const StrategyInfo* strategy : all) {
    const StrategyResult result = strategy->run(value, {});
    const Verdict verdict = judge(value, exact, result, *strategy);
    EXPECT_EQ(reasonList(verdict), "ok")
        << strategy->name << " (" << contactConventionName(strategy->contact) << "): distance " << result.distance
        << ", pA (" << result.pointA.x << ", " << result.pointA.y << "), pB (" << result.pointB.x << ", "
        << result.pointB.y << ")";
  }
}

TEST(Verdict, TransformRoundingIsNotChargedToGjk) {
  // Issue 10: A rotated by (0.6, 0.8) and placed at (-6e5, -8e5) with vertices near (1e6, 0): its world
  // vertices are near the origin but each is the sum of terms near 1e6, each rounded in float. With S
  // counting those terms (u about 0.1), perp's error is that rounding, under 4 u; with S from the world
  // coordinates (about 5) it was 7.4e3 u.
  const Case value = twoShapes(shape({{1e6f, 0}, {1e6f + 4, 0}, {1e6f, 4}}, 0, -6e5f, -8e5f, 0.6f, 0.8f),
                               shape({{6, 0}, {8, 0}, {8, 2}, {6, 2}}));
  const StrategyInfo* perp = findStrategy("perp");
  ASSERT_NE(perp, nullptr);
  const oracle::ExactAnswer exact = solveExactly(value);
  ASSERT_EQ(exact.relation, oracle::Relation::Separated);
  const Verdict verdict = judge(value, exact, perp->run(value, {}), *perp);
  EXPECT_LT(verdict.distanceErrorU, 4.0);
  EXPECT_EQ(reasonList(verdict), "ok");
}

}  // namespace
}  // namespace gjk::check
