#include "verdict/cast_engine_bands.h"

#include <algorithm>

namespace gjk::check {
namespace {

// Box2D 2.4.1's constants (include/box2d/b2_common.h:65, 74 at v2.4.1) as its double ports hold them: planck's
// Settings.linearSlop = 0.005 and polygonRadius = 2 * linearSlop (src/Settings.ts:55, 174), @box2d/core's
// b2_linearSlop = 0.005 * b2_lengthUnitsPerMeter (1) and b2_polygonRadius = 2 * b2_linearSlop
// (dist/common/b2_common.js:59, 70).
constexpr double LINEAR_SLOP = 0.005;
constexpr double POLYGON_RADIUS = 2 * LINEAR_SLOP;

CastBand box2d241ShapeCastF64(double radiusA, double radiusB) {
  const double radius = std::max(radiusA, POLYGON_RADIUS) + std::max(radiusB, POLYGON_RADIUS);
  const double sigma = std::max(POLYGON_RADIUS, radius - POLYGON_RADIUS);
  CastBand band{sigma, sigma + 0.5 * LINEAR_SLOP};
  band.radiusA = std::max(radiusA, POLYGON_RADIUS);
  band.radiusB = std::max(radiusB, POLYGON_RADIUS);
  return band;
}

CastBand box2d241TimeOfImpactF64(double radiusA, double radiusB) {
  const double target = std::max(LINEAR_SLOP, radiusA + radiusB - 3 * LINEAR_SLOP);
  const double tolerance = 0.25 * LINEAR_SLOP;
  return {target - tolerance, target + tolerance};
}

CastBand touching(double radiusA, double radiusB) {
  const double total = static_cast<double>(static_cast<float>(radiusA) + static_cast<float>(radiusB));
  return {total, total};
}

// Box2D v3 (float): B2_LINEAR_SLOP = 0.005f * b2_lengthUnitsPerMeter (1 unless the user sets it), src/constants.h:23
// at v3.1.1; b2ShapeCast src/distance.c:611-614 (v3.1.1), 617-620 (617d32ab); b2TimeOfImpact :1165-1166 (v3.1.1),
// :1175-1176 (617d32ab).
constexpr float V3_LINEAR_SLOP = 0.005f;

CastBand box2dV3ShapeCast(double radiusA, double radiusB) {
  const float target = std::max(V3_LINEAR_SLOP, (static_cast<float>(radiusA) + static_cast<float>(radiusB)) - V3_LINEAR_SLOP);
  const float tolerance = 0.25f * V3_LINEAR_SLOP;
  return {target, static_cast<double>(target) + static_cast<double>(tolerance)};
}

CastBand box2dV3TimeOfImpact(double radiusA, double radiusB) {
  const float target = std::max(V3_LINEAR_SLOP, (static_cast<float>(radiusA) + static_cast<float>(radiusB)) - V3_LINEAR_SLOP);
  const float tolerance = 0.25f * V3_LINEAR_SLOP;
  return {static_cast<double>(target) - static_cast<double>(tolerance),
          static_cast<double>(target) + static_cast<double>(tolerance)};
}

}  // namespace

const char* engineCastBandText(std::string_view name) {
  if (name == "box2d-2.4.1-shape-cast-f64") {
    return "[sigma, sigma + 0.0025], sigma = max(0.01, max(rA, 0.01) + max(rB, 0.01) - 0.01) (Box2D 2.4.1 b2ShapeCast)";
  }
  if (name == "box2d-2.4.1-toi-f64") {
    return "[target - 0.00125, target + 0.00125], target = max(0.005, rA + rB - 0.015) (Box2D 2.4.1 b2TimeOfImpact)";
  }
  if (name == "touching") return "[rA + rB, rA + rB]: the shapes as given touch";
  if (name == "box2d-v3-f32") {
    return "[target, target + 0.25*B2_LINEAR_SLOP], target = max(B2_LINEAR_SLOP, rA + rB - B2_LINEAR_SLOP), "
           "B2_LINEAR_SLOP 0.005 (Box2D v3.1.1 src/distance.c:611-614, 641, 685; 617d32ab :617-620)";
  }
  if (name == "box2d-v3-toi-f32") {
    return "[target - 0.25*B2_LINEAR_SLOP, target + 0.25*B2_LINEAR_SLOP], target = max(B2_LINEAR_SLOP, rA + rB - "
           "B2_LINEAR_SLOP), B2_LINEAR_SLOP 0.005 (Box2D v3.1.1 src/distance.c:1165-1166; 617d32ab :1175-1176)";
  }
  return "";
}

CastBandFunction engineCastBand(std::string_view name) {
  if (name == "box2d-2.4.1-shape-cast-f64") return &box2d241ShapeCastF64;
  if (name == "box2d-2.4.1-toi-f64") return &box2d241TimeOfImpactF64;
  if (name == "touching") return &touching;
  if (name == "box2d-v3-f32") return &box2dV3ShapeCast;
  if (name == "box2d-v3-toi-f32") return &box2dV3TimeOfImpact;
  return nullptr;
}

}  // namespace gjk::check
