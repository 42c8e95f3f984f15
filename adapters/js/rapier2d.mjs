// Strategy `rapier2d`: @dimforge/rapier2d-compat's Shape.contactShape (rapier's JavaScript bindings;
// parry2d 0.31.1 compiled to WebAssembly, f32), version pinned by package-lock.json. Source read: the
// bindings' TypeScript, shipped as sourcesContent in node_modules/@dimforge/rapier2d-compat/dist/
// rapier.mjs.map (gen2d/geometry/shape.ts: ConvexPolygon/RoundConvexPolygon.intoRaw -> RawShape.convexHull /
// roundConvexHull, Shape.contactShape; gen2d/geometry/contact.ts: ShapeContact; gen2d/math.ts: a
// Rotation is an angle); the parry2d version is the one the .wasm's panic paths name.
//
// Shapes are made as rapier users make them: new ConvexPolygon(points, false) (rapier computes the
// convex hull) or, with a radius, new RoundConvexPolygon(points, radius, false); a single point is a
// Ball(radius) at the point's world position (computed in float), two points without a radius a
// Segment(a, b). Positions are the
// case's floats. A rotation is an angle in rapier's API: the angle is Math.atan2(s, c) and rapier
// rebuilds (cos, sin) in f32, which may differ from the case's pair by an ulp (inside the transform
// rounding the unit u already allows). The query is shapeA.contactShape(posA, angleA, shapeB, posB,
// angleB, prediction) with prediction = the largest float, so a contact comes back at any distance.
//
// Queries: rapier gives a signed distance (negative = penetration) with a point on each shape and the
// normal of A (normal1, pointing out of A), so it answers both kinds:
//   d: distance = max(0, the signed distance), points = point1 (on A), point2 (on B);
//   p: overlapping when the signed distance <= 0, depth = -distance (0 when separated), normal = normal1.
// Contact convention: on-shapes (point1 and point2 each lie on their own shape, also on overlap).
//
// Refusals: RawShape.convexHull returns nothing when the points have no 2D hull (two points with a
// radius, collinear points): rapier users then get no shape, so the query is refused.
import { packageVersion } from "./protocol.mjs";
import { freshRapier, isTrap } from "./rapier_instance.mjs";

// The package on its own WebAssembly instance (rapier_instance.mjs); replaced by a fresh one after a trap.
let RAPIER = await freshRapier();

const LARGEST_FLOAT = 3.4028234663852886e38;

// A point's world position in float arithmetic, as docs/case-format.md writes it (each product and sum rounded to
// float; the rounding is inside the transform's share of the unit u).
function worldPoint(shape) {
  const f = Math.fround;
  const [x, y] = shape.vertices;
  const [c, s] = shape.rotation;
  return { x: f(f(f(c * x) - f(s * y)) + shape.position[0]), y: f(f(f(s * x) + f(c * y)) + shape.position[1]) };
}

// The rapier shape a user makes for the case's shape, with its pose, or { refused }.
function makeShape(shape) {
  if (shape.vertices.length === 2) {
    // A point (with or without a radius) is a Ball in rapier; convexHull panics on one point.
    return { made: new RAPIER.Ball(shape.radius), position: worldPoint(shape), angle: 0 };
  }
  if (shape.vertices.length === 4 && shape.radius === 0) {
    // Two points are a Segment in rapier (its local points, placed by the shape's pose).
    const [ax, ay, bx, by] = shape.vertices;
    return { made: new RAPIER.Segment({ x: ax, y: ay }, { x: bx, y: by }),
             position: { x: shape.position[0], y: shape.position[1] },
             angle: Math.atan2(shape.rotation[1], shape.rotation[0]) };
  }
  const points = new Float32Array(shape.vertices);  // the case's values are floats: exact
  const made = shape.radius > 0 ? new RAPIER.RoundConvexPolygon(points, shape.radius, false)
                                : new RAPIER.ConvexPolygon(points, false);
  // The binding's own conversion: a shape whose hull fails is undefined here (contactShape would throw).
  // On some degenerate point sets (repeated points, a triangle of size 1e-30) convexHull panics
  // instead (WebAssembly's "unreachable"): the query is answered `crash` and the worker goes on with a
  // fresh instance (engine.recover below; docs/workers.md).
  const raw = made.intoRaw();
  if (raw === undefined) {
    return { refused: `rapier2d convexHull found no hull for ${shape.vertices.length / 2} points` };
  }
  raw.free();
  return { made, position: { x: shape.position[0], y: shape.position[1] },
           angle: Math.atan2(shape.rotation[1], shape.rotation[0]) };
}

function contact(a, b) {
  const shapeA = makeShape(a);
  if (shapeA.refused) return shapeA;
  const shapeB = makeShape(b);
  if (shapeB.refused) return shapeB;
  const result = shapeA.made.contactShape(shapeA.position, shapeA.angle, shapeB.made, shapeB.position,
                                          shapeB.angle, LARGEST_FLOAT);
  // null: rapier says the shapes are farther apart than the prediction distance (the largest float), for
  // shapes at a finite distance. That is its answer, not a refusal: the distance query gets Infinity (a
  // non-finite answer), the penetration query "separated".
  return result === null ? { noContact: true } : result;
}

export const engine = {
  name: "rapier2d",
  scalar: "f32",
  contact: "on-shapes",
  queries: "both",
  version: `@dimforge/rapier2d-compat ${packageVersion("@dimforge/rapier2d-compat")} (npm; pinned by ` +
    "adapters/js/package-lock.json; parry2d 0.31.1)",
  distance(a, b) {
    const c = contact(a, b);
    if (c.refused) return c;
    if (c.noContact) {
      return { distance: Infinity, pointA: [NaN, NaN], pointB: [NaN, NaN], iterations: -1, termination: "no-contact" };
    }
    return {
      distance: Math.max(0, c.distance),
      pointA: [c.point1.x, c.point1.y],
      pointB: [c.point2.x, c.point2.y],
      iterations: -1,
      termination: "unreported",
    };
  },
  // A trap of rapier's WebAssembly is a crash of this query; the next query runs on a fresh instance.
  crashed: isTrap,
  async recover() {
    RAPIER = await freshRapier();
  },
  penetration(a, b) {
    const c = contact(a, b);
    if (c.refused) return c;
    if (c.noContact) {
      return { overlapping: false, depth: 0, normal: [0, 0], pointA: [0, 0], pointB: [0, 0] };
    }
    const overlapping = c.distance <= 0;
    return {
      overlapping,
      depth: overlapping ? -c.distance : 0,
      normal: [c.normal1.x, c.normal1.y],
      pointA: [c.point1.x, c.point1.y],
      pointB: [c.point2.x, c.point2.y],
    };
  },
};

// Strategies `rapier2d-cast` and `rapier2d-cast-through` (issue 22): Shape.castShape of the bindings
// (gen2d/geometry/shape.ts, castShape; gen2d/geometry/toi.ts, ShapeCastHit), parry2d's cast_shapes inside. The
// shapes and poses are the distance query's (makeShape); A stays put (vel1 = 0) and B moves with vel2 = the
// translation up to maxToi = 1, targetDistance 0; stopAtPenetration true (rapier2d-cast) or false
// (rapier2d-cast-through: a start in penetration whose path leaves it is no hit). A hit at time_of_impact t: the
// normal is normal1 (outward on A, so from A towards B), the point witness1 (on A); both come in A's local frame
// and are placed here by A's pose in double (the case's (c, s), or the Ball's world position). null is no hit.
// Iterations -1 (rapier does not tell); termination `hit` or `no-hit` (the bindings do not expose parry's status).
function castShapes(a, b, translation, stopAtPenetration) {
  const shapeA = makeShape(a);
  if (shapeA.refused) return shapeA;
  const shapeB = makeShape(b);
  if (shapeB.refused) return shapeB;
  const hit = shapeA.made.castShape(shapeA.position, shapeA.angle, { x: 0, y: 0 }, shapeB.made, shapeB.position,
                                    shapeB.angle, { x: translation[0], y: translation[1] }, 0, 1,
                                    stopAtPenetration);
  if (hit === null) {
    return { hit: false, fraction: 1, normal: [0, 0], point: [0, 0], iterations: -1, termination: "no-hit" };
  }
  // A's pose: the angle it was given to rapier is atan2(s, c); the point goes back through the case's own pair.
  const pose = { angle: shapeA.angle, position: shapeA.position };
  const [cA, sA] = a.vertices.length === 2 ? [1, 0] : a.rotation;
  const place = (v, isPoint) => {
    const x = cA * v.x - sA * v.y, y = sA * v.x + cA * v.y;
    return isPoint ? [x + pose.position.x, y + pose.position.y] : [x, y];
  };
  return { hit: true, fraction: hit.time_of_impact, normal: place(hit.normal1, false), point: place(hit.witness1, true),
           iterations: -1, termination: "hit" };
}

export const castEngine = {
  name: "rapier2d-cast",
  scalar: "f32",
  contact: "on-shapes",
  queries: "cast",
  version: engine.version,
  crashed: isTrap,
  recover: engine.recover,
  cast: (a, b, translation) => castShapes(a, b, translation, true),
};

export const castThroughEngine = {
  name: "rapier2d-cast-through",
  scalar: "f32",
  contact: "on-shapes",
  queries: "cast",
  version: engine.version,
  crashed: isTrap,
  recover: engine.recover,
  cast: (a, b, translation) => castShapes(a, b, translation, false),
};
