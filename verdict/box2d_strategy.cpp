#include "verdict/box2d_strategy.h"

#include <string>
#include <vector>

#ifdef GJK_HAVE_BOX2D
#include "adapters/box2d_241.h"
#include "verdict/engine_shape.h"
#endif

namespace gjk::check {

#ifdef GJK_HAVE_BOX2D
namespace {

StrategyResult runBox2d(const Case& value, const RunOptions& options) {
  std::vector<float> xyA = flatten(requirePlanarCase(value, "the 2D engines").a), xyB = flatten(value.b);
  adapters::Box2dCache cache;
  if (options.cache != nullptr) {
    cache.metric = static_cast<float>(options.cache->metric);
    cache.count = options.cache->count;
    for (int i = 0; i < 3; ++i) {
      cache.indexA[i] = options.cache->indexA[i];
      cache.indexB[i] = options.cache->indexB[i];
    }
  }
  adapters::Box2dAnswer answer = adapters::box2dDistance(toEngineShape(value.a, xyA), toEngineShape(value.b, xyB), &cache);
  if (options.cache != nullptr) {
    options.cache->metric = cache.metric;
    options.cache->count = cache.count;
    for (int i = 0; i < 3; ++i) {
      options.cache->indexA[i] = cache.indexA[i];
      options.cache->indexB[i] = cache.indexB[i];
    }
  }
  StrategyResult result;
  result.distance = answer.distance;
  result.pointA = {answer.pointA[0], answer.pointA[1]};
  result.pointB = {answer.pointB[0], answer.pointB[1]};
  result.iterations = answer.iterations;
  result.simplexCount = cache.count;
  // b2Distance does not say why it stopped. A cached triangle means containment; any other stop (a
  // duplicate support pair, a tiny direction, or the 20th support call) is "unreported": one name for
  // "the engine did not say", never a guess between rules. Cap hits are counted from the iterations.
  result.termination = cache.count == 3 ? "containment" : "unreported";
  return result;
}

}  // namespace

const StrategyInfo* box2dStrategy() {
  static const StrategyInfo INFO = {
      "box2d-2.4.1",
      std::string("the real b2Distance of the system's libbox2d ") + adapters::box2dVersion() +
          " (adapter; its trace is its iteration count only)",
      "float", 20, ContactConvention::Merged, &runBox2d};
  return &INFO;
}
#else
const StrategyInfo* box2dStrategy() { return nullptr; }
#endif

}  // namespace gjk::check
