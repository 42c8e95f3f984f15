// The 3D oracle's view of a 3D case (Case::dimension 3), beside the 2D one of exact_case.h: the shapes as
// oracle::InputShape3 and the exact answer of oracle/oracle3.h. Its own header, so that the 2D harness, which
// includes exact_case.h everywhere, does not compile the 3D oracle's declarations.
#pragma once

#include "case/case.h"
#include "oracle/oracle3.h"

namespace gjk::check {

// A shape of a 3D case as the 3D oracle reads it: vertices x y z, radius, position and quaternion, bit for bit.
oracle::InputShape3 toOracleShape3(const ShapeSpec& shape);

// The exact answer of a 3D case (oracle::solveByHull3). Throws CaseError(value.source, 0, "a 2D case: the 3D oracle
// takes 3D cases only") for a 2D case: its rotation (c, s) has no exact quaternion in floats, so it is not read as
// a flat 3D case.
oracle::ExactAnswer3 solveExactly3(const Case& value);

}  // namespace gjk::check
