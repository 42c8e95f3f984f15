// The built-in `perp` strategy behind the plugin ABI (include/gjkcheck/strategy.h), for the test plugins:
// the same float code (verdict/query.h runCoreStrategy), so its answers must equal the built-in's bit for bit.
#pragma once

#include <cstring>

#include "core/strategies/perp.h"
#include "gjkcheck/strategy.h"
#include "verdict/query.h"

namespace gjk::test_plugins {

inline check::ShapeSpec toShapeSpec(const gjkcheck_shape& shape) {
  check::ShapeSpec spec;
  for (int i = 0; i < shape.count; ++i) spec.vertices.push_back({shape.vertices[2 * i], shape.vertices[2 * i + 1]});
  spec.radius = shape.radius;
  spec.positionX = shape.position[0];
  spec.positionY = shape.position[1];
  spec.rotationC = shape.rotation[0];
  spec.rotationS = shape.rotation[1];
  return spec;
}

inline int perpDistance(const gjkcheck_shape* a, const gjkcheck_shape* b, gjkcheck_distance_answer* answer) {
  check::Case value;
  value.a = toShapeSpec(*a);
  value.b = toShapeSpec(*b);
  check::StrategyResult result = check::runCoreStrategy<PerpStrategy, float>(value, {});
  answer->distance = result.distance;
  answer->point_a[0] = result.pointA.x;
  answer->point_a[1] = result.pointA.y;
  answer->point_b[0] = result.pointB.x;
  answer->point_b[1] = result.pointB.y;
  answer->iterations = result.iterations;
  std::strncpy(answer->termination, result.termination.c_str(), sizeof answer->termination - 1);
  answer->termination[sizeof answer->termination - 1] = '\0';
  return 0;
}

}  // namespace gjk::test_plugins
