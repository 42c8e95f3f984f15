// Strategy `nesterov`: Nesterov-accelerated GJK (L. Montaut, Q. Le Lidec, V. Petrik, J. Sivic,
// J. Carpentier, "Collision Detection Accelerated: An Optimization Perspective", RSS 2022) as coal
// implements it: coal-library/coal tag v3.0.0 (4d1b792849b8befff077caae2fb755df7b48cefc),
// src/narrowphase/gjk.cpp GJK::evaluate :187-372 and checkConvergence :373-420, with
// GJKVariant::NesterovAcceleration, the normalize heuristic, GJKConvergenceCriterion::DualityGap and
// GJKConvergenceCriterionType::Relative; defaults from include/coal/narrowphase/narrowphase_defaults.h:46-47.
// Sources, constants, deviations (solver, start, check B, output), contact convention and stop rules:
// docs/strategies.md.
//
// GJK as Frank-Wolfe on min_{x in D} |x|^2, D = B - A. In coal's names: ray = x_k, the closest point of
// the simplex; w = the last support point; dir = the momentum direction, support taken along -dir. Coal's
// difference is A - B; every formula below is linear in (ray, w, y, dir) or a dot product of two of them,
// so it reads the same on B - A.
//
// One pass (k = coal's `iterations`, the completed passes):
//   check A   |ray| < tol                                   -> ray-below-tolerance (overlap)
//   direction accelerated: momentum = (k + 2) / (k + 3), y = momentum ray + (1 - momentum) w,
//             dir = momentum dir / |dir| + (1 - momentum) y / |y|; plain: dir = ray
//   support   w = support of D along -dir
//   fallback  (accelerated) 2 ray.(ray - w) - tol <= 0     -> drop w, plain GJK, redo the pass
//   check C   k > 0 and (diff / tol * rl) - tol * rl <= 0, diff = 2 ray.(ray - w)   -> duality-gap
//             (coal drops w and redoes the pass plain when check C passes accelerated: unreachable, see
//             nesterovDistance)
//   project   add w, solve; a triangle holding the origin  -> containment; rl == 0 -> ray-zero
//   cap       ++k == 128                                    -> iteration-cap (129 support calls at most)
//
// Why 2 ray.(ray - w) bounds the error: f(x) = |x|^2 is convex with gradient 2x, so for the minimizer x*
// over D, f(x*) >= f(x) - g(x) with g(x) = 2x.(x - s(x)), s(x) the support along -x (the Frank-Wolfe
// duality gap), and |x - x*|^2 <= f(x) - f(x*) <= g(x). With the accelerated direction w is the support
// along -dir, not -ray, so 2 ray.(ray - w) is only a lower bound of g: coal falls back before stopping.
// coal's Relative test (diff / tol * rl) - tol * rl <= 0 is, for rl > 0, diff <= tol^2: it certifies
// |x - x*| <= tol in world units. It is evaluated as coal writes it, in T, rounding at each operation.
//
// No heap allocation: the simplex and every vector live on the stack; the trace is the caller's buffer.
#pragma once

#include <cmath>
#include <cstdint>

#include "core/gjk_loop.h"

namespace gjk {

// Coal's GJK_DEFAULT_MAX_ITERATIONS: passes completed before GJK gives up (status Failed).
inline constexpr int NESTEROV_MAX_ITERATIONS = 128;
// What `iterations` counts (support calls): one per pass, plus the one support dropped when the accelerated
// direction falls back to plain GJK (at most once: the fallback is permanent).
inline constexpr int NESTEROV_MAX_SUPPORT_CALLS = NESTEROV_MAX_ITERATIONS + 1;

// Coal's single GJK tolerance, used three ways: check A compares it with |ray| (world units), the
// fallback test with the gap (world units squared), and check C with gap <= tol^2 (see above).
//
// double: coal's GJK_DEFAULT_TOLERANCE = 1e-6 ("precise up to the micro-meter" for metre-sized
// shapes). tol^2 = 1e-12 is about 4500 DBL_EPSILON: above the rounding of a unit-scale gap.
//
// float: the same 1e-6 (rounded to float: 9.99999997e-7). Coal defines GJK_DEFAULT_TOLERANCE as
// CoalScalar(1e-6) whatever its scalar, and one tolerance cannot serve both of its float uses:
// - check C needs gap <= tol^2 = 1e-12, but the computed gap of a converged float problem is rounding
//   noise of about FLT_EPSILON * |w| * |ray - w| (1e-8 .. 1e-6 at unit scale; 0 in exact arithmetic),
//   so it passes only when that noise rounds to <= 1e-12, in practice to 0 or below; otherwise the
//   simplex is stationary and the run goes to the cap with the converged answer.
// - a tolerance large enough for check C (tol^2 above that noise, tol >= about 2^-10) makes check A
//   call |ray| < tol an overlap: a false contact for shapes up to 1e-3 apart at unit scale.
// Measured on 20000 random unit-scale float cases (3..8-gons of radius 0.5..1.5, offsets up to 3,
// long-double brute-force reference): tol = 1e-6: 10522 duality-gap, 5614 iteration-cap, 3864
// containment, every distance within 1e-3 of the reference and no false overlap; tol = 2^-12: 2886 cap,
// 3 false overlaps; tol = 2^-10: 80 cap, 8 false overlaps. Double with 1e-6: 16136 duality-gap, no cap.
// We keep coal's value: a cap with the right distance is a termination to report, a false contact a wrong
// answer. Because the tolerance is absolute, float at large scale also loses the fallback: at scale 1000
// the noise of the accelerated gap exceeds 1e-6, the fallback never fires, and the lagging momentum
// direction can spend all 128 passes on the wrong edge (NesterovFloatCharacterization in the tests).
template <class T>
inline constexpr T NESTEROV_TOLERANCE = T(1e-6);

// Why the accelerated direction was abandoned.
enum class NesterovFallback : std::uint8_t {
  None,                 // stayed accelerated to the end (stopped by check A, containment or the cap)
  DualityGapCheck,      // coal's "check to remove acceleration": 2 ray.(ray - w) - tol <= 0
  DegenerateDirection,  // |y| or |dir| was zero or not finite (our guard; coal asserts)
};

// What the acceleration did in one query: the debug counterpart of coal's
// GJK::getNumIterationsMomentumStopped(), plus what the fallback saw.
template <class T>
struct NesterovReport {
  NesterovFallback fallback = NesterovFallback::None;
  int momentumStopIteration = -1;  // coal's iterations_momentum_stop: completed passes k at the
                                   // fallback; -1 when acceleration never stopped
  int acceleratedSupportCalls = 0;  // support calls made along the Nesterov direction (incl. the dropped one)
  Vec2<T> rayAtFallback;            // ray (closest simplex point, B - A, world frame) at the fallback
  Vec2<T> directionAtFallback;      // the search direction whose support was dropped (support along it)
  Vec2<T> supportAtFallback;        // that dropped support point w of B - A, world frame
  T gapAtFallback = 0;              // 2 ray.(ray - w) for that w, world units squared
};

namespace nesterov_detail {

template <class T>
inline void solve(Simplex<T>* simplex) {
  if (simplex->count == 2) {
    simplex->solve2();
  } else if (simplex->count == 3) {
    simplex->solve3();
  }
}

template <class T>
inline void recordFallback(NesterovReport<T>* report, NesterovFallback reason, int k, Vec2<T> ray,
                           Vec2<T> direction, Vec2<T> w, T gap) {
  if (report == nullptr) {
    return;
  }
  report->fallback = reason;
  report->momentumStopIteration = k;
  report->rayAtFallback = ray;
  report->directionAtFallback = direction;
  report->supportAtFallback = w;
  report->gapAtFallback = gap;
}

}  // namespace nesterov_detail

template <class T>
void nesterovDistance(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
                      Trace<T>* trace, NesterovReport<T>* report) {
  const T tol = NESTEROV_TOLERANCE<T>;
  if (report != nullptr) {
    *report = NesterovReport<T>{};
  }

  Simplex<T> simplex = readCache(*cache, input);
  nesterov_detail::solve(&simplex);
  TraceStep<T>* step = beginTraceStep(trace, simplex);

  Vec2<T> ray = simplex.closestPoint();
  T rl = length(ray);  // sqrt, rounded in T
  Vec2<T> w = ray;     // coal: w = ray, dir = ray before the first pass
  Vec2<T> dir = ray;
  bool accelerated = true;  // coal: current_gjk_variant == NesterovAcceleration
  int k = 0;                // coal's `iterations`: completed passes
  int supportCalls = 0;
  Termination termination = Termination::IterationCap;

  bool done = false;
  if (simplex.count == 3) {  // a cached triangle already holds the origin
    termination = Termination::Containment;
    done = true;
  }
  while (!done) {
    // Check A: the origin is within tol of the simplex: coal calls it a collision (touching).
    if (rl < tol) {
      termination = Termination::RayBelowTolerance;
      break;
    }

    if (accelerated) {
      // (k + 2) / (k + 3): k + 2 and k + 3 are exact in T for k <= 128; one rounding in the division.
      T momentum = (T(k) + T(2)) / (T(k) + T(3));
      T rest = T(1) - momentum;  // exact: momentum is in [2/3, 1) and 1 - momentum is a Sterbenz subtraction
      Vec2<T> y = momentum * ray + rest * w;
      T yNorm = length(y);      // sqrt, rounded in T; inf above sqrt(max of T)
      T dirNorm = length(dir);  // idem
      if (yNorm > T(0) && dirNorm > T(0) && std::isfinite(yNorm) && std::isfinite(dirNorm)) {
        // Coal's operation order (Eigen): (momentum * dir) / |dir| + ((1 - momentum) * y) / |y|, per
        // component: two products, two true divisions (the normalization), one sum; each rounds in T.
        Vec2<T> a = momentum * dir;
        Vec2<T> b = rest * y;
        dir = {a.x / dirNorm + b.x / yNorm, a.y / dirNorm + b.y / yNorm};
      } else {
        accelerated = false;
        nesterov_detail::recordFallback(report, NesterovFallback::DegenerateDirection, k, ray, -dir, w,
                                        T(0));
      }
    }
    if (!accelerated) {
      dir = ray;  // plain GJK: support along -ray
    }

    Vec2<T> d = -dir;  // the search direction: support of B - A furthest along d
    if (step != nullptr) {
      step->direction = d;
    }
    SimplexVertex<T> vertex = supportVertex(input, d);
    ++supportCalls;
    if (accelerated && report != nullptr) {
      ++report->acceleratedSupportCalls;
    }
    if (step != nullptr) {
      step->hasSupport = true;
      step->support = vertex;
    }
    w = vertex.w;

    // 2 ray.(ray - w): one subtraction per component, the dot product's three roundings, and an exact
    // doubling. World units squared.
    T gap = T(2) * dot(ray, ray - w);

    // Coal's check to remove acceleration: the momentum direction's support does not improve on ray.
    if (accelerated && gap - tol <= T(0)) {
      accelerated = false;
      nesterov_detail::recordFallback(report, NesterovFallback::DualityGapCheck, k, ray, d, w, gap);
      step = beginTraceStep(trace, simplex);  // the same simplex, redone with the plain direction
      continue;
    }

    // Check C, DualityGap / Relative, in coal's operation order: ((gap / tol) * rl) - (tol * rl).
    // Coal (gjk.cpp:307-315) first asks whether the direction is still accelerated and, if so, drops w
    // and redoes the pass plain. That branch cannot be taken with this port's arithmetic, so it is not
    // written: accelerated here means fl(gap - tol) > 0, so gap > tol and fl(gap / tol) >= 1, hence
    // fl(fl(gap / tol) * rl) >= rl, while rl >= tol (check A) and tol < 1/2 give fl(tol * rl) <= rl / 2:
    // the difference is at least rl / 2 > 0 (an overflow to inf keeps it positive; inf or NaN in rl or
    // gap makes it NaN), so `converged` is false whenever `accelerated` is true.
    bool converged = (gap / tol * rl) - tol * rl <= T(0);
    if (k > 0 && converged) {
      termination = Termination::DualityGap;
      break;
    }

    simplex.v[simplex.count++] = vertex;
    nesterov_detail::solve(&simplex);
    step = beginTraceStep(trace, simplex);
    ray = simplex.closestPoint();
    rl = length(ray);  // sqrt, rounded in T
    if (simplex.count == 3) {  // coal: `inside`
      termination = Termination::Containment;
      break;
    }
    if (rl == T(0)) {  // coal: rl == 0 is a collision; the origin lies on the simplex
      termination = Termination::RayZero;
      break;
    }
    if (++k >= NESTEROV_MAX_ITERATIONS) {
      termination = Termination::IterationCap;
      break;
    }
  }

  bool overlap = termination == Termination::RayBelowTolerance || termination == Termination::RayZero;
  finishOutput(input, simplex, supportCalls, termination, cache, output, overlap, trace);
}

struct NesterovStrategy {
  static constexpr const char* NAME = "nesterov";
  template <class T>
  static void distance(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
                       Trace<T>* trace) {
    nesterovDistance(input, cache, output, trace, static_cast<NesterovReport<T>*>(nullptr));
  }
  // The same query, also reporting what the acceleration did (the fallback and when it happened).
  template <class T>
  static void distance(const DistanceInput<T>& input, SimplexCache<T>* cache, DistanceOutput<T>* output,
                       Trace<T>* trace, NesterovReport<T>* report) {
    nesterovDistance(input, cache, output, trace, report);
  }
};

}  // namespace gjk
