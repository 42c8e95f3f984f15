/* Chipmunk 7.0.3 (Debian libchipmunk 7.0.3-5): circle against a rounded polygon loses twice the polygon's radius.
 * Standalone: only Chipmunk's public API. Build: cc repro.c -lchipmunk -lm && ./a.out
 * Exit 1 while the bug is present (the overlap reported as a positive distance), 0 once fixed. */
#include <chipmunk/chipmunk.h>

#include <math.h>
#include <stdio.h>

int main(void) {
  /* A: a circle of radius 1 at (0, 2); B: the triangle (-1, -1), (1, -1), (0, 1) rounded by 0.5.
   * The circle reaches down to y = 1, the rounded apex up to y = 1.5: an overlap of 0.5. */
  const cpVect triangle[3] = {cpv(-1, -1), cpv(1, -1), cpv(0, 1)};
  const double radiusB = 0.5;
  cpBody* bodyA = cpBodyNewKinematic();
  cpBody* bodyB = cpBodyNewKinematic();
  cpShape* circle = cpCircleShapeNew(bodyA, 1, cpv(0, 2));
  cpShape* poly = cpPolyShapeNew(bodyB, 3, triangle, cpTransformIdentity, radiusB);
  cpShapeUpdate(circle, cpTransformIdentity);
  cpShapeUpdate(poly, cpTransformIdentity);

  /* Exact (gjkcheck oracle case.case): depth 0.5 along (0, -1); contact points (0, 1) on A, (0, 1.5) on B. */
  const double exactDistance = -0.5;
  cpContactPointSet set = cpShapesCollide(circle, poly); /* already in the sorted order: no swap involved */
  printf("cpShapesCollide(circle r=1 at (0, 2), triangle rounded by 0.5): count %d, normal (%.17g, %.17g)\n", set.count,
         set.normal.x, set.normal.y);
  int failures = 0;
  for (int i = 0; i < set.count; ++i) {
    const cpVect a = set.points[i].pointA, b = set.points[i].pointB;
    printf("  pointA (%.17g, %.17g) pointB (%.17g, %.17g) distance %.17g\n", a.x, a.y, b.x, b.y, set.points[i].distance);
    /* The fixed step (our own arithmetic): pointB moved outwards by the radius, along -normal, instead of
     * inwards: pointB - 2 r n, and the distance from the corrected points. */
    const cpVect fixedB = cpvsub(b, cpvmult(set.normal, 2 * radiusB));
    printf("  fixed step: pointB (%.17g, %.17g), distance %.17g\n", fixedB.x, fixedB.y, cpvdot(cpvsub(fixedB, a), set.normal));
    if (fabs(set.points[i].distance - exactDistance) > 3.5 * 0x1p-18) { /* 64 u, S = 3.5 */
      printf("  BUG: distance %.17g, expected %.17g\n", set.points[i].distance, exactDistance);
      ++failures;
    }
  }
  if (set.count == 0) {
    printf("  BUG: no contact for overlapping shapes\n");
    ++failures;
  }
  printf("exact: distance %.17g, normal (0, -1), pointA (0, 1), pointB (0, 1.5)\n", exactDistance);

  cpShapeFree(circle);
  cpShapeFree(poly);
  cpBodyFree(bodyA);
  cpBodyFree(bodyB);
  printf("%s\n", failures ? "bug present (exit 1)" : "fixed (exit 0)");
  return failures ? 1 : 0;
}
