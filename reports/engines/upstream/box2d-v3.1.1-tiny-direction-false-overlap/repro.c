/* Box2D v3.1.1: b2ShapeDistance reports two separated, parallel segments as overlapping (distance 0).
 *
 * A is the segment (0, 0)-(0.125, -0.125), B the segment (0.015625, -0.015626907)-(0.09375, -0.09375191),
 * parallel to A and 1.3487 micrometres from it (sizes 0.18 m and 0.11 m, inside Box2D's 0.1-10 m).
 * After one iteration the search direction has d.d = 7.1e-15 < FLT_EPSILON^2 = 1.4e-14, and v3.1.1 then
 * returns "overlap" (src/distance.c:515-528 at v3.1.1). Box2D main tests d.d < 1000 * FLT_MIN instead
 * (src/distance.c:519 at 617d32ab, commit d710ba75) and answers 1.3486991e-06 here.
 * Exits 1 while the bug is present, 0 once the distance is positive.
 *
 * Build against a Box2D v3.1.1 built with Box2D's own CMake, e.g.
 *   cc -std=c17 repro.c -I box2d/include box2d/build/bin/libbox2d.so -Wl,-rpath,box2d/build/bin -lm -o repro */
#include <stdio.h>

#include "box2d/collision.h"
#include "box2d/math_functions.h"

int main(void) {
  b2Vec2 a[2] = {{0.0f, 0.0f}, {0.125f, -0.125f}};
  b2Vec2 b[2] = {{0.015625f, -0x1.0008p-6f}, {0.09375f, -0x1.8002p-4f}};
  b2DistanceInput input = {0};
  input.proxyA = b2MakeProxy(a, 2, 0.0f);
  input.proxyB = b2MakeProxy(b, 2, 0.0f);
  input.transformA = b2Transform_identity;
  input.transformB = b2Transform_identity;
  input.useRadii = true;
  b2SimplexCache cache = {0};
  b2DistanceOutput output = b2ShapeDistance(&input, &cache, NULL, 0);

  printf("b2ShapeDistance: distance %.9g, pointA (%.9g, %.9g), pointB (%.9g, %.9g), iterations %d\n",
         output.distance, output.pointA.x, output.pointA.y, output.pointB.x, output.pointB.y, output.iterations);
  printf("exact: separated, distance 1.348699152348609017183006977e-6 m (squared: 1/549755813888)\n");
  if (output.distance == 0.0f) {
    printf("BUG: separated segments reported as overlapping (distance 0)\n");
    return 1;
  }
  printf("fixed: the segments are reported apart\n");
  return 0;
}
