/* libccd 2.1: ccdGJKPenetration's EPA stops long before its tolerance is met, because nextSupport compares
 * epa_tolerance with quantities that are not distances (ccd.c:975 and :992): the gap between the new support point
 * and the nearest face multiplied by the face's distance, and a squared distance. On two unit spheres the answer
 * is 14 degrees off for an overlap of 2^-10, and 0.0024 short for an overlap of 1/2, with epa_tolerance 1e-4.
 *
 * Build: gcc repro.c $(pkg-config --cflags --libs ccd) -lm && ./a.out   (Debian's libccd is built in double)
 * Exit 1 while the bug is present, 0 once fixed, 2 on its own errors. */
#include <math.h>
#include <stdio.h>

#include <ccd/ccd.h>

typedef struct sphere {
  ccd_real_t radius;
  ccd_vec3_t centre;
} sphere;

/* The sphere of libccd's testsuites/support.c (ccdSupport, CCD_OBJ_SPHERE), moved to its centre. */
static void supportSphere(const void *object, const ccd_vec3_t *dir, ccd_vec3_t *out) {
  const sphere *s = (const sphere *)object;
  const ccd_real_t len2 = ccdVec3Len2(dir);
  if (len2 - CCD_EPS > CCD_ZERO) {
    ccdVec3Copy(out, dir);
    ccdVec3Scale(out, s->radius / CCD_SQRT(len2));
  } else {
    ccdVec3Set(out, CCD_ZERO, CCD_ZERO, CCD_ZERO);
  }
  ccdVec3Add(out, &s->centre);
}

/* One pair: unit spheres at the origin and at (x, 0, 0). Returns 1 when EPA's answer misses its own tolerance. */
static int check(int index, ccd_real_t x) {
  const sphere a = {1, {{0, 0, 0}}}, b = {1, {{x, 0, 0}}};
  ccd_t ccd;
  CCD_INIT(&ccd); /* epa_tolerance 1e-4 */
  ccd.support1 = supportSphere;
  ccd.support2 = supportSphere;
  ccd_real_t depth = -1;
  ccd_vec3_t dir, pos;
  if (ccdGJKPenetration(&a, &b, &ccd, &depth, &dir, &pos) != 0) {
    printf("%d. ccdGJKPenetration found no intersection (unexpected)\n", index);
    return 2;
  }
  const ccd_real_t exact = 2 - x;
  const double angle = acos(fmin(1.0, dir.v[0])) * 180 / 3.14159265358979323846;
  /* How far B must really move along dir to separate: the support of A - B along dir, computed here for the two
   * spheres (A - B is the sphere of radius 2 about (-x, 0, 0)). EPA's depth is a lower bound of the least such
   * move; EPA is meant to stop when the two are within epa_tolerance (its nextSupport test). */
  const ccd_real_t along = -x * dir.v[0] + 2;
  printf("%d. unit spheres at (0,0,0) and (%.10g,0,0): overlap %.10g\n", index, x, exact);
  printf("   ccdGJKPenetration: depth %.17g, dir (%.6f, %.6f, %.6f), %.2f degrees from (1, 0, 0)\n", depth,
         dir.v[0], dir.v[1], dir.v[2], angle);
  printf("   exact: depth %.10g along (1, 0, 0); the shapes separate along dir only after %.6g, %.3g beyond depth "
         "(epa_tolerance %g)\n", exact, along, along - depth, ccd.epa_tolerance);
  if (along - depth > ccd.epa_tolerance) {
    printf("   FAIL: EPA stopped %.0f times its tolerance short of convergence\n", (along - depth) / ccd.epa_tolerance);
    return 1;
  }
  return 0;
}

int main(void) {
  const int first = check(1, 2 - 1.0 / 1024); /* ends on ccd.c:975 */
  const int second = check(2, 1.5);          /* ends on ccd.c:992 */
  if (first == 2 || second == 2) return 2;
  const int bug = first | second;
  printf(bug ? "BUG PRESENT\n" : "fixed\n");
  return bug;
}
