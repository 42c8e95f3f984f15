// Strategy `box2d-ts`: @box2d/core's b2Distance (lusito/box2d.ts, a TypeScript port of Box2D 2.4.1,
// double), version pinned by package-lock.json. Source read: node_modules/@box2d/core/dist/collision/
// b2_distance.js (b2Distance, b2DistanceProxy, b2SimplexCache), b2_polygon_shape.js (Set -> b2ComputeHull
// in b2_collision.js), b2_circle_shape.js, b2_edge_shape.js, common/b2_common.js (b2_epsilon = 1e-5,
// not FLT_EPSILON) and config.js (maxPolygonVertices = 8).
//
// Shapes are made as box2d.ts users make them: a polygon is a b2PolygonShape from Set(points) (which
// runs b2ComputeHull: welding closer than 4 linearSlop = 0.02, at most 8 points, quickhull), a point a
// b2CircleShape, a segment a b2EdgeShape from SetTwoSided. The radius of a rounded shape is the shape's
// m_radius (the polygon skin b2_polygonRadius = 0.01 by default, replaced by the case's radius). The
// proxies come from b2DistanceProxy.SetShape, the query is b2Distance(output, cache, input) with a cold
// b2SimplexCache and useRadii = true. The rotation is the case's (c, s) set on b2Transform.q as given.
//
// Refusals: b2PolygonShape.Set returns false when b2ComputeHull finds no hull (more than 8 points,
// fewer than 3 left after welding, or all nearly collinear); the query is then refused, as a user's
// Set would have failed. So is one whose welding cut a corner off the shape (a point of the case outside
// the polygon b2ComputeHull built, hull_check.mjs): the answer would be for another polygon.
import { createRequire } from "node:module";

import { holdsEveryPoint } from "./hull_check.mjs";
import { packageVersion } from "./protocol.mjs";

// @box2d/core, loaded afresh: every module of the package evaluated again, none of the state of the last
// load kept (its module-level temporaries included). After a crash (b2ComputeHull's recursion overflows the
// stack on points near 1e19) the query is answered `crash` and the next one runs on a fresh load (docs/
// workers.md), in tens of milliseconds instead of a new node.
const require = createRequire(import.meta.url);
const PACKAGE_FOLDER = require.resolve("@box2d/core").replace(/dist[/\\]index\.js$/, "");
function freshBox2d() {
  for (const file of Object.keys(require.cache)) {
    if (file.startsWith(PACKAGE_FOLDER)) delete require.cache[file];
  }
  return require("@box2d/core");
}
let B = freshBox2d();

function localPoints(shape) {
  const points = [];
  for (let i = 0; i < shape.vertices.length; i += 2) points.push(new B.b2Vec2(shape.vertices[i], shape.vertices[i + 1]));
  return points;
}

function makeShape(shape) {
  const points = localPoints(shape);
  let made;
  if (points.length === 1) {
    made = new B.b2CircleShape(shape.radius);
    made.Set(points[0], shape.radius);
  } else if (points.length === 2) {
    made = new B.b2EdgeShape();
    made.SetTwoSided(points[0], points[1]);
  } else {
    made = new B.b2PolygonShape();
    if (!made.Set(points)) {
      return { refused: `box2d-ts b2PolygonShape.Set: b2ComputeHull found no hull for ${points.length} points` };
    }
    if (!holdsEveryPoint(made.m_vertices.slice(0, made.m_count), points)) {
      return { refused: "box2d-ts b2ComputeHull welded points closer than 0.02 and lost a corner of the shape" };
    }
  }
  made.m_radius = shape.radius;
  return { made };
}

function setTransform(xf, shape) {
  xf.p.Set(shape.position[0], shape.position[1]);
  xf.q.c = shape.rotation[0];
  xf.q.s = shape.rotation[1];
}

export const engine = {
  name: "box2d-ts",
  scalar: "f64",
  contact: "merged",
  queries: "distance",
  version: `@box2d/core ${packageVersion("@box2d/core")} (npm; pinned by adapters/js/package-lock.json)`,
  // A stack overflow in the package (b2ComputeHull's recursion) is a crash of this query; the next query
  // runs on a fresh load of the package.
  crashed: (error) => error instanceof RangeError && /call stack/i.test(error.message),
  async recover() {
    B = freshBox2d();
  },
  distance(a, b) {
    const shapeA = makeShape(a);
    if (shapeA.refused) return shapeA;
    const shapeB = makeShape(b);
    if (shapeB.refused) return shapeB;
    const input = new B.b2DistanceInput();
    input.proxyA.SetShape(shapeA.made, 0);
    input.proxyB.SetShape(shapeB.made, 0);
    setTransform(input.transformA, a);
    setTransform(input.transformB, b);
    input.useRadii = true;
    const cache = new B.b2SimplexCache();
    const output = new B.b2DistanceOutput();
    B.b2Distance(output, cache, input);
    return {
      distance: output.distance,
      pointA: [output.pointA.x, output.pointA.y],
      pointB: [output.pointB.x, output.pointB.y],
      iterations: output.iterations,
      termination: "unreported",
    };
  },
};

// Strategies `box2d-ts-cast` and `box2d-ts-toi` (issue 22): @box2d/core's b2ShapeCast and b2TimeOfImpact, ports
// of Box2D 2.4.1's (node_modules/@box2d/core/dist/collision/b2_distance.js:643-752, b2_time_of_impact.js:
// 247-400). The shapes and their poses are the distance query's (makeShape, setTransform); A stays put and B
// moves by t * translation, t in [0, 1]; box2d-ts-toi's B also turns by t * angular on a rotating case (its sweep
// holds an angle; b2ShapeCast takes a translation only). docs/engines.md ("Cast") gives the bands, how each output is read, and
// where this port's contact point lies (on B's side: its b2ShapeCast reads the witness points in the other
// order than Box2D's, b2_distance.js:741).
function castShapes(a, b) {
  const shapeA = makeShape(a);
  if (shapeA.refused) return shapeA;
  const shapeB = makeShape(b);
  if (shapeB.refused) return shapeB;
  return { shapeA: shapeA.made, shapeB: shapeB.made };
}

// b2ShapeCast: true is a hit at lambda; false with output.iterations 0 is the source's initial-overlap return
// (b2_distance.js:734-737), a hit at 0 with no normal; any other false is no hit (b2_distance.js:691, 695, 727).
function shapeCast(a, b, translation) {
  const shapes = castShapes(a, b);
  if (shapes.refused) return shapes;
  const input = new B.b2ShapeCastInput();
  input.proxyA.SetShape(shapes.shapeA, 0);
  input.proxyB.SetShape(shapes.shapeB, 0);
  setTransform(input.transformA, a);
  setTransform(input.transformB, b);
  input.translationB.Set(translation[0], translation[1]);
  const output = new B.b2ShapeCastOutput();
  const hit = B.b2ShapeCast(output, input);
  if (hit) {
    return { hit: true, fraction: output.lambda, normal: [output.normal.x, output.normal.y],
             point: [output.point.x, output.point.y], iterations: output.iterations, termination: "hit" };
  }
  if (output.iterations === 0) {
    return { hit: true, fraction: 0, normal: [0, 0], point: [0, 0], iterations: 0, termination: "initial-overlap" };
  }
  return { hit: false, fraction: 1, normal: [0, 0], point: [0, 0], iterations: output.iterations, termination: "no-hit" };
}

// The sweep of a shape moved by `translation` and turned by `angular` radians over the step: the body's origin at
// the shape's position (localCenter 0), so the turn is about that position as the case's is; the start angle
// atan2(s, c) of the case's rotation (a b2Sweep holds an angle; the port takes its cos and sin again), the end
// angle a0 + angular. b2Sweep.GetTransform (dist/common/b2_math.js:1110-1119) interpolates both linearly, the angle
// as (1 - beta) * a0 + beta * a, so the pose at t is the case's B(t) = Rot(t * angular) R0 at position + t *
// translation (within the rounding of the angle and of its cos and sin).
function sweepOf(sweep, shape, translation, angular = 0) {
  sweep.localCenter.Set(0, 0);
  sweep.c0.Set(shape.position[0], shape.position[1]);
  sweep.c.Set(shape.position[0] + translation[0], shape.position[1] + translation[1]);
  sweep.a0 = Math.atan2(shape.rotation[1], shape.rotation[0]);
  sweep.a = sweep.a0 + angular;
  sweep.alpha0 = 0;
}

// b2TimeOfImpact with tMax = 1: e_touching is a hit at t, e_overlapped a hit at 0 (the source sets t = 0), the
// other states no hit (as Box2D's b2World reads them). B turns by t * angular (0: pure translation). The normal
// and point at a hit come from b2Distance (useRadii false) at the port's pose for t, the turned one: GetTransform of
// input.sweepB, which b2TimeOfImpact copies before it normalizes the copy (b2_time_of_impact.js:254-259; b2_math.js:
// 1136-1140 shifts a0 and a by the same multiple of 2 pi), so the pose is the root finder's within the rounding of
// that shift. Normal along the core witnesses B - A, point = A's witness + rA * normal.
function timeOfImpact(a, b, translation, angular = 0) {
  const shapes = castShapes(a, b);
  if (shapes.refused) return shapes;
  const input = new B.b2TOIInput();
  input.proxyA.SetShape(shapes.shapeA, 0);
  input.proxyB.SetShape(shapes.shapeB, 0);
  sweepOf(input.sweepA, a, [0, 0]);
  sweepOf(input.sweepB, b, translation, angular);
  input.tMax = 1;
  const output = new B.b2TOIOutput();
  B.b2TimeOfImpact(output, input);
  const State = B.b2TOIOutputState;
  const termination = (State[output.state] ?? `state-${output.state}`).replace(/^e_/, "");
  const touching = output.state === State.e_touching;
  const overlapped = output.state === State.e_overlapped;
  if (!touching && !overlapped) {
    return { hit: false, fraction: output.t, normal: [0, 0], point: [0, 0], iterations: -1, termination };
  }
  const fraction = overlapped ? 0 : output.t;
  const distanceInput = new B.b2DistanceInput();
  distanceInput.proxyA.SetShape(shapes.shapeA, 0);
  distanceInput.proxyB.SetShape(shapes.shapeB, 0);
  input.sweepA.GetTransform(distanceInput.transformA, fraction);
  input.sweepB.GetTransform(distanceInput.transformB, fraction);
  distanceInput.useRadii = false;
  const distance = new B.b2DistanceOutput();
  B.b2Distance(distance, new B.b2SimplexCache(), distanceInput);
  const dx = distance.pointB.x - distance.pointA.x, dy = distance.pointB.y - distance.pointA.y;
  const length = Math.hypot(dx, dy);
  if (!(distance.distance > 0 && length > 0)) {
    return { hit: true, fraction, normal: [0, 0], point: [distance.pointA.x, distance.pointA.y], iterations: -1,
             termination };
  }
  const n = [dx / length, dy / length];
  // The contact point on the segment from A's core witness to B's (length g), at s from A's: between the two
  // surfaces, s = (g - rB + rA) / 2, where the rounded shapes are apart; where the target leaves them
  // overlapping (g < rA + rB), the middle of the part within both, s = (max(0, g - rB) + min(g, rA)) / 2. One
  // formula for both (docs/engines.md, "Cast").
  const s = 0.5 * (Math.min(Math.max(length - b.radius, 0), length) + Math.min(Math.max(a.radius, 0), length));
  const point = [distance.pointA.x + s * n[0], distance.pointA.y + s * n[1]];
  return { hit: true, fraction, normal: n, point, iterations: -1, termination };
}

export const castEngine = {
  name: "box2d-ts-cast",
  scalar: "f64",
  contact: "on-shapes",
  queries: "cast",
  version: engine.version,
  crashed: engine.crashed,
  recover: engine.recover,
  cast: shapeCast,
};

export const toiEngine = {
  name: "box2d-ts-toi",
  scalar: "f64",
  contact: "on-shapes",
  queries: "cast",
  version: engine.version,
  turns: true,  // its sweep turns B: rotating cases come with their b.angular (hello +turns)
  crashed: engine.crashed,
  recover: engine.recover,
  cast: timeOfImpact,
};
