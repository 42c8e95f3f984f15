/* libccd 2.1: ccdGJKPenetration answers overlapping shapes as touching. EPA's nextSupport stops with "touch contact"
 * whenever the polytope feature nearest to the origin passes through the origin (ccd.c:964-966), without asking
 * whether the Minkowski difference A - B extends beyond that feature. GJK often hands EPA a simplex with the origin on
 * a face or edge inside A - B; the polytope built from it keeps that feature, and the depth comes out as its distance,
 * 0 (or rounding noise), for cubes that overlap by 2/3.
 *
 * Build: gcc repro.c $(pkg-config --cflags --libs ccd) -lm && ./a.out   (Debian's libccd is built in double)
 * Exit 1 while the bug is present, 0 once fixed, 2 on its own errors. */
#include <math.h>
#include <stdio.h>

#include <ccd/ccd.h>

/* A convex polytope given by its vertices, placed at `position` (no rotation). */
typedef struct polytope {
  int count;
  ccd_vec3_t vertex[8];
  ccd_vec3_t position;
} polytope;

/* Support as libccd's README and testsuites write it for a point set: the vertex of greatest dot product with the
 * direction (the first of equal ones), moved by the position. */
static void supportPolytope(const void *object, const ccd_vec3_t *dir, ccd_vec3_t *out) {
  const polytope *p = (const polytope *)object;
  int best = 0;
  for (int i = 1; i < p->count; ++i) {
    if (ccdVec3Dot(&p->vertex[i], dir) > ccdVec3Dot(&p->vertex[best], dir)) best = i;
  }
  ccdVec3Copy(out, &p->vertex[best]);
  ccdVec3Add(out, &p->position);
}

/* The unit cube [0,1]^3 moved by (x, y, z). */
static polytope unitCube(ccd_real_t x, ccd_real_t y, ccd_real_t z) {
  polytope p;
  p.count = 8;
  for (int i = 0; i < 8; ++i) ccdVec3Set(&p.vertex[i], i & 1, (i >> 1) & 1, (i >> 2) & 1);
  ccdVec3Set(&p.position, x, y, z);
  return p;
}

/* A box as libccd's testsuites/support.c writes it (ccdSupport, CCD_OBJ_BOX): half extents times the signs. */
typedef struct box {
  ccd_real_t half[3];
  ccd_vec3_t position;
} box;

static void supportBox(const void *object, const ccd_vec3_t *dir, ccd_vec3_t *out) {
  const box *b = (const box *)object;
  ccdVec3Set(out, ccdSign(ccdVec3X(dir)) * b->half[0], ccdSign(ccdVec3Y(dir)) * b->half[1],
             ccdSign(ccdVec3Z(dir)) * b->half[2]);
  ccdVec3Add(out, &b->position);
}

/* Runs ccdGJKPenetration with CCD_INIT's settings; returns 1 when the depth misses the exact one by more than
 * epa_tolerance (boxes have flat faces: a converged EPA gives their depth to rounding). */
static int check(const char *title, const void *a, const void *b, ccd_support_fn support, ccd_real_t exact,
                 const char *exactText) {
  ccd_t ccd;
  CCD_INIT(&ccd);
  ccd.support1 = support;
  ccd.support2 = support;
  if (!ccdGJKIntersect(a, b, &ccd)) {
    printf("%s\n   ccdGJKIntersect says the cubes do not intersect: the reproducer is wrong\n", title);
    return 2;
  }
  ccd_real_t depth = -1;
  ccd_vec3_t dir, pos;
  ccdVec3Set(&dir, 0, 0, 0);
  ccdVec3Set(&pos, 0, 0, 0);
  const int ret = ccdGJKPenetration(a, b, &ccd, &depth, &dir, &pos);
  printf("%s\n", title);
  printf("   ccdGJKPenetration: returns %d, depth %.17g, dir (%g, %g, %g)\n", ret, depth, dir.v[0], dir.v[1],
         dir.v[2]);
  printf("   exact: overlapping, depth %.17g %s\n", exact, exactText);
  if (ret != 0 || !(fabs(depth - exact) <= ccd.epa_tolerance)) {
    printf("   FAIL: depth off by %.3g (epa_tolerance %g): the overlap was taken for a touching contact\n",
           fabs(depth - exact), ccd.epa_tolerance);
    return 1;
  }
  return 0;
}

int main(void) {
  int result = 0, r;
  /* 1/3 and 1/6 as the nearest floats (the values of case.case); any nearby value does as well. */
  const ccd_real_t third = 0x1.555556p-2, sixth = 0x1.555556p-3;
  const polytope a = unitCube(0, 0, 0), b1 = unitCube(third, 0, third), b2 = unitCube(0, 0, sixth);
  r = check("1. unit cubes [0,1]^3, B moved by (1/3, 0, 1/3): origin on an edge of EPA's polytope", &a, &b1,
            supportPolytope, 1 - third, "along (1, 0, 0) or (0, 0, 1)");
  result = r > result ? r : result;
  r = check("2. unit cubes [0,1]^3, B moved by (0, 0, 1/6): origin on a face of EPA's polytope", &a, &b2,
            supportPolytope, 1 - sixth, "along (0, 0, 1)");
  result = r > result ? r : result;
  /* Issue #25's pair: cubes of side 2, the second 1.9 above the first (testsuites' box support). */
  const box c = {{1, 1, 1}, {{0, 0, 0}}}, d = {{1, 1, 1}, {{0, 0, 1.9}}};
  r = check("3. issue #25: cubes of side 2 at (0,0,0) and (0,0,1.9)", &c, &d, supportBox, 2 - 1.9, "along (0, 0, 1)");
  result = r > result ? r : result;
  printf(result == 2 ? "ERROR\n" : result ? "BUG PRESENT\n" : "fixed\n");
  return result;
}
