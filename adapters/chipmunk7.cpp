#include "adapters/chipmunk7.h"

#include <chipmunk/chipmunk.h>

#include <cmath>

namespace gjk::adapters {
namespace {

constexpr int MAX_VERTICES = 16;  // the harness's gjk::MAX_POLYGON_VERTICES

// A body and its shape; freed together.
struct BodyShape {
  cpBody* body = nullptr;
  cpShape* shape = nullptr;
  BodyShape() = default;
  BodyShape(const BodyShape&) = delete;
  BodyShape& operator=(const BodyShape&) = delete;
  ~BodyShape() {
    if (shape != nullptr)
      cpShapeFree(shape);
    if (body != nullptr)
      cpBodyFree(body);
  }
};

void make(const Box2dShape& s, BodyShape* out) {
  out->body = cpBodyNewKinematic();
  cpBodySetPosition(out->body, cpv(s.positionX, s.positionY));
  cpBodySetAngle(out->body, std::atan2(double(s.rotationS), double(s.rotationC)));
  cpVect vertices[MAX_VERTICES];
  int count = s.count < MAX_VERTICES ? s.count : MAX_VERTICES;
  for (int i = 0; i < count; ++i) vertices[i] = cpv(s.xy[2 * i], s.xy[2 * i + 1]);
  if (count == 1) {
    out->shape = cpCircleShapeNew(out->body, s.radius, vertices[0]);
  } else if (count == 2) {
    out->shape = cpSegmentShapeNew(out->body, vertices[0], vertices[1], s.radius);
  } else {
    out->shape = cpPolyShapeNew(out->body, count, vertices, cpTransformIdentity, s.radius);
  }
  double c = s.rotationC;
  double sn = s.rotationS;
  cpShapeUpdate(out->shape, cpTransformNew(c, sn, -sn, c, s.positionX, s.positionY));
}

}  // namespace

ChipmunkContact chipmunkShapesCollide(const Box2dShape& a, const Box2dShape& b) {
  BodyShape shapeA;
  BodyShape shapeB;
  make(a, &shapeA);
  make(b, &shapeB);
  cpContactPointSet set = cpShapesCollide(shapeA.shape, shapeB.shape);

  ChipmunkContact contact;
  contact.pointCount = set.count;
  if (set.count <= 0)
    return contact;
  int deepest = 0;
  for (int i = 1; i < set.count; ++i) {
    if (set.points[i].distance < set.points[deepest].distance)
      deepest = i;
  }
  contact.overlapping = true;
  contact.depth = -set.points[deepest].distance;
  contact.normal[0] = set.normal.x;
  contact.normal[1] = set.normal.y;
  contact.pointA[0] = set.points[deepest].pointA.x;
  contact.pointA[1] = set.points[deepest].pointA.y;
  contact.pointB[0] = set.points[deepest].pointB.x;
  contact.pointB[1] = set.points[deepest].pointB.y;
  return contact;
}

ChipmunkCast chipmunkCircleCast(const Box2dShape& a, const Box2dShape& b, double translationX, double translationY) {
  ChipmunkCast cast;
  if (b.count != 1) {
    cast.refused = true;
    cast.reason = "chipmunk casts circles only (cpShapeSegmentQuery with a radius): shape B is not a disk";
    return cast;
  }
  BodyShape shapeA;
  make(a, &shapeA);
  const double c = b.rotationC;
  const double s = b.rotationS;
  const cpVect start = cpTransformPoint(cpTransformNew(c, s, -s, c, b.positionX, b.positionY), cpv(b.xy[0], b.xy[1]));
  const cpVect end = cpvadd(start, cpv(translationX, translationY));
  cpPointQueryInfo nearest;
  cpShapePointQuery(shapeA.shape, start, &nearest);
  cast.startedInside = nearest.distance <= b.radius;  // cpShape.c:246-248, the branch cpShapeSegmentQuery takes
  cpSegmentQueryInfo info;
  cast.hit = cpShapeSegmentQuery(shapeA.shape, start, end, b.radius, &info);
  cast.fraction = info.alpha;
  cast.normal[0] = info.normal.x;
  cast.normal[1] = info.normal.y;
  cast.point[0] = info.point.x;
  cast.point[1] = info.point.y;
  return cast;
}

const char* chipmunkVersion() {
  return cpVersionString;
}

}  // namespace gjk::adapters
