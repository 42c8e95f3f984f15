// The small SVG writer (report/svg.h) shared by the case picture and the report's charts: numbers,
// escaping, nesting, and a document that is always well-formed.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

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

TEST(SvgTextWidth, isAtLeastDejaVuSansAdvanceWidths) {
  // DejaVu Sans advance widths in em (units per em 2048): "m" 1995, "i" 569, "W" 2025, "0" 1303,
  // "×" 1716, space 651; bold "m" 2134, "0" 1425.
  EXPECT_GE(svgTextWidth("m", 10), 10 * 1995.0 / 2048);
  EXPECT_GE(svgTextWidth("i", 10), 10 * 569.0 / 2048);
  EXPECT_GE(svgTextWidth("W", 10), 10 * 2025.0 / 2048);
  EXPECT_GE(svgTextWidth("0123456789", 10), 10 * 10 * 1303.0 / 2048);
  EXPECT_GE(svgTextWidth("×", 10), 10 * 1716.0 / 2048);
  EXPECT_GE(svgTextWidth(" ", 10), 10 * 651.0 / 2048);
  EXPECT_GE(svgTextWidth("m", 10, true), 10 * 2134.0 / 2048);
  EXPECT_GE(svgTextWidth("0", 10, true), 10 * 1425.0 / 2048);
  // UTF-8 counts by code point: "×" is two bytes and one character.
  EXPECT_DOUBLE_EQ(svgTextWidth("×", 10), svgTextWidth("%", 10));
  EXPECT_DOUBLE_EQ(svgTextWidth("ab", 12), 2 * svgTextWidth("a", 12));
  EXPECT_EQ(svgTextWidth("", 12), 0);
}

TEST(SvgWrapText, linesFitTheWidthAndKeepEveryWord) {
  std::string text = "Violations per strategy and family (count; colour: rate on a log scale, white = none)";
  std::vector<std::string> lines = svgWrapText(text, 300, 14);
  EXPECT_GT(lines.size(), 1u);
  std::string joined;
  for (const std::string& line : lines) {
    EXPECT_LE(svgTextWidth(line, 14), 300) << line;
    joined += (joined.empty() ? "" : " ") + line;
  }
  EXPECT_EQ(joined, text);
  EXPECT_EQ(svgWrapText(text, 10000, 14), std::vector<std::string>{text});
  EXPECT_EQ(svgWrapText("", 100, 14), std::vector<std::string>{""});
}

TEST(SvgWrapText, splitsAWordWiderThanTheLineAfterASlash) {
  std::string path = "corpus/seeds/far-from-origin/a-rather-long-file-name-for-a-case.case";
  std::vector<std::string> lines = svgWrapText(path, 200, 12);
  ASSERT_GT(lines.size(), 1u);
  std::string joined;
  for (const std::string& line : lines) {
    EXPECT_LE(svgTextWidth(line, 12), 200) << line;
    joined += line;
  }
  EXPECT_EQ(joined, path);
  EXPECT_EQ(lines[0].back(), '/');
  // No slash: cut where the line is full, never inside a UTF-8 character.
  std::string word(60, 'x');
  word += "×××";
  for (const std::string& line : svgWrapText(word, 100, 12)) {
    EXPECT_LE(svgTextWidth(line, 12), 100) << line;
    EXPECT_NE(static_cast<unsigned char>(line[0]) & 0xC0, 0x80u) << "a line starts inside a character";
  }
}

}  // namespace
}  // namespace gjk::check
