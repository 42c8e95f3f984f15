// Box2D 2.4.1 (Debian libbox2d 2.4.1-3): b2ShapeCast stops as soon as its current simplex comes within
// sigma + 0.5 * b2_linearSlop of the origin and returns that simplex point's direction as the normal. The
// simplex need not hold the closest features: a 1 cm ball dropped onto a 2 m box, 7 mm from its corner,
// gets the normal (-0.56, 0.83) (34 degrees off) instead of the face normal (0, 1).
// Standalone: only Box2D's public API. Build: c++ repro.cpp -lbox2d && ./a.out
// Exit 1 while the bug is present (normal more than 1e-3 rad off), 0 once fixed.
#include <box2d/box2d.h>
#include <box2d/b2_distance.h>  // b2ShapeCast, b2Distance, b2DistanceProxy (not included by box2d.h in 2.4.1)

#include <cmath>
#include <cstdio>

int main() {
  // A: the 2 m x 2 m box b2PolygonShape::SetAsBox(1, 1) makes (skin b2_polygonRadius = 0.01 m), at the
  // origin. B: a ball of radius 0.01 m (b2CircleShape), centre at (1 - 7/1024, 5), dropped by (0, -5).
  b2PolygonShape box;
  box.SetAsBox(1.0f, 1.0f);
  b2CircleShape ball;
  ball.m_radius = b2_polygonRadius;
  ball.m_p.SetZero();

  b2ShapeCastInput input;
  input.proxyA.Set(&box, 0);
  input.proxyB.Set(&ball, 0);
  input.transformA.Set(b2Vec2(0.0f, 0.0f), 0.0f);
  input.transformB.Set(b2Vec2(1.0f - 7.0f / 1024.0f, 5.0f), 0.0f);  // x = 0x1.fc8p-1 = 0.9931640625
  input.translationB.Set(0.0f, -5.0f);
  b2ShapeCastOutput out;
  const bool hit = b2ShapeCast(&out, &input);

  std::printf("2 m box (SetAsBox(1, 1)) at the origin; 1 cm ball at (0.9931640625, 5) cast by (0, -5)\n");
  std::printf("  Box2D 2.4.1 b2ShapeCast: hit %d, lambda %.9g, normal (%.9g, %.9g), point (%.9g, %.9g), iterations %d\n",
              int(hit), out.lambda, out.normal.x, out.normal.y, out.point.x, out.point.y, int(out.iterations));
  // Exact (gjkcheck oracle case.case, with the engine's band): the ball's centre lies above the top face
  // (x in [-1, 1]) all the way down, so the closest features are the face y = 1 and the centre, and the
  // normal at any pose of the cast is the face normal (0, 1); lambda in [0.7975, 0.798] (core gap in
  // [sigma, sigma + 0.0025] = [0.01, 0.0125]).
  std::printf("  exact:                   lambda in [0.7975, 0.798], normal (0, 1) (the top face's)\n");

  // What the closest points at the engine's own pose say (b2Distance, converged GJK): the fix's normal.
  b2DistanceInput d;
  d.proxyA = input.proxyA;
  d.proxyB = input.proxyB;
  d.transformA = input.transformA;
  d.transformB.Set(input.transformB.p + out.lambda * input.translationB, 0.0f);
  d.useRadii = false;
  b2SimplexCache cache;
  cache.count = 0;
  b2DistanceOutput closest;
  b2Distance(&closest, &cache, &d);
  b2Vec2 n = closest.pointB - closest.pointA;
  n.Normalize();
  std::printf("  b2Distance at that pose: core distance %.9g, normal (%.9g, %.9g)\n", closest.distance, n.x, n.y);

  const double angle = std::atan2(std::fabs(out.normal.x), out.normal.y);  // angle from (0, 1)
  std::printf("  normal error: %.6g rad (%.3g degrees)\n", angle, angle * 180.0 / 3.14159265358979);
  if (!hit || angle > 1e-3) {
    std::printf("BUG PRESENT: the shape cast's normal is not the closest features' direction\n");
    return 1;
  }
  std::printf("fixed: the normal is the face normal\n");
  return 0;
}
