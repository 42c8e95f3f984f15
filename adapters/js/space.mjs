// The placement arithmetic the 3D adapters share (rapier3d.mjs, jolt.mjs, mujoco.mjs): a case's shape is placed by
// world = R(q) v + p with q = (w, x, y, z) as given (docs/case-format.md, "3D cases"). The engines take a position
// and a quaternion themselves; these helpers only make the poses a user of the engine makes for the shapes the
// engines have no hull for: a sphere centred on its one vertex and a capsule along its two; and a bound on the
// distance of two shapes for the engines that only report distances below a limit they are given. All in double.

// R(q) v, the matrix of docs/case-format.md written out, q not normalized.
export function rotate(q, v) {
  const [w, x, y, z] = q;
  const [vx, vy, vz] = v;
  return [
    (1 - 2 * (y * y + z * z)) * vx + 2 * (x * y - w * z) * vy + 2 * (x * z + w * y) * vz,
    2 * (x * y + w * z) * vx + (1 - 2 * (x * x + z * z)) * vy + 2 * (y * z - w * x) * vz,
    2 * (x * z - w * y) * vx + 2 * (y * z + w * x) * vy + (1 - 2 * (x * x + y * y)) * vz,
  ];
}

// Vertex i of a shape (its local coordinates).
export function vertex(shape, i) {
  return shape.vertices.slice(3 * i, 3 * i + 3);
}

// The world position of a local point of the shape.
export function place(shape, local) {
  const r = rotate(shape.rotation, local);
  return [r[0] + shape.position[0], r[1] + shape.position[1], r[2] + shape.position[2]];
}

// The Hamilton product p q (w first): the rotation q, then p.
export function multiply(p, q) {
  const [pw, px, py, pz] = p;
  const [qw, qx, qy, qz] = q;
  return [
    pw * qw - px * qx - py * qy - pz * qz,
    pw * qx + px * qw + py * qz - pz * qy,
    pw * qy - px * qz + py * qw + pz * qx,
    pw * qz + px * qy - py * qx + pz * qw,
  ];
}

// The shortest turn (w, x, y, z) taking the unit axis `from` ([0, 1, 0] or [0, 0, 1]) onto direction d (not zero).
function turnOnto(from, d) {
  const length = Math.hypot(d[0], d[1], d[2]);
  const u = [d[0] / length, d[1] / length, d[2] / length];
  const dot = from[0] * u[0] + from[1] * u[1] + from[2] * u[2];
  if (dot < -1 + 1e-12) return [0, 1, 0, 0];  // half a turn about x (both axes used are perpendicular to x)
  const cross = [from[1] * u[2] - from[2] * u[1], from[2] * u[0] - from[0] * u[2], from[0] * u[1] - from[1] * u[0]];
  const q = [1 + dot, cross[0], cross[1], cross[2]];
  const n = Math.hypot(...q);
  return q.map((c) => c / n);
}

// A capsule along the segment of a two-vertex shape, as an engine whose capsule is centred on its origin along one
// axis (`axis`, [0, 1, 0] for rapier's and Jolt's) takes it: the world centre, half the segment's length and the
// world rotation (the shape's q, then the turn of the axis onto the segment). A segment of length 0 keeps q.
export function capsulePose(shape, axis) {
  const a = vertex(shape, 0);
  const b = vertex(shape, 1);
  const d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const halfHeight = Math.hypot(d[0], d[1], d[2]) / 2;
  const centre = place(shape, [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2]);
  const rotation = halfHeight > 0 ? multiply(shape.rotation, turnOnto(axis, d)) : shape.rotation;
  return { centre, halfHeight, rotation };
}

// A bound on the distance between two shapes: the diagonal of the box around all their world points, plus their radii.
export function distanceBound(a, b) {
  const low = [Infinity, Infinity, Infinity];
  const high = [-Infinity, -Infinity, -Infinity];
  for (const shape of [a, b]) {
    for (let i = 0; i < shape.vertices.length / 3; ++i) {
      const p = place(shape, vertex(shape, i));
      for (let k = 0; k < 3; ++k) {
        low[k] = Math.min(low[k], p[k]);
        high[k] = Math.max(high[k], p[k]);
      }
    }
  }
  return Math.hypot(high[0] - low[0], high[1] - low[1], high[2] - low[2]) + a.radius + b.radius;
}
