// The family and the violation summary of a 3D case (Case::dimension 3), beside classify.h's 2D ones: how a 3D
// campaign (fuzz_distance3d, `gjkcheck campaign --strategy vdb3`) names and deduplicates what it finds. Its own
// header, so that the 2D harness does not compile the 3D oracle's declarations.
//
// The signature is the 2D one, "<strategy> <primary kind> <termination>", and the file name likewise
// (causeFileName). The family is metadata: the first 3D family (families/families.h, familyNames3) whose
// defining feature the case has (missingFamilyFeature3, decided exactly), tried in this order, the feature
// most likely to explain a float failure first, as in 2D:
//   large-offset, short-edge, near-parallel, sliver, coplanar, flat, needle, duplicates, rounded, stacked,
//   rotated, random-points, edge-edge, random-convex
// and random-convex when none holds. edge-edge (two segments between vertices, one of each shape, parallel or
// crossing as seen along their common normal) holds for most pairs of polytopes, so it comes last but one. (scale, whose feature is a size within 1e-30..1e30, holds for nearly every
// case and says nothing: it is not tried.) Shapes of more than CLASSIFY3_MAX_VERTICES vertices skip the
// pairwise rules (near-parallel, coplanar, edge-edge: quartic in the vertex count, exact), so that a campaign
// stays fast on large fuzzer inputs.
#pragma once

#include <string>
#include <vector>

#include "case/case.h"
#include "oracle/oracle3.h"
#include "verdict/classify.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"

namespace gjk::check {

inline constexpr std::size_t CLASSIFY3_MAX_VERTICES = 16;

// Every name classifyFamily3 can return, in rule order.
const std::vector<std::string>& classifiedFamilies3();

// The family of a 3D case by the rules above.
std::string classifyFamily3(const Case& value);

// The signature alone (no family, no story): "<strategy> <primary kind> <termination>". Cheap: what a fuzz target
// compares with its known signatures before it classifies anything.
std::string violationSignature(const StrategyInfo& strategy, const StrategyResult& result, const Verdict& verdict);

// summarizeViolation for a 3D case; requires verdict.violation.
ViolationSummary summarizeViolation3(const Case& value, const StrategyInfo& strategy, const oracle::ExactAnswer3& exact,
                                     const StrategyResult& result, const Verdict& verdict);

}  // namespace gjk::check
