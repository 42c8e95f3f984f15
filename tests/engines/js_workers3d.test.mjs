// The npm 3D engines' workers (adapters/js/worker.mjs rapier3d, jolt, jolt-defaults, mujoco-3.10.0, mujoco-3.14.0) on
// their own, no host: 3D requests (docs/workers.md, "Three dimensions") of shapes whose answers are worked out by
// hand, checked within each engine's own documented tolerance. Run by ctest as `node --test` (tests/CMakeLists.txt);
// needs `npm ci` in adapters/js (scripts/bootstrap).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { parseCase, requestLine } from "./case_request.mjs";

const worker = fileURLToPath(new URL("../../adapters/js/worker.mjs", import.meta.url));

// Each engine's tolerance on these unit-sized shapes, as the engine states it:
//   rapier3d: none stated; f32, so T = 64 u of docs/verdict.md, u = S 2^-24 with S = 2.5 (the largest coordinate);
//   jolt: cDefaultCollisionTolerance (GJK) and cDefaultPenetrationTolerance (EPA), 1e-4 (PhysicsSettings.h:10, 13);
//   mujoco: ccd_tolerance, 1e-6 by default (its documentation of mjOption).
const engines = {
  rapier3d: { scalar: "f32", tolerance: 64 * 2.5 * 2 ** -24 },
  jolt: { scalar: "f32", tolerance: 1e-4 },
  "jolt-defaults": { scalar: "f32", tolerance: 1e-4 },
  "mujoco-3.10.0": { scalar: "f64", tolerance: 1e-6 },
  "mujoco-3.14.0": { scalar: "f64", tolerance: 1e-6 },
};

function run(engine, lines) {
  const result = spawnSync(process.execPath, [worker, engine], { input: lines.map((l) => l + "\n").join("") });
  const out = result.stdout.toString().split("\n").filter((l) => l !== "");
  return { hello: out[0], answers: out.slice(1).map((l) => l.split(" ")), status: result.status,
           stderr: result.stderr.toString() };
}

function distanceAnswer(words, id) {
  assert.equal(words[0], String(id), words.join(" "));
  assert.equal(words[1], "ok", words.join(" "));
  assert.equal(words.length, 11, words.join(" "));
  const numbers = words.slice(2, 9).map(Number);
  for (const v of numbers) assert.ok(Number.isFinite(v), words.join(" "));
  assert.match(words[9], /^-?[0-9]+$/);
  return { distance: numbers[0], pointA: numbers.slice(1, 4), pointB: numbers.slice(4, 7) };
}

function penetrationAnswer(words, id) {
  assert.equal(words[0], String(id), words.join(" "));
  assert.equal(words[1], "ok", words.join(" "));
  assert.equal(words.length, 13, words.join(" "));
  assert.ok(["overlapping", "separated"].includes(words[2]));
  const numbers = words.slice(3).map(Number);
  return { overlapping: words[2] === "overlapping", depth: numbers[0], normal: numbers.slice(1, 4),
           pointA: numbers.slice(4, 7), pointB: numbers.slice(7, 10) };
}

const near = (value, expected, tolerance, what) =>
  assert.ok(Math.abs(value - expected) <= tolerance, `${what}: ${value}, expected ${expected} within ${tolerance}`);

const identity = [1, 0, 0, 0];
const box = (hx, hy, hz) => {
  const v = [];
  for (const z of [-hz, hz]) for (const y of [-hy, hy]) for (const x of [-hx, hx]) v.push(x, y, z);
  return v;
};
const cube = (x, y = 0, z = 0) => ({ vertices: box(0.5, 0.5, 0.5), radius: 0, position: [x, y, z], rotation: identity });
const cubesOneApart = { a: cube(0), b: cube(2) };
const sphere = (x, radius) => ({ vertices: [0, 0, 0], radius, position: [x, 0, 0], rotation: identity });
// A capsule along z from (3, 0, 0) to (3, 0, 1), radius 0.25: 2.25 from the unit cube at the origin.
const capsule = { vertices: [0, 0, 0, 0, 0, 1], radius: 0.25, position: [3, 0, 0], rotation: identity };
// Four copies of one point: no engine has a hull of them.
const onePointFourTimes = { vertices: [1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3], radius: 0, position: [0, 0, 0],
                            rotation: identity };
// A quarter turn about z in float: (cos 45°, 0, 0, sin 45°) rounded to float.
const quarterTurnZ = [Math.fround(Math.SQRT1_2), 0, 0, Math.fround(Math.SQRT1_2)];

// The requests every engine answers, in one stream per engine (a worker starts in one to two seconds): by id.
const turned = { vertices: box(0.5, 0.125, 0.5), radius: 0, position: [2, 0, 0], rotation: quarterTurnZ };
const rounded = { ...cube(2), radius: 0.125 };
const stream = [
  requestLine(1, "d", cubesOneApart),
  requestLine(2, "d", { a: cube(0), b: turned }),
  requestLine(3, "p", { a: cube(0), b: cube(0.75, 0.125) }),
  requestLine(4, "p", cubesOneApart),
  requestLine(5, "d", { a: sphere(0, 0.5), b: cube(2) }),
  requestLine(6, "d", { a: cube(0), b: onePointFourTimes }),
  requestLine(7, "d", cubesOneApart),
  "8 d 8 1 2",
  "9 d 4 0 0 1 0 1 1 0 1 0 0 0 1 0 4 0 0 1 0 1 1 0 1 0 2 0 1 0",  // 2D shapes (decimals)
  requestLine(10, "d", cubesOneApart),
  requestLine(11, "d", { a: capsule, b: cube(0) }),
  requestLine(12, "d", { a: cube(0), b: rounded }),
];
const streamRuns = new Map();
function streamRun(engine) {
  if (!streamRuns.has(engine)) streamRuns.set(engine, run(engine, stream));
  return streamRuns.get(engine);
}

for (const [engine, { scalar, tolerance }] of Object.entries(engines)) {
  const answered = (id) => streamRun(engine).answers[id - 1];

  test(`${engine}: the hello says ${scalar}, on-shapes, both, +float-bits and +3d; every request is answered`, () => {
    const { hello, answers, status } = streamRun(engine);
    const words = hello.split(" ");
    assert.deepEqual(words.slice(0, 8), ["gjkcheck-worker", "1", engine, scalar, "on-shapes", "both", "+float-bits",
                                          "+3d"]);
    assert.ok(words.length > 8, "a version follows");
    assert.deepEqual(answers.map((words) => words[0]), stream.map((line) => line.split(" ")[0]));
    assert.equal(status, 0);
  });

  test(`${engine}: two unit cubes 1 apart along x: distance 1, witnesses on the facing faces`, () => {
    const answer = distanceAnswer(answered(1), 1);
    near(answer.distance, 1, tolerance, "distance");
    near(answer.pointA[0], 0.5, tolerance, "A's point x");
    near(answer.pointB[0], 1.5, tolerance, "B's point x");
    for (const k of [1, 2]) {
      near(answer.pointA[k], answer.pointB[k], tolerance, `the points' coordinate ${k}`);
      assert.ok(Math.abs(answer.pointA[k]) <= 0.5 + tolerance, `A's point ${answer.pointA}`);
    }
  });

  test(`${engine}: a 1 x 0.25 x 1 box turned a quarter turn about z is 0.125 thick along x: distance 1.375`, () => {
    const answer = distanceAnswer(answered(2), 2);
    near(answer.distance, 1.375, tolerance, "distance");
    near(answer.pointB[0], 1.875, tolerance, "B's point x");
  });

  test(`${engine}: cubes overlapping by 0.25 along x: overlapping, depth 0.25, normal (1, 0, 0); apart: separated`, () => {
    const overlap = penetrationAnswer(answered(3), 3);
    assert.equal(overlap.overlapping, true);
    near(overlap.depth, 0.25, tolerance, "depth");
    near(overlap.normal[0], 1, tolerance, "normal x");
    near(Math.hypot(overlap.normal[1], overlap.normal[2]), 0, Math.sqrt(2 * tolerance), "normal y, z");
    near(overlap.pointA[0], 0.5, tolerance, "A's deepest point x");
    near(overlap.pointB[0], 0.25, tolerance, "B's deepest point x");
    const apart = penetrationAnswer(answered(4), 4);
    assert.equal(apart.overlapping, false);
    assert.equal(apart.depth, 0);
  });

  test(`${engine}: a sphere of radius 0.5 (one vertex) 2 from the cube: distance 1`, () => {
    const answer = distanceAnswer(answered(5), 5);
    near(answer.distance, 1, tolerance, "distance");
    near(answer.pointA[0], 0.5, tolerance, "the sphere's point x");
  });

  test(`${engine}: four copies of one point are refused with the engine's reason; the next request is answered`, () => {
    assert.deepEqual(answered(6).slice(0, 3), ["6", "refused", engine.replace(/-(defaults|[0-9.]+)$/, "")]);
    near(distanceAnswer(answered(7), 7).distance, 1, tolerance, "distance after the refusal");
  });

  test(`${engine}: a malformed request and a 2D request are refused under their ids, and the worker goes on`, () => {
    assert.deepEqual(answered(8).slice(0, 3), ["8", "refused", "malformed"]);
    assert.deepEqual(answered(9).slice(0, 3), ["9", "refused", "malformed"]);
    near(distanceAnswer(answered(10), 10).distance, 1, tolerance, "distance after the malformed requests");
  });

  test(`${engine}: the same requests again, the same answers bit for bit`, () => {
    assert.deepEqual(run(engine, stream).answers, streamRun(engine).answers);
  });
}

for (const engine of ["jolt", "jolt-defaults", "mujoco-3.10.0", "mujoco-3.14.0"]) {
  test(`${engine}: a capsule 2.25 from the cube; a hull with a radius is refused (the engine has no such shape)`, () => {
    const { answers } = streamRun(engine);
    near(distanceAnswer(answers[10], 11).distance, 2.25, engines[engine].tolerance, "distance");
    assert.deepEqual(answers[11].slice(0, 2), ["12", "refused"]);
  });
}

test("rapier3d: a hull grown by 0.125 (RoundConvexPolyhedron) 2 from the cube: distance 0.875", () => {
  const answer = distanceAnswer(streamRun("rapier3d").answers[11], 12);
  near(answer.distance, 0.875, engines.rapier3d.tolerance, "distance");
});

// A finding, kept as a test so that a change upstream shows: rapier3d's contact between its Capsule and a convex
// polyhedron stops short. The capsule along z at x = 3 of radius 0.25 is 2.25 from the unit cube; rapier answers
// 2.2505, its point on the capsule 1.9e-4 off the capsule's surface (measured with rapier3d-compat 0.21.0).
test("finding: rapier3d's capsule against a cube is off by more than 64 u (about 5e-4)", () => {
  const answer = distanceAnswer(streamRun("rapier3d").answers[10], 11);
  assert.ok(Math.abs(answer.distance - 2.25) > engines.rapier3d.tolerance, `rapier3d gives ${answer.distance}`);
  assert.ok(Math.abs(answer.distance - 2.25) < 1e-3, `rapier3d gives ${answer.distance}`);
});

// A finding: parry panics (WebAssembly `unreachable`) on a capsule of radius 3e38 against a cube. The worker answers
// that query `crash` with the trap and its stack (docs/workers.md) and the rest on a fresh instance
// (rapier_instance.mjs), the same answers as before the crash.
test("finding: rapier3d traps on a capsule of radius 3e38; that query is a crash, the rest are answered", () => {
  const huge = { vertices: [0, 0, 0, 0, 0, 1], radius: Math.fround(3e38), position: [0, 0, 0], rotation: identity };
  const { answers, status } = run("rapier3d", [requestLine(1, "d", cubesOneApart),
                                               requestLine(2, "d", { a: cube(0), b: huge }),
                                               requestLine(3, "p", { a: huge, b: huge }),
                                               requestLine(4, "d", cubesOneApart)]);
  assert.equal(status, 0);
  assert.deepEqual(answers[1].slice(0, 3), ["2", "crash", "RuntimeError:"], answers[1].join(" "));
  assert.equal(answers[2][0], "3");
  assert.deepEqual(answers[3], answers[0].map((w, i) => (i === 0 ? "4" : w)));
});

// A finding: the case `gjkcheck gen --dimension 3 --family edge-edge --seed 1 --first 18` (two hulls with parallel
// edges 0.0030487 apart, robust3's exact distance; S = 257.8, so 64 u = 9.8e-4). MuJoCo 3.10.0's native CCD answers
// distance 0 and "overlapping" with depth 0; 3.14.0 answers 0.0030498, within 64 u.
const parallelEdges = parseCase(`gjk-case 1
dimension 3
a.position 0x1.dabap+5 -0x1.44e8p+3 -0x1.2b5ep+5
a.rotation 0x1.ad09fep-1 0 0 -0x1.1768c4p-1
a.vertex 0x1.8cecp+6 0x1.ecc4p+6 -0x1.3dd9p+6
a.vertex 0x1.23908p+7 0x1.dcdbp+6 -0x1.c0dp+6
a.vertex -0x1.179ep+5 -0x1.dc16p+5 -0x1.9e57p+6
a.vertex -0x1.44c4p+6 0 0
a.vertex 0x1.85ap+2 0x1.2536p+7 -0x1.3ecep+5
a.vertex 0x1.44c4p+6 0 0
b.position 0x1.dabap+5 -0x1.44e8p+3 -0x1.2b5ep+5
b.rotation 0x1.ad09fep-1 0 0 -0x1.1768c4p-1
b.vertex 0x1.4817p+6 0x1.3b718p+7 0x1.43d8p+3
b.vertex 0x1.3965p+6 -0x1.9978p+6 0x1.424p+1
b.vertex -0x1.1edp+7 0x1.14f08p+7 0x1.034bp+6
b.vertex -0x1.4864p+6 0x1.ff2p+6 0x1.12e68p+7
b.vertex 0x1.1516p+6 -0x1p-9 0x1.8p-9
b.vertex 0x1.d464p+5 -0x1.7e45p+7 0x1.51p+2
b.vertex -0x1.d78p+5 -0x1p-9 0x1.8p-9
b.vertex 0x1.c6c2p+5 0x1.56f5p+6 0x1.4678p+6
`);
const parallelEdgesDistance = 0.003048705126456787;
const parallelEdgesT = 64 * 257.8270342496625 * 2 ** -24;

test("finding: mujoco-3.10.0 says two hulls 0.003 apart overlap; mujoco-3.14.0 gives their distance", () => {
  const lines = [requestLine(1, "d", parallelEdges), requestLine(2, "p", parallelEdges)];
  const old = run("mujoco-3.10.0", lines).answers;
  assert.equal(distanceAnswer(old[0], 1).distance, 0, old[0].join(" "));
  assert.deepEqual(old[1].slice(2, 4), ["overlapping", "0"], old[1].join(" "));
  const now = run("mujoco-3.14.0", lines).answers;
  near(distanceAnswer(now[0], 1).distance, parallelEdgesDistance, parallelEdgesT, "3.14.0's distance");
  assert.equal(penetrationAnswer(now[1], 2).overlapping, false);
});

// A finding: two parallel capsules that touch (radii 64 and 96, axes 160 apart; `gjkcheck gen --dimension 3 --family
// rounded --seed 1 --first 78`). Both MuJoCo versions answer 971.37: with the adapter's distmax (twice a bound on the
// distance, here above 1e4) MuJoCo's capsule-capsule collider, run with distmax as its margin, picks the wrong pair of
// points; a distmax of 1000 or less gives 0 (measured by hand with mj_geomDistance).
test("finding: mujoco answers 971 for two touching parallel capsules (distmax above 1e4)", () => {
  const at = [-619200, 1696544, 352992];
  const capsules = {
    a: { vertices: [-3296, 0, 0, 3296, 0, 0], radius: 64, position: at, rotation: identity },
    b: { vertices: [-2176, -128, 96, -960, -128, 96], radius: 96, position: at, rotation: identity },
  };
  for (const engine of ["mujoco-3.10.0", "mujoco-3.14.0"]) {
    const answer = distanceAnswer(run(engine, [requestLine(1, "d", capsules)]).answers[0], 1);
    near(answer.distance, 971.37, 0.01, `${engine}'s distance`);
  }
  for (const engine of ["rapier3d", "jolt"]) {
    const answer = distanceAnswer(run(engine, [requestLine(1, "d", capsules)]).answers[0], 1);
    assert.ok(answer.distance < 1, `${engine} gives ${answer.distance}`);
  }
});

// MuJoCo's WebAssembly module breaks after about 3,070 refused compiles (reports/engines3d/upstream: every later
// from_xml_string throws, so every later query would be "refused"). The worker takes a fresh instance after 1,000
// refused compiles: 3,500 flat meshes (each refused with MuJoCo's compiler message), then two cubes one apart, all
// in one stream, get 3,500 refusals that quote that message and then the distance 1.
test("mujoco workers stay whole after thousands of refused compiles", () => {
  const flat = { vertices: [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0], radius: 0, position: [0, 0, 0], rotation: identity };
  const lines = [];
  for (let id = 1; id <= 3500; ++id) lines.push(requestLine(id, "d", { a: flat, b: cube(3) }));
  lines.push(requestLine(3501, "d", cubesOneApart));
  for (const engine of ["mujoco-3.10.0", "mujoco-3.14.0"]) {
    const { answers, status } = run(engine, lines);
    assert.equal(status, 0, engine);
    assert.equal(answers.length, 3501, engine);
    for (const words of answers.slice(0, 3500)) {
      assert.equal(words[1], "refused", `${engine}: ${words.join(" ")}`);
      assert.match(words.join(" "), /MuJoCo Error/, engine);
    }
    near(distanceAnswer(answers[3500], 3501).distance, 1, engines[engine].tolerance, `${engine} after the refusals`);
  }
});
