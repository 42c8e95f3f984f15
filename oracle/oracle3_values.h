// Real values of the exact 3D answer (oracle3.h), as `gjkcheck oracle` prints them for a 3D case: the distance,
// the penetration depth and a unit normal as correctly rounded decimals. They reuse the 2D oracle's decimals
// (distanceDecimal, penetrationDepthDecimal), which read only numbers a 3D answer has as well.
#pragma once

#include <optional>
#include <string>

#include "oracle/oracle3.h"

namespace gjk::oracle {

// max(0, d0 - r) to `significantDigits` significant digits (at least 30), exact and correctly rounded as
// distanceDecimal; "0" when the shapes touch or overlap.
std::string distanceDecimal3(const ExactAnswer3& answer, int significantDigits = 40);

// The penetration depth of the rounded shapes (how far B must move to touch A), for a touching or overlapping
// answer, exact and correctly rounded as penetrationDepthDecimal: r + sqrt(penetrationDepthSquared) when the
// origin is in the interior of M, else r - d0 (the origin outside M or on its boundary, d0 <= r). "0" on
// touching. Throws std::invalid_argument for a separated answer.
std::string penetrationDepthDecimal3(const ExactAnswer3& answer, int significantDigits = 40);

// A minimal normal of a touching or overlapping answer (an exact direction from A towards B, not of unit length):
// the answer's penetrationNormal when the origin is in the interior of M; the closest point q when d0 > 0 (the
// cores apart, the shapes meeting through their radii: q / |q| is the only minimal normal). nullopt when the
// origin is on the boundary of M (d0 = 0 and not in the interior: the minimal normals form a cone there, which
// the 3D oracle does not compute) and for a separated answer.
std::optional<ExactPoint3> minimalNormal3(const ExactAnswer3& answer);

// Component `component` (0 x, 1 y, 2 z) of direction / |direction|, a correctly rounded decimal as
// unitComponentDecimal. Throws std::invalid_argument for a zero direction.
std::string unitComponentDecimal3(const ExactPoint3& direction, int component, int significantDigits = 40);

}  // namespace gjk::oracle
