// A rotating sweep's first contact (issue 22): B moves by t·r and turns by t·W about its own position, t in
// [0, 1]; when does the core gap first fall to a target τ? With a turn the answer is in general transcendental
// (a root of an equation in sin and cos of t·W), so it is not computed exactly: the oracle gives a CERTIFIED
// ENCLOSURE, an interval [lo, hi] of times that provably contains
//   t*(τ) = inf{ t in [0, 1] : core gap(A, B(t)) <= τ }.
//
// The pose. A stays fixed. B(t) has position p + t·r and rotation Rot(t·W)·R0, R0 = (c, s) the case's rotation
// pair as given (the exact oracle's transform of B at t = 0): a vertex v of B is at Rot(t·W)(R0 v) + p + t·r.
// With W = 0 this is oracle/cast.h's pose, and the enclosure contains its exact t* (tested).
//
// How it is certified. Interval arithmetic with outward rounding (MPFI on MPFR, 133 bits): every computed
// interval contains the real value. Branch and bound over time, leftmost first:
// - on a time interval T, B's vertices are interval boxes (the interval sine and cosine of the angle interval
//   T·W), and a LOWER bound of the core gap over all of T is (min over B of n·b − max over A of n·a) / |n| for
//   a fixed direction n (any n gives a lower bound, since the gap between convex sets is the largest such
//   separation); n is the direction between the closest points found in double precision at T's midpoint.
//   When the bound's lower endpoint exceeds τ, T is excluded: the gap is > τ at every time of T.
// - an UPPER bound at one time t: the distance between a point of A and a point of B(t), each a convex
//   combination of the shape's vertices with double weights evaluated in intervals (the closest points found
//   in double), or, for an overlap, a certificate that the cores share a point (two segments between
//   vertices that properly cross, or a vertex strictly inside a triangle of the other shape's vertices, every
//   sign decided by an interval that excludes zero). When the upper bound is <= τ, gap(t) <= τ is certain.
// Intervals not excluded are halved down to a width of 2^-depth; the first leaf that is not excluded gives lo
// (every earlier time was excluded). hi is the first time found where the upper bound holds: the leaf's end, else
// times at steps doubling towards 1, narrowed by halving back. Where the gap crosses the target the enclosure is a
// leaf or two wide; where it only grazes or slides along the target it is wide (hi where the gap first falls
// certainly below) or undecided (it never does).
//
// This folder shares no code with core/ and includes nothing of the harness.
#pragma once

#include <string>

#include "oracle/cast.h"
#include "oracle/oracle.h"

namespace gjk::oracle {

enum class SweepOutcome {
  Hit,        // t* in [lo, hi]: gap > τ certified for every t < lo, gap(hi) <= τ certified
  Miss,       // gap > τ certified for every t in [0, 1]
  Undecided,  // neither within the budget: gap > τ certified for t < lo; nothing certified after (hi = 1)
};

const char* sweepOutcomeName(SweepOutcome outcome);  // "hit" | "miss" | "undecided"

struct SweepBudget {
  int depth = 48;        // leaves are 2^-depth wide (at most 52)
  int maxNodes = 20000;  // time intervals examined before giving up (Undecided)
};

struct SweepEnclosure {
  SweepOutcome outcome = SweepOutcome::Undecided;
  Rational lo = 0;  // Hit and Undecided (see SweepOutcome); Miss: 1
  Rational hi = 1;
  int nodes = 0;    // time intervals examined
};

// The certified enclosure of t*(target) for B moved by t·r and turned by t·angular (radians) about its
// position, t in [0, 1]; target = τ on the core gap (>= 0; std::invalid_argument otherwise).
SweepEnclosure castSweepEnclosure(const InputShape& a, const InputShape& b, InputTranslation r, double angular,
                                  const Rational& target, SweepBudget budget = {});

// "[lo, hi]" with each end to 17 significant digits (for printing; the ends themselves are exact dyadics).
std::string sweepIntervalText(const SweepEnclosure& enclosure);

}  // namespace gjk::oracle
