// The penetration strategies of real engines (issue 13): box2d-2.4.1-sat (b2CollidePolygons through
// adapters/box2d_241_sat) and chipmunk7 (cpShapesCollide through adapters/chipmunk7), each present when
// the project was built with its library.
#pragma once

#include <vector>

#include "verdict/strategy.h"

namespace gjk::check {

// Their registry rows (QueryKind::Penetration), in that order; empty without the libraries.
const std::vector<StrategyInfo>& penetrationEngineStrategies();

}  // namespace gjk::check
