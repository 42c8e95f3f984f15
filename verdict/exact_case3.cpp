#include "verdict/exact_case3.h"

namespace gjk::check {

oracle::InputShape3 toOracleShape3(const ShapeSpec& shape) {
  oracle::InputShape3 result;
  result.vertices.reserve(shape.vertices.size());
  for (const Vertex& v : shape.vertices) {
    result.vertices.push_back({v.x, v.y, v.z});
  }
  result.radius = shape.radius;
  result.positionX = shape.positionX;
  result.positionY = shape.positionY;
  result.positionZ = shape.positionZ;
  result.rotationW = shape.quaternionW;
  result.rotationX = shape.quaternionX;
  result.rotationY = shape.quaternionY;
  result.rotationZ = shape.quaternionZ;
  return result;
}

oracle::ExactAnswer3 solveExactly3(const Case& value) {
  if (value.dimension != 3) {
    throw CaseError(value.source, 0, "a 2D case: the 3D oracle takes 3D cases only");
  }
  return oracle::solveByHull3(toOracleShape3(value.a), toOracleShape3(value.b));
}

}  // namespace gjk::check
