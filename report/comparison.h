// The comparison of design §8: every chosen strategy on the same generated cases, in one run.
//
// Cases come from the families (families/families.h), sampled deterministically from (family, seed,
// index); each case is solved once by the oracle and judged for every strategy. Everything in a row but
// the query time is a function of the inputs alone, so two runs with the same arguments give the same
// rows bit for bit, whatever --jobs is; times are kept apart (ComparisonTiming).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "case/case.h"
#include "verdict/strategy.h"

namespace gjk::check {

struct ComparisonOptions {
  std::vector<const StrategyInfo*> strategies;
  std::vector<std::string> families;
  std::uint64_t count = 1000;  // cases per family
  std::uint64_t seed = 1;
  int jobs = 1;
  // Shard `shard` of `shards` (0-based here; `compare --shard I/N` is 1-based) runs the cases k of every
  // family with k mod shards == shard, and only those (report/comparison_shard.h). 0 of 1: every case.
  std::uint64_t shard = 0, shards = 1;
  // Called now and then from one reporting thread (never concurrently): (cases done, cases in all).
  std::function<void(std::uint64_t, std::uint64_t)> progress;
  // Called from the calling thread while an external engine answers a family's cases, before they are
  // judged (and so before `progress` moves): (engine, family, cases answered, cases of the family).
  std::function<void(const std::string&, const std::string&, std::uint64_t, std::uint64_t)> streaming;
};

struct ComparisonRow {
  int family = 0;    // index into ComparisonOptions::families
  std::uint64_t index = 0;  // the case's index within its family (sampleFamily)
  int strategy = 0;  // index into ComparisonOptions::strategies
  std::string relation;  // exact relation
  double scaleLog10 = 0;  // log10 of the case's scale S
  double distanceErrorU = 0;
  double witnessErrorU = 0;
  double witnessGapU = 0;
  int iterations = 0;
  std::string termination;
  std::uint32_t kinds = 0;  // bit k set: VIOLATION_KINDS[k] applies (all kinds)
  int primary = -1;         // the primary kind, an index into VIOLATION_KINDS; -1: no violation
  bool iterationCap = false;  // a cost, not a violation: the strategy stopped at its cap
  bool refused = false;       // not a violation: the external engine declined the query (docs/workers.md)
  double distance = 0;      // reported
};

struct ComparisonTiming {
  // Mean wall time of one query in nanoseconds, per strategy and family: [strategy][family]. It
  // includes turning the case into the strategy's input (a few dozen nanoseconds).
  std::vector<std::vector<double>> meanNanoseconds;
};

struct ComparisonResult {
  std::vector<ComparisonRow> rows;  // ordered by family, case index, strategy
  ComparisonTiming timing;
};

ComparisonResult runComparison(const ComparisonOptions& options);

// How many cases of each family the options' shard runs, and the family index of its i-th one.
std::uint64_t shardCaseCount(const ComparisonOptions& options);
inline std::uint64_t shardCaseIndex(const ComparisonOptions& options, std::uint64_t i) {
  return options.shard + i * options.shards;
}

// One case of runComparison, as it runs it: `value` (case `index` of family number `family`) solved by the
// oracle, then run by every strategy and judged; rows[s] receives strategy s's row, and the query's time
// and count are added to nanoseconds[s][family] and queries[s][family]. bench/ times it (BM_CompareCase).
// An external engine's answer, already given in a pipelined batch (its time counted there), comes as
// answered[s] when that is not null; it is moved from.
void compareCase(const ComparisonOptions& options, int family, std::uint64_t index, const Case& value,
                 ComparisonRow* rows, std::vector<std::vector<double>>& nanoseconds,
                 std::vector<std::vector<std::uint64_t>>& queries, StrategyResult* const* answered = nullptr);

// The case a row was judged on.
Case comparisonCase(const ComparisonOptions& options, const ComparisonRow& row);

}  // namespace gjk::check
