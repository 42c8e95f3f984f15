// @dimforge/rapier2d-compat 0.21.0 (parry2d 0.31.1): contactShape of a square and a ball whose centre lies
// exactly on the square's edge: the normal is the direction of the contact point from the square's local
// origin, (0.447, 0.894), instead of the edge normal (0, 1); on the bottom edge the depth is 2 instead of 0.5.
// Standalone: `npm install @dimforge/rapier2d-compat@0.21.0 && node repro.mjs`. Exit 1 while the bug is
// present, 0 once fixed. Written for gjkcheck (reports/engines/upstream/rapier2d-ball-centre-on-edge);
// imports only the rapier package.
import RAPIER from "@dimforge/rapier2d-compat";

// The check; an unexpected error of the reproducer itself exits 2, never 1.
async function main() {
  await RAPIER.init();
  const square = new RAPIER.ConvexPolygon(new Float32Array([0, 0, 2, 0, 2, 2, 0, 2]), false);
  const ball = new RAPIER.Ball(0.5);
  const origin = { x: 0, y: 0 };
  let failed = false;
  const cases = [
    // [ball centre, exact depth, exact normal (out of the square, towards the ball)]
    [{ x: 1, y: 2 }, 0.5, [0, 1]],
    [{ x: 1.5, y: 0 }, 0.5, [0, -1]],
  ];
  console.log("A = the square (0, 0), (2, 0), (2, 2), (0, 2) at the origin; B = Ball(0.5) centred on A's edge");
  for (const [centre, depth, normal] of cases) {
    const c = square.contactShape(origin, 0, ball, centre, 0, 1.0);
    console.log(`ball at (${centre.x}, ${centre.y}):`);
    if (c === null) {
      console.log("  rapier: no contact");
      failed = true;
      continue;
    }
    console.log(`  rapier:   depth ${-c.distance}, normal1 (${c.normal1.x}, ${c.normal1.y}), point1 (${c.point1.x}, ${c.point1.y})`);
    console.log(`  expected: depth ${depth} (exact), normal1 (${normal[0]}, ${normal[1]}) (the only minimal direction), point1 (${centre.x}, ${centre.y})`);
    const normalError = Math.hypot(c.normal1.x - normal[0], c.normal1.y - normal[1]);
    if (Math.abs(-c.distance - depth) > 1e-6 || normalError > 1e-6) failed = true;
  }
  // The fixed step (this reproducer's own code, not parry's): when the ball's centre is on the boundary
  // (its projection is itself, so the projection gives no feature), take the normal of the polygon edge
  // that contains the centre instead of the direction of the point from the polygon's local origin.
  const pts = [[0, 0], [2, 0], [2, 2], [0, 2]];
  for (const [centre] of cases) {
    for (let i = 0; i < pts.length; i++) {
      const [a, b] = [pts[i], pts[(i + 1) % pts.length]];
      const cross = (b[0] - a[0]) * (centre.y - a[1]) - (b[1] - a[1]) * (centre.x - a[0]);
      if (cross === 0) {
        const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
        console.log(`fixed step, ball at (${centre.x}, ${centre.y}): edge ${i}, normal (${(b[1] - a[1]) / len}, ${-(b[0] - a[0]) / len}), depth = radius 0.5`);
      }
    }
  }
  console.log(failed ? "BUG PRESENT: wrong normal/depth for a ball centred on the polygon's edge" : "ok");
  return failed;
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (error) => { console.error("reproducer error:", error); process.exit(2); });
