/* Box2D main (617d32ab): b2ShapeDistance's search direction for a segment simplex is ((w1 + w2) x e) x e,
 * whose length is 2 * distance * |e|^2: cubic in the size of the shapes. It underflows the overlap test
 * below about 1e-6 m and overflows float above about 1e6 m. Four cases, a point A and a horizontal
 * segment (or a triangle) B of size 2L at height L, each at the first size (a power of two) that fails:
 *   L = 2^-21  the direction's square 2^-120 < 1000 * FLT_MIN: a separated pair reported as overlapping
 *              (src/distance.c:519 at 617d32ab)
 *   L = 2^21   the direction 2^66 has a square above FLT_MAX: b2Normalize returns (0, 0), the radius is not
 *              applied and the witness points are the core points (src/distance.c:583, 606-607)
 *   L = 2^32   the support products 2^131 overflow to -inf, all vertices tie, the first is taken: GJK
 *              stops on a duplicate and reports the distance to the wrong feature (src/distance.c:157)
 *   L = 2^42   the direction 2^129 itself overflows to inf: the normal and both witness points are NaN
 * (src/distance.c:306, the same expression at :367, :378, :407). Half of each L gives the right answer.
 * Box2D v3.1.1 fails the same four cases (its overlap test, FLT_EPSILON^2, fires even earlier).
 * For each case the reproducer also prints the direction that Box2D 2.4.1 used (the perpendicular of e
 * towards the origin, length |e|, linear in size) and what the step then gives: labelled "fixed step".
 * Exits 1 while any of the four answers is wrong, 0 once all are right.
 *
 * Build against Box2D main built with Box2D's own CMake, e.g.
 *   cc -std=c17 repro.c -I box2d/include box2d/build/src/libbox2d.so -Wl,-rpath,box2d/build/src -lm -o repro */
#include <float.h>
#include <math.h>
#include <stdio.h>

#include "box2d/collision.h"
#include "box2d/math_functions.h"

static b2DistanceOutput distance(const b2Vec2* a, int countA, float radiusA, const b2Vec2* b, int countB) {
  b2DistanceInput input = {0};
  input.proxyA = b2MakeProxy(a, countA, radiusA);
  input.proxyB = b2MakeProxy(b, countB, 0.0f);
  input.transform = b2Transform_identity; /* main's API: B in A's frame */
  input.useRadii = true;
  b2SimplexCache cache = {0};
  return b2ShapeDistance(&input, &cache, NULL, 0);
}

static void print(const char* label, b2DistanceOutput o) {
  printf("%s b2ShapeDistance: distance %.9g, pointA (%.9g, %.9g), pointB (%.9g, %.9g), normal (%.9g, %.9g), iterations %d\n",
         label, o.distance, o.pointA.x, o.pointA.y, o.pointB.x, o.pointB.y, o.normal.x, o.normal.y, o.iterations);
}

/* The segment simplex every case reaches after one support step: w1 = A0 - B0, w2 = A0 - B1. */
static b2Vec2 box2dDirection(b2Vec2 w1, b2Vec2 w2) { /* src/distance.c:306 */
  b2Vec2 e = b2Sub(w2, w1);
  return b2CrossSV(b2Cross(b2Add(w1, w2), e), e);
}
static b2Vec2 fixedDirection(b2Vec2 w1, b2Vec2 w2) { /* Box2D 2.4.1's b2Simplex::GetSearchDirection */
  b2Vec2 e = b2Sub(w2, w1);
  float sign = b2Cross(e, b2Neg(w1));
  return sign > 0.0f ? b2LeftPerp(e) : b2RightPerp(e);
}

int main(void) {
  int bugs = 0;
  b2Vec2 origin[1] = {{0.0f, 0.0f}};

  /* 1. L = 2^-21: false overlap */
  {
    float L = 0x1p-21f;
    b2Vec2 b[2] = {{-L, L}, {L, L}};
    b2DistanceOutput o = distance(origin, 1, 0.0f, b, 2);
    printf("case 1 (case.case), point and segment, L = 2^-21 = %.9g m\n", L);
    print("  ", o);
    printf("   exact: separated, distance 4.76837158203125e-7 m (2^-21)\n");
    b2Vec2 w1 = b2Sub(origin[0], b[0]), w2 = b2Sub(origin[0], b[1]);
    b2Vec2 d = box2dDirection(w1, w2), f = fixedDirection(w1, w2);
    printf("   Box2D's direction (%.9g, %.9g), d.d = %.9g < 1000*FLT_MIN = %.9g: \"overlap\"\n", d.x, d.y, b2Dot(d, d), 1000.0f * FLT_MIN);
    printf("   fixed step: direction (%.9g, %.9g), d.d = %.9g, above the threshold: the loop goes on\n", f.x, f.y, b2Dot(f, f));
    if (o.distance == 0.0f) {
      printf("   BUG: separated shapes reported as overlapping (distance 0)\n");
      bugs += 1;
    }
  }

  /* 2. L = 2^21, A a circle of radius L/2: witness points not on the rounded surface */
  {
    float L = 0x1p21f;
    b2Vec2 b[2] = {{-L, L}, {L, L}};
    b2DistanceOutput o = distance(origin, 1, 0.5f * L, b, 2);
    printf("case 2 (case-witness-gap.case), circle of radius 2^20 and segment, L = 2^21 = %.9g m\n", L);
    print("  ", o);
    printf("   exact: separated, distance 1048576 m (2^20), closest points (0, 1048576) and (0, 2097152)\n");
    b2Vec2 w1 = b2Sub(origin[0], b[0]), w2 = b2Sub(origin[0], b[1]);
    b2Vec2 d = box2dDirection(w1, w2), f = fixedDirection(w1, w2);
    b2Vec2 nd = b2Normalize(d), nf = b2Normalize(f);
    printf("   Box2D's direction (%.9g, %.9g), d.d = %.9g: b2Normalize gives (%.9g, %.9g)\n", d.x, d.y, b2Dot(d, d), nd.x, nd.y);
    printf("   fixed step: direction (%.9g, %.9g), b2Normalize gives (%.9g, %.9g)\n", f.x, f.y, nf.x, nf.y);
    float gap = b2Distance(o.pointA, o.pointB);
    if (!(fabsf(gap - o.distance) <= 1e-3f * o.distance)) {
      printf("   BUG: |pointA - pointB| = %.9g but distance %.9g: the radius was not applied to the witness points\n", gap, o.distance);
      bugs += 1;
    }
  }

  /* 3. L = 2^32: the support products overflow, the wrong feature is kept */
  {
    float L = 0x1p32f;
    b2Vec2 b[3] = {{-L, L}, {L, L}, {0.0f, 0.5f * L}};
    b2DistanceOutput o = distance(origin, 1, 0.0f, b, 3);
    printf("case 3 (case-support-overflow.case), point and triangle, L = 2^32 = %.9g m\n", L);
    print("  ", o);
    printf("   exact: separated, distance 2147483648 m (2^31, to the vertex (0, 2^31))\n");
    b2Vec2 w1 = b2Sub(origin[0], b[0]), w2 = b2Sub(origin[0], b[1]);
    b2Vec2 d = box2dDirection(w1, w2), f = fixedDirection(w1, w2);
    printf("   Box2D's direction (%.9g, %.9g), support values of B along -d:", d.x, d.y);
    for (int i = 0; i < 3; ++i) printf(" %.9g", b2Dot(b[i], b2Neg(d)));
    printf(" (ties: the first vertex is kept)\n   fixed step: direction (%.9g, %.9g), support values of B along -d:", f.x, f.y);
    for (int i = 0; i < 3; ++i) printf(" %.9g", b2Dot(b[i], b2Neg(f)));
    printf(" (vertex 2 wins)\n");
    if (!(fabsf(o.distance - 0x1p31f) <= 1e-6f * 0x1p31f)) {
      printf("   BUG: distance %.9g instead of 2147483648\n", o.distance);
      bugs += 1;
    }
  }

  /* 4. L = 2^42: the direction overflows, NaN witness points */
  {
    float L = 0x1p42f;
    b2Vec2 b[2] = {{-L, L}, {L, L}};
    b2DistanceOutput o = distance(origin, 1, 0.0f, b, 2);
    printf("case 4 (case-non-finite.case), point and segment, L = 2^42 = %.9g m\n", L);
    print("  ", o);
    printf("   exact: separated, distance 4398046511104 m (2^42), closest points (0, 0) and (0, 4398046511104)\n");
    b2Vec2 w1 = b2Sub(origin[0], b[0]), w2 = b2Sub(origin[0], b[1]);
    b2Vec2 d = box2dDirection(w1, w2), f = fixedDirection(w1, w2);
    b2Vec2 nf = b2Normalize(f);
    printf("   Box2D's direction (%.9g, %.9g)\n", d.x, d.y);
    printf("   fixed step: direction (%.9g, %.9g), b2Normalize gives (%.9g, %.9g)\n", f.x, f.y, nf.x, nf.y);
    if (!isfinite(o.distance) || !isfinite(o.pointA.x) || !isfinite(o.pointA.y) || !isfinite(o.pointB.x) ||
        !isfinite(o.pointB.y)) {
      printf("   BUG: non-finite answer for finite input\n");
      bugs += 1;
    }
  }

  printf("%d of 4 cases wrong\n", bugs);
  return bugs > 0 ? 1 : 0;
}
