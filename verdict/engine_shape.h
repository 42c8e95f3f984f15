// A case's shape as the in-process engine adapters take it (adapters/box2d_241.h's Box2dShape: the
// vertices as float pairs in the local frame, the radius, and the transform taken as given).
#pragma once

#include <vector>

#include "adapters/box2d_241.h"
#include "case/case.h"

namespace gjk::check {

// The vertices as x0 y0 x1 y1 ...: the array a Box2dShape points into.
inline std::vector<float> flatten(const ShapeSpec& shape) {
  std::vector<float> xy;
  xy.reserve(2 * shape.vertices.size());
  for (const Vertex& v : shape.vertices) {
    xy.push_back(v.x);
    xy.push_back(v.y);
  }
  return xy;
}

// The shape over `xy` (from flatten), which must outlive it.
inline adapters::Box2dShape toEngineShape(const ShapeSpec& shape, const std::vector<float>& xy) {
  return {xy.data(),       static_cast<int>(shape.vertices.size()), shape.radius, shape.positionX,
          shape.positionY, shape.rotationC,                         shape.rotationS};
}

}  // namespace gjk::check
