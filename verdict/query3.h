// Turning a 3D case into a 3D core query and its answer into a StrategyResult: the second dimension of
// verdict/query.h.
#pragma once

#include <cmath>
#include <stdexcept>

#include "case/case.h"
#include "core/distance_types.h"
#include "core/penetration_types.h"
#include "core/trace3.h"
#include "verdict/strategy.h"

namespace gjk::check {

// A shape of a 3D case as the 3D core sees it, in scalar T (float to double is exact).
template <class T>
Polytope<T> toPolytope(const ShapeSpec& shape) {
  if (shape.vertices.empty() || shape.vertices.size() > static_cast<size_t>(MAX_POLYTOPE_VERTICES)) {
    throw std::invalid_argument("shape vertex count outside 1..MAX_POLYTOPE_VERTICES");
  }
  Polytope<T> polytope;
  polytope.count = static_cast<int>(shape.vertices.size());
  for (int i = 0; i < polytope.count; ++i) {
    polytope.vertices[i] = {T(shape.vertices[i].x), T(shape.vertices[i].y), T(shape.vertices[i].z)};
  }
  polytope.radius = T(shape.radius);
  return polytope;
}

// The placement: the matrix of the case's quaternion formed in T (core/transform3.h quaternionMatrix, which
// says where it rounds) and the position.
template <class T>
Transform3<T> toTransform3(const ShapeSpec& shape) {
  Transform3<T> transform;
  transform.p = {T(shape.positionX), T(shape.positionY), T(shape.positionZ)};
  transform.r = quaternionMatrix(T(shape.quaternionW), T(shape.quaternionX), T(shape.quaternionY),
                                 T(shape.quaternionZ));
  return transform;
}

template <class T>
DistanceInput3<T> toDistanceInput3(const Case& value) {
  if (value.dimension != 3) {
    throw std::invalid_argument((value.source.empty() ? "<input>" : value.source) +
                                ": a 2D case: the 3D core strategies take 3D cases only");
  }
  DistanceInput3<T> input;
  input.proxyA = toPolytope<T>(value.a);
  input.proxyB = toPolytope<T>(value.b);
  input.transformA = toTransform3<T>(value.a);
  input.transformB = toTransform3<T>(value.b);
  input.useRadii = true;
  return input;
}

template <class T>
Point toPoint(Vec3<T> v) {
  return {double(v.x), double(v.y), double(v.z)};
}

// A point of a trace, widened to double and scaled by 2^exponent there (exact: double's range holds every float
// times the 2^k a strategy solves in).
template <class T>
Point toTracePoint(Vec3<T> v, int exponent) {
  return {std::ldexp(double(v.x), exponent), std::ldexp(double(v.y), exponent), std::ldexp(double(v.z), exponent)};
}

template <class T>
TraceVertex toTraceVertex3(const TraceVertex3<T>& v, int exponent) {
  return {toTracePoint(v.w, exponent), toTracePoint(v.wA, exponent), toTracePoint(v.wB, exponent), double(v.a),
          v.indexA, v.indexB};
}

// Runs a 3D core strategy type (anything with `template <class T> static void distance(const
// DistanceInput3<T>&, DistanceOutput3<T>*)`) in scalar T on a 3D case. Cold start. A strategy whose distance()
// also takes a `Trace3<T>*` (core/trace3.h) is traced when options.trace is set, as runCoreStrategy does in 2D:
// the buffer is one per thread, used only then, and the query is the same call with a null trace otherwise.
// The trace is in world units (a strategy's units of 2^k scaled back in double).
template <class Strategy, class T>
StrategyResult runCoreStrategy3(const Case& value, const RunOptions& options) {
  static constexpr int MAX_TRACE_STEPS = 160;  // above every 3D strategy's cap (vdb3: 128 support calls) plus one
  const DistanceInput3<T> input = toDistanceInput3<T>(value);
  DistanceOutput3<T> output;
  TraceStep3<T>* steps = nullptr;
  if (options.trace) {
    thread_local TraceStep3<T> buffer[MAX_TRACE_STEPS];
    steps = buffer;
  }
  Trace3<T> trace{steps, MAX_TRACE_STEPS, 0};
  if constexpr (requires { Strategy::distance(input, &output, &trace); }) {
    Strategy::distance(input, &output, options.trace ? &trace : nullptr);
  } else {
    Strategy::distance(input, &output);
  }
  StrategyResult result;
  for (int i = 0; i < trace.count; ++i) {
    TraceRecord record;
    for (int k = 0; k < steps[i].count; ++k) {
      record.simplex.push_back(toTraceVertex3(steps[i].simplex[k], trace.exponent));
    }
    record.direction = toTracePoint(steps[i].direction, trace.exponent);
    record.hasSupport = steps[i].hasSupport;
    record.support = toTraceVertex3(steps[i].support, trace.exponent);
    result.trace.push_back(record);
  }
  if (options.trace && trace.post.rule != PostRule::None) {
    result.tracePost = {postRuleName(trace.post.rule), trace.post.decided,
                        std::ldexp(double(trace.post.coreDistance), trace.exponent),
                        std::ldexp(double(trace.post.bound), trace.exponent),
                        std::ldexp(double(trace.post.distance), trace.exponent), ""};
  }
  result.distance = double(output.distance);
  result.pointA = toPoint(output.pointA);
  result.pointB = toPoint(output.pointB);
  result.iterations = output.iterations;
  result.simplexCount = output.simplexCount;
  result.termination = causeName(output);
  result.loopTermination = terminationName(output.termination);
  return result;
}

// Runs a 3D core penetration strategy type (anything with `template <class T> static void penetration(const
// PenetrationInput3<T>&, PenetrationOutput3<T>*)`) in scalar T on a 3D case: the counterpart of
// runPenetrationStrategy (penetration_query.h). Fills StrategyResult::penetration (widened to double, exact for
// float), iterations and termination (penetrationStopName); the distance fields stay 0.
template <class Strategy, class T>
StrategyResult runPenetrationStrategy3(const Case& value, const RunOptions&) {
  const PenetrationInput3<T> input = toDistanceInput3<T>(value);
  PenetrationOutput3<T> output;
  Strategy::penetration(input, &output);
  StrategyResult result;
  result.penetration.answered = true;
  result.penetration.overlapping = output.overlapping;
  result.penetration.depth = double(output.depth);
  result.penetration.normal = toPoint(output.normal);
  result.penetration.pointA = toPoint(output.pointA);
  result.penetration.pointB = toPoint(output.pointB);
  result.iterations = output.iterations;
  result.termination = penetrationStopName(output.stop);
  return result;
}

}  // namespace gjk::check
