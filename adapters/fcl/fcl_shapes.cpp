#include "adapters/fcl/fcl_shapes.h"

#include <vector>

#include "adapters/fcl/hull_faces.h"

namespace gjk::adapters {
namespace {

// The case's rotation as FCL users write it: Eigen's quaternion (w, x, y, z) as given, not normalized (a float
// unit quaternion, whose matrix is the one the exact oracle applies), and its matrix as the pose's linear part.
fcl::Transform3d casePose(const gjkcheck_shape3& shape) {
  const Eigen::Quaterniond q(shape.rotation[0], shape.rotation[1], shape.rotation[2], shape.rotation[3]);
  fcl::Transform3d pose = fcl::Transform3d::Identity();
  pose.linear() = q.toRotationMatrix();
  pose.translation() = fcl::Vector3d(shape.position[0], shape.position[1], shape.position[2]);
  return pose;
}

fcl::Vector3d localVertex(const gjkcheck_shape3& shape, int i) {
  return {shape.vertices[3 * i], shape.vertices[3 * i + 1], shape.vertices[3 * i + 2]};
}

// fcl::Convex of the hull: only its vertices, its faces as polygons (hull_faces.h). FCL 0.7 reads the faces only
// to build the vertex adjacency it walks in findExtremeVertex when there are more than 32 vertices and the
// faces close up (convex-inl.h); its interior point (getInteriorPoint, libccd's center) is the mean of the
// vertices it is given.
std::shared_ptr<fcl::CollisionGeometryd> hullConvex(const gjkcheck_shape3& shape) {
  std::vector<HullPoint> points;
  for (int i = 0; i < shape.count; ++i) {
    points.push_back({shape.vertices[3 * i], shape.vertices[3 * i + 1], shape.vertices[3 * i + 2]});
  }
  const HullFaces hull = hullFaces(points);
  auto vertices = std::make_shared<std::vector<fcl::Vector3d>>();
  for (int index : hull.vertices) vertices->push_back(localVertex(shape, index));
  auto faces = std::make_shared<std::vector<int>>(hull.faces);
  return std::make_shared<fcl::Convexd>(vertices, hull.faceCount, faces);
}

}  // namespace

bool makeFclShape(const gjkcheck_shape3& shape, FclShape* out, std::string* reason) {
  if (shape.count < 1 || shape.count > 64) {
    *reason = "a shape of " + std::to_string(shape.count) + " vertices (the ABI gives 1..64)";
    return false;
  }
  if (!(shape.radius >= 0)) {
    *reason = "a negative radius";
    return false;
  }
  const fcl::Transform3d pose = casePose(shape);
  if (shape.radius == 0) {
    out->geometry = hullConvex(shape);
    out->pose = pose;
    return true;
  }
  if (shape.count > 2) {
    *reason = "a polytope with a radius: FCL 0.7 has no rounded convex shape";
    return false;
  }
  const fcl::Vector3d p0 = localVertex(shape, 0);
  const fcl::Vector3d p1 = localVertex(shape, shape.count - 1);
  if (shape.count == 1 || p0 == p1) {
    // A sphere at the point's world position (a capsule of two equal points has no axis to turn z to).
    out->geometry = std::make_shared<fcl::Sphered>(shape.radius);
    out->pose = pose;
    out->pose.translation() = pose * p0;
    return true;
  }
  // fcl::Capsule is centred on its frame's origin along z: its frame is the case's, moved to the segment's
  // midpoint and turned so that z runs along the segment.
  const fcl::Vector3d axis = p1 - p0;
  out->geometry = std::make_shared<fcl::Capsuled>(shape.radius, axis.norm());
  out->pose = pose;
  out->pose.translation() = pose * ((p0 + p1) * 0.5);
  out->pose.linear() =
      pose.linear() * Eigen::Quaterniond::FromTwoVectors(fcl::Vector3d::UnitZ(), axis).toRotationMatrix();
  return true;
}

}  // namespace gjk::adapters
