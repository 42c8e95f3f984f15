// The npm 3D engines on a few hundred generated 3D cases (20 of each 3D family, `gjkcheck gen --dimension 3`): each
// worker answers every request, in order, with a well-formed answer (asserted); how often each engine disagrees with
// the exact answer (survey3d.mjs) is reported in the test's diagnostics, never asserted: an engine's wrong answer is
// a finding. Needs GJKCHECK, the gjkcheck program (tests/CMakeLists.txt sets it); without it the test fails.
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { test } from "node:test";

import { exactAnswers, generate, survey, table } from "./survey3d.mjs";

const gjkcheck = process.env.GJKCHECK;
const PER_FAMILY = 20;

test(`the 3D workers answer ${PER_FAMILY} cases of every 3D family; their disagreements with the exact answers`, (t) => {
  assert.ok(gjkcheck, "GJKCHECK names the gjkcheck program");
  const folder = generate(gjkcheck, PER_FAMILY);
  try {
    const exact = exactAnswers(gjkcheck, folder);
    assert.equal(exact.size, 15 * PER_FAMILY, "robust3's exact answers, one per case");
    for (const engine of ["rapier3d", "jolt", "jolt-defaults", "mujoco-3.10.0", "mujoco-3.14.0"]) {
      const result = survey(engine, folder, exact);
      for (const line of table(engine, result).split("\n")) t.diagnostic(line);
    }
  } finally {
    rmSync(folder, { recursive: true });
  }
});
