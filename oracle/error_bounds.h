// Internal to oracle/: the static error bounds of the double filter, derived in one place.
//
// The filter evaluates the oracle's sign tests in double and trusts a sign only when the computed value
// exceeds a bound on its rounding error; otherwise the caller computes the sign exactly in scaled
// integers (exact_points.h). The method is Shewchuk's ("Adaptive Precision Floating-Point Arithmetic and
// Fast Robust Geometric Predicates", Discrete Comput. Geom. 18, 1997, predicates.c): named bounds of the
// form (a + b*eps)*eps times a magnitude, derived below and computed from EPSILON only. Unlike
// predicates.c, whose inputs are doubles, the inputs here are themselves rounded sums (world
// coordinates), so the bounds are static per case: one magnitude T bounds every coordinate of the case
// (a static filter in the sense of Fortune and Van Wyk, "Static analysis yields efficient exact integer
// arithmetic for computational geometry", ACM TOG 15, 1996).
//
// Notation. eps = 2^-53, the unit roundoff of double in round-to-nearest. fl(.) is the double result of
// one operation; for + and - |fl(a+b) - (a+b)| <= eps|a+b| (a sum whose result is subnormal is exact, so
// this holds without any condition on the range), for * |fl(ab) - ab| <= eps|ab| when ab is zero or at
// least 2^-1022 in magnitude (see PRECONDITIONS).
//
// THE VALUES. Every exact number of a case is a world coordinate X = t0 + t1 + t2, a sum of three
// doubles that are exact: for a shape vertex t0 = c*x, t1 = -(s*y) (or s*x and c*y), t2 = p, where the
// product of two floats is exact in double (24 + 24 significant bits <= 53, exponents within
// [2^-298, 2^256]); for a query point of squaredDistanceToCore, t0 is the point's coordinate, a double.
//   The filter uses  X~ = fl(fl(t0 + t1) + t2)                                      (WORLD)
//   and the magnitude  T >= max over the case's coordinates of |t0| + |t1| + |t2|, so |X| <= T.
//
// PRECONDITIONS (checked per case by ExactPoints; when one fails the filter is off and every sign is
// computed exactly, so the answer is the same, only slower): every nonzero term is m * 2^k with m an odd
// integer, k >= -480 and |term| < 2^480. Then
//   - every X, every X~, every difference of them and every rounded difference is an integer multiple of
//     2^-480 (a double rounding of a multiple of 2^-480 is one: if it has fewer than 54 significant bits
//     at that grain it is exact, otherwise its own ulp is a multiple of 2^-480);
//   - so every nonzero product of two such numbers is at least 2^-960 > 2^-1022 in magnitude: products
//     never underflow, and the relative bound eps holds for them;
//   - T < 3 * 2^480, products are below 2^965 and bounds below 2^966: nothing overflows;
//   - T~ (the computed T) is 0 or at least 2^-480, so the bounds T~ * C never underflow.
// Float inputs always satisfy them (|c*x| < 2^256, k >= -298); a double query point may not.
//
// (WORLD)  |X~ - X| <= eps|t0 + t1| + eps|fl(t0 + t1) + t2|
//                   <= eps(|t0| + |t1|) + eps((1 + eps)(|t0| + |t1|) + |t2|) <= (2 eps + eps^2) T.
//
// (DIFFERENCE)  U = X_p - X_q, U~ = fl(X~_p - X~_q):
//   |U~ - U| <= |X~_p - X~_q - U| + eps|X~_p - X~_q| <= 2(2 eps + eps^2) T + eps(2T + 2(2 eps + eps^2) T)
//            =  (6 eps + 6 eps^2 + 2 eps^3) T =: delta T,   and |U| <= 2T.
//
// (T~)  T~ = max over coordinates of fl(fl(|t0| + |t1|) + |t2|) >= (1 - eps)^2 (|t0| + |t1| + |t2|), so
//   T <= T~ / (1 - eps)^2. A bound C * T~ (C * T~ * T~) is computed as fl(C * T~) (fl(fl(C * T~) * T~)),
//   which is at least C T~ (1 - eps) (C T~^2 (1 - eps)^2).
#pragma once

namespace gjk::oracle {

// eps: the unit roundoff of double, 2^-53 (half of DBL_EPSILON).
inline constexpr double EPSILON = 0x1p-53;

// SIGN OF A DIFFERENCE: sign(X_p - X_q) from d = fl(X~_p - X~_q). fl preserves the sign of
// X~_p - X~_q, and |(X~_p - X~_q) - (X_p - X_q)| <= 2(2 eps + eps^2) T (WORLD). So |d| > B with
// B >= (4 eps + 2 eps^2) T decides; monotone rounding makes fl(d) > B imply d > B for a double B.
// With T <= T~/(1 - eps)^2 and the computed bound >= C T~ (1 - eps), C must be at least
// (4 eps + 2 eps^2) / (1 - eps)^3 = 4 eps + 14 eps^2 + O(eps^3): DIFFERENCE_SIGN_BOUND = (4 + 16 eps) eps.
inline constexpr double DIFFERENCE_SIGN_BOUND = (4.0 + 16.0 * EPSILON) * EPSILON;

// SIGN OF A CROSS OR DOT PRODUCT of two differences, U = X_p1 - X_q1 and V = X_p2 - X_q2 (each a
// vector of two coordinate differences): P = U1 V2 - U2 V1 or P = U1 V1 + U2 V2, computed as
// P~ = fl(fl(U~1 V~2) -+ fl(U~2 V~1)) from the rounded differences (DIFFERENCE).
//   |U~1 V~2 - U1 V2| <= |U~1 - U1||V~2| + |U1||V~2 - V2| <= delta T (2 + delta) T + 2T delta T
//                      =  (4 delta + delta^2) T^2, twice for the two products;
//   rounding each product: <= eps (2 + delta)^2 T^2 each;
//   rounding the sum:      <= eps (|fl(a)| + |fl(b)|) <= 2 eps (1 + eps)(2 + delta)^2 T^2.
//   Total: [8 delta + 2 delta^2 + (4 eps + 2 eps^2)(2 + delta)^2] T^2 = (64 eps + 224 eps^2 + O(eps^3)) T^2.
// With T^2 <= T~^2 / (1 - eps)^4 and the computed bound >= C T~^2 (1 - eps)^2, C must be at least
// (64 eps + 224 eps^2 + O(eps^3)) / (1 - eps)^6 = 64 eps + 608 eps^2 + O(eps^3):
// PRODUCT_SIGN_BOUND = (64 + 1024 eps) eps.
inline constexpr double PRODUCT_SIGN_BOUND = (64.0 + 1024.0 * EPSILON) * EPSILON;

// The preconditions above: a nonzero term m * 2^k (m odd) needs k >= FILTER_MIN_EXPONENT and
// |term| < 2^FILTER_MAX_EXPONENT for the filter to be on.
inline constexpr int FILTER_MIN_EXPONENT = -480;
inline constexpr int FILTER_MAX_EXPONENT = 480;

}  // namespace gjk::oracle
