// @dimforge/rapier3d-compat 0.21.0 (parry3d 0.31.1): contactShape of a tetrahedron and a triangle that touch (B's
// vertex (2, 0, 0) lies on A's edge from (6.5, 0, 0) to (-7, 0, 0)) answers a distance of 0.0018 at any scale.
// parry's GJK reaches a long segment of the Minkowski difference; the f32 closest point of that segment loses its
// x component (-15 + 19.5 * 0.769... rounds to 0), the support point in the rounded direction is one the simplex
// already has, add_point refuses it and GJK returns the segment's distance although its own lower bound is 0.
// Standalone: `npm install @dimforge/rapier3d-compat@0.21.0 && node repro.mjs`. Exit 1 while the bug is present,
// 0 once fixed (2 for an error of the reproducer). Written for gjkcheck
// (reports/engines3d/upstream/rapier3d-gjk-duplicate-support-touching); imports only the rapier package.
import RAPIER from "@dimforge/rapier3d-compat";

const A = [[6, 0, -1], [7, 7, -1], [6.5, 0, 0], [-7, 0, 0]];
const B = [[8, 0, 1 / 128], [5, -1, 2], [2, 0, 0]];
// The exact answer (gjkcheck oracle, rational arithmetic): the shapes touch at (2, 0, 0), distance 0.
// gjkcheck's threshold: 64 f32 units of the case's scale (8 m): 64 * 8 * 2^-24 = 3.05e-5 m.
const TOLERANCE = 64 * 8 * 2 ** -24;

const origin = { x: 0, y: 0, z: 0 };
const identity = { x: 0, y: 0, z: 0, w: 1 };
const poly = (points, k) => new RAPIER.ConvexPolyhedron(new Float32Array(points.flat().map((x) => x * k)), null);

// contactShape of the two shapes scaled by k (powers of two: the scaled values are exact), distance divided by k.
function contact(k) {
  const c = poly(A, k).contactShape(origin, identity, poly(B, k), origin, identity, 1.0 * k);
  if (c === null) throw new Error("contactShape gave no contact");
  return { distance: c.distance / k, point1: c.point1, point2: c.point2, normal1: c.normal1 };
}

async function main() {
  await RAPIER.init();
  console.log("A = " + JSON.stringify(A));
  console.log("B = " + JSON.stringify(B) + "; both at the origin, not rotated");
  const p = (v) => `(${v.x}, ${v.y}, ${v.z})`;
  const c = contact(1);
  console.log(`rapier contactShape: distance ${c.distance}, point1 ${p(c.point1)}, point2 ${p(c.point2)}, ` +
              `normal1 ${p(c.normal1)}`);
  const touching = poly(A, 1).intersectsShape(origin, identity, poly(B, 1), origin, identity);
  console.log(`rapier intersectsShape: ${touching}`);
  console.log("expected: touching at (2, 0, 0), distance 0 (exact)");
  for (const k of [1 / 64, 1024]) console.log(`the same shapes scaled by ${k} (distance divided by ${k}): ` +
                                              `${contact(k).distance}`);
  const failed = c.distance > TOLERANCE;
  console.log(failed ? "BUG PRESENT: touching shapes reported separated by more than 64 f32 units" : "ok");
  return failed;
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (error) => { console.error("reproducer error:", error); process.exit(2); });
