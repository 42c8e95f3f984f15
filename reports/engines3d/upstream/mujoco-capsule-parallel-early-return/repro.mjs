// mj_geomDistance of two parallel capsules answers the distance between the wrong pair of points once distmax is
// large: a short capsule resting on a long one (touching, distance 0) is reported 0.414 apart.
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

// A: capsule of radius 0.5 on the segment (-2, 0, 0)-(2, 0, 0); B: radius 0.5 on (-1, 0, 1)-(1, 0, 1), lying on top of
// A (axes 1 apart, radii summing to 1). B's segment projects inside A's, so the closest points of the two segments are
// B's ends (+-1, 0, 1) and the points of A below them (+-1, 0, 0): distance 1 - 0.5 - 0.5 = 0, exactly.
const xml = `<mujoco><worldbody>
  <body name="A" mocap="true"><geom type="capsule" size="0.5" fromto="-2 0 0 2 0 0"/></body>
  <body name="B" mocap="true"><geom type="capsule" size="0.5" fromto="-1 0 1 1 0 1"/></body>
</worldbody></mujoco>`;
const expected = 0;

const model = mujoco.MjModel.from_xml_string(xml);
const data = new mujoco.MjData(model);
mujoco.mj_kinematics(model, data);
const fromto = new mujoco.DoubleBuffer(6);

console.log(`${version}: capsule A r 0.5 (-2,0,0)-(2,0,0), capsule B r 0.5 (-1,0,1)-(1,0,1), resting on A`);
console.log(`expected: distance ${expected} (exact: the segments are 1 apart, the radii sum to 1)`);
let failures = 0;
for (const distmax of [0.25, 1, 100]) {
  const distance = mujoco.mj_geomDistance(model, data, 0, 1, distmax, fromto);
  const [ax, ay, az, bx, by, bz] = Array.from(fromto.GetView());
  const wrong = Math.abs(distance - expected) > 1e-9;
  failures += wrong;
  console.log(`  distmax ${String(distmax).padEnd(4)}: distance ${distance}, fromto (${ax}, ${ay}, ${az}) -> ` +
              `(${bx}, ${by}, ${bz})${wrong ? "   FAIL" : ""}`);
}
// The wrong answer is the distance from an end of A to the nearest end of B: sqrt(2) - 1.
console.log(`sqrt(2) - 1 = ${Math.SQRT2 - 1}: the distance from A's end (+-2, 0, 0) to B's end (+-1, 0, 1)`);
fromto.delete();
data.delete();
model.delete();
if (failures) {
  console.log("BUG PRESENT: the answer depends on distmax; from distmax sqrt(2) - 1 on it is not the smallest one");
  process.exit(1);
}
console.log("fixed: every distmax gives the exact distance");
process.exit(0);
