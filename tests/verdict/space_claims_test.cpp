// The claims (verdict/claims.h) on hand-made 3D cases: each invariance claim's variants are the 3D cases they
// should be (and have the exact answer of their reference), CaseContext gives the 3D exact answer, CaseJudge3's
// verdicts and errorUnit3's u, and each claim holds on a right answer and fails on a wrong one given by a
// hand-made 3D strategy. Then the survey in 3D (verdict/property_survey.h): counts, a 3D counterexample shrunk,
// and a strategy of the other dimension refused.
#include "verdict/claims.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "families/families.h"
#include "oracle/oracle3.h"
#include "oracle/oracle3_values.h"
#include "verdict/exact_case3.h"
#include "verdict/property_survey.h"
#include "verdict/verdict3.h"

namespace gjk::check {
namespace {

// The corner tetrahedron {0, e1, e2, e3}.
ShapeSpec tetrahedron() {
  ShapeSpec shape;
  shape.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  return shape;
}

// A: the tetrahedron at the origin. B: the same, moved by (3, 0, 0). A's nearest point (1, 0, 0), B's (3, 0, 0),
// distance 2.
Case apart() {
  Case value;
  value.dimension = 3;
  value.a = tetrahedron();
  value.b = tetrahedron();
  value.b.positionX = 3;
  value.source = "hand";
  return value;
}

// B turned by the quaternion (1/2, 1/2, 1/2, 1/2): its matrix, exact in floats, sends (x, y, z) to (z, x, y).
Case turned() {
  Case value = apart();
  value.b.quaternionW = 0.5f, value.b.quaternionX = 0.5f, value.b.quaternionY = 0.5f, value.b.quaternionZ = 0.5f;
  value.b.positionY = -0.5f, value.b.positionZ = 0.25f;
  value.a.radius = 0.125f;
  return value;
}

StrategyInfo hand(RunFunction run) {
  StrategyInfo info;
  info.name = "hand";
  info.scalar = "double";
  info.maxIterations = 20;
  info.dimension = 3;
  info.run = std::move(run);
  return info;
}

StrategyResult answer(double distance, Point a, Point b) {
  StrategyResult r;
  r.distance = distance;
  r.pointA = a;
  r.pointB = b;
  r.iterations = 3;
  r.termination = "converged";
  return r;
}

// The exact distance, correctly rounded to double (the witness points are not set: the invariance claims read
// the distance only).
double exactDistance(const Case& value) {
  return std::strtod(oracle::distanceDecimal3(solveExactly3(value), 20).c_str(), nullptr);
}

std::string check(const std::string& property, const StrategyInfo& strategy, const Case& value) {
  CaseContext context(value);
  return strategyProperty(property).check(strategy, context);
}

const std::vector<std::string> INVARIANCES = {"isSymmetricWhenAAndBAreSwapped", "ignoresVertexOrder",
                                              "ignoresDuplicateVertices", "ignoresInteriorPoints",
                                              "ignoresAnExactTranslation"};

bool sameVertices(const std::vector<Vertex>& x, const std::vector<Vertex>& y) {
  return x.size() == y.size() &&
         std::equal(x.begin(), x.end(), y.begin(), [](const Vertex& p, const Vertex& q) {
           return p.x == q.x && p.y == q.y && p.z == q.z;
         });
}

bool samePlacement(const ShapeSpec& x, const ShapeSpec& y) {
  return x.radius == y.radius && x.positionX == y.positionX && x.positionY == y.positionY &&
         x.positionZ == y.positionZ && x.quaternionW == y.quaternionW && x.quaternionX == y.quaternionX &&
         x.quaternionY == y.quaternionY && x.quaternionZ == y.quaternionZ;
}

const ClaimVariant& variantNamed(const std::vector<ClaimVariant>& variants, const std::string& name) {
  for (const ClaimVariant& v : variants) {
    if (v.name == name) return v;
  }
  throw std::invalid_argument("no variant '" + name + "'");
}

TEST(SpaceClaims, swappedAndReorderedVariantsAreTheCasesTheyShouldBe) {
  const Case value = turned();
  const std::vector<ClaimVariant> swapped = claimVariants("isSymmetricWhenAAndBAreSwapped", value);
  ASSERT_EQ(swapped.size(), 1u);
  EXPECT_EQ(swapped[0].value.dimension, 3);
  EXPECT_TRUE(sameVertices(swapped[0].value.a.vertices, value.b.vertices));
  EXPECT_TRUE(samePlacement(swapped[0].value.a, value.b));
  EXPECT_TRUE(samePlacement(swapped[0].value.b, value.a));

  // 4 vertices a shape: 3 shifts and 4 reversals each.
  const std::vector<ClaimVariant> order = claimVariants("ignoresVertexOrder", value);
  ASSERT_EQ(order.size(), 14u);
  const ClaimVariant& reversed = variantNamed(order, "A reversed and shifted by 1");
  // Reversed: e3 e2 e1 0; shifted by 1: e2 e1 0 e3.
  EXPECT_TRUE(sameVertices(reversed.value.a.vertices, {{0, 1, 0}, {1, 0, 0}, {0, 0, 0}, {0, 0, 1}}));
  for (const ClaimVariant& v : order) {
    EXPECT_EQ(v.value.dimension, 3) << v.name;
    const bool changesA = v.name[0] == 'A';
    EXPECT_TRUE(sameVertices((changesA ? v.value.b : v.value.a).vertices, (changesA ? value.b : value.a).vertices));
    EXPECT_TRUE(samePlacement(v.value.a, value.a) && samePlacement(v.value.b, value.b)) << v.name;
    std::vector<Vertex> sorted = (changesA ? v.value.a : v.value.b).vertices;
    EXPECT_FALSE(sameVertices(sorted, (changesA ? value.a : value.b).vertices)) << v.name << " is no change";
  }
}

TEST(SpaceClaims, duplicatesGoUpTo64VerticesIn3D) {
  Case value = apart();
  // 20 vertices in A: each doubled (21) and every one doubled (40 <= 64); a 2D shape of 20 would get neither.
  value.a.vertices.clear();
  for (int i = 0; i < 20; ++i) value.a.vertices.push_back({float(i), float(i * i % 7), float(i % 3)});
  const std::vector<ClaimVariant> doubled = claimVariants("ignoresDuplicateVertices", value);
  EXPECT_EQ(doubled.size(), 20u + 1u + 4u + 1u);
  const ClaimVariant& one = variantNamed(doubled, "A vertex 2 doubled");
  ASSERT_EQ(one.value.a.vertices.size(), 21u);
  EXPECT_TRUE(sameVertices({one.value.a.vertices[2]}, {one.value.a.vertices[3]}));
  EXPECT_TRUE(sameVertices({one.value.a.vertices[3]}, {value.a.vertices[2]}));
  EXPECT_TRUE(sameVertices({one.value.a.vertices[4]}, {value.a.vertices[3]}));
  const ClaimVariant& every = variantNamed(doubled, "A every vertex doubled");
  EXPECT_EQ(every.value.a.vertices.size(), 40u);
  // 40 vertices: one at a time only (80 > 64).
  for (int i = 20; i < 40; ++i) value.a.vertices.push_back({float(i), 0, 1});
  const std::vector<ClaimVariant> more = claimVariants("ignoresDuplicateVertices", value);
  EXPECT_EQ(more.size(), 40u + 4u + 1u);
  EXPECT_THROW(variantNamed(more, "A every vertex doubled"), std::invalid_argument);
}

TEST(SpaceClaims, hullPointsOfATetrahedronAreItsCentroidAndEdgeMidpoints) {
  // The centroid (the one quadruple's centroid too, listed once), then midpoints of vertex pairs in order, six in
  // all. Exact in floats and in the hull, which the exact oracle decides.
  const std::vector<Vertex> inside = pointsInHull(tetrahedron(), 3);
  EXPECT_TRUE(sameVertices(inside, {{0.25f, 0.25f, 0.25f},
                                    {0.5f, 0, 0},
                                    {0, 0.5f, 0},
                                    {0, 0, 0.5f},
                                    {0.5f, 0.5f, 0},
                                    {0.5f, 0, 0.5f}}));
  // A needle whose midpoint rounds off the segment: (1 + 2^-30) / 2 rounds to 0.5, and (0.5, 0.5, 0) is not on
  // the segment from (1, 0, 0) to (2^-30, 1, 0). No point is kept.
  ShapeSpec needle;
  needle.vertices = {{1, 0, 0}, {0x1p-30f, 1, 0}};
  EXPECT_TRUE(pointsInHull(needle, 3).empty());
  // The variants: each point first and last, then all of them, for A and B; the names print (x, y, z).
  const std::vector<ClaimVariant> variants = claimVariants("ignoresInteriorPoints", apart());
  EXPECT_EQ(variants.size(), 2u * (2 * 6 + 1));
  const ClaimVariant& first = variantNamed(variants, "B with the hull point (0.25, 0.25, 0.25) first");
  ASSERT_EQ(first.value.b.vertices.size(), 5u);
  EXPECT_TRUE(sameVertices({first.value.b.vertices[0]}, {{0.25f, 0.25f, 0.25f}}));
  EXPECT_EQ(variantNamed(variants, "A with all its hull points added").value.a.vertices.size(), 10u);
}

TEST(SpaceClaims, theTranslationStartsFromTheFoldedCaseAndMovesItExactly) {
  const Case value = turned();
  const Case folded = foldTransforms(value);
  EXPECT_EQ(folded.dimension, 3);
  // Every folded vertex is the exact world vertex (the matrix is exact in floats here).
  for (const auto& [shape, original] : {std::pair{&folded.a, &value.a}, std::pair{&folded.b, &value.b}}) {
    const std::vector<oracle::ExactPoint3> world = oracle::worldVertices3(toOracleShape3(*original));
    ASSERT_EQ(world.size(), shape->vertices.size());
    for (std::size_t i = 0; i < world.size(); ++i) {
      EXPECT_EQ(oracle::exactFloat(shape->vertices[i].x), world[i].x);
      EXPECT_EQ(oracle::exactFloat(shape->vertices[i].y), world[i].y);
      EXPECT_EQ(oracle::exactFloat(shape->vertices[i].z), world[i].z);
    }
    EXPECT_EQ(shape->quaternionW, 1.0f);
    EXPECT_EQ(shape->quaternionX, 0.0f);
    EXPECT_EQ(shape->positionZ, 0.0f);
    EXPECT_EQ(shape->radius, original->radius);
  }
  // B's (1, 0, 0) goes to (0, 1, 0) + (3, -0.5, 0.25).
  EXPECT_TRUE(sameVertices({folded.b.vertices[1]}, {{3, 0.5f, 0.25f}}));

  const std::vector<ClaimVariant> moved = claimVariants("ignoresAnExactTranslation", value);
  ASSERT_GE(moved.size(), 6u);
  ASSERT_EQ(moved.size() % 2, 0u);
  bool movedAlongZ = false;
  for (std::size_t k = 0; k < moved.size(); k += 2) {
    const Case& vertices = moved[k].value;
    const Case& positions = moved[k + 1].value;
    ASSERT_EQ(moved[k].name.rfind("vertices translated by (", 0), 0u) << moved[k].name;
    ASSERT_EQ(moved[k + 1].name.rfind("positions set to (", 0), 0u) << moved[k + 1].name;
    // Three coordinates in the name; the offset is the position of the second variant.
    EXPECT_EQ(std::count(moved[k].name.begin(), moved[k].name.end(), ','), 2) << moved[k].name;
    const float dx = positions.a.positionX, dy = positions.a.positionY, dz = positions.a.positionZ;
    movedAlongZ = movedAlongZ || dz != 0;
    EXPECT_EQ(positions.b.positionX, dx);
    EXPECT_EQ(positions.b.positionZ, dz);
    EXPECT_TRUE(sameVertices(positions.a.vertices, folded.a.vertices));
    for (const auto& [shape, base] : {std::pair{&vertices.a, &folded.a}, std::pair{&vertices.b, &folded.b}}) {
      for (std::size_t i = 0; i < base->vertices.size(); ++i) {
        // Exact: the float sum equals the double sum.
        EXPECT_EQ(double(shape->vertices[i].x), double(base->vertices[i].x) + dx);
        EXPECT_EQ(double(shape->vertices[i].y), double(base->vertices[i].y) + dy);
        EXPECT_EQ(double(shape->vertices[i].z), double(base->vertices[i].z) + dz);
      }
      EXPECT_EQ(shape->positionX, 0.0f);
    }
  }
  EXPECT_TRUE(movedAlongZ);
}

// Every variant of every invariance claim has its reference's exact answer: the same d0^2, r and relation.
TEST(SpaceClaims, everyVariantHasTheExactAnswerOfItsReference) {
  for (const Case& value : {apart(), turned()}) {
    for (const std::string& property : INVARIANCES) {
      const Case reference = property == "ignoresAnExactTranslation" ? foldTransforms(value) : value;
      const oracle::ExactAnswer3 expected = solveExactly3(reference);
      for (const ClaimVariant& variant : claimVariants(property, value)) {
        const oracle::ExactAnswer3 got = solveExactly3(variant.value);
        EXPECT_EQ(got.coreDistanceSquared, expected.coreDistanceSquared) << property << ": " << variant.name;
        EXPECT_EQ(got.radius, expected.radius) << variant.name;
        EXPECT_EQ(got.relation, expected.relation) << variant.name;
      }
    }
  }
  EXPECT_THROW(claimVariants("reportsTheOracleDistanceWithinT", apart()), std::invalid_argument);
}

TEST(SpaceClaims, theContextGivesThe3DExactAnswerVerdictAndUnit) {
  const Case value = turned();
  CaseContext context(value);
  EXPECT_EQ(context.dimension(), 3);
  const oracle::ExactAnswer3 exact = solveExactly3(value);
  EXPECT_EQ(context.unit(), static_cast<double>(errorUnit3(exact)));
  EXPECT_EQ(unitOf(value), context.unit());
  EXPECT_EQ(context.exact3().coreDistanceSquared, exact.coreDistanceSquared);
  EXPECT_EQ(context.exactRelation(), oracle::Relation::Separated);
  EXPECT_EQ(context.exactDistanceDecimal(12), oracle::distanceDecimal3(exact, 12));
  EXPECT_THROW(context.exact(), CaseError);  // the 2D oracle refuses a 3D case
  const StrategyInfo wrong = hand([](const Case&, const RunOptions&) { return answer(1, {0, 0, 0}, {1, 0, 0}); });
  const Verdict& verdict = context.verdict(wrong);
  const Verdict expected = judge3(value, exact, answer(1, {0, 0, 0}, {1, 0, 0}), wrong);
  EXPECT_EQ(verdict.reasons, expected.reasons);
  EXPECT_EQ(verdict.distanceErrorU, expected.distanceErrorU);
  EXPECT_TRUE(verdict.violation);
  // A 2D strategy is refused on a 3D case, by name.
  StrategyInfo planar = wrong;
  planar.dimension = 2;
  planar.name = "planar";
  try {
    context.result(planar);
    ADD_FAILURE() << "a 2D strategy ran a 3D case";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("'planar' answers 2D cases"), std::string::npos) << error.what();
  }
}

TEST(SpaceClaims, theOracleClaimsHoldOnTheRightAnswerAndFailOnWrongOnes) {
  const Case value = apart();
  const StrategyInfo right = hand([](const Case&, const RunOptions&) { return answer(2, {1, 0, 0}, {3, 0, 0}); });
  for (const char* property :
       {"reportsTheOracleDistanceWithinT", "neverClaimsOverlapOrSeparationAgainstTheOracle",
        "placesWitnessPointsOnTheirShapes", "keepsWitnessPointsTheReportedDistanceApart",
        "terminatesWithinItsCapWithFiniteResults"}) {
    EXPECT_EQ(check(property, right, value), "") << property;
  }
  const StrategyInfo overlap = hand([](const Case&, const RunOptions&) { return answer(0, {1, 0, 0}, {1, 0, 0}); });
  EXPECT_NE(check("reportsTheOracleDistanceWithinT", overlap, value).find("exact 2"), std::string::npos);
  EXPECT_EQ(check("neverClaimsOverlapOrSeparationAgainstTheOracle", overlap, value).rfind("false-overlap: ", 0), 0u);
  // pA off A by 5 in z; the message prints both points with z.
  const StrategyInfo off = hand([](const Case&, const RunOptions&) { return answer(2, {1, 0, 5}, {3, 0, 0}); });
  EXPECT_EQ(check("placesWitnessPointsOnTheirShapes", off, value).rfind("witness points (1, 0, 5) and (3, 0, 0) ", 0),
            0u)
      << check("placesWitnessPointsOnTheirShapes", off, value);
  // Both points on their shapes, 3 apart where the distance is 2.
  const StrategyInfo wide = hand([](const Case&, const RunOptions&) { return answer(2, {1, 0, 0}, {4, 0, 0}); });
  EXPECT_EQ(check("placesWitnessPointsOnTheirShapes", wide, value), "");
  EXPECT_NE(check("keepsWitnessPointsTheReportedDistanceApart", wide, value), "");
  const StrategyInfo infinite = hand([](const Case&, const RunOptions&) {
    return answer(2, {1, 0, 0}, {3, 0, std::nan("")});
  });
  EXPECT_EQ(check("terminatesWithinItsCapWithFiniteResults", infinite, value).rfind("not finite: distance 2, pA (1, 0, 0), pB (3, 0, nan)", 0), 0u)
      << check("terminatesWithinItsCapWithFiniteResults", infinite, value);
}

TEST(SpaceClaims, eachInvarianceHoldsOnTheExactDistanceAndFailsWhereTheAnswerDependsOnWhatItShouldNot) {
  const Case value = turned();
  const StrategyInfo exact = hand([](const Case& c, const RunOptions&) { return answer(exactDistance(c), {}, {}); });
  for (const std::string& property : INVARIANCES) EXPECT_EQ(check(property, exact, value), "") << property;
  // Off by 1 when A is to the right of B: not symmetric, blind to order, duplicates and interior points.
  const StrategyInfo sided = hand([](const Case& c, const RunOptions&) {
    return answer(exactDistance(c) + (c.a.positionX > c.b.positionX ? 1 : 0), {}, {});
  });
  EXPECT_EQ(check("isSymmetricWhenAAndBAreSwapped", sided, value).rfind("A and B swapped: distance ", 0), 0u);
  for (const char* property : {"ignoresVertexOrder", "ignoresDuplicateVertices", "ignoresInteriorPoints"}) {
    EXPECT_EQ(check(property, sided, value), "") << property;
  }
  // Off by the first vertex's x: sees the order and a point added first.
  const StrategyInfo first = hand([](const Case& c, const RunOptions&) {
    return answer(exactDistance(c) + c.a.vertices[0].x + c.b.vertices[0].x, {}, {});
  });
  EXPECT_EQ(check("ignoresVertexOrder", first, value).rfind("A shifted by 1: ", 0), 0u)
      << check("ignoresVertexOrder", first, value);
  EXPECT_EQ(check("ignoresInteriorPoints", first, value).rfind("A with the hull point (0.25, 0.25, 0.25) first: ", 0), 0u)
      << check("ignoresInteriorPoints", first, value);
  // Off by the vertex count: sees duplicates and added points, not the order.
  const StrategyInfo counting = hand([](const Case& c, const RunOptions&) {
    return answer(exactDistance(c) + 0.5 * double(c.a.vertices.size() + c.b.vertices.size()), {}, {});
  });
  EXPECT_EQ(check("ignoresDuplicateVertices", counting, value).rfind("A vertex 0 doubled: ", 0), 0u);
  EXPECT_NE(check("ignoresInteriorPoints", counting, value), "");
  EXPECT_EQ(check("ignoresVertexOrder", counting, value), "");
  // Off by 1 when a world coordinate of B is beyond 64 (positions and vertices both): the translation moves it.
  const StrategyInfo far = hand([](const Case& c, const RunOptions&) {
    const ShapeSpec& b = c.b;
    const double reach = std::fabs(b.positionX) + std::fabs(b.positionY) + std::fabs(b.positionZ) +
                         std::fabs(b.vertices[0].x) + std::fabs(b.vertices[0].y) + std::fabs(b.vertices[0].z);
    return answer(exactDistance(c) + (reach > 64 ? 1 : 0), {}, {});
  });
  EXPECT_EQ(check("ignoresAnExactTranslation", far, value).rfind("vertices translated by (", 0), 0u)
      << check("ignoresAnExactTranslation", far, value);
  EXPECT_NE(check("ignoresAnExactTranslation", far, value).find(" (transforms folded first): "), std::string::npos);
  EXPECT_EQ(check("isSymmetricWhenAAndBAreSwapped", far, value), "");
}

TEST(SpaceClaims, warmStartDoesNotApplyIn3D) {
  StrategyInfo space = hand([](const Case&, const RunOptions&) { return StrategyResult{}; });
  const StrategyProperty& warm = strategyProperty("warmStartAgreesWithColdStart");
  EXPECT_NE(warm.notApplicable(space).find("3D queries start cold"), std::string::npos);
  space.dimension = 2;
  EXPECT_EQ(warm.notApplicable(space), "");  // the same strategy in 2D reads its cache
  space.dimension = 3;
  for (const StrategyProperty& property : distanceProperties()) {
    if (property.name != warm.name) EXPECT_EQ(property.notApplicable(space), "") << property.name;
  }
  for (const StrategyInfo& strategy : strategies3()) EXPECT_NE(warm.notApplicable(strategy), "") << strategy.name;
}

TEST(SpaceSurvey, countsOn3DFamiliesAndShrinksA3DCounterexample) {
  // Off by 1 when A is to the right of B: the survey finds it on some family and shrinks the case, still 3D.
  static const StrategyInfo sided = hand([](const Case& c, const RunOptions&) {
    return answer(c.a.positionX > c.b.positionX ? 1.0 : 0.0, {}, {});
  });
  SurveyOptions options;
  options.dimension = 3;
  options.strategies = {&sided};
  options.properties = {"isSymmetricWhenAAndBAreSwapped", "warmStartAgreesWithColdStart"};
  options.families = {"rounded", "large-offset"};
  options.count = 6;
  options.seed = 3;
  options.jobs = 2;
  options.shrinkAttempts = 200;
  const SurveyResult result = runPropertySurvey(options);
  const SurveyCell& warm = result.cells[0][1][0];
  EXPECT_FALSE(warm.applies);
  EXPECT_EQ(warm.cases, 0u);
  std::uint64_t violations = 0;
  for (const SurveyCell& cell : result.cells[0][0]) {
    EXPECT_EQ(cell.cases, 6u);
    violations += cell.violations;
  }
  // On every case where A and B have different x positions (then one of the two orders is off by 1).
  EXPECT_GT(violations, 0u);
  ASSERT_EQ(result.counterexamples.size(), 1u);
  const SurveyCounterexample& example = result.counterexamples[0];
  EXPECT_EQ(example.value.dimension, 3);
  EXPECT_EQ(example.value.metaValue("property"), "isSymmetricWhenAAndBAreSwapped");
  EXPECT_EQ(example.value.metaValue("found-by").rfind("gjkcheck properties --dimension 3 --seed 3: family ", 0), 0u);
  EXPECT_NE(example.failure, "");
  CaseContext context(parseCase(formatCase(example.value), "replayed"));
  EXPECT_NE(strategyProperty("isSymmetricWhenAAndBAreSwapped").check(sided, context), "");
  // Shrunk: one vertex a shape is enough to put A to the right of B.
  EXPECT_EQ(example.value.a.vertices.size(), 1u);

  // A 2D strategy in a 3D survey, or a 3D one in a 2D survey, is refused.
  options.strategies = {&strategies().front()};
  EXPECT_THROW(runPropertySurvey(options), std::invalid_argument);
  options.strategies = {&sided};
  options.dimension = 2;
  options.families = {"touching"};
  EXPECT_THROW(runPropertySurvey(options), std::invalid_argument);
}

}  // namespace
}  // namespace gjk::check
