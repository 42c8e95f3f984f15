// The strategy `box2d-2.4.1`: the system's real b2Distance through adapters/box2d_241.
#pragma once

#include "verdict/strategy.h"

namespace gjk::check {

// The registry row for box2d-2.4.1, or null when the project was built without Box2D.
const StrategyInfo* box2dStrategy();

}  // namespace gjk::check
