/* Box2D main (617d32ab): b2ShapeDistance answers an infinite distance for shapes 2^64 m (1.8e19 m) apart,
 * a distance float holds exactly: b2Distance (include/box2d/math_functions.h:331-336 at 617d32ab)
 * computes sqrtf(dx * dx + dy * dy), and dx * dx = 2^128 overflows (src/distance.c:589 calls it). Box2D
 * v3.1.1 is the same (math_functions.h:287). At 2^63 m the answer is right.
 * The reproducer also prints the distance computed with the square scaled by the larger component
 * ("fixed step"). Exits 1 while the distance is not finite, 0 once it is.
 *
 * Build against Box2D main built with Box2D's own CMake, e.g.
 *   cc -std=c17 repro.c -I box2d/include box2d/build/src/libbox2d.so -Wl,-rpath,box2d/build/src -lm -o repro */
#include <math.h>
#include <stdio.h>

#include "box2d/collision.h"
#include "box2d/math_functions.h"

int main(void) {
  b2Vec2 a[1] = {{0.0f, 0.0f}};
  b2Vec2 b[1] = {{0x1p64f, 0.0f}};
  b2DistanceInput input = {0};
  input.proxyA = b2MakeProxy(a, 1, 0.0f);
  input.proxyB = b2MakeProxy(b, 1, 0.0f);
  input.transform = b2Transform_identity; /* main's API: B in A's frame */
  input.useRadii = true;
  b2SimplexCache cache = {0};
  b2DistanceOutput o = b2ShapeDistance(&input, &cache, NULL, 0);

  printf("b2ShapeDistance: distance %.9g, pointA (%.9g, %.9g), pointB (%.9g, %.9g), normal (%.9g, %.9g), iterations %d\n",
         o.distance, o.pointA.x, o.pointA.y, o.pointB.x, o.pointB.y, o.normal.x, o.normal.y, o.iterations);
  printf("exact: separated, distance 18446744073709551616 m (2^64; float: %.9g)\n", 0x1p64f);
  b2Vec2 d = b2Sub(o.pointB, o.pointA);
  float m = fmaxf(fabsf(d.x), fabsf(d.y));
  float fixed = m > 0.0f ? m * sqrtf((d.x / m) * (d.x / m) + (d.y / m) * (d.y / m)) : 0.0f;
  printf("b2Distance of the witness points: %.9g; fixed step (components divided by the larger one before squaring): %.9g\n",
         b2Distance(o.pointA, o.pointB), fixed);
  if (!isfinite(o.distance)) {
    printf("BUG: infinite distance for points 2^64 m apart\n");
    return 1;
  }
  printf("fixed: the distance is finite\n");
  return 0;
}
