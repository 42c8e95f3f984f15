// Strategy `planck`: planck.js's Distance (JavaScript port of Box2D 2.x, double), version pinned by
// package-lock.json. Source read: node_modules/planck/src/collision/Distance.ts (Distance,
// DistanceInput, SimplexCache), src/collision/shape/PolygonShape.ts (_set: welding, gift wrapping),
// CircleShape.ts, EdgeShape.ts (docs/engines.md cites lines).
//
// Shapes are made as planck users make them: a polygon (3..12 vertices) is a PolygonShape built from
// the case's vertices (planck welds points closer than linearSlop/2 = 0.0025 and wraps the hull), a
// point is a CircleShape, a segment an EdgeShape. The radius of a rounded shape is the shape's m_radius
// (planck's polygon skin, Settings.polygonRadius = 0.01 by default, replaced by the case's radius).
// The proxies come from DistanceProxy.set(shape), the query is Distance(output, cache, input) with a
// cold SimplexCache and useRadii = true, as planck's own testOverlap calls it. The transform's rotation
// is the case's (c, s) pair set on Transform.q, the pair used exactly as given.
//
// Refusals: planck's PolygonShape documents 3..Settings.maxPolygonVertices (12) points; with fewer
// than 3 points left after welding, or a degenerate hull, it silently becomes a 2x2 box (its assert is
// compiled out). Such a query is refused: the engine does not hold the shape the user gave. So is one
// whose welding cut a corner off the shape (a point of the case outside planck's polygon, hull_check.mjs):
// planck documents its welding, and what it answers is the distance to another polygon.
import planck from "planck";

import { holdsEveryPoint } from "./hull_check.mjs";
import { packageVersion } from "./protocol.mjs";

const { Distance, DistanceInput, DistanceOutput, SimplexCache, PolygonShape, CircleShape, EdgeShape,
        Transform, Vec2, Settings } = planck;

function localPoints(shape) {
  const points = [];
  for (let i = 0; i < shape.vertices.length; i += 2) points.push(new Vec2(shape.vertices[i], shape.vertices[i + 1]));
  return points;
}

// The planck shape a user makes for the case's shape, or { refused }.
function makeShape(shape) {
  const points = localPoints(shape);
  let made;
  if (points.length === 1) {
    made = new CircleShape(points[0], shape.radius);
  } else if (points.length === 2) {
    made = new EdgeShape(points[0], points[1]);
  } else {
    if (points.length > Settings.maxPolygonVertices) {
      return { refused: `planck PolygonShape takes at most ${Settings.maxPolygonVertices} points, the shape has ${points.length}` };
    }
    made = new PolygonShape(points);
    // The degenerate fallback _setAsBox(1, 1) is the only way a vertex not among the points appears.
    for (let i = 0; i < made.m_count; ++i) {
      const v = made.m_vertices[i];
      if (!points.some((p) => p.x === v.x && p.y === v.y)) {
        return { refused: "planck PolygonShape found no hull (fewer than 3 points after welding at 0.0025, or collinear) and fell back to a 2x2 box" };
      }
    }
    if (!holdsEveryPoint(made.m_vertices.slice(0, made.m_count), points)) {
      return { refused: "planck PolygonShape welded points closer than 0.0025 and lost a corner of the shape" };
    }
  }
  made.m_radius = shape.radius;
  return { made };
}

function makeTransform(shape) {
  const xf = Transform.identity();
  xf.p.x = shape.position[0];
  xf.p.y = shape.position[1];
  xf.q.c = shape.rotation[0];
  xf.q.s = shape.rotation[1];
  return xf;
}

export const engine = {
  name: "planck",
  scalar: "f64",
  contact: "merged",
  queries: "distance",
  version: `planck ${packageVersion("planck")} (npm; pinned by adapters/js/package-lock.json)`,
  distance(a, b) {
    const shapeA = makeShape(a);
    if (shapeA.refused) return shapeA;
    const shapeB = makeShape(b);
    if (shapeB.refused) return shapeB;
    const input = new DistanceInput();
    input.proxyA.set(shapeA.made, 0);
    input.proxyB.set(shapeB.made, 0);
    input.transformA.setTransform(makeTransform(a));
    input.transformB.setTransform(makeTransform(b));
    input.useRadii = true;
    const cache = new SimplexCache();
    const output = new DistanceOutput();
    Distance(output, cache, input);
    return {
      distance: output.distance,
      pointA: [output.pointA.x, output.pointA.y],
      pointB: [output.pointB.x, output.pointB.y],
      iterations: output.iterations,
      termination: "unreported",
    };
  },
};

// Strategies `planck-cast` and `planck-toi` (issue 22): planck's ShapeCast and TimeOfImpact, ports of Box2D
// 2.4.1's b2ShapeCast and b2TimeOfImpact (node_modules/planck/src/collision/Distance.ts:813-948,
// TimeOfImpact.ts:98-300). The shapes and their poses are the distance query's (makeShape, makeTransform);
// A stays put and B moves by t * translation, t in [0, 1]; planck-toi's B also turns by t * angular on a rotating
// case (its sweep holds an angle; ShapeCast takes a translation only). docs/engines.md ("Cast") gives the bands and
// how each output is read.
const { ShapeCast, ShapeCastInput, ShapeCastOutput, TimeOfImpact, TOIInput, TOIOutput, TOIOutputState } = planck;

function castShapes(a, b) {
  const shapeA = makeShape(a);
  if (shapeA.refused) return shapeA;
  const shapeB = makeShape(b);
  if (shapeB.refused) return shapeB;
  return { shapeA: shapeA.made, shapeB: shapeB.made };
}

// ShapeCast: true is a hit at lambda; false with output.iterations 0 is the source's initial-overlap return
// (Distance.ts:928-931), a hit at 0 with no normal; any other false is no hit (a miss, lambda > 1, a receding
// ray, a 3-point simplex: Distance.ts:873-880, 916-919).
function shapeCast(a, b, translation) {
  const shapes = castShapes(a, b);
  if (shapes.refused) return shapes;
  const input = new ShapeCastInput();
  input.proxyA.set(shapes.shapeA, 0);
  input.proxyB.set(shapes.shapeB, 0);
  input.transformA.setTransform(makeTransform(a));
  input.transformB.setTransform(makeTransform(b));
  input.translationB.x = translation[0];
  input.translationB.y = translation[1];
  const output = new ShapeCastOutput();
  const hit = ShapeCast(output, input);
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
// atan2(s, c) of the case's rotation (a Sweep holds an angle; planck takes its cos and sin again), the end angle
// a0 + angular. Sweep.getTransform (src/common/Sweep.ts:75-81) interpolates both linearly, the angle as
// (1 - beta) * a0 + beta * a, so the pose at t is the case's B(t) = Rot(t * angular) R0 at position + t * translation
// (within the rounding of the angle and of its cos and sin).
function sweepOf(sweep, shape, translation, angular = 0) {
  sweep.localCenter.x = 0;
  sweep.localCenter.y = 0;
  sweep.c0.x = shape.position[0];
  sweep.c0.y = shape.position[1];
  sweep.c.x = shape.position[0] + translation[0];
  sweep.c.y = shape.position[1] + translation[1];
  sweep.a0 = Math.atan2(shape.rotation[1], shape.rotation[0]);
  sweep.a = sweep.a0 + angular;
  sweep.alpha0 = 0;
}

const TOI_STATE = { [TOIOutputState.e_unknown]: "unknown", [TOIOutputState.e_failed]: "failed",
                    [TOIOutputState.e_overlapped]: "overlapped", [TOIOutputState.e_touching]: "touching",
                    [TOIOutputState.e_separated]: "separated" };

// TimeOfImpact with tMax = 1: touching is a hit at t, overlapped a hit at 0 (the source sets t = 0), the other
// states no hit (planck's World.solveTOI moves the body the whole step on them, as Box2D's b2World does). B turns by
// t * angular (0: pure translation). The normal and point at a hit come from Distance (useRadii false) at planck's
// own pose for t, the turned one: TimeOfImpact normalizes input.sweepA and input.sweepB in place, not copies
// (TimeOfImpact.ts:109-115; Sweep.ts:104-108 shifts a0 into [-pi, pi] and a with it), so getTransform below reads the
// very sweeps the root finder read. Normal along the core witnesses B - A, point = A's witness + rA * normal.
function timeOfImpact(a, b, translation, angular = 0) {
  const shapes = castShapes(a, b);
  if (shapes.refused) return shapes;
  const input = new TOIInput();
  input.proxyA.set(shapes.shapeA, 0);
  input.proxyB.set(shapes.shapeB, 0);
  sweepOf(input.sweepA, a, [0, 0]);
  sweepOf(input.sweepB, b, translation, angular);
  input.tMax = 1;
  const output = new TOIOutput();
  TimeOfImpact(output, input);
  const termination = TOI_STATE[output.state] ?? `state-${output.state}`;
  const touching = output.state === TOIOutputState.e_touching;
  const overlapped = output.state === TOIOutputState.e_overlapped;
  if (!touching && !overlapped) {
    return { hit: false, fraction: output.t, normal: [0, 0], point: [0, 0], iterations: -1, termination };
  }
  const fraction = overlapped ? 0 : output.t;
  const distanceInput = new DistanceInput();
  distanceInput.proxyA.set(shapes.shapeA, 0);
  distanceInput.proxyB.set(shapes.shapeB, 0);
  input.sweepA.getTransform(distanceInput.transformA, fraction);
  input.sweepB.getTransform(distanceInput.transformB, fraction);
  distanceInput.useRadii = false;
  const distance = new DistanceOutput();
  Distance(distance, new SimplexCache(), distanceInput);
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
  name: "planck-cast",
  scalar: "f64",
  contact: "on-shapes",
  queries: "cast",
  version: engine.version,
  cast: shapeCast,
};

export const toiEngine = {
  name: "planck-toi",
  scalar: "f64",
  contact: "on-shapes",
  queries: "cast",
  version: engine.version,
  turns: true,  // its sweep turns B: rotating cases come with their b.angular (hello +turns)
  cast: timeOfImpact,
};
