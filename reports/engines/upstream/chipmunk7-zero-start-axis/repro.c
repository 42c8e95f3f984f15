/* Chipmunk 7.0.3 (Debian libchipmunk 7.0.3-5): cpShapesCollide on two identical polygons at the same place.
 * Standalone: only Chipmunk's public API. Build: cc repro.c -lchipmunk -lm && ./a.out
 * Exit 1 while the bug is present (a zero normal or a wrong depth), 0 once fixed. */
#include <chipmunk/chipmunk.h>

#include <math.h>
#include <stdio.h>

static cpContactPointSet collide(cpVect offsetB, const char* label) {
  const cpVect triangle[3] = {cpv(-1, -1), cpv(1, -1), cpv(0, 1)};
  cpBody* bodyA = cpBodyNewKinematic();
  cpBody* bodyB = cpBodyNewKinematic();
  cpShape* a = cpPolyShapeNew(bodyA, 3, triangle, cpTransformIdentity, 0);
  cpShape* b = cpPolyShapeNew(bodyB, 3, triangle, cpTransformIdentity, 0);
  cpShapeUpdate(a, cpTransformIdentity);
  cpShapeUpdate(b, cpTransformTranslate(offsetB));
  cpContactPointSet set = cpShapesCollide(a, b);
  printf("%s: count %d, normal (%.17g, %.17g)\n", label, set.count, set.normal.x, set.normal.y);
  for (int i = 0; i < set.count; ++i)
    printf("  pointA (%.17g, %.17g) pointB (%.17g, %.17g) distance %.17g\n", set.points[i].pointA.x,
           set.points[i].pointA.y, set.points[i].pointB.x, set.points[i].pointB.y, set.points[i].distance);
  cpShapeFree(a);
  cpShapeFree(b);
  cpBodyFree(bodyA);
  cpBodyFree(bodyB);
  return set;
}

int main(void) {
  /* Exact (gjkcheck oracle case.case): the triangles coincide; depth 4/sqrt(5) = 1.7888543819998317 along
   * any of the four normals (+-0.894427191, +-0.4472135955) of the two slanted edges. */
  const double exactDepth = 1.7888543819998317;
  const double tolerance = 0x1p-18; /* 64 u of gjkcheck, S = 1 */

  cpContactPointSet set = collide(cpvzero, "identical triangles (-1, -1) (1, -1) (0, 1) at the same place");
  printf("exact: depth %.17g (distance %.17g), a unit normal (+-0.894427191, +-0.4472135955)\n", exactDepth, -exactDepth);

  int failures = 0;
  const double length = cpvlength(set.normal);
  if (set.count == 0) {
    printf("  BUG: no contact for overlapping shapes\n");
    ++failures;
  } else {
    double deepest = set.points[0].distance;
    for (int i = 1; i < set.count; ++i) deepest = fmin(deepest, set.points[i].distance);
    if (fabs(length - 1.0) > tolerance) {
      printf("  BUG: the normal has length %.17g, not 1\n", length);
      ++failures;
    }
    if (fabs(-deepest - exactDepth) > tolerance) {
      printf("  BUG: depth %.17g, expected %.17g\n", -deepest, exactDepth);
      ++failures;
    }
  }

  /* Not a fix, the trigger: move B by 2^-20 and the bounding-box centres no longer coincide. */
  collide(cpv(0x1p-20, 0), "the same with B moved by (2^-20, 0)");

  printf("%s\n", failures ? "bug present (exit 1)" : "fixed (exit 0)");
  return failures ? 1 : 0;
}
