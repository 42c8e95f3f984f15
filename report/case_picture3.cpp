// The SVG picture of a 3D case (case_picture3.h): four views of the world, one of M = B - A, the text block and
// the legend. The geometry is exact (case_picture3_scene.h); only Window::normalized rounds.
#include "report/case_picture3.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "oracle/oracle3_values.h"
#include "report/answer_format.h"
#include "report/case_picture3_scene.h"
#include "report/svg.h"

namespace gjk::check {
namespace {

using namespace picture3;

constexpr double WIDTH = 1200;
constexpr double MARGIN = 20;
constexpr double PANEL = 370;
constexpr double GAP = (WIDTH - 2 * MARGIN - 3 * PANEL) / 2;
constexpr double TITLE_BASELINE = 30;
constexpr double ROW1_TOP = 78;
constexpr double ROW2_TOP = ROW1_TOP + PANEL + 40;
constexpr double TEXT_TOP = ROW2_TOP + PANEL + 36;
constexpr double LINE = 17;
constexpr double TEXT_SIZE = 13;
constexpr double MARKER = 5;
constexpr double ARROW = 70;  // a normal's arrow, in user units

const char* const COLOUR_A = "#6a51a3";
const char* const FILL_A = "#bcbddc";
const char* const COLOUR_B = "#e6550d";
const char* const FILL_B = "#fdae6b";
const char* const COLOUR_M = "#636363";
const char* const FILL_M = "#d9d9d9";
const char* const COLOUR_EXACT = "#238b45";
const char* const COLOUR_REPORTED = "#d62728";
const char* const COLOUR_TEXT = "#222222";
const char* const COLOUR_PATH = "#2171b5";
const char* const FONT = "DejaVu Sans, Verdana, Arial, sans-serif";

// The window of a world view: both shapes and the exact closest pair, 8% margin.
const Rational WINDOW_MARGIN(8, 100);

ExactPoint3 negated(const ExactPoint3& p) { return {-p.x, -p.y, -p.z}; }

struct PanelPlace {
  double left = 0;
  double top = 0;
  SvgPoint at(const std::array<double, 2>& n) const {
    return {left + PANEL / 2 + n[0] * PANEL / 2, top + PANEL / 2 - n[1] * PANEL / 2};
  }
};

struct Drawer {
  SvgDocument& doc;
  const View3& view;
  const Window& window;
  PanelPlace place;
  bool* clamped;

  SvgPoint at(const ExactPoint3& p, bool* outside = nullptr) const {
    return place.at(window.normalized(p, view.u, view.v, outside));
  }

  void faces(const Mesh3& mesh, const char* fill) {
    for (size_t f = 0; f < mesh.faces.size(); ++f) {
      // A solid's face is filled when turned to the viewer (each point of the silhouette once); a flat hull's
      // polygon from either side.
      if (mesh.dimension == 3 && dot3(mesh.normals[f], view.out) <= 0) continue;
      std::vector<SvgPoint> corners;
      for (int k : mesh.faces[f]) corners.push_back(at(mesh.points[k]));
      doc.element("polygon", SvgAttributes()
                                 .set("points", svgPoints(corners))
                                 .set("fill", fill)
                                 .set("fill-opacity", "0.45")
                                 .set("stroke", "none"));
    }
  }

  // The outline of the rounded shape (the core grown by `radius`) in an orthographic view, where it is exactly the
  // core's projected hull grown by a disk of the radius: offset edges joined by arcs. Its geometry is formed from
  // the coordinates relative to the window (already of order 1; the offsets and arcs need square roots), so it is
  // finite at every scale. The oblique view's axes are not orthonormal (the grown disk would be an ellipse): no
  // outline there, the legend says so.
  void roundedOutline(const Mesh3& mesh, const Rational& radius, const char* colour, const char* fill) {
    if (radius == 0 || view.id == "oblique") return;
    std::vector<SvgPoint> points;
    for (const ExactPoint3& p : usedPoints(mesh)) points.push_back(at(p));
    std::sort(points.begin(), points.end(),
              [](const SvgPoint& l, const SvgPoint& r) { return l.x < r.x || (l.x == r.x && l.y < r.y); });
    points.erase(std::unique(points.begin(), points.end(),
                             [](const SvgPoint& l, const SvgPoint& r) { return l.x == r.x && l.y == r.y; }),
                 points.end());
    // Andrew's monotone chain, positive turns (cross > 0) kept: the hull in the order of positive orientation.
    auto cross = [](const SvgPoint& o, const SvgPoint& a, const SvgPoint& b) {
      return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
    };
    std::vector<SvgPoint> hull;
    for (int pass = 0; pass < 2 && points.size() >= 2; ++pass) {
      const size_t start = hull.size();
      for (size_t k = 0; k < points.size(); ++k) {
        const SvgPoint& p = pass == 0 ? points[k] : points[points.size() - 1 - k];
        while (hull.size() >= start + 2 && cross(hull[hull.size() - 2], hull.back(), p) <= 0) hull.pop_back();
        hull.push_back(p);
      }
      hull.pop_back();
    }
    const Rational scaled = radius / window.half;
    const double r = std::min(4.0, scaled.convert_to<double>()) * PANEL / 2;  // user units
    SvgPath path;
    if (points.size() < 2) {
      const SvgPoint c = points.front();
      path.moveTo({c.x + r, c.y}).arcTo(r, false, true, {c.x - r, c.y}).arcTo(r, false, true, {c.x + r, c.y});
    } else {
      // Edge i from hull[i] to hull[i + 1], offset along its outward normal (dy, -dx) / |d|.
      auto normal = [&](size_t i) {
        const SvgPoint& a = hull[i];
        const SvgPoint& b = hull[(i + 1) % hull.size()];
        const double dx = b.x - a.x;
        const double dy = b.y - a.y;
        const double length = std::hypot(dx, dy);
        return SvgPoint{dy / length, -dx / length};
      };
      for (size_t i = 0; i < hull.size(); ++i) {
        const SvgPoint n = normal(i);
        const SvgPoint& a = hull[i];
        const SvgPoint& b = hull[(i + 1) % hull.size()];
        const SvgPoint from{a.x + r * n.x, a.y + r * n.y};
        if (i == 0) path.moveTo(from);
        path.lineTo({b.x + r * n.x, b.y + r * n.y});
        const SvgPoint next = normal((i + 1) % hull.size());
        path.arcTo(r, false, true, {b.x + r * next.x, b.y + r * next.y});
      }
    }
    path.close();
    doc.element("path", SvgAttributes()
                            .set("class", "rounded")
                            .set("d", path.str())
                            .set("fill", fill)
                            .set("fill-opacity", "0.25")
                            .set("stroke", colour)
                            .set("stroke-width", "1.2"));
  }

  bool hidden(const Mesh3& mesh, const Mesh3::Edge& edge) const {
    if (mesh.dimension != 3) return false;
    for (int f : {edge.face0, edge.face1}) {
      if (f >= 0 && dot3(mesh.normals[f], view.out) > 0) return false;
    }
    return true;
  }

  void edges(const Mesh3& mesh, const char* colour) {
    for (bool drawHidden : {true, false}) {
      for (const Mesh3::Edge& edge : mesh.edges) {
        if (hidden(mesh, edge) != drawHidden) continue;
        const SvgPoint from = at(mesh.points[edge.from]);
        const SvgPoint to = at(mesh.points[edge.to]);
        SvgAttributes attributes;
        attributes.set("x1", from.x).set("y1", from.y).set("x2", to.x).set("y2", to.y).set("stroke", colour);
        if (drawHidden) {
          attributes.set("stroke-width", "0.8").set("stroke-dasharray", "4 3").set("stroke-opacity", "0.7");
        } else {
          attributes.set("stroke-width", "1.6");
        }
        doc.element("line", attributes);
      }
    }
    if (mesh.dimension == 0) {
      const SvgPoint p = at(mesh.points[0]);
      doc.element("circle", SvgAttributes().set("cx", p.x).set("cy", p.y).set("r", 3.0).set("fill", colour));
    }
  }

  void exactPoint(const ExactPoint3& p, const std::string& label) {
    const SvgPoint s = at(p);
    doc.element("circle", SvgAttributes()
                              .set("cx", s.x)
                              .set("cy", s.y)
                              .set("r", MARKER + 1)
                              .set("fill", "none")
                              .set("stroke", COLOUR_EXACT)
                              .set("stroke-width", "2"));
    if (!label.empty()) {
      doc.text({s.x + 8, s.y + 16}, label,
               SvgAttributes().set("font-size", "11").set("fill", COLOUR_EXACT).set("font-family", FONT));
    }
  }

  void segment(const ExactPoint3& from, const ExactPoint3& to, const char* colour) {
    const SvgPoint a = at(from);
    const SvgPoint b = at(to);
    doc.element("line", SvgAttributes()
                            .set("x1", a.x)
                            .set("y1", a.y)
                            .set("x2", b.x)
                            .set("y2", b.y)
                            .set("stroke", colour)
                            .set("stroke-width", "1.2")
                            .set("stroke-dasharray", "2 2"));
  }

  void reportedPoint(const ExactPoint3& p, const std::string& label) {
    const SvgPoint s = at(p, clamped);
    SvgPath path;
    path.moveTo({s.x - MARKER, s.y - MARKER}).lineTo({s.x + MARKER, s.y + MARKER});
    path.moveTo({s.x - MARKER, s.y + MARKER}).lineTo({s.x + MARKER, s.y - MARKER});
    doc.element("path",
                SvgAttributes().set("d", path.str()).set("stroke", COLOUR_REPORTED).set("stroke-width", "2").set(
                    "fill", "none"));
    doc.text({s.x + 7, s.y - 7}, label,
             SvgAttributes().set("font-size", "11").set("fill", COLOUR_REPORTED).set("font-family", FONT));
  }

  // The simplex path: v_0, v_1, ... joined in order (a dot at each), then the final simplex's edges (every pair
  // of its points: a segment, a triangle or a tetrahedron). Points beyond the panel are drawn on its edge.
  void simplexPath(const std::vector<ExactPoint3>& path, const std::vector<ExactPoint3>& simplex) {
    if (path.empty()) return;
    doc.open("g", SvgAttributes().set("class", "simplex"));
    for (size_t i = 0; i < simplex.size(); ++i) {
      for (size_t j = i + 1; j < simplex.size(); ++j) {
        const SvgPoint a = at(simplex[i]);
        const SvgPoint b = at(simplex[j]);
        doc.element("line", SvgAttributes()
                                .set("class", "final-simplex")
                                .set("x1", a.x)
                                .set("y1", a.y)
                                .set("x2", b.x)
                                .set("y2", b.y)
                                .set("stroke", COLOUR_PATH)
                                .set("stroke-width", "1.4")
                                .set("stroke-opacity", "0.8"));
      }
    }
    std::vector<SvgPoint> points;
    for (const ExactPoint3& p : path) points.push_back(at(p));
    doc.element("polyline", SvgAttributes()
                                .set("class", "simplex-path")
                                .set("points", svgPoints(points))
                                .set("fill", "none")
                                .set("stroke", COLOUR_PATH)
                                .set("stroke-width", "1.6"));
    for (size_t i = 0; i < points.size(); ++i) {
      doc.element("circle", SvgAttributes()
                                .set("class", "simplex-closest")
                                .set("data-step", static_cast<int>(i))
                                .set("cx", points[i].x)
                                .set("cy", points[i].y)
                                .set("r", 2.5)
                                .set("fill", "#ffffff")
                                .set("stroke", COLOUR_PATH)
                                .set("stroke-width", "1.2"));
    }
    doc.close();
  }

  // A direction as an arrow of fixed length on the screen from the origin (its length says nothing; the
  // translation's mark says the depth). Nothing for a direction along the view.
  void arrow(const ExactPoint3& direction, const char* colour, const char* cssClass) {
    const std::array<double, 2> d = projectedDirection(direction, view.u, view.v);
    const double length = std::hypot(d[0], d[1]);
    if (length == 0) return;
    const SvgPoint o = at({0, 0, 0});
    const double ux = d[0] / length, uy = -d[1] / length;  // screen y points down
    const SvgPoint tip{o.x + ARROW * ux, o.y + ARROW * uy};
    SvgPath path;
    path.moveTo(o).lineTo(tip);
    path.moveTo({tip.x - 7 * ux + 4 * uy, tip.y - 7 * uy - 4 * ux}).lineTo(tip).lineTo(
        {tip.x - 7 * ux - 4 * uy, tip.y - 7 * uy + 4 * ux});
    doc.element("path", SvgAttributes()
                            .set("class", cssClass)
                            .set("d", path.str())
                            .set("stroke", colour)
                            .set("stroke-width", "1.6")
                            .set("fill", "none"));
  }

  // A translation of the penetration answer: a line from the origin to its end, marked as exact (a circle) or
  // reported (a cross).
  void translation(const ExactPoint3& end, bool exact, const char* cssClass, const std::string& label) {
    const SvgPoint o = at({0, 0, 0});
    const SvgPoint e = at(end, exact ? nullptr : clamped);
    doc.element("line", SvgAttributes()
                            .set("class", cssClass)
                            .set("x1", o.x)
                            .set("y1", o.y)
                            .set("x2", e.x)
                            .set("y2", e.y)
                            .set("stroke", exact ? COLOUR_EXACT : COLOUR_REPORTED)
                            .set("stroke-width", "1.6")
                            .set("stroke-dasharray", exact ? "6 2" : "2 2"));
    if (exact) {
      exactPoint(end, label);
    } else {
      reportedPoint(end, label);
    }
  }

  void origin() {
    const SvgPoint s = at({0, 0, 0});
    SvgPath path;
    path.moveTo({s.x - MARKER - 2, s.y}).lineTo({s.x + MARKER + 2, s.y});
    path.moveTo({s.x, s.y - MARKER - 2}).lineTo({s.x, s.y + MARKER + 2});
    doc.element("path", SvgAttributes().set("d", path.str()).set("stroke", COLOUR_TEXT).set("stroke-width", "1.5"));
    doc.text({s.x - 14, s.y - 6}, "O",
             SvgAttributes().set("font-size", "11").set("fill", COLOUR_TEXT).set("font-family", FONT));
  }
};

void openPanel(SvgDocument& doc, const std::string& id, const std::string& title, const PanelPlace& place) {
  doc.text({place.left, place.top - 8}, title,
           SvgAttributes().set("font-size", "13").set("font-weight", "bold").set("fill", COLOUR_TEXT).set(
               "font-family", FONT));
  doc.open("clipPath", SvgAttributes().set("id", "clip-" + id));
  doc.element("rect", SvgAttributes().set("x", place.left).set("y", place.top).set("width", PANEL).set("height",
                                                                                                         PANEL));
  doc.close();
  doc.element("rect", SvgAttributes()
                          .set("x", place.left)
                          .set("y", place.top)
                          .set("width", PANEL)
                          .set("height", PANEL)
                          .set("fill", "#ffffff")
                          .set("stroke", "#999999"));
  doc.open("g", SvgAttributes().set("id", id).set("clip-path", "url(#clip-" + id + ")"));
}

void legendEntry(SvgDocument& doc, double x, double y, const std::string& swatch, const char* colour,
                 const std::string& text) {
  doc.text({x, y}, swatch,
           SvgAttributes().set("font-size", "13").set("font-weight", "bold").set("fill", colour).set("font-family",
                                                                                                     FONT));
  doc.text({x + 34, y}, text, SvgAttributes().set("font-size", "12").set("fill", COLOUR_TEXT).set("font-family", FONT));
}

}  // namespace

namespace {

// The picture of either answer (Judged3): the penetration answer's marks replace pB - pA in M's panel, and its
// contact points are the reported points of the world views.
std::string renderPicture3(const Case& value, const oracle::ExactAnswer3& exact, const Judged3& judged) {
  const StrategyInfo& strategy = judged.strategy;
  const StrategyResult& result = judged.result;
  const bool penetration = judged.drawsPenetration();
  const Scene3 scene = buildScene3(value, exact, judged);
  std::vector<std::string> lines = textLines3(value, exact, judged);

  // The world views' windows: both shapes and the exact closest pair.
  std::vector<ExactPoint3> pairPoints;
  if (scene.closestPair) pairPoints = {(*scene.closestPair)[0], (*scene.closestPair)[1]};
  // M's window: its hull, the origin and q.
  std::vector<ExactPoint3> minkowski = usedPoints(scene.m);
  minkowski.push_back({0, 0, 0});
  minkowski.push_back(scene.closestM);
  if (scene.exactTranslation) minkowski.push_back(*scene.exactTranslation);  // beyond M by the radius
  if (penetration) minkowski = aroundOrigin(minkowski);
  const Rational fallback = exact.scale;  // > 0: a window when everything is one point
  const Rational radiusA(static_cast<double>(value.a.radius));
  const Rational radiusB(static_cast<double>(value.b.radius));

  bool clamped = false;
  std::vector<std::string> wrapped;
  for (const std::string& line : lines) {
    for (const std::string& part : svgWrapText(line, WIDTH - 2 * MARGIN, TEXT_SIZE)) wrapped.push_back(part);
  }
  const double height = TEXT_TOP + (static_cast<double>(wrapped.size()) + 2) * LINE + MARGIN;

  SvgDocument doc(WIDTH, height, "gjkcheck repro " + value.source);
  doc.element("rect", SvgAttributes().set("x", 0.0).set("y", 0.0).set("width", WIDTH).set("height", height).set(
                          "fill", "#ffffff"));
  doc.text({MARGIN, TITLE_BASELINE}, value.source + " (3D), " + strategy.name + (penetration ? ", penetration" : ""),
           SvgAttributes().set("font-size", "18").set("font-weight", "bold").set("fill", COLOUR_TEXT).set(
               "font-family", FONT));
  doc.text({MARGIN, TITLE_BASELINE + 20}, headline3(exact, judged),
           SvgAttributes().set("font-size", "14").set("fill", COLOUR_TEXT).set("font-family", FONT));

  const std::vector<View3> views = worldViews();
  for (size_t i = 0; i < views.size(); ++i) {
    const View3& view = views[i];
    const PanelPlace place{MARGIN + static_cast<double>(i % 3) * (PANEL + GAP), i < 3 ? ROW1_TOP : ROW2_TOP};
    // The rounded shapes where their outline is drawn (not in the oblique view), else the cores.
    const bool rounded = view.id != "oblique";
    const Window window = Window::around(
        std::vector<Window::Group>{{usedPoints(scene.a), rounded ? radiusA : Rational(0)},
                                   {usedPoints(scene.b), rounded ? radiusB : Rational(0)},
                                   {pairPoints, Rational(0)}},
        view.u, view.v, WINDOW_MARGIN, fallback);
    openPanel(doc, view.id, view.title, place);
    Drawer draw{doc, view, window, place, &clamped};
    draw.roundedOutline(scene.a, radiusA, COLOUR_A, FILL_A);
    draw.roundedOutline(scene.b, radiusB, COLOUR_B, FILL_B);
    draw.faces(scene.a, FILL_A);
    draw.faces(scene.b, FILL_B);
    draw.edges(scene.a, COLOUR_A);
    draw.edges(scene.b, COLOUR_B);
    if (scene.closestPair) {
      draw.segment((*scene.closestPair)[0], (*scene.closestPair)[1], COLOUR_EXACT);
      draw.exactPoint((*scene.closestPair)[0], "a");
      draw.exactPoint((*scene.closestPair)[1], "b");
    }
    if (scene.pointA) draw.reportedPoint(*scene.pointA, "pA");
    if (scene.pointB) draw.reportedPoint(*scene.pointB, "pB");
    doc.close();
  }
  {
    const View3 view = obliqueView();
    const PanelPlace place{MARGIN + PANEL + GAP, ROW2_TOP};
    const Window window = Window::around(minkowski, view.u, view.v, WINDOW_MARGIN, fallback);
    openPanel(doc, "minkowski", "Minkowski difference B - A, oblique", place);
    Drawer draw{doc, view, window, place, &clamped};
    draw.faces(scene.m, FILL_M);
    draw.edges(scene.m, COLOUR_M);
    draw.simplexPath(scene.simplexPath, scene.finalSimplex);
    draw.segment({0, 0, 0}, scene.closestM, COLOUR_EXACT);
    draw.origin();
    draw.exactPoint(scene.closestM, "q");
    if (scene.reportedDifference) draw.reportedPoint(*scene.reportedDifference, "pB - pA");
    if (scene.exactNormal) draw.arrow(negated(*scene.exactNormal), COLOUR_EXACT, "exact-normal");
    if (scene.reportedNormal) draw.arrow(negated(*scene.reportedNormal), COLOUR_REPORTED, "reported-normal");
    if (scene.exactTranslation) draw.translation(*scene.exactTranslation, true, "exact-penetration", "-depth* n*");
    if (scene.reportedTranslation) {
      draw.translation(*scene.reportedTranslation, false, "reported-penetration", "-depth n");
    }
    doc.close();
  }

  // The legend, in the third column of the second row.
  const double lx = MARGIN + 2 * (PANEL + GAP);
  double ly = ROW2_TOP + 4;
  doc.text({lx, ly}, "legend", SvgAttributes().set("font-size", "13").set("font-weight", "bold").set("fill",
                                                                                                       COLOUR_TEXT).set(
                                   "font-family", FONT));
  ly += 22;
  legendEntry(doc, lx, ly, "A", COLOUR_A, "shape A: hull of its world vertices (core)");
  ly += 20;
  legendEntry(doc, lx, ly, "B", COLOUR_B, "shape B: hull of its world vertices (core)");
  ly += 20;
  legendEntry(doc, lx, ly, "M", COLOUR_M, "M = B - A: its exact hull");
  ly += 20;
  legendEntry(doc, lx, ly, "o", COLOUR_EXACT, "exact closest a, b of the cores (one pair");
  ly += 20;
  legendEntry(doc, lx, ly - 3, "", COLOUR_EXACT, "when several); q of M, unique");
  ly += 17;
  if (penetration) {
    legendEntry(doc, lx, ly, "x", COLOUR_REPORTED, "reported contact pA, pB");
    ly += 20;
    legendEntry(doc, lx, ly, "o--", COLOUR_EXACT, "M: exact -depth* n* (origin to the");
    ly += 17;
    legendEntry(doc, lx, ly, "", COLOUR_EXACT, "rounded M's boundary); arrow -n*");
    ly += 20;
    legendEntry(doc, lx, ly, "x--", COLOUR_REPORTED, "M: reported -depth n; arrow -n");
  } else {
    legendEntry(doc, lx, ly, "x", COLOUR_REPORTED, "reported witness pA, pB; pB - pA");
  }
  ly += 20;
  legendEntry(doc, lx, ly, "+", COLOUR_TEXT, "the origin O of M's panel");
  ly += 20;
  legendEntry(doc, lx, ly, "- -", COLOUR_TEXT, "edge between faces turned away");
  ly += 20;
  legendEntry(doc, lx, ly, "o-o", COLOUR_PATH,
              !scene.simplexPath.empty() ? "simplex path v0, v1, ...; final simplex"
              : result.trace.empty()     ? "no simplex path: " + strategy.name + " records no trace"
                                         : "no simplex path: the trace has no finite simplex");
  ly += 26;
  const std::vector<std::string> notes = {
      "Faces turned to the viewer are filled.",
      "A radius: the rounded outline in the",
      "top, front and side views only.",
      "Coordinates exact; rounded only",
      "relative to each panel's centre.",
  };
  for (const std::string& note : notes) {
    doc.text({lx, ly}, note, SvgAttributes().set("font-size", "12").set("fill", COLOUR_TEXT).set("font-family", FONT));
    ly += 17;
  }
  if (!scene.closestPair) {
    doc.text({lx, ly}, "No exact closest pair: the cores overlap.",
             SvgAttributes().set("font-size", "12").set("fill", COLOUR_EXACT).set("font-family", FONT));
    ly += 17;
  }
  if (clamped) {
    doc.text({lx, ly}, "A reported point beyond a panel is drawn",
             SvgAttributes().set("font-size", "12").set("fill", COLOUR_REPORTED).set("font-family", FONT));
    ly += 17;
    doc.text({lx, ly}, "at the panel's edge.",
             SvgAttributes().set("font-size", "12").set("fill", COLOUR_REPORTED).set("font-family", FONT));
  }

  double ty = TEXT_TOP;
  for (const std::string& line : wrapped) {
    doc.text({MARGIN, ty}, line, SvgAttributes().set("font-size", TEXT_SIZE).set("fill", COLOUR_TEXT).set(
                                     "font-family", FONT));
    ty += LINE;
  }
  return doc.finish();
}

}  // namespace

std::string renderCasePicture3(const Case& value, const oracle::ExactAnswer3& exact, const StrategyInfo& strategy,
                               const StrategyResult& result, const Verdict& verdict) {
  return renderPicture3(value, exact, Judged3{strategy, result, &verdict, nullptr});
}

std::string renderPenetrationPicture3(const Case& value, const oracle::ExactAnswer3& exact,
                                      const StrategyInfo& strategy, const StrategyResult& result,
                                      const QueryVerdict& verdict) {
  return renderPicture3(value, exact, Judged3{strategy, result, nullptr, &verdict});
}

}  // namespace gjk::check
