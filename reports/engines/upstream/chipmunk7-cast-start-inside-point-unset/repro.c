/* Chipmunk 7.0.3 (Debian libchipmunk 7.0.3-5): cpShapeSegmentQuery with a radius (a disk cast) that starts
 * touching (or inside) the shape answers a hit at alpha 0 but leaves info->point at the segment's end b.
 * Standalone: only Chipmunk's public API. Build: cc repro.c -lchipmunk -lm && ./a.out
 * Exit 1 while the bug is present (the point of impact is not on the shape), 0 once fixed. */
#include <chipmunk/chipmunk.h>

#include <math.h>
#include <stdio.h>

int main(void) {
  const cpVect square[4] = {cpv(0, 0), cpv(1, 0), cpv(1, 1), cpv(0, 1)};
  cpBody* body = cpBodyNewKinematic();
  cpShape* a = cpPolyShapeNew(body, 4, square, cpTransformIdentity, 0);
  cpShapeUpdate(a, cpTransformIdentity);

  /* A disk of radius 0.5 centred at (1.5, 0.5) touches the unit square's right edge at (1, 0.5) and moves
   * by (-1, 0) into it. */
  const cpVect start = cpv(1.5, 0.5), end = cpv(0.5, 0.5);
  cpSegmentQueryInfo info;
  const cpBool hit = cpShapeSegmentQuery(a, start, end, 0.5, &info);
  printf("cpShapeSegmentQuery((1.5, 0.5) -> (0.5, 0.5), radius 0.5): hit %d, alpha %.17g, normal (%.17g, %.17g), "
         "point (%.17g, %.17g)\n", hit, info.alpha, info.normal.x, info.normal.y, info.point.x, info.point.y);
  printf("exact (gjkcheck oracle case.case): hit at alpha 0, normal (1, 0), point of impact (1, 0.5)\n");

  int failures = 0;
  if (!hit || info.alpha != 0) {
    printf("  BUG: not a hit at alpha 0\n");
    ++failures;
  }
  if (fabs(info.normal.x - 1) > 1e-12 || fabs(info.normal.y) > 1e-12) {
    printf("  BUG: the normal is not (1, 0)\n");
    ++failures;
  }
  if (!(fabs(info.point.x - 1) <= 1e-12 && fabs(info.point.y - 0.5) <= 1e-12)) {
    printf("  BUG: the point of impact is (%.17g, %.17g), the query segment's end, not (1, 0.5) on the shape\n",
           info.point.x, info.point.y);
    ++failures;
  }

  /* The same disk 2^-20 farther away takes the ordinary branch and gets the point on the shape. */
  const cpVect away = cpv(1.5 + 0x1p-20, 0.5);
  cpShapeSegmentQuery(a, away, cpvadd(away, cpv(-1, 0)), 0.5, &info);
  printf("the same from (1.5 + 2^-20, 0.5): alpha %.17g, normal (%.17g, %.17g), point (%.17g, %.17g)\n", info.alpha,
         info.normal.x, info.normal.y, info.point.x, info.point.y);

  cpShapeFree(a);
  cpBodyFree(body);
  printf("%s\n", failures ? "bug present (exit 1)" : "fixed (exit 0)");
  return failures ? 1 : 0;
}
