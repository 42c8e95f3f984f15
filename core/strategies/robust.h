// Strategy `robust`: a float GJK with Box2D's query shape (cache, radii, witness points) built not to fail
// on any case of the fourteen families (issue 14). Five ingredients, each switched off by one template flag
// so the ablation strategies `robust-no-<name>` are the same code:
//
//   rescale         solve in units of 2^k with the problem's size S/2^k in [0.5, 1): no overflow of
//                   squares, no underflow of lengths, tolerances meet numbers near 1 (exact: powers of two)
//   exact-signs     every region, side and containment decision is the exact sign of a polynomial in the
//                   stored float coordinates (core/orientation_filter.h: a double filter with a proven
//                   bound, an exact expansion when it cannot decide); no tiny-direction test is needed
//   relative-tol    the tolerances are relative to the coordinates involved: the progress stop, the cache's
//                   metric test, the radius step (off: Box2D 2.4.1's absolute FLT_EPSILON tests)
//   final-step      the answer is recomputed from the closest features the simplex came from (a vertex or
//                   an edge of each shape), not from the barycentric weights of the Minkowski simplex
//   safe-triangle   the triangle's weights are cross(wj, wk) / cross(e12, e13) of the triangle divided by a
//                   power of two near its size (degree 2, never overflowing, instead of Box2D's degree 4), and
//                   a containment's witness points come from the triangle's edge nearest to the origin, not
//                   from the interior weights (ill-conditioned for a sliver)
//
// Loop: Box2D 2.4.1's (core/gjk_loop.h) with perp's direction (exactly perpendicular to the stored edge) and
// these stops: containment (exact), the origin exactly on the simplex (`closest-point-at-origin`), the
// duplicate support pair, no progress along d beyond 2^-22 of the coordinates (`projection-progress`), the
// cap of 20 support calls. Contact convention: on-shapes. docs/strategies.md ("robust") proves the bounds.
//
// Float throughout, -ffp-contract=off; the exact signs evaluate products of floats in double, where they
// are exact. The size exponent k is found in double (only its exponent is used).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "core/gjk_loop.h"
#include "core/orientation_filter.h"

namespace gjk {
namespace robust {

// Which ingredients are on.
template <bool Rescale, bool ExactSigns, bool RelativeTolerances, bool FinalStep, bool SafeTriangle>
struct Ingredients {
  static constexpr bool RESCALE = Rescale;
  static constexpr bool EXACT_SIGNS = ExactSigns;
  static constexpr bool RELATIVE_TOLERANCES = RelativeTolerances;
  static constexpr bool FINAL_STEP = FinalStep;
  static constexpr bool SAFE_TRIANGLE = SafeTriangle;
};

using All = Ingredients<true, true, true, true, true>;
using NoRescale = Ingredients<false, true, true, true, true>;
using NoExactSigns = Ingredients<true, false, true, true, true>;
using NoRelativeTolerances = Ingredients<true, true, false, true, true>;
using NoFinalStep = Ingredients<true, true, true, false, true>;
using NoSafeTriangle = Ingredients<true, true, true, true, false>;

inline constexpr int MAX_ITERATIONS = 20;  // support calls, as Box2D 2.4.1

inline float absf(float x) { return x < 0 ? -x : x; }
inline float maxf(float a, float b) { return a > b ? a : b; }
inline float maxAbs(Vec2<float> v) { return maxf(absf(v.x), absf(v.y)); }

// ---- signs -------------------------------------------------------------------------------------------
// Each returns -1, 0 or +1. Exact: the sign of the polynomial in the stored floats. Float (ablation): the
// sign of Box2D 2.4.1's rounded expression for it.

// a.a - a.b, Box2D's d12_2 = -dot(w1, w2 - w1) for a = w1, b = w2 (and d12_1 for a = w2, b = w1).
template <class Ing>
inline int edgeCoordinateSign(Vec2<float> a, Vec2<float> b) {
  if constexpr (Ing::EXACT_SIGNS) {
    return exact::dotDifferenceSign(a.x, a.y, a.x, a.y, b.x, b.y);
  } else {
    float v = -dot(a, b - a);  // Box2D's d12_2 = -dot(w1, e12), e12 = w2 - w1 rounded first
    return (v > 0) - (v < 0);
  }
}

// cross(a, b): positive when the origin is to the left of the directed line a -> b (cross(b - a, -a)).
template <class Ing>
inline int crossProductSign(Vec2<float> a, Vec2<float> b) {
  if constexpr (Ing::EXACT_SIGNS) {
    return exact::crossSign(a.x, a.y, b.x, b.y);
  } else {
    float v = cross(b - a, -a);  // perp's rounded test
    return (v > 0) - (v < 0);
  }
}

// cross(b - a, c - a): the triangle's orientation.
template <class Ing>
inline int triangleSign(Vec2<float> a, Vec2<float> b, Vec2<float> c) {
  if constexpr (Ing::EXACT_SIGNS) {
    return exact::orientationSign(a.x, a.y, b.x, b.y, c.x, c.y);
  } else {
    float v = cross(b - a, c - a);
    return (v > 0) - (v < 0);
  }
}

// ---- the simplex solve -------------------------------------------------------------------------------

// Weights of the closest point of segment a b to the origin, in float: wa = b.(b - a) / |b - a|^2 and
// wb = -a.(b - a) / |b - a|^2, each clamped to [0, 1] (the region decision is made by the signs; the
// rounded coordinates may disagree with them by a few ulps). An edge whose squared length underflows gets
// the midpoint.
inline void segmentWeights(Vec2<float> a, Vec2<float> b, float* wa, float* wb) {
  Vec2<float> e = b - a;
  float da = dot(b, e);
  float db = -dot(a, e);
  da = maxf(da, 0.0f);
  db = maxf(db, 0.0f);
  float sum = da + db;
  if (!(sum > 0) || !std::isfinite(sum)) {
    *wa = 0.5f;
    *wb = 0.5f;
    return;
  }
  float inv = 1.0f / sum;
  *wa = da * inv;
  *wb = db * inv;
}

// Keeps vertices i and j (i first) as a segment with their weights.
inline void keepEdge(Simplex<float>* s, int i, int j) {
  SimplexVertex<float> a = s->v[i];
  SimplexVertex<float> b = s->v[j];
  segmentWeights(a.w, b.w, &a.a, &b.a);
  s->v[0] = a;
  s->v[1] = b;
  s->count = 2;
}

inline void keepVertex(Simplex<float>* s, int i) {
  s->v[0] = s->v[i];
  s->v[0].a = 1;
  s->count = 1;
}

// Regions of a segment: vertex 1, vertex 2, or the edge.
template <class Ing>
inline void solve2(Simplex<float>* s) {
  Vec2<float> w1 = s->v[0].w;
  Vec2<float> w2 = s->v[1].w;
  if (edgeCoordinateSign<Ing>(w1, w2) <= 0) {  // d12_2 = w1.w1 - w1.w2 <= 0: region w1
    keepVertex(s, 0);
    return;
  }
  if (edgeCoordinateSign<Ing>(w2, w1) <= 0) {  // d12_1 = w2.w2 - w2.w1 <= 0: region w2
    keepVertex(s, 1);
    return;
  }
  keepEdge(s, 0, 1);
}

// The interior weights cross(w2, w3), cross(w3, w1), cross(w1, w2) over their sum. Safe: the three points
// are first divided by a power of two 2^m >= their largest coordinate, so every product is below 4 and the
// sum below 12: no overflow at any size; Box2D's form (ablation) multiplies each by n123 (degree 4).
template <class Ing>
inline void interiorWeights(Simplex<float>* s) {
  Vec2<float> w1 = s->v[0].w;
  Vec2<float> w2 = s->v[1].w;
  Vec2<float> w3 = s->v[2].w;
  float c1 = 0;
  float c2 = 0;
  float c3 = 0;
  float sum = 0;
  if constexpr (Ing::SAFE_TRIANGLE) {
    float size = maxf(maxAbs(w1), maxf(maxAbs(w2), maxAbs(w3)));
    int m = 0;
    std::frexp(size, &m);  // size < 2^m
    auto down = [m](Vec2<float> v) { return Vec2<float>{std::ldexp(v.x, -m), std::ldexp(v.y, -m)}; };
    w1 = down(w1);
    w2 = down(w2);
    w3 = down(w3);
    c1 = cross(w2, w3);
    c2 = cross(w3, w1);
    c3 = cross(w1, w2);
    sum = c1 + c2 + c3;
    if (sum < 0) {  // clockwise: the coordinates and their sum are all negative
      c1 = -c1;
      c2 = -c2;
      c3 = -c3;
      sum = -sum;
    }
    c1 = maxf(c1, 0.0f);
    c2 = maxf(c2, 0.0f);
    c3 = maxf(c3, 0.0f);
    sum = c1 + c2 + c3;
  } else {
    float n123 = cross(w2 - w1, w3 - w1);
    c1 = n123 * cross(w2, w3);
    c2 = n123 * cross(w3, w1);
    c3 = n123 * cross(w1, w2);
    sum = c1 + c2 + c3;
  }
  if (!(sum > 0) || !std::isfinite(sum)) {
    c1 = c2 = c3 = 1;
    sum = 3;
  }
  float inv = 1.0f / sum;
  s->v[0].a = c1 * inv;
  s->v[1].a = c2 * inv;
  s->v[2].a = c3 * inv;
  s->count = 3;
}

// Regions of a triangle in Box2D 2.4.1's order (w1, e12, e13, w2, w3, e23, interior). With exact signs the
// seven regions partition the plane for every triangle, degenerate ones included (docs/strategies.md), so
// the interior is reached only when all three of cross(w2, w3), cross(w3, w1), cross(w1, w2) have the sign
// of the area, which is then not zero.
template <class Ing>
inline void solve3(Simplex<float>* s) {
  Vec2<float> w1 = s->v[0].w;
  Vec2<float> w2 = s->v[1].w;
  Vec2<float> w3 = s->v[2].w;

  const int d12_1 = edgeCoordinateSign<Ing>(w2, w1);
  const int d12_2 = edgeCoordinateSign<Ing>(w1, w2);
  const int d13_1 = edgeCoordinateSign<Ing>(w3, w1);
  const int d13_2 = edgeCoordinateSign<Ing>(w1, w3);
  const int d23_1 = edgeCoordinateSign<Ing>(w3, w2);
  const int d23_2 = edgeCoordinateSign<Ing>(w2, w3);
  const int n123 = triangleSign<Ing>(w1, w2, w3);
  const int d123_1 = n123 * crossProductSign<Ing>(w2, w3);
  const int d123_2 = n123 * crossProductSign<Ing>(w3, w1);
  const int d123_3 = n123 * crossProductSign<Ing>(w1, w2);

  if (d12_2 <= 0 && d13_2 <= 0) {
    keepVertex(s, 0);
    return;
  }
  if (d12_1 > 0 && d12_2 > 0 && d123_3 <= 0) {
    keepEdge(s, 0, 1);
    return;
  }
  if (d13_1 > 0 && d13_2 > 0 && d123_2 <= 0) {
    keepEdge(s, 0, 2);
    return;
  }
  if (d12_1 <= 0 && d23_2 <= 0) {
    keepVertex(s, 1);
    return;
  }
  if (d13_1 <= 0 && d23_1 <= 0) {
    keepVertex(s, 2);
    return;
  }
  if (d23_1 > 0 && d23_2 > 0 && d123_1 <= 0) {
    keepEdge(s, 1, 2);
    return;
  }
  if (n123 == 0) {  // float signs only: no region fits a flat triangle; keep its longest edge
    keepEdge(s, 0, 1);
    return;
  }
  interiorWeights<Ing>(s);
}

// ---- the final step ----------------------------------------------------------------------------------

// The point of segment q1 q2 nearest to p, in float: t = (p - q1).(q2 - q1) / |q2 - q1|^2 clamped to [0, 1].
inline Vec2<float> nearestOnSegment(Vec2<float> p, Vec2<float> q1, Vec2<float> q2) {
  Vec2<float> e = q2 - q1;
  float ee = dot(e, e);
  float t = dot(p - q1, e);
  if (!(t > 0) || !(ee > 0)) {
    return q1;
  }
  if (t >= ee) {
    return q2;
  }
  t = t / ee;
  return q1 + t * e;
}

// The closest pair between the feature of A (one or two world points) and the feature of B the final
// simplex came from. A pair of two edges is answered by the best of the four endpoint-to-edge pairs, which
// is their closest pair when they do not cross (they cannot when the simplex found no containment: the
// exact test below sends a crossing back to the barycentric answer).
template <class Ing>
inline void closestFeaturePair(const Simplex<float>& s, Vec2<float>* pA, Vec2<float>* pB) {
  Vec2<float> a1 = s.v[0].wA;
  Vec2<float> b1 = s.v[0].wB;
  if (s.count == 1) {
    *pA = a1;
    *pB = b1;
    return;
  }
  Vec2<float> a2 = s.v[1].wA;
  Vec2<float> b2 = s.v[1].wB;
  const bool edgeA = s.v[0].indexA != s.v[1].indexA && !(a1 == a2);
  const bool edgeB = s.v[0].indexB != s.v[1].indexB && !(b1 == b2);
  if (!edgeA && !edgeB) {
    *pA = a1;
    *pB = b1;
    return;
  }
  if (!edgeA) {
    *pA = a1;
    *pB = nearestOnSegment(a1, b1, b2);
    return;
  }
  if (!edgeB) {
    *pB = b1;
    *pA = nearestOnSegment(b1, a1, a2);
    return;
  }
  // Two edges. If they cross (exact orientations), the shapes overlap there: keep the barycentric answer.
  const int o1 = exact::orientationSign(a1.x, a1.y, a2.x, a2.y, b1.x, b1.y);
  const int o2 = exact::orientationSign(a1.x, a1.y, a2.x, a2.y, b2.x, b2.y);
  const int o3 = exact::orientationSign(b1.x, b1.y, b2.x, b2.y, a1.x, a1.y);
  const int o4 = exact::orientationSign(b1.x, b1.y, b2.x, b2.y, a2.x, a2.y);
  if (o1 * o2 <= 0 && o3 * o4 <= 0) {
    s.witnessPoints(pA, pB);
    return;
  }
  Vec2<float> candA[4] = {a1, a2, nearestOnSegment(b1, a1, a2), nearestOnSegment(b2, a1, a2)};
  Vec2<float> candB[4] = {nearestOnSegment(a1, b1, b2), nearestOnSegment(a2, b1, b2), b1, b2};
  int best = 0;
  float bestDistance = lengthSquared(candB[0] - candA[0]);
  for (int i = 1; i < 4; ++i) {
    float d = lengthSquared(candB[i] - candA[i]);
    if (d < bestDistance) {
      best = i;
      bestDistance = d;
    }
  }
  *pA = candA[best];
  *pB = candB[best];
}

// The edge of a triangle whose closest point to the origin is nearest, with its segment weights (ties to the
// first of (1 2), (1 3), (2 3)). The distances are compared on the triangle divided by a power of two at least
// its largest coordinate: no overflow at any size.
inline Simplex<float> nearestEdge(const Simplex<float>& triangle) {
  static constexpr int EDGES[3][2] = {{0, 1}, {0, 2}, {1, 2}};
  float size = maxf(maxAbs(triangle.v[0].w), maxf(maxAbs(triangle.v[1].w), maxAbs(triangle.v[2].w)));
  int m = 0;
  std::frexp(size, &m);
  Simplex<float> best;
  float bestDistance = 0;
  for (int e = 0; e < 3; ++e) {
    SimplexVertex<float> a = triangle.v[EDGES[e][0]];
    SimplexVertex<float> b = triangle.v[EDGES[e][1]];
    Vec2<float> wa = {std::ldexp(a.w.x, -m), std::ldexp(a.w.y, -m)};
    Vec2<float> wb = {std::ldexp(b.w.x, -m), std::ldexp(b.w.y, -m)};
    segmentWeights(wa, wb, &a.a, &b.a);
    float d = lengthSquared(a.a * wa + b.a * wb);
    if (e == 0 || d < bestDistance) {
      best.v[0] = a;
      best.v[1] = b;
      best.count = 2;
      bestDistance = d;
    }
  }
  return best;
}

// ---- the loop ----------------------------------------------------------------------------------------

// The cache as Box2D 2.4.1 reads it, with the metric test relative to the simplex's coordinates when
// relative tolerances are on (a length below 2^-23 of them, an area below 2^-23 of their square).
template <class Ing>
inline Simplex<float> readRobustCache(const SimplexCache<float>& cache, const DistanceInput<float>& input) {
  if constexpr (!Ing::RELATIVE_TOLERANCES) {
    return readCache(cache, input);
  } else {
    Simplex<float> simplex;
    simplex.count = cache.count < 3 ? cache.count : 3;
    for (int i = 0; i < simplex.count; ++i) {
      if (cache.indexA[i] >= input.proxyA.count || cache.indexB[i] >= input.proxyB.count) {
        simplex.count = 0;
        break;
      }
      simplex.v[i] = makeSupportVertex(input, cache.indexA[i], cache.indexB[i]);
    }
    if (simplex.count > 1) {
      float size = 0;
      for (int i = 0; i < simplex.count; ++i) {
        size = maxf(size, maxAbs(simplex.v[i].w));
      }
      float floor = EPSILON<float> * size;
      if (simplex.count == 3) {
        floor *= size;
      }
      float metric1 = cache.metric;
      float metric2 = simplex.metric();
      if (metric2 < 0.5f * metric1 || 2.0f * metric1 < metric2 || metric2 < floor || !std::isfinite(metric2)) {
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
}

// The GJK distance in the units of the input (no rescaling here).
template <class Ing>
void coreDistance(const DistanceInput<float>& input, SimplexCache<float>* cache, DistanceOutput<float>* output,
                  Trace<float>* trace) {
  Simplex<float> simplex = readRobustCache<Ing>(*cache, input);
  int saveA[3];
  int saveB[3];
  int iteration = 0;
  Termination termination = Termination::IterationCap;
  bool overlap = false;  // the core distance is 0: the origin is in the simplex
  while (iteration < MAX_ITERATIONS) {
    int saveCount = simplex.count;
    for (int i = 0; i < saveCount; ++i) {
      saveA[i] = simplex.v[i].indexA;
      saveB[i] = simplex.v[i].indexB;
    }
    if (simplex.count == 2) {
      solve2<Ing>(&simplex);
    } else if (simplex.count == 3) {
      solve3<Ing>(&simplex);
    }
    TraceStep<float>* step = beginTraceStep(trace, simplex);
    if (simplex.count == 3) {
      termination = Termination::Containment;
      overlap = true;
      break;
    }

    Vec2<float> d;
    Vec2<float> w1 = simplex.v[0].w;
    if (simplex.count == 1) {
      if (w1.x == 0 && w1.y == 0) {  // the vertex is the origin
        termination = Termination::ClosestPointAtOrigin;
        overlap = true;
        break;
      }
      d = -w1;
    } else {
      Vec2<float> w2 = simplex.v[1].w;
      int side = crossProductSign<Ing>(w1, w2);
      Vec2<float> e12 = w2 - w1;
      if constexpr (Ing::EXACT_SIGNS) {
        if (side == 0) {  // the origin is on the edge (its region says within it): exact touching
          termination = Termination::ClosestPointAtOrigin;
          overlap = true;
          break;
        }
      }
      d = side > 0 ? cross(1.0f, e12) : cross(e12, 1.0f);
    }
    if (step != nullptr) {
      step->direction = d;
    }
    if constexpr (!Ing::EXACT_SIGNS) {
      // The rounded signs may point d anywhere near a degenerate simplex: Box2D's tiny-direction stop, absolute
      // or relative to the simplex's coordinates.
      float floor = EPSILON<float>;
      if constexpr (Ing::RELATIVE_TOLERANCES) {
        floor *= maxf(maxAbs(w1), simplex.count == 2 ? maxAbs(simplex.v[1].w) : 0.0f);
      }
      if (dot(d, d) < floor * floor) {
        termination = Termination::TinyDirection;
        break;
      }
    }

    SimplexVertex<float> vertex = supportVertex(input, d);
    ++iteration;
    if (step != nullptr) {
      step->hasSupport = true;
      step->support = vertex;
    }
    if (isSavedSupportPair(vertex, saveA, saveB, saveCount)) {
      termination = Termination::DuplicateSupport;
      break;
    }
    if constexpr (Ing::RELATIVE_TOLERANCES) {
      // No progress: the new vertex is no farther along d than the simplex by more than 2^-22 of the
      // coordinates (the rounding of the support query and of this test is below that).
      float gain = dot(vertex.w, d) - dot(w1, d);
      float tolerance = 0x1p-22f * maxf(maxAbs(vertex.w), maxAbs(w1)) * (absf(d.x) + absf(d.y));
      if (gain <= tolerance) {
        termination = Termination::ProjectionProgress;
        break;
      }
    }
    simplex.v[simplex.count++] = vertex;
  }

  output->iterations = iteration;
  output->simplexCount = simplex.count;
  output->termination = termination;
  writeCache(simplex, cache);

  if (overlap) {
    // On-shapes: each point on its own shape, the weighted support points (a vertex of each, or the points of
    // each shape behind the exact zero); distance 0.
    Vec2<float> pA;
    Vec2<float> pB;
    if (simplex.count == 3 && Ing::SAFE_TRIANGLE) {
      // The triangle's edge nearest to the origin gives the points: well conditioned where the interior
      // weights of a sliver are not, and |pB - pA| is the origin's distance to that edge, a few u when the
      // containment came from rounding and the shapes are in fact a hair apart.
      Simplex<float> edge = nearestEdge(simplex);
      if constexpr (Ing::FINAL_STEP) {
        closestFeaturePair<Ing>(edge, &pA, &pB);
      } else {
        edge.witnessPoints(&pA, &pB);
      }
    } else if (simplex.count == 3) {
      pA = simplex.v[0].a * simplex.v[0].wA + simplex.v[1].a * simplex.v[1].wA + simplex.v[2].a * simplex.v[2].wA;
      pB = simplex.v[0].a * simplex.v[0].wB + simplex.v[1].a * simplex.v[1].wB + simplex.v[2].a * simplex.v[2].wB;
    } else {
      simplex.witnessPoints(&pA, &pB);
    }
    output->pointA = pA;
    output->pointB = pB;
    output->distance = 0;
    return;
  }

  if constexpr (Ing::FINAL_STEP) {
    closestFeaturePair<Ing>(simplex, &output->pointA, &output->pointB);
  } else {
    simplex.witnessPoints(&output->pointA, &output->pointB);
  }
  output->distance = distance(output->pointA, output->pointB);
  if (!input.useRadii) {
    return;
  }
  float rA = input.proxyA.radius;
  float rB = input.proxyB.radius;
  bool separated = output->distance > rA + rB;
  if constexpr (!Ing::RELATIVE_TOLERANCES) {
    separated = separated && output->distance > EPSILON<float>;
  }
  if (!separated) {
    // Touching or overlapping through the radii: distance 0, each core point stays on its own shape.
    output->distance = 0;
    return;
  }
  Vec2<float> n = output->pointB - output->pointA;
  float invLength = 1.0f / output->distance;
  n = {n.x * invLength, n.y * invLength};
  output->distance = output->distance - (rA + rB);
  output->pointA = output->pointA + rA * n;
  output->pointB = output->pointB - rB * n;
}

// ---- rescaling ---------------------------------------------------------------------------------------

// 2^e as a float for e in [-126, 127] (a normal float, built from its bits).
inline float powerOfTwo(int e) {
  std::uint32_t bits = static_cast<std::uint32_t>(e + 127) << 23;
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

// x 2^e, exactly when the result is a normal float: multiplications by normal powers of two.
inline float scaleBy(float x, int e) {
  while (e > 127) {
    x *= powerOfTwo(127);
    e -= 127;
  }
  while (e < -126) {
    x *= powerOfTwo(-126);
    e += 126;
  }
  return x * powerOfTwo(e);
}

// The exponent k with S / 2^k in [0.5, 1), S = max over the vertices of max(|c x| + |s y| + |p.x|,
// |s x| + |c y| + |p.y|) plus the radii, in double (finite for every float input); 0 when S is 0.
inline int sizeExponent(const DistanceInput<float>& input) {
  double size = 0;
  auto grow = [&size](const Proxy<float>& proxy, const Transform<float>& xf) {
    const double c = std::fabs(double(xf.q.c));
    const double s = std::fabs(double(xf.q.s));
    const double px = std::fabs(double(xf.p.x));
    const double py = std::fabs(double(xf.p.y));
    for (int i = 0; i < proxy.count; ++i) {
      const double x = std::fabs(double(proxy.vertices[i].x));
      const double y = std::fabs(double(proxy.vertices[i].y));
      const double sx = c * x + s * y + px;
      const double sy = s * x + c * y + py;
      size = size > sx ? size : sx;
      size = size > sy ? size : sy;
    }
  };
  grow(input.proxyA, input.transformA);
  grow(input.proxyB, input.transformB);
  size += double(input.proxyA.radius) + double(input.proxyB.radius);
  if (!(size > 0) || !std::isfinite(size)) {
    return 0;
  }
  int exponent = 0;
  std::frexp(size, &exponent);
  return exponent;
}

inline Vec2<float> scaleBy(Vec2<float> v, int e) { return {scaleBy(v.x, e), scaleBy(v.y, e)}; }

// Solves in units of 2^k and returns k (the answer stays in those units; verdict/query.h scales it back in
// double). The cache's metric is kept in world units, as for `+scaled`.
template <class Ing>
int distanceInUnits(const DistanceInput<float>& input, SimplexCache<float>* cache, DistanceOutput<float>* output,
                    Trace<float>* trace) {
  const int k = sizeExponent(input);
  DistanceInput<float> scaled = input;
  for (int i = 0; i < input.proxyA.count; ++i) {
    scaled.proxyA.vertices[i] = scaleBy(input.proxyA.vertices[i], -k);
  }
  for (int i = 0; i < input.proxyB.count; ++i) {
    scaled.proxyB.vertices[i] = scaleBy(input.proxyB.vertices[i], -k);
  }
  scaled.proxyA.radius = scaleBy(input.proxyA.radius, -k);
  scaled.proxyB.radius = scaleBy(input.proxyB.radius, -k);
  scaled.transformA.p = scaleBy(input.transformA.p, -k);
  scaled.transformB.p = scaleBy(input.transformB.p, -k);
  SimplexCache<float> scaledCache = *cache;
  scaledCache.metric = scaleBy(cache->metric, scaledCache.count == 3 ? -2 * k : -k);
  coreDistance<Ing>(scaled, &scaledCache, output, trace);
  *cache = scaledCache;
  cache->metric = scaleBy(scaledCache.metric, scaledCache.count == 3 ? 2 * k : k);
  return k;
}

}  // namespace robust

// `robust` and its ablations `robust-no-<ingredient>`: float in, float out. With rescaling the harness calls
// distanceInUnits (the answer of shapes near 3e38 need not be a float); distance() scales back in float.
template <class Ing>
struct RobustStrategyOf {
  template <class T>
  static void distance(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
                       Trace<T>* trace) {
    static_assert(std::is_same_v<T, float>, "robust is a float strategy");
    const int k = distanceInUnits(input, cache, output, trace);
    output->distance = robust::scaleBy(output->distance, k);
    output->pointA = robust::scaleBy(output->pointA, k);
    output->pointB = robust::scaleBy(output->pointB, k);
  }

  template <class T>
  static int distanceInUnits(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
                             Trace<T>* trace) {
    static_assert(std::is_same_v<T, float>, "robust is a float strategy");
    if constexpr (Ing::RESCALE) {
      return robust::distanceInUnits<Ing>(input, cache, output, trace);
    } else {
      robust::coreDistance<Ing>(input, cache, output, trace);
      return 0;
    }
  }
};

using RobustStrategy = RobustStrategyOf<robust::All>;

}  // namespace gjk
