// @dimforge/rapier2d-compat 0.21.0 (parry2d 0.31.1): Shape.castShape of a 1 mm segment that starts touching a
// 6 cm triangle (its end point exactly on the triangle's edge) and moves into it answers a hit at
// time_of_impact 0.00378 instead of 0: B has moved 0.236 mm into the triangle, its end 0.160 mm deep.
// The same shapes 16 times larger answer 0. Standalone: `npm install @dimforge/rapier2d-compat@0.21.0 &&
// node repro.mjs`. Exit 1 while the bug is present, 0 once fixed. Written for gjkcheck
// (reports/engines/upstream/rapier2d-cast-touching-start-late); imports only the rapier package.
import RAPIER from "@dimforge/rapier2d-compat";

async function main() {
  await RAPIER.init();
  const origin = { x: 0, y: 0 };
  let failed = false;
  for (const scale of [1, 16]) {
    // A: the triangle (0, 0), (-0.029296875, -0.03173828125), (0.03125, -0.019287109375) (exact floats).
    // B: the segment from (-0.0205078125, -0.022216796875), which is 0.7 times A's vertex (-0.0293, -0.0317),
    // so exactly on A's edge from (0, 0), to (-0.021484375, -0.0224609375), outside A. B moves by (0, -0.0625).
    const A = new RAPIER.ConvexPolygon(new Float32Array(
      [0, 0, -0.029296875 * scale, -0.03173828125 * scale, 0.03125 * scale, -0.019287109375 * scale]), false);
    const B = new RAPIER.Segment({ x: -0.0205078125 * scale, y: -0.022216796875 * scale },
                                 { x: -0.021484375 * scale, y: -0.0224609375 * scale });
    const velocity = { x: 0, y: -0.0625 * scale };
    for (const stopAtPenetration of [true, false]) {
      const hit = A.castShape(origin, 0, origin, B, origin, 0, velocity, 0, 1, stopAtPenetration);
      const toi = hit === null ? null : hit.time_of_impact;
      // Depth of B's touching end below A's edge at the reported pose: the edge's line through (0, 0) with
      // inward normal n = (1.0833..., -1) / |.| (A lies on the side y < (0.03173828125 / 0.029296875) x).
      const slope = 0.03173828125 / 0.029296875;
      const depth = toi === null ? 0 : (0.0625 * scale * toi) / Math.hypot(slope, 1);
      console.log(`scale ${scale}, stopAtPenetration ${stopAtPenetration}: ` +
                  (hit === null ? "no hit (null)" :
                   `hit at time_of_impact ${toi}, normal1 (${hit.normal1.x}, ${hit.normal1.y}); B's end is then ` +
                   `${(depth * 1000).toPrecision(4)} mm inside A`));
      // Exact (gjkcheck oracle case.case): touching at t = 0, hit at 0. Allow 2^-20 of the travel.
      if (hit === null || toi > 2 ** -20) {
        if (scale === 1) failed = true;
      }
    }
  }
  console.log("exact: the shapes touch at t = 0 and B moves into A: hit at time_of_impact 0");
  console.log(failed ? "BUG PRESENT: hit reported after B has entered A" : "ok: hit at 0");
  return failed;
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (error) => { console.error("reproducer error:", error); process.exit(2); });
