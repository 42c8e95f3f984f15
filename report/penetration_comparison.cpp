#include "report/penetration_comparison.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <map>
#include <thread>

#include "families/families.h"
#include "report/comparison_summary.h"
#include "verdict/exact_case.h"
#include "verdict/penetration_verdict.h"

namespace gjk::check {
namespace {

// Cases of one family a worker takes at a time: an external engine gets them as one pipelined batch.
constexpr std::uint64_t PENETRATION_BLOCK = 64;

// The columns of primary kinds, in order: the verdict's kinds, then the engine failures.
std::vector<std::string> primaryColumns() {
  std::vector<std::string> columns(PENETRATION_VIOLATION_KINDS,
                                   PENETRATION_VIOLATION_KINDS + PENETRATION_VIOLATION_KIND_COUNT);
  for (const char* failure : {"crash", "hang", "protocol"}) columns.push_back(failure);
  return columns;
}

std::string number(double value) {
  if (std::isnan(value))
    return "-";
  if (std::isinf(value))
    return "inf";
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", value);
  return text;
}

}  // namespace

std::vector<const StrategyInfo*> takePenetrationStrategies(std::vector<const StrategyInfo*>& chosen) {
  std::vector<const StrategyInfo*> penetration;
  std::vector<const StrategyInfo*> distance;
  for (const StrategyInfo* s : chosen) {
    if (answersPenetration(s->query))
      penetration.push_back(s);
    if (answersDistance(s->query))
      distance.push_back(s);
  }
  chosen = distance;
  return penetration;
}

void PenetrationCell::add(const PenetrationComparisonRow& row) {
  ++cases;
  if (row.primary == "refused")
    ++refused;
  if (row.primary == "no-answer")
    ++unanswered;
  if (row.primary != "ok" && row.primary != "refused" && row.primary != "no-answer")
    ++primaries[row.primary];
  depth.add(row.depthErrorU);
  normal.add(row.normalErrorU);
}

void PenetrationCell::merge(const PenetrationCell& o) {
  cases += o.cases;
  refused += o.refused;
  unanswered += o.unanswered;
  for (const auto& [kind, n] : o.primaries) primaries[kind] += n;
  depth.merge(o.depth);
  normal.merge(o.normal);
}

PenetrationComparison runPenetrationComparison(const std::vector<const StrategyInfo*>& strategies,
                                               const std::vector<std::string>& families, std::uint64_t count,
                                               std::uint64_t seed, int jobs, const PenetrationRowSink& sink,
                                               bool keepRows, const std::atomic<bool>* stop) {
  PenetrationComparison comparison{strategies, families, count, seed, {}, 0, {}};
  const std::size_t strategyCount = strategies.size();
  auto emptyCells = [&] {
    return std::vector<std::vector<PenetrationCell>>(strategyCount, std::vector<PenetrationCell>(families.size()));
  };
  const int workers = std::max(jobs, 1);
  std::vector<std::vector<std::vector<PenetrationCell>>> cells(workers, emptyCells());
  auto stopped = [stop] { return stop != nullptr && stop->load(); };
  std::vector<PenetrationComparisonRow> rows;
  // Work goes in blocks of one family's cases, so that an external engine answers a whole block at once,
  // its requests pipelined (check::runBatch, as the distance comparison sends them); the strategies in this
  // process answer case by case. Blocks are taken from a chunk of CHUNK cases; the chunk's rows are handed
  // on in order, then forgotten.
  for (std::size_t family = 0; family < families.size() && !stopped(); ++family) {
    for (std::uint64_t chunkBegin = 0; chunkBegin < count && !stopped(); chunkBegin += CHUNK) {
      const std::uint64_t chunkSize = std::min(CHUNK, count - chunkBegin);
      rows.assign(chunkSize * strategyCount, PenetrationComparisonRow{});
      std::atomic<std::uint64_t> next{0};
      auto work = [&](int worker) {
        std::vector<Case> cases;
        std::vector<std::vector<StrategyResult>> results(strategyCount);
        for (;;) {
          if (stopped()) return;
          const std::uint64_t begin = next.fetch_add(PENETRATION_BLOCK);
          if (begin >= chunkSize) return;
          const std::uint64_t end = std::min(begin + PENETRATION_BLOCK, chunkSize);
          cases.clear();
          for (std::uint64_t c = begin; c < end; ++c) cases.push_back(sampleFamily(families[family], seed, chunkBegin + c));
          for (std::size_t s = 0; s < strategyCount; ++s) {
            results[s].assign(cases.size(), StrategyResult{});
            runBatch(*strategies[s], cases, results[s]);
          }
          for (std::size_t c = 0; c < cases.size(); ++c) {
            const Case& value = cases[c];
            const oracle::ExactAnswer exact = solveExactly(value);
            const oracle::ExactPenetration penetration = exactPenetration(value, exact);
            for (std::size_t s = 0; s < strategyCount; ++s) {
              const StrategyResult& result = results[s][c];
              const PenetrationVerdict verdict = judgePenetration(value, exact, penetration, result, *strategies[s]);
              PenetrationComparisonRow& row = rows[(begin + c) * strategyCount + s];
              row.family = static_cast<int>(family);
              row.index = chunkBegin + begin + c;
              row.strategy = static_cast<int>(s);
              row.primary = !verdict.judged                             ? "no-answer"
                            : verdict.failure == EngineFailure::Refused ? "refused"
                                                                        : primaryPenetrationKind(verdict);
              row.overlapping = result.penetration.overlapping;
              row.depth = result.penetration.depth;
              row.depthErrorU = verdict.depthErrorU;
              row.normalErrorU = verdict.normalErrorU;
              row.contactErrorU = verdict.contactErrorU;
              cells[worker][s][family].add(row);
            }
          }
        }
      };
      std::vector<std::thread> threads;
      for (int j = 1; j < workers; ++j) threads.emplace_back(work, j);
      work(0);
      for (std::thread& t : threads) t.join();
      const std::uint64_t finished = std::min(next.load(), chunkSize);  // blocks are taken in order: a prefix
      comparison.casesDone += finished;
      if (sink && finished > 0) sink(rows.data(), finished * strategyCount);
      if (keepRows) {
        comparison.rows.insert(comparison.rows.end(), rows.begin(),
                               rows.begin() + static_cast<std::ptrdiff_t>(finished * strategyCount));
      }
    }
  }
  comparison.cells = emptyCells();
  for (const auto& mine : cells) {
    for (std::size_t s = 0; s < strategyCount; ++s) {
      for (std::size_t f = 0; f < families.size(); ++f) comparison.cells[s][f].merge(mine[s][f]);
    }
  }
  return comparison;
}

std::string penetrationTable(const PenetrationComparison& comparison) {
  const std::vector<std::string> columns = primaryColumns();
  std::string text = "| strategy | family | cases | refused | answered | violations |";
  std::string rule = "|---|---|---:|---:|---:|---:|";
  for (const std::string& c : columns) {
    text += " " + c + " |";
    rule += "---:|";
  }
  text += " no answer | depth err p50 | p99 | max | normal err p50 | p99 | max |\n";
  rule += "---:|---:|---:|---:|---:|---:|---:|\n";
  text += rule;
  for (std::size_t s = 0; s < comparison.strategies.size(); ++s) {
    for (std::size_t f = 0; f < comparison.families.size(); ++f) {
      const PenetrationCell& cell = comparison.cells[s][f];
      std::uint64_t violations = 0;
      for (const auto& [kind, n] : cell.primaries) violations += n;
      text += "| " + reportedName(comparison.strategies[s]->name) + " | " + comparison.families[f] + " | " +
              std::to_string(cell.cases) + " | " + std::to_string(cell.refused) + " | " +
              std::to_string(cell.cases - cell.refused) + " | " + std::to_string(violations) + " |";
      for (const std::string& c : columns) {
        auto it = cell.primaries.find(c);
        text += " " + std::to_string(it == cell.primaries.end() ? 0 : it->second) + " |";
      }
      text += " " + std::to_string(cell.unanswered) + " |";
      for (const ValueHistogram* values : {&cell.depth, &cell.normal}) {
        text += " " + number(values->percentile(0.5)) + " | " + number(values->percentile(0.99)) + " | " +
                number(values->count ? values->max : std::nan("")) + " |";
      }
      text += "\n";
    }
  }
  return text;
}

std::string penetrationRowsHeader() {
  return "family,index,strategy,primary,overlapping,depth,depth_error_u,normal_error_u,contact_error_u\n";
}

void appendPenetrationRow(std::string& text, const std::vector<const StrategyInfo*>& strategies,
                          const std::vector<std::string>& families, const PenetrationComparisonRow& row) {
  char line[512];
  std::snprintf(line, sizeof line, "%s,%llu,%s,%s,%d,%.9g,%.6g,%.6g,%.6g\n", families[row.family].c_str(),
                static_cast<unsigned long long>(row.index), reportedName(strategies[row.strategy]->name).c_str(),
                row.primary.c_str(), row.overlapping ? 1 : 0, row.depth, row.depthErrorU, row.normalErrorU,
                row.contactErrorU);
  text += line;
}

void writePenetrationComparison(const std::filesystem::path& folder, const PenetrationComparison& comparison,
                                const std::string& command) {
  const std::string table = penetrationTable(comparison);
  const std::string section = "## Penetration\n\nEvery penetration strategy on the overlap families (" +
                              std::to_string(comparison.count) + " cases each, seed " +
                              std::to_string(comparison.seed) +
                              "), judged against the exact depth and normals (docs/verdict.md, Penetration); "
                              "errors in u, primary kinds "
                              "counted once per answer; `answered` is cases − refused; percentiles nearest rank over the judged "
                              "errors, read off histograms of relative bin width 2^-" + std::to_string(HISTOGRAM_BITS) +
                              " (max exact). Rows: penetration_rows.csv.\n\n" +
                              table;
  // Each file is written whole or not at all (a temporary file renamed), as the distance report's are.
  writeFileAtomically(folder / "penetration.md", "# Penetration comparison\n\n`" + command + "`\n\n" + section);
  if (const std::filesystem::path readme = folder / "README.md"; std::filesystem::exists(readme)) {
    std::ifstream in(readme, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    writeFileAtomically(readme, text + "\n" + section);
  }
  std::ostringstream summary;
  summary << "strategy,family,cases,primary,count\n";
  for (std::size_t s = 0; s < comparison.strategies.size(); ++s) {
    for (std::size_t f = 0; f < comparison.families.size(); ++f) {
      const PenetrationCell& cell = comparison.cells[s][f];
      for (const auto& [kind, n] : cell.primaries) {
        summary << reportedName(comparison.strategies[s]->name) << "," << comparison.families[f] << "," << cell.cases << ","
                << kind << "," << n << "\n";
      }
    }
  }
  writeFileAtomically(folder / "penetration_summary.csv", summary.str());
  if (comparison.rows.empty()) return;  // streamed by the caller
  std::string text = penetrationRowsHeader();
  for (const PenetrationComparisonRow& row : comparison.rows) {
    appendPenetrationRow(text, comparison.strategies, comparison.families, row);
  }
  writeFileAtomically(folder / "penetration_rows.csv", text);
}

}  // namespace gjk::check
