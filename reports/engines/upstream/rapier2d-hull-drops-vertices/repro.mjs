// @dimforge/rapier2d-compat 0.21.0 (parry2d 0.31.1): a convex polygon loses a vertex that is 1.6 cm off the
// chord of its neighbours (the turn there is under 1.5 degrees), so contactShape of two polygons touching at
// that vertex answers "separated by 0.016 m" instead of 0; a second pair gives a distance 2.3 cm too large.
// Standalone: `npm install @dimforge/rapier2d-compat@0.21.0 && node repro.mjs`. Exit 1 while the bug is
// present, 0 once fixed. Written for gjkcheck (reports/engines/upstream/rapier2d-hull-drops-vertices);
// imports only the rapier package.
import RAPIER from "@dimforge/rapier2d-compat";

// The check; an unexpected error of the reproducer itself exits 2, never 1.
async function main() {
  await RAPIER.init();
  const world = new RAPIER.World({ x: 0, y: 0 });
  const origin = { x: 0, y: 0 };
  const hullOf = (flat) => Array.from(world.createCollider(RAPIER.ColliderDesc.convexHull(new Float32Array(flat))).vertices());
  let failed = false;

  // 1. A quadrilateral (every coordinate exact in f32) and a triangle sharing the vertex (0, 0).
  const quad = [-1.875, -2.75, 0, 0, 0.71875, 1.09375, -2, 0];
  const triangle = [0, 0, 0.5, 0, 0.5, 0.5];
  console.log("1. A = (-1.875, -2.75), (0, 0), (0.71875, 1.09375), (-2, 0); B = (0, 0), (0.5, 0), (0.5, 0.5); both at the origin");
  const hull = hullOf(quad);
  console.log(`   rapier's convex hull of A: ${hull.length / 2} vertices [${hull.join(", ")}]`);
  console.log("   expected hull: all 4 points ((0, 0) is a corner: 0.016 m outside the chord (-1.875, -2.75)-(0.71875, 1.09375))");
  if (hull.length / 2 !== 4) failed = true;
  const c = new RAPIER.ConvexPolygon(new Float32Array(quad), false).contactShape(origin, 0, new RAPIER.ConvexPolygon(new Float32Array(triangle), false), origin, 0, 1.0);
  console.log(`   rapier contactShape: distance ${c?.distance}, point1 (${c?.point1.x}, ${c?.point1.y}), point2 (${c?.point2.x}, ${c?.point2.y})`);
  console.log("   expected: distance 0 (exact: they touch at the common vertex (0, 0))");
  // f32 tolerance: 64 units of 2.75 * 2^-24 (gjkcheck's threshold for this case) = 1.05e-5.
  if (c === null || Math.abs(c.distance) > 64 * 2.75 * 2 ** -24) failed = true;

  // 2. A triangle above a quadrilateral whose vertex (-2, -6.3125) is 0.025 m above the chord of its neighbours.
  const tri2 = [0, 0, 0, -1, -2, -1];
  const quad2 = [-5, -6.1875, 0, -8, 0, -6.4375, -2, -6.3125];
  const exact2 = 5.307894450803119;  // distance from (-2, -1) to the edge (-5, -6.1875)-(-2, -6.3125): 5.3078944508031...
  console.log("2. A = (0, 0), (0, -1), (-2, -1); B = (-5, -6.1875), (0, -8), (0, -6.4375), (-2, -6.3125)");
  const hull2 = hullOf(quad2);
  console.log(`   rapier's convex hull of B: ${hull2.length / 2} vertices [${hull2.join(", ")}]`);
  const c2 = new RAPIER.ConvexPolygon(new Float32Array(tri2), false).contactShape(origin, 0, new RAPIER.ConvexPolygon(new Float32Array(quad2), false), origin, 0, 10.0);
  console.log(`   rapier contactShape: distance ${c2?.distance}; expected ${exact2} (exact, \`gjkcheck oracle\` on these values)`);
  if (c2 === null || Math.abs(c2.distance - exact2) > 64 * 8 * 2 ** -24) failed = true;

  // The fixed step (this reproducer's own code, not parry's): drop a hull vertex only when it is within a
  // length tolerance of the chord of its neighbours (here 1e-6 m), not when the turn angle there is small.
  const keep = (flat, tol) => {
    const p = [];
    for (let i = 0; i < flat.length; i += 2) p.push([flat[i], flat[i + 1]]);
    return p.filter((v, i) => {
      const [a, b] = [p[(i + p.length - 1) % p.length], p[(i + 1) % p.length]];
      const offChord = Math.abs((b[0] - a[0]) * (v[1] - a[1]) - (b[1] - a[1]) * (v[0] - a[0])) / Math.hypot(b[0] - a[0], b[1] - a[1]);
      return offChord > tol;
    }).length;
  };
  // quad and quad2 in hull order (counter-clockwise):
  console.log(`fixed step: with a 1e-6 m chord tolerance A keeps ${keep([-2, 0, -1.875, -2.75, 0, 0, 0.71875, 1.09375], 1e-6)} vertices, B keeps ${keep([-5, -6.1875, 0, -8, 0, -6.4375, -2, -6.3125], 1e-6)}`);

  console.log(failed ? "BUG PRESENT: a corner of the polygon is dropped and the distances are wrong" : "ok");
  return failed;
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (error) => { console.error("reproducer error:", error); process.exit(2); });
