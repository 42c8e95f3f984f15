// mj_geomDistance of two capsules decides "parallel axes" by comparing a length^4 determinant with the absolute
// constant mjMINVAL = 1e-15: parallel capsules of a few metres in a turned body are taken as crossing, and small
// crossing capsules as parallel, and both get a wrong distance.
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

const dot = (p, q) => p[0] * q[0] + p[1] * q[1] + p[2] * q[2];

// Builds the two capsules as users write them, returns mj_geomDistance for each distmax and the collider's
// determinant det = |a1|^2 |a2|^2 - (a1.a2)^2 of the half-axes a1, a2 (read from geom_xmat and geom_size).
function query(bodyA, bodyB, distmaxes) {
  const model = mujoco.MjModel.from_xml_string(`<mujoco><worldbody>${bodyA}${bodyB}</worldbody></mujoco>`);
  const data = new mujoco.MjData(model);
  mujoco.mj_kinematics(model, data);
  const fromto = new mujoco.DoubleBuffer(6);
  const distances = distmaxes.map((distmax) => mujoco.mj_geomDistance(model, data, 0, 1, distmax, fromto));
  const mat = Array.from(data.geom_xmat);
  const size = Array.from(model.geom_size);
  const a1 = [mat[2], mat[5], mat[8]].map((v) => v * size[1]);
  const a2 = [mat[11], mat[14], mat[17]].map((v) => v * size[4]);
  const ma = dot(a1, a1);
  const mc = dot(a2, a2);
  const det = ma * mc - dot(a1, a2) ** 2;
  fromto.delete();
  data.delete();
  model.delete();
  return { distances, det, sin2: det / (ma * mc) };
}

let failures = 0;
function check(title, expected, bodyA, bodyB, distmaxes) {
  const { distances, det, sin2 } = query(bodyA, bodyB, distmaxes);
  console.log(title);
  console.log(`  collider determinant det = ${det} (${Math.abs(det) >= 1e-15 ? ">=" : "<"} mjMINVAL 1e-15: ` +
              `${Math.abs(det) >= 1e-15 ? "general" : "parallel"} branch); det / (|a1|^2 |a2|^2) = ${sin2}`);
  distmaxes.forEach((distmax, i) => {
    const want = Math.min(expected, distmax);
    const wrong = Math.abs(distances[i] - want) > 1e-9 * Math.max(1, expected);
    failures += wrong;
    console.log(`  distmax ${distmax}: distance ${distances[i]}, expected ${want}${wrong ? "   FAIL" : ""}`);
  });
}

// 1. Parallel capsules, radius 0.25, on (-4,0,0)-(4,0,0) and (3,1,0)-(9,1,0) in two bodies turned by the quaternion
// (1/2, 1/2, 1/2, 1/2) (exact: it permutes the axes). Axes 1 apart, the segments overlap: exact distance 0.5.
const turned = (fromto) => `<body mocap="true" quat="0.5 0.5 0.5 0.5">` +
                           `<geom type="capsule" size="0.25" fromto="${fromto}"/></body>`;
check("1. parallel capsules r 0.25, (-4,0,0)-(4,0,0) and (3,1,0)-(9,1,0), bodies turned by quat (.5 .5 .5 .5)",
      0.5, turned("-4 0 0 4 0 0"), turned("3 1 0 9 1 0"), [1, 100]);

// 2. Crossing capsules at right angles, radius h/2, half-length h: A on (-h,0,0)-(h,0,0), B on (0,-h,h)-(0,h,h).
// The axes cross 1 h apart, the radii sum to h: touching, exact distance 0 at every scale h.
const crossing = (h) => [`<body mocap="true"><geom type="capsule" size="${h / 2}" fromto="${-h} 0 0 ${h} 0 0"/></body>`,
                         `<body mocap="true"><geom type="capsule" size="${h / 2}" fromto="0 ${-h} ${h} 0 ${h} ${h}"/>` +
                         "</body>"];
check("2. crossing capsules h = 2^-13 (0.12 mm): r h/2, (-h,0,0)-(h,0,0) and (0,-h,h)-(0,h,h), touching",
      0, ...crossing(2 ** -13), [1]);
check("3. the same pair 1024 times larger, h = 2^-3 (0.125 m)", 0, ...crossing(2 ** -3), [1]);

if (failures) {
  console.log("BUG PRESENT: the parallel test depends on the unit of length; a wrong branch gives a wrong distance");
  process.exit(1);
}
console.log("fixed: every distance is exact");
process.exit(0);
