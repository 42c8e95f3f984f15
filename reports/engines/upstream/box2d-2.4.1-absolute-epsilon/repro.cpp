// Box2D 2.4.1 (Debian libbox2d 2.4.1-3): b2Distance's absolute FLT_EPSILON tests.
// Standalone: only Box2D's public API. Build: c++ repro.cpp -lbox2d && ./a.out
// Exit 1 while the bug is present, 0 once b2Distance answers both cases within the tolerance below.
#include <box2d/box2d.h>
#include <box2d/b2_distance.h>  // b2Distance, b2DistanceProxy (not included by box2d.h in 2.4.1)

#include <cfloat>
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

  // 1. case.case: two points 2^-24 apart.
  {
    const b2Vec2 a[1] = {b2Vec2(0.0f, 0.0f)};
    const b2Vec2 b[1] = {b2Vec2(0x1p-24f, 0.0f)};
    const double exact = 0x1p-24;  // gjkcheck oracle case.case: 5.9604644775390625e-8
    b2DistanceOutput out = distance(a, 1, b, 1);
    std::printf("case.case: point (0, 0) and point (0x1p-24, 0)\n");
    std::printf("  Box2D 2.4.1 b2Distance: distance %a (%.9g), pointA (%.9g, %.9g), pointB (%.9g, %.9g), iterations %d\n",
                out.distance, out.distance, out.pointA.x, out.pointA.y, out.pointB.x, out.pointB.y, out.iterations);
    std::printf("  exact:                  distance %a (%.17g)\n", exact, exact);
    // The fixed step (our own arithmetic, not Box2D's code): judge "too close" relative to the size of the
    // coordinates involved instead of against the absolute FLT_EPSILON. Here |w| = 2^-24 and the largest
    // coordinate is 2^-24, so the relative test does not call the points coincident and the answer is |w|.
    const float w = b[0].x - a[0].x;
    const float relative = FLT_EPSILON * std::fmax(std::fabs(a[0].x), std::fabs(b[0].x));
    std::printf("  b2_distance.cpp:518 tests |d|^2 = %.9g < FLT_EPSILON^2 = %.9g -> stops, :578 tests %.9g > FLT_EPSILON -> false: distance 0\n",
                double(w) * w, double(FLT_EPSILON) * FLT_EPSILON, double(w));
    std::printf("  fixed step (tolerance FLT_EPSILON * max|coordinate| = %.9g): %.9g > tolerance -> distance %.9g\n",
                double(relative), double(w), double(w));
    if (!(out.distance > 0.0f)) {
      std::printf("  BUG: distance 0 for two points 2^-24 apart (a false overlap)\n");
      ++failures;
    }
  }

  // 2. case-distance.case: a point and a small triangle; the first simplex edge is shorter than FLT_EPSILON.
  {
    const b2Vec2 a[1] = {b2Vec2(0.0f, 0.0f)};
    const b2Vec2 b[3] = {b2Vec2(0x1p-22f, 0.0f), b2Vec2(0x1.ep-23f, 0x1.8p-24f), b2Vec2(0x1.ep-23f, -0x1.8p-24f)};
    const double exact = 0x1.ep-23;  // gjkcheck oracle case-distance.case: 2.2351741790771484375e-7
    // Tolerance: 64 u with u = S * 2^-24, S = 2^-22 the largest coordinate (gjkcheck's threshold): 2^-40.
    const double tolerance = 0x1p-40;
    b2DistanceOutput out = distance(a, 1, b, 3);
    std::printf("case-distance.case: point (0, 0) and triangle (0x1p-22, 0) (0x1.ep-23, 0x1.8p-24) (0x1.ep-23, -0x1.8p-24)\n");
    std::printf("  Box2D 2.4.1 b2Distance: distance %a (%.9g), pointB (%.9g, %.9g), iterations %d\n", out.distance,
                out.distance, out.pointB.x, out.pointB.y, out.iterations);
    std::printf("  exact:                  distance %a (%.17g), closest point on B (%.17g, 0)\n", exact, exact, exact);
    const float ex = b[1].x - b[0].x, ey = b[1].y - b[0].y;
    std::printf("  the simplex edge (0x1p-22, 0)-(0x1.ep-23, 0x1.8p-24) has length %.9g < FLT_EPSILON = %.9g:\n"
                "  b2_distance.cpp:518 takes that as 'origin on the simplex' and stops before the support call that\n"
                "  would find the nearer edge x = 0x1.ep-23\n",
                std::sqrt(double(ex) * ex + double(ey) * ey), double(FLT_EPSILON));
    std::printf("  fixed step: with a tolerance relative to the coordinates (FLT_EPSILON * 2^-22 = %.9g) the loop goes on\n",
                double(FLT_EPSILON) * 0x1p-22);
    if (!(std::fabs(double(out.distance) - exact) <= tolerance)) {
      std::printf("  BUG: distance error %.9g > tolerance %.9g\n", std::fabs(double(out.distance) - exact), tolerance);
      ++failures;
    }
  }

  std::printf("%s\n", failures ? "bug present (exit 1)" : "fixed (exit 0)");
  return failures ? 1 : 0;
}
