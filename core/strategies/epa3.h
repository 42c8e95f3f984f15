// Strategy `epa3`: our own expanding polytope algorithm in 3D, in float (van den Bergen, "Proximity Queries and
// Penetration Depth Computation on 3D Game Objects", GDC 2001, as the textbook algorithm; not a port: every rule
// and tolerance below is ours and is documented here and in docs/strategies.md, "Three dimensions", epa3). It
// starts from the final simplex of our vdb3 GJK (vdb3.h), reached through Vdb3::distanceWithCap's keepSimplex and
// keepV (the same run, the same bits as the `vdb3` strategy).
//
//   1. vdb3 on the cores (radii ignored) gives the core distance d = |v|, its witness points, v (the closest
//      point of its final simplex W to the origin, in M = B - A) and W.
//   2. The separation test: unless vdb3 stopped on containment or v = 0, one support s along -v; when
//      v.s > 0 (rounded in T) the plane {x : v.x = v.s} separates M from the origin, so the cores are apart:
//        d > rA + rB                            -> separated
//        otherwise                              -> rounded-only: depth = rA + rB - d, normal = v / d
//      (vdb3's own absolute-gap stop, |v|^2 <= FLT_EPSILON max|y|^2, does not decide this: it stops on
//      |v| up to 3.5e-4 of the simplex's size, where the origin may be inside M or outside it.)
//   3. Otherwise the cores touch or overlap: W is grown to a tetrahedron of M (support points only):
//      one point p: the first support along +x, -x, +y, -y, +z, -z that differs from p (==);
//      a segment p0 p1 (e = p1 - p0): n1 = e x (the axis of e's smallest |component|), n2 = e x n1; the first
//        support s along n1, -n1, n2, -n2 with dir.(s - p0) > 0 (strictly off the line, in T);
//      a triangle (n = (p1 - p0) x (p2 - p0); a zero n drops p2 back to a segment): the first support along
//        n, -n with dir.(s - p0) > 0;
//      none found: M is flat (a point, a segment or a polygon, up to rounding) and has no interior: depth
//      max(0, rA + rB - d) along a unit normal of it (p / |p| for a point, (1, 0, 0) if p = 0; n1 / |n1| for a
//      segment; n / |n| for a polygon), contacts from vdb3's witness points  -> degenerate-polytope.
//      The four points are ordered so that their signed volume is positive (p1, p2 swapped when negative);
//      a zero volume (rounding) is flat as well -> degenerate-polytope along the first triangle's normal.
//      The origin may lie on a face or edge of this tetrahedron (a grown segment or triangle is one of its
//      edges or faces): faces are oriented by the winding, not by the origin's side, so a face through the
//      origin has distance 0 and is expanded like any other.
//   4. Expand: the face a b c (counter-clockwise seen from outside) with the least signed distance
//      dist = n.a, n = (b - a) x (c - a) / |...| its outward unit normal (the edges divided by a power of two
//      near their size first: exact, and no overflow; faces of zero n are skipped); the support s along n;
//        at MAX_EXPANSIONS insertions (or when the new faces would not fit the fixed arrays, which a closed
//        triangulated polytope of V vertices, 2V - 4 faces, never fills)               -> iteration-cap
//        s's (indexA, indexB) already a vertex of the polytope                            -> duplicate-support
//        n.s - dist <= 8 FLT_EPSILON max(|a|, |b|, |c|, |s|) (max-norms)                  -> no-progress
//      else s is inserted: every face that s is beyond by more than that same tolerance (n_f.s - dist_f >
//      8 FLT_EPSILON max-norms of f and s) sees s and is removed (the nearest face is among them: its gap
//      passed the test above); the edges of the removed faces that no other removed face shares (an edge
//      (a, b) cancels (b, a)) are the horizon, and each horizon edge (a, b) gets the face (a, b, s), which
//      keeps the winding. The tolerance keeps a face s is coplanar with (up to rounding) together with its
//      coplanar neighbours: with > 0 instead, rounding removed one of two coplanar faces and not the other
//      and the new faces folded over the kept one (an inward normal, depth 0 where the depth was 0.125, on
//      axis-aligned boxes).
//      The tolerance: n.s and n.a are 3D dot products of a unit vector with points of max-norm <= X, each
//      rounded with an error of at most gamma_3 sum |n_i p_i| <= 3 (eps/2) sqrt(3) X ~ 2.6 eps X; the gap of
//      two of them is off by at most ~5.2 eps X plus its own rounding. 8 eps X is the smallest power-of-two
//      multiple above that, so the stop only fires on a gap rounding could have made up; the rounding of n
//      itself does not enter the gap (both dot products use the same n).
//   5. Answer from the nearest face: normal = -n (from A towards B), depth = max(0, dist + rA + rB); the
//      contacts from the closest point of the face to the origin (its barycentric weights, Ericson's
//      ClosestPtPointTriangle on the face divided by a power of two near its size, as the products of two dot
//      products would overflow float above about 1e9; the origin's projection when it falls in the face)
//      applied to the face's support points on A and B, moved out by the radii along the normal.
// iterations counts support calls: vdb3's, the separation test's, the growing's and the expansion's. Every
// operation in T, one rounding per operator in the order written (-ffp-contract=off); no heap allocation.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/penetration_types.h"
#include "core/strategies/vdb3.h"

namespace gjk {

namespace epa3 {

// Insertions before iteration-cap: 2 * MAX_POLYTOPE_VERTICES, as vdb3's cap. M of two polytopes of at most 64
// vertices has up to 4,096 points, but a polytope's faces converge long before (the measured runs on the 3D
// families: docs/strategies.md, epa3).
inline constexpr int MAX_EXPANSIONS = 2 * MAX_POLYTOPE_VERTICES;
inline constexpr int MAX_VERTICES = 4 + MAX_EXPANSIONS;
// A closed triangulated polytope of V vertices has 2V - 4 faces; twice that is room for faces of zero area.
inline constexpr int MAX_FACES = 2 * (2 * MAX_VERTICES - 4);
inline constexpr int MAX_HORIZON = 3 * MAX_FACES;
// The no-progress tolerance, in units of FLT_EPSILON (of T) times the max-norm of the points compared.
inline constexpr int NO_PROGRESS_EPSILONS = 8;

template <class T>
inline T maxNorm(Vec3<T> v) {
  return std::max(std::fabs(v.x), std::max(std::fabs(v.y), std::fabs(v.z)));
}

// v / |v|, with v first divided by its max-norm m (so that the squared length, in [1, 3], neither overflows nor
// underflows for the tiny or huge v of small or large shapes); `fallback` when m is 0 or not finite.
template <class T>
inline Vec3<T> unit(Vec3<T> v, Vec3<T> fallback) {
  T m = maxNorm(v);
  if (!(m > T(0)) || !std::isfinite(m)) return fallback;
  Vec3<T> w = {v.x / m, v.y / m, v.z / m};
  T len = length(w);
  return {w.x / len, w.y / len, w.z / len};
}

// v times 2^-k: exact (a power of two) unless a component falls below the normal range.
template <class T>
inline Vec3<T> scaled(Vec3<T> v, int k) {
  return {std::ldexp(v.x, -k), std::ldexp(v.y, -k), std::ldexp(v.z, -k)};
}

// The exponent k with m / 2^k in [1, 2) for a finite m > 0, else 0: dividing the vectors of one computation by
// 2^k brings their max-norm near 1, so that products of two or four coordinates neither overflow nor underflow.
template <class T>
inline int exponentOf(T m) {
  return m > T(0) && std::isfinite(m) ? std::ilogb(m) : 0;
}

template <class T>
struct Face {
  int v[3] = {0, 0, 0};  // vertex indices, counter-clockwise seen from outside
  Vec3<T> normal;        // outward unit normal
  T distance = 0;        // normal . vertex[v[0]]: the signed distance of the origin's projection
  bool valid = false;    // a nonzero normal (faces of zero area are kept for the winding, never chosen)
};

template <class T>
struct Polytope3 {
  vdb3::SupportPoint<T> vertex[MAX_VERTICES];
  int vertexCount = 0;
  Face<T> face[MAX_FACES];
  int faceCount = 0;

  bool hasPair(const vdb3::SupportPoint<T>& s) const {
    for (int i = 0; i < vertexCount; ++i) {
      if (vertex[i].indexA == s.indexA && vertex[i].indexB == s.indexB) return true;
    }
    return false;
  }

  Face<T> makeFace(int a, int b, int c) const {
    Face<T> f;
    f.v[0] = a;
    f.v[1] = b;
    f.v[2] = c;
    Vec3<T> pa = vertex[a].w;
    Vec3<T> e1 = vertex[b].w - pa;
    Vec3<T> e2 = vertex[c].w - pa;
    int k = exponentOf(std::max(maxNorm(e1), maxNorm(e2)));
    Vec3<T> n = cross(scaled(e1, k), scaled(e2, k));  // the direction of e1 x e2, its size near 1
    T m = maxNorm(n);
    f.valid = m > T(0) && std::isfinite(m);
    if (f.valid) {
      f.normal = unit(n, Vec3<T>{});
      f.distance = dot(f.normal, pa);
    }
    return f;
  }

  // The no-progress tolerance of face f and support s: NO_PROGRESS_EPSILONS FLT_EPSILON times the largest
  // max-norm of f's vertices and s.
  T tolerance(const Face<T>& f, const vdb3::SupportPoint<T>& s) const {
    T scale = std::max(std::max(maxNorm(vertex[f.v[0]].w), maxNorm(vertex[f.v[1]].w)),
                       std::max(maxNorm(vertex[f.v[2]].w), maxNorm(s.w)));
    return T(NO_PROGRESS_EPSILONS) * std::numeric_limits<T>::epsilon() * scale;
  }

  // The valid face of least distance (the first on ties), or -1.
  int nearest() const {
    int best = -1;
    for (int i = 0; i < faceCount; ++i) {
      if (face[i].valid && (best < 0 || face[i].distance < face[best].distance)) best = i;
    }
    return best;
  }

  // Inserts s (the silhouette step above). False when the new faces would not fit: nothing changed.
  bool insert(const vdb3::SupportPoint<T>& s) {
    if (vertexCount >= MAX_VERTICES) return false;
    bool visible[MAX_FACES];
    int horizon[MAX_HORIZON][2];
    int horizonCount = 0;
    int removed = 0;
    for (int i = 0; i < faceCount; ++i) {
      const Face<T>& f = face[i];
      visible[i] = f.valid && dot(f.normal, s.w) - f.distance > tolerance(f, s);
      if (!visible[i]) continue;
      ++removed;
      for (int k = 0; k < 3; ++k) {
        int a = f.v[k];
        int b = f.v[(k + 1) % 3];
        int found = -1;
        for (int h = 0; h < horizonCount; ++h) {
          if (horizon[h][0] == b && horizon[h][1] == a) {
            found = h;
            break;
          }
        }
        if (found >= 0) {
          horizon[found][0] = horizon[horizonCount - 1][0];
          horizon[found][1] = horizon[horizonCount - 1][1];
          --horizonCount;
        } else {
          horizon[horizonCount][0] = a;
          horizon[horizonCount][1] = b;
          ++horizonCount;
        }
      }
    }
    if (faceCount - removed + horizonCount > MAX_FACES) return false;
    int kept = 0;
    for (int i = 0; i < faceCount; ++i) {
      if (!visible[i]) face[kept++] = face[i];
    }
    faceCount = kept;
    int index = vertexCount++;
    vertex[index] = s;
    for (int h = 0; h < horizonCount; ++h) face[faceCount++] = makeFace(horizon[h][0], horizon[h][1], index);
    return true;
  }
};

// Barycentric weights of the point of triangle a b c nearest the origin (Ericson, Real-Time Collision Detection,
// 5.1.5 ClosestPtPointTriangle, with p = 0), in T.
// The points are first divided by 2^k, k the exponent of their largest max-norm (the weights do not change;
// the products of two dot products, of four coordinates, would overflow float beyond about 1e9).
template <class T>
inline void nearestWeights(Vec3<T> a, Vec3<T> b, Vec3<T> c, T* wa, T* wb, T* wc) {
  int k = exponentOf(std::max(maxNorm(a), std::max(maxNorm(b), maxNorm(c))));
  a = scaled(a, k);
  b = scaled(b, k);
  c = scaled(c, k);
  Vec3<T> ab = b - a;
  Vec3<T> ac = c - a;
  Vec3<T> ap = -a;
  T d1 = dot(ab, ap);
  T d2 = dot(ac, ap);
  if (d1 <= T(0) && d2 <= T(0)) {
    *wa = 1, *wb = 0, *wc = 0;
    return;
  }
  Vec3<T> bp = -b;
  T d3 = dot(ab, bp);
  T d4 = dot(ac, bp);
  if (d3 >= T(0) && d4 <= d3) {
    *wa = 0, *wb = 1, *wc = 0;
    return;
  }
  T vc = d1 * d4 - d3 * d2;
  if (vc <= T(0) && d1 >= T(0) && d3 <= T(0)) {
    T t = d1 / (d1 - d3);
    *wa = T(1) - t, *wb = t, *wc = 0;
    return;
  }
  Vec3<T> cp = -c;
  T d5 = dot(ab, cp);
  T d6 = dot(ac, cp);
  if (d6 >= T(0) && d5 <= d6) {
    *wa = 0, *wb = 0, *wc = 1;
    return;
  }
  T vb = d5 * d2 - d1 * d6;
  if (vb <= T(0) && d2 >= T(0) && d6 <= T(0)) {
    T t = d2 / (d2 - d6);
    *wa = T(1) - t, *wb = 0, *wc = t;
    return;
  }
  T va = d3 * d6 - d5 * d4;
  if (va <= T(0) && (d4 - d3) >= T(0) && (d5 - d6) >= T(0)) {
    T t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    *wa = 0, *wb = T(1) - t, *wc = t;
    return;
  }
  T denom = T(1) / (va + vb + vc);
  T v = vb * denom;
  T w = vc * denom;
  *wa = T(1) - v - w, *wb = v, *wc = w;
}


// Depth max(0, rA + rB - d) along `normal` when M has no interior (step 3): the origin is on M (up to
// rounding), so no direction moves the cores apart by more than d.
template <class T>
inline void flatAnswer(const PenetrationInput3<T>& input, const DistanceOutput3<T>& gjk, Vec3<T> normal,
                       int supportCalls, PenetrationOutput3<T>* out) {
  T rA = input.proxyA.radius;
  T rB = input.proxyB.radius;
  out->overlapping = true;
  out->depth = std::max(T(0), rA + rB - gjk.distance);
  out->normal = normal;
  out->pointA = gjk.pointA + rA * normal;
  out->pointB = gjk.pointB - rB * normal;
  out->iterations = supportCalls;
  out->stop = PenetrationStop::DegeneratePolytope;
}

template <int CAP, class T>
void penetration(const PenetrationInput3<T>& input, PenetrationOutput3<T>* out) {
  static_assert(CAP >= 0 && CAP <= MAX_EXPANSIONS, "the arrays hold MAX_EXPANSIONS insertions");
  DistanceInput3<T> core = input;
  core.useRadii = false;
  vdb3::JohnsonSimplex<T> simplex;
  Vec3<T> v;
  DistanceOutput3<T> gjk;
  Vdb3::distanceWithCap<Vdb3::MAX_ITERATIONS>(core, &gjk, &simplex, &v);
  int supportCalls = gjk.iterations;

  T rA = input.proxyA.radius;
  T rB = input.proxyB.radius;
  T radii = rA + rB;
  T d = gjk.distance;
  out->pointA = gjk.pointA;
  out->pointB = gjk.pointB;
  out->iterations = supportCalls;

  // 2. The separation test.
  if (gjk.termination != Termination::Containment && !(v == Vec3<T>{})) {
    vdb3::SupportPoint<T> s = vdb3::supportPoint(core, -v);
    ++supportCalls;
    out->iterations = supportCalls;
    if (dot(v, s.w) > T(0)) {
      if (d > radii) {
        out->overlapping = false;
        out->stop = PenetrationStop::Separated;
        return;
      }
      Vec3<T> n = unit(v, Vec3<T>{1, 0, 0});  // not v / d: d = |v| underflows to 0 for v below ~1e-19
      out->overlapping = true;
      out->depth = radii - d;
      out->normal = n;
      out->pointA = gjk.pointA + rA * n;
      out->pointB = gjk.pointB - rB * n;
      out->stop = PenetrationStop::RoundedOnly;
      return;
    }
  }

  // 3. Grow W to a tetrahedron of M.
  Polytope3<T> p;
  for (int i = 0; i < vdb3::JohnsonSimplex<T>::SLOTS; ++i) {
    if (simplex.bits & (1u << i)) p.vertex[p.vertexCount++] = simplex.point[i];
  }
  if (p.vertexCount == 0) {  // not reached (vdb3's W always holds a point); kept so that p.vertex[0] exists
    p.vertex[p.vertexCount++] = vdb3::supportPoint(core, Vec3<T>{1, 0, 0});
    ++supportCalls;
  }
  for (int pass = 0; p.vertexCount < 4; ++pass) {
    const Vec3<T> p0 = p.vertex[0].w;
    if (pass == 6) {  // a triangle collinear in T twice over: flat (not seen; bounds the loop)
      flatAnswer(input, gjk, Vec3<T>{1, 0, 0}, supportCalls, out);
      return;
    }
    Vec3<T> directions[6];
    int directionCount = 0;
    Vec3<T> flatNormal;
    if (p.vertexCount == 1) {
      const Vec3<T> axes[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
      for (Vec3<T> axis : axes) directions[directionCount++] = axis;
      flatNormal = unit(p0, Vec3<T>{1, 0, 0});
    } else if (p.vertexCount == 2) {
      Vec3<T> e = p.vertex[1].w - p0;
      T ax = std::fabs(e.x), ay = std::fabs(e.y), az = std::fabs(e.z);
      Vec3<T> axis = ax <= ay && ax <= az ? Vec3<T>{1, 0, 0} : (ay <= az ? Vec3<T>{0, 1, 0} : Vec3<T>{0, 0, 1});
      Vec3<T> n1 = cross(e, axis);
      Vec3<T> n2 = cross(e, n1);
      directions[directionCount++] = n1;
      directions[directionCount++] = -n1;
      directions[directionCount++] = n2;
      directions[directionCount++] = -n2;
      flatNormal = unit(n1, Vec3<T>{1, 0, 0});
    } else {
      Vec3<T> n = cross(p.vertex[1].w - p0, p.vertex[2].w - p0);
      if (n == Vec3<T>{}) {  // collinear in T: back to a segment
        p.vertexCount = 2;
        continue;
      }
      directions[directionCount++] = n;
      directions[directionCount++] = -n;
      flatNormal = unit(n, Vec3<T>{1, 0, 0});
    }
    bool grown = false;
    for (int k = 0; k < directionCount && !grown; ++k) {
      vdb3::SupportPoint<T> s = vdb3::supportPoint(core, directions[k]);
      ++supportCalls;
      if (p.vertexCount == 1) {
        grown = !(s.w == p0);
      } else {
        grown = dot(directions[k], s.w - p0) > T(0);
      }
      if (grown) p.vertex[p.vertexCount++] = s;
    }
    if (!grown) {
      flatAnswer(input, gjk, flatNormal, supportCalls, out);
      return;
    }
  }
  {
    Vec3<T> p0 = p.vertex[0].w;
    Vec3<T> n = cross(p.vertex[1].w - p0, p.vertex[2].w - p0);
    T volume = dot(n, p.vertex[3].w - p0);
    if (volume == T(0) || !std::isfinite(volume)) {
      flatAnswer(input, gjk, unit(n, Vec3<T>{1, 0, 0}), supportCalls, out);
      return;
    }
    if (volume < T(0)) std::swap(p.vertex[1], p.vertex[2]);
  }
  p.face[0] = p.makeFace(0, 2, 1);
  p.face[1] = p.makeFace(0, 1, 3);
  p.face[2] = p.makeFace(1, 2, 3);
  p.face[3] = p.makeFace(0, 3, 2);
  p.faceCount = 4;
  if (p.nearest() < 0) {
    flatAnswer(input, gjk, Vec3<T>{1, 0, 0}, supportCalls, out);
    return;
  }

  // 4. Expand.
  PenetrationStop stop = PenetrationStop::IterationCap;
  int expansions = 0;
  int nearest = -1;
  for (;;) {
    nearest = p.nearest();
    if (expansions >= CAP) {
      stop = PenetrationStop::IterationCap;
      break;
    }
    const Face<T>& f = p.face[nearest];
    vdb3::SupportPoint<T> s = vdb3::supportPoint(core, f.normal);
    ++supportCalls;
    if (p.hasPair(s)) {
      stop = PenetrationStop::DuplicateSupport;
      break;
    }
    if (dot(f.normal, s.w) - f.distance <= p.tolerance(f, s)) {
      stop = PenetrationStop::NoProgress;
      break;
    }
    if (!p.insert(s)) {
      stop = PenetrationStop::IterationCap;
      break;
    }
    ++expansions;
  }

  // 5. The answer from the nearest face.
  const Face<T>& f = p.face[nearest];
  const vdb3::SupportPoint<T>& a = p.vertex[f.v[0]];
  const vdb3::SupportPoint<T>& b = p.vertex[f.v[1]];
  const vdb3::SupportPoint<T>& c = p.vertex[f.v[2]];
  T wa, wb, wc;
  nearestWeights(a.w, b.w, c.w, &wa, &wb, &wc);
  Vec3<T> normal = -f.normal;
  out->overlapping = true;
  out->depth = std::max(T(0), f.distance + radii);
  out->normal = normal;
  out->pointA = (wa * a.wA + wb * b.wA + wc * c.wA) + rA * normal;
  out->pointB = (wa * a.wB + wb * b.wB + wc * c.wB) - rB * normal;
  out->iterations = supportCalls;
  out->stop = stop;
}

}  // namespace epa3

struct Epa3Strategy {
  static constexpr const char* NAME = "epa3";
  // vdb3's cap, the separation test, growing (at most 6 supports for a point, 4 for a segment, 2 for a
  // triangle), the insertions and the last support.
  static constexpr int MAX_SUPPORT_CALLS = Vdb3::MAX_ITERATIONS + 1 + 12 + epa3::MAX_EXPANSIONS + 1;
  template <class T>
  static void penetration(const PenetrationInput3<T>& input, PenetrationOutput3<T>* output) {
    epa3::penetration<epa3::MAX_EXPANSIONS>(input, output);
  }
  // The query with another insertion cap (0..MAX_EXPANSIONS): the tests drive iteration-cap through it.
  template <int CAP, class T>
  static void penetrationWithCap(const PenetrationInput3<T>& input, PenetrationOutput3<T>* output) {
    epa3::penetration<CAP>(input, output);
  }
};

}  // namespace gjk
