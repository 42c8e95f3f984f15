// Bullet 3.24: btGjkPairDetector stops on a "degenerate" tetrahedron whose volume is below an absolute threshold
// (btVoronoiSimplexSolver::pointOutsideOfPlane) and returns the previous, unconverged distance.
// Float library:  g++ -std=c++17 repro.cpp $(pkg-config --cflags --libs bullet) && ./a.out
// Double library: g++ -std=c++17 repro_f64.cpp $(pkg-config --cflags --libs bullet-float64) && ./a.out
// Exit 1 while the bug is present, 0 once fixed, 2 on the reproducer's own errors.
#include <cmath>
#include <cstdio>

#include "BulletCollision/CollisionShapes/btConvexHullShape.h"
#include "BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h"
#include "BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h"
#include "BulletCollision/NarrowPhaseCollision/btPointCollector.h"
#include "BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h"

#ifdef BT_USE_DOUBLE_PRECISION
static const char* LIBRARY = "double (bullet-float64)";
static const double VOLUME_THRESHOLD = 1e-8;  // btVoronoiSimplexSolver.cpp:420
static const double SCALE = 1;                 // the case as found (B is 5.7 cm across)
#else
static const char* LIBRARY = "float (bullet)";
static const double VOLUME_THRESHOLD = 1e-4;  // btVoronoiSimplexSolver.cpp:425
static const double SCALE = 4;                 // the same case 4 times larger (B 23 cm across), exact in float
#endif

// The closest vector the solver kept from the previous (triangle) step.
static double cachedLength(btVoronoiSimplexSolver& simplex) {
  btVector3 v;
  simplex.backup_closest(v);
  return double(v.length());
}

int main() {
  // A: one point. B: a 6-vertex hull (5.7 cm across) whose three lowest corners lie 3 * 2^-18 above A's plane;
  // both times SCALE. Every value is exact in float; both shapes sit at the origin, unrotated.
  btConvexHullShape a;
  a.addPoint(btVector3(btScalar(SCALE * 0x1p-14), btScalar(SCALE * 0x1.8p-14), 0), false);
  btConvexHullShape b;
  const double bv[6][3] = {{0x1.6ap-11, 0x1.58p-13, 0x1.8p-17},   {-0x1p-14, -0x1.6p-14, 0x1.8p-17},
                           {0x1.52ap-7, 0x1.764p-6, 0x1.e3ep-7},   {0x1.1ap-10, 0x1.dbap-6, 0x1.7f3p-6},
                           {-0x1.8ep-10, -0x1.0fp-10, 0x1.8p-17},  {0x1.605p-6, -0x1.c64p-6, 0x1.6b8p-8}};
  for (const auto& v : bv) {
    b.addPoint(btVector3(btScalar(SCALE * v[0]), btScalar(SCALE * v[1]), btScalar(SCALE * v[2])), false);
  }
  a.recalcLocalAabb();
  b.recalcLocalAabb();
  a.setMargin(0);  // the shapes exactly, as for a distance query between the hulls themselves
  b.setMargin(0);

  btVoronoiSimplexSolver simplex;
  btGjkEpaPenetrationDepthSolver depth;
  btGjkPairDetector detector(&a, &b, &simplex, &depth);
  btGjkPairDetector::ClosestPointInput input;
  input.m_transformA.setIdentity();
  input.m_transformB.setIdentity();
  btPointCollector out;
  detector.getClosestPoints(input, out, nullptr);
  if (!out.m_hasResult) {
    std::printf("no result from getClosestPoints\n");
    return 2;
  }
  // The exact distance (rational arithmetic: gjkcheck oracle case.case gives its square), times SCALE.
  const double exact = SCALE * std::sqrt(901615384201921.0 / 113908495784099578904576.0);
  std::printf("Bullet 3.24, %s: btGjkPairDetector, point vs 6-vertex hull, margins 0\n", LIBRARY);
  std::printf("  Bullet:   distance %.9g  (m_degenerateSimplex %d, m_lastUsedMethod %d, %d iterations)\n",
              double(out.m_distance), detector.m_degenerateSimplex, detector.m_lastUsedMethod, detector.m_curIter);
  std::printf("  expected: distance %.9g (exact)\n", exact);

  // The simplex the loop stopped on: the three vertices of the last triangle and the new support point.
  btVector3 p[5], q[5], w[5];
  const int n = simplex.getSimplex(p, q, w);
  if (n == 4) {
    const btVector3 normal = (w[1] - w[0]).cross(w[2] - w[0]);
    const double volume6 = double((w[3] - w[0]).dot(normal));
    std::printf("  last simplex: 4 vertices, (d-a).((b-a)x(c-a)) = %.3g, threshold %.0e: \"degenerate\"%s\n",
                volume6, VOLUME_THRESHOLD, std::fabs(volume6) < VOLUME_THRESHOLD ? "" : " (not below!)");
    std::printf("                the new support point lies %.3g off the triangle's plane; the triangle's\n"
                "                closest point (the answer kept) is %.3g from the origin\n",
                std::fabs(volume6) / double(normal.length()), cachedLength(simplex));
  }
  const double error = std::fabs(double(out.m_distance) - exact);
  if (error > 0.01 * exact) {
    std::printf("BUG PRESENT: distance off by %.3g (%.0f %% of the distance)\n", error, 100 * error / exact);
    return 1;
  }
  std::printf("fixed: distance within 1 %% of the exact one\n");
  return 0;
}
