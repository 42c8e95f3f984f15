// jolt-physics 1.1.0 (JoltPhysics.js, Jolt Physics v5.6.0): two unit tetrahedra that touch at a common corner are
// reported 5.9 mm apart by CollideShape with mMaxSeparationDistance = 1, and the same pair overlapping by 0.98 mm is
// reported 4.4 mm apart. Touching or overlapping cores go to EPA with shape A inflated by
// min(mMaxSeparationDistance, 1) (ConvexShape.cpp sCollideConvexVsConvex); the error grows with that inflation
// (touching: 1.1e-4 m at 0.02, 5.7e-4 m at 0.1, 5.9e-3 m from 1 on) and stays the same above 1.
// Standalone: `npm install jolt-physics@1.1.0 && node repro.mjs`. Exit 1 while the bug is present, 0 once fixed
// (2 for an error of the reproducer). Written for gjkcheck
// (reports/engines3d/upstream/jolt-touching-epa-inflated-separation); imports only the Jolt package.
import initJolt from "jolt-physics";

// Corner at the origin: A in the positive octant, B in the negative one. They touch at (0, 0, 0): distance 0.
const A = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]];
const B = [[0, 0, 0], [-1, 0, 0], [0, -1, 0], [0, 0, -1]];
// The second pair: B moved by (2^-10, 2^-10, 2^-10) into A. Exact penetration depth 2^-10 = 0.0009765625 (moving B
// by -2^-10 along x, y or z makes them touch; no shorter move does).
const SHIFT = 2 ** -10;
// Jolt's own collision tolerance (PhysicsSettings.h, CollideShapeSettings::mCollisionTolerance default).
const TOLERANCE = 1e-4;

async function main() {
  const Jolt = await initJolt();
  // As JoltPhysics.js users set up: a JoltInterface registers the shape types and collision functions.
  const settings = new Jolt.JoltSettings();
  const pairs = new Jolt.ObjectLayerPairFilterTable(1);
  pairs.EnableCollision(0, 0);
  const layers = new Jolt.BroadPhaseLayerInterfaceTable(1, 1);
  layers.MapObjectToBroadPhaseLayer(0, new Jolt.BroadPhaseLayer(0));
  settings.mObjectLayerPairFilter = pairs;
  settings.mBroadPhaseLayerInterface = layers;
  settings.mObjectVsBroadPhaseLayerFilter = new Jolt.ObjectVsBroadPhaseLayerFilterTable(layers, 1, pairs, 1);
  new Jolt.JoltInterface(settings);

  const hull = (points) => {
    const s = new Jolt.ConvexHullShapeSettings();
    s.mMaxConvexRadius = 0;  // keep the corners sharp: the hull is exactly the tetrahedron
    for (const [x, y, z] of points) s.mPoints.push_back(new Jolt.Vec3(x, y, z));
    const result = s.Create();
    if (result.HasError()) throw new Error(result.GetError().c_str());
    return result.Get();
  };
  const shapeA = hull(A);
  const shapeB = hull(B);
  // Both bodies at the origin, not rotated: their centre-of-mass transforms are translations by the COM.
  const identity = new Jolt.Quat(0, 0, 0, 1);
  const comOf = (shape) => new Jolt.RVec3(shape.GetCenterOfMass().GetX(), shape.GetCenterOfMass().GetY(),
                                          shape.GetCenterOfMass().GetZ());
  const one = new Jolt.Vec3(1, 1, 1);

  const collide = (maxSeparation, shift) => {
    const target = new Jolt.TransformedShape();
    target.mShape = shapeB;
    const com = comOf(shapeB);
    target.mShapePositionCOM = new Jolt.RVec3(com.GetX() + shift, com.GetY() + shift, com.GetZ() + shift);
    target.mShapeRotation = identity;
    target.SetShapeScale(one);
    const cs = new Jolt.CollideShapeSettings();
    cs.mMaxSeparationDistance = maxSeparation;
    const collector = new Jolt.CollideShapeClosestHitCollisionCollector();
    const comA = Jolt.RMat44.prototype.sRotationTranslation(identity, comOf(shapeA));
    target.CollideShape(shapeA, one, comA, cs, new Jolt.RVec3(0, 0, 0), collector, new Jolt.ShapeFilter());
    if (!collector.HadHit()) return null;
    const h = collector.mHit;
    const v = (p) => `(${p.GetX()}, ${p.GetY()}, ${p.GetZ()})`;
    return { depth: h.mPenetrationDepth, text: `mPenetrationDepth ${h.mPenetrationDepth}, ` +
             `mContactPointOn1 ${v(h.mContactPointOn1)}, mContactPointOn2 ${v(h.mContactPointOn2)}` };
  };

  let failed = false;
  for (const [shift, expected, story] of [[0, 0, "touching at (0, 0, 0)"],
                                          [SHIFT, SHIFT, "B moved by (2^-10, 2^-10, 2^-10): overlapping"]]) {
    console.log(`A = ${JSON.stringify(A)}, B = ${JSON.stringify(B)}; ${story}`);
    for (const maxSeparation of [0, 0.02, 0.1, 1, 4]) {
      const hit = collide(maxSeparation, shift);
      console.log(`  mMaxSeparationDistance ${maxSeparation}: ${hit === null ? "no hit" : hit.text}`);
      // mPenetrationDepth: negative means separated by -depth (CollideShape.h). Expected within Jolt's tolerance.
      if (maxSeparation === 1 && (hit === null || Math.abs(hit.depth - expected) > TOLERANCE)) failed = true;
    }
    console.log(`  expected: mPenetrationDepth ${expected} (exact), within Jolt's collision tolerance 1e-4`);
  }
  console.log(failed ? "BUG PRESENT: with mMaxSeparationDistance 1 the depth is off by more than the tolerance" : "ok");
  return failed;
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (error) => { console.error("reproducer error:", error); process.exit(2); });
