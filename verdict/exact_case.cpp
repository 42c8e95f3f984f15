#include "verdict/exact_case.h"

#include <gmp.h>

namespace gjk::check {

oracle::InputShape toOracleShape(const ShapeSpec& shape) {
  oracle::InputShape result;
  result.vertices.reserve(shape.vertices.size());
  for (const Vertex& v : shape.vertices) {
    result.vertices.push_back({v.x, v.y});
  }
  result.radius = shape.radius;
  result.positionX = shape.positionX;
  result.positionY = shape.positionY;
  result.rotationC = shape.rotationC;
  result.rotationS = shape.rotationS;
  return result;
}

oracle::ExactAnswer solveExactly(const Case& value) {
  return oracle::solveByHull(toOracleShape(requirePlanarCase(value, "the 2D oracle").a), toOracleShape(value.b));
}

oracle::ExactAnswer solveExactlyWithoutHull(const Case& value) {
  oracle::HullOptions options;
  options.minkowskiHull = false;
  return oracle::solveByHull(toOracleShape(requirePlanarCase(value, "the 2D oracle").a), toOracleShape(value.b), options);
}

oracle::ExactAnswer solveForJudging(const oracle::InputShape& a, const oracle::InputShape& b,
                                    oracle::CaseHulls* hulls) {
  oracle::HullOptions options;
  options.minkowskiHull = false;
  options.closestPoint = false;
  return oracle::solveByHull(a, b, options, hulls);
}

oracle::Rational unitOfScale(const oracle::Rational& scale) {
  oracle::Rational unit;
  mpq_div_2exp(unit.backend().data(), scale.backend().data(), 24);  // canonical: GMP strips common factors of two
  return unit;
}

oracle::Rational errorUnit(const oracle::ExactAnswer& answer) { return unitOfScale(answer.scale); }

oracle::Rational errorUnit(const Case& value) {
  return unitOfScale(oracle::problemScale(toOracleShape(requirePlanarCase(value, "the 2D oracle").a), toOracleShape(value.b)));
}

}  // namespace gjk::check
