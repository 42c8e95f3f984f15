// The real cpShapesCollide of Chipmunk 7 (the system's libchipmunk, Debian's libchipmunk-dev 7.0.3), read
// as a penetration answer: cpContactPointSet's normal (from A towards B) and its deepest point (the most
// negative distance; negative is penetration).
#pragma once

#include "adapters/box2d_241.h"

namespace gjk::adapters {

struct ChipmunkContact {
  bool overlapping = false;  // set.count > 0
  int pointCount = 0;
  double depth = 0;           // -distance of the deepest point
  double normal[2] = {0, 0};  // set.normal
  double pointA[2] = {0, 0};  // that point's pointA and pointB, world frame
  double pointB[2] = {0, 0};
};

// The shapes as Chipmunk users make them, on a kinematic body each: one vertex -> cpCircleShapeNew (the
// vertex as offset, the radius), two -> cpSegmentShapeNew (the radius), three or more -> cpPolyShapeNew
// (the local points, identity transform: Chipmunk takes their convex hull; the radius). Each shape's world
// data comes from cpShapeUpdate with the case's own rotation pair and position (the matrix
// {a = c, b = s, c = -s, d = c, tx, ty}). Then cpShapesCollide(A, B).
ChipmunkContact chipmunkShapesCollide(const Box2dShape& a, const Box2dShape& b);

// A circle cast (issue 22): B, a disk (one vertex and its radius), moves by t * translation, t in [0, 1], against
// A made as above. Chipmunk casts circles only, as a segment query of radius rB: cpShapeSegmentQuery(A, c0,
// c0 + translation, rB, &info), c0 being B's centre in the world (cpTransformPoint of B's vertex by the case's
// transform, as cpShapeUpdate places a circle). A B that is not a disk is refused (`refused`, with the reason).
struct ChipmunkCast {
  bool refused = false;
  const char* reason = "";
  bool hit = false;           // cpShapeSegmentQuery returned true
  double fraction = 0;        // info.alpha
  double normal[2] = {0, 0};  // info.normal: A's outward normal, from A towards B
  double point[2] = {0, 0};   // info.point
  bool startedInside = false;  // the query's first branch: A's point query says the centre is within rB
};
ChipmunkCast chipmunkCircleCast(const Box2dShape& a, const Box2dShape& b, double translationX, double translationY);

// cpVersionString, e.g. "7.0.3".
const char* chipmunkVersion();

}  // namespace gjk::adapters
