// The comparison section of a query (report/query_comparison.h), for the penetration query, with two test doubles: one
// answers the exact depth and a minimal normal (rounded to double), the other claims overlap with depth 0
// along (0, 1). The first has no violation anywhere; the second's primary kinds are counted per family.
#include "report/query_comparison.h"

#include <gtest/gtest.h>

#include <cmath>
#include <mutex>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "families/families.h"
#include "oracle/penetration.h"
#include "verdict/exact_case.h"

namespace gjk::check {
namespace {

StrategyResult exactDouble(const Case& value, const RunOptions&) {
  const oracle::ExactPenetration p = oracle::solvePenetration(toOracleShape(value.a), toOracleShape(value.b));
  StrategyResult result;
  result.penetration.answered = true;
  result.penetration.overlapping = true;
  result.penetration.depth = static_cast<double>(oracle::penetrationDepth(p));
  const oracle::ExactPoint n = p.normals.empty() ? p.normalArcs.front().from : p.normals.front();
  const double x = static_cast<double>(n.x), y = static_cast<double>(n.y);
  result.penetration.normal = {x / std::hypot(x, y), y / std::hypot(x, y)};
  // Contact points: a world vertex of each shape (on its shape exactly).
  const auto& va = value.a.vertices[0];
  const auto& vb = value.b.vertices[0];
  result.penetration.pointA = {
      double(value.a.rotationC) * va.x - double(value.a.rotationS) * va.y + value.a.positionX,
      double(value.a.rotationS) * va.x + double(value.a.rotationC) * va.y + value.a.positionY};
  result.penetration.pointB = {
      double(value.b.rotationC) * vb.x - double(value.b.rotationS) * vb.y + value.b.positionX,
      double(value.b.rotationS) * vb.x + double(value.b.rotationC) * vb.y + value.b.positionY};
  return result;
}

StrategyResult depthZero(const Case& value, const RunOptions& options) {
  StrategyResult result = exactDouble(value, options);
  result.penetration.depth = 0;
  return result;
}

StrategyInfo double_(const char* name, RunFunction run) {
  StrategyInfo info;
  info.name = name;
  info.scalar = "double";
  info.query = QueryKind::Penetration;
  info.run = run;
  return info;
}

TEST(PenetrationComparison, countsPrimaryKindsPerStrategyAndFamily) {
  const StrategyInfo good = double_("exact-double", exactDouble);
  const StrategyInfo bad = double_("depth-zero", depthZero);
  std::vector<const StrategyInfo*> chosen = {&good, &bad};
  const std::vector<const StrategyInfo*> penetration = strategiesAnswering(penetrationQuery(), chosen);
  EXPECT_TRUE(strategiesAnswering(distanceQuery(), chosen).empty());  // penetration-only strategies answer no distance
  ASSERT_EQ(penetration.size(), 2u);
  const QueryComparison comparison =
      runQueryComparison(penetrationQuery(), penetration, {"deep-overlap", "containment"}, 20, 7, 2);
  ASSERT_EQ(comparison.rows.size(), 2u * 20u * 2u);
  int goodViolations = 0, badDepthErrors = 0;
  for (const QueryComparisonRow& row : comparison.rows) {
    if (row.strategy == 0)
      goodViolations += row.primary != "ok";
    if (row.strategy == 1)
      badDepthErrors += row.primary == "depth-error";
  }
  EXPECT_EQ(goodViolations, 0);
  EXPECT_EQ(badDepthErrors, 40);  // deep overlaps: depth 0 is off by far more than 64 u
  const std::string table = queryComparisonTable(comparison);
  // cases, refused, answered, violations, then the kinds.
  EXPECT_NE(table.find("| exact-double | deep-overlap | 20 | 0 | 20 | 0 |"), std::string::npos) << table;
  EXPECT_NE(table.find("| depth-zero | containment | 20 | 0 | 20 | 20 | 0 | 0 | 20 |"), std::string::npos) << table;
  // The same rows for one job.
  const QueryComparison single =
      runQueryComparison(penetrationQuery(), penetration, {"deep-overlap", "containment"}, 20, 7, 1);
  EXPECT_EQ(queryComparisonTable(single), table);
}

// The last six cells of each data row are depth error p50, p99, max and normal error p50, p99, max: each
// triple ascends (the max column once printed an unsorted value: C++ leaves the order of evaluation of the
// operands of + unspecified, and percentile sorts).
TEST(PenetrationComparison, percentilesAscendToTheMax) {
  const StrategyInfo bad = double_("depth-zero", depthZero);
  const QueryComparison comparison =
      runQueryComparison(penetrationQuery(), {&bad}, {"deep-overlap", "containment"}, 50, 7, 1);
  std::istringstream lines(queryComparisonTable(comparison));
  std::string line;
  int rows = 0;
  while (std::getline(lines, line)) {
    if (line.rfind("| depth-zero |", 0) != 0) continue;
    std::vector<std::string> cells;
    std::istringstream fields(line);
    std::string cell;
    while (std::getline(fields, cell, '|')) cells.push_back(cell);
    ASSERT_GE(cells.size(), 7u) << line;
    const std::size_t last = cells.size() - 1;  // getline gives no empty cell after the closing '|'
    for (std::size_t first : {last - 5, last - 2}) {
      const double p50 = std::stod(cells[first]), p99 = std::stod(cells[first + 1]), max = std::stod(cells[first + 2]);
      EXPECT_LE(p50, p99) << line;
      EXPECT_LE(p99, max) << line;
    }
    ++rows;
  }
  EXPECT_EQ(rows, 2);
}

// An external engine answers through its batch function (check::runBatch, pipelined in a worker): the
// section sends it blocks of one family's cases (at most 64) and never one query at a time, and the rows are
// those of the same answers given one by one.
TEST(PenetrationComparison, sendsAnEngineWithABatchFunctionBlocksOfCases) {
  struct Calls {
    std::mutex mutex;
    std::vector<std::vector<std::string>> blocks;  // the family of each case of each batch
    int single = 0;
  } calls;
  StrategyInfo batched = double_("batched", [&calls](const Case& value, const RunOptions& options) {
    std::lock_guard<std::mutex> lock(calls.mutex);
    ++calls.single;
    return exactDouble(value, options);
  });
  batched.runBatch = [&calls](std::span<const Case> cases, std::span<StrategyResult> results, QueryKind) {
    std::vector<std::string> families;
    for (std::size_t k = 0; k < cases.size(); ++k) {
      results[k] = depthZero(cases[k], {});
      families.push_back(cases[k].metaValue("family"));
    }
    std::lock_guard<std::mutex> lock(calls.mutex);
    calls.blocks.push_back(families);
  };
  const StrategyInfo oneByOne = double_("depth-zero", depthZero);
  const std::vector<std::string> families = {"deep-overlap", "containment"};
  const QueryComparison viaBatch = runQueryComparison(penetrationQuery(), {&batched}, families, 150, 7, 2);
  EXPECT_EQ(calls.single, 0);
  std::size_t cases = 0;
  for (const std::vector<std::string>& block : calls.blocks) {
    ASSERT_FALSE(block.empty());
    EXPECT_FALSE(block.front().empty());  // generated cases carry meta.family
    EXPECT_LE(block.size(), 64u);
    for (const std::string& family : block) EXPECT_EQ(family, block.front());  // one family per block
    cases += block.size();
  }
  EXPECT_EQ(cases, 300u);
  EXPECT_EQ(calls.blocks.size(), 6u);  // 150 = 64 + 64 + 22 per family
  const QueryComparison direct = runQueryComparison(penetrationQuery(), {&oneByOne}, families, 150, 7, 1);
  ASSERT_EQ(viaBatch.rows.size(), direct.rows.size());
  for (std::size_t k = 0; k < direct.rows.size(); ++k) {
    EXPECT_EQ(viaBatch.rows[k].family, direct.rows[k].family);
    EXPECT_EQ(viaBatch.rows[k].index, direct.rows[k].index);
    EXPECT_EQ(viaBatch.rows[k].primary, direct.rows[k].primary) << k;
    EXPECT_EQ(viaBatch.rows[k].answer, direct.rows[k].answer) << k;
    EXPECT_EQ(viaBatch.rows[k].measures.size(), direct.rows[k].measures.size()) << k;
  }
}

}  // namespace
// Answers met by an undecided enclosure (a rotating cast the exact side could not decide) are counted per cell
// and shown in their own column, which appears only where some cell has one: every other table keeps its columns.
TEST(CastComparison, countsUndecidedAnswersInAColumnOnlyWhereThereAreAny) {
  StrategyInfo turning;
  turning.name = "turning";
  turning.query = QueryKind::Cast;
  QueryCell cell;
  cell.histograms.resize(castQuery().measures().size());
  QueryComparisonRow row;
  row.primary = "ok";
  row.measures.assign(castQuery().measures().size(), std::nan(""));
  cell.add(row);
  row.undecided = true;
  cell.add(row);
  cell.add(row);
  EXPECT_EQ(cell.cases, 3u);
  EXPECT_EQ(cell.undecided, 2u);
  QueryComparison comparison{&castQuery(), {&turning}, {"cast-rotating"}, 3, 1, {{cell}}, 3, {}};
  const std::string table = queryComparisonTable(comparison);
  EXPECT_NE(table.find("| no answer | undecided |"), std::string::npos) << table;
  EXPECT_NE(table.find("| turning | cast-rotating | 3 | 0 | 3 | 0 |"), std::string::npos) << table;
  EXPECT_NE(table.find(" | 0 | 2 |"), std::string::npos) << table;  // no answer 0, undecided 2
  comparison.cells[0][0].undecided = 0;
  EXPECT_EQ(queryComparisonTable(comparison).find("undecided"), std::string::npos);
}

}  // namespace gjk::check
