// Input shapes for the oracle's hand-worked tests, written in one call.
#pragma once

#include <utility>
#include <vector>

#include "oracle/oracle.h"

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

}  // namespace gjk::oracle::test_support
