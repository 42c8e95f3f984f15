// The shape cast query of the core (issue 22): moving B by t * translationB, t in [0, 1], when does it
// first touch A? In the style of Box2D's b2ShapeCast: Output f(Input).
//
// Convention (verdict/strategy.h CastAnswer): on a hit, `fraction` is the reported t, `normal` is a unit
// vector from A towards B at that pose, and `point` the contact point in the world frame, on the
// convention each strategy declares (docs/strategies.md, "Cast").
#pragma once

#include <cstdint>

#include "core/distance_types.h"

namespace gjk {

template <class T>
struct CastInput {
  Proxy<T> proxyA;
  Proxy<T> proxyB;
  Transform<T> transformA;
  Transform<T> transformB;  // B's pose at t = 0
  Vec2<T> translationB;     // B moves by t * translationB, world frame
  T maxFraction = T(1);     // Box2D v3's b2ShapeCastPairInput::maxFraction
  bool canEncroach = false;  // Box2D v3.1's b2ShapeCastPairInput::canEncroach
};

// Why a cast stopped. docs/strategies.md ("Cast") gives, per strategy, the exact test behind each name.
enum class CastStop : std::uint8_t {
  Hit,                 // the gap reached the strategy's target band: a hit at `fraction`
  Miss,                // the strategy concluded the shapes do not touch within [0, maxFraction]
  InitialOverlap,      // the shapes touch or overlap at t = 0 (fraction 0)
  Receding,            // the ray/advance direction points away (v.r <= 0 or the like): no hit
  IterationCap,        // the loop ran out of iterations
  DegenerateDirection, // the search direction or gap vector vanished
  Containment,         // the GJK ray cast's simplex became a triangle holding the origin (Box2D 2.4.1, v3.0)
};

// "hit", "miss", ...
inline const char* castStopName(CastStop stop) {
  switch (stop) {
    case CastStop::Hit: return "hit";
    case CastStop::Miss: return "miss";
    case CastStop::InitialOverlap: return "initial-overlap";
    case CastStop::Receding: return "receding";
    case CastStop::IterationCap: return "iteration-cap";
    case CastStop::DegenerateDirection: return "degenerate-direction";
    case CastStop::Containment: return "containment";
  }
  return "unknown";
}

template <class T>
struct CastOutput {
  bool hit = false;    // a hit within [0, maxFraction] (initial overlap is a hit at fraction 0)
  T fraction = 0;      // t of the hit
  Vec2<T> normal;      // unit, from A towards B at the hit (0 where the strategy gives none)
  Vec2<T> point;       // contact point, world frame, on the strategy's declared convention
  int iterations = 0;  // the strategy's loop iterations
  CastStop stop = CastStop::Miss;
};

}  // namespace gjk
