// The exact penetration answer (issue 13): how deep two shapes overlap and along which normals.
//
// The quantity. With M = B - A (the Minkowski difference of the cores) and r = rA + rB, the shapes touch or
// overlap exactly when the origin is in M + disk(r). Translating B by t moves M by t, so the smallest
// translation that brings the shapes to touching has length
//     depth = r + min over unit n of h_M(n),      h_M(n) = max over m in M of n . m  (support function),
// and its direction, the penetration normal (from A towards B, the convention of verdict/strategy.h), is
// -n for every minimizing n. The same formula gives the signed depth of every relation:
//   - origin in the interior or on the boundary of M: the minimum of h_M is the distance from the origin to
//     the nearest edge line of M (>= 0), depth = r + that distance;
//   - origin outside M at distance d0 (the core distance): the minimum is -d0, at n = -q/|q| (q the closest
//     point of M), depth = r - d0: positive when d0 < r (overlap through the radii), 0 on touching, and
//     minus the distance when separated.
// Equivalently the overlap along a unit normal n (from A towards B) is h_A(n) + h_B(-n) + r = h_M(-n) + r:
// how far B must move along n to stop overlapping A; the depth is its minimum over n.
//
// Exactness. depth = r + sign * sqrt(C) with r, C rational: C = (n . v)^2 / |n|^2 for the nearest edge
// (origin inside) or C = d0^2 (origin outside), so the squared core depth C, its sign and r are exact, and
// the depth is as exact as the distance is: decimals correctly rounded by exact comparisons (decimal.cpp),
// real values in high precision. Normals are exact rational directions (not normalized; the unit normal is
// v / |v|), printed as correctly rounded decimals of v / |v|.
//
// The set of minimal normals. Usually one normal; several isolated normals when edges of M are equally
// near (a centred square has four); an arc of normals when the origin is at a vertex of M (every direction
// of the vertex's normal cone gives depth r), and the whole circle when M is a single point at the origin.
//
// Two methods share no code beyond the exact input conversion: penetrationByHull reads the exact hull of M
// that solveByHull built (edge by edge), penetrationBySupport builds no hull: it minimizes the support-
// function difference h_B - h_A over every direction perpendicular to a pair of vertices of A or of B (the
// edge normals of M are among them) and takes the outside case from the hull-free distance method. The
// tests compare them on 100,000 random overlapping cases.
#pragma once

#include <string>
#include <vector>

#include "oracle/oracle.h"

namespace gjk::oracle {

// Counter-clockwise arc of directions from `from` to `to`, both ends included (exact, not normalized).
struct NormalArc {
  ExactPoint from;
  ExactPoint to;
};

struct ExactPenetration {
  Relation relation = Relation::Separated;
  Rational radius;            // r = rA + rB, exact
  Rational coreDepthSquared;  // C, exact: (distance from the origin to the boundary of M)^2 or d0^2
  int coreSign = 1;           // +1: origin in M (depth = r + sqrt(C)); -1: outside (depth = r - sqrt(C))
  std::vector<ExactPoint> normals;    // isolated minimal normals, exact directions from A towards B
  std::vector<NormalArc> normalArcs;  // arcs of minimal normals (origin at a vertex of M, or M a point)
  Rational scale;                     // S of docs/verdict.md, as ExactAnswer::scale
};

// Method 1: from the exact answer of solveByHull or solveByPointCloudHull (its minkowskiHull, closest point
// and squared core distance). Exact: integer-backed rational arithmetic on the hull's vertices, each
// comparison of edge distances made on the squares (all distances compared are >= 0). Throws
// std::invalid_argument when minkowskiHull is empty (an answer of solveWithoutHull).
ExactPenetration penetrationByHull(const ExactAnswer& answer);

// Both steps: solveByHull, then penetrationByHull.
ExactPenetration solvePenetration(const InputShape& a, const InputShape& b);

// Method 2, no hull: with the origin in M (decided by solveWithoutHull), the minimum over candidate
// directions n (both perpendiculars of every pair of distinct vertices of A and of B, and the four axes) of
// (max_b n . b - min_a n . a) / |n|, compared exactly on scaled integers; with the origin outside M, the
// closest point and d0^2 of solveWithoutHull. normalArcs is always empty: where method 1 has an arc,
// method 2 reports the candidate directions that attain the minimum (the arc's two ends among them).
ExactPenetration penetrationBySupport(const InputShape& a, const InputShape& b);

// High precision: the signed depth r + sign sqrt(C) (negative: the distance of separated shapes).
HighPrecision penetrationDepth(const ExactPenetration& answer);

// The depth as a decimal (at least 30 significant digits), exact and correctly rounded as distanceDecimal:
// "0" on touching, negative for separated shapes.
std::string penetrationDepthDecimal(const ExactPenetration& answer, int significantDigits = 40);

// The unit vector v / |v| of an exact nonzero direction, each component a decimal as above.
std::string unitComponentDecimal(const ExactPoint& direction, int component, int significantDigits = 40);

// High precision: the overlap along the direction n (from A towards B; any nonzero length, normalized
// here), h_A(n/|n|) + h_B(-n/|n|) + r, with the support functions over the exact world vertices. Minus
// penetrationDepth, it is the normal error of a reported normal: 0 exactly for a minimal normal.
// std::invalid_argument for a zero or non-finite n.
HighPrecision overlapAlong(const InputShape& a, const InputShape& b, double nx, double ny);

// Exact: the direction v (nonzero) is one of the answer's minimal normals (an isolated one, or inside or
// at the end of an arc). Directions are compared by exact cross and dot products.
bool isMinimalNormal(const ExactPenetration& answer, const ExactPoint& direction);

}  // namespace gjk::oracle
