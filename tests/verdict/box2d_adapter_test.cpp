// The Box2D 2.4.1 adapter runs the real b2Distance from the system's libbox2d. Our `perp` is written
// operation for operation like b2Distance (same support queries in the local frames, same solver, same
// loop), so the two take the same steps, and agree to the bit, on every case where b2Simplex::Solve3
// never meets a triangle whose summed barycentric weights are not positive; there our solver keeps the
// nearest edge where Box2D would divide by zero (core/simplex.h). Random polygons in general position
// never reach that branch, so on them the answers must be identical.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <random>

#include "case/case.h"
#include "verdict/strategy.h"

namespace {

using gjk::check::Case;
using gjk::check::findStrategy;
using gjk::check::StrategyResult;

TEST(Box2dAdapter, isBuiltAndListed) {
#ifndef GJK_HAVE_BOX2D
  FAIL() << "the project was built without Box2D: apt-get install libbox2d-dev and reconfigure";
#endif
  ASSERT_NE(findStrategy("box2d-2.4.1"), nullptr);
}

gjk::check::ShapeSpec randomPolygon(std::mt19937_64& rng) {
  std::uniform_real_distribution<float> coordinate(-4.0f, 4.0f);
  std::uniform_real_distribution<float> angle(0.0f, 6.2831853f);
  std::uniform_int_distribution<int> count(1, 8);
  gjk::check::ShapeSpec shape;
  int n = count(rng);
  for (int i = 0; i < n; ++i) shape.vertices.push_back({coordinate(rng), coordinate(rng)});
  float theta = angle(rng);
  shape.rotationC = std::cos(theta);
  shape.rotationS = std::sin(theta);
  shape.positionX = coordinate(rng) * 2;
  shape.positionY = coordinate(rng) * 2;
  shape.radius = (rng() % 4 == 0) ? coordinate(rng) * coordinate(rng) / 16 + 1 : 0.0f;
  if (shape.radius < 0) shape.radius = -shape.radius;
  return shape;
}

bool sameBits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }

TEST(Box2dAdapter, agreesWithPerpToTheBitOnRandomPolygonsInGeneralPosition) {
  const auto* box2d = findStrategy("box2d-2.4.1");
  const auto* perp = findStrategy("perp");
  ASSERT_NE(box2d, nullptr);
  const std::uint64_t seed = 20261121;
  std::mt19937_64 rng(seed);
  int separated = 0;
  for (int i = 0; i < 20000; ++i) {
    Case value;
    value.a = randomPolygon(rng);
    value.b = randomPolygon(rng);
    StrategyResult r1 = box2d->run(value, {});
    StrategyResult r2 = perp->run(value, {});
    SCOPED_TRACE("seed " + std::to_string(seed) + " case " + std::to_string(i) + "\n" +
                 gjk::check::formatCase(value));
    ASSERT_TRUE(sameBits(r1.distance, r2.distance)) << r1.distance << " vs " << r2.distance;
    ASSERT_TRUE(sameBits(r1.pointA.x, r2.pointA.x) && sameBits(r1.pointA.y, r2.pointA.y));
    ASSERT_TRUE(sameBits(r1.pointB.x, r2.pointB.x) && sameBits(r1.pointB.y, r2.pointB.y));
    ASSERT_EQ(r1.iterations, r2.iterations);
    separated += r1.distance > 0;
  }
  std::printf("seed %llu: 20000 cases, %d separated, all identical to the bit\n",
              static_cast<unsigned long long>(seed), separated);
  EXPECT_GT(separated, 2000);
  EXPECT_LT(separated, 19000);
}

TEST(Box2dAdapter, warmStartAgreesWithPerpToTheBit) {
  const auto* box2d = findStrategy("box2d-2.4.1");
  const auto* perp = findStrategy("perp");
  ASSERT_NE(box2d, nullptr);
  std::mt19937_64 rng(7);
  for (int i = 0; i < 2000; ++i) {
    Case value;
    value.a = randomPolygon(rng);
    value.b = randomPolygon(rng);
    gjk::check::CacheRecord cache1, cache2;
    box2d->run(value, {.cache = &cache1});
    perp->run(value, {.cache = &cache2});
    value.b.positionX += 0.01f;  // move a little: the caches warm-start the next query
    StrategyResult r1 = box2d->run(value, {.cache = &cache1});
    StrategyResult r2 = perp->run(value, {.cache = &cache2});
    ASSERT_TRUE(sameBits(r1.distance, r2.distance)) << "case " << i;
    ASSERT_EQ(r1.iterations, r2.iterations) << "case " << i;
    ASSERT_EQ(cache1.count, cache2.count) << "case " << i;
  }
}

}  // namespace

namespace {

// Where the two part: the one case of the committed comparison on which b2Distance divides by a triangle
// weight sum that overflowed and returns NaN, while perp's nearest-edge fallback answers.
TEST(Box2dAdapter, partsFromPerpOnlyWhereSolve3WouldDivideByANonPositiveSum) {
  const auto* box2d = findStrategy("box2d-2.4.1");
  const auto* perp = findStrategy("perp");
  ASSERT_NE(box2d, nullptr);
  Case value = gjk::check::readCaseFile(std::string(GJK_SOURCE_DIR) +
                                        "/corpus/regressions/box2d-2.4.1.non-finite.containment.scale.case");
  StrategyResult r1 = box2d->run(value, {});
  StrategyResult r2 = perp->run(value, {});
  EXPECT_TRUE(std::isnan(r1.pointA.x) || std::isnan(r1.pointA.y));
  EXPECT_TRUE(std::isfinite(r2.pointA.x) && std::isfinite(r2.pointA.y) && std::isfinite(r2.distance));
  EXPECT_EQ(r1.termination, "containment");
}

}  // namespace
