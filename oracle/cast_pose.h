// What the cast verdict needs of the exact geometry at the pose a strategy reports (B moved by f·r, f the
// reported fraction, a float, so an exact rational): the point of M + f·r nearest the origin (its direction
// is the exact normal there, from A towards B) and how far a reported contact point lies from the contact.
// Exact rationals, and high precision only where a square root is taken.
#pragma once

#include "oracle/cast.h"
#include "oracle/oracle.h"

namespace gjk::oracle {

// The point of M + t·r nearest the origin, M = hull{b − a} of the cores, exact: (0, 0) when the origin is in
// M + t·r. Its squared length is castGapSquared(a, b, r, t).
ExactPoint castClosestPoint(const InputShape& a, const InputShape& b, InputTranslation r, const Rational& t);

// dist(p, A rounded) + dist(p, B rounded moved by t·r) − max(0, g(t) − rA − rB), high precision: 0 for every
// point of a segment joining closest points of the two rounded shapes (whichever shape the point lies on),
// growing as p leaves it. For the cast verdict's point-error.
HighPrecision castPointExcess(const InputShape& a, const InputShape& b, InputTranslation r, const Rational& t,
                              double px, double py);

}  // namespace gjk::oracle
