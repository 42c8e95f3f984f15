// Strategy `vdb`: van den Bergen's GJK distance (G. van den Bergen, "Collision Detection in Interactive 3D
// Environments", 2003, ch. 4; SOLID 3.5), in 2D. Followed operation for operation: SOLID's closest_points
// (dtecta/solid3 src/convex/DT_Convex.cpp) and its Johnson sub-algorithm DT_GJK (src/convex/DT_GJK.h),
// commit ec3e218616749949487f81165f8b478b16bc7932, with JOHNSON_ROBUST and FAST_CLOSEST as SOLID
// defines them and the 3D "full simplex" of four points replaced by the 2D triangle of three.
//
//   v = 0, dist2 = max of T (SOLID's MT_INFINITY: finite, see below); W = {}
//   repeat:
//     w = support of B - A along -v                      (one support call)
//     delta = v.w
//     w is a point of W or the last added point          -> stop (DuplicateSupport)  inSimplex(w)
//     dist2 - delta <= REL_ERROR2 * dist2                -> stop (RelativeGap)  |v|^2 - v.w <= e^2 |v|^2
//     add w to W (Johnson: the cofactors of every new subset)
//     W u {w} affinely dependent (Delta(Y) <= 0)         -> stop (NoProgress)
//     Johnson: v = v(aff X) for the valid subset X of W u {w} that contains w; W = X
//       no subset is valid (rounding)                    -> backup procedure, stop (NoProgress)
//     dist2 = |v|^2 fell by no more than MT_EPSILON dist2 (SAFE_EXIT) -> backup, stop (NoProgress)
//   while W is not the full triangle                     (else Containment: distance 0)
//     and dist2 > TOL_ERROR * max |y|^2 over y in W      (else AbsoluteGap)
//     and fewer than MAX_ITERATIONS support calls        (else IterationCap)
//   witness points: sum Delta_i(W) (wA_i, wB_i) / sum Delta_i(W); distance = |v|.
//
// Johnson's sub-algorithm (the book's GJK chapter, after Gilbert, Johnson and Keerthi 1988) is the subset
// formulation, not Box2D's Voronoi-region solver. For a subset X of the points y_i and j not in X:
//   Delta_i({y_i}) = 1
//   Delta_j(X u {y_j}) = sum over i in X of Delta_i(X) (y_k - y_j) . y_i      for any fixed k in X
// X is *valid* when Delta_i(X) > 0 for every i in X and Delta_j(X u {y_j}) <= 0 for every other point j
// of the current set; v(aff X) = sum Delta_i(X) y_i / sum Delta_i(X) is then the closest point, and X the
// smallest subset holding it. The cofactors are cached per subset (a bit mask) and only the subsets with
// the new point are computed (compute_det). JOHNSON_ROBUST: k is the point of X whose edge to y_j is the
// shorter (by squared length), which SOLID uses to limit cancellation. FAST_CLOSEST: only subsets that
// contain the new point are searched (the book's theorem: the new support point is always in the new W),
// largest bit mask first, the new point alone last. When no subset is valid, rounding has broken the
// conditions: the *backup procedure* of the book (and of the original GJK) takes, among the subsets X with
// every Delta_i(X) > 0 ("proper"), the one whose v(aff X) is nearest the origin. SOLID ships with
// USE_BACKUP_PROCEDURE undefined and simply stops on the previous v there; we run the book's backup (what
// SOLID compiles with USE_BACKUP_PROCEDURE), then stop. SOLID runs the same backup when SAFE_EXIT finds no
// decrease of |v|^2. isAffinelyDependent is called by SOLID's DT_Convex.cpp but its body is missing from the
// stored DT_GJK.h; it is implemented as the book's criterion, Delta(Y) = sum_i Delta_i(Y) <= 0, which is also
// the body in ReactPhysics3D's SOLID-derived Simplex::isAffinelyDependent (DanielChappuis/reactphysics3d
// src/collision/narrowphase/GJK/Simplex.cpp).
//
// Frame and sign. SOLID works on A - B (w = p - q, p on A, q on B); the core works on B - A (w = wB - wA).
// Every quantity here is the exact negation of SOLID's (v, w, y, edges), and negation is exact, so every
// dot product, cofactor, squared length and test rounds to the same bits as SOLID's would in T. The
// support points are the core's supportVertex (SOLID: p = a.support(-v), q = b.support(v)); the first,
// along v = 0, is vertex 0 of each shape, as SOLID's polytope support returns its first vertex on ties.
//
// Tolerances (SOLID's DT_Accuracy; its DT_Accuracy.cpp is not in the index we read: the values are those
// of SOLID's defaults as reproduced in SudoDEM's SOLID-derived GJK, `rel_error = 1.0e-3; rel_error2 =
// rel_error * rel_error; tol_error = MT_EPSILON`; SOLID uses them for float and double alike):
//   REL_ERROR = 1e-3, REL_ERROR2 = REL_ERROR^2 (rounded in T): the relative test bounds the relative error
//     of the distance by REL_ERROR2 = 1e-6: on stopping, |v| - d <= (|v|^2 - v.w)/|v| <= 1e-6 |v|, because
//     v.w/|v| is a lower bound of the distance d (the book's error bound). In float 1e-6 ~ 8.4 FLT_EPSILON:
//     above the rounding of |v|^2 - v.w when |w| is not much larger than |v|; when the shapes are much larger
//     than their distance that rounding (~FLT_EPSILON |w|/|v|) exceeds it, and the duplicate and SAFE_EXIT
//     tests end the loop instead.
//   TOL_ERROR = machine epsilon of T (MT_EPSILON: FLT_EPSILON / DBL_EPSILON): the absolute test
//     |v|^2 <= TOL_ERROR max|y|^2 says v is zero up to the rounding of the simplex points' size.
//   SAFE_EXIT_EPSILON = machine epsilon of T (MT_EPSILON): |v|^2 must fall by more than this fraction.
//   The initial dist2 is the largest finite T (MT_INFINITY must be finite: with inf the first relative
//     test would read inf - 0 <= inf and stop with an empty simplex).
//   MAX_ITERATIONS = 32 support calls. SOLID's loop has no cap (its tests end it; |v|^2 strictly
//     decreases under SAFE_EXIT). 32 = 2 MAX_POLYGON_VERTICES, the most vertices the Minkowski difference
//     of two proxies can have: a safety net, under the harness's 64-step trace buffer.
//
// Containment: when Johnson selects the full triangle, aff(Y) is the whole plane and v(aff Y) is the
// origin; SOLID's cofactor sum gives it up to rounding. We report distance 0 and v = 0 there (SOLID's
// intersect() also zeroes v; its closest_points would return the rounding residue).
//
// Range in float: a pair cofactor is degree 2 in the coordinates and a triangle cofactor degree 4, so the
// triangle's cofactors overflow for coordinates above ~FLT_MAX^(1/4) ~ 4e9 and become subnormal below
// ~1e-10; compute_points' s = 1/sum then overflows and the witness points turn NaN (a reproduction is kept
// in tests/core/vdb_test.cpp behind DISABLED_). This is SOLID's arithmetic in float, kept; `+scaled`
// answers those cases.
//
// Radii: SOLID's own margin handling (hybrid_penetration_depth in DT_Convex.cpp): with s = |v|, when
// s > rA + rB the witness points move along v by the margins, pA += v (rA / s), pB -= v (rB / s) (SOLID:
// pa -= v (a_margin / s) in A - B) and the distance is s - (rA + rB); otherwise the rounded shapes overlap:
// distance 0, both points at the midpoint (as Box2D's applyRadii does).
//
// Output: `iterations` counts support calls, `simplexCount` the points of the final W. The cache is not
// read (SOLID starts from v = 0); it is written with the final W. The trace has one step per support call
// (the W before it with weights Delta_i / sum, the direction -v, the support w) and, when the loop stops
// after updating W, a last step with the final W. No heap allocation; every operation in T, one rounding
// per operator in the order written (-ffp-contract=off).
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

  // The same search over every nonempty subset of W u {w} (SOLID without FAST_CLOSEST; the book's plain
  // statement of Johnson's algorithm). Not used by the strategy; the tests check the seven regions with it.
  bool closestAnySubset(Vec2<T>* v) {
    for (Bits s = allBits; s != 0; --s) {
      if (subseteq(s, allBits) && valid(s)) {
        bits = s;
        computeVector(bits, v);
        return true;
      }
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

  // compute_det (JOHNSON_ROBUST), for the subsets that contain the new point. For X = {i} plus the new
  // point l: Delta_i = (y_l - y_i).y_l, Delta_l = (y_i - y_l).y_i. For X = {j, i, l} (j < i): each
  // Delta is the sum over the other two of their pair cofactor times (y_k - y_m).y_n, with k the one of
  // the pair whose edge to the new member is shorter.
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
    writeCache(finalSimplex, cache);

    if (input.useRadii) {
      T radius = input.proxyA.radius + input.proxyB.radius;
      T s = output->distance;
      if (s > radius && s > T(0)) {
        output->pointA = output->pointA + (input.proxyA.radius / s) * v;
        output->pointB = output->pointB - (input.proxyB.radius / s) * v;
        output->distance = s - radius;
      } else {
        Vec2<T> mid = T(0.5) * (output->pointA + output->pointB);
        output->pointA = mid;
        output->pointB = mid;
        output->distance = 0;
      }
    }
  }
};

}  // namespace gjk
