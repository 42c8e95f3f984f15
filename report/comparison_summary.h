// Statistics of a comparison per strategy and family (design §8): violations by kind, error
// percentiles in u, iterations, cap hits, non-finite results, time per query.
#pragma once

#include <cstdint>
#include <vector>

#include "report/comparison.h"
#include "verdict/verdict.h"

namespace gjk::check {

struct GroupSummary {
  std::uint64_t cases = 0;
  std::uint64_t violations = 0;                       // cases with at least one kind
  std::uint64_t byPrimary[VIOLATION_KIND_COUNT] = {};  // per VIOLATION_KINDS, primary kind only: adds up
  std::uint64_t byKind[VIOLATION_KIND_COUNT] = {};    // per VIOLATION_KINDS, every kind that applies
  std::uint64_t capHits = 0;                          // answers that stopped at the iteration cap (a cost)
  std::uint64_t capHitsRight = 0;                     // of those, answers without a violation
  std::uint64_t refused = 0;                          // queries an external engine declined (no violation)
  // Percentiles over the finite errors (nearest rank); NaN when there is none.
  double distanceP50 = 0, distanceP99 = 0, distanceMax = 0;
  double witnessP99 = 0, witnessMax = 0;
  double iterationsMean = 0;
  int iterationsP99 = 0, iterationsMax = 0;
  double nanosecondsPerQuery = 0;
};

struct ComparisonSummary {
  // [strategy][family], and [strategy] over all families.
  std::vector<std::vector<GroupSummary>> byFamily;
  std::vector<GroupSummary> overall;
};

ComparisonSummary summarize(const ComparisonOptions& options, const ComparisonResult& result);

// Nearest-rank percentile (p in [0, 1]) of values, which it sorts; NaN for no values.
double percentile(std::vector<double>& values, double p);

}  // namespace gjk::check
