#include "report/comparison.h"

#include <gmp.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <mutex>
#include <span>
#include <thread>
#include <tuple>

#include "families/families.h"
#include "verdict/exact_case.h"
#include "verdict/verdict.h"
#include "verdict/verdict3.h"

namespace gjk::check {
namespace {

constexpr std::uint64_t BLOCK = 64;  // cases a worker takes at a time
// Cases an external engine is sent in one stream (one task of the threads that run the engines) before
// `streaming` is told how far it got: the pipeline drains once per stream, one round trip (tens of
// microseconds) per 1,024 queries of a few microseconds; a chunk is 16 streams an engine, for the threads to share.
constexpr std::uint64_t STREAM = 1024;
static_assert(CHUNK % STREAM == 0, "a chunk streams whole blocks of STREAM cases");
// Cases of each family timed per round (ComparisonTiming).
constexpr std::uint64_t TIMING_SAMPLE = 512;

// Streams of an external engine: the engine's cases of one chunk, STREAM at a time.
struct ExternalStream {
  int strategy;
  std::uint64_t begin, size;
};

// Every external engine's answers to the chunk's cases (batched[s], empty for a strategy of this process),
// its streams taken by `jobs` threads in order; `streaming` is told of each finished stream, never concurrently.
template <typename Stopped>
void answerExternally(const ComparisonOptions& options, int family, std::uint64_t chunkBegin, std::uint64_t count,
                      const std::vector<Case>& cases, std::vector<std::vector<StrategyResult>>& batched, int jobs,
                      const Stopped& stopped) {
  std::vector<ExternalStream> streams;
  for (int s = 0; s < static_cast<int>(options.strategies.size()); ++s) {
    if (!options.strategies[s]->runBatch) continue;
    batched[s].assign(cases.size(), StrategyResult{});
    for (std::uint64_t begin = 0; begin < cases.size(); begin += STREAM) {
      streams.push_back({s, begin, std::min<std::uint64_t>(STREAM, cases.size() - begin)});
    }
  }
  std::atomic<std::size_t> next{0};
  std::mutex told;
  auto answer = [&] {
    for (std::size_t t = next.fetch_add(1); t < streams.size() && !stopped(); t = next.fetch_add(1)) {
      const ExternalStream& stream = streams[t];
      runBatch(*options.strategies[stream.strategy], std::span<const Case>(cases).subspan(stream.begin, stream.size),
               std::span<StrategyResult>(batched[stream.strategy]).subspan(stream.begin, stream.size),
               QueryKind::Distance);
      if (options.streaming) {
        std::lock_guard<std::mutex> lock(told);
        options.streaming(options.strategies[stream.strategy]->name, options.families[family],
                          chunkBegin + stream.begin + stream.size, count);
      }
    }
  };
  std::vector<std::thread> threads;
  const std::size_t threadCount = std::min(streams.size(), static_cast<std::size_t>(std::max(jobs, 1)));
  for (std::size_t j = 1; j < threadCount; ++j) threads.emplace_back(answer);
  answer();
  for (std::thread& t : threads) t.join();
}

std::uint32_t kindBits(const Verdict& verdict) {
  std::uint32_t bits = 0;
  for (const std::string& reason : verdict.reasons) {
    for (int k = 0; k < VIOLATION_KIND_COUNT; ++k) {
      if (reason == VIOLATION_KINDS[k]) bits |= 1u << k;
    }
  }
  return bits;
}

// The integer's leading 53 bits (all of them when it has fewer), as a double: exact, since the integer
// they form has at most 53 bits. shift is how many bits were dropped (0 when none).
double leadingBits(mpz_srcptr value, long long& shift) {
  shift = static_cast<long long>(mpz_sizeinbase(value, 2)) - 1 - 52;  // msb - 52
  if (shift <= 0) {
    shift = 0;
    return mpz_get_d(value);
  }
  thread_local oracle::Integer leading;
  mpz_ptr bits = leading.backend().data();
  mpz_tdiv_q_2exp(bits, value, static_cast<mp_bitcnt_t>(shift));  // value > 0: floor, as value >> shift
  return mpz_get_d(bits);
}

double log10Of(const oracle::Rational& value) {
  // log10 of a positive rational without overflow: through the bit lengths of numerator and denominator
  // (the numbers are those of p >> shiftP and q >> shiftQ, formed without copying p and q).
  long long shiftP = 0, shiftQ = 0;
  const double mp = leadingBits(mpq_numref(value.backend().data()), shiftP);
  const double mq = leadingBits(mpq_denref(value.backend().data()), shiftQ);
  return std::log10(mp / mq) + static_cast<double>(shiftP - shiftQ) * 0.30102999566398120;
}

struct WorkerTotals {
  std::vector<std::vector<double>> nanoseconds;  // [strategy][family]
  std::vector<std::vector<std::uint64_t>> queries;
};

}  // namespace

Case sampleComparisonCase(const ComparisonOptions& options, int family, std::uint64_t index) {
  return sampleFamilyOf(options.dimension, options.families[family], options.seed, index);
}

Case comparisonCase(const ComparisonOptions& options, const ComparisonRow& row) {
  return sampleComparisonCase(options, row.family, row.index);
}

std::uint64_t shardCaseCount(const ComparisonOptions& options) {
  const std::uint64_t shards = options.shards < 1 ? 1 : options.shards;
  return options.shard >= options.count ? 0 : (options.count - options.shard + shards - 1) / shards;
}

namespace {

// Every strategy of the comparison on one case, judged by the case's judge (CaseJudge or CaseJudge3).
template <class Judge>
void judgeEveryStrategy(const ComparisonOptions& options, int f, std::uint64_t i, const Case& value, Judge& judgeCase,
                        oracle::Relation relation, double scaleLog10, ComparisonRow* rows,
                        std::vector<std::vector<double>>& nanoseconds, std::vector<std::vector<std::uint64_t>>& queries,
                        StrategyResult* const* answered) {
  const int strategyCount = static_cast<int>(options.strategies.size());
  for (int s = 0; s < strategyCount; ++s) {
    StrategyResult answer;
    if (answered != nullptr && answered[s] != nullptr) {
      answer = std::move(*answered[s]);
    } else {
      auto start = std::chrono::steady_clock::now();
      answer = options.strategies[s]->run(value, {});
      auto stop = std::chrono::steady_clock::now();
      nanoseconds[s][f] += std::chrono::duration<double, std::nano>(stop - start).count();
      ++queries[s][f];
    }
    Verdict verdict = judgeCase.judge(answer, *options.strategies[s]);
    ComparisonRow& row = rows[s];
    row.family = f;
    row.index = i;
    row.strategy = s;
    row.relation = oracle::relationName(relation);
    row.scaleLog10 = scaleLog10;
    row.distanceErrorU = verdict.distanceErrorU;
    row.witnessErrorU = verdict.witnessErrorU;
    row.witnessGapU = verdict.witnessGapU;
    row.iterations = answer.iterations;
    row.termination = answer.termination;
    row.kinds = kindBits(verdict);
    row.primary = verdict.reasons.empty() ? -1 : violationKindIndex(verdict.reasons.front());
    row.iterationCap = verdict.iterationCap;
    row.refused = verdict.refused;
    row.distance = answer.distance;
  }
}

}  // namespace

void compareCase(const ComparisonOptions& options, int f, std::uint64_t i, const Case& value, ComparisonRow* rows,
                 std::vector<std::vector<double>>& nanoseconds, std::vector<std::vector<std::uint64_t>>& queries,
                 StrategyResult* const* answered) {
  if (value.dimension == 3) {
    CaseJudge3 judgeCase(value);
    judgeEveryStrategy(options, f, i, value, judgeCase, judgeCase.exact().relation, log10Of(judgeCase.exact().scale),
                       rows, nanoseconds, queries, answered);
    return;
  }
  // The exact answer without Minkowski hull and closest point (rows use neither), its shape hulls kept for
  // the witness points.
  CaseJudge judgeCase(value);
  judgeEveryStrategy(options, f, i, value, judgeCase, judgeCase.exact().relation, log10Of(judgeCase.exact().scale),
                     rows, nanoseconds, queries, answered);
}


namespace {

// The groups [strategy][family], empty.
std::vector<std::vector<GroupAggregate>> emptyGroups(int strategyCount, int familyCount) {
  return std::vector<std::vector<GroupAggregate>>(strategyCount, std::vector<GroupAggregate>(familyCount));
}

// The family's timed rounds (ComparisonTiming): the first `sample` cases of the run, each strategy in turn,
// `rounds` times; nanoseconds per query of each round into rounds[s][f]. An external engine that hangs on a case of
// the sample is not timed on the family (no rounds: "—"): its round's time would be the timeout's, and every
// further round would wait for it again.
void timeFamily(const ComparisonOptions& options, int f, std::uint64_t sample, ComparisonTiming& timing) {
  std::vector<Case> cases;
  cases.reserve(sample);
  for (std::uint64_t i = 0; i < sample; ++i) {
    cases.push_back(sampleComparisonCase(options, f, shardCaseIndex(options, i)));
  }
  std::vector<StrategyResult> results(sample);
  std::vector<bool> hung(options.strategies.size(), false);
  for (int r = 0; r < options.timingRounds; ++r) {
    for (std::size_t s = 0; s < options.strategies.size(); ++s) {
      if (hung[s]) continue;
      const StrategyInfo& strategy = *options.strategies[s];
      auto start = std::chrono::steady_clock::now();
      if (strategy.runBatch) {
        runBatch(strategy, cases, results, QueryKind::Distance);
      } else {
        for (std::uint64_t i = 0; i < sample; ++i) results[i] = strategy.run(cases[i], {});
      }
      auto stop = std::chrono::steady_clock::now();
      if (std::any_of(results.begin(), results.end(),
                      [](const StrategyResult& result) { return result.failure == EngineFailure::Hang; })) {
        hung[s] = true;
        timing.rounds[s][f].clear();
        continue;
      }
      timing.rounds[s][f].push_back(std::chrono::duration<double, std::nano>(stop - start).count() /
                                    static_cast<double>(sample));
    }
  }
}

}  // namespace

std::string portableName(const std::string& name) {
  if (name.rfind("plugin:", 0) != 0) return name;
  const std::string rest = name.substr(7);
  const std::size_t hash = rest.find('#');
  const std::string path = rest.substr(0, hash);
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return name;
  return "plugin:<path-to>/" + path.substr(slash + 1) + (hash == std::string::npos ? "" : rest.substr(hash));
}

std::string reportedName(const std::string& name) {
  if (name.rfind("plugin:", 0) != 0) return name;
  // A plugin shows the name and version it declares (loaded already: it ran, or its shards name it).
  try {
    if (const StrategyInfo* strategy = findStrategy(name); strategy && !strategy->label.empty()) return strategy->label;
  } catch (const std::invalid_argument&) {
    // not loadable here (a merge on another machine): its file name below
  }
  return portableName(name);
}

std::uint64_t casesDone(const ComparisonResult& result) {
  std::uint64_t n = 0;
  for (std::uint64_t c : result.casesDone) n += c;
  return n;
}

ComparisonResult runComparison(const ComparisonOptions& options) {
  const std::uint64_t count = shardCaseCount(options);  // this shard's cases per family
  const int strategyCount = static_cast<int>(options.strategies.size());
  const int familyCount = static_cast<int>(options.families.size());
  const int jobs = options.jobs < 1 ? 1 : options.jobs;
  const std::uint64_t total = count * static_cast<std::uint64_t>(familyCount);
  auto stopped = [&options] { return options.stop != nullptr && options.stop->load(); };

  ComparisonResult result;
  result.casesDone.assign(familyCount, 0);
  // Each worker adds its rows to its own groups; they are merged at the end (exactly, in any order).
  std::vector<std::vector<std::vector<GroupAggregate>>> groups(jobs, emptyGroups(strategyCount, familyCount));
  std::vector<WorkerTotals> totals(jobs);
  for (WorkerTotals& t : totals) {
    t.nanoseconds.assign(strategyCount, std::vector<double>(familyCount, 0.0));
    t.queries.assign(strategyCount, std::vector<std::uint64_t>(familyCount, 0));
  }
  // Memory is bounded by a chunk of cases (CHUNK) with their answers and rows, not by the study: a chunk is
  // sampled, answered by the external engines, judged by the workers, handed to options.rows in order, and
  // forgotten.
  std::vector<Case> cases;
  std::vector<ComparisonRow> rows;
  std::vector<std::vector<StrategyResult>> batched(strategyCount);
  std::uint64_t doneBefore = 0;
  for (int f = 0; f < familyCount && !stopped(); ++f) {
    for (std::uint64_t chunkBegin = 0; chunkBegin < count && !stopped(); chunkBegin += CHUNK) {
      const std::uint64_t chunkSize = std::min(CHUNK, count - chunkBegin);
      // Sampling stays on this thread: the generators are deterministic, cheap, and not shared.
      cases.clear();
      for (std::uint64_t i = chunkBegin; i < chunkBegin + chunkSize; ++i) {
        cases.push_back(sampleComparisonCase(options, f, shardCaseIndex(options, i)));
      }
      rows.assign(chunkSize * strategyCount, ComparisonRow{});
      // External engines first: the chunk's cases stream through the engines' workers, each stream's requests
      // pipelined (docs/workers.md), before the judging. (Batches of a few cases would pay a round trip each and
      // leave the worker idle while the cases are judged.) The streams of every engine are `jobs` threads' tasks,
      // so engines answer side by side, each thread through a worker process of its own (ExternalEngine keeps one
      // per concurrent batch): an answer depends on its case alone, so the rows are the same whatever --jobs is.
      answerExternally(options, f, chunkBegin, count, cases, batched, jobs, stopped);
      std::atomic<std::uint64_t> next{0}, done{0};
      auto work = [&](int worker) {
        WorkerTotals& mine = totals[worker];
        std::vector<std::vector<GroupAggregate>>& myGroups = groups[worker];
        std::vector<StrategyResult*> answered(strategyCount, nullptr);
        for (;;) {
          // Blocks are handed out in order and every block taken is finished, so when a stop is asked the
          // finished cases are a prefix of the chunk.
          if (stopped()) return;
          std::uint64_t begin = next.fetch_add(BLOCK);
          if (begin >= chunkSize) return;
          std::uint64_t end = std::min(begin + BLOCK, chunkSize);
          for (std::uint64_t i = begin; i < end; ++i) {
            for (int s = 0; s < strategyCount; ++s) {
              answered[s] = batched[s].empty() ? nullptr : &batched[s][i];
            }
            ComparisonRow* caseRows = &rows[i * strategyCount];
            compareCase(options, f, shardCaseIndex(options, chunkBegin + i), cases[i], caseRows, mine.nanoseconds,
                        mine.queries, answered.data());
            for (int s = 0; s < strategyCount; ++s) myGroups[s][f].add(caseRows[s]);
          }
          done.fetch_add(end - begin);
        }
      };
      std::vector<std::thread> workers;
      for (int j = 1; j < jobs; ++j) workers.emplace_back(work, j);
      if (options.progress) {
        // The calling thread reports progress while the others work, then joins in.
        std::atomic<bool> finished{false};
        std::thread reporter([&] {
          while (!finished.load()) {
            options.progress(doneBefore + done.load(), total);
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
          }
        });
        work(0);
        for (std::thread& t : workers) t.join();
        finished = true;
        reporter.join();
      } else {
        work(0);
        for (std::thread& t : workers) t.join();
      }
      const std::uint64_t finished = std::min(next.load(), chunkSize);  // a prefix (see work)
      for (std::vector<StrategyResult>& answers : batched) answers.clear();
      result.casesDone[f] += finished;
      doneBefore += finished;
      if (options.progress) options.progress(doneBefore, total);
      if (options.rows && finished > 0) options.rows(rows.data(), finished * strategyCount);
      if (options.keepRows) {
        result.rows.insert(result.rows.end(), std::make_move_iterator(rows.begin()),
                           std::make_move_iterator(rows.begin() + static_cast<std::ptrdiff_t>(finished * strategyCount)));
      }
    }
  }
  result.interrupted = stopped() && doneBefore < total;
  result.groups = emptyGroups(strategyCount, familyCount);
  for (const auto& mine : groups) {
    for (int s = 0; s < strategyCount; ++s) {
      for (int f = 0; f < familyCount; ++f) result.groups[s][f].merge(mine[s][f]);
    }
  }
  // The times, apart from the judged pass (whose rows they never touch): timed rounds of a fixed sample.
  result.timing.rounds.assign(strategyCount, std::vector<std::vector<double>>(familyCount));
  if (!result.interrupted && options.timingRounds > 0 && count > 0) {
    result.timing.sample = std::min(TIMING_SAMPLE, count);
    for (int f = 0; f < familyCount && !stopped(); ++f) timeFamily(options, f, result.timing.sample, result.timing);
    if (stopped()) {  // interrupted while timing: every case was judged, the times are not all there
      result.timing = ComparisonTiming{{}, 0};
      result.interrupted = true;
    }
  }
  return result;
}

double ValueHistogram::cut(double value) {
  if (value == 0) return 0.0;  // -0 too
  constexpr int DROPPED = 52 - HISTOGRAM_BITS;
  const std::uint64_t bits = std::bit_cast<std::uint64_t>(value) & ~((std::uint64_t{1} << DROPPED) - 1);
  return std::bit_cast<double>(bits);
}

void ValueHistogram::add(double value) {
  if (!std::isfinite(value)) return;
  ++bins[cut(value)];
  max = count == 0 ? value : std::max(max, value);
  ++count;
}

void ValueHistogram::merge(const ValueHistogram& other) {
  if (other.count == 0) return;
  for (const auto& [bin, n] : other.bins) bins[bin] += n;
  max = count == 0 ? other.max : std::max(max, other.max);
  count += other.count;
}

double ValueHistogram::percentile(double p) const {
  if (count == 0) return std::nan("");
  std::uint64_t rank = static_cast<std::uint64_t>(std::ceil(p * static_cast<double>(count)));
  rank = std::clamp<std::uint64_t>(rank, 1, count);
  if (rank == count) return max;
  std::uint64_t below = 0;
  for (const auto& [bin, n] : bins) {
    below += n;
    if (below >= rank) return bin;
  }
  return max;
}

int scaleBin(double scaleLog10) {
  return static_cast<int>(std::floor((std::clamp(scaleLog10, SCALE_LOW, SCALE_HIGH - 1e-9) - SCALE_LOW) / 2));
}

bool worseCandidate(const GalleryCandidate& a, const GalleryCandidate& b) {
  const bool aFinite = std::isfinite(a.distanceErrorU), bFinite = std::isfinite(b.distanceErrorU);
  if (aFinite != bFinite) return !aFinite;
  if (aFinite && a.distanceErrorU != b.distanceErrorU) return a.distanceErrorU > b.distanceErrorU;
  const bool aNan = std::isnan(a.witnessErrorU), bNan = std::isnan(b.witnessErrorU);
  if (aNan != bNan) return aNan;
  if (!aNan && a.witnessErrorU != b.witnessErrorU) return a.witnessErrorU > b.witnessErrorU;
  return std::tie(a.family, a.index) < std::tie(b.family, b.index);
}

void GroupAggregate::add(const ComparisonRow& row) {
  ++cases;
  if (row.refused) {
    ++refused;
    return;
  }
  ++answered;
  violations += row.kinds != 0;
  for (int k = 0; k < VIOLATION_KIND_COUNT; ++k) byKind[k] += (row.kinds >> k) & 1u;
  if (row.primary >= 0) ++byPrimary[row.primary];
  capHits += row.iterationCap;
  capHitsRight += row.iterationCap && row.kinds == 0;
  if (row.iterations >= 0) {
    ++iterationsReported;
    iterationsSum += static_cast<std::uint64_t>(row.iterations);
    ++iterations[row.iterations];
  }
  distance.add(row.distanceErrorU);
  witness.add(row.witnessErrorU);
  const int bin = scaleBin(row.scaleLog10);
  ++scaleCases[bin];
  scaleViolations[bin] += row.kinds != 0;
  if (row.kinds != 0) {
    GalleryCandidate candidate{row.family, row.index, row.distanceErrorU, row.witnessErrorU, row.kinds};
    if (!hasWorst || worseCandidate(candidate, worst)) worst = candidate;
    hasWorst = true;
  }
}

void GroupAggregate::merge(const GroupAggregate& o) {
  cases += o.cases;
  refused += o.refused;
  answered += o.answered;
  violations += o.violations;
  for (int k = 0; k < VIOLATION_KIND_COUNT; ++k) {
    byPrimary[k] += o.byPrimary[k];
    byKind[k] += o.byKind[k];
  }
  capHits += o.capHits;
  capHitsRight += o.capHitsRight;
  iterationsReported += o.iterationsReported;
  iterationsSum += o.iterationsSum;
  distance.merge(o.distance);
  witness.merge(o.witness);
  for (const auto& [i, n] : o.iterations) iterations[i] += n;
  for (int b = 0; b < SCALE_BINS; ++b) {
    scaleCases[b] += o.scaleCases[b];
    scaleViolations[b] += o.scaleViolations[b];
  }
  if (o.hasWorst && (!hasWorst || worseCandidate(o.worst, worst))) worst = o.worst;
  hasWorst = hasWorst || o.hasWorst;
}

}  // namespace gjk::check
