// planck 1.4.2: Distance() with useRadii = true sets both witness points to pointA - pointB (a
// difference vector, about (0, 0) on overlap) instead of the midpoint of pointA and pointB.
// Standalone: `npm install planck@1.4.2 && node repro.mjs`. Exit 1 while the bug is present, 0 once fixed.
// Written for gjkcheck (reports/engines/upstream/planck-overlap-witness-origin); imports only planck.
import planck from "planck";

const { Distance, DistanceInput, DistanceOutput, SimplexCache, Box, Circle, Transform, Vec2 } = planck;

// The check; an unexpected error of the reproducer itself exits 2, never 1.
async function main() {
  function query(shapeA, positionA, shapeB, positionB, useRadii) {
    const input = new DistanceInput();
    input.proxyA.set(shapeA, 0);
    input.proxyB.set(shapeB, 0);
    input.transformA.setTransform(new Transform(positionA, 0));
    input.transformB.setTransform(new Transform(positionB, 0));
    input.useRadii = useRadii;
    const output = new DistanceOutput();
    Distance(output, new SimplexCache(), input);
    return output;
  }

  // Distance from point p to the box centre c with half-extents (hx, hy) (0 inside).
  function boxDistance(p, c, hx, hy) {
    const dx = Math.max(Math.abs(p.x - c.x) - hx, 0);
    const dy = Math.max(Math.abs(p.y - c.y) - hy, 0);
    return Math.hypot(dx, dy);
  }
  const show = (v) => `(${v.x}, ${v.y})`;
  let failed = false;

  // 1. Two 2 m x 2 m boxes (planck's default polygon skin 0.01 m), centres (10, 0) and (11, 0): they
  //    overlap on [10, 11] x [-1, 1].
  const box = Box(1, 1);
  const cA = Vec2(10, 0), cB = Vec2(11, 0);
  const out = query(box, cA, box, cB, true);
  console.log("1. two overlapping 2 m boxes at (10, 0) and (11, 0), Distance with useRadii = true");
  console.log(`   planck:   distance ${out.distance}, pointA ${show(out.pointA)}, pointB ${show(out.pointB)}`);
  console.log("   expected: distance 0 (exact: the shapes overlap, penetration depth 1), both witness points");
  console.log("             one point of A and B, i.e. in [10, 11] x [-1, 1] (up to the 0.01 m skin)");
  const skin = box.m_radius;
  for (const [name, p] of [["pointA", out.pointA], ["pointB", out.pointB]]) {
    const dA = boxDistance(p, cA, 1, 1), dB = boxDistance(p, cB, 1, 1);
    if (dA > skin + 1e-12 || dB > skin + 1e-12) {
      console.log(`   FAIL: ${name} ${show(p)} is ${dA.toFixed(3)} m from A and ${dB.toFixed(3)} m from B`);
      failed = true;
    }
  }

  // 2. Two circles of radius 1 m, centres 1.5 m apart at (5, 0) and (6.5, 0): overlapping.
  const circle = Circle(1);
  const c1 = Vec2(5, 0), c2 = Vec2(6.5, 0);
  const outC = query(circle, c1, circle, c2, true);
  console.log("2. two overlapping circles r = 1 at (5, 0) and (6.5, 0)");
  console.log(`   planck:   distance ${outC.distance}, pointA ${show(outC.pointA)}, pointB ${show(outC.pointB)}`);
  console.log("   expected: distance 0, witness points in both disks, e.g. the midpoint (5.75, 0)");
  if (Math.hypot(outC.pointA.x - c1.x, outC.pointA.y - c1.y) > 1 || Math.hypot(outC.pointA.x - c2.x, outC.pointA.y - c2.y) > 1) {
    console.log(`   FAIL: pointA ${show(outC.pointA)} lies in neither disk`);
    failed = true;
  }

  // The fix (this reproducer's own code, not planck's): the radius branch should take the midpoint
  // 0.5 (pointA + pointB) of the core witness points, as Box2D 2.4 does, not pointA - pointB. Applied to
  // planck's core points (Distance with useRadii = false):
  for (const [label, a, pa, b, pb] of [["1.", box, cA, box, cB], ["2.", circle, c1, circle, c2]]) {
    const core = query(a, pa, b, pb, false);
    const mid = Vec2(0.5 * (core.pointA.x + core.pointB.x), 0.5 * (core.pointA.y + core.pointB.y));
    console.log(`fixed step on ${label} (midpoint of planck's core witness points): ${show(mid)}`);
  }

  console.log(failed ? "BUG PRESENT: witness points not on the shapes" : "ok: witness points on both shapes");
  return failed;
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (error) => { console.error("reproducer error:", error); process.exit(2); });
