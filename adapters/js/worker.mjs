// The npm engines' worker: `node worker.mjs <planck|box2d-ts|rapier2d|planck-cast|rapier3d|...>` speaks gjkcheck's worker
// protocol v1 on stdin/stdout for the named engine (protocol.mjs; the engines in their own files, each file's
// cast strategies beside its distance one).
import { serve } from "./protocol.mjs";

// name -> [module, the export that is the engine, or an async function that makes it]
const engines = {
  planck: ["./planck.mjs", "engine"],
  "box2d-ts": ["./box2d-ts.mjs", "engine"],
  rapier2d: ["./rapier2d.mjs", "engine"],
  "planck-cast": ["./planck.mjs", "castEngine"],
  "planck-toi": ["./planck.mjs", "toiEngine"],
  "box2d-ts-cast": ["./box2d-ts.mjs", "castEngine"],
  "box2d-ts-toi": ["./box2d-ts.mjs", "toiEngine"],
  "rapier2d-cast": ["./rapier2d.mjs", "castEngine"],
  "rapier2d-cast-through": ["./rapier2d.mjs", "castThroughEngine"],
  // 3D engines (+3d, docs/workers.md "Three dimensions")
  rapier3d: ["./rapier3d.mjs", "engine"],
  jolt: ["./jolt.mjs", "engine"],
  "jolt-defaults": ["./jolt.mjs", "defaultsEngine"],
  "mujoco-3.10.0": ["./mujoco.mjs", "engine310"],
  "mujoco-3.14.0": ["./mujoco.mjs", "engine314"],
};
const name = process.argv[2];
if (!(name in engines)) {
  process.stderr.write(`usage: node worker.mjs <${Object.keys(engines).join("|")}>\n`);
  process.exit(2);
}
const [module, exported] = engines[name];
const loaded = await import(module);
if (!loaded[exported]) {
  process.stderr.write(`worker.mjs: ${module} has no engine ${exported}\n`);
  process.exit(2);
}
// An engine given as a function is made when asked for (mujoco.mjs: one module, one version loaded per worker).
const engine = loaded[exported];
serve(typeof engine === "function" ? await engine() : engine);
