// Input shapes for the oracle's hand-worked tests, written in one call.
#pragma once

#include <utility>
#include <vector>

#include "oracle/oracle.h"
#include "oracle/oracle3.h"

namespace gjk::oracle::test_support {

// The hull of the vertices grown by the radius, rotated by (c, s) and moved by (px, py), as a case gives it.
inline InputShape shape(std::vector<InputPoint> vertices, float radius = 0, float px = 0, float py = 0, float c = 1,
                        float s = 0) {
  InputShape result;
  result.vertices = std::move(vertices);
  result.radius = radius;
  result.positionX = px;
  result.positionY = py;
  result.rotationC = c;
  result.rotationS = s;
  return result;
}

// The 3D shape: the hull of the vertices grown by the radius, turned by the matrix of the quaternion
// (w, x, y, z) as given and moved by p.
inline InputShape3 shape3(std::vector<InputPoint3> vertices, float radius = 0, InputPoint3 position = {},
                          float w = 1, float x = 0, float y = 0, float z = 0) {
  InputShape3 result;
  result.vertices = std::move(vertices);
  result.radius = radius;
  result.positionX = position.x;
  result.positionY = position.y;
  result.positionZ = position.z;
  result.rotationW = w;
  result.rotationX = x;
  result.rotationY = y;
  result.rotationZ = z;
  return result;
}

// The box [0, sx] x [0, sy] x [0, sz] moved by p (its eight corners).
inline InputShape3 box3(float sx, float sy, float sz, InputPoint3 position = {}, float radius = 0) {
  return shape3({{0, 0, 0}, {sx, 0, 0}, {0, sy, 0}, {sx, sy, 0}, {0, 0, sz}, {sx, 0, sz}, {0, sy, sz}, {sx, sy, sz}},
                radius, position);
}

}  // namespace gjk::oracle::test_support
