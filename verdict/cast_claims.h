// Claims about cast strategies (issue 22), measured by `gjkcheck properties` like the distance claims
// (verdict/claims.h): each a deterministic check of one strategy on one cast case, applicable to strategies
// whose query is the cast. u is the cast unit of docs/verdict.md (the case's S plus |r.x| + |r.y|, times
// 2^-24; of the larger of two cases compared), T = VIOLATION_THRESHOLD_U; a fraction difference δ is
// compared in travel, δ |r|.
#pragma once

#include <vector>

#include "verdict/claims.h"

namespace gjk::check {

//   castHitLiesInItsBand                   a reported hit's exact core gap at its fraction lies in the
//                                          declared band widened by T u (a hit at fraction 0 with the shapes
//                                          already closer is in the band too)
//   castIsSymmetricWhenAAndBAreSwapped     casting A by -r against B: the same hit, fractions within T u of
//                                          travel, the normal flipped (within the verdict's angle bound)
//   castIgnoresAnExactTranslation          both positions moved by an exact power of two: the same hit and
//                                          fraction within T u of travel
//   castLongerTranslationNeverHitsFarther  r doubled (exact): a hit stays a hit, at a travel distance no
//                                          greater than before plus T u
//   castNormalHasUnitLength                a hit's normal has length 1 within T 2^-24 (or is 0 where the
//                                          strategy documents no normal, at fraction 0)
const std::vector<StrategyProperty>& castProperties();

// "" for a cast strategy, else why the cast claims do not apply.
std::string answersCastQuery(const StrategyInfo& strategy);

}  // namespace gjk::check
