// The exact shape cast (time of impact) oracle: moving B by t * r, t in [0, 1], when does the gap between
// the cores of A and B first fall to a target tau?
//
// The question. M = hull{b - a} is the Minkowski difference of the two cores (world frame, as solveByHull
// builds it). Moving B by t * r moves M by t * r, so the core gap is g(t) = dist(origin, M + t r) =
// dist(p(t), M) with p(t) = -t r: a point walking along a line through the origin towards M. For a
// rational target tau >= 0 the answer is t*(tau) = min{ t in [0, 1] : g(t) <= tau }, or a miss. g is
// convex (the distance to a convex set along a line), so {g <= tau} is an interval of t and t* is its
// start: the point where the line p(t) enters K = M grown by the disk of radius tau.
//
// What is exact, and why. Every input is a float, so M's vertices and r are dyadic rationals, and tau is
// a rational. K's boundary is made of M's edges pushed out by tau along their normals and of circle arcs
// of radius tau around M's vertices. Where the line meets a pushed-out edge with normal n,
// t = (n.V + tau |n|) / (n.u) (u = -r): a number (a + b sqrt(c)) / e with integers and c = n.n. Where it
// meets the circle of a vertex V, t is the smaller root of |t u - V|^2 = tau^2,
// t = (u.V - sqrt((u.V)^2 - |u|^2 (|V|^2 - tau^2))) / |u|^2: the same form, c the discriminant. With
// tau = 0 (or a perfect square c) t is rational. Such a number is kept exactly as the four integers
// (QuadraticNumber) and compared with any other exactly: the sign of A + B sqrt(p) + C sqrt(q) follows
// from signs of integers and at most two squarings (quadratic_number.cpp). Nothing is rounded; the
// decimal string is decided digit by digit by exact comparisons. Only the contact point, the angle of a
// reported normal and the distance of a reported point are "high precision" (100 digits), never exact.
//
// Two exact methods, which share only the number types and are compared in the tests:
// - castByHull (cast_hull.cpp): M from solveByHull's machinery (the exact shape hulls merged edge by
//   edge, with the filtered exact sign tests of exact_points.h). In the frame of the motion, the line
//   enters K through K's "left boundary", the part facing the oncoming point: the chain of M's edges
//   whose direction turns against u (cross(u, E) < 0, one filtered sign per edge), from the vertex
//   farthest to one side of the line to the vertex farthest to the other. Along that chain the pieces of
//   K's boundary (arc, pushed-out edge, arc, ...) are ordered by their offset across the line, so a
//   binary search with exact signs of a + b sqrt(c) finds the one piece the line crosses; only that
//   piece's t* is formed.
// - castWithoutHull (cast_without_hull.cpp): no hull at all. K is the union, over every pair of points
//   of the explicit cloud {b - a} (a pair of equal points included), of the segment between them grown
//   by tau (a capsule): M is the union of the triangles of cloud points, a triangle grown by tau is the
//   triangle and its three edge capsules, and a path from outside first meets K on one capsule's
//   boundary. So t* is the smallest t in [0, 1] at which p(t) enters any capsule: the earlier root of
//   each point's circle, and each segment's two pushed-out sides where the crossing lies beside the
//   segment. The relation at t = 0 comes from solveWithoutHull (no hull either).
//
// The normal at t* (from A towards B) is c - p(t*) for the point c of M nearest to p(t*): the pushed-out
// edge's inward normal, or V - p(t*) on a vertex's arc. With tau = 0 and the line entering M at a vertex,
// every direction of the vertex's normal cone is a valid normal: the cone is reported. The contact point
// on A is found from the faces of A and B that c = b - a comes from (cast_contact.cpp).
//
// This folder shares no code with core/ and includes nothing of the harness.
#pragma once

#include <string>

#include "oracle/oracle.h"

namespace gjk::oracle {

// Exact: (a + b * sqrt(c)) / e with integers, e > 0, c >= 0; b = 0 or c = 0 is a rational. The same number
// may be written in many ways ((2 + sqrt(8)) / 2 = 1 + sqrt(2)); every comparison is of the values.
struct QuadraticNumber {
  Integer a = 0;
  Integer b = 0;
  Integer c = 0;
  Integer e = 1;
};

// Exact: the rational as a QuadraticNumber (b = c = 0).
QuadraticNumber quadraticFromRational(const Rational& value);
// Exact: the sign (-1, 0, 1) of x - y, for any radicands of x and y. std::invalid_argument when a number
// is malformed (e <= 0 or c < 0).
int compareQuadratic(const QuadraticNumber& x, const QuadraticNumber& y);
int compareQuadratic(const QuadraticNumber& x, const Rational& y);
// High precision, never exact: the value at HighPrecision's precision, a + b sqrt(c) formed without
// cancellation ((a^2 - b^2 c) / (a - b sqrt(c)) when the two terms have opposite signs).
HighPrecision toHighPrecision(const QuadraticNumber& value);
// Exact and correctly rounded (to nearest, ties to even): the value as a decimal with the given number of
// significant digits (at least 30), laid out as decimalString; every digit is decided by compareQuadratic.
std::string quadraticDecimal(const QuadraticNumber& value, int significantDigits = 30);

// The case's translation of B (world frame), as the case file gives it.
struct InputTranslation {
  float x = 0;
  float y = 0;
};

struct ExactCast {
  bool hit = false;                   // g(t) <= target for some t in [0, 1]
  QuadraticNumber fraction;           // t*(target) when hit (0 when initially within target)
  // The relation at t = 0 with the target in place of rA + rB (oracle.h Relation): touching when
  // g(0) = target (with target 0: the origin on the boundary of M, a point or segment M included),
  // overlapping when g(0) < target (with target 0: the origin in the interior of M). Exact.
  bool initiallyTouching = false;
  bool initiallyOverlapping = false;
  // The normal at t*, from A towards B: c - p(t*) for the point c of M nearest p(t*), that is
  // -(the outward normal of M grown by the target) at the contact. A positive multiple, not normalized.
  // normalKnown is false on a miss, when initially overlapping, and when no normal is unique nor a cone:
  // M a segment holding p(t*) in its relative interior, with target 0, while r runs along the segment
  // (or r = 0), so both sides of the segment are valid. With target 0 at a vertex of M, the valid normals
  // are a cone: normalIsCone, from coneFrom counter-clockwise to coneTo (the inward normals of M's two
  // edges at the vertex, rational); M a point has every direction valid, written coneFrom == coneTo
  // (both -r; (1, 0) when r = 0). Otherwise one direction (normalX, normalY), which may involve sqrt(c).
  bool normalKnown = false;
  bool normalIsCone = false;
  QuadraticNumber normalX, normalY;
  ExactPoint coneFrom, coneTo;
  // High precision: a contact point at t*, world frame, on A's rounded surface: A's core point of the
  // contact + rA * the unit normal (for a cone, its bisector). Where the faces in contact are parallel, the
  // core point is the midpoint of the segment of A's face that touches. Set when hit and normalKnown
  // (initially overlapping: not set).
  HighPrecision pointX, pointY;
};

// Exact. target = tau on the core gap (>= 0; std::invalid_argument otherwise). The hull method.
ExactCast castByHull(const InputShape& a, const InputShape& b, InputTranslation r, const Rational& target);
// Exact. The second method: capsules of every pair of cloud points, no hull (see above). Slower: for
// tests and fuzzing.
ExactCast castWithoutHull(const InputShape& a, const InputShape& b, InputTranslation r, const Rational& target);
// Exact: the squared core gap g(t)^2 at a rational t, from the hull of the explicit point cloud
// {b + t r - a} (the reference hull of minkowski_hull.h), independent of both cast methods.
Rational castGapSquared(const InputShape& a, const InputShape& b, InputTranslation r, const Rational& t);
// High precision: the angle (radians, in [0, pi]) between a reported direction (nx, ny) and the exact
// normal, or 0 inside the exact cone and the angle to the nearer edge of the cone outside it (inside is
// decided exactly); for a zero reported vector the largest double, DBL_MAX, above every angle (GMP floats
// hold no infinity). Requires exact.normalKnown (std::invalid_argument).
HighPrecision castNormalAngle(const ExactCast& exact, double nx, double ny);
// High precision: max(dist(p, A rounded), dist(p, B rounded moved by t* r)) for the reported point
// p = (px, py): how far p is from the contact (for touching convex sets the contact set is A and the
// moved B's intersection). Requires exact.hit (std::invalid_argument).
HighPrecision castPointError(const InputShape& a, const InputShape& b, InputTranslation r, const ExactCast& exact,
                             double px, double py);

}  // namespace gjk::oracle
