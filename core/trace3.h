// The iteration trace of a 3D query: the second dimension of core/simplex.h's TraceStep and
// core/distance_types.h's Trace. A 3D strategy that records it takes `Trace3<T>* trace` as the last argument of
// its distance(); like the 2D trace, every write is behind a test of the pointer, so an untraced query runs the
// same operations and gives the same bits (docs/trace.md).
#pragma once

#include "core/distance_types.h"
#include "core/vec3.h"

namespace gjk {

// A point of the Minkowski difference B - A with the support points it came from and its barycentric weight in
// the simplex's closest point.
template <class T>
struct TraceVertex3 {
  Vec3<T> wA;  // support point on A, world frame
  Vec3<T> wB;  // support point on B, world frame
  Vec3<T> w;   // wB - wA
  T a = 0;     // barycentric weight (0 where the strategy computes none: docs/trace.md)
  int indexA = 0;
  int indexB = 0;
};

// One iteration: the simplex (1..4 points; 0 before the first support) after the iteration's solve, the search
// direction taken from it and the support vertex that direction gave.
template <class T>
struct TraceStep3 {
  TraceVertex3<T> simplex[4];
  int count = 0;
  Vec3<T> direction;        // zero when the loop stopped before searching
  bool hasSupport = false;  // whether a support vertex was computed in this iteration
  TraceVertex3<T> support;
};

// A caller-owned buffer, as Trace: at most `capacity` steps, counted in `count`, then the step after the loop.
// `exponent`: a strategy that solves in units of 2^k (robust3 outside its window) records its steps in those
// units and writes k here; the caller scales them back (verdict/query3.h, in double, exactly).
template <class T>
struct Trace3 {
  TraceStep3<T>* steps = nullptr;
  int capacity = 0;
  int count = 0;
  PostLoopStep<T> post{};
  int exponent = 0;
};

// Appends an empty step when there is a trace with room; nullptr otherwise (the caller writes nothing then).
template <class T>
inline TraceStep3<T>* beginTraceStep3(Trace3<T>* trace) {
  if (trace == nullptr || trace->count >= trace->capacity) {
    return nullptr;
  }
  TraceStep3<T>* step = trace->steps + trace->count++;
  *step = TraceStep3<T>{};
  return step;
}

// Forgets everything recorded: a strategy that starts its query over (robust3's second pass in units of 2^k).
template <class T>
inline void restartTrace3(Trace3<T>* trace) {
  if (trace != nullptr) {
    trace->count = 0;
    trace->post = PostLoopStep<T>{};
    trace->exponent = 0;
  }
}

// Records the step after the loop when there is a trace.
template <class T>
inline void tracePostLoop(Trace3<T>* trace, PostRule rule, bool decided, T coreDistance, T bound, T distance) {
  if (trace != nullptr) {
    trace->post = {rule, decided, coreDistance, bound, distance};
  }
}

}  // namespace gjk
