#include "verdict/cast_claims.h"

#include <cmath>
#include <cstdio>
#include <string>

#include "oracle/cast.h"
#include "verdict/cast_verdict.h"
#include "verdict/exact_case.h"
#include "verdict/thresholds.h"

namespace gjk::check {
namespace {

std::string number(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.9g", value);
  return buffer;
}

double castUnitOf(const Case& value) {
  const oracle::Rational unit = castErrorUnit(value);
  return mpq_get_d(unit.backend().data());
}

double travelOf(const Case& value) { return std::hypot(double(value.translationX), double(value.translationY)); }

// Two cast answers of the same motion (the second of a variant): "" when both hit or both miss and the
// fractions lie within T u of travel of each other. `flip` negates the second normal (A and B swapped).
std::string compareCast(const std::string& variant, const Case& base, const CastAnswer& x, const CastAnswer& y,
                        double unit, bool flip) {
  const double T = VIOLATION_THRESHOLD_U;
  if (x.hit != y.hit) {
    return variant + ": hit " + std::to_string(x.hit) + " became " + std::to_string(y.hit);
  }
  if (!x.hit) return "";
  const double travel = std::fabs(x.fraction - y.fraction) * travelOf(base);
  if (!(travel <= T * unit)) {
    return variant + ": fraction " + number(x.fraction) + " became " + number(y.fraction) + " (" +
           number(travel / unit) + " u of travel)";
  }
  const Point ny = flip ? Point{-y.normal.x, -y.normal.y} : y.normal;
  const double cross = x.normal.x * ny.y - x.normal.y * ny.x, dot = x.normal.x * ny.x + x.normal.y * ny.y;
  const bool bothNormals = (x.normal.x != 0 || x.normal.y != 0) && (ny.x != 0 || ny.y != 0);
  if (bothNormals && !(std::atan2(std::fabs(cross), dot) <= 2 * CAST_NORMAL_ANGLE_BOUND)) {
    return variant + ": normal (" + number(x.normal.x) + ", " + number(x.normal.y) + ") became (" +
           number(ny.x) + ", " + number(ny.y) + ")";
  }
  return "";
}

std::string castHitLiesInItsBand(const StrategyInfo& strategy, CaseContext& context) {
  const CastAnswer& c = context.result(strategy).cast;
  if (!c.answered || !c.hit || !std::isfinite(c.fraction) || strategy.castBand == nullptr) return "";
  const Case& value = context.value();
  const CastBand band = declaredCastBand(strategy, value.a.radius, value.b.radius);
  const oracle::Rational f = oracle::exactDouble(c.fraction);
  const double gap = static_cast<double>(oracle::squareRoot(oracle::castGapSquared(
      toOracleShape(requirePlanarCase(value, "the 2D cast verdict").a), toOracleShape(value.b), {value.translationX, value.translationY}, f)));
  const double slack = VIOLATION_THRESHOLD_U * castUnitOf(value);
  if (gap > band.upper + slack && c.fraction != 0) {
    return "gap " + number(gap) + " at fraction " + number(c.fraction) + " above the band's " +
           number(band.upper) + " by " + number((gap - band.upper) / castUnitOf(value)) + " u";
  }
  if (gap < band.lower - slack) {
    return "gap " + number(gap) + " at fraction " + number(c.fraction) + " below the band's " +
           number(band.lower) + " by " + number((band.lower - gap) / castUnitOf(value)) + " u";
  }
  return "";
}

std::string castIsSymmetricWhenAAndBAreSwapped(const StrategyInfo& strategy, CaseContext& context) {
  Case swapped = context.value();
  std::swap(swapped.a, swapped.b);
  swapped.translationX = -swapped.translationX;
  swapped.translationY = -swapped.translationY;
  return compareCast("A cast by -r against B", context.value(), context.result(strategy).cast,
                     strategy.run(swapped, {}).cast, castUnitOf(context.value()), true);
}

// Both positions moved by +2^k (k two above the size's exponent, then down) when every position sum is exact.
std::string castIgnoresAnExactTranslation(const StrategyInfo& strategy, CaseContext& context) {
  const Case& value = context.value();
  const float t = exactTranslationStep(value, castUnitOf(value) * 0x1p24);
  if (t != 0) {
    Case moved = value;
    for (ShapeSpec* shape : {&moved.a, &moved.b}) shape->positionX += t, shape->positionY += t;
    const double unit = std::max(castUnitOf(value), castUnitOf(moved));
    return compareCast("both positions moved by (" + number(t) + ", " + number(t) + ")", value,
                       context.result(strategy).cast, strategy.run(moved, {}).cast, unit, false);
  }
  return "";
}

std::string castLongerTranslationNeverHitsFarther(const StrategyInfo& strategy, CaseContext& context) {
  const Case& value = context.value();
  const CastAnswer& c = context.result(strategy).cast;
  if (!c.answered || !c.hit) return "";
  Case longer = value;
  longer.translationX *= 2;
  longer.translationY *= 2;
  if (!std::isfinite(longer.translationX) || !std::isfinite(longer.translationY)) return "";
  const CastAnswer d = strategy.run(longer, {}).cast;
  if (!d.hit) {
    return "a hit at fraction " + number(c.fraction) + " became a miss with r doubled";
  }
  const double unit = std::max(castUnitOf(value), castUnitOf(longer));
  const double before = c.fraction * travelOf(value), after = d.fraction * travelOf(longer);
  if (!(after <= before + VIOLATION_THRESHOLD_U * unit)) {
    return "with r doubled the hit is " + number((after - before) / unit) + " u of travel farther (fraction " +
           number(c.fraction) + ", then " + number(d.fraction) + " of 2r)";
  }
  return "";
}

std::string castNormalHasUnitLength(const StrategyInfo& strategy, CaseContext& context) {
  const CastAnswer& c = context.result(strategy).cast;
  if (!c.answered || !c.hit) return "";
  if (c.fraction == 0 && c.normal.x == 0 && c.normal.y == 0) return "";
  const double length = std::hypot(c.normal.x, c.normal.y);
  if (!(std::fabs(length - 1) <= VIOLATION_THRESHOLD_U * 0x1p-24)) {
    return "|normal| = " + number(length) + ", " + number((length - 1) * 0x1p24) + " units of 2^-24 from 1";
  }
  return "";
}

}  // namespace

std::string answersCastQuery(const StrategyInfo& strategy) {
  return answersCast(strategy.query) ? "" : "not a cast strategy";
}

const std::vector<StrategyProperty>& castProperties() {
  static const std::vector<StrategyProperty> PROPERTIES = {
      {"castHitLiesInItsBand",
       "a reported hit's exact core gap at its fraction lies in the declared band widened by T u",
       answersCastQuery, castHitLiesInItsBand},
      {"castIsSymmetricWhenAAndBAreSwapped",
       "casting A by -r against B gives the same hit, the fraction within T u of travel and the normal flipped",
       answersCastQuery, castIsSymmetricWhenAAndBAreSwapped},
      {"castIgnoresAnExactTranslation",
       "moving both shapes by an exact power of two changes neither the hit nor the fraction by more than T u "
       "of travel",
       answersCastQuery, castIgnoresAnExactTranslation},
      {"castLongerTranslationNeverHitsFarther",
       "with r doubled a hit stays a hit, at a travel distance no greater than before plus T u",
       answersCastQuery, castLongerTranslationNeverHitsFarther},
      {"castNormalHasUnitLength", "a hit's normal has length 1 within T 2^-24", answersCastQuery,
       castNormalHasUnitLength},
  };
  return PROPERTIES;
}

}  // namespace gjk::check
