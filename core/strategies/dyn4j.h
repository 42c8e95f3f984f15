// Strategies `dyn4j` and `dyn4j-f32`: the distance query of dyn4j (William Bittle),
// org.dyn4j.collision.narrowphase.Gjk.distance, dyn4j/dyn4j tag 6.0.0 (058bf6d982a0fb89b54050f929f6ea9dae53b714),
// src/main/java/org/dyn4j/collision/narrowphase/Gjk.java:407-510 (distance), :524-578 (findClosestPoints),
// :600-606 (containsOrigin), constants :135-144, with Segment.getPointOnSegmentClosestToPoint
// (Segment.java:312-328), Interval.clamp (Interval.java:222-230), Vector2 (isZero :678, normalize :948) and
// Epsilon.compute (Epsilon.java). distance() is unchanged from tag 4.1.0 to 6.0.0.
//   dyn4j:     in double, as dyn4j is, from the same float inputs (widened exactly), dyn4j's own constants.
//   dyn4j-f32: the same code in float, each tolerance translated by dyn4j's own definition run in float.
// Sources, constants, translation, deviations, contact convention and stop rules: docs/strategies.md.
//
// Its own loop, not the Box2D loop of gjk_loop.h: the simplex is always two points, and its tests differ.
// Frame and sign: dyn4j works on A - B; the core on B - A (w = wB - wA). Every dyn4j quantity here is the
// exact negation of ours and negation is exact, so every test rounds to the same bits as dyn4j's would in
// the same scalar. No heap allocation; every operation is in T, one rounding per operator in the order
// written (-ffp-contract=off).
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

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

// The two tolerances of Gjk.distance. double: dyn4j's own values. float (dyn4j-f32): dyn4j's definitions
// run in float (docs/strategies.md). E is compared with squared lengths and, in isZero() and
// Vector2.normalize(), with components and lengths; DISTANCE_EPSILON with c.d - a.d for a non-unit d.
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

// Gjk.DEFAULT_MAX_ITERATIONS (Gjk.java:135): loop iterations, each one support call.
inline constexpr int DYN4J_MAX_ITERATIONS = 30;
// What `iterations` counts (support calls): 2 before the loop (a and b) and one per loop iteration.
inline constexpr int DYN4J_MAX_SUPPORT_CALLS = 2 + DYN4J_MAX_ITERATIONS;

namespace dyn4j {

template <class T>
void distance(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
              Trace<T>* trace) {
    constexpr int MAX_ITERATIONS = DYN4J_MAX_ITERATIONS;
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
      output->termination = Termination::CentresCoincide;
      output->decidedBy = PostRule::None;
      cache->count = 0;
      if (input.useRadii) {
        applyRadii(input, output, trace);
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
        termination = Termination::ClosestPointAtOrigin;
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
        termination = Termination::ProjectionProgress;
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
        termination = Termination::EdgePointAtOrigin;
        witness = dyn4j::findClosestPoints(a, c);
        break;
      } else if (p2Mag <= E) {
        termination = Termination::EdgePointAtOrigin;
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
    output->decidedBy = PostRule::None;
    writeCache(witness.feature, cache);
    if (input.useRadii) {
      applyRadii(input, output, trace);
    }
}

}  // namespace dyn4j

// `dyn4j`: dyn4j's Gjk.distance in double with dyn4j's own constants. The float inputs of a case widen
// exactly; the query takes double only, so neither +local nor +scaled (float modifiers) applies.
struct Dyn4jStrategy {
  static constexpr const char* NAME = "dyn4j";
  static constexpr int MAX_SUPPORT_CALLS = DYN4J_MAX_SUPPORT_CALLS;
  template <class T>
  static void distance(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
                       Trace<T>* trace) {
    static_assert(std::is_same_v<T, double>, "dyn4j runs in double; the float port is Dyn4jF32Strategy");
    dyn4j::distance(input, cache, output, trace);
  }
};

// `dyn4j-f32`: the same code in float, tolerances translated (Dyn4jTolerances<float>).
struct Dyn4jF32Strategy {
  static constexpr const char* NAME = "dyn4j-f32";
  static constexpr int MAX_SUPPORT_CALLS = DYN4J_MAX_SUPPORT_CALLS;
  template <class T>
  static void distance(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
                       Trace<T>* trace) {
    static_assert(std::is_same_v<T, float>, "dyn4j-f32 runs in float; dyn4j itself is Dyn4jStrategy");
    dyn4j::distance(input, cache, output, trace);
  }
};

}  // namespace gjk