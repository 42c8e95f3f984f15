// @dimforge/rapier2d-compat 0.21.0 (parry2d 0.31.1): Shape.castShape of two 2 m triangles whose long edges are
// parallel stops short: time_of_impact 0.4955536 where the exact first contact is at 0.50000008; at the
// reported pose the shapes are still 0.2 mm apart (the witnesses say so themselves). Standalone:
// `npm install @dimforge/rapier2d-compat@0.21.0 && node repro.mjs`. Exit 1 while the bug is present, 0 once
// fixed. Written for gjkcheck (reports/engines/upstream/rapier2d-cast-stagnation-early); imports only the
// rapier package.
import RAPIER from "@dimforge/rapier2d-compat";

async function main() {
  await RAPIER.init();
  const A = new RAPIER.ConvexPolygon(new Float32Array([1.8339844, 0.8125, 0.83007815, 0.1875, 0.8339844, 0.1875]), false);
  const B = new RAPIER.ConvexPolygon(new Float32Array([2.5292969, 1.21875, 0.0292969, -0.34375, 0.2324219, -0.328125]), false);
  const origin = { x: 0, y: 0 };
  const velocity = { x: 0.109375, y: 0.125 };
  const exact = 0.5000000801579722;  // gjkcheck oracle case.case: A's vertex (1.8339844, 0.8125) meets B's edge
  console.log("A = (1.8339844, 0.8125), (0.83007815, 0.1875), (0.8339844, 0.1875); B = (2.5292969, 1.21875), " +
              "(0.0292969, -0.34375), (0.2324219, -0.328125); B moves by (0.109375, 0.125); A's long edge is parallel to B's");
  const hit = A.castShape(origin, 0, origin, B, origin, 0, velocity, 0, 1, true);
  if (hit === null) {
    console.log("rapier: no hit (null)");
    console.log("BUG PRESENT");
    return true;
  }
  const t = hit.time_of_impact;
  // The gap at rapier's own pose, from rapier's own witnesses (witness2 is in B's frame, B moved by t * velocity).
  const w2 = { x: hit.witness2.x + t * velocity.x, y: hit.witness2.y + t * velocity.y };
  const gap = Math.hypot(hit.witness1.x - w2.x, hit.witness1.y - w2.y);
  const travel = Math.hypot(velocity.x, velocity.y);
  console.log(`rapier: time_of_impact ${t}, normal1 (${hit.normal1.x}, ${hit.normal1.y})`);
  console.log(`  witness1 (${hit.witness1.x}, ${hit.witness1.y}), witness2 at that pose (${w2.x}, ${w2.y}): gap ${(gap * 1000).toPrecision(4)} mm`);
  console.log(`exact: time_of_impact ${exact}; rapier stops ${((exact - t) * travel * 1000).toPrecision(4)} mm of travel early`);
  // Allow 2^-16 of the travel (a few hundred times float rounding at this size).
  const failed = exact - t > 2 ** -16;
  console.log(failed ? "BUG PRESENT: the cast stops short of the contact" : "ok");
  return failed;
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (error) => { console.error("reproducer error:", error); process.exit(2); });
