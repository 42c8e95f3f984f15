// Issue 14: every property of `gjkcheck properties` holds for `robust` on every family. The same survey the
// tool runs (verdict/property_survey.h), on the same family streams, asserted here instead of measured: a
// violated (property, family) fails the test and prints the shrunk counterexample.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "case/case.h"
#include "families/families.h"
#include "verdict/claims.h"
#include "verdict/property_survey.h"
#include "verdict/strategy.h"

namespace {

using namespace gjk::check;

// Cases per family: 200 by default (every property, every family, a few seconds); GJK_ROBUST_PROPERTY_CASES
// raises it for a long run.
std::uint64_t casesPerFamily() {
  if (const char* text = std::getenv("GJK_ROBUST_PROPERTY_CASES")) {
    return std::strtoull(text, nullptr, 10);
  }
  return 200;
}

TEST(RobustProperties, EveryPropertyHoldsOnEveryFamily) {
  const StrategyInfo* robust = findStrategy("robust");
  ASSERT_NE(robust, nullptr);
  SurveyOptions options;
  options.strategies = {robust};
  // Every claim about a distance answer (the penetration claims do not apply to a distance strategy; the
  // eleven distance claims must all be there).
  for (const StrategyProperty& property : strategyProperties()) {
    if (property.notApplicable == nullptr || property.notApplicable(*robust).empty()) {
      options.properties.push_back(property.name);
    }
  }
  options.families = familyNames();
  options.count = casesPerFamily();
  options.seed = 11;
  options.jobs = 2;
  options.shrinkAttempts = 400;
  ASSERT_EQ(options.families.size(), 14u);
  ASSERT_GE(options.properties.size(), 11u);

  const SurveyResult result = runPropertySurvey(options);
  for (std::size_t p = 0; p < options.properties.size(); ++p) {
    for (std::size_t f = 0; f < options.families.size(); ++f) {
      const SurveyCell& cell = result.cells[0][p][f];
      EXPECT_TRUE(cell.applies) << options.properties[p] << " does not apply to robust";
      EXPECT_EQ(cell.cases, options.count) << options.properties[p] << " " << options.families[f];
      EXPECT_EQ(cell.violations, 0u) << options.properties[p] << " on " << options.families[f] << ": first case "
                                     << cell.firstViolation;
    }
  }
  for (const SurveyCounterexample& example : result.counterexamples) {
    ADD_FAILURE() << options.properties[example.property] << ": " << example.failure << "\n"
                  << formatCase(example.value);
  }
}

}  // namespace
