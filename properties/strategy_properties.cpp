// The properties that strategies' contracts claim (check::contractClaims, docs/properties.md), held on
// generated cases of every family. Every other (strategy, property) pair is a measurement: `gjkcheck
// properties` writes it to reports/properties/, and pinned_counterexamples_test.cpp replays its
// counterexamples.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>
#include <string>

#include "properties/property_support.h"
#include "verdict/claims.h"

using gjk::properties::checkEveryClaimingStrategy;

RC_GTEST_PROP(Contract, isSymmetricWhenAAndBAreSwapped, ()) {
  checkEveryClaimingStrategy("isSymmetricWhenAAndBAreSwapped");
}

RC_GTEST_PROP(Contract, ignoresDuplicateVertices, ()) { checkEveryClaimingStrategy("ignoresDuplicateVertices"); }

RC_GTEST_PROP(Contract, terminatesWithinItsCapWithFiniteResults, ()) {
  checkEveryClaimingStrategy("terminatesWithinItsCapWithFiniteResults");
}

// Every property some contract claims has its property test above, and every claim names a registered
// strategy and a known property: a new claim cannot go untested.
TEST(Contract, everyClaimedPropertyIsTested) {
  const std::set<std::string> tested = {"isSymmetricWhenAAndBAreSwapped", "ignoresDuplicateVertices",
                                        "terminatesWithinItsCapWithFiniteResults"};
  std::set<std::string> claimed;
  for (const gjk::check::ContractClaim& claim : gjk::check::contractClaims()) {
    claimed.insert(claim.property);
    EXPECT_NE(gjk::check::findStrategy(claim.strategy), nullptr) << claim.strategy;
    EXPECT_NO_THROW(gjk::check::strategyProperty(claim.property));
    EXPECT_FALSE(claim.why.empty()) << claim.strategy << " " << claim.property;
  }
  EXPECT_EQ(claimed, tested);
}
