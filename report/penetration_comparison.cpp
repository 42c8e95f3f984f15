#include "report/penetration_comparison.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <fstream>
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

struct Cell {
  int cases = 0;
  int refused = 0;
  int unanswered = 0;
  std::map<std::string, int> primaries;
  std::vector<double> depth;
  std::vector<double> normal;
};

std::map<std::pair<int, int>, Cell> cells(const PenetrationComparison& comparison) {
  std::map<std::pair<int, int>, Cell> result;
  for (const PenetrationComparisonRow& row : comparison.rows) {
    Cell& cell = result[{row.strategy, row.family}];
    ++cell.cases;
    if (row.primary == "refused")
      ++cell.refused;
    if (row.primary == "no-answer")
      ++cell.unanswered;
    if (row.primary != "ok" && row.primary != "refused" && row.primary != "no-answer")
      ++cell.primaries[row.primary];
    if (!std::isnan(row.depthErrorU))
      cell.depth.push_back(row.depthErrorU);
    if (!std::isnan(row.normalErrorU))
      cell.normal.push_back(row.normalErrorU);
  }
  return result;
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

PenetrationComparison runPenetrationComparison(const std::vector<const StrategyInfo*>& strategies,
                                               const std::vector<std::string>& families, std::uint64_t count,
                                               std::uint64_t seed, int jobs) {
  PenetrationComparison comparison{strategies, families, count, seed, {}};
  comparison.rows.resize(families.size() * count * strategies.size());
  // Work goes in blocks of one family's cases, so that an external engine answers a whole block at once,
  // its requests pipelined (check::runBatch, as the distance comparison sends them); the strategies in this
  // process answer case by case.
  const std::uint64_t blocksPerFamily = (count + PENETRATION_BLOCK - 1) / PENETRATION_BLOCK;
  const std::uint64_t blocks = families.size() * blocksPerFamily;
  std::atomic<std::uint64_t> next{0};
  auto work = [&]() {
    std::vector<Case> cases;
    std::vector<std::vector<StrategyResult>> results(strategies.size());
    for (std::uint64_t b = next++; b < blocks; b = next++) {
      const int family = static_cast<int>(b / blocksPerFamily);
      const std::uint64_t begin = (b % blocksPerFamily) * PENETRATION_BLOCK;
      const std::uint64_t end = std::min(begin + PENETRATION_BLOCK, count);
      cases.clear();
      for (std::uint64_t index = begin; index < end; ++index) cases.push_back(sampleFamily(families[family], seed, index));
      for (std::size_t s = 0; s < strategies.size(); ++s) {
        results[s].assign(cases.size(), StrategyResult{});
        runBatch(*strategies[s], cases, results[s]);
      }
      for (std::size_t c = 0; c < cases.size(); ++c) {
        const Case& value = cases[c];
        const oracle::ExactAnswer exact = solveExactly(value);
        const oracle::ExactPenetration penetration = exactPenetration(value, exact);
        const std::uint64_t k = family * count + begin + c;
        for (std::size_t s = 0; s < strategies.size(); ++s) {
          const StrategyResult& result = results[s][c];
          const PenetrationVerdict verdict = judgePenetration(value, exact, penetration, result, *strategies[s]);
          PenetrationComparisonRow& row = comparison.rows[k * strategies.size() + s];
          row.family = family;
          row.index = begin + c;
          row.strategy = static_cast<int>(s);
          row.primary = !verdict.judged                             ? "no-answer"
                        : verdict.failure == EngineFailure::Refused ? "refused"
                                                                    : primaryPenetrationKind(verdict);
          row.overlapping = result.penetration.overlapping;
          row.depth = result.penetration.depth;
          row.depthErrorU = verdict.depthErrorU;
          row.normalErrorU = verdict.normalErrorU;
          row.contactErrorU = verdict.contactErrorU;
        }
      }
    }
  };
  std::vector<std::thread> threads;
  for (int j = 1; j < std::max(jobs, 1); ++j) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
  return comparison;
}

std::string penetrationTable(const PenetrationComparison& comparison) {
  const std::vector<std::string> columns = primaryColumns();
  std::string text = "| strategy | family | cases | violations |";
  std::string rule = "|---|---|---:|---:|";
  for (const std::string& c : columns) {
    text += " " + c + " |";
    rule += "---:|";
  }
  text += " refused | no answer | depth err p50 | p99 | max | normal err p50 | p99 | max |\n";
  rule += "---:|---:|---:|---:|---:|---:|---:|---:|\n";
  text += rule;
  std::map<std::pair<int, int>, Cell> table = cells(comparison);
  for (std::size_t s = 0; s < comparison.strategies.size(); ++s) {
    for (std::size_t f = 0; f < comparison.families.size(); ++f) {
      Cell& cell = table[{static_cast<int>(s), static_cast<int>(f)}];
      int violations = 0;
      for (const auto& [kind, n] : cell.primaries) violations += n;
      text += "| " + comparison.strategies[s]->name + " | " + comparison.families[f] + " | " +
              std::to_string(cell.cases) + " | " + std::to_string(violations) + " |";
      for (const std::string& c : columns) text += " " + std::to_string(cell.primaries[c]) + " |";
      text += " " + std::to_string(cell.refused) + " | " + std::to_string(cell.unanswered) + " |";
      for (std::vector<double>* values : {&cell.depth, &cell.normal}) {
        // One statement each: percentile sorts the values, and the max is the last of the sorted values.
        const double p50 = percentile(*values, 0.5);
        const double p99 = percentile(*values, 0.99);
        const double max = values->empty() ? std::nan("") : values->back();
        text += " " + number(p50) + " | " + number(p99) + " | " + number(max) + " |";
      }
      text += "\n";
    }
  }
  return text;
}

void writePenetrationComparison(const std::filesystem::path& folder, const PenetrationComparison& comparison,
                                const std::string& command) {
  const std::string table = penetrationTable(comparison);
  const std::string section = "## Penetration\n\nEvery penetration strategy on the overlap families (" +
                              std::to_string(comparison.count) + " cases each, seed " +
                              std::to_string(comparison.seed) +
                              "), judged against the exact depth and normals (docs/verdict.md, Penetration); "
                              "errors in u, primary kinds "
                              "counted once per answer. Rows: penetration_rows.csv.\n\n" +
                              table;
  std::ofstream(folder / "penetration.md") << "# Penetration comparison\n\n`" << command << "`\n\n"
                                           << section;
  if (std::filesystem::exists(folder / "README.md")) {
    std::ofstream(folder / "README.md", std::ios::app) << "\n" << section;
  }
  std::ofstream summary(folder / "penetration_summary.csv");
  summary << "strategy,family,cases,primary,count\n";
  for (const auto& [key, cell] : cells(comparison)) {
    for (const auto& [kind, n] : cell.primaries) {
      summary << comparison.strategies[key.first]->name << "," << comparison.families[key.second] << ","
              << cell.cases << "," << kind << "," << n << "\n";
    }
  }
  std::ofstream rows(folder / "penetration_rows.csv");
  rows << "family,index,strategy,primary,overlapping,depth,depth_error_u,normal_error_u,contact_error_u\n";
  char line[512];
  for (const PenetrationComparisonRow& row : comparison.rows) {
    std::snprintf(line, sizeof line, "%s,%llu,%s,%s,%d,%.9g,%.6g,%.6g,%.6g\n",
                  comparison.families[row.family].c_str(), static_cast<unsigned long long>(row.index),
                  comparison.strategies[row.strategy]->name.c_str(), row.primary.c_str(),
                  row.overlapping ? 1 : 0, row.depth, row.depthErrorU, row.normalErrorU, row.contactErrorU);
    rows << line;
  }
}

}  // namespace gjk::check
