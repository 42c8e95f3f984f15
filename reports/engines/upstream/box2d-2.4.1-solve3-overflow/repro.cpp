// Box2D 2.4.1 (Debian libbox2d 2.4.1-3): b2Simplex::Solve3 overflows for simplices of size ~2^32.
// Standalone: only Box2D's public API. Build: c++ repro.cpp -lbox2d && ./a.out
// Exit 1 while the bug is present (NaN, or a witness point off the shapes), 0 once fixed.
#include <box2d/box2d.h>
#include <box2d/b2_distance.h>  // b2Distance, b2DistanceProxy (not included by box2d.h in 2.4.1)

#include <cmath>
#include <cstdio>

static float cross(b2Vec2 a, b2Vec2 b) { return a.x * b.y - a.y * b.x; }

struct Case {
  const char* name;
  b2Vec2 positionA, positionB;
  b2Vec2 a[1];
  b2Vec2 b[3];
  double scale;  // S: the largest coordinate, for the tolerance 64 u = S * 2^-18
};

static int check(const Case& c) {
  b2DistanceInput input;
  input.proxyA.Set(c.a, 1, 0.0f);
  input.proxyB.Set(c.b, 3, 0.0f);
  input.transformA.Set(c.positionA, 0.0f);
  input.transformB.Set(c.positionB, 0.0f);
  input.useRadii = true;
  b2SimplexCache cache;
  cache.count = 0;
  b2DistanceOutput out;
  b2Distance(&out, &cache, &input);

  // Exact answer (gjkcheck oracle): the point A lies inside the triangle B, distance 0, and the merged
  // witness point of an overlap must lie on a shape; A's only point is positionA.
  const b2Vec2 pointOfA = c.positionA;
  std::printf("%s: point (%.9g, %.9g) inside triangle (%.9g, %.9g) (%.9g, %.9g) (%.9g, %.9g) at (%.9g, %.9g)\n", c.name,
              pointOfA.x, pointOfA.y, c.b[0].x, c.b[0].y, c.b[1].x, c.b[1].y, c.b[2].x, c.b[2].y, c.positionB.x,
              c.positionB.y);
  std::printf("  Box2D 2.4.1 b2Distance: distance %.9g, pointA (%.9g, %.9g), pointB (%.9g, %.9g), simplex count %d\n",
              out.distance, out.pointA.x, out.pointA.y, out.pointB.x, out.pointB.y, int(cache.count));
  std::printf("  exact:                  distance 0 (overlapping), a merged witness point on the shapes, e.g. (%.9g, %.9g)\n",
              pointOfA.x, pointOfA.y);

  // What Solve3 computes (b2_distance.cpp:382-386, 447), in the same float arithmetic on the simplex the
  // engine returned in its cache: each d123_i is n123 * cross(wj, wk), a product of two areas.
  if (cache.count == 3) {
    b2Vec2 w[3], wA[3];
    for (int i = 0; i < 3; ++i) {
      wA[i] = b2Mul(input.transformA, c.a[cache.indexA[i]]);
      w[i] = b2Mul(input.transformB, c.b[cache.indexB[i]]) - wA[i];
    }
    const float n123 = cross(w[1] - w[0], w[2] - w[0]);
    const float c1 = cross(w[1], w[2]), c2 = cross(w[2], w[0]), c3 = cross(w[0], w[1]);
    std::printf("  Solve3: n123 = %.9g, d123 = n123 * (%.9g, %.9g, %.9g) = (%.9g, %.9g, %.9g), sum %.9g (FLT_MAX 3.4e38)\n",
                n123, c1, c2, c3, n123 * c1, n123 * c2, n123 * c3, n123 * c1 + n123 * c2 + n123 * c3);
    // The fixed step (our own arithmetic, not Box2D's code): the barycentric coordinates are the ratios
    // cross(wj, wk) / n123, areas of the same order as the coordinates squared, which stay finite.
    const float a1 = c1 / n123, a2 = c2 / n123, a3 = c3 / n123;
    const b2Vec2 p = a1 * wA[0] + a2 * wA[1] + a3 * wA[2];
    std::printf("  fixed step: a = cross/n123 = (%.9g, %.9g, %.9g), merged witness point (%.9g, %.9g)\n", a1, a2, a3, p.x, p.y);
  }

  const double tolerance = c.scale * 0x1p-18;  // 64 u of gjkcheck
  const bool finite = std::isfinite(out.distance) && std::isfinite(out.pointA.x) && std::isfinite(out.pointA.y) &&
                      std::isfinite(out.pointB.x) && std::isfinite(out.pointB.y);
  if (!finite) {
    std::printf("  BUG: non-finite answer for finite input\n");
    return 1;
  }
  const double off = std::hypot(double(out.pointA.x) - pointOfA.x, double(out.pointA.y) - pointOfA.y);
  if (out.distance != 0.0f || off > tolerance) {
    std::printf("  BUG: distance %.9g, witness point %.9g from shape A (tolerance %.9g)\n", out.distance, off, tolerance);
    return 1;
  }
  std::printf("  ok\n");
  return 0;
}

int main() {
  const float s = 0x1p+33f, t = 0x1p+31f;
  const Case nanCase = {"case.case", b2Vec2(0.0f, 0.0f), b2Vec2(0.0f, 0.0f), {b2Vec2(0.0f, 0.0f)},
                        {b2Vec2(-s, -s), b2Vec2(s, -s), b2Vec2(0.0f, s)}, 0x1p+33};
  const Case witnessCase = {"case-witness.case", b2Vec2(0x1p+34f, 0.0f), b2Vec2(0x1p+34f, 0.0f), {b2Vec2(0.0f, 0.0f)},
                            {b2Vec2(-t, -t), b2Vec2(t, -t), b2Vec2(0.0f, t)}, 0x1p+34 + 0x1p+31};
  const int failures = check(nanCase) + check(witnessCase);
  std::printf("%s\n", failures ? "bug present (exit 1)" : "fixed (exit 0)");
  return failures ? 1 : 0;
}
