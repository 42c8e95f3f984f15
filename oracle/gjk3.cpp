// Method 2 of the 3D oracle: GJK (Gilbert, Johnson and Keerthi 1988) in exact integers, with Johnson's
// distance sub-algorithm on exact integer cofactors. Shares nothing geometric with method 1 (hull3.cpp,
// solve_hull3.cpp).
#include "oracle/gjk3.h"

#include <stdexcept>
#include <utility>

namespace gjk::oracle {

IntPoint3 SupportMap3::operator()(const IntPoint3& direction) const {
  const auto extreme = [&direction](const std::vector<IntPoint3>& points, bool largest) -> const IntPoint3& {
    const IntPoint3* best = &points[0];
    Integer bestValue = dot(direction, points[0]);
    for (std::size_t i = 1; i < points.size(); ++i) {
      Integer value = dot(direction, points[i]);
      if (largest ? value > bestValue : value < bestValue) {
        bestValue = std::move(value);
        best = &points[i];
      }
    }
    return *best;
  };
  return extreme(scaled_.worldB, true) - extreme(scaled_.worldA, false);
}

// Exact: Johnson's sub-algorithm (Gilbert, Johnson and Keerthi 1988, appendix; van den Bergen 2003, 4.3.3).
// The cofactors Delta_i(X) are integer polynomials in the dot products y_i . y_j:
//   Delta_i({y_i}) = 1,  Delta_j(X + {y_j}) = sum over i in X of Delta_i(X) (y_i . y_k - y_i . y_j),
// with k the smallest index in X. For affinely independent Y exactly one subset X has Delta_i(X) > 0 for
// each i in X and Delta_j(X + {y_j}) <= 0 for each j outside it; the closest point is then
// sum Delta_i(X) y_i / sum Delta_i(X), in the relative interior of hull(X).
SubsetClosest johnson(const std::vector<IntPoint3>& y) {
  const int count = static_cast<int>(y.size());
  Integer dots[4][4];
  for (int i = 0; i < count; ++i) {
    for (int j = i; j < count; ++j) {
      dots[i][j] = dot(y[i], y[j]);
      dots[j][i] = dots[i][j];
    }
  }
  Integer delta[16][4];
  const int full = (1 << count) - 1;
  for (int mask = 1; mask <= full; ++mask) {  // a subset comes after its own subsets
    for (int j = 0; j < count; ++j) {
      if (!(mask & (1 << j))) continue;
      const int rest = mask & ~(1 << j);
      if (rest == 0) {
        delta[mask][j] = 1;
        continue;
      }
      int k = 0;
      while (!(rest & (1 << k))) ++k;
      Integer value = 0;
      for (int i = 0; i < count; ++i) {
        if (rest & (1 << i)) value += delta[rest][i] * (dots[i][k] - dots[i][j]);
      }
      delta[mask][j] = std::move(value);
    }
  }
  for (int mask = 1; mask <= full; ++mask) {
    bool valid = true;
    for (int i = 0; i < count && valid; ++i) {
      if (mask & (1 << i)) {
        valid = delta[mask][i] > 0;
      } else {
        valid = delta[mask | (1 << i)][i] <= 0;
      }
    }
    if (!valid) continue;
    SubsetClosest result{{}, {0, 0, 0}, 0};
    for (int i = 0; i < count; ++i) {
      if (!(mask & (1 << i))) continue;
      result.subset.push_back(y[i]);
      result.numerator.x += delta[mask][i] * y[i].x;
      result.numerator.y += delta[mask][i] * y[i].y;
      result.numerator.z += delta[mask][i] * y[i].z;
      result.denominator += delta[mask][i];
    }
    return result;
  }
  throw std::logic_error("oracle: Johnson's sub-algorithm found no subset (an affinely dependent simplex)");
}

namespace {

// Exact GJK can only end or shrink |v|; this many steps would mean a bug, not a hard case.
constexpr int STEP_LIMIT = 100000;

}  // namespace

// Exact: integer support points, integer cofactors, and the stopping test v.v - v.w <= 0 on
// v = V / D (D > 0) multiplied by D^2: V.V - D (V.w) <= 0. Each step that does not stop adds w with
// v.w < v.v = v.x for every x of the subset (v is orthogonal to its affine hull), so the simplex stays
// affinely independent and |v| strictly decreases: the loop ends on a polytope. It ends with v = 0 exactly
// when the origin is in the hull (if 0 is in it, v.w <= v.0 = 0 < v.v never stops it).
SubsetClosest closestToOrigin3(const std::function<IntPoint3(const IntPoint3&)>& support, IntPoint3 start) {
  std::vector<IntPoint3> simplex = {std::move(start)};
  for (int step = 0;; ++step) {
    if (step == STEP_LIMIT) {
      throw std::logic_error("oracle: exact GJK did not end");
    }
    SubsetClosest closest = johnson(simplex);
    if (isZero(closest.numerator)) {
      return closest;
    }
    const IntPoint3 w = support(IntPoint3{} - closest.numerator);
    if (dot(closest.numerator, closest.numerator) - closest.denominator * dot(closest.numerator, w) <= 0) {
      return closest;
    }
    simplex = std::move(closest.subset);
    simplex.push_back(w);
  }
}

// GJK on M's support points (closestToOrigin3), then the exact expanding polytope when the origin is in M.
ExactAnswer3 solveWithoutHull3(const InputShape3& a, const InputShape3& b) {
  const ScaledCase3 scaled = scaleCase3(a, b);
  const SupportMap3 support(scaled);
  CoreResult3 core;
  SubsetClosest closest = closestToOrigin3(support, scaled.worldB[0] - scaled.worldA[0]);
  if (isZero(closest.numerator)) {
    expandPolytope3(support, std::move(closest.subset), core);
  } else {
    core.closestNumerator = std::move(closest.numerator);
    core.closestDenominator = std::move(closest.denominator);
  }
  return answerFrom3(scaled, core);
}

}  // namespace gjk::oracle
