/* libccd 2.1's penetration queries as a gjkcheck 3D plugin (include/gjkcheck/strategy.h, gjkcheck_plugin3_info),
 * linked against Debian's libccd (libccd-dev 2.1, built with CCD_DOUBLE: ccd_real_t is double); this repository
 * compiles none of libccd. libccd has no distance query: both entries answer the penetration query only.
 *
 *   libccd-gjkepa  ccdGJKPenetration: GJK finds whether the shapes intersect, EPA expands its simplex to the depth,
 *                  the direction (the nearest polytope feature's witness, normalized) and a position.
 *   libccd-mpr     ccdMPRPenetration: Minkowski portal refinement from the two centres.
 *
 * The ccd_t is CCD_INIT's (ccd.h): first_dir ccdFirstDirDefault, max_iterations (unsigned long)-1 (no limit in
 * practice; EPA's expansion loop has none at all), epa_tolerance 1e-4, mpr_tolerance 1e-4, dist_tolerance 1e-6;
 * only the support and center callbacks are set. (libccd's README examples also set max_iterations = 100; CCD_INIT's
 * value is what a user gets who does not.)
 *
 * Shapes are written as libccd users write them (libccd's testsuites/support.c, ccdSupport): the search direction
 * is turned into the shape's frame by the inverse of its quaternion (ccdQuatInvert2, ccdQuatRotVec), the support
 * point is the local vertex of greatest dot product (the first of equal ones), turned back by the quaternion and
 * moved by the position. libccd takes any convex support function, so a radius is swept as a sphere: the support
 * point moves by radius * dir / |dir| (skipped, as testsuites' sphere does, when |dir|^2 is not above CCD_EPS):
 * one point with a radius is a sphere, two a capsule, more a rounded polytope. Nothing is refused for its shape.
 * The centre (MPR's starting portal) is the mean of the local vertices, placed: a point inside the shape, where
 * ccdObjCenter's position would lie outside a shape whose vertices are away from its frame's origin.
 *
 * Answer: ccd*Penetration returns -1 when the shapes do not intersect: separated. 0: overlapping, depth and dir as
 * libccd gives them ("if obj2 is translated by depth in direction dir the objects will have touching contact", so
 * dir points from A towards B, the contract's normal), and `pos`, the one "position where force should take a
 * place", as both contact points: the `merged` convention. Any other return (-2: libccd's failed allocation, which
 * its EPA also returns when expandPolytope fails) is refused with the code. No iterations or termination: the
 * penetration answer has none. */
#include <stdio.h>
#include <string.h>

#include <ccd/ccd.h>
#include <ccd/quat.h>

#include "gjkcheck/strategy.h"

#ifndef GJKCHECK_LIBCCD_VERSION
#define GJKCHECK_LIBCCD_VERSION "unknown"
#endif

#define MAX_VERTICES 64

typedef struct placed_shape {
  int count;
  ccd_vec3_t local[MAX_VERTICES];
  ccd_real_t radius;
  ccd_quat_t rotation;
  ccd_quat_t inverse;
  ccd_vec3_t position;
  ccd_vec3_t centre; /* mean of the local vertices */
} placed_shape;

static int place(const gjkcheck_shape3* shape, placed_shape* out) {
  if (shape->count < 1 || shape->count > MAX_VERTICES || !(shape->radius >= 0)) {
    fprintf(stderr, "libccd plugin: a shape of %d vertices, radius %g (the ABI gives 1..64, radius >= 0)\n",
            shape->count, (double)shape->radius);
    return 0;
  }
  out->count = shape->count;
  ccdVec3Set(&out->centre, CCD_ZERO, CCD_ZERO, CCD_ZERO);
  for (int i = 0; i < shape->count; ++i) {
    ccdVec3Set(&out->local[i], shape->vertices[3 * i], shape->vertices[3 * i + 1], shape->vertices[3 * i + 2]);
    ccdVec3Add(&out->centre, &out->local[i]);
  }
  ccdVec3Scale(&out->centre, CCD_ONE / shape->count);
  out->radius = shape->radius;
  /* ccd_quat_t is (x, y, z, w); the case's quaternion is (w, x, y, z), as given. */
  ccdQuatSet(&out->rotation, shape->rotation[1], shape->rotation[2], shape->rotation[3], shape->rotation[0]);
  ccdQuatInvert2(&out->inverse, &out->rotation);
  ccdVec3Set(&out->position, shape->position[0], shape->position[1], shape->position[2]);
  return 1;
}

static void support(const void* object, const ccd_vec3_t* direction, ccd_vec3_t* v) {
  const placed_shape* shape = (const placed_shape*)object;
  ccd_vec3_t dir;
  ccdVec3Copy(&dir, direction);
  ccdQuatRotVec(&dir, &shape->inverse);
  int best = 0;
  ccd_real_t bestDot = ccdVec3Dot(&dir, &shape->local[0]);
  for (int i = 1; i < shape->count; ++i) {
    const ccd_real_t dot = ccdVec3Dot(&dir, &shape->local[i]);
    if (dot > bestDot) {
      best = i;
      bestDot = dot;
    }
  }
  ccdVec3Copy(v, &shape->local[best]);
  const ccd_real_t length2 = ccdVec3Len2(&dir);
  if (shape->radius > CCD_ZERO && length2 - CCD_EPS > CCD_ZERO) {
    ccd_vec3_t sweep;
    ccdVec3Copy(&sweep, &dir);
    ccdVec3Scale(&sweep, shape->radius / CCD_SQRT(length2));
    ccdVec3Add(v, &sweep);
  }
  ccdQuatRotVec(v, &shape->rotation);
  ccdVec3Add(v, &shape->position);
}

static void centre(const void* object, ccd_vec3_t* c) {
  const placed_shape* shape = (const placed_shape*)object;
  ccdVec3Copy(c, &shape->centre);
  ccdQuatRotVec(c, &shape->rotation);
  ccdVec3Add(c, &shape->position);
}

typedef int (*penetration_fn)(const void*, const void*, const ccd_t*, ccd_real_t*, ccd_vec3_t*, ccd_vec3_t*);

static int penetrationWith(penetration_fn query, const char* name, const gjkcheck_shape3* a, const gjkcheck_shape3* b,
                           gjkcheck_penetration_answer3* answer) {
  /* About 1.6 KB each, kept off the stack; the plugin host asks one query at a time. */
  static placed_shape shapeA, shapeB;
  if (!place(a, &shapeA) || !place(b, &shapeB)) return 1;
  ccd_t ccd;
  CCD_INIT(&ccd);
  ccd.support1 = support;
  ccd.support2 = support;
  ccd.center1 = centre;
  ccd.center2 = centre;
  ccd_real_t depth = CCD_ZERO;
  ccd_vec3_t dir, pos;
  ccdVec3Set(&dir, CCD_ZERO, CCD_ZERO, CCD_ZERO);
  ccdVec3Set(&pos, CCD_ZERO, CCD_ZERO, CCD_ZERO);
  const int result = query(&shapeA, &shapeB, &ccd, &depth, &dir, &pos);
  memset(answer, 0, sizeof *answer);
  if (result == -1) return 0; /* no intersection: separated */
  if (result != 0) {
    fprintf(stderr, "libccd plugin: %s returned %d\n", name, result);
    return 1;
  }
  answer->overlapping = 1;
  answer->depth = depth;
  for (int i = 0; i < 3; ++i) {
    answer->normal[i] = dir.v[i];
    answer->point_a[i] = pos.v[i];
    answer->point_b[i] = pos.v[i];
  }
  return 0;
}

static int gjkEpaPenetration(const gjkcheck_shape3* a, const gjkcheck_shape3* b, gjkcheck_penetration_answer3* answer) {
  return penetrationWith(ccdGJKPenetration, "ccdGJKPenetration", a, b, answer);
}

static int mprPenetration(const gjkcheck_shape3* a, const gjkcheck_shape3* b, gjkcheck_penetration_answer3* answer) {
  return penetrationWith(ccdMPRPenetration, "ccdMPRPenetration", a, b, answer);
}

static const gjkcheck_entry3 entries[] = {
    {"libccd-gjkepa",
     "libccd " GJKCHECK_LIBCCD_VERSION " ccdGJKPenetration (GJK + EPA), CCD_INIT defaults, support of the placed "
     "vertices swept by the radius; double",
     "f64", "merged", NULL, gjkEpaPenetration},
    {"libccd-mpr",
     "libccd " GJKCHECK_LIBCCD_VERSION " ccdMPRPenetration (MPR), CCD_INIT defaults, centre the vertices' mean; double",
     "f64", "merged", NULL, mprPenetration},
};

static const gjkcheck_plugin3 plugin = {GJKCHECK_PLUGIN_ABI, "libccd", GJKCHECK_LIBCCD_VERSION,
                                        (int)(sizeof entries / sizeof entries[0]), entries};

__attribute__((visibility("default"))) const gjkcheck_plugin3* gjkcheck_plugin3_info(void) {
  return &plugin;
}
