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
