// The family of an arbitrary case, and the signature of a violation: how a campaign names and
// deduplicates what the fuzzer finds.
//
// A fuzzer input has no family; classifyFamily gives it the one a person would file it under, from
// features of its geometry. The names are those of the case families (corpus/seeds/<family>/ and the
// generators of families/families): the seed folders `duplicate` and `far-from-origin` are spelled
// `duplicates` and `large-offset` here, and `crossing` cases classify as `overlapping`.
//
// The rules, tried in this order; the first that holds names the family. The order puts first the
// feature most likely to explain a float failure (size and offset set the rounding, short edges and
// slivers the conditioning, and so on down to plain position and rotation):
//
//   scale          the problem's size E (largest extent of either shape, radii included) is below
//                  2^-20 or above 2^20: float rounding happens far from unit size
//   large-offset   the coordinates are far larger than the shapes: S / E >= 2^10 (S of docs/verdict.md)
//   short-edge     a shape with a polygon hull has an edge at most 2^-7 (about 1e-2) of its longest
//   near-parallel  an edge of A and an edge of B are a small angle apart: 0 < |sin| <= 2^-8
//   sliver         a shape with a polygon hull is at most 2^-4 as wide as its longest edge
//   collinear      a shape has three or more distinct vertices and one lies on an edge of the hull
//                  (exact orientation test), or all its vertices lie on one line
//   duplicates     a shape lists the same vertex twice
//   radius         a shape has a positive radius
//   degenerate     both shapes are points or segments (one or two distinct vertices each); a point
//                  against a polygon is the common case of every family and says nothing by itself
//   touching       the exact relation is touching, or the exact distance is within T u of zero
//   overlapping    the exact relation is overlapping
//   rotated        a shape has a rotation other than (1, 0)
//   random-points  some vertex is interior to its shape's hull (the hull matters)
//   random-convex  none of the above
//
// The thresholds follow the families' defining features (families/families.h missingFamilyFeature):
// short edges from 1e-2 of the longest, near-parallel sines up to 2^-8, slivers from aspect 2^4.
// Features come from world vertices computed in double (products of floats are exact there, sums
// rounded once), except the collinear test, which is exact on the local coordinates (an orientation
// sign with a floating-point filter and an exact rational fallback). The test suite checks the
// classifier against the seed folders.
#pragma once

#include <string>
#include <vector>

#include "case/case.h"
#include "oracle/oracle.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"

namespace gjk::check {

// Every name classifyFamily can return, in rule order.
const std::vector<std::string>& classifiedFamilies();

// The family of a case, by the rules above; `exact` is the case's exact answer (solveExactly).
std::string classifyFamily(const Case& value, const oracle::ExactAnswer& exact);

// A violation as a campaign files it (docs/fuzzing.md).
struct ViolationSummary {
  std::string family;  // metadata (meta.family), not part of the cause
  // The cause, "<strategy> <primary kind> <termination>": what deduplicates findings. The primary kind
  // is verdict.reasons.front(); the termination word names the rule that decided the answer (a rule after
  // the loop such as `epsilon-merge` when one changed it, else the loop's stop; docs/terminations.md). Files of earlier campaigns carry a fourth word, the family, in their
  // meta.signature and name; tools/campaign_findings.h re-derives their cause by judging them again.
  std::string signature;
  // The finding's file name: causeFileName of the cause's three words.
  std::string fileName;
  // One line: what went wrong, with the numbers (reported and exact distance, errors in u, u).
  std::string story;
};

// A strategy's name as part of a file name: the name itself, or for `plugin:PATH[#ENTRY]`
// `plugin-<file name without .so>[-ENTRY]` (a file name holds no folders, and a plugin's path says where it
// was built, not what it is); any character other than a letter, digit, '.', '_' or '-' becomes '-'. The
// comparison gallery and the campaign's files name strategies this way.
std::string strategyFileName(const std::string& strategy);

// A cause's file: "<strategyFileName>.<kind>.<termination>.case", e.g.
// box2d-v3.1.false-overlap.tiny-direction-overlap.case.
std::string causeFileName(const std::string& strategy, const std::string& kind, const std::string& termination);

// Requires verdict.violation.
ViolationSummary summarizeViolation(const Case& value, const StrategyInfo& strategy, const oracle::ExactAnswer& exact,
                                    const StrategyResult& result, const Verdict& verdict);

// The case a campaign writes to corpus/regressions: the geometry of `value` with the meta lines
// family, signature, strategy, expected-verdict violation, expected-reasons, found-by and story.
Case regressionCase(const Case& value, const StrategyInfo& strategy, const ViolationSummary& summary,
                    const Verdict& verdict, const std::string& foundBy);

}  // namespace gjk::check
