// @dimforge/rapier3d-compat 0.21.0 (parry3d 0.31.1): contactShape of two small tetrahedra 0.1744 m apart answers
// 0.1749 m. parry's GJK refuses a support point when the triangle it makes with the current segment has
// |ab x ac|^2 below 10 * f32::EPSILON, an area test against a length tolerance; GJK then stops on the segment
// and returns its (unconverged) closest points. The same shapes scaled by 2 get the right distance.
// Standalone: `npm install @dimforge/rapier3d-compat@0.21.0 && node repro.mjs`. Exit 1 while the bug is present,
// 0 once fixed (2 for an error of the reproducer). Written for gjkcheck
// (reports/engines3d/upstream/rapier3d-gjk-simplex-area-tolerance); imports only the rapier package.
import RAPIER from "@dimforge/rapier3d-compat";

const A = [[-0.1171875, -0.09375, -0.09375], [-0.125, -0.125, 0], [-0.125, 0, 0], [-0.1171875, -0.09375, -0.125]];
const B = [[0.03125, -0.125, -0.5], [0.5, 0, 0], [0.25, 0, 0], [0.0625, -0.125, 0]];
// Exact distance (gjkcheck oracle, rational arithmetic): its square is 8001/263168.
const EXACT = Math.sqrt(8001 / 263168);
// gjkcheck's threshold: 64 f32 units of the case's scale (0.5 m): 64 * 0.5 * 2^-24 = 1.9e-6 m.
const TOLERANCE = 64 * 0.5 * 2 ** -24;

function distance(k) {
  const poly = (points) => new RAPIER.ConvexPolyhedron(new Float32Array(points.flat().map((x) => x * k)), null);
  const origin = { x: 0, y: 0, z: 0 };
  const identity = { x: 0, y: 0, z: 0, w: 1 };
  const c = poly(A).contactShape(origin, identity, poly(B), origin, identity, 1.0 * k);
  if (c === null) throw new Error("contactShape gave no contact");
  return { distance: c.distance / k, point1: c.point1, point2: c.point2 };
}

async function main() {
  await RAPIER.init();
  console.log("A = " + JSON.stringify(A));
  console.log("B = " + JSON.stringify(B) + "; both at the origin, not rotated");
  const c = distance(1);
  const p = (v) => `(${v.x}, ${v.y}, ${v.z})`;
  console.log(`rapier contactShape: distance ${c.distance}, point1 ${p(c.point1)}, point2 ${p(c.point2)}`);
  const off = (c.distance - EXACT).toExponential(3);
  console.log(`expected: distance ${EXACT} (exact: sqrt(8001/263168)); off by ${off} m`);
  const scaled = distance(2);
  console.log(`the same shapes scaled by 2 (distance divided by 2): ${scaled.distance}`);
  const failed = Math.abs(c.distance - EXACT) > TOLERANCE;
  console.log(failed ? "BUG PRESENT: the distance is off by more than 64 f32 units" : "ok");
  return failed;
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (error) => { console.error("reproducer error:", error); process.exit(2); });
