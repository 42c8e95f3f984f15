// @dimforge/rapier2d-compat 0.21.0 (parry2d 0.31.1): a convex hull of points that all coincide panics
// (WebAssembly "RuntimeError: unreachable", the instance is unusable afterwards) instead of giving no
// shape. Standalone: `npm install @dimforge/rapier2d-compat@0.21.0 && node repro.mjs`.
// Exit 1 while the bug is present, 0 once fixed. Written for gjkcheck
// (reports/engines/upstream/rapier2d-convex-hull-coincident-panic); imports only the rapier package.
import RAPIER from "@dimforge/rapier2d-compat";

// The check; an unexpected error of the reproducer itself exits 2, never 1.
async function main() {
  await RAPIER.init();

  // Three copies of the point (1, 2): a user's point cloud that collapsed to one point.
  const points = new Float32Array([1, 2, 1, 2, 1, 2]);
  console.log("ColliderDesc.convexHull of (1, 2) three times, then World.createCollider");
  console.log("expected: no shape (null / an error the caller can handle), as parry documents for");
  console.log("          coincident points; with a Ball(0) at (1, 2) the exact distance to the triangle");
  console.log("          (3, 0), (4, 0), (3, 1) would be sqrt(5) = 2.2360679774997896");

  // The fixed step (this reproducer's own code, not parry's): before building the initial segment, a
  // hull of fewer than two distinct points is "no hull" (parry's documented None), not an assertion.
  function fixedInitialSegment(xy) {
    for (let i = 2; i < xy.length; i += 2) {
      if (xy[i] !== xy[0] || xy[i + 1] !== xy[1]) return "two distinct points: go on with the hull";
    }
    return "None (all points coincide)";
  }
  console.log(`fixed step: ${fixedInitialSegment(points)}`);

  let failed = false;
  try {
    const world = new RAPIER.World({ x: 0, y: 0 });
    const desc = RAPIER.ColliderDesc.convexHull(points);
    if (desc === null) {
      console.log("rapier: ColliderDesc.convexHull returned null (no shape)");
    } else {
      const collider = world.createCollider(desc);
      console.log(`rapier: made a collider, shape type ${collider.shapeType()}`);
    }
  } catch (error) {
    if (error instanceof WebAssembly.RuntimeError) {
      console.log(`rapier: PANIC ${error}`);
      console.log(`        ${(error.stack || "").split("\n").slice(1, 6).map((l) => l.trim()).join("\n        ")}`);
      failed = true;
    } else {
      console.log(`rapier: threw ${error} (a JavaScript error, not a panic)`);
    }
  }
  console.log(failed ? "BUG PRESENT: convexHull panics on coincident points" : "ok: no panic");
  return failed;
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (error) => { console.error("reproducer error:", error); process.exit(2); });
