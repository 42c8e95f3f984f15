// Fresh instances of @dimforge/rapier2d-compat (or @dimforge/rapier3d-compat, whose bundle is built the same way),
// each on its own WebAssembly instance, made in milliseconds.
//
// When rapier's WebAssembly traps (a Rust panic is `unreachable`), that instance is done with: its linear
// memory and its stack pointer are wherever the panic left them. The worker then answers the query
// `crash` (docs/workers.md) and goes on with a fresh instance, never the trapped one. Loading the package
// again the ordinary way costs about half a second (its 3.4 MB bundle compiled again, the 2.4 MB WebAssembly
// inlined as base64 decoded by its JavaScript decoder and compiled again), as much as restarting node. So
// the package's own CommonJS bundle (dist/rapier.cjs, the same code as dist/rapier.mjs) is read once and
// compiled once as a function of a fresh `exports`; its inlined WebAssembly is decoded once (Buffer, base64)
// and compiled once into a WebAssembly.Module, which the bundle's own init() accepts in place of the bytes
// (wasm-bindgen's `module_or_path`). A fresh instance is one more run of that function: the bundle's
// top-level code (its classes, its JavaScript state) and its init(), which instantiates the compiled module
// anew. The code and the WebAssembly bytes are the package's, unchanged; only the decoding of the base64
// and the compilation are shared between instances. The old instance is dropped and collected.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import vm from "node:vm";

const require = createRequire(import.meta.url);

// The bundle's only inlined WebAssembly: `<decoder>.toByteArray("<base64>").buffer`, passed to init.
const INLINED_WASM = /[A-Za-z_$][\w$]*\.toByteArray\("([A-Za-z0-9+/=]+)"\)\.buffer/g;

// package name -> { makeExports: (exports, require, module) => runs the bundle's top-level code into exports,
//                   wasmModule }
const loaded = new Map();

function load(packageName) {
  const path = require.resolve(packageName);  // dist/rapier.cjs (package.json "main")
  const source = readFileSync(path, "utf8");
  const found = [...source.matchAll(INLINED_WASM)];
  if (found.length !== 1) {
    throw new Error(`rapier_instance.mjs: expected one inlined WebAssembly in ${path}, found ${found.length}`);
  }
  const bytes = Buffer.from(found[0][1], "base64");
  const wasmModule = new WebAssembly.Module(bytes);
  const [whole] = found[0];
  const body = source.slice(0, found[0].index) + "__gjkcheckWasmModule" +
    source.slice(found[0].index + whole.length);
  const script = new vm.Script(`(function (exports, require, __gjkcheckWasmModule) {${body}\n})`,
                               { filename: path });
  loaded.set(packageName, { makeExports: script.runInThisContext(), wasmModule });
}

// A fresh rapier (the package's exports), initialised on a new WebAssembly instance.
export async function freshRapier(packageName = "@dimforge/rapier2d-compat") {
  if (!loaded.has(packageName)) load(packageName);
  const { makeExports, wasmModule } = loaded.get(packageName);
  const exports = {};
  makeExports(exports, require, wasmModule);
  await exports.init();
  return exports;
}

// True for an exception that means the WebAssembly instance trapped (a Rust panic, an out-of-bounds access).
export function isTrap(error) {
  return error instanceof WebAssembly.RuntimeError;
}
