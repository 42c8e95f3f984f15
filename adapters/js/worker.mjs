// The npm engines' worker: `node worker.mjs <planck|box2d-ts|rapier2d>` speaks gjkcheck's worker
// protocol v1 on stdin/stdout for the named engine (protocol.mjs; the engines in their own files).
import { serve } from "./protocol.mjs";

const modules = { planck: "./planck.mjs", "box2d-ts": "./box2d-ts.mjs", rapier2d: "./rapier2d.mjs" };
const name = process.argv[2];
if (!(name in modules)) {
  process.stderr.write(`usage: node worker.mjs <${Object.keys(modules).join("|")}>\n`);
  process.exit(2);
}
const { engine } = await import(modules[name]);
serve(engine);
