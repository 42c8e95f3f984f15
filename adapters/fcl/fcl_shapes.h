// A case's 3D shape as an FCL 0.7 user makes it: fcl::Convex<double> of the hull's vertices and faces (our exact
// hull, hull_faces.h: FCL has no hull builder), fcl::Sphere for one point with a radius, fcl::Capsule for two,
// placed by an fcl::Transform3d built from the case's quaternion and position.
#pragma once

#include <memory>
#include <string>

#include <fcl/fcl.h>

#include "gjkcheck/strategy.h"

namespace gjk::adapters {

struct FclShape {
  std::shared_ptr<fcl::CollisionGeometryd> geometry;
  fcl::Transform3d pose = fcl::Transform3d::Identity();
};

// The shape, or false with the reason FCL cannot take it (a polytope with a radius: FCL has no rounded convex
// shape; a vertex count outside 1..64; a negative radius).
bool makeFclShape(const gjkcheck_shape3& shape, FclShape* out, std::string* reason);

}  // namespace gjk::adapters
