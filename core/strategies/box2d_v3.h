// Strategies `box2d-v3.1` and `box2d-v3`: Box2D version 3's b2ShapeDistance (erincatto/box2d,
// src/distance.c), the GJK of Catto 2010 rewritten for speed ("I spent time optimizing this ... 3/30/2025").
//
// Sources read (the stored copies of erincatto/box2d; see the report of the change for the search):
//   src/distance.c at 04b0e92e9ba2f37df4cb7cb3fa1c25141a1e18df: a commit of the v3.1 era (after the
//     3/30/2025 rewrite, still with world transforms transformA/transformB in b2DistanceInput, proxy B
//     moved into A's frame inside the function), taken as the reference for `box2d-v3.1`.
//     867d0ec05f71e6e763c699281109818ae40f8bc5, the other stored commit of the file, has the same
//     b2ShapeDistance but for one line: it applies the radii only when the core distance exceeds
//     0.1 * B2_LINEAR_SLOP (not adopted here; a stored port of v3.2 has no such guard either). Neither is
//     the v3.1.0 tag itself: their line numbers (proxyB radius assert at 429 / 426, b2ShapeCast's normal
//     assert at 678 / 674) miss those quoted against v3.1 in issues #976 (428) and #917 (652). The
//     algorithm, its constants and its order of operations are those of the v3.1 line.
//   test/test_distance.c at 3d910d2a39416c3208b08aea64e00a5835c584b3 (main): ShapeDistanceShortEdgeTest,
//     the thin plank against a point, which v3.1 reports as overlapped, and the input layout of main
//     (b2DistanceInput.transform: B relative to A, computed by the caller with b2InvMulTransforms; the
//     output is in A's frame).
//   include/box2d/math_functions.h: b2InvMulTransforms, b2InvMulRot, b2InvRotateVector, b2RotateVector,
//     b2TransformPoint, b2CrossSV, b2MulAdd, b2MulSub, b2Normalize, b2MaxFloat, b2Distance.
// The main-branch distance.c carrying the short-edge fix is not among the stored copies. What `box2d-v3`
// does differently from `box2d-v3.1` is taken from design.md §6 (tiny direction d.d < 1000 FLT_MIN) and
// from what ShapeDistanceShortEdgeTest demands of main (a positive distance and a unit normal for that
// case); each such place is marked INFERRED below.
//
// How it differs from Box2D 2.4.1 (core/gjk_loop.h, `perp`):
//   - Frame: everything runs in A's local frame. B's vertices are moved once into A's frame by
//     b2InvMulTransforms(xfA, xfB); A's vertices are used as given; the support queries need no rotation.
//     The witness points are brought back to the world with b2TransformPoint(xfA, .) at the end.
//   - Sign: the Minkowski points are w = wA - wB (2.4.1: wB - wA); the support is A's for +d and B's for
//     -d. The simplex solver is sign-symmetric (every product in it has an even number of w factors or
//     compares a w-dot with 0 after an exact negation), so the barycentric coordinates are the same.
//   - Search direction, branch free: for a segment, d = cross(cross(w1 + w2, e12), e12) with
//     e12 = w2 - w1, i.e. s = (w1 + w2) x e12 then d = (-s e12.y, s e12.x). For any point p of the line,
//     (w1 + w2) x e12 = 2 p x e12 = 2 w1 x e12, so d is e12 turned toward the origin and |d| =
//     2 dist |e12|^2: a length cubic in the scale, not the |e12| of 2.4.1's exact perpendicular. It is
//     returned by the solver itself (b2SolveSimplex2/3), vertex regions give -w.
//   - The solver (b2SolveSimplex2/3) is 2.4.1's Solve2/Solve3 operation for operation, except that it
//     returns the direction, and has no guard for a degenerate triangle: 1 / (d123_1 + d123_2 + d123_3) is
//     taken as it comes (inf or NaN when the sum is zero), as in Box2D. core/simplex.h's pickNearestEdge
//     fallback is deliberately not used here.
//   - Tiny direction: v3.1 stops when d.d < FLT_EPSILON^2 and reports overlap (distance 0). Because |d| is
//     2 dist edge^2, this declares a plainly separated pair overlapped when 2 dist edge^2 < FLT_EPSILON
//     (test_distance.c). main stops only when d.d < 1000 FLT_MIN: the direction is then too short to
//     normalize, not merely short.
//   - On overlap (containment or tiny direction) Box2D returns at once: distance 0, the two witness
//     points as the simplex gives them (not merged into a midpoint; for a false overlap they are apart),
//     no radii, and the cache is NOT written.
//   - Normal: the last search direction normalized (b2Normalize: zero when |d| < FLT_EPSILON). The radii
//     are applied whenever useRadii is set: distance = max(0, dist - rA - rB), pointA += rA n,
//     pointB -= rB n, even for overlapping rounded shapes ("keep closest points on perimeter"); 2.4.1
//     instead merges the points when the cores are closer than rA + rB.
//   - Cache: b2SimplexCache has no metric. The cached indices are read as they are: no metric test, no
//     flush. Our SimplexCache::metric is ignored on reading and written as 0 (a 2.4.1-style reader then
//     flushes a cached segment or triangle, which is safe). An index out of range for these shapes is
//     treated as an empty cache; Box2D would read out of bounds (our only guard on the input).
//   - Iteration cap: 20 support calls (`maxIterations`), as 2.4.1.
//
// Constants (T = float gives Box2D's; for T = double the same formulas give the double analogues):
//   FLT_EPSILON^2 = 2^-46 ~ 1.42e-14 (v3.1 tiny direction, an absolute bound on d.d, whose unit is a
//   length^6 for a segment since |d| = 2 dist edge^2);
//   1000 FLT_MIN = 1000 * 2^-126 ~ 1.18e-35 (main tiny direction: a squared length whose inverse square
//   root is still finite and accurate); FLT_EPSILON ~ 1.19e-7 (b2Normalize's floor on |d|); 20 iterations.
//
// Every operation is one float operation in the order Box2D writes it (the build has -ffp-contract=off).
// Where this file adds rounding that Box2D does not have, it says so: the trace's world view, and for
// `box2d-v3` the final b2TransformPoint(xfA, .) that main leaves to its caller.
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

// b2ComputeWitnessPoints: from the barycentric coordinates, A's frame; for a triangle both points are
// the weighted point of A (Box2D: "todo why are these not equal?"). A triangle reaches here unsolved
// only when the iteration cap ends the loop right after a third vertex was added: its coordinate is then
// stale (uninitialized in Box2D, 0 here) and, as in Box2D, the two points coincide.
template <class T>
inline void localWitnessPoints(const Simplex<T>& s, Vec2<T>* a, Vec2<T>* b) {
  switch (s.count) {
    case 1:
      *a = s.v[0].wA;
      *b = s.v[0].wB;
      break;
    case 2:
      *a = s.v[0].a * s.v[0].wA + s.v[1].a * s.v[1].wA;
      *b = s.v[0].a * s.v[0].wB + s.v[1].a * s.v[1].wB;
      break;
    default:
      *a = s.v[0].a * s.v[0].wA + s.v[1].a * s.v[1].wA + s.v[2].a * s.v[2].wA;
      *b = *a;
      break;
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

// v3.1: d.d < FLT_EPSILON^2 means overlap; the normal is b2Normalize'd in A's frame, rotated to the world,
// and the radii are applied to the world witness points (b2ShapeDistance of the v3.1 line).
struct V31Rules {
  static constexpr const char* SOURCE = "erincatto/box2d src/distance.c v3.1 line (04b0e92e)";
  static constexpr int MAX_ITERATIONS = 20;        // b2ShapeDistance's maxIterations
  static constexpr bool RADII_IN_FRAME_A = false;  // v3.1 applies the radii after the world transform

  // FLT_EPSILON^2 (2^-46 for float): "Ensure the search direction is numerically fit". An absolute bound
  // on a length that scales as distance * edge^2: the cause of the short-edge false overlap.
  template <class T>
  static constexpr T tinyDirectionSquared() {
    return EPSILON<T> * EPSILON<T>;
  }

  // b2Normalize: zero below |d| = FLT_EPSILON. Never triggered after a search (d.d >= FLT_EPSILON^2
  // gives sqrt(d.d) >= FLT_EPSILON, sqrt being monotone and exact on FLT_EPSILON^2).
  template <class T>
  static Vec2<T> normal(Vec2<T> d) {
    return normalizeWithEpsilonFloor(d);
  }
};

// main: d.d < 1000 FLT_MIN means overlap (design.md §6; the fix of ShapeDistanceShortEdgeTest). The
// input is B relative to A and the output is in A's frame (main's b2DistanceInput.transform, used by
// test_distance.c at 3d910d2a; the frame-A output, radii included, as in a stored port of the v3.2
// distance.c, not in erincatto's own main file, which is not stored). This strategy plays the caller's
// part: it computes b2InvMulTransforms(xfA, xfB) and moves the frame-A witness points to the world with
// b2TransformPoint(xfA, .) at the very end, after the radii.
struct MainRules {
  static constexpr const char* SOURCE =
      "erincatto/box2d main (test/test_distance.c 3d910d2a; tiny direction per design.md §6)";
  static constexpr int MAX_ITERATIONS = 20;       // unchanged from v3.1
  static constexpr bool RADII_IN_FRAME_A = true;  // main returns frame-A points; the radii are applied there

  // 1000 FLT_MIN (~1.18e-35 for float, rounded once): only a direction too short to normalize without
  // underflow is refused. With |d| = 2 dist edge^2 this stops only when the origin is (nearly) on the
  // simplex in a scale-free sense, not on short edges.
  template <class T>
  static constexpr T tinyDirectionSquared() {
    return T(1000) * std::numeric_limits<T>::min();
  }

  // INFERRED: ShapeDistanceShortEdgeTest requires b2IsNormalized(output.normal) for a final direction
  // of length 2 * 0.005 * 0.0032^2 ~ 1.0e-7 < FLT_EPSILON, which b2Normalize would zero. The fixed main
  // must therefore normalize the direction below FLT_EPSILON; we use b2Normalize's arithmetic with the
  // floor moved to the loop's own bound (d.d < 1000 FLT_MIN gives zero), so every direction that passed
  // the loop normalizes.
  template <class T>
  static Vec2<T> normal(Vec2<T> d) {
    T lengthSquared = d.x * d.x + d.y * d.y;
    if (lengthSquared < tinyDirectionSquared<T>()) {
      return Vec2<T>{};
    }
    T invLength = T(1) / std::sqrt(lengthSquared);
    return {invLength * d.x, invLength * d.y};
  }
};

// b2ShapeDistance with world-frame input and output.
template <class T, class Rules>
void shapeDistance(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
                   Trace<T>* trace) {
  const Transform<T>& xfA = input.transformA;
  const Proxy<T>& proxyA = input.proxyA;

  // Proxy B in A's frame, once ("This is still a performance gain at 8 points").
  Proxy<T> localProxyB;
  {
    Transform<T> relative = invMulTransforms(xfA, input.transformB);
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
  bool overlap = false;  // Box2D's early return: containment or tiny direction

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
      termination = Termination::TinyDirectionZero;
      overlap = true;
      break;
    }
    nonUnitNormal = d;

    // support = support(A, d) - support(B, -d), both in A's frame.
    SimplexVertex<T> vertex =
        makeLocalVertex(proxyA, localProxyB, proxyA.support(d), localProxyB.support(-d));
    ++iteration;  // iterations count support calls
    if (step != nullptr) {
      step->hasSupport = true;
      step->support = worldVertex(vertex, xfA);
    }

    if (isSavedSupportPair(vertex, saveA, saveB, saveCount)) {
      termination = Termination::DuplicateSupport;
      break;
    }
    simplex.v[simplex.count++] = vertex;
  }

  Vec2<T> localPointA;
  Vec2<T> localPointB;
  localWitnessPoints(simplex, &localPointA, &localPointB);
  // Box2D leaves iterations at 0 on its early overlap return; we report the support calls made, which
  // is what DistanceOutput::iterations means for every strategy.
  output->iterations = iteration;
  output->simplexCount = simplex.count;
  output->termination = termination;

  if (overlap) {
    // Distance 0, both points as the simplex gives them, no radii, cache left as it was.
    output->pointA = transformPoint(xfA, localPointA);
    output->pointB = transformPoint(xfA, localPointB);
    output->distance = 0;
    return;
  }

  Vec2<T> normal = Rules::normal(nonUnitNormal);  // A's frame, from A toward B
  output->distance = pointDistance(localPointA, localPointB);
  writeSimplexCache(simplex, cache);

  T radiusA = input.proxyA.radius;
  T radiusB = input.proxyB.radius;
  if constexpr (Rules::RADII_IN_FRAME_A) {
    if (input.useRadii) {
      output->distance = maxScalar(T(0), output->distance - radiusA - radiusB);
      localPointA = localPointA + radiusA * normal;  // b2MulAdd
      localPointB = localPointB - radiusB * normal;  // b2MulSub
    }
    output->pointA = transformPoint(xfA, localPointA);  // the caller's step in main
    output->pointB = transformPoint(xfA, localPointB);
  } else {
    normal = rotate(xfA.q, normal);
    output->pointA = transformPoint(xfA, localPointA);
    output->pointB = transformPoint(xfA, localPointB);
    if (input.useRadii) {
      // "Keep closest points on perimeter even if overlapped, this way the points move smoothly."
      output->distance = maxScalar(T(0), output->distance - radiusA - radiusB);
      output->pointA = output->pointA + radiusA * normal;
      output->pointB = output->pointB - radiusB * normal;
    }
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
