// Strategies `box2d-v3.1` and `box2d-v3`: Box2D version 3's b2ShapeDistance, ported operation for
// operation from erincatto/box2d src/distance.c
//   box2d-v3.1: tag v3.1.1 (8c661469), src/distance.c:421-605, include/box2d/math_functions.h
//   box2d-v3:   main at 617d32ab02570930625bbcb8479f54be9bf8d045 (2026-08-20), src/distance.c:424-611,
//               include/box2d/math_functions.h (b2Normalize :340-350), include/box2d/collision.h
// Sources, constants, deviations, contact convention and stop rules: docs/strategies.md. Verified bit for
// bit (distance, both points, iterations, cache) against the upstream files built outside the project.
//
// Every operation is one float operation in the order Box2D writes it (the build has -ffp-contract=off).
// No heap allocation: the local copy of B and the simplex are on the stack.
#pragma once

#include <algorithm>
#include <limits>

#include "core/gjk_loop.h"

namespace gjk {
namespace box2d_v3 {

// b2RotateVector: (c x - s y, s x + c y), two products and a sum per coordinate.
template <class T>
inline Vec2<T> rotate(const Rotation<T>& q, Vec2<T> v) {
  return {q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y};
}

// b2InvMulTransforms(A, B): the transform taking B's local points into A's local frame.
//   q = A.q^T B.q: s = A.c B.s - A.s B.c, c = A.c B.c + A.s B.s     (b2InvMulRot)
//   p = A.q^T (B.p - A.p)                                          (b2InvRotateVector)
// Rounds: the two rotation entries (3 roundings each), the difference, the inverse rotation.
template <class T>
inline Transform<T> invMulTransforms(const Transform<T>& a, const Transform<T>& b) {
  Transform<T> c;
  c.q.s = a.q.c * b.q.s - a.q.s * b.q.c;
  c.q.c = a.q.c * b.q.c + a.q.s * b.q.s;
  c.p = inverseRotate(a.q, b.p - a.p);
  return c;
}

// b2Normalize: v / |v| with |v| = sqrt(x x + y y) rounded; the zero vector when |v| < epsilon.
template <class T>
inline Vec2<T> normalizeWithEpsilonFloor(Vec2<T> v) {
  T len = std::sqrt(v.x * v.x + v.y * v.y);
  if (len < EPSILON<T>) {
    return Vec2<T>{};
  }
  T invLength = T(1) / len;
  return {invLength * v.x, invLength * v.y};
}

// b2MaxFloat(a, b) = a > b ? a : b (a NaN b is returned as it is).
template <class T>
inline T maxScalar(T a, T b) {
  return a > b ? a : b;
}

// b2Distance(a, b): sqrt of (b - a).(b - a), rounded in T.
template <class T>
inline T pointDistance(Vec2<T> a, Vec2<T> b) {
  T dx = b.x - a.x;
  T dy = b.y - a.y;
  return std::sqrt(dx * dx + dy * dy);
}

// The segment direction of b2SolveSimplex2/3: s = (wi + wj) x e (three roundings after the two sums),
// then b2CrossSV(s, e) = (-s e.y, s e.x) (one rounding each). Points to the origin's side of the line,
// length 2 dist |e|^2 up to rounding.
template <class T>
inline Vec2<T> segmentDirection(Vec2<T> wi, Vec2<T> wj, Vec2<T> e) {
  return cross(cross(wi + wj, e), e);
}

// b2SolveSimplex2: the closest feature of the segment w1 w2 (w = wA - wB, A's frame) and the search
// direction toward the origin. Regions and arithmetic as 2.4.1's Solve2 (core/simplex.h).
// Why a copy of Simplex::solve2/solve3 rather than a call: v3 computes the direction inside the solve
// from the vertices in Box2D's order before the reduction (the e23 region uses (w2, w3, w3 - w2), the
// reduced simplex holds w3 then w2, and recomputing from it can flip the sign of a zero component), and
// b2SolveSimplex3 has no degenerate-triangle guard where Simplex::solve3 picks the nearest edge.
template <class T>
inline Vec2<T> solveSimplex2(Simplex<T>* s) {
  Vec2<T> w1 = s->v[0].w;
  Vec2<T> w2 = s->v[1].w;
  Vec2<T> e12 = w2 - w1;

  T d12_2 = -dot(w1, e12);
  if (d12_2 <= T(0)) {  // w1 region: a2 <= 0 clamps to 0
    s->v[0].a = 1;
    s->count = 1;
    return -w1;
  }
  T d12_1 = dot(w2, e12);
  if (d12_1 <= T(0)) {  // w2 region: a1 <= 0 clamps to 0
    s->v[1].a = 1;
    s->count = 1;
    s->v[0] = s->v[1];
    return -w2;
  }
  T inv_d12 = T(1) / (d12_1 + d12_2);  // e12 region
  s->v[0].a = d12_1 * inv_d12;
  s->v[1].a = d12_2 * inv_d12;
  s->count = 2;
  return segmentDirection(w1, w2, e12);
}

// b2SolveSimplex3: the seven regions of the triangle in 2.4.1's order (w1, e12, e13, w2, w3, e23,
// interior), returning the search direction, zero for the interior. No degenerate-triangle guard: the
// interior coordinates divide by d123_1 + d123_2 + d123_3 whatever it is, as Box2D does.
template <class T>
inline Vec2<T> solveSimplex3(Simplex<T>* s) {
  Vec2<T> w1 = s->v[0].w;
  Vec2<T> w2 = s->v[1].w;
  Vec2<T> w3 = s->v[2].w;

  Vec2<T> e12 = w2 - w1;
  T d12_1 = dot(w2, e12);
  T d12_2 = -dot(w1, e12);

  Vec2<T> e13 = w3 - w1;
  T d13_1 = dot(w3, e13);
  T d13_2 = -dot(w1, e13);

  Vec2<T> e23 = w3 - w2;
  T d23_1 = dot(w3, e23);
  T d23_2 = -dot(w2, e23);

  T n123 = cross(e12, e13);
  T d123_1 = n123 * cross(w2, w3);
  T d123_2 = n123 * cross(w3, w1);
  T d123_3 = n123 * cross(w1, w2);

  if (d12_2 <= T(0) && d13_2 <= T(0)) {  // w1 region
    s->v[0].a = 1;
    s->count = 1;
    return -w1;
  }
  if (d12_1 > T(0) && d12_2 > T(0) && d123_3 <= T(0)) {  // e12 region
    T inv_d12 = T(1) / (d12_1 + d12_2);
    s->v[0].a = d12_1 * inv_d12;
    s->v[1].a = d12_2 * inv_d12;
    s->count = 2;
    return segmentDirection(w1, w2, e12);
  }
  if (d13_1 > T(0) && d13_2 > T(0) && d123_2 <= T(0)) {  // e13 region
    T inv_d13 = T(1) / (d13_1 + d13_2);
    s->v[0].a = d13_1 * inv_d13;
    s->v[2].a = d13_2 * inv_d13;
    s->count = 2;
    s->v[1] = s->v[2];
    return segmentDirection(w1, w3, e13);
  }
  if (d12_1 <= T(0) && d23_2 <= T(0)) {  // w2 region
    s->v[1].a = 1;
    s->count = 1;
    s->v[0] = s->v[1];
    return -w2;
  }
  if (d13_1 <= T(0) && d23_1 <= T(0)) {  // w3 region
    s->v[2].a = 1;
    s->count = 1;
    s->v[0] = s->v[2];
    return -w3;
  }
  if (d23_1 > T(0) && d23_2 > T(0) && d123_1 <= T(0)) {  // e23 region
    T inv_d23 = T(1) / (d23_1 + d23_2);
    s->v[1].a = d23_1 * inv_d23;
    s->v[2].a = d23_2 * inv_d23;
    s->count = 2;
    s->v[0] = s->v[2];
    return segmentDirection(w2, w3, e23);
  }
  T inv_d123 = T(1) / (d123_1 + d123_2 + d123_3);  // interior: the origin is inside the triangle
  s->v[0].a = d123_1 * inv_d123;
  s->v[1].a = d123_2 * inv_d123;
  s->v[2].a = d123_3 * inv_d123;
  s->count = 3;
  return Vec2<T>{};
}

// One simplex vertex from support indices, A's frame, w = wA - wB.
template <class T>
inline SimplexVertex<T> makeLocalVertex(const Proxy<T>& proxyA, const Proxy<T>& localB, int indexA,
                                        int indexB) {
  SimplexVertex<T> v;
  v.indexA = indexA;
  v.indexB = indexB;
  v.wA = proxyA.vertices[indexA];
  v.wB = localB.vertices[indexB];
  v.w = v.wA - v.wB;
  return v;
}

// b2MakeSimplexFromCache: the cached index pairs as they are (coordinate a = -1, "invalid", until the
// first solve), no metric test; an empty cache (or, our guard, an index out of range) starts from
// vertex 0 of each shape.
template <class T>
inline Simplex<T> makeSimplexFromCache(const SimplexCache<T>& cache, const Proxy<T>& proxyA,
                                       const Proxy<T>& localB) {
  Simplex<T> s;
  s.count = std::min<int>(cache.count, 3);  // Box2D asserts count <= 3
  for (int i = 0; i < s.count; ++i) {
    if (cache.indexA[i] >= proxyA.count || cache.indexB[i] >= localB.count) {
      s.count = 0;
      break;
    }
    s.v[i] = makeLocalVertex(proxyA, localB, cache.indexA[i], cache.indexB[i]);
    s.v[i].a = -1;
  }
  if (s.count == 0) {
    s.v[0] = makeLocalVertex(proxyA, localB, 0, 0);
    s.v[0].a = 1;
    s.count = 1;
  }
  return s;
}

// b2MakeSimplexCache: count and indices. Box2D's cache has no metric; ours is written as 0.
template <class T>
inline void writeSimplexCache(const Simplex<T>& s, SimplexCache<T>* cache) {
  cache->metric = 0;
  cache->count = static_cast<std::uint16_t>(s.count);
  for (int i = 0; i < s.count; ++i) {
    cache->indexA[i] = static_cast<std::uint8_t>(s.v[i].indexA);
    cache->indexB[i] = static_cast<std::uint8_t>(s.v[i].indexB);
  }
}

// The trace speaks the project's convention (simplex.h: world frame, w = wB - wA, direction in B - A
// space). Box2D's own debug simplexes are in A's frame with w = wA - wB, so each recorded vertex is
// moved to the world with xfA and its w recomputed, and the direction is negated and rotated by xfA.q.
// These transforms round; they feed only the trace, never the query.
template <class T>
inline SimplexVertex<T> worldVertex(const SimplexVertex<T>& local, const Transform<T>& xfA) {
  SimplexVertex<T> v = local;
  v.wA = transformPoint(xfA, local.wA);
  v.wB = transformPoint(xfA, local.wB);
  v.w = v.wB - v.wA;
  return v;
}

template <class T>
inline TraceStep<T>* beginWorldTraceStep(Trace<T>* trace, const Simplex<T>& local, const Transform<T>& xfA) {
  if (trace == nullptr) {
    return nullptr;
  }
  Simplex<T> world = local;
  for (int i = 0; i < local.count; ++i) {
    world.v[i] = worldVertex(local.v[i], xfA);
  }
  return beginTraceStep(trace, world);
}

// B2_LINEAR_SLOP = 0.005f * b2_lengthUnitsPerMeter (src/constants.h:23 at v3.1.1), with the default
// b2_lengthUnitsPerMeter = 1.0f; both factors are floats, multiplied at run time in float.
template <class T>
inline T linearSlop() {
  return T(0.005) * T(1);
}

// v3.1.1: d.d < FLT_EPSILON^2 means overlap (distance.c:515); the normal is b2Normalize'd (floor |d| <
// FLT_EPSILON, math_functions.h:296) in A's frame and rotated to the world (:576-578); the output points
// are world points; the radii are applied to them only when the core distance exceeds 0.1f *
// B2_LINEAR_SLOP (:593); the overlap returns leave the cache as it was (:496-503, :515-528).
struct V31Rules {
  static constexpr const char* SOURCE = "erincatto/box2d tag v3.1.1 src/distance.c:421-605";
  static constexpr int MAX_ITERATIONS = 20;          // distance.c:464 `const int maxIterations = 20`
  static constexpr bool OUTPUT_IN_FRAME_A = false;   // v3.1.1 transforms to the world before the radii
  static constexpr bool CACHE_ON_OVERLAP = false;    // the overlap returns do not write the cache
  static constexpr Termination TINY_DIRECTION = Termination::TinyDirectionOverlap;

  // FLT_EPSILON * FLT_EPSILON (2^-46 for float), an absolute bound on d.d, whose unit is a length^6 for
  // a segment since |d| = 2 dist edge^2: the cause of the short-edge false overlap.
  template <class T>
  static constexpr T tinyDirectionSquared() {
    return EPSILON<T> * EPSILON<T>;
  }

  // b2Normalize of v3.1.1: length = sqrtf(x x + y y); zero when length < FLT_EPSILON; a NaN length is
  // not below the floor, so a NaN direction gives a NaN normal.
  template <class T>
  static Vec2<T> normal(Vec2<T> d) {
    return normalizeWithEpsilonFloor(d);
  }

  // distance.c:593 `input->useRadii && output.distance > 0.1f * B2_LINEAR_SLOP`.
  template <class T>
  static bool appliesRadii(bool useRadii, T coreDistance) {
    return useRadii && coreDistance > T(0.1) * linearSlop<T>();
  }
};

// main at 617d32ab: d.d < 1000.0f * FLT_MIN means overlap (distance.c:519); the input is B relative to A
// (b2DistanceInput.transform) and the output is in A's frame (collision.h:390-403); the cache is written
// on the overlap returns too (:501, :527); the radii are applied whenever useRadii is set (:599).
struct MainRules {
  static constexpr const char* SOURCE =
      "erincatto/box2d main 617d32ab02570930625bbcb8479f54be9bf8d045 src/distance.c:424-611";
  static constexpr int MAX_ITERATIONS = 20;        // distance.c:466
  static constexpr bool OUTPUT_IN_FRAME_A = true;  // the caller (this adapter) moves the points to the world
  static constexpr bool CACHE_ON_OVERLAP = true;   // `*cache = b2MakeSimplexCache( &simplex )` before return
  static constexpr Termination TINY_DIRECTION = Termination::TinyDirectionUnderflow;

  // 1000.0f * FLT_MIN (~1.18e-35 for float, rounded once): only a direction too short to normalize
  // without underflow is refused.
  template <class T>
  static constexpr T tinyDirectionSquared() {
    return T(1000) * std::numeric_limits<T>::min();
  }

  // b2Normalize of main (math_functions.h:340-350): lengthSquared = x x + y y; when lengthSquared >
  // 1000 FLT_MIN, s = 1 / sqrtf(lengthSquared) and (s x, s y); otherwise, and for a NaN lengthSquared
  // (the comparison is false), the zero vector. The loop's test is `<` and this one `>`: a direction with
  // d.d exactly 1000 FLT_MIN passes the loop and normalizes to zero.
  template <class T>
  static Vec2<T> normal(Vec2<T> d) {
    T lengthSquared = d.x * d.x + d.y * d.y;
    if (lengthSquared > tinyDirectionSquared<T>()) {
      T s = T(1) / std::sqrt(lengthSquared);
      return {s * d.x, s * d.y};
    }
    return Vec2<T>{};
  }

  template <class T>
  static bool appliesRadii(bool useRadii, T) {
    return useRadii;
  }
};

// b2ShapeDistance with world-frame input and output. For main this function also plays the caller's part
// (docs/strategies.md, "box2d-v3"): transform = b2InvMulTransforms(xfA, xfB) before, b2TransformPoint(xfA, .)
// of both output points after (two roundings per coordinate that a caller working in A's frame would not
// have).
//
// The shape casts (core/strategies/box2d_v3_cast.h) call it through `castSide`: it receives the normal that
// Box2D's b2DistanceOutput carries (zero on the overlap returns, where Box2D leaves `output = { 0 }`; v3.1.1:
// world frame, main: A's frame), and with `relativeInput` the query runs as main's b2ShapeDistance is called:
// input.transformB is B's pose in A's frame (b2DistanceInput.transform, used as it is, transformA ignored)
// and the points are returned in A's frame, with no b2TransformPoint of the caller.
template <class T>
struct CastSide {
  bool relativeInput = false;  // main only
  Vec2<T> normal;              // written by the query
};

template <class T, class Rules>
void shapeDistance(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
                   Trace<T>* trace, CastSide<T>* castSide = nullptr) {
  const bool relativeInput = castSide != nullptr && castSide->relativeInput;
  const Transform<T> xfA = relativeInput ? Transform<T>{} : input.transformA;
  const Proxy<T>& proxyA = input.proxyA;
  if (castSide != nullptr) {
    castSide->normal = Vec2<T>{};
  }

  // Proxy B in A's frame, once ("This is still a performance gain at 8 points").
  Proxy<T> localProxyB;
  {
    Transform<T> relative = relativeInput ? input.transformB : invMulTransforms(xfA, input.transformB);
    localProxyB.count = input.proxyB.count;
    localProxyB.radius = input.proxyB.radius;
    for (int i = 0; i < localProxyB.count; ++i) {
      localProxyB.vertices[i] = transformPoint(relative, input.proxyB.vertices[i]);
    }
  }

  Simplex<T> simplex = makeSimplexFromCache(*cache, proxyA, localProxyB);
  Vec2<T> nonUnitNormal{};
  int saveA[3];
  int saveB[3];
  int iteration = 0;
  Termination termination = Termination::IterationCap;
  bool overlap = false;  // Box2D's early returns: containment or tiny direction

  while (iteration < Rules::MAX_ITERATIONS) {
    int saveCount = simplex.count;
    for (int i = 0; i < saveCount; ++i) {
      saveA[i] = simplex.v[i].indexA;
      saveB[i] = simplex.v[i].indexB;
    }

    Vec2<T> d;
    switch (simplex.count) {
      case 1:
        d = -simplex.v[0].w;
        break;
      case 2:
        d = solveSimplex2(&simplex);
        break;
      default:
        d = solveSimplex3(&simplex);
        break;
    }
    TraceStep<T>* step = beginWorldTraceStep(trace, simplex, xfA);

    if (simplex.count == 3) {  // the origin is in the triangle
      termination = Termination::Containment;
      overlap = true;
      break;
    }
    if (step != nullptr) {
      step->direction = rotate(xfA.q, -d);  // trace only: B - A convention, world frame (rounds)
    }
    if (dot(d, d) < Rules::template tinyDirectionSquared<T>()) {
      // "The origin is probably contained by a line segment or triangle. Thus the shapes are overlapped.
      // Must return overlap due to invalid normal."
      termination = Rules::TINY_DIRECTION;
      overlap = true;
      break;
    }
    nonUnitNormal = d;

    // support = support(A, d) - support(B, -d), both in A's frame, written into the next slot of the
    // simplex field by field as Box2D does: the slot's barycentric coordinate `a` is not touched, so it
    // keeps whatever the slot held (read only when the cap ends the loop right after a vertex was added).
    SimplexVertex<T>& vertex = simplex.v[simplex.count];
    vertex.indexA = proxyA.support(d);
    vertex.wA = proxyA.vertices[vertex.indexA];
    vertex.indexB = localProxyB.support(-d);
    vertex.wB = localProxyB.vertices[vertex.indexB];
    vertex.w = vertex.wA - vertex.wB;
    ++iteration;  // "Iteration count is equated to the number of support point calls."
    if (step != nullptr) {
      step->hasSupport = true;
      step->support = worldVertex(vertex, xfA);
    }

    if (isSavedSupportPair(vertex, saveA, saveB, saveCount)) {
      termination = Termination::DuplicateSupport;
      break;
    }
    simplex.count += 1;
  }

  Vec2<T> localPointA;
  Vec2<T> localPointB;
  // b2ComputeSimplexWitnessPoints (distance.c) is 2.4.1's GetWitnessPoints operation for operation:
  // b2Weight2/b2Weight3 are a1 w1 + a2 w2 (+ a3 w3) per coordinate, products then sums left to right,
  // and for a triangle both points are the weighted point of A ("todo why are these not equal?"). So
  // Simplex::witnessPoints serves, here in A's frame. A triangle reaches here unsolved only when the
  // iteration cap ends the loop right after a third vertex was added: its coordinate is then stale
  // (uninitialized in Box2D, 0 here) and, as in Box2D, the two points coincide.
  simplex.witnessPoints(&localPointA, &localPointB);
  // Box2D leaves iterations at 0 on its early overlap returns (`output = { 0 }`); we report the support
  // calls made, which is what DistanceOutput::iterations means for every strategy (docs/strategies.md).
  output->iterations = iteration;
  output->simplexCount = simplex.count;
  output->termination = termination;
  output->decidedBy = PostRule::None;

  if (overlap) {
    // Distance 0, both points as the simplex gives them, no radii; main writes the cache here, v3.1.1 not.
    if constexpr (Rules::CACHE_ON_OVERLAP) {
      writeSimplexCache(simplex, cache);
    }
    output->pointA = relativeInput ? localPointA : transformPoint(xfA, localPointA);
    output->pointB = relativeInput ? localPointB : transformPoint(xfA, localPointB);
    output->distance = 0;
    return;
  }

  Vec2<T> normal = Rules::normal(nonUnitNormal);  // A's frame, from A toward B
  output->distance = pointDistance(localPointA, localPointB);
  writeSimplexCache(simplex, cache);

  T radiusA = input.proxyA.radius;
  T radiusB = input.proxyB.radius;
  const T coreDistance = output->distance;
  bool applyRadii = Rules::appliesRadii(input.useRadii, output->distance);
  if (input.useRadii && !applyRadii) {
    // v3.1.1's small core distance: the core distance is reported as it is. That is the answer's cause when
    // the radii would have taken something off it.
    const bool decided = coreDistance > T(0) && (radiusA > T(0) || radiusB > T(0));
    if (decided) {
      output->decidedBy = PostRule::SmallCoreDistance;
    }
    tracePostLoop(trace, PostRule::SmallCoreDistance, decided, coreDistance, T(0.1) * linearSlop<T>(), coreDistance);
  }
  if constexpr (Rules::OUTPUT_IN_FRAME_A) {
    if (applyRadii) {
      output->distance = maxScalar(T(0), output->distance - radiusA - radiusB);
      localPointA = localPointA + radiusA * normal;  // b2MulAdd
      localPointB = localPointB - radiusB * normal;  // b2MulSub
      tracePostLoop(trace, output->distance > T(0) ? PostRule::RadiiApplied : PostRule::RadiiOverlap, false,
                    coreDistance, radiusA + radiusB, output->distance);
    }
    output->pointA = relativeInput ? localPointA : transformPoint(xfA, localPointA);  // the caller's step in main
    output->pointB = relativeInput ? localPointB : transformPoint(xfA, localPointB);
  } else {
    normal = rotate(xfA.q, normal);
    output->pointA = transformPoint(xfA, localPointA);
    output->pointB = transformPoint(xfA, localPointB);
    if (applyRadii) {
      // "Keep closest points on perimeter even if overlapped, this way the points move smoothly."
      output->distance = maxScalar(T(0), output->distance - radiusA - radiusB);
      output->pointA = output->pointA + radiusA * normal;
      output->pointB = output->pointB - radiusB * normal;
      tracePostLoop(trace, output->distance > T(0) ? PostRule::RadiiApplied : PostRule::RadiiOverlap, false,
                    coreDistance, radiusA + radiusB, output->distance);
    }
  }
  if (castSide != nullptr) {
    castSide->normal = normal;  // b2DistanceOutput.normal: v3.1.1 rotated to the world above, main in A's frame
  }
}

}  // namespace box2d_v3

// `box2d-v3.1`: Box2D v3.1's b2ShapeDistance (see the file comment).
struct Box2dV31Strategy {
  static constexpr const char* NAME = "box2d-v3.1";
  template <class T>
  static void distance(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
                       Trace<T>* trace) {
    box2d_v3::shapeDistance<T, box2d_v3::V31Rules>(input, cache, output, trace);
  }
};

// `box2d-v3`: Box2D's current main b2ShapeDistance, without the short-edge false overlap.
struct Box2dV3Strategy {
  static constexpr const char* NAME = "box2d-v3";
  template <class T>
  static void distance(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
                       Trace<T>* trace) {
    box2d_v3::shapeDistance<T, box2d_v3::MainRules>(input, cache, output, trace);
  }
};

}  // namespace gjk
