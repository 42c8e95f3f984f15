#include "verdict/penetration_claims.h"

#include <cmath>
#include <cstdio>
#include <string>

#include "oracle/penetration.h"
#include "verdict/exact_case.h"
#include "verdict/thresholds.h"

namespace gjk::check {
namespace {

std::string number(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.9g", value);
  return buffer;
}

bool finite(const PenetrationAnswer& p) {
  return std::isfinite(p.depth) && std::isfinite(p.normal.x) && std::isfinite(p.normal.y);
}

// The exact overlap along n in the case (high precision, as a double); NaN for a zero normal.
double overlapAlong(const Case& value, Point n) {
  if (n.x == 0 && n.y == 0)
    return std::nan("");
  return static_cast<double>(oracle::overlapAlong(toOracleShape(requirePlanarCase(value, "the 2D penetration verdict").a), toOracleShape(value.b), n.x, n.y));
}

// Two penetration answers of the same geometry (the second of a variant): "" when they agree within T u.
// `flip` negates the second normal (A and B swapped); both normals are judged by the exact overlap along
// them in the base case, so two different minimal normals agree.
std::string comparePenetration(const std::string& variant, const Case& base, const PenetrationAnswer& x,
                               const PenetrationAnswer& y, double unit, bool flip) {
  const double T = VIOLATION_THRESHOLD_U;
  if (x.overlapping != y.overlapping) {
    return variant + ": overlapping " + std::to_string(x.overlapping) + " became " +
           std::to_string(y.overlapping);
  }
  if (!x.overlapping)
    return "";
  if (!finite(x) || !finite(y))
    return variant + ": a non-finite answer";
  if (std::fabs(x.depth - y.depth) > T * unit) {
    return variant + ": depth " + number(x.depth) + " became " + number(y.depth) + " (" +
           number(std::fabs(x.depth - y.depth) / unit) + " u)";
  }
  const Point ny = flip ? Point{-y.normal.x, -y.normal.y} : y.normal;
  const double along = overlapAlong(base, x.normal), alongOther = overlapAlong(base, ny);
  if (!(std::fabs(along - alongOther) <= T * unit)) {
    return variant + ": normal (" + number(x.normal.x) + ", " + number(x.normal.y) + ") became (" +
           number(y.normal.x) + ", " + number(y.normal.y) + "), exact overlaps along them differ by " +
           number(std::fabs(along - alongOther) / unit) + " u";
  }
  return "";
}

std::string penetrationIsSymmetricWhenAAndBAreSwapped(const StrategyInfo& strategy, CaseContext& context) {
  Case swapped = context.value();
  std::swap(swapped.a, swapped.b);
  return comparePenetration("A and B swapped", context.value(), context.result(strategy).penetration,
                            strategy.run(swapped, {}).penetration, context.unit(), true);
}

// Both positions moved by +2^k (k two above the size's exponent, then down) when every position sum is exact.
std::string penetrationIgnoresAnExactTranslation(const StrategyInfo& strategy, CaseContext& context) {
  const Case& value = context.value();
  const float t = exactTranslationStep(value, context.unit() * 0x1p24);
  if (t != 0) {
    Case moved = value;
    for (ShapeSpec* shape : {&moved.a, &moved.b}) shape->positionX += t, shape->positionY += t;
    const double unit = std::max(context.unit(), unitOf(moved));
    return comparePenetration("both positions moved by (" + number(t) + ", " + number(t) + ")", value,
                              context.result(strategy).penetration, strategy.run(moved, {}).penetration, unit,
                              false);
  }
  return "";
}

std::string penetrationNormalHasUnitLength(const StrategyInfo& strategy, CaseContext& context) {
  const PenetrationAnswer& p = context.result(strategy).penetration;
  if (!p.answered || !p.overlapping)
    return "";
  const double length = std::hypot(p.normal.x, p.normal.y);
  if (!(std::fabs(length - 1) <= VIOLATION_THRESHOLD_U * 0x1p-24)) {
    return "|normal| = " + number(length) + ", " + number((length - 1) * 0x1p24) + " units of 2^-24 from 1";
  }
  return "";
}

std::string penetrationDepthIsZeroOnTouching(const StrategyInfo& strategy, CaseContext& context) {
  if (context.exact().relation != oracle::Relation::Touching)
    return "";
  const PenetrationAnswer& p = context.result(strategy).penetration;
  if (p.answered && p.overlapping && p.depth != 0) {
    return "touching shapes, reported depth " + number(p.depth) + " (" + number(p.depth / context.unit()) +
           " u)";
  }
  return "";
}

}  // namespace

std::string answersPenetrationQuery(const StrategyInfo& strategy) {
  return answersPenetration(strategy.query) ? "" : "a distance strategy: no penetration answer";
}

const std::vector<StrategyProperty>& penetrationProperties() {
  static const std::vector<StrategyProperty> PROPERTIES = {
      {"penetrationIsSymmetricWhenAAndBAreSwapped",
       "with A and B swapped the relation is the same, the depth within T u and the normal flipped (exact "
       "overlaps along n and -n' within T u)",
       answersPenetrationQuery, penetrationIsSymmetricWhenAAndBAreSwapped},
      {"penetrationIgnoresAnExactTranslation",
       "moving both shapes by an exact power of two changes neither the relation, nor the depth or the exact "
       "overlap along the normal by more than T u",
       answersPenetrationQuery, penetrationIgnoresAnExactTranslation},
      {"penetrationNormalHasUnitLength", "a claimed overlap's normal has length 1 within T 2^-24",
       answersPenetrationQuery, penetrationNormalHasUnitLength},
      {"penetrationDepthIsZeroOnTouching", "on exactly touching shapes no positive depth is reported",
       answersPenetrationQuery, penetrationDepthIsZeroOnTouching},
  };
  return PROPERTIES;
}

}  // namespace gjk::check
