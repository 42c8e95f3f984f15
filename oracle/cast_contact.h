// Internal to oracle/: the contact point of an exact cast (cast.h ExactCast::pointX, pointY), shared by the
// two cast methods once each has found its exact t*, normal and nearest point of M. High precision.
#pragma once

#include "oracle/cast.h"
#include "oracle/exact_points.h"

namespace gjk::oracle {

// Sets cast.pointX and cast.pointY from cast's normal or cone (normalKnown must be true) and the point
// c = (cx, cy) of M nearest p(t*), world frame, in high precision (c = b - a for the contact's core points a of A and b of B
// at t = 0). The faces in contact are found exactly: a direction m in the normal (or strictly inside the
// cone); A's face is A's vertices of largest m.a, B's face B's vertices of smallest m.b (compareQuadratic).
// A's core point is the midpoint of A's face and (B's face - c), both on one line, intersected in high
// precision; the point is that core point + rA * the unit normal (a cone's bisector).
void setContactPoint(const InputShape& a, const InputShape& b, const HighPrecision& cx, const HighPrecision& cy,
                     ExactCast& cast);

// The same point where cast's normal (set, not a cone) is the inward normal of an edge of M whose direction is
// X[p] - X[q] of `points`, castByHull's ExactPoints (A's vertices its points [0, countA), B's [countA, countA +
// countB)): the faces are decided by the filtered exact signs of cross and dot products with that edge rather
// than by rational arithmetic (the same faces; a third of the cast oracle's time went there).
void setContactPointOnEdgeNormal(const InputShape& a, const InputShape& b, ExactPoints& points, int p, int q,
                                 const HighPrecision& cx, const HighPrecision& cy, ExactCast& cast);

}  // namespace gjk::oracle
