// The built-in 3D strategies vdb3 and epa3 behind the plugin ABI's 3D entries (include/gjkcheck/strategy.h), for
// the 3D test plugins: the same float code (verdict/query3.h runCoreStrategy3, runPenetrationStrategy3), so their
// answers must equal the built-ins' bit for bit.
#pragma once

#include <cstring>

#include "core/strategies/epa3.h"
#include "core/strategies/vdb3.h"
#include "gjkcheck/strategy.h"
#include "verdict/query3.h"

namespace gjk::test_plugins {

inline check::ShapeSpec toShapeSpec3(const gjkcheck_shape3& shape) {
  check::ShapeSpec spec;
  for (int i = 0; i < shape.count; ++i) {
    spec.vertices.push_back({shape.vertices[3 * i], shape.vertices[3 * i + 1], shape.vertices[3 * i + 2]});
  }
  spec.radius = shape.radius;
  spec.positionX = shape.position[0];
  spec.positionY = shape.position[1];
  spec.positionZ = shape.position[2];
  spec.quaternionW = shape.rotation[0];
  spec.quaternionX = shape.rotation[1];
  spec.quaternionY = shape.rotation[2];
  spec.quaternionZ = shape.rotation[3];
  return spec;
}

inline check::Case toCase3(const gjkcheck_shape3& a, const gjkcheck_shape3& b) {
  check::Case value;
  value.dimension = 3;
  value.a = toShapeSpec3(a);
  value.b = toShapeSpec3(b);
  return value;
}

inline int vdb3Distance(const gjkcheck_shape3* a, const gjkcheck_shape3* b, gjkcheck_distance_answer3* answer) {
  const check::StrategyResult result = check::runCoreStrategy3<Vdb3, float>(toCase3(*a, *b), {});
  answer->distance = result.distance;
  const check::Point points[] = {result.pointA, result.pointB};
  double* out[] = {answer->point_a, answer->point_b};
  for (int k = 0; k < 2; ++k) {
    out[k][0] = points[k].x;
    out[k][1] = points[k].y;
    out[k][2] = points[k].z;
  }
  answer->iterations = result.iterations;
  std::strncpy(answer->termination, result.termination.c_str(), sizeof answer->termination - 1);
  return 0;
}

inline int epa3Penetration(const gjkcheck_shape3* a, const gjkcheck_shape3* b, gjkcheck_penetration_answer3* answer) {
  const check::StrategyResult result = check::runPenetrationStrategy3<Epa3Strategy, float>(toCase3(*a, *b), {});
  const check::PenetrationAnswer& p = result.penetration;
  answer->overlapping = p.overlapping;
  answer->depth = p.depth;
  const check::Point points[] = {p.normal, p.pointA, p.pointB};
  double* out[] = {answer->normal, answer->point_a, answer->point_b};
  for (int k = 0; k < 3; ++k) {
    out[k][0] = points[k].x;
    out[k][1] = points[k].y;
    out[k][2] = points[k].z;
  }
  return 0;
}

}  // namespace gjk::test_plugins
