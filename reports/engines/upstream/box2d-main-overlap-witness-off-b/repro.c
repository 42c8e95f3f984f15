/* Box2D main (617d32ab): on overlap, b2ShapeDistance returns pointB = pointA, A's weighted simplex point,
 * which can lie off B: src/distance.c:234-238 at 617d32ab (b2ComputeWitnessPoints, case 3:
 * "todo why are these not equal?", *b = *a). The weights come from b2SolveSimplex3 (:346-350, :411-414);
 * for a thin simplex triangle they carry a relative error of ~1e-5 from the cancellation in
 * b2Cross( w2, w3 ), and A's and B's weighted points then differ by that error times the triangle's size.
 * Box2D v3.1.1 is the same (src/distance.c:231-235 at v3.1.1).
 *
 * A is the 10 m segment (-4, -3)-(4, 3); B the 4.4 mm segment (-1.8740234375, -1.4052734375)-
 * (-1.8720703125, -1.4091796875), which crosses A at (-5277/2816, -15831/11264). The reproducer prints
 * Box2D's answer, how far its pointB is from B, and ("fixed step") B's weighted point with Box2D's own
 * float weights, recomputed from the returned simplex cache: the line :237 that is commented out.
 * Exits 1 while pointB is more than 1e-5 m (about 40 u) from B, 0 once it is on B.
 *
 * Build against Box2D main built with Box2D's own CMake, e.g.
 *   cc -std=c17 repro.c -I box2d/include box2d/build/src/libbox2d.so -Wl,-rpath,box2d/build/src -lm -o repro */
#include <math.h>
#include <stdio.h>

#include "box2d/collision.h"
#include "box2d/math_functions.h"

/* Distance from p to the segment a-b, in double. */
static double segmentDistance(b2Vec2 p, b2Vec2 a, b2Vec2 b) {
  double ex = (double)b.x - a.x, ey = (double)b.y - a.y, px = (double)p.x - a.x, py = (double)p.y - a.y;
  double t = (px * ex + py * ey) / (ex * ex + ey * ey);
  t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
  return hypot(px - t * ex, py - t * ey);
}

int main(void) {
  b2Vec2 a[2] = {{-4.0f, -3.0f}, {4.0f, 3.0f}};
  b2Vec2 b[2] = {{-1.8740234375f, -1.4052734375f}, {-1.8720703125f, -1.4091796875f}};
  b2DistanceInput input = {0};
  input.proxyA = b2MakeProxy(a, 2, 0.0f);
  input.proxyB = b2MakeProxy(b, 2, 0.0f);
  input.transform = b2Transform_identity; /* main's API: B in A's frame */
  input.useRadii = true;
  b2SimplexCache cache = {0};
  b2DistanceOutput o = b2ShapeDistance(&input, &cache, NULL, 0);

  printf("b2ShapeDistance: distance %.9g, pointA (%.9g, %.9g), pointB (%.9g, %.9g), simplex (cache) count %d\n",
         o.distance, o.pointA.x, o.pointA.y, o.pointB.x, o.pointB.y, cache.count);
  printf("exact: overlapping, the segments cross at (-5277/2816, -15831/11264) = (-1.87393466, -1.40545099)\n");
  double offB = segmentDistance(o.pointB, b[0], b[1]), offA = segmentDistance(o.pointA, a[0], a[1]);
  printf("pointA is %.3g m from A; pointB is %.3g m from B\n", offA, offB);

  if (cache.count == 3) {
    /* b2SolveSimplex3's weights for the returned simplex, as Box2D computes them in float. */
    b2Vec2 wA[3], wB[3], w[3];
    for (int i = 0; i < 3; ++i) {
      wA[i] = a[cache.indexA[i]];
      wB[i] = b[cache.indexB[i]];
      w[i] = b2Sub(wA[i], wB[i]);
    }
    float n123 = b2Cross(b2Sub(w[1], w[0]), b2Sub(w[2], w[0]));
    float d1 = n123 * b2Cross(w[1], w[2]), d2 = n123 * b2Cross(w[2], w[0]), d3 = n123 * b2Cross(w[0], w[1]);
    float inv = 1.0f / (d1 + d2 + d3);
    float w1 = d1 * inv, w2 = d2 * inv, w3 = d3 * inv;
    b2Vec2 pA = {w1 * wA[0].x + w2 * wA[1].x + w3 * wA[2].x, w1 * wA[0].y + w2 * wA[1].y + w3 * wA[2].y};
    b2Vec2 pB = {w1 * wB[0].x + w2 * wB[1].x + w3 * wB[2].x, w1 * wB[0].y + w2 * wB[1].y + w3 * wB[2].y};
    printf("Box2D's weights (%.9g, %.9g, %.9g) (exact 0.734241832, 0.0454545455, 0.220303622); A's weighted point (%.9g, %.9g)\n",
           w1, w2, w3, pA.x, pA.y);
    printf("fixed step (pointB = B's weighted point, the commented-out line): (%.9g, %.9g), %.3g m from B\n", pB.x, pB.y,
           segmentDistance(pB, b[0], b[1]));
  }

  if (offB > 1e-5) {
    printf("BUG: pointB is %.3g m off shape B\n", offB);
    return 1;
  }
  printf("fixed: pointB lies on B\n");
  return 0;
}
