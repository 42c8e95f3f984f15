// Exact signs of small polynomials in float coordinates: the orientation and dot-product tests of the
// `robust` strategy (core/strategies/robust.h). Shares no code with oracle/.
//
// Every test here is the sign of a sum of n <= 6 products of two floats, sum_i s_i x_i y_i with s_i = +-1.
// A product of two floats is exact in double (24 + 24 significant bits <= 53, exponents in [-298, 256]:
// no overflow, no underflow), so only the sum rounds. The filter sums the products in double and accepts
// the sign when the sum exceeds its proven error bound; otherwise the exact fallback adds the products as a
// floating-point expansion (Shewchuk's Grow-Expansion with Knuth's Two-Sum), which has no rounding at all.
//
// The bound (docs/strategies.md, "robust", proves it): with u = 2^-53 and A = the double sum of |p_i| in
// the same order, |fl(sum p_i) - sum p_i| <= n u A.
#pragma once

#include <cmath>

#if defined(__GNUC__)
#define GJK_EXACT_HOT [[gnu::always_inline]] inline
#define GJK_EXACT_COLD [[gnu::noinline]] inline
#else
#define GJK_EXACT_HOT inline
#define GJK_EXACT_COLD inline
#endif

namespace gjk {
namespace exact {

inline constexpr int MAX_TERMS = 6;

// Knuth's Two-Sum: a + b = s + e exactly, s = fl(a + b) (no overflow: every term is below 2^259 here).
inline void twoSum(double a, double b, double* s, double* e) {
  const double x = a + b;
  const double bv = x - a;
  const double av = x - bv;
  const double br = b - bv;
  const double ar = a - av;
  *s = x;
  *e = ar + br;
}

// The sign (-1, 0, +1) of the exact sum of n doubles, by Grow-Expansion: after each step the components
// h[0..m) are nonoverlapping and increasing in magnitude (zeros dropped) and sum exactly to the terms seen.
// The sign of a nonoverlapping expansion is the sign of its largest component.
GJK_EXACT_COLD int exactSumSign(const double* terms, int n) {
  double h[MAX_TERMS + 1];
  int m = 0;
  for (int i = 0; i < n; ++i) {
    double q = terms[i];
    int k = 0;
    for (int j = 0; j < m; ++j) {
      double s = 0;
      double e = 0;
      twoSum(q, h[j], &s, &e);
      q = s;
      if (e != 0) {
        h[k++] = e;
      }
    }
    if (q != 0) {
      h[k++] = q;
    }
    m = k;
  }
  if (m == 0) {
    return 0;
  }
  return h[m - 1] > 0 ? 1 : -1;
}

// The sign of sum_i terms[i] (n <= MAX_TERMS doubles, each a product of two floats): the double sum when it
// is farther from 0 than n u A (see the file comment), else the exact expansion. `usedFallback`, when given,
// says which path decided.
GJK_EXACT_HOT int filteredSumSign(const double* terms, int n, bool* usedFallback = nullptr) {
  double sum = 0;
  double magnitude = 0;
  for (int i = 0; i < n; ++i) {
    sum += terms[i];
    magnitude += std::fabs(terms[i]);  // a bit clear, no branch
  }
  const double bound = double(n) * 0x1p-53 * magnitude;
  if (usedFallback != nullptr) {
    *usedFallback = false;
  }
  if (sum > bound) {
    return 1;
  }
  if (sum < -bound) {
    return -1;
  }
  if (magnitude == 0) {
    return 0;
  }
  if (usedFallback != nullptr) {
    *usedFallback = true;
  }
  return exactSumSign(terms, n);
}

// Sign of a.x b.y - a.y b.x for float a, b: two exact products and one subtraction, whose rounding keeps
// the sign (round to nearest is monotone, and x - y = 0 only when x = y with gradual underflow). Exact.
GJK_EXACT_HOT int crossSign(float ax, float ay, float bx, float by) {
  const double d = double(ax) * double(by) - double(ay) * double(bx);
  return (d > 0) - (d < 0);
}

// Sign of a.(a - b) = a.a - a.b for float a, b (the edge-region tests of the simplex solve), exact. Filter:
// the differences a - b in double, their products with a, their sum: five roundings, each by a factor within
// 1 +- u, so with p1, p2 the rounded products and A = fl(|p1| + |p2|) the error is at most 4 u A
// (docs/strategies.md proves it); otherwise the four exact products of a.a - a.b go to the exact sum.
GJK_EXACT_HOT int selfDotDifferenceSign(float ax, float ay, float bx, float by) {
  const double p1 = double(ax) * (double(ax) - double(bx));
  const double p2 = double(ay) * (double(ay) - double(by));
  const double sum = p1 + p2;
  const double bound = 0x1p-51 * (std::fabs(p1) + std::fabs(p2));  // 4 u A, u = 2^-53
  if (sum > bound) {
    return 1;
  }
  if (sum < -bound) {
    return -1;
  }
  const double terms[4] = {double(ax) * double(ax), double(ay) * double(ay), -(double(ax) * double(bx)),
                           -(double(ay) * double(by))};
  return exactSumSign(terms, 4);
}

// Sign of cross(b - a, c - a) = cross(a, b) + cross(b, c) + cross(c, a) (six products), exact: positive
// when a, b, c turn counter-clockwise.
GJK_EXACT_HOT int orientationSign(float ax, float ay, float bx, float by, float cx, float cy) {
  const double terms[6] = {double(ax) * double(by), -(double(ay) * double(bx)), double(bx) * double(cy),
                           -(double(by) * double(cx)), double(cx) * double(ay), -(double(cy) * double(ax))};
  return filteredSumSign(terms, 6);
}

}  // namespace exact
}  // namespace gjk
