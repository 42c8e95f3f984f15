// MuJoCo 3.10.0: mj_geomDistance answers 0 ("touching") for two tetrahedra 4/3 apart. GJK's S3D step leaves a stale
// barycentric coordinate behind, the simplex keeps four vertices and GJK reports "tetrahedron containing the origin".
// Fixed upstream in 3.12.0 (commit d33f297b); 3.14.0 answers 1.3333333.
//
// Standalone: npm install mujoco-3.10.0@npm:@mujoco/mujoco@3.10.0 && node repro.mjs
// Exit code: 1 while the bug is present, 0 once fixed, 2 for errors of this script.
const version = "mujoco-3.10.0";

let mujoco;
try {
  mujoco = await (await import(version)).default();
} catch (error) {
  console.error(`cannot load ${version}: ${error}`);
  process.exit(2);
}

// Two tetrahedra with small integer vertices, B's body at (0, -2, 1).
const a = [[0, 1, 0], [1, -1, -1], [1, 0, 0], [0, 1, -1]];
const b = [[-1, 1, -1], [0, 1, 0], [0, 0, 0], [1, 1, 0]];
const bPos = [0, -2, 1];
const xml = `<mujoco>
  <asset>
    <mesh name="a" vertex="${a.flat().join(" ")}"/>
    <mesh name="b" vertex="${b.flat().join(" ")}"/>
  </asset>
  <worldbody>
    <body name="A" mocap="true"><geom type="mesh" mesh="a"/></body>
    <body name="B" mocap="true" pos="${bPos.join(" ")}"><geom type="mesh" mesh="b"/></body>
  </worldbody>
</mujoco>`;

// Expected: 4/3. The closest points are (1, -1/9, -1/9) on A and (5/9, -1, 7/9) on B, 4/3 apart; and the plane with
// unit normal n = (-1, -2, 2)/3 separates the shapes by 4/3 (max over A of n.a is -1/3, min over B of n.b is 1), which
// bounds the distance from below by 4/3 without any engine.
const n = [-1 / 3, -2 / 3, 2 / 3];
const dot = (p, q) => p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
const maxA = Math.max(...a.map((p) => dot(n, p)));
const minB = Math.min(...b.map((p) => dot(n, [p[0] + bPos[0], p[1] + bPos[1], p[2] + bPos[2]])));
const expected = 4 / 3;

const model = mujoco.MjModel.from_xml_string(xml);
const data = new mujoco.MjData(model);
mujoco.mj_kinematics(model, data);
const fromto = new mujoco.DoubleBuffer(6);
const distance = mujoco.mj_geomDistance(model, data, 0, 1, 10, fromto);
const [ax, ay, az, bx, by, bz] = Array.from(fromto.GetView());
fromto.delete();
data.delete();
model.delete();

console.log(`${version}: tetrahedron A ${JSON.stringify(a)}, tetrahedron B ${JSON.stringify(b)} at (0, -2, 1)`);
console.log(`  mj_geomDistance (distmax 10): ${distance}`);
console.log(`  fromto: (${ax}, ${ay}, ${az}) -> (${bx}, ${by}, ${bz}), ` +
            `${Math.hypot(bx - ax, by - ay, bz - az)} apart`);
console.log(`expected: distance 4/3 = ${expected}; the plane n = (-1,-2,2)/3 separates A (max n.a = ${maxA}) ` +
            `from B (min n.b = ${minB}) by ${minB - maxA}`);
// ccd_tolerance (1e-6 by default) is the only slack MuJoCo documents for its convex distances.
if (Math.abs(distance - expected) > 1e-6) {
  console.log(`BUG PRESENT: distance ${distance} for shapes at least ${minB - maxA} apart`);
  process.exit(1);
}
console.log("fixed: the distance is 4/3 within ccd_tolerance");
process.exit(0);
