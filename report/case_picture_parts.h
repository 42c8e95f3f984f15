// The parts of the case picture (report/case_picture.h) shared by its files: layout constants, Real
// geometry, panels, labels, the scene and the writer. Internal to report/; case_picture.cpp says how the
// coordinates stay exact.
//
//   case_picture_geometry.cpp  Real and exact geometry, clipping to a panel
//   case_picture_scene.cpp     text helpers, the scene computed from the case, the insets planned
//   case_picture_layers.cpp    markers, rounded outlines and the drawing of shapes, panels, frames
//   case_picture.cpp           the layout, the text block, the legend and the document
#pragma once

#include <boost/multiprecision/gmp.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "report/answer_format.h"
#include "report/case_picture.h"
#include "report/svg.h"
#include "verdict/exact_case.h"
#include "verdict/query_seam.h"
#include "verdict/thresholds.h"

namespace gjk::check::picture {

namespace mp = boost::multiprecision;
using oracle::ExactPoint;
using oracle::Rational;
// Expression templates off: an `auto` holding a Real expression would outlive its operands.
using Real = mp::number<mp::gmp_float<300>, mp::et_off>;

// ---------------------------------------------------------------------------------------------------
// Layout, in user units of the viewBox.

constexpr double WIDTH = 1200;
constexpr double MARGIN = 20;
constexpr double PANEL = 560;           // side of a square panel (and of an inset)
constexpr double PANEL_GAP = WIDTH - 2 * MARGIN - 2 * PANEL;
constexpr double TITLE_TOP = 28;        // baseline of the picture's title (the case name)
constexpr double TITLE_SIZE = 18;       // its font size (bold)
constexpr double HEADLINE_SIZE = 14;    // the headline under it
constexpr double TITLE_LINE = 23;       // line height of the title
constexpr double HEADLINE_LINE = 18;    // line height of the headline
constexpr double PANEL_TITLE = 22;      // a panel's title, above it (one line; each more line adds PANEL_TITLE_LINE)
constexpr double PANEL_TITLE_SIZE = 14; // bold
constexpr double PANEL_TITLE_LINE = 17;
constexpr double TEXT_SIZE = 13;        // the text block
constexpr double ROW_GAP = 22;          // between rows
constexpr double LINE = 17;             // text block line height
constexpr double LEGEND_ROW = 21;

// The world margin around the shapes in a main panel, as a fraction of their extent.
constexpr double WINDOW_MARGIN = 0.08;
// Geometry is clipped to the window grown by this fraction; the panel's clipPath hides the rest.
constexpr double CLIP_MARGIN = 0.02;
// The inset: a feature below this fraction of the panel's side is tiny, and is magnified so that it
// spans INSET_FEATURE of the inset.
constexpr double TINY_FEATURE = 0.01;
constexpr double INSET_FEATURE = 0.3;
// Largest distance (user units) between a rounded outline and its flattened polygon.
constexpr double FLATTEN_TOLERANCE = 0.05;
// The smallest side of an inset's frame drawn in its main panel, so that a 1e-20 window is visible.
constexpr double MIN_FRAME = 10;
constexpr double ARROW_LENGTH = 24;

// Colours.
const char* const COLOUR_A = "#6a51a3";
const char* const FILL_A = "#dadaeb";
const char* const COLOUR_B = "#e6550d";
const char* const FILL_B = "#fdd0a2";
const char* const COLOUR_M = "#636363";
const char* const FILL_M = "#e0e0e0";
const char* const COLOUR_EXACT = "#238b45";
const char* const COLOUR_REPORTED = "#d62728";
const char* const COLOUR_TEXT = "#222222";
const char* const FONT = "DejaVu Sans, Verdana, Arial, sans-serif";

// ---------------------------------------------------------------------------------------------------
// Real geometry.

struct RealPoint {
  Real x;
  Real y;
};

RealPoint toReal(const ExactPoint& p);
RealPoint toReal(const Point& p);
RealPoint operator+(const RealPoint& a, const RealPoint& b);
RealPoint operator-(const RealPoint& a, const RealPoint& b);
RealPoint operator*(const Real& s, const RealPoint& p);
Real dot(const RealPoint& a, const RealPoint& b);
Real length(const RealPoint& p);
RealPoint nearestOnSegment(const RealPoint& p, const RealPoint& a, const RealPoint& b);
bool isFinite(const Point& p);
double toDouble(const Real& value);

// ---------------------------------------------------------------------------------------------------
// Exact geometry for drawing (not the oracle: the oracle decides; this draws).

struct ExactPair {
  ExactPoint a;
  ExactPoint b;
};

std::vector<ExactPoint> exactHull(std::vector<ExactPoint> points);
std::vector<std::pair<ExactPoint, ExactPoint>> boundarySegments(const std::vector<ExactPoint>& hull);
ExactPoint nearestOnSegment(const ExactPoint& p, const ExactPoint& a, const ExactPoint& b);
std::optional<ExactPair> exactClosestPair(const std::vector<ExactPoint>& hullA, const std::vector<ExactPoint>& hullB,
                                          const Rational& coreDistanceSquared);

// ---------------------------------------------------------------------------------------------------
// A panel: a square window of world (or Minkowski) space drawn into a square of the document.

struct Panel {
  RealPoint centre;  // world coordinates of the window's centre
  Real half;         // half the window's side, world units, > 0
  double left = 0;   // the square in user units
  double top = 0;
  double size = PANEL;
  std::string id;    // unique in the document: "world", "minkowski", "world-inset", "minkowski-inset"

  Real clipHalf() const { return half * Real(1 + CLIP_MARGIN); }
  // User units per world unit, as a Real (it can exceed double's range only in absurd cases).
  Real scale() const { return Real(size / 2) / half; }

  RealPoint relative(const RealPoint& p) const { return p - centre; }
  bool containsRelative(const RealPoint& r) const { return abs(r.x) <= half && abs(r.y) <= half; }
  bool contains(const RealPoint& p) const { return containsRelative(relative(p)); }

  // User units of a point relative to the centre. Callers pass points inside the clip window; the
  // clamp is a guard that keeps any other point finite and near the panel.
  SvgPoint toScreenRelative(const RealPoint& r) const {
    double limit = 2 * size;
    double x = std::clamp(toDouble(r.x / half) * size / 2, -limit, limit);
    double y = std::clamp(toDouble(r.y / half) * size / 2, -limit, limit);
    return {left + size / 2 + x, top + size / 2 - y};
  }
  SvgPoint toScreen(const RealPoint& p) const { return toScreenRelative(relative(p)); }
};

std::vector<RealPoint> clipPolygon(std::vector<RealPoint> polygon, const Real& h);
std::optional<std::pair<RealPoint, RealPoint>> clipSegment(const RealPoint& p, const RealPoint& q, const Real& h);

// ---------------------------------------------------------------------------------------------------
// Text helpers.

std::string shortNumber(double value);
std::string compactExponent(std::string text);
std::string magnificationText(double magnification);
std::string realText(const Real& value, int digits = 6);
std::string pointText(const RealPoint& p, int digits = 6);
std::vector<std::string> wrap(const std::string& text, size_t columns);

// Places small labels next to markers without overlapping each other or leaving the panel; a label
// with no free place is left out (the marker stays). Labels placed first win, so callers place the
// important ones first; all are written by flush(), on top of the drawing, each with a white halo.
class LabelPlacer {
 public:
  explicit LabelPlacer(const Panel& panel) : panel_(panel) {}

  // A label near `at`; `clearance` keeps it that much further away (for a frame around `at`).
  void place(SvgPoint at, const std::string& text, const std::string& colour, const std::string& cssClass,
             double clearance = 0) {
    const double fontSize = 11;
    const double width = svgTextWidth(text, fontSize) + 2;
    struct Option {
      double dx, dy;
      bool rightAligned;
    };
    const double c = clearance;
    const Option options[] = {{6 + c, -6 - c, false},  {6 + c, 15 + c, false},  {-6 - c, -6 - c, true},
                              {-6 - c, 15 + c, true},   {6 + c, -19 - c, false}, {6 + c, 28 + c, false},
                              {-6 - c, -19 - c, true},  {-6 - c, 28 + c, true}};
    for (const Option& o : options) {
      double x = at.x + o.dx;
      double y = at.y + o.dy;
      Box box{o.rightAligned ? x - width : x, y - fontSize, o.rightAligned ? x : x + width, y + 3};
      if (box.x0 < panel_.left + 2 || box.x1 > panel_.left + panel_.size - 2 || box.y0 < panel_.top + 2 ||
          box.y1 > panel_.top + panel_.size - 20) {  // the bottom strip holds the scale bar
        continue;
      }
      bool free = true;
      for (const Label& other : labels_) {
        if (box.x0 < other.box.x1 && other.box.x0 < box.x1 && box.y0 < other.box.y1 && other.box.y0 < box.y1) {
          free = false;
          break;
        }
      }
      if (!free) continue;
      SvgAttributes attributes;
      attributes.set("class", cssClass).set("fill", colour).set("font-size", fontSize);
      if (o.rightAligned) attributes.set("text-anchor", "end");
      attributes.set("stroke", "#ffffff").set("stroke-width", 3.0).set("paint-order", "stroke");
      labels_.push_back({box, {x, y}, text, attributes});
      return;
    }
  }

  void flush(SvgDocument& doc) {
    doc.open("g", SvgAttributes().set("class", "labels"));
    for (const Label& label : labels_) doc.text(label.at, label.text, label.attributes);
    doc.close();
    labels_.clear();
  }

 private:
  struct Box {
    double x0, y0, x1, y1;
  };
  struct Label {
    Box box;
    SvgPoint at;
    std::string text;
    SvgAttributes attributes;
  };
  const Panel& panel_;
  std::vector<Label> labels_;
};

// ---------------------------------------------------------------------------------------------------
// Everything the picture draws, computed once from the case, the oracle and the strategy's result.

struct TraceStepGeometry {
  std::vector<RealPoint> simplex;    // empty when a vertex was not finite
  std::optional<RealPoint> closest;  // sum of a_i w_i, where the search direction starts; when finite
  std::optional<Point> direction;   // when the step asked for one and it is finite and not zero
  std::optional<RealPoint> support;
};

struct Inset {
  Panel panel;
  int level = 1;                    // 1: an inset of a main panel, 2: an inset of that inset
  double magnification = 1;         // relative to the panel it magnifies
  double totalMagnification = 1;    // relative to the main panel
  std::string feature;              // what is tiny, in words
};

struct Scene {
  // World.
  std::vector<RealPoint> verticesA, verticesB;  // input order
  std::vector<RealPoint> hullA, hullB;          // exact hulls, counter-clockwise
  Real radiusA, radiusB;
  std::optional<RealPoint> exactA, exactB;  // an exact closest pair of the rounded shapes
  // Minkowski difference.
  std::vector<RealPoint> hullM;
  Real radius;
  RealPoint closestCore;     // the oracle's closest point of M (the core) to the origin
  RealPoint closestRounded;  // the closest point of M ⊕ disk(r) to the origin (the origin when in contact)
  Real distance;             // max(0, d0 - r)
  // The strategy.
  bool answered = false;  // the strategy answers distance queries (a penetration-only one gives no points)
  bool finite = false;    // answered, and the reported witness points and distance are finite: drawn
  RealPoint reportedA, reportedB, reportedM;  // pA, pB, pB - pA when finite
  std::vector<TraceStepGeometry> trace;
};

Scene buildScene(const Case& value, const oracle::ExactAnswer& exact, const StrategyResult& result,
                 bool answersDistance);
Panel windowAround(const std::vector<std::pair<RealPoint, Real>>& discs, const Rational& scale);

// Something that may be too small to see in a panel: its size (world units), what it is in words, and
// the points an inset showing it must contain (the closest points, and the origin or the reported
// points when their distance is the feature).
struct FeatureCandidate {
  Real size;
  std::string words;
  std::vector<RealPoint> essentials;
};

std::vector<Inset> planInsets(const Panel& main, const std::vector<FeatureCandidate>& candidates);
void addShortEdges(std::vector<FeatureCandidate>& candidates, const std::vector<RealPoint>& hull,
                   const RealPoint& near, const std::string& words);

// ---------------------------------------------------------------------------------------------------
// Drawing.

double frameSide(const Panel& panel, const Inset& inset);

// What a query's layer of the picture sees: the case, its exact answer, the strategy, its result and the
// scene built from them.
struct LayerInputs {
  const Case& value;
  const oracle::ExactAnswer& exact;
  const StrategyInfo& strategy;
  const StrategyResult& result;
  const Scene& scene;
};

// The picture hook of a query other than distance (verdict/query_seam.h): its layer of the Minkowski panel,
// its text lines and, for a strategy that answers no distance, the headline. Penetration's is in
// case_picture_penetration.cpp; a new query adds its own to queryLayers() (case_picture_layers.cpp).
class QueryLayer {
 public:
  virtual ~QueryLayer() = default;
  virtual const Query& query() const = 0;
  // Drawn in the Minkowski panel of every picture (the exact answer; the reported one when the strategy gives
  // one); nothing when the case has no answer to this query to show.
  virtual void drawMinkowski(SvgDocument& doc, const Panel& panel, LabelPlacer& labels,
                             const LayerInputs& in) const = 0;
  // The text lines of the exact and reported answers (with the unit and verdict when the strategy answers no
  // distance).
  virtual std::vector<std::string> lines(const LayerInputs& in) const = 0;
  // The headline of a picture whose strategy answers no distance and has this as its primary query.
  virtual std::string headline(const LayerInputs& in) const = 0;
};

const QueryLayer& penetrationLayer();
const QueryLayer& castLayer();

// Every query's layer, in queries() order.
const std::vector<const QueryLayer*>& queryLayers();

class PictureWriter {
 public:
  PictureWriter(const Case& value, const oracle::ExactAnswer& exact, const StrategyInfo& strategy,
                const StrategyResult& result, const Verdict& verdict)
      : value_(value), exact_(exact), strategy_(strategy), result_(result), verdict_(verdict),
        scene_(buildScene(value, exact, result, answersDistance(strategy.query))) {}

  std::string render();

 private:
  void layout();
  // The text block, one entry per line: the text and its class ("story" for the case's own words,
  // "answer" for what the picture states).
  std::vector<std::pair<std::string, std::string>> textLines() const;
  // The picture's title (the case's name) and headline, each wrapped to the width of the picture.
  std::vector<std::string> titleLines() const;
  std::vector<std::string> headlineLines() const;
  // The title of a main panel (inset == nullptr) or of an inset, wrapped to the panel's width.
  std::vector<std::string> panelTitleLines(bool world, const Inset* inset) const;
  void beginPanel(SvgDocument& doc, const Panel& panel, const std::vector<std::string>& title);
  void endPanel(SvgDocument& doc, const Panel& panel);
  void drawWorld(SvgDocument& doc, const Panel& panel, LabelPlacer& labels);
  void drawMinkowski(SvgDocument& doc, const Panel& panel, LabelPlacer& labels);
  // What the query layers (QueryLayer) see.
  LayerInputs layerInputs() const { return {value_, exact_, strategy_, result_, scene_}; }
  // For a strategy that answers no distance, the picture's headline and verdict are those of its primary
  // query's layer (penetration: verdict/penetration_verdict.h), never the distance verdict of its unanswered
  // distance.
  bool distanceUnanswered() const { return !answersDistance(strategy_.query); }
  void drawShape(SvgDocument& doc, const Panel& panel, const std::vector<RealPoint>& hull, const Real& radius,
                 const char* stroke, const char* fill, const std::string& cssClass);
  void drawFrame(SvgDocument& doc, const Panel& panel, const Inset& inset);
  // A panel and, when `inset` is given, the frame showing where that inset looks.
  void drawPanel(SvgDocument& doc, const Panel& panel, const std::vector<std::string>& title, bool world,
                 const Inset* inset);
  void drawScaleBar(SvgDocument& doc, const Panel& panel);
  void drawLegend(SvgDocument& doc, double top);

  const Case& value_;
  const oracle::ExactAnswer& exact_;
  const StrategyInfo& strategy_;
  const StrategyResult& result_;
  const Verdict& verdict_;
  Scene scene_;
  Panel world_, minkowski_;
  std::vector<Inset> worldInsets_, minkowskiInsets_;  // coarsest first
  double legendTop_ = 0, textTop_ = 0, height_ = 0;
};

// Markers, centred on a point in user units.
void crossMarker(SvgDocument& doc, SvgPoint p, double size, const std::string& colour, const std::string& cssClass,
                 double width);
void plusMarker(SvgDocument& doc, SvgPoint p, double size, const std::string& colour, const std::string& cssClass);
void diamondMarker(SvgDocument& doc, SvgPoint p, double size, const std::string& colour, bool filled,
                   const std::string& cssClass);
void dotMarker(SvgDocument& doc, SvgPoint p, double radius, const std::string& fill, const std::string& stroke,
               const std::string& cssClass);

}  // namespace gjk::check::picture
