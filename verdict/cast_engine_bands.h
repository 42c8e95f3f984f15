// The target bands of the engines' casts, by name, for the engines in other processes: a manifest of `queries
// cast` names its band with `cast-band NAME` (docs/workers.md). Each formula is the engine's own, read from its
// source at the version tested (docs/engines.md, "Cast", cites the lines); the in-process engines compute theirs
// from the engine's own constants (verdict/cast_engine_strategies.cpp).
#pragma once

#include <string_view>

#include "verdict/strategy.h"

namespace gjk::check {

// The band formula of that name, or null:
//   box2d-2.4.1-shape-cast-f64  b2ShapeCast of Box2D 2.4.1 in double (planck ShapeCast, @box2d/core b2ShapeCast):
//                               sigma = max(0.01, max(rA, 0.01) + max(rB, 0.01) - 0.01), [sigma, sigma + 0.0025]
//   box2d-2.4.1-toi-f64         b2TimeOfImpact of Box2D 2.4.1 in double (planck TimeOfImpact, @box2d/core
//                               b2TimeOfImpact): target = max(0.005, rA + rB - 0.015), [target - 0.00125,
//                               target + 0.00125]
//   touching                    the rounded shapes touch: core gap rA + rB exactly, [rA + rB, rA + rB] (rapier's
//                               castShape with targetDistance 0; its own tolerances are not declared: docs/engines.md)
//   box2d-v3-f32                b2ShapeCast of Box2D v3 (v3.1.1 and main 617d32ab), float,
//                               target = max(0.005, rA + rB - 0.005): [target, target + 0.00125] (conservative
//                               advancement); box2d-v3-toi-f32, its b2TimeOfImpact: [target - 0.00125, target + 0.00125]

CastBandFunction engineCastBand(std::string_view name);

// The formula of that band in words ("" for an unknown name).
const char* engineCastBandText(std::string_view name);

}  // namespace gjk::check
