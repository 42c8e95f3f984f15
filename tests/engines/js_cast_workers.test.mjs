// The npm engines' cast strategies (issue 22) through the real worker (adapters/js/worker.mjs), no host:
// planck-cast / planck-toi (planck 1.4.2 ShapeCast / TimeOfImpact), box2d-ts-cast / box2d-ts-toi (@box2d/core
// 0.11.0 b2ShapeCast / b2TimeOfImpact) and rapier2d-cast / rapier2d-cast-through, on cases worked on paper.
//
// The cases: A is the box [-1, 1]^2 at the origin, B the same box. With B at (4, 0) moving by (-4, 0), the core
// gap while the faces x = 1 (A) and x = 3 - 4t (B's left face) face each other is g(t) = 2 - 4t, so an engine's
// band [lower, upper] holds on t in [(2 - upper) / 4, (2 - lower) / 4]. The engines compute in double: the
// fraction of a ShapeCast is (v.p - sigma) / v.r with v.p = 2 and v.r = 4 exact, one rounding each (within
// 2^-52 of the interval's end); a TimeOfImpact's root finder evaluates the separation from transforms rounded
// in double (within a few 2^-52): each test widens its interval by 1e-12, no more.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { shapeWords, floatBits } from "./case_request.mjs";

const source = fileURLToPath(new URL("../..", import.meta.url));
const worker = `${source}adapters/js/worker.mjs`;

function run(engine, lines) {
  const result = spawnSync(process.execPath, [worker, engine], { input: lines.map((l) => l + "\n").join("") });
  const out = result.stdout.toString().split("\n").filter((l) => l !== "");
  return { hello: out[0], answers: out.slice(1).map((l) => l.split(" ")), status: result.status,
           stderr: result.stderr.toString() };
}

const boxVertices = [-1, -1, 1, -1, 1, 1, -1, 1];
const box = (px, py) => ({ vertices: boxVertices, radius: 0, position: [px, py], rotation: [1, 0] });
const castLine = (id, a, b, translation) =>
  `${id} c ${shapeWords(a)} ${shapeWords(b)} ${translation.map(floatBits).join(" ")}`;

function castAnswer(words, id) {
  assert.equal(words[0], String(id));
  assert.equal(words[1], "ok", words.join(" "));
  assert.equal(words.length, 10, words.join(" "));
  assert.ok(["hit", "miss"].includes(words[2]), words.join(" "));
  const [fraction, nx, ny, px, py] = words.slice(3, 8).map(Number);
  for (const v of [fraction, nx, ny, px, py]) assert.ok(Number.isFinite(v), words.join(" "));
  return { hit: words[2] === "hit", fraction, normal: [nx, ny], point: [px, py], iterations: Number(words[8]),
           termination: words[9] };
}

// The three cases of every engine, in one worker run.
function runCases(engine) {
  const { hello, answers, status, stderr } = run(engine, [
    castLine(1, box(0, 0), box(4, 0), [-4, 0]),    // head-on: g(t) = 2 - 4t
    castLine(2, box(0, 0), box(4, 3), [-4, 0]),    // a clear miss: the gap stays 3 - 2 = 1
    castLine(3, box(0, 0), box(1, 0), [-4, -1]),   // deep initial overlap
    castLine(4, box(0, 0), box(2, 2), [-4, -1]),   // touching corners at t = 0
  ]);
  assert.equal(status, 0, stderr);
  assert.deepEqual(hello.split(" ").slice(0, 6), ["gjkcheck-worker", "1", engine, hello.split(" ")[3], "on-shapes", "cast"]);
  return answers.map((words, k) => castAnswer(words, k + 1));
}

const within = (value, first, last, allowance, what) =>
  assert.ok(value >= first - allowance && value <= last + allowance, `${what}: ${value} outside [${first}, ${last}]`);

// ShapeCast of Box2D 2.4.1 and its ports: each radius raised to polygonRadius 0.01, sigma = max(0.01, 0.02 - 0.01)
// = 0.01, band [0.01, 0.0125] (planck Distance.ts:822-849; @box2d/core b2_distance.js:649-671): t in
// [0.496875, 0.4975]. The first step puts the support plane of A's face at sigma: normal (1, 0).
for (const engine of ["planck-cast", "box2d-ts-cast"]) {
  test(`${engine}: box head-on into box hits inside its band, a clear miss is no hit`, () => {
    const [headOn, miss] = runCases(engine);
    assert.ok(headOn.hit);
    assert.equal(headOn.termination, "hit");
    within(headOn.fraction, (2 - 0.0125) / 4, (2 - 0.01) / 4, 1e-12, "fraction");
    assert.deepEqual(headOn.normal, [1, 0]);
    assert.ok(!miss.hit);
    assert.equal(miss.termination, "no-hit");
  });

  // Deep overlap, B at (1, 0), r = (-4, -1), every support unique. Supports of A in -r = (4, 1): (1, 1); of B in r:
  // (0, -1); v = (1, 2). Step 1: A in -v: (-1, -1), B in v: (2, 1), p = (-3, -2), v.p < 0 (no advance): simplex
  // {(-3, -2)}. Step 2: A in (3, 2): (1, 1), B: (0, -1), p = (1, 2): segment, closest point (-0.5, 0.5). Step 3: A in
  // (0.5, -0.5): (1, -1), B in (-0.5, 0.5): (0, 1), p = (1, -2): the triangle holds the origin, the source returns
  // false (Distance.ts:916-919; b2_distance.js:725-727) after 3 iterations: no hit. The caller cannot tell this
  // overlap from a miss (the header says false is "no hit or an initial overlap"): a missed hit the verdict sees.
  test(`${engine}: a deep initial overlap is no hit, after 3 iterations`, () => {
    const overlap = runCases(engine)[2];
    assert.ok(!overlap.hit);
    assert.equal(overlap.iterations, 3);
    assert.equal(overlap.termination, "no-hit");
  });

  // Corners touching at t = 0, B at (2, 2): A's support in -r = (4, 1) is (1, 1), B's in r = (-4, -1) is its corner
  // (-1, -1) + (2, 2) = (1, 1): v = 0, the loop never runs, the source's initial-overlap return (iterations 0):
  // read as a hit at 0 with no normal.
  test(`${engine}: touching at the start is the engine's initial overlap, a hit at 0`, () => {
    const touching = runCases(engine)[3];
    assert.ok(touching.hit);
    assert.equal(touching.fraction, 0);
    assert.equal(touching.iterations, 0);
    assert.equal(touching.termination, "initial-overlap");
    assert.deepEqual(touching.normal, [0, 0]);
  });
}

// Where the contact point lies. Box2D 2.4.1 (b2_distance.cpp:733, 741) and planck (Distance.ts:936, 943) read the
// witness on A and push it out by A's raised radius: x = 1 + 0.01, on A's skin. @box2d/core reads the witnesses in
// the other order (b2_distance.js:706, 741, 746: GetWitnessPoints(pointA, pointB) where the simplex holds B's points in
// wA), so its point is B's witness at the hit pose (B's face, x = 3 - 4 * lambda) pushed 0.01 further into B.
test("planck-cast's point is on A's skin, box2d-ts-cast's inside B (its witnesses swapped)", () => {
  const planck = runCases("planck-cast")[0];
  assert.ok(Math.abs(planck.point[0] - 1.01) <= 1e-12, `planck's point ${planck.point}`);
  assert.ok(Math.abs(planck.point[1]) <= 1);
  const ts = runCases("box2d-ts-cast")[0];
  const faceOfB = 3 - 4 * ts.fraction;
  assert.ok(Math.abs(ts.point[0] - (faceOfB + 0.01)) <= 1e-12, `box2d-ts's point ${ts.point}, B's face at ${faceOfB}`);
});

// TimeOfImpact of Box2D 2.4.1 and its ports: target = max(0.005, 0 - 0.015) = 0.005, tolerance 0.00125, band
// [0.00375, 0.00625] (planck TimeOfImpact.ts:119-121; @box2d/core b2_time_of_impact.js:260-262): t in
// [0.4984375, 0.4990625]. Normal and point from Distance at the pose: (1, 0), and the point halfway between A's
// face x = 1 and B's (radii 0, the shapes apart by the gap g = 2 - 4t).
for (const engine of ["planck-toi", "box2d-ts-toi"]) {
  test(`${engine}: head-on hits inside its band; a miss is separated; overlap and touching are hits at 0`, () => {
    const [headOn, miss, overlap, touching] = runCases(engine);
    assert.ok(headOn.hit);
    assert.equal(headOn.termination, "touching");
    within(headOn.fraction, (2 - 0.00625) / 4, (2 - 0.00375) / 4, 1e-12, "fraction");
    assert.deepEqual(headOn.normal, [1, 0]);
    within(headOn.point[0], 1 + (2 - 4 * headOn.fraction) / 2, 1 + (2 - 4 * headOn.fraction) / 2, 1e-12, "point");
    assert.ok(!miss.hit);
    assert.equal(miss.termination, "separated");
    // Core distance 0 at t = 0 (overlap, and touching corners): e_overlapped, t = 0.
    for (const answer of [overlap, touching]) {
      assert.ok(answer.hit);
      assert.equal(answer.fraction, 0);
      assert.equal(answer.termination, "overlapped");
    }
  });
}

test("the cast engines refuse distance requests, the distance engines refuse cast requests", () => {
  const distanceLine = `1 d ${shapeWords(box(0, 0))} ${shapeWords(box(4, 0))}`;
  for (const engine of ["planck-cast", "planck-toi", "box2d-ts-cast", "box2d-ts-toi"]) {
    const { answers } = run(engine, [distanceLine]);
    assert.equal(answers[0][1], "refused", `${engine}: ${answers[0].join(" ")}`);
  }
  for (const engine of ["planck", "box2d-ts"]) {
    const { answers } = run(engine, [castLine(1, box(0, 0), box(4, 0), [-4, 0])]);
    assert.equal(answers[0][1], "refused", `${engine}: ${answers[0].join(" ")}`);
  }
});

// rapier2d's castShape with targetDistance 0 aims at the contact itself: head-on, g(t) = 2 - 4t = 0 at t = 0.5.
// Every support point, the ray (-4, 0) and the face planes here are small dyadic numbers, exact in f32, so the
// ray's hit on the Minkowski difference's face x = -2 is exactly t = 0.5: the bound is 4 f32 ulps of 0.5 (2^-22).
// The normal is A's outward normal there, (1, 0); the point witness1 lies on A's face x = 1.
for (const engine of ["rapier2d-cast", "rapier2d-cast-through"]) {
  test(`${engine}: head-on hits at the contact, a clear miss is no hit`, () => {
    const [headOn, miss] = runCases(engine);
    assert.ok(headOn.hit);
    within(headOn.fraction, 0.5, 0.5, 2 ** -22, "fraction");
    assert.deepEqual(headOn.normal, [1, 0]);
    assert.equal(headOn.point[0], 1);
    assert.ok(Math.abs(headOn.point[1]) <= 1);
    assert.ok(!miss.hit);
    assert.equal(miss.termination, "no-hit");
  });
}

// Starting in penetration (B at (1, 0)) on a path that leaves it ((+4, 0): B's left face x = 4t moves out of A): with
// stopAtPenetration true the cast stops at once, a hit at 0; with false it does not stop on a path out of the
// penetration ("won't immediately stop if the shape is penetrating ... and its trajectory is such that it's on a
// path to exit", the bindings' castShape doc), and B never meets A again on its way: no hit.
test("rapier2d-cast stops at a starting penetration, rapier2d-cast-through lets a leaving path go", () => {
  const line = castLine(1, box(0, 0), box(1, 0), [4, 0]);
  const stop = castAnswer(run("rapier2d-cast", [line]).answers[0], 1);
  assert.ok(stop.hit);
  assert.equal(stop.fraction, 0);
  const through = castAnswer(run("rapier2d-cast-through", [line]).answers[0], 1);
  assert.ok(!through.hit);
});

// Rotating casts (`+turns`, docs/workers.md): a `c` request may carry B's turn (the case's b.angular) after the
// translation. The toi engines' sweeps turn B and their hello says +turns; the cast engines (ShapeCast, rapier's
// castShape) take a translation only, do not say it, and refuse a turn should one reach them.
test("protocol: a cast request's optional third number is B's turn, a fourth is malformed", async () => {
  const { parseRequest } = await import(`${source}adapters/js/protocol.mjs`);
  const turned = parseRequest(castLine(5, box(0, 0), box(4, 0), [-4, 0, Math.fround(0.1)]), true);
  assert.deepEqual(turned.translation, [-4, 0]);
  assert.equal(turned.angular, Math.fround(0.1));
  assert.equal(parseRequest(castLine(5, box(0, 0), box(4, 0), [-4, 0]), true).angular, 0);
  assert.throws(() => parseRequest(castLine(5, box(0, 0), box(4, 0), [-4, 0, 1, 2]), true), /b\.angular/);
  assert.throws(() => parseRequest(`${castLine(5, box(0, 0), box(4, 0), [-4, 0])} 3dcccccg`, true), /bad float bits/);
});

test("only the toi engines say +turns; the others refuse a turn", () => {
  const turning = castLine(1, box(0, 0), box(4, 0), [-4, 0, Math.fround(Math.PI / 4)]);
  for (const engine of ["planck-toi", "box2d-ts-toi"]) {
    const { hello, answers, status, stderr } = run(engine, [turning]);
    assert.equal(status, 0, stderr);
    assert.ok(hello.split(" ").includes("+turns"), hello);
    assert.equal(answers[0][1], "ok", answers[0].join(" "));
  }
  for (const engine of ["planck-cast", "box2d-ts-cast", "rapier2d-cast", "rapier2d-cast-through"]) {
    const { hello, answers } = run(engine, [turning]);
    assert.ok(!hello.split(" ").includes("+turns"), hello);
    assert.equal(answers[0][1], "refused", `${engine}: ${answers[0].join(" ")}`);
  }
});

// Box head-on into box, B turning by W = pi/4 (as a float) while it moves by (-4, 0). At t B is turned by theta = t W
// (0 <= theta <= pi/4): its corner (-1, 1) is at B's position + (-(cos + sin), cos - sin), the leftmost point of B,
// with y in [0, 1] on A's face x = 1. The core gap is g(t) = 3 - 4t - (cos theta + sin theta), decreasing (its
// derivative -4 - W (cos - sin) < 0). The engines' band [0.00375, 0.00625] (as head-on above) must hold at the
// fraction, within 1e-9 (the turned pose's cos and sin, rounded in double). Without the turn the hit would be at
// 0.4984375..0.4990625; with it, near 0.43. Normal (1, 0); point halfway between A's face and B's corner.
for (const engine of ["planck-toi", "box2d-ts-toi"]) {
  test(`${engine}: a box turning as it moves hits when its turned corner reaches the band`, () => {
    const W = Math.fround(Math.PI / 4);
    const { answers, status, stderr } = run(engine, [castLine(1, box(0, 0), box(4, 0), [-4, 0, W])]);
    assert.equal(status, 0, stderr);
    const answer = castAnswer(answers[0], 1);
    assert.ok(answer.hit);
    assert.equal(answer.termination, "touching");
    const theta = answer.fraction * W;
    const gap = 3 - 4 * answer.fraction - (Math.cos(theta) + Math.sin(theta));
    within(gap, 0.00375, 0.00625, 1e-9, "core gap at the fraction");
    within(answer.normal[0], 1, 1, 1e-12, "normal x");
    within(answer.normal[1], 0, 0, 1e-12, "normal y");
    within(answer.point[0], 1 + gap / 2, 1 + gap / 2, 1e-9, "point x");
    within(answer.point[1], Math.cos(theta) - Math.sin(theta), Math.cos(theta) - Math.sin(theta), 1e-9, "point y");
  });
}
