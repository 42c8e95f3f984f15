#include "report/comparison.h"

#include <gmp.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <span>
#include <thread>

#include "families/families.h"
#include "verdict/exact_case.h"
#include "verdict/verdict.h"

namespace gjk::check {
namespace {

constexpr std::uint64_t BLOCK = 64;  // cases a worker takes at a time
// Cases an external engine is sent in one stream before `streaming` is told how far it got: the pipeline
// drains once per stream, one round trip (tens of microseconds) per 4,096 queries of a few microseconds.
constexpr std::uint64_t STREAM = 4096;

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

Case comparisonCase(const ComparisonOptions& options, const ComparisonRow& row) {
  return sampleFamily(options.families[row.family], options.seed, row.index);
}

std::uint64_t shardCaseCount(const ComparisonOptions& options) {
  const std::uint64_t shards = options.shards < 1 ? 1 : options.shards;
  return options.shard >= options.count ? 0 : (options.count - options.shard + shards - 1) / shards;
}

void compareCase(const ComparisonOptions& options, int f, std::uint64_t i, const Case& value, ComparisonRow* rows,
                 std::vector<std::vector<double>>& nanoseconds, std::vector<std::vector<std::uint64_t>>& queries,
                 StrategyResult* const* answered) {
  const int strategyCount = static_cast<int>(options.strategies.size());
  // The exact answer without Minkowski hull and closest point (rows use neither), its shape hulls kept for
  // the witness points.
  CaseJudge judgeCase(value);
  const oracle::ExactAnswer& exact = judgeCase.exact();
  double scaleLog10 = log10Of(exact.scale);
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
    row.relation = oracle::relationName(exact.relation);
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

ComparisonResult runComparison(const ComparisonOptions& options) {
  const std::uint64_t count = shardCaseCount(options);  // this shard's cases per family
  const int strategyCount = static_cast<int>(options.strategies.size());
  const int familyCount = static_cast<int>(options.families.size());
  const int jobs = options.jobs < 1 ? 1 : options.jobs;
  const std::uint64_t total = count * static_cast<std::uint64_t>(familyCount);

  ComparisonResult result;
  std::vector<WorkerTotals> totals(jobs);
  for (WorkerTotals& t : totals) {
    t.nanoseconds.assign(strategyCount, std::vector<double>(familyCount, 0.0));
    t.queries.assign(strategyCount, std::vector<std::uint64_t>(familyCount, 0));
  }
  std::uint64_t doneBefore = 0;
  for (int f = 0; f < familyCount; ++f) {
    // Sampling stays on this thread: the generators are deterministic, cheap, and not shared.
    std::vector<Case> cases;
    cases.reserve(count);
    for (std::uint64_t i = 0; i < count; ++i) {
      cases.push_back(sampleFamily(options.families[f], options.seed, shardCaseIndex(options, i)));
    }
    std::vector<ComparisonRow> rows(count * strategyCount);
    // External engines first: every case of the family streams through one worker per engine, its requests
    // pipelined (docs/workers.md), before the judging; the time of the stream is shared equally among its
    // queries. (Batches of a few cases would pay a round trip each and leave the worker idle while the
    // cases are judged.)
    std::vector<std::vector<StrategyResult>> batched(strategyCount);
    for (int s = 0; s < strategyCount; ++s) {
      if (!options.strategies[s]->runBatch) continue;
      batched[s].resize(count);
      auto start = std::chrono::steady_clock::now();
      for (std::uint64_t begin = 0; begin < count; begin += STREAM) {
        const std::uint64_t size = std::min(STREAM, count - begin);
        runBatch(*options.strategies[s], std::span<const Case>(cases).subspan(begin, size),
                 std::span<StrategyResult>(batched[s]).subspan(begin, size));
        if (options.streaming) options.streaming(options.strategies[s]->name, options.families[f], begin + size, count);
      }
      auto stop = std::chrono::steady_clock::now();
      totals[0].nanoseconds[s][f] += std::chrono::duration<double, std::nano>(stop - start).count();
      totals[0].queries[s][f] += count;
    }
    std::atomic<std::uint64_t> next{0}, done{0};
    auto work = [&](int worker) {
      WorkerTotals& mine = totals[worker];
      std::vector<StrategyResult*> answered(strategyCount, nullptr);
      for (;;) {
        std::uint64_t begin = next.fetch_add(BLOCK);
        if (begin >= count) return;
        std::uint64_t end = std::min(begin + BLOCK, count);
        for (std::uint64_t i = begin; i < end; ++i) {
          for (int s = 0; s < strategyCount; ++s) {
            answered[s] = batched[s].empty() ? nullptr : &batched[s][i];
          }
          compareCase(options, f, shardCaseIndex(options, i), cases[i], &rows[i * strategyCount], mine.nanoseconds,
                      mine.queries, answered.data());
        }
        done.fetch_add(end - begin);
      }
    };
    std::vector<std::thread> workers;
    for (int j = 1; j < jobs; ++j) workers.emplace_back(work, j);
    if (options.progress) {
      // The calling thread reports progress while the others work, then joins in.
      std::thread reporter;
      std::atomic<bool> finished{false};
      reporter = std::thread([&] {
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
    doneBefore += count;
    if (options.progress) options.progress(doneBefore, total);
    result.rows.insert(result.rows.end(), std::make_move_iterator(rows.begin()), std::make_move_iterator(rows.end()));
  }
  result.timing.meanNanoseconds.assign(strategyCount, std::vector<double>(familyCount, 0.0));
  for (int s = 0; s < strategyCount; ++s) {
    for (int f = 0; f < familyCount; ++f) {
      double ns = 0;
      std::uint64_t n = 0;
      for (const WorkerTotals& t : totals) {
        ns += t.nanoseconds[s][f];
        n += t.queries[s][f];
      }
      result.timing.meanNanoseconds[s][f] = n ? ns / static_cast<double>(n) : 0.0;
    }
  }
  return result;
}

}  // namespace gjk::check
