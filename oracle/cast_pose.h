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
// The same with M given: `hull` is solveByHull's minkowskiHull (counter-clockwise, no collinear vertex; a point
// or a segment allowed), so that many poses of one case build it once.
ExactPoint castClosestPoint(const std::vector<ExactPoint>& hull, InputTranslation r, const Rational& t);

// dist(p, A rounded) + dist(p, B rounded moved by t·r) − max(0, g(t) − rA − rB), high precision: 0 for every
// point of a segment joining closest points of the two rounded shapes (whichever shape the point lies on),
// growing as p leaves it. For the cast verdict's point-error.
HighPrecision castPointExcess(const InputShape& a, const InputShape& b, InputTranslation r, const Rational& t,
                              double px, double py);
// The same with the gap g(t) given (high precision, the length of castClosestPoint's point).
HighPrecision castPointExcess(const InputShape& a, const InputShape& b, InputTranslation r, const Rational& t,
                              const HighPrecision& gap, double px, double py);

// Exact: whether the path −t·r, t in [0, 1], meets M eroded by `depth` > 0 (the points of M at least `depth`
// from its boundary): whether B's motion carries the cores more than `depth` deep into each other. `hull` as
// castClosestPoint's; a point or a segment M has no such points. Each edge's constraint on t is a number
// (b − depth·√(n·n)) / a, compared exactly (compareQuadratic).
bool castPathMeetsErodedHull(const std::vector<ExactPoint>& hull, InputTranslation r, const Rational& depth);

// Exact: whether the point −t·r lies in M eroded by `depth` > 0: whether at the pose t the cores overlap more
// than `depth` deep.
bool castPoseDeeperThan(const std::vector<ExactPoint>& hull, InputTranslation r, const Rational& t,
                        const Rational& depth);

// Exact: p + q·√c for rationals p, q and c >= 0, as a QuadraticNumber.
QuadraticNumber quadraticOf(const Rational& p, const Rational& q, const Rational& c);

}  // namespace gjk::oracle
