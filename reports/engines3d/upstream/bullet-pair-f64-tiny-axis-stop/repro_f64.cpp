// Bullet 3.24, double library: btGjkPairDetector stops its GJK loop as soon as the closest vector is shorter than
// 1e-6 (REL_ERROR2 = 1e-12 compared with a squared length) but hands such answers to the depth solver only below
// gGjkEpaPenetrationTolerance = 1e-12, so a distance between the two is returned unconverged.
// g++ -std=c++17 repro_f64.cpp $(pkg-config --cflags --libs bullet-float64) && ./a.out
// Exit 1 while the bug is present, 0 once fixed, 2 on the reproducer's own errors.
#include <cmath>
#include <cstdio>

#include "BulletCollision/CollisionShapes/btConvexHullShape.h"
#include "BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h"
#include "BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h"
#include "BulletCollision/NarrowPhaseCollision/btPointCollector.h"
#include "BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h"

#ifndef BT_USE_DOUBLE_PRECISION
#error "build against the double library: pkg-config --cflags --libs bullet-float64"
#endif

// Defined in btGjkPairDetector.cpp:33 (1e-12 in double, 0.001 in float) and exported by the library, though no
// header declares it.
extern btScalar gGjkEpaPenetrationTolerance;

struct Answer {
  bool valid;
  double distance;
  int degenerate, method, iterations;
};

static Answer closest(btConvexHullShape& a, const btTransform& ta, btConvexHullShape& b, const btTransform& tb) {
  btVoronoiSimplexSolver simplex;
  btGjkEpaPenetrationDepthSolver depth;
  btGjkPairDetector detector(&a, &b, &simplex, &depth);
  btGjkPairDetector::ClosestPointInput input;
  input.m_transformA = ta;
  input.m_transformB = tb;
  btPointCollector out;
  detector.getClosestPoints(input, out, nullptr);
  return {out.m_hasResult, double(out.m_distance), detector.m_degenerateSimplex, detector.m_lastUsedMethod,
          detector.m_curIter};
}

int main() {
  const double e = std::ldexp(1.0, -24);  // 2^-24: A's offset from B's edge along x and y
  const double s = 0.0625;                // 1/16: the shapes are 12.5 cm across
  // A: a tetrahedron with its lowest corner at its origin, placed at (-e, e, 0).
  btConvexHullShape a;
  a.addPoint(btVector3(0, 0, 0), false);
  a.addPoint(btVector3(s, s, 0), false);
  a.addPoint(btVector3(-s, s, s), false);
  a.addPoint(btVector3(-s, s, -s), false);
  // B: a tetrahedron whose edge from T = (10e, 10e, 0) to (-s, -s, 0) lies on the line y = x, through B's origin.
  const btVector3 top(10 * e, 10 * e, 0);
  btConvexHullShape b;
  b.addPoint(top, false);
  b.addPoint(btVector3(-s, -s, 0), false);
  b.addPoint(btVector3(s, -s, s), false);
  b.addPoint(btVector3(s, -s, -s), false);
  a.recalcLocalAabb();
  b.recalcLocalAabb();
  a.setMargin(0);  // the hulls themselves, as for a distance query between them
  b.setMargin(0);
  btTransform ta;
  ta.setIdentity();
  ta.setOrigin(btVector3(-e, e, 0));
  btTransform tb;
  tb.setIdentity();

  // A's corner (-e, e, 0) lies sqrt(2) e from B's edge on y = x, off B's side; nothing of the shapes is closer.
  const double exact = std::sqrt(2.0) * e;
  const Answer bullet = closest(a, ta, b, tb);
  if (!bullet.valid) {
    std::printf("no result from getClosestPoints\n");
    return 2;
  }
  std::printf("Bullet 3.24, double (bullet-float64): btGjkPairDetector, two tetrahedra 12.5 cm across, margins 0\n");
  std::printf("  Bullet:   distance %.9g  (m_degenerateSimplex %d, m_lastUsedMethod %d, %d iterations)\n",
              bullet.distance, bullet.degenerate, bullet.method, bullet.iterations);
  std::printf("  expected: distance %.9g (sqrt(2) * 2^-24, exact)\n", exact);
  // GJK's first support point: A's lowest corner (in -y) minus B's highest vertex T (in +y, the loop's first axis).
  const double first = (ta.getOrigin() - top).length();
  std::printf("  GJK's first support point lies %.9g from the origin: below sqrt(REL_ERROR2) = 1e-6, so the loop\n"
              "  stopped there; above gGjkEpaPenetrationTolerance = %g, so the depth solver was not asked\n",
              first, double(gGjkEpaPenetrationTolerance));

  // The float library's pair of constants agree (stop below sqrt(1e-6) = 1e-3, depth solver below 0.001): with the
  // double library's tolerance raised the same way, the depth solver's GJK gives the distance.
  const btScalar saved = gGjkEpaPenetrationTolerance;
  gGjkEpaPenetrationTolerance = 1e-6;
  const Answer raised = closest(a, ta, b, tb);
  gGjkEpaPenetrationTolerance = saved;
  std::printf("  with gGjkEpaPenetrationTolerance = 1e-6: distance %.9g (m_lastUsedMethod %d)\n", raised.distance,
              raised.method);

  const double error = std::fabs(bullet.distance - exact);
  if (error > 0.01 * exact) {
    std::printf("BUG PRESENT: distance off by %.3g (%.1f times the distance)\n", error, bullet.distance / exact);
    return 1;
  }
  std::printf("fixed: distance within 1 %% of the exact one\n");
  return 0;
}
