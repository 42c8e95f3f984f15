// The query interface of the float GJK, in the style of Box2D: Output f(Input, Cache, optional trace).
#pragma once

#include <cstdint>

#include "core/proxy.h"
#include "core/transform.h"

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

// Why the loop stopped.
enum class Termination : std::uint8_t {
  Containment,        // the simplex became a triangle containing the origin: overlap
  DuplicateSupport,   // the new support pair was already in the simplex: no progress possible
  TinyDirection,      // the search direction was too short to trust (origin on the simplex, or nearly)
  TinyDirectionZero,  // as TinyDirection, and the strategy reports distance 0 (Box2D v3.1)
  IterationCap,       // the loop ran out of iterations
  RelativeGap,        // van den Bergen: |v|^2 - v.w <= eps^2 |v|^2
  AbsoluteGap,        // van den Bergen: |v|^2 <= eps * max |y|^2
  NoProgress,         // dyn4j: the new support advanced less than the tolerance; vdb: affine
                      // dependence, Johnson's backup, or |v|^2 stopped decreasing
  DualityGap,         // Nesterov-accelerated GJK: the duality gap fell below its tolerance
};

// "containment", "duplicate-support", ...
inline const char* terminationName(Termination t) {
  switch (t) {
    case Termination::Containment: return "containment";
    case Termination::DuplicateSupport: return "duplicate-support";
    case Termination::TinyDirection: return "tiny-direction";
    case Termination::TinyDirectionZero: return "tiny-direction-zero";
    case Termination::IterationCap: return "iteration-cap";
    case Termination::RelativeGap: return "relative-gap";
    case Termination::AbsoluteGap: return "absolute-gap";
    case Termination::NoProgress: return "no-progress";
    case Termination::DualityGap: return "duality-gap";
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
};

template <class T>
struct SimplexVertex;

// One iteration as the talk's Output.simplices records it: the simplex after solving, the search
// direction taken from it and the support vertex that direction gave.
template <class T>
struct TraceStep;

// A caller-owned buffer for the iteration trace; the query writes at most `capacity` steps and counts
// them in `count`. Passing no trace costs nothing.
template <class T>
struct Trace {
  TraceStep<T>* steps = nullptr;
  int capacity = 0;
  int count = 0;
};

}  // namespace gjk
