// The verdict of design §5: how far a strategy's answer is from the exact one, in units of
// u = S * 2^-24 (float unit roundoff at the size of the problem), and whether that is a violation.
#pragma once

#include <string>
#include <vector>

#include "check/case.h"
#include "check/strategy.h"
#include "check/thresholds.h"
#include "oracle/oracle.h"

namespace gjk::check {

// Every violation kind, in the order a verdict lists them.
inline constexpr const char* VIOLATION_KINDS[] = {"non-finite",     "iteration-cap", "false-overlap",
                                                  "false-separation", "distance-error", "witness-error",
                                                  "witness-gap"};
inline constexpr int VIOLATION_KIND_COUNT = 7;

struct Verdict {
  // |d_gjk - d_exact| / u. NaN when the answer is not finite.
  double distanceErrorU = 0;
  // max(dist(pA, A), dist(pB, B)) / u, shapes with their radius, from the exact squared distances.
  double witnessErrorU = 0;
  // (|pA - pB| - d_exact) / u, signed. A violation only where the exact relation is separated or the
  // strategy reported a positive distance (for shapes in contact closest points are not unique).
  double witnessGapU = 0;
  bool violation = false;
  // The violation kinds found, in this order: "non-finite", "iteration-cap", "false-overlap",
  // "false-separation", "distance-error", "witness-error", "witness-gap".
  std::vector<std::string> reasons;
};

// "ok", or the reasons joined by commas.
std::string reasonList(const Verdict& verdict);

Verdict judge(const Case& value, const oracle::ExactAnswer& exact, const StrategyResult& result);

}  // namespace gjk::check
