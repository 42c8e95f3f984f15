// The small SVG writer (report/svg.h) shared by the case picture and the report's charts: numbers,
// escaping, nesting, and a document that is always well-formed.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "report/svg.h"
#include "tests/report/xml_check.h"

namespace gjk::check {
namespace {

TEST(SvgNumber, isFixedPointWithoutTrailingZeros) {
  EXPECT_EQ(svgNumber(12.5), "12.5");
  EXPECT_EQ(svgNumber(3.0), "3");
  EXPECT_EQ(svgNumber(-0.25), "-0.25");
  EXPECT_EQ(svgNumber(-0.001), "0");  // rounds to -0.00, written 0
  EXPECT_EQ(svgNumber(-0.0), "0");
  EXPECT_EQ(svgNumber(1.0 / 3.0), "0.33");
  EXPECT_EQ(svgNumber(1.0 / 3.0, 4), "0.3333");
  EXPECT_EQ(svgNumber(1e7), "10000000");
}

TEST(SvgNumber, refusesNonFiniteValues) {
  EXPECT_THROW(svgNumber(std::nan("")), std::invalid_argument);
  EXPECT_THROW(svgNumber(std::numeric_limits<double>::infinity()), std::invalid_argument);
  EXPECT_THROW(svgNumber(-std::numeric_limits<double>::infinity()), std::invalid_argument);
}

TEST(SvgEscape, escapesMarkupAndDropsControlCharacters) {
  EXPECT_EQ(svgEscape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
  EXPECT_EQ(svgEscape(std::string("x\x01y", 3)), "x y");
  EXPECT_EQ(svgEscape("× − ⊕"), "× − ⊕");  // UTF-8 passes through
}

TEST(SvgDocument, writesAWellFormedDocument) {
  SvgDocument doc(200, 100, "a <title> & more");
  doc.comment("a -- comment");
  doc.open("g", SvgAttributes().set("class", "chart").set("data-n", 3));
  doc.element("rect", SvgAttributes().set("x", 1.5).set("y", 2.0).set("width", 10.0).set("height", 20.0));
  doc.text({5, 6}, "5 < 6 & \"quoted\"", SvgAttributes().set("font-size", 12.0));
  SvgPath path;
  path.moveTo({0, 0}).lineTo({10, 0}).arcTo(5, false, true, {10, 10}).close();
  doc.element("path", SvgAttributes().set("d", path.str()));
  doc.element("polyline", SvgAttributes().set("points", svgPoints({{0, 0}, {1.25, 2}})));
  doc.open("g");  // left open: finish() closes it
  std::string text = doc.finish();
  EXPECT_EQ(doc.finish(), text);
  EXPECT_THROW(doc.open("g"), std::logic_error);

  std::unique_ptr<xml::XmlElement> root;
  ASSERT_NO_THROW(root = xml::parseXml(text)) << text;
  EXPECT_EQ(root->name, "svg");
  EXPECT_EQ(root->attribute("viewBox"), "0 0 200 100");
  EXPECT_EQ(root->attribute("xmlns"), "http://www.w3.org/2000/svg");
  ASSERT_EQ(root->withClass("chart").size(), 1u);
  const xml::XmlElement& chart = *root->withClass("chart")[0];
  EXPECT_EQ(chart.attribute("data-n"), "3");
  ASSERT_EQ(chart.children.size(), 5u);
  EXPECT_EQ(chart.children[1]->name, "text");
  EXPECT_EQ(chart.children[1]->text, "5 < 6 & \"quoted\"");
  EXPECT_EQ(chart.children[1]->attribute("x"), "5");
  EXPECT_EQ(chart.children[2]->attribute("d"), "M0 0 L10 0 A5 5 0 0 1 10 10 Z");
  EXPECT_EQ(chart.children[3]->attribute("points"), "0,0 1.25,2");
  EXPECT_EQ(root->children[0]->name, "title");
  EXPECT_EQ(root->children[0]->text, "a <title> & more");
}

TEST(SvgDocument, closeWithoutOpenIsAnError) {
  SvgDocument doc(10, 10, "t");
  EXPECT_THROW(doc.close(), std::logic_error);
}

TEST(SvgAttributes, setTwiceReplacesInPlace) {
  EXPECT_EQ(SvgAttributes().set("a", "1").set("b", "2").set("a", "3").str(), " a=\"3\" b=\"2\"");
}

TEST(SvgColours, rampAndPaletteAreHexColours) {
  EXPECT_EQ(svgRampColour(0), "#081d58");
  EXPECT_EQ(svgRampColour(1), "#41b6c4");
  EXPECT_EQ(svgRampColour(-3), svgRampColour(0));
  EXPECT_EQ(svgRampColour(std::nan("")), svgRampColour(0));
  EXPECT_EQ(svgRampColour(7), svgRampColour(1));
  for (double t = 0; t <= 1; t += 0.125) {
    std::string c = svgRampColour(t);
    ASSERT_EQ(c.size(), 7u);
    EXPECT_EQ(c[0], '#');
  }
  EXPECT_EQ(svgCategoricalColour(0), "#4e79a7");
  EXPECT_EQ(svgCategoricalColour(10), svgCategoricalColour(0));
  EXPECT_EQ(svgCategoricalColour(-1), svgCategoricalColour(9));
}

}  // namespace
}  // namespace gjk::check
