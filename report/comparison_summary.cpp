#include "report/comparison_summary.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gjk::check {
namespace {

struct Accumulator {
  GroupSummary summary;
  std::vector<double> distanceErrors, witnessErrors;
  std::vector<double> iterations;
  double nanosecondsTotal = 0;

  void add(const ComparisonRow& row) {
    ++summary.cases;
    summary.violations += row.kinds != 0;
    for (int k = 0; k < VIOLATION_KIND_COUNT; ++k) summary.byKind[k] += (row.kinds >> k) & 1u;
    if (row.primary >= 0) ++summary.byPrimary[row.primary];
    summary.capHits += row.iterationCap;
    summary.capHitsRight += row.iterationCap && row.kinds == 0;
    summary.refused += row.refused;
    if (std::isfinite(row.distanceErrorU)) distanceErrors.push_back(row.distanceErrorU);
    if (std::isfinite(row.witnessErrorU)) witnessErrors.push_back(row.witnessErrorU);
    iterations.push_back(row.iterations);
  }

  GroupSummary finish() {
    summary.distanceP50 = percentile(distanceErrors, 0.5);
    summary.distanceP99 = percentile(distanceErrors, 0.99);
    summary.distanceMax = distanceErrors.empty() ? std::nan("") : distanceErrors.back();
    summary.witnessP99 = percentile(witnessErrors, 0.99);
    summary.witnessMax = witnessErrors.empty() ? std::nan("") : witnessErrors.back();
    double sum = 0;
    for (double i : iterations) sum += i;
    summary.iterationsMean = iterations.empty() ? 0 : sum / static_cast<double>(iterations.size());
    summary.iterationsP99 = static_cast<int>(percentile(iterations, 0.99));
    summary.iterationsMax = iterations.empty() ? 0 : static_cast<int>(iterations.back());
    return summary;
  }
};

}  // namespace

double percentile(std::vector<double>& values, double p) {
  if (values.empty()) return std::nan("");
  std::sort(values.begin(), values.end());
  size_t rank = static_cast<size_t>(std::ceil(p * static_cast<double>(values.size())));
  rank = std::clamp<size_t>(rank, 1, values.size());
  return values[rank - 1];
}

ComparisonSummary summarize(const ComparisonOptions& options, const ComparisonResult& result) {
  const size_t strategyCount = options.strategies.size(), familyCount = options.families.size();
  std::vector<std::vector<Accumulator>> groups(strategyCount, std::vector<Accumulator>(familyCount));
  std::vector<Accumulator> overall(strategyCount);
  for (const ComparisonRow& row : result.rows) {
    groups[row.strategy][row.family].add(row);
    overall[row.strategy].add(row);
  }
  ComparisonSummary summary;
  summary.byFamily.resize(strategyCount);
  for (size_t s = 0; s < strategyCount; ++s) {
    double weighted = 0;
    std::uint64_t queries = 0;
    for (size_t f = 0; f < familyCount; ++f) {
      GroupSummary g = groups[s][f].finish();
      g.nanosecondsPerQuery = result.timing.meanNanoseconds[s][f];
      weighted += g.nanosecondsPerQuery * static_cast<double>(g.cases);
      queries += g.cases;
      summary.byFamily[s].push_back(g);
    }
    GroupSummary all = overall[s].finish();
    all.nanosecondsPerQuery = queries ? weighted / static_cast<double>(queries) : 0;
    summary.overall.push_back(all);
  }
  return summary;
}

}  // namespace gjk::check
