// Statistics of a comparison per strategy and family (docs/reports.md), read off the aggregates of
// report/comparison.h: violations by kind, error percentiles in u, iterations, cap hits, refused queries.
// Every rate and statistic is over the answered cases (cases - refused); iterations over the answers whose
// engine reports them. Times are apart (ComparisonTiming, timingStatistics).
#pragma once

#include <cstdint>
#include <vector>

#include "report/comparison.h"
#include "verdict/verdict.h"

namespace gjk::check {

struct GroupSummary {
  std::uint64_t cases = 0;
  std::uint64_t refused = 0;                          // queries an external engine declined (no statistic)
  std::uint64_t answered = 0;                         // cases - refused: the denominator
  std::uint64_t violations = 0;                       // answered cases with at least one kind
  std::uint64_t byPrimary[VIOLATION_KIND_COUNT] = {};  // per VIOLATION_KINDS, primary kind only: adds up
  std::uint64_t byKind[VIOLATION_KIND_COUNT] = {};    // per VIOLATION_KINDS, every kind that applies
  std::uint64_t capHits = 0;                          // answers that stopped at the iteration cap (a cost)
  std::uint64_t capHitsRight = 0;                     // of those, answers without a violation
  std::uint64_t iterationsReported = 0;               // answers that tell their iterations
  // Percentiles over the finite errors of the answered cases (nearest rank, read off ValueHistogram: cut to
  // HISTOGRAM_BITS bits after the leading one; max exact); NaN when there is none.
  double distanceP50 = 0, distanceP99 = 0, distanceMax = 0;
  double witnessP99 = 0, witnessMax = 0;
  // Over the answers that tell their iterations; NaN / -1 when none does (shown as "—" / empty).
  double iterationsMean = 0;
  int iterationsP99 = -1, iterationsMax = -1;
};

struct ComparisonSummary {
  // [strategy][family], and [strategy] over all families.
  std::vector<std::vector<GroupSummary>> byFamily;
  std::vector<GroupSummary> overall;
};

ComparisonSummary summarize(const ComparisonOptions& options, const ComparisonResult& result);

// The groups of a strategy merged over its families.
GroupAggregate overallAggregate(const ComparisonResult& result, std::size_t strategy);

// The times of one (strategy, family), nanoseconds per query over its timed rounds; NaN when not timed.
struct TimingStatistics {
  double median = 0, min = 0, max = 0;
  std::size_t rounds = 0;
};
TimingStatistics timingStatistics(const std::vector<double>& rounds);

// Nearest-rank percentile (p in [0, 1]) of values, which it sorts; NaN for no values.
double percentile(std::vector<double>& values, double p);

}  // namespace gjk::check
