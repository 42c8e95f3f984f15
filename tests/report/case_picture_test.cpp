// The picture of a case (report/case_picture.h, `gjkcheck repro CASE --svg FILE`): for cases from every
// corner of the corpus, the SVG is well-formed, draws what it must (both shapes, the Minkowski hull, the
// origin, the exact closest point, one group per trace step, the reported witness points), has an inset
// exactly where something that matters is below 1% of a panel, never contains a non-finite number (at
// 1e7 from the origin, at 1e-30 and at 1e30), and is the same bytes every time.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "case/case.h"
#include "report/case_picture.h"
#include "tests/report/xml_check.h"
#include "verdict/exact_case.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"

namespace gjk::check {
namespace {

using xml::XmlElement;

struct Picture {
  std::string svg;
  std::unique_ptr<XmlElement> root;
  StrategyResult result;
  Verdict verdict;
};

Picture draw(const Case& value, const std::string& strategyName) {
  const StrategyInfo* strategy = findStrategy(strategyName);
  EXPECT_NE(strategy, nullptr) << strategyName;
  Picture picture;
  oracle::ExactAnswer exact = solveExactly(value);
  picture.result = strategy->run(value, {.trace = true});
  picture.verdict = judge(value, exact, picture.result, *strategy);
  picture.svg = renderCasePicture(value, exact, *strategy, picture.result, picture.verdict);
  try {
    picture.root = xml::parseXml(picture.svg);
  } catch (const xml::XmlError& error) {
    ADD_FAILURE() << value.source << ": the SVG is not well-formed: " << error.what();
  }
  return picture;
}

Picture drawFile(const std::string& relativePath, const std::string& strategyName = "perp") {
  return draw(readCaseFile(std::filesystem::path(GJK_SOURCE_DIR) / relativePath), strategyName);
}

Picture drawText(const std::string& text, const std::string& strategyName = "perp") {
  return draw(parseCase(text, "inline.case"), strategyName);
}

// Numbers in the attributes that carry coordinates and sizes.
std::vector<double> numbersIn(const std::string& value) {
  static const std::regex NUMBER(R"([-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?)");
  std::vector<double> numbers;
  for (auto it = std::sregex_iterator(value.begin(), value.end(), NUMBER); it != std::sregex_iterator(); ++it) {
    numbers.push_back(std::strtod(it->str().c_str(), nullptr));
  }
  return numbers;
}

// The checks every picture passes, whatever the case: a root <svg> with a viewBox, no word "nan" or
// "inf" anywhere, every coordinate finite and near the canvas, both shapes, the Minkowski hull, the
// origin, the exact closest point, one trace-step group per trace record in the main Minkowski panel,
// a legend and a text block.
void expectSoundPicture(const Picture& picture, const std::string& label) {
  SCOPED_TRACE(label);
  ASSERT_TRUE(picture.root) << "not well-formed";
  const XmlElement& svg = *picture.root;
  EXPECT_EQ(svg.name, "svg");
  std::vector<double> box = numbersIn(svg.attribute("viewBox"));
  ASSERT_EQ(box.size(), 4u);
  const double width = box[2], height = box[3];
  EXPECT_GT(width, 0);
  EXPECT_GT(height, 0);

  // No "nan" or "inf" in any attribute or text the picture states. The case's own words (its name, its
  // story) are left out of this check: a story may well speak of an inf.
  static const std::regex NON_FINITE(R"(\b(nan|inf|infinity)\b)", std::regex::icase);
  for (const XmlElement* e : svg.findAll([](const XmlElement& e) {
         return !e.hasClass("story") && !e.hasClass("case-name") && e.name != "title";
       })) {
    EXPECT_FALSE(std::regex_search(e->text, NON_FINITE)) << "a non-finite number in <" << e->name << ">: " << e->text;
    for (const auto& [key, value] : e->attributes) {
      EXPECT_FALSE(std::regex_search(value, NON_FINITE)) << "a non-finite number in " << e->name << " " << key;
    }
  }

  for (const XmlElement* e : svg.findAll([](const XmlElement&) { return true; })) {
    for (const char* key : {"x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "width", "height", "points", "d"}) {
      if (!e->hasAttribute(key)) continue;
      for (double v : numbersIn(e->attribute(key))) {
        EXPECT_TRUE(std::isfinite(v)) << e->name << " " << key;
        // Coordinates stay near the canvas: geometry is clipped to its panel before it is rounded.
        EXPECT_LE(std::fabs(v), 3 * std::max(width, height)) << e->name << " " << key << "=" << e->attribute(key);
      }
    }
  }

  const XmlElement* world = nullptr;
  const XmlElement* minkowski = nullptr;
  for (const XmlElement* panel : svg.withClass("panel")) {
    if (panel->attribute("id") == "world") world = panel;
    if (panel->attribute("id") == "minkowski") minkowski = panel;
  }
  ASSERT_NE(world, nullptr);
  ASSERT_NE(minkowski, nullptr);
  auto drawsSomething = [](const std::vector<const XmlElement*>& groups) {
    for (const XmlElement* g : groups) {
      for (const auto& child : g->children) {
        if (child->name == "polygon" || child->name == "line" || child->name == "circle") return true;
      }
    }
    return false;
  };
  EXPECT_TRUE(drawsSomething(world->withClass("shape-a"))) << "shape A";
  EXPECT_TRUE(drawsSomething(world->withClass("shape-b"))) << "shape B";
  EXPECT_TRUE(drawsSomething(minkowski->withClass("minkowski-hull"))) << "Minkowski hull";
  EXPECT_EQ(minkowski->withClass("origin").size(), 1u) << "origin marker";
  EXPECT_EQ(minkowski->withClass("exact-closest").size(), 1u) << "the exact closest point of M";
  EXPECT_EQ(minkowski->withClass("trace-step").size(), picture.result.trace.size());
  for (const XmlElement* step : minkowski->withClass("trace-step")) {
    EXPECT_TRUE(step->hasAttribute("data-step"));
  }
  EXPECT_EQ(svg.withClass("legend").size(), 1u);
  ASSERT_EQ(svg.withClass("text-block").size(), 1u);
  const std::string text = svg.withClass("text-block")[0]->allText();
  EXPECT_NE(text.find("verdict: "), std::string::npos);
  EXPECT_NE(text.find("termination"), std::string::npos);
  EXPECT_NE(text.find("iterations"), std::string::npos);
}

std::vector<const XmlElement*> insets(const Picture& picture) {
  return picture.root ? picture.root->withClass("inset") : std::vector<const XmlElement*>{};
}

TEST(CasePicture, plainSeparatedCaseHasEverythingAndNoInset) {
  Picture picture = drawFile("corpus/seeds/rotated/quarter-turn-rectangle.case");
  expectSoundPicture(picture, "quarter-turn-rectangle");
  ASSERT_TRUE(picture.root);
  EXPECT_TRUE(insets(picture).empty());
  EXPECT_TRUE(picture.root->withClass("inset-frame").empty());
  // The exact closest pair and the reported witness points pA, pB in the world; pB - pA in M.
  const XmlElement* world = picture.root->withClass("panel")[0];
  EXPECT_EQ(world->withClass("exact-closest").size(), 2u);
  EXPECT_EQ(world->withClass("reported-witness").size(), 2u);
  EXPECT_EQ(picture.root->withClass("reported-witness").size(), 3u);
  EXPECT_FALSE(picture.result.trace.empty());
  // Vertices are dotted and labelled by their input index.
  EXPECT_FALSE(world->withClass("vertex").empty());
  EXPECT_NE(world->allText().find("a0"), std::string::npos);
  // The title names the case and the strategy.
  EXPECT_NE(picture.svg.find("<title>gjkcheck repro"), std::string::npos);
  EXPECT_NE(picture.svg.find("quarter-turn-rectangle.case --strategy perp</title>"), std::string::npos);
}

TEST(CasePicture, box2dPlankFalseOverlapGetsAnInsetOfEachPanel) {
  // Box2D v3.1 answers distance 0 for the point 0.005 off the plank's 0.0032 short edge: the gap is
  // 0.43% of the panel, so each panel gets one inset magnifying it; the edge then fits in the inset.
  Picture picture = drawFile("corpus/seeds/short-edge/box2d-plank-vs-point.case", "box2d-v3.1");
  expectSoundPicture(picture, "plank box2d-v3.1");
  EXPECT_TRUE(picture.verdict.violation);
  ASSERT_EQ(insets(picture).size(), 2u);
  EXPECT_EQ(insets(picture)[0]->attribute("data-panel"), "world");
  EXPECT_EQ(insets(picture)[1]->attribute("data-panel"), "minkowski");
  EXPECT_EQ(picture.root->withClass("inset-frame").size(), 2u);
  // The inset of M draws the trace again, and the magnification is written out.
  EXPECT_EQ(insets(picture)[1]->withClass("trace-step").size(), picture.result.trace.size());
  const std::string all = picture.root->allText();
  EXPECT_NE(all.find("inset ×"), std::string::npos);
  EXPECT_NE(all.find("false-overlap"), std::string::npos);
  EXPECT_NE(all.find("reported d = 0"), std::string::npos);
}

TEST(CasePicture, needleGetsAnInsetOfTheInsetForItsShortEdge) {
  // A 1e-3 gap (0.08% of the panel) and, inside it, a 2^-20 edge (1e-4% of the panel): the first inset
  // shows the gap, the second the edge.
  Picture picture = drawFile("corpus/seeds/short-edge/needle-tip-vs-point.case");
  expectSoundPicture(picture, "needle");
  std::vector<const XmlElement*> found = insets(picture);
  ASSERT_EQ(found.size(), 4u);
  int secondLevel = 0;
  for (const XmlElement* inset : found) secondLevel += inset->attribute("data-level") == "2";
  EXPECT_EQ(secondLevel, 2);
  EXPECT_EQ(picture.root->withClass("inset-frame").size(), 4u);
}

const std::string FAR_TINY_GAP =
    "gjk-case 1\n"
    "meta.story unit boxes ten million units out with a gap of about 1e-3\n"
    "a.position 10000000 -10000000\n"
    "a.vertex -0.5 -0.5\na.vertex 0.5 -0.5\na.vertex 0.5 0.5\na.vertex -0.5 0.5\n"
    "b.position 10000001 -10000000\n"
    "b.vertex -0.499 -0.25\nb.vertex 0.5 -0.25\nb.vertex 0.5 0.75\nb.vertex -0.499 0.75\n";

TEST(CasePicture, farFromOriginCasesDraw) {
  // Touching edge to edge at 1e7: nothing is tiny, no inset.
  Picture touching = drawFile("corpus/seeds/far-from-origin/boxes-1e7-edge-touching.case");
  expectSoundPicture(touching, "boxes-1e7-edge-touching");
  EXPECT_TRUE(insets(touching).empty());

  // A 1e-3 gap at 1e7 (world coordinates 1e7 +- 0.5 are not floats; the picture works relative to each
  // panel's centre): both panels get an inset, and the shapes in the world inset are not a point.
  Picture gap = drawText(FAR_TINY_GAP);
  expectSoundPicture(gap, "far tiny gap");
  std::vector<const XmlElement*> found = insets(gap);
  ASSERT_EQ(found.size(), 2u);
  const XmlElement* worldInset = found[0];
  for (const char* shape : {"shape-a", "shape-b"}) {
    std::vector<const XmlElement*> groups = worldInset->withClass(shape);
    ASSERT_EQ(groups.size(), 1u) << shape;
    ASSERT_FALSE(groups[0]->children.empty()) << shape << " is not in the inset";
    std::vector<double> xs;
    std::vector<double> n = numbersIn(groups[0]->children[0]->attribute("points"));
    for (size_t i = 0; i + 1 < n.size(); i += 2) xs.push_back(n[i]);
    ASSERT_FALSE(xs.empty()) << shape;
    // Each shape fills part of the 560-unit inset: its visible part is wider than 100 units.
    EXPECT_GT(*std::max_element(xs.begin(), xs.end()) - *std::min_element(xs.begin(), xs.end()), 100) << shape;
  }
  EXPECT_EQ(worldInset->withClass("exact-closest").size(), 2u);

  Picture million = drawFile("corpus/seeds/far-from-origin/squares-1e6-gap.case");
  expectSoundPicture(million, "squares-1e6-gap");
  EXPECT_TRUE(insets(million).empty());
}

TEST(CasePicture, extremeScalesDraw) {
  Picture tiny = drawFile("corpus/seeds/scale/squares-1e-30-edge-touching.case");
  expectSoundPicture(tiny, "1e-30");
  EXPECT_TRUE(insets(tiny).empty());
  EXPECT_NE(tiny.root->allText().find("e-31"), std::string::npos) << "the scale bar speaks 1e-30 units";

  // At 1e30 perp's squared lengths overflow float and its witness points are NaN: the picture leaves
  // them out and says so, and writes no "nan" anywhere.
  Picture huge = drawFile("corpus/seeds/scale/triangle-1e30-vs-point.case");
  expectSoundPicture(huge, "1e30");
  EXPECT_TRUE(insets(huge).empty());
  EXPECT_TRUE(huge.root->withClass("reported-witness").empty());
  EXPECT_NE(huge.root->allText().find("not finite"), std::string::npos);

  for (const char* file : {"corpus/seeds/scale/unit-squares-2pow-minus100.case",
                           "corpus/seeds/scale/unit-squares-2pow-plus100.case"}) {
    for (const char* strategy : {"perp", "perp+scaled", "box2d-v3.1", "nesterov"}) {
      expectSoundPicture(drawFile(file, strategy), std::string(file) + " " + strategy);
    }
  }
}

TEST(CasePicture, touchingAndOverlappingCasesDraw) {
  Picture touching = drawFile("corpus/seeds/touching/edge-on-edge.case");
  expectSoundPicture(touching, "edge-on-edge");
  EXPECT_TRUE(insets(touching).empty());
  // Touching: the exact closest pair is a common point, drawn in the world.
  EXPECT_EQ(touching.root->withClass("panel")[0]->withClass("exact-closest").size(), 2u);

  Picture overlapping = drawFile("corpus/seeds/overlapping/squares-half-overlap.case");
  expectSoundPicture(overlapping, "squares-half-overlap");
  EXPECT_TRUE(insets(overlapping).empty());
  // Overlapping: no closest pair in the world; the closest point of M is the origin.
  EXPECT_TRUE(overlapping.root->withClass("panel")[0]->withClass("exact-closest").empty());
}

TEST(CasePicture, roundedShapesDrawTheirOffsetOutlineEvenMagnifiedMillionsOfTimes) {
  // Two unit disks 2^-22 apart: the outlines are radius-1 arcs seen through a ~1e7 magnification.
  Picture disks = drawText(
      "gjk-case 1\n"
      "a.radius 1\na.vertex 0 0\n"
      "b.radius 1\nb.position 2.00000024 0.5\nb.vertex 0 -0.5\n");
  expectSoundPicture(disks, "disks 2^-22 apart");
  ASSERT_EQ(insets(disks).size(), 2u);
  EXPECT_EQ(disks.root->withClass("rounded-outline").size(), 3u * 2u);  // A, B, M; main panel and inset
  EXPECT_EQ(disks.root->withClass("exact-closest-rounded").size(), 2u);

  Picture radius = drawFile("corpus/seeds/radius/boxes-touching-with-radii.case");
  expectSoundPicture(radius, "boxes-touching-with-radii");
}

TEST(CasePicture, strategyWithoutTraceStillDraws) {
#ifdef GJK_HAVE_BOX2D
  Picture picture = drawFile("corpus/seeds/short-edge/box2d-plank-vs-point.case", "box2d-2.4.1");
  expectSoundPicture(picture, "box2d-2.4.1");
  EXPECT_TRUE(picture.result.trace.empty());
  EXPECT_NE(picture.root->allText().find("records none"), std::string::npos);
#else
  GTEST_SKIP() << "built without Box2D";
#endif
}

TEST(CasePicture, everySeedWithSeveralStrategiesIsSoundAndDeterministic) {
  const std::filesystem::path seeds = std::filesystem::path(GJK_SOURCE_DIR) / "corpus" / "seeds";
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(seeds)) {
    if (entry.path().extension() == ".case") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  ASSERT_GE(files.size(), 30u);
  for (const std::string& file : files) {
    Case value = readCaseFile(file);
    // The 3D seeds (corpus/seeds/3d) have the 3D pictures: tests/report/repro3_svg_test.py draws every one.
    if (value.dimension == 3) continue;
    for (const char* strategy : {"perp", "box2d-v3.1", "dyn4j"}) {
      Picture first = draw(value, strategy);
      expectSoundPicture(first, file + " " + strategy);
      Picture second = draw(value, strategy);
      EXPECT_EQ(first.svg, second.svg) << file << " " << strategy << ": not deterministic";
    }
  }
}

TEST(CasePicture, xmlCheckRejectsWhatIsNotWellFormed) {
  // The checker the tests above rely on must itself reject broken documents.
  EXPECT_NO_THROW(xml::parseXml("<?xml version=\"1.0\"?>\n<svg a=\"1\"><g><t>x &amp; y</t></g><e/></svg>\n"));
  for (const char* bad : {"<svg><g></svg>", "<svg a=1/>", "<svg a=\"1\" a=\"2\"/>", "<svg>a & b</svg>",
                          "<svg>a < b</svg>", "<svg/><svg/>", "<svg a=\"<\"/>", "<svg><!-- a -- b --></svg>",
                          "<svg>", "text<svg/>", "<svg/>text", "<svg a=\"1\"b=\"2\"/>"}) {
    EXPECT_THROW(xml::parseXml(bad), xml::XmlError) << bad;
  }
}

}  // namespace
}  // namespace gjk::check
