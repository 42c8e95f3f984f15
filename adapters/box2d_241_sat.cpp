#include "adapters/box2d_241_sat.h"

#include <box2d/b2_collision.h>
#include <box2d/b2_common.h>
#include <box2d/b2_math.h>
#include <box2d/b2_polygon_shape.h>

namespace gjk::adapters {
namespace {

// Whether b2PolygonShape::Set accepts these points. Debian's libbox2d keeps its asserts, so a point set Set
// rejects aborts the process; its users meet that as a refusal of the shape. The checks are Set's own,
// in its order and in float (Box2D v2.4.1, src/collision/b2_polygon_shape.cpp): the count (:120), the weld
// of points closer than 0.5 b2_linearSlop (:129-159), the gift wrap's hull (:161-225, including its
// m < b2_maxPolygonVertices assert at :183), non-zero edges (:241) and ComputeCentroid's area > b2_epsilon
// (:80-116).
const char* setRejects(const b2Vec2* vertices, int count) {
  if (count < 3 || count > b2_maxPolygonVertices)
    return "b2PolygonShape::Set needs 3..8 points";
  b2Vec2 ps[b2_maxPolygonVertices];
  int n = 0;
  for (int i = 0; i < count; ++i) {
    bool unique = true;
    for (int j = 0; j < n; ++j) {
      if (b2DistanceSquared(vertices[i], ps[j]) < ((0.5f * b2_linearSlop) * (0.5f * b2_linearSlop))) {
        unique = false;
        break;
      }
    }
    if (unique)
      ps[n++] = vertices[i];
  }
  if (n < 3)
    return "b2PolygonShape::Set: fewer than 3 points after welding";
  int i0 = 0;
  float x0 = ps[0].x;
  for (int i = 1; i < n; ++i) {
    float x = ps[i].x;
    if (x > x0 || (x == x0 && ps[i].y < ps[i0].y)) {
      i0 = i;
      x0 = x;
    }
  }
  int hull[b2_maxPolygonVertices];
  int m = 0;
  int ih = i0;
  for (;;) {
    if (!(m < b2_maxPolygonVertices))
      return "b2PolygonShape::Set: the gift wrap does not close";
    hull[m] = ih;
    int ie = 0;
    for (int j = 1; j < n; ++j) {
      if (ie == ih) {
        ie = j;
        continue;
      }
      b2Vec2 r = ps[ie] - ps[hull[m]];
      b2Vec2 v = ps[j] - ps[hull[m]];
      float c = b2Cross(r, v);
      if (c < 0.0f)
        ie = j;
      if (c == 0.0f && v.LengthSquared() > r.LengthSquared())
        ie = j;
    }
    ++m;
    ih = ie;
    if (ie == i0)
      break;
  }
  if (m < 3)
    return "b2PolygonShape::Set: the hull has fewer than 3 vertices";
  b2Vec2 vs[b2_maxPolygonVertices];
  for (int i = 0; i < m; ++i) vs[i] = ps[hull[i]];
  for (int i = 0; i < m; ++i) {
    b2Vec2 edge = vs[i + 1 < m ? i + 1 : 0] - vs[i];
    if (!(edge.LengthSquared() > b2_epsilon * b2_epsilon))
      return "b2PolygonShape::Set: a zero-length edge";
  }
  float area = 0.0f;
  b2Vec2 s = vs[0];
  for (int i = 0; i < m; ++i) {
    b2Vec2 p1 = vs[0] - s;
    b2Vec2 p2 = vs[i] - s;
    b2Vec2 p3 = i + 1 < m ? vs[i + 1] - s : vs[0] - s;
    float D = b2Cross(p2 - p1, p3 - p1);
    area += 0.5f * D;
  }
  if (!(area > b2_epsilon))
    return "b2PolygonShape::Set: area not above b2_epsilon";
  return nullptr;
}

b2Transform toTransform(const Box2dShape& shape) {
  b2Transform xf;
  xf.p.Set(shape.positionX, shape.positionY);
  xf.q.c = shape.rotationC;  // the pair as given, as box2d_241.cpp does
  xf.q.s = shape.rotationS;
  return xf;
}

const char* makePolygon(const Box2dShape& shape, b2PolygonShape* polygon) {
  b2Vec2 vertices[b2_maxPolygonVertices];
  int count = shape.count;
  if (count < 3 || count > b2_maxPolygonVertices)
    return "b2PolygonShape::Set needs 3..8 points";
  for (int i = 0; i < count; ++i) vertices[i].Set(shape.xy[2 * i], shape.xy[2 * i + 1]);
  if (const char* reason = setRejects(vertices, count))
    return reason;
  polygon->Set(vertices, count);
  polygon->m_radius = shape.radius;  // the case's radius in place of the default skin b2_polygonRadius
  return nullptr;
}

}  // namespace

Box2dContact box2dCollidePolygons(const Box2dShape& a, const Box2dShape& b) {
  Box2dContact contact;
  b2PolygonShape polygonA;
  b2PolygonShape polygonB;
  const char* reason = makePolygon(a, &polygonA);
  if (reason == nullptr)
    reason = makePolygon(b, &polygonB);
  if (reason != nullptr) {
    contact.refused = true;
    contact.reason = reason;
    return contact;
  }
  b2Transform xfA = toTransform(a);
  b2Transform xfB = toTransform(b);
  b2Manifold manifold;
  b2CollidePolygons(&manifold, &polygonA, xfA, &polygonB, xfB);
  contact.pointCount = manifold.pointCount;
  if (manifold.pointCount == 0)
    return contact;

  b2WorldManifold world;
  world.Initialize(&manifold, xfA, polygonA.m_radius, xfB, polygonB.m_radius);
  int deepest = 0;
  for (int i = 1; i < manifold.pointCount; ++i) {
    if (world.separations[i] < world.separations[deepest])
      deepest = i;
  }
  float separation = world.separations[deepest];
  b2Vec2 n = world.normal;
  b2Vec2 mid = world.points[deepest];  // 0.5 (cA + cB), with cB - cA = separation * normal
  contact.overlapping = true;
  contact.depth = -double(separation);
  contact.normal[0] = n.x;
  contact.normal[1] = n.y;
  contact.pointA[0] = double(mid.x) - 0.5 * double(separation) * double(n.x);
  contact.pointA[1] = double(mid.y) - 0.5 * double(separation) * double(n.y);
  contact.pointB[0] = double(mid.x) + 0.5 * double(separation) * double(n.x);
  contact.pointB[1] = double(mid.y) + 0.5 * double(separation) * double(n.y);
  return contact;
}

}  // namespace gjk::adapters
