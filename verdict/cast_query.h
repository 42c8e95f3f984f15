// Running a core cast strategy (gjk-raycast-cast, box2d-v3.0-cast, box2d-v3.1-cast, box2d-v3-cast) on a cast
// case: the counterpart of runPenetrationStrategy (penetration_query.h) for QueryKind::Cast.
#pragma once

#include <cmath>
#include <stdexcept>

#include "core/cast_types.h"
#include "verdict/query.h"

namespace gjk::check {

// The case as the core's cast input, in scalar T: the shapes and poses as toDistanceInput gives them, B's
// translation from the `b.translation` line, maxFraction 1, canEncroach off (Box2D v3's default, and the only
// setting whose target is the declared band). Throws std::invalid_argument for a case without a translation.
template <class T>
CastInput<T> toCastInput(const Case& value) {
  if (!value.hasTranslation) {
    throw std::invalid_argument("a cast strategy needs a cast case (the line b.translation X Y)");
  }
  DistanceInput<T> distance = toDistanceInput<T>(value);
  CastInput<T> input;
  input.proxyA = distance.proxyA;
  input.proxyB = distance.proxyB;
  input.transformA = distance.transformA;
  input.transformB = distance.transformB;
  input.translationB = {T(value.translationX), T(value.translationY)};
  input.maxFraction = T(1);
  input.canEncroach = false;
  return input;
}

// A rotating cast case (b.angular) asked of a strategy that moves B without turning it: refused (counted, not a
// violation).
inline StrategyResult refusedTurningCast() {
  StrategyResult result;
  result.failure = EngineFailure::Refused;
  result.failureDetail = "the case turns B (b.angular): this strategy's cast moves B without turning it";
  result.iterations = -1;
  result.termination = "refused";
  return result;
}

// Runs a core cast strategy type (anything with `template <class T> static void cast(input, output)`) in
// scalar T on a cast case. Fills StrategyResult::cast (widened to double, exact for float), iterations and
// termination (castStopName). A rotating case is refused (refusedTurningCast). An initial overlap is answered as a hit at fraction 0, as CastAnswer asks, also
// for the Box2D 2.4.1 and v3.0 ports whose source returns no hit there (the stop word keeps what the source
// said). The distance fields stay 0; the options (trace, cache) do not apply.
template <class Strategy, class T>
StrategyResult runCastStrategy(const Case& value, const RunOptions& /*options*/) {
  if (value.hasAngular) return refusedTurningCast();
  CastInput<T> input = toCastInput<T>(value);
  CastOutput<T> output;
  // A strategy that answers in units of 2^k (castInUnits, as distanceInUnits for a distance) has its contact
  // point scaled back here, in double: exact, and finite where the point lies beyond T's range.
  int exponent = 0;
  if constexpr (requires { Strategy::castInUnits(input, &output); }) {
    exponent = Strategy::castInUnits(input, &output);
  } else {
    Strategy::cast(input, &output);
  }

  StrategyResult result;
  result.cast.answered = true;
  const bool initialOverlap = output.stop == CastStop::InitialOverlap;
  result.cast.hit = output.hit || initialOverlap;
  result.cast.fraction = initialOverlap ? 0.0 : double(output.fraction);
  result.cast.normal = toPoint(output.normal);
  result.cast.point = toPoint(output.point);
  result.cast.point.x = std::ldexp(result.cast.point.x, exponent);
  result.cast.point.y = std::ldexp(result.cast.point.y, exponent);
  result.iterations = output.iterations;
  result.termination = castStopName(output.stop);
  result.loopTermination = result.termination;
  return result;
}

}  // namespace gjk::check
