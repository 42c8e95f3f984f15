// oracle::ShapeCore (a shape's exact hull built once, or kept by solveByHull, many witness points located
// against it) gives exactly squaredDistanceToCore's squared distances: on every category of the generator, for points on,
// near, inside and far outside the shape, at the shape's scale and far below and above it (so that both
// the 128-bit route and its fallback to squaredDistanceToCore are taken).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "oracle/oracle.h"
#include "tests/oracle/case_generator.h"

namespace gjk::oracle {
namespace {

using namespace cases;

constexpr std::uint64_t SEED = 0x7368617065636f72ULL;  // "shapecor"

TEST(ShapeCore, SquaredDistancesAreSquaredDistanceToCoresExactly) {
  std::printf("[ seed     ] 0x%016llx\n", static_cast<unsigned long long>(SEED));
  Generator random(SEED);
  int checked = 0;
  for (int index = 0; index < 6000; ++index) {
    const int category = index % CATEGORY_COUNT;
    const GeneratedCase generated = generate(random, category);
    const int which = random.chance(50) ? 0 : 1;
    const InputShape& shape = which == 0 ? generated.a : generated.b;
    const ShapeCore core(shape);
    CaseHulls hulls;  // the hulls solveByHull kept: the shape's hull among both shapes' points
    solveByHull(generated.a, generated.b, HullOptions{}, &hulls);
    ASSERT_TRUE(hulls.filled());
    const ShapeCore caseCore(shape, &hulls, which);
    const std::vector<ExactPoint> world = worldVertices(shape);
    std::vector<std::pair<double, double>> points = {{0.0, 0.0}};
    for (const ExactPoint& vertex : world) {
      const double x = static_cast<double>(vertex.x), y = static_cast<double>(vertex.y);
      points.push_back({x, y});
      points.push_back({nudge(random, x, 3), nudge(random, y, 3)});
      points.push_back({static_cast<float>(nudge(random, x, 3)), static_cast<float>(nudge(random, y, 3))});
      points.push_back({x * 0.5, y * 0.5});
      points.push_back({x * 3 + 1, y * -2});
      points.push_back({std::ldexp(x, random.integer(-200, 200)), std::ldexp(y, random.integer(-200, 200))});
    }
    points.push_back({0x1p-1000, -0x1p-1070});  // far below every term: the fallback
    points.push_back({0x1p+1000, 3.0});
    for (const auto& [x, y] : points) {
      if (!std::isfinite(x) || !std::isfinite(y)) continue;
      Rational prepared;
      core.squaredDistance(x, y, prepared);
      const Rational expected = squaredDistanceToCore(shape, x, y);
      ASSERT_EQ(prepared, expected) << categoryName(category) << " case " << index << " point (" << x << ", " << y
                                    << ")";
      Rational fromCase;
      caseCore.squaredDistance(x, y, fromCase);
      ASSERT_EQ(fromCase, expected) << categoryName(category) << " case " << index << " point (" << x << ", " << y
                                    << "), the case's hulls";
      ++checked;
    }
  }
  std::printf("[ points   ] %d points: ShapeCore = squaredDistanceToCore\n", checked);
  EXPECT_GT(checked, 100000);
}

TEST(ShapeCore, RejectsNonFinitePoints) {
  InputShape shape;
  shape.vertices = {{0, 0}, {1, 0}, {0, 1}};
  const ShapeCore core(shape);
  Rational out;
  EXPECT_THROW(core.squaredDistance(NAN, 0, out), std::invalid_argument);
  EXPECT_THROW(core.squaredDistance(0, INFINITY, out), std::invalid_argument);
}

}  // namespace
}  // namespace gjk::oracle
