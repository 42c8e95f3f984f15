// How often a 3D npm engine disagrees with the exact answer on generated 3D family cases: a survey, reported and
// never asserted (an engine's wrong answer is a finding). The cases come from `gjkcheck gen --dimension 3`, the exact
// answers from `gjkcheck run --strategy robust3 --json` (its "exact" object: relation, distance, scale S, and on
// overlap the penetration depth). An answer disagrees when it is no answer (refused, crash), not finite, off the
// exact distance (or depth) by more than T = 64 u with u = S 2^-24 (docs/verdict.md), or of the other relation
// (a distance above 64 u for overlapping shapes is the distance error already; a penetration answer says
// overlapping or separated, and touching counts as either).
//
// By hand: node tests/engines/survey3d.mjs GJKCHECK ENGINE[,ENGINE...] [COUNT_PER_FAMILY] [SEED]
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { readCase, requestLine } from "./case_request.mjs";

const source = fileURLToPath(new URL("../..", import.meta.url));
const worker = `${source}adapters/js/worker.mjs`;
const T = 64;

// Writes COUNT cases of every 3D family into a fresh folder; returns it (the caller removes it).
export function generate(gjkcheck, count, seed = 1) {
  const folder = mkdtempSync(join(tmpdir(), "gjkcheck-survey3d-"));
  execFileSync(gjkcheck, ["gen", "--dimension", "3", "--family", "all", "--count", String(count), "--seed",
                          String(seed), "--out", folder], { stdio: "ignore" });
  return folder;
}

// The exact answer of every case of the folder, by file name.
export function exactAnswers(gjkcheck, folder) {
  const run = spawnSync(gjkcheck, ["run", folder, "--strategy", "robust3", "--json"], { maxBuffer: 1 << 28 });
  if (run.status !== 0 && run.status !== 1) throw new Error(`gjkcheck run: exit ${run.status} ${run.stderr}`);
  const exact = new Map();
  for (const line of run.stdout.toString().split("\n")) {
    if (line === "") continue;
    const row = JSON.parse(line);
    const e = row.exact;
    exact.set(row.case.split("/").pop(), {
      relation: e.relation, distance: Number(e.distance), scale: Number(e.scale),
      depth: e.penetration_depth === undefined ? 0 : Number(e.penetration_depth),
    });
  }
  return exact;
}

// Runs a worker over request lines; the answers' words, in order.
export function answers(engine, lines) {
  const result = spawnSync(process.execPath, [worker, engine], { input: lines.map((l) => l + "\n").join(""),
                                                                maxBuffer: 1 << 28 });
  if (result.status !== 0) throw new Error(`${engine} worker: exit ${result.status}: ${result.stderr}`);
  return result.stdout.toString().split("\n").filter((l) => l !== "").slice(1).map((l) => l.split(" "));
}

// One engine over the folder's cases: { families, reasons }: per family { cases, refused, crash, distance, relation,
// depth } counts of disagreements (a case counts once per column it falls in) and the largest distance error in u;
// the distance queries' refusal and crash reasons (numbers and quoted names blotted out) with their counts.
export function survey(engine, folder, exact, { penetration = true } = {}) {
  const names = readdirSync(folder).filter((n) => n.endsWith(".case")).sort();
  const lines = [];
  names.forEach((name, i) => {
    const shapes = readCase(join(folder, name));
    lines.push(requestLine(2 * i, "d", shapes));
    if (penetration) lines.push(requestLine(2 * i + 1, "p", shapes));
  });
  const got = answers(engine, lines);
  // The protocol, asserted: one answer per request, in order, each ok (with its field count), refused or crash.
  if (got.length !== lines.length) throw new Error(`${engine}: ${got.length} answers to ${lines.length} requests`);
  got.forEach((words, k) => {
    const id = Number(lines[k].split(" ")[0]);
    const fields = lines[k].split(" ")[1] === "d" ? 11 : 13;
    if (Number(words[0]) !== id || !(["refused", "crash"].includes(words[1]) || (words[1] === "ok" &&
        words.length === fields))) {
      throw new Error(`${engine}: bad answer to request ${id}: ${words.join(" ")}`);
    }
  });
  const byId = new Map(got.map((words) => [Number(words[0]), words]));
  const families = new Map();
  const reasons = new Map();
  names.forEach((name, i) => {
    const family = name.replace(/-[0-9]+\.case$/, "");
    if (!families.has(family)) {
      families.set(family, { cases: 0, refused: 0, crash: 0, distance: 0, relation: 0, depth: 0, worstU: 0,
                             disagreeing: 0, examples: [] });
    }
    const row = families.get(family);
    const e = exact.get(name);
    const u = e.scale * 2 ** -24;
    row.cases += 1;
    let disagrees = false;
    const d = byId.get(2 * i);
    if (d[1] !== "ok") {
      row[d[1] === "refused" ? "refused" : "crash"] += 1;
      // The reason without its numbers and names, to count alike reasons together.
      const reason = `${d[1]} ${d.slice(2).join(" ")}`.replace(/[-+]?[0-9][0-9.]*(e[-+]?[0-9]+)?/g, "N").replace(/'[^']*'/g, "'X'")
        .slice(0, 110);
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      disagrees = true;
    } else {
      const error = Math.abs(Number(d[2]) - e.distance) / u;
      row.worstU = Math.max(row.worstU, Number.isFinite(error) ? error : Infinity);
      if (!(error <= T)) {
        row.distance += 1;
        disagrees = true;
      }
    }
    if (penetration) {
      const p = byId.get(2 * i + 1);
      if (p[1] === "ok") {
        const overlapping = p[2] === "overlapping";
        if (e.relation !== "touching" && overlapping !== (e.relation === "overlapping")) {
          row.relation += 1;
          disagrees = true;
        } else if (overlapping && e.relation === "overlapping" && !(Math.abs(Number(p[3]) - e.depth) / u <= T)) {
          row.depth += 1;
          disagrees = true;
        }
      }
    }
    if (disagrees) {
      row.disagreeing += 1;
      if (row.examples.length < 2) row.examples.push(name);
    }
  });
  return { families, reasons };
}

// The survey as a table: one line per family, then the reasons of the refusals and crashes with their counts.
export function table(engine, { families, reasons }) {
  const lines = [`${engine}: family cases disagreeing (refused crash distance>64u relation depth>64u) worst-distance-u`];
  let total = 0;
  let disagreeing = 0;
  for (const [family, r] of families) {
    total += r.cases;
    disagreeing += r.disagreeing;
    lines.push(`  ${family.padEnd(14)} ${String(r.cases).padStart(4)} ${String(r.disagreeing).padStart(4)} ` +
               `(${r.refused} ${r.crash} ${r.distance} ${r.relation} ${r.depth}) ${r.worstU.toPrecision(3)}` +
               (r.examples.length ? `  e.g. ${r.examples.join(" ")}` : ""));
  }
  lines.push(`  all            ${String(total).padStart(4)} ${String(disagreeing).padStart(4)}`);
  for (const [reason, count] of [...reasons].sort((x, y) => y[1] - x[1])) lines.push(`  ${String(count).padStart(4)}x ${reason}`);
  return lines.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [gjkcheck, engines, count = "20", seed = "1"] = process.argv.slice(2);
  const folder = generate(gjkcheck, Number(count), Number(seed));
  try {
    const exact = exactAnswers(gjkcheck, folder);
    for (const engine of engines.split(",")) console.log(table(engine, survey(engine, folder, exact)));
  } finally {
    if (!process.env.KEEP) rmSync(folder, { recursive: true });
    else console.log(`cases kept in ${folder}`);
  }
}
