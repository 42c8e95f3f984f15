// The rows of the cast strategies and their declared bands. Each band is computed in float exactly as its
// source computes its target, then widened to double (exact).
#include "verdict/cast_strategies.h"

#include <cmath>

#include "core/strategies/box2d_v30_cast.h"
#include "core/strategies/box2d_v3_cast.h"
#include "core/strategies/gjk_raycast_cast.h"
#include "core/strategies/robust_cast.h"
#include "verdict/cast_query.h"

namespace gjk::check {
namespace {

// Box2D 2.4.1: [sigma, sigma + 0.5 b2_linearSlop], sigma = max(b2_polygonRadius, max(rA, b2_polygonRadius) +
// max(rB, b2_polygonRadius) - b2_polygonRadius).
CastBand raycastBand(double radiusA, double radiusB) {
  const auto aim = box2d_241_cast::raycastTarget(float(radiusA), float(radiusB));
  CastBand band{double(aim.sigma), double(aim.sigma) + double(aim.tolerance)};
  band.radiusA = aim.radiusA;  // each raised to b2_polygonRadius
  band.radiusB = aim.radiusB;
  return band;
}

// Box2D v3.0.0: [sigma, sigma + 0.5f * linearSlop] as the loop test rounds it, sigma = max(slop, rA + rB -
// slop).
CastBand v30Band(double radiusA, double radiusB) {
  const auto aim = box2d_v30_cast::raycastTarget(float(radiusA), float(radiusB));
  return {double(aim.sigma), double(aim.upper)};
}

// Box2D v3.1.1 and main: [target, target + tolerance], target = max(slop, rA + rB - slop), tolerance = 0.25
// slop.
CastBand v3Band(double radiusA, double radiusB) {
  const auto aim = box2d_v3::castTarget(float(radiusA), float(radiusB));
  return {double(aim.target), double(aim.target) + double(aim.tolerance)};
}

// robust-cast: [target - SLOP/2, target + SLOP/2], target = max(SLOP, rA + rB) in float. Where rA + rB overflows
// float the cast adds them in units of 2^k (core/strategies/robust_cast.h): halves, added in float, doubled in
// double, the same rounding.
CastBand robustBand(double radiusA, double radiusB) {
  const float sum = float(radiusA) + float(radiusB);
  const double target = std::isfinite(sum) ? double(RobustCast::target(sum))
                                           : 2.0 * double(0.5f * float(radiusA) + 0.5f * float(radiusB));
  return {target - 0.5 * double(RobustCast::SLOP), target + 0.5 * double(RobustCast::SLOP)};
}

// Box2D 2.4.1's b2_distance.h:121 documents "false if there is no hit or an initial overlap": its port's miss on
// an initial overlap is that documented answer (CastInitialOverlap::Miss). v3.0.0's header documents nothing of
// the kind, so its port is held to a hit.
std::vector<StrategyInfo> withDocumentedInitialOverlaps(std::vector<StrategyInfo> rows) {
  for (StrategyInfo& row : rows) {
    if (row.name == GjkRaycastCastStrategy::NAME) row.castInitialOverlap = CastInitialOverlap::Miss;
  }
  return rows;
}

StrategyInfo castRow(const char* name, const char* description, int maxIterations, RunFunction run,
                     CastBandFunction band, const char* bandText) {
  StrategyInfo info;
  info.name = name;
  info.description = description;
  info.scalar = "float";
  info.maxIterations = maxIterations;
  info.contact = ContactConvention::OnShapes;
  info.run = std::move(run);
  info.query = QueryKind::Cast;
  info.castBand = band;
  info.castBandText = bandText;
  return info;
}

}  // namespace

const std::vector<StrategyInfo>& castStrategies() {
  static const std::vector<StrategyInfo> ROWS = withDocumentedInitialOverlaps({
      castRow(GjkRaycastCastStrategy::NAME,
              "Box2D 2.4.1 b2ShapeCast: GJK ray cast (van den Bergen), world frame, radii clamped up to "
              "0.01, float",
              GjkRaycastCastStrategy::MAX_ITERATIONS, &runCastStrategy<GjkRaycastCastStrategy, float>,
              &raycastBand,
              "core gap in [sigma, sigma + 0.0025], sigma = max(0.01, max(rA, 0.01) + max(rB, 0.01) - 0.01) "
              "(b2_distance.cpp:613-614, :639-640, :645 at v2.4.1)"),
      castRow(Box2dV30CastStrategy::NAME,
              "Box2D v3.0.0 b2ShapeCast: GJK ray cast in A's frame (SOLID 3.5.8 has none), float",
              Box2dV30CastStrategy::MAX_ITERATIONS, &runCastStrategy<Box2dV30CastStrategy, float>, &v30Band,
              "core gap in [sigma, sigma + 0.0025], sigma = max(0.005, rA + rB - 0.005) (distance.c:669, :674 at "
              "v3.0.0)"),
      castRow(Box2dV31CastStrategy::NAME,
              "Box2D v3.1.1 b2ShapeCast: conservative advancement on b2ShapeDistance, float",
              Box2dV31CastStrategy::MAX_ITERATIONS, &runCastStrategy<Box2dV31CastStrategy, float>, &v3Band,
              "core gap in [target, target + 0.00125), target = max(0.005, rA + rB - 0.005) (distance.c:613-614, "
              ":641 at v3.1.1)"),
      castRow(Box2dV3CastStrategy::NAME,
              "Box2D main 617d32ab b2ShapeCast: conservative advancement in A's frame, float",
              Box2dV3CastStrategy::MAX_ITERATIONS, &runCastStrategy<Box2dV3CastStrategy, float>, &v3Band,
              "core gap in [target, target + 0.00125), target = max(0.005, rA + rB - 0.005) (distance.c:619-620, "
              ":650 at 617d32ab)"),
      castRow("robust-cast",
              "ours: conservative advancement on the robust distance, Newton steps on the convex core gap, float",
              RobustCast::MAX_ITERATIONS, &runCastStrategy<RobustCast, float>, &robustBand,
              "core gap in [target - 2^-9, target + 2^-9], target = max(2^-8, rA + rB) "
              "(core/strategies/robust_cast.h)"),
  });
  return ROWS;
}

}  // namespace gjk::check
