// Running a core penetration strategy (epa, sat, dyn4j-epa) on a case: the counterpart of
// runCoreStrategy (query.h) for QueryKind::Penetration.
#pragma once

#include "core/penetration_types.h"
#include "verdict/query.h"

namespace gjk::check {

// Runs a core strategy type (anything with `template <class T> static void penetration(input, output)`) in
// scalar T on a case. Fills StrategyResult::penetration (widened to double, exact for float), iterations
// and termination (penetrationStopName). The distance fields stay 0: a penetration strategy answers no
// distance. The options (trace, cache) do not apply: these strategies neither trace nor warm-start.
template <class Strategy, class T>
StrategyResult runPenetrationStrategy(const Case& value, const RunOptions& /*options*/) {
  DistanceInput<T> input = toDistanceInput<T>(value);
  PenetrationOutput<T> output;
  Strategy::penetration(input, &output);

  StrategyResult result;
  result.penetration.answered = true;
  result.penetration.overlapping = output.overlapping;
  result.penetration.depth = double(output.depth);
  result.penetration.normal = toPoint(output.normal);
  result.penetration.pointA = toPoint(output.pointA);
  result.penetration.pointB = toPoint(output.pointB);
  result.iterations = output.iterations;
  result.termination = penetrationStopName(output.stop);
  return result;
}

}  // namespace gjk::check
