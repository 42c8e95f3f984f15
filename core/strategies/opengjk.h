// Strategy `opengjk` (T = double) and `opengjk-f32` (T = float): the signed-volumes GJK of M. Montanari,
// N. Petrinic, E. Barbieri, "Improving the GJK algorithm for faster and more reliable distance queries
// between convex objects", ACM TOG 36(3), 2017, as openGJK implements it at its newest v4 tag:
// MattiaMontanari/openGJK tag v4.0.4, commit 5eca7faab331a911e83d3fae0e14853cf07ad7a7,
//   openGJK.c:48-61     GJK_MAX_ITERATIONS 25, GJK_EPSILON_REL = (gkFloat)(gkEpsilon * 1e4),
//                       GJK_EPSILON_ABS = (gkFloat)(gkEpsilon * 1e2)
//   openGJK.c:63-64     norm2, dotProduct
//   openGJK.c:66-184    the simplex-update macros (S3Dregion1234, select_1ik ... select_1k, S1Dregion1,
//                       S2Dregion1, S2Dregion12, S2Dregion13, S3Dregion1)
//   openGJK.c:186-282   determinant, crossProduct, projectOnLine, projectOnPlane, hff1, hff2, hff3
//   openGJK.c:284-639   the sub-algorithms S1D, S2D, S3D
//   openGJK.c:641-664   support;  :666-680 subalgorithm
//   openGJK.c:682-973   the witness points W0D, W1D, W2D, W3D, compute_witnesses
//   openGJK.c:975-1081  compute_minimum_distance
//   include/openGJK/openGJK.h:55-65  gkFloat: double by default, float when USE_32BITS is defined
//                       (CMakeLists.txt:77-79: the CMake option SINGLE_PRECISION defines it); gkEpsilon
//                       DBL_EPSILON or FLT_EPSILON.
// Sources, constants, deviations, contact convention and stop rules: docs/strategies.md ("### opengjk").
//
// The loop (compute_minimum_distance), v = the closest point of the simplex of A - B:
//   v = A[0] - B[0] (world frame); simplex {v}; k = 0
//   do { ++k; w = support_A(-v) - support_B(v)
//        |v|^2 - v.w <= eps_rel |v|^2                      -> opengjk-relative
//        |v|^2 - v.w <  eps_abs                            -> opengjk-absolute
//        |v|^2 < eps_rel^2                                 -> opengjk-null-v
//        add w; S1D / S2D / S3D; norm2Wmax = max(norm2Wmax, |simplex vertex|^2)
//        |v|^2 <= eps_tot^2 norm2Wmax                      -> opengjk-small-v (containment if S3D found
//                                                             the origin inside: v = 0 always passes)
//   } while (simplex has not 4 vertices                    else opengjk-four-vertices (containment likewise)
//            && k != 25)                                   else iteration-cap
//   witness points from the final simplex's barycentric coordinates (W0D ... W3D); distance sqrt(|v|^2).
//
// Every operation is the source's, in T, one rounding per operator in the order the source writes it
// (-ffp-contract=off). Where the source mixes in a double literal (a0 = 1.0 - a1 - a2 in W1D/W2D/W3D, the
// tolerances gkEpsilon * 1e4 and * 1e2, sqrt), the float build rounds in double first as C does, and so
// does the port. No heap allocation.
//
// Deviations (docs/strategies.md lists them): the vertices are placed in the world frame by transformPoint
// before the algorithm runs (openGJK takes world-frame points); radii (openGJK has none) are applied after
// the loop; the sub-algorithm's diagnostic prints (mexPrintf) are left out; the termination is recorded.
#pragma once

#include <cmath>
#include <limits>

#include "core/distance_types.h"
#include "core/limits.h"
#include "core/polytope.h"
#include "core/transform3.h"
#include "core/vec3.h"

namespace gjk {

namespace opengjk_detail {

// gkPolytope (openGJK.h:73-83): the points (here already in the world frame), the last support point s and
// its index s_idx, which the support scan starts from.
template <class T>
struct Body {
  Vec3<T> coord[MAX_POLYTOPE_VERTICES];
  int numpoints = 0;
  Vec3<T> s;
  int s_idx = 0;
};

// gkSimplex (openGJK.h:89-99): vrtx[i] a point of A - B, vrtx_idx[i] = {index on A, index on B}.
template <class T>
struct Simplex {
  int nvrtx = 0;
  Vec3<T> vrtx[4];
  int vrtx_idx[4][2] = {{0, 0}, {0, 0}, {0, 0}, {0, 0}};
  Vec3<T> witnesses[2];
};

// openGJK.c:63-64, the macros as written: (a0*b0 + a1*b1) + a2*b2.
template <class T>
inline T norm2(const Vec3<T>& a) {
  return a.x * a.x + a.y * a.y + a.z * a.z;
}
template <class T>
inline T dotProduct(const Vec3<T>& a, const Vec3<T>& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

// openGJK.c:186-192: p0 ((q1 r2) - (r1 q2)) - p1 (q0 r2 - r0 q2) + p2 (q0 r1 - r0 q1).
template <class T>
inline T determinant(const Vec3<T>& p, const Vec3<T>& q, const Vec3<T>& r) {
  return p.x * ((q.y * r.z) - (r.y * q.z)) - p.y * (q.x * r.z - r.x * q.z) + p.z * (q.x * r.y - r.x * q.y);
}

// openGJK.c:194-200.
template <class T>
inline Vec3<T> crossProduct(const Vec3<T>& a, const Vec3<T>& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

// openGJK.c:202-215: pq = p - q; v = p - pq (p.pq / pq.pq).
template <class T>
inline Vec3<T> projectOnLine(const Vec3<T>& p, const Vec3<T>& q) {
  const Vec3<T> pq{p.x - q.x, p.y - q.y, p.z - q.z};
  const T tmp = dotProduct(p, pq) / dotProduct(pq, pq);
  return {p.x - pq.x * tmp, p.y - pq.y * tmp, p.z - pq.z * tmp};
}

// openGJK.c:217-236: n = (p - q) x (p - r); v = n (n.p / n.n).
template <class T>
inline Vec3<T> projectOnPlane(const Vec3<T>& p, const Vec3<T>& q, const Vec3<T>& r) {
  const Vec3<T> pq{p.x - q.x, p.y - q.y, p.z - q.z};
  const Vec3<T> pr{p.x - r.x, p.y - r.y, p.z - r.z};
  const Vec3<T> n = crossProduct(pq, pr);
  const T tmp = dotProduct(n, p) / dotProduct(n, n);
  return {n.x * tmp, n.y * tmp, n.z * tmp};
}

// openGJK.c:238-249: sum over i of (p_i p_i - p_i q_i), from 0, in the order i = 0, 1, 2; > 0: keep q.
template <class T>
inline int hff1(const Vec3<T>& p, const Vec3<T>& q) {
  T tmp = 0;
  tmp += (p.x * p.x - p.x * q.x);
  tmp += (p.y * p.y - p.y * q.y);
  tmp += (p.z * p.z - p.z * q.z);
  return tmp > 0 ? 1 : 0;
}

// openGJK.c:251-267: n = pq x (pq x pr), pq = q - p, pr = r - p; p.n < 0: discard r.
template <class T>
inline int hff2(const Vec3<T>& p, const Vec3<T>& q, const Vec3<T>& r) {
  const Vec3<T> pq{q.x - p.x, q.y - p.y, q.z - p.z};
  const Vec3<T> pr{r.x - p.x, r.y - p.y, r.z - p.z};
  const Vec3<T> ntmp = crossProduct(pq, pr);
  const Vec3<T> n = crossProduct(pq, ntmp);
  return dotProduct(p, n) < 0 ? 1 : 0;
}

// openGJK.c:269-282: n = (q - p) x (r - p); p.n <= 0.
template <class T>
inline int hff3(const Vec3<T>& p, const Vec3<T>& q, const Vec3<T>& r) {
  const Vec3<T> pq{q.x - p.x, q.y - p.y, q.z - p.z};
  const Vec3<T> pr{r.x - p.x, r.y - p.y, r.z - p.z};
  const Vec3<T> n = crossProduct(pq, pr);
  return dotProduct(p, n) <= 0 ? 1 : 0;
}

// A simplex point with its index pair (the source's getvrtxidx copies both).
template <class T>
struct Point {
  Vec3<T> p;
  int idx[2] = {0, 0};
};

template <class T>
inline Point<T> getvrtxidx(const Simplex<T>& s, int location) {
  Point<T> point;
  point.p = s.vrtx[location];
  point.idx[0] = s.vrtx_idx[location][0];
  point.idx[1] = s.vrtx_idx[location][1];
  return point;
}

template <class T>
inline void setvrtx(Simplex<T>* s, int location, const Point<T>& point) {
  s->vrtx[location] = point.p;
  s->vrtx_idx[location][0] = point.idx[0];
  s->vrtx_idx[location][1] = point.idx[1];
}

// s->vrtx[to] = s->vrtx[from] with its indices.
template <class T>
inline void copyvrtx(Simplex<T>* s, int to, int from) {
  s->vrtx[to] = s->vrtx[from];
  s->vrtx_idx[to][0] = s->vrtx_idx[from][0];
  s->vrtx_idx[to][1] = s->vrtx_idx[from][1];
}

// openGJK.c:72-118, select_1ij ... select_1k: the triangle {s1, a, b} as vrtx {b, a, s1} (select_1ab puts
// b at 0, a at 1, s1 = vrtx[3] at 2), the segment {s1, a} as vrtx {a, s1}.
template <class T>
inline void selectTriangle(Simplex<T>* s, const Point<T>& at1, const Point<T>& at0) {
  s->nvrtx = 3;
  copyvrtx(s, 2, 3);
  setvrtx(s, 1, at1);
  setvrtx(s, 0, at0);
}
template <class T>
inline void selectSegment(Simplex<T>* s, const Point<T>& at0) {
  s->nvrtx = 2;
  copyvrtx(s, 1, 3);
  setvrtx(s, 0, at0);
}

// openGJK.c:284-295. s1 = vrtx[1] (the newer point), s2 = vrtx[0].
template <class T>
inline void S1D(Simplex<T>* s, Vec3<T>* v) {
  const Vec3<T> s1p = s->vrtx[1];
  const Vec3<T> s2p = s->vrtx[0];
  if (hff1(s1p, s2p)) {
    *v = projectOnLine(s1p, s2p);  // V{1,2}
  } else {
    *v = s->vrtx[1];  // S1Dregion1 (:137-146): V{1}
    s->nvrtx = 1;
    copyvrtx(s, 0, 1);
  }
}

// openGJK.c:297-340. s1 = vrtx[2] (the newest), s2 = vrtx[1], s3 = vrtx[0]. The source reads them through
// pointers into s->vrtx; nothing reads them after the simplex is rewritten, so copies give the same values.
template <class T>
inline void S2D(Simplex<T>* s, Vec3<T>* v) {
  const Vec3<T> s1p = s->vrtx[2];
  const Vec3<T> s2p = s->vrtx[1];
  const Vec3<T> s3p = s->vrtx[0];
  const int hff1f_s12 = hff1(s1p, s2p);
  const int hff1f_s13 = hff1(s1p, s3p);

  if (hff1f_s12) {
    const int hff2f_23 = !hff2(s1p, s2p, s3p);
    if (hff2f_23) {
      if (hff1f_s13) {
        const int hff2f_32 = !hff2(s1p, s3p, s2p);
        if (hff2f_32) {
          *v = projectOnPlane(s1p, s2p, s3p);  // V{1,2,3}
        } else {
          *v = projectOnLine(s1p, s3p);  // V{1,3}: S2Dregion13 (:167-173)
          s->nvrtx = 2;
          copyvrtx(s, 1, 2);
        }
      } else {
        *v = projectOnPlane(s1p, s2p, s3p);  // V{1,2,3}
      }
    } else {
      *v = projectOnLine(s1p, s2p);  // V{1,2}: S2Dregion12 (:159-165)
      s->nvrtx = 2;
      copyvrtx(s, 0, 2);
    }
  } else if (hff1f_s13) {
    const int hff2f_32 = !hff2(s1p, s3p, s2p);
    if (hff2f_32) {
      *v = projectOnPlane(s1p, s2p, s3p);  // V{1,2,3}
    } else {
      *v = projectOnLine(s1p, s3p);  // V{1,3}: S2Dregion13
      s->nvrtx = 2;
      copyvrtx(s, 1, 2);
    }
  } else {
    *v = s->vrtx[2];  // V{1}: S2Dregion1 (:148-157)
    s->nvrtx = 1;
    copyvrtx(s, 0, 2);
  }
}

// openGJK.c:342-639. s1 = vrtx[3] (the newest), s2 = vrtx[2], s3 = vrtx[1], s4 = vrtx[0]. Returns true when
// the origin is found inside the tetrahedron (switch case 3, S3Dregion1234: v = 0, four vertices kept).
template <class T>
inline bool S3D(Simplex<T>* s, Vec3<T>* v) {
  const Point<T> s1 = getvrtxidx(*s, 3);
  const Point<T> s2 = getvrtxidx(*s, 2);
  const Point<T> s3 = getvrtxidx(*s, 1);
  const Vec3<T> s4 = s->vrtx[0];
  // calculateEdgeVector (:132-135): p2 - s->vrtx[3].
  const Vec3<T> s1s2{s2.p.x - s->vrtx[3].x, s2.p.y - s->vrtx[3].y, s2.p.z - s->vrtx[3].z};
  const Vec3<T> s1s3{s3.p.x - s->vrtx[3].x, s3.p.y - s->vrtx[3].y, s3.p.z - s->vrtx[3].z};
  const Vec3<T> s1s4{s4.x - s->vrtx[3].x, s4.y - s->vrtx[3].y, s4.z - s->vrtx[3].z};

  int hff1_tests[3];
  hff1_tests[2] = hff1(s1.p, s2.p);
  hff1_tests[1] = hff1(s1.p, s3.p);
  hff1_tests[0] = hff1(s1.p, s4);
  const int testLineThree = hff1(s1.p, s3.p);
  const int testLineFour = hff1(s1.p, s4);

  const int dotTotal = hff1(s1.p, s2.p) + testLineThree + testLineFour;
  if (dotTotal == 0) {  // case 0.0: S3Dregion1 (:175-184)
    *v = s1.p;
    s->nvrtx = 1;
    setvrtx(s, 0, s1);
    return false;
  }

  const T det134 = determinant(s1s3, s1s4, s1s2);
  const int sss = (det134 <= 0) ? 1 : 0;

  int testPlaneTwo = hff3(s1.p, s3.p, s4) - sss;
  testPlaneTwo = testPlaneTwo * testPlaneTwo;
  int testPlaneThree = hff3(s1.p, s4, s2.p) - sss;
  testPlaneThree = testPlaneThree * testPlaneThree;
  int testPlaneFour = hff3(s1.p, s2.p, s3.p) - sss;
  testPlaneFour = testPlaneFour * testPlaneFour;

  int i = 0;
  int j = 0;
  int k = 0;
  switch (testPlaneTwo + testPlaneThree + testPlaneFour) {
    case 3:  // S3Dregion1234 (:66-70)
      *v = Vec3<T>{T(0), T(0), T(0)};
      s->nvrtx = 4;
      return true;

    case 2: {  // :387-423: one face towards the origin; remove the vertex off it, then S2D
      s->nvrtx = 3;
      if (!testPlaneTwo) {  // removes s2
        copyvrtx(s, 2, 3);
      } else if (!testPlaneThree) {  // removes s3
        setvrtx(s, 1, s2);
        copyvrtx(s, 2, 3);
      } else if (!testPlaneFour) {  // removes s4
        setvrtx(s, 0, s3);
        setvrtx(s, 1, s2);
        copyvrtx(s, 2, 3);
      }
      S2D(s, v);
      return false;
    }

    case 1: {  // :424-563: two faces towards the origin
      s->nvrtx = 3;
      if (testPlaneTwo) {
        k = 2;  // s2
        i = 1;
        j = 0;
      } else if (testPlaneThree) {
        k = 1;  // s3
        i = 0;
        j = 2;
      } else {
        k = 0;  // s4
        i = 2;
        j = 1;
      }
      const Point<T> si = getvrtxidx(*s, i);
      const Point<T> sj = getvrtxidx(*s, j);
      const Point<T> sk = getvrtxidx(*s, k);

      if (dotTotal == 1) {  // :450-478
        if (hff1_tests[k]) {
          if (!hff2(s1.p, sk.p, si.p)) {
            selectTriangle(s, si, sk);  // select_1ik
            *v = projectOnPlane(s1.p, si.p, sk.p);
          } else if (!hff2(s1.p, sk.p, sj.p)) {
            selectTriangle(s, sj, sk);  // select_1jk
            *v = projectOnPlane(s1.p, sj.p, sk.p);
          } else {
            selectSegment(s, sk);  // select_1k
            *v = projectOnLine(s1.p, sk.p);
          }
        } else if (hff1_tests[i]) {
          if (!hff2(s1.p, si.p, sk.p)) {
            selectTriangle(s, si, sk);  // select_1ik
            *v = projectOnPlane(s1.p, si.p, sk.p);
          } else {
            selectSegment(s, si);  // select_1i
            *v = projectOnLine(s1.p, si.p);
          }
        } else {
          if (!hff2(s1.p, sj.p, sk.p)) {
            selectTriangle(s, sj, sk);  // select_1jk
            *v = projectOnPlane(s1.p, sj.p, sk.p);
          } else {
            selectSegment(s, sj);  // select_1j
            *v = projectOnLine(s1.p, sj.p);
          }
        }
      } else if (dotTotal == 2) {  // :479-524
        if (hff1_tests[i]) {
          if (!hff2(s1.p, sk.p, si.p)) {
            if (!hff2(s1.p, si.p, sk.p)) {
              selectTriangle(s, si, sk);  // select_1ik
              *v = projectOnPlane(s1.p, si.p, sk.p);
            } else {
              selectSegment(s, sk);  // select_1k
              *v = projectOnLine(s1.p, sk.p);
            }
          } else {
            if (!hff2(s1.p, sk.p, sj.p)) {
              selectTriangle(s, sj, sk);  // select_1jk
              *v = projectOnPlane(s1.p, sj.p, sk.p);
            } else {
              selectSegment(s, sk);  // select_1k
              *v = projectOnLine(s1.p, sk.p);
            }
          }
        } else if (hff1_tests[j]) {
          if (!hff2(s1.p, sk.p, sj.p)) {
            if (!hff2(s1.p, sj.p, sk.p)) {
              selectTriangle(s, sj, sk);  // select_1jk
              *v = projectOnPlane(s1.p, sj.p, sk.p);
            } else {
              selectSegment(s, sj);  // select_1j
              *v = projectOnLine(s1.p, sj.p);
            }
          } else {
            if (!hff2(s1.p, sk.p, si.p)) {
              selectTriangle(s, si, sk);  // select_1ik
              *v = projectOnPlane(s1.p, si.p, sk.p);
            } else {
              selectSegment(s, sk);  // select_1k
              *v = projectOnLine(s1.p, sk.p);
            }
          }
        } else {
          // :521-523 "ERROR;": nothing is done. nvrtx is 3 (set above), the simplex keeps vrtx[0..2]
          // (s4, s3, s2: the newest point s1 is dropped) and v is left as it was.
        }
      } else if (dotTotal == 3) {  // :525-562
        const int hff2_ik = hff2(s1.p, si.p, sk.p);
        const int hff2_jk = hff2(s1.p, sj.p, sk.p);
        const int hff2_ki = hff2(s1.p, sk.p, si.p);
        const int hff2_kj = hff2(s1.p, sk.p, sj.p);
        // :535-537 prints "UNEXPECTED VALUES!!!" when hff2_ki == 0 && hff2_kj == 0; the print is left out,
        // the code goes on as the source's does.
        if (hff2_ki == 1 && hff2_kj == 1) {
          selectSegment(s, sk);  // select_1k
          *v = projectOnLine(s1.p, sk.p);
        } else if (hff2_ki) {
          if (hff2_jk) {
            selectSegment(s, sj);  // select_1j
            *v = projectOnLine(s1.p, sj.p);
          } else {
            selectTriangle(s, sj, sk);  // select_1jk
            *v = projectOnPlane(s1.p, sk.p, sj.p);  // the source's argument order (k, j)
          }
        } else {
          if (hff2_ik) {
            selectSegment(s, si);  // select_1i
            *v = projectOnLine(s1.p, si.p);
          } else {
            selectTriangle(s, si, sk);  // select_1ik
            *v = projectOnPlane(s1.p, sk.p, si.p);  // the source's argument order (k, i)
          }
        }
      }
      return false;
    }

    case 0: {  // :565-635: the origin outside all three faces through s1
      if (dotTotal == 1) {
        if (testLineThree) {
          k = 2;
          i = 1;  // s3
          j = 0;
        } else if (testLineFour) {
          k = 1;
          i = 0;  // s4
          j = 2;
        } else {
          k = 0;
          i = 2;  // s2
          j = 1;
        }
        const Point<T> si = getvrtxidx(*s, i);
        const Point<T> sj = getvrtxidx(*s, j);
        const Point<T> sk = getvrtxidx(*s, k);

        if (!hff2(s1.p, si.p, sj.p)) {
          selectTriangle(s, si, sj);  // select_1ij
          *v = projectOnPlane(s1.p, si.p, sj.p);
        } else if (!hff2(s1.p, si.p, sk.p)) {
          selectTriangle(s, si, sk);  // select_1ik
          *v = projectOnPlane(s1.p, si.p, sk.p);
        } else {
          selectSegment(s, si);  // select_1i
          *v = projectOnLine(s1.p, si.p);
        }
      } else if (dotTotal == 2) {
        s->nvrtx = 3;
        if (!testLineThree) {
          k = 2;
          i = 1;  // s3
          j = 0;
        } else if (!testLineFour) {
          k = 1;
          i = 0;  // s4
          j = 2;
        } else {
          k = 0;
          i = 2;  // s2
          j = 1;
        }
        const Point<T> si = getvrtxidx(*s, i);
        const Point<T> sj = getvrtxidx(*s, j);
        const Point<T> sk = getvrtxidx(*s, k);

        if (!hff2(s1.p, sj.p, sk.p)) {
          if (!hff2(s1.p, sk.p, sj.p)) {
            selectTriangle(s, sj, sk);  // select_1jk
            *v = projectOnPlane(s1.p, sj.p, sk.p);
          } else if (!hff2(s1.p, sk.p, si.p)) {
            selectTriangle(s, si, sk);  // select_1ik
            *v = projectOnPlane(s1.p, sk.p, si.p);  // the source's argument order (k, i)
          } else {
            selectSegment(s, sk);  // select_1k
            *v = projectOnLine(s1.p, sk.p);
          }
        } else if (!hff2(s1.p, sj.p, si.p)) {
          selectTriangle(s, si, sj);  // select_1ij
          *v = projectOnPlane(s1.p, si.p, sj.p);
        } else {
          selectSegment(s, sj);  // select_1j
          *v = projectOnLine(s1.p, sj.p);
        }
      }
      // dotTotal == 3 has no branch in the source: the four vertices and v stay as they were.
      return false;
    }

    default:
      // :636-637 prints "ERROR: unhandled"; the sum of three 0/1 squares is always 0..3.
      return false;
  }
}

// openGJK.c:641-664: starts from the last support point's value; a vertex replaces it only when strictly
// further along v (ties keep the last support point, then the lowest index among new maxima).
template <class T>
inline void support(Body<T>* body, const Vec3<T>& v) {
  T maxs = dotProduct(body->s, v);
  int better = -1;
  for (int i = 0; i < body->numpoints; ++i) {
    const T sv = dotProduct(body->coord[i], v);
    if (sv > maxs) {
      maxs = sv;
      better = i;
    }
  }
  if (better != -1) {
    body->s = body->coord[better];
    body->s_idx = better;
  }
}

// openGJK.c:666-680. Returns S3D's containment.
template <class T>
inline bool subalgorithm(Simplex<T>* s, Vec3<T>* v) {
  switch (s->nvrtx) {
    case 4:
      return S3D(s, v);
    case 3:
      S2D(s, v);
      return false;
    case 2:
      S1D(s, v);
      return false;
    default:
      return false;  // :677-678 prints "invalid simplex"; unreachable (2..4 points after the add)
  }
}

// 1.0 - a1 [- a2 [- a3]]: the source's literal 1.0 is a double, so in the float build the sum is formed in
// double and rounded to float once, on assignment to gkFloat (C's usual arithmetic conversions).
template <class T>
inline T oneMinus(T a1) {
  return static_cast<T>(1.0 - static_cast<double>(a1));
}
template <class T>
inline T oneMinus(T a1, T a2) {
  return static_cast<T>(1.0 - static_cast<double>(a1) - static_cast<double>(a2));
}
template <class T>
inline T oneMinus(T a1, T a2, T a3) {
  return static_cast<T>(1.0 - static_cast<double>(a1) - static_cast<double>(a2) - static_cast<double>(a3));
}

// openGJK.c:682-690.
template <class T>
inline void W0D(const Body<T>& bd1, const Body<T>& bd2, Simplex<T>* smp) {
  smp->witnesses[0] = bd1.coord[smp->vrtx_idx[0][0]];
  smp->witnesses[1] = bd2.coord[smp->vrtx_idx[0][1]];
}

// openGJK.c:692-724. As in the source, the degenerate branch (det == 0) calls W0D and then goes on: the
// blend below divides by det = 0 and overwrites W0D's points.
template <class T>
inline void W1D(const Body<T>& bd1, const Body<T>& bd2, Simplex<T>* smp) {
  const Vec3<T> p = smp->vrtx[0];
  const Vec3<T> q = smp->vrtx[1];
  const Vec3<T> pq{q.x - p.x, q.y - p.y, q.z - p.z};
  const Vec3<T> po{-p.x, -p.y, -p.z};

  const T det = dotProduct(pq, pq);
  if (det == 0.0) {
    W0D(bd1, bd2, smp);
  }
  const T a1 = dotProduct(pq, po) / det;
  const T a0 = oneMinus(a1);

  const Vec3<T>& w00 = bd1.coord[smp->vrtx_idx[0][0]];
  const Vec3<T>& w01 = bd2.coord[smp->vrtx_idx[0][1]];
  const Vec3<T>& w10 = bd1.coord[smp->vrtx_idx[1][0]];
  const Vec3<T>& w11 = bd2.coord[smp->vrtx_idx[1][1]];
  smp->witnesses[0] = {w00.x * a0 + w10.x * a1, w00.y * a0 + w10.y * a1, w00.z * a0 + w10.z * a1};
  smp->witnesses[1] = {w01.x * a0 + w11.x * a1, w01.y * a0 + w11.y * a1, w01.z * a0 + w11.z * a1};
}

// openGJK.c:726-819. As in the source: the degenerate branch (det == 0) calls W1D and goes on; the
// near-edge branches (a_i < gkEpsilon) rewrite the simplex to two points and call W1D, and then the
// three-point blend below, with the rewritten indices and the three coordinates already computed,
// overwrites W1D's points. nvrtx stays as the branch left it.
template <class T>
inline void W2D(const Body<T>& bd1, const Body<T>& bd2, Simplex<T>* smp) {
  constexpr T gkEpsilon = std::numeric_limits<T>::epsilon();
  const Vec3<T> p = smp->vrtx[0];
  const Vec3<T> q = smp->vrtx[1];
  const Vec3<T> r = smp->vrtx[2];
  const Vec3<T> pq{q.x - p.x, q.y - p.y, q.z - p.z};
  const Vec3<T> pr{r.x - p.x, r.y - p.y, r.z - p.z};
  const Vec3<T> po{-p.x, -p.y, -p.z};

  const T T00 = dotProduct(pq, pq);
  const T T01 = dotProduct(pq, pr);
  const T T11 = dotProduct(pr, pr);
  const T det = T00 * T11 - T01 * T01;
  if (det == 0.0) {
    W1D(bd1, bd2, smp);
  }

  const T b0 = dotProduct(pq, po);
  const T b1 = dotProduct(pr, po);
  const T I00 = T11 / det;
  const T I01 = -T01 / det;
  const T I11 = T00 / det;
  const T a1 = I00 * b0 + I01 * b1;
  const T a2 = I01 * b0 + I11 * b1;
  const T a0 = oneMinus(a1, a2);

  if (a0 < gkEpsilon) {
    smp->nvrtx = 2;
    copyvrtx(smp, 0, 2);
    W1D(bd1, bd2, smp);
  } else if (a1 < gkEpsilon) {
    smp->nvrtx = 2;
    copyvrtx(smp, 1, 2);
    W1D(bd1, bd2, smp);
  } else if (a2 < gkEpsilon) {
    smp->nvrtx = 2;
    W1D(bd1, bd2, smp);
  }

  const Vec3<T>& w00 = bd1.coord[smp->vrtx_idx[0][0]];
  const Vec3<T>& w01 = bd2.coord[smp->vrtx_idx[0][1]];
  const Vec3<T>& w10 = bd1.coord[smp->vrtx_idx[1][0]];
  const Vec3<T>& w11 = bd2.coord[smp->vrtx_idx[1][1]];
  const Vec3<T>& w20 = bd1.coord[smp->vrtx_idx[2][0]];
  const Vec3<T>& w21 = bd2.coord[smp->vrtx_idx[2][1]];
  smp->witnesses[0] = {w00.x * a0 + w10.x * a1 + w20.x * a2, w00.y * a0 + w10.y * a1 + w20.y * a2,
                       w00.z * a0 + w10.z * a1 + w20.z * a2};
  smp->witnesses[1] = {w01.x * a0 + w11.x * a1 + w21.x * a2, w01.y * a0 + w11.y * a1 + w21.y * a2,
                       w01.z * a0 + w11.z * a1 + w21.z * a2};
}

// openGJK.c:821-953, with W2D's pattern one dimension up (the near-face branches call W2D, which may
// rewrite the simplex further, and the four-point blend then uses the indices as rewritten).
template <class T>
inline void W3D(const Body<T>& bd1, const Body<T>& bd2, Simplex<T>* smp) {
  constexpr T gkEpsilon = std::numeric_limits<T>::epsilon();
  const Vec3<T> p = smp->vrtx[0];
  const Vec3<T> q = smp->vrtx[1];
  const Vec3<T> r = smp->vrtx[2];
  const Vec3<T> s = smp->vrtx[3];
  const Vec3<T> pq{q.x - p.x, q.y - p.y, q.z - p.z};
  const Vec3<T> pr{r.x - p.x, r.y - p.y, r.z - p.z};
  const Vec3<T> ps{s.x - p.x, s.y - p.y, s.z - p.z};
  const Vec3<T> po{-p.x, -p.y, -p.z};

  const T T00 = dotProduct(pq, pq);
  const T T01 = dotProduct(pq, pr);
  const T T02 = dotProduct(pq, ps);
  const T T11 = dotProduct(pr, pr);
  const T T12 = dotProduct(pr, ps);
  const T T22 = dotProduct(ps, ps);
  const T det00 = T11 * T22 - T12 * T12;
  const T det01 = T01 * T22 - T02 * T12;
  const T det02 = T01 * T12 - T02 * T11;
  const T det = T00 * det00 - T01 * det01 + T02 * det02;
  if (det == 0.0) {
    W2D(bd1, bd2, smp);
  }

  const T b0 = dotProduct(pq, po);
  const T b1 = dotProduct(pr, po);
  const T b2 = dotProduct(ps, po);

  const T det11 = T00 * T22 - T02 * T02;
  const T det12 = T00 * T12 - T01 * T02;
  const T det22 = T00 * T11 - T01 * T01;
  const T I00 = det00 / det;
  const T I01 = -det01 / det;
  const T I02 = det02 / det;
  const T I11 = det11 / det;
  const T I12 = -det12 / det;
  const T I22 = det22 / det;

  const T a1 = I00 * b0 + I01 * b1 + I02 * b2;
  const T a2 = I01 * b0 + I11 * b1 + I12 * b2;
  const T a3 = I02 * b0 + I12 * b1 + I22 * b2;
  const T a0 = oneMinus(a1, a2, a3);

  if (a0 < gkEpsilon) {
    smp->nvrtx = 3;
    copyvrtx(smp, 0, 3);
    W2D(bd1, bd2, smp);
  } else if (a1 < gkEpsilon) {
    smp->nvrtx = 3;
    copyvrtx(smp, 1, 3);
    W2D(bd1, bd2, smp);
  } else if (a2 < gkEpsilon) {
    smp->nvrtx = 3;
    copyvrtx(smp, 2, 3);
    W2D(bd1, bd2, smp);
  } else if (a3 < gkEpsilon) {
    smp->nvrtx = 3;
    W2D(bd1, bd2, smp);
  }

  const Vec3<T>& w00 = bd1.coord[smp->vrtx_idx[0][0]];
  const Vec3<T>& w01 = bd2.coord[smp->vrtx_idx[0][1]];
  const Vec3<T>& w10 = bd1.coord[smp->vrtx_idx[1][0]];
  const Vec3<T>& w11 = bd2.coord[smp->vrtx_idx[1][1]];
  const Vec3<T>& w20 = bd1.coord[smp->vrtx_idx[2][0]];
  const Vec3<T>& w21 = bd2.coord[smp->vrtx_idx[2][1]];
  const Vec3<T>& w30 = bd1.coord[smp->vrtx_idx[3][0]];
  const Vec3<T>& w31 = bd2.coord[smp->vrtx_idx[3][1]];
  smp->witnesses[0] = {w00.x * a0 + w10.x * a1 + w20.x * a2 + w30.x * a3,
                       w00.y * a0 + w10.y * a1 + w20.y * a2 + w30.y * a3,
                       w00.z * a0 + w10.z * a1 + w20.z * a2 + w30.z * a3};
  smp->witnesses[1] = {w01.x * a0 + w11.x * a1 + w21.x * a2 + w31.x * a3,
                       w01.y * a0 + w11.y * a1 + w21.y * a2 + w31.y * a3,
                       w01.z * a0 + w11.z * a1 + w21.z * a2 + w31.z * a3};
}

// openGJK.c:955-973.
template <class T>
inline void compute_witnesses(const Body<T>& bd1, const Body<T>& bd2, Simplex<T>* smp) {
  switch (smp->nvrtx) {
    case 4:
      W3D(bd1, bd2, smp);
      break;
    case 3:
      W2D(bd1, bd2, smp);
      break;
    case 2:
      W1D(bd1, bd2, smp);
      break;
    case 1:
      W0D(bd1, bd2, smp);
      break;
    default:
      break;  // :970-971 prints "invalid simplex"; unreachable
  }
}

}  // namespace opengjk_detail

// The constants of openGJK.c:48-61 and compute_minimum_distance :977-983, in T.
template <class T>
struct OpenGjkTolerances {
  // gkEpsilon (openGJK.h:59-65): FLT_EPSILON in the float build, DBL_EPSILON otherwise.
  static constexpr T EPSILON = std::numeric_limits<T>::epsilon();
  // GJK_EPSILON_REL = (gkFloat)(gkEpsilon * 1e4): the product in double (1e4 is a double literal), then T.
  static constexpr T EPS_REL = static_cast<T>(static_cast<double>(EPSILON) * 1e4);
  // GJK_EPSILON_ABS = (gkFloat)(gkEpsilon * 1e2); also eps_tot.
  static constexpr T EPS_ABS = static_cast<T>(static_cast<double>(EPSILON) * 1e2);
  static constexpr T EPS_TOT = EPS_ABS;
  // eps_rel2 = eps_rel * eps_rel, rounded in T.
  static constexpr T EPS_REL2 = EPS_REL * EPS_REL;
  // GJK_MAX_ITERATIONS: the loop's k counts iterations, one support point of A - B each.
  static constexpr int MAX_ITERATIONS = 25;
};

struct OpenGjk {
  static constexpr const char* NAME = "opengjk";

  template <class T>
  static void distance(const DistanceInput3<T>& input, DistanceOutput3<T>* output) {
    using namespace opengjk_detail;
    using Tol = OpenGjkTolerances<T>;

    // Deviation: openGJK takes world-frame points; the shapes' local vertices are placed here.
    Body<T> bd1;
    Body<T> bd2;
    bd1.numpoints = input.proxyA.count;
    bd2.numpoints = input.proxyB.count;
    for (int i = 0; i < bd1.numpoints; ++i) {
      bd1.coord[i] = transformPoint(input.transformA, input.proxyA.vertices[i]);
    }
    for (int i = 0; i < bd2.numpoints; ++i) {
      bd2.coord[i] = transformPoint(input.transformB, input.proxyB.vertices[i]);
    }

    // compute_minimum_distance, openGJK.c:975-1081.
    const T eps_rel = Tol::EPS_REL;
    const T eps_tot = Tol::EPS_TOT;
    const T eps_rel2 = Tol::EPS_REL2;
    opengjk_detail::Simplex<T> s;  // qualified: gjk::Simplex (core/simplex.h) is another type
    Vec3<T> v;
    T norm2Wmax = 0;

    v = {bd1.coord[0].x - bd2.coord[0].x, bd1.coord[0].y - bd2.coord[0].y, bd1.coord[0].z - bd2.coord[0].z};
    s.nvrtx = 1;
    s.vrtx[0] = v;
    s.vrtx_idx[0][0] = 0;
    s.vrtx_idx[0][1] = 0;
    bd1.s = bd1.coord[0];
    bd1.s_idx = 0;
    bd2.s = bd2.coord[0];
    bd2.s_idx = 0;

    int k = 0;
    Termination termination = Termination::IterationCap;
    for (;;) {
      ++k;
      const Vec3<T> vminus{-v.x, -v.y, -v.z};
      support(&bd1, vminus);
      support(&bd2, v);
      const Vec3<T> w{bd1.s.x - bd2.s.x, bd1.s.y - bd2.s.y, bd1.s.z - bd2.s.z};
      const int w_idx0 = bd1.s_idx;
      const int w_idx1 = bd2.s_idx;

      // :1037-1041, one `if` with `||` in the source; its two sides are two stop rules.
      const T exeedtol_rel = (norm2(v) - dotProduct(v, w));
      if (exeedtol_rel <= (eps_rel * norm2(v))) {
        termination = Termination::OpenGjkRelative;
        break;
      }
      if (exeedtol_rel < Tol::EPS_ABS) {
        termination = Termination::OpenGjkAbsolute;
        break;
      }
      // :1043-1045 "it a null V".
      if (norm2(v) < eps_rel2) {
        termination = Termination::OpenGjkNullV;
        break;
      }

      // :1047-1054.
      const int i = s.nvrtx;
      s.vrtx[i] = w;
      s.vrtx_idx[i][0] = w_idx0;
      s.vrtx_idx[i][1] = w_idx1;
      s.nvrtx++;

      const bool contained = subalgorithm(&s, &v);

      // :1059-1065.
      for (int jj = 0; jj < s.nvrtx; jj++) {
        const T tesnorm = norm2(s.vrtx[jj]);
        if (tesnorm > norm2Wmax) {
          norm2Wmax = tesnorm;
        }
      }

      // :1067-1069. After S3D's containment v = 0 and this test passes (0 <= a product of non-negative
      // numbers): the name is then `containment`, the rule that decided the stop.
      if ((norm2(v) <= (eps_tot * eps_tot * norm2Wmax))) {
        termination = contained ? Termination::Containment : Termination::OpenGjkSmallV;
        break;
      }
      // :1071, while ((s->nvrtx != 4) && (k != mk)), evaluated left to right.
      if (s.nvrtx == 4) {
        termination = contained ? Termination::Containment : Termination::OpenGjkFourVertices;
        break;
      }
      if (k == Tol::MAX_ITERATIONS) {
        termination = Termination::IterationCap;
        break;
      }
    }
    // :1073-1077 prints a message at the cap; left out.

    const int loopSimplexCount = s.nvrtx;
    compute_witnesses(bd1, bd2, &s);  // :1079 (may reduce s.nvrtx; the loop's count is reported)
    const T coreDistance = static_cast<T>(std::sqrt(static_cast<double>(norm2(v))));  // :1080, C's sqrt

    output->pointA = s.witnesses[0];
    output->pointB = s.witnesses[1];
    output->distance = coreDistance;
    output->iterations = k;
    output->simplexCount = loopSimplexCount;
    output->termination = termination;
    output->decidedBy = PostRule::None;

    // Deviation: openGJK has no radii. With useRadii the rounded shapes' answer is formed from the core
    // one: the distance less rA + rB, floored at 0, and each witness moved onto its own rounded surface
    // along the separating direction v (A - B): pA - (rA/|v|) v, pB + (rB/|v|) v. When |v| = 0 the points
    // stay on the cores (each inside its own rounded shape). Contact convention `on-shapes`.
    if (input.useRadii) {
      const T rA = input.proxyA.radius;
      const T rB = input.proxyB.radius;
      const T radius = rA + rB;
      const T sDist = coreDistance;
      if (sDist > T(0)) {
        output->pointA = output->pointA - (rA / sDist) * v;
        output->pointB = output->pointB + (rB / sDist) * v;
      }
      if (sDist > radius) {
        output->distance = sDist - radius;
      } else {
        output->distance = 0;
      }
    }
  }
};

}  // namespace gjk
