// Claims about strategies (the "properties"): each a deterministic check of one strategy on one case, so a
// counterexample saved as a case file replays exactly. The transformed cases a claim compares against
// (swapped, reordered, translated, warm-started...) are derived from the case itself, never drawn at
// random.
//
// Whether a strategy satisfies a claim is a finding, measured by verdict/property_survey.h
// (`gjkcheck properties`) and kept in reports/properties/. A strategy's contract may claim some of them
// (contractClaims): those must hold on every case, and the property tests assert them.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "case/case.h"
#include "oracle/oracle.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"

namespace gjk::oracle {
struct ExactAnswer3;
}

namespace gjk::check {

class CaseJudge3;

// u = S 2^-24 of docs/verdict.md for a case, in double (S itself is exact, oracle::problemScale; its double is
// within 2^-53 relative). A 3D case's u is errorUnit3's (verdict/verdict3.h), S = oracle::problemScale3 of its
// shapes, formed here from the shapes without solving the case.
double unitOf(const Case& value);

// The power of two 2^k that moves both shapes' positions exactly (every sum position + 2^k is a float), trying k
// from two above the exponent of `size` down to eight below it; 0 when none does. The translation claims move
// both shapes by (2^k, 2^k).
float exactTranslationStep(const Case& value, double size);

// One case, shared by the checks of every strategy and claim: the exact answer is computed once, each
// strategy's cold answer and verdict once. A case of either dimension: a 2D case is judged by the 2D verdict
// (verdict.h judge) against exact(), a 3D case (Case::dimension 3) by CaseJudge3 (verdict/verdict3.h) against
// exact3(), with u from unitOf (errorUnit3's for a 3D case).
class CaseContext {
 public:
  explicit CaseContext(const Case& value);
  ~CaseContext();
  CaseContext(const CaseContext&) = delete;
  CaseContext& operator=(const CaseContext&) = delete;

  const Case& value() const { return value_; }
  int dimension() const { return value_.dimension; }
  // The 2D exact answer; throws CaseError for a 3D case (requirePlanarCase).
  const oracle::ExactAnswer& exact();
  // The 3D exact answer (CaseJudge3's, oracle::solveWithoutHull3); throws CaseError for a 2D case.
  const oracle::ExactAnswer3& exact3();
  // The exact relation and distance (max(0, d0 - r), a correctly rounded decimal) in either dimension.
  oracle::Relation exactRelation();
  std::string exactDistanceDecimal(int significantDigits);
  double unit() const { return unit_; }
  // The strategy's cold answer. Throws std::invalid_argument when the strategy answers cases of the other
  // dimension (StrategyInfo::dimension).
  const StrategyResult& result(const StrategyInfo& strategy);
  const Verdict& verdict(const StrategyInfo& strategy);

 private:
  Case value_;
  double unit_;
  std::unique_ptr<oracle::ExactAnswer> exact_;
  std::unique_ptr<CaseJudge3> judge3_;
  std::map<std::string, StrategyResult> results_;
  std::map<std::string, Verdict> verdicts_;
};

// A case an invariance claim compares with its reference, named as the claim's messages name it.
struct ClaimVariant {
  std::string name;  // "A reversed and shifted by 2", "B with the hull point (0.5, 0.25, 1) first", ...
  Case value;
};

// The variants the invariance claims run, for a case of either dimension (a 3D case's are 3D cases, and their
// points print as (x, y, z)). Each variant has the same exact answer as its reference: the same Minkowski
// difference (up to the sign, for A and B swapped) and the same radii.
//   isSymmetricWhenAAndBAreSwapped  A and B swapped
//   ignoresVertexOrder              every cyclic shift and reversal of one shape's vertex list
//   ignoresDuplicateVertices        each vertex doubled, one at a time, and every vertex doubled (up to the
//                                   dimension's most vertices: 16 in 2D, 64 in 3D)
//   ignoresInteriorPoints           points of the shape's hull that are not vertices (pointsInHull), first and
//                                   last, one at a time, then all of them
//   ignoresAnExactTranslation       the reference is foldTransforms(value): both shapes' vertices, and then
//                                   (a second code path) both positions, moved by offsets that keep every world
//                                   coordinate exact (a power of two on each axis)
// Throws std::invalid_argument for any other property.
std::vector<ClaimVariant> claimVariants(const std::string& property, const Case& value);

// Points of the shape's hull (its local vertices, radius not included) that are not vertices, at most six:
// the centroid of all vertices, in 3D the centroids of four consecutive vertices, then midpoints of vertex
// pairs, each rounded to float and kept when the exact oracle (squaredDistanceToCore, squaredDistanceToCore3)
// puts it in the hull. `dimension` is the case's.
std::vector<Vertex> pointsInHull(const ShapeSpec& shape, int dimension);

// The case with each shape's placement folded into its vertices (world coordinates evaluated in double and
// rounded to float once; identity rotation, zero position): the reference of ignoresAnExactTranslation. In 3D
// the rotation is the matrix of the quaternion as given (oracle/oracle3.h InputShape3).
Case foldTransforms(const Case& value);

struct StrategyProperty {
  std::string name;   // camelCase, reads as a claim: "isSymmetricWhenAAndBAreSwapped"
  std::string claim;  // one sentence
  // "" when the property applies to the strategy, else why it does not.
  std::string (*notApplicable)(const StrategyInfo& strategy);
  // "" when the strategy satisfies the claim on the case, else what went wrong (one line, with numbers).
  std::string (*check)(const StrategyInfo& strategy, CaseContext& context);
};

// Every claim, in a fixed order: each query's (Query::properties, verdict/query_seam.h) in queries() order.
const std::vector<StrategyProperty>& strategyProperties();

// The claims about distance answers (the distance query's properties).
const std::vector<StrategyProperty>& distanceProperties();

// The claim of that name; throws std::invalid_argument for an unknown one.
const StrategyProperty& strategyProperty(const std::string& name);

// A property that a strategy's contract claims, and why it holds by construction.
struct ContractClaim {
  std::string strategy;
  std::string property;
  std::string why;
};

// Every (strategy, property) that a contract claims (docs/strategies.md, "Contracts"). The test suite
// holds each to every family; everything else is a measurement.
const std::vector<ContractClaim>& contractClaims();

}  // namespace gjk::check
