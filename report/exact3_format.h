// How `gjkcheck oracle` prints the exact answer of a 3D case (oracle/oracle3.h): the lines and the JSON object of
// the 2D answer (answer_format.h, penetration_format.h) with a third coordinate, and the penetration part as far
// as the 3D oracle computes it (oracle/oracle3_values.h: one minimal normal, none when the origin is on the
// boundary of M).
#pragma once

#include <string>

#include "oracle/oracle3.h"

namespace gjk::check {

// The case name, then relation, distance, core distance^2 (exact p/q), closest point (x, y, z), scale S, and
// for touching and overlapping cases the penetration depth and, where minimalNormal3 gives one, the unit
// normal (x, y, z); each line after the name starts with two spaces, as for a 2D case.
std::string exactText3(const std::string& caseName, const oracle::ExactAnswer3& exact);

// `gjkcheck oracle --json` for a 3D case: case, relation, distance, core_distance_squared, closest_point
// ([x, y, z] decimal strings), scale; touching and overlapping cases add penetration_depth and normal (a list
// of [x, y, z] unit vectors: one, or none when the origin is on the boundary of M).
std::string exactJson3(const std::string& caseName, const oracle::ExactAnswer3& exact);

}  // namespace gjk::check
