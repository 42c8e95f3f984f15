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

#if defined(__GNUC__)
#define GJK_ROBUST_INLINE [[gnu::always_inline]] inline
#else
#define GJK_ROBUST_INLINE inline
#endif

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

inline float absf(float x) { return std::fabs(x); }  // a bit clear, no branch
inline float maxf(float a, float b) { return a > b ? a : b; }
inline float maxAbs(Vec2<float> v) { return maxf(absf(v.x), absf(v.y)); }

// floor(log2 |x|) for a normal float, from its exponent bits; -127 for 0 and subnormals, 128 for inf/NaN.
inline int floorLog2(float x) {
  std::uint32_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return static_cast<int>((bits >> 23) & 0xffu) - 127;
}

// 2^e as a float for e in [-126, 127] (a normal float, built from its bits).
inline float powerOfTwo(int e) {
  std::uint32_t bits = static_cast<std::uint32_t>(e + 127) << 23;
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

// Multiplication by 2^e as two normal factors (e in [-252, 254]): exact where the product is a normal float.
struct PowerOfTwoScale {
  float f1 = 1;
  float f2 = 1;
  explicit PowerOfTwoScale(int e) {
    if (e > 127) {
      f1 = powerOfTwo(127);
      f2 = powerOfTwo(e - 127 > 127 ? 127 : e - 127);
    } else if (e < -126) {
      f1 = powerOfTwo(-126);
      f2 = powerOfTwo(e + 126 < -126 ? -126 : e + 126);
    } else {
      f1 = powerOfTwo(e);
    }
  }
  float operator()(float x) const { return x * f1 * f2; }
  Vec2<float> operator()(Vec2<float> v) const { return {v.x * f1 * f2, v.y * f1 * f2}; }
};

// Divides the points by a power of two 2^m > their largest coordinate (m from the exponent bits): the
// scaled coordinates are below 1, so squares and products of two are below 2 at every size.
inline float inverseSizeFactor(float largestCoordinate) {
  int m = floorLog2(largestCoordinate) + 1;
  m = m > 126 ? 126 : (m < -126 ? -126 : m);
  return powerOfTwo(-m);
}

// ---- signs -------------------------------------------------------------------------------------------
// Each returns -1, 0 or +1. Exact: the sign of the polynomial in the stored floats. Float (ablation): the
// sign of Box2D 2.4.1's rounded expression for it.

// a.a - a.b, Box2D's d12_2 = -dot(w1, w2 - w1) for a = w1, b = w2 (and d12_1 for a = w2, b = w1).
template <class Ing>
GJK_ROBUST_INLINE int edgeCoordinateSign(Vec2<float> a, Vec2<float> b) {
  if constexpr (Ing::EXACT_SIGNS) {
    return exact::selfDotDifferenceSign(a.x, a.y, b.x, b.y);
  } else {
    float v = -dot(a, b - a);  // Box2D's d12_2 = -dot(w1, e12), e12 = w2 - w1 rounded first
    return (v > 0) - (v < 0);
  }
}

// cross(a, b): positive when the origin is to the left of the directed line a -> b (cross(b - a, -a)).
template <class Ing>
GJK_ROBUST_INLINE int crossProductSign(Vec2<float> a, Vec2<float> b) {
  if constexpr (Ing::EXACT_SIGNS) {
    return exact::crossSign(a.x, a.y, b.x, b.y);
  } else {
    float v = cross(b - a, -a);  // perp's rounded test
    return (v > 0) - (v < 0);
  }
}

// cross(b - a, c - a): the triangle's orientation.
template <class Ing>
GJK_ROBUST_INLINE int triangleSign(Vec2<float> a, Vec2<float> b, Vec2<float> c) {
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
  const float f = inverseSizeFactor(maxf(maxAbs(a), maxAbs(b)));  // coordinates below 1: no under/overflow
  a = f * a;
  b = f * b;
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
  // Two divisions, not a reciprocal: 1/sum overflows for a subnormal sum, and 0 * inf is NaN.
  *wa = da / sum;
  *wb = db / sum;
}

// Keeps vertices i < j as a segment. Its weights are computed when they are read (setWeights): the loop
// needs only the vertices.
GJK_ROBUST_INLINE void keepEdge(Simplex<float>* s, int i, int j) {
  if (i != 0) {
    s->v[0] = s->v[i];
  }
  if (j != 1) {
    s->v[1] = s->v[j];
  }
  s->count = 2;
}

// The weights of a kept segment (a vertex's is 1, a containment triangle's are set by its solve).
inline void setWeights(Simplex<float>* s) {
  if (s->count == 2) {
    segmentWeights(s->v[0].w, s->v[1].w, &s->v[0].a, &s->v[1].a);
  }
}

GJK_ROBUST_INLINE void keepVertex(Simplex<float>* s, int i) {
  s->v[0] = s->v[i];
  s->v[0].a = 1;
  s->count = 1;
}

// Regions of a segment: vertex 1, vertex 2, or the edge.
template <class Ing>
GJK_ROBUST_INLINE void solve2(Simplex<float>* s) {
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
    const float f = inverseSizeFactor(size);
    w1 = f * w1;
    w2 = f * w2;
    w3 = f * w3;
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
  s->v[0].a = c1 / sum;  // divisions: 1/sum overflows for a subnormal sum
  s->v[1].a = c2 / sum;
  s->v[2].a = c3 / sum;
  s->count = 3;
}

// Regions of a triangle in Box2D 2.4.1's order (w1, e12, e13, w2, w3, e23, interior). With exact signs the
// seven regions partition the plane for every triangle, degenerate ones included (docs/strategies.md), so
// the interior is reached only when all three of cross(w2, w3), cross(w3, w1), cross(w1, w2) have the sign
// of the area, which is then not zero.
template <class Ing>
GJK_ROBUST_INLINE void solve3(Simplex<float>* s) {
  Vec2<float> w1 = s->v[0].w;
  Vec2<float> w2 = s->v[1].w;
  Vec2<float> w3 = s->v[2].w;

  // Each sign is computed when a test first needs it (the tests and their order are Box2D's).
  int area = 2;  // 2: not computed yet
  auto n123 = [&]() {
    if (area == 2) {
      area = triangleSign<Ing>(w1, w2, w3);
    }
    return area;
  };
  const int d12_2 = edgeCoordinateSign<Ing>(w1, w2);
  const int d13_2 = edgeCoordinateSign<Ing>(w1, w3);
  if (d12_2 <= 0 && d13_2 <= 0) {
    keepVertex(s, 0);
    return;
  }
  const int d12_1 = edgeCoordinateSign<Ing>(w2, w1);
  if (d12_1 > 0 && d12_2 > 0 && n123() * crossProductSign<Ing>(w1, w2) <= 0) {  // d123_3 <= 0
    keepEdge(s, 0, 1);
    return;
  }
  const int d13_1 = edgeCoordinateSign<Ing>(w3, w1);
  if (d13_1 > 0 && d13_2 > 0 && n123() * crossProductSign<Ing>(w3, w1) <= 0) {  // d123_2 <= 0
    keepEdge(s, 0, 2);
    return;
  }
  const int d23_2 = edgeCoordinateSign<Ing>(w2, w3);
  if (d12_1 <= 0 && d23_2 <= 0) {
    keepVertex(s, 1);
    return;
  }
  const int d23_1 = edgeCoordinateSign<Ing>(w3, w2);
  if (d13_1 <= 0 && d23_1 <= 0) {
    keepVertex(s, 2);
    return;
  }
  if (d23_1 > 0 && d23_2 > 0 && n123() * crossProductSign<Ing>(w2, w3) <= 0) {  // d123_1 <= 0
    keepEdge(s, 1, 2);
    return;
  }
  if (n123() == 0) {  // float signs only: no region fits a flat triangle; keep edge 12
    keepEdge(s, 0, 1);
    return;
  }
  s->count = 3;  // containment; its weights are computed when read (containmentWeights)
}

// The interior weights of a containment triangle, when something reads them: a trace, or the barycentric
// witness points of the ablation without safe-triangle (robust's own answer comes from the nearest edge).
template <class Ing>
inline void containmentWeights(Simplex<float>* s, bool tracing) {
  if (s->count == 3 && (tracing || !Ing::SAFE_TRIANGLE)) {
    interiorWeights<Ing>(s);
  }
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
    Simplex<float> weighted = s;
    setWeights(&weighted);
    weighted.witnessPoints(pA, pB);
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
  const float f = inverseSizeFactor(size);
  Simplex<float> best;
  float bestDistance = 0;
  for (int e = 0; e < 3; ++e) {
    SimplexVertex<float> a = triangle.v[EDGES[e][0]];
    SimplexVertex<float> b = triangle.v[EDGES[e][1]];
    Vec2<float> wa = f * a.w;
    Vec2<float> wb = f * b.w;
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

// Both shapes as the loop sees them: every vertex placed in the world once, in units of 2^k, and the radii.
// The coordinates are kept as separate x and y arrays (no per-point constructor to run, and the support scan
// reads two streams).
struct PlacedPoints {
  float x[MAX_POLYGON_VERTICES];
  float y[MAX_POLYGON_VERTICES];
  int count;
  Vec2<float> operator[](int i) const { return {x[i], y[i]}; }
};

struct WorldShapes {
  PlacedPoints a;
  PlacedPoints b;
  float radiusA;
  float radiusB;
};

// Index of the point furthest along d; the first on ties (strict >), as Box2D's GetSupport. The even and the
// odd points are scanned as two independent chains, each keeping its first maximum, and merged with the
// lower index winning a tie: the index one scan in order gives (a NaN value never wins, and point 0 wins
// when its own value is NaN), without one long chain of dependent compares.
GJK_ROBUST_INLINE int supportIndex(const PlacedPoints& points, Vec2<float> d) {
  const int count = points.count;
  auto value = [&](int i) { return points.x[i] * d.x + points.y[i] * d.y; };  // dot(point, d), as rounded
  int bestEven = 0;
  float valueEven = value(0);
  int bestOdd = -1;  // no odd point taken yet
  float valueOdd = -INFINITY;
  int i = 1;
  for (; i + 1 < count; i += 2) {
    const float odd = value(i);
    const float even = value(i + 1);
    if (odd > valueOdd) {
      bestOdd = i;
      valueOdd = odd;
    }
    if (even > valueEven) {
      bestEven = i + 1;
      valueEven = even;
    }
  }
  if (i < count) {  // an even count leaves its last point, an odd one
    const float odd = value(i);
    if (odd > valueOdd) {
      bestOdd = i;
      valueOdd = odd;
    }
  }
  if (bestOdd < 0 || !(valueOdd >= valueEven)) {  // no odd point, or the even chain is ahead (or point 0 NaN)
    return bestEven;
  }
  if (valueOdd > valueEven) {
    return bestOdd;
  }
  return bestEven < bestOdd ? bestEven : bestOdd;  // equal values: the lower index
}

GJK_ROBUST_INLINE SimplexVertex<float> worldVertex(const WorldShapes& shapes, int indexA, int indexB) {
  SimplexVertex<float> v;
  v.indexA = indexA;
  v.indexB = indexB;
  v.wA = shapes.a[indexA];
  v.wB = shapes.b[indexB];
  v.w = v.wB - v.wA;
  return v;
}

// The support vertex of B - A along d: A's point furthest along -d, B's along d, chosen among the world
// points the simplex uses (the choice and the simplex see the same rounded points).
GJK_ROBUST_INLINE SimplexVertex<float> worldSupport(const WorldShapes& shapes, Vec2<float> d) {
  return worldVertex(shapes, supportIndex(shapes.a, -d), supportIndex(shapes.b, d));
}

// The cache as Box2D 2.4.1 reads it (flush when the metric changed by more than a factor of two or is tiny),
// tiny meaning below FLT_EPSILON (absolute, ablation) or below 2^-23 of the simplex's largest coordinate (its
// square for an area).
template <class Ing>
inline Simplex<float> readRobustCache(const SimplexCache<float>& cache, const WorldShapes& shapes) {
  Simplex<float> simplex;
  simplex.count = cache.count < 3 ? cache.count : 3;
  for (int i = 0; i < simplex.count; ++i) {
    if (cache.indexA[i] >= shapes.a.count || cache.indexB[i] >= shapes.b.count) {
      simplex.count = 0;
      break;
    }
    simplex.v[i] = worldVertex(shapes, cache.indexA[i], cache.indexB[i]);
  }
  if (simplex.count > 1) {
    float floor = EPSILON<float>;
    if constexpr (Ing::RELATIVE_TOLERANCES) {
      float size = 0;
      for (int i = 0; i < simplex.count; ++i) {
        size = maxf(size, maxAbs(simplex.v[i].w));
      }
      floor *= simplex.count == 3 ? size * size : size;
    }
    float metric1 = cache.metric;
    float metric2 = simplex.metric();
    if (metric2 < 0.5f * metric1 || 2.0f * metric1 < metric2 || metric2 < floor || !std::isfinite(metric2)) {
      simplex.count = 0;
    }
  }
  if (simplex.count == 0) {
    simplex.v[0] = worldVertex(shapes, 0, 0);
    simplex.v[0].a = 1;
    simplex.count = 1;
  }
  return simplex;
}

// The GJK distance on the placed shapes, in their units.
template <class Ing>
void coreDistance(const WorldShapes& shapes, bool useRadii, SimplexCache<float>* cache,
                  DistanceOutput<float>* output, Trace<float>* trace) {
  Simplex<float> simplex = readRobustCache<Ing>(*cache, shapes);
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
    containmentWeights<Ing>(&simplex, trace != nullptr);
    if (trace != nullptr) {
      setWeights(&simplex);
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

    SimplexVertex<float> vertex = worldSupport(shapes, d);
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

  // A kept segment's weights are read by the barycentric witness points only: an overlap on an edge, the
  // ablation without the final step, a crossing pair of edges (closestFeaturePair), and a trace.
  if (overlap || !Ing::FINAL_STEP || trace != nullptr) {
    setWeights(&simplex);
  }
  output->iterations = iteration;
  output->simplexCount = simplex.count;
  output->termination = termination;
  output->decidedBy = PostRule::None;
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
      nearestEdge(simplex).witnessPoints(&pA, &pB);
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
  if (!useRadii) {
    if constexpr (Ing::FINAL_STEP) {
      tracePostLoop(trace, PostRule::ClosestFeaturePair, false, output->distance, 0.0f, output->distance);
    }
    return;
  }
  float rA = shapes.radiusA;
  float rB = shapes.radiusB;
  bool separated = output->distance > rA + rB;
  if constexpr (!Ing::RELATIVE_TOLERANCES) {
    separated = separated && output->distance > EPSILON<float>;
  }
  // Each point moves out along the unit normal by its radius, also when the radii make the shapes touch or
  // overlap (distance 0 then): a core point moved by at most its radius stays on its rounded shape, and the
  // two points stay |d - rA - rB| apart, which is what the verdict asks of shapes a hair apart.
  // The normal is normalized on the difference divided by a power of two above it: a difference of a few
  // subnormal units would square to nothing and leave |n| far from 1.
  const float coreDistance = output->distance;
  Vec2<float> n = output->pointB - output->pointA;
  if ((rA != 0 || rB != 0) && (n.x != 0 || n.y != 0)) {  // without radii the points stay where they are
    n = inverseSizeFactor(maxAbs(n)) * n;
    const float len = length(n);
    n = {n.x / len, n.y / len};
    output->pointA = output->pointA + rA * n;
    output->pointB = output->pointB - rB * n;
  }
  output->distance = separated ? coreDistance - (rA + rB) : 0.0f;
  if (!separated && coreDistance > rA + rB) {  // the ablation's absolute epsilon, not the radii, made it 0
    output->decidedBy = PostRule::EpsilonMerge;
  }
  if (trace != nullptr) {
    // The last entry is the radius step; the closest feature pair (FINAL_STEP) gave the core distance it read.
    const PostRule rule = separated                    ? PostRule::RadiiApplied
                          : coreDistance > rA + rB     ? PostRule::EpsilonMerge
                                                       : PostRule::RadiiOverlap;
    tracePostLoop(trace, rule, rule == PostRule::EpsilonMerge, coreDistance,
                  rule == PostRule::EpsilonMerge ? EPSILON<float> : rA + rB, output->distance);
  }
}

// ---- rescaling ---------------------------------------------------------------------------------------

// k with S / 2^k in [2^-6, 1) for S = max over the vertices of max(|c x| + |s y| + |p.x|, |s x| + |c y| +
// |p.y|) plus rA + rB, from exponent bits alone (docs/strategies.md proves the interval): with e(.) = floor
// log2, R = max(|c|, |s|), M the largest vertex coordinate and P the largest position coordinate of a shape,
// R M <= S < 2^(e(R) + e(M) + 3) + 2^(e(P) + 1) + rA + rB. No float arithmetic, so nothing overflows.
inline int sizeExponent(const DistanceInput<float>& input) {
  auto shapeExponent = [](const Proxy<float>& proxy, const Transform<float>& xf) {
    float m = 0;
    for (int i = 0; i < proxy.count; ++i) {
      m = maxf(m, maxf(absf(proxy.vertices[i].x), absf(proxy.vertices[i].y)));
    }
    int e = floorLog2(maxf(absf(xf.q.c), absf(xf.q.s))) + floorLog2(m) + 4;
    int ep = floorLog2(maxf(absf(xf.p.x), absf(xf.p.y))) + 2;
    return e > ep ? e : ep;
  };
  int k = shapeExponent(input.proxyA, input.transformA);
  int kB = shapeExponent(input.proxyB, input.transformB);
  k = k > kB ? k : kB;
  int rA = floorLog2(input.proxyA.radius) + 1;
  int rB = floorLog2(input.proxyB.radius) + 1;
  k = k > rA ? k : rA;
  k = k > rB ? k : rB;
  return k + 2;
}

// Whether placed shapes lie in the window where no scaling is needed (placeShapes), one shape at a time: a
// caller that places a shape once and moves the other (robust-cast) scans the fixed one once.
struct Window {
  // The window, on the bits of |coordinate| (sign bit cleared): for floats that are not NaN the order of
  // these integers is the order of the magnitudes, and a NaN's bits lie above infinity's. Every magnitude is
  // below 2^31, so HIGH - bits is negative exactly when bits > HIGH and bits - LOW exactly when bits < LOW:
  // OR-ing the first and AND-ing the second over every coordinate answers "all finite and at most 2^20"
  // (over >= 0) and "the largest at least 2^-26" (under >= 0), with no branch and four lanes at a time.
  static constexpr std::int32_t HIGH_BITS = 0x49800000;  // 2^20
  static constexpr std::int32_t LOW_BITS = 0x32800000;   // 2^-26
  std::int32_t over = 0;
  std::int32_t under = -1;

  void scan(const float* values, int count) {
    int i = 0;
#if defined(__GNUC__)
    typedef std::int32_t Lanes __attribute__((vector_size(16)));
    Lanes overLanes = {0, 0, 0, 0};
    Lanes underLanes = {-1, -1, -1, -1};
    for (; i + 4 <= count; i += 4) {
      Lanes bits;
      std::memcpy(&bits, &values[i], sizeof bits);
      bits &= 0x7fffffff;
      overLanes |= HIGH_BITS - bits;
      underLanes &= bits - LOW_BITS;
    }
    over |= overLanes[0] | overLanes[1] | overLanes[2] | overLanes[3];
    under &= underLanes[0] & underLanes[1] & underLanes[2] & underLanes[3];
#endif
    for (; i < count; ++i) {
      std::int32_t bits;
      std::memcpy(&bits, &values[i], sizeof bits);
      bits &= 0x7fffffff;
      over |= HIGH_BITS - bits;
      under &= bits - LOW_BITS;
    }
  }
  void add(const PlacedPoints& points) {
    scan(points.x, points.count);
    scan(points.y, points.count);
  }
  bool inside(const WorldShapes& shapes) const {
    constexpr float HIGH = 0x1p20f;
    return over >= 0 && under >= 0 && shapes.radiusA <= HIGH && shapes.radiusB <= HIGH;
  }
};

// Places both shapes in the world in units of 2^k: each local vertex times 2^-k (exact but where it falls
// below FLT_MIN), then Box2D's transform ((c x - s y) + p.x, (s x + c y) + p.y) with p times 2^-k: the same
// roundings as placing the unscaled vertex and dividing by 2^k, without overflow. Returns whether the placed
// problem is in the window where no scaling is needed: every coordinate and radius finite and at most 2^20,
// and the largest coordinate at least 2^-26 (docs/strategies.md: then S >= 2^-26, so u^2 >= 2^-100 is a
// normal float, and no square or product of two coordinates exceeds 2^41).
inline bool placeShapes(const DistanceInput<float>& input, int k, WorldShapes* shapes) {
  const PowerOfTwoScale down(-k);
  auto place = [&](const Proxy<float>& proxy, const Transform<float>& xf, PlacedPoints* out, auto scaled) {
    Transform<float> t = xf;
    if constexpr (scaled) {
      t.p = down(xf.p);
    }
    out->count = proxy.count;
    for (int i = 0; i < proxy.count; ++i) {
      Vec2<float> v = proxy.vertices[i];
      if constexpr (scaled) {
        v = down(v);
      }
      const Vec2<float> w = transformPoint(t, v);
      out->x[i] = w.x;
      out->y[i] = w.y;
    }
  };
  if (k != 0) {
    place(input.proxyA, input.transformA, &shapes->a, std::true_type{});
    place(input.proxyB, input.transformB, &shapes->b, std::true_type{});
  } else {
    place(input.proxyA, input.transformA, &shapes->a, std::false_type{});
    place(input.proxyB, input.transformB, &shapes->b, std::false_type{});
  }
  shapes->radiusA = k != 0 ? down(input.proxyA.radius) : input.proxyA.radius;
  shapes->radiusB = k != 0 ? down(input.proxyB.radius) : input.proxyB.radius;
  Window window;
  window.add(shapes->a);
  window.add(shapes->b);
  return window.inside(*shapes);
}

// Solves in units of 2^k (k = 0 without rescaling) and returns k: the answer stays in those units
// (verdict/query.h scales it back in double). The cache's metric is kept in world units, as for `+scaled`.
template <class Ing>
int distanceInUnits(const DistanceInput<float>& input, SimplexCache<float>* cache, DistanceOutput<float>* output,
                    Trace<float>* trace) {
  // Placed as given first; only a problem outside the window is placed again in units of 2^k.
  WorldShapes shapes;
  int k = 0;
  if (!placeShapes(input, 0, &shapes) && Ing::RESCALE) {
    k = sizeExponent(input);
    if (k != 0) {
      placeShapes(input, k, &shapes);
    }
  }
  if (k == 0) {
    coreDistance<Ing>(shapes, input.useRadii, cache, output, trace);
    return 0;
  }
  const int metricExponent = cache->count == 3 ? 2 * k : k;
  SimplexCache<float> scaledCache = *cache;
  scaledCache.metric = PowerOfTwoScale(-metricExponent)(cache->metric);
  coreDistance<Ing>(shapes, input.useRadii, &scaledCache, output, trace);
  *cache = scaledCache;
  cache->metric = PowerOfTwoScale(scaledCache.count == 3 ? 2 * k : k)(scaledCache.metric);
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
    if (k == 0) {  // solved as placed: nothing to scale back
      return;
    }
    const robust::PowerOfTwoScale up(k);
    output->distance = up(output->distance);
    output->pointA = up(output->pointA);
    output->pointB = up(output->pointB);
  }

  template <class T>
  static int distanceInUnits(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
                             Trace<T>* trace) {
    static_assert(std::is_same_v<T, float>, "robust is a float strategy");
    return robust::distanceInUnits<Ing>(input, cache, output, trace);
  }
};

using RobustStrategy = RobustStrategyOf<robust::All>;

}  // namespace gjk
