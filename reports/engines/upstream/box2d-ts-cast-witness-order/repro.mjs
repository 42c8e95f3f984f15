// @box2d/core 0.11.0 (box2d.ts): b2ShapeCast returns a contact point inside B instead of on A. The port
// calls simplex.GetWitnessPoints(pointA, pointB) where Box2D 2.4.1 calls GetWitnessPoints(&pointB, &pointA);
// the cast's simplex holds B's points in wA, so "pointA" is B's witness and the point is pushed by A's
// radius into B. Standalone: `npm install @box2d/core@0.11.0 && node repro.mjs`. Exit 1 while the bug is
// present, 0 once fixed. Written for gjkcheck (reports/engines/upstream/box2d-ts-cast-witness-order);
// imports only @box2d/core.
import { b2CircleShape, b2ShapeCast, b2ShapeCastInput, b2ShapeCastOutput } from "@box2d/core";

// The check; an unexpected error of the reproducer itself exits 2, never 1.
async function main() {
  // A: a circle of radius 1/64 m at the origin. B: a point (circle of radius 0) at (4, 0), cast by (-4, 0).
  const rA = 1 / 64;
  const input = new b2ShapeCastInput();
  input.proxyA.SetShape(new b2CircleShape(rA), 0);
  input.proxyB.SetShape(new b2CircleShape(0), 0);
  input.transformA.SetPositionAngle({ x: 0, y: 0 }, 0);
  input.transformB.SetPositionAngle({ x: 4, y: 0 }, 0);
  input.translationB.Set(-4, 0);
  const output = new b2ShapeCastOutput();
  const hit = b2ShapeCast(output, input);

  // Exact (B's radius is raised to b2_polygonRadius = 0.01, so the cast stops with B's centre
  // sigma = max(0.01, rA + 0.01 - 0.01) = 1/64 from A's centre): lambda = (4 - 1/64) / 4 = 0.99609375,
  // normal (1, 0), and the point Box2D 2.4.1 defines, A's witness (0, 0) + rA * normal = (1/64, 0):
  // on A's surface, where B's centre touches it.
  const expected = { lambda: 0.99609375, x: 1 / 64, y: 0 };
  const bAtHit = { x: 4 - 4 * output.lambda, y: 0 };
  console.log("A: circle r = 1/64 at (0, 0); B: point at (4, 0), translation (-4, 0); b2ShapeCast");
  console.log(`   box2d-ts: hit ${hit}, lambda ${output.lambda}, normal (${output.normal.x}, ${output.normal.y}), point (${output.point.x}, ${output.point.y})`);
  console.log(`   expected: hit true, lambda ${expected.lambda}, normal (1, 0), point (${expected.x}, ${expected.y}) (A's witness + rA * normal, Box2D 2.4.1's b2_distance.cpp:733, 741)`);
  const dA = Math.hypot(output.point.x, output.point.y) - rA;
  const dB = Math.hypot(output.point.x - bAtHit.x, output.point.y - bAtHit.y);
  console.log(`   box2d-ts's point is ${dA} m outside A and ${dB} m from B's centre (B at (${bAtHit.x}, 0))`);
  const ok = hit && output.lambda === expected.lambda && Math.abs(output.point.x - expected.x) < 1e-12 &&
             Math.abs(output.point.y - expected.y) < 1e-12;
  if (!ok) {
    console.log("BUG PRESENT: the cast's point is B's witness pushed by A's radius, not A's witness + rA * normal");
    return 1;
  }
  console.log("fixed: the point is on A");
  return 0;
}

main().then((code) => process.exit(code), (error) => { console.error(error); process.exit(2); });
