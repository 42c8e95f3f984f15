// @dimforge/rapier3d-compat 0.21.0 (parry3d 0.31.1): two tetrahedra (0.38 m and 0.68 m long) 1.73 mm apart. intersectsShape
// says they intersect, and contactShape gives no contact (null) for any prediction distance. The same shapes scaled
// by 2 get the right contact (distance 1.73 mm) and intersectsShape false.
// Standalone: `npm install @dimforge/rapier3d-compat@0.21.0 && node repro.mjs`. Exit 1 while the bug is present,
// 0 once fixed (2 for an error of the reproducer). Written for gjkcheck
// (reports/engines3d/upstream/rapier3d-separated-intersecting-no-contact); imports only the rapier package.
import RAPIER from "@dimforge/rapier3d-compat";

const A = [[-2, 1.0625, -2], [-2, 1.046875, -2], [-1.63671875, 1.046875, -1.890625], [-1.63671875, 1.0390625, -1.875]];
const B = [[-1.63671875, 1.04296875, -1.88671875], [-1, 1, -2], [-1.625, 1.03125, -2], [-1, 1, -1.75]];
// Exact distance (gjkcheck oracle, rational arithmetic): its square is 8649/2885484544.
const EXACT = Math.sqrt(8649 / 2885484544);
// gjkcheck's threshold: 64 f32 units of the case's scale (2 m): 64 * 2 * 2^-24 = 7.6e-6 m.
const TOLERANCE = 64 * 2 * 2 ** -24;

function query(k, prediction) {
  const poly = (points) => new RAPIER.ConvexPolyhedron(new Float32Array(points.flat().map((x) => x * k)), null);
  const origin = { x: 0, y: 0, z: 0 };
  const identity = { x: 0, y: 0, z: 0, w: 1 };
  const a = poly(A);
  const b = poly(B);
  return { intersects: a.intersectsShape(origin, identity, b, origin, identity),
           contact: a.contactShape(origin, identity, b, origin, identity, prediction * k) };
}

async function main() {
  await RAPIER.init();
  console.log("A = " + JSON.stringify(A));
  console.log("B = " + JSON.stringify(B) + "; both at the origin, not rotated");
  console.log(`expected: separated, distance ${EXACT} (exact: sqrt(8649/2885484544))`);
  let failed = false;
  for (const prediction of [0.01, 1, 1e30]) {
    const { intersects, contact } = query(1, prediction);
    console.log(`prediction ${prediction}: intersectsShape ${intersects}, contactShape ` +
                (contact === null ? "null (no contact)" : `distance ${contact.distance}`));
    if (intersects || contact === null || Math.abs(contact.distance - EXACT) > TOLERANCE) failed = true;
  }
  const scaled = query(2, 1);
  console.log(`the same shapes scaled by 2: intersectsShape ${scaled.intersects}, contactShape distance / 2 = ` +
              (scaled.contact === null ? "null" : `${scaled.contact.distance / 2}`));
  console.log(failed ? "BUG PRESENT: separated shapes reported intersecting, and no contact" : "ok");
  return failed;
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (error) => { console.error("reproducer error:", error); process.exit(2); });
