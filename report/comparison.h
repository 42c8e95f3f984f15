// The comparison of docs/reports.md: every chosen strategy on the same generated cases, in one run.
//
// Cases come from the families (families/families.h), sampled deterministically from (family, seed,
// index); each case is solved once by the oracle and judged for every strategy. Everything in a row but
// the query time is a function of the inputs alone, so two runs with the same arguments give the same
// rows bit for bit, whatever --jobs is; times are kept apart (ComparisonTiming).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "case/case.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"

namespace gjk::check {

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

struct ComparisonOptions {
  std::vector<const StrategyInfo*> strategies;
  std::vector<std::string> families;
  std::uint64_t count = 1000;  // cases per family
  std::uint64_t seed = 1;
  int jobs = 1;  // threads that judge cases, and that run the external engines' streams side by side
  // Shard `shard` of `shards` (0-based here; `compare --shard I/N` is 1-based) runs the cases k of every
  // family with k mod shards == shard, and only those (report/comparison_shard.h). 0 of 1: every case.
  std::uint64_t shard = 0, shards = 1;
  // Called now and then from one reporting thread (never concurrently): (cases done, cases in all).
  std::function<void(std::uint64_t, std::uint64_t)> progress;
  // Called while the external engines answer a family's cases, before they are judged (and so before
  // `progress` moves), from the threads that run the engines but never concurrently, after each stream of
  // an engine (streams of one chunk finish in any order when jobs > 1): (engine, family, cases answered up to
  // the end of that stream, cases of the family).
  std::function<void(const std::string&, const std::string&, std::uint64_t, std::uint64_t)> streaming;
  // Called from the calling thread with the rows of finished cases, in case order (family, case index,
  // strategy), a bounded batch at a time (at most CHUNK cases): how rows.csv is streamed to disk.
  std::function<void(const ComparisonRow* rows, std::size_t count)> rows;
  // Keep every row in ComparisonResult::rows (tests; memory grows with the cases).
  bool keepRows = false;
  // Timed rounds after the judged pass (ComparisonTiming); 0: no timing.
  int timingRounds = 5;
  // Set (by a signal handler) to stop: no new block of cases is taken, the result holds the finished ones.
  const std::atomic<bool>* stop = nullptr;
  // 2: the families are 2D families (families/families.h familyNames) and the strategies 2D ones; 3: 3D
  // families (familyNames3) and 3D strategies (strategies3), judged by the 3D verdict (verdict/verdict3.h).
  int dimension = 2;
};

// Cases judged between two calls of ComparisonOptions::rows (the bound of the rows in memory).
inline constexpr std::uint64_t CHUNK = 16384;


// A histogram of non-negative finite values (errors in u) with bins of relative width 2^-HISTOGRAM_BITS:
// a value falls in the bin of its double with the mantissa cut to its leading HISTOGRAM_BITS bits after
// the leading one (zero has its own bin; so does every value already that short). Percentiles read off it
// are the exact nearest-rank value so cut: reported <= v < reported * (1 + 2^-HISTOGRAM_BITS); the
// largest value is kept exactly. Its memory is bounded by the binary exponents the values span (at most
// 2^HISTOGRAM_BITS bins per power of two), never by how many values were added; merging two gives the
// histogram of all their values, whatever the order, so the results do not depend on --jobs or shards.
inline constexpr int HISTOGRAM_BITS = 7;
struct ValueHistogram {
  std::map<double, std::uint64_t> bins;  // the cut value (the bin's lower edge) -> count
  std::uint64_t count = 0;
  double max = 0;  // exact; meaningful when count > 0

  static double cut(double value);
  void add(double value);  // a finite value; NaN and infinities are not added (callers count them)
  void merge(const ValueHistogram& other);
  // Nearest rank (p in [0, 1]): the cut value of the rank-th smallest, the exact max for the largest; NaN
  // when empty.
  double percentile(double p) const;
};

// The violations of a case per strategy against the case's scale S: log10 S in SCALE_BINS bins of width 2
// from SCALE_LOW (scales outside counted in the end bins).
inline constexpr int SCALE_BINS = 30;
inline constexpr double SCALE_LOW = -30, SCALE_HIGH = 30;
int scaleBin(double scaleLog10);

// A violation the gallery may show: the worst of its (strategy, family).
struct GalleryCandidate {
  int family = 0;
  std::uint64_t index = 0;
  double distanceErrorU = 0;
  double witnessErrorU = 0;
  std::uint32_t kinds = 0;
};
// Worst first: non-finite distance errors, then larger distance error, then larger witness error (NaN
// first), then smaller (family, index): a total order, so the gallery is the same whatever --jobs is.
bool worseCandidate(const GalleryCandidate& a, const GalleryCandidate& b);

// Everything the report says about one (strategy, family), bounded in memory by the strategies and
// families, not the cases: exact counts, histograms of the errors and the iterations, the scale envelope,
// the worst violation. Merging (other workers, other shards) is exact and order-free.
struct GroupAggregate {
  std::uint64_t cases = 0;
  std::uint64_t refused = 0;                           // declined by the engine: never in a statistic
  std::uint64_t answered = 0;                          // cases - refused: every rate's denominator
  std::uint64_t violations = 0;                        // answered cases with at least one kind
  std::uint64_t byPrimary[VIOLATION_KIND_COUNT] = {};  // per VIOLATION_KINDS, primary kind only
  std::uint64_t byKind[VIOLATION_KIND_COUNT] = {};     // per VIOLATION_KINDS, every kind that applies
  std::uint64_t capHits = 0;
  std::uint64_t capHitsRight = 0;
  std::uint64_t iterationsReported = 0;  // answered cases whose engine told its iterations (not -1)
  std::uint64_t iterationsSum = 0;       // over those
  ValueHistogram distance, witness;      // the finite errors of the answered cases
  std::map<int, std::uint64_t> iterations;  // reported iteration counts, exact
  std::uint64_t scaleCases[SCALE_BINS] = {}, scaleViolations[SCALE_BINS] = {};  // answered cases
  bool hasWorst = false;
  GalleryCandidate worst;  // the worst violation (worseCandidate), when hasWorst

  void add(const ComparisonRow& row);
  void merge(const GroupAggregate& other);
};

struct ComparisonTiming {
  // Per strategy and family, [strategy][family][round]: nanoseconds per query of each timed round (a
  // round: the family's first `sample` cases of the run, each strategy in turn, after the judged pass).
  // The report shows their median, min and max. Empty when not timed (no rounds, or interrupted).
  std::vector<std::vector<std::vector<double>>> rounds;
  std::uint64_t sample = 0;  // cases per round per family
};

struct ComparisonResult {
  std::vector<std::vector<GroupAggregate>> groups;  // [strategy][family]
  ComparisonTiming timing;
  std::vector<std::uint64_t> casesDone;  // per family: cases judged (fewer than planned when interrupted)
  bool interrupted = false;
  // Every row, ordered by family, case index, strategy: only when ComparisonOptions::keepRows (tests, small
  // runs); the report never needs them.
  std::vector<ComparisonRow> rows;
};

// The cases a result holds (all families) and the cases planned.
std::uint64_t casesDone(const ComparisonResult& result);

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

// A strategy's name as reports show it: the name, but for a plugin the name and version it declares
// (StrategyInfo::label, "plugin box2d v3.1.1 (8c661469)@proxy"), or, where the plugin cannot be loaded
// (a merge elsewhere), `plugin:<path-to>/x.so[@ENTRY]`: no machine's path is in a report.
std::string reportedName(const std::string& name);

// A strategy's name as a command written in a report shows it: the name, but for a plugin given by a path
// with folders `plugin:<path-to>/x.so[@ENTRY]` (the reader puts their own path there).
std::string portableName(const std::string& name);

// The case a row was judged on.
Case comparisonCase(const ComparisonOptions& options, const ComparisonRow& row);

// Case `index` of family `family` (an index into options.families) in the comparison's dimension: sampleFamily,
// or sampleFamily3 for a 3D comparison.
Case sampleComparisonCase(const ComparisonOptions& options, int family, std::uint64_t index);

}  // namespace gjk::check
