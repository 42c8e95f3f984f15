// The npm engines' worker (adapters/js/worker.mjs) on its own, no host: each engine answers protocol-v1
// requests written from real case files of corpus/, and the answers are checked against values worked
// out by hand (the cases' own stories) or by the exact oracle's figures written in the cases. Run by
// ctest as `node --test` (tests/CMakeLists.txt); needs `npm ci` in adapters/js (scripts/bootstrap).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { readCase, requestLine } from "./case_request.mjs";

const source = fileURLToPath(new URL("../..", import.meta.url));
const worker = `${source}adapters/js/worker.mjs`;
const corpus = (path) => readCase(`${source}corpus/${path}`);

// Runs one worker over the request lines; returns { hello, answers (words per line), status, stderr }.
function run(engine, lines) {
  const result = spawnSync(process.execPath, [worker, engine], { input: lines.map((l) => l + "\n").join("") });
  const out = result.stdout.toString().split("\n").filter((l) => l !== "");
  return { hello: out[0], answers: out.slice(1).map((l) => l.split(" ")), status: result.status,
           stderr: result.stderr.toString() };
}

function distanceAnswer(words, id) {
  assert.equal(words[0], String(id));
  assert.equal(words[1], "ok", words.join(" "));
  assert.equal(words.length, 9, words.join(" "));
  const [distance, ax, ay, bx, by] = words.slice(2, 7).map(Number);
  for (const v of [distance, ax, ay, bx, by]) assert.ok(Number.isFinite(v), words.join(" "));
  assert.match(words[7], /^-?[0-9]+$/);
  return { distance, pointA: [ax, ay], pointB: [bx, by], iterations: Number(words[7]), termination: words[8] };
}

// Two unit squares side by side, their facing edges 1 apart (x = 0.5 and x = 1.5).
const unitSquare = [-0.5, -0.5, 0.5, -0.5, 0.5, 0.5, -0.5, 0.5];
const square = (px, py) => ({ vertices: unitSquare, radius: 0, position: [px, py], rotation: [1, 0] });
const squaresOneApart = { a: square(0, 0), b: square(2, 0) };

// corpus/seeds/short-edge/box2d-plank-vs-point.case: exact distance 41943 / 2^23 (its story).
const plankDistance = 41943 / 2 ** 23;

for (const engine of ["planck", "box2d-ts", "rapier2d"]) {
  test(`${engine}: the hello line names protocol 1 and the engine, and stdin's end exits 0`, () => {
    const { hello, answers, status } = run(engine, []);
    const words = hello.split(" ");
    assert.deepEqual(words.slice(0, 3), ["gjkcheck-worker", "1", engine]);
    assert.ok(["f32", "f64"].includes(words[3]));
    assert.ok(["on-shapes", "merged"].includes(words[4]));
    assert.ok(["distance", "penetration", "both"].includes(words[5]));
    assert.equal(words[6], "+float-bits");
    assert.ok(words.length > 7, "a version follows");
    assert.equal(answers.length, 0);
    assert.equal(status, 0);
  });

  test(`${engine}: two unit squares 1 apart are at distance exactly 1, witnesses on the facing edges`, () => {
    const { answers, status } = run(engine, [requestLine(7, "d", squaresOneApart)]);
    assert.equal(status, 0);
    const answer = distanceAnswer(answers[0], 7);
    assert.equal(answer.distance, 1);
    assert.equal(answer.pointA[0], 0.5);
    assert.equal(answer.pointB[0], 1.5);
    assert.equal(answer.pointA[1], answer.pointB[1]);
    assert.ok(Math.abs(answer.pointA[1]) <= 0.5);
  });

  test(`${engine}: 300 pipelined requests are answered in order, each with its own id`, () => {
    const lines = [];
    for (let i = 0; i < 300; ++i) lines.push(requestLine(1000 + i, "d", { a: square(0, 0), b: square(2 + i / 64, 0) }));
    const { answers, status } = run(engine, lines);
    assert.equal(status, 0);
    assert.equal(answers.length, 300);
    // f64 engines exactly; rapier2d (f32) within 64 u, u = S 2^-24 with S = 2 + i/64 + 0.5 (docs/verdict.md)
    answers.forEach((words, i) => {
      const distance = distanceAnswer(words, 1000 + i).distance;
      const tolerance = engine === "rapier2d" ? 64 * (2.5 + i / 64) * 2 ** -24 : 0;
      assert.ok(Math.abs(distance - (1 + i / 64)) <= tolerance, `${distance} for ${1 + i / 64}`);
    });
  });

  test(`${engine}: a malformed request is refused under its id, and the worker goes on`, () => {
    const { answers, status } = run(engine, ["5 d 4 1 2", requestLine(6, "d", squaresOneApart)]);
    assert.equal(status, 0);
    assert.deepEqual(answers[0].slice(0, 2), ["5", "refused"]);
    assert.equal(distanceAnswer(answers[1], 6).distance, 1);
  });
}

test("planck and box2d-ts: the plank against a point off its short edge (Box2D's own case)", () => {
  const plank = corpus("seeds/short-edge/box2d-plank-vs-point.case");
  const planck = run("planck", [requestLine(1, "d", plank)]);
  const answer = distanceAnswer(planck.answers[0], 1);
  assert.ok(Math.abs(answer.distance - plankDistance) <= 1e-15, `planck gives ${answer.distance}`);
  // @box2d/core's b2ComputeHull welds points closer than 4 linearSlop = 0.02: the plank, 0.0032 high,
  // has no hull left, and a user's b2PolygonShape.Set fails.
  const box2dTs = run("box2d-ts", [requestLine(1, "d", plank)]);
  assert.deepEqual(box2dTs.answers[0].slice(0, 2), ["1", "refused"]);
});

test("rapier2d: the plank against a point (a Ball) and against a small triangle, in f32", () => {
  const plank = corpus("seeds/short-edge/box2d-plank-vs-point.case");
  const triangle = { vertices: [0, 0, 0.1, 0.01, 0.1, -0.01].map(Math.fround), radius: 0,
                     position: [Math.fround(0.505), 0], rotation: [1, 0] };
  const { answers, status } = run("rapier2d", [requestLine(1, "d", plank),
                                               requestLine(2, "d", { a: plank.a, b: triangle })]);
  assert.equal(status, 0);
  for (const [i, words] of answers.entries()) {
    const answer = distanceAnswer(words, i + 1);
    // f32: within 64 u of the exact value, u = S 2^-24 with S ~ 0.6 (docs/verdict.md)
    assert.ok(Math.abs(answer.distance - plankDistance) <= 64 * 0.61 * 2 ** -24, `rapier2d gives ${answer.distance}`);
    assert.equal(answer.distance, Math.fround(answer.distance), "an f32 engine answers float values");
  }
});

test("rapier2d: two squares overlapping by 0.25 along x: depth 0.25, normal (1, 0)", () => {
  const { answers, status } = run("rapier2d", [requestLine(3, "p", { a: square(0, 0), b: square(0.75, 0) }),
                                               requestLine(4, "p", squaresOneApart)]);
  assert.equal(status, 0);
  assert.deepEqual(answers[0].slice(0, 3), ["3", "ok", "overlapping"]);
  assert.deepEqual(answers[0].slice(3, 6).map(Number), [0.25, 1, 0]);
  assert.deepEqual(answers[1].slice(0, 4), ["4", "ok", "separated", "0"]);
});

test("planck and box2d-ts answer distance only: a penetration request is refused", () => {
  for (const engine of ["planck", "box2d-ts"]) {
    const { answers } = run(engine, [requestLine(9, "p", squaresOneApart)]);
    assert.deepEqual(answers[0].slice(0, 2), ["9", "refused"]);
  }
});

test("a shape the engine cannot build is refused: three collinear points", () => {
  const segment = { vertices: [0, 0, 1, 0, 2, 0], radius: 0, position: [0, 5], rotation: [1, 0] };
  for (const engine of ["planck", "box2d-ts", "rapier2d"]) {
    const { answers, status } = run(engine, [requestLine(2, "d", { a: square(0, 0), b: segment })]);
    assert.equal(status, 0);
    assert.deepEqual(answers[0].slice(0, 2), ["2", "refused"], engine);
  }
});

// A finding, kept as a test so that a change upstream shows: on overlap planck 1.4.2's Distance
// (src/collision/Distance.ts, the useRadii branch) sets both witnesses to pointA - pointB, a difference
// of points, where Box2D 2.4.1 and box2d-ts use the midpoint. Two squares overlapping far from the
// origin: planck's "contact point" is the origin, box2d-ts's lies in both squares.
test("finding: planck's merged witness on overlap is pointA - pointB (near the origin), not a point of the shapes", () => {
  const overlapping = requestLine(1, "d", { a: square(100, 100), b: square(100.5, 100.25) });
  const planck = distanceAnswer(run("planck", [overlapping]).answers[0], 1);
  assert.equal(planck.distance, 0);
  assert.deepEqual(planck.pointA, planck.pointB);
  assert.ok(Math.hypot(...planck.pointA) < 1, `planck's point ${planck.pointA}`);
  const box2dTs = distanceAnswer(run("box2d-ts", [overlapping]).answers[0], 1);
  assert.equal(box2dTs.distance, 0);
  assert.ok(Math.abs(box2dTs.pointA[0] - 100.25) <= 0.25 && Math.abs(box2dTs.pointA[1] - 100.125) <= 0.375);
});

// A finding, kept as a test: rapier's convexHull (parry2d 0.31.1) panics on a polygon whose points
// repeat, where its binding promises undefined for a shape without a hull: WebAssembly's "unreachable".
// The worker answers that request `crash` with the trap and its stack (docs/workers.md) and answers the
// rest on a fresh WebAssembly instance (rapier_instance.mjs): the same answers as before the crash, for
// both kinds of query, and the worker ends normally.
test("finding: rapier2d's convexHull panics on repeated points; that query is a crash, the rest are answered", () => {
  const repeated = { vertices: [0, 0, 0, 0, 0, 0], radius: 0, position: [0, 0], rotation: [1, 0] };
  const crashing = { a: square(0, 0), b: repeated };
  const { answers, status, stderr } = run("rapier2d", [requestLine(1, "d", squaresOneApart),
                                                       requestLine(2, "d", crashing),
                                                       requestLine(3, "d", squaresOneApart),
                                                       requestLine(4, "p", crashing),
                                                       requestLine(5, "d", crashing),
                                                       requestLine(6, "p", squaresOneApart)]);
  assert.equal(status, 0, stderr);
  assert.equal(answers.length, 6);
  for (const id of [2, 4, 5]) {
    const words = answers[id - 1];
    assert.deepEqual(words.slice(0, 2), [String(id), "crash"], words.join(" "));
    assert.match(words.join(" "), /RuntimeError: unreachable/);
    assert.match(words.join(" "), /convexHull/);
  }
  assert.deepEqual(answers[0].slice(1), answers[2].slice(1));
  assert.equal(distanceAnswer(answers[2], 3).distance, 1);
  assert.deepEqual(answers[5], ["6", "ok", "separated", "0", "1", "0", "0.5", "-0.5", "1.5", "-0.5"]);
});

// A finding, kept as a test: box2d-ts's b2ComputeHull recursion overflows the stack on points near 1e19
// (corpus/regressions/engines/scale-17.box2d-ts.case). That query is a crash with the RangeError and its
// stack; the worker answers the next ones on a fresh load of @box2d/core, as before the crash.
test("finding: box2d-ts overflows the stack in b2ComputeHull; that query is a crash, the rest are answered", () => {
  const overflowing = corpus("regressions/engines/scale-17.box2d-ts.case");
  const { answers, status, stderr } = run("box2d-ts", [requestLine(1, "d", squaresOneApart),
                                                       requestLine(2, "d", overflowing),
                                                       requestLine(3, "d", squaresOneApart)]);
  assert.equal(status, 0, stderr);
  assert.equal(answers.length, 3);
  assert.deepEqual(answers[1].slice(0, 2), ["2", "crash"]);
  assert.match(answers[1].join(" "), /RangeError: Maximum call stack size exceeded/);
  assert.match(answers[1].join(" "), /b2RecurseHull/);
  assert.deepEqual(answers[0].slice(1), answers[2].slice(1));
  assert.equal(distanceAnswer(answers[2], 3).distance, 1);
});

// +float-bits: a request of floats' bits reads as the same shapes as the decimals of protocol version 1,
// bit for bit (-0 and the smallest subnormal included), and a word that is no 8 hex digits is refused.
test("protocol: a request in float bits parses to the same floats as in decimals", async () => {
  const { parseRequest } = await import(`${source}adapters/js/protocol.mjs`);
  const odd = { vertices: [0.1, -0, 2 ** -149, -3.4028234663852886e38].map(Math.fround), radius: Math.fround(0.01),
                position: [Math.fround(1e20), -3.5], rotation: [0.6, 0.8].map(Math.fround) };
  const shapes = { a: odd, b: square(2, 0) };
  const bits = parseRequest(requestLine(9, "d", shapes), true);
  const decimal = parseRequest(requestLine(9, "d", shapes, true), false);
  assert.deepEqual(bits, decimal);
  assert.ok(Object.is(bits.a.vertices[1], -0));
  assert.equal(bits.a.vertices[2], 2 ** -149);
  assert.throws(() => parseRequest(requestLine(9, "d", shapes, true), true), /bad float bits/);
  // A host that does not know +float-bits writes decimals: the worker still answers them.
  const { answers, status } = run("planck", [requestLine(1, "d", squaresOneApart, true)]);
  assert.equal(status, 0);
  assert.equal(distanceAnswer(answers[0], 1).distance, 1);
  assert.throws(() => parseRequest("1 d 1 3dcccccg 0 0 0 0 0 0 1 0 0 0 0 0 0 0", true), /bad float bits/);
});

// A fresh instance shares nothing with the trapped one: each is the package's code on its own WebAssembly
// memory, and what one leaves behind is not seen by the next.
test("rapier2d: fresh instances are separate WebAssembly instances of the same package", async () => {
  const { freshRapier } = await import(`${source}adapters/js/rapier_instance.mjs`);
  const first = await freshRapier();
  const second = await freshRapier();
  assert.notEqual(first.ConvexPolygon, second.ConvexPolygon);
  assert.equal(first.version(), second.version());
  const triangle = new Float32Array([0, 0, 1, 0, 0, 1]);
  assert.throws(() => new first.ConvexPolygon(new Float32Array([0, 0, 0, 0, 0, 0]), false).intoRaw(),
                WebAssembly.RuntimeError);
  const contact = new second.ConvexPolygon(triangle, false)
    .contactShape({ x: 0, y: 0 }, 0, new second.Ball(0.5), { x: 3, y: 0 }, 0, 1e30);
  assert.equal(contact.distance, 1.5);
});

// planck welds points closer than 0.0025, box2d-ts closer than 0.02: a welded point outside the rest
// cuts a corner off the shape, and the query is refused; a welded point inside it changes nothing.
test("planck and box2d-ts: a corner lost to welding is refused, a welded inner point is not", () => {
  const withPoint = (x, y) => ({ vertices: [0, 0, 1, 0, 1, 1, 0, 1, Math.fround(x), Math.fround(y)], radius: 0,
                                 position: [3, 0], rotation: [1, 0] });
  const corner = requestLine(1, "d", { a: square(0, 0), b: withPoint(1.001, 1.001) });
  const inner = requestLine(2, "d", { a: square(0, 0), b: withPoint(0.999, 0.999) });
  for (const engine of ["planck", "box2d-ts"]) {
    const { answers, status } = run(engine, [corner, inner]);
    assert.equal(status, 0);
    assert.deepEqual(answers[0].slice(0, 2), ["1", "refused"], engine);
    assert.match(answers[0].join(" "), /lost a corner/);
    assert.equal(distanceAnswer(answers[1], 2).distance, 2.5, engine);
  }
});
