// @dimforge/rapier3d-compat 0.21.0 (parry3d 0.31.1): contactShape of two small tetrahedra 0.1744 m apart answers
// 0.1749 m. parry's GJK refuses a support point when the triangle it makes with the current segment has
// |ab x ac|^2 below 10 * f32::EPSILON, an area test against a length tolerance; GJK then stops on the segment
// and returns its (unconverged) closest points. The same shapes scaled by 2 get the right distance. The same exit
// makes two 1-2 cm boxes that overlap by 1/1024 m come out 5.5 mm apart (a false separation).
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

// Two cuboids as ConvexPolyhedron from their corners: A half-extents (5, 5, 7)/1024 at the origin, B half-extents
// (10, 7, 7)/1024 centred at (0.5, 1.25, 13)/1024, resting on A and overlapping it by 1/1024 (exact: depth 1/1024).
const U = 1 / 1024;
function box(half, centre) {
  const points = [];
  for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const sz of [-1, 1]) {
    points.push(centre[0] + sx * half[0], centre[1] + sy * half[1], centre[2] + sz * half[2]);
  }
  return points;
}
const BOX_A = box([5 * U, 5 * U, 7 * U], [0, 0, 0]);
const BOX_B = box([10 * U, 7 * U, 7 * U], [0.5 * U, 1.25 * U, 13 * U]);
// gjkcheck's threshold at that case's scale (0.01953125 m): 64 * 0.01953125 * 2^-24 = 7.5e-8 m.
const BOX_TOLERANCE = 64 * 0.01953125 * 2 ** -24;

function boxDistance(k) {
  const poly = (points) => new RAPIER.ConvexPolyhedron(new Float32Array(points.map((x) => x * k)), null);
  const origin = { x: 0, y: 0, z: 0 };
  const identity = { x: 0, y: 0, z: 0, w: 1 };
  const c = poly(BOX_A).contactShape(origin, identity, poly(BOX_B), origin, identity, 1.0 * k);
  if (c === null) throw new Error("contactShape gave no contact for the boxes");
  return c.distance / k;
}

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
  const overlap = boxDistance(1);
  console.log(`boxes overlapping by 1/1024: rapier distance ${overlap} (expected -1/1024 = ${-U}); ` +
              `scaled by 2 (divided by 2): ${boxDistance(2)}`);
  const separated = Math.abs(overlap + U) > BOX_TOLERANCE;
  console.log(separated ? "BUG PRESENT: the overlapping boxes are not answered their overlap" : "ok");
  return failed || separated;
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (error) => { console.error("reproducer error:", error); process.exit(2); });
