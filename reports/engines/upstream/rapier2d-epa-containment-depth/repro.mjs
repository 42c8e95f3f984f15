// @dimforge/rapier2d-compat 0.21.0 (parry2d 0.31.1): contactShape of a triangle inside another answers a
// penetration depth of 1 m where the exact minimal depth is 2 m (the normal is right). Moving the inner
// triangle by 0.5 m up or down gives the right depth. Standalone:
// `npm install @dimforge/rapier2d-compat@0.21.0 && node repro.mjs`. Exit 1 while the bug is present, 0
// once fixed. Written for gjkcheck (reports/engines/upstream/rapier2d-epa-containment-depth); imports
// only the rapier package.
import RAPIER from "@dimforge/rapier2d-compat";

// The check; an unexpected error of the reproducer itself exits 2, never 1.
async function main() {
  await RAPIER.init();
  const A = new RAPIER.ConvexPolygon(new Float32Array([-2, 4, 4, 4, 2, 3]), false);
  const B = new RAPIER.ConvexPolygon(new Float32Array([7, -3, -7, 5, 7, 5]), false);
  const origin = { x: 0, y: 0 };
  console.log("A = (-2, 4), (4, 4), (2, 3), inside B = (7, -3), (-7, 5), (7, 5); A moved by (0, dy)");
  let failed = false;
  // Exact minimal penetration depth: A must move up until its lowest point (y = 3 + dy) reaches B's top
  // (y = 5): 2 - dy, along (0, -1) out of A (every other direction needs more, `gjkcheck oracle`).
  for (const dy of [0, -0.5, 0.5]) {
    const c = A.contactShape({ x: 0, y: dy }, 0, B, origin, 0, 1.0);
    const exact = 2 - dy;
    const depth = c === null ? NaN : -c.distance;
    console.log(`dy = ${dy}: rapier depth ${depth}, normal1 (${c?.normal1.x}, ${c?.normal1.y}), point1 (${c?.point1.x}, ${c?.point1.y}), point2 (${c?.point2.x}, ${c?.point2.y}); exact depth ${exact} along (0, -1)`);
    if (!(Math.abs(depth - exact) <= 1e-5)) failed = true;
  }
  console.log(failed ? "BUG PRESENT: wrong penetration depth" : "ok: depths exact");
  return failed;
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (error) => { console.error("reproducer error:", error); process.exit(2); });
