// Strategy `vdb3`: van den Bergen's GJK distance ("Collision Detection in Interactive 3D Environments",
// 2003, ch. 4) as SOLID 3.5.8 builds it, in 3D: dtecta/solid3 ec3e218616749949487f81165f8b478b16bc7932,
// src/convex/DT_Convex.cpp closest_points :394-473 (SAFE_EXIT defined at :28), src/convex/DT_GJK.h
// (Johnson's sub-algorithm on up to four points, as SOLID builds it: FAST_CLOSEST and UNROLL_LOOPS defined,
// JOHNSON_ROBUST and USE_BACKUP_PROCEDURE not, :27-30), src/convex/DT_Accuracy.cpp for the tolerances, and
// src/DT_C-api.cpp DT_GetClosestPair :391-415 (the reported distance is MT_sqrt of closest_points' dist2).
// The 2D port of the same source is core/strategies/vdb.h; this one keeps SOLID's tetrahedron.
// Sources, constants, deviations (margins, support points, the early exit on max_dist2, cap), contact
// convention and stop rules: docs/strategies.md, "Three dimensions (issue 23)", vdb3.
//
//   v = 0, dist2 = MT_INFINITY (FLT_MAX); W = {}
//   repeat: w = support of B - A along -v; delta = v.w
//     w equals a point of W or the last added point      -> support-in-simplex
//     dist2 - delta <= REL_ERROR2 * dist2                -> relative-gap
//     add w (Johnson's cofactors of the subsets holding it)
//       their sum over W u {w} <= 0                      -> affinely-dependent
//     closest(): no valid subset                         -> no-valid-subset (W, v unchanged)
//     |v|^2 fell by <= MT_EPSILON |v|^2 (SAFE_EXIT)      -> backup_closest, no-decrease
//   while W is not the full tetrahedron (else containment), dist2 > TOL_ERROR max|y|^2 (else absolute-gap),
//   and fewer than 128 support calls (else iteration-cap; SOLID has no cap).
//   distance = |v| (SOLID: sqrt(dist2)); witness points sum Delta_i (pA_i, pB_i) / sum Delta_i over W; then
//   the radii: along v when |v| > rA + rB, else both points at their midpoint.
//
// On containment v is what compute_vector gives for the tetrahedron (DT_GJK.h:266-287): the origin up to
// rounding, not forced to zero, since SOLID returns its length (the 2D port, whose full simplex SOLID would
// not stop on, sets it to zero).
//
// Frame and sign: SOLID works on A - B; the core on B - A. Every point of B - A here is the exact negation of
// SOLID's (y, v, w and the edges), so every dot product, cofactor and test rounds to the same bits in T
// (only the sign of a zero coordinate of v can differ); the witness points are SOLID's own. No heap
// allocation; every operation in T, one rounding per operator in the order written (-ffp-contract=off).
#pragma once

#include <cmath>
#include <limits>

#include "core/distance_types.h"
#include "core/limits.h"
#include "core/polytope.h"
#include "core/strategies/vdb.h"  // VdbTolerances: SOLID's constants, the same in 2D and 3D
#include "core/trace3.h"
#include "core/transform3.h"
#include "core/vec3.h"

namespace gjk {
namespace vdb3 {

// One support point of B - A: the world points on A and B, their difference, the vertex indices.
template <class T>
struct SupportPoint {
  Vec3<T> wA;  // SOLID's p (DT_Convex.cpp:409), world frame
  Vec3<T> wB;  // SOLID's q (:410), world frame
  Vec3<T> w;   // wB - wA = -(p - q), SOLID's w negated
  int indexA = 0;
  int indexB = 0;
};

// The support point of B - A along the world direction d: A's vertex furthest along -d, B's along d, each
// found by Polytope::support (first maximum on ties) on the local direction R^T d (inverseRotate, the
// column sums of SOLID's `v * m_xform.getBasis()`, DT_Transform.h:42-45), then placed in the world by
// transformPoint (R p + o, as MT_Transform::operator(), include/MT/Transform.h:64-69).
template <class T>
inline SupportPoint<T> supportPoint(const DistanceInput3<T>& input, Vec3<T> d) {
  SupportPoint<T> s;
  s.indexA = input.proxyA.support(inverseRotate(input.transformA.r, -d));
  s.indexB = input.proxyB.support(inverseRotate(input.transformB.r, d));
  s.wA = transformPoint(input.transformA, input.proxyA.vertices[s.indexA]);
  s.wB = transformPoint(input.transformB, input.proxyB.vertices[s.indexB]);
  s.w = s.wB - s.wA;
  return s;
}

// SOLID's DT_GJK (DT_GJK.h:37-309): up to four points in slots 0..3, subsets as bit masks, the cofactors
// Delta_i(X) of every subset cached in det[X][i].
template <class T>
struct JohnsonSimplex {
  using Bits = unsigned;
  static constexpr int SLOTS = 4;
  static constexpr Bits FULL = 0xf;

  SupportPoint<T> point[SLOTS];   // m_p, m_q (wA, wB) and the indices
  Vec3<T> y[SLOTS];               // m_y: the points of B - A
  T ylen2[SLOTS] = {};            // m_ylen2: |y_i|^2
  T det[1 << SLOTS][SLOTS] = {};  // m_det: det[X][i] = Delta_i(X)
  Vec3<T> edge[SLOTS][SLOTS];     // m_edge: edge[i][j] = y_i - y_j
  T maxlen2 = 0;                  // m_maxlen2: max |y|^2 over the last subset compute_vector saw
  Bits bits = 0;                  // m_bits: the current W
  int last = 0;                   // m_last: slot of the last added point
  Bits lastBit = 0;               // m_last_bit = 1 << last
  Bits allBits = 0;               // m_all_bits = bits | lastBit

  static bool subseteq(Bits a, Bits b) { return (a & b) == a; }
  static bool contains(Bits a, Bits b) { return (a & b) != 0; }

  bool fullSimplex() const { return bits == FULL; }  // :51
  T maxVertex() const { return maxlen2; }            // :221

  int count() const {
    int n = 0;
    for (int i = 0; i < SLOTS; ++i) {
      n += contains(bits, Bits(1) << i) ? 1 : 0;
    }
    return n;
  }

  // inSimplex (:59-71): w equals (exactly, ==) a point of W or the last added point.
  bool inSimplex(Vec3<T> w) const {
    for (int i = 0; i < SLOTS; ++i) {
      if (contains(allBits, Bits(1) << i) && w == y[i]) {
        return true;
      }
    }
    return false;
  }

  // isAffinelyDependent (:73-86): Delta(Y), the sum of Delta_i(Y) over Y = W u {w} in slot order, <= 0.
  bool isAffinelyDependent() const {
    T sum = 0;
    for (int i = 0; i < SLOTS; ++i) {
      if (contains(allBits, Bits(1) << i)) {
        sum += det[allBits][i];
      }
    }
    return sum <= T(0);
  }

  // addVertex (:89-112): the new point takes the first slot not in W; the edges and the cofactors of the
  // subsets that hold it are computed.
  void addVertex(const SupportPoint<T>& s) {
    last = 0;
    lastBit = 1;
    while (contains(bits, lastBit)) {
      ++last;
      lastBit <<= 1;
    }
    y[last] = s.w;
    ylen2[last] = lengthSquared(s.w);
    allBits = bits | lastBit;
    updateCache();
    computeDet();
    point[last] = s;
  }

  // compute_points (:137-158): pA = sum Delta_i wA_i / sum Delta_i over W, likewise pB (sums in slot order
  // from zero, then one multiplication of each coordinate by the reciprocal of the sum).
  void computePoints(Vec3<T>* pA, Vec3<T>* pB) const {
    T sum = 0;
    Vec3<T> a;
    Vec3<T> b;
    for (int i = 0; i < SLOTS; ++i) {
      if (contains(bits, Bits(1) << i)) {
        sum += det[bits][i];
        a = a + det[bits][i] * point[i].wA;
        b = b + det[bits][i] * point[i].wB;
      }
    }
    T s = T(1) / sum;
    *pA = s * a;
    *pB = s * b;
  }

  // W into a trace step, in slot order, each point with its weight Delta_i / sum Delta_i (the weights
  // compute_points uses). Reads only.
  void traceSimplex(TraceVertex3<T>* out, int* count) const {
    T sum = 0;
    for (int i = 0; i < SLOTS; ++i) {
      if (contains(bits, Bits(1) << i)) {
        sum += det[bits][i];
      }
    }
    *count = 0;
    for (int i = 0; i < SLOTS; ++i) {
      if (contains(bits, Bits(1) << i)) {
        out[*count] = traceVertex(point[i], det[bits][i] / sum);
        ++*count;
      }
    }
  }

  static TraceVertex3<T> traceVertex(const SupportPoint<T>& s, T a) {
    return {s.wA, s.wB, s.w, a, s.indexA, s.indexB};
  }

  // closest with FAST_CLOSEST (:160-198): the subsets s of W, largest bit mask first, whose union with the
  // new point is valid; then the new point alone. None valid: false, W and v unchanged (USE_BACKUP_PROCEDURE
  // is not defined, :194-196).
  bool closest(Vec3<T>* v) {
    for (Bits s = bits; s != 0; --s) {
      if (subseteq(s, bits) && valid(s | lastBit)) {
        bits = s | lastBit;
        *v = computeVector(bits);
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

  // backup_closest (:200-219): among the proper subsets of W u {w} (every Delta_i(X) > 0), largest bit mask
  // first, the one whose v(aff X) is strictly nearer the origin than every earlier one and than MT_INFINITY
  // (FLT_MAX: a squared length that overflowed is never chosen; if none is, W and v stay). maxlen2 is left
  // from the last subset evaluated, as in SOLID (compute_vector sets it); the loop stops right after.
  void backupClosest(Vec3<T>* v) {
    T minDist2 = std::numeric_limits<T>::max();
    for (Bits s = allBits; s != 0; --s) {
      if (subseteq(s, allBits) && proper(s)) {
        Vec3<T> u = computeVector(s);
        T dist2 = lengthSquared(u);
        if (dist2 < minDist2) {
          minDist2 = dist2;
          bits = s;
          *v = u;
        }
      }
    }
  }

 private:
  // valid (:228-250): Delta_i(X) > 0 for i in X, Delta_j(X u {j}) <= 0 for the other points j of W u {w}.
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

  // proper (:252-264): Delta_i(X) > 0 for every i in X.
  bool proper(Bits s) const {
    for (int i = 0; i < SLOTS; ++i) {
      if (contains(s, Bits(1) << i) && det[s][i] <= T(0)) {
        return false;
      }
    }
    return true;
  }

  // compute_vector (:266-287): v(aff X) = sum Delta_i(X) y_i / sum Delta_i(X), sums in slot order from
  // zero, then each coordinate times 1 / sum (MT::Vector3's operator/ is v * (1 / s), include/MT/Vector3.h
  // :206-212); maxlen2 = max |y_i|^2 over X (GEN_set_max: replaced when strictly larger).
  Vec3<T> computeVector(Bits s) {
    maxlen2 = 0;
    T sum = 0;
    Vec3<T> u;
    for (int i = 0; i < SLOTS; ++i) {
      if (contains(s, Bits(1) << i)) {
        sum += det[s][i];
        if (maxlen2 < ylen2[i]) {
          maxlen2 = ylen2[i];
        }
        u = u + det[s][i] * y[i];
      }
    }
    T inverse = T(1) / sum;
    return {u.x * inverse, u.y * inverse, u.z * inverse};
  }

  // update_cache (:314-331, JOHNSON_ROBUST's squared edge lengths left out): the edges between the new
  // point and the points of W.
  void updateCache() {
    for (int i = 0; i < SLOTS; ++i) {
      if (contains(bits, Bits(1) << i)) {
        edge[i][last] = y[i] - y[last];
        edge[last][i] = -edge[i][last];
      }
    }
  }

  // compute_det without JOHNSON_ROBUST (:407-548). UNROLL_LOOPS (:414-499) writes out, for i = 0..3 in W
  // and each j < i in W, the same expressions in the same order as the loop (:502-528) written here:
  //   X = {i, l} (l the new point):  Delta_i = (y_l - y_i).y_l,  Delta_l = (y_i - y_l).y_i;
  //   X = {j, i, l}: Delta_j = Delta_i({i,l}) (y_i - y_j).y_i + Delta_l({i,l}) (y_i - y_j).y_l,
  //                  Delta_i = Delta_j({j,l}) (y_j - y_i).y_j + Delta_l({j,l}) (y_j - y_i).y_l,
  //                  Delta_l = Delta_j({j,i}) (y_j - y_l).y_j + Delta_i({j,i}) (y_j - y_l).y_i.
  // Then, when W u {w} is the tetrahedron (:532-546), its four cofactors from the four triangles: Delta_0
  // along the edge y_1 - y_0, Delta_1..3 along y_0 - y_i, each a sum of three products in slot order. The
  // subsets without the new point keep the cofactors computed when their newest point was added.
  void computeDet() {
    det[lastBit][last] = 1;
    if (bits != 0) {
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
          det[s3][j] = det[s2][i] * dot(edge[i][j], y[i]) + det[s2][last] * dot(edge[i][j], y[last]);
          det[s3][i] = det[sj | lastBit][j] * dot(edge[j][i], y[j]) +
                       det[sj | lastBit][last] * dot(edge[j][i], y[last]);
          det[s3][last] =
              det[sj | si][j] * dot(edge[j][last], y[j]) + det[sj | si][i] * dot(edge[j][last], y[i]);
        }
      }
      if (allBits == FULL) {
        det[0xf][0] = det[0xe][1] * dot(edge[1][0], y[1]) + det[0xe][2] * dot(edge[1][0], y[2]) +
                      det[0xe][3] * dot(edge[1][0], y[3]);
        det[0xf][1] = det[0xd][0] * dot(edge[0][1], y[0]) + det[0xd][2] * dot(edge[0][1], y[2]) +
                      det[0xd][3] * dot(edge[0][1], y[3]);
        det[0xf][2] = det[0xb][0] * dot(edge[0][2], y[0]) + det[0xb][1] * dot(edge[0][2], y[1]) +
                      det[0xb][3] * dot(edge[0][2], y[3]);
        det[0xf][3] = det[0x7][0] * dot(edge[0][3], y[0]) + det[0x7][1] * dot(edge[0][3], y[1]) +
                      det[0x7][2] * dot(edge[0][3], y[2]);
      }
    }
  }
};

// A trace step holding W and the direction searched from it; nullptr without a trace.
template <class T>
inline TraceStep3<T>* beginStep(Trace3<T>* trace, const JohnsonSimplex<T>& gjk, Vec3<T> direction) {
  TraceStep3<T>* step = beginTraceStep3(trace);
  if (step != nullptr) {
    gjk.traceSimplex(step->simplex, &step->count);
    step->direction = direction;
  }
  return step;
}

}  // namespace vdb3

struct Vdb3 {
  static constexpr const char* NAME = "vdb3";
  // Support calls; SOLID has no cap. 2 * MAX_POLYTOPE_VERTICES, as vdb's 2 * MAX_POLYGON_VERTICES: a safety
  // net far above what natural runs need (docs/strategies.md, vdb3).
  static constexpr int MAX_ITERATIONS = 2 * MAX_POLYTOPE_VERTICES;

  template <class T>
  static void distance(const DistanceInput3<T>& input, DistanceOutput3<T>* output, Trace3<T>* trace = nullptr) {
    distanceWithCap<MAX_ITERATIONS, T>(input, output, nullptr, nullptr, trace);
  }

  // The query with another support-call cap: distance() is this with MAX_ITERATIONS. The tests drive the
  // iteration-cap rule through a small cap. keepSimplex / keepV, when given, receive the final simplex W and
  // v (the closest point of W to the origin, B - A frame) for a caller that goes on from them (epa3.h); they
  // change nothing of the run or its answer; nor does the trace: one step per support call (W before it, the
  // direction -v, the support point), then W after the last update when the loop changed it.
  template <int CAP, class T>
  static void distanceWithCap(const DistanceInput3<T>& input, DistanceOutput3<T>* output,
                              vdb3::JohnsonSimplex<T>* keepSimplex = nullptr, Vec3<T>* keepV = nullptr,
                              Trace3<T>* trace = nullptr) {
    static_assert(CAP >= 1, "at least one support call");
    using Tol = VdbTolerances<T>;
    vdb3::JohnsonSimplex<T> localSimplex;
    vdb3::JohnsonSimplex<T>& gjk = keepSimplex != nullptr ? *keepSimplex : localSimplex;
    Vec3<T> localV;
    Vec3<T>& v = keepV != nullptr ? *keepV : localV;  // closest point of W to the origin (SOLID's v negated)
    v = Vec3<T>{};                                    // zero before the first support
    T dist2 = Tol::INITIAL_DIST2;
    int supportCalls = 0;
    Termination termination = Termination::IterationCap;
    bool stoppedBeforeUpdate = false;  // the loop ended on the new support, W unchanged (the trace's last step)

    for (;;) {
      TraceStep3<T>* step = vdb3::beginStep(trace, gjk, -v);
      vdb3::SupportPoint<T> w = vdb3::supportPoint(input, -v);  // SOLID: p = a.support(-v), q = b.support(v)
      ++supportCalls;
      if (step != nullptr) {
        step->hasSupport = true;
        step->support = vdb3::JohnsonSimplex<T>::traceVertex(w, T(0));
      }
      T delta = dot(v, w.w);
      // closest_points' early exit `delta > 0 && delta * delta > dist2 * max_dist2` (:414-417) is left out
      // (deviation: docs/strategies.md, vdb3).
      if (gjk.inSimplex(w.w)) {  // :419
        termination = Termination::SupportInSimplex;
        stoppedBeforeUpdate = true;
        break;
      }
      if (dist2 - delta <= dist2 * Tol::REL_ERROR2) {  // :419
        termination = Termination::RelativeGap;
        stoppedBeforeUpdate = true;
        break;
      }
      gjk.addVertex(w);                 // :424
      if (gjk.isAffinelyDependent()) {  // :425-431
        termination = Termination::AffinelyDependent;
        break;
      }
      if (!gjk.closest(&v)) {  // :440-446
        termination = Termination::NoValidSubset;
        break;
      }
      T previousDist2 = dist2;  // SAFE_EXIT, :448-461
      dist2 = lengthSquared(v);
      if (previousDist2 - dist2 <= Tol::SAFE_EXIT_EPSILON * previousDist2) {
        gjk.backupClosest(&v);
        dist2 = lengthSquared(v);
        termination = Termination::NoDecrease;
        break;
      }
      if (gjk.fullSimplex()) {  // :463, first operand
        termination = Termination::Containment;
        break;
      }
      if (!(dist2 > Tol::TOL_ERROR * gjk.maxVertex())) {  // :463, second operand
        termination = Termination::AbsoluteGap;
        break;
      }
      if (supportCalls >= CAP) {  // the port's safety net
        termination = Termination::IterationCap;
        break;
      }
    }

    if (!stoppedBeforeUpdate) {
      vdb3::beginStep(trace, gjk, Vec3<T>{});  // the final W, no search from it
    }

    // :467-472 and DT_C-api.cpp:414: the points from W (also when dist2 overflowed: deviation), the distance
    // the square root of dist2 = |v|^2.
    gjk.computePoints(&output->pointA, &output->pointB);
    output->distance = std::sqrt(dist2);
    output->iterations = supportCalls;
    output->simplexCount = gjk.count();
    output->termination = termination;
    output->decidedBy = PostRule::None;  // s > 0 is the only floor: the radii alone decide the merge

    // SOLID runs GJK on DT_Minkowski(shape, DT_Sphere(margin)) (DT_Object.cpp:223-230); the port runs on the
    // cores and moves the points along v as SOLID's hybrid_penetration_depth does (DT_Convex.cpp:320-324,
    // pa -= v (a_margin / s), pb += v (b_margin / s), with SOLID's v = -v here), or merges them.
    if (input.useRadii) {
      T rA = input.proxyA.radius;
      T rB = input.proxyB.radius;
      T radius = rA + rB;
      T s = output->distance;
      if (s > radius && s > T(0)) {
        output->pointA = output->pointA + (rA / s) * v;
        output->pointB = output->pointB - (rB / s) * v;
        output->distance = s - radius;
        tracePostLoop(trace, PostRule::RadiiApplied, false, s, radius, output->distance);
      } else {
        Vec3<T> mid = T(0.5) * (output->pointA + output->pointB);
        output->pointA = mid;
        output->pointB = mid;
        output->distance = 0;
        tracePostLoop(trace, PostRule::RadiiOverlap, false, s, radius, T(0));
      }
    }
  }
};

}  // namespace gjk
