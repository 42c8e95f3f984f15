// Bullet 3.24 (float): btGjkEpaSolver2 returns results.normal in shape 0's local frame, while its witness points
// are in the world frame. A cube turned 120 degrees about its diagonal (a rotation that maps the cube onto itself)
// gets the same world witnesses as the unturned cube, and a normal with its components cyclically permuted.
// g++ -std=c++17 repro.cpp $(pkg-config --cflags --libs bullet) && ./a.out
// Exit 1 while the bug is present, 0 once fixed, 2 on the reproducer's own errors.
#include <cmath>
#include <cstdio>

#include "BulletCollision/CollisionShapes/btConvexHullShape.h"
#include "BulletCollision/NarrowPhaseCollision/btGjkEpa2.h"

namespace {

// A unit cube as a hull of its 8 corners, margin 0 (the hull itself).
void makeCube(btConvexHullShape& cube) {
  for (int i = 0; i < 8; ++i) {
    cube.addPoint(btVector3(i & 1 ? 0.5f : -0.5f, i & 2 ? 0.5f : -0.5f, i & 4 ? 0.5f : -0.5f), false);
  }
  cube.recalcLocalAabb();
  cube.setMargin(0);
}

void print(const char* what, const btVector3& v) {
  std::printf("%s (%.6g, %.6g, %.6g)", what, double(v.x()), double(v.y()), double(v.z()));
}

// Whether `normal` is the unit vector along `axis` (either sign: the check is about the frame, not the sign).
bool along(const btVector3& normal, const btVector3& axis) { return std::fabs(std::fabs(normal.dot(axis)) - 1) < 1e-4f; }

// One query of each kind on cube A (rotation `turn`, at the origin) and cube B (no rotation, at `positionB`), whose
// exact answer lies along `axis` in the world. Returns how many normals are not along it, or -1 when Bullet answers
// something other than this reproducer expects.
int check(const char* title, const btQuaternion& turn, const btVector3& positionB, const btVector3& axis) {
  btConvexHullShape a, b;
  makeCube(a);
  makeCube(b);
  const btTransform ta(turn, btVector3(0, 0, 0));
  const btTransform tb(btQuaternion::getIdentity(), positionB);
  std::printf("%s: A rotation (x %g, y %g, z %g, w %g), B at (%g, %g, %g); exact normal along (%g, %g, %g)\n", title,
              double(turn.x()), double(turn.y()), double(turn.z()), double(turn.w()), double(positionB.x()),
              double(positionB.y()), double(positionB.z()), double(axis.x()), double(axis.y()), double(axis.z()));
  int wrong = 0;
  btGjkEpaSolver2::sResults r;
  const btVector3 guess(1, 0, 0);  // btSoftBody's initial direction (btSoftBodyInternals.h)
  const bool penetrating = positionB.length() < 1;
  const bool answered = penetrating ? btGjkEpaSolver2::Penetration(&a, ta, &b, tb, guess, r)
                                    : btGjkEpaSolver2::Distance(&a, ta, &b, tb, guess, r);
  if (!answered) {
    std::printf("  no answer (status %d)\n", int(r.status));
    return -1;
  }
  std::printf("  btGjkEpaSolver2::%s: distance %.6g,", penetrating ? "Penetration" : "Distance", double(r.distance));
  print(" witnesses", r.witnesses[0]);
  print(" and", r.witnesses[1]);
  print(", normal", r.normal);
  const bool right = along(r.normal, axis);
  std::printf(" -> normal %s\n", right ? "along the exact axis" : "NOT along the exact axis");
  if (!right) ++wrong;
  const btVector3 turned = ta.getBasis() * r.normal;
  print("  the same normal turned by A's rotation:", turned);
  std::printf(" -> %s\n", along(turned, axis) ? "along the exact axis" : "not along it either");
  return wrong;
}

}  // namespace

int main() {
  // (1/2, 1/2, 1/2, 1/2): 120 degrees about (1, 1, 1), x -> y -> z -> x; the cube is mapped onto itself, so both
  // placements of A are the same set of points and every answer should be the same.
  const btQuaternion identity = btQuaternion::getIdentity();
  const btQuaternion turn(0.5f, 0.5f, 0.5f, 0.5f);
  const btVector3 x(1, 0, 0);
  int results[4];
  results[0] = check("1. penetration, A unturned", identity, btVector3(0.875f, 0.125f, 0.25f), x);
  results[1] = check("2. penetration, A turned  ", turn, btVector3(0.875f, 0.125f, 0.25f), x);
  results[2] = check("3. distance, A unturned   ", identity, btVector3(1.25f, 0.125f, 0.25f), x);
  results[3] = check("4. distance, A turned     ", turn, btVector3(1.25f, 0.125f, 0.25f), x);
  int wrong = 0;
  for (int result : results) {
    if (result < 0) return 2;
    wrong += result;
  }
  if (wrong > 0) {
    std::printf("BUG PRESENT: %d of 4 normals are not along the exact axis (in A's local frame)\n", wrong);
    return 1;
  }
  std::printf("fixed: every normal is in the world frame\n");
  return 0;
}
