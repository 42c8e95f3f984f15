// Claims about penetration strategies (issue 13), measured by `gjkcheck properties` like the distance
// claims (verdict/claims.h): each a deterministic check of one strategy on one case, applicable to strategies
// whose query kind answers penetration. Tolerances: T u for depths and points (u of the case, or of the
// larger of two cases compared), T 2^-24 for the length of the unit normal (T units of 1's float spacing).
#pragma once

#include <vector>

#include "verdict/claims.h"

namespace gjk::check {

//   penetrationIsSymmetricWhenAAndBAreSwapped  the same relation, depth within T u, and the swapped normal
//                                             flipped: the exact overlaps along n and along -n' within T u
//   penetrationIgnoresAnExactTranslation       both positions moved by an exact power of two: the same
//                                             relation, depth and overlap along the normal within T u
//   penetrationNormalHasUnitLength             | |n| - 1 | <= T 2^-24 when overlap is claimed
//   penetrationDepthIsZeroOnTouching           on exactly touching shapes, no positive depth is reported
const std::vector<StrategyProperty>& penetrationProperties();

// "" for a strategy that answers penetration, else why the penetration claims do not apply.
std::string answersPenetrationQuery(const StrategyInfo& strategy);

}  // namespace gjk::check
