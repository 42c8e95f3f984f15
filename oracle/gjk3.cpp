// Method 2 of the 3D oracle: GJK (Gilbert, Johnson and Keerthi 1988) in exact integers, with Johnson's
// distance sub-algorithm on exact integer cofactors. Shares nothing geometric with method 1 (hull3.cpp,
// solve_hull3.cpp).
#include "oracle/gjk3.h"

#include <gmp.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace gjk::oracle {

const IntPoint3& extremePoint(const std::vector<IntPoint3>& points, const IntPoint3& direction) {
  const IntPoint3* best = &points[0];
  Integer bestValue = dot(direction, points[0]);
  for (std::size_t i = 1; i < points.size(); ++i) {
    Integer value = dot(direction, points[i]);
    if (value > bestValue) {
      bestValue = std::move(value);
      best = &points[i];
    }
  }
  return *best;
}

IntPoint3 SupportMap3::operator()(const IntPoint3& direction) const {
  // A's point least along d is its first greatest along -d (negation is exact).
  return extremePoint(scaled_.worldB, direction) - extremePoint(scaled_.worldA, IntPoint3{} - direction);
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

// ---- The guess: GJK in double, a guide only ---------------------------------------------------------------
// The exact loop may start from any affinely independent points of M and ends with the same answer whatever
// the start (the closest point of M is unique, the stop test is exact, and the expanding polytope's answer is
// the nearest face plane of M itself). So a GJK in double on doubles of the exact integers proposes a final
// simplex, and the exact loop starts from it: when the guess is right the exact work is one Johnson step and
// one support query; when it is wrong (rounding, a degenerate simplex, a wrong region) the exact loop takes
// more steps, and nothing else changes. No decision of the answer is made in double.

struct Guess3 {
  double x = 0, y = 0, z = 0;
};

double dot(const Guess3& p, const Guess3& q) { return p.x * q.x + p.y * q.y + p.z * q.z; }
Guess3 minus(const Guess3& p, const Guess3& q) { return {p.x - q.x, p.y - q.y, p.z - q.z}; }

// Doubles of the points, all scaled by 2^-shift so that none overflows (truncated by GMP; finite always).
std::vector<Guess3> guessPoints(const std::vector<IntPoint3>& points, long shift) {
  const auto convert = [shift](const Integer& value) {
    long exponent = 0;
    const double mantissa = mpz_get_d_2exp(&exponent, value.backend().data());
    return std::ldexp(mantissa, static_cast<int>(std::max(-2000L, std::min(2000L, exponent - shift))));
  };
  std::vector<Guess3> result;
  result.reserve(points.size());
  for (const IntPoint3& p : points) result.push_back({convert(p.x), convert(p.y), convert(p.z)});
  return result;
}

// Johnson's sub-algorithm in double (the exact one's recursion): the valid subset's mask and its closest point;
// mask 0 when rounding leaves no subset valid.
int guessJohnson(const std::vector<Guess3>& y, Guess3& closest) {
  const int count = static_cast<int>(y.size());
  double dots[4][4];
  for (int i = 0; i < count; ++i) {
    for (int j = 0; j < count; ++j) dots[i][j] = dot(y[i], y[j]);
  }
  double delta[16][4] = {};
  const int full = (1 << count) - 1;
  for (int mask = 1; mask <= full; ++mask) {
    for (int j = 0; j < count; ++j) {
      if (!(mask & (1 << j))) continue;
      const int rest = mask & ~(1 << j);
      if (rest == 0) {
        delta[mask][j] = 1;
        continue;
      }
      int k = 0;
      while (!(rest & (1 << k))) ++k;
      double value = 0;
      for (int i = 0; i < count; ++i) {
        if (rest & (1 << i)) value += delta[rest][i] * (dots[i][k] - dots[i][j]);
      }
      delta[mask][j] = value;
    }
  }
  for (int mask = 1; mask <= full; ++mask) {
    bool valid = true;
    double sum = 0;
    for (int i = 0; i < count && valid; ++i) {
      if (mask & (1 << i)) {
        valid = delta[mask][i] > 0;
        sum += delta[mask][i];
      } else {
        valid = delta[mask | (1 << i)][i] <= 0;
      }
    }
    if (!valid || !(sum > 0) || !std::isfinite(sum)) continue;
    closest = {};
    for (int i = 0; i < count; ++i) {
      if (!(mask & (1 << i))) continue;
      const double weight = delta[mask][i] / sum;
      closest.x += weight * y[i].x;
      closest.y += weight * y[i].y;
      closest.z += weight * y[i].z;
    }
    return mask;
  }
  return 0;
}

// GJK in double on M = {b - a}: the index pairs (into worldA, worldB) of its last simplex.
std::vector<std::pair<int, int>> guessSimplex(const ScaledCase3& scaled) {
  long bits = 0;
  for (const std::vector<IntPoint3>* points : {&scaled.worldA, &scaled.worldB}) {
    for (const IntPoint3& p : *points) {
      for (const Integer* c : {&p.x, &p.y, &p.z}) {
        bits = std::max(bits, static_cast<long>(mpz_sizeinbase(c->backend().data(), 2)));
      }
    }
  }
  const long shift = std::max(0L, bits - 500);  // |coordinates| below 2^500: products and sums stay finite
  const std::vector<Guess3> a = guessPoints(scaled.worldA, shift), b = guessPoints(scaled.worldB, shift);
  std::vector<std::pair<int, int>> simplex = {{0, 0}};
  for (int step = 0; step < 64; ++step) {
    std::vector<Guess3> y;
    for (const auto& [i, j] : simplex) y.push_back(minus(b[j], a[i]));
    Guess3 v;
    const int mask = guessJohnson(y, v);
    if (mask == 0) break;
    std::vector<std::pair<int, int>> kept;
    for (std::size_t k = 0; k < simplex.size(); ++k) {
      if (mask & (1 << k)) kept.push_back(simplex[k]);
    }
    simplex = std::move(kept);
    const double vv = dot(v, v);
    if (!(vv > 0) || simplex.size() == 4) break;
    int bestA = 0, bestB = 0;
    for (int i = 1; i < static_cast<int>(a.size()); ++i) {
      if (dot(a[i], v) > dot(a[bestA], v)) bestA = i;  // a . (-v) least
    }
    for (int j = 1; j < static_cast<int>(b.size()); ++j) {
      if (dot(b[j], v) < dot(b[bestB], v)) bestB = j;  // b . (-v) greatest
    }
    if (std::find(simplex.begin(), simplex.end(), std::make_pair(bestA, bestB)) != simplex.end()) break;
    if (vv - dot(v, minus(b[bestB], a[bestA])) <= 0x1p-40 * vv) break;
    simplex.emplace_back(bestA, bestB);
  }
  return simplex;
}

}  // namespace

// Exact: integer support points, integer cofactors, and the stopping test v.v - v.w <= 0 on
// v = V / D (D > 0) multiplied by D^2: V.V - D (V.w) <= 0. Each step that does not stop adds w with
// v.w < v.v = v.x for every x of the subset (v is orthogonal to its affine hull), so the simplex stays
// affinely independent and |v| strictly decreases: the loop ends on a polytope. It ends with v = 0 exactly
// when the origin is in the hull (if 0 is in it, v.w <= v.0 = 0 < v.v never stops it).
std::vector<IntPoint3> affinelyIndependentSubset(const std::vector<IntPoint3>& points) {
  std::vector<IntPoint3> kept;
  for (const IntPoint3& point : points) {
    if (kept.size() == 4) break;
    bool independent = true;
    if (kept.size() == 1) {
      independent = !(point == kept[0]);
    } else if (kept.size() == 2) {
      independent = !isZero(cross(kept[1] - kept[0], point - kept[0]));
    } else if (kept.size() == 3) {
      independent = dot(cross(kept[1] - kept[0], kept[2] - kept[0]), point - kept[0]) != 0;
    }
    if (independent) kept.push_back(point);
  }
  return kept;
}

SubsetClosest closestToOrigin3(const std::function<IntPoint3(const IntPoint3&)>& support,
                               std::vector<IntPoint3> start) {
  if (start.empty() || start.size() > 4) {
    throw std::logic_error("oracle: exact GJK starts from 1 to 4 points");
  }
  std::vector<IntPoint3> simplex = std::move(start);
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

// GJK on M's support points (closestToOrigin3) from the double GJK's guess, then the exact expanding polytope when
// the origin is in M.
namespace {

// Method 2's GJK on M's support points (closestToOrigin3) from the double GJK's guess.
SubsetClosest closestOfDifference(const ScaledCase3& scaled, const SupportMap3& support) {
  std::vector<IntPoint3> start;
  for (const auto& [i, j] : guessSimplex(scaled)) start.push_back(scaled.worldB[j] - scaled.worldA[i]);
  return closestToOrigin3(support, affinelyIndependentSubset(start));
}

}  // namespace

ExactAnswer3 solveWithoutHull3(const InputShape3& a, const InputShape3& b) {
  const ScaledCase3 scaled = scaleCase3(a, b);
  const SupportMap3 support(scaled);
  CoreResult3 core;
  SubsetClosest closest = closestOfDifference(scaled, support);
  if (isZero(closest.numerator)) {
    expandPolytope3(support, std::move(closest.subset), core);
  } else {
    core.closestNumerator = std::move(closest.numerator);
    core.closestDenominator = std::move(closest.denominator);
  }
  return answerFrom3(scaled, core);
}

ExactDistance3 coreDistance3(const InputShape3& a, const InputShape3& b) {
  const ScaledCase3 scaled = scaleCase3(a, b);
  const SupportMap3 support(scaled);
  const SubsetClosest closest = closestOfDifference(scaled, support);
  ExactDistance3 distance;
  distance.closestPoint = closestPointFrom3(scaled, closest.numerator, closest.denominator);
  const ExactPoint3& p = distance.closestPoint;
  distance.coreDistanceSquared = p.x * p.x + p.y * p.y + p.z * p.z;
  return distance;
}

}  // namespace gjk::oracle
