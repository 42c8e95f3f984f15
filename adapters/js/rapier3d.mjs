// Strategy `rapier3d`: @dimforge/rapier3d-compat's Shape.contactShape (rapier's JavaScript bindings; parry3d 0.31.1
// compiled to WebAssembly, f32), version pinned by package-lock.json. Source read: the bindings' TypeScript, shipped
// as sourcesContent in node_modules/@dimforge/rapier3d-compat/dist/rapier.mjs.map (gen3d/geometry/shape.ts:
// ConvexPolyhedron / RoundConvexPolyhedron.intoRaw -> RawShape.convexHull / roundConvexHull when no indices are given,
// Capsule(halfHeight, radius) along y, Shape.contactShape; gen3d/geometry/contact.ts: ShapeContact; gen3d/math.ts:
// a Rotation is a quaternion {x, y, z, w}); the parry3d version is the one the .wasm's panic paths name.
//
// Shapes are made as rapier users make them (docs/engines.md, "rapier3d"):
//   one vertex: a Ball(radius) at the vertex's world position (space.mjs, in double; rapier takes it as f32);
//   two vertices: a Segment(a, b) in the shape's frame, or with a radius a Capsule(half the length, radius) centred
//     on the segment's midpoint and turned from y onto it (space.mjs capsulePose);
//   more: new ConvexPolyhedron(vertices, null), rapier computes the convex hull (parry's hull builder), or with a
//     radius new RoundConvexPolyhedron(vertices, null, radius).
// The pose is the case's position and quaternion, given to rapier as {x, y, z, w}; the query is
// shapeA.contactShape(posA, rotA, shapeB, posB, rotB, prediction) with prediction = the largest float, so a contact
// comes back at any distance.
//
// Queries: rapier gives a signed distance (negative = penetration) with a point on each shape and the normal of A
// (normal1, pointing out of A), so it answers both kinds, as rapier2d.mjs does:
//   d: distance = max(0, the signed distance), points = point1 (on A), point2 (on B);
//   p: overlapping when the signed distance <= 0, depth = -distance (0 when separated), normal = normal1.
// Contact convention: on-shapes.
//
// Refusals: RawShape.convexHull / roundConvexHull return nothing when parry builds no polyhedron from the points
// (repeated points, collinear points): rapier users then get no shape, so the query is refused with that reason. A
// flat point set is not refused: parry builds a flat polyhedron of it. A WebAssembly trap (a panic of parry) is
// answered `crash` and the worker goes on with a fresh instance.
import { packageVersion } from "./protocol.mjs";
import { freshRapier, isTrap } from "./rapier_instance.mjs";
import { capsulePose, place, vertex } from "./space.mjs";

const PACKAGE = "@dimforge/rapier3d-compat";
let RAPIER = await freshRapier(PACKAGE);

const LARGEST_FLOAT = 3.4028234663852886e38;

const vector = ([x, y, z]) => ({ x, y, z });
const rotation = ([w, x, y, z]) => ({ x, y, z, w });

// The rapier shape a user makes for the case's shape, with its pose, or { refused }.
function makeShape(shape) {
  const count = shape.vertices.length / 3;
  if (count === 1) {
    return { made: new RAPIER.Ball(shape.radius), position: vector(place(shape, vertex(shape, 0))),
             rotation: { x: 0, y: 0, z: 0, w: 1 } };
  }
  if (count === 2 && shape.radius === 0) {
    return { made: new RAPIER.Segment(vector(vertex(shape, 0)), vector(vertex(shape, 1))),
             position: vector(shape.position), rotation: rotation(shape.rotation) };
  }
  if (count === 2) {
    const pose = capsulePose(shape, [0, 1, 0]);
    return { made: new RAPIER.Capsule(pose.halfHeight, shape.radius), position: vector(pose.centre),
             rotation: rotation(pose.rotation) };
  }
  const points = new Float32Array(shape.vertices);  // the case's values are floats: exact
  const made = shape.radius > 0 ? new RAPIER.RoundConvexPolyhedron(points, null, shape.radius)
                                : new RAPIER.ConvexPolyhedron(points, null);
  // The binding's own conversion: a point set parry builds no hull of is undefined here (contactShape would throw).
  const raw = made.intoRaw();
  if (raw === undefined) {
    return { refused: `rapier3d RawShape.${shape.radius > 0 ? "roundConvexHull" : "convexHull"} gave no shape ` +
                      `for ${count} points (parry3d's hull of them is no convex polyhedron)` };
  }
  raw.free();
  return { made, position: vector(shape.position), rotation: rotation(shape.rotation) };
}

function contact(a, b) {
  const shapeA = makeShape(a);
  if (shapeA.refused) return shapeA;
  const shapeB = makeShape(b);
  if (shapeB.refused) return shapeB;
  const result = shapeA.made.contactShape(shapeA.position, shapeA.rotation, shapeB.made, shapeB.position,
                                          shapeB.rotation, LARGEST_FLOAT);
  // null: rapier says the shapes are farther apart than the prediction distance (the largest float). That is its
  // answer, not a refusal: the distance query gets Infinity, the penetration query "separated".
  return result === null ? { noContact: true } : result;
}

const xyz = (v) => [v.x, v.y, v.z];

export const engine = {
  name: "rapier3d",
  scalar: "f32",
  contact: "on-shapes",
  queries: "both",
  dimension: 3,
  version: `${PACKAGE} ${packageVersion(PACKAGE)} (npm; pinned by adapters/js/package-lock.json; parry3d 0.31.1)`,
  distance(a, b) {
    const c = contact(a, b);
    if (c.refused) return c;
    if (c.noContact) {
      return { distance: Infinity, pointA: [NaN, NaN, NaN], pointB: [NaN, NaN, NaN], iterations: -1,
               termination: "no-contact" };
    }
    return { distance: Math.max(0, c.distance), pointA: xyz(c.point1), pointB: xyz(c.point2), iterations: -1,
             termination: "unreported" };
  },
  penetration(a, b) {
    const c = contact(a, b);
    if (c.refused) return c;
    if (c.noContact) return { overlapping: false, depth: 0, normal: [0, 0, 0], pointA: [0, 0, 0], pointB: [0, 0, 0] };
    const overlapping = c.distance <= 0;
    return { overlapping, depth: overlapping ? -c.distance : 0, normal: xyz(c.normal1), pointA: xyz(c.point1),
             pointB: xyz(c.point2) };
  },
  // A trap of rapier's WebAssembly is a crash of this query; the next query runs on a fresh instance.
  crashed: isTrap,
  async recover() {
    RAPIER = await freshRapier(PACKAGE);
  },
};
