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

// cpVersionString, e.g. "7.0.3".
const char* chipmunkVersion();

}  // namespace gjk::adapters
