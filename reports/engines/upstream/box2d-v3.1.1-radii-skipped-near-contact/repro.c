/* Box2D v3.1.1: b2ShapeDistance reports two overlapping rounded shapes as separated when their cores are
 * closer than 0.1 * B2_LINEAR_SLOP (0.5 mm): the radii are then not applied (src/distance.c:593 at v3.1.1).
 *
 * Two 1 m boxes, each rounded by 0.1 m (b2MakeProxy with radius 0.1), side by side with their cores
 * 0.2 mm apart: the rounded boxes overlap by 0.1998 m, so the distance is 0. v3.1.1 answers 0.0002.
 * Exits 1 while the bug is present, 0 once b2ShapeDistance answers 0.
 *
 * Build against a Box2D v3.1.1 built with Box2D's own CMake, e.g.
 *   cc -std=c17 repro.c -I box2d/include box2d/build/bin/libbox2d.so -Wl,-rpath,box2d/build/bin -lm -o repro
 * (main's b2DistanceInput has one relative transform instead of transformA/transformB; main fixed this
 * in commit 3a4f0da8, "Removed unnecessary tolerance test (#1000)".) */
#include <stdio.h>

#include "box2d/collision.h"
#include "box2d/math_functions.h"

int main(void) {
  b2Vec2 square[4] = {{-0.5f, -0.5f}, {0.5f, -0.5f}, {0.5f, 0.5f}, {-0.5f, 0.5f}};
  b2DistanceInput input = {0};
  input.proxyA = b2MakeProxy(square, 4, 0.1f);
  input.proxyB = b2MakeProxy(square, 4, 0.1f);
  input.transformA = b2Transform_identity;
  input.transformB = (b2Transform){{1.0002f, 0.0f}, b2Rot_identity};
  input.useRadii = true;
  b2SimplexCache cache = {0};
  b2DistanceOutput output = b2ShapeDistance(&input, &cache, NULL, 0);

  printf("b2ShapeDistance: distance %.9g, pointA (%.9g, %.9g), pointB (%.9g, %.9g), iterations %d\n",
         output.distance, output.pointA.x, output.pointA.y, output.pointB.x, output.pointB.y, output.iterations);
  printf("exact: the rounded boxes overlap by 0.19979996979236602783203125 m (cores 0.0002000331878662109375 m "
         "apart, radii 0.1 + 0.1): distance 0\n");
  /* The fix of Box2D main (3a4f0da8): apply the radii whatever the core distance. Here that is the step
   * after the loop, on v3.1.1's own core answer. */
  float core = output.distance; /* v3.1.1 left the radii out, so this is the core distance */
  float fixed = b2MaxFloat(0.0f, core - input.proxyA.radius - input.proxyB.radius);
  printf("with the radii applied whatever the core distance (main's fix): distance %.9g\n", fixed);
  if (output.distance > 0.0f) {
    printf("BUG: overlapping rounded shapes reported %.9g m apart\n", output.distance);
    return 1;
  }
  printf("fixed: distance 0\n");
  return 0;
}
