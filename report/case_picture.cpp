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
//
// The parts are in case_picture_parts.h and case_picture_*.cpp; this file lays the picture out and writes
// the document: the panels' places, the text block, the legend.
#include "report/case_picture.h"
#include "report/comparison.h"

#include <boost/multiprecision/gmp.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "report/answer_format.h"
#include "report/case_picture_parts.h"
#include "report/svg.h"
#include "verdict/exact_case.h"
#include "verdict/thresholds.h"

namespace gjk::check {
namespace picture {

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
  // The first headline line 22 under the last title line, the panel titles 16 under the last headline.
  double titleBottom = TITLE_TOP + TITLE_LINE * static_cast<double>(titleLines().size() - 1) + 22 +
                       HEADLINE_LINE * static_cast<double>(headlineLines().size() - 1) + 16;
  world_.top = minkowski_.top = titleBottom + PANEL_TITLE;

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

  // Row k holds the insets of level k, each under the panel it magnifies; a row's titles take as many
  // lines as the longer of its two titles needs.
  size_t levels = std::max(worldInsets_.size(), minkowskiInsets_.size());
  std::vector<double> rowTops = {world_.top};
  for (size_t level = 1; level <= levels; ++level) {
    size_t lines = 1;
    for (bool world : {true, false}) {
      const std::vector<Inset>& insets = world ? worldInsets_ : minkowskiInsets_;
      if (level <= insets.size()) lines = std::max(lines, panelTitleLines(world, &insets[level - 1]).size());
    }
    rowTops.push_back(rowTops.back() + PANEL + ROW_GAP + PANEL_TITLE +
                      PANEL_TITLE_LINE * static_cast<double>(lines - 1));
  }
  for (auto [insets, main] : {std::pair{&worldInsets_, &world_}, std::pair{&minkowskiInsets_, &minkowski_}}) {
    for (Inset& inset : *insets) {
      inset.panel.left = main->left;
      inset.panel.top = rowTops[inset.level];
      inset.panel.id = main->id + "-inset-" + std::to_string(inset.level);
    }
  }
  double rowTop = rowTops.back() + PANEL + ROW_GAP;
  legendTop_ = rowTop;
  textTop_ = legendTop_ + 4 * LEGEND_ROW + ROW_GAP;
  height_ = textTop_ + LINE * static_cast<double>(textLines().size()) + MARGIN;
}

std::vector<std::pair<std::string, std::string>> PictureWriter::textLines() const {
  std::vector<std::pair<std::string, std::string>> lines;
  auto addAs = [&](const std::string& text, const char* cssClass) {
    for (const std::string& line : svgWrapText(text, WIDTH - 2 * MARGIN, TEXT_SIZE)) lines.emplace_back(line, cssClass);
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
  if (!distanceUnanswered()) {  // a penetration-only strategy answers no distance (issue 13)
  add("strategy " + reportedName(strategy_.name) + " (" + strategy_.scalar + "): distance " + reported(result_.distance) + ", pA (" +
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
  }
  for (const QueryLayer* layer : queryLayers()) {
    for (const std::string& line : layer->lines(layerInputs())) add(line);
  }
  for (auto [insets, name] : {std::pair{&worldInsets_, "world"}, std::pair{&minkowskiInsets_, "M"}}) {
    for (const Inset& inset : *insets) {
      add(std::string(inset.level == 1 ? "inset of " : "inset of the inset of ") + name + ": " +
          magnificationText(inset.magnification) + ", because " + inset.feature + "; it spans " +
          realText(2 * inset.panel.half, 3) + " around " + pointText(inset.panel.centre, 10));
    }
  }
  if (scene_.answered && !scene_.finite) add("the reported witness points are not finite: they are not drawn");
  if (!scene_.exactA && exact_.relation != oracle::Relation::Overlapping) {
    add("no exact closest pair found for drawing");
  }
  return lines;
}

std::vector<std::string> PictureWriter::titleLines() const {
  return svgWrapText(value_.source.empty() ? "(unnamed case)" : value_.source, WIDTH - 2 * MARGIN, TITLE_SIZE, true);
}

// The story in one line when it fits: the exact answer, the reported one, the verdict.
std::vector<std::string> PictureWriter::headlineLines() const {
  if (distanceUnanswered()) {
    for (const QueryLayer* layer : queryLayers()) {
      if (&layer->query() == &primaryQuery(strategy_)) {
        return svgWrapText(layer->headline(layerInputs()), WIDTH - 2 * MARGIN, HEADLINE_SIZE);
      }
    }
  }
  std::string headline =
      std::string("exact: ") + oracle::relationName(exact_.relation) + ", distance " +
      realText(scene_.distance, 8) + ".  " + reportedName(strategy_.name) + ": distance " +
      (std::isfinite(result_.distance) ? scalarDecimal(result_.distance, strategy_.scalar) : std::string("not finite")) +
      " (" + result_.termination + ", " + std::to_string(result_.iterations) + " iterations).  " +
      (verdict_.violation ? "Violation: " + reasonList(verdict_) : std::string("Verdict: ok"));
  return svgWrapText(headline, WIDTH - 2 * MARGIN, HEADLINE_SIZE);
}

std::vector<std::string> PictureWriter::panelTitleLines(bool world, const Inset* inset) const {
  std::string title;
  if (!inset) {
    title = world ? "world" : "Minkowski difference M = B − A";
  } else {
    title = std::string(world ? "world near the exact closest pair, " : "M near its closest point, ") +
            magnificationText(inset->magnification);
    if (inset->level > 1) title += " of the inset above (" + magnificationText(inset->totalMagnification) + " in all)";
  }
  return svgWrapText(title, PANEL, PANEL_TITLE_SIZE, true);
}

void PictureWriter::beginPanel(SvgDocument& doc, const Panel& panel, const std::vector<std::string>& title) {
  // The last line sits just above the panel; earlier lines above it.
  for (size_t k = 0; k < title.size(); ++k) {
    doc.text({panel.left, panel.top - 7 - PANEL_TITLE_LINE * static_cast<double>(title.size() - 1 - k)}, title[k],
             SvgAttributes().set("class", "panel-title").set("font-size", PANEL_TITLE_SIZE).set("font-weight", "bold")
                 .set("fill", COLOUR_TEXT));
  }
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

void PictureWriter::drawLegend(SvgDocument& doc, double top) {
  doc.open("g", SvgAttributes().set("class", "legend"));
  const double column = (WIDTH - 2 * MARGIN) / 3;
  int item = 0;
  auto next = [&](double& x, double& y) {
    x = MARGIN + column * (item / 4);
    y = top + LEGEND_ROW * (item % 4) + 12;
    ++item;
  };
  // A caption in 12 units, smaller when it would otherwise run into the next column (a long strategy name).
  auto caption = [&](double x, double y, const std::string& text) {
    double size = std::min(12.0, 12.0 * (column - 34) / std::max(1.0, svgTextWidth(text, 12)));
    doc.text({x + 26, y + 4}, text,
             SvgAttributes().set("class", "legend-caption").set("font-size", size).set("fill", COLOUR_TEXT));
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
  caption(x, y, "reported by " + reportedName(strategy_.name) + ": pA, pB and pB − pA");
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
                      " --strategy " + portableName(strategy_.name);
  SvgDocument doc(WIDTH, height_, title);
  doc.comment("the picture of one case; not the oracle: it draws what the oracle and the strategy answered");
  doc.element("rect", SvgAttributes().set("x", 0.0).set("y", 0.0).set("width", WIDTH).set("height", height_)
                          .set("fill", "#ffffff"));
  doc.open("g", SvgAttributes().set("font-family", FONT));
  double y = TITLE_TOP;
  for (const std::string& line : titleLines()) {
    doc.text({MARGIN, y}, line,
             SvgAttributes().set("class", "case-name").set("font-size", TITLE_SIZE).set("font-weight", "bold")
                 .set("fill", COLOUR_TEXT));
    y += TITLE_LINE;
  }
  y += 22 - TITLE_LINE;
  for (const std::string& line : headlineLines()) {
    doc.text({MARGIN, y}, line,
             SvgAttributes().set("class", "headline").set("font-size", HEADLINE_SIZE)
                 .set("fill", verdict_.violation ? COLOUR_REPORTED : COLOUR_EXACT));
    y += HEADLINE_LINE;
  }

  for (bool world : {true, false}) {
    const std::vector<Inset>& insets = world ? worldInsets_ : minkowskiInsets_;
    drawPanel(doc, world ? world_ : minkowski_, panelTitleLines(world, nullptr), world,
              insets.empty() ? nullptr : &insets[0]);
    for (size_t k = 0; k < insets.size(); ++k) {
      const Inset& inset = insets[k];
      std::vector<std::string> title = panelTitleLines(world, &inset);
      doc.open("g", SvgAttributes().set("class", "inset").set("data-panel", world ? "world" : "minkowski")
                        .set("data-level", inset.level));
      drawPanel(doc, inset.panel, title, world, k + 1 < insets.size() ? &insets[k + 1] : nullptr);
      doc.close();
    }
  }

  drawLegend(doc, legendTop_);
  doc.open("g", SvgAttributes().set("class", "text-block").set("font-size", TEXT_SIZE).set("fill", COLOUR_TEXT));
  y = textTop_ + 12;
  for (const auto& [line, cssClass] : textLines()) {
    doc.text({MARGIN, y}, line, SvgAttributes().set("class", cssClass));
    y += LINE;
  }
  doc.close();
  return doc.finish();
}

}  // namespace picture

using picture::PictureWriter;

std::string renderCasePicture(const Case& value, const oracle::ExactAnswer& exact, const StrategyInfo& strategy,
                              const StrategyResult& result, const Verdict& verdict) {
  return PictureWriter(value, exact, strategy, result, verdict).render();
}

}  // namespace gjk::check
