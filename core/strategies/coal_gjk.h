// Strategies `coal-gjk` (GJKVariant::DefaultGJK) and `coal-nesterov` (GJKVariant::NesterovAcceleration):
// the GJK of coal (formerly hpp-fcl) as its distance query runs it between two convex polytopes, in double as
// coal is. Read from coal-library/coal tag v3.0.0, commit 4d1b792849b8befff077caae2fb755df7b48cefc:
//   src/narrowphase/gjk.cpp
//     :50-68     GJK::initialize, GJK::reset (variant DefaultGJK, criterion Default, type Relative)
//     :93-150    details::getClosestPoints (the witness points of the final simplex)
//     :157-172   details::inflate (the swept-sphere radii along the normal)
//     :176-185   GJK::getWitnessPointsAndNormal
//     :187-371   GJK::evaluate (checks A, B, the Nesterov momentum and its duality-gap fallback, check C,
//                the simplex projections, the iteration cap)
//     :373-426   GJK::checkConvergence (the Default criterion :381-387)
//     :428-436   removeVertex, appendVertex
//     :495-542   originToPoint, originToSegment, originToTriangle
//     :544-570   GJK::projectLineOrigin;  :572-612 GJK::projectTriangleOrigin;
//     :614-1011  GJK::projectTetrahedraOrigin
//   src/intersect.cpp:570-705  Project::projectLineOrigin, projectTriangleOrigin, projectTetrahedraOrigin
//                (used by getClosestPoints for a final simplex of 3 or 4 points)
//   include/coal/narrowphase/gjk.h:53-255  struct GJK (SimplexV, Simplex, Status)
//   include/coal/narrowphase/minkowski_difference.h:53-180, src/narrowphase/minkowski_difference.cpp
//     :46-62 getSupportTpl, :157-225 makeGetSupportFunction0/1 (swept_sphere_radius, SmallConvex),
//     :228-265 getNormalizeSupportDirection, :268-284 MinkowskiDiff::set (oR1, ot1, the identity test)
//   src/narrowphase/support_functions.cpp:382-403 getShapeSupportLinear (SmallConvex, :423-431)
//   include/coal/shape/geometric_shapes.h:716 ConvexBase::num_vertices_large_convex_threshold = 32
//   include/coal/shape/geometric_shapes_traits.h:135-142 shape_traits<ConvexBase> (Nesterov normalize on)
//   include/coal/narrowphase/narrowphase.h:123-189 GJKSolver (from a DistanceRequest), :307-317
//     shapeDistance, :353-391 getGJKInitialGuess (DefaultGuess (1, 0, 0)), :420-587 runGJKAndEPA,
//     :589-635 GJKEarlyStopExtractWitnessPointsAndNormal, GJKExtractWitnessPointsAndNormal
//   include/coal/narrowphase/narrowphase_defaults.h:46-47 GJK_DEFAULT_MAX_ITERATIONS 128,
//     GJK_DEFAULT_TOLERANCE 1e-6;  include/coal/collision_data.h:222-231 QueryRequest's defaults
//   include/coal/math/transform.h:152-154 Transform3s::transform (R * v + T)
// Sources, constants, deviations, contact convention and stop rules: docs/strategies.md ("### coal-gjk and
// coal-nesterov").
//
// The loop (GJK::evaluate), in shape A's local frame (the MinkowskiDiff's frame), guess = (1, 0, 0):
//   ray = guess, rl = |ray|, alpha = 0, w = dir = ray
//   do { rl < tol                                                -> ray-below-tolerance (distance 0)
//        dir = ray (DefaultGJK) or the Nesterov momentum direction
//        w = s_A(-dir) - s_B(dir) appended; omega = dir.w / |dir|
//        omega > DBL_MAX + rA + rB                               -> coal-early-stop
//        Nesterov: 2 ray.(ray - w) - tol <= 0: drop w, go plain GJK, next pass (no count)
//        k > 0 and rl - max(alpha, omega) - (tol + tol rl) <= 0: drop w; Nesterov: go plain GJK, next pass;
//                                                     else       -> coal-default-criterion
//        project the origin onto the simplex (line, triangle, tetrahedron: coal's Voronoi tests)
//        inside: tetrahedron                                     -> containment (distance 0)
//                origin in the triangle's plane                  -> coal-origin-on-triangle (distance 0)
//                segment end within 1e-12 of the origin          -> coal-origin-at-vertex (distance 0)
//        rl = |ray| == 0                                         -> ray-zero (distance 0)
//        ++k == 128                                              -> iteration-cap (coal's distance 0)
//   } while (no stop)
//   distance rl - rA - rB; witness points: getClosestPoints, the normal, inflate, then to the world frame
//   as GJKExtractWitnessPointsAndNormal does (midpoint -/+ distance/2 along the world normal).
//
// Arithmetic: every operation is coal's, in double, one rounding per operator, in the order coal's Eigen
// expressions round it (-ffp-contract=off). Eigen 3.4.0 on x86-64 (SSE2, the default target), checked
// outside this repository: a dot product and squaredNorm sum (x + y) + z; M^T v (and M^T M) sum each
// component (m0j v0 + m1j v1) + m2j v2; M v sums rows 0 and 1 as (m00 v0 + m01 v1) + m02 v2 (one SSE2 packet)
// and row 2 as m20 v0 + (m21 v1 + m22 v2) (Eigen's scalar unroller); cross products as core/vec3.h;
// normalized() is v / sqrt(|v|^2) when |v|^2 > 0, else v; isZero() and isIdentity() use Eigen's
// dummy_precision 1e-12. No heap allocation: the simplex store is four vertices, as coal's.
//
// Deviations (docs/strategies.md lists them): every shape is a ConvexBase whose points are the polytope's
// vertices and whose swept-sphere radius is the polytope's radius; the support is getShapeSupportLinear for
// every vertex count (coal climbs the hull's neighbour graph above 32 vertices, which needs the hull's
// adjacency the polytope does not carry); when GJK finds the shapes in collision (coal would run EPA, or
// return NaN points) the port reports distance 0 and the midpoint of the final simplex's witness points; a
// negative distance (the rounded shapes overlap) is reported as 0 with coal's points; the matrices are the
// harness's (core/transform3.h), not Eigen's quaternion formula; the weights of a degenerate final simplex,
// which coal leaves uninitialized, are 0; the termination is recorded.
#pragma once

#include <cfloat>
#include <cmath>
#include <type_traits>

#include "core/distance_types.h"
#include "core/polytope.h"
#include "core/transform3.h"
#include "core/vec3.h"

namespace gjk {

// coal's GJKVariant (include/coal/data_types.h); PolyakAcceleration is not ported.
enum class CoalGjkVariant { DefaultGJK, NesterovAcceleration };

struct CoalGjkConstants {
  static constexpr double TOLERANCE = 1e-6;            // GJK_DEFAULT_TOLERANCE (narrowphase_defaults.h:47)
  static constexpr int MAX_ITERATIONS = 128;           // GJK_DEFAULT_MAX_ITERATIONS (narrowphase_defaults.h:46)
  static constexpr double DUMMY_PRECISION = 1e-12;     // Eigen::NumTraits<double>::dummy_precision()
  static constexpr double DISTANCE_UPPER_BOUND = DBL_MAX;  // GJKSolver::set(DistanceRequest) (narrowphase.h:174)
};

namespace coal_detail {

using V3 = Vec3<double>;
using M3 = Matrix3<double>;  // rows: row[i] = (m_i0, m_i1, m_i2)

// ---- Eigen's rounding order for the expressions coal writes (see the header comment) ----

// a.dot(b), a.squaredNorm(): (x + y) + z.
inline double edot(const V3& a, const V3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline double esquaredNorm(const V3& a) { return edot(a, a); }
inline double enorm(const V3& a) { return std::sqrt(esquaredNorm(a)); }

// a.cross(b).
inline V3 ecross(const V3& a, const V3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

// s * v, v / s, component by component.
inline V3 emul(double s, const V3& v) { return {s * v.x, s * v.y, s * v.z}; }
inline V3 ediv(const V3& v, double s) { return {v.x / s, v.y / s, v.z / s}; }

// v.normalized() (Eigen 3.4 Dot.h:124-134).
inline V3 enormalized(const V3& v) {
  const double z = esquaredNorm(v);
  if (z > 0) return ediv(v, std::sqrt(z));
  return v;
}

// v.isZero(): every |v_i| <= 1e-12 (CwiseNullaryOp.h isZero, MathFunctions.h isMuchSmallerThan).
inline bool eisZero(const V3& v) {
  const double p = CoalGjkConstants::DUMMY_PRECISION;
  return std::fabs(v.x) <= 1.0 * p && std::fabs(v.y) <= 1.0 * p && std::fabs(v.z) <= 1.0 * p;
}

// m.isIdentity(): |m_ii - 1| <= min(|m_ii|, 1) 1e-12 on the diagonal, |m_ij| <= 1e-12 off it.
inline bool eisIdentity(const M3& m) {
  const double p = CoalGjkConstants::DUMMY_PRECISION;
  for (int j = 0; j < 3; ++j) {    // Eigen's loop: column by column
    for (int i = 0; i < 3; ++i) {  // then row by row
      const V3& r = m.row[i];
      const double x = j == 0 ? r.x : (j == 1 ? r.y : r.z);
      if (i == j) {
        if (!(std::fabs(x - 1.0) <= std::fmin(std::fabs(x), std::fabs(1.0)) * p)) return false;
      } else {
        if (!(std::fabs(x) <= std::fabs(1.0) * p)) return false;
      }
    }
  }
  return true;
}

// M v (Eigen, column-major Matrix3d times Vector3d): rows 0 and 1 (one SSE2 packet) ((m0 v0 + m1 v1) + m2 v2),
// row 2 (the scalar remainder, Eigen's unroller splitting 3 as 1 + 2) m0 v0 + (m1 v1 + m2 v2).
inline V3 ematVec(const M3& m, const V3& v) {
  return {m.row[0].x * v.x + m.row[0].y * v.y + m.row[0].z * v.z,
          m.row[1].x * v.x + m.row[1].y * v.y + m.row[1].z * v.z,
          m.row[2].x * v.x + (m.row[2].y * v.y + m.row[2].z * v.z)};
}

// M^T v: component j is (m_0j v0 + m_1j v1) + m_2j v2.
inline V3 ematTVec(const M3& m, const V3& v) {
  return {m.row[0].x * v.x + m.row[1].x * v.y + m.row[2].x * v.z,
          m.row[0].y * v.x + m.row[1].y * v.y + m.row[2].y * v.z,
          m.row[0].z * v.x + m.row[1].z * v.y + m.row[2].z * v.z};
}

// -M^T v as coal writes it (`-oR1.transpose() * dir`): the negated matrix times v, i.e. the products of the
// negated entries summed as M^T v (equal to -(M^T v) except that an exact zero sum is +0 here).
inline V3 enegMatTVec(const M3& m, const V3& v) {
  return {(-m.row[0].x) * v.x + (-m.row[1].x) * v.y + (-m.row[2].x) * v.z,
          (-m.row[0].y) * v.x + (-m.row[1].y) * v.y + (-m.row[2].y) * v.z,
          (-m.row[0].z) * v.x + (-m.row[1].z) * v.y + (-m.row[2].z) * v.z};
}

// A^T B: entry (i, j) is (a_0i b_0j + a_1i b_1j) + a_2i b_2j.
inline M3 ematTMat(const M3& a, const M3& b) {
  auto col = [](const M3& m, int j) -> V3 {
    return j == 0 ? V3{m.row[0].x, m.row[1].x, m.row[2].x}
                  : (j == 1 ? V3{m.row[0].y, m.row[1].y, m.row[2].y} : V3{m.row[0].z, m.row[1].z, m.row[2].z});
  };
  M3 r;
  for (int i = 0; i < 3; ++i) {
    const V3 ai = col(a, i);
    r.row[i] = {edot(ai, col(b, 0)), edot(ai, col(b, 1)), edot(ai, col(b, 2))};
  }
  return r;
}

// ---- MinkowskiDiff (minkowski_difference.h:53-180, minkowski_difference.cpp) ----

struct MinkowskiDiff {
  const Polytope<double>* shapes[2] = {nullptr, nullptr};
  M3 oR1;  // rotation from shape1 to shape0
  V3 ot1;  // translation from shape1 to shape0
  bool identity = false;
  double swept_sphere_radius[2] = {0, 0};
  bool normalize_support_direction = true;  // shape_traits<ConvexBase>: both shapes ConvexBase

  // MinkowskiDiff::set(shape0, shape1, tf0, tf1), minkowski_difference.cpp:268-284.
  void set(const Polytope<double>* shape0, const Polytope<double>* shape1, const Transform3<double>& tf0,
           const Transform3<double>& tf1, double radius0, double radius1) {
    shapes[0] = shape0;
    shapes[1] = shape1;
    normalize_support_direction = true;
    oR1 = ematTMat(tf0.r, tf1.r);
    ot1 = ematTVec(tf0.r, tf1.p - tf0.p);
    identity = eisIdentity(oR1) && eisZero(ot1);
    // makeGetSupportFunction0/1 with NoSweptSphere (:163-170, :82-89): the shapes' swept-sphere radii.
    swept_sphere_radius[0] = radius0;
    swept_sphere_radius[1] = radius1;
  }

  // getShapeSupportLinear (support_functions.cpp:382-403): hint = 0, maxdot = pts[0].dot(dir), strict >.
  static V3 supportLinear(const Polytope<double>& convex, const V3& dir) {
    int hint = 0;
    double maxdot = edot(convex.vertices[0], dir);
    for (int i = 1; i < convex.count; ++i) {
      const double d = edot(convex.vertices[i], dir);
      if (d > maxdot) {
        maxdot = d;
        hint = i;
      }
    }
    return convex.vertices[hint];
  }

  // getSupportTpl (minkowski_difference.cpp:46-62): support0 along dir, support1 along -dir in shape1's frame.
  void support(const V3& dir, V3& support0, V3& support1) const {
    support0 = supportLinear(*shapes[0], dir);
    if (identity) {
      support1 = supportLinear(*shapes[1], -dir);
    } else {
      support1 = supportLinear(*shapes[1], enegMatTVec(oR1, dir));
      support1 = ematVec(oR1, support1) + ot1;
    }
  }
};

// ---- GJK (gjk.h:53-255, gjk.cpp) ----

struct SimplexV {
  V3 w0, w1;  // support points of shape 0 and 1
  V3 w;       // w0 - w1
};

struct Simplex {
  SimplexV* vertex[4] = {nullptr, nullptr, nullptr, nullptr};
  unsigned char rank = 0;
};

enum class Status { DidNotRun, Failed, NoCollisionEarlyStopped, NoCollision, CollisionWithPenetrationInformation, Collision };

// Which of coal's tests ended the loop (coal itself only keeps the Status).
enum class Stop { None, CheckA, CheckB, CheckC, InsideTetrahedron, InsideTriangle, InsideVertex, RayZero, Failed };

// Project::ProjectResult (intersect.h:57-69). coal leaves `parameterization` uninitialized (its constructor
// sets only sqr_distance and encode), and a degenerate triangle (|n|^2 == 0) or flat tetrahedron (vl == 0 with
// ng) sets none of it: coal then blends with indeterminate weights. The port starts them at 0 (deviation).
struct ProjectResult {
  double parameterization[4] = {0, 0, 0, 0};
  double sqr_distance = -1;
  unsigned int encode = 0;
};

// Project::projectLineOrigin (intersect.cpp:570-594).
inline ProjectResult projectLineOriginP(const V3& a, const V3& b) {
  ProjectResult res;
  const V3 d = b - a;
  const double l = esquaredNorm(d);
  if (l > 0) {
    const double t = -edot(a, d);
    res.parameterization[1] = (t >= l) ? 1 : ((t <= 0) ? 0 : (t / l));
    res.parameterization[0] = 1 - res.parameterization[1];
    if (t >= l) {
      res.sqr_distance = esquaredNorm(b);
      res.encode = 2;
    } else if (t <= 0) {
      res.sqr_distance = esquaredNorm(a);
      res.encode = 1;
    } else {
      res.sqr_distance = esquaredNorm(a + emul(res.parameterization[1], d));
      res.encode = 3;
    }
  }
  return res;
}

// Project::projectTriangleOrigin (intersect.cpp:596-646).
inline ProjectResult projectTriangleOriginP(const V3& a, const V3& b, const V3& c) {
  ProjectResult res;
  static const int nexti[3] = {1, 2, 0};
  const V3* vt[] = {&a, &b, &c};
  const V3 dl[] = {a - b, b - c, c - a};
  const V3 n = ecross(dl[0], dl[1]);
  const double l = esquaredNorm(n);
  if (l > 0) {
    double mindist = -1;
    for (int i = 0; i < 3; ++i) {
      if (edot(*vt[i], ecross(dl[i], n)) > 0) {
        const int j = nexti[i];
        const ProjectResult res_line = projectLineOriginP(*vt[i], *vt[j]);
        if (mindist < 0 || res_line.sqr_distance < mindist) {
          mindist = res_line.sqr_distance;
          res.encode = static_cast<unsigned int>(((res_line.encode & 1) ? 1 << i : 0) +
                                                 ((res_line.encode & 2) ? 1 << j : 0));
          res.parameterization[i] = res_line.parameterization[0];
          res.parameterization[j] = res_line.parameterization[1];
          res.parameterization[nexti[j]] = 0;
        }
      }
    }
    if (mindist < 0) {
      const double d = edot(a, n);
      const double s = std::sqrt(l);
      const V3 o_to_project = emul(d / l, n);  // n * (d / l)
      mindist = esquaredNorm(o_to_project);
      res.encode = 7;
      res.parameterization[0] = enorm(ecross(dl[1], b - o_to_project)) / s;
      res.parameterization[1] = enorm(ecross(dl[2], c - o_to_project)) / s;
      res.parameterization[2] = 1 - res.parameterization[0] - res.parameterization[1];
    }
    res.sqr_distance = mindist;
  }
  return res;
}

// triple(x, y, z) = x.dot(y.cross(z)) (include/coal/internal/tools.h:52-56).
inline double etriple(const V3& a, const V3& b, const V3& c) { return edot(a, ecross(b, c)); }

// Project::projectTetrahedraOrigin (intersect.cpp:648-705).
inline ProjectResult projectTetrahedraOriginP(const V3& a, const V3& b, const V3& c, const V3& d) {
  ProjectResult res;
  static const int nexti[] = {1, 2, 0};
  const V3* vt[] = {&a, &b, &c, &d};
  const V3 dl[3] = {a - d, b - d, c - d};
  const double vl = etriple(dl[0], dl[1], dl[2]);
  const bool ng = (vl * edot(a, ecross(b - c, a - b))) <= 0;
  if (ng && std::fabs(vl) > 0) {
    double mindist = -1;
    for (int i = 0; i < 3; ++i) {
      const int j = nexti[i];
      const double s = vl * edot(d, ecross(dl[i], dl[j]));
      if (s > 0) {
        const ProjectResult res_triangle = projectTriangleOriginP(*vt[i], *vt[j], d);
        if (mindist < 0 || res_triangle.sqr_distance < mindist) {
          mindist = res_triangle.sqr_distance;
          res.encode = static_cast<unsigned int>((res_triangle.encode & 1 ? 1 << i : 0) +
                                                 (res_triangle.encode & 2 ? 1 << j : 0) +
                                                 (res_triangle.encode & 4 ? 8 : 0));
          res.parameterization[i] = res_triangle.parameterization[0];
          res.parameterization[j] = res_triangle.parameterization[1];
          res.parameterization[nexti[j]] = 0;
          res.parameterization[3] = res_triangle.parameterization[2];
        }
      }
    }
    if (mindist < 0) {
      mindist = 0;
      res.encode = 15;
      res.parameterization[0] = etriple(c, b, d) / vl;
      res.parameterization[1] = etriple(a, c, d) / vl;
      res.parameterization[2] = etriple(b, a, d) / vl;
      res.parameterization[3] = 1 - (res.parameterization[0] + res.parameterization[1] + res.parameterization[2]);
    }
    res.sqr_distance = mindist;
  } else if (!ng) {
    res = projectTriangleOriginP(a, b, c);
    res.parameterization[3] = 0;
  }
  return res;
}

// details::getClosestPoints (gjk.cpp:93-150), release build (the asserts compiled out).
inline void getClosestPoints(const Simplex& simplex, V3& w0, V3& w1) {
  SimplexV* const* vs = simplex.vertex;
  ProjectResult projection;
  switch (simplex.rank) {
    case 1:
      w0 = vs[0]->w0;
      w1 = vs[0]->w1;
      return;
    case 2: {
      const V3 &a = vs[0]->w, a0 = vs[0]->w0, a1 = vs[0]->w1, b = vs[1]->w, b0 = vs[1]->w0, b1 = vs[1]->w1;
      double la, lb;
      const V3 N = b - a;
      la = edot(N, -a);
      if (la <= 0) {
        w0 = a0;
        w1 = a1;
      } else {
        lb = esquaredNorm(N);
        if (la > lb) {
          w0 = b0;
          w1 = b1;
        } else {
          lb = la / lb;
          la = 1 - lb;
          w0 = emul(la, a0) + emul(lb, b0);
          w1 = emul(la, a1) + emul(lb, b1);
        }
      }
    }
      return;
    case 3:
      projection = projectTriangleOriginP(vs[0]->w, vs[1]->w, vs[2]->w);
      break;
    default:  // 4: in collision
      projection = projectTetrahedraOriginP(vs[0]->w, vs[1]->w, vs[2]->w, vs[3]->w);
      break;
  }
  w0 = V3{0, 0, 0};
  w1 = V3{0, 0, 0};
  for (int i = 0; i < simplex.rank; ++i) {
    w0 = w0 + emul(projection.parameterization[i], vs[i]->w0);
    w1 = w1 + emul(projection.parameterization[i], vs[i]->w1);
  }
}

class Gjk {
 public:
  // GJK::initialize and GJKSolver::set(DistanceRequest) / runGJKAndEPA (narrowphase.h:161-189, :427-437).
  Gjk(CoalGjkVariant variant, int maxIterations, double tol)
      : gjk_variant(variant), max_iterations(maxIterations), tolerance(tol) {}

  double distance_upper_bound = CoalGjkConstants::DISTANCE_UPPER_BOUND;
  Status status = Status::DidNotRun;
  CoalGjkVariant gjk_variant;
  const MinkowskiDiff* shape = nullptr;
  V3 ray;
  double distance = 0;
  Simplex* simplex = nullptr;
  Stop stop = Stop::None;
  int supportCalls = 0;  // appendVertex calls (coal does not count them)

  // GJK::evaluate (gjk.cpp:187-371) with the Default convergence criterion.
  Status evaluate(const MinkowskiDiff& shape_, const V3& guess) {
    double alpha = 0;
    iterations = 0;
    const double swept_sphere_radius = shape_.swept_sphere_radius[0] + shape_.swept_sphere_radius[1];
    const double upper_bound = distance_upper_bound + swept_sphere_radius;

    free_v[0] = &store_v[0];
    free_v[1] = &store_v[1];
    free_v[2] = &store_v[2];
    free_v[3] = &store_v[3];

    nfree = 4;
    status = Status::NoCollision;
    shape = &shape_;
    distance = 0.0;
    current = 0;
    simplices[current].rank = 0;

    double rl = enorm(guess);
    if (rl < tolerance) {
      ray = V3{-1, 0, 0};
      rl = 1;
    } else {
      ray = guess;
    }

    CoalGjkVariant current_gjk_variant = gjk_variant;
    V3 w = ray;
    V3 dir = ray;
    V3 y;
    double momentum;
    const bool normalize_support_direction = shape->normalize_support_direction;
    do {
      const int next = 1 - current;
      Simplex& curr_simplex = simplices[current];
      Simplex& next_simplex = simplices[next];

      // check A (:227-242)
      if (rl < tolerance) {
        status = Status::Collision;
        distance = rl;
        stop = Stop::CheckA;
        break;
      }

      switch (current_gjk_variant) {
        case CoalGjkVariant::DefaultGJK:
          dir = ray;
          break;
        case CoalGjkVariant::NesterovAcceleration:
          if (normalize_support_direction) {
            momentum = (double(iterations) + 2) / (double(iterations) + 3);
            y = emul(momentum, ray) + emul(1 - momentum, w);
            const double y_norm = enorm(y);
            const double dir_norm = enorm(dir);
            // momentum * dir / dir.norm() + (1 - momentum) * y / y_norm
            dir = ediv(emul(momentum, dir), dir_norm) + ediv(emul(1 - momentum, y), y_norm);
          } else {
            momentum = (double(iterations) + 1) / (double(iterations) + 3);
            y = emul(momentum, ray) + emul(1 - momentum, w);
            dir = emul(momentum, dir) + emul(1 - momentum, y);
          }
          break;
      }

      appendVertex(curr_simplex, -dir);
      w = curr_simplex.vertex[curr_simplex.rank - 1]->w;

      // check B (:288-294)
      const double omega = edot(dir, w) / enorm(dir);
      if (omega > upper_bound) {
        distance = omega - swept_sphere_radius;
        status = Status::NoCollisionEarlyStopped;
        stop = Stop::CheckB;
        break;
      }

      // the acceleration's duality-gap fallback (:296-305)
      if (current_gjk_variant != CoalGjkVariant::DefaultGJK) {
        const double frank_wolfe_duality_gap = 2 * edot(ray, ray - w);
        if (frank_wolfe_duality_gap - tolerance <= 0) {
          removeVertex(simplices[current]);
          current_gjk_variant = CoalGjkVariant::DefaultGJK;
          continue;
        }
      }

      // check C (:307-327)
      const bool cv_check_passed = checkConvergence(rl, alpha, omega);
      if (iterations > 0 && cv_check_passed) {
        if (iterations > 0) removeVertex(simplices[current]);
        if (current_gjk_variant != CoalGjkVariant::DefaultGJK) {
          current_gjk_variant = CoalGjkVariant::DefaultGJK;
          continue;
        }
        distance = rl - swept_sphere_radius;
        status = distance < tolerance ? Status::CollisionWithPenetrationInformation : Status::NoCollision;
        stop = Stop::CheckC;
        break;
      }

      bool inside = false;
      switch (curr_simplex.rank) {
        case 1:
          ray = w;
          inside = false;
          next_simplex.rank = 1;
          next_simplex.vertex[0] = curr_simplex.vertex[0];
          break;
        case 2:
          inside = projectLineOrigin(curr_simplex, next_simplex);
          break;
        case 3:
          inside = projectTriangleOrigin(curr_simplex, next_simplex);
          break;
        default:
          inside = projectTetrahedraOrigin(curr_simplex, next_simplex);
          break;
      }
      current = next;
      rl = enorm(ray);
      if (inside || rl == 0) {
        status = Status::Collision;
        distance = rl;
        stop = inside ? insideStop : Stop::RayZero;
        break;
      }

      if (!((++iterations) < max_iterations)) {
        status = Status::Failed;
        stop = Stop::Failed;
      }
    } while (status == Status::NoCollision);

    simplex = &simplices[current];
    return status;
  }

  // GJK::getWitnessPointsAndNormal (gjk.cpp:176-185) with details::inflate<true> (:157-172).
  void getWitnessPointsAndNormal(const MinkowskiDiff& md, V3& w0, V3& w1, V3& normal) const {
    getClosestPoints(*simplex, w0, w1);
    if (enorm(w1 - w0) > CoalGjkConstants::DUMMY_PRECISION) {
      normal = enormalized(w1 - w0);
    } else {
      normal = -enormalized(ray);
    }
    const double i0 = md.swept_sphere_radius[0];
    const double i1 = md.swept_sphere_radius[1];
    if (!(i0 > 0 || i1 > 0)) return;
    if (i0 > 0) w0 = w0 + emul(i0, normal);
    if (i1 > 0) w1 = w1 - emul(i1, normal);
  }

 private:
  // checkConvergence, case Default (gjk.cpp:381-387): alpha = std::max(alpha, omega).
  bool checkConvergence(double rl, double& alpha, double omega) const {
    alpha = (alpha < omega) ? omega : alpha;
    const double diff = rl - alpha;
    return ((diff - (tolerance + tolerance * rl)) <= 0);
  }

  void removeVertex(Simplex& s) { free_v[nfree++] = s.vertex[--s.rank]; }

  void appendVertex(Simplex& s, const V3& v) {
    s.vertex[s.rank] = free_v[--nfree];
    SimplexV& sv = *s.vertex[s.rank++];
    shape->support(v, sv.w0, sv.w1);  // getSupport (gjk.h:162-166)
    sv.w = sv.w0 - sv.w1;
    ++supportCalls;
  }

  // originToPoint, originToSegment, originToTriangle (gjk.cpp:495-542).
  static void originToPoint(const Simplex& cur, int a, const V3& A, Simplex& next, V3& ray) {
    ray = A;
    next.vertex[0] = cur.vertex[a];
    next.rank = 1;
  }

  static void originToSegment(const Simplex& cur, int a, int b, const V3& A, const V3& B, const V3& AB,
                              double ABdotAO, Simplex& next, V3& ray) {
    ray = emul(edot(AB, B), A) + emul(ABdotAO, B);
    next.vertex[0] = cur.vertex[b];
    next.vertex[1] = cur.vertex[a];
    next.rank = 2;
    ray = ediv(ray, esquaredNorm(AB));
  }

  static bool originToTriangle(const Simplex& cur, int a, int b, int c, const V3& ABC, double ABCdotAO,
                               Simplex& next, V3& ray) {
    next.rank = 3;
    next.vertex[2] = cur.vertex[a];
    if (ABCdotAO == 0) {
      next.vertex[0] = cur.vertex[c];
      next.vertex[1] = cur.vertex[b];
      ray = V3{0, 0, 0};
      return true;
    }
    if (ABCdotAO > 0) {
      next.vertex[0] = cur.vertex[c];
      next.vertex[1] = cur.vertex[b];
    } else {
      next.vertex[0] = cur.vertex[b];
      next.vertex[1] = cur.vertex[c];
    }
    ray = emul(-ABCdotAO / esquaredNorm(ABC), ABC);
    return false;
  }

  // GJK::projectLineOrigin (gjk.cpp:544-570).
  bool projectLineOrigin(const Simplex& cur, Simplex& next) {
    const int a = 1, b = 0;
    const V3& A = cur.vertex[a]->w;
    const V3& B = cur.vertex[b]->w;
    const V3 AB = B - A;
    const double d = edot(AB, -A);
    if (d == 0) {
      originToPoint(cur, a, A, next, ray);
      free_v[nfree++] = cur.vertex[b];
      insideStop = Stop::InsideVertex;
      return eisZero(A);
    } else if (d < 0) {
      originToPoint(cur, a, A, next, ray);
      free_v[nfree++] = cur.vertex[b];
    } else {
      originToSegment(cur, a, b, A, B, AB, d, next, ray);
    }
    return false;
  }

  // GJK::projectTriangleOrigin (gjk.cpp:572-612).
  bool projectTriangleOrigin(const Simplex& cur, Simplex& next) {
    const int a = 2, b = 1, c = 0;
    const V3 &A = cur.vertex[a]->w, B = cur.vertex[b]->w, C = cur.vertex[c]->w;
    const V3 AB = B - A, AC = C - A, ABC = ecross(AB, AC);

    const double edgeAC2o = edot(ecross(ABC, AC), -A);
    if (edgeAC2o >= 0) {
      const double towardsC = edot(AC, -A);
      if (towardsC >= 0) {  // Region 1
        originToSegment(cur, a, c, A, C, AC, towardsC, next, ray);
        free_v[nfree++] = cur.vertex[b];
      } else {  // Region 4 or 5
        const double towardsB = edot(AB, -A);
        if (towardsB < 0) {  // Region 5
          originToPoint(cur, a, A, next, ray);
          free_v[nfree++] = cur.vertex[b];
        } else {  // Region 4
          originToSegment(cur, a, b, A, B, AB, towardsB, next, ray);
        }
        free_v[nfree++] = cur.vertex[c];
      }
    } else {
      const double edgeAB2o = edot(ecross(AB, ABC), -A);
      if (edgeAB2o >= 0) {  // Region 4 or 5
        const double towardsB = edot(AB, -A);
        if (towardsB < 0) {  // Region 5
          originToPoint(cur, a, A, next, ray);
          free_v[nfree++] = cur.vertex[b];
        } else {  // Region 4
          originToSegment(cur, a, b, A, B, AB, towardsB, next, ray);
        }
        free_v[nfree++] = cur.vertex[c];
      } else {
        insideStop = Stop::InsideTriangle;
        return originToTriangle(cur, a, b, c, ABC, edot(ABC, -A), next, ray);
      }
    }
    return false;
  }

  // GJK::projectTetrahedraOrigin (gjk.cpp:614-1011; generated by coal's doc/gjk.py). The asserts are left
  // out (release build); the branches are the source's, in its order.
  bool projectTetrahedraOrigin(const Simplex& cur, Simplex& next);

  // GJK's private state (gjk.h:121-133).
  int max_iterations;
  double tolerance;
  SimplexV store_v[4];
  SimplexV* free_v[4] = {nullptr, nullptr, nullptr, nullptr};
  int nfree = 0;
  int current = 0;
  Simplex simplices[2];
  int iterations = 0;
  Stop insideStop = Stop::None;  // which projection returned `inside` (ours)
};

inline bool Gjk::projectTetrahedraOrigin(const Simplex& current_, Simplex& next) {
  const Simplex& cur = current_;
  const int a = 3, b = 2, c = 1, d = 0;
  const V3& A = cur.vertex[a]->w;
  const V3& B = cur.vertex[b]->w;
  const V3& C = cur.vertex[c]->w;
  const V3& D = cur.vertex[d]->w;
  const double aa = esquaredNorm(A);
  const double da = edot(D, A);
  const double db = edot(D, B);
  const double dc = edot(D, C);
  const double dd = edot(D, D);
  const double da_aa = da - aa;
  const double ca = edot(C, A);
  const double cb = edot(C, B);
  const double cc = edot(C, C);
  const double& cd = dc;
  const double ca_aa = ca - aa;
  const double ba = edot(B, A);
  const double bb = edot(B, B);
  const double& bc = cb;
  const double& bd = db;
  const double ba_aa = ba - aa;
  const double ba_ca = ba - ca;
  const double ca_da = ca - da;
  const double da_ba = da - ba;
  const V3 a_cross_b = ecross(A, B);
  const V3 a_cross_c = ecross(A, C);

  // The regions, each as the source writes it.
  auto regionABC = [&]() {
    originToTriangle(cur, a, b, c, ecross(B - A, C - A), -edot(C, a_cross_b), next, ray);
    free_v[nfree++] = cur.vertex[d];
  };
  auto regionACD = [&]() {
    originToTriangle(cur, a, c, d, ecross(C - A, D - A), -edot(D, a_cross_c), next, ray);
    free_v[nfree++] = cur.vertex[b];
  };
  auto regionADB = [&]() {
    originToTriangle(cur, a, d, b, ecross(D - A, B - A), edot(D, a_cross_b), next, ray);
    free_v[nfree++] = cur.vertex[c];
  };
  auto regionAB = [&]() {
    originToSegment(cur, a, b, A, B, B - A, -ba_aa, next, ray);
    free_v[nfree++] = cur.vertex[c];
    free_v[nfree++] = cur.vertex[d];
  };
  auto regionAC = [&]() {
    originToSegment(cur, a, c, A, C, C - A, -ca_aa, next, ray);
    free_v[nfree++] = cur.vertex[b];
    free_v[nfree++] = cur.vertex[d];
  };
  auto regionAD = [&]() {
    originToSegment(cur, a, d, A, D, D - A, -da_aa, next, ray);
    free_v[nfree++] = cur.vertex[b];
    free_v[nfree++] = cur.vertex[c];
  };
  auto regionInside = [&]() {
    ray = V3{0, 0, 0};
    next.vertex[0] = cur.vertex[d];
    next.vertex[1] = cur.vertex[c];
    next.vertex[2] = cur.vertex[b];
    next.vertex[3] = cur.vertex[a];
    next.rank = 4;
    insideStop = Stop::InsideTetrahedron;
    return true;
  };

  // The tests, named as the source's comments name them.
  const auto a4 = [&]() { return ba * ba_ca + bb * ca_aa - bc * ba_aa <= 0; };  // (ABC ^ AB).AO >= 0
  const auto a5 = [&]() { return ca * ba_ca + cb * ca_aa - cc * ba_aa <= 0; };  // (ABC ^ AC).AO >= 0
  const auto a6 = [&]() { return ca * ca_da + cc * da_aa - cd * ca_aa <= 0; };  // (ACD ^ AC).AO >= 0
  const auto a7 = [&]() { return da * ca_da + dc * da_aa - dd * ca_aa <= 0; };  // (ACD ^ AD).AO >= 0
  const auto a8 = [&]() { return da * da_ba + dd * ba_aa - db * da_aa <= 0; };  // (ADB ^ AD).AO >= 0
  const auto a9 = [&]() { return ba * da_ba + bd * ba_aa - bb * da_aa <= 0; };  // (ADB ^ AB).AO >= 0
  const auto a1 = [&]() { return edot(C, a_cross_b) <= 0; };                     // ABC.AO >= 0
  const auto a2 = [&]() { return edot(D, a_cross_c) <= 0; };                     // ACD.AO >= 0
  const auto a3 = [&]() { return -edot(D, a_cross_b) <= 0; };                    // ADB.AO >= 0

  if (ba_aa <= 0) {                   // a10: AB.AO >= 0  (:657)
    if (a3()) {                       // a10.a3
      if (a9()) {                     // a10.a3.a9
        if (da_aa <= 0) {             // a10.a3.a9.a12
          if (a4()) regionABC();      // :664-669
          else regionAB();            // :670-675
        } else {                      // a10.a3.a9.!a12
          if (a4()) {
            if (a5()) {
              if (a6()) regionACD();  // :681-686
              else regionAC();        // :687-692
            } else {
              regionABC();            // :693-698
            }
          } else {
            regionAB();               // :699-704
          }
        }
      } else {                        // a10.a3.!a9 (:706)
        if (a8()) {
          regionADB();                // :707-712
        } else {
          if (a6()) {
            if (a7()) regionAD();     // :716-721
            else regionACD();         // :722-727
          } else {
            if (a7()) regionAD();     // :729-734
            else regionAC();          // :735-740
          }
        }
      }
    } else {                          // a10.!a3 (:744)
      if (a1()) {                     // a10.!a3.a1
        if (a4()) {
          if (a5()) {
            if (a6()) regionACD();    // :750-755
            else regionAC();          // :756-761
          } else {
            regionABC();              // :762-767
          }
        } else {
          regionAB();                 // :768-773
        }
      } else {                        // a10.!a3.!a1 (:774)
        if (a2()) {                   // a10.!a3.!a1.a2
          if (a6()) {
            if (a7()) regionAD();     // :778-783
            else regionACD();         // :784-789
          } else {
            if (ca_aa <= 0) regionAC();  // a11, :791-795
            else regionAD();             // :796-800
          }
        } else {
          return regionInside();      // :803-805
        }
      }
    }
  } else {                            // !a10 (:809)
    if (ca_aa <= 0) {                 // !a10.a11
      if (a2()) {                     // !a10.a11.a2
        if (da_aa <= 0) {             // !a10.a11.a2.a12
          if (a6()) {
            if (a7()) {
              if (a8()) regionADB();  // :817-822
              else regionAD();        // :823-828
            } else {
              regionACD();            // :829-834
            }
          } else {
            if (a5()) regionAC();     // :839-844
            else regionABC();         // :845-850
          }
        } else {                      // !a10.a11.a2.!a12 (:852)
          if (a5()) {
            if (a6()) regionACD();    // :855-863
            else regionAC();          // :864-869
          } else {
            if (a1()) regionABC();    // :871-879
            else regionACD();         // :880-888
          }
        }
      } else {                        // !a10.a11.!a2 (:891)
        if (a1()) {
          if (a5()) regionAC();       // :893-898
          else regionABC();           // :899-907
        } else {
          if (a3()) {
            if (a8()) regionADB();    // :910-915
            else regionAD();          // :916-921
          } else {
            return regionInside();    // :922-925
          }
        }
      }
    } else {                          // !a10.!a11 (:928)
      if (da_aa <= 0) {               // !a10.!a11.a12
        if (a3()) {
          if (a7()) {
            if (a8()) regionADB();    // :933-941
            else regionAD();          // :942-947
          } else {
            if (a2()) {
              regionACD();            // :949-957
            } else {
              regionADB();            // :959-973 (both sub-branches are region ADB)
            }
          }
        } else {                      // !a10.!a11.a12.!a3 (:976)
          if (a2()) {
            if (a7()) regionAD();     // :978-983
            else regionACD();         // :984-992
          } else {
            return regionInside();    // :993-996
          }
        }
      } else {                        // !a10.!a11.!a12: region A (:998-1004)
        originToPoint(cur, a, A, next, ray);
        free_v[nfree++] = cur.vertex[b];
        free_v[nfree++] = cur.vertex[c];
        free_v[nfree++] = cur.vertex[d];
      }
    }
  }
  return false;
}

}  // namespace coal_detail

template <CoalGjkVariant Variant>
struct CoalGjk {
  template <class T>
  static void distance(const DistanceInput3<T>& input, DistanceOutput3<T>* output) {
    distanceCapped(input, output, CoalGjkConstants::MAX_ITERATIONS);
  }

  // The query with another GJK max_iterations (distance() passes coal's 128; the tests pass small ones).
  template <class T>
  static void distanceCapped(const DistanceInput3<T>& input, DistanceOutput3<T>* output, int maxIterations) {
    static_assert(std::is_same_v<T, double>, "coal's GJK is double (CoalScalar)");
    using namespace coal_detail;

    const Transform3<double>& tf0 = input.transformA;
    const double r0 = input.useRadii ? input.proxyA.radius : 0.0;
    const double r1 = input.useRadii ? input.proxyB.radius : 0.0;

    // runGJKAndEPA (narrowphase.h:427-446): MinkowskiDiff::set, gjk.reset, the default guess (1, 0, 0).
    MinkowskiDiff md;
    md.set(&input.proxyA, &input.proxyB, tf0, input.transformB, r0, r1);
    Gjk gjk(Variant, maxIterations, CoalGjkConstants::TOLERANCE);
    const V3 guess{1, 0, 0};
    gjk.evaluate(md, guess);

    output->iterations = gjk.supportCalls;
    output->simplexCount = gjk.simplex->rank;
    output->decidedBy = PostRule::None;
    switch (gjk.stop) {
      case Stop::CheckA: output->termination = Termination::RayBelowTolerance; break;
      case Stop::CheckB: output->termination = Termination::CoalEarlyStop; break;
      case Stop::CheckC: output->termination = Termination::CoalDefaultCriterion; break;
      case Stop::InsideTetrahedron: output->termination = Termination::Containment; break;
      case Stop::InsideTriangle: output->termination = Termination::CoalOriginOnTriangle; break;
      case Stop::InsideVertex: output->termination = Termination::CoalOriginAtVertex; break;
      case Stop::RayZero: output->termination = Termination::RayZero; break;
      case Stop::Failed:
      case Stop::None: output->termination = Termination::IterationCap; break;
    }

    V3 p1, p2, normal;
    switch (gjk.status) {
      case Status::Collision: {
        // Deviation: coal runs EPA here (enable_signed_distance, the DistanceRequest default) or returns NaN
        // points; the port reports distance 0 and the midpoint of the final simplex's witness points, in the
        // world frame (getClosestPoints, then tf0.transform as GJKExtractWitnessPointsAndNormal).
        getClosestPoints(*gjk.simplex, p1, p2);
        const V3 p = ematVec(tf0.r, emul(0.5, p1 + p2)) + tf0.p;
        output->pointA = p;
        output->pointB = p;
        output->distance = 0;
        return;
      }
      case Status::NoCollisionEarlyStopped: {
        // coal returns NaN points here; the port gives the points coal's comment offers
        // (narrowphase.h:601-607): getWitnessPointsAndNormal, carried to the world frame.
        gjk.getWitnessPointsAndNormal(md, p1, p2, normal);
        output->pointA = ematVec(tf0.r, p1) + tf0.p;
        output->pointB = ematVec(tf0.r, p2) + tf0.p;
        output->distance = gjk.distance;
        return;
      }
      default: {
        // NoCollision, CollisionWithPenetrationInformation and Failed: GJKExtractWitnessPointsAndNormal
        // (narrowphase.h:610-635). On Failed coal's gjk.distance is still the 0.0 evaluate() starts with.
        const double dist = gjk.distance;
        gjk.getWitnessPointsAndNormal(md, p1, p2, normal);
        const V3 p = ematVec(tf0.r, emul(0.5, p1 + p2)) + tf0.p;
        normal = ematVec(tf0.r, normal);
        output->pointA = p - emul(0.5 * dist, normal);
        output->pointB = p + emul(0.5 * dist, normal);
        // Deviation: coal's distance is signed (rl - rA - rB < 0 when the rounded shapes overlap); the
        // harness reports 0 for overlap. The points stay coal's.
        output->distance = dist < 0 ? 0.0 : dist;
        return;
      }
    }
  }
};

using CoalGjkDefault = CoalGjk<CoalGjkVariant::DefaultGJK>;
using CoalGjkNesterov = CoalGjk<CoalGjkVariant::NesterovAcceleration>;

}  // namespace gjk
