// The comparison report on a small run: its files, the CSV columns, well-formed SVG charts, the gallery,
// and determinism (the same rows whatever --jobs is).
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "families/families.h"
#include "report/comparison.h"
#include "report/comparison_charts.h"
#include "report/comparison_report.h"
#include "verdict/expectations.h"
#include "verdict/strategy.h"
#include "xml_check.h"

namespace {

namespace fs = std::filesystem;

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

gjk::check::ComparisonOptions smallRun(int jobs) {
  gjk::check::ComparisonOptions options;
  options.strategies = gjk::check::selectStrategies("all");
  options.families = {"random-convex", "scale", "short-edge"};
  options.count = 12;
  options.seed = 7;
  options.jobs = jobs;
  options.keepRows = true;
  options.timingRounds = 2;
  return options;
}

class ComparisonReport : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("gjkcheck-report-" + std::to_string(::getpid()));
    fs::remove_all(folder_);
    options_ = smallRun(2);
    {
      // rows.csv streams as the cases finish.
      gjk::check::RowsCsvWriter rows(folder_, options_, gjk::check::RowsKept::All, false);
      options_.rows = [&rows](const gjk::check::ComparisonRow* r, std::size_t n) { rows.add(r, n); };
      result_ = gjk::check::runComparison(options_);
      options_.rows = nullptr;
      rows.finish();
    }
    gjk::check::ReportContext context;
    context.command = "gjkcheck compare --families random-convex,scale,short-edge --count 12 --seed 7 --out X";
    context.commit = "test";
    context.machine = "test machine";
    context.date = "2026-11-21";
    gjk::check::writeComparisonReport(folder_, options_, result_, context);
  }
  void TearDown() override { fs::remove_all(folder_); }

  fs::path folder_;
  gjk::check::ComparisonOptions options_;
  gjk::check::ComparisonResult result_;
};

TEST_F(ComparisonReport, hasOneRowPerCaseAndStrategyInOrder) {
  ASSERT_EQ(result_.rows.size(), 3u * 12u * options_.strategies.size());
  for (size_t i = 0; i < result_.rows.size(); ++i) {
    const auto& row = result_.rows[i];
    EXPECT_EQ(row.strategy, static_cast<int>(i % options_.strategies.size()));
    EXPECT_EQ(row.index, (i / options_.strategies.size()) % 12);
  }
}

TEST_F(ComparisonReport, readmeNamesEveryStrategyAndFamilyAndTheCommand) {
  std::string readme = readFile(folder_ / "README.md");
  EXPECT_NE(readme.find("gjkcheck compare --families random-convex,scale,short-edge"), std::string::npos);
  EXPECT_NE(readme.find("| seed | 7 |"), std::string::npos);
  for (const auto* strategy : options_.strategies) {
    EXPECT_NE(readme.find("| " + strategy->name + " |"), std::string::npos) << strategy->name;
  }
  for (const std::string& family : options_.families) {
    EXPECT_NE(readme.find("### " + family), std::string::npos) << family;
  }
}

TEST_F(ComparisonReport, csvFilesHaveTheirColumns) {
  std::string rows = readFile(folder_ / "rows.csv");
  EXPECT_EQ(rows.substr(0, rows.find('\n')),
            "family,index,strategy,relation,scale_log10,distance,distance_error_u,witness_error_u,witness_gap_u,"
            "iterations,termination,iteration_cap,primary,violations");
  EXPECT_EQ(static_cast<size_t>(std::count(rows.begin(), rows.end(), '\n')), result_.rows.size() + 1);
  std::string summary = readFile(folder_ / "summary.csv");
  EXPECT_EQ(summary.substr(0, summary.find('\n')),
            "strategy,family,cases,refused,answered,violations,crash,hang,protocol,non-finite,false-overlap,false-separation,"
            "distance-error,witness-error,witness-gap,iteration_cap,iteration_cap_right,any_crash,any_hang,"
            "any_protocol,any_non-finite,"
            "any_false-overlap,any_false-separation,any_distance-error,any_witness-error,any_witness-gap,"
            "distance_error_p50_u,distance_error_p99_u,"
            "distance_error_max_u,witness_error_p99_u,witness_error_max_u,iterations_reported,iterations_mean,"
            "iterations_p99,iterations_max");
  // One row per strategy and family, plus one "all" row per strategy.
  EXPECT_EQ(static_cast<size_t>(std::count(summary.begin(), summary.end(), '\n')),
            1 + options_.strategies.size() * (options_.families.size() + 1));
  std::string timing = readFile(folder_ / "timing.csv");
  EXPECT_EQ(timing.substr(0, timing.find('\n')),
            "strategy,family,rounds,cases_per_round,ns_per_query_median,ns_per_query_min,ns_per_query_max");
  EXPECT_NE(timing.find(",2,12,"), std::string::npos) << timing;  // 2 rounds of the 12 cases
  // No negative number anywhere in summary.csv (no -1 sentinel averaged in).
  EXPECT_EQ(summary.find(",-"), std::string::npos) << summary;
}

// Design §5: each violation is counted once, under its primary kind, so the kind columns add up; every
// primary kind is also among the kinds that apply.
TEST_F(ComparisonReport, primaryKindColumnsAddUpToTheViolations) {
  const gjk::check::ComparisonSummary summary = gjk::check::summarize(options_, result_);
  std::uint64_t total = 0;
  for (std::size_t s = 0; s < options_.strategies.size(); ++s) {
    for (std::size_t f = 0; f <= options_.families.size(); ++f) {
      const auto& g = f < options_.families.size() ? summary.byFamily[s][f] : summary.overall[s];
      std::uint64_t sum = 0;
      for (int k = 0; k < gjk::check::VIOLATION_KIND_COUNT; ++k) {
        sum += g.byPrimary[k];
        EXPECT_LE(g.byPrimary[k], g.byKind[k]);
      }
      EXPECT_EQ(sum, g.violations) << options_.strategies[s]->name << " family " << f;
      EXPECT_LE(g.capHitsRight, g.capHits);
      if (f < options_.families.size()) total += g.violations;
    }
  }
  EXPECT_GT(total, 0u);  // the scale family breaks the float strategies: the sums are not all 0 = 0
  for (const auto& row : result_.rows) {
    EXPECT_EQ(row.primary >= 0, row.kinds != 0);
    if (row.primary >= 0) {
      EXPECT_TRUE((row.kinds >> row.primary) & 1u);
      EXPECT_EQ(row.kinds & ((1u << row.primary) - 1), 0u) << "a kind before the primary one applies";
    }
  }
}

TEST_F(ComparisonReport, chartsAreWellFormedSvg) {
  int charts = 0;
  for (const char* name : {"distance-error-cdf.svg", "iterations.svg", "violations.svg", "scale-envelope.svg"}) {
    std::string text = readFile(folder_ / name);
    ASSERT_FALSE(text.empty()) << name;
    std::unique_ptr<gjk::xml::XmlElement> root;
    ASSERT_NO_THROW(root = gjk::xml::parseXml(text)) << name;
    EXPECT_EQ(root->name, "svg") << name;
    EXPECT_EQ(text.find("nan"), std::string::npos) << name;
    ++charts;
  }
  EXPECT_EQ(charts, 4);
  // The CDF has one curve per strategy that has finite errors; the heat map one cell per pair.
  auto cdf = gjk::xml::parseXml(readFile(folder_ / "distance-error-cdf.svg"));
  EXPECT_EQ(cdf->findAll([](const auto& e) { return e.name == "polyline"; }).size(), options_.strategies.size());
  auto heat = gjk::xml::parseXml(readFile(folder_ / "violations.svg"));
  EXPECT_EQ(heat->findAll([](const auto& e) { return e.name == "rect"; }).size(),
            options_.strategies.size() * options_.families.size());
}

TEST_F(ComparisonReport, galleryCasesReplayAsTheViolationsTheyShow) {
  ASSERT_TRUE(fs::exists(folder_ / "gallery"));
  int cases = 0;
  for (const auto& entry : fs::directory_iterator(folder_ / "gallery")) {
    if (entry.path().extension() != ".case") continue;
    ++cases;
    gjk::check::Case value = gjk::check::readCaseFile(entry.path());
    EXPECT_EQ(value.metaValue("expected-verdict"), "violation") << entry.path();
    EXPECT_TRUE(gjk::check::unmetCaseExpectations(value).empty()) << entry.path();
    fs::path picture = entry.path();
    picture.replace_extension(".svg");
    ASSERT_TRUE(fs::exists(picture)) << picture;
    EXPECT_NO_THROW(gjk::xml::parseXml(readFile(picture))) << picture;
  }
  EXPECT_GT(cases, 0) << "the scale family makes every float strategy fail somewhere in 12 cases";
}

TEST_F(ComparisonReport, rerunIntoTheSameFolderRemovesStaleGalleryFilesAndNothingElse) {
  // Files an earlier run (other strategies or families) would have left, and files that are not the
  // gallery's: only the first kind goes.
  fs::path gallery = folder_ / "gallery";
  for (const char* stale : {"perp-sliver.case", "perp-sliver.svg", "box2d-v3.1-touching.svg", "perp+local-radius.case"}) {
    std::ofstream(gallery / stale) << "stale";
  }
  for (const char* kept : {"notes.txt", "perp-sliver.png", "perp-nofamily.svg", "sliver.case"}) {
    std::ofstream(gallery / kept) << "mine";
  }
  gjk::check::ReportContext context;
  context.command = "again";
  gjk::check::writeComparisonReport(folder_, options_, result_, context);
  std::string readme = readFile(folder_ / "README.md");
  for (const auto& entry : fs::directory_iterator(gallery)) {
    std::string name = entry.path().filename().string();
    if (name == "notes.txt" || name == "perp-sliver.png" || name == "perp-nofamily.svg" || name == "sliver.case") {
      continue;
    }
    // Every other file is one this run wrote and the README links.
    EXPECT_NE(readme.find("(gallery/" + name + ")"), std::string::npos) << name << " is stale";
  }
  for (const char* kept : {"notes.txt", "perp-sliver.png", "perp-nofamily.svg", "sliver.case"}) {
    EXPECT_TRUE(fs::exists(gallery / kept)) << kept << " is not the gallery's and must stay";
  }
  EXPECT_FALSE(fs::exists(gallery / "perp-sliver.svg"));

  // No gallery asked for: the earlier gallery's files go too.
  context.galleryPerStrategy = 0;
  gjk::check::writeComparisonReport(folder_, options_, result_, context);
  int left = 0;
  for (const auto& entry : fs::directory_iterator(gallery)) left += gjk::check::isGalleryFileName(entry.path().filename().string());
  EXPECT_EQ(left, 0);
  EXPECT_EQ(readFile(folder_ / "README.md").find("gallery/"), std::string::npos);
}

TEST_F(ComparisonReport, keptLeadOpensTheReadmeAndKeptFindingsCloseIt) {
  // Hand-written files a regeneration keeps: lead.md right after the command and its table, before the
  // tables of the run; findings.md at the end.
  std::ofstream(folder_ / "lead.md") << "### What to read first\n\nthe lead text\n";
  std::ofstream(folder_ / "findings.md") << "the findings text\n";
  gjk::check::ReportContext context;
  context.command = "again";
  gjk::check::writeComparisonReport(folder_, options_, result_, context);
  const std::string readme = readFile(folder_ / "README.md");
  const std::size_t command = readme.find("again"), table = readme.find("| threshold T |"),
                    lead = readme.find("the lead text"), tables = readme.find("## All families"),
                    findings = readme.find("## Findings\n\nthe findings text");
  ASSERT_NE(lead, std::string::npos) << readme;
  ASSERT_NE(findings, std::string::npos) << readme;
  EXPECT_LT(command, table);
  EXPECT_LT(table, lead);
  EXPECT_LT(lead, tables);
  EXPECT_LT(tables, findings);
  EXPECT_TRUE(fs::exists(folder_ / "lead.md"));
  EXPECT_TRUE(fs::exists(folder_ / "findings.md"));
}

TEST(ComparisonGallery, recognisesOnlyTheNamesItWrites) {
  EXPECT_TRUE(gjk::check::isGalleryFileName("box2d-2.4.1-scale.case"));
  EXPECT_TRUE(gjk::check::isGalleryFileName("dyn4j-f32-random-points.svg"));
  EXPECT_FALSE(gjk::check::isGalleryFileName("dyn4j-f32-random-points.svg.bak"));
  EXPECT_FALSE(gjk::check::isGalleryFileName("my-scale.case"));
  EXPECT_FALSE(gjk::check::isGalleryFileName("perp-.svg"));
  EXPECT_FALSE(gjk::check::isGalleryFileName("README.md"));
  // An engine of a manifest (adapters/*/manifest), 2D or 3D: its pictures of a previous run are cleared too.
  EXPECT_TRUE(gjk::check::isGalleryFileName("planck-collinear.svg"));
  EXPECT_TRUE(gjk::check::isGalleryFileName("mujoco-3.14.0-random-convex.case"));
  EXPECT_FALSE(gjk::check::isGalleryFileName("mujoco-3.14.0-collinear.case"));  // a 2D family: not its name
}

TEST(Comparison, rowsAreTheSameWhateverTheNumberOfJobs) {
  gjk::check::ComparisonOptions one = smallRun(1), two = smallRun(2);
  one.families = two.families = {"near-parallel", "radius"};
  auto a = gjk::check::runComparison(one), b = gjk::check::runComparison(two);
  ASSERT_EQ(a.rows.size(), b.rows.size());
  for (size_t i = 0; i < a.rows.size(); ++i) {
    EXPECT_EQ(a.rows[i].kinds, b.rows[i].kinds) << i;
    EXPECT_EQ(a.rows[i].termination, b.rows[i].termination) << i;
    EXPECT_EQ(std::memcmp(&a.rows[i].distance, &b.rows[i].distance, sizeof(double)), 0) << i;
    EXPECT_TRUE(a.rows[i].distanceErrorU == b.rows[i].distanceErrorU ||
                (std::isnan(a.rows[i].distanceErrorU) && std::isnan(b.rows[i].distanceErrorU)))
        << i;
  }
}

}  // namespace

namespace gjk::check {
namespace {

// The histogram's percentiles: the exact nearest-rank value cut to HISTOGRAM_BITS bits (within a relative
// 2^-HISTOGRAM_BITS below it), the max exact, zero exact; merging in any order gives the same histogram.
TEST(ValueHistogram, percentilesAreTheExactOnesWithinTheStatedBinWidth) {
  std::vector<double> values;
  std::uint64_t state = 12345;
  for (int i = 0; i < 20000; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    const double x = std::ldexp(static_cast<double>(state >> 11), -53);  // [0, 1)
    values.push_back(i % 97 == 0 ? 0.0 : std::pow(10.0, 12 * x - 6));
  }
  ValueHistogram all, a, b;
  for (std::size_t i = 0; i < values.size(); ++i) {
    all.add(values[i]);
    (i % 3 ? a : b).add(values[i]);
  }
  all.add(std::nan(""));  // not added
  EXPECT_EQ(all.count, values.size());
  ValueHistogram ab = a, ba = b;
  ab.merge(b);
  ba.merge(a);
  EXPECT_EQ(ab.bins, all.bins);
  EXPECT_EQ(ba.bins, all.bins);
  EXPECT_EQ(ab.max, all.max);
  std::vector<double> sorted = values;
  for (double p : {0.0, 0.01, 0.5, 0.9, 0.99, 0.999, 1.0}) {
    const double exact = percentile(sorted, p), reported = all.percentile(p);
    EXPECT_LE(reported, exact) << p;
    EXPECT_LT(exact, reported * (1 + std::ldexp(1.0, -HISTOGRAM_BITS)) + (exact == 0 ? 1e-300 : 0)) << p;
  }
  EXPECT_EQ(all.percentile(1.0), *std::max_element(values.begin(), values.end()));
  EXPECT_EQ(all.percentile(0.0), 0.0);
  EXPECT_TRUE(std::isnan(ValueHistogram{}.percentile(0.5)));
}

// Refused answers are counted in their own column and in nothing else; iterations an engine does not report
// (-1) are never averaged in.
TEST(GroupAggregate, refusedAndUnreportedAreOutOfEveryStatistic) {
  GroupAggregate g;
  ComparisonRow ok;
  ok.iterations = 4;
  ok.distanceErrorU = 0.5;
  ComparisonRow unreported = ok;
  unreported.iterations = -1;
  ComparisonRow refused;
  refused.refused = true;
  refused.iterations = -1;
  refused.distanceErrorU = 1e9;
  ComparisonRow bad = ok;
  bad.kinds = 1u << 6;
  bad.primary = 6;
  bad.distanceErrorU = 200;
  bad.index = 7;
  for (const ComparisonRow* row : {&ok, &unreported, &refused, &refused, &bad}) g.add(*row);
  EXPECT_EQ(g.cases, 5u);
  EXPECT_EQ(g.refused, 2u);
  EXPECT_EQ(g.answered, 3u);
  EXPECT_EQ(g.violations, 1u);
  EXPECT_EQ(g.iterationsReported, 2u);
  EXPECT_EQ(g.distance.count, 3u);
  EXPECT_EQ(g.distance.max, 200.0);
  ASSERT_TRUE(g.hasWorst);
  EXPECT_EQ(g.worst.index, 7u);
  ComparisonOptions options;
  options.families = {"f"};
  ComparisonResult result;
  result.groups = {{g}};
  const StrategyInfo* perp = findStrategy("perp");
  options.strategies = {perp};
  const ComparisonSummary summary = summarize(options, result);
  EXPECT_EQ(summary.byFamily[0][0].iterationsMean, 4.0);
  EXPECT_EQ(summary.byFamily[0][0].iterationsMax, 4);
  // No answer reports its iterations: no statistic, never -1.
  GroupAggregate none;
  none.add(unreported);
  result.groups = {{none}};
  const ComparisonSummary empty = summarize(options, result);
  EXPECT_TRUE(std::isnan(empty.byFamily[0][0].iterationsMean));
  EXPECT_EQ(empty.byFamily[0][0].iterationsP99, -1);
}

// Everything but the times is the same, bit for bit, whatever --jobs is: summary.csv, rows.csv, the charts,
// the gallery and README.md but its time lines.
TEST(ComparisonReportFiles, areTheSameWhateverTheNumberOfJobs) {
  std::vector<std::string> texts;
  for (int jobs : {1, 2}) {
    const fs::path folder = fs::temp_directory_path() / ("gjkcheck-report-jobs-" + std::to_string(::getpid()) + "-" +
                                                         std::to_string(jobs));
    fs::remove_all(folder);
    ComparisonOptions options = smallRun(jobs);
    options.keepRows = false;
    options.families = {"scale", "collinear"};
    RowsCsvWriter rows(folder, options, RowsKept::All, false);
    options.rows = [&rows](const ComparisonRow* r, std::size_t n) { rows.add(r, n); };
    const ComparisonResult result = runComparison(options);
    rows.finish();
    ReportContext context;
    context.command = "x";
    writeComparisonReport(folder, options, result, context);
    std::string all;
    for (const char* file : {"summary.csv", "rows.csv", "distance-error-cdf.svg", "iterations.svg", "violations.svg",
                             "scale-envelope.svg"}) {
      all += readFile(folder / file);
    }
    std::string readme = readFile(folder / "README.md");
    readme.erase(readme.find("## Time per query"), readme.find("## Gallery") - readme.find("## Time per query"));
    readme.erase(readme.find("| wall time |"), readme.find('\n', readme.find("| wall time |")) - readme.find("| wall time |"));
    texts.push_back(all + readme);
    fs::remove_all(folder);
  }
  EXPECT_TRUE(texts[0] == texts[1]);
}

}  // namespace
}  // namespace gjk::check
