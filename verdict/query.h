// Turning a case into a core query and a core answer into a StrategyResult.
#pragma once

#include <cmath>
#include <stdexcept>

#include "case/case.h"
#include "core/gjk.h"
#include "verdict/strategy.h"

namespace gjk::check {

// A shape of the case as the core sees it, in scalar T (float to double is exact).
template <class T>
Proxy<T> toProxy(const ShapeSpec& shape) {
  if (shape.vertices.empty() || shape.vertices.size() > static_cast<size_t>(MAX_POLYGON_VERTICES)) {
    throw std::invalid_argument("shape vertex count outside 1..MAX_POLYGON_VERTICES");
  }
  Proxy<T> proxy;
  proxy.count = static_cast<int>(shape.vertices.size());
  for (int i = 0; i < proxy.count; ++i) {
    proxy.vertices[i] = {T(shape.vertices[i].x), T(shape.vertices[i].y)};
  }
  proxy.radius = T(shape.radius);
  return proxy;
}

template <class T>
Transform<T> toTransform(const ShapeSpec& shape) {
  return {{T(shape.positionX), T(shape.positionY)}, {T(shape.rotationC), T(shape.rotationS)}};
}

template <class T>
DistanceInput<T> toDistanceInput(const Case& value) {
  // requirePlanarCase's refusal, spelled here because this header is also compiled into test plugins that link
  // the core only (tests/workers/plugins), without case/case.cpp.
  if (value.dimension != 2) {
    throw std::invalid_argument((value.source.empty() ? "<input>" : value.source) +
                                ": a 3D case (dimension 3): the 2D core strategies take 2D cases only");
  }
  DistanceInput<T> input;
  input.proxyA = toProxy<T>(value.a);
  input.proxyB = toProxy<T>(value.b);
  input.transformA = toTransform<T>(value.a);
  input.transformB = toTransform<T>(value.b);
  input.useRadii = true;
  return input;
}

template <class T>
Point toPoint(Vec2<T> v) {
  return {double(v.x), double(v.y)};
}

template <class T>
TraceVertex toTraceVertex(const SimplexVertex<T>& v) {
  return {toPoint(v.w), toPoint(v.wA), toPoint(v.wB), double(v.a), v.indexA, v.indexB};
}

template <class T>
SimplexCache<T> toCache(const CacheRecord& record) {
  SimplexCache<T> cache;
  cache.metric = T(record.metric);
  cache.count = static_cast<std::uint16_t>(record.count);
  for (int i = 0; i < 3; ++i) {
    cache.indexA[i] = static_cast<std::uint8_t>(record.indexA[i]);
    cache.indexB[i] = static_cast<std::uint8_t>(record.indexB[i]);
  }
  return cache;
}

template <class T>
CacheRecord toCacheRecord(const SimplexCache<T>& cache) {
  CacheRecord record;
  record.metric = double(cache.metric);
  record.count = cache.count;
  for (int i = 0; i < 3; ++i) {
    record.indexA[i] = cache.indexA[i];
    record.indexB[i] = cache.indexB[i];
  }
  return record;
}

// Runs a core strategy type (anything with `template <class T> static void distance(input, cache,
// output, trace)`) in scalar T on a case. The trace buffer is one per thread, used only when
// options.trace is set (so an untraced query does not clear its 10-20 KB); MAX_TRACE_STEPS is more than
// any strategy's iteration cap plus the final solve. Only steps[0..trace.count) are read, all written by
// this query.
template <class Strategy, class T>
StrategyResult runCoreStrategy(const Case& value, const RunOptions& options) {
  static constexpr int MAX_TRACE_STEPS = 64;
  DistanceInput<T> input = toDistanceInput<T>(value);
  SimplexCache<T> cache = options.cache != nullptr ? toCache<T>(*options.cache) : SimplexCache<T>{};
  DistanceOutput<T> output;
  TraceStep<T>* steps = nullptr;
  if (options.trace) {
    thread_local TraceStep<T> buffer[MAX_TRACE_STEPS];
    steps = buffer;
  }
  Trace<T> trace{steps, MAX_TRACE_STEPS, 0};
  // A strategy that answers in units of 2^k (`+scaled`) is scaled back here, in double: exact, and finite
  // where the answer is beyond T's range.
  int exponent = 0;
  if constexpr (requires { Strategy::distanceInUnits(input, &cache, &output, &trace); }) {
    exponent = Strategy::distanceInUnits(input, &cache, &output, options.trace ? &trace : nullptr);
  } else {
    Strategy::distance(input, &cache, &output, options.trace ? &trace : nullptr);
  }
  if (options.cache != nullptr) {
    *options.cache = toCacheRecord(cache);
  }

  StrategyResult result;
  result.distance = std::ldexp(double(output.distance), exponent);
  result.pointA = {std::ldexp(double(output.pointA.x), exponent), std::ldexp(double(output.pointA.y), exponent)};
  result.pointB = {std::ldexp(double(output.pointB.x), exponent), std::ldexp(double(output.pointB.y), exponent)};
  result.iterations = output.iterations;
  result.simplexCount = output.simplexCount;
  result.termination = causeName(output);
  result.loopTermination = terminationName(output.termination);
  for (int i = 0; i < trace.count; ++i) {
    TraceRecord record;
    for (int k = 0; k < steps[i].simplex.count; ++k) {
      record.simplex.push_back(toTraceVertex(steps[i].simplex.v[k]));
    }
    record.direction = toPoint(steps[i].direction);
    record.hasSupport = steps[i].hasSupport;
    record.support = toTraceVertex(steps[i].support);
    result.trace.push_back(record);
  }
  if (options.trace && trace.post.rule != PostRule::None) {
    // In the strategy's units, as the steps are (a `+scaled` trace is in units of 2^k).
    result.tracePost = {postRuleName(trace.post.rule), trace.post.decided, double(trace.post.coreDistance),
                        double(trace.post.bound), double(trace.post.distance), ""};
  }
  return result;
}

}  // namespace gjk::check
