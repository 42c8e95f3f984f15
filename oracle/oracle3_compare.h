// The field-by-field comparison of two exact 3D answers, shared by the oracle's cross-check test
// (tests/oracle/oracle3_cross_check_test.cpp) and its fuzz target (fuzz/fuzz_oracle3d.cpp): solveByHull3 and
// solveWithoutHull3 are both exact, so on every input they must agree on every field of ExactAnswer3, and the
// first field where they do not is what a failure names.
#pragma once

#include <string>

#include "oracle/oracle3.h"

namespace gjk::oracle {

// The name of the first field in which the answers differ (relation, coreDistanceSquared, closestPoint,
// radius, scale, originInInterior, penetrationDepthSquared, penetrationNormal, in that order), or "" when
// they are equal. Every field is compared whatever the relation: the closest point is unique (the origin
// when d0 = 0), and the depth and normal are 0 unless the origin is in the interior.
std::string firstDifference3(const ExactAnswer3& left, const ExactAnswer3& right);

// One line of an answer, exact: relation, d0^2, closest point, interior, depth^2 and normal as p/q.
std::string answerText3(const ExactAnswer3& answer);

}  // namespace gjk::oracle
