// The cast strategies of real engines in this process (issue 22): box2d-2.4.1-cast (b2ShapeCast) and
// box2d-2.4.1-toi (b2TimeOfImpact) through adapters/box2d_241_cast, and chipmunk7-cast (cpShapeSegmentQuery)
// through adapters/chipmunk7_cast, each present when the project was built with its library. The engines in
// other processes declare `queries cast` in their manifests (docs/workers.md).
#pragma once

#include <vector>

#include "verdict/strategy.h"

namespace gjk::check {

// Their registry rows (QueryKind::Cast), in that order; empty without the libraries.
const std::vector<StrategyInfo>& castEngineStrategies();

}  // namespace gjk::check
