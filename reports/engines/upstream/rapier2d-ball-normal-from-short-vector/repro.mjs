// @dimforge/rapier2d-compat 0.21.0 (parry2d 0.31.1): the normal of a polygon-ball contact is the direction of
// the short vector from the ball's centre to its projection on the polygon, so for a shallow contact the
// rounding of the pose transform turns it: here 4.0e-5 rad off the edge normal for a 0.9 mm penetration
// (a polygon of 7 m turned by -90 degrees). Standalone:
// `npm install @dimforge/rapier2d-compat@0.21.0 && node repro.mjs`. Exit 1 while the bug is present, 0
// once fixed. Written for gjkcheck (reports/engines/upstream/rapier2d-ball-normal-from-short-vector);
// imports only the rapier package.
import RAPIER from "@dimforge/rapier2d-compat";

// The check; an unexpected error of the reproducer itself exits 2, never 1.
async function main() {
  await RAPIER.init();
  const f = Math.fround;
  const local = [-7.25, 1.5, -0.3125, -0.46875, -0.09375, -0.4375, 0.125, -0.34375, 0, 0];
  const position = { x: 0.03460693359375, y: 0.035308837890625 };  // 0x1.1b8p-5, 0x1.214p-5
  const angle = -Math.PI / 2;                                        // rotation (cos, sin) = (0, -1)
  // The ball (radius 0: a point) at the world position of the case's point (-3.625183, 0.749115) under
  // the same pose, computed in f32 as the case does: (y, -x) + position.
  const local_b = [-3.62518310546875, 0.749114990234375];            // -0x1.d006p+1, 0x1.7f8cp-1
  const centre = { x: f(local_b[1] + position.x), y: f(-local_b[0] + position.y) };
  const polygon = new RAPIER.ConvexPolygon(new Float32Array(local), false);
  const c = polygon.contactShape(position, angle, new RAPIER.Ball(0), centre, 0, 1.0);
  // The exact answer (`gjkcheck oracle case.case`): depth 0.00090375322845220014, normal
  // (0.97926041950710277, -0.20260560403595230): the outward normal of the polygon's edge from local
  // (0, 0) to (-7.25, 1.5), turned by -90 degrees.
  const exact = [0.9792604195071028, -0.2026056040359523];
  console.log(`polygon (local) ${JSON.stringify(local)} at (${position.x}, ${position.y}), angle -pi/2; Ball(0) at (${centre.x}, ${centre.y})`);
  console.log(`rapier:   depth ${-c.distance}, normal1 (${c.normal1.x}, ${c.normal1.y}), point1 (${c.point1.x}, ${c.point1.y})`);
  console.log(`expected: depth 0.00090375322845220014, normal1 (${exact[0]}, ${exact[1]})`);
  const angleError = Math.abs(Math.atan2(c.normal1.x * exact[1] - c.normal1.y * exact[0], c.normal1.x * exact[0] + c.normal1.y * exact[1]));
  // The normal is a unit vector of f32 components: 64 f32 units (2^-24 each) is gjkcheck's threshold.
  const threshold = 64 * 2 ** -24;
  console.log(`normal off by ${angleError} rad (threshold ${threshold})`);
  // The fixed step (this reproducer's own code, not parry's): take the normal of the edge the projection
  // lies on (the polygon's own edge normal, turned by the pose) instead of normalizing (projection - centre).
  const [ax, ay, bx, by] = [local[8], local[9], local[0], local[1]];  // the edge (0, 0) -> (-7.25, 1.5)
  const len = Math.hypot(bx - ax, by - ay);
  const nLocal = [(by - ay) / len, -(bx - ax) / len];  // outward for this counter-clockwise polygon
  const [cs, sn] = [f(Math.cos(angle)), f(Math.sin(angle))];
  const fixed = [cs * nLocal[0] - sn * nLocal[1], sn * nLocal[0] + cs * nLocal[1]];
  console.log(`fixed step (edge normal turned by the pose): (${fixed[0]}, ${fixed[1]})`);
  const failed = !(angleError <= threshold);
  console.log(failed ? "BUG PRESENT: contact normal off by more than f32 precision" : "ok");
  return failed;
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (error) => { console.error("reproducer error:", error); process.exit(2); });
