// @dimforge/rapier2d-compat 0.21.0 (parry2d 0.31.1): the convex hull of a triangle whose edges are so
// short that their squared lengths underflow to 0 in f32 (legs of 2^-75 m) panics (WebAssembly
// "RuntimeError: unreachable") instead of giving no shape. Legs of 2^-74 m give no shape (null), as
// they should. Standalone: `npm install @dimforge/rapier2d-compat@0.21.0 && node repro.mjs`.
// Exit 1 while the bug is present, 0 once fixed. Written for gjkcheck
// (reports/engines/upstream/rapier2d-convex-hull-tiny-panic); imports only the rapier package.
import RAPIER from "@dimforge/rapier2d-compat";

// The check; an unexpected error of the reproducer itself exits 2, never 1.
async function main() {
  await RAPIER.init();

  const leg = 2 ** -75;  // 2.6469779601696886e-23, a float; leg * leg = 2^-150 rounds to 0 in f32
  const points = new Float32Array([0, 0, leg, 0, 0, leg]);
  console.log(`ConvexPolygon of the triangle (0, 0), (${leg}, 0), (0, ${leg}) [legs 0x1p-75]`);
  console.log("expected: a triangle, or no shape (undefined) if parry declines such a tiny polygon; the");
  console.log("          exact distance between two copies 0x1p-74 apart along x is 0x1p-75 = 2.6469779601696886e-23");

  // The fixed step (this reproducer's own code, not parry's): the f32 squared length of the initial
  // segment underflows to 0, so parry's test `norm_squared().is_zero()` takes the distinct points for one
  // point and both initial facets come out invalid (normal of length 0). The fix: when no initial facet is
  // valid, answer "no hull" instead of searching the facet list for a valid one past its end.
  const f = Math.fround;
  const sq = (x, y) => f(f(f(x) * f(x)) + f(f(y) * f(y)));
  const valid = sq(-leg, leg) !== 0;  // facet normal (leg, leg) from p1 = (leg, 0) to p2 = (0, leg)
  console.log(`fixed step: f32 squared length of the initial facet = ${sq(-leg, leg)} -> ${valid ? "go on" : "None (no valid facet)"}`);

  let failed = false;
  try {
    const shape = new RAPIER.ConvexPolygon(points, false);
    const other = new RAPIER.ConvexPolygon(points, false);
    const contact = shape.contactShape({ x: 0, y: 0 }, 0, other, { x: 2 * leg, y: 0 }, 0, 1);
    console.log(`rapier: contactShape answered ${contact === null ? "no contact" : `distance ${contact.distance}`}`);
  } catch (error) {
    if (error instanceof WebAssembly.RuntimeError) {
      console.log(`rapier: PANIC ${error}`);
      console.log(`        ${(error.stack || "").split("\n").slice(1, 7).map((l) => l.trim()).join("\n        ")}`);
      failed = true;
    } else {
      console.log(`rapier: threw ${error} (a JavaScript error: the binding's answer to "no hull", not a panic)`);
    }
  }
  console.log(failed ? "BUG PRESENT: convex hull panics on a tiny triangle" : "ok: no panic");
  return failed;
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (error) => { console.error("reproducer error:", error); process.exit(2); });
