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

inline gjkcheck_trace_vertex toTraceVertex(const check::TraceVertex& v) {
  gjkcheck_trace_vertex out{};
  out.w[0] = v.w.x;
  out.w[1] = v.w.y;
  out.point_a[0] = v.wA.x;
  out.point_a[1] = v.wA.y;
  out.point_b[0] = v.wB.x;
  out.point_b[1] = v.wB.y;
  out.weight = v.a;
  out.index_a = v.indexA;
  out.index_b = v.indexB;
  return out;
}

// The answer, and with a tracer each step and the step after the loop (the optional trace of the ABI).
inline int perpDistanceTraced(const gjkcheck_shape* a, const gjkcheck_shape* b, gjkcheck_distance_answer* answer,
                              const gjkcheck_tracer* tracer) {
  check::Case value;
  value.a = toShapeSpec(*a);
  value.b = toShapeSpec(*b);
  check::StrategyResult result = check::runCoreStrategy<PerpStrategy, float>(value, {.trace = tracer != nullptr});
  if (tracer != nullptr) {
    for (const check::TraceRecord& record : result.trace) {
      gjkcheck_trace_step step{};
      step.size = sizeof step;
      step.simplex_count = static_cast<int>(record.simplex.size());
      for (int k = 0; k < step.simplex_count; ++k) step.simplex[k] = toTraceVertex(record.simplex[k]);
      step.has_direction = step.simplex_count < 3;
      step.direction[0] = record.direction.x;
      step.direction[1] = record.direction.y;
      step.has_support = record.hasSupport;
      step.support = toTraceVertex(record.support);
      tracer->step(tracer->context, &step);
    }
    if (!result.tracePost.rule.empty()) {
      gjkcheck_trace_post post{};
      post.size = sizeof post;
      post.rule = result.tracePost.rule.c_str();
      post.decided = result.tracePost.decided;
      post.core_distance = result.tracePost.coreDistance;
      post.bound = result.tracePost.bound;
      post.distance = result.tracePost.distance;
      post.loop_termination = result.loopTermination.c_str();
      tracer->post(tracer->context, &post);
    }
  }
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

inline int perpDistance(const gjkcheck_shape* a, const gjkcheck_shape* b, gjkcheck_distance_answer* answer) {
  return perpDistanceTraced(a, b, answer, nullptr);
}

}  // namespace gjk::test_plugins
