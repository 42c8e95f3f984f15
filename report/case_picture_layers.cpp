// The drawn layers of the case picture (case_picture_parts.h): markers, rounded outlines, shapes,
// frames, scale bars, and the world and Minkowski panels with their trace.
#include "report/case_picture_parts.h"

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

namespace gjk::check::picture {

namespace {

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

}  // namespace

// ---------------------------------------------------------------------------------------------------
// Drawing.

double frameSide(const Panel& panel, const Inset& inset) {
  return std::max(MIN_FRAME, toDouble(inset.panel.half / panel.half) * panel.size);
}

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

void PictureWriter::drawPanel(SvgDocument& doc, const Panel& panel, const std::vector<std::string>& title,
                              bool world, const Inset* inset) {
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

  for (const QueryLayer* layer : queryLayers()) layer->drawMinkowski(doc, panel, labels, layerInputs());

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

const std::vector<const QueryLayer*>& queryLayers() {
  static const std::vector<const QueryLayer*> LAYERS = {&penetrationLayer(), &castLayer()};
  return LAYERS;
}

}  // namespace gjk::check::picture
