// jolt-physics 1.1.0 (JoltPhysics.js, Jolt Physics v5.6.0): two convex hulls (70 m and 190 m across) that touch
// get no hit at all from CollideShape, whatever mMaxSeparationDistance (0.02, 1, 1000): with a separation
// distance > 0, touching shapes must come back with depth 0.
// Standalone: `npm install jolt-physics@1.1.0 && node repro.mjs`. Exit 1 while the bug is present, 0 once fixed
// (2 for an error of the reproducer). Written for gjkcheck (reports/engines3d/upstream/jolt-touching-hulls-no-hit);
// imports only the Jolt package.
import initJolt from "jolt-physics";

// A: a face in the plane z = 0 and an apex below it. B: a face in z = 0 and two points above. Both contain the point
// P = (3.93115234375, 3.2696533203125, 0) and lie on either side of z = 0: they touch (distance 0, gjkcheck oracle).
const A = [[-57.0390625, 28, -18.125], [3.93115234375, 3.2696533203125, 0], [-5, -3.5, 0], [4.75, 0.75, 0]];
const B = [[4, 3.375, 0], [-77, 105, 27], [-6.5, -73, 17], [3.93115234375, 3.2696533203125, 0], [4, 4, 0]];
// The same pair with P rounded to (4, 3.25, 0) in both shapes (still touching), for comparison: it gets hits.
const round = (points) => points.map((p) => (p[0] === 3.93115234375 ? [4, 3.25, 0] : p));
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
    s.mMaxConvexRadius = 0;  // keep the corners sharp: the hull is exactly the points' hull
    for (const [x, y, z] of points) s.mPoints.push_back(new Jolt.Vec3(x, y, z));
    const result = s.Create();
    if (result.HasError()) throw new Error(result.GetError().c_str());
    return result.Get();
  };
  const identity = new Jolt.Quat(0, 0, 0, 1);
  const comOf = (shape) => new Jolt.RVec3(shape.GetCenterOfMass().GetX(), shape.GetCenterOfMass().GetY(),
                                          shape.GetCenterOfMass().GetZ());
  const one = new Jolt.Vec3(1, 1, 1);
  // Both bodies at the origin, not rotated: their centre-of-mass transforms are translations by the COM.
  const collide = (pointsA, pointsB, maxSeparation) => {
    const shapeA = hull(pointsA);
    const shapeB = hull(pointsB);
    const target = new Jolt.TransformedShape();
    target.mShape = shapeB;
    target.mShapePositionCOM = comOf(shapeB);
    target.mShapeRotation = identity;
    target.SetShapeScale(one);
    const cs = new Jolt.CollideShapeSettings();
    cs.mMaxSeparationDistance = maxSeparation;
    const collector = new Jolt.CollideShapeClosestHitCollisionCollector();
    const comA = Jolt.RMat44.prototype.sRotationTranslation(identity, comOf(shapeA));
    target.CollideShape(shapeA, one, comA, cs, new Jolt.RVec3(0, 0, 0), collector, new Jolt.ShapeFilter());
    return collector.HadHit() ? collector.mHit.mPenetrationDepth : null;
  };

  console.log(`A = ${JSON.stringify(A)}\nB = ${JSON.stringify(B)}; both at the origin; they touch`);
  let failed = false;
  for (const maxSeparation of [0.02, 1, 1000]) {
    const depth = collide(A, B, maxSeparation);
    console.log(`  mMaxSeparationDistance ${maxSeparation}: ` +
                (depth === null ? "no hit" : `mPenetrationDepth ${depth}`));
    if (depth === null || Math.abs(depth) > TOLERANCE) failed = true;
  }
  console.log("  expected: a hit with mPenetrationDepth 0 (negative means separated by -depth, CollideShape.h)");
  console.log("the same pair with the common point rounded to (4, 3.25, 0):");
  for (const maxSeparation of [0.02, 1, 1000]) {
    const depth = collide(round(A), round(B), maxSeparation);
    console.log(`  mMaxSeparationDistance ${maxSeparation}: ` +
                (depth === null ? "no hit" : `mPenetrationDepth ${depth}`));
  }
  console.log(failed ? "BUG PRESENT: touching hulls get no hit" : "ok");
  return failed;
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (error) => { console.error("reproducer error:", error); process.exit(2); });
