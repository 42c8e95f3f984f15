// The picture of one case: see case_picture.h for what it shows and why it stays finite.
//
// Coordinates: world (and Minkowski) points are Real (GMP floating point, 300 decimal digits, about
// 1000 bits). Every float of a case is a dyadic rational of at most 24 significant bits between 2^-149
// and 2^128, so a world vertex c*x - s*y + p, a Minkowski point b - a, a float or double result and
// their differences have at most about 560 significant bits (oracle/exact_arithmetic.h): in Real they
// are exact. Only what is
// irrational (a square root: normals, the closest points of rounded shapes) or a quotient (the
// oracle's closest point, a projection) is rounded, with a relative error near 1e-300. A panel is a
// square window of world space; points are taken relative to its centre, clipped to it in Real, and
// only then rounded to user units. So nothing overflows, underflows or cancels, at 1e-30, 1e30 or 1e7.
#include "report/case_picture.h"

#include <boost/multiprecision/gmp.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "report/answer_format.h"
#include "report/svg.h"
#include "verdict/exact_case.h"
#include "verdict/thresholds.h"

namespace gjk::check {
namespace {

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
constexpr double TITLE_HEIGHT = 66;     // the picture's title and headline
constexpr double PANEL_TITLE = 22;      // a panel's title, above it
constexpr double ROW_GAP = 22;          // between rows
constexpr double LINE = 17;             // text block line height
constexpr double LEGEND_ROW = 21;
constexpr int TEXT_COLUMNS = 140;       // characters per line of the text block before wrapping

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

RealPoint toReal(const ExactPoint& p) {
  return {Real(p.x), Real(p.y)};
}

RealPoint toReal(const Point2& p) {
  return {Real(p.x), Real(p.y)};
}

RealPoint operator+(const RealPoint& a, const RealPoint& b) {
  return {a.x + b.x, a.y + b.y};
}

RealPoint operator-(const RealPoint& a, const RealPoint& b) {
  return {a.x - b.x, a.y - b.y};
}

RealPoint operator*(const Real& s, const RealPoint& p) {
  return {s * p.x, s * p.y};
}

Real dot(const RealPoint& a, const RealPoint& b) {
  return a.x * b.x + a.y * b.y;
}

Real length(const RealPoint& p) {
  return sqrt(dot(p, p));
}

// The point of segment [a, b] nearest p (a itself when a == b).
RealPoint nearestOnSegment(const RealPoint& p, const RealPoint& a, const RealPoint& b) {
  RealPoint e = b - a;
  Real ee = dot(e, e);
  Real t = ee > 0 ? Real(dot(p - a, e) / ee) : Real(0);
  t = t < 0 ? Real(0) : (t > 1 ? Real(1) : t);
  return a + t * e;
}

bool isFinite(const Point2& p) {
  return std::isfinite(p.x) && std::isfinite(p.y);
}

// A Real as a double for printing in user units or as a ratio; clamped to +-1e300 so that a ratio
// beyond double's range stays finite (callers only print such values as "e300"-sized words).
double toDouble(const Real& value) {
  double d = value.convert_to<double>();
  if (!std::isfinite(d)) return value > 0 ? 1e300 : -1e300;
  return d;
}

// ---------------------------------------------------------------------------------------------------
// Exact geometry for drawing (not the oracle: the oracle decides; this draws).

// The convex hull of points, counter-clockwise, collinear points removed (Andrew's monotone chain
// with the exact orientation of rationals): 1 point, 2 for a segment, or a polygon.
std::vector<ExactPoint> exactHull(std::vector<ExactPoint> points) {
  std::sort(points.begin(), points.end(), [](const ExactPoint& a, const ExactPoint& b) {
    return a.x < b.x || (a.x == b.x && a.y < b.y);
  });
  points.erase(std::unique(points.begin(), points.end(),
                           [](const ExactPoint& a, const ExactPoint& b) { return a.x == b.x && a.y == b.y; }),
               points.end());
  if (points.size() <= 2) return points;
  auto cross = [](const ExactPoint& o, const ExactPoint& a, const ExactPoint& b) -> Rational {
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  };
  std::vector<ExactPoint> hull(2 * points.size());
  size_t k = 0;
  for (size_t i = 0; i < points.size(); ++i) {
    while (k >= 2 && cross(hull[k - 2], hull[k - 1], points[i]) <= 0) --k;
    hull[k++] = points[i];
  }
  for (size_t i = points.size() - 1, lower = k + 1; i-- > 0;) {
    while (k >= lower && cross(hull[k - 2], hull[k - 1], points[i]) <= 0) --k;
    hull[k++] = points[i];
  }
  hull.resize(k - 1);
  return hull;
}

// The segments of a hull's boundary: its edges, the segment itself, or a point as a zero-length one.
std::vector<std::pair<ExactPoint, ExactPoint>> boundarySegments(const std::vector<ExactPoint>& hull) {
  std::vector<std::pair<ExactPoint, ExactPoint>> segments;
  if (hull.size() == 1) {
    segments.emplace_back(hull[0], hull[0]);
  } else if (hull.size() == 2) {
    segments.emplace_back(hull[0], hull[1]);
  } else {
    for (size_t i = 0; i < hull.size(); ++i) segments.emplace_back(hull[i], hull[(i + 1) % hull.size()]);
  }
  return segments;
}

// Exact: the point of segment [a, b] nearest p (a rational projection parameter clamped to [0, 1]).
ExactPoint nearestOnSegment(const ExactPoint& p, const ExactPoint& a, const ExactPoint& b) {
  Rational ex = b.x - a.x, ey = b.y - a.y;
  Rational ee = ex * ex + ey * ey;
  if (ee == 0) return a;
  Rational t = ((p.x - a.x) * ex + (p.y - a.y) * ey) / ee;
  if (t < 0) t = 0;
  if (t > 1) t = 1;
  return {a.x + t * ex, a.y + t * ey};
}

struct ExactPair {
  ExactPoint a;
  ExactPoint b;
};

// Exact: a pair of points of the two cores at the oracle's core distance. For disjoint convex sets
// the minimum is attained between a vertex of one and a point of the other's boundary, so trying
// every vertex against every boundary segment and keeping the first pair whose exact squared
// distance equals the oracle's finds one. Empty if none does (it would mean the oracle and this
// disagree; the picture then simply omits the pair).
std::optional<ExactPair> exactClosestPair(const std::vector<ExactPoint>& hullA, const std::vector<ExactPoint>& hullB,
                                          const Rational& coreDistanceSquared) {
  auto squared = [](const ExactPoint& a, const ExactPoint& b) -> Rational {
    Rational dx = b.x - a.x, dy = b.y - a.y;
    return dx * dx + dy * dy;
  };
  for (const ExactPoint& a : hullA) {
    for (const auto& [b0, b1] : boundarySegments(hullB)) {
      ExactPoint b = nearestOnSegment(a, b0, b1);
      if (squared(a, b) == coreDistanceSquared) return ExactPair{a, b};
    }
  }
  for (const ExactPoint& b : hullB) {
    for (const auto& [a0, a1] : boundarySegments(hullA)) {
      ExactPoint a = nearestOnSegment(b, a0, a1);
      if (squared(a, b) == coreDistanceSquared) return ExactPair{a, b};
    }
  }
  return std::nullopt;
}

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

// Sutherland-Hodgman: a convex polygon (points relative to the centre) clipped to |x|, |y| <= h.
std::vector<RealPoint> clipPolygon(std::vector<RealPoint> polygon, const Real& h) {
  for (int side = 0; side < 4 && !polygon.empty(); ++side) {
    // side 0: x <= h, 1: x >= -h, 2: y <= h, 3: y >= -h; inside when value(p) <= 0.
    auto value = [&](const RealPoint& p) -> Real {
      switch (side) {
        case 0: return p.x - h;
        case 1: return -h - p.x;
        case 2: return p.y - h;
        default: return -h - p.y;
      }
    };
    std::vector<RealPoint> out;
    for (size_t i = 0; i < polygon.size(); ++i) {
      const RealPoint& p = polygon[i];
      const RealPoint& q = polygon[(i + 1) % polygon.size()];
      Real vp = value(p), vq = value(q);
      if (vp <= 0) out.push_back(p);
      if ((vp < 0 && vq > 0) || (vp > 0 && vq < 0)) {
        Real t = vp / (vp - vq);
        out.push_back(p + t * (q - p));
      }
    }
    polygon = std::move(out);
  }
  return polygon;
}

// Liang-Barsky: the part of segment [p, q] (relative to the centre) inside |x|, |y| <= h, if any.
std::optional<std::pair<RealPoint, RealPoint>> clipSegment(const RealPoint& p, const RealPoint& q, const Real& h) {
  Real t0 = 0, t1 = 1;
  RealPoint d = q - p;
  const Real checks[4][2] = {{-d.x, p.x + h}, {d.x, h - p.x}, {-d.y, p.y + h}, {d.y, h - p.y}};
  for (const auto& [num, bound] : checks) {
    if (num == 0) {
      if (bound < 0) return std::nullopt;
    } else {
      Real t = bound / num;
      if (num < 0) {
        if (t > t1) return std::nullopt;
        if (t > t0) t0 = t;
      } else {
        if (t < t0) return std::nullopt;
        if (t < t1) t1 = t;
      }
    }
  }
  return std::make_pair(p + t0 * d, p + t1 * d);
}

// The outline of hull ⊕ disk(radius), counter-clockwise, relative to the panel's centre, flattened
// into a convex polygon within FLATTEN_TOLERANCE user units of the true curve where it is inside the
// clip window. Each arc at a vertex is bisected (the middle normal is the normalized sum of its end
// normals) while its sagitta exceeds the tolerance, but only where the arc can reach the window: an arc
// piece whose box (chord box grown by its sagitta) misses the window is replaced by its chord, which
// lies outside the window too. So a radius 1e30 times the window still costs a few hundred points.
class RoundedOutline {
 public:
  RoundedOutline(const Panel& panel, const Real& radius) : radius_(radius), clip_(panel.clipHalf()) {
    tolerance_ = panel.half * Real(2 * FLATTEN_TOLERANCE / panel.size);
  }

  std::vector<RealPoint> build(const std::vector<RealPoint>& hull) {
    points_.clear();
    const size_t n = hull.size();
    if (radius_ == 0 || n == 0) {
      return hull;
    }
    if (n == 1) {
      RealPoint normals[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
      points_.push_back(hull[0] + radius_ * normals[0]);
      for (int k = 0; k < 4; ++k) arc(hull[0], normals[k], normals[(k + 1) % 4], 0);
      points_.pop_back();  // the last point repeats the first
      return points_;
    }
    // Outward normals of the edges i -> i+1 of a counter-clockwise boundary (a segment goes there and back).
    std::vector<RealPoint> edgeNormals;
    size_t edges = n == 2 ? 2 : n;
    for (size_t i = 0; i < edges; ++i) {
      RealPoint e = hull[(i + 1) % n] - hull[i];
      Real len = length(e);
      edgeNormals.push_back({e.y / len, -e.x / len});
    }
    for (size_t i = 0; i < edges; ++i) {
      const RealPoint& in = edgeNormals[(i + edges - 1) % edges];
      const RealPoint& out = edgeNormals[i];
      const RealPoint& vertex = hull[i % n];
      points_.push_back(vertex + radius_ * in);
      arc(vertex, in, out, 0);
    }
    return points_;
  }

 private:
  // Appends the arc from n1 to n2 (counter-clockwise, at most a half turn) around v, without its start.
  void arc(const RealPoint& v, const RealPoint& n1, const RealPoint& n2, int depth) {
    RealPoint end = v + radius_ * n2;
    RealPoint sum = n1 + n2;
    Real halfChordCos = length(sum) / 2;  // cos of half the arc's angle
    Real sagitta = radius_ * (1 - halfChordCos);
    bool flatEnough = sagitta <= tolerance_ || depth > 1100;
    if (!flatEnough) {
      RealPoint start = v + radius_ * n1;
      Real lowX = (start.x < end.x ? start.x : end.x) - sagitta, highX = (start.x < end.x ? end.x : start.x) + sagitta;
      Real lowY = (start.y < end.y ? start.y : end.y) - sagitta, highY = (start.y < end.y ? end.y : start.y) + sagitta;
      flatEnough = highX < -clip_ || lowX > clip_ || highY < -clip_ || lowY > clip_;
    }
    if (flatEnough) {
      points_.push_back(end);
      return;
    }
    // The middle normal: the normalized sum, or for a half turn (n2 = -n1) n1 turned a quarter.
    RealPoint middle = (sum.x == 0 && sum.y == 0) ? RealPoint{-n1.y, n1.x} : (Real(1) / length(sum)) * sum;
    arc(v, n1, middle, depth + 1);
    arc(v, middle, n2, depth + 1);
  }

  Real radius_;
  Real clip_;
  Real tolerance_;
  std::vector<RealPoint> points_;
};

// ---------------------------------------------------------------------------------------------------
// Text helpers.

// Non-finite values are written in words: the picture never contains "nan" or "inf".
std::string shortNumber(double value) {
  if (!std::isfinite(value)) return "not finite";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g", value);
  return buffer;
}

// "2.4e4" from 2.4e+04: a compact exponent for magnifications and scale bars.
std::string compactExponent(std::string text) {
  size_t e = text.find('e');
  if (e == std::string::npos) return text;
  std::string mantissa = text.substr(0, e), exponent = text.substr(e + 1);
  bool negative = !exponent.empty() && exponent[0] == '-';
  if (!exponent.empty() && (exponent[0] == '+' || exponent[0] == '-')) exponent.erase(0, 1);
  while (exponent.size() > 1 && exponent[0] == '0') exponent.erase(0, 1);
  return mantissa + "e" + (negative ? "-" : "") + exponent;
}

std::string magnificationText(double magnification) {
  char buffer[32];
  if (magnification < 10000) {
    std::snprintf(buffer, sizeof buffer, "%.0f", magnification);
    return std::string("×") + buffer;
  }
  std::snprintf(buffer, sizeof buffer, "%.1e", magnification);
  return "×" + compactExponent(buffer);
}

std::string realText(const Real& value, int digits = 6) {
  Rational exact;
  mpq_set_f(exact.backend().data(), value.backend().data());
  return oracle::decimalString(exact, digits);
}

std::string pointText(const RealPoint& p, int digits = 6) {
  return "(" + realText(p.x, digits) + ", " + realText(p.y, digits) + ")";
}

// Splits text at spaces into lines of at most `columns` bytes (a longer word stays whole).
std::vector<std::string> wrap(const std::string& text, size_t columns) {
  std::vector<std::string> lines;
  std::string line;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    std::string word = text.substr(start, end - start);
    if (!line.empty() && line.size() + 1 + word.size() > columns) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    start = end + 1;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

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
    const double width = 0.62 * fontSize * static_cast<double>(utf8Length(text)) + 2;
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
  static size_t utf8Length(const std::string& text) {
    size_t n = 0;
    for (unsigned char c : text) n += (c & 0xc0) != 0x80;
    return n;
  }
  const Panel& panel_;
  std::vector<Label> labels_;
};

// ---------------------------------------------------------------------------------------------------
// Everything the picture draws, computed once from the case, the oracle and the strategy's result.

struct TraceStepGeometry {
  std::vector<RealPoint> simplex;    // empty when a vertex was not finite
  std::optional<RealPoint> closest;  // sum of a_i w_i, where the search direction starts; when finite
  std::optional<Point2> direction;   // when the step asked for one and it is finite and not zero
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
  bool finite = false;
  RealPoint reportedA, reportedB, reportedM;  // pA, pB, pB - pA when finite
  std::vector<TraceStepGeometry> trace;
};

Scene buildScene(const Case& value, const oracle::ExactAnswer& exact, const StrategyResult& result) {
  Scene scene;
  std::vector<ExactPoint> worldA = oracle::worldVertices(toOracleShape(value.a));
  std::vector<ExactPoint> worldB = oracle::worldVertices(toOracleShape(value.b));
  for (const ExactPoint& p : worldA) scene.verticesA.push_back(toReal(p));
  for (const ExactPoint& p : worldB) scene.verticesB.push_back(toReal(p));
  std::vector<ExactPoint> exactHullA = exactHull(worldA), exactHullB = exactHull(worldB);
  for (const ExactPoint& p : exactHullA) scene.hullA.push_back(toReal(p));
  for (const ExactPoint& p : exactHullB) scene.hullB.push_back(toReal(p));
  scene.radiusA = Real(oracle::exactFloat(value.a.radius));
  scene.radiusB = Real(oracle::exactFloat(value.b.radius));

  std::vector<ExactPoint> hullM = exact.minkowskiHull;
  if (hullM.empty()) {
    hullM = oracle::solveByHull(toOracleShape(value.a), toOracleShape(value.b)).minkowskiHull;
  }
  for (const ExactPoint& p : hullM) scene.hullM.push_back(toReal(p));
  scene.radius = Real(exact.radius);
  scene.closestCore = toReal(exact.closestPoint);

  // d0 and the distance beyond the radius, as in the oracle: d - r = (d^2 - r^2) / (d + r).
  Real d0 = sqrt(Real(exact.coreDistanceSquared));
  bool separated = exact.coreDistanceSquared > exact.radius * exact.radius;
  scene.distance = separated ? Real(Real(exact.coreDistanceSquared - exact.radius * exact.radius) / (d0 + scene.radius))
                             : Real(0);
  if (exact.radius == 0) {
    scene.closestRounded = scene.closestCore;
  } else if (separated) {
    scene.closestRounded = scene.closestCore - (scene.radius / d0) * scene.closestCore;
  } else {
    scene.closestRounded = {0, 0};
  }

  if (exact.relation != oracle::Relation::Overlapping) {
    if (std::optional<ExactPair> pair = exactClosestPair(exactHullA, exactHullB, exact.coreDistanceSquared)) {
      RealPoint a = toReal(pair->a), b = toReal(pair->b);
      if (d0 > 0) {
        RealPoint n = (Real(1) / d0) * (b - a);
        scene.exactA = a + scene.radiusA * n;
        scene.exactB = b - scene.radiusB * n;
      } else {
        scene.exactA = a;
        scene.exactB = b;
      }
    }
  }

  scene.finite = isFinite(result.pointA) && isFinite(result.pointB) && std::isfinite(result.distance);
  if (scene.finite) {
    scene.reportedA = toReal(result.pointA);
    scene.reportedB = toReal(result.pointB);
    scene.reportedM = scene.reportedB - scene.reportedA;
  }

  for (const TraceRecord& record : result.trace) {
    TraceStepGeometry step;
    bool finitePoints = true, finiteCoordinates = true;
    for (const TraceVertex& v : record.simplex) {
      finitePoints = finitePoints && isFinite(v.w);
      finiteCoordinates = finiteCoordinates && std::isfinite(v.a);
    }
    if (finitePoints && !record.simplex.empty()) {
      RealPoint closest{0, 0};
      for (const TraceVertex& v : record.simplex) {
        step.simplex.push_back(toReal(v.w));
        if (finiteCoordinates) closest = closest + Real(v.a) * toReal(v.w);
      }
      if (finiteCoordinates) step.closest = closest;
    }
    if (record.simplex.size() < 3 && isFinite(record.direction) &&
        (record.direction.x != 0 || record.direction.y != 0)) {
      step.direction = record.direction;
    }
    if (record.hasSupport && isFinite(record.support.w)) {
      step.support = toReal(record.support.w);
    }
    scene.trace.push_back(step);
  }
  return scene;
}

// The square window around a set of points grown by their radii, with a margin. A window of no size
// (everything at one point) takes the problem's scale S instead, so it is never empty.
Panel windowAround(const std::vector<std::pair<RealPoint, Real>>& discs, const Rational& scale) {
  Real lowX = discs[0].first.x - discs[0].second, highX = discs[0].first.x + discs[0].second;
  Real lowY = discs[0].first.y - discs[0].second, highY = discs[0].first.y + discs[0].second;
  for (const auto& [p, r] : discs) {
    lowX = p.x - r < lowX ? Real(p.x - r) : lowX;
    highX = p.x + r > highX ? Real(p.x + r) : highX;
    lowY = p.y - r < lowY ? Real(p.y - r) : lowY;
    highY = p.y + r > highY ? Real(p.y + r) : highY;
  }
  Panel panel;
  panel.centre = {(lowX + highX) / 2, (lowY + highY) / 2};
  Real extent = highX - lowX > highY - lowY ? Real(highX - lowX) : Real(highY - lowY);
  panel.half = extent * Real(0.5 + WINDOW_MARGIN);
  if (panel.half == 0) panel.half = Real(scale) / 2;
  return panel;
}

// Something that may be too small to see in a panel: its size (world units), what it is in words, and
// the points an inset showing it must contain (the closest points, and the origin or the reported
// points when their distance is the feature).
struct FeatureCandidate {
  Real size;
  std::string words;
  std::vector<RealPoint> essentials;
};

// Half the side of the square holding all the points, with room for their labels.
Real spreadHalf(const std::vector<RealPoint>& points) {
  Real lowX = points[0].x, highX = lowX, lowY = points[0].y, highY = lowY;
  for (const RealPoint& p : points) {
    lowX = p.x < lowX ? p.x : lowX;
    highX = p.x > highX ? p.x : highX;
    lowY = p.y < lowY ? p.y : lowY;
    highY = p.y > highY ? p.y : highY;
  }
  return (highX - lowX > highY - lowY ? Real(highX - lowX) : Real(highY - lowY)) * Real(0.62);
}

RealPoint spreadCentre(const std::vector<RealPoint>& points) {
  Real lowX = points[0].x, highX = lowX, lowY = points[0].y, highY = lowY;
  for (const RealPoint& p : points) {
    lowX = p.x < lowX ? p.x : lowX;
    highX = p.x > highX ? p.x : highX;
    lowY = p.y < lowY ? p.y : lowY;
    highY = p.y > highY ? p.y : highY;
  }
  return {(lowX + highX) / 2, (lowY + highY) / 2};
}

// The insets of a panel, coarsest first, each inside the one before: while some feature is below
// TINY_FEATURE of the current panel's side, the largest such feature is magnified to INSET_FEATURE of
// a new inset, centred on its essential points. The essentials of the other tiny features join when
// that at most doubles the window (the origin next to a short edge), else they wait for the next level
// (a 1e-6 edge inside a 1e-3 gap gets an inset of the 1e-3 inset). At most MAX_INSET_LEVELS levels.
constexpr int MAX_INSET_LEVELS = 2;

std::vector<Inset> planInsets(const Panel& main, const std::vector<FeatureCandidate>& candidates) {
  std::vector<Inset> insets;
  insets.reserve(MAX_INSET_LEVELS);  // `current` points into it
  const Panel* current = &main;
  for (int level = 0; level < MAX_INSET_LEVELS; ++level) {
    Real threshold = current->half * Real(2 * TINY_FEATURE);
    std::vector<const FeatureCandidate*> tiny;
    for (const FeatureCandidate& c : candidates) {
      if (c.size > 0 && c.size < threshold && !c.essentials.empty()) tiny.push_back(&c);
    }
    if (tiny.empty()) break;
    // Largest first; equal sizes keep their order, so the plan is deterministic.
    std::stable_sort(tiny.begin(), tiny.end(),
                     [](const FeatureCandidate* a, const FeatureCandidate* b) { return a->size > b->size; });
    const FeatureCandidate& chosen = *tiny[0];
    Real featureHalf = chosen.size / Real(2 * INSET_FEATURE);
    std::vector<RealPoint> essentials = chosen.essentials;
    for (size_t k = 1; k < tiny.size(); ++k) {
      std::vector<RealPoint> trial = essentials;
      trial.insert(trial.end(), tiny[k]->essentials.begin(), tiny[k]->essentials.end());
      if (spreadHalf(trial) <= 2 * featureHalf) essentials = std::move(trial);
    }
    Real spread = spreadHalf(essentials);
    Inset inset;
    inset.panel.centre = spreadCentre(essentials);
    inset.panel.half = featureHalf > spread ? featureHalf : spread;
    inset.level = level + 1;
    inset.magnification = toDouble(current->half / inset.panel.half);
    inset.totalMagnification = toDouble(main.half / inset.panel.half);
    inset.feature = chosen.words + " is " + shortNumber(toDouble(chosen.size / (2 * current->half)) * 100) +
                    "% of the " + (level == 0 ? std::string("panel") : "inset above");
    insets.push_back(inset);
    current = &insets.back().panel;
  }
  return insets;
}

// The edges of a hull near one of its closest points, as candidates: an edge counts when it is close
// enough to that point to be seen in the inset that would show it (within 1/(2 INSET_FEATURE) of its
// length); its essentials are the closest point and the edge's point nearest to it.
void addShortEdges(std::vector<FeatureCandidate>& candidates, const std::vector<RealPoint>& hull,
                   const RealPoint& near, const std::string& words) {
  const size_t n = hull.size();
  const size_t edges = n < 2 ? 0 : (n == 2 ? 1 : n);
  for (size_t i = 0; i < edges; ++i) {
    const RealPoint& p = hull[i];
    const RealPoint& q = hull[(i + 1) % n];
    Real edge = length(q - p);
    RealPoint foot = nearestOnSegment(near, p, q);
    if (length(near - foot) * Real(2 * INSET_FEATURE) <= edge) {
      candidates.push_back({edge, words, {near, foot}});
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Drawing.

double frameSide(const Panel& panel, const Inset& inset) {
  return std::max(MIN_FRAME, toDouble(inset.panel.half / panel.half) * panel.size);
}

class PictureWriter {
 public:
  PictureWriter(const Case& value, const oracle::ExactAnswer& exact, const StrategyInfo& strategy,
                const StrategyResult& result, const Verdict& verdict)
      : value_(value), exact_(exact), strategy_(strategy), result_(result), verdict_(verdict),
        scene_(buildScene(value, exact, result)) {}

  std::string render();

 private:
  void layout();
  // The text block, one entry per line: the text and its class ("story" for the case's own words,
  // "answer" for what the picture states).
  std::vector<std::pair<std::string, std::string>> textLines() const;
  void beginPanel(SvgDocument& doc, const Panel& panel, const std::string& title);
  void endPanel(SvgDocument& doc, const Panel& panel);
  void drawWorld(SvgDocument& doc, const Panel& panel, LabelPlacer& labels);
  void drawMinkowski(SvgDocument& doc, const Panel& panel, LabelPlacer& labels);
  void drawShape(SvgDocument& doc, const Panel& panel, const std::vector<RealPoint>& hull, const Real& radius,
                 const char* stroke, const char* fill, const std::string& cssClass);
  void drawFrame(SvgDocument& doc, const Panel& panel, const Inset& inset);
  // A panel and, when `inset` is given, the frame showing where that inset looks.
  void drawPanel(SvgDocument& doc, const Panel& panel, const std::string& title, bool world, const Inset* inset);
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
                 double width) {
  SvgPath path;
  path.moveTo({p.x - size, p.y - size}).lineTo({p.x + size, p.y + size});
  path.moveTo({p.x - size, p.y + size}).lineTo({p.x + size, p.y - size});
  doc.element("path", SvgAttributes()
                          .set("class", cssClass)
                          .set("d", path.str())
                          .set("stroke", colour)
                          .set("stroke-width", width)
                          .set("fill", "none"));
}

void plusMarker(SvgDocument& doc, SvgPoint p, double size, const std::string& colour, const std::string& cssClass) {
  SvgPath path;
  path.moveTo({p.x - size, p.y}).lineTo({p.x + size, p.y}).moveTo({p.x, p.y - size}).lineTo({p.x, p.y + size});
  doc.element("path", SvgAttributes()
                          .set("class", cssClass)
                          .set("d", path.str())
                          .set("stroke", colour)
                          .set("stroke-width", 1.6)
                          .set("fill", "none"));
}

void diamondMarker(SvgDocument& doc, SvgPoint p, double size, const std::string& colour, bool filled,
                   const std::string& cssClass) {
  doc.element("polygon", SvgAttributes()
                             .set("class", cssClass)
                             .set("points", svgPoints({{p.x, p.y - size}, {p.x + size, p.y}, {p.x, p.y + size},
                                                       {p.x - size, p.y}}))
                             .set("fill", filled ? colour : "#ffffff")
                             .set("stroke", colour)
                             .set("stroke-width", 1.5));
}

void dotMarker(SvgDocument& doc, SvgPoint p, double radius, const std::string& fill, const std::string& stroke,
               const std::string& cssClass) {
  doc.element("circle", SvgAttributes()
                            .set("class", cssClass)
                            .set("cx", p.x)
                            .set("cy", p.y)
                            .set("r", radius)
                            .set("fill", fill)
                            .set("stroke", stroke)
                            .set("stroke-width", 1.2));
}

void PictureWriter::layout() {
  world_ = windowAround(
      [&] {
        std::vector<std::pair<RealPoint, Real>> discs;
        for (const RealPoint& p : scene_.hullA) discs.emplace_back(p, scene_.radiusA);
        for (const RealPoint& p : scene_.hullB) discs.emplace_back(p, scene_.radiusB);
        return discs;
      }(),
      exact_.scale);
  minkowski_ = windowAround(
      [&] {
        std::vector<std::pair<RealPoint, Real>> discs;
        for (const RealPoint& p : scene_.hullM) discs.emplace_back(p, scene_.radius);
        discs.emplace_back(RealPoint{0, 0}, Real(0));
        return discs;
      }(),
      exact_.scale);
  world_.id = "world";
  minkowski_.id = "minkowski";
  world_.left = MARGIN;
  minkowski_.left = MARGIN + PANEL + PANEL_GAP;
  world_.top = minkowski_.top = TITLE_HEIGHT + PANEL_TITLE;

  // What is tiny. The error of the reported points counts only when the verdict says the points are
  // wrong (witness error or gap): an error within the threshold is rounding, and magnifying it would
  // only show noise; a wrong distance with right points is the distance's error, written in the label.
  bool wrong = false;
  for (const std::string& reason : verdict_.reasons) {
    wrong = wrong || reason == "witness-error" || reason == "witness-gap";
  }
  wrong = wrong && scene_.finite;
  {
    std::vector<FeatureCandidate> candidates;
    candidates.push_back({scene_.distance, "the exact distance", {RealPoint{0, 0}, scene_.closestRounded}});
    if (wrong) {
      candidates.push_back({length(scene_.reportedM - scene_.closestRounded), "the error of the reported pB − pA",
                            {scene_.closestRounded, scene_.reportedM}});
    }
    addShortEdges(candidates, scene_.hullM, scene_.closestRounded, "an edge of M near its closest point");
    minkowskiInsets_ = planInsets(minkowski_, candidates);
  }
  if (scene_.exactA && scene_.exactB) {
    std::vector<FeatureCandidate> candidates;
    candidates.push_back({scene_.distance, "the exact distance", {*scene_.exactA, *scene_.exactB}});
    if (wrong) {
      Real errorA = length(scene_.reportedA - *scene_.exactA), errorB = length(scene_.reportedB - *scene_.exactB);
      candidates.push_back(errorA > errorB ? FeatureCandidate{errorA, "the error of the reported pA",
                                                              {*scene_.exactA, scene_.reportedA}}
                                           : FeatureCandidate{errorB, "the error of the reported pB",
                                                              {*scene_.exactB, scene_.reportedB}});
    }
    addShortEdges(candidates, scene_.hullA, *scene_.exactA, "an edge of A near the closest pair");
    addShortEdges(candidates, scene_.hullB, *scene_.exactB, "an edge of B near the closest pair");
    worldInsets_ = planInsets(world_, candidates);
  }

  // Row k holds the insets of level k, each under the panel it magnifies.
  size_t levels = std::max(worldInsets_.size(), minkowskiInsets_.size());
  for (auto [insets, main] : {std::pair{&worldInsets_, &world_}, std::pair{&minkowskiInsets_, &minkowski_}}) {
    for (Inset& inset : *insets) {
      inset.panel.left = main->left;
      inset.panel.top = main->top + inset.level * (PANEL + ROW_GAP + PANEL_TITLE);
      inset.panel.id = main->id + "-inset-" + std::to_string(inset.level);
    }
  }
  double rowTop = world_.top + PANEL + ROW_GAP + static_cast<double>(levels) * (PANEL_TITLE + PANEL + ROW_GAP);
  legendTop_ = rowTop;
  textTop_ = legendTop_ + 4 * LEGEND_ROW + ROW_GAP;
  height_ = textTop_ + LINE * static_cast<double>(textLines().size()) + MARGIN;
}

std::vector<std::pair<std::string, std::string>> PictureWriter::textLines() const {
  std::vector<std::pair<std::string, std::string>> lines;
  auto addAs = [&](const std::string& text, const char* cssClass) {
    for (const std::string& line : wrap(text, TEXT_COLUMNS)) lines.emplace_back(line, cssClass);
  };
  auto add = [&](const std::string& text) { addAs(text, "answer"); };
  std::string family = value_.metaValue("family");
  std::string story = value_.metaValue("story");
  if (!family.empty() || !story.empty()) {
    addAs((family.empty() ? "" : "family " + family + (story.empty() ? "" : ": ")) + story, "story");
  }
  add(std::string("exact (oracle): ") + oracle::relationName(exact_.relation) + ", distance " +
      oracle::distanceDecimal(exact_, 30) + ", closest point of M (" + oracle::decimalString(exact_.closestPoint.x, 12) +
      ", " + oracle::decimalString(exact_.closestPoint.y, 12) + "), r = rA + rB = " +
      oracle::decimalString(exact_.radius, 9));
  auto reported = [&](double number) {
    return std::isfinite(number) ? scalarDecimal(number, strategy_.scalar) : std::string("not finite");
  };
  add("strategy " + strategy_.name + " (" + strategy_.scalar + "): distance " + reported(result_.distance) + ", pA (" +
      reported(result_.pointA.x) + ", " + reported(result_.pointA.y) + "), pB (" + reported(result_.pointB.x) + ", " +
      reported(result_.pointB.y) + "), " + std::to_string(result_.iterations) + " iterations, termination " +
      result_.termination + ", " +
      (result_.trace.empty() ? std::string("no trace recorded")
                             : std::to_string(result_.trace.size()) + " trace steps"));
  add("errors in u = S·2⁻²⁴ = " + oracle::decimalString(errorUnit(exact_), 6) + " (S = " +
      oracle::decimalString(exact_.scale, 9) + "): distance " + shortNumber(verdict_.distanceErrorU) + " u, witness " +
      shortNumber(verdict_.witnessErrorU) + " u, witness gap " + shortNumber(verdict_.witnessGapU) +
      " u (threshold T = " + shortNumber(VIOLATION_THRESHOLD_U) + " u)");
  add("verdict: " + std::string(verdict_.violation ? "violation (" + reasonList(verdict_) + ")" : "ok"));
  for (auto [insets, name] : {std::pair{&worldInsets_, "world"}, std::pair{&minkowskiInsets_, "M"}}) {
    for (const Inset& inset : *insets) {
      add(std::string(inset.level == 1 ? "inset of " : "inset of the inset of ") + name + ": " +
          magnificationText(inset.magnification) + ", because " + inset.feature + "; it spans " +
          realText(2 * inset.panel.half, 3) + " around " + pointText(inset.panel.centre, 10));
    }
  }
  if (!scene_.finite) add("the reported witness points are not finite: they are not drawn");
  if (!scene_.exactA && exact_.relation != oracle::Relation::Overlapping) {
    add("no exact closest pair found for drawing");
  }
  return lines;
}

void PictureWriter::beginPanel(SvgDocument& doc, const Panel& panel, const std::string& title) {
  doc.text({panel.left, panel.top - 7}, title,
           SvgAttributes().set("class", "panel-title").set("font-size", 14.0).set("font-weight", "bold").set("fill", COLOUR_TEXT));
  doc.open("defs");
  doc.open("clipPath", SvgAttributes().set("id", "clip-" + panel.id));
  doc.element("rect", SvgAttributes().set("x", panel.left).set("y", panel.top).set("width", panel.size).set("height", panel.size));
  doc.close();
  doc.close();
  doc.element("rect", SvgAttributes()
                          .set("class", "panel-background")
                          .set("x", panel.left)
                          .set("y", panel.top)
                          .set("width", panel.size)
                          .set("height", panel.size)
                          .set("fill", "#ffffff")
                          .set("stroke", "#bdbdbd"));
  doc.open("g", SvgAttributes().set("id", panel.id).set("class", "panel").set("clip-path", "url(#clip-" + panel.id + ")"));
}

void PictureWriter::endPanel(SvgDocument& doc, const Panel& panel) {
  drawScaleBar(doc, panel);
  doc.close();
}

// A bar of a round length (1, 2 or 5 times a power of ten) about a fifth of the panel, labelled in
// world units, and the coordinates of the panel's centre: the two things needed to read positions.
void PictureWriter::drawScaleBar(SvgDocument& doc, const Panel& panel) {
  double side = toDouble(2 * panel.half);
  double target = side / 5;
  double power = std::pow(10.0, std::floor(std::log10(target)));
  double barWorld = power;
  for (double m : {2.0, 5.0}) {
    if (m * power <= target) barWorld = m * power;
  }
  if (!std::isfinite(barWorld) || barWorld <= 0) return;
  double barUser = barWorld / side * panel.size;
  double x = panel.left + 14, y = panel.top + panel.size - 14;
  SvgPath path;
  path.moveTo({x, y - 4}).lineTo({x, y}).lineTo({x + barUser, y}).lineTo({x + barUser, y - 4});
  doc.open("g", SvgAttributes().set("class", "scale-bar"));
  doc.element("path", SvgAttributes().set("d", path.str()).set("stroke", COLOUR_TEXT).set("stroke-width", 1.2).set("fill", "none"));
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", barWorld);
  doc.text({x + barUser + 5, y + 1}, compactExponent(buffer),
           SvgAttributes().set("font-size", 11.0).set("fill", COLOUR_TEXT));
  doc.text({panel.left + panel.size - 8, y + 1}, "centre " + pointText(panel.centre, 10),
           SvgAttributes().set("font-size", 10.0).set("fill", "#757575").set("text-anchor", "end"));
  doc.close();
}

void PictureWriter::drawShape(SvgDocument& doc, const Panel& panel, const std::vector<RealPoint>& hull,
                              const Real& radius, const char* stroke, const char* fill, const std::string& cssClass) {
  std::vector<RealPoint> relativeHull;
  for (const RealPoint& p : hull) relativeHull.push_back(panel.relative(p));
  Real clip = panel.clipHalf();
  doc.open("g", SvgAttributes().set("class", cssClass));
  if (radius > 0) {
    std::vector<RealPoint> outline = clipPolygon(RoundedOutline(panel, radius).build(relativeHull), clip);
    std::vector<SvgPoint> points;
    for (const RealPoint& p : outline) points.push_back(panel.toScreenRelative(p));
    if (points.size() >= 3) {
      doc.element("polygon", SvgAttributes()
                                 .set("class", "rounded-outline")
                                 .set("points", svgPoints(points))
                                 .set("fill", fill)
                                 .set("fill-opacity", 0.75)
                                 .set("stroke", stroke)
                                 .set("stroke-width", 1.5));
    }
  }
  // The core: the hull itself, dashed inside a rounded outline.
  SvgAttributes core;
  core.set("class", "hull").set("stroke", stroke).set("stroke-width", radius > 0 ? 1.0 : 1.5);
  if (radius > 0) core.set("stroke-dasharray", "4 3");
  if (relativeHull.size() >= 3) {
    std::vector<SvgPoint> points;
    for (const RealPoint& p : clipPolygon(relativeHull, clip)) points.push_back(panel.toScreenRelative(p));
    if (points.size() >= 3) {
      core.set("points", svgPoints(points)).set("fill", radius > 0 ? "none" : fill);
      if (radius == 0) core.set("fill-opacity", 0.75);
      doc.element("polygon", core);
    }
  } else if (relativeHull.size() == 2) {
    if (auto segment = clipSegment(relativeHull[0], relativeHull[1], clip)) {
      SvgPoint p = panel.toScreenRelative(segment->first), q = panel.toScreenRelative(segment->second);
      core.set("x1", p.x).set("y1", p.y).set("x2", q.x).set("y2", q.y).set("stroke-width", radius > 0 ? 1.0 : 2.5);
      doc.element("line", core);
    }
  } else if (relativeHull.size() == 1 && panel.containsRelative(relativeHull[0])) {
    SvgPoint p = panel.toScreenRelative(relativeHull[0]);
    core.set("cx", p.x).set("cy", p.y).set("r", 4.0).set("fill", fill);
    doc.element("circle", core);
  }
  doc.close();
}

// The frame in a main panel around where its inset looks; at least MIN_FRAME wide so that it shows
// even when the inset's window is a billionth of the panel. Its label is placed by drawPanel.
void PictureWriter::drawFrame(SvgDocument& doc, const Panel& panel, const Inset& inset) {
  SvgPoint centre = panel.toScreen(inset.panel.centre);
  double side = frameSide(panel, inset);
  doc.element("rect", SvgAttributes()
                          .set("class", "inset-frame")
                          .set("x", centre.x - side / 2)
                          .set("y", centre.y - side / 2)
                          .set("width", side)
                          .set("height", side)
                          .set("fill", "none")
                          .set("stroke", COLOUR_TEXT)
                          .set("stroke-width", 1.2));
}

void PictureWriter::drawPanel(SvgDocument& doc, const Panel& panel, const std::string& title, bool world,
                              const Inset* inset) {
  beginPanel(doc, panel, title);
  LabelPlacer labels(panel);
  if (inset) {
    labels.place(panel.toScreen(inset->panel.centre), "inset " + magnificationText(inset->magnification),
                 COLOUR_TEXT, "inset-label", frameSide(panel, *inset) / 2);
  }
  if (world) {
    drawWorld(doc, panel, labels);
  } else {
    drawMinkowski(doc, panel, labels);
  }
  if (inset) drawFrame(doc, panel, *inset);
  labels.flush(doc);
  endPanel(doc, panel);
}

void PictureWriter::drawWorld(SvgDocument& doc, const Panel& panel, LabelPlacer& labels) {
  drawShape(doc, panel, scene_.hullA, scene_.radiusA, COLOUR_A, FILL_A, "shape-a");
  drawShape(doc, panel, scene_.hullB, scene_.radiusB, COLOUR_B, FILL_B, "shape-b");
  Real clip = panel.clipHalf();

  // The exact closest pair (dashed, green) and the reported witness pair (dotted, red).
  auto pairLine = [&](const RealPoint& a, const RealPoint& b, const char* colour, const char* dashes, const char* cls) {
    if (auto segment = clipSegment(panel.relative(a), panel.relative(b), clip)) {
      SvgPoint p = panel.toScreenRelative(segment->first), q = panel.toScreenRelative(segment->second);
      doc.element("line", SvgAttributes()
                              .set("class", cls)
                              .set("x1", p.x).set("y1", p.y).set("x2", q.x).set("y2", q.y)
                              .set("stroke", colour).set("stroke-width", 1.2).set("stroke-dasharray", dashes));
    }
  };
  if (scene_.exactA) pairLine(*scene_.exactA, *scene_.exactB, COLOUR_EXACT, "5 3", "exact-pair");
  if (scene_.finite) pairLine(scene_.reportedA, scene_.reportedB, COLOUR_REPORTED, "2 2", "reported-pair");

  for (auto [vertices, colour, prefix] : {std::tuple{&scene_.verticesA, COLOUR_A, "a"},
                                          std::tuple{&scene_.verticesB, COLOUR_B, "b"}}) {
    doc.open("g", SvgAttributes().set("class", std::string("vertices-") + prefix));
    for (const RealPoint& vertex : *vertices) {
      if (panel.contains(vertex)) dotMarker(doc, panel.toScreen(vertex), 2.5, colour, colour, "vertex");
    }
    doc.close();
  }
  if (scene_.exactA) {
    for (auto [point, name] : {std::pair{&*scene_.exactA, "A*"}, std::pair{&*scene_.exactB, "B*"}}) {
      if (!panel.contains(*point)) continue;
      SvgPoint p = panel.toScreen(*point);
      diamondMarker(doc, p, 5, COLOUR_EXACT, true, "exact-closest");
      labels.place(p, std::string(name) + " exact", COLOUR_EXACT, "exact-label");
    }
  }
  if (scene_.finite) {
    for (auto [point, name] : {std::pair{&scene_.reportedA, "pA"}, std::pair{&scene_.reportedB, "pB"}}) {
      if (!panel.contains(*point)) continue;
      SvgPoint p = panel.toScreen(*point);
      crossMarker(doc, p, 4.5, COLOUR_REPORTED, "reported-witness", 2);
      labels.place(p, name, COLOUR_REPORTED, "reported-label");
    }
  }
  for (auto [vertices, colour, prefix] : {std::tuple{&scene_.verticesA, COLOUR_A, "a"},
                                          std::tuple{&scene_.verticesB, COLOUR_B, "b"}}) {
    for (size_t i = 0; i < vertices->size(); ++i) {
      if (panel.contains((*vertices)[i])) {
        labels.place(panel.toScreen((*vertices)[i]), prefix + std::to_string(i), colour, "vertex-label");
      }
    }
  }
}

void PictureWriter::drawMinkowski(SvgDocument& doc, const Panel& panel, LabelPlacer& labels) {
  Real clip = panel.clipHalf();
  // Axes through the origin.
  RealPoint origin{0, 0};
  RealPoint o = panel.relative(origin);
  doc.open("g", SvgAttributes().set("class", "axes"));
  for (int axis = 0; axis < 2; ++axis) {
    RealPoint from = axis == 0 ? RealPoint{-clip, o.y} : RealPoint{o.x, -clip};
    RealPoint to = axis == 0 ? RealPoint{clip, o.y} : RealPoint{o.x, clip};
    if (auto segment = clipSegment(from, to, clip)) {
      SvgPoint p = panel.toScreenRelative(segment->first), q = panel.toScreenRelative(segment->second);
      doc.element("line", SvgAttributes().set("x1", p.x).set("y1", p.y).set("x2", q.x).set("y2", q.y)
                              .set("stroke", "#d0d0d0").set("stroke-width", 1.0));
    }
  }
  doc.close();

  drawShape(doc, panel, scene_.hullM, scene_.radius, COLOUR_M, FILL_M, "minkowski-hull");

  // The exact distance: origin to the closest point of the (rounded) Minkowski difference.
  if (auto segment = clipSegment(o, panel.relative(scene_.closestRounded), clip)) {
    SvgPoint p = panel.toScreenRelative(segment->first), q = panel.toScreenRelative(segment->second);
    doc.element("line", SvgAttributes().set("class", "exact-distance").set("x1", p.x).set("y1", p.y)
                            .set("x2", q.x).set("y2", q.y).set("stroke", COLOUR_EXACT).set("stroke-width", 1.2)
                            .set("stroke-dasharray", "5 3"));
  }

  // Labels of the exact answer and the reported point first: they win a crowded place.
  if (panel.contains(scene_.closestCore)) {
    labels.place(panel.toScreen(scene_.closestCore), "q exact", COLOUR_EXACT, "exact-label");
  }
  if (scene_.finite && panel.contains(scene_.reportedM)) {
    labels.place(panel.toScreen(scene_.reportedM), "pB − pA, reported d = " + scalarDecimal(result_.distance, strategy_.scalar),
                 COLOUR_REPORTED, "reported-label");
  }
  if (scene_.radius > 0 && panel.contains(scene_.closestRounded)) {
    labels.place(panel.toScreen(scene_.closestRounded), "q − r exact", COLOUR_EXACT, "exact-label");
  }
  if (panel.containsRelative(o)) labels.place(panel.toScreenRelative(o), "origin", COLOUR_TEXT, "origin-label");

  // The trace: each step's simplex, the direction it searched, the support point it found.
  const size_t steps = scene_.trace.size();
  doc.open("g", SvgAttributes().set("class", "trace"));
  for (size_t i = 0; i < steps; ++i) {
    const TraceStepGeometry& step = scene_.trace[i];
    std::string colour = svgRampColour(steps > 1 ? static_cast<double>(i) / static_cast<double>(steps - 1) : 0);
    doc.open("g", SvgAttributes().set("class", "trace-step").set("data-step", static_cast<int>(i)));
    std::vector<RealPoint> simplex;
    for (const RealPoint& w : step.simplex) simplex.push_back(panel.relative(w));
    if (simplex.size() == 3) {
      std::vector<SvgPoint> points;
      for (const RealPoint& p : clipPolygon(simplex, clip)) points.push_back(panel.toScreenRelative(p));
      if (points.size() >= 3) {
        doc.element("polygon", SvgAttributes().set("class", "simplex").set("points", svgPoints(points))
                                   .set("fill", colour).set("fill-opacity", 0.12).set("stroke", colour)
                                   .set("stroke-width", 1.4));
      }
    } else if (simplex.size() == 2) {
      if (auto segment = clipSegment(simplex[0], simplex[1], clip)) {
        SvgPoint p = panel.toScreenRelative(segment->first), q = panel.toScreenRelative(segment->second);
        doc.element("line", SvgAttributes().set("class", "simplex").set("x1", p.x).set("y1", p.y)
                                .set("x2", q.x).set("y2", q.y).set("stroke", colour).set("stroke-width", 2.0));
      }
    }
    for (const RealPoint& w : simplex) {
      if (panel.containsRelative(w)) dotMarker(doc, panel.toScreenRelative(w), 2.6, colour, colour, "simplex-vertex");
    }
    if (step.closest && panel.contains(*step.closest)) {
      SvgPoint p = panel.toScreen(*step.closest);
      dotMarker(doc, p, 2.2, "#ffffff", colour, "simplex-closest");
      if (step.direction) {
        // The direction in user units (y down), normalized after scaling by its largest component so
        // that a subnormal or huge direction normalizes without underflow or overflow.
        double m = std::max(std::fabs(step.direction->x), std::fabs(step.direction->y));
        double dx = step.direction->x / m, dy = -step.direction->y / m;
        double len = std::hypot(dx, dy);
        dx /= len;
        dy /= len;
        SvgPoint tip{p.x + ARROW_LENGTH * dx, p.y + ARROW_LENGTH * dy};
        SvgPath arrow;
        arrow.moveTo(p).lineTo(tip);
        arrow.moveTo({tip.x - 6 * dx + 3.5 * dy, tip.y - 6 * dy - 3.5 * dx}).lineTo(tip)
            .lineTo({tip.x - 6 * dx - 3.5 * dy, tip.y - 6 * dy + 3.5 * dx});
        doc.element("path", SvgAttributes().set("class", "direction").set("d", arrow.str()).set("stroke", colour)
                                .set("stroke-width", 1.4).set("fill", "none"));
      }
      labels.place(p, std::to_string(i), colour, "step-label");
    }
    if (step.support && panel.contains(*step.support)) {
      dotMarker(doc, panel.toScreen(*step.support), 4.2, "none", colour, "support");
    }
    doc.close();
  }
  doc.close();

  // Markers of the answer on top of the trace.
  if (panel.containsRelative(o)) plusMarker(doc, panel.toScreenRelative(o), 7, COLOUR_TEXT, "origin");
  if (panel.contains(scene_.closestCore)) {
    diamondMarker(doc, panel.toScreen(scene_.closestCore), 5, COLOUR_EXACT, true, "exact-closest");
  }
  if (scene_.radius > 0 && panel.contains(scene_.closestRounded)) {
    diamondMarker(doc, panel.toScreen(scene_.closestRounded), 5, COLOUR_EXACT, false, "exact-closest-rounded");
  }
  if (scene_.finite && panel.contains(scene_.reportedM)) {
    crossMarker(doc, panel.toScreen(scene_.reportedM), 4.5, COLOUR_REPORTED, "reported-witness", 2);
  }
}

void PictureWriter::drawLegend(SvgDocument& doc, double top) {
  doc.open("g", SvgAttributes().set("class", "legend"));
  const double column = (WIDTH - 2 * MARGIN) / 3;
  int item = 0;
  auto next = [&](double& x, double& y) {
    x = MARGIN + column * (item / 4);
    y = top + LEGEND_ROW * (item % 4) + 12;
    ++item;
  };
  auto caption = [&](double x, double y, const std::string& text) {
    doc.text({x + 26, y + 4}, text, SvgAttributes().set("font-size", 12.0).set("fill", COLOUR_TEXT));
  };
  auto swatch = [&](double x, double y, const char* fill, const char* stroke, bool dashed) {
    SvgAttributes a;
    a.set("x", x).set("y", y - 6).set("width", 18.0).set("height", 12.0).set("fill", fill).set("stroke", stroke);
    if (dashed) a.set("stroke-dasharray", "4 3");
    doc.element("rect", a);
  };
  double x, y;
  next(x, y);
  swatch(x, y, FILL_A, COLOUR_A, false);
  caption(x, y, "shape A, vertices a0, a1, … (input order)");
  next(x, y);
  swatch(x, y, FILL_B, COLOUR_B, false);
  caption(x, y, "shape B, vertices b0, b1, …");
  next(x, y);
  swatch(x, y, FILL_M, COLOUR_M, false);
  caption(x, y, "M = B − A, exact hull (oracle)");
  const bool rounded = scene_.radius > 0;
  if (rounded) {
    next(x, y);
    swatch(x, y, "#ffffff", COLOUR_M, true);
    caption(x, y, "dashed: the core of a rounded shape");
  }
  next(x, y);
  diamondMarker(doc, {x + 9, y}, 5, COLOUR_EXACT, true, "legend-marker");
  caption(x, y, "exact closest points A*, B* and q of M (oracle)");
  if (rounded) {
    next(x, y);
    diamondMarker(doc, {x + 9, y}, 5, COLOUR_EXACT, false, "legend-marker");
    caption(x, y, "closest point of M ⊕ disk(r), r = rA + rB");
  }
  next(x, y);
  crossMarker(doc, {x + 9, y}, 4.5, COLOUR_REPORTED, "legend-marker", 2);
  caption(x, y, "reported by " + strategy_.name + ": pA, pB and pB − pA");
  next(x, y);
  plusMarker(doc, {x + 9, y}, 7, COLOUR_TEXT, "legend-marker");
  caption(x, y, "origin of the Minkowski difference");
  next(x, y);
  // The ramp: one swatch per step when there are few, else the two ends.
  const size_t steps = scene_.trace.size();
  if (steps == 0) {
    caption(x - 26, y, "no simplex trace: this strategy records none");
  } else {
    for (int k = 0; k < 6; ++k) {
      doc.element("rect", SvgAttributes().set("x", x + 3.0 * k).set("y", y - 6).set("width", 3.0).set("height", 12.0)
                              .set("fill", svgRampColour(k / 5.0)));
    }
    caption(x, y, (steps == 1 ? std::string("simplex of step 0") : "simplex of step 0 … " + std::to_string(steps - 1)) +
                      ", numbered at its closest point");
  }
  next(x, y);
  {
    SvgPath arrow;
    arrow.moveTo({x, y}).lineTo({x + 18, y}).moveTo({x + 13, y - 3.5}).lineTo({x + 18, y}).lineTo({x + 13, y + 3.5});
    doc.element("path", SvgAttributes().set("d", arrow.str()).set("stroke", svgRampColour(0.4)).set("stroke-width", 1.4)
                            .set("fill", "none"));
  }
  caption(x, y, "search direction of a step (fixed length)");
  next(x, y);
  dotMarker(doc, {x + 9, y}, 4.2, "none", svgRampColour(0.4), "legend-marker");
  caption(x, y, "support point found by a step");
  if (!worldInsets_.empty() || !minkowskiInsets_.empty()) {
    next(x, y);
    doc.element("rect", SvgAttributes().set("x", x + 3).set("y", y - 6).set("width", 12.0).set("height", 12.0)
                            .set("fill", "none").set("stroke", COLOUR_TEXT).set("stroke-width", 1.2));
    caption(x, y, "where an inset looks (drawn at least 10 wide)");
  }
  doc.close();
}

std::string PictureWriter::render() {
  layout();
  std::string title = "gjkcheck repro " + (value_.source.empty() ? std::string("(unnamed case)") : value_.source) +
                      " --strategy " + strategy_.name;
  SvgDocument doc(WIDTH, height_, title);
  doc.comment("the picture of one case; not the oracle: it draws what the oracle and the strategy answered");
  doc.element("rect", SvgAttributes().set("x", 0.0).set("y", 0.0).set("width", WIDTH).set("height", height_)
                          .set("fill", "#ffffff"));
  doc.open("g", SvgAttributes().set("font-family", FONT));
  doc.text({MARGIN, 28}, value_.source.empty() ? "(unnamed case)" : value_.source,
           SvgAttributes().set("class", "case-name").set("font-size", 18.0).set("font-weight", "bold").set("fill", COLOUR_TEXT));
  // The story in one line: the exact answer, the reported one, the verdict.
  std::string headline =
      std::string("exact: ") + oracle::relationName(exact_.relation) + ", distance " +
      realText(scene_.distance, 8) + ".  " + strategy_.name + ": distance " +
      (std::isfinite(result_.distance) ? scalarDecimal(result_.distance, strategy_.scalar) : std::string("not finite")) +
      " (" + result_.termination + ", " + std::to_string(result_.iterations) + " iterations).  " +
      (verdict_.violation ? "Violation: " + reasonList(verdict_) : std::string("Verdict: ok"));
  doc.text({MARGIN, 50}, headline,
           SvgAttributes().set("class", "headline").set("font-size", 14.0)
               .set("fill", verdict_.violation ? COLOUR_REPORTED : COLOUR_EXACT));

  for (bool world : {true, false}) {
    const std::vector<Inset>& insets = world ? worldInsets_ : minkowskiInsets_;
    drawPanel(doc, world ? world_ : minkowski_, world ? "world" : "Minkowski difference M = B − A", world,
              insets.empty() ? nullptr : &insets[0]);
    for (size_t k = 0; k < insets.size(); ++k) {
      const Inset& inset = insets[k];
      std::string title = std::string(world ? "world near the exact closest pair, " : "M near its closest point, ") +
                          magnificationText(inset.magnification);
      if (inset.level > 1) title += " of the inset above (" + magnificationText(inset.totalMagnification) + " in all)";
      doc.open("g", SvgAttributes().set("class", "inset").set("data-panel", world ? "world" : "minkowski")
                        .set("data-level", inset.level));
      drawPanel(doc, inset.panel, title, world, k + 1 < insets.size() ? &insets[k + 1] : nullptr);
      doc.close();
    }
  }

  drawLegend(doc, legendTop_);
  doc.open("g", SvgAttributes().set("class", "text-block").set("font-size", 13.0).set("fill", COLOUR_TEXT));
  double y = textTop_ + 12;
  for (const auto& [line, cssClass] : textLines()) {
    doc.text({MARGIN, y}, line, SvgAttributes().set("class", cssClass));
    y += LINE;
  }
  doc.close();
  return doc.finish();
}

}  // namespace

std::string renderCasePicture(const Case& value, const oracle::ExactAnswer& exact, const StrategyInfo& strategy,
                              const StrategyResult& result, const Verdict& verdict) {
  return PictureWriter(value, exact, strategy, result, verdict).render();
}

}  // namespace gjk::check
