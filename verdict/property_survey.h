// The property survey: every claim (verdict/claims.h) on every strategy and family, on the same generated
// cases, counted. Whether a strategy satisfies a claim is a finding: `gjkcheck properties` writes the
// table, with one shrunk counterexample for each violated (strategy, property), and reports/properties/
// keeps it. Deterministic: the same arguments give the same table and counterexamples, whatever --jobs is.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "case/case.h"
#include "verdict/strategy.h"

namespace gjk::check {

struct SurveyOptions {
  // 2: 2D strategies on the 2D families (sampleFamily); 3: 3D strategies (StrategyInfo::dimension 3) on the 3D
  // families (sampleFamily3), the claims checked on 3D cases (verdict/claims.h CaseContext) and the
  // counterexamples shrunk as 3D cases. Every strategy must be of this dimension (std::invalid_argument).
  int dimension = 2;
  std::vector<const StrategyInfo*> strategies;
  std::vector<std::string> properties;  // names of strategyProperties()
  std::vector<std::string> families;    // of the dimension: familyNames() or familyNames3()
  std::uint64_t count = 100;  // cases per family: sampleFamily(family, seed, 0 .. count - 1), or sampleFamily3
  std::uint64_t seed = 1;
  int jobs = 1;
  int shrinkAttempts = 4000;
  // Called from one thread now and then: (cases done, cases in all).
  std::function<void(std::uint64_t, std::uint64_t)> progress;
};

// One (strategy, property, family).
struct SurveyCell {
  bool applies = true;         // false: the property does not apply to the strategy (notApplicable)
  std::uint64_t cases = 0;     // cases checked
  std::uint64_t violations = 0;
  std::int64_t firstViolation = -1;  // the smallest case index that violated it, -1 for none
};

struct SurveyCounterexample {
  int strategy = 0;  // indices into SurveyOptions
  int property = 0;
  int family = 0;
  std::uint64_t index = 0;  // the case of the family stream it was shrunk from
  Case value;               // shrunk, with meta lines naming strategy, property and failure
  std::string failure;      // what the claim says about the shrunk case
};

struct SurveyResult {
  // [strategy][property][family]
  std::vector<std::vector<std::vector<SurveyCell>>> cells;
  // One per violated (strategy, property): from the first family (in options order) and the smallest
  // index that violated it, shrunk.
  std::vector<SurveyCounterexample> counterexamples;
};

SurveyResult runPropertySurvey(const SurveyOptions& options);

// The file name of a counterexample: "<strategy>.<property>.case"; a plugin's <strategy> is strategyFileName's
// (classify.h: plugin-<file>-<entry>), since its name holds a path.
std::string counterexampleFileName(const std::string& strategy, const std::string& property);

}  // namespace gjk::check
