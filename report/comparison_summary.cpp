#include "report/comparison_summary.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gjk::check {
namespace {

GroupSummary summaryOf(const GroupAggregate& g) {
  GroupSummary summary;
  summary.cases = g.cases;
  summary.refused = g.refused;
  summary.answered = g.answered;
  summary.violations = g.violations;
  for (int k = 0; k < VIOLATION_KIND_COUNT; ++k) {
    summary.byPrimary[k] = g.byPrimary[k];
    summary.byKind[k] = g.byKind[k];
  }
  summary.capHits = g.capHits;
  summary.capHitsRight = g.capHitsRight;
  summary.iterationsReported = g.iterationsReported;
  summary.distanceP50 = g.distance.percentile(0.5);
  summary.distanceP99 = g.distance.percentile(0.99);
  summary.distanceMax = g.distance.count ? g.distance.max : std::nan("");
  summary.witnessP99 = g.witness.percentile(0.99);
  summary.witnessMax = g.witness.count ? g.witness.max : std::nan("");
  if (g.iterationsReported > 0) {
    summary.iterationsMean = static_cast<double>(g.iterationsSum) / static_cast<double>(g.iterationsReported);
    std::uint64_t rank = static_cast<std::uint64_t>(std::ceil(0.99 * static_cast<double>(g.iterationsReported)));
    rank = std::clamp<std::uint64_t>(rank, 1, g.iterationsReported);
    std::uint64_t below = 0;
    for (const auto& [iterations, n] : g.iterations) {
      below += n;
      if (below >= rank) {
        summary.iterationsP99 = iterations;
        break;
      }
    }
    summary.iterationsMax = g.iterations.rbegin()->first;
  } else {
    summary.iterationsMean = std::nan("");
  }
  return summary;
}

}  // namespace

double percentile(std::vector<double>& values, double p) {
  if (values.empty()) return std::nan("");
  std::sort(values.begin(), values.end());
  size_t rank = static_cast<size_t>(std::ceil(p * static_cast<double>(values.size())));
  rank = std::clamp<size_t>(rank, 1, values.size());
  return values[rank - 1];
}

GroupAggregate overallAggregate(const ComparisonResult& result, std::size_t strategy) {
  GroupAggregate all;
  for (const GroupAggregate& g : result.groups[strategy]) all.merge(g);
  return all;
}

ComparisonSummary summarize(const ComparisonOptions& options, const ComparisonResult& result) {
  const size_t strategyCount = options.strategies.size(), familyCount = options.families.size();
  ComparisonSummary summary;
  summary.byFamily.resize(strategyCount);
  for (size_t s = 0; s < strategyCount; ++s) {
    for (size_t f = 0; f < familyCount; ++f) summary.byFamily[s].push_back(summaryOf(result.groups[s][f]));
    summary.overall.push_back(summaryOf(overallAggregate(result, s)));
  }
  return summary;
}

TimingStatistics timingStatistics(const std::vector<double>& rounds) {
  TimingStatistics t;
  t.rounds = rounds.size();
  if (rounds.empty()) {
    t.median = t.min = t.max = std::nan("");
    return t;
  }
  std::vector<double> sorted = rounds;
  std::sort(sorted.begin(), sorted.end());
  const size_t n = sorted.size();
  t.median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  t.min = sorted.front();
  t.max = sorted.back();
  return t;
}

}  // namespace gjk::check
