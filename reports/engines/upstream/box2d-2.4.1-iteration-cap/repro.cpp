// Box2D 2.4.1 (Debian libbox2d 2.4.1-3): b2Distance cycles on a collinear vertex cloud and reports an overlap
// when it reaches its iteration cap. Standalone: only Box2D's public API. Build: c++ repro.cpp -lbox2d && ./a.out
// Exit 1 while the bug is present (distance 0 for shapes 0.63 m apart), 0 once fixed.
#include <box2d/box2d.h>
#include <box2d/b2_distance.h>  // b2Distance, b2DistanceProxy (not included by box2d.h in 2.4.1)

#include <cmath>
#include <cstdio>

int main() {
  // A: four collinear points (a 5.6 m segment given as a vertex cloud), rotated by 45 degrees;
  // B: a point at (-2, 0). b2DistanceProxy::Set takes "a vertex cloud" (b2_distance.h).
  const b2Vec2 a[4] = {b2Vec2(-0.5f, 0.25f), b2Vec2(2.5f, -1.25f), b2Vec2(-1.5f, 0.75f), b2Vec2(-2.5f, 1.25f)};
  const b2Vec2 b[1] = {b2Vec2(0.0f, 0.0f)};
  b2DistanceInput input;
  input.proxyA.Set(a, 4, 0.0f);
  input.proxyB.Set(b, 1, 0.0f);
  // The rotation b2Rot(0.25f * b2_pi) makes with glibc's sinf/cosf, written out so that the case is exact
  // on every platform (case.case has the same pair).
  input.transformA.p.Set(0.0f, 0.0f);
  input.transformA.q.c = 0x1.6a09e6p-1f;
  input.transformA.q.s = 0x1.6a09e6p-1f;
  input.transformB.Set(b2Vec2(-2.0f, 0.0f), 0.0f);
  input.useRadii = true;
  const b2Rot fromAngle(0.25f * b2_pi);
  std::printf("rotation used (c, s) = (%a, %a); b2Rot(0.25f * b2_pi) here = (%a, %a)\n", input.transformA.q.c,
              input.transformA.q.s, fromAngle.c, fromAngle.s);

  b2SimplexCache cache;
  cache.count = 0;
  b2DistanceOutput out;
  b2Distance(&out, &cache, &input);

  const double exact = std::sqrt(0.4);  // gjkcheck oracle case.case: sqrt(2/5) = 0.6324555320336758664
  std::printf("segment of 4 collinear points (-0.5, 0.25) (2.5, -1.25) (-1.5, 0.75) (-2.5, 1.25) rotated 45 deg; point (-2, 0)\n");
  std::printf("  Box2D 2.4.1 b2Distance: distance %.9g, pointA (%.9g, %.9g), pointB (%.9g, %.9g), iterations %d, simplex count %d:",
              out.distance, out.pointA.x, out.pointA.y, out.pointB.x, out.pointB.y, out.iterations, int(cache.count));
  for (int i = 0; i < cache.count; ++i) std::printf(" (A%d, B%d)", int(cache.indexA[i]), int(cache.indexB[i]));
  std::printf("\n  exact:                  distance %.17g (sqrt(2/5)), closest point of A (-1.8, -0.6)\n", exact);

  // The fixed step (our own arithmetic, not Box2D's code): the loop ended at its cap (20 support calls) right
  // after adding a third vertex that was never solved. Dropping it leaves the solved edge of the first two
  // cache vertices; the distance from B's point to that edge is the answer.
  if (cache.count == 3) {
    const b2Vec2 p = b2Mul(input.transformB, b[cache.indexB[0]]);
    const b2Vec2 e0 = b2Mul(input.transformA, a[cache.indexA[0]]);
    const b2Vec2 e1 = b2Mul(input.transformA, a[cache.indexA[1]]);
    const b2Vec2 e = e1 - e0;
    float t = b2Dot(p - e0, e) / b2Dot(e, e);
    t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
    const b2Vec2 q = e0 + t * e;
    std::printf("  fixed step (drop the unsolved third vertex, keep edge A%d-A%d): distance %.9g, pointA (%.9g, %.9g)\n",
                int(cache.indexA[0]), int(cache.indexA[1]), b2Distance(p, q), q.x, q.y);
  }

  const double tolerance = 2.65165038 * 0x1p-18;  // 64 u of gjkcheck, S = 2.65 (the largest coordinate)
  if (!(std::fabs(double(out.distance) - exact) <= tolerance)) {
    std::printf("  BUG: distance %.9g for shapes %.9g apart (tolerance %.3g)\n", out.distance, exact, tolerance);
    std::printf("bug present (exit 1)\n");
    return 1;
  }
  std::printf("fixed (exit 0)\n");
  return 0;
}
