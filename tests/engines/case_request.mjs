// Reads a `gjk-case 1` file (docs/case-format.md) into the shapes of a worker-protocol request, for the
// standalone tests of the npm engines' worker. Numbers: a hex float literal is read exactly, a decimal
// one with parseFloat; either is then rounded to float with Math.fround. (strtof rounds a decimal once;
// parseFloat then fround rounds twice, which can differ from it only for a decimal within a hair of a
// float midpoint; the test cases' decimals are short, exactly representable or hex.)
import { readFileSync } from "node:fs";

function parseHexFloat(word) {
  const match = /^([+-]?)0x([0-9a-f]*)(?:\.([0-9a-f]*))?p([+-]?[0-9]+)$/i.exec(word);
  if (!match) return NaN;
  const [, sign, whole, fraction = "", exponent] = match;
  const digits = whole + fraction;
  if (digits.length > 13) return NaN;  // 52 bits: exact in a double; case floats have at most 24
  const mantissa = Number.parseInt(digits || "0", 16);
  const value = mantissa * 2 ** (Number(exponent) - 4 * fraction.length);
  return sign === "-" ? -value : value;
}

export function parseFloatLiteral(word) {
  const value = /0x/i.test(word) ? parseHexFloat(word) : Number(word);
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${word}`);
  return Math.fround(value);
}

function emptyShape(dimension) {
  return dimension === 3 ? { vertices: [], radius: 0, position: [0, 0, 0], rotation: [1, 0, 0, 0] }
                         : { vertices: [], radius: 0, position: [0, 0], rotation: [1, 0] };
}

// A case's dimension: 3 when its first line after the header says `dimension 3` (docs/case-format.md).
function caseDimension(lines) {
  const second = (lines[1] ?? "").replace(/#.*/, "").trim();
  return second === "dimension 3" ? 3 : 2;
}

export function readCase(path) {
  return parseCase(readFileSync(path, "utf8"), path);
}

// The shapes of a case file's text (`name` says where it came from, in errors).
export function parseCase(text, name = "case") {
  const path = name;
  const lines = text.split("\n");
  if (lines[0].trim() !== "gjk-case 1") throw new Error(`${path}: not a gjk-case 1 file`);
  const dimension = caseDimension(lines);
  const shapes = { a: emptyShape(dimension), b: emptyShape(dimension) };
  for (const raw of lines.slice(dimension === 3 ? 2 : 1)) {
    const line = raw.replace(/#.*/, "").trim();
    if (line === "" || line.startsWith("meta.") || line === "dimension 2") continue;
    const [key, ...words] = line.split(/\s+/);
    const [which, field] = key.split(".");
    const shape = shapes[which];
    const numbers = words.map(parseFloatLiteral);
    if (!shape) throw new Error(`${path}: unknown key ${key}`);
    if (field === "vertex") shape.vertices.push(...numbers);
    else if (field === "radius") shape.radius = numbers[0];
    else if (field === "position") shape.position = numbers;
    else if (field === "rotation") shape.rotation = numbers;
    else throw new Error(`${path}: unknown key ${key}`);
  }
  return shapes;
}

// A float's bits in 8 hex digits, as gjkcheck writes them to a worker that says +float-bits.
const floatIn = new Float32Array(1);
const bitsOut = new Uint32Array(floatIn.buffer);
export function floatBits(value) {
  if (Math.fround(value) !== value && !Number.isNaN(value)) throw new Error(`${value} is not a float`);
  floatIn[0] = value;
  return bitsOut[0].toString(16).padStart(8, "0");
}

// A shape as the protocol writes it: n x1 y1 ... xn yn radius px py c s (3D: n x1 y1 z1 ... radius px py pz qw qx
// qy qz), each number the float's bits (the worker says +float-bits), or with `decimal` the shortest round-trip
// decimal (protocol version 1).
export function shapeWords(shape, decimal = false) {
  const numbers = [...shape.vertices, shape.radius, ...shape.position, ...shape.rotation];
  return `${shape.vertices.length / shape.position.length} ${numbers.map((v) => (!decimal ? floatBits(v) : Object.is(v, -0) ? "-0" : v.toString())).join(" ")}`;
}

export function requestLine(id, kind, shapes, decimal = false) {
  return `${id} ${kind} ${shapeWords(shapes.a, decimal)} ${shapeWords(shapes.b, decimal)}`;
}
