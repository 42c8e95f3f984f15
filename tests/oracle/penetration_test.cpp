// The exact penetration answer (oracle/penetration.h): hand-worked cases, and the cross-check of its two
// methods (the nearest edge of the exact hull of M; the support-function difference over candidate
// directions, no hull) on random touching and overlapping cases.
#include "oracle/penetration.h"
#include "tests/oracle/case_generator.h"
#include "tests/oracle/input_shapes.h"

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace gjk::oracle {
namespace {

using test_support::shape;

InputShape unitSquare(float px = 0, float py = 0, float radius = 0) {
  return shape({{0, 0}, {1, 0}, {1, 1}, {0, 1}}, radius, px, py);
}

// Both methods, which must agree; returns method 1's answer.
ExactPenetration solveBoth(const InputShape& a, const InputShape& b) {
  const ExactPenetration byHull = solvePenetration(a, b);
  const ExactPenetration bySupport = penetrationBySupport(a, b);
  EXPECT_EQ(byHull.coreDepthSquared, bySupport.coreDepthSquared);
  EXPECT_EQ(byHull.coreSign, bySupport.coreSign);
  EXPECT_EQ(byHull.relation, bySupport.relation);
  return byHull;
}

std::string unitNormal(const ExactPoint& n) {
  return unitComponentDecimal(n, 0) + " " + unitComponentDecimal(n, 1);
}

// The story of issue 13: two axis-aligned unit squares overlapping by 1/4 along x. M = B - A =
// [-1/4, 7/4] x [-1, 1]; its nearest edge is x = -1/4, so depth 1/4 exactly, and B must move by +1/4 along x
// (from A towards B): the normal is (1, 0), the only one.
TEST(Penetration, twoUnitSquaresOverlappingByAQuarterHaveDepthOneQuarterAndNormalPlusX) {
  const ExactPenetration answer = solveBoth(unitSquare(), unitSquare(0.75f, 0));
  EXPECT_EQ(answer.relation, Relation::Overlapping);
  EXPECT_EQ(answer.coreSign, 1);
  EXPECT_EQ(answer.coreDepthSquared, Rational(1, 16));
  EXPECT_EQ(penetrationDepthDecimal(answer), "0.25");
  ASSERT_EQ(answer.normals.size(), 1u);
  EXPECT_TRUE(answer.normalArcs.empty());
  EXPECT_EQ(unitNormal(answer.normals[0]), "1 0");
  // Swapping A and B flips the normal.
  const ExactPenetration swapped = solveBoth(unitSquare(0.75f, 0), unitSquare());
  ASSERT_EQ(swapped.normals.size(), 1u);
  EXPECT_EQ(unitNormal(swapped.normals[0]), "-1 0");
  EXPECT_EQ(penetrationDepthDecimal(swapped), "0.25");
  // The overlap along the normal is the depth; along the other axis it is 1 (B moves up by a whole side).
  EXPECT_EQ(overlapAlong(unitSquare(), unitSquare(0.75f, 0), 1, 0), HighPrecision("0.25"));
  EXPECT_EQ(overlapAlong(unitSquare(), unitSquare(0.75f, 0), 0, 2), HighPrecision(1));
  EXPECT_EQ(overlapAlong(unitSquare(), unitSquare(0.75f, 0), -1, 0), HighPrecision("1.75"));
}

// Equal squares on each other: M = [-1, 1]^2, four edges at distance 1, four normals.
TEST(Penetration, coincidentSquaresHaveFourMinimalNormals) {
  const ExactPenetration answer = solveBoth(unitSquare(), unitSquare());
  EXPECT_EQ(penetrationDepthDecimal(answer), "1");
  EXPECT_EQ(answer.normals.size(), 4u);
  for (const ExactPoint& n : {ExactPoint{1, 0}, ExactPoint{0, 1}, ExactPoint{-1, 0}, ExactPoint{0, -1}}) {
    EXPECT_TRUE(isMinimalNormal(answer, n));
  }
  EXPECT_FALSE(isMinimalNormal(answer, {1, 1}));
}

// Touching along a face: depth 0 exactly, normal (1, 0); touching at a corner: depth 0, the normals are the
// quarter arc of the corner's normal cone.
TEST(Penetration, touchingGivesDepthZeroAndTheNormalConeOfTheContact) {
  const ExactPenetration face = solveBoth(unitSquare(), unitSquare(1, 0.5f));
  EXPECT_EQ(face.relation, Relation::Touching);
  EXPECT_EQ(penetrationDepthDecimal(face), "0");
  ASSERT_EQ(face.normals.size(), 1u);
  EXPECT_EQ(unitNormal(face.normals[0]), "1 0");

  const ExactPenetration corner = solveBoth(unitSquare(), unitSquare(1, 1));
  EXPECT_EQ(corner.relation, Relation::Touching);
  EXPECT_EQ(penetrationDepthDecimal(corner), "0");
  ASSERT_EQ(corner.normalArcs.size(), 1u);
  EXPECT_TRUE(isMinimalNormal(corner, {1, 0}));
  EXPECT_TRUE(isMinimalNormal(corner, {0, 1}));
  EXPECT_TRUE(isMinimalNormal(corner, {1, 1}));
  EXPECT_TRUE(isMinimalNormal(corner, {3, 1}));
  EXPECT_FALSE(isMinimalNormal(corner, {-1, 1}));
  EXPECT_FALSE(isMinimalNormal(corner, {1, -1}));
}

// Radii: inside the core hull depth = r + distance to the nearest edge line; outside it but within r,
// r - distance; beyond r, minus the distance.
TEST(Penetration, radiiAddToTheCoreDepthInsideAndSubtractTheCoreDistanceOutside) {
  // Cores overlap by 1/4, radii 1/8 + 1/8: depth 1/2.
  EXPECT_EQ(penetrationDepthDecimal(solveBoth(unitSquare(0, 0, 0.125f), unitSquare(0.75f, 0, 0.125f))),
            "0.5");
  // Cores 1/8 apart, radii 1/8 + 1/8: depth 1/8, normal (1, 0).
  const ExactPenetration near = solveBoth(unitSquare(0, 0, 0.125f), unitSquare(1.125f, 0, 0.125f));
  EXPECT_EQ(near.relation, Relation::Overlapping);
  EXPECT_EQ(near.coreSign, -1);
  EXPECT_EQ(penetrationDepthDecimal(near), "0.125");
  ASSERT_EQ(near.normals.size(), 1u);
  EXPECT_EQ(unitNormal(near.normals[0]), "1 0");
  // Corner to corner with radii: the normal is the diagonal, depth r - sqrt(2) d.
  const ExactPenetration diagonal = solveBoth(unitSquare(0, 0, 0.5f), unitSquare(1.25f, 1.25f, 0.5f));
  EXPECT_EQ(diagonal.coreDepthSquared, Rational(1, 8));
  EXPECT_EQ(penetrationDepthDecimal(diagonal, 30),
            "0.646446609406726237799577818948");  // 1 - sqrt(2)/4 = 0.64644...81894758
  ASSERT_EQ(diagonal.normals.size(), 1u);
  EXPECT_EQ(unitNormal(diagonal.normals[0]).substr(0, 12), "0.7071067811");
  // Separated: the depth is minus the distance.
  EXPECT_EQ(penetrationDepthDecimal(solveBoth(unitSquare(0, 0, 0.125f), unitSquare(1.5f, 0, 0.125f))),
            "-0.25");
}

// Degenerate M: a point at the origin (every direction, depth r), a segment through the origin (its two
// perpendiculars), the origin at a segment's end (a half circle).
TEST(Penetration, degenerateMinkowskiDifferencesGiveTheirWholeNormalSets) {
  const ExactPenetration point = solveBoth(shape({{2, 3}}, 0.5f), shape({{2, 3}}, 0.25f));
  EXPECT_EQ(penetrationDepthDecimal(point), "0.75");
  for (const ExactPoint& n : {ExactPoint{1, 0}, ExactPoint{-3, 7}, ExactPoint{0, -1}}) {
    EXPECT_TRUE(isMinimalNormal(point, n));
  }
  const ExactPenetration segment = solveBoth(shape({{-1, 0}, {1, 0}}), shape({{0, 0}}, 0.5f));
  EXPECT_EQ(penetrationDepthDecimal(segment), "0.5");
  EXPECT_EQ(segment.normals.size(), 2u);
  EXPECT_TRUE(isMinimalNormal(segment, {0, 1}));
  EXPECT_TRUE(isMinimalNormal(segment, {0, -1}));
  EXPECT_FALSE(isMinimalNormal(segment, {1, 0}));
  // A = segment from (0,0) to (1,0), B = the point (1,0): M = [0, 1] x {0}, the origin at M's end.
  const ExactPenetration end = solveBoth(shape({{0, 0}, {1, 0}}), shape({{1, 0}}));
  EXPECT_EQ(end.relation, Relation::Touching);
  EXPECT_EQ(penetrationDepthDecimal(end), "0");
  EXPECT_TRUE(isMinimalNormal(end, {1, 0}));  // B pushed on along +x leaves A
  EXPECT_TRUE(isMinimalNormal(end, {0, 1}));
  EXPECT_TRUE(isMinimalNormal(end, {0, -1}));
  EXPECT_FALSE(isMinimalNormal(end, {-1, 1}));
}

// A rotated, irrational-depth case checked against an independent computation: a unit square against a
// triangle whose tip enters it; the depth is the tip's distance to the nearest face.
TEST(Penetration, aTriangleTipInASquareIsAsDeepAsTheTipIsFromTheNearestFace) {
  const ExactPenetration answer = solveBoth(unitSquare(), shape({{0.5f, 0.875f}, {0, 2}, {1, 2}}));
  // M's nearest edge to the origin: the tip is 1/8 below the top face; moving B up by 1/8 separates them.
  EXPECT_EQ(penetrationDepthDecimal(answer), "0.125");
  ASSERT_EQ(answer.normals.size(), 1u);
  EXPECT_EQ(unitNormal(answer.normals[0]), "0 1");
}

// The two methods on random cases moved into contact: B placed so that a vertex of B lands near a point of
// A (a vertex, or part way along an edge or into the interior), keeping the touching and overlapping cases.
// The relation, the sign and the squared core depth must be equal, and every normal of each method must be
// a minimal normal of the other (an arc end of method 1 among method 2's directions). The count comes from
// GJK_PENETRATION_CROSS_CHECK_CASES (default 3000; the issue-13 run used 100000).
TEST(PenetrationCrossCheck, hullAndSupportMethodsAgreeOnRandomOverlappingCases) {
  int count = 3000;
  if (const char* text = std::getenv("GJK_PENETRATION_CROSS_CHECK_CASES")) {
    count = std::atoi(text);
  }
  constexpr std::uint64_t SEED = 0x70656e6574726174ULL;  // "penetrat"
  std::printf("[ seed     ] 0x%016llx, %d touching or overlapping cases\n",
              static_cast<unsigned long long>(SEED), count);
  cases::Generator random(SEED);
  std::array<int, 3> relations{};
  int arcs = 0, several = 0, outside = 0, drawn = 0, failures = 0;
  const auto start = std::chrono::steady_clock::now();
  while (relations[1] + relations[2] < count) {
    cases::GeneratedCase generated = cases::generate(random, drawn++ % cases::CATEGORY_COUNT);
    InputShape& a = generated.a;
    InputShape& b = generated.b;
    // World position of a vertex of A, moved part way towards another (exact doubles, then floats).
    const InputPoint& va = a.vertices[random.integer(0, static_cast<int>(a.vertices.size()) - 1)];
    const InputPoint& wa = a.vertices[random.integer(0, static_cast<int>(a.vertices.size()) - 1)];
    const int fractionChoice = random.integer(0, 3);
    const double t = fractionChoice == 0 ? 0.0 : (fractionChoice == 1 ? 0.5 : random.unit());
    const double lx = va.x + t * (double(wa.x) - va.x), ly = va.y + t * (double(wa.y) - va.y);
    const double ax = a.rotationC * lx - a.rotationS * ly + a.positionX;
    const double ay = a.rotationS * lx + a.rotationC * ly + a.positionY;
    const InputPoint& vb = b.vertices[random.integer(0, static_cast<int>(b.vertices.size()) - 1)];
    const double bx = b.rotationC * double(vb.x) - b.rotationS * double(vb.y);
    const double by = b.rotationS * double(vb.x) + b.rotationC * double(vb.y);
    b.positionX = static_cast<float>(ax - bx);
    b.positionY = static_cast<float>(ay - by);
    if (!std::isfinite(b.positionX) || !std::isfinite(b.positionY)) {
      continue;
    }
    const ExactPenetration byHull = solvePenetration(a, b);
    if (byHull.relation == Relation::Separated) {
      ++relations[0];
      continue;
    }
    ++relations[byHull.relation == Relation::Touching ? 1 : 2];
    arcs += byHull.normalArcs.empty() ? 0 : 1;
    several += byHull.normals.size() > 1 ? 1 : 0;
    outside += byHull.coreSign < 0 ? 1 : 0;
    const ExactPenetration bySupport = penetrationBySupport(a, b);
    std::string difference;
    if (byHull.relation != bySupport.relation) {
      difference = "relation";
    } else if (byHull.coreSign != bySupport.coreSign) {
      difference = "core sign";
    } else if (byHull.coreDepthSquared != bySupport.coreDepthSquared) {
      difference = "core depth squared " + rationalString(byHull.coreDepthSquared) + " vs " +
                   rationalString(bySupport.coreDepthSquared);
    } else {
      for (const ExactPoint& n : byHull.normals) {
        if (!isMinimalNormal(bySupport, n))
          difference = "a normal of method 1 is not minimal in method 2";
      }
      for (const NormalArc& arc : byHull.normalArcs) {
        if (!isMinimalNormal(bySupport, arc.from) || !isMinimalNormal(bySupport, arc.to)) {
          difference = "an arc end of method 1 is not among method 2's normals";
        }
      }
      for (const ExactPoint& n : bySupport.normals) {
        if (!isMinimalNormal(byHull, n))
          difference = "a normal of method 2 is not minimal in method 1";
      }
    }
    if (!difference.empty() && ++failures <= 5) {
      ADD_FAILURE() << difference << "\n  A: " << cases::describe(a) << "\n  B: " << cases::describe(b);
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "[ counts   ] %d drawn: %d separated (skipped), %d touching, %d overlapping; %d through the "
      "radii only, %d with several normals, %d with an arc; %d disagreements; %.1f s\n",
      drawn, relations[0], relations[1], relations[2], outside, several, arcs, failures, seconds);
  EXPECT_EQ(failures, 0);
  EXPECT_GT(relations[1], 0);
  EXPECT_GT(relations[2], 0);
  EXPECT_GT(arcs, 0);
  EXPECT_GT(several, 0);
  EXPECT_GT(outside, 0);
}

}  // namespace
}  // namespace gjk::oracle
