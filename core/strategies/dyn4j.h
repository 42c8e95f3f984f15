// Strategy `dyn4j`: the distance query of dyn4j (William Bittle), org.dyn4j.collision.narrowphase.Gjk
// .distance, version 4.1.0 (dyn4j/dyn4j src/main/java/org/dyn4j/collision/narrowphase/Gjk.java, commit
// 1cc8c0ba3a57e5780a62b8316202d9164bcf8703), with Segment.getPointOnSegmentClosestToPoint, Vector2,
// Interval.clamp, MinkowskiSum and Epsilon from the same tree. Its own loop, not the Box2D loop of
// gjk_loop.h: the simplex is always two points, and its tests differ.
//
//   d = cA - cB, the difference of the shapes' centres     |d| components both <= E -> overlap, no support
//   a = support along d, b = support along -d
//   p = the point of segment ab closest to the origin
//   repeat at most 30 times (DEFAULT_MAX_ITERATIONS):
//     d = -p;  |d|^2 <= E                                   -> overlap (TinyDirectionZero)
//     c = support along d
//     the triangle abc strictly contains the origin          -> overlap (Containment)
//     c.d - a.d < sqrt(E)                                    -> separated, witness from ab (NoProgress)
//     p1 = closest point of ac, p2 = closest point of cb
//     |p1|^2 <= E or |p2|^2 <= E                             -> "separated, nearly zero", from ac or cb
//                                                               (TinyDirection)
//     keep the nearer of ac, cb (replace the farther of a, b by c); p = its closest point
//   after 30: separated, witness from ab (IterationCap)
//
// distance() does not run dyn4j's detect() first: the only containment test is the strict
// containsOrigin(a, b, c) = (a x b)(b x c) > 0 and (a x b)(c x a) > 0 of the distance loop itself, so an
// origin exactly on an edge of abc is not containment (the |p1|^2, |p2|^2 <= E exits catch that case, as
// separated with the witness distance, 0 there).
//
// Frame and sign. dyn4j works on A - B (MinkowskiSum point = support1 - support2); the core works on
// B - A (w = wB - wA). Every dyn4j quantity here is the exact negation of ours: our d is -(dyn4j's
// c1.to(c2)), our Minkowski points are -(dyn4j's), and negation is exact in IEEE arithmetic. Every test
// of the loop (dot products of two negated vectors, cross products of two negated vectors, squared
// lengths, the clamp parameter t) therefore rounds to the same bits as dyn4j's would in the same scalar;
// the support queries are the same (first vertex on ties, dyn4j's Polygon.getFarthestPoint uses a
// strict > too). Support points come from the core's supportVertex (direction rotated into the local
// frame, core Proxy::support, transformPoint back), which follows the same formulas as dyn4j's
// Transform.getInverseTransformedR / getTransformed.
//
// Centre. dyn4j uses Convex.getCenter(), for a Polygon the area-weighted centroid, which needs an ordered
// convex polygon. A proxy here is any point set (unordered, duplicates, interior points), so the centre
// is the average of the proxy's local vertices (summed in order, divided by the count, in T), moved to
// the world frame with transformPoint, as dyn4j transforms its local centre. Both lie in the hull; only
// the first search direction depends on the choice.
//
// Tolerances (dyn4j/dyn4j src/main/java/org/dyn4j/Epsilon.java, commit 4fdc119a): Epsilon.E is not
// DBL_EPSILON but the result of the loop `e = 0.5; while (1 + e > 1) e *= 0.5`, which stops at the first
// e for which 1 + e rounds to 1: 2^-53 in double, half of DBL_EPSILON (the unit roundoff).
// DEFAULT_DISTANCE_EPSILON = sqrt(E) ("near 1E-8" in dyn4j 3.3's comment). Our query runs in float, so
// the constants are translated by running dyn4j's own definition in the scalar T: E<T> = the result of
// the same loop in T (2^-24 for float, 2^-53 for double) and DISTANCE_EPSILON<T> = sqrt(E<T>), correctly
// rounded (2^-12 exactly for float; 0x1.6a09e667f3bcdp-27 ~ 1.05e-8 for double, dyn4j's own value).
// Why translate rather than keep the double numbers: the tests compare float-rounded quantities, whose
// rounding noise at unit scale is ~2^-24; dyn4j's double thresholds (1.1e-16, 1.05e-8) sit below that
// noise and would rarely fire where dyn4j meant them to (on a converged segment the progress c.d - a.d
// is a float rounding residue ~2^-24 |c||d|, not below 1.05e-8), so the loop would run on toward its cap
// where dyn4j stops. Keeping "E = unit roundoff of the working precision, sqrt(E) = half its digits" keeps
// the tolerances in the place dyn4j put them relative to the arithmetic. (sqrt(FLT_EPSILON) = 2^-11.5 would
// be the same idea with DBL_EPSILON's convention; dyn4j's loop gives the unit roundoff, so 2^-12.)
//
// Units. dyn4j calls these "epsilon in meters", but each is compared with a squared length: E with
// |d|^2, with the squared length of a segment (ab2), and as a component bound in isZero(); sqrt(E) with
// (c - a).d where d = -p is NOT normalized, so it is |p| times the progress in length. In float this
// means: a closest point within sqrt(E) = 2^-12 ~ 2.4e-4 world units of the origin ends the query (as
// overlap, distance 0, if it is the first segment's; else as "separated, nearly zero"), a segment shorter
// than 2^-12 is taken as its first point, and the loop stops once the progress along
// the unit direction falls below 2^-12 / |p|, a length tolerance that grows as the distance shrinks.
// These are absolute tolerances, so `+scaled` changes the answers: that is dyn4j's behaviour, kept.
//
// Two consequences of the code as written, visible in float and kept (tests/core/dyn4j_test.cpp):
// the "|d|^2 <= E -> not separated" exit can only fire on the first segment, since every later p was
// already screened by the |p1|^2, |p2|^2 <= E exits that report separation; and there is no duplicate
// test, so when c = b is the closest vertex, p1 = (c - a) 1 + a may round a hair nearer than b, a is kept,
// b is "replaced" by itself and the same iteration repeats until the cap (the answer is still right).
//
// Witness points (findClosestPoints of 4.1.0): from the MinkowskiSumPoint supports of the final segment:
// l = b - a; a point when |l| components <= E; else l2 = -(l.a) / (l.l), a's supports if l2 < 0, b's if
// l2 > 1, else each point is a + l2 (b - a) of the support points; distance = |pB - pA| (Vector2.normalize:
// 0 when <= E). dyn4j 3.3 (commit 43a07283) reported -c.d/|d| instead; 4.1.0 is followed.
//
// Where the query returns "not separated" dyn4j gives no points; we report distance 0 with: the two
// centres (centres coincide); the findClosestPoints points of ab (|d|^2 <= E); the barycentric
// combination of a, b, c's supports with the weights (b x c, c x a, a x b) / sum, which the strict test
// has just computed (Containment) — our addition, so the points lie in A and B.
//
// Radii: dyn4j has no rounded polygons (its circles and capsules carry the radius inside their support
// function). With useRadii the core's applyRadii (Box2D 2.4.1's final step, gjk_loop.h) is applied to
// the core answer, as for every other strategy.
//
// Counting: `iterations` counts support calls (the unit of every strategy): 2 before the loop and one per
// loop iteration, so at most 2 + MAX_ITERATIONS = 32. `simplexCount` is the number of Minkowski points
// the witness came from (1 or 2; 3 on containment; 0 when the centres coincide). The cache is not read
// (dyn4j has no warm start); it is written with the final feature so a caller sees the support pairs.
// The trace: step 0 has the empty simplex, direction d and support a; step 1 the point a, direction -d
// and support b; then one step per loop iteration with the segment ab (its coordinates are those of p:
// 1 - t and t, rounded in T, for the trace only), the direction -p and the support c; on containment a
// last step holds the triangle with its barycentric weights.
//
// No heap allocation. Every operation is in T, one rounding per operator in the order written (the
// project builds with -ffp-contract=off); float stays float.
#pragma once

#include <cmath>
#include <cstdint>

#include "core/distance_types.h"
#include "core/gjk_loop.h"
#include "core/simplex.h"

namespace gjk {

// dyn4j's Epsilon.compute() run in T: halve e from 0.5 until 1 + e rounds to 1. Each step rounds in T,
// including at compile time (constant evaluation follows T's IEEE arithmetic).
template <class T>
constexpr T dyn4jComputeEpsilon() {
  T e = T(0.5);
  while (T(1) + e > T(1)) {
    e *= T(0.5);
  }
  return e;
}

// The two tolerances of Gjk.distance, translated to T (see the file comment). Both are compared with
// squared lengths (world units squared).
template <class T>
struct Dyn4jTolerances;

template <>
struct Dyn4jTolerances<float> {
  static constexpr float E = 0x1p-24f;                 // Epsilon.E in float: the unit roundoff 2^-24
  static constexpr float DISTANCE_EPSILON = 0x1p-12f;  // sqrt(2^-24) = 2^-12, exact
};

template <>
struct Dyn4jTolerances<double> {
  static constexpr double E = 0x1p-53;  // Epsilon.E in double, dyn4j's own value 1.1102230246251565e-16
  // sqrt(2^-53) = sqrt(2) 2^-27, correctly rounded (as Java's Math.sqrt): dyn4j's 1.0536712127723509e-8
  static constexpr double DISTANCE_EPSILON = 0x1.6a09e667f3bcdp-27;
};

static_assert(Dyn4jTolerances<float>::E == dyn4jComputeEpsilon<float>());
static_assert(Dyn4jTolerances<double>::E == dyn4jComputeEpsilon<double>());

namespace dyn4j {

// Vector2.isZero(): both components within E in absolute value (not an exact zero test).
template <class T>
inline bool isZero(Vec2<T> v) {
  return std::fabs(v.x) <= Dyn4jTolerances<T>::E && std::fabs(v.y) <= Dyn4jTolerances<T>::E;
}

// The centre used for the first direction: the average of the local vertices, then to the world frame.
template <class T>
inline Vec2<T> worldCentre(const Proxy<T>& proxy, const Transform<T>& xf) {
  Vec2<T> sum;
  for (int i = 0; i < proxy.count; ++i) {
    sum = sum + proxy.vertices[i];  // one rounding per coordinate per vertex, in vertex order
  }
  T n = T(proxy.count);
  return transformPoint(xf, Vec2<T>{sum.x / n, sum.y / n});
}

// Segment.getPointOnSegmentClosestToPoint(ORIGIN, p1, p2):
//   p1ToP = 0 - p1 (exact), line = p2 - p1, ab2 = line.line, ap_ab = p1ToP.line,
//   ab2 <= E: the segment is taken as the point p1; else t = clamp(ap_ab / ab2, 0, 1) (Interval.clamp:
//   a NaN t gives 0), p = line t + p1 (a product then a sum per coordinate).
// *t receives the clamp parameter (0 for the degenerate segment): p = (1 - t) p1 + t p2.
template <class T>
inline Vec2<T> closestPointOnSegment(Vec2<T> p1, Vec2<T> p2, T* t) {
  Vec2<T> p1ToP = Vec2<T>{} - p1;
  Vec2<T> line = p2 - p1;
  T ab2 = dot(line, line);
  T ap_ab = dot(p1ToP, line);
  if (ab2 <= Dyn4jTolerances<T>::E) {
    *t = T(0);
    return p1;
  }
  T s = ap_ab / ab2;
  if (s <= T(1) && s >= T(0)) {
    // inside [0, 1]: kept
  } else if (T(1) < s) {
    s = T(1);
  } else {
    s = T(0);
  }
  *t = s;
  return {line.x * s + p1.x, line.y * s + p1.y};
}

// Gjk.containsOrigin: strict, so an origin on an edge (or a degenerate triangle) is not contained.
// Returns the three cross products for the barycentric weights.
template <class T>
inline bool containsOrigin(Vec2<T> a, Vec2<T> b, Vec2<T> c, T* sa, T* sb, T* sc) {
  *sa = cross(a, b);
  *sb = cross(b, c);
  *sc = cross(c, a);
  return *sa * *sb > T(0) && *sa * *sc > T(0);
}

// The answer of a query before radii: witness points, distance and the feature they came from.
template <class T>
struct Witness {
  Vec2<T> pointA;
  Vec2<T> pointB;
  T distance = 0;
  Simplex<T> feature;  // the Minkowski points the witness came from, with their weights
};

// Gjk.findClosestPoints (4.1.0) on the segment a, b, and the distance |pB - pA| as Vector2.normalize
// returns it (0 when the length is <= E).
template <class T>
inline Witness<T> findClosestPoints(const SimplexVertex<T>& a, const SimplexVertex<T>& b) {
  constexpr T E = Dyn4jTolerances<T>::E;
  Witness<T> result;
  Vec2<T> l = b.w - a.w;
  if (isZero(l)) {
    result.pointA = a.wA;
    result.pointB = a.wB;
    result.feature.v[0] = a;
    result.feature.v[0].a = T(1);
    result.feature.count = 1;
  } else {
    T ll = dot(l, l);
    T l2 = -dot(l, a.w) / ll;
    if (l2 > T(1)) {
      result.pointA = b.wA;
      result.pointB = b.wB;
      result.feature.v[0] = b;
      result.feature.v[0].a = T(1);
      result.feature.count = 1;
    } else if (l2 < T(0)) {
      result.pointA = a.wA;
      result.pointB = a.wB;
      result.feature.v[0] = a;
      result.feature.v[0].a = T(1);
      result.feature.count = 1;
    } else {
      result.pointA = {a.wA.x + l2 * (b.wA.x - a.wA.x), a.wA.y + l2 * (b.wA.y - a.wA.y)};
      result.pointB = {a.wB.x + l2 * (b.wB.x - a.wB.x), a.wB.y + l2 * (b.wB.y - a.wB.y)};
      result.feature.v[0] = a;
      result.feature.v[1] = b;
      result.feature.v[0].a = T(1) - l2;  // for the trace and cache only
      result.feature.v[1].a = l2;
      result.feature.count = 2;
    }
  }
  Vec2<T> n = result.pointB - result.pointA;
  T magnitude = std::sqrt(n.x * n.x + n.y * n.y);
  result.distance = magnitude <= E ? T(0) : magnitude;
  return result;
}

// The segment a, b as a core Simplex for the trace and the cache; weights wa, wb.
template <class T>
inline Simplex<T> segment(const SimplexVertex<T>& a, T wa, const SimplexVertex<T>& b, T wb) {
  Simplex<T> s;
  s.v[0] = a;
  s.v[0].a = wa;
  s.v[1] = b;
  s.v[1].a = wb;
  s.count = 2;
  return s;
}

}  // namespace dyn4j

struct Dyn4jStrategy {
  static constexpr const char* NAME = "dyn4j";
  // Gjk.DEFAULT_MAX_ITERATIONS: loop iterations, each one support call (2 more come before the loop).
  static constexpr int MAX_ITERATIONS = 30;

  template <class T>
  static void distance(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
                       Trace<T>* trace) {
    constexpr T E = Dyn4jTolerances<T>::E;
    constexpr T DISTANCE_EPSILON = Dyn4jTolerances<T>::DISTANCE_EPSILON;

    Vec2<T> centreA = dyn4j::worldCentre(input.proxyA, input.transformA);
    Vec2<T> centreB = dyn4j::worldCentre(input.proxyB, input.transformB);
    Vec2<T> d = centreA - centreB;  // = -(dyn4j's c1.to(c2)), exactly
    if (dyn4j::isZero(d)) {
      // "a zero direction vector indicates that the center's are coincident which guarantees that the
      // convex shapes are overlapping": no support point is computed.
      output->pointA = centreA;
      output->pointB = centreB;
      output->distance = 0;
      output->iterations = 0;
      output->simplexCount = 0;
      output->termination = Termination::TinyDirectionZero;
      cache->count = 0;
      if (input.useRadii) {
        applyRadii(input, output);
      }
      return;
    }

    int supportCalls = 0;
    SimplexVertex<T> a = supportVertex(input, d);
    ++supportCalls;
    if (TraceStep<T>* step = beginTraceStep(trace, Simplex<T>{})) {
      step->direction = d;
      step->hasSupport = true;
      step->support = a;
    }
    SimplexVertex<T> b = supportVertex(input, -d);
    ++supportCalls;
    {
      Simplex<T> point;
      point.v[0] = a;
      point.v[0].a = T(1);
      point.count = 1;
      if (TraceStep<T>* step = beginTraceStep(trace, point)) {
        step->direction = -d;
        step->hasSupport = true;
        step->support = b;
      }
    }

    // p = b + t (a - b): the weights of a and b are t and 1 - t.
    T t = 0;
    Vec2<T> p = dyn4j::closestPointOnSegment(b.w, a.w, &t);
    T weightA = t;
    T weightB = T(1) - t;

    dyn4j::Witness<T> witness;
    Termination termination = Termination::IterationCap;
    bool separated = true;
    SimplexVertex<T> c;
    int iteration = 0;
    for (; iteration < MAX_ITERATIONS; ++iteration) {
      d = -p;
      TraceStep<T>* step = beginTraceStep(trace, dyn4j::segment(a, weightA, b, weightB));
      if (step != nullptr) {
        step->direction = d;
      }
      if (lengthSquared(d) <= E) {
        // "if the closest point is the origin then the shapes are not separated"
        termination = Termination::TinyDirectionZero;
        separated = false;
        witness = dyn4j::findClosestPoints(a, b);
        break;
      }

      c = supportVertex(input, d);
      ++supportCalls;
      if (step != nullptr) {
        step->hasSupport = true;
        step->support = c;
      }

      T sa = 0;
      T sb = 0;
      T sc = 0;
      if (dyn4j::containsOrigin(a.w, b.w, c.w, &sa, &sb, &sc)) {
        termination = Termination::Containment;
        separated = false;
        // Our addition (dyn4j returns no points): the origin's barycentric weights in abc.
        T sum = sa + sb + sc;
        T la = sb / sum;
        T lb = sc / sum;
        T lc = sa / sum;
        witness.pointA = la * a.wA + lb * b.wA + lc * c.wA;
        witness.pointB = la * a.wB + lb * b.wB + lc * c.wB;
        witness.feature.v[0] = a;
        witness.feature.v[1] = b;
        witness.feature.v[2] = c;
        witness.feature.v[0].a = la;
        witness.feature.v[1].a = lb;
        witness.feature.v[2].a = lc;
        witness.feature.count = 3;
        beginTraceStep(trace, witness.feature);
        break;
      }

      // The projection progress test, with d not normalized: |p| times the progress in length.
      T projection = dot(c.w, d);
      if (projection - dot(a.w, d) < DISTANCE_EPSILON) {
        termination = Termination::NoProgress;
        witness = dyn4j::findClosestPoints(a, b);
        break;
      }

      T t1 = 0;
      T t2 = 0;
      Vec2<T> p1 = dyn4j::closestPointOnSegment(a.w, c.w, &t1);  // p1 = a + t1 (c - a)
      Vec2<T> p2 = dyn4j::closestPointOnSegment(c.w, b.w, &t2);  // p2 = c + t2 (b - c)
      T p1Mag = lengthSquared(p1);
      T p2Mag = lengthSquared(p2);
      if (p1Mag <= E) {
        // "the origin lies close enough to either edge": separated, nearly zero distance
        termination = Termination::TinyDirection;
        witness = dyn4j::findClosestPoints(a, c);
        break;
      } else if (p2Mag <= E) {
        termination = Termination::TinyDirection;
        witness = dyn4j::findClosestPoints(c, b);
        break;
      }

      if (p1Mag < p2Mag) {  // keep a, replace b by c
        b = c;
        p = p1;
        weightA = T(1) - t1;
        weightB = t1;
      } else {  // keep b, replace a by c
        a = c;
        p = p2;
        weightA = T(1) - t2;
        weightB = t2;
      }
    }
    if (iteration == MAX_ITERATIONS) {
      witness = dyn4j::findClosestPoints(a, b);
    }

    output->pointA = witness.pointA;
    output->pointB = witness.pointB;
    output->distance = separated ? witness.distance : T(0);
    output->iterations = supportCalls;
    output->simplexCount = witness.feature.count;
    output->termination = termination;
    writeCache(witness.feature, cache);
    if (input.useRadii) {
      applyRadii(input, output);
    }
  }
};

}  // namespace gjk
