// Bullet 3.24: btGjkEpaSolver2's GJK stops when a support point equals one of its last four, even one it has
// already dropped from the simplex: two touching hulls (integer vertices) are reported 0.349 apart, in float and
// in double.
// Float library:  g++ -std=c++17 repro.cpp $(pkg-config --cflags --libs bullet) && ./a.out
// Double library: g++ -std=c++17 repro_f64.cpp $(pkg-config --cflags --libs bullet-float64) && ./a.out
// Exit 1 while the bug is present, 0 once fixed, 2 on the reproducer's own errors.
#include <cmath>
#include <cstdio>

#include "BulletCollision/CollisionShapes/btConvexHullShape.h"
#include "BulletCollision/NarrowPhaseCollision/btGjkEpa2.h"

#ifdef BT_USE_DOUBLE_PRECISION
static const char* LIBRARY = "double (bullet-float64)";
#else
static const char* LIBRARY = "float (bullet)";
#endif

namespace {

// The support point of A - B in direction d (both shapes at the origin, unrotated, margins 0).
btVector3 support(const btConvexHullShape& a, const btConvexHullShape& b, const btVector3& d) {
  return a.localGetSupportingVertexWithoutMargin(d) - b.localGetSupportingVertexWithoutMargin(-d);
}

const char* statusName(btGjkEpaSolver2::sResults::eStatus status) {
  switch (status) {
    case btGjkEpaSolver2::sResults::Separated: return "Separated";
    case btGjkEpaSolver2::sResults::Penetrating: return "Penetrating";
    case btGjkEpaSolver2::sResults::GJK_Failed: return "GJK_Failed";
    case btGjkEpaSolver2::sResults::EPA_Failed: return "EPA_Failed";
  }
  return "?";
}

void print(const char* label, const btVector3& v) {
  std::printf("%s(%.9g, %.9g, %.9g)", label, double(v.x()), double(v.y()), double(v.z()));
}

}  // namespace

int main() {
  // A: a tetrahedron with a vertex at the origin. B: a triangle with an edge from (-1, 0, 0) to (1, 0, 0), through
  // that vertex: the shapes touch at the origin (exact distance 0).
  btConvexHullShape a;
  a.addPoint(btVector3(-3, -2, -1), false);
  a.addPoint(btVector3(4, 3, 0), false);
  a.addPoint(btVector3(0, 0, 0), false);
  a.addPoint(btVector3(-4, 2, -1), false);
  btConvexHullShape b;
  b.addPoint(btVector3(1, 0, 0), false);
  b.addPoint(btVector3(4, -2, 0), false);
  b.addPoint(btVector3(-1, 0, 0), false);
  a.recalcLocalAabb();
  b.recalcLocalAabb();
  a.setMargin(0);
  b.setMargin(0);

  const btVector3 guess(1, 0, 0);  // btSoftBody's initial direction (btSoftBodyInternals.h)
  btGjkEpaSolver2::sResults r;
  const bool ok = btGjkEpaSolver2::SignedDistance(&a, btTransform::getIdentity(), &b, btTransform::getIdentity(),
                                                  guess, r);
  if (!ok) {
    std::printf("SignedDistance returned false (status %s)\n", statusName(r.status));
    return 2;
  }
  std::printf("Bullet 3.24, %s: btGjkEpaSolver2::SignedDistance, tetrahedron vs triangle touching at the origin\n",
              LIBRARY);
  std::printf("  Bullet:   distance %.9g, status %s, ", double(r.distance), statusName(r.status));
  print("witnesses ", r.witnesses[0]);
  print(" and ", r.witnesses[1]);
  std::printf("\n  expected: distance 0 (A's vertex (0, 0, 0) lies on B's edge (-1, 0, 0)-(1, 0, 0))\n");

  if (std::fabs(double(r.distance)) <= 1e-6) {
    std::printf("fixed: distance 0 within 1e-6\n");
    return 0;
  }
  // Why GJK stopped: its closest vector v = witnesses[0] - witnesses[1]. The support point in -v is the very first
  // support point GJK took (in -guess), which it had dropped from its simplex since; that point lies far beyond the
  // origin along -v, so v is not converged, but GJK's duplicate test sees an old point and stops.
  const btVector3 v = r.witnesses[0] - r.witnesses[1];
  const btVector3 next = support(a, b, -v);
  const btVector3 first = support(a, b, -guess);
  print("  GJK's closest vector v = ", v);
  print("\n  support of A - B in -v: ", next);
  print(", GJK's first support point (in -guess): ", first);
  std::printf("\n  v.w / |v| = %.9g, far below |v| = %.9g: the support plane does not separate,\n"
              "  GJK had not converged\n",
              double(v.dot(next) / v.length()), double(v.length()));

  std::printf("BUG PRESENT: touching shapes reported %.9g apart\n", double(r.distance));
  return 1;
}
