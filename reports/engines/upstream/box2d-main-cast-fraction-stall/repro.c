/* Box2D main (617d32ab): b2ShapeCast's fraction stops advancing; after its 20 iterations it reports a miss
 * although B passes through A.
 *
 * src/distance.c at 617d32ab: each iteration adds (target - distance) / denominator to the float fraction (:694)
 * and moves B to transform.p + fraction * translation (:701). Once that increment is below half a float step of
 * the fraction, `fraction +=` leaves it unchanged: every later iteration recomputes the same pose, the same
 * distance (above target + tolerance, :650) and the same zero increment, until the cap of 20 (:642) ends the loop
 * at "Failure!" (:704-705), which returns output.hit = false. Box2D v3.1.1 is the same (:685, :692, :641, :634,
 * :695-696).
 *
 * A and B are 1 m boxes (b2MakeBox(0.5f, 0.5f)); B starts at (65536, 0) and moves by (-196608, 0), straight
 * through A. The pose after the first step has B's face 0.0078125 m (one float step of B's x there) from A's,
 * above target + tolerance = 0.00625; the increment (0.005 - 0.0078125) / -196608 = 1.4e-8 is below half a float
 * step of the fraction (1.5e-8 at 0.333). Exact: the boxes touch at fraction 65535/196608 = 0.33332825.
 * The reproducer prints b2ShapeCast's answer and replays its loop with b2ShapeDistance to show the stall.
 * Exits 1 while the cast misses, 0 once it reports the hit.
 *
 * Build against Box2D main built with Box2D's own CMake, e.g.
 *   cc -std=c17 repro.c -I box2d/include box2d/build/src/libbox2d.so -Wl,-rpath,box2d/build/src -lm -o repro */
#include <stdio.h>

#include "box2d/collision.h"
#include "box2d/math_functions.h"

int main(void) {
  b2Polygon box = b2MakeBox(0.5f, 0.5f);
  b2ShapeCastPairInput input = {0};
  input.proxyA = b2MakeProxy(box.vertices, box.count, box.radius);
  input.proxyB = b2MakeProxy(box.vertices, box.count, box.radius);
  input.transform = (b2Transform){{65536.0f, 0.0f}, b2Rot_identity}; /* main's API: B's pose in A's frame */
  input.translationB = (b2Vec2){-196608.0f, 0.0f};
  input.maxFraction = 1.0f;
  input.canEncroach = false;
  b2CastOutput out = b2ShapeCast(&input);
  printf("b2ShapeCast: hit %d, fraction %.9g, normal (%.9g, %.9g), iterations %d\n", out.hit, out.fraction,
         out.normal.x, out.normal.y, out.iterations);

  /* The same loop through the public b2ShapeDistance (target = B2_LINEAR_SLOP = 0.005 for radius 0). */
  const float target = 0.005f, tolerance = 0.25f * 0.005f;
  b2DistanceInput d = {0};
  d.proxyA = input.proxyA;
  d.proxyB = input.proxyB;
  d.transform = input.transform;
  d.useRadii = false;
  b2SimplexCache cache = {0};
  float fraction = 0.0f;
  for (int i = 0; i < 20; ++i) {
    b2DistanceOutput o = b2ShapeDistance(&d, &cache, NULL, 0);
    float step = (target - o.distance) / b2Dot(input.translationB, o.normal);
    if (i < 4 || i == 19)
      printf("  iteration %2d: fraction %.9g, distance %.9g (hit below %.9g), increment %.3g\n", i, fraction, o.distance,
             target + tolerance, step);
    if (o.distance < target + tolerance) break;
    fraction += step;
    d.transform.p = b2MulAdd(input.transform.p, fraction, input.translationB);
  }
  b2DistanceInput through = d;
  through.transform.p = b2MulAdd(input.transform.p, 1.0f / 3.0f, input.translationB);
  b2SimplexCache cold = {0};
  printf("b2ShapeDistance at fraction 1/3 (B at x = %.9g, on A): distance %.9g (overlap)\n", through.transform.p.x,
         b2ShapeDistance(&through, &cold, NULL, 0).distance);
  printf("exact: first contact at fraction 65535/196608 = 0.33332825, normal (1, 0)\n");

  if (!out.hit) {
    printf("BUG: b2ShapeCast misses a box that B passes through\n");
    return 1;
  }
  printf("fixed: hit at fraction %.9g\n", out.fraction);
  return 0;
}
