/* Chipmunk 7.0.3 (Debian libchipmunk 7.0.3-5): cpShapesCollide signs the distance wrongly when it sorts the pair.
 * Standalone: only Chipmunk's public API. Build: cc repro.c -lchipmunk -lm && ./a.out
 * Exit 1 while the bug is present (a positive distance for overlapping shapes), 0 once fixed. */
#include <chipmunk/chipmunk.h>

#include <math.h>
#include <stdio.h>

int main(void) {
  /* A: the segment (-1, 0)-(1, 0); B: a circle of radius 1 at (0, 0.5). They overlap by 0.5. */
  cpBody* bodyA = cpBodyNewKinematic();
  cpBody* bodyB = cpBodyNewKinematic();
  cpShape* segment = cpSegmentShapeNew(bodyA, cpv(-1, 0), cpv(1, 0), 0);
  cpShape* circle = cpCircleShapeNew(bodyB, 1, cpv(0, 0.5));
  cpShapeUpdate(segment, cpTransformIdentity);
  cpShapeUpdate(circle, cpTransformIdentity);

  /* Exact (gjkcheck oracle case.case): depth 0.5, normal (0, 1) from A to B; cpArbiter.h documents the
   * point distance as "Penetration distance of the two shapes. Overlapping means it will be negative." */
  const double exactDistance = -0.5;
  int failures = 0;

  cpContactPointSet set = cpShapesCollide(segment, circle); /* segment first: cpCollide swaps the pair */
  printf("cpShapesCollide(segment, circle): count %d, normal (%.17g, %.17g)\n", set.count, set.normal.x, set.normal.y);
  for (int i = 0; i < set.count; ++i) {
    const cpVect a = set.points[i].pointA, b = set.points[i].pointB;
    printf("  pointA (%.17g, %.17g) pointB (%.17g, %.17g) distance %.17g\n", a.x, a.y, b.x, b.y, set.points[i].distance);
    /* The fixed step (our own arithmetic): the distance from the points as reported, (pointB - pointA) . normal. */
    printf("  fixed step (pointB - pointA) . normal = %.17g\n", cpvdot(cpvsub(b, a), set.normal));
    if (fabs(set.points[i].distance - exactDistance) > 2.0 * 0x1p-18) { /* 64 u, S = 2 */
      printf("  BUG: distance %.17g, expected %.17g (overlap is negative)\n", set.points[i].distance, exactDistance);
      ++failures;
    }
  }
  if (set.count == 0) {
    printf("  BUG: no contact for overlapping shapes\n");
    ++failures;
  }
  printf("exact: distance %.17g, normal (0, 1)\n", exactDistance);

  cpContactPointSet reversed = cpShapesCollide(circle, segment); /* the sorted order: no swap, right sign */
  printf("for comparison, cpShapesCollide(circle, segment): normal (%.17g, %.17g), distance %.17g\n", reversed.normal.x,
         reversed.normal.y, reversed.count > 0 ? reversed.points[0].distance : NAN);

  cpShapeFree(segment);
  cpShapeFree(circle);
  cpBodyFree(bodyA);
  cpBodyFree(bodyB);
  printf("%s\n", failures ? "bug present (exit 1)" : "fixed (exit 0)");
  return failures ? 1 : 0;
}
