#include "report/query_comparison.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "families/families.h"
#include "report/comparison_summary.h"
#include "report/query_report.h"

namespace gjk::check {
namespace {

// Cases of one family a worker takes at a time: an external engine gets them as one pipelined batch.
constexpr std::uint64_t QUERY_BLOCK = 64;

// The columns of primary kinds, in order: the verdict's kinds, then the engine failures.
std::vector<std::string> primaryColumns(const Query& query) {
  std::vector<std::string> columns(query.violationKinds().begin(), query.violationKinds().end());
  for (const char* failure : ENGINE_FAILURE_KINDS) columns.push_back(failure);
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

// "Penetration" for "penetration": the section's title.
std::string title(const Query& query) {
  std::string text = query.name();
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

bool tabled(const Query& query, std::size_t measure) { return query.measures()[measure].tableLabel != nullptr; }

// The dimension of the strategies' cases: 3 for 3D strategies, else 2 (no strategy: 2).
int dimensionOf(const std::vector<const StrategyInfo*>& strategies) {
  const int dimension = strategies.empty() ? 2 : strategies.front()->dimension;
  for (const StrategyInfo* strategy : strategies) {
    if (strategy->dimension != dimension) {
      throw std::invalid_argument("a comparison takes strategies of one dimension: " + strategies.front()->name +
                                  " answers " + std::to_string(dimension) + "D cases, " + strategy->name + " " +
                                  std::to_string(strategy->dimension) + "D ones");
    }
  }
  return dimension;
}

}  // namespace

void QueryCell::add(const QueryComparisonRow& row) {
  ++cases;
  if (row.primary == "refused")
    ++refused;
  if (row.primary == "no-answer")
    ++unanswered;
  if (row.undecided)
    ++undecided;
  if (row.primary != "ok" && row.primary != "refused" && row.primary != "no-answer")
    ++primaries[row.primary];
  for (std::size_t m = 0; m < histograms.size(); ++m) histograms[m].add(row.measures[m]);
}

void QueryCell::merge(const QueryCell& o) {
  cases += o.cases;
  refused += o.refused;
  unanswered += o.unanswered;
  undecided += o.undecided;
  for (const auto& [kind, n] : o.primaries) primaries[kind] += n;
  for (std::size_t m = 0; m < histograms.size(); ++m) histograms[m].merge(o.histograms[m]);
}

QueryComparison runQueryComparison(const Query& query, const std::vector<const StrategyInfo*>& strategies,
                                   const std::vector<std::string>& families, std::uint64_t count, std::uint64_t seed,
                                   int jobs, const QueryRowSink& sink, bool keepRows,
                                   const std::atomic<bool>* stop) {
  QueryComparison comparison{&query, strategies, families, count, seed, {}, 0, {}, dimensionOf(strategies)};
  const std::size_t strategyCount = strategies.size();
  QueryCell empty;
  empty.histograms.resize(query.measures().size());
  auto emptyCells = [&] {
    return std::vector<std::vector<QueryCell>>(strategyCount, std::vector<QueryCell>(families.size(), empty));
  };
  const int workers = std::max(jobs, 1);
  std::vector<std::vector<std::vector<QueryCell>>> cells(workers, emptyCells());
  auto stopped = [stop] { return stop != nullptr && stop->load(); };
  std::vector<QueryComparisonRow> rows;
  // Work goes in blocks of one family's cases, so that an external engine answers a whole block at once,
  // its requests pipelined (check::runBatch, as the distance comparison sends them); the strategies in this
  // process answer case by case. Blocks are taken from a chunk of CHUNK cases; the chunk's rows are handed
  // on in order, then forgotten.
  for (std::size_t family = 0; family < families.size() && !stopped(); ++family) {
    for (std::uint64_t chunkBegin = 0; chunkBegin < count && !stopped(); chunkBegin += CHUNK) {
      const std::uint64_t chunkSize = std::min(CHUNK, count - chunkBegin);
      rows.assign(chunkSize * strategyCount, QueryComparisonRow{});
      std::atomic<std::uint64_t> next{0};
      auto work = [&](int worker) {
        std::vector<Case> cases;
        std::vector<std::vector<StrategyResult>> results(strategyCount);
        for (;;) {
          if (stopped()) return;
          const std::uint64_t begin = next.fetch_add(QUERY_BLOCK);
          if (begin >= chunkSize) return;
          const std::uint64_t end = std::min(begin + QUERY_BLOCK, chunkSize);
          cases.clear();
          for (std::uint64_t c = begin; c < end; ++c) {
            cases.push_back(sampleFamilyOf(comparison.dimension, families[family], seed, chunkBegin + c));
          }
          for (std::size_t s = 0; s < strategyCount; ++s) {
            results[s].assign(cases.size(), StrategyResult{});
            runBatch(*strategies[s], cases, results[s], askedKind(query));
          }
          for (std::size_t c = 0; c < cases.size(); ++c) {
            const Case& value = cases[c];
            const std::unique_ptr<PreparedExact> prepared = query.prepareCase(value);
            for (std::size_t s = 0; s < strategyCount; ++s) {
              const StrategyResult& result = results[s][c];
              QueryVerdict verdict = query.judgeCase(value, *prepared, result, *strategies[s]);
              QueryComparisonRow& row = rows[(begin + c) * strategyCount + s];
              row.family = static_cast<int>(family);
              row.index = chunkBegin + begin + c;
              row.strategy = static_cast<int>(s);
              row.primary = !verdict.judged ? "no-answer" : query.primaryKind(verdict);
              row.answer = query.answerValues(result);
              row.measures = std::move(verdict.measures);
              row.undecided = !verdict.undecided.empty();
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

std::uint64_t countViolations(const QueryComparison& comparison) {
  std::uint64_t violations = 0;
  for (const auto& families : comparison.cells) {
    for (const QueryCell& cell : families) {
      for (const auto& [kind, n] : cell.primaries) violations += n;
    }
  }
  return violations;
}

std::string queryComparisonTable(const QueryComparison& comparison) {
  const Query& query = *comparison.query;
  const std::vector<std::string> columns = primaryColumns(query);
  std::string text = "| strategy | family | cases | refused | answered | violations |";
  std::string rule = "|---|---|---:|---:|---:|---:|";
  for (const std::string& c : columns) {
    text += " " + c + " |";
    rule += "---:|";
  }
  text += " no answer |";
  rule += "---:|";
  // Only where some answer met an undecided enclosure (rotating casts): the tables of every other run keep
  // their columns.
  bool anyUndecided = false;
  for (const auto& families : comparison.cells) {
    for (const QueryCell& cell : families) anyUndecided = anyUndecided || cell.undecided > 0;
  }
  if (anyUndecided) {
    text += " undecided |";
    rule += "---:|";
  }
  for (const QueryMeasure& measure : query.measures()) {
    if (measure.tableLabel == nullptr) continue;
    text += std::string(" ") + measure.tableLabel + " p50 | p99 | max |";
    rule += "---:|---:|---:|";
  }
  text += "\n";
  text += rule + "\n";
  for (std::size_t s = 0; s < comparison.strategies.size(); ++s) {
    for (std::size_t f = 0; f < comparison.families.size(); ++f) {
      const QueryCell& cell = comparison.cells[s][f];
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
      if (anyUndecided) text += " " + std::to_string(cell.undecided) + " |";
      for (std::size_t m = 0; m < cell.histograms.size(); ++m) {
        if (!tabled(query, m)) continue;
        const ValueHistogram& values = cell.histograms[m];
        text += " " + number(values.percentile(0.5)) + " | " + number(values.percentile(0.99)) + " | " +
                number(values.count ? values.max : std::nan("")) + " |";
      }
      text += "\n";
    }
  }
  return text;
}

std::string queryComparisonFile(const Query& query) { return std::string(query.name()) + ".md"; }

std::string queryComparisonHeading(const Query& query) { return "# " + title(query) + " comparison"; }

std::string queryRowsFile(const Query& query) { return std::string(query.name()) + "_rows.csv"; }

std::string queryRowsHeader(const Query& query) {
  std::string text = "family,index,strategy,primary";
  for (const AnswerColumn& column : query.answerColumns()) text += std::string(",") + column.key;
  for (const QueryMeasure& measure : query.measures()) text += std::string(",") + measure.key;
  return text + "\n";
}

// The answer with %.9g, the measures with %.6g.
void appendQueryRow(std::string& text, const std::vector<const StrategyInfo*>& strategies,
                    const std::vector<std::string>& families, const QueryComparisonRow& row) {
  char field[64];
  text += families[row.family] + "," + std::to_string(row.index) + "," + reportedName(strategies[row.strategy]->name) +
          "," + row.primary;
  for (double value : row.answer) {
    std::snprintf(field, sizeof field, ",%.9g", value);
    text += field;
  }
  for (double value : row.measures) {
    std::snprintf(field, sizeof field, ",%.6g", value);
    text += field;
  }
  text += "\n";
}

bool queryRowKept(RowsKept rows, const QueryComparisonRow& row) {
  if (rows == RowsKept::All) return true;
  if (rows == RowsKept::None) return false;
  return row.primary != "ok" && row.primary != "refused" && row.primary != "no-answer";
}

void writeQueryComparison(const std::filesystem::path& folder, const QueryComparison& comparison,
                          const std::string& command, RowsKept rows) {
  const Query& query = *comparison.query;
  const QueryReport* report = queryReport(query);
  const std::string name = query.name();
  const std::string table = queryComparisonTable(comparison);
  const std::string section = "## " + title(query) + "\n\nEvery " + name + " strategy on " +
                              (report ? report->comparisonScope(comparison.dimension) : "its families") + " (" +
                              std::to_string(comparison.count) + " cases each, seed " +
                              std::to_string(comparison.seed) + "), judged against " +
                              (report ? report->judgedAgainst(comparison.dimension) : "the exact answer") +
                              "; errors in u, primary kinds "
                              "counted once per answer; `answered` is cases − refused; percentiles nearest rank over the judged "
                              "errors, read off histograms of relative bin width 2^-" + std::to_string(HISTOGRAM_BITS) +
                              " (max exact)" +
                              (table.find(" undecided |") != std::string::npos
                                   ? "; `undecided`: answers for which the exact enclosure of a turning sweep could not "
                                     "decide a kind (not violations; docs/verdict.md)"
                                   : "") +
                              (rows == RowsKept::None        ? ". Rows: not kept (--rows none)"
                               : rows == RowsKept::Violations ? ". Rows: " + queryRowsFile(query) + " (violations only)"
                                                              : ". Rows: " + queryRowsFile(query)) +
                              ".\n\n" + table;
  // Each file is written whole or not at all (a temporary file renamed), as the distance report's are.
  writeFileAtomically(folder / queryComparisonFile(query),
                      queryComparisonHeading(query) + "\n\n`" + command + "`\n\n" + section);
  if (const std::filesystem::path readme = folder / "README.md"; std::filesystem::exists(readme)) {
    std::ifstream in(readme, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    writeFileAtomically(readme, text + "\n" + section);
  }
  std::ostringstream summary;
  summary << "strategy,family,cases,primary,count\n";
  for (std::size_t s = 0; s < comparison.strategies.size(); ++s) {
    for (std::size_t f = 0; f < comparison.families.size(); ++f) {
      const QueryCell& cell = comparison.cells[s][f];
      for (const auto& [kind, n] : cell.primaries) {
        summary << reportedName(comparison.strategies[s]->name) << "," << comparison.families[f] << "," << cell.cases
                << "," << kind << "," << n << "\n";
      }
    }
  }
  writeFileAtomically(folder / (name + "_summary.csv"), summary.str());
  if (comparison.rows.empty()) return;  // streamed by the caller
  std::string text = queryRowsHeader(query);
  for (const QueryComparisonRow& row : comparison.rows) appendQueryRow(text, comparison.strategies, comparison.families, row);
  writeFileAtomically(folder / queryRowsFile(query), text);
}

}  // namespace gjk::check
