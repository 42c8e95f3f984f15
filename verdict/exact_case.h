// The oracle's view of a case: the exact answer of docs/case-format.md.
#pragma once

#include "case/case.h"
#include "oracle/oracle.h"

namespace gjk::check {

oracle::InputShape toOracleShape(const ShapeSpec& shape);

// The reference exact answer (Minkowski hull method).
oracle::ExactAnswer solveExactly(const Case& value);
// The same answer with minkowskiHull left empty (oracle::HullOptions): for callers that only judge.
oracle::ExactAnswer solveExactlyWithoutHull(const Case& value);
// What a judge needs of the exact answer, for the oracle shapes of a case (toOracleShape): the answer of
// solveExactlyWithoutHull with closestPoint also left at (0, 0) (no verdict reads either), the solve's
// exact points and shape hulls kept in *hulls (oracle::CaseHulls) for the witness points.
oracle::ExactAnswer solveForJudging(const oracle::InputShape& a, const oracle::InputShape& b,
                                    oracle::CaseHulls* hulls);

// Exact: u = S * 2^-24 for a scale S, canonical. The one place the unit is formed from a scale, in every query
// and dimension.
oracle::Rational unitOfScale(const oracle::Rational& scale);

// The unit of error u = S * 2^-24 of docs/verdict.md, exact.
oracle::Rational errorUnit(const oracle::ExactAnswer& answer);
// The same unit from the case alone (oracle::problemScale), without solving it.
oracle::Rational errorUnit(const Case& value);

}  // namespace gjk::check
