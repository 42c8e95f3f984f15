// The penetration verdict of a 3D answer (Case::dimension 3): the 2D penetration verdict's kinds, order and
// measures (penetration_verdict.h, docs/verdict.md "Penetration") judged against the exact 3D answer
// (oracle/oracle3.h): the depth from penetrationDepth3, the normal error from overlapAlong3, the contact error from
// squaredDistanceToCore3. Its own header, as verdict3.h, so that the 2D harness does not compile the 3D oracle.
#pragma once

#include "case/case.h"
#include "oracle/oracle3.h"
#include "verdict/classify.h"
#include "verdict/penetration_verdict.h"
#include "verdict/query_seam.h"
#include "verdict/strategy.h"

namespace gjk::check {

// The penetration answer of a 3D strategy judged against the exact 3D answer of the case (solveExactly3 or
// solveWithoutHull3; every field read here is the same in both). Kinds (PENETRATION_VIOLATION_KINDS), in order:
//   non-finite      a NaN or inf in depth, normal or contact points when overlap is claimed
//   wrong-relation  overlap claimed while D = max(0, d0 - r) > T u (exact), or separation claimed while the
//                   exact depth* > T u
//   depth-error     |depth - depth*| > T u, depth* = r + sqrt(penetrationDepthSquared) with the origin in the
//                   interior of M, else r - d0 (negative when separated)
//   normal-error    overlapAlong3(n) - depth* > T u (the exact overlap along the reported normal, normalized,
//                   minus the least); a zero normal is infinitely wrong
//   contact-error   max(dist(pA, A), dist(pB, B)) > T u with the radii (a `merged` strategy's one point: the
//                   nearer shape's), from squaredDistanceToCore3
// Measures as PenetrationMeasure, NaN where nothing was measured. Throws CaseError for a 2D case.
QueryVerdict judgePenetration3(const Case& value, const oracle::ExactAnswer3& exact, const StrategyResult& result,
                               const StrategyInfo& strategy);

// A 3D penetration violation as `corpus add` files it (requires verdict.violation): the signature and file name of
// the 2D penetration query's ("<strategy> <primary kind> <cause>", the cause penetrationQuery().causeWord), the
// family of classifyFamily3, and a one-line story with the answer and the measures.
ViolationSummary summarizePenetration3(const Case& value, const StrategyInfo& strategy, const StrategyResult& result,
                                       const QueryVerdict& verdict);

}  // namespace gjk::check
