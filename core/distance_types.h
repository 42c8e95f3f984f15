// The query interface of the float GJK, in the style of Box2D: Output f(Input, Cache, optional trace).
#pragma once

#include <cstdint>

#include "core/polytope.h"
#include "core/proxy.h"
#include "core/transform.h"
#include "core/transform3.h"

namespace gjk {

template <class T>
struct DistanceInput {
  Proxy<T> proxyA;
  Proxy<T> proxyB;
  Transform<T> transformA;
  Transform<T> transformB;
  bool useRadii = true;  // false: report the distance between the cores (radii ignored)
};

// Warm-start data: the support indices of the last simplex and its metric (Box2D 2.4.1's
// b2SimplexCache). Set count = 0 for a cold start.
template <class T>
struct SimplexCache {
  T metric = 0;  // length (2 vertices) or signed doubled area (3 vertices) of the cached simplex
  std::uint16_t count = 0;
  std::uint8_t indexA[3] = {0, 0, 0};  // vertex indices on shape A
  std::uint8_t indexB[3] = {0, 0, 0};  // vertex indices on shape B
};

// Why the loop stopped. One stop rule per name (docs/terminations.md); docs/strategies.md gives, per
// strategy, the exact test behind each name it can return.
enum class Termination : std::uint8_t {
  Containment,                  // the simplex became a triangle holding the origin: overlap
  DuplicateSupport,             // the new support index pair was already in the simplex (Box2D)
  TinyDirection,                // naive, perp: d.d < FLT_EPSILON^2; the simplex's distance is reported
  TinyDirectionOverlap,         // box2d-v3.1: d.d < FLT_EPSILON^2; distance 0 (overlap)
  TinyDirectionUnderflow,       // box2d-v3: d.d < 1000 FLT_MIN; distance 0 (overlap)
  IterationCap,                 // the loop ran out of iterations
  RelativeGap,                  // vdb: |v|^2 - v.w <= eps^2 |v|^2
  AbsoluteGap,                  // vdb: |v|^2 <= eps * max |y|^2
  SupportInSimplex,             // vdb: the new support point equals a point of W or the last one added
  AffinelyDependent,            // vdb: W with the new point is affinely dependent (Delta(Y) <= 0)
  NoValidSubset,                // vdb: Johnson's closest() found no valid subset; W and v stay as they were
  NoDecrease,                   // vdb: |v|^2 fell by no more than eps |v|^2 (SOLID's SAFE_EXIT)
  CentresCoincide,              // dyn4j: the centre difference is zero (both components <= E); overlap
  ClosestPointAtOrigin,         // dyn4j: |p|^2 <= E for the segment's closest point p; overlap
  ProjectionProgress,           // dyn4j: c.d - a.d < DISTANCE_EPSILON (d = -p, not normalized)
  EdgePointAtOrigin,            // dyn4j: |p1|^2 <= E or |p2|^2 <= E on a new edge; separated
  DualityGap,                   // nesterov: the duality gap fell below its tolerance
  RayBelowTolerance,            // nesterov: |ray| < tol before a pass (coal's check A); overlap
  RayZero,                      // nesterov: |ray| == 0 after the projection; overlap
  WithinTolerance,              // jolt-gjk: |v|^2 <= tolerance^2 (cDefaultCollisionTolerance 1e-4); distance 0
  MachinePrecision,             // jolt-gjk: |v|^2 <= FLT_EPSILON max|y|^2 over the kept simplex; distance 0
  Converged,                    // jolt-gjk: prev|v|^2 - |v|^2 <= FLT_EPSILON prev|v|^2; v's simplex reported
  NoCloserPoint,                // jolt-gjk: the new simplex's |v|^2 is not below the previous one (or NaN)
  BeyondMaxDistance,            // jolt-gjk: v.w < 0 and (v.w)^2 > |v|^2 inMaxDistSq; no distance (infinite)
  OpenGjkRelative,              // opengjk: |v|^2 - v.w <= eps_rel |v|^2 (eps_rel = 1e4 epsilon, not squared)
  OpenGjkAbsolute,              // opengjk: |v|^2 - v.w < eps_abs (1e2 epsilon, squared world units)
  OpenGjkNullV,                 // opengjk: |v|^2 < eps_rel^2 before w is added ("a null V")
  OpenGjkSmallV,                // opengjk: |v|^2 <= eps_tot^2 max|w|^2 after the sub-algorithm
  OpenGjkFourVertices,          // opengjk: the loop's `nvrtx != 4` test, S3D having kept 4 points and v
  CoalDefaultCriterion,         // coal-gjk, coal-nesterov: |ray| - max omega <= tol + tol |ray| (check C, Default)
  CoalEarlyStop,                // coal-gjk, coal-nesterov: omega > distance_upper_bound + rA + rB (check B)
  CoalOriginOnTriangle,         // coal-gjk, coal-nesterov: ABC.AO == 0 in projectTriangleOrigin; distance 0
  CoalOriginAtVertex,           // coal-gjk, coal-nesterov: AB.AO == 0 and A.isZero() (1e-12); distance 0
};

// "containment", "duplicate-support", ...
inline const char* terminationName(Termination t) {
  switch (t) {
    case Termination::Containment: return "containment";
    case Termination::DuplicateSupport: return "duplicate-support";
    case Termination::TinyDirection: return "tiny-direction";
    case Termination::TinyDirectionOverlap: return "tiny-direction-overlap";
    case Termination::TinyDirectionUnderflow: return "tiny-direction-underflow";
    case Termination::IterationCap: return "iteration-cap";
    case Termination::RelativeGap: return "relative-gap";
    case Termination::AbsoluteGap: return "absolute-gap";
    case Termination::SupportInSimplex: return "support-in-simplex";
    case Termination::AffinelyDependent: return "affinely-dependent";
    case Termination::NoValidSubset: return "no-valid-subset";
    case Termination::NoDecrease: return "no-decrease";
    case Termination::CentresCoincide: return "centres-coincide";
    case Termination::ClosestPointAtOrigin: return "closest-point-at-origin";
    case Termination::ProjectionProgress: return "projection-progress";
    case Termination::EdgePointAtOrigin: return "edge-point-at-origin";
    case Termination::DualityGap: return "duality-gap";
    case Termination::RayBelowTolerance: return "ray-below-tolerance";
    case Termination::RayZero: return "ray-zero";
    case Termination::WithinTolerance: return "within-tolerance";
    case Termination::MachinePrecision: return "machine-precision";
    case Termination::Converged: return "converged";
    case Termination::NoCloserPoint: return "no-closer-point";
    case Termination::BeyondMaxDistance: return "beyond-max-distance";
    case Termination::OpenGjkRelative: return "opengjk-relative";
    case Termination::OpenGjkAbsolute: return "opengjk-absolute";
    case Termination::OpenGjkNullV: return "opengjk-null-v";
    case Termination::OpenGjkSmallV: return "opengjk-small-v";
    case Termination::OpenGjkFourVertices: return "opengjk-four-vertices";
    case Termination::CoalDefaultCriterion: return "coal-default-criterion";
    case Termination::CoalEarlyStop: return "coal-early-stop";
    case Termination::CoalOriginOnTriangle: return "coal-origin-on-triangle";
    case Termination::CoalOriginAtVertex: return "coal-origin-at-vertex";
  }
  return "unknown";
}

// A step after the loop: how the loop's core answer became the reported one. Most only carry the loop's
// answer through (the radii subtracted, or the rounded shapes found to overlap); two replace it, and then the
// answer's cause is that rule, not the loop's termination (docs/terminations.md, "Rules after the loop").
enum class PostRule : std::uint8_t {
  None,                // no step after the loop ran (no radii asked for, or an overlap stop)
  RadiiApplied,        // core distance > rA + rB (and the strategy's floor): radii subtracted, points moved out
  RadiiOverlap,        // core distance <= rA + rB: the rounded shapes touch or overlap, distance 0
  EpsilonMerge,        // rA + rB < core distance <= epsilon: the points merge at their midpoint, distance 0
  SmallCoreDistance,   // box2d-v3.1: core distance <= 0.1 B2_LINEAR_SLOP: the radii are not applied
  ClosestFeaturePair,  // robust: the witness points recomputed from the closest pair of features
};

// "radii-applied", "epsilon-merge", ...
inline const char* postRuleName(PostRule rule) {
  switch (rule) {
    case PostRule::None: return "none";
    case PostRule::RadiiApplied: return "radii-applied";
    case PostRule::RadiiOverlap: return "radii-overlap";
    case PostRule::EpsilonMerge: return "epsilon-merge";
    case PostRule::SmallCoreDistance: return "small-core-distance";
    case PostRule::ClosestFeaturePair: return "closest-feature-pair";
  }
  return "unknown";
}

template <class T>
struct DistanceOutput {
  Vec2<T> pointA;  // closest point on shape A, world frame (on the rounded surface when useRadii)
  Vec2<T> pointB;  // closest point on shape B, world frame
  T distance = 0;  // world units; 0 when the shapes overlap
  int iterations = 0;  // support point calls, as Box2D counts them
  int simplexCount = 0;  // vertices in the final simplex
  Termination termination = Termination::IterationCap;
  // The rule after the loop that changed the answer (EpsilonMerge, SmallCoreDistance), or None: then the
  // loop's termination decided it. Set only in the branch that changes the answer.
  PostRule decidedBy = PostRule::None;
};

// The name of the rule that decided the answer: a rule after the loop when one changed it, else the loop's
// termination. Failure signatures and finding file names use this name (verdict/classify.h).
template <class T>
inline const char* causeName(const DistanceOutput<T>& output) {
  return output.decidedBy != PostRule::None ? postRuleName(output.decidedBy) : terminationName(output.termination);
}

// The distance query in 3D (issue 23): the same question and answer for convex polytopes, placed by the matrix
// of a quaternion (core/transform3.h). Its stop rules and rules after the loop are the names above; a 3D
// strategy has `template <class T> static void distance(const DistanceInput3<T>&, DistanceOutput3<T>*)`. No
// warm start: every 3D query starts cold.
template <class T>
struct DistanceInput3 {
  Polytope<T> proxyA;
  Polytope<T> proxyB;
  Transform3<T> transformA;
  Transform3<T> transformB;
  bool useRadii = true;  // false: report the distance between the cores (radii ignored)
};

template <class T>
struct DistanceOutput3 {
  Vec3<T> pointA;  // closest point on shape A, world frame (on the rounded surface when useRadii)
  Vec3<T> pointB;  // closest point on shape B, world frame
  T distance = 0;  // world units; 0 when the shapes overlap
  int iterations = 0;    // support point calls
  int simplexCount = 0;  // vertices in the final simplex (1..4)
  Termination termination = Termination::IterationCap;
  PostRule decidedBy = PostRule::None;  // as DistanceOutput::decidedBy
};

template <class T>
inline const char* causeName(const DistanceOutput3<T>& output) {
  return output.decidedBy != PostRule::None ? postRuleName(output.decidedBy) : terminationName(output.termination);
}

template <class T>
struct SimplexVertex;

// One iteration as the talk's Output.simplices records it: the simplex after solving, the search
// direction taken from it and the support vertex that direction gave.
template <class T>
struct TraceStep;

// The last entry of a trace: the step after the loop, with the numbers it compared. rule None: no step
// ran after the loop.
template <class T>
struct PostLoopStep {
  PostRule rule = PostRule::None;
  bool decided = false;  // the rule changed the answer (DistanceOutput::decidedBy)
  T coreDistance = 0;    // the distance of the loop's witness points, before the rule
  T bound = 0;           // what it was compared with: rA + rB, epsilon, 0.1 B2_LINEAR_SLOP (0: nothing)
  T distance = 0;        // the distance reported after the rule
};

// A caller-owned buffer for the iteration trace; the query writes at most `capacity` steps and counts
// them in `count`, then the step after the loop into `post`. Passing no trace costs nothing: every write is
// behind a test of the trace pointer.
template <class T>
struct Trace {
  TraceStep<T>* steps = nullptr;
  int capacity = 0;
  int count = 0;
  PostLoopStep<T> post{};
};

// Records the step after the loop when there is a trace.
template <class T>
inline void tracePostLoop(Trace<T>* trace, PostRule rule, bool decided, T coreDistance, T bound, T distance) {
  if (trace != nullptr) {
    trace->post = {rule, decided, coreDistance, bound, distance};
  }
}

}  // namespace gjk
