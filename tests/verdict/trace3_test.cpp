// The 3D iteration trace (core/trace3.h, docs/trace.md) through the one seam, runCoreStrategy3: a traced query
// gives the untraced one's numbers bit for bit on generated cases of every 3D family, for every strategy that
// records a trace; the trace ends on the simplex the answer came from and on the answer's distance, in world units
// (robust3's units of 2^k scaled back, jolt-gjk's frame of A turned to the world); the strategies that record none
// give an empty trace.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/transform3.h"
#include "families/families.h"
#include "verdict/query3.h"
#include "verdict/strategy.h"

namespace gjk::check {
namespace {

constexpr std::uint64_t SEED = 20261202;
constexpr int CASES_PER_FAMILY = 20;  // 15 families: 300 cases per strategy

// The strategies whose distance() takes a Trace3: vdb3, jolt-gjk, robust3 and robust3's ablations.
const std::vector<std::string> TRACED = {"vdb3",
                                         "jolt-gjk",
                                         "robust3",
                                         "robust3-no-rescale",
                                         "robust3-no-exact-signs",
                                         "robust3-no-relative-tol",
                                         "robust3-no-final-step",
                                         "robust3-no-safe-triangle"};

bool sameBits(double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; }

bool samePoint(const Point& p, const Point& q) { return sameBits(p.x, q.x) && sameBits(p.y, q.y) && sameBits(p.z, q.z); }

const StrategyInfo& strategyNamed(const std::string& name) {
  const StrategyInfo* info = findStrategy(name);
  if (info == nullptr) throw std::runtime_error("no strategy " + name);
  return *info;
}

TEST(Trace3, aTracedQueryGivesTheUntracedNumbersBitForBit) {
  for (const std::string& name : TRACED) {
    const StrategyInfo& strategy = strategyNamed(name);
    ASSERT_EQ(strategy.dimension, 3) << name;
    int traced = 0;
    for (const std::string& family : familyNames3()) {
      for (int i = 0; i < CASES_PER_FAMILY; ++i) {
        const Case value = sampleFamily3(family, SEED, static_cast<std::uint64_t>(i));
        const StrategyResult plain = strategy.run(value, {});
        const StrategyResult withTrace = strategy.run(value, {.trace = true});
        const std::string where = name + " on " + family + " #" + std::to_string(i);
        ASSERT_TRUE(sameBits(plain.distance, withTrace.distance)) << where;
        ASSERT_TRUE(samePoint(plain.pointA, withTrace.pointA)) << where;
        ASSERT_TRUE(samePoint(plain.pointB, withTrace.pointB)) << where;
        ASSERT_EQ(plain.iterations, withTrace.iterations) << where;
        ASSERT_EQ(plain.simplexCount, withTrace.simplexCount) << where;
        ASSERT_EQ(plain.termination, withTrace.termination) << where;
        ASSERT_TRUE(plain.trace.empty() && plain.tracePost.rule.empty()) << where;
        ASSERT_FALSE(withTrace.trace.empty()) << where;
        // One step per support call, and the last step holds the simplex the answer came from.
        int supports = 0;
        for (const TraceRecord& step : withTrace.trace) supports += step.hasSupport ? 1 : 0;
        EXPECT_EQ(supports, withTrace.iterations) << where;
        EXPECT_EQ(static_cast<int>(withTrace.trace.back().simplex.size()), withTrace.simplexCount) << where;
        // The step after the loop reports the answer's distance: in world units, as the answer is.
        if (!withTrace.tracePost.rule.empty()) {
          EXPECT_TRUE(sameBits(withTrace.tracePost.distance, withTrace.distance)) << where;
        }
        ++traced;
      }
    }
    EXPECT_EQ(traced, 15 * CASES_PER_FAMILY) << name;
  }
}

// The trace is in world units also where robust3 solves in units of 2^k (outside its window [2^-100, 2^60], the
// `scale` family's ends): each step's support point on B is B's vertex of that index placed in the world (here in
// double from the float matrix robust3 starts from), within float rounding of the placement, not 2^k off.
TEST(Trace3, robust3sTraceIsInWorldUnitsWhereItSolvesInUnitsOf2k) {
  const StrategyInfo& strategy = strategyNamed("robust3");
  int outsideWindow = 0;
  for (int i = 0; i < 60; ++i) {
    const Case value = sampleFamily3("scale", SEED, static_cast<std::uint64_t>(i));
    const StrategyResult result = strategy.run(value, {.trace = true});
    ASSERT_FALSE(result.trace.empty());
    const ShapeSpec& b = value.b;
    const Transform3<float> placement = toTransform3<float>(b);
    double largest = double(std::fabs(b.positionX)) + std::fabs(b.positionY) + std::fabs(b.positionZ);
    for (const Vertex& v : b.vertices) largest = std::max(largest, double(std::fabs(v.x)) + std::fabs(v.y) + std::fabs(v.z));
    outsideWindow += largest > 0x1p60 || largest < 0x1p-100;
    for (const TraceRecord& step : result.trace) {
      if (!step.hasSupport) continue;
      const Vertex& v = b.vertices.at(static_cast<size_t>(step.support.indexB));
      const double local[3] = {v.x, v.y, v.z};
      const double position[3] = {b.positionX, b.positionY, b.positionZ};
      const double traced[3] = {step.support.wB.x, step.support.wB.y, step.support.wB.z};
      double size = 0;
      for (int row = 0; row < 3; ++row) {
        double world = position[row];
        const Vec3<float>& r = placement.r.row[row];
        world += double(r.x) * local[0] + double(r.y) * local[1] + double(r.z) * local[2];
        size = std::max(size, std::fabs(position[row]) + std::fabs(local[0]) + std::fabs(local[1]) + std::fabs(local[2]));
        EXPECT_LE(std::fabs(traced[row] - world), 0x1p-21 * size) << "scale #" << i << " row " << row;
      }
    }
  }
  EXPECT_GT(outsideWindow, 0) << "no case outside robust3's window: the test saw no rescaled trace";
}

TEST(Trace3, theStrategiesThatRecordNoTraceGiveAnEmptyOne) {
  const Case value = sampleFamily3("stacked", SEED, 0);
  for (const StrategyInfo& strategy : strategies3()) {
    if (strategy.name == "vdb3" || strategy.name == "jolt-gjk" || strategy.name == "robust3") continue;
    const StrategyResult result = strategy.run(value, {.trace = true});
    EXPECT_TRUE(result.trace.empty()) << strategy.name;
  }
}

}  // namespace
}  // namespace gjk::check
