/* Box2D main (617d32ab): b2TimeOfImpact gives up with b2_toiStateFailed at fraction 0 on a sweep that passes
 * straight through A, because no float time brings the separation within its tolerance.
 *
 * src/distance.c at 617d32ab, b2TimeOfImpact (:1148): the root finder (:1346-1396) stops when
 * |s(t) - target| < tolerance (:1373, tolerance 0.25 * B2_LINEAR_SLOP = 1.25 mm). Here one float step of t near
 * 0.5 moves B by 2^-24 * 131072 = 7.8 mm, so no float t qualifies: after 50 iterations (:1392) t2 is left at
 * tMax, the push-back loop repeats that B2_MAX_POLYGON_VERTICES times (:1404), t1 never advances from 0, and after
 * k_maxIterations = 20 (:1180) "Root finder got stuck. Semi-victory." (:1415-1427) returns b2_toiStateFailed with
 * fraction t1 = 0. Box2D v3.1.1: the same, :1351, :1370, :1382, :1393-1400.
 *
 * A and B are 1 m boxes (b2MakeBox(0.5f, 0.5f)); B's sweep goes from (65536, 0) to (-65536, 0), no rotation.
 * Exact: the boxes touch at fraction 65535/131072 = 0.49999237. The reproducer also runs the fallback of
 * Box2D's continuous solver for a fraction of 0 (src/solver.c:347-360 at 617d32ab: a circle of radius
 * B2_CORE_FRACTION * minExtent = 0.125 at B's centroid).
 * Exits 1 while b2TimeOfImpact reports no usable hit (state other than hit), 0 once it reports the hit.
 *
 * Build against Box2D main built with Box2D's own CMake, e.g.
 *   cc -std=c17 repro.c -I box2d/include box2d/build/src/libbox2d.so -Wl,-rpath,box2d/build/src -lm -o repro */
#include <stdio.h>

#include "box2d/collision.h"
#include "box2d/math_functions.h"

static const char* stateName(b2TOIState s) {
  switch (s) {
    case b2_toiStateUnknown: return "unknown";
    case b2_toiStateFailed: return "failed";
    case b2_toiStateOverlapped: return "overlapped";
    case b2_toiStateHit: return "hit";
    case b2_toiStateSeparated: return "separated";
  }
  return "?";
}

static b2Sweep translation(b2Vec2 from, b2Vec2 to) {
  b2Sweep s = {b2Vec2_zero, from, to, b2Rot_identity, b2Rot_identity};
  return s;
}

int main(void) {
  b2Polygon box = b2MakeBox(0.5f, 0.5f);
  b2TOIInput input = {0};
  input.proxyA = b2MakeProxy(box.vertices, box.count, box.radius);
  input.proxyB = b2MakeProxy(box.vertices, box.count, box.radius);
  input.sweepA = translation(b2Vec2_zero, b2Vec2_zero);
  input.sweepB = translation((b2Vec2){65536.0f, 0.0f}, (b2Vec2){-65536.0f, 0.0f});
  input.maxFraction = 1.0f;
  b2TOIOutput out = b2TimeOfImpact(&input);
  printf("b2TimeOfImpact: state %s, fraction %.9g, point (%.9g, %.9g), normal (%.9g, %.9g)\n", stateName(out.state),
         out.fraction, out.point.x, out.point.y, out.normal.x, out.normal.y);

  b2Vec2 centre = b2Vec2_zero;
  b2TOIInput fallback = input;
  fallback.proxyB = b2MakeProxy(&centre, 1, 0.25f * 0.5f);
  b2TOIOutput f = b2TimeOfImpact(&fallback);
  printf("solver's fallback (circle of radius 0.125 at B's centre): state %s, fraction %.9g\n", stateName(f.state),
         f.fraction);
  printf("exact: first contact at fraction 65535/131072 = 0.49999237, normal (1, 0)\n");

  if (out.state != b2_toiStateHit) {
    printf("BUG: b2TimeOfImpact reports %s at fraction %.9g for a box that B passes through\n", stateName(out.state),
           out.fraction);
    return 1;
  }
  printf("fixed: hit at fraction %.9g\n", out.fraction);
  return 0;
}
