/* Box2D v3's b2ShapeDistance as a gjkcheck plugin (include/gjkcheck/strategy.h), compiled by
 * adapters/box2d-v3/build-plugin and linked against a Box2D v3 library the user built with Box2D's own
 * build (nothing of Box2D is in this repository, and this repository compiles none of it). Two entries, both float as Box2D is (proxy is the first, run by `plugin:OUT`):
 *
 *   polygon  shapes made as Box2D v3 users make polygons: b2ComputeHull of the points, then
 *            b2MakePolygon(&hull, radius), then b2MakeProxy(polygon.vertices, polygon.count,
 *            polygon.radius) (samples/sample_benchmark.cpp's ShapeDistance benchmark does exactly this).
 *            One point or two are a circle or a capsule, which users give to b2MakeProxy directly
 *            (b2MakeProxy(&circle.center, 1, radius), b2MakeProxy(&capsule.center1, 2, radius)).
 *            When b2ComputeHull finds no hull (more than B2_MAX_POLYGON_VERTICES points, fewer than 3
 *            left after welding points closer than 4 B2_LINEAR_SLOP, all collinear) the query is
 *            refused: a user's shape could not be made.
 *   proxy    the raw points: b2MakeProxy(points, count, radius), as Box2D's own tests do
 *            (test/test_distance.c ShapeDistanceShortEdgeTest). More than B2_MAX_POLYGON_VERTICES
 *            points are refused (b2MakeProxy would drop the rest).
 *
 * The query is b2ShapeDistance with useRadii = true and a cold cache. Rotations are the case's (c, s)
 * pair set on b2Rot as given, as the built-in strategies box2d-v3.1 and box2d-v3 do. Box2D v3's
 * b2DistanceInput changed after v3.1.1: build-plugin detects which one the headers have and defines
 * GJKCHECK_BOX2D_RELATIVE_TRANSFORM for the newer one (main: one transform, B in A's frame, output in
 * A's frame), which this file then feeds as a user does and as the built-in box2d-v3 does:
 * transform = b2InvMulTransforms(xfA, xfB), world points = b2TransformPoint(xfA, output point).
 * Contact convention: on-shapes (docs/strategies.md, box2d-v3.1). Box2D does not report why the loop
 * stopped, so termination is "unreported"; iterations is b2DistanceOutput.iterations (0 on Box2D's
 * overlap returns). */
#include <stdio.h>

#include "box2d/collision.h"
#include "box2d/math_functions.h"
#include "gjkcheck/strategy.h"

#ifndef GJKCHECK_BOX2D_VERSION
#define GJKCHECK_BOX2D_VERSION "unknown"
#endif

#if defined(__GNUC__)
#define GJKCHECK_EXPORT __attribute__((visibility("default")))
#else
#define GJKCHECK_EXPORT
#endif

static b2Transform shapeTransform(const gjkcheck_shape* shape) {
  b2Transform xf;
  xf.p.x = shape->position[0];
  xf.p.y = shape->position[1];
  xf.q.c = shape->rotation[0]; /* not b2MakeRot(angle): the pair is used exactly as given */
  xf.q.s = shape->rotation[1];
  return xf;
}

/* The shape's points as b2Vec2; returns 0 when there are more than B2_MAX_POLYGON_VERTICES. */
static int shapePoints(const gjkcheck_shape* shape, b2Vec2* points) {
  if (shape->count < 1 || shape->count > B2_MAX_POLYGON_VERTICES) {
    fprintf(stderr, "box2d-v3 plugin: %d points; Box2D takes 1..%d\n", shape->count, B2_MAX_POLYGON_VERTICES);
    return 0;
  }
  for (int i = 0; i < shape->count; ++i) {
    points[i].x = shape->vertices[2 * i];
    points[i].y = shape->vertices[2 * i + 1];
  }
  return 1;
}

/* proxy entry: the raw points. */
static int rawProxy(const gjkcheck_shape* shape, b2ShapeProxy* proxy) {
  b2Vec2 points[B2_MAX_POLYGON_VERTICES];
  if (!shapePoints(shape, points)) return 0;
  *proxy = b2MakeProxy(points, shape->count, shape->radius);
  return 1;
}

/* polygon entry: b2ComputeHull, b2MakePolygon with the radius, b2MakeProxy of the polygon. */
static int polygonProxy(const gjkcheck_shape* shape, b2ShapeProxy* proxy) {
  b2Vec2 points[B2_MAX_POLYGON_VERTICES];
  if (!shapePoints(shape, points)) return 0;
  if (shape->count <= 2) {
    *proxy = b2MakeProxy(points, shape->count, shape->radius); /* a circle or a capsule */
    return 1;
  }
  b2Hull hull = b2ComputeHull(points, shape->count);
  if (hull.count == 0) {
    fprintf(stderr, "box2d-v3 plugin: b2ComputeHull found no hull for %d points\n", shape->count);
    return 0;
  }
  b2Polygon polygon = b2MakePolygon(&hull, shape->radius);
  *proxy = b2MakeProxy(polygon.vertices, polygon.count, polygon.radius);
  return 1;
}

static int shapeDistance(const b2ShapeProxy* proxyA, const b2ShapeProxy* proxyB, const gjkcheck_shape* a,
                         const gjkcheck_shape* b, gjkcheck_distance_answer* answer) {
  b2Transform xfA = shapeTransform(a);
  b2Transform xfB = shapeTransform(b);
  b2DistanceInput input = {0};
  input.proxyA = *proxyA;
  input.proxyB = *proxyB;
#if GJKCHECK_BOX2D_RELATIVE_TRANSFORM
  input.transform = b2InvMulTransforms(xfA, xfB);
#else
  input.transformA = xfA;
  input.transformB = xfB;
#endif
  input.useRadii = true;
  b2SimplexCache cache = {0};
  b2DistanceOutput output = b2ShapeDistance(&input, &cache, NULL, 0);
#if GJKCHECK_BOX2D_RELATIVE_TRANSFORM
  output.pointA = b2TransformPoint(xfA, output.pointA); /* A's frame -> world */
  output.pointB = b2TransformPoint(xfA, output.pointB);
#endif
  answer->distance = output.distance;
  answer->point_a[0] = output.pointA.x;
  answer->point_a[1] = output.pointA.y;
  answer->point_b[0] = output.pointB.x;
  answer->point_b[1] = output.pointB.y;
  answer->iterations = output.iterations;
  snprintf(answer->termination, sizeof answer->termination, "unreported");
  return 0;
}

static int polygonDistance(const gjkcheck_shape* a, const gjkcheck_shape* b, gjkcheck_distance_answer* answer) {
  b2ShapeProxy proxyA, proxyB;
  if (!polygonProxy(a, &proxyA) || !polygonProxy(b, &proxyB)) return 1;
  return shapeDistance(&proxyA, &proxyB, a, b, answer);
}

static int proxyDistance(const gjkcheck_shape* a, const gjkcheck_shape* b, gjkcheck_distance_answer* answer) {
  b2ShapeProxy proxyA, proxyB;
  if (!rawProxy(a, &proxyA) || !rawProxy(b, &proxyB)) return 1;
  return shapeDistance(&proxyA, &proxyB, a, b, answer);
}

/* proxy first: `plugin:OUT` alone runs it, the way Box2D's own short-edge test feeds the plank (which
 * b2ComputeHull would weld away). */
static const gjkcheck_entry entries[] = {
    {"proxy", "Box2D " GJKCHECK_BOX2D_VERSION " b2ShapeDistance on b2MakeProxy of the raw points, float", "f32",
     "on-shapes", proxyDistance},
    {"polygon",
     "Box2D " GJKCHECK_BOX2D_VERSION " b2ShapeDistance on b2ComputeHull + b2MakePolygon(radius) + b2MakeProxy, float",
     "f32", "on-shapes", polygonDistance},
};

static const gjkcheck_plugin plugin = {GJKCHECK_PLUGIN_ABI, "box2d", GJKCHECK_BOX2D_VERSION,
                                       (int)(sizeof entries / sizeof entries[0]), entries};

GJKCHECK_EXPORT const gjkcheck_plugin* gjkcheck_plugin_info(void) {
  return &plugin;
}

/* ---- Cast entries (include/gjkcheck/strategy.h gjkcheck_plugin_cast_info): shape-cast and toi ----
 *
 * Both on the proxy entry's shapes (b2MakeProxy of the case's points, as Box2D's own tests give b2ShapeCast its
 * proxies), A still and B moved by the translation. Not the polygon entry's: b2ComputeHull welds points within
 * 2 B2_LINEAR_SLOP of the line through their neighbours (hull.c), so the engine would cast another polygon than
 * the case's and be judged against the case's.
 *   shape-cast  b2ShapeCast with maxFraction 1 and canEncroach false. v3.1.1 takes world transforms and answers in
 *               the world; main takes B's pose in A's frame (transform = b2InvMulTransforms(xfA, xfB), translation
 *               b2InvRotateVector(xfA.q, translation)) and answers in A's frame (point b2TransformPoint(xfA, .),
 *               normal b2RotateVector(xfA.q, .)). hit is output.hit at output.fraction; an initial overlap is Box2D's
 *               hit at fraction 0 with a zero normal. Termination "hit" or "no-hit"; iterations output.iterations.
 *   toi         b2TimeOfImpact with maxFraction 1 on sweeps of pure translation: localCenter 0, c1 the position,
 *               c2 = c1 + translation (A: c2 = c1), q1 = q2 the case's (c, s) pair. The state is the termination
 *               ("hit", "overlapped", "separated", "failed", "unknown"); b2_toiStateHit is a hit at output.fraction,
 *               b2_toiStateOverlapped a hit at 0, b2_toiStateFailed a hit at output.fraction when 0 < fraction < 1 (as
 *               Box2D's own continuous solver reads any such fraction, src/solver.c:346-350 at v3.1.1), the rest no
 *               hit. Normal and point: main's b2TOIOutput gives them (world); on v3.1.1, b2ShapeDistance (useRadii
 *               false) at b2GetSweepTransform(., fraction): its normal, and the point on the segment between the
 *               core witnesses described at the point's computation below. */

static int castRefused(gjkcheck_cast_answer* answer) {
  (void)answer;
  return 1;
}

static int shapeCastEntry(const gjkcheck_shape* a, const gjkcheck_shape* b, const float translation[2],
                          gjkcheck_cast_answer* answer) {
  b2ShapeProxy proxyA, proxyB;
  if (!rawProxy(a, &proxyA) || !rawProxy(b, &proxyB)) return castRefused(answer);
  b2Transform xfA = shapeTransform(a);
  b2Transform xfB = shapeTransform(b);
  b2Vec2 delta = {translation[0], translation[1]};
  b2ShapeCastPairInput input = {0};
  input.proxyA = proxyA;
  input.proxyB = proxyB;
#if GJKCHECK_BOX2D_RELATIVE_TRANSFORM
  input.transform = b2InvMulTransforms(xfA, xfB);
  input.translationB = b2InvRotateVector(xfA.q, delta);
#else
  input.transformA = xfA;
  input.transformB = xfB;
  input.translationB = delta;
#endif
  input.maxFraction = 1.0f;
  input.canEncroach = false;
  b2CastOutput output = b2ShapeCast(&input);
#if GJKCHECK_BOX2D_RELATIVE_TRANSFORM
  output.point = b2TransformPoint(xfA, output.point);
  output.normal = b2RotateVector(xfA.q, output.normal);
#endif
  answer->hit = output.hit ? 1 : 0;
  answer->fraction = output.hit ? output.fraction : 1.0;
  answer->normal[0] = output.normal.x;
  answer->normal[1] = output.normal.y;
  answer->point[0] = output.point.x;
  answer->point[1] = output.point.y;
  answer->iterations = output.iterations;
  snprintf(answer->termination, sizeof answer->termination, "%s", output.hit ? "hit" : "no-hit");
  return 0;
}

static b2Sweep translationSweep(const gjkcheck_shape* shape, float dx, float dy) {
  b2Sweep sweep;
  sweep.localCenter = b2Vec2_zero;
  sweep.c1.x = shape->position[0];
  sweep.c1.y = shape->position[1];
  sweep.c2.x = shape->position[0] + dx;
  sweep.c2.y = shape->position[1] + dy;
  sweep.q1.c = shape->rotation[0];
  sweep.q1.s = shape->rotation[1];
  sweep.q2 = sweep.q1;
  return sweep;
}

static int toiEntry(const gjkcheck_shape* a, const gjkcheck_shape* b, const float translation[2],
                    gjkcheck_cast_answer* answer) {
  b2TOIInput input = {0};
  if (!rawProxy(a, &input.proxyA) || !rawProxy(b, &input.proxyB)) return castRefused(answer);
  input.sweepA = translationSweep(a, 0.0f, 0.0f);
  input.sweepB = translationSweep(b, translation[0], translation[1]);
  input.maxFraction = 1.0f;
  b2TOIOutput output = b2TimeOfImpact(&input);
  const char* state = "unknown";
  int hit = 0;
  float fraction = output.fraction;
  switch (output.state) {
    case b2_toiStateHit: state = "hit"; hit = 1; break;
    case b2_toiStateOverlapped: state = "overlapped"; hit = 1; fraction = 0.0f; break;
    case b2_toiStateSeparated: state = "separated"; break;
    case b2_toiStateFailed: state = "failed"; hit = 0.0f < fraction && fraction < 1.0f; break;
    default: break;
  }
  answer->hit = hit;
  answer->fraction = fraction;
  answer->iterations = -1;
  snprintf(answer->termination, sizeof answer->termination, "%s", state);
  if (!hit) return 0;
#if GJKCHECK_BOX2D_RELATIVE_TRANSFORM
  answer->normal[0] = output.normal.x;
  answer->normal[1] = output.normal.y;
  answer->point[0] = output.point.x;
  answer->point[1] = output.point.y;
#else
  b2DistanceInput distanceInput = {0};
  distanceInput.proxyA = input.proxyA;
  distanceInput.proxyB = input.proxyB;
  distanceInput.transformA = b2GetSweepTransform(&input.sweepA, fraction);
  distanceInput.transformB = b2GetSweepTransform(&input.sweepB, fraction);
  distanceInput.useRadii = false;
  b2SimplexCache cache = {0};
  b2DistanceOutput distance = b2ShapeDistance(&distanceInput, &cache, NULL, 0);
  if (distance.distance > 0.0f) {
    answer->normal[0] = distance.normal.x;
    answer->normal[1] = distance.normal.y;
    /* On the segment from A's core witness to B's (length g), at s from A's: between the two surfaces where the
     * rounded shapes are apart, the middle of the part within both where the target leaves them overlapping
     * (g < rA + rB): s = (min(max(g - rB, 0), g) + min(max(rA, 0), g)) / 2, as the 2.4.1-line adapters do. */
    const float g = distance.distance;
    const float s = 0.5f * (b2MinFloat(b2MaxFloat(g - input.proxyB.radius, 0.0f), g) +
                            b2MinFloat(b2MaxFloat(input.proxyA.radius, 0.0f), g));
    b2Vec2 point = b2MulAdd(distance.pointA, s, distance.normal);
    answer->point[0] = point.x;
    answer->point[1] = point.y;
  } else {
    answer->point[0] = distance.pointA.x;
    answer->point[1] = distance.pointA.y;
  }
#endif
  return 0;
}

static const gjkcheck_cast_entry castEntries[] = {
    {"shape-cast",
     "Box2D " GJKCHECK_BOX2D_VERSION " b2ShapeCast (conservative advancement) on b2MakeProxy of the raw points, float",
     "f32", "on-shapes", "box2d-v3-f32", shapeCastEntry},
    {"toi", "Box2D " GJKCHECK_BOX2D_VERSION " b2TimeOfImpact, pure-translation sweeps, on b2MakeProxy of the raw points, float",
     "f32", "on-shapes", "box2d-v3-toi-f32", toiEntry},
};

static const gjkcheck_cast_plugin castPlugin = {GJKCHECK_PLUGIN_ABI, (int)(sizeof castEntries / sizeof castEntries[0]),
                                                castEntries};

GJKCHECK_EXPORT const gjkcheck_cast_plugin* gjkcheck_plugin_cast_info(void) {
  return &castPlugin;
}
