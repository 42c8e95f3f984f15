// The scale S of docs/verdict.md (oracle.h problemScale): the size of the terms a float engine adds to place
// each vertex in the world, so that the rounding of the transform is inside the unit u = S 2^-24 and is
// not charged to GJK.
#include <algorithm>
#include <cmath>
#include <vector>

#include <climits>

#include "oracle/dyadic.h"
#include "oracle/exact_points.h"
#include "oracle/oracle.h"

namespace gjk::oracle {

namespace {

// The three terms of one world coordinate, each exact in double (a product of two floats has at most 48
// significant bits and an exponent in [-298, 256]; see appendWorldTerms), taken in absolute value.
struct AbsoluteTerms {
  double t[3] = {0, 0, 0};
  double approximate = 0;  // (t0 + t1) + t2 rounded to nearest: within 2^-52 of the exact sum, relative
};

void appendTerms(const InputShape& shape, std::vector<AbsoluteTerms>& out) {
  const double c = std::fabs(shape.rotationC), s = std::fabs(shape.rotationS);
  const double px = std::fabs(shape.positionX), py = std::fabs(shape.positionY);
  for (const InputPoint& vertex : shape.vertices) {
    const double x = std::fabs(vertex.x), y = std::fabs(vertex.y);
    for (const AbsoluteTerms& terms : {AbsoluteTerms{{c * x, s * y, px}}, AbsoluteTerms{{s * x, c * y, py}}}) {
      AbsoluteTerms entry = terms;
      entry.approximate = (entry.t[0] + entry.t[1]) + entry.t[2];
      out.push_back(entry);
    }
  }
}

}  // namespace

// Exact. Each sum of three non-negative doubles is rounded twice to nearest, so the double `approximate`
// is within a factor (1 +- 2^-53)^2 of the exact sum, inside [a (1 - 2^-50), a (1 + 2^-50)] even after
// those two bounds are themselves rounded (no term is subnormal or overflows in double). A sum whose
// upper bound is below the largest lower bound cannot be the maximum; the few that remain are summed
// exactly as rationals and compared exactly.
Rational problemScale(const InputShape& a, const InputShape& b) {
  thread_local std::vector<AbsoluteTerms> sums;  // kept per thread: no allocation per case
  sums.clear();
  sums.reserve(2 * (a.vertices.size() + b.vertices.size()));
  appendTerms(a, sums);
  appendTerms(b, sums);
  const double margin = std::ldexp(1.0, -50);
  double largestLower = 0;
  for (const AbsoluteTerms& sum : sums) {
    largestLower = std::max(largestLower, sum.approximate * (1 - margin));
  }
  // The candidates' exact sums: as integers in units of 2^lowest when every term fits 120 bits (then a
  // sum of three stays below 2^122), compared exactly as integers; otherwise as rationals.
  thread_local std::vector<const AbsoluteTerms*> candidates;
  candidates.clear();
  int lowest = INT_MAX, highest = INT_MIN;
  for (const AbsoluteTerms& sum : sums) {
    if (sum.approximate * (1 + margin) >= largestLower) {
      candidates.push_back(&sum);
      for (double term : sum.t) {
        const Dyadic split = splitDouble(term);  // exact
        if (split.mantissa != 0) {
          lowest = std::min(lowest, split.exponent);
          const int bits = 64 - __builtin_clzll(static_cast<unsigned long long>(split.mantissa));
          highest = std::max(highest, split.exponent + bits);
        }
      }
    }
  }
  // The radii join the integers when they fit too: then S = largest + rA + rB is one integer in units of
  // 2^lowest (below 2^123), a canonical rational by setDyadic, the same as the rational sum below.
  const Dyadic radii[2] = {splitFloat(a.radius), splitFloat(b.radius)};
  int lowestWithRadii = lowest, highestWithRadii = highest;
  for (const Dyadic& radius : radii) {
    if (radius.mantissa != 0) {
      lowestWithRadii = std::min(lowestWithRadii, radius.exponent);
      const int bits = 64 - __builtin_clzll(static_cast<unsigned long long>(radius.mantissa));
      highestWithRadii = std::max(highestWithRadii, radius.exponent + bits);
    }
  }
  Rational largest = 0;
  if (lowestWithRadii != INT_MAX && highestWithRadii - lowestWithRadii <= 120) {
    const auto integer = [lowestWithRadii](const Dyadic& split) -> __int128 {
      return split.mantissa == 0 ? 0 : static_cast<__int128>(split.mantissa) << (split.exponent - lowestWithRadii);
    };
    __int128 best = 0;
    for (const AbsoluteTerms* sum : candidates) {
      __int128 value = 0;
      for (double term : sum->t) value += integer(splitDouble(term));  // non-negative
      best = std::max(best, value);
    }
    const __int128 total = best + integer(radii[0]) + integer(radii[1]);  // radii >= 0
    Rational scale;
    if (total == 0) {
      scale = Rational(Integer(1), Integer(1) << 126);  // the smallest normal float, 2^-126
    } else {
      setDyadic(scale, total, lowestWithRadii);  // exact, canonical
    }
    return scale;
  }
  if (lowest == INT_MAX) {
    // every candidate is 0
  } else if (highest - lowest <= 120) {
    __int128 best = 0;
    for (const AbsoluteTerms* sum : candidates) {
      __int128 value = 0;
      for (double term : sum->t) {
        const Dyadic split = splitDouble(term);  // non-negative
        if (split.mantissa != 0) value += static_cast<__int128>(split.mantissa) << (split.exponent - lowest);
      }
      best = std::max(best, value);
    }
    setDyadic(largest, best, lowest);  // exact, canonical
  } else {
    for (const AbsoluteTerms* sum : candidates) {
      const Rational exact = exactDouble(sum->t[0]) + exactDouble(sum->t[1]) + exactDouble(sum->t[2]);
      if (exact > largest) {
        largest = exact;
      }
    }
  }
  Rational scale = largest + exactFloat(a.radius) + exactFloat(b.radius);
  if (scale == 0) {
    scale = Rational(Integer(1), Integer(1) << 126);  // the smallest normal float, 2^-126
  }
  return scale;
}

}  // namespace gjk::oracle
