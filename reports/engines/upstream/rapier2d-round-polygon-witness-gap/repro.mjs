// @dimforge/rapier2d-compat 0.21.0 (parry2d 0.31.1): contactShape of two rounded triangles
// (RoundConvexPolygon, sizes 7 cm and 10 cm) that touch: the distance is right (~0) but point1 lies 3 cm
// from shape B and point2 7 cm from shape A, although parry documents point1 as "the point on shape 1
// that is closest to shape 2". Standalone: `npm install @dimforge/rapier2d-compat@0.21.0 && node repro.mjs`.
// Exit 1 while the bug is present, 0 once fixed. Written for gjkcheck
// (reports/engines/upstream/rapier2d-round-polygon-witness-gap); imports only the rapier package.
import RAPIER from "@dimforge/rapier2d-compat";

// Distance from point p to the convex polygon pts (CCW or CW; 0 inside), minus the border radius.
function distanceToRounded(p, pts, radius) {
  let inside = true, sign = 0, best = Infinity;
  for (let i = 0; i < pts.length; i++) {
    const [a, b] = [pts[i], pts[(i + 1) % pts.length]];
    const cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    if (cross !== 0) { if (sign === 0) sign = Math.sign(cross); else if (Math.sign(cross) !== sign) inside = false; }
    const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
    const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)));
    best = Math.min(best, Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy));
  }
  return Math.max(0, (inside ? 0 : best) - radius);
}

// The check; an unexpected error of the reproducer itself exits 2, never 1.
async function main() {
  await RAPIER.init();
  const a = [[-0.1201171875, -0.164794921875], [-0.0498046875, -0.185302734375], [-0.119873046875, -0.162109375]];
  const b = [[-0.07763671875, -0.21533203125], [-0.00634765625, -0.310791015625], [0.01025390625, -0.240966796875]];
  const ra = 0.003662109375, rb = 0.032958984375;  // 0x1.ep-9, 0x1.0ep-5
  const A = new RAPIER.RoundConvexPolygon(new Float32Array(a.flat()), ra, false);
  const B = new RAPIER.RoundConvexPolygon(new Float32Array(b.flat()), rb, false);
  const origin = { x: 0, y: 0 };
  const c = A.contactShape(origin, 0, B, origin, 0, 1.0);
  console.log("A = RoundConvexPolygon(triangle, 0.00366), B = RoundConvexPolygon(triangle, 0.03296), at the origin (values in case.case)");
  if (c === null) {
    console.log("rapier: no contact");
    return true;
  }
  const p1 = [c.point1.x, c.point1.y], p2 = [c.point2.x, c.point2.y];
  console.log(`rapier: distance ${c.distance}, point1 (${p1}), point2 (${p2}), normal1 (${c.normal1.x}, ${c.normal1.y})`);
  console.log("expected: distance 0 (exact: the cores are 75/2048 = ra + rb apart, normal (-0.28, -0.96)); point1 and point2");
  console.log("          both on A and on B (the shapes touch along their parallel edges, so each witness point is at distance 0");
  console.log("          from the other shape)");
  const d1 = distanceToRounded(p1, b, rb), d2 = distanceToRounded(p2, a, ra);
  console.log(`          point1 is ${d1} from B, point2 is ${d2} from A`);
  const failed = Math.abs(c.distance) > 1e-5 || d1 > 1e-5 || d2 > 1e-5;
  console.log(failed ? "BUG PRESENT: a witness point is not a closest point (off the other shape)" : "ok");
  return failed;
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (error) => { console.error("reproducer error:", error); process.exit(2); });
