// @box2d/core 0.11.0 (box2d.ts): b2Distance with useRadii reports distance 0 for shapes up to 1e-5 apart,
// because the port's b2_epsilon is 1e-5 where Box2D 2.4.1's is FLT_EPSILON (1.19e-7). Two 25 cm boxes
// with no skin, 7.6 um apart: box2d-ts says 0 (touching), Box2D 2.4.1 says 7.6e-6.
// Standalone: `npm install @box2d/core@0.11.0 && node repro.mjs`. Exit 1 while the bug is present, 0 once
// fixed. Written for gjkcheck (reports/engines/upstream/box2d-ts-epsilon-false-overlap); imports only
// @box2d/core.
import { b2PolygonShape, b2CircleShape, b2Vec2, b2Distance, b2DistanceInput, b2DistanceOutput, b2SimplexCache } from "@box2d/core";

// The check; an unexpected error of the reproducer itself exits 2, never 1.
async function main() {
  function query(shapeA, positionA, shapeB, positionB, useRadii) {
    const input = new b2DistanceInput();
    input.proxyA.SetShape(shapeA, 0);
    input.proxyB.SetShape(shapeB, 0);
    input.transformA.SetPositionAngle(positionA, 0);
    input.transformB.SetPositionAngle(positionB, 0);
    input.useRadii = useRadii;
    const output = new b2DistanceOutput();
    b2Distance(output, new b2SimplexCache(), input);
    return output;
  }
  const gap = 2 ** -17;  // 7.62939453125e-6 m
  let failed = false;

  // 1. Two 25 cm boxes without the polygon skin (m_radius = 0, e.g. to measure the exact gap), B's left
  //    side 2^-17 m right of A's right side.
  const box = new b2PolygonShape().SetAsBox(0.125, 0.125);
  box.m_radius = 0;
  const pA = new b2Vec2(0, 0), pB = new b2Vec2(0.25 + gap, 0);
  const out = query(box, pA, box, pB, true);
  console.log("1. boxes 0.25 m wide, skin 0, 2^-17 m apart, b2Distance with useRadii = true");
  console.log(`   box2d-ts: distance ${out.distance}, pointA (${out.pointA.x}, ${out.pointA.y}), pointB (${out.pointB.x}, ${out.pointB.y})`);
  console.log(`   expected: distance 2^-17 = ${gap} (exact; Box2D 2.4.1 answers it exactly), the shapes do not touch`);
  if (out.distance !== gap) failed = true;

  // 2. Two points (b2CircleShape of radius 0) 2^-17 m apart.
  const point = new b2CircleShape(0);
  const outP = query(point, new b2Vec2(1, 1), point, new b2Vec2(1 + gap, 1), true);
  console.log("2. two points (b2CircleShape(0)) at (1, 1) and (1 + 2^-17, 1)");
  console.log(`   box2d-ts: distance ${outP.distance}; expected ${gap}`);
  if (outP.distance !== gap) failed = true;

  // The fixed step (this reproducer's own code, not box2d.ts's): the radius step of b2Distance with
  // Box2D 2.4.1's threshold FLT_EPSILON = 2^-23 instead of 1e-5, applied to box2d-ts's core distance
  // (useRadii = false): distance = core < FLT_EPSILON ? 0 : max(0, core - rA - rB).
  const FLT_EPSILON = 2 ** -23;
  for (const [label, a, pa, b, pb] of [["1.", box, pA, box, pB], ["2.", point, new b2Vec2(1, 1), point, new b2Vec2(1 + gap, 1)]]) {
    const core = query(a, pa, b, pb, false).distance;
    const fixed = core < FLT_EPSILON ? 0 : Math.max(0, core - a.m_radius - b.m_radius);
    console.log(`fixed step on ${label} (threshold FLT_EPSILON): distance ${fixed}`);
  }

  console.log(failed ? "BUG PRESENT: separated shapes reported touching (distance 0)" : "ok: the gap is reported");
  return failed;
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (error) => { console.error("reproducer error:", error); process.exit(2); });
