// Bullet's convex-convex queries as a gjkcheck 3D plugin (include/gjkcheck/strategy.h, gjkcheck_plugin3_info),
// compiled by adapters/CMakeLists.txt against Debian's libbullet-dev twice from this one file: against `bullet`
// (btScalar float: gjk_plugin_bullet.so) and against `bullet-float64` (its pkg-config cflags define
// BT_USE_DOUBLE_PRECISION, btScalar double: gjk_plugin_bullet_f64.so). Nothing of Bullet is compiled here.
//
// Entries (the same four in both builds; the scalar is the build's):
//   gjkepa         distance: btGjkEpaSolver2::SignedDistance less both margins, as Bullet's own callers take it;
//                  penetration: btGjkEpaSolver2::Penetration (usemargins left at its default, true); polytopes with
//                  margin 0
//   pair           both: btGjkPairDetector(btVoronoiSimplexSolver, btGjkEpaPenetrationDepthSolver)
//                  ::getClosestPoints into a btPointCollector; polytopes with margin 0
//   gjkepa-margin  penetration only: Penetration on polytopes with the margin users get (CONVEX_DISTANCE_MARGIN,
//                  0.04). Its distance would be gjkepa's bit for bit: SignedDistance measures the shapes without
//                  their margins (btGjkEpa2.cpp, Initialize(..., false) in Distance and in its Penetration call).
//   pair-margin    both: the pair detector on polytopes with the margin users get
// docs/engines.md ("Bullet 3.24 (3D)") says what each answer means and what the constants are.
//
// Shapes are built as Bullet's users build them: one vertex with a radius is a btSphereShape (its radius is its
// margin), two vertices with a radius a btCapsuleShape (radius is its margin too; Y up, turned onto the segment
// and centred on it), anything else a btConvexHullShape of the raw points whose margin is the radius when there is
// one (the hull's own rounding), else 0 or, for the -margin entries, left at its default.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <new>

#include "BulletCollision/CollisionShapes/btCapsuleShape.h"
#include "BulletCollision/CollisionShapes/btConvexHullShape.h"
#include "BulletCollision/CollisionShapes/btSphereShape.h"
#include "BulletCollision/NarrowPhaseCollision/btGjkEpa2.h"
#include "BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h"
#include "BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h"
#include "BulletCollision/NarrowPhaseCollision/btPointCollector.h"
#include "BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h"
#include "gjkcheck/strategy.h"

#ifndef GJK_BULLET_PACKAGE_VERSION
#define GJK_BULLET_PACKAGE_VERSION "unknown"
#endif

#ifdef BT_USE_DOUBLE_PRECISION
#define GJK_BULLET_SCALAR "f64"
#define GJK_BULLET_SCALAR_WORDS "double (bullet-float64)"
#else
#define GJK_BULLET_SCALAR "f32"
#define GJK_BULLET_SCALAR_WORDS "float"
#endif

namespace {

// The polytope's margin: 0 (the shape exactly), or the one btConvexHullShape is built with.
enum class HullMargin { Zero, Default };

// A case's shape as a Bullet user makes it, and where it is in the world.
struct BulletShape {
  std::unique_ptr<btConvexShape> shape;
  btTransform transform;
};

btVector3 vertex(const gjkcheck_shape3& shape, int i) {
  return btVector3(shape.vertices[3 * i], shape.vertices[3 * i + 1], shape.vertices[3 * i + 2]);
}

// The case's placement. btQuaternion takes (x, y, z, w); the ABI gives w first. btMatrix3x3::setRotation divides
// by the quaternion's squared length, as Bullet always does.
btTransform caseTransform(const gjkcheck_shape3& shape) {
  const btQuaternion rotation(shape.rotation[1], shape.rotation[2], shape.rotation[3], shape.rotation[0]);
  return btTransform(rotation, btVector3(shape.position[0], shape.position[1], shape.position[2]));
}

// false (and why, on stderr) when the ABI's limits are broken; Bullet itself refuses none of these shapes.
bool makeShape(const gjkcheck_shape3& input, HullMargin margin, BulletShape* out) {
  if (input.count < 1 || input.count > 64 || input.vertices == nullptr) {
    std::fprintf(stderr, "bullet plugin: %d vertices; the ABI takes 1..64\n", input.count);
    return false;
  }
  if (!(input.radius >= 0) || !std::isfinite(input.radius)) {
    std::fprintf(stderr, "bullet plugin: radius %g; a radius is finite and >= 0\n", double(input.radius));
    return false;
  }
  const btTransform placement = caseTransform(input);
  if (input.radius > 0 && input.count == 1) {
    out->shape = std::make_unique<btSphereShape>(btScalar(input.radius));
    out->transform = placement * btTransform(btQuaternion::getIdentity(), vertex(input, 0));
    return true;
  }
  if (input.radius > 0 && input.count == 2) {
    // btCapsuleShape's segment runs along its local Y from -height/2 to height/2: turn Y onto the case's segment
    // (shortestArcQuat, as users place a capsule between two points) and centre it there.
    const btVector3 p0 = vertex(input, 0);
    const btVector3 p1 = vertex(input, 1);
    const btVector3 axis = p1 - p0;
    const btScalar height = axis.length();
    const btQuaternion turn =
        height > 0 ? shortestArcQuat(btVector3(0, 1, 0), axis / height) : btQuaternion::getIdentity();
    out->shape = std::make_unique<btCapsuleShape>(btScalar(input.radius), height);
    out->transform = placement * btTransform(turn, (p0 + p1) * btScalar(0.5));
    return true;
  }
  auto hull = std::make_unique<btConvexHullShape>();
  for (int i = 0; i < input.count; ++i) hull->addPoint(vertex(input, i), false);
  hull->recalcLocalAabb();
  if (input.radius > 0) {
    hull->setMargin(input.radius);
  } else if (margin == HullMargin::Zero) {
    hull->setMargin(0);
  }
  out->shape = std::move(hull);
  out->transform = placement;
  return true;
}

bool makeShapes(const gjkcheck_shape3* a, const gjkcheck_shape3* b, HullMargin margin, BulletShape* shapeA,
                BulletShape* shapeB) {
  return makeShape(*a, margin, shapeA) && makeShape(*b, margin, shapeB);
}

void store(const btVector3& v, double out[3]) {
  out[0] = v.x();
  out[1] = v.y();
  out[2] = v.z();
}

const char* statusName(btGjkEpaSolver2::sResults::eStatus status) {
  switch (status) {
    case btGjkEpaSolver2::sResults::Separated: return "Separated";
    case btGjkEpaSolver2::sResults::Penetrating: return "Penetrating";
    case btGjkEpaSolver2::sResults::GJK_Failed: return "GJK_Failed";
    case btGjkEpaSolver2::sResults::EPA_Failed: return "EPA_Failed";
  }
  return "unknown";
}

// The initial search direction of btSoftBody's cluster collision, Bullet's own shape-against-shape call of
// SignedDistance (btSoftBodyInternals.h).
const btVector3 GUESS(1, 0, 0);

// ---- btGjkEpaSolver2 ----

int gjkepaDistance(const gjkcheck_shape3* a, const gjkcheck_shape3* b, gjkcheck_distance_answer3* answer) {
  BulletShape shapeA, shapeB;
  if (!makeShapes(a, b, HullMargin::Zero, &shapeA, &shapeB)) return 1;
  btGjkEpaSolver2::sResults results;
  if (!btGjkEpaSolver2::SignedDistance(shapeA.shape.get(), shapeA.transform, shapeB.shape.get(), shapeB.transform,
                                       GUESS, results)) {
    // Bullet gives no distance (results.distance is left unset): its answer is "failed", not a number.
    std::fprintf(stderr, "bullet plugin: btGjkEpaSolver2::SignedDistance returned false, status %s\n",
                 statusName(results.status));
    return 1;
  }
  // A signed distance between the shapes without their margins (Distance and the Penetration inside SignedDistance
  // set up the Minkowski support without them, btGjkEpa2.cpp:945 and :1082): Bullet's own callers subtract the
  // margins after the call (btSoftBody.cpp:2889, `results.distance - 2.0 * csh->getMargin() - margin`), and so
  // do we, so that a sphere's, a capsule's or a rounded hull's radius (its margin) is measured. Negative when
  // penetrating; the distance query's answer is its positive part, as for the other signed engines (rapier2d); the
  // depth is the penetration query's. A NaN stays a NaN. When the cores are apart, the witness points are moved by
  // each margin along the line between them (onto the rounded surfaces, as the distance is); else they stay on
  // the cores, inside the shapes.
  const btScalar marginA = shapeA.shape->getMargin();
  const btScalar marginB = shapeB.shape->getMargin();
  const btScalar distance = results.distance - marginA - marginB;
  answer->distance = distance < 0 ? 0.0 : double(distance);
  btVector3 pointA = results.witnesses[0];
  btVector3 pointB = results.witnesses[1];
  if (results.distance > 0 && (marginA > 0 || marginB > 0)) {
    const btVector3 along = (pointB - pointA) / results.distance;  // unit, from A's core point to B's
    pointA += along * std::min(marginA, results.distance);
    pointB -= along * std::min(marginB, results.distance);
  }
  store(pointA, answer->point_a);
  store(pointB, answer->point_b);
  answer->iterations = -1;
  std::snprintf(answer->termination, sizeof answer->termination, "%s", statusName(results.status));
  return 0;
}

int gjkepaPenetrationWith(HullMargin margin, const gjkcheck_shape3* a, const gjkcheck_shape3* b,
                          gjkcheck_penetration_answer3* answer) {
  BulletShape shapeA, shapeB;
  if (!makeShapes(a, b, margin, &shapeA, &shapeB)) return 1;
  btGjkEpaSolver2::sResults results;
  const bool penetrating = btGjkEpaSolver2::Penetration(shapeA.shape.get(), shapeA.transform, shapeB.shape.get(),
                                                        shapeB.transform, GUESS, results);
  if (!penetrating && results.status != btGjkEpaSolver2::sResults::Separated) {
    std::fprintf(stderr, "bullet plugin: btGjkEpaSolver2::Penetration returned false, status %s\n",
                 statusName(results.status));
    return 1;
  }
  answer->overlapping = penetrating ? 1 : 0;
  if (!penetrating) return 0;  // Separated: Bullet gives no depth, normal or points
  // results.distance = -depth; results.normal = -(EPA's normal) points from B to A: witnesses[1] =
  // witnesses[0] - EPA normal * depth (btGjkEpa2.cpp, Penetration). The witnesses are world points, the normal is
  // left in shape A's frame (btGjkEpa2.cpp:1001 at 3.24): passed on as Bullet gives it, as its users get it
  // (reports/engines3d/upstream/bullet-gjkepa-normal-in-local-frame).
  answer->depth = -double(results.distance);
  store(-results.normal, answer->normal);
  store(results.witnesses[0], answer->point_a);
  store(results.witnesses[1], answer->point_b);
  return 0;
}

int gjkepaPenetration(const gjkcheck_shape3* a, const gjkcheck_shape3* b, gjkcheck_penetration_answer3* answer) {
  return gjkepaPenetrationWith(HullMargin::Zero, a, b, answer);
}

int gjkepaMarginPenetration(const gjkcheck_shape3* a, const gjkcheck_shape3* b,
                            gjkcheck_penetration_answer3* answer) {
  return gjkepaPenetrationWith(HullMargin::Default, a, b, answer);
}

// ---- btGjkPairDetector ----

// What getClosestPoints left: the collector's point on B, its normal on B (from B towards A) and signed distance,
// and the detector's own account of how it ended.
struct PairAnswer {
  btVector3 pointB;
  btVector3 normalOnB;
  double distance = 0;
  int iterations = 0;
  char termination[32] = {0};
};

// A btVoronoiSimplexSolver in zeroed memory. When the detector's loop stops at its first support point
// (m_degenerateSimplex 10), getClosestPoints takes the witness points from the solver's cached points before any were
// computed (btVoronoiSimplexSolver::compute_points on an empty simplex), which a solver on the stack would fill with
// whatever the stack held. Zeroed, that answer is the same every time, and still Bullet's: the points are then the
// midpoint of the two origins, moved by the margins.
struct ZeroedSimplexSolver {
  alignas(btVoronoiSimplexSolver) unsigned char memory[sizeof(btVoronoiSimplexSolver)] = {};
  btVoronoiSimplexSolver* solver = new (memory) btVoronoiSimplexSolver();
  ZeroedSimplexSolver() = default;
  ZeroedSimplexSolver(const ZeroedSimplexSolver&) = delete;
  ZeroedSimplexSolver& operator=(const ZeroedSimplexSolver&) = delete;
  ~ZeroedSimplexSolver() { solver->~btVoronoiSimplexSolver(); }
};

// The detector's loop gives up after gGjkMaxIter = 1000 iterations (btGjkPairDetector.cpp).
constexpr int PAIR_MAX_ITERATIONS = 1000;

bool pairClosestPoints(HullMargin margin, const gjkcheck_shape3* a, const gjkcheck_shape3* b, PairAnswer* out) {
  BulletShape shapeA, shapeB;
  if (!makeShapes(a, b, margin, &shapeA, &shapeB)) return false;
  ZeroedSimplexSolver simplex;
  btGjkEpaPenetrationDepthSolver depthSolver;
  btGjkPairDetector detector(shapeA.shape.get(), shapeB.shape.get(), simplex.solver, &depthSolver);
  btGjkPairDetector::ClosestPointInput input;  // m_maximumDistanceSquared left at BT_LARGE_FLOAT, as users get it
  input.m_transformA = shapeA.transform;
  input.m_transformB = shapeB.transform;
  btPointCollector collector;
  detector.getClosestPoints(input, collector, nullptr);
  if (!collector.m_hasResult) {
    // No contact point reported: beyond m_maximumDistanceSquared, or no valid answer from either phase.
    std::fprintf(stderr,
                 "bullet plugin: btGjkPairDetector::getClosestPoints reported no point (m_lastUsedMethod %d, "
                 "m_degenerateSimplex %d)\n",
                 detector.m_lastUsedMethod, detector.m_degenerateSimplex);
    return false;
  }
  out->pointB = collector.m_pointInWorld;
  out->normalOnB = collector.m_normalOnBInWorld;
  out->distance = collector.m_distance;
  out->iterations = detector.m_curIter;
  // Bullet names no reasons, it numbers them: the loop's exit (m_degenerateSimplex) and which phase's answer was
  // kept (m_lastUsedMethod); both are public members of the detector.
  if (detector.m_curIter > PAIR_MAX_ITERATIONS) {
    std::snprintf(out->termination, sizeof out->termination, "iteration-cap");
  } else {
    std::snprintf(out->termination, sizeof out->termination, "degenerate%d-method%d", detector.m_degenerateSimplex,
                  detector.m_lastUsedMethod);
  }
  return true;
}

// btManifoldResult's rule for the point on A: pointInWorld + normalOnBInWorld * depth.
btVector3 pairPointA(const PairAnswer& pair) { return pair.pointB + pair.normalOnB * btScalar(pair.distance); }

int pairDistanceWith(HullMargin margin, const gjkcheck_shape3* a, const gjkcheck_shape3* b,
                     gjkcheck_distance_answer3* answer) {
  PairAnswer pair;
  if (!pairClosestPoints(margin, a, b, &pair)) return 1;
  answer->distance = pair.distance < 0 ? 0.0 : pair.distance;  // positive part, as gjkepaDistance; NaN stays NaN
  store(pairPointA(pair), answer->point_a);
  store(pair.pointB, answer->point_b);
  answer->iterations = pair.iterations;
  std::snprintf(answer->termination, sizeof answer->termination, "%s", pair.termination);
  return 0;
}

int pairPenetrationWith(HullMargin margin, const gjkcheck_shape3* a, const gjkcheck_shape3* b,
                        gjkcheck_penetration_answer3* answer) {
  PairAnswer pair;
  if (!pairClosestPoints(margin, a, b, &pair)) return 1;
  answer->overlapping = pair.distance > 0 ? 0 : 1;  // a NaN (never stored by btPointCollector) would claim overlap
  if (!answer->overlapping) return 0;
  answer->depth = -pair.distance;
  store(-pair.normalOnB, answer->normal);  // from A towards B
  store(pairPointA(pair), answer->point_a);
  store(pair.pointB, answer->point_b);
  return 0;
}

int pairDistance(const gjkcheck_shape3* a, const gjkcheck_shape3* b, gjkcheck_distance_answer3* answer) {
  return pairDistanceWith(HullMargin::Zero, a, b, answer);
}
int pairPenetration(const gjkcheck_shape3* a, const gjkcheck_shape3* b, gjkcheck_penetration_answer3* answer) {
  return pairPenetrationWith(HullMargin::Zero, a, b, answer);
}
int pairMarginDistance(const gjkcheck_shape3* a, const gjkcheck_shape3* b, gjkcheck_distance_answer3* answer) {
  return pairDistanceWith(HullMargin::Default, a, b, answer);
}
int pairMarginPenetration(const gjkcheck_shape3* a, const gjkcheck_shape3* b,
                          gjkcheck_penetration_answer3* answer) {
  return pairPenetrationWith(HullMargin::Default, a, b, answer);
}

#define GJK_BULLET_NAME "Bullet 3.24 "

const gjkcheck_entry3 ENTRIES[] = {
    {"gjkepa",
     GJK_BULLET_NAME "btGjkEpaSolver2::SignedDistance (distance) and ::Penetration (penetration), hulls with margin 0, "
                     GJK_BULLET_SCALAR_WORDS,
     GJK_BULLET_SCALAR, "on-shapes", gjkepaDistance, gjkepaPenetration},
    {"pair",
     GJK_BULLET_NAME "btGjkPairDetector (btVoronoiSimplexSolver, btGjkEpaPenetrationDepthSolver) into a "
                     "btPointCollector, hulls with margin 0, " GJK_BULLET_SCALAR_WORDS,
     GJK_BULLET_SCALAR, "on-shapes", pairDistance, pairPenetration},
    {"gjkepa-margin",
     GJK_BULLET_NAME "btGjkEpaSolver2::Penetration, hulls with the default margin 0.04, " GJK_BULLET_SCALAR_WORDS,
     GJK_BULLET_SCALAR, "on-shapes", nullptr, gjkepaMarginPenetration},
    {"pair-margin",
     GJK_BULLET_NAME "btGjkPairDetector into a btPointCollector, hulls with the default margin 0.04, "
                     GJK_BULLET_SCALAR_WORDS,
     GJK_BULLET_SCALAR, "on-shapes", pairMarginDistance, pairMarginPenetration},
};

const gjkcheck_plugin3 PLUGIN = {GJKCHECK_PLUGIN_ABI, "bullet", "3.24 (Debian libbullet-dev " GJK_BULLET_PACKAGE_VERSION ")",
                                 int(sizeof ENTRIES / sizeof ENTRIES[0]), ENTRIES};

}  // namespace

extern "C" __attribute__((visibility("default"))) const gjkcheck_plugin3* gjkcheck_plugin3_info(void) {
  return &PLUGIN;
}
