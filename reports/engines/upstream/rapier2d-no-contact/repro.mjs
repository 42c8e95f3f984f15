// @dimforge/rapier2d-compat 0.21.0 (parry2d 0.31.1): contactShape of two small triangles that touch
// along a segment answers "no contact" (null) for any prediction distance, although they are at distance 0.
// Twice smaller they answer a wrong penetration, 2^2 times larger the right 0. Standalone:
// `npm install @dimforge/rapier2d-compat@0.21.0 && node repro.mjs`. Exit 1 while the bug is present, 0
// once fixed. Written for gjkcheck (reports/engines/upstream/rapier2d-no-contact); imports only the
// rapier package.
import RAPIER from "@dimforge/rapier2d-compat";

// The check; an unexpected error of the reproducer itself exits 2, never 1.
async function main() {
  await RAPIER.init();
  const u = 2 ** -12;  // 0.000244140625 m
  const A = new RAPIER.ConvexPolygon(new Float32Array([0, 0, 0, u, -u, 0]), false);
  const B = new RAPIER.ConvexPolygon(new Float32Array([0, u / 2, 0, 0, 16 * u, 0]), false);
  const origin = { x: 0, y: 0 };
  console.log("A = (0, 0), (0, u), (-u, 0); B = (0, u/2), (0, 0), (16u, 0); u = 2^-12 m; both at the origin, angle 0");
  console.log("expected: distance 0 (exact: they touch along x = 0, 0 <= y <= u/2), penetration depth 0");
  let failed = false;
  for (const prediction of [1, 1000, 3.4028234663852886e38]) {
    const contact = A.contactShape(origin, 0, B, origin, 0, prediction);
    console.log(`rapier, prediction ${prediction}: ${contact === null ? "no contact (null)" : `distance ${contact.distance}`}`);
    if (contact === null || Math.abs(contact.distance) > 1e-9) failed = true;
  }
  console.log(`rapier intersectsShape: ${A.intersectsShape(origin, 0, B, origin, 0)}`);
  console.log(failed ? "BUG PRESENT: touching shapes get no contact" : "ok: contact at distance 0");
  return failed;
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (error) => { console.error("reproducer error:", error); process.exit(2); });
