// Exact signs of the small polynomials in float coordinates that the `robust3` strategy's region decisions
// read (core/strategies/robust3.h): degree 2 (a.a - a.b), degree 3 (det(a, b, c) and the orientation of four
// points) and degree 4 (the triangle's barycentric cofactors n.(p x q)). Shares no code with oracle/.
//
// Every input is a float, an exact dyadic. A product of two floats is exact in double (48 significant bits,
// exponent in [-298, 256]); a product of two such products (degree 3 or 4) has at most 96 significant bits and
// is split exactly into two doubles by Dekker's two-product (Veltkamp's split, no fused multiply-add needed;
// -ffp-contract=off keeps the compiler from fusing). No term underflows: the smallest nonzero product of four
// floats is 2^-596, its low part above 2^-702, both normal doubles; robust3 calls these on coordinates below 2
// (it rescales by a power of two first), so nothing overflows either.
//
// Each sign is first filtered: the polynomial evaluated in double with a proven error bound (each function says
// which); only when the double value is within its bound of 0 are the exact terms summed as a floating-point
// expansion (Shewchuk's Grow-Expansion with Knuth's Two-Sum), which has no rounding at all.
#pragma once

#include <cmath>

#include "core/vec3.h"

#if defined(__GNUC__)
#define GJK_EXACT3_HOT [[gnu::always_inline]] inline
#define GJK_EXACT3_COLD [[gnu::noinline]] inline
#else
#define GJK_EXACT3_HOT inline
#define GJK_EXACT3_COLD inline
#endif

namespace gjk {
namespace exact3 {

// Knuth's Two-Sum: a + b = s + e exactly, s = fl(a + b).
inline void twoSum(double a, double b, double* s, double* e) {
  const double x = a + b;
  const double bv = x - a;
  const double av = x - bv;
  const double br = b - bv;
  const double ar = a - av;
  *s = x;
  *e = ar + br;
}

// Veltkamp's split: a = hi + lo exactly, each with at most 26 significant bits.
inline void split(double a, double* hi, double* lo) {
  const double c = 134217729.0 * a;  // 2^27 + 1
  const double big = c - a;
  *hi = c - big;
  *lo = a - *hi;
}

// Dekker's two-product: a b = x + y exactly, x = fl(a b) (no overflow or underflow in the ranges above).
inline void twoProduct(double a, double b, double* x, double* y) {
  *x = a * b;
  double ah = 0;
  double al = 0;
  double bh = 0;
  double bl = 0;
  split(a, &ah, &al);
  split(b, &bh, &bl);
  const double err1 = *x - ah * bh;
  const double err2 = err1 - al * bh;
  const double err3 = err2 - ah * bl;
  *y = al * bl - err3;
}

// A list of at most N doubles whose exact sum is the polynomial's value.
template <int N>
struct Terms {
  double t[N];
  int n = 0;
  void add(double x) {
    if (x != 0) {  // zeros change nothing (flat and axis-aligned inputs give many)
      t[n++] = x;
    }
  }
  // Adds a b exactly (two doubles).
  void addProduct(double a, double b) {
    if (a == 0 || b == 0) {
      return;
    }
    double x = 0;
    double y = 0;
    twoProduct(a, b, &x, &y);
    t[n++] = x;
    if (y != 0) {
      t[n++] = y;
    }
  }
  // The sign of the exact sum by Grow-Expansion: the components h[0..m) stay nonoverlapping and increasing
  // in magnitude (zeros dropped) and sum exactly to the terms seen; the sign is the largest component's.
  int sign() const {
    double h[N + 1];
    int m = 0;
    for (int i = 0; i < n; ++i) {
      double q = t[i];
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
};

inline int signOf(double x) { return (x > 0) - (x < 0); }

// ---- degree 2 ------------------------------------------------------------------------------------------

GJK_EXACT3_COLD int selfDotDifferenceExact(const Vec3<float>& a, const Vec3<float>& b) {
  Terms<6> terms;
  terms.add(double(a.x) * a.x);
  terms.add(double(a.y) * a.y);
  terms.add(double(a.z) * a.z);
  terms.add(-(double(a.x) * b.x));
  terms.add(-(double(a.y) * b.y));
  terms.add(-(double(a.z) * b.z));
  return terms.sign();
}

// Sign of a.a - a.b = a.(a - b). Filter: p_i = a_i (a_i - b_i) in double (the difference and the product
// round, 2 u each relative), summed (two roundings): the error is at most 4 u A + O(u^2) with A = sum |p_i|,
// u = 2^-53; the bound used is 8 u A = 2^-50 A.
GJK_EXACT3_HOT int selfDotDifferenceSign(const Vec3<float>& a, const Vec3<float>& b) {
  const double p1 = double(a.x) * (double(a.x) - double(b.x));
  const double p2 = double(a.y) * (double(a.y) - double(b.y));
  const double p3 = double(a.z) * (double(a.z) - double(b.z));
  const double sum = p1 + p2 + p3;
  const double bound = 0x1p-50 * (std::fabs(p1) + std::fabs(p2) + std::fabs(p3));
  if (sum > bound) {
    return 1;
  }
  if (sum < -bound) {
    return -1;
  }
  return selfDotDifferenceExact(a, b);
}

// The same sign from the dot products a.a and a.b already evaluated in double (robust3's triangle computes the
// six of its three points once): a.a's two sums of exact nonnegative products err by at most 2 u a.a, a.b's by
// 2 u P with P = sum |a_i b_i|, the difference by u more: at most 3.01 u (a.a + P); the bound used is 8 u (a.a +
// P) = 2^-50 (a.a + P). Exact fallback as above.
GJK_EXACT3_HOT int selfDotDifferenceSign(double aa, double ab, double abPermanent, const Vec3<float>& a,
                                         const Vec3<float>& b) {
  const double value = aa - ab;
  const double bound = 0x1p-50 * (aa + abPermanent);
  if (value > bound) {
    return 1;
  }
  if (value < -bound) {
    return -1;
  }
  return selfDotDifferenceExact(a, b);
}

// ---- degree 3 ------------------------------------------------------------------------------------------

// det(a, b, c) = a.(b x c) in double with its error bound: each component of b x c is a difference of two
// exact products (one rounding), times a_i (one), summed (two): at most 4 u P + O(u^2), P = sum |a_i|
// (|b_j c_k| + |b_k c_j|); `bound` is 8 u P = 2^-50 P.
struct Filtered {
  double value;
  double bound;
};

// V: Vec3<float>, or Vec3<double> holding float values (the same products, without the conversions).
template <class V>
GJK_EXACT3_HOT Filtered determinantFiltered(const V& a, const V& b, const V& c) {
  const double bycz = double(b.y) * c.z;
  const double bzcy = double(b.z) * c.y;
  const double bzcx = double(b.z) * c.x;
  const double bxcz = double(b.x) * c.z;
  const double bxcy = double(b.x) * c.y;
  const double bycx = double(b.y) * c.x;
  const double value = double(a.x) * (bycz - bzcy) + double(a.y) * (bzcx - bxcz) + double(a.z) * (bxcy - bycx);
  const double permanent = std::fabs(double(a.x)) * (std::fabs(bycz) + std::fabs(bzcy)) +
                           std::fabs(double(a.y)) * (std::fabs(bzcx) + std::fabs(bxcz)) +
                           std::fabs(double(a.z)) * (std::fabs(bxcy) + std::fabs(bycx));
  return {value, 0x1p-50 * permanent};
}

// The six degree-3 monomials of det(a, b, c), sign s, added exactly (12 doubles).
template <int N>
inline void addDeterminant(Terms<N>* terms, const Vec3<float>& a, const Vec3<float>& b, const Vec3<float>& c,
                           double s) {
  terms->addProduct(s * a.x, double(b.y) * c.z);
  terms->addProduct(-s * a.x, double(b.z) * c.y);
  terms->addProduct(s * a.y, double(b.z) * c.x);
  terms->addProduct(-s * a.y, double(b.x) * c.z);
  terms->addProduct(s * a.z, double(b.x) * c.y);
  terms->addProduct(-s * a.z, double(b.y) * c.x);
}

GJK_EXACT3_COLD int determinantExact(const Vec3<float>& a, const Vec3<float>& b, const Vec3<float>& c) {
  Terms<12> terms;
  addDeterminant(&terms, a, b, c, 1.0);
  return terms.sign();
}

// Sign of det(a, b, c): positive when a, b, c are a right-handed frame; the origin's side of the plane
// through a, b, c is -sign (orient(a, b, c, 0) = det(b - a, c - a, -a) = -det(a, b, c)).
GJK_EXACT3_HOT int determinantSign(const Vec3<float>& a, const Vec3<float>& b, const Vec3<float>& c) {
  const Filtered f = determinantFiltered(a, b, c);
  if (f.value > f.bound) {
    return 1;
  }
  if (f.value < -f.bound) {
    return -1;
  }
  return determinantExact(a, b, c);
}

// Sign of -(d1 + d2 + d3 + d4) for four determinants given filtered (f) and as their rows (exact fallback):
// the tetrahedron's orientation det(B - A, C - A, D - A) = -(det(A,B,C) + det(A,C,D) + det(A,D,B) +
// det(B,D,C)). Filter: each value is within its bound (<= 4 u P_i), the three sums add at most 3 u sum (|d_i|
// + bound_i) <= 3 u (1 + 2^-50) sum P_i: the bound used is 16 u sum P_i = 2 * sum of the 2^-50 P_i bounds.
// The rows of determinant i are points[faces[i][0]], points[faces[i][1]], points[faces[i][2]].
GJK_EXACT3_COLD int negatedDeterminantSumExact(const Vec3<float>* const* points, const int (*faces)[3]) {
  Terms<48> terms;
  for (int i = 0; i < 4; ++i) {
    addDeterminant(&terms, *points[faces[i][0]], *points[faces[i][1]], *points[faces[i][2]], -1.0);
  }
  return terms.sign();
}

GJK_EXACT3_HOT int negatedDeterminantSumSign(const Filtered* f, const Vec3<float>* const* points,
                                             const int (*faces)[3]) {
  const double value = -(f[0].value + f[1].value + f[2].value + f[3].value);
  const double bound = 2.0 * (f[0].bound + f[1].bound + f[2].bound + f[3].bound);
  if (value > bound) {
    return 1;
  }
  if (value < -bound) {
    return -1;
  }
  return negatedDeterminantSumExact(points, faces);
}

// ---- degree 4 ------------------------------------------------------------------------------------------

// Sign of n.(p x q) with n = a x b + b x c + c x a (= (b - a) x (c - a)) for a triangle a, b, c: with
// (p, q) = (b, c), (c, a), (a, b) the barycentric cofactors of the origin's projection on the triangle's
// plane (Ericson's va, vb, vc). Filter: each cross component is a difference of two exact products (one
// rounding); n_k sums three of them (two roundings); times (p x q)_k (one) and the sum over k (two): at most
// 7 u P + O(u^2) with P = sum_k N_k Q_k, N_k the sum of the six |products| in n_k and Q_k the two in
// (p x q)_k; the bound used is 16 u P = 2^-49 P.
GJK_EXACT3_COLD int cofactorExact(const Vec3<float>& a, const Vec3<float>& b, const Vec3<float>& c,
                                  const Vec3<float>& p, const Vec3<float>& q) {
  // n_x = (a_y b_z - a_z b_y) + (b_y c_z - b_z c_y) + (c_y a_z - c_z a_y), and cyclically.
  const Vec3<float> pts[3] = {a, b, c};
  double n[3][6];
  double pq[3][2];
  auto coord = [](Vec3<float> v, int i) { return i == 0 ? double(v.x) : (i == 1 ? double(v.y) : double(v.z)); };
  for (int k = 0; k < 3; ++k) {
    const int i = (k + 1) % 3;
    const int j = (k + 2) % 3;
    for (int e = 0; e < 3; ++e) {
      const Vec3<float> u = pts[e];
      const Vec3<float> v = pts[(e + 1) % 3];
      n[k][2 * e] = coord(u, i) * coord(v, j);
      n[k][2 * e + 1] = -(coord(u, j) * coord(v, i));
    }
    pq[k][0] = coord(p, i) * coord(q, j);
    pq[k][1] = -(coord(p, j) * coord(q, i));
  }
  Terms<72> terms;
  for (int k = 0; k < 3; ++k) {
    for (int e = 0; e < 6; ++e) {
      terms.addProduct(n[k][e], pq[k][0]);
      terms.addProduct(n[k][e], pq[k][1]);
    }
  }
  return terms.sign();
}

// Whether p x q = 0 exactly: each component a difference of two exact products, zero exactly when they are
// equal.
inline bool crossIsZeroExact(const Vec3<float>& p, const Vec3<float>& q) {
  return double(p.y) * q.z == double(p.z) * q.y && double(p.z) * q.x == double(p.x) * q.z &&
         double(p.x) * q.y == double(p.y) * q.x;
}

struct Cross {
  double v[3];    // the components, each rounded once
  double abs[3];  // |first product| + |second product| of each component
};

template <class V>
GJK_EXACT3_HOT Cross crossFiltered(const V& a, const V& b) {
  const double p0 = double(a.y) * b.z;
  const double q0 = double(a.z) * b.y;
  const double p1 = double(a.z) * b.x;
  const double q1 = double(a.x) * b.z;
  const double p2 = double(a.x) * b.y;
  const double q2 = double(a.y) * b.x;
  return {{p0 - q0, p1 - q1, p2 - q2},
          {std::fabs(p0) + std::fabs(q0), std::fabs(p1) + std::fabs(q1), std::fabs(p2) + std::fabs(q2)}};
}

// The three cofactors of a triangle, filtered: signs[0] = sign n.(b x c) (Ericson's va), signs[1] = n.(c x a)
// (vb), signs[2] = n.(a x b) (vc); their double values (relative error at most 2^-49 of the permanent), n in
// double, and det(a, b, c) = a.(b x c) filtered from the same b x c (one rounding per component, times a_k
// and summed: 4 u P, bound 2^-50 P as determinantFiltered).
struct TriangleCofactors {
  int signs[3];
  double values[3];
  double n[3];
  Filtered det;
};

inline Vec3<float> toFloat(const Vec3<float>& v) { return v; }
inline Vec3<float> toFloat(const Vec3<double>& v) { return {float(v.x), float(v.y), float(v.z)}; }  // exact: float values

template <class V>
GJK_EXACT3_HOT TriangleCofactors cofactors(const V& a, const V& b, const V& c) {
  TriangleCofactors t;
  const Cross ab = crossFiltered(a, b);
  const Cross bc = crossFiltered(b, c);
  const Cross ca = crossFiltered(c, a);
  double nAbs[3];
  for (int k = 0; k < 3; ++k) {
    t.n[k] = ab.v[k] + bc.v[k] + ca.v[k];
    nAbs[k] = ab.abs[k] + bc.abs[k] + ca.abs[k];
  }
  const Cross* pq[3] = {&bc, &ca, &ab};
  const V p[3] = {b, c, a};
  const V q[3] = {c, a, b};
  for (int s = 0; s < 3; ++s) {
    double value = 0;
    double permanent = 0;
    for (int k = 0; k < 3; ++k) {
      value += t.n[k] * pq[s]->v[k];
      permanent += nAbs[k] * pq[s]->abs[k];
    }
    t.values[s] = value;
    const double bound = 0x1p-49 * permanent;
    if (value > bound) {
      t.signs[s] = 1;
    } else if (value < -bound) {
      t.signs[s] = -1;
    } else if (pq[s]->v[0] == 0 && pq[s]->v[1] == 0 && pq[s]->v[2] == 0) {
      t.signs[s] = 0;  // p x q = 0 exactly (each component a difference of two exact products), so n.(p x q) = 0
    } else {
      t.signs[s] = cofactorExact(toFloat(a), toFloat(b), toFloat(c), toFloat(p[s]), toFloat(q[s]));
    }
  }
  t.det.value = double(a.x) * bc.v[0] + double(a.y) * bc.v[1] + double(a.z) * bc.v[2];
  t.det.bound = 0x1p-50 * (std::fabs(double(a.x)) * bc.abs[0] + std::fabs(double(a.y)) * bc.abs[1] +
                           std::fabs(double(a.z)) * bc.abs[2]);
  return t;
}

// The three cofactor signs from the six dot products of a, b, c already evaluated in double (each a sum of
// three exact products: error at most 2 u P(x), P(x) the sum of the |products|, P(a.a) = a.a), by
// Binet-Cauchy, (p x q).(r x s) = (p.r)(q.s) - (p.s)(q.r):
//   va = n.(b x c) = ab bc - ac bb + bb cc - bc bc + bc ac - cc ab
//   vb = n.(c x a) = ac ab - aa bc + bc ac - ab cc + cc aa - ac ac
//   vc = n.(a x b) = aa bb - ab ab + ab bc - bb ac + ac ab - bc aa
// A product x y of two such values errs by at most 5.01 u P(x) P(y) (both factors' errors and its own
// rounding), the five sums by at most 5 u (1 + 5u) sum P P more: at most 10.1 u sum P(x) P(y); the bound used
// is 32 u sum P(x) P(y) = 2^-48 sum P(x) P(y). Undecided: 0 when p x q = 0 exactly (each component a
// difference of two exact products), else the exact expansion.
struct PairDots {
  double aa, bb, cc, ab, ac, bc;  // the dot products, each rounded twice
  double pab, pac, pbc;           // the mixed ones' permanents
};

GJK_EXACT3_HOT void cofactorSignsFromDots(const PairDots& d, const Vec3<float>& a, const Vec3<float>& b,
                                          const Vec3<float>& c, int* signs) {
  const double values[3] = {
      d.ab * d.bc - d.ac * d.bb + d.bb * d.cc - d.bc * d.bc + d.bc * d.ac - d.cc * d.ab,
      d.ac * d.ab - d.aa * d.bc + d.bc * d.ac - d.ab * d.cc + d.cc * d.aa - d.ac * d.ac,
      d.aa * d.bb - d.ab * d.ab + d.ab * d.bc - d.bb * d.ac + d.ac * d.ab - d.bc * d.aa};
  const double permanents[3] = {
      d.pab * d.pbc + d.pac * d.bb + d.bb * d.cc + d.pbc * d.pbc + d.pbc * d.pac + d.cc * d.pab,
      d.pac * d.pab + d.aa * d.pbc + d.pbc * d.pac + d.pab * d.cc + d.cc * d.aa + d.pac * d.pac,
      d.aa * d.bb + d.pab * d.pab + d.pab * d.pbc + d.bb * d.pac + d.pac * d.pab + d.pbc * d.aa};
  const Vec3<float>* p[3] = {&b, &c, &a};
  const Vec3<float>* q[3] = {&c, &a, &b};
  for (int s = 0; s < 3; ++s) {
    const double bound = 0x1p-48 * permanents[s];
    if (values[s] > bound) {
      signs[s] = 1;
    } else if (values[s] < -bound) {
      signs[s] = -1;
    } else if (crossIsZeroExact(*p[s], *q[s])) {
      signs[s] = 0;
    } else {
      signs[s] = cofactorExact(a, b, c, *p[s], *q[s]);
    }
  }
}

// Sign of a filtered determinant of rows a, b, c (the exact fallback when the filter cannot decide).
GJK_EXACT3_HOT int determinantSign(const Filtered& f, const Vec3<float>& a, const Vec3<float>& b,
                                   const Vec3<float>& c) {
  if (f.value > f.bound) {
    return 1;
  }
  if (f.value < -f.bound) {
    return -1;
  }
  return determinantExact(a, b, c);
}

// The three signs alone.
GJK_EXACT3_HOT void cofactorSigns(const Vec3<float>& a, const Vec3<float>& b, const Vec3<float>& c,
                                  int* signs) {
  const TriangleCofactors t = cofactors(a, b, c);
  signs[0] = t.signs[0];
  signs[1] = t.signs[1];
  signs[2] = t.signs[2];
}

// Whether a x b = 0 exactly (a, b and the origin collinear): each component is a difference of two exact
// products, zero exactly when they are equal.
GJK_EXACT3_HOT bool crossIsZero(const Vec3<float>& a, const Vec3<float>& b) {
  return double(a.y) * b.z == double(a.z) * b.y && double(a.z) * b.x == double(a.x) * b.z &&
         double(a.x) * b.y == double(a.y) * b.x;
}

}  // namespace exact3
}  // namespace gjk
