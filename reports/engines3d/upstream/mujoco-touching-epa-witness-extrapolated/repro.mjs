// mj_geomDistance on two touching meshes returns distance 0 (right) with fromto points that are not on the shapes:
// GJK finds the meshes within ccd_tolerance, mjc_ccd then runs EPA, EPA stops on a polytope face whose plane passes
// through the origin but whose triangle does not contain the origin's projection, and epaWitness extrapolates the
// witness points with affine coordinates outside [0, 1]. Here both points land on A's vertex (0, -1, 1), 1 from B.
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

// Two tetrahedra with small integer vertices, B's body at (1, 1, 2). A lies in z <= 1 with its face
// (-1,1,1), (0,-1,1), (0,1,1) on top; B lies in z >= 1 and its only vertex at z = 1 is (-1,-1,-1) + (1,1,2) = (0,0,1),
// which lies on A's edge (0,-1,1)-(0,1,1). The shapes touch at that one point.
const a = [[-1, -1, 0], [-1, 1, 1], [0, -1, 1], [0, 1, 1]];
const b = [[-1, -1, -1], [1, 1, 1], [-1, -1, 0], [-1, 1, 1]];
const contact = [0, 0, 1];
const xml = `<mujoco>
  <asset>
    <mesh name="a" vertex="${a.flat().join(" ")}"/>
    <mesh name="b" vertex="${b.flat().join(" ")}"/>
  </asset>
  <worldbody>
    <body name="A" mocap="true"><geom type="mesh" mesh="a"/></body>
    <body name="B" mocap="true" pos="1 1 2"><geom type="mesh" mesh="b"/></body>
  </worldbody>
</mujoco>`;

let distance, points;
try {
  const model = mujoco.MjModel.from_xml_string(xml);
  const data = new mujoco.MjData(model);
  mujoco.mj_kinematics(model, data);
  const fromto = new mujoco.DoubleBuffer(6);
  distance = mujoco.mj_geomDistance(model, data, 0, 1, 10, fromto);
  points = Array.from(fromto.GetView());
  fromto.delete();
  data.delete();
  model.delete();
} catch (error) {
  console.error(`${version} failed: ${error}`);
  process.exit(2);
}
const pointA = points.slice(0, 3);
const pointB = points.slice(3, 6);
const off = (p) => Math.hypot(p[0] - contact[0], p[1] - contact[1], p[2] - contact[2]);

console.log(`${version}: tetrahedron A ${JSON.stringify(a)}, tetrahedron B ${JSON.stringify(b)} at (1, 1, 2)`);
console.log(`  mj_geomDistance (distmax 10): ${distance}`);
console.log(`  fromto: (${pointA.join(", ")}) -> (${pointB.join(", ")})`);
console.log("expected: distance 0 (touching) and both points at the only common point (0, 0, 1)");
// ccd_tolerance (1e-6 by default) is the only slack MuJoCo documents for its convex distances; MuJoCo stores the
// recentred mesh vertices as float, which moves them by about 1e-8 here.
let failures = 0;
if (!(Math.abs(distance) <= 1e-6)) {
  console.log(`FAIL: distance ${distance}`);
  failures++;
}
if (pointA.every((x) => x === 0) && pointB.every((x) => x === 0)) {
  console.log("fromto left at zero: that is ../mujoco-touching-fromto-zero, not this finding");
  process.exit(2);
}
for (const [name, p] of [["fromto's point on A", pointA], ["fromto's point on B", pointB]]) {
  if (!(off(p) <= 1e-6)) {
    console.log(`FAIL: ${name} (${p.join(", ")}) is ${off(p)} from the contact`);
    failures++;
  }
}
if (failures) {
  console.log("BUG PRESENT: the witness points of a touching pair are extrapolated off the shapes");
  process.exit(1);
}
console.log("fixed: distance 0 with the point of contact");
process.exit(0);
