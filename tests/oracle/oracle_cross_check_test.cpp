// THE cross-check of the oracle: the hull method (solveByHull) and the hull-free method
// (solveWithoutHull) share nothing but the exact world vertices, so on every generated case they must
// agree exactly on the relation, the squared core distance and the closest point. The cases come from
// a seeded std::mt19937_64 (deterministic; only raw 64-bit draws are used, no library distribution)
// and mix exact degeneracies (small integers), extreme scales, wide and narrow exponent spreads,
// points and segments, near-parallel edges a few ulps apart, rotations and radii.
#include "oracle/oracle.h"

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

class Generator {
 public:
  explicit Generator(std::uint64_t seed) : random_(seed) {}

  std::uint64_t bits() { return random_(); }
  // Uniform integer in [low, high] (the modulo bias of a 64-bit draw is irrelevant here).
  int integer(int low, int high) {
    return low + static_cast<int>(bits() % static_cast<std::uint64_t>(high - low + 1));
  }
  bool chance(int percent) { return integer(0, 99) < percent; }
  double unit() { return static_cast<double>(bits() >> 11) * 0x1p-53; }  // [0, 1)

  // A rotation (c, s) of a uniformly drawn parameter through the rational parametrization of the unit
  // circle, c = (1 - t^2) / (1 + t^2), s = 2t / (1 + t^2), rounded to float: only correctly rounded
  // IEEE operations, so the cases are the same on every machine (no libm cos/sin).
  void rotation(float& c, float& s, double factor = 1.0) {
    const double t = unit() * 2 - 1;
    const double sign = chance(50) ? -1.0 : 1.0;
    c = static_cast<float>(sign * factor * (1 - t * t) / (1 + t * t));
    s = static_cast<float>(sign * factor * 2 * t / (1 + t * t));
  }

  // A float with a random sign, a random 24-bit significand and the binary exponent of its leading
  // bit in [low, high] (-149..127); below -126 the value rounds to a subnormal, which is still a float.
  float spreadFloat(int low, int high) {
    const double significand = static_cast<double>((1u << 23) | (bits() & 0x7fffff));
    const int exponent = integer(low, high);
    const float value = static_cast<float>(std::ldexp(significand, exponent - 23));
    return chance(50) ? -value : value;
  }
  float positiveSpreadFloat(int low, int high) { return std::fabs(spreadFloat(low, high)); }

  // x moved by `steps` ulps (towards +inf for positive steps).
  static float ulps(float x, int steps) {
    for (; steps > 0; --steps) {
      x = std::nextafter(x, HUGE_VALF);
    }
    for (; steps < 0; ++steps) {
      x = std::nextafter(x, -HUGE_VALF);
    }
    return x;
  }

 private:
  std::mt19937_64 random_;
};

enum Category {
  SMALL_INTEGER,
  SCALED_INTEGER,
  SUBNORMAL,
  WIDE_EXPONENT,
  NARROW_EXPONENT,
  POINT_SEGMENT,
  NEAR_PARALLEL,
  ROTATED_RADIUS,
  CATEGORY_COUNT
};

const char* categoryName(int category) {
  static const char* const NAMES[CATEGORY_COUNT] = {
      "small-integer", "scaled-integer", "subnormal",     "wide-exponent",
      "narrow-exponent", "point-segment", "near-parallel", "rotated-radius"};
  return NAMES[category];
}

struct GeneratedCase {
  InputShape a;
  InputShape b;
};

// Small integers: duplicates, collinear and interior points, the origin on edges and vertices of M,
// touching with and without radius, all exact. Multiplied by 2^exponent (exact for these integers).
InputShape integerShape(Generator& random, int maxVertices, float scale) {
  InputShape shape;
  const int count = random.integer(1, maxVertices);
  for (int i = 0; i < count; ++i) {
    shape.vertices.push_back(
        {static_cast<float>(random.integer(-3, 3)) * scale, static_cast<float>(random.integer(-3, 3)) * scale});
  }
  if (random.chance(50)) {
    shape.positionX = static_cast<float>(random.integer(-3, 3)) * scale;
    shape.positionY = static_cast<float>(random.integer(-3, 3)) * scale;
  }
  const int rotation = random.integer(0, 7);
  if (rotation >= 4 && rotation < 6) {  // quarter turns
    static const int TURNS[4][2] = {{0, 1}, {-1, 0}, {0, -1}, {1, 0}};
    const int turn = random.integer(0, 3);
    shape.rotationC = static_cast<float>(TURNS[turn][0]);
    shape.rotationS = static_cast<float>(TURNS[turn][1]);
  } else if (rotation >= 6) {  // small integers, not a rotation: c^2 + s^2 != 1 in general
    shape.rotationC = static_cast<float>(random.integer(-2, 2));
    shape.rotationS = static_cast<float>(random.integer(-2, 2));
  }
  if (random.chance(40)) {
    shape.radius = static_cast<float>(random.integer(1, 4)) * scale;
  }
  return shape;
}

InputShape floatShape(Generator& random, int maxVertices, int low, int high) {
  InputShape shape;
  const int count = random.integer(1, maxVertices);
  for (int i = 0; i < count; ++i) {
    shape.vertices.push_back({random.chance(5) ? 0.0f : random.spreadFloat(low, high),
                              random.chance(5) ? 0.0f : random.spreadFloat(low, high)});
  }
  if (random.chance(70)) {
    shape.positionX = random.spreadFloat(low, high);
    shape.positionY = random.spreadFloat(low, high);
  }
  if (random.chance(50)) {
    shape.rotationC = random.spreadFloat(low, high);
    shape.rotationS = random.spreadFloat(low, high);
  }
  if (random.chance(40)) {
    shape.radius = random.positiveSpreadFloat(low, high);
  }
  return shape;
}

GeneratedCase generate(Generator& random, int category) {
  GeneratedCase result;
  switch (category) {
    case SMALL_INTEGER:
      result.a = integerShape(random, 8, 1.0f);
      result.b = integerShape(random, 8, 1.0f);
      break;
    case SCALED_INTEGER: {
      // Small integers times 2^e, e in [-149, 124]: the same degeneracies at every scale, exactly.
      const float scale = std::ldexp(1.0f, random.integer(-149, 124));
      result.a = integerShape(random, 8, scale);
      result.b = integerShape(random, 8, scale);
      break;
    }
    case SUBNORMAL: {
      // Small multiples of 2^-149 (all subnormal), sometimes rotated by a subnormal pair (products
      // 2^-298, far below any float).
      result.a = integerShape(random, 8, 0x1p-149f);
      result.b = integerShape(random, 8, 0x1p-149f);
      if (random.chance(30)) {
        result.a.rotationC = static_cast<float>(random.integer(-3, 3)) * 0x1p-149f;
        result.a.rotationS = static_cast<float>(random.integer(-3, 3)) * 0x1p-149f;
      }
      break;
    }
    case WIDE_EXPONENT:
      result.a = floatShape(random, 8, -149, 127);
      result.b = floatShape(random, 8, -149, 127);
      break;
    case NARROW_EXPONENT: {
      const int center = random.integer(-149, 127);
      const int spread = random.integer(0, 4);
      const int low = std::max(-149, center - spread);
      const int high = std::min(127, center + spread);
      result.a = floatShape(random, 8, low, high);
      result.b = floatShape(random, 8, low, high);
      break;
    }
    case POINT_SEGMENT:
      if (random.chance(50)) {
        result.a = integerShape(random, 2, 1.0f);
        result.b = integerShape(random, 2, 1.0f);
      } else {
        const int center = random.integer(-149, 127);
        const int low = std::max(-149, center - 2);
        const int high = std::min(127, center + 2);
        result.a = floatShape(random, 2, low, high);
        result.b = floatShape(random, 2, low, high);
      }
      break;
    case NEAR_PARALLEL: {
      // B's vertices are A's moved by a few ulps, so the edges of A and B are parallel to within a few
      // ulps and the origin lies within a few ulps of M (on it, inside, or just outside).
      const int center = random.integer(-120, 100);
      InputShape a;
      const int count = random.integer(2, 4);
      for (int i = 0; i < count; ++i) {
        a.vertices.push_back({random.spreadFloat(center - 3, center + 3), random.spreadFloat(center - 3, center + 3)});
      }
      InputShape b;
      for (const InputPoint& vertex : a.vertices) {
        if (b.vertices.empty() || random.chance(75)) {
          b.vertices.push_back(
              {Generator::ulps(vertex.x, random.integer(-3, 3)), Generator::ulps(vertex.y, random.integer(-3, 3))});
        }
      }
      if (random.chance(25)) {  // a long thin sliver: one more vertex, a few ulps off A's first edge
        const InputPoint& p = a.vertices[0];
        const InputPoint& q = a.vertices[1];
        b.vertices.push_back({Generator::ulps(p.x + (q.x - p.x) * 0.5f, random.integer(-2, 2)),
                              Generator::ulps(p.y + (q.y - p.y) * 0.5f, random.integer(-2, 2))});
      }
      if (random.chance(20)) {
        b.radius = std::ldexp(1.0f, center - 20 - random.integer(0, 10));
      }
      result.a = a;
      result.b = b;
      break;
    }
    case ROTATED_RADIUS: {
      // Float rotations (cos, sin) rounded to float, sometimes scaled off the unit circle, radii of
      // the same size as the gaps, so all three relations are common.
      for (InputShape* shape : {&result.a, &result.b}) {
        const int count = random.integer(1, 8);
        for (int i = 0; i < count; ++i) {
          shape->vertices.push_back({static_cast<float>(random.unit() * 8 - 4), static_cast<float>(random.unit() * 8 - 4)});
        }
        random.rotation(shape->rotationC, shape->rotationS, random.chance(30) ? 0.5 + random.unit() * 1.5 : 1.0);
        shape->radius = random.chance(30) ? 0.0f : static_cast<float>(random.unit() * 2);
      }
      result.b.positionX = static_cast<float>(random.unit() * 20 - 10);
      result.b.positionY = static_cast<float>(random.unit() * 20 - 10);
      break;
    }
    default:
      break;
  }
  return result;
}

std::string describe(const InputShape& shape) {
  std::ostringstream text;
  char buffer[64];
  for (const InputPoint& vertex : shape.vertices) {
    std::snprintf(buffer, sizeof buffer, "(%a, %a) ", vertex.x, vertex.y);
    text << buffer;
  }
  std::snprintf(buffer, sizeof buffer, "r=%a ", shape.radius);
  text << buffer;
  std::snprintf(buffer, sizeof buffer, "p=(%a, %a) ", shape.positionX, shape.positionY);
  text << buffer;
  std::snprintf(buffer, sizeof buffer, "cs=(%a, %a)", shape.rotationC, shape.rotationS);
  text << buffer;
  return text.str();
}

TEST(OracleCrossCheck, HullMethodEqualsHullFreeMethodOn100000Cases) {
  std::printf("[ seed     ] 0x%016llx, %d cases\n", static_cast<unsigned long long>(SEED), CASE_COUNT);
  Generator random(SEED);
  std::array<std::array<int, 3>, CATEGORY_COUNT> relations{};
  std::array<std::array<int, 3>, CATEGORY_COUNT> hullKinds{};  // point, segment, polygon
  std::array<int, CATEGORY_COUNT> originOnM{};                  // d0 = 0
  std::array<int, CATEGORY_COUNT> touchingWithRadius{};         // touching at d0 = r > 0
  int failures = 0;
  double hullSeconds = 0;  // processor time: the machine may be shared, the wall time is printed too
  double freeSeconds = 0;
  const auto wallStart = std::chrono::steady_clock::now();
  for (int index = 0; index < CASE_COUNT; ++index) {
    const int category = index % CATEGORY_COUNT;
    const GeneratedCase generated = generate(random, category);
    const std::clock_t start = std::clock();
    const ExactAnswer byHull = solveByHull(generated.a, generated.b);
    const std::clock_t middle = std::clock();
    const ExactAnswer withoutHull = solveWithoutHull(generated.a, generated.b);
    const std::clock_t end = std::clock();
    hullSeconds += static_cast<double>(middle - start) / CLOCKS_PER_SEC;
    freeSeconds += static_cast<double>(end - middle) / CLOCKS_PER_SEC;

    relations[category][static_cast<int>(byHull.relation)]++;
    hullKinds[category][std::min<std::size_t>(byHull.minkowskiHull.size(), 3) - 1]++;
    if (byHull.coreDistanceSquared == 0) {
      originOnM[category]++;
    }
    if (byHull.relation == Relation::Touching && byHull.radius > 0) {
      touchingWithRadius[category]++;
    }
    const bool agree = byHull.relation == withoutHull.relation &&
                       byHull.coreDistanceSquared == withoutHull.coreDistanceSquared &&
                       byHull.closestPoint.x == withoutHull.closestPoint.x &&
                       byHull.closestPoint.y == withoutHull.closestPoint.y && byHull.radius == withoutHull.radius &&
                       byHull.scale == withoutHull.scale && withoutHull.minkowskiHull.empty();
    // The closest point must be at the reported distance (a consistency check of each answer).
    const bool consistent =
        byHull.closestPoint.x * byHull.closestPoint.x + byHull.closestPoint.y * byHull.closestPoint.y ==
        byHull.coreDistanceSquared;
    if (!agree || !consistent) {
      ++failures;
      if (failures <= 10) {
        ADD_FAILURE() << "case " << index << " (" << categoryName(category) << ")\n  A: " << describe(generated.a)
                      << "\n  B: " << describe(generated.b) << "\n  hull:      " << relationName(byHull.relation)
                      << " d0^2=" << rationalString(byHull.coreDistanceSquared) << " p=("
                      << rationalString(byHull.closestPoint.x) << ", " << rationalString(byHull.closestPoint.y)
                      << ")\n  hull-free: " << relationName(withoutHull.relation)
                      << " d0^2=" << rationalString(withoutHull.coreDistanceSquared) << " p=("
                      << rationalString(withoutHull.closestPoint.x) << ", "
                      << rationalString(withoutHull.closestPoint.y) << ")";
      }
    }
  }
  EXPECT_EQ(failures, 0);

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
  std::printf("[ timing   ] processor time: solveByHull %.2f s (%.1f us/case), solveWithoutHull %.2f s (%.1f us/case); "
              "wall time of the whole loop %.2f s\n",
              hullSeconds, hullSeconds / CASE_COUNT * 1e6, freeSeconds, freeSeconds / CASE_COUNT * 1e6, wallSeconds);
  // Every category must reach every relation it is built for (coverage, not correctness).
  for (int category = 0; category < CATEGORY_COUNT; ++category) {
    EXPECT_GT(relations[category][0], 0) << categoryName(category);
  }
  for (int relation = 0; relation < 3; ++relation) {
    EXPECT_GT(totals[relation], CASE_COUNT / 100) << relationName(static_cast<Relation>(relation));
  }
}

// The hull-free method against an independent third computation of the distance from a point to a
// shape: squaredDistanceToCore (the hull of one shape) with B a single point.
TEST(OracleCrossCheck, SquaredDistanceToCoreEqualsSolveWithAPoint) {
  Generator random(SEED ^ 1);
  for (int index = 0; index < 5000; ++index) {
    const int category = index % CATEGORY_COUNT;
    GeneratedCase generated = generate(random, category);
    InputShape point;
    point.vertices = {{random.chance(50) ? generated.b.vertices[0].x : generated.a.vertices[0].x,
                       random.chance(50) ? generated.b.vertices[0].y : generated.a.vertices[0].y}};
    generated.a.radius = 0;
    const ExactAnswer answer = solveWithoutHull(generated.a, point);  // M = point - A
    const Rational expected = squaredDistanceToCore(generated.a, exactFloat(point.vertices[0].x),
                                                    exactFloat(point.vertices[0].y));
    ASSERT_EQ(answer.coreDistanceSquared, expected) << categoryName(category) << " A: " << describe(generated.a);
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
  const std::clock_t start = std::clock();
  int separated = 0;
  for (const GeneratedCase& generated : cases) {
    separated += solveByHull(generated.a, generated.b).relation == Relation::Separated;
  }
  const std::clock_t middle = std::clock();
  for (const GeneratedCase& generated : cases) {
    separated += solveWithoutHull(generated.a, generated.b).relation == Relation::Separated;
  }
  const std::clock_t end = std::clock();
  const double perQuery = 1e6 / CLOCKS_PER_SEC / static_cast<double>(cases.size());
  std::printf("[ timing   ] 8x8, processor time: solveByHull %.1f us/query, solveWithoutHull %.1f us/query "
              "(%d separated)\n",
              static_cast<double>(middle - start) * perQuery, static_cast<double>(end - middle) * perQuery, separated);
}

}  // namespace
}  // namespace gjk::oracle
