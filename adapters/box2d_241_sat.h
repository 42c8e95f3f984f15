// The real b2CollidePolygons of Box2D 2.4.1 (the system's libbox2d), the separating axis test Box2D's
// contact solver runs for two polygons, read as a penetration answer: the manifold's world normal (from A
// towards B) and the deepest manifold point (the smallest b2WorldManifold separation, radii included).
#pragma once

#include "adapters/box2d_241.h"

namespace gjk::adapters {

struct Box2dContact {
  bool refused = false;  // b2PolygonShape::Set would reject (assert) a shape; reason says which
  const char* reason = "";
  bool overlapping = false;  // manifold.pointCount > 0
  int pointCount = 0;
  double depth = 0;           // -separation of the deepest manifold point
  double normal[2] = {0, 0};  // b2WorldManifold::normal
  double pointA[2] = {0, 0};  // that point's cA (on A's rounded surface) and cB, world frame
  double pointB[2] = {0, 0};
};

// Both shapes through b2PolygonShape::Set (the hull; 3..b2_maxPolygonVertices points), m_radius set to the
// case's radius, then b2CollidePolygons(A, xfA, B, xfB).
Box2dContact box2dCollidePolygons(const Box2dShape& a, const Box2dShape& b);

}  // namespace gjk::adapters
