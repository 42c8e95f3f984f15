// A model MuJoCo refuses to compile throws "MuJoCo Error: ..." as it should, but each such throw leaves a few bytes
// of the WebAssembly module's 64 KiB stack behind. After about 3,070 refused MjModel.from_xml_string calls (44
// refused mj_compile calls) the stack has run into the module's static data and the module is broken for good:
// every later call, a valid model's compile included, throws "getWasmTableEntry(...) is not a function".
//
// Standalone: npm install mujoco-3.14.0@npm:@mujoco/mujoco@3.14.0 && node repro.mjs
// Exit code: 1 while the bug is present, 0 once fixed (LIMIT refused compiles leave the module whole), 2 for errors
// of this script.
const version = "mujoco-3.14.0";
const LIMIT = 10000;

let loadMujoco;
try {
  loadMujoco = (await import(version)).default;
} catch (error) {
  console.error(`cannot load ${version}: ${error}`);
  process.exit(2);
}

// MuJoCo refuses this mesh (its four vertices lie in the plane z = 0: no convex hull); the geometry is irrelevant,
// any compile error does the same. The valid model is the same mesh lifted to a tetrahedron.
const model = (vertices) => `<mujoco><asset><mesh name="a" vertex="${vertices}"/></asset>
  <worldbody><body name="A" mocap="true"><geom type="mesh" mesh="a"/></body></worldbody></mujoco>`;
const refused = model("0 0 0  1 0 0  0 1 0  1 1 0");
const valid = model("0 0 0  1 0 0  0 1 0  0 0 1");

// The two ways a user compiles MJCF text: straight to an MjModel, or through an MjSpec.
const routes = {
  "MjModel.from_xml_string": (mujoco, xml) => mujoco.MjModel.from_xml_string(xml),
  "parseXMLString + mj_compile": (mujoco, xml) => {
    const spec = mujoco.parseXMLString(xml);
    try {
      return mujoco.mj_compile(spec);
    } finally {
      spec.delete();
    }
  },
};

const isRefusal = (error) =>
  error instanceof Error && error.message.startsWith("MuJoCo Error") && error.message.includes("coplanar");
const describe = (error) => `${error?.constructor?.name}: ${String(error?.message ?? error).split("\n")[0]}`;

// Whether the valid model compiles on this instance ("compiles" or the error).
function compileValid(compile, mujoco) {
  try {
    compile(mujoco, valid).delete();
    return "compiles";
  } catch (error) {
    return `throws ${describe(error)}`;
  }
}

let broken = 0;
for (const [name, compile] of Object.entries(routes)) {
  const mujoco = await loadMujoco();
  // A fresh instance must compile the valid model and refuse the other one; otherwise this script is wrong.
  const fresh = compileValid(compile, mujoco);
  if (fresh !== "compiles") {
    console.error(`${name}: the valid model ${fresh} on a fresh instance`);
    process.exit(2);
  }
  let refusals = 0;
  let failure = null;
  for (; refusals < LIMIT; ++refusals) {
    try {
      compile(mujoco, refused).delete();
      console.error(`${name}: the coplanar mesh compiled; expected MuJoCo to refuse it`);
      process.exit(2);
    } catch (error) {
      if (refusals === 0 && !isRefusal(error)) {
        console.error(`${name}: first refusal is not MuJoCo's compile error: ${describe(error)}`);
        process.exit(2);
      }
      if (!isRefusal(error)) {
        failure = error;
        break;
      }
    }
  }
  console.log(`${version} ${name}: ${refusals} refused compiles ("MuJoCo Error: ... coplanar vertices ...")`);
  if (!failure) {
    console.log(`  the module is whole after ${LIMIT} refusals: the valid model ${compileValid(compile, mujoco)}`);
    continue;
  }
  ++broken;
  console.log(`  refused compile ${refusals + 1} threw ${describe(failure)}`);
  console.log(`  the valid model, same instance: ${compileValid(compile, mujoco)}`);
  console.log(`  the valid model, fresh instance: ${compileValid(compile, await loadMujoco())}`);
}
console.log(`expected: every refused compile throws MuJoCo's compile error and leaves the module usable`);
if (broken > 0) {
  console.log(`BUG PRESENT: refused compiles broke the WebAssembly module (${broken} of 2 routes within ${LIMIT})`);
  process.exit(1);
}
console.log(`fixed: ${LIMIT} refused compiles on each route left the module whole`);
process.exit(0);
