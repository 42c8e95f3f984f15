// gjkcheck worker protocol, version 1 (docs/workers.md; the contract is /work/notes/protocol.md's text):
// one request per stdin line, one answer per stdout line, in request order. This module reads the
// requests, parses the shapes exactly, calls an engine and writes the answers; the engines live in
// planck.mjs, box2d-ts.mjs and rapier2d.mjs, and the 3D ones (+3d) in rapier3d.mjs, jolt.mjs and mujoco.mjs.
//
// Exactness: every number of a request is the shortest decimal that round-trips as a double, so
// parseFloat gives exactly the case's float value. Every number of an answer is printed with
// Number.prototype.toString, the shortest decimal that round-trips (an f32 engine's values are already
// float values held in doubles). Nothing here rounds.
//
// Pipelining: the host keeps many requests in flight. Each chunk of stdin is answered whole (every
// complete line in it) and its answers go out in one write, so the output is flushed whenever no
// complete line is pending.

export const PROTOCOL_VERSION = 1;

// The worker asks for +float-bits (docs/workers.md): each number of a request comes as the 8 hex digits of
// the float's bits, read here through a Float32Array, exactly and without a decimal conversion.
export const OPTIONS = "+float-bits";
const bitsIn = new Uint32Array(1);
const floatOut = new Float32Array(bitsIn.buffer);

function floatFromBits(word) {
  const bits = word.length === 8 ? Number("0x" + word) : NaN;
  if (!Number.isInteger(bits)) throw new Error(`bad float bits '${word}'`);
  bitsIn[0] = bits;
  return floatOut[0];
}

// A shape of a request: local vertices [x0, y0, x1, y1, ...], radius, position, rotation (c, s); in 3D (+3d,
// `dimension` 3) vertices [x0, y0, z0, ...], position [x, y, z] and the rotation quaternion [w, x, y, z].
// `floatBits`: its numbers are floats' bits (+float-bits), else shortest round-trip decimals.
export function parseShape(words, at, floatBits = false, dimension = 2) {
  const count = Number.parseInt(words[at], 10);
  const most = dimension === 3 ? 64 : 16;
  if (!(count >= 1 && count <= most) || String(count) !== words[at]) {
    throw new Error(`bad vertex count '${words[at]}'`);
  }
  const rotationSize = dimension === 3 ? 4 : 2;
  const fields = dimension * count + 1 + dimension + rotationSize;
  if (at + 1 + fields > words.length) throw new Error("shape cut short");
  const numbers = [];
  for (let i = 0; i < fields; ++i) numbers.push(parseNumber(words[at + 1 + i], floatBits));
  const end = dimension * count;
  const shape = {
    vertices: numbers.slice(0, end),
    radius: numbers[end],
    position: numbers.slice(end + 1, end + 1 + dimension),
    rotation: numbers.slice(end + 1 + dimension),
  };
  return { shape, next: at + 1 + fields };
}

// One number of a request: a float's bits, or a shortest round-trip decimal.
function parseNumber(word, floatBits) {
  if (floatBits) return floatFromBits(word);
  const value = Number.parseFloat(word);
  // parseFloat accepts a number followed by junk ("1x"); Number() does not but takes "" and hex
  // integers: both must agree for the word to be a plain decimal.
  if (!Number.isFinite(value) || Number(word) !== value) throw new Error(`bad number '${word}'`);
  return value;
}

// One request line -> { id, kind, a, b } (a cast request `c` also { translation: [x, y], angular }, the case's
// b.translation after shape B, then for a rotating case its b.angular, sent only to a worker that says +turns;
// angular 0 when the request carries none); throws on a malformed line. A 3D worker (`dimension` 3) reads 3D
// shapes and has no cast requests (docs/workers.md, "Three dimensions").
export function parseRequest(line, floatBits = false, dimension = 2) {
  const words = line.trim().split(/\s+/);
  if (words.length < 4) throw new Error("too few fields");
  const id = words[0];
  if (!/^[0-9]+$/.test(id)) throw new Error(`bad id '${id}'`);
  const kind = words[1];
  if (kind !== "d" && kind !== "p" && (kind !== "c" || dimension === 3)) throw new Error(`bad kind '${kind}'`);
  const a = parseShape(words, 2, floatBits, dimension);
  const b = parseShape(words, a.next, floatBits, dimension);
  if (kind === "c") {
    if (b.next + 2 !== words.length && b.next + 3 !== words.length) {
      throw new Error("a cast request ends with the translation, two numbers, and B's turn (b.angular) when it turns");
    }
    const translation = [parseNumber(words[b.next], floatBits), parseNumber(words[b.next + 1], floatBits)];
    const angular = b.next + 3 === words.length ? parseNumber(words[b.next + 2], floatBits) : 0;
    return { id, kind, a: a.shape, b: b.shape, translation, angular };
  }
  if (b.next !== words.length) throw new Error("extra fields after shape B");
  return { id, kind, a: a.shape, b: b.shape };
}

export function formatNumber(value) {
  return value.toString();
}

function oneLine(text) {
  return String(text).replace(/[\r\n]+/g, " ").trim() || "no reason given";
}

// engine: { name, scalar, contact, queries, version, turns?, dimension?, distance?(a, b), penetration?(a, b),
//           cast?(a, b, translation, angular) }
//   distance returns { refused: reason } or { distance, pointA, pointB, iterations, termination };
//   penetration returns { refused: reason } or { overlapping, depth, normal, pointA, pointB };
//   (`dimension: 3`: 3D shapes in, three coordinates per point and normal out; the hello says +3d)
//   cast returns { refused: reason } or { hit, fraction, normal, point, iterations, termination }; B moves by
//   t * translation and turns by t * angular radians about its position. `turns: true` says the engine's cast
//   turns B (the hello then says +turns); an engine without it is never sent a turn, and refuses one here.
export function answer(engine, request) {
  const { id, kind, a, b } = request;
  if (kind === "c") {
    if (!engine.cast) return `${id} refused ${engine.name} answers no cast queries`;
    if (request.angular !== 0 && !engine.turns) return `${id} refused ${engine.name} moves B without turning it`;
    const result = engine.cast(a, b, request.translation, request.angular);
    if (result.refused !== undefined) return `${id} refused ${oneLine(result.refused)}`;
    const f = formatNumber;
    return `${id} ok ${result.hit ? "hit" : "miss"} ${f(result.fraction)} ${f(result.normal[0])} ` +
      `${f(result.normal[1])} ${f(result.point[0])} ${f(result.point[1])} ${result.iterations} ${result.termination}`;
  }
  if (!engine.distance) return `${id} refused ${engine.name} answers cast queries only`;
  if (kind === "p" && !engine.penetration) return `${id} refused ${engine.name} answers distance queries only`;
  const result = kind === "d" ? engine.distance(a, b) : engine.penetration(a, b);
  if (result.refused !== undefined) return `${id} refused ${oneLine(result.refused)}`;
  // A point or normal: its dimension's coordinates (the engine's arrays are that long).
  const size = engine.dimension === 3 ? 3 : 2;
  const v = (vector) => Array.from({ length: size }, (_, i) => formatNumber(vector[i])).join(" ");
  if (kind === "d") {
    return `${id} ok ${formatNumber(result.distance)} ${v(result.pointA)} ${v(result.pointB)} ` +
      `${result.iterations} ${result.termination}`;
  }
  return `${id} ok ${result.overlapping ? "overlapping" : "separated"} ${formatNumber(result.depth)} ` +
    `${v(result.normal)} ${v(result.pointA)} ${v(result.pointB)}`;
}

// The options of an engine's hello: +float-bits always, +turns for a cast engine that turns B, +3d for an engine
// of 3D cases.
export function helloOptions(engine) {
  return OPTIONS + (engine.turns ? " +turns" : "") + (engine.dimension === 3 ? " +3d" : "");
}

export function hello(engine) {
  return `gjkcheck-worker ${PROTOCOL_VERSION} ${engine.name} ${engine.scalar} ${engine.contact} ` +
    `${engine.queries} ${helloOptions(engine)} ${engine.version}`;
}

// A request in float bits, as this worker asks for; a host that does not know +float-bits sends the
// decimals of version 1, read as such when the line is no request in float bits.
function parseRequestEitherWay(line, dimension) {
  try {
    return parseRequest(line, true, dimension);
  } catch (error) {
    try {
      return parseRequest(line, false, dimension);
    } catch {
      throw error;
    }
  }
}

// Answers one line; a line that does not parse is refused with the parser's reason (the host then
// sees the refusal under the id it sent, or a protocol failure when even the id is unreadable).
function answerLine(engine, line) {
  let request;
  try {
    request = parseRequestEitherWay(line, engine.dimension ?? 2);
  } catch (error) {
    const id = line.trim().split(/\s+/)[0];
    return `${id} refused malformed request: ${oneLine(error.message)}`;
  }
  try {
    return answer(engine, request);
  } catch (error) {
    // An engine that can recover (engine.crashed(error) says the error is a crash of the engine, and
    // engine.recover() gives a fresh engine) answers this query `crash` with what happened
    // (docs/workers.md); any other exception ends the worker, as before.
    if (engine.crashed?.(error) && engine.recover) {
      const what = `${error.name}: ${error.message}; ${String(error.stack).split("\n").slice(1, 8).map((l) => l.trim()).join(" | ")}`;
      throw new Recoverable(`${request.id} crash ${oneLine(what)}`);
    }
    throw error;
  }
}

class Recoverable extends Error {
  constructor(answerLine) {
    super(answerLine);
    this.answerLine = answerLine;
  }
}

// Runs the worker on stdin/stdout until stdin closes, then exits 0. Lines are answered in order, each
// chunk of stdin whole, its answers in one write. When the engine crashes on a request and can recover,
// that request is answered `crash`, the answers so far are written, and the engine recovers (a fresh
// instance, asynchronously) before the next request is read.
export function serve(engine) {
  process.stdout.write(hello(engine) + "\n");
  let pending = "";
  let ended = false;
  let busy = false;

  async function drain() {
    if (busy) return;
    busy = true;
    for (;;) {
      // An engine's housekeeping between two chunks of requests (mujoco.mjs: a fresh instance after many compiles).
      if (engine.maintain) await engine.maintain();
      const end = pending.lastIndexOf("\n");
      const last = ended && end < pending.length - 1 && pending.trim() !== "";
      if (end < 0 && !last) break;
      const lines = (last ? pending : pending.slice(0, end)).split("\n");
      pending = last ? "" : pending.slice(end + 1);
      let out = "";
      let k = 0;
      try {
        for (; k < lines.length; ++k) {
          if (lines[k].trim() === "") continue;
          out += answerLine(engine, lines[k]) + "\n";
        }
      } catch (error) {
        if (!(error instanceof Recoverable)) {
          // When the engine throws (and cannot recover), the answers before it still go out, so the crash
          // falls on the request that caused it; the exception then ends the worker with its stack on
          // stderr. (process.stdout is synchronous for pipes on Linux.)
          if (out !== "") process.stdout.write(out);
          throw error;
        }
        out += error.answerLine + "\n";
        // The lines after the crashed one wait for the fresh engine.
        pending = lines.slice(k + 1).join("\n") + (lines.length > k + 1 ? "\n" : "") + pending;
        process.stdout.write(out);
        out = "";
        await engine.recover();
      }
      if (out !== "") process.stdout.write(out);
    }
    busy = false;
    if (ended) process.stdout.write("", () => process.exit(0));
  }

  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk) => {
    pending += chunk;
    drain().catch(die);
  });
  process.stdin.on("end", () => {
    ended = true;
    drain().catch(die);
  });
}

function die(error) {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
}

// The installed version of an npm package, read from its package.json under node_modules/.
import { readFileSync } from "node:fs";
export function packageVersion(name) {
  const url = new URL(`./node_modules/${name}/package.json`, import.meta.url);
  return JSON.parse(readFileSync(url, "utf8")).version;
}
