// THE cross-check of the oracle: the hull method (solveByHull) and the hull-free method
// (solveWithoutHull) share nothing but the exact world vertices, so on every generated case they must
// agree exactly on the relation, the squared core distance and the closest point. The cases come from
// a seeded std::mt19937_64 (deterministic; only raw 64-bit draws are used, no library distribution)
// and mix exact degeneracies (small integers), extreme scales, wide and narrow exponent spreads,
// points and segments, near-parallel edges a few ulps apart, rotations and radii.
#include "oracle/oracle.h"
#include "tests/oracle/case_generator.h"

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace gjk::oracle {
namespace {

constexpr std::uint64_t SEED = 0x6a6b2d6f7261636cULL;  // "jk-oracl"
constexpr int CASE_COUNT = 100000;

using namespace cases;

// Four exact computations of every case: the fast method (filter on, and filter off so that every
// sign comes from the scaled integers), the reference point-cloud hull and the hull-free method. All
// fields must be equal, the Minkowski hull vertex for vertex among the three hull methods.
TEST(OracleCrossCheck, FastHullEqualsPointCloudHullAndHullFreeMethodOn100000Cases) {
  std::printf("[ seed     ] 0x%016llx, %d cases\n", static_cast<unsigned long long>(SEED), CASE_COUNT);
  Generator random(SEED);
  std::array<std::array<int, 3>, CATEGORY_COUNT> relations{};
  std::array<std::array<int, 3>, CATEGORY_COUNT> hullKinds{};  // point, segment, polygon
  std::array<int, CATEGORY_COUNT> originOnM{};                  // d0 = 0
  std::array<int, CATEGORY_COUNT> touchingWithRadius{};         // touching at d0 = r > 0
  int failures = 0;
  // Processor time per method: the machine may be shared, the wall time is printed too.
  double fastSeconds = 0, unfilteredSeconds = 0, cloudSeconds = 0, freeSeconds = 0;
  const FilterStatistics before = filterStatistics();
  const auto wallStart = std::chrono::steady_clock::now();
  for (int index = 0; index < CASE_COUNT; ++index) {
    const int category = index % CATEGORY_COUNT;
    const GeneratedCase generated = generate(random, category);
    const std::clock_t t0 = std::clock();
    const ExactAnswer byHull = solveByHull(generated.a, generated.b);
    const std::clock_t t1 = std::clock();
    const ExactAnswer unfiltered = solveByHull(generated.a, generated.b, HullOptions{false});
    const std::clock_t t2 = std::clock();
    const ExactAnswer byCloud = solveByPointCloudHull(generated.a, generated.b);
    const std::clock_t t3 = std::clock();
    const ExactAnswer withoutHull = solveWithoutHull(generated.a, generated.b);
    const std::clock_t t4 = std::clock();
    fastSeconds += static_cast<double>(t1 - t0) / CLOCKS_PER_SEC;
    unfilteredSeconds += static_cast<double>(t2 - t1) / CLOCKS_PER_SEC;
    cloudSeconds += static_cast<double>(t3 - t2) / CLOCKS_PER_SEC;
    freeSeconds += static_cast<double>(t4 - t3) / CLOCKS_PER_SEC;

    relations[category][static_cast<int>(byHull.relation)]++;
    hullKinds[category][std::min<std::size_t>(byHull.minkowskiHull.size(), 3) - 1]++;
    if (byHull.coreDistanceSquared == 0) {
      originOnM[category]++;
    }
    if (byHull.relation == Relation::Touching && byHull.radius > 0) {
      touchingWithRadius[category]++;
    }
    std::string difference;
    if (std::string d = firstDifference(byHull, byCloud, true); !d.empty()) {
      difference = "fast vs point cloud: " + d;
    } else if (std::string d2 = firstDifference(byHull, unfiltered, true); !d2.empty()) {
      difference = "filter on vs off: " + d2;
    } else if (std::string d3 = firstDifference(byHull, withoutHull, false); !d3.empty()) {
      difference = "fast vs hull-free: " + d3;
    } else if (!withoutHull.minkowskiHull.empty()) {
      difference = "hull-free filled a hull";
    } else if (byHull.closestPoint.x * byHull.closestPoint.x + byHull.closestPoint.y * byHull.closestPoint.y !=
               byHull.coreDistanceSquared) {
      // The closest point must be at the reported distance (a consistency check of each answer).
      difference = "closest point not at the distance";
    }
    if (!difference.empty()) {
      ++failures;
      if (failures <= 10) {
        ADD_FAILURE() << "case " << index << " (" << categoryName(category) << "): " << difference
                      << "\n  A: " << describe(generated.a) << "\n  B: " << describe(generated.b)
                      << "\n  fast:        " << answerText(byHull) << "\n  unfiltered:  " << answerText(unfiltered)
                      << "\n  point cloud: " << answerText(byCloud) << "\n  hull-free:   " << answerText(withoutHull);
      }
    }
  }
  EXPECT_EQ(failures, 0);
  const FilterStatistics& after = filterStatistics();
  // Half of the queries ran with the filter off on purpose; the other half counts the filter's work.
  std::printf("[ filter   ] %llu queries: %llu sign tests decided by the double filter, %llu from the integers; "
              "%llu queries needed GMP integers; %llu ran without the filter, %d of them by request\n",
              static_cast<unsigned long long>(after.queries - before.queries),
              static_cast<unsigned long long>(after.filtered - before.filtered),
              static_cast<unsigned long long>(after.exact - before.exact),
              static_cast<unsigned long long>(after.wideQueries - before.wideQueries),
              static_cast<unsigned long long>(after.unfilteredQueries - before.unfilteredQueries), CASE_COUNT);

  std::printf("[ coverage ] %-16s %9s %9s %10s %11s %8s %8s %8s %8s\n", "category", "separated", "touching",
              "(d0=r>0)", "overlapping", "d0=0", "M=point", "M=segm", "M=poly");
  std::array<int, 3> totals{};
  for (int category = 0; category < CATEGORY_COUNT; ++category) {
    std::printf("[ coverage ] %-16s %9d %9d %10d %11d %8d %8d %8d %8d\n", categoryName(category),
                relations[category][0], relations[category][1], touchingWithRadius[category], relations[category][2],
                originOnM[category], hullKinds[category][0], hullKinds[category][1], hullKinds[category][2]);
    for (int relation = 0; relation < 3; ++relation) {
      totals[relation] += relations[category][relation];
    }
  }
  std::printf("[ coverage ] %-16s %9d %9d %10s %11d\n", "all", totals[0], totals[1], "", totals[2]);
  const double wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
  std::printf("[ timing   ] processor time per case: solveByHull %.1f us, without the filter %.1f us, "
              "solveByPointCloudHull %.1f us, solveWithoutHull %.1f us; wall time of the whole loop %.2f s\n",
              fastSeconds / CASE_COUNT * 1e6, unfilteredSeconds / CASE_COUNT * 1e6, cloudSeconds / CASE_COUNT * 1e6,
              freeSeconds / CASE_COUNT * 1e6, wallSeconds);
  // Every category must reach every relation it is built for (coverage, not correctness).
  for (int category = 0; category < CATEGORY_COUNT; ++category) {
    EXPECT_GT(relations[category][0], 0) << categoryName(category);
  }
  for (int relation = 0; relation < 3; ++relation) {
    EXPECT_GT(totals[relation], CASE_COUNT / 100) << relationName(static_cast<Relation>(relation));
  }
}

// The hull-free method against two more computations of the distance from a point to a shape:
// squaredDistanceToCore (the fast method with M = point - A) and its reference (the hull of one shape
// relative to the point, in GMP integers), with B a single point. Also with the point given as doubles
// that are not floats (as a double strategy's witness points are), and as a rational that is no double.
TEST(OracleCrossCheck, SquaredDistanceToCoreEqualsSolveWithAPoint) {
  Generator random(SEED ^ 1);
  for (int index = 0; index < 20000; ++index) {
    const int category = index % CATEGORY_COUNT;
    GeneratedCase generated = generate(random, category);
    InputShape point;
    point.vertices = {{random.chance(50) ? generated.b.vertices[0].x : generated.a.vertices[0].x,
                       random.chance(50) ? generated.b.vertices[0].y : generated.a.vertices[0].y}};
    generated.a.radius = 0;
    const ExactAnswer answer = solveWithoutHull(generated.a, point);  // M = point - A
    const Rational px = exactFloat(point.vertices[0].x), py = exactFloat(point.vertices[0].y);
    const Rational fast = squaredDistanceToCore(generated.a, px, py);
    ASSERT_EQ(answer.coreDistanceSquared, fast) << categoryName(category) << " A: " << describe(generated.a);
    ASSERT_EQ(squaredDistanceToCoreByPointCloud(generated.a, px, py), fast)
        << categoryName(category) << " A: " << describe(generated.a);

    // A double point a few double ulps off the float point: 53 significant bits, and far outside the
    // float range now and then (the filter's preconditions then fail and the integers decide alone).
    double dx = std::nextafter(static_cast<double>(point.vertices[0].x), random.chance(50) ? 1e300 : -1e300);
    double dy = static_cast<double>(point.vertices[0].y) + random.unit() * 0x1p-40;
    if (random.chance(5)) {
      dx = std::ldexp(1 + random.unit(), random.integer(-1074, 1020));  // finite, subnormal at the low end
    }
    ASSERT_EQ(squaredDistanceToCore(generated.a, dx, dy),
              squaredDistanceToCoreByPointCloud(generated.a, exactDouble(dx), exactDouble(dy)))
        << categoryName(category) << " A: " << describe(generated.a) << " point " << dx << " " << dy;
  }
  // A rational that is not a double takes the reference.
  InputShape square;
  square.vertices = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  EXPECT_EQ(squaredDistanceToCore(square, Rational(4, 3), Rational(1, 2)), Rational(1, 9));
  EXPECT_THROW(squaredDistanceToCore(square, std::nan(""), 0.0), std::invalid_argument);
}

// The options that leave a field out (HullOptions: minkowskiHull, closestPoint) leave only that field out,
// and the hulls kept for the witness points (CaseHulls) change nothing of the answer.
TEST(OracleCrossCheck, HullOptionsLeaveOutOnlyTheirFields) {
  Generator random(SEED ^ 3);
  for (int index = 0; index < 5000; ++index) {
    const GeneratedCase generated = generate(random, index % CATEGORY_COUNT);
    const ExactAnswer full = solveByHull(generated.a, generated.b);
    HullOptions options;
    options.minkowskiHull = false;
    options.closestPoint = false;
    options.filter = index % 2 == 0;
    CaseHulls hulls;
    const ExactAnswer lean = solveByHull(generated.a, generated.b, options, &hulls);
    ASSERT_TRUE(hulls.filled());
    ASSERT_EQ(lean.relation, full.relation) << categoryName(index % CATEGORY_COUNT) << " " << index;
    ASSERT_EQ(lean.coreDistanceSquared, full.coreDistanceSquared) << index;
    ASSERT_EQ(lean.radius, full.radius) << index;
    ASSERT_EQ(lean.scale, full.scale) << index;
    ASSERT_EQ(lean.closestPoint.x, 0) << index;
    ASSERT_EQ(lean.closestPoint.y, 0) << index;
    ASSERT_TRUE(lean.minkowskiHull.empty()) << index;
  }
}

// worldVertices against the transform written out in rationals from exactFloat.
TEST(OracleCrossCheck, WorldVerticesEqualRationalTransform) {
  Generator random(SEED ^ 2);
  for (int index = 0; index < 5000; ++index) {
    const GeneratedCase generated = generate(random, index % CATEGORY_COUNT);
    const InputShape& shape = generated.a;
    const Rational c = exactFloat(shape.rotationC);
    const Rational s = exactFloat(shape.rotationS);
    const std::vector<ExactPoint> world = worldVertices(shape);
    ASSERT_EQ(world.size(), shape.vertices.size());
    for (std::size_t i = 0; i < world.size(); ++i) {
      const Rational x = exactFloat(shape.vertices[i].x);
      const Rational y = exactFloat(shape.vertices[i].y);
      ASSERT_EQ(world[i].x, c * x - s * y + exactFloat(shape.positionX)) << describe(shape);
      ASSERT_EQ(world[i].y, s * x + c * y + exactFloat(shape.positionY)) << describe(shape);
    }
  }
}

// A rough timing of one query on 8 x 8 vertices of similar magnitude (printed, not asserted).
TEST(OracleTiming, EightByEightQuery) {
  Generator random(SEED ^ 3);
  std::vector<GeneratedCase> cases;
  while (cases.size() < 2000) {
    GeneratedCase generated;
    for (InputShape* shape : {&generated.a, &generated.b}) {
      for (int i = 0; i < 8; ++i) {
        shape->vertices.push_back({random.spreadFloat(-4, 1), random.spreadFloat(-4, 1)});
      }
      random.rotation(shape->rotationC, shape->rotationS);
      shape->positionX = random.spreadFloat(-2, 2);
      shape->positionY = random.spreadFloat(-2, 2);
    }
    cases.push_back(generated);
  }
  int separated = 0;
  const auto perQuery = [&](ExactAnswer (*solve)(const InputShape&, const InputShape&)) {
    const std::clock_t start = std::clock();
    for (const GeneratedCase& generated : cases) {
      separated += solve(generated.a, generated.b).relation == Relation::Separated;
    }
    return static_cast<double>(std::clock() - start) * 1e6 / CLOCKS_PER_SEC / static_cast<double>(cases.size());
  };
  const double fast = perQuery(solveByHull);
  const double cloud = perQuery(solveByPointCloudHull);
  const double free = perQuery(solveWithoutHull);
  std::printf("[ timing   ] 8x8, processor time per query: solveByHull %.1f us, solveByPointCloudHull %.1f us, "
              "solveWithoutHull %.1f us (%d separated; gjk_bench times it properly)\n",
              fast, cloud, free, separated);
}

}  // namespace
}  // namespace gjk::oracle
