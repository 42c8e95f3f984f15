// A small SVG writer: numbers, escaping, element builders and colours. Used by the case picture
// (report/case_picture.h) and by the comparison report's charts, so it knows nothing about GJK.
//
// Everything is deterministic: numbers are printed with a fixed number of decimals, attributes in the
// order they were added, so the same drawing gives the same bytes. Coordinates are user units of the
// document's viewBox; no external resources (fonts are generic families, no images, no scripts).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gjk::check {

// A point in user units (x to the right, y downwards, as SVG has it).
struct SvgPoint {
  double x = 0;
  double y = 0;
};

// A number in user units: fixed point with at most `decimals` decimals, trailing zeros and point
// dropped, "-0" written "0" ("12.5", "3", "-0.25"). Throws std::invalid_argument for NaN and
// infinities: a picture must never contain them, and a caller that could produce one has a bug.
std::string svgNumber(double value, int decimals = 2);

// Text with & < > " ' replaced by entities: safe in element content and in quoted attribute values.
std::string svgEscape(std::string_view text);

// Attributes of one element, in the order added. Values are escaped when written.
class SvgAttributes {
 public:
  SvgAttributes() = default;
  SvgAttributes& set(std::string_view name, std::string_view value);
  SvgAttributes& set(std::string_view name, const char* value) { return set(name, std::string_view(value)); }
  SvgAttributes& set(std::string_view name, const std::string& value) { return set(name, std::string_view(value)); }
  SvgAttributes& set(std::string_view name, double value, int decimals = 2);  // svgNumber
  SvgAttributes& set(std::string_view name, int value);
  // ` name="value"` for each attribute.
  std::string str() const;

 private:
  std::vector<std::pair<std::string, std::string>> items_;
};

// "x1,y1 x2,y2 ..." for the points attribute of <polygon> and <polyline>.
std::string svgPoints(const std::vector<SvgPoint>& points, int decimals = 2);

// Path data ("d" attribute) built command by command, absolute coordinates.
class SvgPath {
 public:
  SvgPath& moveTo(SvgPoint p);
  SvgPath& lineTo(SvgPoint p);
  // An elliptical arc with equal radii (a circular arc) to p.
  SvgPath& arcTo(double radius, bool largeArc, bool sweep, SvgPoint p);
  SvgPath& close();
  bool empty() const { return data_.empty(); }
  const std::string& str() const { return data_; }

 private:
  std::string data_;
};

// A standalone SVG document with a viewBox of 0 0 width height. Elements are written as they are
// added, nested elements indented by two spaces; finish() closes what is still open.
class SvgDocument {
 public:
  // `title` becomes the document's <title> (what a viewer shows as its name), escaped.
  SvgDocument(double width, double height, std::string_view title);

  // <tag attributes> ... until the matching close().
  void open(std::string_view tag, const SvgAttributes& attributes = {});
  // Closes the innermost open element. Throws std::logic_error when none is open.
  void close();
  // <tag attributes/>
  void element(std::string_view tag, const SvgAttributes& attributes);
  // <tag attributes>escaped content</tag>, on one line.
  void textElement(std::string_view tag, const SvgAttributes& attributes, std::string_view content);
  // <text x y attributes>content</text>.
  void text(SvgPoint at, std::string_view content, const SvgAttributes& attributes = {});
  // <!-- text -->, with any "--" in the text made harmless.
  void comment(std::string_view text);

  // The document text, every open element closed. The document cannot be added to afterwards.
  std::string finish();

 private:
  void indent();
  std::string text_;
  std::vector<std::string> open_;
  bool finished_ = false;
};

// A conservative estimate of the advance width, in user units, of `text` set in a sans-serif font at
// `fontSize`: every character is given at least its width in DejaVu Sans (the widest common sans-serif,
// what librsvg and most Linux browsers fall back to; Verdana is about as wide, Arial and Helvetica are
// narrower), bold about 15% wider. Four classes per em: 0.45 for the narrow (i l j f t r I space and thin
// punctuation), 0.85 for = + < > ~ # &, 1.0 for m w M W % @ and every non-ASCII character (× − ² …), 0.8
// for the other capitals and 0.65 for the rest (lowercase, digits). UTF-8 is counted by code point.
// Used so that a title or label is laid out, wrapped or given room before it could be clipped.
double svgTextWidth(std::string_view text, double fontSize, bool bold = false);

// `text` split at spaces into lines whose svgTextWidth is at most maxWidth; a single word wider than
// that (a long path) is split after its last '/' that fits, else after the last character that fits.
// An empty text gives one empty line.
std::vector<std::string> svgWrapText(std::string_view text, double maxWidth, double fontSize, bool bold = false);

// "#rrggbb" of a sequential colour ramp (navy through blue to cyan, every point readable on white)
// at t in [0, 1]; t outside is clamped, NaN gives the start.
std::string svgRampColour(double t);

// "#rrggbb": a categorical palette (Tableau 10) for series i, cycling after ten.
std::string svgCategoricalColour(int index);

}  // namespace gjk::check
