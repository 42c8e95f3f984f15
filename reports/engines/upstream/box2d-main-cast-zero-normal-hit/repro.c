/* Box2D main (617d32ab): b2ShapeCast reports a regular hit (fraction > 0) with normal (0, 0).
 *
 * src/distance.c at 617d32ab: b2ShapeCast advances the fraction by conservative steps (:694) and moves B in
 * float (:701, transform.p = p + fraction * translation). When that pose is rounded onto or into A, b2ShapeDistance
 * takes one of its overlap returns (:498-507 or :519-535), which leave output.normal = (0, 0) (:431), and
 * b2ShapeCast's "Regular hit" branch (:671-678) copies that normal: its B2_ASSERT (:673, distance > 0 and a unit
 * normal) is compiled out in a release build. Box2D v3.1.1 is the same (:663-669, :692; overlap returns :496-503,
 * :515-527).
 *
 * A is a 1 m box at the origin; B a point (b2MakeProxy of one point, radius 0) at (65536, 0) moving by
 * (-196608, 0). One float step of B's x near A is 2^-7 = 0.0078125 m (x is 65536 - fraction * 196608 rounded
 * as in b2MulAdd), more than Box2D's target gap of B2_LINEAR_SLOP = 0.005 m, so the second step lands B on A's
 * face (gap 0). Exact: the point reaches A's face x = 0.5 at fraction 131071/393216 = 0.33333079.
 * Exits 1 while a hit comes with a normal that is not a unit vector, 0 once it is.
 *
 * Build against Box2D main built with Box2D's own CMake, e.g.
 *   cc -std=c17 repro.c -I box2d/include box2d/build/src/libbox2d.so -Wl,-rpath,box2d/build/src -lm -o repro */
#include <math.h>
#include <stdio.h>

#include "box2d/collision.h"
#include "box2d/math_functions.h"

int main(void) {
  b2Polygon box = b2MakeBox(0.5f, 0.5f);
  b2Vec2 point = {0.0f, 0.0f};
  b2ShapeCastPairInput input = {0};
  input.proxyA = b2MakeProxy(box.vertices, box.count, box.radius);
  input.proxyB = b2MakeProxy(&point, 1, 0.0f);
  input.transform = (b2Transform){{65536.0f, 0.0f}, b2Rot_identity}; /* main's API: B's pose in A's frame */
  input.translationB = (b2Vec2){-196608.0f, 0.0f};
  input.maxFraction = 1.0f;
  input.canEncroach = false;
  b2CastOutput out = b2ShapeCast(&input);
  printf("b2ShapeCast: hit %d, fraction %.9g, normal (%.9g, %.9g), point (%.9g, %.9g), iterations %d\n", out.hit,
         out.fraction, out.normal.x, out.normal.y, out.point.x, out.point.y, out.iterations);

  /* b2ShapeDistance at the pose b2ShapeCast stopped at, as b2ShapeCast computes it. */
  b2DistanceInput d = {0};
  d.proxyA = input.proxyA;
  d.proxyB = input.proxyB;
  d.transform = input.transform;
  d.transform.p = b2MulAdd(input.transform.p, out.fraction, input.translationB);
  d.useRadii = false;
  b2SimplexCache cache = {0};
  b2DistanceOutput o = b2ShapeDistance(&d, &cache, NULL, 0);
  printf("b2ShapeDistance at that pose (B at x = %.9g): distance %.9g, normal (%.9g, %.9g)\n", d.transform.p.x,
         o.distance, o.normal.x, o.normal.y);
  printf("exact: first contact at fraction 131071/393216 = 0.33333079, normal (1, 0); Box2D's target gap 0.005 at "
         "fraction 0.33333076\n");

  float length = sqrtf(out.normal.x * out.normal.x + out.normal.y * out.normal.y);
  if (out.hit && out.fraction > 0.0f && fabsf(length - 1.0f) > 1e-3f) {
    printf("BUG: a hit at fraction %.9g with a normal of length %g\n", out.fraction, length);
    return 1;
  }
  printf("fixed: the hit has a unit normal\n");
  return 0;
}
