// Hand-made 3D cases for the 3D verdict tests (verdict3_test.cpp, penetration_verdict3_test.cpp).
#pragma once

#include <utility>

#include "case/case.h"

namespace gjk::check::test_support {

// The unit cube [0, 1]^3 moved to (x, y, z), with a radius.
inline ShapeSpec cube(float x, float y, float z, float radius = 0) {
  ShapeSpec shape;
  shape.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {1, 1, 1}};
  shape.positionX = x;
  shape.positionY = y;
  shape.positionZ = z;
  shape.radius = radius;
  return shape;
}

// A 3D case of two shapes, its source "hand".
inline Case spaceCase(ShapeSpec a, ShapeSpec b) {
  Case value;
  value.dimension = 3;
  value.a = std::move(a);
  value.b = std::move(b);
  value.source = "hand";
  return value;
}

}  // namespace gjk::check::test_support
