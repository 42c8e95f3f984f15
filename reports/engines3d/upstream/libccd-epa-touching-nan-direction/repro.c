/* libccd 2.1: ccdGJKPenetration on two cubes in touching contact returns 0 (intersecting) with depth 0 and a NaN
 * direction: EPA ends on a polytope feature through the origin, whose witness point is (0, 0, 0), and
 * ccdGJKPenetration normalizes it (ccd.c:192-193: 1/sqrt(0) times 0). ccdMPRPenetration had the same division and
 * was fixed in v2.1 (issue #49: a zero direction for a touching contact); the EPA path was not.
 *
 * Build: gcc repro.c $(pkg-config --cflags --libs ccd) -lm && ./a.out   (Debian's libccd is built in double)
 * Exit 1 while the bug is present, 0 once fixed, 2 on its own errors. */
#include <math.h>
#include <stdio.h>

#include <ccd/ccd.h>

/* A convex polytope given by its vertices, placed at `position` (no rotation needed here). */
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

static polytope unitCube(ccd_real_t x) {
  polytope p;
  p.count = 8;
  for (int i = 0; i < 8; ++i) ccdVec3Set(&p.vertex[i], i & 1, (i >> 1) & 1, (i >> 2) & 1);
  ccdVec3Set(&p.position, x, 0, 0);
  return p;
}

/* Runs ccdGJKPenetration with CCD_INIT's settings and reports; returns 1 when the direction is not finite. */
static int check(const char *title, const void *a, const void *b, ccd_support_fn support, const char *exact) {
  ccd_t ccd;
  CCD_INIT(&ccd);
  ccd.support1 = support;
  ccd.support2 = support;
  ccd_real_t depth = -1;
  ccd_vec3_t dir, pos;
  ccdVec3Set(&dir, 0, 0, 0);
  ccdVec3Set(&pos, 0, 0, 0);
  const int ret = ccdGJKPenetration(a, b, &ccd, &depth, &dir, &pos);
  printf("%s\n", title);
  printf("   ccdGJKPenetration: returns %d, depth %.17g, dir (%g, %g, %g), pos (%g, %g, %g)\n", ret, depth,
         dir.v[0], dir.v[1], dir.v[2], pos.v[0], pos.v[1], pos.v[2]);
  printf("   exact: %s\n", exact);
  const int finite = isfinite(dir.v[0]) && isfinite(dir.v[1]) && isfinite(dir.v[2]);
  if (ret == 0 && !finite) printf("   FAIL: the direction is not finite\n");
  return ret == 0 && !finite;
}

int main(void) {
  int bug = 0;
  const polytope a = unitCube(0), b = unitCube(1);
  bug |= check("1. unit cubes [0,1]^3 and [1,2]x[0,1]^2 (vertex lists), touching on the face x = 1", &a, &b,
               supportPolytope,
               "touching: depth 0, any finite direction (ccdMPRPenetration gives (0, 0, 0) since v2.1)");
  const box c = {{0.5, 0.5, 0.5}, {{0.5, 0.5, 0.5}}}, d = {{0.5, 0.5, 0.5}, {{1.5, 0.5, 0.5}}};
  bug |= check("2. the same cubes with testsuites' box support (half extents 0.5)", &c, &d, supportBox,
               "touching: depth 0, any finite direction");
  /* Issue #25's pair: cubes of side 2, the second 1.9 above the first. */
  const box e = {{1, 1, 1}, {{0, 0, 0}}}, f = {{1, 1, 1}, {{0, 0, 1.9}}};
  bug |= check("3. issue #25: cubes of side 2 at (0,0,0) and (0,0,1.9), overlapping by 0.1", &e, &f, supportBox,
               "overlapping: depth 0.1 along (0, 0, 1) (the depth 0 is a second defect, not tested here)");
  printf(bug ? "BUG PRESENT\n" : "fixed\n");
  return bug ? 1 : 0;
}
