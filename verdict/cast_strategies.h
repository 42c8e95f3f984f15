// The built-in cast strategies (issue 22): ports of Box2D's b2ShapeCast in float (core/strategies/*_cast.h),
// each with the band of core gaps its source aims at (StrategyInfo::castBand). docs/strategies.md, "Cast".
#pragma once

#include <vector>

#include "verdict/strategy.h"

namespace gjk::check {

// Their registry rows (QueryKind::Cast), in a fixed order: gjk-raycast-cast, box2d-v3.0-cast,
// box2d-v3.1-cast, box2d-v3-cast.
const std::vector<StrategyInfo>& castStrategies();

}  // namespace gjk::check
