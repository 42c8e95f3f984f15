// A 3D plugin (include/gjkcheck/strategy.h, gjkcheck_plugin3_info) opened in the test's own process with dlopen,
// as gjkcheck-plugin-host opens one, and its answers turned into the harness's StrategyResult so that the 3D
// verdicts (verdict/verdict3.h, verdict/penetration_verdict3.h) judge them. Header-only: the adapters' tests are
// its only users (the Bullet plugin tests; the FCL and libccd ones run each query in a child: plugin3_runner.h).
#pragma once

#include <dlfcn.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "case/case.h"
#include "gjkcheck/strategy.h"
#include "verdict/strategy.h"

namespace gjk::check {

class Plugin3 {
 public:
  // RTLD_LOCAL: the float and the double Bullet export the same symbols, and each plugin must keep its own.
  explicit Plugin3(const std::string& path) : handle_(dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) {
    if (handle_ == nullptr) throw std::runtime_error("dlopen " + path + ": " + dlerror());
    auto info = reinterpret_cast<gjkcheck_plugin3_info_fn>(dlsym(handle_, "gjkcheck_plugin3_info"));
    if (info == nullptr) throw std::runtime_error(path + " exports no gjkcheck_plugin3_info");
    plugin_ = info();
  }
  Plugin3(const Plugin3&) = delete;
  Plugin3& operator=(const Plugin3&) = delete;
  // Never dlclose: a C++ library's static objects may outlive the handle in a test process.

  const gjkcheck_plugin3& info() const { return *plugin_; }

  const gjkcheck_entry3& entry(const std::string& name) const {
    for (int i = 0; i < plugin_->entry_count; ++i) {
      if (name == plugin_->entries[i].name) return plugin_->entries[i];
    }
    throw std::runtime_error("no entry " + name);
  }

 private:
  void* handle_;
  const gjkcheck_plugin3* plugin_ = nullptr;
};

// A case's shape as the ABI carries it; `vertices` holds the floats the shape points into.
struct Shape3 {
  std::vector<float> vertices;
  gjkcheck_shape3 shape{};
};

inline Shape3 toShape3(const ShapeSpec& spec) {
  Shape3 out;
  for (const Vertex& v : spec.vertices) out.vertices.insert(out.vertices.end(), {v.x, v.y, v.z});
  out.shape.count = int(spec.vertices.size());
  out.shape.vertices = out.vertices.data();
  out.shape.radius = spec.radius;
  out.shape.position[0] = spec.positionX;
  out.shape.position[1] = spec.positionY;
  out.shape.position[2] = spec.positionZ;
  out.shape.rotation[0] = spec.quaternionW;
  out.shape.rotation[1] = spec.quaternionX;
  out.shape.rotation[2] = spec.quaternionY;
  out.shape.rotation[3] = spec.quaternionZ;
  return out;
}

inline Point toPoint(const double p[3]) { return {p[0], p[1], p[2]}; }

// The entry's distance answer as a StrategyResult; a refusal is EngineFailure::Refused, as the host reports it.
inline StrategyResult runDistance3(const gjkcheck_entry3& entry, const Case& value,
                                   gjkcheck_distance_answer3* raw = nullptr) {
  const Shape3 a = toShape3(value.a), b = toShape3(value.b);
  gjkcheck_distance_answer3 answer{};
  StrategyResult result;
  if (entry.distance(&a.shape, &b.shape, &answer) != 0) {
    result.failure = EngineFailure::Refused;
  } else {
    result.distance = answer.distance;
    result.pointA = toPoint(answer.point_a);
    result.pointB = toPoint(answer.point_b);
    result.iterations = answer.iterations;
    result.termination = answer.termination;
  }
  if (raw != nullptr) *raw = answer;
  return result;
}

inline StrategyResult runPenetration3(const gjkcheck_entry3& entry, const Case& value,
                                      gjkcheck_penetration_answer3* raw = nullptr) {
  const Shape3 a = toShape3(value.a), b = toShape3(value.b);
  gjkcheck_penetration_answer3 answer{};
  StrategyResult result;
  if (entry.penetration(&a.shape, &b.shape, &answer) != 0) {
    // The penetration answer's own failure (what the penetration verdict reads) and the result's, as the host gives it.
    result.failure = result.penetration.failure = EngineFailure::Refused;
  } else {
    result.penetration.answered = true;
    result.penetration.overlapping = answer.overlapping != 0;
    result.penetration.depth = answer.depth;
    result.penetration.normal = toPoint(answer.normal);
    result.penetration.pointA = toPoint(answer.point_a);
    result.penetration.pointB = toPoint(answer.point_b);
  }
  if (raw != nullptr) *raw = answer;
  return result;
}

// The row the verdicts read for an entry: its scalar and contact convention as the entry declares them.
inline StrategyInfo entryInfo3(const gjkcheck_entry3& entry, QueryKind query) {
  StrategyInfo info;
  info.name = entry.name;
  info.description = entry.description;
  info.scalar = std::string(entry.scalar) == "f64" ? "double" : "float";
  info.contact = std::string(entry.contact) == "merged" ? ContactConvention::Merged : ContactConvention::OnShapes;
  info.query = query;
  info.external = true;
  info.dimension = 3;
  return info;
}

}  // namespace gjk::check
