// Whether a polygon an engine built holds every point the case gave: planck and box2d-ts weld points
// closer than their slop before wrapping the hull, which can cut a corner off the case's shape. Each
// point must lie inside or on the engine's polygon (either orientation).
//
// Exact: the orientation of three points is computed in double first and trusted when it exceeds a
// bound far above its rounding error (the differences and products of doubles err by a few 2^-53
// relative); otherwise it is recomputed exactly with BigInt, every float value x being the integer
// x * 2^149 scaled (floats are multiples of 2^-149 below 2^128, so the scaled value is an exact integer).

const SCALE = 2 ** 149;

function exactOrientation(a, b, p) {
  const big = (x) => BigInt(x * SCALE);
  const det = (big(b.x) - big(a.x)) * (big(p.y) - big(a.y)) - (big(b.y) - big(a.y)) * (big(p.x) - big(a.x));
  return det > 0n ? 1 : det < 0n ? -1 : 0;
}

// The sign of cross(b - a, p - a): 1 left, -1 right, 0 on the line.
export function orientation(a, b, p) {
  const left = (b.x - a.x) * (p.y - a.y);
  const right = (b.y - a.y) * (p.x - a.x);
  const det = left - right;
  if (Math.abs(det) > 1e-10 * (Math.abs(left) + Math.abs(right))) return Math.sign(det);
  return exactOrientation(a, b, p);
}

// polygon: the engine's vertices {x, y} in order (3 or more, convex); points: the case's {x, y}.
export function holdsEveryPoint(polygon, points) {
  // The polygon's turning sign, from the first vertex triple that is not collinear.
  let turn = 0;
  for (let i = 0; i < polygon.length && turn === 0; ++i) {
    turn = orientation(polygon[i], polygon[(i + 1) % polygon.length], polygon[(i + 2) % polygon.length]);
  }
  if (turn === 0) return false;
  for (const p of points) {
    for (let i = 0; i < polygon.length; ++i) {
      if (orientation(polygon[i], polygon[(i + 1) % polygon.length], p) * turn < 0) return false;
    }
  }
  return true;
}
