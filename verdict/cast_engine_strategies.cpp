#include "verdict/cast_engine_strategies.h"

#include <string>
#include <utility>

#ifdef GJK_HAVE_BOX2D
#include "adapters/box2d_241_cast.h"
#endif
#include "verdict/cast_query.h"
#ifdef GJK_HAVE_CHIPMUNK
#include "adapters/chipmunk7.h"
#include "verdict/cast_engine_bands.h"
#endif
#if defined(GJK_HAVE_BOX2D) || defined(GJK_HAVE_CHIPMUNK)
#include "verdict/engine_shape.h"
#endif

namespace gjk::check {

#if defined(GJK_HAVE_BOX2D) || defined(GJK_HAVE_CHIPMUNK)
namespace {

// A query the engine declines: refused with the reason, not answered.
StrategyResult refused(std::string reason) {
  StrategyResult result;
  result.failure = EngineFailure::Refused;
  result.failureDetail = std::move(reason);
  result.iterations = -1;
  result.termination = "refused";
  return result;
}

// A case with no b.translation is no cast question.
StrategyResult refusedNoTranslation() { return refused("the case has no b.translation: it asks no cast"); }

}  // namespace
#endif

#ifdef GJK_HAVE_BOX2D
namespace {

StrategyResult fromBox2dCast(const adapters::Box2dCastAnswer& answer) {
  StrategyResult result;
  result.cast.answered = true;
  result.cast.hit = answer.hit;
  result.cast.fraction = answer.fraction;
  result.cast.normal = {answer.normal[0], answer.normal[1]};
  result.cast.point = {answer.point[0], answer.point[1]};
  result.iterations = answer.iterations;
  result.termination = answer.route;
  return result;
}

// b2ShapeCast: B moved, not turned; a rotating case is refused.
StrategyResult runBox2dShapeCast(const Case& value, const RunOptions& /*options*/) {
  if (!value.hasTranslation) return refusedNoTranslation();
  if (value.hasAngular) return refusedTurningCast();
  std::vector<float> xyA = flatten(requirePlanarCase(value, "the 2D engines").a), xyB = flatten(value.b);
  return fromBox2dCast(adapters::box2dShapeCast(toEngineShape(value.a, xyA), toEngineShape(value.b, xyB),
                                                value.translationX, value.translationY));
}

// b2TimeOfImpact: B's sweep also turns by the case's b.angular (0 without one).
StrategyResult runBox2dTimeOfImpact(const Case& value, const RunOptions& /*options*/) {
  if (!value.hasTranslation) return refusedNoTranslation();
  std::vector<float> xyA = flatten(requirePlanarCase(value, "the 2D engines").a), xyB = flatten(value.b);
  return fromBox2dCast(adapters::box2dTimeOfImpact(toEngineShape(value.a, xyA), toEngineShape(value.b, xyB),
                                                   value.translationX, value.translationY,
                                                   value.hasAngular ? value.angular : 0.0f));
}

CastBand box2dShapeCastBand(double radiusA, double radiusB) {
  CastBand band;
  adapters::box2dShapeCastBand(static_cast<float>(radiusA), static_cast<float>(radiusB), &band.lower, &band.upper);
  adapters::box2dShapeCastRadii(static_cast<float>(radiusA), static_cast<float>(radiusB), &band.radiusA, &band.radiusB);
  return band;
}

CastBand box2dTimeOfImpactBand(double radiusA, double radiusB) {
  CastBand band;
  adapters::box2dTimeOfImpactBand(static_cast<float>(radiusA), static_cast<float>(radiusB), &band.lower,
                                  &band.upper);
  return band;
}

}  // namespace
#endif

#ifdef GJK_HAVE_CHIPMUNK
namespace {

// Chipmunk's circle cast: a hit at alpha with its normal and point; the first branch (the centre already within
// rB of A) is a hit at 0, termination `initial-overlap`. Chipmunk does not iterate: iterations 0.
StrategyResult runChipmunkCast(const Case& value, const RunOptions& /*options*/) {
  if (!value.hasTranslation) return refusedNoTranslation();
  if (value.hasAngular) return refusedTurningCast();
  std::vector<float> xyA = flatten(requirePlanarCase(value, "the 2D engines").a), xyB = flatten(value.b);
  const adapters::ChipmunkCast cast = adapters::chipmunkCircleCast(
      toEngineShape(value.a, xyA), toEngineShape(value.b, xyB), value.translationX, value.translationY);
  if (cast.refused) return refused(cast.reason);
  StrategyResult result;
  result.cast.answered = true;
  result.cast.hit = cast.hit;
  result.cast.fraction = cast.hit ? cast.fraction : 1;
  result.cast.normal = {cast.normal[0], cast.normal[1]};
  result.cast.point = {cast.point[0], cast.point[1]};
  result.iterations = 0;
  result.termination = !cast.hit ? "no-hit" : cast.startedInside ? "initial-overlap" : "hit";
  return result;
}

}  // namespace
#endif

const std::vector<StrategyInfo>& castEngineStrategies() {
  static const std::vector<StrategyInfo> ROWS = [] {
    std::vector<StrategyInfo> rows;
#ifdef GJK_HAVE_BOX2D
    {
      StrategyInfo row{"box2d-2.4.1-cast",
                       std::string("the real b2ShapeCast of the system's libbox2d ") + adapters::box2dVersion() +
                           ": GJK ray cast, B moved by the translation (adapter)",
                       "float", 20, ContactConvention::OnShapes, &runBox2dShapeCast,
                       QueryKind::Cast};
      row.castBand = &box2dShapeCastBand;
      // b2_distance.h:121 at v2.4.1: "@returns true if hit, false if there is no hit or an initial overlap".
      row.castInitialOverlap = CastInitialOverlap::Miss;
      row.castBandText =
          "[sigma, sigma + 0.5*b2_linearSlop], sigma = max(b2_polygonRadius, max(rA, b2_polygonRadius) + "
          "max(rB, b2_polygonRadius) - b2_polygonRadius); b2_linearSlop 0.005, b2_polygonRadius 0.01 "
          "(box2d v2.4.1 src/collision/b2_distance.cpp:613-615, 639-640, 645; include/box2d/b2_common.h:65, 74)";
      rows.push_back(row);
    }
    {
      StrategyInfo row{"box2d-2.4.1-toi",
                       std::string("the real b2TimeOfImpact of the system's libbox2d ") + adapters::box2dVersion() +
                           ": conservative advancement on separating axes, sweeps of B's translation and "
                           "turn (b.angular), tMax 1 (adapter)",
                       "float", 20, ContactConvention::OnShapes, &runBox2dTimeOfImpact, QueryKind::Cast};
      row.castTurns = true;
      row.castBand = &box2dTimeOfImpactBand;
      row.castBandText =
          "[target - 0.25*b2_linearSlop, target + 0.25*b2_linearSlop], target = max(b2_linearSlop, rA + rB - "
          "3*b2_linearSlop); b2_linearSlop 0.005 (box2d v2.4.1 src/collision/b2_time_of_impact.cpp:280-282, "
          "321, 370, 380; include/box2d/b2_common.h:65)";
      rows.push_back(row);
    }
#endif
#ifdef GJK_HAVE_CHIPMUNK
    {
      StrategyInfo row{"chipmunk7-cast",
                       std::string("the real cpShapeSegmentQuery of the system's libchipmunk ") +
                           adapters::chipmunkVersion() +
                           ": a disk B cast as a segment query of radius rB against A, closed form (adapter; B "
                           "not a disk: refused)",
                       "double", 0, ContactConvention::OnShapes, &runChipmunkCast, QueryKind::Cast};
      row.castBand = engineCastBand("touching");
      row.castBandText =
          "[rA + rB, rA + rB], closed form in double: each face's plane moved out by rA + rB, circles of radius rA + rB "
          "at the corners, the start inside when A's point query gives distance <= rB (Chipmunk-7.0.3 "
          "src/cpPolyShape.c:106-143, include/chipmunk/chipmunk_private.h:121-142, src/cpShape.c:238-257)";
      rows.push_back(row);
    }
#endif
    return rows;
  }();
  return ROWS;
}

}  // namespace gjk::check
