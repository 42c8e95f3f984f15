// Cast queries through the host (issue 22): a plugin's cast entry (the test plugin disk_cast_plugin.cpp) and an npm
// engine's cast manifest (adapters/planck-cast, the real node worker), found by name as the tools find them; their
// bands come from their declarations; cases without a translation are refused before any request is sent, and
// rotating cases reach only the engines whose worker turns B (+turns).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "verdict/strategy.h"

namespace gjk::check {
namespace {

ShapeSpec disk(float radius, float x, float y) {
  ShapeSpec s;
  s.vertices = {{0, 0}};
  s.radius = radius;
  s.positionX = x;
  s.positionY = y;
  return s;
}

ShapeSpec box(float x, float y) {
  ShapeSpec s;
  s.vertices = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  s.positionX = x;
  s.positionY = y;
  return s;
}

Case cast(ShapeSpec a, ShapeSpec b, float tx, float ty) {
  Case value;
  value.a = a;
  value.b = b;
  value.hasTranslation = true;
  value.translationX = tx;
  value.translationY = ty;
  return value;
}

// Two disks, rA = 0.5 at the origin and rB = 0.25 from (4, 0) by (-4, 0): |4 - 4t| = 0.75 at t = 0.8125, exact in
// double; the normal (1, 0), the point on A's circle (0.5, 0). The band `touching`: [0.75, 0.75].
TEST(CastPlugin, ACastEntryAnswersCastQueriesWithItsDeclaredBand) {
  const StrategyInfo* info = findStrategy(std::string("plugin:") + DISK_CAST_PLUGIN + "#disk-cast");
  ASSERT_NE(info, nullptr);
  EXPECT_EQ(info->query, QueryKind::Cast);
  ASSERT_NE(info->castBand, nullptr);
  const CastBand band = declaredCastBand(*info, 0.5f, 0.25f);
  EXPECT_EQ(band.lower, 0.75);
  EXPECT_EQ(band.upper, 0.75);
  EXPECT_FALSE(info->castBandText.empty());

  std::vector<Case> cases = {cast(disk(0.5f, 0, 0), disk(0.25f, 4, 0), -4, 0),
                             cast(disk(0.5f, 0, 0), disk(0.25f, 4, 3), -4, 0), cast(disk(0.5f, 0, 0), box(4, 0), -4, 0)};
  Case still = cases[0];
  still.hasTranslation = false;
  cases.push_back(still);
  std::vector<StrategyResult> results(cases.size());
  runBatch(*info, cases, results);
  ASSERT_TRUE(results[0].cast.answered) << results[0].failureDetail;
  EXPECT_TRUE(results[0].cast.hit);
  EXPECT_EQ(results[0].cast.fraction, 0.8125);
  EXPECT_EQ(results[0].cast.normal.x, 1.0);
  EXPECT_EQ(results[0].cast.normal.y, 0.0);
  EXPECT_EQ(results[0].cast.point.x, 0.5);
  EXPECT_EQ(results[0].termination, "hit");
  // From (4, 3) the centres stay 3 apart, more than 0.75: no hit.
  ASSERT_TRUE(results[1].cast.answered);
  EXPECT_FALSE(results[1].cast.hit);
  // A box is no disk: the plugin refuses; a case without a translation is refused by the host, never sent.
  EXPECT_EQ(results[2].failure, EngineFailure::Refused);
  EXPECT_EQ(results[3].failure, EngineFailure::Refused);
  EXPECT_NE(results[3].failureDetail.find("no b.translation"), std::string::npos) << results[3].failureDetail;
}

// planck's ShapeCast through its manifest and the real node worker: box head-on into box, g(t) = 2 - 4t; its band
// (box2d-2.4.1-shape-cast-f64, two radius-0 polygons) [0.01, 0.0125] gives t in [0.496875, 0.4975]; the fraction is
// (2 - 0.01) / 4 in double, within 1e-12 of that end (tests/engines/js_cast_workers.test.mjs argues the rounding).
TEST(CastManifestEngines, PlanckCastAnswersThroughTheWorker) {
  const StrategyInfo* info = findStrategy("planck-cast");
  ASSERT_NE(info, nullptr) << "adapters/planck-cast/manifest not read";
  ASSERT_TRUE(info->install.empty()) << "planck is not installed: " << info->install;
  EXPECT_EQ(info->query, QueryKind::Cast);
  const CastBand band = declaredCastBand(*info, 0, 0);
  EXPECT_DOUBLE_EQ(band.lower, 0.01);
  EXPECT_DOUBLE_EQ(band.upper, 0.0125);
  const StrategyResult r = info->run(cast(box(0, 0), box(4, 0), -4, 0), {});
  ASSERT_TRUE(r.cast.answered) << r.failureDetail;
  EXPECT_TRUE(r.cast.hit);
  EXPECT_GE(r.cast.fraction, (2 - band.upper) / 4 - 1e-12);
  EXPECT_LE(r.cast.fraction, (2 - band.lower) / 4 + 1e-12);
  EXPECT_EQ(r.cast.normal.x, 1.0);
  EXPECT_EQ(r.termination, "hit");
}

// A rotating case reaches the npm toi engines (their workers' hello says +turns) and is answered, not refused:
// box head-on into box, B turning by W = pi/4 while it moves by (-4, 0). At t the core gap is g(t) = 3 - 4t -
// (cos tW + sin tW) (B's turned corner (-1, 1) against A's face x = 1; tests/engines/js_cast_workers.test.mjs
// works it out), and their band (box2d-2.4.1-toi-f64, two radius-0 polygons) [0.00375, 0.00625] holds at the
// fraction, within 1e-9. Without the turn the hit would be near 0.4987, with it near 0.43. planck-cast, whose
// ShapeCast takes a translation only, refuses the same case before any request is sent.
TEST(CastManifestEngines, TheTimeOfImpactWorkersTurnB) {
  Case turning = cast(box(0, 0), box(4, 0), -4, 0);
  turning.hasAngular = true;
  turning.angular = static_cast<float>(std::numbers::pi / 4);
  for (const char* name : {"planck-toi", "box2d-ts-toi"}) {
    const StrategyInfo* info = findStrategy(name);
    ASSERT_NE(info, nullptr) << name << ": its manifest not read";
    ASSERT_TRUE(info->install.empty()) << name << " is not installed: " << info->install;
    const StrategyResult r = info->run(turning, {});
    ASSERT_TRUE(r.cast.answered) << name << ": " << r.failureDetail;
    EXPECT_TRUE(r.cast.hit) << name;
    EXPECT_EQ(r.termination, "touching") << name;
    const double theta = r.cast.fraction * static_cast<double>(turning.angular);
    const double gap = 3 - 4 * r.cast.fraction - (std::cos(theta) + std::sin(theta));
    EXPECT_GE(gap, 0.00375 - 1e-9) << name << " at " << r.cast.fraction;
    EXPECT_LE(gap, 0.00625 + 1e-9) << name << " at " << r.cast.fraction;
    EXPECT_NEAR(r.cast.normal.x, 1.0, 1e-12) << name;
  }
  const StrategyInfo* shapeCast = findStrategy("planck-cast");
  ASSERT_NE(shapeCast, nullptr);
  const StrategyResult refused = shapeCast->run(turning, {});
  EXPECT_EQ(refused.failure, EngineFailure::Refused);
  EXPECT_NE(refused.failureDetail.find("+turns"), std::string::npos) << refused.failureDetail;
}

}  // namespace
}  // namespace gjk::check
