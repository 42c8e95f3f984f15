// Strategy `jolt-gjk`: the GJK closest points of Jolt Physics v5.5.0 (jrouwe/JoltPhysics, tag v5.5.0 =
// commit 23dadd0e603f1b321142d4c74df07fce85064989), GJKClosestPoint::GetClosestPoints as Jolt's own convex
// versus convex collision calls it (ConvexShape::sCollideConvexVsConvex -> EPAPenetrationDepth::
// GetPenetrationDepthStepGJK), in 3D, float as Jolt is.
//
// Read from that tag:
//   Jolt/Geometry/GJKClosestPoint.h    GetClosest :35-93, GetMaxYLengthSq :95-102, UpdatePointSetYPQ :144-157,
//                                      CalculatePointAAndB :159-194, GetClosestPoints :326-491
//   Jolt/Geometry/ClosestPoint.h       GetBaryCentricCoordinates (line :18-45, plane :50-128),
//                                      GetClosestPointOnLine :132-154, GetClosestPointOnTriangle :159-337,
//                                      OriginOutsideOfTetrahedronPlanes :362-407,
//                                      GetClosestPointOnTetrahedron :412-493
//   Jolt/Geometry/ConvexSupport.h      TransformedConvexObject :13-41
//   Jolt/Geometry/EPAPenetrationDepth.h GetPenetrationDepthStepGJK :103-134 (the radii)
//   Jolt/Physics/Collision/Shape/ConvexShape.cpp sCollideConvexVsConvex :45-164 (frames :56-57, initial
//                                      axis :72-76, the GJK step :86-93, the distance and world points :134-145)
//   Jolt/Physics/Collision/Shape/ConvexHullShape.cpp HullNoConvex::GetSupport :406-424
//   Jolt/Physics/PhysicsSettings.h:10 (cDefaultCollisionTolerance), Jolt/Physics/Collision/CollideShape.h:83,100
//   Jolt/Math/Vec3.inl (Dot :650-664, LengthSq :666-680, Length :682-694, Cross :595-616, DotV4 :634-648,
//                       unary minus :476-493, * float :368-388, / float :390-399, IsNearZero :352-355,
//                       sSelect :270-291), Jolt/Math/Vec3.h:154 (IsNearZero's 1.0e-12f),
//   Jolt/Math/Mat44.inl (* Mat44 :241-269, * Vec3 :271-291, Multiply3x3 :316-333, Multiply3x3Transposed
//                        :336-348, Transposed3x3 :502-536, InversedRotationTranslation :729-734),
//   Jolt/Math/Vec4.inl (sLess :190, sLessOrEqual :204, sGreaterOrEqual :232, GetSignBits :841-851),
//   Jolt/Math/Math.h (Clamp :48-51, Square :55-58).
//
// The loop (GetClosestPoints), in shape A's local frame with B carried into it:
//   v = B's position in A's frame (X axis if |v|^2 <= 1e-12); |v|^2; prev = FLT_MAX
//   repeat: p = sA(v), q = sB(-v), w = p - q
//     v.w < 0 and (v.w)^2 > |v|^2 maxDistSq                      -> beyond-max-distance
//     add w; closest point v' of the simplex (Ericson's regions, the new point assumed in the closest feature)
//     not |v'|^2 < prev (or NaN): drop w, keep v                  -> no-closer-point
//     the closest feature is the whole tetrahedron                -> containment (distance 0)
//     keep the closest feature's points
//     |v'|^2 <= tolerance^2 (tolerance 1e-4)                      -> within-tolerance (distance 0)
//     |v'|^2 <= FLT_EPSILON max|y|^2 over the kept points         -> machine-precision (distance 0)
//     v = -v'; prev - |v'|^2 <= FLT_EPSILON prev                  -> converged
//     prev = |v'|^2; after the 1024th support call                -> iteration-cap (ours: Jolt has none)
//
// Vector arithmetic as Jolt's x86-64 SSE4.1 build (its CMake default) rounds it, one rounding per operator
// (Jolt's GCC build has -ffp-contract=off, as this project): Vec3::Dot and LengthSq are _mm_dp_ps(a, b,
// 0x7f), which sums (x*x' + y*y') + (z*z' + 0), never a negative zero (it matters: the tetrahedron test reads
// sign bits); unary minus is 0 - v (also no negative zero); Cross, Mat44 * Vec3, Mat44 * Mat44 and
// Multiply3x3Transposed are written out below in Jolt's order. Sources, constants, every deviation (frames,
// radii, the bound, the cap, the points of a full simplex), contact convention and stop rules:
// docs/strategies.md, "### jolt-gjk".
//
// T = double runs the same steps with Jolt's float constants widened exactly (not a Jolt configuration:
// Jolt's GJK is float in every build).
#pragma once

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <limits>

#include "core/distance_types.h"
#include "core/polytope.h"
#include "core/trace3.h"
#include "core/transform3.h"
#include "core/vec3.h"

namespace gjk {

// Jolt's constants, each the float value Jolt writes, widened exactly to T.
template <class T>
struct JoltGjkConstants {
  static constexpr T FLT_EPS = T(FLT_EPSILON);               // the relative tests and the tetrahedron slop
  static constexpr T FLT_MAXIMUM = T(FLT_MAX);               // prev |v|^2 at the start; the support's floor
  static constexpr T FLT_EPS_SQ = T(FLT_EPSILON * FLT_EPSILON);  // Square(FLT_EPSILON) = 2^-46, exact
  static constexpr T BARYCENTRIC_DEGENERATE = T(1.0e-12f);   // ClosestPoint.h:73,103 (the plane's denominator)
  static constexpr T TRIANGLE_DEGENERATE = T(1.0e-10f);      // ClosestPoint.h:186 (|n|^2 of the triangle)
  static constexpr T NEAR_ZERO_SQ = T(1.0e-12f);             // Vec3::IsNearZero's default (Vec3.h:154)
  static constexpr T COLLISION_TOLERANCE = T(1.0e-4f);       // cDefaultCollisionTolerance (PhysicsSettings.h:10)
  static constexpr T MAX_DIST_SQ = T(FLT_MAX);               // our inMaxDistSq (deviation 3)
  static constexpr int MAX_SUPPORT_CALLS = 1024;             // our safety cap (deviation 5)
};

namespace jolt_detail {

// Vec3::Dot / LengthSq on SSE4.1: _mm_dp_ps(a, b, 0x7f) = (p0 + p1) + (p2 + 0), the unused lane +0.
template <class T>
inline T joltDot(Vec3<T> a, Vec3<T> b) {
  return (a.x * b.x + a.y * b.y) + (a.z * b.z + T(0));
}
template <class T>
inline T joltLengthSq(Vec3<T> a) {
  return joltDot(a, a);
}
// Vec3::operator-() on SSE: _mm_sub_ps(0, v).
template <class T>
inline Vec3<T> neg(Vec3<T> a) {
  return {T(0) - a.x, T(0) - a.y, T(0) - a.z};
}
// Vec3 * float and float * Vec3: one product a lane.
template <class T>
inline Vec3<T> scale(Vec3<T> v, T s) {
  return {v.x * s, v.y * s, v.z * s};
}
// Vec3 / float: _mm_div_ps, a true division a lane.
template <class T>
inline Vec3<T> divide(Vec3<T> v, T s) {
  return {v.x / s, v.y / s, v.z / s};
}
// Vec3::Cross on SSE: (y z' - z y', z x' - x z', x y' - y x'), each product and difference rounded once.
template <class T>
inline Vec3<T> joltCross(Vec3<T> a, Vec3<T> b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
// std::max / std::min as Jolt uses them (Core.h: using std::max, std::min), and Clamp (Math.h:48-51).
template <class T>
inline T maxOf(T a, T b) {
  return (a < b) ? b : a;
}
template <class T>
inline T minOf(T a, T b) {
  return (b < a) ? b : a;
}
template <class T>
inline T clamp(T v, T lo, T hi) {
  return minOf(maxOf(v, lo), hi);
}

// An affine Mat44 of Jolt: three rotation columns (w = 0) and the translation column (w = 1).
template <class T>
struct Affine {
  Vec3<T> col[3];
  Vec3<T> t;
};

// The matrix of a Transform3 (rows r, position p) as a Mat44: the columns of r, then p.
template <class T>
inline Affine<T> affineOf(const Transform3<T>& xf) {
  const Matrix3<T>& r = xf.r;
  Affine<T> m;
  m.col[0] = {r.row[0].x, r.row[1].x, r.row[2].x};
  m.col[1] = {r.row[0].y, r.row[1].y, r.row[2].y};
  m.col[2] = {r.row[0].z, r.row[1].z, r.row[2].z};
  m.t = xf.p;
  return m;
}

// Mat44::Multiply3x3(Vec3) on SSE: ((c0 x + c1 y) + c2 z) a lane.
template <class T>
inline Vec3<T> multiply3x3(const Affine<T>& m, Vec3<T> v) {
  return {(m.col[0].x * v.x + m.col[1].x * v.y) + m.col[2].x * v.z,
          (m.col[0].y * v.x + m.col[1].y * v.y) + m.col[2].y * v.z,
          (m.col[0].z * v.x + m.col[1].z * v.y) + m.col[2].z * v.z};
}

// Mat44 * Vec3 on SSE: (((c0 x + c1 y) + c2 z) + c3) a lane.
template <class T>
inline Vec3<T> transform(const Affine<T>& m, Vec3<T> v) {
  Vec3<T> r = multiply3x3(m, v);
  return {r.x + m.t.x, r.y + m.t.y, r.z + m.t.z};
}

// Mat44::Multiply3x3Transposed on SSE4.1: the dp_ps dot product of each column with v.
template <class T>
inline Vec3<T> multiply3x3Transposed(const Affine<T>& m, Vec3<T> v) {
  return {joltDot(m.col[0], v), joltDot(m.col[1], v), joltDot(m.col[2], v)};
}

// Mat44::InversedRotationTranslation: the transposed 3x3 (exact) and -(R^T p), the minus as 0 - x.
template <class T>
inline Affine<T> inversedRotationTranslation(const Affine<T>& m) {
  Affine<T> inv;
  inv.col[0] = {m.col[0].x, m.col[1].x, m.col[2].x};
  inv.col[1] = {m.col[0].y, m.col[1].y, m.col[2].y};
  inv.col[2] = {m.col[0].z, m.col[1].z, m.col[2].z};
  inv.t = neg(multiply3x3(inv, m.t));
  return inv;
}

// Mat44 * Mat44 on SSE, column by column: (((a0 c.x + a1 c.y) + a2 c.z) + a3 c.w), with c.w = 0 for a
// rotation column (the term a3 * 0 is kept: it can turn a -0 into +0) and 1 for the translation.
template <class T>
inline Affine<T> multiply(const Affine<T>& a, const Affine<T>& b) {
  Affine<T> r;
  for (int i = 0; i < 3; ++i) {
    Vec3<T> s = multiply3x3(a, b.col[i]);
    r.col[i] = {s.x + a.t.x * T(0), s.y + a.t.y * T(0), s.z + a.t.z * T(0)};
  }
  Vec3<T> s = multiply3x3(a, b.t);
  r.t = {s.x + a.t.x * T(1), s.y + a.t.y * T(1), s.z + a.t.z * T(1)};
  return r;
}

// ConvexHullShape's HullNoConvex::GetSupport (ConvexHullShape.cpp:406-424): best dot starts at -FLT_MAX and
// the point at zero; a point replaces it only when its dot product is strictly greater (the first of
// equal ones wins; a NaN never wins).
template <class T>
inline Vec3<T> hullSupport(const Polytope<T>& shape, Vec3<T> direction) {
  T bestDot = -JoltGjkConstants<T>::FLT_MAXIMUM;
  Vec3<T> bestPoint{T(0), T(0), T(0)};
  for (int i = 0; i < shape.count; ++i) {
    T d = joltDot(shape.vertices[i], direction);
    if (d > bestDot) {
      bestDot = d;
      bestPoint = shape.vertices[i];
    }
  }
  return bestPoint;
}

// ClosestPoint::GetBaryCentricCoordinates of the line (inA, inB) (ClosestPoint.h:18-45).
template <class T>
inline bool baryCentricLine(Vec3<T> inA, Vec3<T> inB, T& outU, T& outV) {
  Vec3<T> ab = inB - inA;
  T denominator = joltLengthSq(ab);
  if (denominator < JoltGjkConstants<T>::FLT_EPS_SQ) {
    if (joltLengthSq(inA) < joltLengthSq(inB)) {
      outU = T(1);
      outV = T(0);
    } else {
      outU = T(0);
      outV = T(1);
    }
    return false;
  }
  outV = -joltDot(inA, ab) / denominator;
  outU = T(1) - outV;
  return true;
}

// ClosestPoint::GetBaryCentricCoordinates of the plane (inA, inB, inC) (ClosestPoint.h:50-128).
template <class T>
inline bool baryCentricPlane(Vec3<T> inA, Vec3<T> inB, Vec3<T> inC, T& outU, T& outV, T& outW) {
  Vec3<T> v0 = inB - inA;
  Vec3<T> v1 = inC - inA;
  Vec3<T> v2 = inC - inB;
  T d00 = joltLengthSq(v0);
  T d11 = joltLengthSq(v1);
  T d22 = joltLengthSq(v2);
  if (d00 <= d22) {
    T d01 = joltDot(v0, v1);
    T denominator = d00 * d11 - d01 * d01;
    if (denominator < JoltGjkConstants<T>::BARYCENTRIC_DEGENERATE) {
      if (d00 > d11) {
        baryCentricLine(inA, inB, outU, outV);
        outW = T(0);
      } else {
        baryCentricLine(inA, inC, outU, outW);
        outV = T(0);
      }
      return false;
    }
    T a0 = joltDot(inA, v0);
    T a1 = joltDot(inA, v1);
    outV = (d01 * a1 - d11 * a0) / denominator;
    outW = (d01 * a0 - d00 * a1) / denominator;
    outU = T(1) - outV - outW;
  } else {
    T d12 = joltDot(v1, v2);
    T denominator = d11 * d22 - d12 * d12;
    if (denominator < JoltGjkConstants<T>::BARYCENTRIC_DEGENERATE) {
      if (d11 > d22) {
        baryCentricLine(inA, inC, outU, outW);
        outV = T(0);
      } else {
        baryCentricLine(inB, inC, outV, outW);
        outU = T(0);
      }
      return false;
    }
    T c1 = joltDot(inC, v1);
    T c2 = joltDot(inC, v2);
    outU = (d22 * c1 - d12 * c2) / denominator;
    outV = (d11 * c2 - d12 * c1) / denominator;
    outW = T(1) - outU - outV;
  }
  return true;
}

// ClosestPoint::GetClosestPointOnLine (ClosestPoint.h:132-154): set 1 = a, 2 = b, 3 = the segment.
template <class T>
inline Vec3<T> closestPointOnLine(Vec3<T> inA, Vec3<T> inB, std::uint32_t& outSet) {
  T u;
  T v;
  baryCentricLine(inA, inB, u, v);
  if (v <= T(0)) {
    outSet = 0b0001;
    return inA;
  }
  if (u <= T(0)) {
    outSet = 0b0010;
    return inB;
  }
  outSet = 0b0011;
  return scale(inA, u) + scale(inB, v);
}

// ClosestPoint::GetClosestPointOnTriangle<MustIncludeC> (ClosestPoint.h:159-337): Ericson's regions with a
// swapped to the shorter of the edges at C, the degenerate fallback (|n|^2 < 1e-10) over vertices and edges,
// and the face point n (a + b + c).n / (3 |n|^2).
template <bool MustIncludeC, class T>
inline Vec3<T> closestPointOnTriangle(Vec3<T> inA, Vec3<T> inB, Vec3<T> inC, std::uint32_t& outSet) {
  using K = JoltGjkConstants<T>;
  bool swapAC;
  {
    Vec3<T> ac = inC - inA;
    Vec3<T> bc = inC - inB;
    swapAC = joltLengthSq(bc) < joltLengthSq(ac);  // Vec4::sLess(bc.DotV4(bc), ac.DotV4(ac)).GetX()
  }
  Vec3<T> a = swapAC ? inC : inA;  // Vec3::sSelect(inA, inC, swap_ac)
  Vec3<T> c = swapAC ? inA : inC;

  Vec3<T> ab = inB - a;
  Vec3<T> ac = c - a;
  Vec3<T> n = joltCross(ab, ac);
  T nLenSq = joltLengthSq(n);

  if (nLenSq < K::TRIANGLE_DEGENERATE) {
    std::uint32_t closestSet = 0b0100;
    Vec3<T> closestPoint = inC;
    T bestDistSq = joltLengthSq(inC);

    if constexpr (!MustIncludeC) {
      T aLenSq = joltLengthSq(inA);
      if (aLenSq < bestDistSq) {
        closestSet = 0b0001;
        closestPoint = inA;
        bestDistSq = aLenSq;
      }
      T bLenSq = joltLengthSq(inB);
      if (bLenSq < bestDistSq) {
        closestSet = 0b0010;
        closestPoint = inB;
        bestDistSq = bLenSq;
      }
    }

    // Edge AC (a and ac as swapped above: the same edge)
    T acLenSq = joltLengthSq(ac);
    if (acLenSq > K::FLT_EPS_SQ) {
      T v = clamp(-joltDot(a, ac) / acLenSq, T(0), T(1));
      Vec3<T> q = a + scale(ac, v);
      T distSq = joltLengthSq(q);
      if (distSq < bestDistSq) {
        closestSet = 0b0101;
        closestPoint = q;
        bestDistSq = distSq;
      }
    }

    // Edge BC
    Vec3<T> bc = inC - inB;
    T bcLenSq = joltLengthSq(bc);
    if (bcLenSq > K::FLT_EPS_SQ) {
      T v = clamp(-joltDot(inB, bc) / bcLenSq, T(0), T(1));
      Vec3<T> q = inB + scale(bc, v);
      T distSq = joltLengthSq(q);
      if (distSq < bestDistSq) {
        closestSet = 0b0110;
        closestPoint = q;
        bestDistSq = distSq;
      }
    }

    if constexpr (!MustIncludeC) {
      // Edge AB
      ab = inB - inA;
      T abLenSq = joltLengthSq(ab);
      if (abLenSq > K::FLT_EPS_SQ) {
        T v = clamp(-joltDot(inA, ab) / abLenSq, T(0), T(1));
        Vec3<T> q = inA + scale(ab, v);
        T distSq = joltLengthSq(q);
        if (distSq < bestDistSq) {
          closestSet = 0b0011;
          closestPoint = q;
          bestDistSq = distSq;
        }
      }
    }

    outSet = closestSet;
    return closestPoint;
  }

  // Vertex region A
  Vec3<T> ap = neg(a);
  T d1 = joltDot(ab, ap);
  T d2 = joltDot(ac, ap);
  if (d1 <= T(0) && d2 <= T(0)) {
    outSet = swapAC ? 0b0100 : 0b0001;
    return a;
  }

  // Vertex region B
  Vec3<T> bp = neg(inB);
  T d3 = joltDot(ab, bp);
  T d4 = joltDot(ac, bp);
  if (d3 >= T(0) && d4 <= d3) {
    outSet = 0b0010;
    return inB;
  }

  // Edge region AB
  if (d1 * d4 <= d3 * d2 && d1 >= T(0) && d3 <= T(0)) {
    T v = d1 / (d1 - d3);
    outSet = swapAC ? 0b0110 : 0b0011;
    return a + scale(ab, v);
  }

  // Vertex region C
  Vec3<T> cp = neg(c);
  T d5 = joltDot(ab, cp);
  T d6 = joltDot(ac, cp);
  if (d6 >= T(0) && d5 <= d6) {
    outSet = swapAC ? 0b0001 : 0b0100;
    return c;
  }

  // Edge region AC
  if (d5 * d2 <= d1 * d6 && d2 >= T(0) && d6 <= T(0)) {
    T w = d2 / (d2 - d6);
    outSet = 0b0101;
    return a + scale(ac, w);
  }

  // Edge region BC
  T d4d3 = d4 - d3;
  T d5d6 = d5 - d6;
  if (d3 * d6 <= d5 * d4 && d4d3 >= T(0) && d5d6 >= T(0)) {
    T w = d4d3 / (d4d3 + d5d6);
    outSet = swapAC ? 0b0011 : 0b0110;
    return inB + scale(c - inB, w);
  }

  // Face region: n ((a + b + c).n) / (3 |n|^2), parsed as (n * dot) / (3 |n|^2)
  outSet = 0b0111;
  return divide(scale(n, joltDot((a + inB) + c, n)), T(3) * nLenSq);
}

// ClosestPoint::OriginOutsideOfTetrahedronPlanes (ClosestPoint.h:362-407): per face ABC, ACD, ADB, BDC
// whether the origin is on the outer side (within FLT_EPSILON); every face when the signs of the fourth
// point's side (read as sign bits, Vec4::GetSignBits) are mixed.
template <class T>
inline void originOutsideOfTetrahedronPlanes(Vec3<T> inA, Vec3<T> inB, Vec3<T> inC, Vec3<T> inD, bool out[4]) {
  using K = JoltGjkConstants<T>;
  Vec3<T> ab = inB - inA;
  Vec3<T> ac = inC - inA;
  Vec3<T> ad = inD - inA;
  Vec3<T> bd = inD - inB;
  Vec3<T> bc = inC - inB;

  Vec3<T> abCrossAc = joltCross(ab, ac);
  Vec3<T> acCrossAd = joltCross(ac, ad);
  Vec3<T> adCrossAb = joltCross(ad, ab);
  Vec3<T> bdCrossBc = joltCross(bd, bc);

  T signp[4] = {joltDot(inA, abCrossAc), joltDot(inA, acCrossAd), joltDot(inA, adCrossAb), joltDot(inB, bdCrossBc)};
  T signd[4] = {joltDot(ad, abCrossAc), joltDot(ab, acCrossAd), joltDot(ac, adCrossAb), -joltDot(ab, bdCrossBc)};

  int signBits = 0;
  for (int i = 0; i < 4; ++i) {
    if (std::signbit(signd[i])) {
      signBits |= 1 << i;
    }
  }
  for (int i = 0; i < 4; ++i) {
    if (signBits == 0) {
      out[i] = signp[i] >= -K::FLT_EPS;  // Vec4::sGreaterOrEqual: false for NaN
    } else if (signBits == 0xf) {
      out[i] = signp[i] <= K::FLT_EPS;  // Vec4::sLessOrEqual
    } else {
      out[i] = true;  // mixed signs: degenerate, the origin is taken to be in front of every face
    }
  }
}

// ClosestPoint::GetClosestPointOnTetrahedron<MustIncludeD> (ClosestPoint.h:412-493).
template <bool MustIncludeD, class T>
inline Vec3<T> closestPointOnTetrahedron(Vec3<T> inA, Vec3<T> inB, Vec3<T> inC, Vec3<T> inD,
                                         std::uint32_t& outSet) {
  std::uint32_t closestSet = 0b1111;
  Vec3<T> closestPoint{T(0), T(0), T(0)};
  T bestDistSq = JoltGjkConstants<T>::FLT_MAXIMUM;

  bool outside[4];
  originOutsideOfTetrahedronPlanes(inA, inB, inC, inD, outside);

  if (outside[0]) {  // face ABC
    if constexpr (MustIncludeD) {
      closestSet = 0b0001;
      closestPoint = inA;
    } else {
      closestPoint = closestPointOnTriangle<false>(inA, inB, inC, closestSet);
    }
    bestDistSq = joltLengthSq(closestPoint);
  }

  if (outside[1]) {  // face ACD
    std::uint32_t set;
    Vec3<T> q = closestPointOnTriangle<MustIncludeD>(inA, inC, inD, set);
    T distSq = joltLengthSq(q);
    if (distSq < bestDistSq) {
      bestDistSq = distSq;
      closestPoint = q;
      closestSet = (set & 0b0001) + ((set & 0b0110) << 1);
    }
  }

  if (outside[2]) {  // face ADB, taken as (A, B, D)
    std::uint32_t set;
    Vec3<T> q = closestPointOnTriangle<MustIncludeD>(inA, inB, inD, set);
    T distSq = joltLengthSq(q);
    if (distSq < bestDistSq) {
      bestDistSq = distSq;
      closestPoint = q;
      closestSet = (set & 0b0011) + ((set & 0b0100) << 1);
    }
  }

  if (outside[3]) {  // face BDC, taken as (B, C, D)
    std::uint32_t set;
    Vec3<T> q = closestPointOnTriangle<MustIncludeD>(inB, inC, inD, set);
    T distSq = joltLengthSq(q);
    if (distSq < bestDistSq) {
      closestPoint = q;
      closestSet = set << 1;
    }
  }

  outSet = closestSet;
  return closestPoint;
}

// The state of a GJKClosestPoint: the simplex points y = p - q and their support points on A and B.
template <class T>
struct JoltSimplex {
  Vec3<T> y[4];
  Vec3<T> p[4];
  Vec3<T> q[4];
  int numPoints = 0;

  // GetClosest<LastPointPartOfClosestFeature = true> (GJKClosestPoint.h:35-93): false (outputs untouched)
  // unless the new |v|^2 is below inPrevVLenSq; a NaN fails the test.
  bool getClosest(T inPrevVLenSq, Vec3<T>& outV, T& outVLenSq, std::uint32_t& outSet) const {
    std::uint32_t set = 0;
    Vec3<T> v;
    switch (numPoints) {
      case 1:
        set = 0b0001;
        v = y[0];
        break;
      case 2:
        v = closestPointOnLine(y[0], y[1], set);
        break;
      case 3:
        v = closestPointOnTriangle<true>(y[0], y[1], y[2], set);
        break;
      case 4:
        v = closestPointOnTetrahedron<true>(y[0], y[1], y[2], y[3], set);
        break;
      default:
        return false;
    }
    T vLenSq = joltLengthSq(v);
    if (vLenSq < inPrevVLenSq) {
      outV = v;
      outVLenSq = vLenSq;
      outSet = set;
      return true;
    }
    return false;
  }

  // GetMaxYLengthSq (GJKClosestPoint.h:95-102).
  T maxYLengthSq() const {
    T yLenSq = joltLengthSq(y[0]);
    for (int i = 1; i < numPoints; ++i) {
      yLenSq = maxOf(yLenSq, joltLengthSq(y[i]));
    }
    return yLenSq;
  }

  // UpdatePointSetYPQ (GJKClosestPoint.h:144-157).
  void updatePointSetYPQ(std::uint32_t inSet) {
    int kept = 0;
    for (int i = 0; i < numPoints; ++i) {
      if ((inSet & (1u << i)) != 0) {
        y[kept] = y[i];
        p[kept] = p[i];
        q[kept] = q[i];
        ++kept;
      }
    }
    numPoints = kept;
  }

  // CalculatePointAAndB (GJKClosestPoint.h:159-194) for 1 to 3 points; 4 points leave the outputs as they
  // were (Jolt: undefined), as does 0.
  void calculatePointAAndB(Vec3<T>& outPointA, Vec3<T>& outPointB) const {
    switch (numPoints) {
      case 1:
        outPointA = p[0];
        outPointB = q[0];
        break;
      case 2: {
        T u;
        T v;
        baryCentricLine(y[0], y[1], u, v);
        outPointA = scale(p[0], u) + scale(p[1], v);
        outPointB = scale(q[0], u) + scale(q[1], v);
        break;
      }
      case 3: {
        T u;
        T v;
        T w;
        baryCentricPlane(y[0], y[1], y[2], u, v, w);
        outPointA = (scale(p[0], u) + scale(p[1], v)) + scale(p[2], w);
        outPointB = (scale(q[0], u) + scale(q[1], v)) + scale(q[2], w);
        break;
      }
      default:
        break;
    }
  }
};

// ---- the trace (core/trace3.h): read-only, in the world frame and in B - A ------------------------------------
// Jolt's points are in A's frame and of A - B (y = p - q); the trace places p and q in the world by A's transform
// and takes w = wB - wA (roundings of the trace's own, after the query's numbers are formed). The weights are
// Jolt's barycentric coordinates of the kept points (those CalculatePointAAndB uses; none for the containing
// tetrahedron: 0); the indices the first vertex equal to the support point (-1: none, a NaN scan).

template <class T>
inline int vertexIndex(const Polytope<T>& shape, Vec3<T> point) {
  for (int i = 0; i < shape.count; ++i) {
    if (shape.vertices[i] == point) return i;
  }
  return -1;
}

template <class T>
inline TraceVertex3<T> traceVertex(const DistanceInput3<T>& input, const Affine<T>& toWorld, Vec3<T> p,
                                   Vec3<T> qInA, Vec3<T> qLocal, T a) {
  TraceVertex3<T> v;
  v.wA = transform(toWorld, p);
  v.wB = transform(toWorld, qInA);
  v.w = v.wB - v.wA;
  v.a = a;
  v.indexA = vertexIndex(input.proxyA, p);
  v.indexB = vertexIndex(input.proxyB, qLocal);
  return v;
}

// A step holding the kept points with their weights, and the world direction B's support is searched along
// (-v in A's frame, turned to the world). nullptr without a trace.
template <class T>
inline TraceStep3<T>* beginStep(Trace3<T>* trace, const DistanceInput3<T>& input, const Affine<T>& toWorld,
                                const JoltSimplex<T>& s, const Vec3<T> (&qLocal)[4], Vec3<T> direction) {
  TraceStep3<T>* step = beginTraceStep3(trace);
  if (step == nullptr) return nullptr;
  T weight[4] = {T(1), T(0), T(0), T(0)};
  if (s.numPoints == 2) {
    baryCentricLine(s.y[0], s.y[1], weight[0], weight[1]);
  } else if (s.numPoints == 3) {
    baryCentricPlane(s.y[0], s.y[1], s.y[2], weight[0], weight[1], weight[2]);
  } else if (s.numPoints == 4) {
    weight[0] = T(0);
  }
  step->count = s.numPoints;
  for (int i = 0; i < s.numPoints; ++i) {
    step->simplex[i] = traceVertex(input, toWorld, s.p[i], s.q[i], qLocal[i], weight[i]);
  }
  step->direction = multiply3x3(toWorld, neg(direction));
  return step;
}

}  // namespace jolt_detail

struct JoltGjk {
  template <class T>
  static void distance(const DistanceInput3<T>& input, DistanceOutput3<T>* output, Trace3<T>* trace = nullptr) {
    distanceCapped(input, output, JoltGjkConstants<T>::MAX_SUPPORT_CALLS, trace);
  }

  // The query with a given support-call cap (distance() passes 1024; the tests pass small ones to reach
  // the cap).
  template <class T>
  static void distanceCapped(const DistanceInput3<T>& input, DistanceOutput3<T>* output, int maxSupportCalls,
                             Trace3<T>* trace = nullptr) {
    using namespace jolt_detail;
    using K = JoltGjkConstants<T>;

    // sCollideConvexVsConvex (ConvexShape.cpp:56-57): B's transform in A's frame.
    const Affine<T> transform1 = affineOf(input.transformA);
    const Affine<T> transform2 = affineOf(input.transformB);
    const Affine<T> transform2To1 = multiply(inversedRotationTranslation(transform1), transform2);

    // The initial axis (ConvexShape.cpp:72-76): B's position in A's frame, or the X axis when near zero.
    Vec3<T> ioV = transform2To1.t;
    if (joltLengthSq(ioV) <= K::NEAR_ZERO_SQ) {
      ioV = {T(1), T(0), T(0)};
    }

    // GetClosestPoints (GJKClosestPoint.h:326-491) with inTolerance = cDefaultCollisionTolerance and
    // inMaxDistSq = FLT_MAX (deviation 3).
    const T tolerance = K::COLLISION_TOLERANCE;
    const T toleranceSq = tolerance * tolerance;  // Square(inTolerance), rounded in T
    const T maxDistSq = K::MAX_DIST_SQ;

    JoltSimplex<T> s;
    T vLenSq = joltLengthSq(ioV);
    T prevVLenSq = K::FLT_MAXIMUM;
    int supportCalls = 0;
    Termination termination = Termination::IterationCap;
    bool beyondMaxDistance = false;
    Vec3<T> lastP;
    Vec3<T> lastQ;
    Vec3<T> qLocal[4];  // for the trace only: B's local support points beside s.q, kept in step with them
    bool keptLast = false;  // the last pass kept its point (the trace's final step)

    for (;;) {
      TraceStep3<T>* step = beginStep(trace, input, transform1, s, qLocal, ioV);
      // Support points: A's own, B's through TransformedConvexObject (ConvexSupport.h:24-27).
      Vec3<T> p = hullSupport(input.proxyA, ioV);
      const Vec3<T> qOfB = hullSupport(input.proxyB, multiply3x3Transposed(transform2To1, neg(ioV)));
      Vec3<T> q = transform(transform2To1, qOfB);
      ++supportCalls;
      if (step != nullptr) {
        step->hasSupport = true;
        step->support = traceVertex(input, transform1, p, q, qOfB, T(0));
      }
      Vec3<T> w = p - q;
      T d = joltDot(ioV, w);

      if (d < T(0) && d * d > vLenSq * maxDistSq) {
        termination = Termination::BeyondMaxDistance;
        beyondMaxDistance = true;
        lastP = p;
        lastQ = q;
        break;
      }

      s.y[s.numPoints] = w;
      s.p[s.numPoints] = p;
      s.q[s.numPoints] = q;
      qLocal[s.numPoints] = qOfB;
      ++s.numPoints;

      std::uint32_t set = 0;
      if (!s.getClosest(prevVLenSq, ioV, vLenSq, set)) {
        --s.numPoints;  // undo the last point; v and |v|^2 stay those of the previous pass
        termination = Termination::NoCloserPoint;
        break;
      }

      keptLast = true;
      if (set == 0xf) {
        ioV = {T(0), T(0), T(0)};
        vLenSq = T(0);
        termination = Termination::Containment;
        break;
      }

      if (trace != nullptr) {  // qLocal follows the points UpdatePointSetYPQ keeps
        int kept = 0;
        for (int i = 0; i < s.numPoints; ++i) {
          if ((set & (1u << i)) != 0) qLocal[kept++] = qLocal[i];
        }
      }
      s.updatePointSetYPQ(set);

      if (vLenSq <= toleranceSq) {
        ioV = {T(0), T(0), T(0)};
        vLenSq = T(0);
        termination = Termination::WithinTolerance;
        break;
      }

      if (vLenSq <= K::FLT_EPS * s.maxYLengthSq()) {
        ioV = {T(0), T(0), T(0)};
        vLenSq = T(0);
        termination = Termination::MachinePrecision;
        break;
      }

      ioV = neg(ioV);

      if (prevVLenSq - vLenSq <= K::FLT_EPS * prevVLenSq) {
        termination = Termination::Converged;
        break;
      }
      prevVLenSq = vLenSq;

      if (supportCalls >= maxSupportCalls) {  // ours: Jolt's loop is for (;;)
        termination = Termination::IterationCap;
        break;
      }
      keptLast = false;
    }
    if (keptLast) {
      beginStep(trace, input, transform1, s, qLocal, Vec3<T>{});  // the final points, no search from them
    }

    output->iterations = supportCalls;
    output->simplexCount = s.numPoints;
    output->termination = termination;
    output->decidedBy = PostRule::None;

    if (beyondMaxDistance) {
      // Jolt returns FLT_MAX and no points; we report an infinite distance and this pass's support points.
      output->pointA = transform(transform1, lastP);
      output->pointB = transform(transform1, lastQ);
      output->distance = std::numeric_limits<T>::infinity();
      return;
    }

    // The points in A's frame: CalculatePointAAndB; for a full simplex (and the empty one) Jolt leaves them
    // undefined, and we take the support points of the newest point (deviation 4).
    // With 0 points (the first pass found no closer point) slot 0 still holds that pass's support points.
    const int newest = s.numPoints == 4 ? 3 : 0;
    Vec3<T> pointA = s.p[newest];
    Vec3<T> pointB = s.q[newest];
    s.calculatePointAAndB(pointA, pointB);  // 1 to 3 points: Jolt's points

    // GetPenetrationDepthStepGJK (EPAPenetrationDepth.h:116-133) with the radii as convex radii, then the
    // distance as sCollideConvexVsConvex measures it, |point2 - point1| (ConvexShape.cpp:134; deviation 2).
    const T closestPointsDistSq = vLenSq;
    const T radiusA = input.useRadii ? input.proxyA.radius : T(0);
    const T radiusB = input.useRadii ? input.proxyB.radius : T(0);
    const T combinedRadius = radiusA + radiusB;
    const T combinedRadiusSq = combinedRadius * combinedRadius;
    if (closestPointsDistSq > T(0) && input.useRadii) {
      // Jolt moves the points only when colliding within the radii; it also moves them this way when the
      // separation is within mMaxSeparationDistance (added to A's radius and taken off again).
      T vLen = std::sqrt(closestPointsDistSq);
      pointA = pointA + scale(ioV, radiusA / vLen);
      pointB = pointB - scale(ioV, radiusB / vLen);
    }
    if (closestPointsDistSq > combinedRadiusSq) {
      output->distance = std::sqrt(joltLengthSq(pointB - pointA));  // (point2 - point1).Length()
    } else {
      output->distance = T(0);  // colliding (within the radii), or GJK's own overlap
    }

    // To the world: inCenterOfMassTransform1 * point (ConvexShape.cpp:144-145).
    output->pointA = transform(transform1, pointA);
    output->pointB = transform(transform1, pointB);
    if (trace != nullptr && input.useRadii) {  // the radius step, with the core distance |v| it compared
      tracePostLoop(trace, closestPointsDistSq > combinedRadiusSq ? PostRule::RadiiApplied : PostRule::RadiiOverlap,
                    false, std::sqrt(closestPointsDistSq), combinedRadius, output->distance);
    }
  }
};

}  // namespace gjk
