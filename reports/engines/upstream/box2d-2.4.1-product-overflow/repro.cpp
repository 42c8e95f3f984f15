// Box2D 2.4.1 (Debian libbox2d 2.4.1-3): b2Distance squares coordinates in float (lengths, support values).
// Standalone: only Box2D's public API. Build: c++ repro.cpp -lbox2d && ./a.out
// Exit 1 while the bug is present (an infinite distance, a positive distance for touching shapes), 0 once fixed.
#include <box2d/box2d.h>
#include <box2d/b2_distance.h>  // b2Distance, b2DistanceProxy (not included by box2d.h in 2.4.1)

#include <cmath>
#include <cstdio>

static b2DistanceOutput distance(const b2Vec2* a, int na, const b2Vec2* b, int nb) {
  b2DistanceInput input;
  input.proxyA.Set(a, na, 0.0f);
  input.proxyB.Set(b, nb, 0.0f);
  input.transformA.SetIdentity();
  input.transformB.SetIdentity();
  input.useRadii = true;
  b2SimplexCache cache;
  cache.count = 0;
  b2DistanceOutput output;
  b2Distance(&output, &cache, &input);
  return output;
}

int main() {
  int failures = 0;

  // 1. case.case: two points 2^64 apart. The distance is a float (0x1p+64), its square is not.
  {
    const b2Vec2 a[1] = {b2Vec2(0.0f, 0.0f)};
    const b2Vec2 b[1] = {b2Vec2(0x1p+64f, 0.0f)};
    const double exact = 0x1p+64;  // gjkcheck oracle case.case: 18446744073709551616
    b2DistanceOutput out = distance(a, 1, b, 1);
    std::printf("case.case: point (0, 0) and point (0x1p+64, 0)\n");
    std::printf("  Box2D 2.4.1 b2Distance: distance %.9g, pointA (%.9g, %.9g), pointB (%.9g, %.9g)\n", out.distance,
                out.pointA.x, out.pointA.y, out.pointB.x, out.pointB.y);
    std::printf("  exact:                  distance %a (%.17g)\n", exact, exact);
    // b2Vec2::Length (b2_math.h:91) is sqrt(x*x + y*y): x*x = 2^128 overflows float. The fixed step (our own
    // arithmetic): scale by the larger component first, m * sqrt((x/m)^2 + (y/m)^2).
    const b2Vec2 c = out.pointB - out.pointA;
    const float m = std::fmax(std::fabs(c.x), std::fabs(c.y));
    const float fixed = m * std::sqrt((c.x / m) * (c.x / m) + (c.y / m) * (c.y / m));
    std::printf("  x*x in float = %.9g; fixed step (scaled length of pointB - pointA): %.9g\n", c.x * c.x, fixed);
    if (!std::isfinite(out.distance) || std::fabs(double(out.distance) - exact) > exact * 0x1p-18) {
      std::printf("  BUG: distance %.9g for two points 2^64 apart\n", out.distance);
      ++failures;
    }
  }

  // 2. case-separation.case: a point on the bottom edge of a triangle far from the origin (touching).
  {
    const b2Vec2 a[1] = {b2Vec2(0.0f, 0x1p+66f)};
    const b2Vec2 b[3] = {b2Vec2(0.0f, 0x1.2p+66f), b2Vec2(0x1p+62f, 0x1p+66f), b2Vec2(-0x1p+62f, 0x1p+66f)};
    const double scale = 0x1.2p+66;  // S, the largest coordinate; gjkcheck's tolerance 64 u = S * 2^-18
    b2DistanceOutput out = distance(a, 1, b, 3);
    std::printf("case-separation.case: point (0, 0x1p+66) on the edge (+-0x1p+62, 0x1p+66) of triangle with apex (0, 0x1.2p+66)\n");
    std::printf("  Box2D 2.4.1 b2Distance: distance %.9g, pointA (%.9g, %.9g), pointB (%.9g, %.9g), iterations %d\n",
                out.distance, out.pointA.x, out.pointA.y, out.pointB.x, out.pointB.y, out.iterations);
    std::printf("  exact:                  distance 0 (touching: the point lies on B's edge y = 0x1p+66)\n");
    // The first simplex vertex is w = (0, 2^63); GetSupport (b2_distance.h:140-147) ranks B's vertices by
    // dot(v, d) with d = -w = (0, -2^63): every value is about -2^129 = -inf, none is greater than vertex 0's,
    // so vertex 0 (the apex) is kept, found again, and the loop stops on the "duplicate".
    const b2Vec2 d(0.0f, -0x1p+63f);
    std::printf("  support values dot(v, d), d = (0, -2^63): %.9g %.9g %.9g\n", b2Dot(b[0], d), b2Dot(b[1], d), b2Dot(b[2], d));
    // The fixed step (our own arithmetic): rank by a unit direction; the values are then coordinates.
    const b2Vec2 u(0.0f, -1.0f);
    std::printf("  fixed step (unit direction (0, -1)): %.9g %.9g %.9g -> the support is vertex 1, on the edge\n",
                b2Dot(b[0], u), b2Dot(b[1], u), b2Dot(b[2], u));
    if (!(std::fabs(double(out.distance)) <= scale * 0x1p-18)) {
      std::printf("  BUG: distance %.9g for touching shapes (tolerance %.9g): a false separation\n", out.distance,
                  scale * 0x1p-18);
      ++failures;
    }
  }

  std::printf("%s\n", failures ? "bug present (exit 1)" : "fixed (exit 0)");
  return failures ? 1 : 0;
}
