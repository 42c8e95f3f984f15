// The GJK distance loop of Catto 2010 / Box2D 2.4.1, with the search direction and the termination on a
// tiny direction supplied by a policy type chosen at compile time.
//
//   start from the cache or from vertex 0 of each shape
//   repeat: solve the simplex (Voronoi regions)                     -> closest feature to the origin
//           a triangle contains the origin                          -> stop: Containment
//           d = Policy::searchDirection(simplex)
//           Policy::isTinyDirection(d)                              -> stop: TinyDirection
//           support points: index on A for -d, on B for d (queried in each shape's local frame)
//           the pair is already in the simplex                      -> stop: DuplicateSupport
//           add the vertex
//   until Policy::MAX_ITERATIONS support calls                      -> stop: IterationCap
//   witness points from the barycentric coordinates; distance = |pB - pA|; radii applied last (the radius
//   step: the trace's last entry, and the answer's cause when its epsilon merge made the distance 0).
//
// A policy provides:
//   static constexpr int MAX_ITERATIONS;
//   template <class T> static Vec2<T> searchDirection(const Simplex<T>&);  // count is 1 or 2
//   template <class T> static bool isTinyDirection(Vec2<T> d);
//
// No heap allocation: the simplex lives on the stack, the trace in the caller's buffer.
#pragma once

#include <algorithm>
#include <limits>

#include "core/distance_types.h"
#include "core/simplex.h"

namespace gjk {

// Box2D's b2_epsilon for the scalar: FLT_EPSILON for float, DBL_EPSILON for double.
template <class T>
inline constexpr T EPSILON = std::numeric_limits<T>::epsilon();

template <class T>
inline SimplexVertex<T> makeSupportVertex(const DistanceInput<T>& input, int indexA, int indexB) {
  SimplexVertex<T> vertex;
  vertex.indexA = indexA;
  vertex.indexB = indexB;
  vertex.wA = transformPoint(input.transformA, input.proxyA.vertices[indexA]);
  vertex.wB = transformPoint(input.transformB, input.proxyB.vertices[indexB]);
  vertex.w = vertex.wB - vertex.wA;
  return vertex;
}

// The support vertex of B - A in world direction d: A's support for -d, B's for d, each queried in its
// local frame (Box2D 2.4.1: GetSupport(b2MulT(q, +-d))).
template <class T>
inline SimplexVertex<T> supportVertex(const DistanceInput<T>& input, Vec2<T> d) {
  int indexA = input.proxyA.support(inverseRotate(input.transformA.q, -d));
  int indexB = input.proxyB.support(inverseRotate(input.transformB.q, d));
  return makeSupportVertex(input, indexA, indexB);
}

// Warm start (Box2D 2.4.1 b2Simplex::ReadCache): rebuild the cached simplex from its indices, and flush
// it when its metric changed by more than a factor of two or collapsed below epsilon, or when an index
// is out of range for these shapes. An empty or flushed cache starts from vertex 0 of each shape.
template <class T>
inline Simplex<T> readCache(const SimplexCache<T>& cache, const DistanceInput<T>& input) {
  Simplex<T> simplex;
  simplex.count = std::min<int>(cache.count, 3);
  for (int i = 0; i < simplex.count; ++i) {
    if (cache.indexA[i] >= input.proxyA.count || cache.indexB[i] >= input.proxyB.count) {
      simplex.count = 0;
      break;
    }
    simplex.v[i] = makeSupportVertex(input, cache.indexA[i], cache.indexB[i]);
  }
  if (simplex.count > 1) {
    T metric1 = cache.metric;
    T metric2 = simplex.metric();
    if (metric2 < T(0.5) * metric1 || T(2) * metric1 < metric2 || metric2 < EPSILON<T>) {
      simplex.count = 0;
    }
  }
  if (simplex.count == 0) {
    simplex.v[0] = makeSupportVertex(input, 0, 0);
    simplex.v[0].a = 1;
    simplex.count = 1;
  }
  return simplex;
}

template <class T>
inline void writeCache(const Simplex<T>& simplex, SimplexCache<T>* cache) {
  cache->metric = simplex.metric();
  cache->count = static_cast<std::uint16_t>(simplex.count);
  for (int i = 0; i < simplex.count; ++i) {
    cache->indexA[i] = static_cast<std::uint8_t>(simplex.v[i].indexA);
    cache->indexB[i] = static_cast<std::uint8_t>(simplex.v[i].indexB);
  }
}

// Box2D 2.4.1's final step with useRadii: when the core distance exceeds rA + rB (and epsilon), move the
// witness points out to the rounded surfaces along the normal and subtract the radii; otherwise the
// shapes overlap: both witness points go to the midpoint and the distance is 0. The merge is the answer's
// cause (PostRule::EpsilonMerge) when the radii do not cover the core distance: only the epsilon made it 0.
template <class T>
inline void applyRadii(const DistanceInput<T>& input, DistanceOutput<T>* output, Trace<T>* trace = nullptr) {
  T rA = input.proxyA.radius;
  T rB = input.proxyB.radius;
  const T coreDistance = output->distance;
  if (output->distance > rA + rB && output->distance > EPSILON<T>) {
    output->distance -= rA + rB;
    tracePostLoop(trace, PostRule::RadiiApplied, false, coreDistance, rA + rB, output->distance);
    Vec2<T> normal = output->pointB - output->pointA;
    T len = length(normal);  // b2Vec2::Normalize: leaves the vector as it is when shorter than epsilon
    if (len >= EPSILON<T>) {
      T invLength = T(1) / len;
      normal = {normal.x * invLength, normal.y * invLength};
    }
    output->pointA = output->pointA + rA * normal;
    output->pointB = output->pointB - rB * normal;
  } else {
    Vec2<T> p = T(0.5) * (output->pointA + output->pointB);
    output->pointA = p;
    output->pointB = p;
    output->distance = 0;
    if (coreDistance > rA + rB) {  // the epsilon, not the radii, made the distance 0
      output->decidedBy = PostRule::EpsilonMerge;
      tracePostLoop(trace, PostRule::EpsilonMerge, true, coreDistance, EPSILON<T>, T(0));
    } else {
      tracePostLoop(trace, PostRule::RadiiOverlap, false, coreDistance, rA + rB, T(0));
    }
  }
}

// Whether the support pair of `vertex` is one of the `count` saved pairs: GJK's main termination test
// (Box2D 2.4.1: "Check for duplicate support points"); a repeated pair means no progress is possible.
template <class T>
inline bool isSavedSupportPair(const SimplexVertex<T>& vertex, const int* saveA, const int* saveB, int count) {
  for (int i = 0; i < count; ++i) {
    if (vertex.indexA == saveA[i] && vertex.indexB == saveB[i]) {
      return true;
    }
  }
  return false;
}

// The output of a loop that ends on a Box2D-style simplex (Box2D 2.4.1's "Prepare output"): witness points
// from the barycentric coordinates, distance = |pB - pA|, the cache written; then a stop the strategy calls an
// overlap reports distance 0 with both points at their midpoint, and otherwise the radii are applied when asked
// (the trace's last entry says what that step did).
template <class T>
inline void finishOutput(const DistanceInput<T>& input, const Simplex<T>& simplex, int iterations,
                         Termination termination, SimplexCache<T>* cache, DistanceOutput<T>* output,
                         bool overlap = false, Trace<T>* trace = nullptr) {
  simplex.witnessPoints(&output->pointA, &output->pointB);
  output->distance = distance(output->pointA, output->pointB);
  output->iterations = iterations;
  output->simplexCount = simplex.count;
  output->termination = termination;
  output->decidedBy = PostRule::None;
  writeCache(simplex, cache);

  if (overlap) {
    Vec2<T> p = T(0.5) * (output->pointA + output->pointB);
    output->pointA = p;
    output->pointB = p;
    output->distance = 0;
    return;
  }
  if (input.useRadii) {
    applyRadii(input, output, trace);
  }
}

template <class T, class Policy>
void gjkDistance(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
                 Trace<T>* trace = nullptr) {
  Simplex<T> simplex = readCache(*cache, input);

  int saveA[3];
  int saveB[3];
  int iteration = 0;
  Termination termination = Termination::IterationCap;
  while (iteration < Policy::MAX_ITERATIONS) {
    int saveCount = simplex.count;
    for (int i = 0; i < saveCount; ++i) {
      saveA[i] = simplex.v[i].indexA;
      saveB[i] = simplex.v[i].indexB;
    }

    if (simplex.count == 2) {
      simplex.solve2();
    } else if (simplex.count == 3) {
      simplex.solve3();
    }
    TraceStep<T>* step = beginTraceStep(trace, simplex);

    if (simplex.count == 3) {
      termination = Termination::Containment;
      break;
    }

    Vec2<T> d = Policy::searchDirection(simplex);
    if (step != nullptr) {
      step->direction = d;
    }
    if (Policy::isTinyDirection(d)) {
      // The origin is probably on the segment or the point: overlap or touching, or very close.
      termination = Termination::TinyDirection;
      break;
    }

    SimplexVertex<T> vertex = supportVertex(input, d);
    ++iteration;  // iterations count support calls, as Box2D does
    if (step != nullptr) {
      step->hasSupport = true;
      step->support = vertex;
    }

    if (isSavedSupportPair(vertex, saveA, saveB, saveCount)) {
      termination = Termination::DuplicateSupport;
      break;
    }
    simplex.v[simplex.count++] = vertex;
  }

  finishOutput(input, simplex, iteration, termination, cache, output, false, trace);
}

}  // namespace gjk
