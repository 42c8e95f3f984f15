// mj_geomDistance on two touching meshes returns distance 0 (right) with fromto = (0, 0, 0, 0, 0, 0), which its
// documentation reserves for "no collision of distance smaller than distmax": the contact points are lost.
//
// Standalone: npm install mujoco-3.14.0@npm:@mujoco/mujoco@3.14.0 && node repro.mjs
// Exit code: 1 while the bug is present, 0 once fixed, 2 for errors of this script.
const version = "mujoco-3.14.0";

let mujoco;
try {
  mujoco = await (await import(version)).default();
} catch (error) {
  console.error(`cannot load ${version}: ${error}`);
  process.exit(2);
}

// Two tetrahedra with small integer vertices, B's body at (0, -1, 2). A lies in z <= 1 with its edge
// (-1,-1,1)-(-1,1,1) on top; B lies in z >= 1 with its edge (-1,-1,1)-(-1,0,1) at the bottom: B rests on A, and the
// shapes meet exactly on the segment (-1, y, 1), -1 <= y <= 0 (the plane z = 1 separates them).
const a = [[0, -1, 0], [-1, -1, 1], [-1, 1, 1], [0, 1, -1]];
const b = [[-1, -1, 1], [-1, 1, -1], [-1, 0, -1], [0, -1, 1]];
const xml = `<mujoco>
  <asset>
    <mesh name="a" vertex="${a.flat().join(" ")}"/>
    <mesh name="b" vertex="${b.flat().join(" ")}"/>
  </asset>
  <worldbody>
    <body name="A" mocap="true"><geom type="mesh" mesh="a"/></body>
    <body name="B" mocap="true" pos="0 -1 2"><geom type="mesh" mesh="b"/></body>
  </worldbody>
</mujoco>`;

// Distance from p to the contact segment (-1, y, 1), -1 <= y <= 0.
const offContact = (p) => Math.hypot(p[0] + 1, p[1] - Math.min(0, Math.max(-1, p[1])), p[2] - 1);

const model = mujoco.MjModel.from_xml_string(xml);
const data = new mujoco.MjData(model);
mujoco.mj_kinematics(model, data);
const fromto = new mujoco.DoubleBuffer(6);
const distmax = 10;
const distance = mujoco.mj_geomDistance(model, data, 0, 1, distmax, fromto);
const points = Array.from(fromto.GetView());
fromto.delete();
data.delete();
model.delete();
const pointA = points.slice(0, 3);
const pointB = points.slice(3, 6);

console.log(`${version}: tetrahedron A ${JSON.stringify(a)}, tetrahedron B ${JSON.stringify(b)} at (0, -1, 2)`);
console.log(`  mj_geomDistance (distmax ${distmax}): ${distance}`);
console.log(`  fromto: (${pointA.join(", ")}) -> (${pointB.join(", ")})`);
console.log("expected: distance 0 (touching) and both points on the contact segment (-1, y, 1), -1 <= y <= 0");
// ccd_tolerance (1e-6 by default) is the only slack MuJoCo documents for its convex distances.
let failures = 0;
if (Math.abs(distance) > 1e-6) {
  console.log(`FAIL: distance ${distance}`);
  failures++;
}
for (const [name, p] of [["fromto's point on A", pointA], ["fromto's point on B", pointB]]) {
  if (offContact(p) > 1e-6) {
    console.log(`FAIL: ${name} (${p.join(", ")}) is ${offContact(p)} from the contact`);
    failures++;
  }
}
if (failures) {
  console.log("BUG PRESENT: a distance below distmax came back with fromto left at zero");
  process.exit(1);
}
console.log("fixed: distance 0 with the points of contact");
process.exit(0);
