// The keys every object of `gjkcheck oracle --json` starts with, 2D (answer_format.h) or 3D (exact3_format.h), made
// in one place so that both dimensions name them alike.
#pragma once

#include <initializer_list>
#include <string>

#include "oracle/oracle.h"
#include "report/json.h"

namespace gjk::check {

// case, relation, distance, core_distance_squared (p/q), closest_point (a list of decimal strings, one a
// coordinate) and scale.
JsonObject exactAnswerObject(const std::string& caseName, oracle::Relation relation, const std::string& distance,
                             const oracle::Rational& coreDistanceSquared,
                             std::initializer_list<oracle::Rational> closestPoint, const oracle::Rational& scale);

}  // namespace gjk::check
