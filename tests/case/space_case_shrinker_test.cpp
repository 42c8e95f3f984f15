// The case shrinker (case/case_shrinker.h) on 3D cases: it drops vertices, simplifies every number, z included,
// turns the quaternion only into the identity, and every case it tries is one the reader gives back.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "case/case_shrinker.h"
#include "case/unit_rotation.h"
#include "tests/case/case_file_support.h"

namespace gjk::check {
namespace {

Case busySpaceCase() {
  Case value;
  value.dimension = 3;
  value.a.vertices = {{5.3f, -2.7f, 0.1f}, {1.1f, 0.4f, 7.75f}, {-3.9f, 8.25f, -1.5f}, {0, 0, 3.3f}};
  value.a.radius = 0.75f;
  value.a.positionZ = 12.5f;
  value.a.quaternionW = 0.5f, value.a.quaternionX = -0.5f, value.a.quaternionY = 0.5f, value.a.quaternionZ = 0.5f;
  value.b.vertices = {{0.3f, 0.3f, 0.3f}, {7.7f, -1.5f, 2}};
  value.b.positionY = -4.0f;
  const UnitQuaternion q = normalizedQuaternion(0.1f, 0.2f, 0.3f, 0.9f);
  value.b.quaternionW = q.w, value.b.quaternionX = q.x, value.b.quaternionY = q.y, value.b.quaternionZ = q.z;
  return value;
}

// The predicate, wrapped: every candidate must be written and read back as itself, and stay 3D.
std::function<bool(const Case&)> checkingReadable(std::function<bool(const Case&)> predicate, int& candidates) {
  return [predicate, &candidates](const Case& candidate) {
    ++candidates;
    EXPECT_EQ(candidate.dimension, 3);
    expectSameCase(candidate, parseCase(formatCase(candidate), "candidate"));
    return predicate(candidate);
  };
}

TEST(SpaceCaseShrinker, findsTheSimplestCaseAndEveryCandidateIsReadable) {
  // Holds when some vertex of A has z > 3: vertices go first, leaving the last one (0, 0, 3.3); its z then becomes
  // the float of fewest significant bits above 3 that truncating 3.3 gives, 3.25 (0, 3 and 2 fail). B = {(0, 0, 0)},
  // no radius, no placement.
  auto deepVertex = [](const Case& c) {
    for (const Vertex& v : c.a.vertices) {
      if (v.z > 3) return true;
    }
    return false;
  };
  int candidates = 0;
  const ShrinkResult result = shrinkCase(busySpaceCase(), checkingReadable(deepVertex, candidates));
  EXPECT_GT(candidates, 15);
  ASSERT_EQ(result.value.a.vertices.size(), 1u);
  EXPECT_EQ(result.value.a.vertices[0].x, 0.0f);
  EXPECT_EQ(result.value.a.vertices[0].y, 0.0f);
  EXPECT_EQ(result.value.a.vertices[0].z, 3.25f);
  ASSERT_EQ(result.value.b.vertices.size(), 1u);
  EXPECT_EQ(result.value.b.vertices[0].z, 0.0f);
  EXPECT_EQ(result.value.a.radius, 0.0f);
  EXPECT_EQ(result.value.a.positionZ, 0.0f);
  EXPECT_EQ(result.value.a.quaternionW, 1.0f);
  EXPECT_EQ(result.value.b.quaternionZ, 0.0f);
  EXPECT_EQ(result.value.b.positionY, 0.0f);
  EXPECT_EQ(result.value.dimension, 3);
}

TEST(SpaceCaseShrinker, keepsAQuaternionThePredicateNeedsBitForBit) {
  const Case busy = busySpaceCase();
  auto turned = [&](const Case& c) { return c.b.quaternionZ == busy.b.quaternionZ && c.b.positionZ == 0; };
  int candidates = 0;
  const ShrinkResult result = shrinkCase(busy, checkingReadable(turned, candidates));
  EXPECT_SAME_BITS(busy.b.quaternionW, result.value.b.quaternionW);
  EXPECT_SAME_BITS(busy.b.quaternionX, result.value.b.quaternionX);
  EXPECT_SAME_BITS(busy.b.quaternionY, result.value.b.quaternionY);
  EXPECT_SAME_BITS(busy.b.quaternionZ, result.value.b.quaternionZ);
  EXPECT_EQ(result.value.a.vertices.size(), 1u);
  EXPECT_EQ(result.value.a.vertices[0].z, 0.0f);
}

}  // namespace
}  // namespace gjk::check
