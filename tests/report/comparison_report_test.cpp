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
  return options;
}

class ComparisonReport : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("gjkcheck-report-" + std::to_string(::getpid()));
    fs::remove_all(folder_);
    options_ = smallRun(2);
    result_ = gjk::check::runComparison(options_);
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
            "strategy,family,cases,violations,crash,hang,protocol,non-finite,false-overlap,false-separation,"
            "distance-error,witness-error,witness-gap,iteration_cap,iteration_cap_right,any_crash,any_hang,"
            "any_protocol,any_non-finite,"
            "any_false-overlap,any_false-separation,any_distance-error,any_witness-error,any_witness-gap,"
            "distance_error_p50_u,distance_error_p99_u,"
            "distance_error_max_u,witness_error_p99_u,witness_error_max_u,iterations_mean,iterations_p99,"
            "iterations_max,refused");
  // One row per strategy and family, plus one "all" row per strategy.
  EXPECT_EQ(static_cast<size_t>(std::count(summary.begin(), summary.end(), '\n')),
            1 + options_.strategies.size() * (options_.families.size() + 1));
  std::string timing = readFile(folder_ / "timing.csv");
  EXPECT_EQ(timing.substr(0, timing.find('\n')), "strategy,family,nanoseconds_per_query");
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

TEST(ComparisonGallery, recognisesOnlyTheNamesItWrites) {
  EXPECT_TRUE(gjk::check::isGalleryFileName("box2d-2.4.1-scale.case"));
  EXPECT_TRUE(gjk::check::isGalleryFileName("dyn4j-f32-random-points.svg"));
  EXPECT_FALSE(gjk::check::isGalleryFileName("dyn4j-f32-random-points.svg.bak"));
  EXPECT_FALSE(gjk::check::isGalleryFileName("my-scale.case"));
  EXPECT_FALSE(gjk::check::isGalleryFileName("perp-.svg"));
  EXPECT_FALSE(gjk::check::isGalleryFileName("README.md"));
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
