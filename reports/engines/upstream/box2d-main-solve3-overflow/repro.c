/* Box2D main (617d32ab): b2ShapeDistance returns NaN witness points for overlapping shapes whose simplex
 * triangle spans about 2^32 m: the barycentric numerators of b2SolveSimplex3, n123 * b2Cross(w_j, w_k),
 * are products of two areas (fourth power of the size) and overflow float (src/distance.c:346-350 at
 * 617d32ab); 1 / (inf + inf + finite) = 0 and inf * 0 = NaN in the weights (:411-414), which make the
 * witness points (:235, :503). Box2D v3.1.1 is the same (src/distance.c:343-347, :408-411).
 *
 * A is the point (0, 0); B the triangle (-2^32, -1), (2^32, -1), (0, 2^32), which contains it (1 m above
 * its bottom edge). The triangle of half the size gives finite weights. The reproducer also prints the
 * weights with n123 replaced by its sign (the weights are ratios, n123 cancels): labelled "fixed step".
 * Exits 1 while the answer has a NaN or an infinity, 0 once it is finite.
 *
 * Build against Box2D main built with Box2D's own CMake, e.g.
 *   cc -std=c17 repro.c -I box2d/include box2d/build/src/libbox2d.so -Wl,-rpath,box2d/build/src -lm -o repro */
#include <math.h>
#include <stdio.h>

#include "box2d/collision.h"
#include "box2d/math_functions.h"

int main(void) {
  float L = 0x1p32f;
  b2Vec2 a[1] = {{0.0f, 0.0f}};
  b2Vec2 b[3] = {{-L, -1.0f}, {L, -1.0f}, {0.0f, L}};
  b2DistanceInput input = {0};
  input.proxyA = b2MakeProxy(a, 1, 0.0f);
  input.proxyB = b2MakeProxy(b, 3, 0.0f);
  input.transform = b2Transform_identity; /* main's API: B in A's frame */
  input.useRadii = true;
  b2SimplexCache cache = {0};
  b2DistanceOutput o = b2ShapeDistance(&input, &cache, NULL, 0);

  printf("b2ShapeDistance: distance %.9g, pointA (%.9g, %.9g), pointB (%.9g, %.9g), iterations %d, simplex (cache) count %d\n",
         o.distance, o.pointA.x, o.pointA.y, o.pointB.x, o.pointB.y, o.iterations, cache.count);
  printf("exact: overlapping (the point (0, 0) is inside B, 1 m above its bottom edge), distance 0; (0, 0) is a witness point on both shapes\n");

  /* The final simplex, w = wA - wB for B's vertices 0, 1, 2 (the order GJK adds them in). */
  b2Vec2 w1 = b2Sub(a[0], b[0]), w2 = b2Sub(a[0], b[1]), w3 = b2Sub(a[0], b[2]);
  float n123 = b2Cross(b2Sub(w2, w1), b2Sub(w3, w1));
  float c1 = b2Cross(w2, w3), c2 = b2Cross(w3, w1), c3 = b2Cross(w1, w2);
  float d1 = n123 * c1, d2 = n123 * c2, d3 = n123 * c3; /* src/distance.c:348-350 */
  float inv = 1.0f / (d1 + d2 + d3);
  printf("Box2D's step: n123 = %.9g, d123 = (%.9g, %.9g, %.9g), weights (%.9g, %.9g, %.9g)\n", n123, d1, d2, d3,
         d1 * inv, d2 * inv, d3 * inv);
  float s = (float)((n123 > 0.0f) - (n123 < 0.0f));
  float f1 = s * c1, f2 = s * c2, f3 = s * c3, finv = 1.0f / (f1 + f2 + f3);
  float a1 = f1 * finv, a2 = f2 * finv, a3 = f3 * finv;
  b2Vec2 pA = {a1 * a[0].x + a2 * a[0].x + a3 * a[0].x, a1 * a[0].y + a2 * a[0].y + a3 * a[0].y};
  b2Vec2 pB = {a1 * b[0].x + a2 * b[1].x + a3 * b[2].x, a1 * b[0].y + a2 * b[1].y + a3 * b[2].y};
  printf("fixed step (sign of n123 instead of n123): weights (%.9g, %.9g, %.9g), witness on A (%.9g, %.9g), on B (%.9g, %.9g)\n",
         a1, a2, a3, pA.x, pA.y, pB.x, pB.y);

  if (!isfinite(o.distance) || !isfinite(o.pointA.x) || !isfinite(o.pointA.y) || !isfinite(o.pointB.x) ||
      !isfinite(o.pointB.y)) {
    printf("BUG: non-finite witness points for finite input\n");
    return 1;
  }
  printf("fixed: the answer is finite\n");
  return 0;
}
