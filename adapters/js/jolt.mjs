// Strategies `jolt` and `jolt-defaults`: jolt-physics (JoltPhysics.js, Jolt Physics compiled to WebAssembly, float;
// its CMakeLists.txt at tag 1.1.0 fetches JoltPhysics v5.6.0), version pinned by package-lock.json. The query is the
// one Jolt's NarrowPhaseQuery::CollideShape runs per body: TransformedShape::CollideShape (B as the transformed shape,
// A as the query shape), which calls ConvexShape::sCollideConvexVsConvex for two convex shapes: GJK, then EPA when
// the cores overlap. API read in node_modules/jolt-physics/dist/types.d.ts; source read at JoltPhysics v5.5.0 (the
// newest tag stored here; docs/engines.md, "jolt").
//
// Shapes are made as Jolt users make them (docs/engines.md, "jolt"):
//   one vertex: SphereShapeSettings(radius) at the vertex's world position (space.mjs, in double, taken as float);
//   two vertices with a radius: CapsuleShapeSettings(half the length, radius), centred on the segment's midpoint and
//     turned from y onto it (space.mjs capsulePose);
//   else, without a radius: ConvexHullShapeSettings with the case's points, built by Jolt's ConvexHullBuilder;
//   a hull with a radius: Jolt has no such shape (a ConvexHullShape's convex radius lies inside its hull), refused.
// Create() gives Jolt's error for a shape it does not build ("Invalid radius", the hull builder's messages): a refusal
// with that error.
//
// Placement: Jolt recentres a hull on its centre of mass (ConvexHullShape.cpp:83, the points stored minus it) and
// collides shapes by their centre-of-mass transforms, as a Body does: the COM position is p + q * GetCenterOfMass(),
// computed with Jolt's own float Quat and Vec3 (Body.cpp:106), the rotation the case's quaternion.
//
// Settings: `jolt` keeps the user's shape (mHullTolerance 1e-6, far below the default 1e-3, so no point of an ordinary
// shape is dropped: 0 makes Jolt's hull builder reject ordinary hulls; mMaxConvexRadius 0, no rounding of the
// corners); `jolt-defaults` keeps ConvexHullShapeSettings as its JavaScript constructor leaves them
// (mHullTolerance 1e-3, mMaxConvexRadius 0, mMaxErrorConvexRadius 0.05: ConvexHullShape.h:34-36). CollideShapeSettings
// are the defaults (mCollisionTolerance and mPenetrationTolerance 1e-4, PhysicsSettings.h:10, 13) but for
// mMaxSeparationDistance, which is the diagonal of the box around both shapes' points grown by their radii: a bound on
// their distance, so a separated pair comes back with its closest points and mPenetrationDepth = -distance
// (CollideShape.h:62, 99). Not larger: Jolt adds it to A's radius and takes it off again in float
// (ConvexShape.cpp:93, 134), losing its ulp.
//
// Answers: d: distance = max(0, -mPenetrationDepth), points mContactPointOn1 (A), mContactPointOn2 (B); p: overlapping
// when mPenetrationDepth >= 0, depth = mPenetrationDepth, normal = mPenetrationAxis normalized (Jolt: the direction to
// move B out of collision, from A towards B; CollideShape.h:61). No hit: the shapes are farther apart than the bound,
// which the bound rules out; answered as rapier3d.mjs answers no contact. Contact convention: on-shapes.
import initJolt from "jolt-physics";

import { packageVersion } from "./protocol.mjs";
import { capsulePose, distanceBound, place, vertex } from "./space.mjs";

// A Jolt instance set up as users set it up: a JoltInterface (JoltJS.h at 1.1.0: it makes the Factory and calls
// RegisterTypes, which fills the collision dispatch table CollideShape needs) with one object layer and one broad
// phase layer. Made again after a crash, on a fresh WebAssembly instance.
async function freshJolt() {
  const instance = await initJolt();
  const settings = new instance.JoltSettings();
  const pairs = new instance.ObjectLayerPairFilterTable(1);
  pairs.EnableCollision(0, 0);
  const layers = new instance.BroadPhaseLayerInterfaceTable(1, 1);
  const layer = new instance.BroadPhaseLayer(0);
  layers.MapObjectToBroadPhaseLayer(0, layer);
  settings.mObjectLayerPairFilter = pairs;
  settings.mBroadPhaseLayerInterface = layers;
  settings.mObjectVsBroadPhaseLayerFilter = new instance.ObjectVsBroadPhaseLayerFilterTable(layers, 1, pairs, 1);
  new instance.JoltInterface(settings);  // kept for the instance's life: it owns the types' registration
  instance.destroy(settings);
  instance.destroy(layer);
  return instance;
}

let Jolt = await freshJolt();

// The hull builder's settings of each strategy.
const HULL = {
  jolt: { hullTolerance: 1e-6, maxConvexRadius: 0 },
  "jolt-defaults": null,  // as new ConvexHullShapeSettings() leaves them
};

// The Jolt shape settings a user makes for the case's shape, the pose of the shape's origin, or { refused }.
function makeSettings(shape, hull) {
  const count = shape.vertices.length / 3;
  if (count === 1) {
    return { kind: "SphereShapeSettings", settings: new Jolt.SphereShapeSettings(shape.radius),
             position: place(shape, vertex(shape, 0)), rotation: [1, 0, 0, 0] };
  }
  if (count === 2 && shape.radius > 0) {
    const pose = capsulePose(shape, [0, 1, 0]);
    return { kind: "CapsuleShapeSettings", settings: new Jolt.CapsuleShapeSettings(pose.halfHeight, shape.radius),
             position: pose.centre,
             rotation: pose.rotation };
  }
  if (shape.radius > 0) {
    return { refused: "jolt has no convex hull grown by a radius " +
                      "(a ConvexHullShape's convex radius lies inside its hull)" };
  }
  const settings = new Jolt.ConvexHullShapeSettings();
  if (hull) {
    settings.mHullTolerance = hull.hullTolerance;
    settings.mMaxConvexRadius = hull.maxConvexRadius;
  }
  const point = new Jolt.Vec3(0, 0, 0);
  for (let i = 0; i < count; ++i) {
    point.Set(...vertex(shape, i));
    settings.mPoints.push_back(point);
  }
  Jolt.destroy(point);
  return { kind: "ConvexHullShapeSettings", settings, position: shape.position, rotation: shape.rotation };
}

// The shape and its centre-of-mass transform; release() frees both.
function makeShape(shape, hull) {
  const made = makeSettings(shape, hull);
  if (made.refused) return made;
  const { settings } = made;
  settings.AddRef();
  const result = settings.Create();
  if (result.HasError()) {
    const reason = `jolt ${made.kind}::Create: ${result.GetError().c_str()}`;
    settings.Release();
    return { refused: reason };
  }
  const made3 = result.Get();
  const [w, x, y, z] = made.rotation;
  const rotation = new Jolt.Quat(x, y, z, w);
  const position = new Jolt.RVec3(...made.position);
  const com = rotation.MulVec3(made3.GetCenterOfMass());       // float, as Body.cpp:106
  const comPosition = new Jolt.RVec3(position.GetX() + com.GetX(), position.GetY() + com.GetY(),
                                     position.GetZ() + com.GetZ());
  return {
    shape: made3, rotation, comPosition,
    release() {
      for (const object of [rotation, position, com, comPosition]) Jolt.destroy(object);
      settings.Release();
    },
  };
}

const xyz = (v) => [v.GetX(), v.GetY(), v.GetZ()];

// The float nearest x, or the next one up when that is below x (Jolt's settings are floats).
function floatNotBelow(x) {
  const nearest = Math.fround(x);
  if (nearest >= x) return nearest;
  const bits = new Float32Array([nearest]);
  new Uint32Array(bits.buffer)[0] += 1;  // x > 0: one ulp up
  return bits[0];
}

function collide(a, b, hull) {
  const shapeA = makeShape(a, hull);
  if (shapeA.refused) return shapeA;
  const shapeB = makeShape(b, hull);
  if (shapeB.refused) {
    shapeA.release();
    return shapeB;
  }
  const transformed = new Jolt.TransformedShape();
  transformed.mShape = shapeB.shape;
  transformed.mShapePositionCOM = shapeB.comPosition;
  transformed.mShapeRotation = shapeB.rotation;
  const one = new Jolt.Vec3(1, 1, 1);
  transformed.SetShapeScale(one);
  const settings = new Jolt.CollideShapeSettings();
  settings.mMaxSeparationDistance = floatNotBelow(distanceBound(a, b));
  const comA = Jolt.RMat44.prototype.sRotationTranslation(shapeA.rotation, shapeA.comPosition);
  const base = new Jolt.RVec3(0, 0, 0);
  const collector = new Jolt.CollideShapeClosestHitCollisionCollector();
  const filter = new Jolt.ShapeFilter();
  transformed.CollideShape(shapeA.shape, one, comA, settings, base, collector, filter);
  let answer = { noContact: true };
  if (collector.HadHit()) {
    const hit = collector.mHit;
    answer = { depth: hit.mPenetrationDepth, pointA: xyz(hit.mContactPointOn1), pointB: xyz(hit.mContactPointOn2),
               axis: xyz(hit.mPenetrationAxis) };
  }
  for (const object of [transformed, one, settings, base, collector, filter]) Jolt.destroy(object);
  shapeA.release();
  shapeB.release();
  return answer;
}

function strategy(name) {
  const hull = HULL[name];
  return {
    name,
    scalar: "f32",
    contact: "on-shapes",
    queries: "both",
    dimension: 3,
    version: `jolt-physics ${packageVersion("jolt-physics")} (npm; pinned by adapters/js/package-lock.json; ` +
      "JoltPhysics v5.6.0)",
    distance(a, b) {
      const c = collide(a, b, hull);
      if (c.refused) return c;
      if (c.noContact) {
        return { distance: Infinity, pointA: [NaN, NaN, NaN], pointB: [NaN, NaN, NaN], iterations: -1,
                 termination: "no-contact" };
      }
      return { distance: Math.max(0, -c.depth), pointA: c.pointA, pointB: c.pointB, iterations: -1,
               termination: "unreported" };
    },
    penetration(a, b) {
      const c = collide(a, b, hull);
      if (c.refused) return c;
      if (c.noContact) return { overlapping: false, depth: 0, normal: [0, 0, 0], pointA: [0, 0, 0], pointB: [0, 0, 0] };
      const overlapping = c.depth >= 0;
      const length = Math.hypot(...c.axis);
      return { overlapping, depth: overlapping ? c.depth : 0, normal: c.axis.map((v) => v / length),
               pointA: c.pointA, pointB: c.pointB };
    },
    // An abort or trap of Jolt's WebAssembly is a crash of this query; the next query runs on a fresh instance.
    crashed: (error) => error instanceof WebAssembly.RuntimeError,
    async recover() {
      Jolt = await freshJolt();
    },
  };
}

export const engine = strategy("jolt");
export const defaultsEngine = strategy("jolt-defaults");
