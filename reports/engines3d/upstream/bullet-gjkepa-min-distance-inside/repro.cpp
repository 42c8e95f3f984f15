// Bullet 3.24 (float): btGjkEpaSolver2's GJK calls shapes closer than GJK_MIN_DISTANCE = 1e-4 "Inside", so two
// separated unit cubes are reported penetrating, by btGjkEpaSolver2 and by btGjkPairDetector (through its EPA).
// g++ -std=c++17 repro.cpp $(pkg-config --cflags --libs bullet) && ./a.out
// Exit 1 while the bug is present, 0 once fixed, 2 on the reproducer's own errors.
#include <cstdio>

#include "BulletCollision/CollisionShapes/btConvexHullShape.h"
#include "BulletCollision/NarrowPhaseCollision/btGjkEpa2.h"
#include "BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h"
#include "BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h"
#include "BulletCollision/NarrowPhaseCollision/btPointCollector.h"
#include "BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h"

namespace {

const char* statusName(btGjkEpaSolver2::sResults::eStatus status) {
  switch (status) {
    case btGjkEpaSolver2::sResults::Separated: return "Separated";
    case btGjkEpaSolver2::sResults::Penetrating: return "Penetrating";
    case btGjkEpaSolver2::sResults::GJK_Failed: return "GJK_Failed";
    case btGjkEpaSolver2::sResults::EPA_Failed: return "EPA_Failed";
  }
  return "?";
}

// A unit cube as a hull of its 8 corners, margin 0 (the hull itself).
void makeCube(btConvexHullShape& cube) {
  for (int i = 0; i < 8; ++i) {
    cube.addPoint(btVector3(i & 1 ? 0.5f : -0.5f, i & 2 ? 0.5f : -0.5f, i & 4 ? 0.5f : -0.5f), false);
  }
  cube.recalcLocalAabb();
  cube.setMargin(0);
}

// Unit cube A at the origin, unit cube B above it at (dx, 0, 1 + gap): separated by exactly `gap` (the values are
// exact in float). Returns how many of Bullet's answers call them penetrating.
int check(const char* title, btScalar dx, btScalar gap, const btVector3& guess) {
  btConvexHullShape a, b;
  makeCube(a);
  makeCube(b);
  btTransform ta = btTransform::getIdentity();
  btTransform tb(btQuaternion::getIdentity(), btVector3(dx, 0, 1 + gap));
  std::printf("%s: unit cubes, B at (%g, 0, 1 + %.9g); exact: separated, distance %.9g along z\n", title, double(dx),
              double(gap), double(gap));
  std::printf("  (btGjkEpaSolver2's initial direction (%g, %g, %g))\n", double(guess.x()), double(guess.y()),
              double(guess.z()));
  int wrong = 0;

  btGjkEpaSolver2::sResults r;
  const bool found = btGjkEpaSolver2::Distance(&a, ta, &b, tb, guess, r);
  std::printf("  btGjkEpaSolver2::Distance     returns %s, status %s\n", found ? "true" : "false",
              statusName(r.status));
  if (!found && r.status == btGjkEpaSolver2::sResults::Penetrating) ++wrong;

  const bool penetrating = btGjkEpaSolver2::Penetration(&a, ta, &b, tb, guess, r);
  std::printf("  btGjkEpaSolver2::Penetration  returns %s, status %s", penetrating ? "true" : "false",
              statusName(r.status));
  if (penetrating) {
    std::printf(", depth %.9g, normal (%.6g, %.6g, %.6g)", double(-r.distance), double(r.normal.x()),
                double(r.normal.y()), double(r.normal.z()));
    ++wrong;
  }
  std::printf("\n");

  btVoronoiSimplexSolver simplex;
  btGjkEpaPenetrationDepthSolver depth;
  btGjkPairDetector detector(&a, &b, &simplex, &depth);
  btGjkPairDetector::ClosestPointInput input;
  input.m_transformA = ta;
  input.m_transformB = tb;
  btPointCollector out;
  detector.getClosestPoints(input, out, nullptr);
  if (!out.m_hasResult) {
    std::printf("  btGjkPairDetector: no result\n");
    return -1;
  }
  std::printf("  btGjkPairDetector             distance %.9g (m_degenerateSimplex %d, m_lastUsedMethod %d)\n",
              double(out.m_distance), detector.m_degenerateSimplex, detector.m_lastUsedMethod);
  if (!(out.m_distance > 0)) ++wrong;  // <= 0 is "penetrating" (btPointCollector.h: negative means penetration)
  return wrong;
}

}  // namespace

int main() {
  // The initial direction (1, 0, 0) is btSoftBody's (btSoftBodyInternals.h); (0, 0, 1) points from A to B.
  const int first = check("1. aligned", 0, 0x1p-14, btVector3(1, 0, 0));        // gap 2^-14 = 6.1e-5
  const int second = check("2. shifted", 0.25f, 0x1.8p-14, btVector3(0, 0, 1));  // gap 3 * 2^-15 = 9.2e-5
  if (first < 0 || second < 0) return 2;
  if (first + second > 0) {
    std::printf("BUG PRESENT: %d answers call separated cubes penetrating\n", first + second);
    return 1;
  }
  std::printf("fixed: every answer sees the gap\n");
  return 0;
}
