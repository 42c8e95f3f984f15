// Claims about every strategy (properties/claims.cpp), on cases of every family (check/families.h).
//
// Each property runs on generated cases and checks every registered strategy that known-violations.tsv
// says satisfies it; a strategy known to violate it is instead held to its committed counterexample
// (known_violations_test.cpp), so that a regression and a fix both show. Every case is tagged with its
// family and its exact relation: the run prints how the cases were spread.
//
// Which strategies a property applies to: all nine base strategies (the float core ones, perp-f64 in
// double, and the real Box2D 2.4.1) for every claim but the warm start, which needs a strategy that reads
// its cache: dyn4j and vdb only write theirs (their algorithms have no warm start), so for them the claim
// would hold without saying anything.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "check/families.h"
#include "properties/property_support.h"

using gjk::check::Case;
using gjk::properties::checkOnEveryStrategyWhereItHolds;

// The answer against the exact one (design §5): four claims that together are judge()'s verdict.
RC_GTEST_PROP(Gjk, reportsTheOracleDistanceWithinT, (const Case& value)) {
  checkOnEveryStrategyWhereItHolds("reportsTheOracleDistanceWithinT", value);
}

RC_GTEST_PROP(Gjk, neverClaimsOverlapOrSeparationAgainstTheOracle, (const Case& value)) {
  checkOnEveryStrategyWhereItHolds("neverClaimsOverlapOrSeparationAgainstTheOracle", value);
}

RC_GTEST_PROP(Gjk, placesWitnessPointsOnTheirShapes, (const Case& value)) {
  checkOnEveryStrategyWhereItHolds("placesWitnessPointsOnTheirShapes", value);
}

RC_GTEST_PROP(Gjk, keepsWitnessPointsTheReportedDistanceApart, (const Case& value)) {
  checkOnEveryStrategyWhereItHolds("keepsWitnessPointsTheReportedDistanceApart", value);
}

// The loop itself.
RC_GTEST_PROP(Gjk, terminatesWithinItsCapWithFiniteResults, (const Case& value)) {
  checkOnEveryStrategyWhereItHolds("terminatesWithinItsCapWithFiniteResults", value);
}

// Invariances: equivalent queries get the same answer, within T u.
RC_GTEST_PROP(Gjk, isSymmetricWhenAAndBAreSwapped, (const Case& value)) {
  checkOnEveryStrategyWhereItHolds("isSymmetricWhenAAndBAreSwapped", value);
}

RC_GTEST_PROP(Gjk, ignoresVertexOrder, (const Case& value)) {
  checkOnEveryStrategyWhereItHolds("ignoresVertexOrder", value);
}

RC_GTEST_PROP(Gjk, ignoresDuplicateVertices, (const Case& value)) {
  checkOnEveryStrategyWhereItHolds("ignoresDuplicateVertices", value);
}

RC_GTEST_PROP(Gjk, ignoresInteriorPoints, (const Case& value)) {
  checkOnEveryStrategyWhereItHolds("ignoresInteriorPoints", value);
}

RC_GTEST_PROP(Gjk, ignoresAnExactTranslation, (const Case& value)) {
  checkOnEveryStrategyWhereItHolds("ignoresAnExactTranslation", value);
}

RC_GTEST_PROP(Gjk, warmStartAgreesWithColdStart, (const Case& value)) {
  checkOnEveryStrategyWhereItHolds("warmStartAgreesWithColdStart", value);
}
