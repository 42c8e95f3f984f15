// Strategy `robust3`: our own float GJK in 3D, built not to fail on any case of the 3D families (issue 23).
// The ingredients of `robust` (core/strategies/robust.h), brought to 3D:
//
//   rescale         solved as placed inside a window (every placed coordinate and radius at most 2^60, the
//                   problem's size at least 2^-100: no float product of two, double product of four or exact
//                   term leaves its range, and u stays far above float's subnormal spacing), else in units of
//                   2^k with every placed coordinate below 1 (k from exponent bits only; exact: powers of two)
//   exact-signs     every region decision of the simplex solve (segment, triangle, tetrahedron Voronoi
//                   regions), the containment of the origin in the tetrahedron and the origin lying exactly on a
//                   vertex, edge or triangle are exact signs of polynomials of degree 2, 3 and 4 in the stored
//                   float coordinates (core/exact3.h: a double filter with a proven bound, an exact expansion
//                   when it cannot decide); distance 0 only when they say so
//   relative-tol    the progress stop compares v.v - v.w with 2^-23 |v|_inf max(|v|_inf, |w|_inf): relative to
//                   the coordinates, never to a world-unit constant
//   final-step      the answer is recomputed from the closest pair of features the final simplex came from
//                   (the distinct vertices of A and of B in it: a vertex, an edge or a triangle of each), as the
//                   nearest of the vertex-feature and edge-edge candidate pairs (and the barycentric pair), so the
//                   witness points lie on the shapes and the distance is theirs
//   safe-triangle   the closest point v of a solved segment or triangle is computed in double from the float
//                   points and rounded once (the search direction must be right to |v| / L in angle); a
//                   containment's witness points come from the tetrahedron's face nearest to the origin, not
//                   from its volumes (ill-conditioned for a thin tetrahedron)
//
// Loop (van den Bergen's, direction -v): containment (exact: the origin in the closed tetrahedron), the origin
// exactly on the simplex (`closest-point-at-origin`), a support pair already in the simplex or equal to one of
// its points (`duplicate-support`), v.v - v.w <= the relative tolerance (`projection-progress`), the new
// simplex's |v|^2 not below the last one's (`no-decrease`: the last simplex is kept), the cap of 64 support
// calls (`iteration-cap`). Radii after the loop on the core distance. Contact convention: on-shapes.
// docs/strategies.md ("Three dimensions", robust3) gives the reasons and the measured results.
//
// Float: the placement, the rescaling, the support scans, the stored simplex points, the radius step and the
// answer, one rounding per operator, -ffp-contract=off. Double, from float inputs whose products of two are
// exact in double, in four places, each saying why where it is: (1) the exact signs' filters (core/exact3.h),
// (2) the progress test v.v - v.w, (3) the closest point v of the solved simplex and the final simplex's
// weights (the search direction must be accurate to |v| / L), (4) the closest pair of the final features (a
// sliver feature's normal is ill-conditioned in float); v, the weights and the witness points are rounded to
// float once.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/distance_types.h"
#include "core/exact3.h"
#include "core/limits.h"
#include "core/polytope.h"
#include "core/trace3.h"
#include "core/transform3.h"
#include "core/vec3.h"

namespace gjk {
namespace robust3 {

// Which ingredients are on (the ablations of docs/strategies.md, robust3: each one switched off alone).
//   Rescale: off = solved as placed (k = 0), with no window check and no rescaled second pass.
//   ExactSigns: off = the same sign tests (segment, triangle and tetrahedron regions, containment, the origin
//     exactly on a segment or triangle) evaluated in plain float, one rounding per operator, no exact fallback.
//   RelativeTolerances: off = the progress stop in plain float against an absolute tolerance,
//     v.v - v.w <= 2^-23 (world units, or units of 2^k when rescaled).
//   FinalStep: off = the loop's own witness points (the final simplex's weights on its points of A and B).
//   SafeTriangle: off = the closest point v of a solved segment or triangle (and so |v|^2) in plain float from
//     the float points; the containment's witness points still come from the nearest face.
template <bool Rescale, bool ExactSigns, bool RelativeTolerances, bool FinalStep, bool SafeTriangle>
struct Ingredients {
  static constexpr bool RESCALE = Rescale;
  static constexpr bool EXACT_SIGNS = ExactSigns;
  static constexpr bool RELATIVE_TOLERANCES = RelativeTolerances;
  static constexpr bool FINAL_STEP = FinalStep;
  static constexpr bool SAFE_TRIANGLE = SafeTriangle;
};

using All = Ingredients<true, true, true, true, true>;
using NoRescale = Ingredients<false, true, true, true, true>;
using NoExactSigns = Ingredients<true, false, true, true, true>;
using NoRelativeTolerances = Ingredients<true, true, false, true, true>;
using NoFinalStep = Ingredients<true, true, true, false, true>;
using NoSafeTriangle = Ingredients<true, true, true, true, false>;

inline constexpr int MAX_ITERATIONS = 64;               // support calls
inline constexpr double PROGRESS_TOLERANCE = 0x1p-23;  // relative, see the progress stop

using V3 = Vec3<float>;

inline float absf(float x) { return std::fabs(x); }
inline float maxf(float a, float b) { return a > b ? a : b; }
inline float maxAbs(V3 v) { return maxf(absf(v.x), maxf(absf(v.y), absf(v.z))); }

// floor(log2 |x|) for a normal float, from its exponent bits; -127 for 0 and subnormals, 128 for inf/NaN.
inline int floorLog2(float x) {
  std::uint32_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return static_cast<int>((bits >> 23) & 0xffu) - 127;
}

// 2^e as a float for e in [-126, 127].
inline float powerOfTwo(int e) {
  std::uint32_t bits = static_cast<std::uint32_t>(e + 127) << 23;
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

// Multiplication by 2^e as two normal factors (e in [-252, 254]): exact where the product is a normal float.
struct PowerOfTwoScale {
  float f1 = 1;
  float f2 = 1;
  explicit PowerOfTwoScale(int e) {
    if (e > 127) {
      f1 = powerOfTwo(127);
      f2 = powerOfTwo(e - 127 > 127 ? 127 : e - 127);
    } else if (e < -126) {
      f1 = powerOfTwo(-126);
      f2 = powerOfTwo(e + 126 < -126 ? -126 : e + 126);
    } else {
      f1 = powerOfTwo(e);
    }
  }
  float operator()(float x) const { return x * f1 * f2; }
  V3 operator()(V3 v) const { return {v.x * f1 * f2, v.y * f1 * f2, v.z * f1 * f2}; }
};

// 2^-m with 2^m > x >= 2^(m-1) (m clamped to [-126, 126]): multiplying by it brings x into [0.5, 1), exactly.
inline float inverseSizeFactor(float largest) {
  int m = floorLog2(largest) + 1;
  m = m > 126 ? 126 : (m < -126 ? -126 : m);
  return powerOfTwo(-m);
}

// ---- the shapes ----------------------------------------------------------------------------------------

// The first index furthest along the local direction: Polytope::support's scan (dot products rounded as
// core/vec3.h dot, strict >, NaN never wins but at index 0), one vertex at a time.
inline int supportIndexScalar(const Polytope<float>& poly, V3 d) {
  int best = 0;
  float bestValue = dot(poly.vertices[0], d);
  for (int i = 1; i < poly.count; ++i) {
    const float value = dot(poly.vertices[i], d);
    const bool better = value > bestValue;  // selects, not a branch: the outcome is data, mispredicted often
    best = better ? i : best;
    bestValue = better ? value : bestValue;
  }
  return best;
}

// The same index, four vertices at a time (SSE2, part of every x86-64). The shape's local vertices are laid out
// once a query in blocks of four (`Lanes`: the x, y and z of vertices 4j..4j+3, the last block padded with
// vertex 0, whose value then ties vertex 0's and loses to its lower index); each lane's dot product is (x dx +
// y dy) + z dz, the same roundings as dot; lane j keeps the first maximum (strict >) of the indices j mod 4;
// the lanes are merged on their largest value, the lowest index among the lanes holding it (branch-free). That
// is the one scan's first maximum whenever no value is NaN (tests/core/robust3_test.cpp compares them on arrays
// full of ties). Without SSE2, the scalar scan.
inline constexpr int MAX_BLOCKS = (MAX_POLYTOPE_VERTICES + 3) / 4;

struct Lanes {
#if defined(__SSE2__)
  __m128 x[MAX_BLOCKS];
  __m128 y[MAX_BLOCKS];
  __m128 z[MAX_BLOCKS];
#endif
  const Polytope<float>* polytope = nullptr;
  int blocks = 0;
};

#if defined(__SSE2__)
inline void lanesOf(const Polytope<float>& poly, Lanes* lanes) {
  const int count = poly.count;
  const int blocks = (count + 3) / 4;
  lanes->polytope = &poly;
  lanes->blocks = blocks;
  const float* p = &poly.vertices[0].x;  // every block lies inside the 64-vertex array (zeros past count)
  for (int i = 0; i < blocks; ++i) {
    const __m128 m0 = _mm_loadu_ps(p + 12 * i);      // x0 y0 z0 x1
    const __m128 m1 = _mm_loadu_ps(p + 12 * i + 4);  // y1 z1 x2 y2
    const __m128 m2 = _mm_loadu_ps(p + 12 * i + 8);  // z2 x3 y3 z3
    const __m128 t1 = _mm_shuffle_ps(m1, m2, _MM_SHUFFLE(1, 1, 2, 2));  // x2 x2 x3 x3
    const __m128 t2 = _mm_shuffle_ps(m0, m1, _MM_SHUFFLE(0, 0, 1, 1));  // y0 y0 y1 y1
    const __m128 t3 = _mm_shuffle_ps(m1, m2, _MM_SHUFFLE(2, 2, 3, 3));  // y2 y2 y3 y3
    const __m128 t4 = _mm_shuffle_ps(m0, m1, _MM_SHUFFLE(1, 1, 2, 2));  // z0 z0 z1 z1
    lanes->x[i] = _mm_shuffle_ps(m0, t1, _MM_SHUFFLE(2, 0, 3, 0));  // x0 x1 x2 x3
    lanes->y[i] = _mm_shuffle_ps(t2, t3, _MM_SHUFFLE(2, 0, 2, 0));  // y0 y1 y2 y3
    lanes->z[i] = _mm_shuffle_ps(t4, m2, _MM_SHUFFLE(3, 0, 2, 0));  // z0 z1 z2 z3
  }
  if ((count & 3) != 0) {  // the last block's lanes past count: vertex 0
    const int last = blocks - 1;
    const __m128 inside = _mm_castsi128_ps(
        _mm_cmplt_epi32(_mm_setr_epi32(4 * last, 4 * last + 1, 4 * last + 2, 4 * last + 3), _mm_set1_epi32(count)));
    const __m128 x0 = _mm_set1_ps(poly.vertices[0].x);
    const __m128 y0 = _mm_set1_ps(poly.vertices[0].y);
    const __m128 z0 = _mm_set1_ps(poly.vertices[0].z);
    lanes->x[last] = _mm_or_ps(_mm_and_ps(inside, lanes->x[last]), _mm_andnot_ps(inside, x0));
    lanes->y[last] = _mm_or_ps(_mm_and_ps(inside, lanes->y[last]), _mm_andnot_ps(inside, y0));
    lanes->z[last] = _mm_or_ps(_mm_and_ps(inside, lanes->z[last]), _mm_andnot_ps(inside, z0));
  }
}

inline int supportIndex(const Lanes& lanes, __m128 d) {  // d: x y z in lanes 0..2
  if (lanes.polytope->count == 1) {
    return 0;
  }
  const __m128 dx = _mm_shuffle_ps(d, d, _MM_SHUFFLE(0, 0, 0, 0));
  const __m128 dy = _mm_shuffle_ps(d, d, _MM_SHUFFLE(1, 1, 1, 1));
  const __m128 dz = _mm_shuffle_ps(d, d, _MM_SHUFFLE(2, 2, 2, 2));
  __m128 best = _mm_set1_ps(-INFINITY);
  __m128i bestIndex = _mm_setr_epi32(0, 1, 2, 3);
  __m128i index = bestIndex;
  const __m128i four = _mm_set1_epi32(4);
  for (int i = 0; i < lanes.blocks; ++i) {
    const __m128 value =
        _mm_add_ps(_mm_add_ps(_mm_mul_ps(lanes.x[i], dx), _mm_mul_ps(lanes.y[i], dy)), _mm_mul_ps(lanes.z[i], dz));
    const __m128i better = _mm_castps_si128(_mm_cmpgt_ps(value, best));
    best = _mm_max_ps(value, best);  // value where better; best where equal (the same number) or value is NaN
    bestIndex = _mm_or_si128(_mm_and_si128(better, index), _mm_andnot_si128(better, bestIndex));
    index = _mm_add_epi32(index, four);
  }
  // The largest lane value (never NaN: the lanes start at -inf and take only values greater), then the least
  // index among the lanes holding it: the others' set to 0x7fff, the minimum in 16-bit halves (indices < 2^15,
  // the high halves 0).
  __m128 top = _mm_max_ps(best, _mm_shuffle_ps(best, best, _MM_SHUFFLE(2, 3, 0, 1)));
  top = _mm_max_ps(top, _mm_shuffle_ps(top, top, _MM_SHUFFLE(1, 0, 3, 2)));
  const __m128i holds = _mm_castps_si128(_mm_cmpeq_ps(best, top));
  __m128i candidate =
      _mm_or_si128(_mm_and_si128(holds, bestIndex), _mm_andnot_si128(holds, _mm_set1_epi32(0x7fff)));
  candidate = _mm_min_epi16(candidate, _mm_shuffle_epi32(candidate, _MM_SHUFFLE(2, 3, 0, 1)));
  candidate = _mm_min_epi16(candidate, _mm_shuffle_epi32(candidate, _MM_SHUFFLE(1, 0, 3, 2)));
  return _mm_cvtsi128_si32(candidate);
}

inline int supportIndex(const Lanes& lanes, V3 d) { return supportIndex(lanes, _mm_setr_ps(d.x, d.y, d.z, 0)); }
#else
inline void lanesOf(const Polytope<float>& poly, Lanes* lanes) {
  lanes->polytope = &poly;
  lanes->blocks = (poly.count + 3) / 4;
}
inline int supportIndex(const Lanes& lanes, V3 d) { return supportIndexScalar(*lanes.polytope, d); }
#endif

// The four-lane scan on a polytope alone (tests).
inline int supportIndex(const Polytope<float>& poly, V3 d) {
  Lanes lanes;
  lanesOf(poly, &lanes);
  return supportIndex(lanes, d);
}

// One shape as the loop sees it: its local vertices (the support scan runs in the local frame, on the vertices
// laid out in lanes once a query), its rotation, and its position and radius in units of 2^k. With SSE2 the
// rotation's rows and the placement's columns are also held as four-lane vectors (last lane 0): the same
// products and sums, in the same order, lane by lane.
struct Shape {
  const Polytope<float>* polytope;
  Lanes lanes;
  Matrix3<float> r;       // the rotation, for the support direction
  Transform3<float> xf;   // (R / 2^k, p / 2^k): places a local vertex in units of 2^k
  float radius;           // radius / 2^k
#if defined(__SSE2__)
  __m128 rows[3];         // the rows of r
  __m128 columns[3];      // the columns of xf.r
  __m128 position;        // xf.p
#endif
};

inline void shapeOf(const Polytope<float>& poly, const Transform3<float>& xf, const PowerOfTwoScale& down,
                    Shape* s) {
  s->polytope = &poly;
  lanesOf(poly, &s->lanes);
  s->r = xf.r;
  if (down.f1 == 1 && down.f2 == 1) {  // k = 0: as given
    s->xf = xf;
    s->radius = poly.radius;
  } else {
    s->xf.p = down(xf.p);
    for (int i = 0; i < 3; ++i) {
      s->xf.r.row[i] = down(xf.r.row[i]);
    }
    s->radius = down(poly.radius);
  }
#if defined(__SSE2__)
  // Four-float loads of three-float members, the fourth lane cleared (each load stays inside the shape: r is
  // followed by xf, xf.p by xf.r, xf.r by radius); the columns by a transpose.
  static_assert(offsetof(Shape, xf) == offsetof(Shape, r) + sizeof(Matrix3<float>), "r is followed by xf");
  static_assert(offsetof(Shape, radius) == offsetof(Shape, xf) + sizeof(Transform3<float>), "xf by radius");
  static_assert(offsetof(Transform3<float>, r) == sizeof(V3), "xf.p is followed by xf.r");
  const __m128 three = _mm_castsi128_ps(_mm_setr_epi32(-1, -1, -1, 0));
  auto load3 = [three](const V3& v) { return _mm_and_ps(_mm_loadu_ps(&v.x), three); };
  for (int i = 0; i < 3; ++i) {
    s->rows[i] = load3(s->r.row[i]);
  }
  const __m128 r0 = load3(s->xf.r.row[0]);  // a b c 0
  const __m128 r1 = load3(s->xf.r.row[1]);  // d e f 0
  const __m128 r2 = load3(s->xf.r.row[2]);  // g h i 0
  const __m128 t0 = _mm_unpacklo_ps(r0, r1);                 // a d b e
  const __m128 t1 = _mm_unpackhi_ps(r0, r1);                 // c f 0 0
  const __m128 t2 = _mm_unpacklo_ps(r2, _mm_setzero_ps());   // g 0 h 0
  const __m128 t3 = _mm_unpackhi_ps(r2, _mm_setzero_ps());   // i 0 0 0
  s->columns[0] = _mm_movelh_ps(t0, t2);                     // a d g 0
  s->columns[1] = _mm_movehl_ps(t2, t0);                     // b e h 0
  s->columns[2] = _mm_movelh_ps(t1, t3);                     // c f i 0
  s->position = load3(s->xf.p);
#endif
}

// The placed vertex i: (R / 2^k) v_i + p / 2^k: each product (r / 2^k) v equals (r v) / 2^k before rounding,
// so these are the roundings of placing v_i and dividing by 2^k (exact but where a number leaves the normal
// range).
inline V3 place(const Shape& s, int i) { return transformPoint(s.xf, s.polytope->vertices[i]); }

using D3 = Vec3<double>;

struct Vertex {
  V3 w;  // b - a
  D3 wd;  // w in double (exact), for the filters and the double solve
  V3 a;  // on A, world / 2^k
  V3 b;  // on B
  int indexA = 0;
  int indexB = 0;
};

// The support vertex of B - A along d (world, units of 2^k): d is first multiplied by a power of two bringing
// its largest coordinate into [1, 2) (exact), so the local scan neither underflows for a tiny d nor depends on
// |d|; then R^T d in each frame, the scans, the two placements. With SSE2, *lanes receives a, b and w as
// four-lane vectors (lane 3 unused), for the loop's tests on the new point without reading back its stores.
#if defined(__SSE2__)
struct SupportLanes {
  __m128 a;
  __m128 b;
  __m128 w;
};
#else
struct SupportLanes {};
#endif

inline Vertex support(const Shape& A, const Shape& B, V3 d, SupportLanes* lanes) {
  const int e = floorLog2(maxAbs(d));
  if (e >= -126 && e <= 126) {
    d = powerOfTwo(-e) * d;
  } else if (e == -127) {  // 0 or subnormal: two exact steps of 2^63 and 2^64
    d = powerOfTwo(64) * (powerOfTwo(63) * d);
  }
#if defined(__SSE2__)
  // inverseRotate and transformPoint lane by lane: R^T d = (row0 dx + row1 dy) + row2 dz, R v + p = ((col0 vx +
  // col1 vy) + col2 vz) + p, each lane the scalar expression's products and sums in its order.
  const __m128 db = _mm_setr_ps(d.x, d.y, d.z, 0);
  const __m128 da = _mm_xor_ps(db, _mm_set1_ps(-0.0f));  // -d, exactly
  auto localDirection = [](const Shape& s, __m128 dir) {
    const __m128 x = _mm_shuffle_ps(dir, dir, _MM_SHUFFLE(0, 0, 0, 0));
    const __m128 y = _mm_shuffle_ps(dir, dir, _MM_SHUFFLE(1, 1, 1, 1));
    const __m128 z = _mm_shuffle_ps(dir, dir, _MM_SHUFFLE(2, 2, 2, 2));
    return _mm_add_ps(_mm_add_ps(_mm_mul_ps(s.rows[0], x), _mm_mul_ps(s.rows[1], y)), _mm_mul_ps(s.rows[2], z));
  };
  auto placed = [](const Shape& s, int i) {
    const V3 p = s.polytope->vertices[i];
    return _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(s.columns[0], _mm_set1_ps(p.x)),
                                            _mm_mul_ps(s.columns[1], _mm_set1_ps(p.y))),
                                 _mm_mul_ps(s.columns[2], _mm_set1_ps(p.z))),
                      s.position);
  };
  // Stored straight from the lanes (an 8-byte and a 4-byte store each): no vertex is assembled on the stack and
  // copied, and later 4- or 8-byte reads of these fields are served from the stores.
  auto store = [](__m128 m, V3* out) {
    _mm_storel_pi(reinterpret_cast<__m64*>(&out->x), m);
    _mm_store_ss(&out->z, _mm_movehl_ps(m, m));
  };
  Vertex v;
  v.indexA = supportIndex(A.lanes, localDirection(A, da));
  v.indexB = supportIndex(B.lanes, localDirection(B, db));
  const __m128 pa = placed(A, v.indexA);
  const __m128 pb = placed(B, v.indexB);
  const __m128 w = _mm_sub_ps(pb, pa);
  store(pa, &v.a);
  store(pb, &v.b);
  store(w, &v.w);
  _mm_storeu_pd(&v.wd.x, _mm_cvtps_pd(w));
  _mm_store_sd(&v.wd.z, _mm_cvtss_sd(_mm_setzero_pd(), _mm_movehl_ps(w, w)));
  *lanes = {pa, pb, w};
  return v;
#else
  Vertex v;
  v.indexA = supportIndex(A.lanes, inverseRotate(A.r, -d));
  v.indexB = supportIndex(B.lanes, inverseRotate(B.r, d));
  v.a = place(A, v.indexA);
  v.b = place(B, v.indexB);
  v.w = v.b - v.a;
  v.wd = {v.w.x, v.w.y, v.w.z};
  (void)lanes;
  return v;
#endif
}

// ---- the simplex solve -----------------------------------------------------------------------------------

// A simplex of 1..4 vertices with the closest point of its hull to the origin, the barycentric weights of that
// point, and whether the origin lies exactly on the hull (touching: exact signs).
struct Simplex {
  const Vertex* v[4] = {nullptr, nullptr, nullptr, nullptr};  // into the query's pool of support vertices
  float lambda[4] = {1, 0, 0, 0};
  int count = 0;
  V3 closest;          // v, rounded to float from the double solve
  double dist2 = 0;    // |v|^2 of the double solve (before v is rounded)
  bool touching = false;
};

// ---- the closest point in double (the one place besides the signs where robust3 uses double) ------------
// Why: the search direction -v must be accurate to about |v| / L in angle, L the simplex's extent: a direction
// tilted by more makes the support along it return a point of the simplex itself (a duplicate) while the true
// Minkowski difference reaches past the origin (found on a needle tetrahedron of length 21 against a cluster
// 2^-13 wide: tests/core/robust3_test.cpp, needleThroughAClusterOverlaps). In float, v = a + t (b - a) carries
// an error of 2^-24 |a|, and |a| / |v| is unbounded (3,300 there, with L / |v| = 10^5). In double the inputs
// are the same float points (every product of two of them exact), the error is 2^-53 |a|, and v, rounded to
// float once at the end, points within 2^-24 of the exact direction.
inline D3 toD(V3 v) { return {v.x, v.y, v.z}; }
inline D3 sub(D3 a, D3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline D3 add(D3 a, D3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline D3 mul(double s, D3 a) { return {s * a.x, s * a.y, s * a.z}; }
inline double dotD(D3 a, D3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline D3 crossD(D3 a, D3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
inline V3 toF(D3 v) { return {float(v.x), float(v.y), float(v.z)}; }

// ---- the sign tests in plain float (the ablation without exact signs) ------------------------------------
namespace plain {
inline int signOf(float x) { return (x > 0) - (x < 0); }
// a.a - a.b
inline int selfDotDifferenceSign(V3 a, V3 b) { return signOf(dot(a, a) - dot(a, b)); }
inline bool crossIsZero(V3 p, V3 q) {
  const V3 c = cross(p, q);
  return c.x == 0 && c.y == 0 && c.z == 0;
}
inline float determinant(V3 a, V3 b, V3 c) { return dot(a, cross(b, c)); }
// Ericson's va, vb, vc: n.(b x c), n.(c x a), n.(a x b) with n = (b - a) x (c - a).
inline void cofactorSigns(V3 a, V3 b, V3 c, int* cof) {
  const V3 n = cross(b - a, c - a);
  cof[0] = signOf(dot(n, cross(b, c)));
  cof[1] = signOf(dot(n, cross(c, a)));
  cof[2] = signOf(dot(n, cross(a, b)));
}
}  // namespace plain

// The closest point v in plain float (the ablation without the safe triangle); |v|^2 from the float v.
inline void setClosestPlain(Simplex* s, V3 v) {
  s->closest = v;
  s->dist2 = double(dot(v, v));
}

inline Simplex vertexSimplex(const Vertex& a) {
  Simplex s;
  s.v[0] = &a;
  s.count = 1;
  s.lambda[0] = 1;
  s.closest = a.w;
  s.dist2 = dotD(a.wd, a.wd);
  s.touching = a.w.x == 0 && a.w.y == 0 && a.w.z == 0;
  return s;
}

// The segment a b when the origin projects inside it (the caller decided the region exactly): in double,
// t = -a.(b - a) / |b - a|^2 clamped to [0, 1] (the midpoint when |b - a|^2 is 0), v = a + t (b - a), weights
// 1 - t and t. Touching when a x b = 0 exactly (the origin on the segment's line, inside it).
template <class Ing = All>
inline Simplex edgeSimplex(const Vertex& va, const Vertex& vb) {
  Simplex s;
  s.v[0] = &va;
  s.v[1] = &vb;
  s.count = 2;
  const D3 a = va.wd;
  const D3 e = sub(vb.wd, a);
  const double ee = dotD(e, e);
  double t = ee > 0 ? -dotD(a, e) / ee : 0.5;
  t = t < 0 ? 0 : (t > 1 ? 1 : t);
  s.lambda[0] = float(1 - t);
  s.lambda[1] = float(t);
  bool onLine;
  if constexpr (Ing::EXACT_SIGNS) {
    onLine = exact3::crossIsZero(va.w, vb.w);
  } else {
    onLine = plain::crossIsZero(va.w, vb.w);
  }
  if (onLine) {
    s.touching = true;
    s.closest = {0, 0, 0};
    s.dist2 = 0;
    return s;
  }
  if constexpr (!Ing::SAFE_TRIANGLE) {
    const V3 ef = vb.w - va.w;
    const float eef = dot(ef, ef);
    float tf = eef > 0 ? -dot(va.w, ef) / eef : 0.5f;
    tf = tf < 0 ? 0 : (tf > 1 ? 1 : tf);
    s.lambda[0] = 1 - tf;
    s.lambda[1] = tf;
    setClosestPlain(&s, va.w + tf * ef);
    return s;
  }
  const D3 v = add(a, mul(t, e));
  s.closest = toF(v);
  s.dist2 = dotD(v, v);
  return s;
}

// Closest point of segment a b to the origin, the region decided by exact signs: a.(a - b) <= 0 -> a,
// b.(b - a) <= 0 -> b, else the interior.
template <class Ing = All>
inline Simplex solveSegment(const Vertex& a, const Vertex& b) {
  if constexpr (!Ing::EXACT_SIGNS) {
    if (plain::selfDotDifferenceSign(a.w, b.w) <= 0) {
      return vertexSimplex(a);
    }
    if (plain::selfDotDifferenceSign(b.w, a.w) <= 0) {
      return vertexSimplex(b);
    }
    return edgeSimplex<Ing>(a, b);
  }
  if (exact3::selfDotDifferenceSign(a.w, b.w) <= 0) {
    return vertexSimplex(a);
  }
  if (exact3::selfDotDifferenceSign(b.w, a.w) <= 0) {
    return vertexSimplex(b);
  }
  return edgeSimplex<Ing>(a, b);
}

// The triangle's interior region (its cofactors all positive, exact): in double, the projection of the origin
// on the plane along n = (b - a) x (c - a) (from the differences: a triangle small against its distance from
// the origin would lose n to cancellation in a x b + b x c + c x a), v = (n.a / n.n) n. Touching when
// det(a, b, c) = 0 exactly (the origin in the plane). The weights
// are computed only for the simplex the query ends on (faceWeights).
template <class Ing = All>
inline Simplex faceSimplex(const Vertex& va, const Vertex& vb, const Vertex& vc) {
  Simplex s;
  s.v[0] = &va;
  s.v[1] = &vb;
  s.v[2] = &vc;
  s.count = 3;
  bool inPlane;
  if constexpr (Ing::EXACT_SIGNS) {
    inPlane = exact3::determinantSign(exact3::determinantFiltered(va.wd, vb.wd, vc.wd), va.w, vb.w, vc.w) == 0;
  } else {
    inPlane = plain::determinant(va.w, vb.w, vc.w) == 0;
  }
  if (inPlane) {
    s.touching = true;
    s.closest = {0, 0, 0};
    s.dist2 = 0;
    return s;
  }
  if constexpr (!Ing::SAFE_TRIANGLE) {
    const V3 af = va.w;
    const V3 nf = cross(vb.w - af, vc.w - af);
    const float nnf = dot(nf, nf);
    setClosestPlain(&s, nnf > 0 ? (dot(nf, af) / nnf) * nf : (1.0f / 3) * (af + vb.w + vc.w));
    return s;
  }
  const D3 a = va.wd;
  const D3 n = crossD(sub(vb.wd, a), sub(vc.wd, a));
  const double nn = dotD(n, n);
  const D3 v = nn > 0 ? mul(dotD(n, a) / nn, n) : mul(1.0 / 3, add(add(a, vb.wd), vc.wd));
  s.closest = toF(v);
  s.dist2 = dotD(v, v);
  return s;
}

// The weights of a face simplex, in double: n.(b x c), n.(c x a), n.(a x b) over their sum (each clamped at 0),
// n = (b - a) x (c - a); a third each when they vanish.
// weightsOf writes them to lambda (a simplex of another size: its own weights), faceWeights to the simplex.
inline void weightsOf(const Simplex& s, float* lambda) {
  if (s.count != 3) {
    for (int i = 0; i < 4; ++i) {
      lambda[i] = s.lambda[i];
    }
    return;
  }
  const D3 a = s.v[0]->wd;
  const D3 b = s.v[1]->wd;
  const D3 c = s.v[2]->wd;
  const D3 n = crossD(sub(b, a), sub(c, a));
  double ca = dotD(n, crossD(b, c));
  double cb = dotD(n, crossD(c, a));
  double cc = dotD(n, crossD(a, b));
  ca = ca > 0 ? ca : 0;
  cb = cb > 0 ? cb : 0;
  cc = cc > 0 ? cc : 0;
  double sum = ca + cb + cc;
  if (!(sum > 0)) {
    ca = cb = cc = 1;
    sum = 3;
  }
  lambda[0] = float(ca / sum);
  lambda[1] = float(cb / sum);
  lambda[2] = float(cc / sum);
}

inline void faceWeights(Simplex* s) {
  if (s->count == 3) {
    weightsOf(*s, s->lambda);
  }
}

inline double absDotOf(const D3& a, const D3& b) {
  return std::fabs(a.x * b.x) + std::fabs(a.y * b.y) + std::fabs(a.z * b.z);
}

template <class Ing = All>
inline Simplex solveTriangle(const Vertex& A, const Vertex& B, const Vertex& C) {
  const V3& a = A.w;
  const V3& b = B.w;
  const V3& c = C.w;
  if constexpr (!Ing::EXACT_SIGNS) {  // the same decisions, each sign in plain float
    const int d1 = plain::selfDotDifferenceSign(a, b);
    const int d2 = plain::selfDotDifferenceSign(a, c);
    if (d1 <= 0 && d2 <= 0) {
      return vertexSimplex(A);
    }
    const int bMinusA = plain::selfDotDifferenceSign(b, a);
    const int bMinusC = plain::selfDotDifferenceSign(b, c);
    if (bMinusA <= 0 && bMinusC <= 0) {
      return vertexSimplex(B);
    }
    int cof[3];
    plain::cofactorSigns(a, b, c, cof);
    if (cof[2] <= 0 && d1 >= 0 && bMinusA >= 0) {
      return edgeSimplex<Ing>(A, B);
    }
    const int cMinusA = plain::selfDotDifferenceSign(c, a);
    const int cMinusB = plain::selfDotDifferenceSign(c, b);
    if (cMinusA <= 0 && cMinusB <= 0) {
      return vertexSimplex(C);
    }
    if (cof[1] <= 0 && d2 >= 0 && cMinusA >= 0) {
      return edgeSimplex<Ing>(A, C);
    }
    if (cof[0] <= 0 && bMinusC >= 0 && cMinusB >= 0) {
      return edgeSimplex<Ing>(B, C);
    }
    if (cof[0] > 0 && cof[1] > 0 && cof[2] > 0) {
      return faceSimplex<Ing>(A, B, C);
    }
    Simplex best = solveSegment<Ing>(A, B);
    const Simplex edgeAC = solveSegment<Ing>(A, C);
    const Simplex edgeBC = solveSegment<Ing>(B, C);
    if (edgeAC.dist2 < best.dist2) {
      best = edgeAC;
    }
    if (edgeBC.dist2 < best.dist2) {
      best = edgeBC;
    }
    return best;
  }
  // The six dot products once, in double (products exact), with the permanents of the mixed ones.
  const double aa = dotD(A.wd, A.wd);
  const double bb = dotD(B.wd, B.wd);
  const double cc = dotD(C.wd, C.wd);
  const double ab = dotD(A.wd, B.wd);
  const double ac = dotD(A.wd, C.wd);
  const double bc = dotD(B.wd, C.wd);
  const double pab = absDotOf(A.wd, B.wd);
  const double pac = absDotOf(A.wd, C.wd);
  const double pbc = absDotOf(B.wd, C.wd);
  // The face region first: with the cofactors all positive (exact) the origin's projection on the plane is
  // strictly inside a proper triangle (n.n = va + vb + vc > 0), so no vertex or edge region of Ericson's order
  // can hold (a vertex region would put the projection on that vertex; each edge region needs its cofactor
  // <= 0): the same region as the order below, found without its six degree-2 signs (two thirds of the solves).
  int cof[3];  // va, vb, vc
  exact3::cofactorSignsFromDots({aa, bb, cc, ab, ac, bc, pab, pac, pbc}, a, b, c, cof);
  if (cof[0] > 0 && cof[1] > 0 && cof[2] > 0) {
    return faceSimplex<Ing>(A, B, C);
  }
  const int d1 = exact3::selfDotDifferenceSign(aa, ab, pab, a, b);
  const int d2 = exact3::selfDotDifferenceSign(aa, ac, pac, a, c);
  if (d1 <= 0 && d2 <= 0) {
    return vertexSimplex(A);
  }
  const int bMinusA = exact3::selfDotDifferenceSign(bb, ab, pab, b, a);  // b.b - a.b = -d3
  const int bMinusC = exact3::selfDotDifferenceSign(bb, bc, pbc, b, c);  // b.b - b.c = d4 - d3
  if (bMinusA <= 0 && bMinusC <= 0) {
    return vertexSimplex(B);
  }
  if (cof[2] <= 0 && d1 >= 0 && bMinusA >= 0) {
    return edgeSimplex<Ing>(A, B);
  }
  const int cMinusA = exact3::selfDotDifferenceSign(cc, ac, pac, c, a);  // c.c - a.c = -d6
  const int cMinusB = exact3::selfDotDifferenceSign(cc, bc, pbc, c, b);  // c.c - b.c = d5 - d6
  if (cMinusA <= 0 && cMinusB <= 0) {
    return vertexSimplex(C);
  }
  if (cof[1] <= 0 && d2 >= 0 && cMinusA >= 0) {
    return edgeSimplex<Ing>(A, C);
  }
  if (cof[0] <= 0 && bMinusC >= 0 && cMinusB >= 0) {
    return edgeSimplex<Ing>(B, C);
  }
  Simplex best = solveSegment<Ing>(A, B);
  const Simplex edgeAC = solveSegment<Ing>(A, C);
  const Simplex edgeBC = solveSegment<Ing>(B, C);
  if (edgeAC.dist2 < best.dist2) {
    best = edgeAC;
  }
  if (edgeBC.dist2 < best.dist2) {
    best = edgeBC;
  }
  return best;
}

// The face of a tetrahedron nearest to the origin (float comparison of the faces' |v|^2): the containment's
// witness points.
inline constexpr int FACES[4][3] = {{0, 1, 2}, {0, 2, 3}, {0, 3, 1}, {1, 3, 2}};

// The vertices of a simplex to be solved (the last one the newest), without its solution.
struct Corners {
  const Vertex* v[4];
  int count;
};

template <class Ing = All, class S>
inline Simplex nearestFace(const S& t) {
  Simplex best;
  for (int f = 0; f < 4; ++f) {
    Simplex s = solveTriangle<Ing>(*t.v[FACES[f][0]], *t.v[FACES[f][1]], *t.v[FACES[f][2]]);
    if (f == 0 || s.dist2 < best.dist2) {
      best = s;
    }
  }
  return best;
}

// The face of a containing tetrahedron nearest to the origin, for the witness points: for a point inside a
// convex polytope the nearest boundary point is its projection on the nearest face plane, inside that face, so
// the face of least (n.a)^2 / n.n (double, n = (b - a) x (c - a)) is solved alone instead of all four.
template <class Ing = All, class S>
inline Simplex containmentFace(const S& t) {
  int best = -1;
  double bestDist2 = 0;
  for (int f = 0; f < 4; ++f) {
    const D3 a = t.v[FACES[f][0]]->wd;
    const D3 n = crossD(sub(t.v[FACES[f][1]]->wd, a), sub(t.v[FACES[f][2]]->wd, a));
    const double nn = dotD(n, n);
    if (!(nn > 0)) {
      continue;
    }
    const double na = dotD(n, a);
    const double dist2 = na * na / nn;
    if (best < 0 || dist2 < bestDist2) {
      best = f;
      bestDist2 = dist2;
    }
  }
  if (best < 0) {
    return nearestFace<Ing>(t);
  }
  return solveTriangle<Ing>(*t.v[FACES[best][0]], *t.v[FACES[best][1]], *t.v[FACES[best][2]]);
}

// Closest point of tetrahedron a b c d to the origin. The faces (a b c), (a c d), (a d b), (b d c) each have
// orientation(face, opposite vertex) = vol = det(b - a, c - a, d - a) = -(sum of the faces' det); the origin is
// strictly outside a face when sign det(face) = sign vol (orientation(face, 0) = -det(face)), all exact. Inside
// or on every face: containment (touching, count 4). Otherwise the nearest of the outside faces' closest
// points (float comparison: near-equal candidates are near-equal points). A flat tetrahedron (vol = 0
// exactly): the nearest of its four faces, which cover its hull.
template <class Ing = All>
inline Simplex containingTetrahedron(const Corners& t) {
  Simplex s;
  for (int i = 0; i < 4; ++i) {
    s.v[i] = t.v[i];
  }
  s.count = 4;
  s.touching = true;
  s.closest = {0, 0, 0};
  s.dist2 = 0;
  return s;
}

// The nearest (double comparison of |v|^2, the first on ties) of the faces marked outside, from face `first` on,
// constructed in out.
template <class Ing = All>
inline void nearestOutsideFace(const Corners& t, const bool* outside, int first, Simplex* out) {
  bool any = false;
  for (int f = first; f < 4; ++f) {
    if (!outside[f]) {
      continue;
    }
    if (!any) {
      new (out) Simplex(solveTriangle<Ing>(*t.v[FACES[f][0]], *t.v[FACES[f][1]], *t.v[FACES[f][2]]));
      any = true;
      continue;
    }
    const Simplex s = solveTriangle<Ing>(*t.v[FACES[f][0]], *t.v[FACES[f][1]], *t.v[FACES[f][2]]);
    if (s.dist2 < out->dist2) {
      *out = s;
    }
  }
}

template <class Ing = All>
inline void solveTetrahedron(const Corners& t, Simplex* out) {
  if constexpr (!Ing::EXACT_SIGNS) {  // the same orientation tests, each determinant in plain float
    float dets[4];
    for (int f = 0; f < 4; ++f) {
      dets[f] = plain::determinant(t.v[FACES[f][0]]->w, t.v[FACES[f][1]]->w, t.v[FACES[f][2]]->w);
    }
    const int vol = plain::signOf(-(((dets[0] + dets[1]) + dets[2]) + dets[3]));
    if (vol == 0) {
      new (out) Simplex(nearestFace<Ing>(t));
      return;
    }
    bool outside[4];
    int outsideCount = 0;
    for (int f = 0; f < 4; ++f) {
      outside[f] = plain::signOf(dets[f]) == vol;
      outsideCount += outside[f] ? 1 : 0;
    }
    if (outsideCount == 0) {
      new (out) Simplex(containingTetrahedron(t));
      return;
    }
    nearestOutsideFace<Ing>(t, outside, outsideCount == 1 && outside[0] ? 0 : 1, out);
    return;
  }
  const V3* const points[4] = {&t.v[0]->w, &t.v[1]->w, &t.v[2]->w, &t.v[3]->w};
  exact3::Filtered dets[4];
  for (int f = 0; f < 4; ++f) {
    dets[f] = exact3::determinantFiltered(t.v[FACES[f][0]]->wd, t.v[FACES[f][1]]->wd, t.v[FACES[f][2]]->wd);
  }
  const int vol = exact3::negatedDeterminantSumSign(dets, points, FACES);
  if (vol == 0) {
    new (out) Simplex(nearestFace<Ing>(t));
    return;
  }
  // Face 0 is opposite the newest vertex (the loop appends it last): the old triangle, whose closest point
  // the new vertex was found beyond. It is solved only when the origin is outside it alone (which exact
  // arithmetic rules out; were another face outside too and face 0 nearer, no-decrease keeps the old simplex,
  // whose closest point is face 0's).
  bool outside[4];
  int outsideCount = 0;
  for (int f = 0; f < 4; ++f) {
    int side = dets[f].value > dets[f].bound ? 1 : (dets[f].value < -dets[f].bound ? -1 : 2);
    if (side == 2) {
      side = exact3::determinantSign(*points[FACES[f][0]], *points[FACES[f][1]], *points[FACES[f][2]]);
    }
    outside[f] = side == vol;
    outsideCount += outside[f] ? 1 : 0;
  }
  if (outsideCount == 0) {
    new (out) Simplex(containingTetrahedron(t));
    return;
  }
  nearestOutsideFace<Ing>(t, outside, outsideCount == 1 && outside[0] ? 0 : 1, out);
}

// The solved simplex constructed in out (in place: guaranteed copy elision, no copy of a simplex just written
// field by field).
template <class Ing = All>
inline void solveInto(const Corners& s, Simplex* out) {
  switch (s.count) {
    case 1: new (out) Simplex(vertexSimplex(*s.v[0])); break;
    case 2: new (out) Simplex(solveSegment<Ing>(*s.v[0], *s.v[1])); break;
    case 3: new (out) Simplex(solveTriangle<Ing>(*s.v[0], *s.v[1], *s.v[2])); break;
    default: solveTetrahedron<Ing>(s, out); break;
  }
}

// ---- the final step ------------------------------------------------------------------------------------
// In double, on the float points of the two features (the third place robust3 uses double), and why: the
// closest pair of a sliver feature is ill-conditioned in float. A triangle of width h and length L has a float
// normal (b - a) x (c - a) off by about 2^-24 L^2 / (L h) rad, and the projection of a point at distance D and
// lateral reach L misses the distance by that times L: 55 u on sliver index 7995 (a needle's face against a
// cluster; tests/core/robust3_test.cpp, needleFaceAgainstAClusterIsNotTooClose), a distance below the exact
// one, so a witness point off its shape. In double, with every product of two float coordinates exact, the
// same computation is 2^29 times more accurate; the chosen pair is rounded to float once (half an ulp a
// coordinate).

// The point of segment a b nearest to p: t = (p - a).(b - a) / |b - a|^2 clamped to [0, 1].
inline D3 nearestOnSegment(D3 p, D3 a, D3 b) {
  const D3 e = sub(b, a);
  const double ee = dotD(e, e);
  const double t = dotD(sub(p, a), e);
  if (!(t > 0) || !(ee > 0)) {
    return a;
  }
  if (t >= ee) {
    return b;
  }
  return add(a, mul(t / ee, e));
}

struct Pair {
  D3 a{0, 0, 0};
  D3 b{0, 0, 0};
  double d2 = INFINITY;
};

inline void consider(Pair* best, D3 a, D3 b) {
  const D3 d = sub(b, a);
  const double d2 = dotD(d, d);
  if (d2 < best->d2) {
    *best = {a, b, d2};
  }
}

// The point of triangle a b c nearest to p: the nearest of the three edges' points and, when it falls inside
// (its three side products n.((b - a) x (q - a)) and so on not negative), the projection on the plane.
inline D3 nearestOnTriangle(D3 p, D3 a, D3 b, D3 c) {
  const D3 n = crossD(sub(b, a), sub(c, a));
  const double nn = dotD(n, n);
  if (nn > 0) {
    const D3 q = sub(p, mul(dotD(sub(p, a), n) / nn, n));
    if (dotD(crossD(sub(b, a), sub(q, a)), n) >= 0 && dotD(crossD(sub(c, b), sub(q, b)), n) >= 0 &&
        dotD(crossD(sub(a, c), sub(q, c)), n) >= 0) {
      return q;  // inside: the plane's nearest point, so no point of the triangle is nearer
    }
  }
  D3 best = nearestOnSegment(p, a, b);
  D3 d = sub(best, p);
  double bestD2 = dotD(d, d);
  const D3 candidates[2] = {nearestOnSegment(p, b, c), nearestOnSegment(p, c, a)};
  for (const D3& q : candidates) {
    d = sub(q, p);
    const double d2 = dotD(d, d);
    if (d2 < bestD2) {
      best = q;
      bestD2 = d2;
    }
  }
  return best;
}

inline D3 nearestOnFeature(D3 p, const D3* f, int count) {
  if (count == 1) {
    return f[0];
  }
  if (count == 2) {
    return nearestOnSegment(p, f[0], f[1]);
  }
  return nearestOnTriangle(p, f[0], f[1], f[2]);
}

// The interior pair of segments p1 q1 and p2 q2 when the closest points of their lines fall inside both:
// s = ((p2 - p1) x d2).n / n.n, t = ((p2 - p1) x d1).n / n.n with n = d1 x d2 (triple products: a
// near-parallel pair stays well conditioned, unlike |d1|^2 |d2|^2 - (d1.d2)^2).
// Returns whether the interior pair was found (then it is the two segments' closest pair).
inline bool considerEdgeEdge(Pair* best, D3 p1, D3 q1, D3 p2, D3 q2) {
  const D3 d1 = sub(q1, p1);
  const D3 d2 = sub(q2, p2);
  const D3 n = crossD(d1, d2);
  const double nn = dotD(n, n);
  if (!(nn > 0)) {
    return false;  // parallel: the endpoint candidates hold the closest pair
  }
  const D3 r = sub(p2, p1);
  const double s = dotD(crossD(r, d2), n) / nn;
  const double t = dotD(crossD(r, d1), n) / nn;
  if (!(s >= 0 && s <= 1 && t >= 0 && t <= 1)) {
    return false;
  }
  consider(best, add(p1, mul(s, d1)), add(p2, mul(t, d2)));
  return true;
}

// The distinct points of one shape in the simplex (by index, then by coordinates).
inline int featureOf(const Simplex& s, bool shapeA, D3* out) {
  int indices[4];
  const V3* points[4];
  int count = 0;
  for (int i = 0; i < s.count; ++i) {
    const int index = shapeA ? s.v[i]->indexA : s.v[i]->indexB;
    const V3& p = shapeA ? s.v[i]->a : s.v[i]->b;
    bool seen = false;
    for (int j = 0; j < count; ++j) {
      seen = seen || indices[j] == index || *points[j] == p;
    }
    if (!seen) {
      indices[count] = index;
      points[count] = &p;
      out[count++] = toD(p);
    }
  }
  return count;
}

// The closest pair between A's feature and B's: the nearest of every vertex of one against the other's
// feature, every edge pair's interior pair, and the barycentric pair of the simplex (every candidate a point of
// each shape, so the nearest is the best upper bound of the distance among them). Rounded to float at the end.
inline void closestFeaturePair(const Simplex& s, V3* pointA, V3* pointB) {
  if (s.count == 1) {
    *pointA = s.v[0]->a;
    *pointB = s.v[0]->b;
    return;
  }
  union Points {  // filled by featureOf (no zeroing)
    Points() {}
    D3 p[4];
  };
  Points pointsA;
  Points pointsB;
  D3* fa = pointsA.p;
  D3* fb = pointsB.p;
  const int na = featureOf(s, true, fa);
  const int nb = featureOf(s, false, fb);
  float lambda[4];
  weightsOf(s, lambda);
  Pair best;
  D3 pa{0, 0, 0};
  D3 pb{0, 0, 0};
  for (int i = 0; i < s.count; ++i) {
    pa = add(pa, mul(lambda[i], toD(s.v[i]->a)));
    pb = add(pb, mul(lambda[i], toD(s.v[i]->b)));
  }
  consider(&best, pa, pb);
  if (na == 1) {  // a vertex of A against B's feature (B's vertices against A's one point add nothing)
    consider(&best, fa[0], nearestOnFeature(fa[0], fb, nb));
  } else if (nb == 1) {
    consider(&best, nearestOnFeature(fb[0], fa, na), fb[0]);
  } else if (na == 2 && nb == 2 && considerEdgeEdge(&best, fa[0], fa[1], fb[0], fb[1])) {
    // two edges whose lines' closest points lie inside both: that pair is the edges' closest pair
  } else if (na <= 3 && nb <= 3) {  // else not a feature pair of a non-containing simplex: the barycentric pair
    for (int i = 0; i < na; ++i) {
      consider(&best, fa[i], nearestOnFeature(fa[i], fb, nb));
    }
    for (int j = 0; j < nb; ++j) {
      consider(&best, nearestOnFeature(fb[j], fa, na), fb[j]);
    }
    const int edgesA = na == 2 ? 1 : 3;
    const int edgesB = nb == 2 ? 1 : 3;
    for (int i = 0; i < edgesA; ++i) {
      for (int j = 0; j < edgesB; ++j) {
        considerEdgeEdge(&best, fa[i], fa[(i + 1) % na], fb[j], fb[(j + 1) % nb]);
      }
    }
  }
  *pointA = toF(best.a);
  *pointB = toF(best.b);
}

// |b - a| on the difference divided by a power of two at least its largest coordinate (a difference of a few
// subnormal units would square to nothing), scaled back exactly.
inline float safeLength(V3 v, V3* unit) {
  const float m = maxAbs(v);
  if (!(m > 0)) {
    *unit = {0, 0, 0};
    return 0;
  }
  const float f = inverseSizeFactor(m);
  const V3 s = f * v;
  const float len = length(s);
  *unit = {s.x / len, s.y / len, s.z / len};
  return len / f;
}

// ---- the query -----------------------------------------------------------------------------------------

// k with every placed coordinate below 1 from exponent bits only (docs/strategies.md): with e(.) = floor log2,
// R the largest matrix entry, M the largest vertex coordinate and P the largest position coordinate of a shape,
// a world coordinate is below 3 2^(e(R)+1) 2^(e(M)+1) + 2^(e(P)+1) < 2^K with K = max(e(R) + e(M) + 5,
// e(P) + 2); the radii below 2^(e(r)+1); so S < 3 2^K' and k = K' + 2 puts S / 2^k below 1.
// The largest |x| over n floats as its bit pattern (sign cleared): for floats that are not NaN the order of
// these integers is the order of the magnitudes, so an integer maximum (no branch, vectorizable) gives the
// largest magnitude's exponent field.
inline std::int32_t largestMagnitudeBits(const float* values, int n) {
  std::int32_t m = 0;
  for (int i = 0; i < n; ++i) {
    std::int32_t bits;
    std::memcpy(&bits, &values[i], sizeof bits);
    bits &= 0x7fffffff;
    m = m > bits ? m : bits;
  }
  return m;
}

inline int exponentOfBits(std::int32_t bits) { return static_cast<int>((bits >> 23) & 0xff) - 127; }

inline int sizeExponent(const DistanceInput3<float>& input) {
  auto shapeExponent = [](const Polytope<float>& poly, const Transform3<float>& xf) {
    static_assert(sizeof(Vec3<float>) == 3 * sizeof(float), "vertices are packed floats");
    const int eM = exponentOfBits(largestMagnitudeBits(&poly.vertices[0].x, 3 * poly.count));
    const int eR = exponentOfBits(largestMagnitudeBits(&xf.r.row[0].x, 9));
    const int e = eR + eM + 5;
    const int ep = exponentOfBits(largestMagnitudeBits(&xf.p.x, 3)) + 2;
    return e > ep ? e : ep;
  };
  int k = shapeExponent(input.proxyA, input.transformA);
  const int kB = shapeExponent(input.proxyB, input.transformB);
  k = k > kB ? k : kB;
  const int rA = floorLog2(input.proxyA.radius) + 1;
  const int rB = floorLog2(input.proxyB.radius) + 1;
  k = k > rA ? k : rA;
  k = k > rB ? k : rB;
  return k + 2;
}

// ---- the trace (core/trace3.h): read-only copies of the loop's simplex and support points -----------------

inline TraceVertex3<float> traceVertex(const Vertex& v, float a) { return {v.a, v.b, v.w, a, v.indexA, v.indexB}; }

// A step holding the simplex the iteration starts from, with its weights: a segment's are the solve's, a
// triangle's are computed here as faceWeights would at the end (on a copy), a containing tetrahedron has none
// (robust3 never forms them: written 0). nullptr without a trace.
inline TraceStep3<float>* beginStep(Trace3<float>* trace, const Simplex& s) {
  TraceStep3<float>* step = beginTraceStep3(trace);
  if (step != nullptr) {
    Simplex weighted = s;
    faceWeights(&weighted);
    step->count = s.count;
    for (int i = 0; i < s.count; ++i) {
      step->simplex[i] = traceVertex(*s.v[i], s.count == 4 ? 0.0f : weighted.lambda[i]);
    }
  }
  return step;
}

#if defined(__SSE2__)
// Whether u.w == w (float ==, coordinate by coordinate): lanes 0..2 of a four-lane compare (the fourth lane,
// read from the padding after u.w inside the vertex, is not looked at). The new support point's w comes from
// the support's lanes (a 16-byte read of fields just stored would wait for the stores).
inline bool samePoint(const Vertex& u, __m128 w) {
  return (_mm_movemask_ps(_mm_cmpeq_ps(_mm_loadu_ps(&u.w.x), w)) & 7) == 7;
}
#endif

inline bool sameSupport(const Simplex& s, const Vertex& w, const SupportLanes& lanes) {
#if defined(__SSE2__)
  static_assert(offsetof(Vertex, wd) >= offsetof(Vertex, w) + 4 * sizeof(float),
                "a four-lane load of w stays in the vertex");
  const __m128 ww = lanes.w;
  for (int i = 0; i < s.count; ++i) {
    const Vertex& u = *s.v[i];
    if ((u.indexA == w.indexA && u.indexB == w.indexB) || samePoint(u, ww)) {
      return true;
    }
  }
#else
  (void)lanes;
  for (int i = 0; i < s.count; ++i) {
    if ((s.v[i]->indexA == w.indexA && s.v[i]->indexB == w.indexB) || s.v[i]->w == w.w) {
      return true;
    }
  }
#endif
  return false;
}

// The query in units of 2^k; returns k (the caller scales the answer back).
// The window in which no rescaling is needed, on the bits of |x| (sign cleared; for floats that are not NaN
// their order is the magnitudes', a NaN's lies above infinity's): every placed coordinate and radius at most
// 2^60 (no float product of two, no double product of four, and no exact term leaves the range) and the first
// support point or a position at least 2^-100 in some coordinate (the problem's size S is then at least
// 2^-100, so u = 2^-24 S is 2^25 times float's subnormal spacing 2^-149: the placements round as normal
// floats at the scale of u). Outside it (the `scale` family's far ends, coordinates near FLT_MAX) the query is
// solved again in units of 2^k.
inline constexpr std::int32_t WINDOW_HIGH_BITS = 0x5d800000;  // 2^60
inline constexpr std::int32_t WINDOW_LOW_BITS = 0x0d800000;   // 2^-100

inline std::int32_t magnitudeBits(V3 v) {
  return largestMagnitudeBits(&v.x, 3);
}

// Whether a coordinate of a support point's a or b lies above the window: the same test as magnitudeBits of each
// against WINDOW_HIGH_BITS; with SSE2 on lanes 0..2 of the support's a and b.
inline bool aboveWindow(const Vertex& w, const SupportLanes& lanes) {
#if defined(__SSE2__)
  (void)w;
  const __m128i magnitude = _mm_set1_epi32(0x7fffffff);
  const __m128i high = _mm_set1_epi32(WINDOW_HIGH_BITS);
  const __m128i a = _mm_and_si128(_mm_castps_si128(lanes.a), magnitude);
  const __m128i b = _mm_and_si128(_mm_castps_si128(lanes.b), magnitude);
  const __m128i above = _mm_or_si128(_mm_cmpgt_epi32(a, high), _mm_cmpgt_epi32(b, high));
  return (_mm_movemask_ps(_mm_castsi128_ps(above)) & 7) != 0;
#else
  (void)lanes;
  const std::int32_t a = magnitudeBits(w.a);
  const std::int32_t b = magnitudeBits(w.b);
  return (a > b ? a : b) > WINDOW_HIGH_BITS;
#endif
}

// The query in units of 2^k. With rescale = false it first tries k = 0 and returns false (no answer) as soon as
// a placed point leaves the window; the caller then calls it again with rescale = true.
template <class Ing = All>
inline bool distanceInUnitsOf(const DistanceInput3<float>& input, DistanceOutput3<float>* output, int maxIterations,
                              bool rescale, int* kOut, Trace3<float>* trace) {
  const int k = rescale ? sizeExponent(input) : 0;
  *kOut = k;
  restartTrace3(trace);  // the second pass, in units of 2^k, records its own steps
  if (trace != nullptr) {
    trace->exponent = k;
  }
  const PowerOfTwoScale down(-k);
  Shape A;
  Shape B;
  shapeOf(input.proxyA, input.transformA, down, &A);
  shapeOf(input.proxyB, input.transformB, down, &B);
  if (Ing::RESCALE && !rescale && (largestMagnitudeBits(&input.proxyA.radius, 1) > WINDOW_HIGH_BITS ||
                   largestMagnitudeBits(&input.proxyB.radius, 1) > WINDOW_HIGH_BITS)) {
    return false;
  }

  // First vertex: the support along A's position minus B's (towards the origin from B - A's centre), or x.
  V3 d0 = A.xf.p - B.xf.p;
  if (d0.x == 0 && d0.y == 0 && d0.z == 0) {
    d0 = {1, 0, 0};
  }
  // Every support vertex of the query, in order; the simplices point into it (no vertex is copied). Slots
  // are constructed as they are filled (a pool of default-constructed vertices would zero 4 KiB a query).
  if (maxIterations > MAX_ITERATIONS) {
    maxIterations = MAX_ITERATIONS;
  }
  union Slot {
    Slot() {}
    Vertex vertex;
  };
  Slot pool[MAX_ITERATIONS];
  SupportLanes lanes;
  const Vertex& first = *new (&pool[0].vertex) Vertex(support(A, B, d0, &lanes));
  if (TraceStep3<float>* step = beginTraceStep3(trace)) {  // the first support: no simplex yet, the direction d0
    step->direction = d0;
    step->hasSupport = true;
    step->support = traceVertex(first, 0.0f);
  }
  // The loop's simplex and the next one in two slots, swapped: each solve is constructed in place (guaranteed
  // copy elision), no simplex is copied.
  union SimplexSlot {
    SimplexSlot() {}
    Simplex simplex;
  };
  SimplexSlot slots[2];
  Simplex* current = new (&slots[0].simplex) Simplex(vertexSimplex(first));
  Simplex* spare = &slots[1].simplex;
  if (Ing::RESCALE && !rescale) {
#if defined(__SSE2__)
    // The same tests on lanes 0..2 of the first support's a and b and of the positions, bits compared as
    // integers: a coordinate above 2^60, or none of them at least 2^-100.
    const __m128i magnitude = _mm_set1_epi32(0x7fffffff);
    const __m128i a = _mm_and_si128(_mm_castps_si128(lanes.a), magnitude);
    const __m128i b = _mm_and_si128(_mm_castps_si128(lanes.b), magnitude);
    const __m128i pa = _mm_and_si128(_mm_castps_si128(A.position), magnitude);
    const __m128i pb = _mm_and_si128(_mm_castps_si128(B.position), magnitude);
    const __m128i high = _mm_set1_epi32(WINDOW_HIGH_BITS);
    const __m128i low = _mm_set1_epi32(WINDOW_LOW_BITS - 1);
    const __m128i above = _mm_or_si128(_mm_or_si128(_mm_cmpgt_epi32(a, high), _mm_cmpgt_epi32(b, high)),
                                       _mm_or_si128(_mm_cmpgt_epi32(pa, high), _mm_cmpgt_epi32(pb, high)));
    const __m128i sized = _mm_or_si128(_mm_or_si128(_mm_cmpgt_epi32(a, low), _mm_cmpgt_epi32(b, low)),
                                       _mm_or_si128(_mm_cmpgt_epi32(pa, low), _mm_cmpgt_epi32(pb, low)));
    if ((_mm_movemask_ps(_mm_castsi128_ps(above)) & 7) != 0 ||
        (_mm_movemask_ps(_mm_castsi128_ps(sized)) & 7) == 0) {
      return false;
    }
#else
    std::int32_t high = magnitudeBits(current->v[0]->a);
    const std::int32_t b = magnitudeBits(current->v[0]->b);
    high = high > b ? high : b;
    std::int32_t size = high;
    const std::int32_t pa = magnitudeBits(A.xf.p);
    const std::int32_t pb = magnitudeBits(B.xf.p);
    size = size > pa ? size : pa;
    size = size > pb ? size : pb;
    if (high > WINDOW_HIGH_BITS || size < WINDOW_LOW_BITS || pa > WINDOW_HIGH_BITS || pb > WINDOW_HIGH_BITS) {
      return false;
    }
#endif
  }
  int iterations = 1;
  Termination termination = Termination::IterationCap;
  for (;;) {
    TraceStep3<float>* step = beginStep(trace, *current);  // the last step's simplex is the one the loop ends on
    if (current->touching) {
      termination = current->count == 4 ? Termination::Containment : Termination::ClosestPointAtOrigin;
      break;
    }
    if (iterations >= maxIterations) {
      termination = Termination::IterationCap;
      break;
    }
    const V3 v = current->closest;
    const Vertex& w = *new (&pool[iterations].vertex) Vertex(support(A, B, -v, &lanes));
    ++iterations;
    if (step != nullptr) {
      step->direction = -v;
      step->hasSupport = true;
      step->support = traceVertex(w, 0.0f);
    }
    if (Ing::RESCALE && !rescale) {
      if (aboveWindow(w, lanes)) {
        return false;
      }
    }
    if (sameSupport(*current, w, lanes)) {
      termination = Termination::DuplicateSupport;
      break;
    }
    if constexpr (!Ing::RELATIVE_TOLERANCES) {  // in plain float, against an absolute 2^-23
      if (dot(v, v) - dot(v, w.w) <= float(PROGRESS_TOLERANCE)) {
        termination = Termination::ProjectionProgress;
        break;
      }
    }
    // Progress: v.v - v.w <= 2^-23 |v|_inf max(|v|_inf, |w|_inf). In double (exact products, error 2^-50 of the
    // terms): in float the test's own rounding, 2^-22 |v| |w|, would swamp v.v - v.w whenever |v| << |w|.
    const double gap = (double(v.x) * v.x + double(v.y) * v.y + double(v.z) * v.z) -
                       (double(v.x) * w.w.x + double(v.y) * w.w.y + double(v.z) * w.w.z);
    const double tolerance = PROGRESS_TOLERANCE * double(maxAbs(v)) * double(maxf(maxAbs(v), maxAbs(w.w)));
    if (Ing::RELATIVE_TOLERANCES && gap <= tolerance) {
      termination = Termination::ProjectionProgress;
      break;
    }
    Corners corners = {{current->v[0], current->v[1], current->v[2], current->v[3]}, current->count + 1};
    corners.v[current->count] = &w;
    Simplex* next = spare;
    solveInto<Ing>(corners, next);
    if (!next->touching && !(next->dist2 < current->dist2)) {
      termination = Termination::NoDecrease;
      break;
    }
    spare = current;
    current = next;
  }

  Simplex& s = *current;
  output->iterations = iterations;
  output->simplexCount = s.count;
  output->termination = termination;
  output->decidedBy = PostRule::None;

  if (s.touching) {
    // On-shapes: each point on its own shape, distance 0. A containing tetrahedron gives the points of its face
    // nearest to the origin (well conditioned where a thin tetrahedron's volumes are not; |pB - pA| is that
    // face's distance, a few u when the containment came from rounding and the shapes are a hair apart).
    Simplex f = s.count == 4 ? containmentFace<Ing>(s) : s;
    faceWeights(&f);
    V3 pa{0, 0, 0};
    V3 pb{0, 0, 0};
    for (int i = 0; i < f.count; ++i) {
      pa = pa + f.lambda[i] * f.v[i]->a;
      pb = pb + f.lambda[i] * f.v[i]->b;
    }
    output->pointA = pa;
    output->pointB = pb;
    output->distance = 0;
    return true;
  }

  V3 pointA;
  V3 pointB;
  if constexpr (Ing::FINAL_STEP) {
    closestFeaturePair(s, &pointA, &pointB);
  } else {  // the loop's own witness points: the final simplex's weights on its points of A and of B
    faceWeights(&s);
    pointA = {0, 0, 0};
    pointB = {0, 0, 0};
    for (int i = 0; i < s.count; ++i) {
      pointA = pointA + s.lambda[i] * s.v[i]->a;
      pointB = pointB + s.lambda[i] * s.v[i]->b;
    }
  }
  V3 n;
  const float core = safeLength(pointB - pointA, &n);
  output->pointA = pointA;
  output->pointB = pointB;
  output->distance = core;
  if (!input.useRadii) {
    if constexpr (Ing::FINAL_STEP) {
      tracePostLoop(trace, PostRule::ClosestFeaturePair, false, core, 0.0f, core);
    }
    return true;
  }
  const float rA = A.radius;
  const float rB = B.radius;
  // Each point moves out along the unit normal by its radius, also when the radii make the shapes touch or
  // overlap (distance 0 then): a core point moved by at most its radius stays on its rounded shape.
  if (rA != 0 || rB != 0) {
    output->pointA = output->pointA + rA * n;
    output->pointB = output->pointB - rB * n;
  }
  output->distance = core > rA + rB ? core - (rA + rB) : 0.0f;
  // The last entry is the radius step; the closest feature pair (FINAL_STEP) gave the core distance it read.
  tracePostLoop(trace, core > rA + rB ? PostRule::RadiiApplied : PostRule::RadiiOverlap, false, core, rA + rB,
                output->distance);
  return true;
}

// The query in units of 2^k; returns k (the caller scales the answer back).
template <class Ing = All>
inline int distanceInUnits(const DistanceInput3<float>& input, DistanceOutput3<float>* output, int maxIterations,
                           Trace3<float>* trace = nullptr) {
  int k = 0;
  if (!distanceInUnitsOf<Ing>(input, output, maxIterations, false, &k, trace) && Ing::RESCALE) {
    distanceInUnitsOf<Ing>(input, output, maxIterations, true, &k, trace);
  }
  return k;
}

}  // namespace robust3

// `robust3`: float in, float out; the answer is scaled back from units of 2^k by powers of two (exact unless
// it leaves float's normal range).
template <class Ing>
struct Robust3Of {
  // The trace, when given, is in units of 2^k with k in trace->exponent (core/trace3.h).
  template <class T>
  static void distance(const DistanceInput3<T>& input, DistanceOutput3<T>* output, Trace3<T>* trace = nullptr) {
    distanceCapped(input, output, robust3::MAX_ITERATIONS, trace);
  }

  template <class T>
  static void distanceCapped(const DistanceInput3<T>& input, DistanceOutput3<T>* output, int maxIterations,
                             Trace3<T>* trace = nullptr) {
    static_assert(std::is_same_v<T, float>, "robust3 is a float strategy");
    const int k = robust3::distanceInUnits<Ing>(input, output, maxIterations, trace);
    if (k == 0) {
      return;
    }
    const robust3::PowerOfTwoScale up(k);
    output->distance = up(output->distance);
    output->pointA = up(output->pointA);
    output->pointB = up(output->pointB);
  }
};

using Robust3 = Robust3Of<robust3::All>;

}  // namespace gjk
