// A deterministic shrinker for cases, without RapidCheck: given a case on which a predicate holds (a
// strategy violates a claim), it tries simpler cases in a fixed order and keeps each one on which the
// predicate still holds, until no simplification is kept. Simpler means, in this order: fewer vertices,
// no radius, no transform (identity rotation and zero position), then each number replaced by 0, by the
// nearest integer, or by the float with the fewest significant bits that keeps the predicate. Rotations
// (a 2D pair, a 3D quaternion) only ever become the identity, so a shrunk case keeps unit rotations
// (docs/case-format.md). A 3D case shrinks alike, its z's and positionZ with the other numbers; its dimension
// never changes. A cast case
// (hasTranslation) stays a cast case: its translation's components are simplified like the other numbers
// (first, before the shapes' numbers), never removed.
#pragma once

#include <functional>

#include "case/case.h"

namespace gjk::check {

struct ShrinkResult {
  Case value;
  int attempts = 0;  // predicate evaluations
  int kept = 0;      // simplifications kept
};

// The predicate must hold on `value`. At most `maxAttempts` evaluations.
ShrinkResult shrinkCase(const Case& value, const std::function<bool(const Case&)>& predicate,
                        int maxAttempts = 4000);

}  // namespace gjk::check
