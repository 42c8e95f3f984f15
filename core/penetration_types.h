// The penetration query of the core (issue 13): how deep two shapes overlap and along which normal.
//
// Convention (verdict/strategy.h PenetrationAnswer): `normal` is a unit vector from A towards B, and
// translating B by depth * normal brings the shapes to touching. For M = B - A (radii included) with the
// origin inside, normal = -q/|q| where q is the point of the boundary of M nearest the origin, and
// depth = |q|. Touching shapes overlap with depth 0.
#pragma once

#include <cstdint>

#include "core/distance_types.h"

namespace gjk {

// Why a penetration query stopped. docs/strategies.md ("Penetration") gives, per strategy, the exact
// test behind each name it can return.
enum class PenetrationStop : std::uint8_t {
  Separated,           // the overlap test found the shapes apart (GJK's distance, or dyn4j's detect)
  RoundedOnly,         // epa: the cores are apart but within rA + rB; depth = rA + rB - core distance
  NoProgress,          // epa: the support along the closest edge's normal is not past it (tolerance)
  DuplicateSupport,    // epa: that support pair is already a vertex of the polytope
  DegeneratePolytope,  // epa: M has no interior (a point or a segment): depth 0 along a normal of it
  IterationCap,        // epa, dyn4j-epa: the expansion ran out of iterations
  DistanceEpsilon,     // dyn4j-epa: projection - edge distance < Epa.distanceEpsilon (dyn4j's stop)
  SeparatingAxis,      // sat: an axis separates the shapes (gap > rA + rB)
  LeastOverlap,        // sat: no axis separates; the axis of least overlap gives depth and normal
};

// "separated", "rounded-only", ...
inline const char* penetrationStopName(PenetrationStop stop) {
  switch (stop) {
    case PenetrationStop::Separated:
      return "separated";
    case PenetrationStop::RoundedOnly:
      return "rounded-only";
    case PenetrationStop::NoProgress:
      return "no-progress";
    case PenetrationStop::DuplicateSupport:
      return "duplicate-support";
    case PenetrationStop::DegeneratePolytope:
      return "degenerate-polytope";
    case PenetrationStop::IterationCap:
      return "iteration-cap";
    case PenetrationStop::DistanceEpsilon:
      return "distance-epsilon";
    case PenetrationStop::SeparatingAxis:
      return "separating-axis";
    case PenetrationStop::LeastOverlap:
      return "least-overlap";
  }
  return "unknown";
}

template <class T>
struct PenetrationOutput {
  bool overlapping = false;  // touching counts as overlapping (depth 0)
  T depth = 0;               // >= 0 when overlapping; not meaningful otherwise
  Vec2<T> normal;            // unit, from A towards B (when overlapping)
  Vec2<T> pointA;            // contact point on A, world frame (on the rounded surface)
  Vec2<T> pointB;            // contact point on B, world frame
  int iterations = 0;        // support calls (epa, dyn4j-epa) or axes tested (sat)
  PenetrationStop stop = PenetrationStop::Separated;
};

// The penetration query in 3D (issue 23): the same question and convention for two convex polytopes placed by
// the matrix of a quaternion (core/transform3.h). The input is the 3D distance input; the radii always count
// (useRadii is not read). A 3D penetration strategy has `template <class T> static void penetration(const
// PenetrationInput3<T>&, PenetrationOutput3<T>*)`. Its stops are PenetrationStop's names.
template <class T>
using PenetrationInput3 = DistanceInput3<T>;

template <class T>
struct PenetrationOutput3 {
  bool overlapping = false;  // touching counts as overlapping (depth 0)
  T depth = 0;               // >= 0 when overlapping; not meaningful otherwise
  Vec3<T> normal;            // unit, from A towards B (when overlapping)
  Vec3<T> pointA;            // contact point on A, world frame (on the rounded surface)
  Vec3<T> pointB;            // contact point on B, world frame
  int iterations = 0;        // support calls
  PenetrationStop stop = PenetrationStop::Separated;
};

}  // namespace gjk
