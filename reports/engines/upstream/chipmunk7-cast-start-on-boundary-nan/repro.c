/* Chipmunk 7.0.3 (Debian libchipmunk 7.0.3-5): cpShapeSegmentQuery with a radius (a disk cast) whose start
 * lies exactly on a polygon's boundary answers a hit at alpha 0 with a NaN normal.
 * Standalone: only Chipmunk's public API. Build: cc repro.c -lchipmunk -lm && ./a.out
 * Exit 1 while the bug is present (a non-finite normal or point), 0 once fixed. */
#include <chipmunk/chipmunk.h>

#include <math.h>
#include <stdio.h>

int main(void) {
  const cpVect triangle[3] = {cpv(0, 0), cpv(2, 0), cpv(0, 2)};
  cpBody* body = cpBodyNewKinematic();
  cpShape* a = cpPolyShapeNew(body, 3, triangle, cpTransformIdentity, 0);
  cpShapeUpdate(a, cpTransformIdentity);

  /* A disk of radius 0 (a point) at (1, 0), exactly on the edge (0, 0)-(2, 0), moving by (0, 1) into A. */
  const cpVect start = cpv(1, 0), end = cpv(1, 1);
  cpPointQueryInfo nearest;
  cpShapePointQuery(a, start, &nearest);
  printf("cpShapePointQuery((1, 0)): distance %.17g, point (%.17g, %.17g), gradient (%.17g, %.17g)\n",
         nearest.distance, nearest.point.x, nearest.point.y, nearest.gradient.x, nearest.gradient.y);

  cpSegmentQueryInfo info;
  const cpBool hit = cpShapeSegmentQuery(a, start, end, 0, &info);
  printf("cpShapeSegmentQuery((1, 0) -> (1, 1), radius 0): hit %d, alpha %.17g, normal (%.17g, %.17g), "
         "point (%.17g, %.17g)\n", hit, info.alpha, info.normal.x, info.normal.y, info.point.x, info.point.y);
  printf("exact (gjkcheck oracle case.case): hit at alpha 0, normal (0, -1), point (1, 0)\n");

  int failures = 0;
  if (!hit || info.alpha != 0) {
    printf("  BUG: not a hit at alpha 0\n");
    ++failures;
  }
  if (!isfinite(info.normal.x) || !isfinite(info.normal.y)) {
    printf("  BUG: the normal is not finite\n");
    ++failures;
  } else if (fabs(info.normal.x) > 1e-12 || fabs(info.normal.y + 1) > 1e-12) {
    printf("  BUG: the normal is not (0, -1)\n");
    ++failures;
  }
  if (!isfinite(nearest.point.x) || !isfinite(nearest.point.y)) {
    printf("  BUG: cpShapePointQuery's point is not finite for a point on the boundary\n");
    ++failures;
  }

  /* The trigger: the same start 2^-30 outside the edge gives a finite answer. */
  const cpVect off = cpv(1, -0x1p-30);
  cpShapeSegmentQuery(a, off, cpvadd(off, cpv(0, 1)), 0, &info);
  printf("the same from (1, -2^-30): alpha %.17g, normal (%.17g, %.17g)\n", info.alpha, info.normal.x,
         info.normal.y);

  cpShapeFree(a);
  cpBodyFree(body);
  printf("%s\n", failures ? "bug present (exit 1)" : "fixed (exit 0)");
  return failures ? 1 : 0;
}
