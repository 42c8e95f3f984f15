// The deterministic case shrinker (case/case_shrinker.h) on predicates whose simplest case is known.
#include "case/case_shrinker.h"

#include <gtest/gtest.h>

namespace gjk::check {
namespace {

Case busyCase() {
  Case value;
  value.a.vertices = {{5.3f, -2.7f}, {1.1f, 0.4f}, {-3.9f, 8.25f}};
  value.a.radius = 0.75f;
  value.a.positionX = 12.5f;
  value.a.rotationC = 0.6f;
  value.a.rotationS = 0.8f;
  value.b.vertices = {{0.3f, 0.3f}, {7.7f, -1.5f}};
  value.b.positionY = -4.0f;
  return value;
}

TEST(CaseShrinker, findsTheSimplestCaseOfAPredicate) {
  // Holds when some vertex of A has x > 3 in its local frame: the simplest such case is A = {(4, 0)}
  // (5.3 -> 5 -> 4, the float with one significant bit above 3), B = {(0, 0)}, no radius, no transform.
  auto predicate = [](const Case& c) {
    for (const Vertex& v : c.a.vertices) {
      if (v.x > 3) return true;
    }
    return false;
  };
  const ShrinkResult result = shrinkCase(busyCase(), predicate);
  ASSERT_EQ(result.value.a.vertices.size(), 1u);
  EXPECT_EQ(result.value.a.vertices[0].x, 4.0f);
  EXPECT_EQ(result.value.a.vertices[0].y, 0.0f);
  ASSERT_EQ(result.value.b.vertices.size(), 1u);
  EXPECT_EQ(result.value.b.vertices[0].x, 0.0f);
  EXPECT_EQ(result.value.a.radius, 0.0f);
  EXPECT_EQ(result.value.a.rotationC, 1.0f);
  EXPECT_EQ(result.value.a.rotationS, 0.0f);
  EXPECT_EQ(result.value.a.positionX, 0.0f);
  EXPECT_EQ(result.value.b.positionY, 0.0f);
  EXPECT_TRUE(predicate(result.value));
  EXPECT_GT(result.kept, 0);
}

TEST(CaseShrinker, keepsWhatThePredicateNeedsAndRespectsTheBudget) {
  // Needs the rotation and the radius: both stay.
  auto predicate = [](const Case& c) { return c.a.rotationS != 0 && c.a.radius > 0.5f; };
  const ShrinkResult result = shrinkCase(busyCase(), predicate);
  EXPECT_EQ(result.value.a.rotationC, 0.6f);
  EXPECT_EQ(result.value.a.rotationS, 0.8f);
  EXPECT_EQ(result.value.a.radius, 1.0f);  // 0 fails the predicate; the nearest integer to 0.75, 1, keeps it
  EXPECT_EQ(shrinkCase(busyCase(), predicate, 3).attempts, 3);
}

}  // namespace
}  // namespace gjk::check
