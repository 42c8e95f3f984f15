// Strategies `mujoco-3.10.0` and `mujoco-3.14.0`: mj_geomDistance of @mujoco/mujoco (MuJoCo's own WebAssembly
// bindings, double), two versions side by side under npm aliases (adapters/js/package.json), pinned by
// package-lock.json. API read in node_modules/mujoco-<version>/mujoco.d.ts and README.md; source read at
// google-deepmind/mujoco tag 3.10.0 (docs/engines.md, "mujoco": 3.14.0's tag is not in the stored snapshot).
//
// A query compiles a model as MuJoCo users write one (MjModel.from_xml_string of an MJCF string): two mocap bodies
// (placed by the user, no joint, no mass needed: a free joint's body must have a mass and inertia above mjMINVAL,
// which tiny shapes do not), each with one geom made from the case's shape as users make it:
//   one vertex: <geom type="sphere" size="radius" pos="the vertex"/>;
//   two vertices with a radius: <geom type="capsule" fromto="the two vertices" size="radius"/>;
//   else, without a radius: <geom type="mesh" mesh="..."/> of an asset <mesh vertex="..."/> with the case's points
//     (MuJoCo stores mesh vertices as float, collides with their convex hull, and recentres and turns the mesh onto
//     its inertia frame, moving the geom's frame so the mesh stays where the user put it);
//   a hull with a radius: MuJoCo has no such geom (a geom's margin widens contact detection, it is not part of the
//     shape mj_geomDistance measures), refused.
// Numbers go into the XML as shortest round-trip decimals of the case's floats, which MuJoCo reads back exactly. A
// model MuJoCo does not compile (a flat or tiny mesh, repeated points, a sphere of radius 0) is refused with MuJoCo's
// own message.
//
// Placement: each body's mocap_pos and mocap_quat are the case's position and quaternion (w, x, y, z); mj_kinematics
// places the bodies (normalizing the quaternion) and the geoms. Query: mj_geomDistance(m, d, 0, 1, distmax, fromto)
// with distmax twice the diagonal of the box around both shapes' points grown by their radii (so every distance comes
// back below it), the default options (native CCD since 3.3.0; ccd_tolerance 1e-6, ccd_iterations 35). It returns the
// signed distance (negative: penetration, from EPA) and fromto, the point on geom 0 (A) then the point on geom 1 (B).
//
// Answers: d: distance = max(0, the signed distance), points fromto; p: overlapping when the signed distance <= 0,
// depth = -distance, normal the unit vector from fromto's point on B to its point on A on overlap (MuJoCo's contact
// normal, x1 - x2) and from A's to B's when separated; 0 when the two points coincide. Contact convention: on-shapes.
// A MuJoCo error or a WebAssembly trap during the query is a crash; the next query runs on a fresh instance.
import { packageVersion } from "./protocol.mjs";
import { distanceBound, vertex } from "./space.mjs";

// Refused compiles after which the worker takes a fresh instance (see refusedCompiles), far below the ~3,070 at which
// the module breaks.
const FRESH_AFTER_REFUSALS = 1000;

// The module failing inside from_xml_string (not MuJoCo's compiler message): a crash of the query.
class BrokenModule extends Error {}

const number = (value) => (Object.is(value, -0) ? "0" : String(value));
const numbers = (values) => values.map(number).join(" ");

// The geom of a shape (inside its body), with the mesh asset it needs, or { refused }.
function geomOf(shape, name) {
  const count = shape.vertices.length / 3;
  if (count === 1) {
    return { geom: `<geom name="${name}" type="sphere" size="${number(shape.radius)}" ` +
                   `pos="${numbers(vertex(shape, 0))}"/>` };
  }
  if (count === 2 && shape.radius > 0) {
    return { geom: `<geom name="${name}" type="capsule" size="${number(shape.radius)}" ` +
                   `fromto="${numbers(shape.vertices)}"/>` };
  }
  if (shape.radius > 0) {
    return { refused: "mujoco has no mesh grown by a radius " +
                      "(a geom's margin is not part of the shape mj_geomDistance measures)" };
  }
  return { asset: `<mesh name="${name}" vertex="${numbers(shape.vertices)}"/>`,
           geom: `<geom name="${name}" type="mesh" mesh="${name}"/>` };
}

// The MJCF of the two shapes (their geoms only: the poses go into mocap_pos and mocap_quat), or { refused }.
function modelXml(a, b) {
  const geomA = geomOf(a, "a");
  if (geomA.refused) return geomA;
  const geomB = geomOf(b, "b");
  if (geomB.refused) return geomB;
  const assets = [geomA.asset, geomB.asset].filter(Boolean).join("");
  return {
    xml: `<mujoco><asset>${assets}</asset><worldbody>` +
         `<body name="A" mocap="true">${geomA.geom}</body><body name="B" mocap="true">${geomB.geom}</body>` +
         "</worldbody></mujoco>",
  };
}

// The engine of one version, its instance loaded.
async function strategy(alias) {
  const version = packageVersion(alias);
  let mujoco = null;
  // The last model compiled, kept for the next query of the same shapes (a case's d and p requests).
  let last = { xml: null, model: null, data: null };
  let refusedCompiles = 0;  // see below

  async function fresh() {
    mujoco = await (await import(alias)).default();
    last = { xml: null, model: null, data: null };
    refusedCompiles = 0;
  }

  // refusedCompiles: the models MuJoCo refused to compile since this instance was made. Each refusal thrown to
  // JavaScript leaves a few bytes on the module's stack, and after about 3,070 the module is broken for good (every
  // later call throws "getWasmTableEntry(...) is not a function": the finding
  // reports/engines3d/upstream/mujoco-compile-errors-break-module), so the worker replaces the instance by a
  // fresh one (maintain, between two chunks of requests) once FRESH_AFTER_REFUSALS compiles were refused: a long
  // comparison then measures mj_geomDistance, not the broken module. Should the module break anyway, the error is not
  // MuJoCo's compiler message: it is a crash (rethrown, recovered by a fresh instance), never a refusal.

  function modelFor(xml) {
    if (last.xml === xml) return last;
    if (last.model) {
      last.data.delete();
      last.model.delete();
    }
    last = { xml: null, model: null, data: null };
    let model;
    try {
      model = mujoco.MjModel.from_xml_string(xml);
    } catch (error) {
      // MuJoCo's compiler error, as its users read it ("MuJoCo Error: Loading error: Error: mesh 'b' has coplanar
      // vertices, ..."): a refusal. Anything else is the module failing: a crash.
      const message = String(error?.message ?? error);
      if (!message.startsWith("MuJoCo Error")) throw new BrokenModule(message);
      ++refusedCompiles;
      return { refused: `mujoco ${version} from_xml_string: ${message}` };
    }
    last = { xml, model, data: new mujoco.MjData(model) };
    return last;
  }

  function signedDistance(a, b) {
    const made = modelXml(a, b);
    if (made.refused) return made;
    const compiled = modelFor(made.xml);
    if (compiled.refused) return compiled;
    const { model, data } = compiled;
    data.mocap_pos.set([...a.position, ...b.position]);
    data.mocap_quat.set([...a.rotation, ...b.rotation]);
    mujoco.mj_kinematics(model, data);
    const fromto = new mujoco.DoubleBuffer(6);
    try {
      const distance = mujoco.mj_geomDistance(model, data, 0, 1, 2 * distanceBound(a, b), fromto);
      const points = Array.from(fromto.GetView());
      return { distance, pointA: points.slice(0, 3), pointB: points.slice(3, 6) };
    } finally {
      fromto.delete();
    }
  }

  await fresh();
  return {
    name: `mujoco-${version}`,
    scalar: "f64",
    contact: "on-shapes",
    queries: "both",
    dimension: 3,
    version: `@mujoco/mujoco ${version} (npm, as ${alias}; pinned by adapters/js/package-lock.json)`,
    distance(a, b) {
      const c = signedDistance(a, b);
      if (c.refused) return c;
      return { distance: Math.max(0, c.distance), pointA: c.pointA, pointB: c.pointB, iterations: -1,
               termination: "unreported" };
    },
    penetration(a, b) {
      const c = signedDistance(a, b);
      if (c.refused) return c;
      const overlapping = c.distance <= 0;
      const [from, to] = overlapping ? [c.pointB, c.pointA] : [c.pointA, c.pointB];
      const axis = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
      const length = Math.hypot(...axis);
      return { overlapping, depth: overlapping ? -c.distance : 0,
               normal: length > 0 ? axis.map((v) => v / length) : [0, 0, 0], pointA: c.pointA, pointB: c.pointB };
    },
    crashed: (error) => error instanceof WebAssembly.RuntimeError || error instanceof BrokenModule ||
                        /MuJoCo Error/.test(String(error?.message)),
    recover: fresh,
    async maintain() {
      if (refusedCompiles >= FRESH_AFTER_REFUSALS) await fresh();
    },
  };
}

// Made when asked for (worker.mjs awaits an engine given as a function), so a worker loads one version only.
export const engine310 = () => strategy("mujoco-3.10.0");
export const engine314 = () => strategy("mujoco-3.14.0");
