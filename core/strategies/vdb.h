// Strategy `vdb`: van den Bergen's GJK distance ("Collision Detection in Interactive 3D Environments",
// 2003, ch. 4) as SOLID 3.5.8 implements it, in 2D: dtecta/solid3 ec3e218616749949487f81165f8b478b16bc7932,
// src/convex/DT_Convex.cpp closest_points :394-470 and src/convex/DT_GJK.h (Johnson's sub-algorithm as
// SOLID builds it: FAST_CLOSEST and UNROLL_LOOPS, without JOHNSON_ROBUST and USE_BACKUP_PROCEDURE),
// src/convex/DT_Accuracy.cpp for the tolerances.
// Sources, constants, deviations (2D full simplex, margins, cap), contact convention and stop rules:
// docs/strategies.md.
//
//   v = 0, dist2 = MT_INFINITY (finite); W = {}
//   repeat: w = support of B - A along -v; delta = v.w
//     w in W or the last added point                     -> support-in-simplex
//     dist2 - delta <= REL_ERROR2 * dist2                -> relative-gap
//     add w (Johnson's cofactors of the new subsets); their sum <= 0 -> affinely-dependent
//     closest(): no valid subset                         -> no-valid-subset (W, v unchanged)
//     |v|^2 fell by no more than MT_EPSILON |v|^2 (SAFE_EXIT) -> backup_closest, no-decrease
//   while W is not the full triangle (else containment), dist2 > TOL_ERROR max|y|^2 (else absolute-gap),
//   and fewer than 32 support calls (else iteration-cap).
//
// Frame and sign: SOLID works on A - B; the core on B - A. Every quantity here is the exact negation of
// SOLID's, so every dot product, cofactor and test rounds to the same bits in T. No heap allocation; every
// operation in T, one rounding per operator in the order written (-ffp-contract=off).
#pragma once

#include <cmath>
#include <limits>

#include "core/distance_types.h"
#include "core/gjk_loop.h"
#include "core/limits.h"
#include "core/simplex.h"

namespace gjk {

template <class T>
struct VdbTolerances {
  static constexpr T REL_ERROR = T(1.0e-3);                          // DT_Accuracy rel_error (SOLID default)
  static constexpr T REL_ERROR2 = REL_ERROR * REL_ERROR;             // rounded in T, as SOLID's
  static constexpr T TOL_ERROR = std::numeric_limits<T>::epsilon();  // DT_Accuracy tol_error = MT_EPSILON
  static constexpr T SAFE_EXIT_EPSILON = std::numeric_limits<T>::epsilon();  // MT_EPSILON in SAFE_EXIT
  static constexpr T INITIAL_DIST2 = std::numeric_limits<T>::max();          // MT_INFINITY, finite
};

// The 2D simplex of SOLID's DT_GJK: up to three points in slots 0..2, subsets as bit masks, the cofactors
// Delta_i(X) of every subset cached in det[X][i].
template <class T>
struct JohnsonSimplex {
  using Bits = unsigned;
  static constexpr int SLOTS = 3;
  static constexpr Bits FULL = 0x7;

  SimplexVertex<T> vertex[SLOTS];  // support points on A and B, world frame, and their indices
  Vec2<T> y[SLOTS];                // the points of B - A (vertex[i].w)
  T ylen2[SLOTS] = {};             // |y_i|^2
  T det[1 << SLOTS][SLOTS] = {};   // det[X][i] = Delta_i(X)
  Vec2<T> edge[SLOTS][SLOTS];      // edge[i][j] = y_i - y_j
  T maxlen2 = 0;                   // max |y|^2 over the current W
  Bits bits = 0;                   // the current W
  int last = 0;                    // slot of the last added point
  Bits lastBit = 0;                // 1 << last
  Bits allBits = 0;                // bits | lastBit

  static bool subseteq(Bits a, Bits b) { return (a & b) == a; }
  static bool contains(Bits a, Bits b) { return (a & b) != 0; }

  bool emptySimplex() const { return bits == 0; }
  bool fullSimplex() const { return bits == FULL; }
  T maxVertex() const { return maxlen2; }

  // inSimplex: w equals (exactly) a point of W or the last added point.
  bool inSimplex(Vec2<T> w) const {
    for (int i = 0; i < SLOTS; ++i) {
      if (contains(allBits, Bits(1) << i) && w == y[i]) {
        return true;
      }
    }
    return false;
  }

  // addVertex: the new point takes the first slot not in W; the edges and cofactors of the subsets that
  // contain it are computed.
  void addVertex(const SimplexVertex<T>& v) {
    last = 0;
    lastBit = 1;
    while (contains(bits, lastBit)) {
      ++last;
      lastBit <<= 1;
    }
    vertex[last] = v;
    y[last] = v.w;
    ylen2[last] = lengthSquared(v.w);
    allBits = bits | lastBit;
    updateCache();
    computeDet();
  }

  // Delta(Y) = sum of Delta_i(Y) over Y = W u {w}: zero (or below, by rounding) when Y is affinely
  // dependent, e.g. the new point on the line of a segment W.
  bool isAffinelyDependent() const {
    T sum = 0;
    for (int i = 0; i < SLOTS; ++i) {
      if (contains(allBits, Bits(1) << i)) {
        sum += det[allBits][i];
      }
    }
    return sum <= T(0);
  }

  // closest (FAST_CLOSEST): the valid subset containing the new point, largest bit mask first.
  bool closest(Vec2<T>* v) {
    for (Bits s = bits; s != 0; --s) {
      if (subseteq(s, bits) && valid(s | lastBit)) {
        bits = s | lastBit;
        computeVector(bits, v);
        return true;
      }
    }
    if (valid(lastBit)) {
      bits = lastBit;
      maxlen2 = ylen2[last];
      *v = y[last];
      return true;
    }
    return false;
  }

  // The backup procedure (backup_closest): among the proper subsets (every Delta_i(X) > 0), the one whose
  // v(aff X) is the nearest to the origin; strictly nearer wins, so ties keep the larger bit mask. A
  // candidate must be nearer than the largest finite T (SOLID's MT_INFINITY), so a squared length that
  // overflowed is never chosen and W and v then stay as they were. maxlen2 is set for the chosen subset
  // (SOLID leaves it from the last candidate evaluated; the loop stops after a backup either way).
  void backupClosest(Vec2<T>* v) {
    T minDist2 = std::numeric_limits<T>::max();
    for (Bits s = allBits; s != 0; --s) {
      if (subseteq(s, allBits) && proper(s)) {
        Vec2<T> u;
        computeVector(s, &u);
        T dist2 = lengthSquared(u);
        if (dist2 < minDist2) {
          minDist2 = dist2;
          bits = s;
          *v = u;
        }
      }
    }
    maxlen2 = 0;
    for (int i = 0; i < SLOTS; ++i) {
      if (contains(bits, Bits(1) << i) && ylen2[i] > maxlen2) {
        maxlen2 = ylen2[i];
      }
    }
  }

  // compute_points: the witness points sum Delta_i (wA_i, wB_i) / sum Delta_i over W (sums in slot
  // order, then one multiplication by the reciprocal of the sum per coordinate, as SOLID).
  void computePoints(Vec2<T>* pA, Vec2<T>* pB) const {
    T sum = 0;
    Vec2<T> a;
    Vec2<T> b;
    for (int i = 0; i < SLOTS; ++i) {
      if (contains(bits, Bits(1) << i)) {
        sum += det[bits][i];
        a = a + det[bits][i] * vertex[i].wA;
        b = b + det[bits][i] * vertex[i].wB;
      }
    }
    T s = T(1) / sum;
    *pA = s * a;
    *pB = s * b;
  }

  // W as a core Simplex (weights Delta_i / sum) for the trace and the cache.
  Simplex<T> toSimplex() const {
    Simplex<T> s;
    T sum = 0;
    for (int i = 0; i < SLOTS; ++i) {
      if (contains(bits, Bits(1) << i)) {
        sum += det[bits][i];
      }
    }
    for (int i = 0; i < SLOTS; ++i) {
      if (contains(bits, Bits(1) << i)) {
        s.v[s.count] = vertex[i];
        s.v[s.count].a = det[bits][i] / sum;
        ++s.count;
      }
    }
    return s;
  }

  // valid(X): Delta_i(X) > 0 for i in X, Delta_j(X u {y_j}) <= 0 for the other points j of W u {w}.
  bool valid(Bits s) const {
    for (int i = 0; i < SLOTS; ++i) {
      Bits bit = Bits(1) << i;
      if (contains(allBits, bit)) {
        if (contains(s, bit)) {
          if (det[s][i] <= T(0)) {
            return false;
          }
        } else if (det[s | bit][i] > T(0)) {
          return false;
        }
      }
    }
    return true;
  }

  // proper(X): Delta_i(X) > 0 for every i in X.
  bool proper(Bits s) const {
    for (int i = 0; i < SLOTS; ++i) {
      if (contains(s, Bits(1) << i) && det[s][i] <= T(0)) {
        return false;
      }
    }
    return true;
  }

  // compute_vector: v(aff X) = sum Delta_i(X) y_i / sum Delta_i(X) (sums in slot order, then one
  // multiplication by the reciprocal of the sum per coordinate), and maxlen2 = max |y_i|^2 over X.
  void computeVector(Bits s, Vec2<T>* v) {
    maxlen2 = 0;
    T sum = 0;
    Vec2<T> u;
    for (int i = 0; i < SLOTS; ++i) {
      if (contains(s, Bits(1) << i)) {
        sum += det[s][i];
        if (ylen2[i] > maxlen2) {
          maxlen2 = ylen2[i];
        }
        u = u + det[s][i] * y[i];
      }
    }
    T inverse = T(1) / sum;  // MT::Vector3 operator/(v, s) is v * (1 / s) (include/MT/Vector3.h:208-212)
    *v = {u.x * inverse, u.y * inverse};
  }

 private:
  // update_cache: the edges between the new point and the points of W, and their squared lengths.
  void updateCache() {
    for (int i = 0; i < SLOTS; ++i) {
      if (contains(bits, Bits(1) << i)) {
        edge[i][last] = y[i] - y[last];
        edge[last][i] = -edge[i][last];
      }
    }
  }

  // compute_det without JOHNSON_ROBUST (DT_GJK.h:407-548, as UNROLL_LOOPS writes it), for the subsets that
  // contain the new point. For X = {i} plus the new point l: Delta_i = (y_l - y_i).y_l, Delta_l =
  // (y_i - y_l).y_i. For X = {j, i, l} (j < i): each Delta is the sum over the other two of their pair
  // cofactor times (y_k - y_m).y_n, with the fixed k below (JOHNSON_ROBUST would pick the k whose edge is
  // shorter).
  void computeDet() {
    det[lastBit][last] = 1;
    for (int i = 0; i < SLOTS; ++i) {
      Bits si = Bits(1) << i;
      if (!contains(bits, si)) {
        continue;
      }
      Bits s2 = si | lastBit;
      det[s2][i] = dot(edge[last][i], y[last]);
      det[s2][last] = dot(edge[i][last], y[i]);
      for (int j = 0; j < i; ++j) {
        Bits sj = Bits(1) << j;
        if (!contains(bits, sj)) {
          continue;
        }
        Bits s3 = sj | s2;
        int k = i;  // SOLID 3.5.8 builds without JOHNSON_ROBUST (DT_GJK.h:28): fixed k, as UNROLL_LOOPS writes it
        det[s3][j] = det[s2][i] * dot(edge[k][j], y[i]) + det[s2][last] * dot(edge[k][j], y[last]);
        k = j;
        det[s3][i] =
            det[sj | lastBit][j] * dot(edge[k][i], y[j]) + det[sj | lastBit][last] * dot(edge[k][i], y[last]);
        k = j;
        det[s3][last] =
            det[sj | si][j] * dot(edge[k][last], y[j]) + det[sj | si][i] * dot(edge[k][last], y[i]);
      }
    }
  }
};

struct VdbStrategy {
  static constexpr const char* NAME = "vdb";
  static constexpr int MAX_ITERATIONS = 2 * MAX_POLYGON_VERTICES;  // support calls; SOLID has no cap

  template <class T>
  static void distance(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
                       Trace<T>* trace) {
    using Tol = VdbTolerances<T>;
    JohnsonSimplex<T> gjk;
    Vec2<T> v;  // the closest point of W to the origin; zero before the first support
    T dist2 = Tol::INITIAL_DIST2;
    int supportCalls = 0;
    Termination termination = Termination::IterationCap;
    bool stoppedBeforeUpdate = false;  // the loop ended on the new support, W unchanged

    for (;;) {
      TraceStep<T>* step = trace != nullptr ? beginTraceStep(trace, gjk.toSimplex()) : nullptr;
      Vec2<T> direction = -v;
      if (step != nullptr) {
        step->direction = direction;
      }
      SimplexVertex<T> w = supportVertex(input, direction);
      ++supportCalls;
      if (step != nullptr) {
        step->hasSupport = true;
        step->support = w;
      }

      T delta = dot(v, w.w);
      if (gjk.inSimplex(w.w)) {
        termination = Termination::SupportInSimplex;
        stoppedBeforeUpdate = true;
        break;
      }
      if (dist2 - delta <= dist2 * Tol::REL_ERROR2) {
        termination = Termination::RelativeGap;
        stoppedBeforeUpdate = true;
        break;
      }

      gjk.addVertex(w);
      if (gjk.isAffinelyDependent()) {
        termination = Termination::AffinelyDependent;
        break;
      }
      if (!gjk.closest(&v)) {
        // SOLID 3.5.8 builds without USE_BACKUP_PROCEDURE (DT_GJK.h:27): closest() fails, W and v stay
        // those of the previous iteration, and closest_points breaks (DT_Convex.cpp:430-436).
        termination = Termination::NoValidSubset;
        break;
      }
      T previousDist2 = dist2;
      dist2 = lengthSquared(v);
      if (previousDist2 - dist2 <= Tol::SAFE_EXIT_EPSILON * previousDist2) {  // SAFE_EXIT
        gjk.backupClosest(&v);
        dist2 = lengthSquared(v);
        termination = Termination::NoDecrease;
        break;
      }
      if (gjk.fullSimplex()) {
        termination = Termination::Containment;
        break;
      }
      if (!(dist2 > Tol::TOL_ERROR * gjk.maxVertex())) {
        termination = Termination::AbsoluteGap;
        break;
      }
      if (supportCalls >= MAX_ITERATIONS) {
        termination = Termination::IterationCap;
        break;
      }
    }
    Simplex<T> finalSimplex = gjk.toSimplex();
    if (!stoppedBeforeUpdate) {
      beginTraceStep(trace, finalSimplex);
    }

    if (gjk.fullSimplex()) {
      v = Vec2<T>{};  // aff of a triangle is the plane: v(aff Y) is the origin
    }
    gjk.computePoints(&output->pointA, &output->pointB);
    output->distance = length(v);
    output->iterations = supportCalls;
    output->simplexCount = finalSimplex.count;
    output->termination = termination;
    output->decidedBy = PostRule::None;  // s > 0 is the only floor: the radii alone decide the merge
    writeCache(finalSimplex, cache);

    if (input.useRadii) {
      T radius = input.proxyA.radius + input.proxyB.radius;
      T s = output->distance;
      if (s > radius && s > T(0)) {
        output->pointA = output->pointA + (input.proxyA.radius / s) * v;
        output->pointB = output->pointB - (input.proxyB.radius / s) * v;
        output->distance = s - radius;
        tracePostLoop(trace, PostRule::RadiiApplied, false, s, radius, output->distance);
      } else {
        Vec2<T> mid = T(0.5) * (output->pointA + output->pointB);
        output->pointA = mid;
        output->pointB = mid;
        output->distance = 0;
        tracePostLoop(trace, PostRule::RadiiOverlap, false, s, radius, T(0));
      }
    }
  }
};

}  // namespace gjk
