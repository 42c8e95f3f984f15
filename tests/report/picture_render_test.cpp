// Pictures a person reads at a glance: every chart of the comparison report and the picture of a case
// render to PNG with rsvg-convert (librsvg2-bin, installed by scripts/bootstrap; the test fails when it
// is missing), at the size the SVG declares, and every text fits: its extent, estimated with the
// conservative width model of check/svg.h (svgTextWidth), lies inside the viewBox, and no two titles,
// legend entries or marker labels overlap. Then what each chart must say: curves drawn on each other
// are named together in the legend ("perp = box2d-2.4.1") and each curve has its own colour and dash
// pattern; a strategy with non-finite answers gets a labelled marker; the x axis ends at the decade
// above the largest finite error.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "case/case.h"
#include "report/case_picture.h"
#include "report/comparison.h"
#include "report/comparison_report.h"
#include "verdict/exact_case.h"
#include "verdict/strategy.h"
#include "report/svg.h"
#include "verdict/thresholds.h"
#include "verdict/verdict.h"
#include "tests/report/xml_check.h"

namespace gjk::check {
namespace {

namespace fs = std::filesystem;
using xml::XmlElement;

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<double> numbersIn(const std::string& value) {
  static const std::regex NUMBER(R"([-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?)");
  std::vector<double> numbers;
  for (auto it = std::sregex_iterator(value.begin(), value.end(), NUMBER); it != std::sregex_iterator(); ++it) {
    numbers.push_back(std::strtod(it->str().c_str(), nullptr));
  }
  return numbers;
}

struct Box {
  double x0, y0, x1, y1;
};

// A text element as laid out: its content, classes and the box its estimated extent fills.
struct PlacedText {
  std::string content;
  std::string cssClass;
  Box box;
};

// Every <text> of the document with its estimated box (from 0.95 em above the baseline to 0.24 em below:
// DejaVu Sans's ascent and descent, the tallest of the common sans-serifs), font size, weight and anchor inherited from the
// enclosing groups. A rotate(angle cx cy) transform on the text turns the box's corners; any other
// transform (or one on a group) is not expected in the project's SVG and fails the test.
void collectTexts(const XmlElement& element, double fontSize, bool bold, const std::string& anchor,
                  std::vector<PlacedText>& out) {
  if (element.hasAttribute("font-size")) fontSize = std::strtod(element.attribute("font-size").c_str(), nullptr);
  if (element.hasAttribute("font-weight")) bold = element.attribute("font-weight") == "bold";
  std::string textAnchor = element.hasAttribute("text-anchor") ? element.attribute("text-anchor") : anchor;
  if (element.name == "text") {
    double x = std::strtod(element.attribute("x").c_str(), nullptr);
    double y = std::strtod(element.attribute("y").c_str(), nullptr);
    std::string content = element.allText();
    double width = svgTextWidth(content, fontSize, bold);
    double left = textAnchor == "middle" ? x - width / 2 : (textAnchor == "end" ? x - width : x);
    std::vector<std::pair<double, double>> corners = {
        {left, y - 0.95 * fontSize}, {left + width, y - 0.95 * fontSize}, {left, y + 0.24 * fontSize},
        {left + width, y + 0.24 * fontSize}};
    std::string transform = element.attribute("transform");
    if (!transform.empty()) {
      EXPECT_EQ(transform.rfind("rotate(", 0), 0u) << "unexpected transform " << transform;
      std::vector<double> r = numbersIn(transform);
      EXPECT_EQ(r.size(), 3u) << transform;
      if (r.size() == 3) {
        double a = r[0] * std::acos(-1.0) / 180, c = std::cos(a), s = std::sin(a);
        for (auto& [px, py] : corners) {
          double dx = px - r[1], dy = py - r[2];
          px = r[1] + c * dx - s * dy;
          py = r[2] + s * dx + c * dy;
        }
      }
    }
    Box box{1e300, 1e300, -1e300, -1e300};
    for (auto [px, py] : corners) {
      box = {std::min(box.x0, px), std::min(box.y0, py), std::max(box.x1, px), std::max(box.y1, py)};
    }
    out.push_back({content, element.attribute("class"), box});
    return;
  }
  if (element.name == "g") EXPECT_FALSE(element.hasAttribute("transform")) << "a transformed group";
  for (const auto& child : element.children) collectTexts(*child, fontSize, bold, textAnchor, out);
}

// What every picture must pass: well-formed, every text inside the viewBox, titles and labels apart.
std::unique_ptr<XmlElement> expectTextFits(const std::string& svg, const std::string& label) {
  SCOPED_TRACE(label);
  std::unique_ptr<XmlElement> root;
  try {
    root = xml::parseXml(svg);
  } catch (const xml::XmlError& error) {
    ADD_FAILURE() << "not well-formed: " << error.what();
    return root;
  }
  std::vector<double> view = numbersIn(root->attribute("viewBox"));
  EXPECT_EQ(view.size(), 4u);
  if (view.size() != 4) return root;
  std::vector<PlacedText> texts;
  collectTexts(*root, 16, false, "start", texts);  // SVG's initial font-size is "medium", 16 px
  EXPECT_FALSE(texts.empty());
  for (const PlacedText& t : texts) {
    EXPECT_TRUE(t.box.x0 >= view[0] && t.box.y0 >= view[1] && t.box.x1 <= view[0] + view[2] &&
                t.box.y1 <= view[1] + view[3])
        << "\"" << t.content << "\" spans x " << t.box.x0 << ".." << t.box.x1 << ", y " << t.box.y0 << ".."
        << t.box.y1 << " outside the viewBox " << view[2] << " x " << view[3];
  }
  static const std::set<std::string> APART = {"case-name", "headline", "panel-title", "chart-title",
                                              "legend-entry", "legend-caption", "non-finite-label", "x-tick"};
  for (size_t i = 0; i < texts.size(); ++i) {
    for (size_t j = i + 1; j < texts.size(); ++j) {
      const PlacedText &a = texts[i], &b = texts[j];
      if (!APART.count(a.cssClass) || !APART.count(b.cssClass)) continue;
      bool overlap = a.box.x0 < b.box.x1 && b.box.x0 < a.box.x1 && a.box.y0 < b.box.y1 && b.box.y0 < a.box.y1;
      EXPECT_FALSE(overlap) << "\"" << a.content << "\" overlaps \"" << b.content << "\"";
    }
  }
  return root;
}

// rsvg-convert must be there: a picture test that skips itself would hide a broken picture.
bool haveRsvgConvert() {
  return std::system("command -v rsvg-convert >/dev/null 2>&1") == 0;
}

// Renders svg to PNG with rsvg-convert; the PNG must be a PNG of the SVG's declared size.
void expectRendersToPng(const std::string& svg, const std::string& label) {
  SCOPED_TRACE(label);
  ASSERT_TRUE(haveRsvgConvert()) << "rsvg-convert is missing: install Debian's librsvg2-bin (scripts/bootstrap does)";
  fs::path folder = fs::temp_directory_path() / ("gjkcheck-png-" + std::to_string(::getpid()));
  fs::create_directories(folder);
  fs::path in = folder / "picture.svg", out = folder / "picture.png";
  {
    std::ofstream file(in, std::ios::binary);
    file << svg;
  }
  fs::remove(out);
  std::string command = "rsvg-convert '" + in.string() + "' -o '" + out.string() + "' 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0) << "rsvg-convert failed on " << label;
  std::string png = readFile(out);
  fs::remove_all(folder);
  ASSERT_GT(png.size(), 24u + 1000u) << "a PNG that small holds no picture";
  ASSERT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  ASSERT_EQ(png.substr(12, 4), "IHDR");
  auto bigEndian = [&](size_t at) {
    return (static_cast<unsigned>(static_cast<unsigned char>(png[at])) << 24) |
           (static_cast<unsigned>(static_cast<unsigned char>(png[at + 1])) << 16) |
           (static_cast<unsigned>(static_cast<unsigned char>(png[at + 2])) << 8) |
           static_cast<unsigned>(static_cast<unsigned char>(png[at + 3]));
  };
  std::unique_ptr<XmlElement> root = xml::parseXml(svg);
  double width = std::strtod(root->attribute("width").c_str(), nullptr);
  double height = std::strtod(root->attribute("height").c_str(), nullptr);
  EXPECT_LT(std::abs(bigEndian(16) - width), 1.0) << "PNG width " << bigEndian(16) << ", SVG width " << width;
  EXPECT_LT(std::abs(bigEndian(20) - height), 1.0) << "PNG height " << bigEndian(20) << ", SVG height " << height;
}

// ---------------------------------------------------------------------------------------------------
// The charts.

class ChartPictures : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    folder_ = new fs::path(fs::temp_directory_path() / ("gjkcheck-charts-" + std::to_string(::getpid())));
    fs::remove_all(*folder_);
    options_ = new ComparisonOptions();
    options_->strategies = selectStrategies("all");
    options_->families = {"random-convex", "scale", "short-edge", "degenerate"};
    options_->count = 40;
    options_->seed = 1;
    options_->jobs = 2;
    options_->keepRows = true;
    options_->timingRounds = 1;
    result_ = new ComparisonResult(runComparison(*options_));
    ReportContext context;
    context.command = "test";
    context.commit = "test";
    writeComparisonReport(*folder_, *options_, *result_, context);
  }
  static void TearDownTestSuite() {
    fs::remove_all(*folder_);
    delete folder_;
    delete options_;
    delete result_;
  }
  static fs::path* folder_;
  static ComparisonOptions* options_;
  static ComparisonResult* result_;
};

fs::path* ChartPictures::folder_ = nullptr;
ComparisonOptions* ChartPictures::options_ = nullptr;
ComparisonResult* ChartPictures::result_ = nullptr;

TEST_F(ChartPictures, everyChartRendersAndItsTextFits) {
  for (const char* chart : {"distance-error-cdf.svg", "iterations.svg", "violations.svg", "scale-envelope.svg"}) {
    std::string svg = readFile(*folder_ / chart);
    ASSERT_FALSE(svg.empty()) << chart;
    expectTextFits(svg, chart);
    expectRendersToPng(svg, chart);
  }
}

TEST_F(ChartPictures, galleryPicturesRenderAndTheirTextFits) {
  int pictures = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(*folder_ / "gallery")) {
    if (entry.path().extension() != ".svg" || pictures >= 3) continue;
    ++pictures;
    std::string svg = readFile(entry.path());
    expectTextFits(svg, entry.path().filename().string());
    expectRendersToPng(svg, entry.path().filename().string());
  }
  EXPECT_EQ(pictures, 3);
}

TEST_F(ChartPictures, distanceErrorCdfNamesTiesGivesEachCurveItsStyleAndMarksNonFiniteAnswers) {
  std::unique_ptr<XmlElement> root = expectTextFits(readFile(*folder_ / "distance-error-cdf.svg"), "cdf");
  ASSERT_TRUE(root);
  std::vector<const XmlElement*> curves = root->findAll([](const XmlElement& e) { return e.name == "polyline"; });
  std::vector<const XmlElement*> legend = root->withClass("legend-entry");
  ASSERT_EQ(curves.size(), options_->strategies.size());
  ASSERT_EQ(legend.size(), options_->strategies.size());
  std::set<std::pair<std::string, std::string>> styles;
  int ties = 0;
  for (size_t s = 0; s < curves.size(); ++s) {
    styles.insert({curves[s]->attribute("stroke"), curves[s]->attribute("stroke-dasharray")});
    for (size_t t = 0; t < curves.size(); ++t) {
      if (t == s || curves[s]->attribute("points") != curves[t]->attribute("points")) continue;
      ++ties;
      // The curve of s lies exactly on the curve of t: the legend of s says so.
      EXPECT_NE(legend[s]->allText().find(" = " + options_->strategies[t]->name), std::string::npos)
          << legend[s]->allText();
    }
  }
  EXPECT_EQ(styles.size(), curves.size()) << "two curves share colour and dash pattern";
  // The run has the tie the issue saw (box2d-2.4.1 and perp give the same distances on these families).
  EXPECT_GT(ties, 0);

  // Non-finite answers: one labelled marker per strategy that had any, with the right percentage.
  std::map<int, std::pair<std::uint64_t, std::uint64_t>> nonFinite;  // strategy -> (non-finite, total)
  double largest = 0;
  for (const ComparisonRow& row : result_->rows) {
    ++nonFinite[row.strategy].second;
    if (!std::isfinite(row.distanceErrorU)) ++nonFinite[row.strategy].first;
    else largest = std::max(largest, row.distanceErrorU);
  }
  std::vector<const XmlElement*> labels = root->withClass("non-finite-label");
  size_t expected = 0;
  for (const auto& [s, counts] : nonFinite) {
    if (counts.first == 0) continue;
    ++expected;
    char percent[32];
    std::snprintf(percent, sizeof percent, "%.3g %% non-finite (", 100.0 * counts.first / counts.second);
    std::string want = percent + options_->strategies[s]->name + ")";
    bool found = std::any_of(labels.begin(), labels.end(), [&](const XmlElement* l) { return l->allText() == want; });
    EXPECT_TRUE(found) << "no label " << want;
  }
  EXPECT_GT(expected, 0u) << "the run should hold non-finite answers (the scale family has them)";
  EXPECT_EQ(labels.size(), expected);
  EXPECT_EQ(root->withClass("non-finite-marker").size(), expected);

  // The x axis ends at the decade above the largest finite error (never below T).
  std::vector<const XmlElement*> ticks = root->withClass("x-tick");
  ASSERT_FALSE(ticks.empty());
  int top = std::max(static_cast<int>(std::ceil(std::log10(largest))),
                     static_cast<int>(std::ceil(std::log10(VIOLATION_THRESHOLD_U))));
  EXPECT_EQ(ticks.back()->allText(), "1e" + std::to_string(top)) << "largest finite error " << largest;
}

TEST(ChartPicturesOneFamily, heatMapTitleAndNamesFitWithFewFamilies) {
  // Three families made a 352-unit-wide heat map with a 640-unit title cut off.
  fs::path folder = fs::temp_directory_path() / ("gjkcheck-charts-one-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  ComparisonOptions options;
  options.strategies = selectStrategies("all");
  options.families = {"scale"};
  options.count = 5;
  options.seed = 3;
  options.timingRounds = 1;
  ComparisonResult result = runComparison(options);
  ReportContext context;
  context.command = "test";
  context.rows = RowsKept::None;
  context.galleryPerStrategy = 0;
  writeComparisonReport(folder, options, result, context);
  for (const char* chart : {"distance-error-cdf.svg", "iterations.svg", "violations.svg", "scale-envelope.svg"}) {
    std::string svg = readFile(folder / chart);
    expectTextFits(svg, chart);
    expectRendersToPng(svg, chart);
  }
  fs::remove_all(folder);
}

// ---------------------------------------------------------------------------------------------------
// The picture of a case.

std::string drawCase(const std::string& relativePath, const std::string& strategyName) {
  const StrategyInfo* strategy = findStrategy(strategyName);
  EXPECT_NE(strategy, nullptr);
  Case value = readCaseFile(fs::path(GJK_SOURCE_DIR) / relativePath);
  oracle::ExactAnswer exact = solveExactly(value);
  StrategyResult result = strategy->run(value, {.trace = true});
  Verdict verdict = judge(value, exact, result, *strategy);
  return renderCasePicture(value, exact, *strategy, result, verdict);
}

TEST(CasePictureRender, plankAndNeedleRenderAndTheirTextFits) {
  // The needle has insets of insets, whose long titles ran into the neighbouring panel's title.
  for (auto [file, strategy] : {std::pair{"corpus/seeds/short-edge/box2d-plank-vs-point.case", "box2d-v3.1"},
                                std::pair{"corpus/seeds/short-edge/needle-tip-vs-point.case", "perp"},
                                std::pair{"corpus/seeds/far-from-origin/squares-1e6-gap.case", "dyn4j-f32"},
                                std::pair{"corpus/seeds/far-from-origin/squares-1e6-gap.case", "box2d-v3.1+local+scaled"}}) {
    std::string svg = drawCase(file, strategy);
    expectTextFits(svg, file);
    expectRendersToPng(svg, file);
  }
}

TEST(CasePictureRender, aLongCaseNameWrapsInsteadOfLeavingThePicture) {
  const StrategyInfo* strategy = findStrategy("perp");
  ASSERT_NE(strategy, nullptr);
  Case value = parseCase("gjk-case 1\na.vertex 0 0\nb.position 2 0\nb.vertex 0 0\n",
                         "some/rather/deeply/nested/folder/of/cases/that/someone/keeps/on/a/shared/disk/with/a/"
                         "long name/a point against another point two units away with a long file name.case");
  oracle::ExactAnswer exact = solveExactly(value);
  StrategyResult result = strategy->run(value, {.trace = true});
  std::string svg = renderCasePicture(value, exact, *strategy, result, judge(value, exact, result, *strategy));
  std::unique_ptr<XmlElement> root = expectTextFits(svg, "long name");
  ASSERT_TRUE(root);
  EXPECT_GE(root->withClass("case-name").size(), 2u);
  expectRendersToPng(svg, "long name");
}

}  // namespace
}  // namespace gjk::check
