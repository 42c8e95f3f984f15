// @dimforge/rapier2d-compat 0.21.0 (parry2d 0.31.1): contactShape of two polygons that touch at a shared
// vertex (a quadrilateral about 2.8 m and a 0.5 m triangle, both with a vertex at the origin) answers
// "separated by 0.016 m" instead of distance 0. Standalone:
// `npm install @dimforge/rapier2d-compat@0.21.0 && node repro.mjs`. Exit 1 while the bug is present, 0
// once fixed. Written for gjkcheck (reports/engines/upstream/rapier2d-touching-false-separation);
// imports only the rapier package.
import RAPIER from "@dimforge/rapier2d-compat";

// The check; an unexpected error of the reproducer itself exits 2, never 1.
async function main() {
  await RAPIER.init();
  // All coordinates are exact in f32 (multiples of 1/32).
  const quad = new Float32Array([-1.875, -2.75, 0, 0, 0.71875, 1.09375, -2, 0]);
  const triangle = new Float32Array([0, 0, 0.5, 0, 0.5, 0.5]);
  const A = new RAPIER.ConvexPolygon(quad, false);
  const B = new RAPIER.ConvexPolygon(triangle, false);
  const origin = { x: 0, y: 0 };
  const contact = A.contactShape(origin, 0, B, origin, 0, 1.0);
  console.log("A = (-1.875, -2.75), (0, 0), (0.71875, 1.09375), (-2, 0); B = (0, 0), (0.5, 0), (0.5, 0.5); both at the origin, angle 0");
  if (contact === null) {
    console.log("rapier: no contact (null) within prediction 1");
  } else {
    console.log(`rapier: distance ${contact.distance}, point1 (${contact.point1.x}, ${contact.point1.y}), point2 (${contact.point2.x}, ${contact.point2.y}), normal1 (${contact.normal1.x}, ${contact.normal1.y})`);
  }
  console.log("expected: distance 0 (exact: the shapes touch at their common vertex (0, 0) and nowhere else;");
  console.log("          penetration depth 0), witness points (0, 0) on both");
  // f32 tolerance: 64 units of 2.75 * 2^-24 (gjkcheck's threshold for this case) = 1.05e-5.
  const tolerance = 64 * 2.75 * 2 ** -24;
  const failed = contact === null || Math.abs(contact.distance) > tolerance;
  console.log(failed ? `BUG PRESENT: |distance| > ${tolerance} for touching shapes` : "ok: touching");
  return failed;
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (error) => { console.error("reproducer error:", error); process.exit(2); });
