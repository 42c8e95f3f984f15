// @box2d/core 0.11.0 (box2d.ts): b2PolygonShape.Set (b2ComputeHull) recurses without end on a plain
// right triangle with legs of about 2e14: "RangeError: Maximum call stack size exceeded".
// Standalone: `npm install @box2d/core@0.11.0 && node repro.mjs`. Exit 1 while the bug is present, 0
// once fixed. Written for gjkcheck (reports/engines/upstream/box2d-ts-hull-stack-overflow); imports
// only @box2d/core.
import { b2PolygonShape, b2Vec2, b2Distance, b2DistanceInput, b2DistanceOutput, b2SimplexCache } from "@box2d/core";

// The check; an unexpected error of the reproducer itself exits 2, never 1.
async function main() {
  const K = 2 ** 45;
  const triangle = [[0, 0], [6 * K, 0], [0, 5 * K]];  // (0, 0), (211106232532992, 0), (0, 175921860444160)
  console.log(`b2PolygonShape.Set of the triangle ${JSON.stringify(triangle)}`);
  console.log("expected: a 3-vertex polygon (or Set returning false); with the 2 x 2 box at (0, -3) the exact");
  console.log("          distance is 2 (closest points (0, -2) and (0, 0))");

  // The fixed step (this reproducer's own quickhull recursion, not box2d.ts's): the same search for the
  // point farthest right of the edge p1 -> p2 with the same tolerance 2 linearSlop = 0.01, but the edge's
  // end points are never candidates (they lie on the edge; their computed distance is rounding only), so
  // every recursion has strictly fewer points and it ends.
  function fixedRecurseHull(p1, p2, ps) {
    const same = (a, b) => a[0] === b[0] && a[1] === b[1];
    const candidates = ps.filter((p) => !same(p, p1) && !same(p, p2));
    const len = Math.hypot(p2[0] - p1[0], p2[1] - p1[1]);
    const e = [(p2[0] - p1[0]) / len, (p2[1] - p1[1]) / len];
    const right = [];
    let best = null, bestDistance = -Infinity;
    for (const p of candidates) {
      const distance = (p[0] - p1[0]) * e[1] - (p[1] - p1[1]) * e[0];
      if (distance > 0) right.push(p);
      if (distance > bestDistance) { best = p; bestDistance = distance; }
    }
    if (best === null || bestDistance < 0.01) return [];
    const rest = right.filter((p) => p !== best);
    return [...fixedRecurseHull(p1, best, rest), best, ...fixedRecurseHull(best, p2, rest)];
  }
  // b2ComputeHull picks p1 = (0, 0) (first of the points farthest from the box centre), p2 = (6K, 0)
  // (farthest from p1), and the third point is left of p1 -> p2, so the hull is p1, p2 + the hull right of p2 -> p1:
  const fixedHull = [triangle[0], triangle[1], ...fixedRecurseHull(triangle[1], triangle[0], [triangle[2]])];
  console.log(`fixed step: hull ${JSON.stringify(fixedHull)} (${fixedHull.length} vertices)`);

  let failed = false;
  try {
    const shape = new b2PolygonShape();
    const ok = shape.Set(triangle.map(([x, y]) => new b2Vec2(x, y)));
    console.log(`box2d-ts: Set returned ${ok}, ${shape.m_count} vertices`);
    if (ok) {
      const box = new b2PolygonShape().SetAsBox(1, 1);
      const input = new b2DistanceInput();
      input.proxyA.SetShape(box, 0);
      input.proxyB.SetShape(shape, 0);
      input.transformA.SetPositionAngle(new b2Vec2(0, -3), 0);
      input.transformB.SetIdentity();
      input.useRadii = false;
      const output = new b2DistanceOutput();
      b2Distance(output, new b2SimplexCache(), input);
      console.log(`box2d-ts: distance to the box ${output.distance}`);
    }
  } catch (error) {
    if (error instanceof RangeError) {
      const frames = (error.stack || "").split("\n").filter((l) => l.includes("at ")).slice(0, 3).map((l) => l.trim());
      console.log(`box2d-ts: CRASH ${error.constructor.name}: ${error.message}`);
      for (const frame of frames) console.log(`          ${frame.replace(/\(.*node_modules\//, "(node_modules/")}`);
      failed = true;
    } else {
      throw error;
    }
  }
  console.log(failed ? "BUG PRESENT: b2ComputeHull overflows the stack" : "ok: no stack overflow");
  return failed;
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (error) => { console.error("reproducer error:", error); process.exit(2); });
