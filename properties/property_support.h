// What the property tests share: how many cases a run tries (quick mode for CI, long mode on request),
// and the driver that holds every strategy to the properties its contract claims (verdict/claims.h).
//
// The properties themselves, and the measurement of which strategy satisfies which, live outside this
// folder (verdict/claims.h, verdict/property_survey.h, `gjkcheck properties`): only the tests link
// RapidCheck.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "case/case.h"
#include "properties/family_generators.h"
#include "verdict/claims.h"

namespace gjk::properties {

// Quick mode, when neither GJK_PROPERTY_CASES nor RC_PARAMS's max_success says otherwise: each property
// tries this many generated cases.
inline constexpr int QUICK_MODE_CASES = 1000;
// The seed of quick mode, so CI runs the same cases every time (a failure there is a change in the code,
// not a new draw). Long mode draws a fresh seed unless RC_PARAMS gives one; either way it is printed.
inline constexpr std::uint64_t QUICK_MODE_SEED = 20261121;

struct RunMode {
  int cases = QUICK_MODE_CASES;  // RapidCheck's max_success
  std::string name;              // "quick", "long (GJK_PROPERTY_CASES)", "RC_PARAMS"
  std::uint64_t seed = 0;        // RapidCheck's seed for this run
};

// Decided once, before RapidCheck first reads RC_PARAMS (a static initializer sets RC_PARAMS's
// max_success and, in quick mode, its seed), and printed to stdout.
const RunMode& runMode();

// Prints the run mode, count and seed, once per process (ctest runs every test in a process of its own).
void announceRun();

std::string sourceDir();  // GJK_SOURCE_DIR (environment, else the compiled-in path)

// The strategies whose contract claims the property (check::contractClaims), registered here.
std::vector<const check::StrategyInfo*> claimingStrategies(const std::string& property);

// The body of every contract property, run by RapidCheck: draws one case of any family (genAnyFamily),
// tags it with its family and exact relation, checks every strategy whose contract claims the property,
// and fails with the first that does not satisfy it.
void checkEveryClaimingStrategy(const std::string& property);

}  // namespace gjk::properties
