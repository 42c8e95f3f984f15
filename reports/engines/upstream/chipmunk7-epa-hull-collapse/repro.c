/* Chipmunk 7.0.3 (Debian libchipmunk 7.0.3-5): cpShapesCollide aborts the process on a sliver overlap.
 * Standalone: only Chipmunk's public API (and POSIX fork/waitpid). Build: cc repro.c -lchipmunk -lm && ./a.out
 *
 * The engine's cpAssertSoft calls abort(), which would end this program too. So the query runs in a forked
 * child and the parent maps the child's fate to an exit code, deterministically:
 *   child killed by SIGABRT (the engine's assertion)      -> exit 1 (the bug is present)
 *   child exits 0 after a finite answer within tolerance  -> exit 0 (fixed)
 *   anything else (another signal, another exit code)     -> exit 2 (unexpected; the ctest fails) */
#include <chipmunk/chipmunk.h>

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static int query(void) {
  /* A: the triangle (-32, 4), (0, -2^-54), (-2^-59, 2^-56); B: the points (0, 0), (0, 0), (-2^-59, 0), a
   * polygon as a user would pass them (Chipmunk hulls the vertices; the repeated point is merged). */
  const cpVect a[3] = {cpv(-0x1p+5, 0x1p+2), cpv(0, -0x1p-54), cpv(-0x1p-59, 0x1p-56)};
  const cpVect b[3] = {cpv(0, 0), cpv(0, 0), cpv(-0x1p-59, 0)};
  cpBody* bodyA = cpBodyNewKinematic();
  cpBody* bodyB = cpBodyNewKinematic();
  cpShape* shapeA = cpPolyShapeNew(bodyA, 3, a, cpTransformIdentity, 0);
  cpShape* shapeB = cpPolyShapeNew(bodyB, 3, b, cpTransformIdentity, 0);
  cpShapeUpdate(shapeA, cpTransformIdentity);
  cpShapeUpdate(shapeB, cpTransformIdentity);
  cpContactPointSet set = cpShapesCollide(shapeA, shapeB);
  printf("  Chipmunk 7.0.3 cpShapesCollide: count %d, normal (%.17g, %.17g)\n", set.count, set.normal.x, set.normal.y);
  int finite = isfinite(set.normal.x) && isfinite(set.normal.y);
  for (int i = 0; i < set.count; ++i) {
    printf("    distance %.17g\n", set.points[i].distance);
    /* right within gjkcheck's tolerance 64 u = 32 * 2^-18: the exact depth is 3.5e-19 */
    finite = finite && isfinite(set.points[i].distance) && fabs(set.points[i].distance) <= 32 * 0x1p-18;
  }
  cpShapeFree(shapeA);
  cpShapeFree(shapeB);
  cpBodyFree(bodyA);
  cpBodyFree(bodyB);
  return finite ? 0 : 3;
}

int main(void) {
  printf("triangle (-32, 4) (0, -2^-54) (-2^-59, 2^-56) against the sliver (0, 0) (0, 0) (-2^-59, 0)\n");
  printf("exact: overlapping, depth 3.4683632577363439e-19 along (0.99968764640812275, 0.024992191160203069);\n"
         "  gjkcheck's tolerance is 64 u = 32 * 2^-18 = 1.2e-4: no contact, or contacts with |distance| <= 1.2e-4, are right\n");
  fflush(stdout);
  pid_t child = fork();
  if (child < 0) {
    perror("fork");
    return 2;
  }
  if (child == 0) {
    int code = query();
    fflush(stdout);
    _exit(code);
  }
  int status = 0;
  if (waitpid(child, &status, 0) != child) {
    perror("waitpid");
    return 2;
  }
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT) {
    printf("BUG: the query aborted the process (SIGABRT from the engine's assertion, message on stderr)\n");
    printf("bug present (exit 1)\n");
    return 1;
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    printf("fixed (exit 0): the query returned a right answer\n");
    return 0;
  }
  if (WIFSIGNALED(status))
    printf("unexpected: the child died by signal %d\n", WTERMSIG(status));
  else
    printf("unexpected: the child exited with %d (3: a non-finite or wrong answer)\n", WEXITSTATUS(status));
  return 2;
}
