#include "report/comparison_charts.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>

#include "families/families.h"
#include "report/case_picture.h"
#include "report/case_picture3.h"
#include "report/svg.h"
#include "verdict/classify.h"
#include "verdict/exact_case.h"
#include "verdict/thresholds.h"
#include "verdict/verdict3.h"

namespace gjk::check {
namespace {

namespace fs = std::filesystem;

// A plot area inside a document: data coordinates mapped linearly to user units.
struct Frame {
  double left, top, width, height;  // user units
  double x0, x1, y0, y1;            // data range
  SvgPoint at(double x, double y) const {
    double tx = (std::clamp(x, x0, x1) - x0) / (x1 - x0);
    double ty = (std::clamp(y, y0, y1) - y0) / (y1 - y0);
    return {left + tx * width, top + (1 - ty) * height};
  }
};

const SvgAttributes& labelStyle() {
  static const SvgAttributes STYLE =
      SvgAttributes().set("font-family", "sans-serif").set("font-size", 11).set("fill", "#333");
  return STYLE;
}

void drawAxes(SvgDocument& doc, const Frame& frame, const std::vector<std::pair<double, std::string>>& xTicks,
              const std::vector<std::pair<double, std::string>>& yTicks, const std::string& xLabel,
              const std::string& yLabel) {
  doc.element("rect", SvgAttributes()
                          .set("x", frame.left)
                          .set("y", frame.top)
                          .set("width", frame.width)
                          .set("height", frame.height)
                          .set("fill", "none")
                          .set("stroke", "#999"));
  for (const auto& [x, label] : xTicks) {
    SvgPoint p = frame.at(x, frame.y0);
    doc.element("line", SvgAttributes().set("x1", p.x).set("y1", frame.top).set("x2", p.x).set("y2", p.y).set(
                            "stroke", "#eee"));
    doc.text({p.x, p.y + 14}, label, SvgAttributes(labelStyle()).set("text-anchor", "middle").set("class", "x-tick"));
  }
  for (const auto& [y, label] : yTicks) {
    SvgPoint p = frame.at(frame.x0, y);
    doc.element("line", SvgAttributes()
                            .set("x1", frame.left)
                            .set("y1", p.y)
                            .set("x2", frame.left + frame.width)
                            .set("y2", p.y)
                            .set("stroke", "#eee"));
    doc.text({p.x - 5, p.y + 4}, label, SvgAttributes(labelStyle()).set("text-anchor", "end"));
  }
  if (!xLabel.empty()) {
    doc.text({frame.left + frame.width / 2, frame.top + frame.height + 32}, xLabel,
             SvgAttributes(labelStyle()).set("text-anchor", "middle"));
  }
  if (yLabel.empty()) return;
  doc.text({frame.left - 44, frame.top + frame.height / 2}, yLabel,
           SvgAttributes(labelStyle())
               .set("text-anchor", "middle")
               .set("transform", "rotate(-90 " + svgNumber(frame.left - 44) + " " +
                                     svgNumber(frame.top + frame.height / 2) + ")"));
}

// How series i is drawn, so that curves lying on each other stay distinguishable: a colour, a dash
// pattern and a marker shape, each cycling with a different period (10, 7 and 6), so no two of the
// first 10 series share all three.
struct SeriesStyle {
  std::string colour;
  std::string dash;  // stroke-dasharray, "" for solid
  int marker;        // 0 circle, 1 square, 2 triangle, 3 diamond, 4 triangle down, 5 cross
};

SeriesStyle seriesStyle(int i) {
  static const std::array<const char*, 7> DASHES = {"", "7 3", "2 2", "9 3 2 3", "4 4", "12 3 3 3 3 3", "1 3"};
  return {svgCategoricalColour(i), DASHES[static_cast<size_t>(i) % DASHES.size()], i % 6};
}

void drawMarker(SvgDocument& doc, SvgPoint p, int shape, const std::string& colour, double r = 3.6) {
  SvgAttributes style = SvgAttributes().set("fill", "#ffffff").set("stroke", colour).set("stroke-width", 1.4);
  auto polygon = [&](std::vector<SvgPoint> points) {
    doc.element("polygon", SvgAttributes(style).set("points", svgPoints(points)));
  };
  switch (shape) {
    case 0: doc.element("circle", SvgAttributes(style).set("cx", p.x).set("cy", p.y).set("r", r)); break;
    case 1: polygon({{p.x - r, p.y - r}, {p.x + r, p.y - r}, {p.x + r, p.y + r}, {p.x - r, p.y + r}}); break;
    case 2: polygon({{p.x, p.y - 1.2 * r}, {p.x + 1.1 * r, p.y + 0.8 * r}, {p.x - 1.1 * r, p.y + 0.8 * r}}); break;
    case 3: polygon({{p.x, p.y - 1.3 * r}, {p.x + 1.3 * r, p.y}, {p.x, p.y + 1.3 * r}, {p.x - 1.3 * r, p.y}}); break;
    case 4: polygon({{p.x, p.y + 1.2 * r}, {p.x + 1.1 * r, p.y - 0.8 * r}, {p.x - 1.1 * r, p.y - 0.8 * r}}); break;
    default: {
      SvgPath path;
      path.moveTo({p.x - r, p.y - r}).lineTo({p.x + r, p.y + r}).moveTo({p.x - r, p.y + r}).lineTo({p.x + r, p.y - r});
      doc.element("path", SvgAttributes(style).set("d", path.str()).set("stroke-width", 1.8));
    }
  }
}

// A series' line: its colour and dash pattern.
SvgAttributes seriesLine(const SeriesStyle& style, double width) {
  SvgAttributes line = SvgAttributes().set("fill", "none").set("stroke", style.colour).set("stroke-width", width);
  if (!style.dash.empty()) line.set("stroke-dasharray", style.dash);
  return line;
}

const double LEGEND_SAMPLE = 30;  // the width of a legend entry's line sample

// The legend text of series s: its name, and " = other" for each series drawn identically (ties[s]
// lists the others), so that a curve hidden under another is still named.
std::vector<std::string> legendTexts(const std::vector<std::string>& names, const std::vector<std::vector<size_t>>& ties) {
  std::vector<std::string> texts;
  for (size_t s = 0; s < names.size(); ++s) {
    std::string text = names[s];
    for (size_t t : ties[s]) text += " = " + names[t];
    texts.push_back(text);
  }
  return texts;
}

double legendWidth(const std::vector<std::string>& texts) {
  double width = 0;
  for (const std::string& text : texts) width = std::max(width, svgTextWidth(text, 11));
  return LEGEND_SAMPLE + 6 + width;
}

void drawLegend(SvgDocument& doc, double x, double y, const std::vector<std::string>& texts) {
  for (size_t i = 0; i < texts.size(); ++i) {
    double row = y + 16.0 * static_cast<double>(i);
    SeriesStyle style = seriesStyle(static_cast<int>(i));
    doc.element("line", SvgAttributes(seriesLine(style, 2)).set("x1", x).set("y1", row).set("x2", x + LEGEND_SAMPLE)
                            .set("y2", row));
    drawMarker(doc, {x + LEGEND_SAMPLE / 2, row}, style.marker, style.colour);
    doc.text({x + LEGEND_SAMPLE + 6, row + 4}, texts[i], SvgAttributes(labelStyle()).set("class", "legend-entry"));
  }
}

// Series drawn identically: for each series, the others whose drawn values are all equal to its own.
std::vector<std::vector<size_t>> tiedSeries(const std::vector<std::vector<double>>& drawn) {
  std::vector<std::vector<size_t>> ties(drawn.size());
  for (size_t s = 0; s < drawn.size(); ++s) {
    for (size_t t = 0; t < drawn.size(); ++t) {
      if (t != s && !drawn[s].empty() && drawn[s] == drawn[t]) ties[s].push_back(t);
    }
  }
  return ties;
}

// A chart's title, wrapped to the width of its document: the lines and the y of the first baseline
// (24); each further line 18 lower.
const double CHART_TITLE_SIZE = 14;
std::vector<std::string> chartTitle(const std::string& text, double documentWidth) {
  return svgWrapText(text, documentWidth - 40, CHART_TITLE_SIZE);
}

double drawChartTitle(SvgDocument& doc, const std::vector<std::string>& lines) {
  double y = 24;
  for (const std::string& line : lines) {
    doc.text({20, y}, line, SvgAttributes(labelStyle()).set("font-size", CHART_TITLE_SIZE).set("class", "chart-title"));
    y += 18;
  }
  return y - 18;  // the last baseline
}

// Power-of-ten tick exponents from e0 to e1: every decade up to twelve of them, else a step of 2, 4,
// 10 or 20 decades; the first tick is e0 when `fromStart`, else the ticks are the multiples of the step.
std::vector<int> decadeTicks(int e0, int e1, bool fromStart) {
  int step = 1;
  for (int candidate : {1, 2, 4, 10, 20, 50}) {
    step = candidate;
    if ((e1 - e0) / candidate <= 12) break;
  }
  std::vector<int> ticks;
  for (int e = e0; e <= e1; ++e) {
    if (((e - (fromStart ? e0 : 0)) % step + step) % step == 0) ticks.push_back(e);
  }
  return ticks;
}

std::string percentText(double fraction) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g", 100 * fraction);
  return std::string(buffer) + " %";
}

std::vector<std::string> strategyNames(const ComparisonOptions& options) {
  std::vector<std::string> names;
  for (const StrategyInfo* s : options.strategies) names.push_back(reportedName(s->name));
  return names;
}

// Distance error CDF: x = log10 of the error in u on decades fitted to the finite errors (zero and
// errors below the left edge, never below 1e-3 u, drawn at that edge), y = fraction of cases. Non-finite
// answers have no place on the axis: a strategy's curve ends at the fraction of finite answers, and a
// labelled marker at the right edge says how many were left out ("7 % non-finite").
std::string distanceErrorCdf(const ComparisonOptions& options, const ComparisonResult& result) {
  const size_t count = options.strategies.size();
  // Per strategy, over all families: the histogram of the finite errors of the answered cases (bins of
  // relative width 2^-HISTOGRAM_BITS, far finer than a pixel of the log axis).
  std::vector<ValueHistogram> errors(count);
  std::vector<std::uint64_t> totals(count, 0), nonFinite(count, 0);
  double smallest = std::numeric_limits<double>::infinity(), largest = 0;
  for (size_t s = 0; s < count; ++s) {
    for (const GroupAggregate& g : result.groups[s]) {
      errors[s].merge(g.distance);
      totals[s] += g.answered;
    }
    nonFinite[s] = totals[s] - errors[s].count;
    if (errors[s].count == 0) continue;
    largest = std::max(largest, errors[s].max);
    auto firstPositive = errors[s].bins.upper_bound(0.0);
    if (firstPositive != errors[s].bins.end()) smallest = std::min(smallest, firstPositive->first);
  }
  // Decades around the data; the threshold T always shows.
  const int X0 = std::isfinite(smallest) ? std::clamp(static_cast<int>(std::floor(std::log10(smallest))), -3, 0) : -3;
  int X1 = largest > 0 ? static_cast<int>(std::ceil(std::log10(largest))) : 0;
  X1 = std::max({X1, static_cast<int>(std::ceil(std::log10(VIOLATION_THRESHOLD_U))), X0 + 1});

  // The curves as drawn, sampled at STEPS + 1 points (the fraction of answered cases at or below each x; a
  // bin counts at its lower edge).
  const size_t STEPS = 400;
  std::vector<std::vector<double>> drawn(count);
  for (size_t s = 0; s < count; ++s) {
    if (totals[s] == 0) continue;
    std::vector<std::pair<double, std::uint64_t>> e;  // log10 of the bin's edge (clamped), cumulative count
    std::uint64_t cumulative = 0;
    for (const auto& [bin, n] : errors[s].bins) {
      cumulative += n;
      e.emplace_back(std::log10(std::max(bin, std::pow(10.0, X0))), cumulative);
    }
    double n = static_cast<double>(totals[s]);
    for (size_t k = 0; k <= STEPS; ++k) {
      double x = X0 + (X1 - X0) * static_cast<double>(k) / STEPS;
      // The last sample takes every finite error (x may round just below the largest).
      std::uint64_t below = 0;
      if (k == STEPS) {
        below = errors[s].count;
      } else {
        auto it = std::upper_bound(e.begin(), e.end(), x,
                                   [](double v, const std::pair<double, std::uint64_t>& p) { return v < p.first; });
        below = it == e.begin() ? 0 : std::prev(it)->second;
      }
      drawn[s].push_back(static_cast<double>(below) / n);
    }
  }
  std::vector<std::vector<size_t>> ties = tiedSeries(drawn);
  std::vector<std::string> legend = legendTexts(strategyNames(options), ties);

  // Labels of the non-finite markers, right of the plot at the height of the curve's end, pushed apart.
  const double FRAME_LEFT = 80, FRAME_WIDTH = 560, FRAME_HEIGHT = 340;
  struct EndLabel {
    size_t strategy;
    double y;
    std::string text;
  };
  std::vector<EndLabel> endLabels;
  double endLabelWidth = 0;
  bool anyNonFinite = false;
  for (size_t s = 0; s < count; ++s) {
    if (nonFinite[s] == 0) continue;
    anyNonFinite = true;
    std::string text = percentText(static_cast<double>(nonFinite[s]) / static_cast<double>(totals[s])) + " non-finite (" + reportedName(options.strategies[s]->name) + ")";
    endLabels.push_back({s, 0, text});
    endLabelWidth = std::max(endLabelWidth, svgTextWidth(text, 11));
  }
  const double legendX = FRAME_LEFT + FRAME_WIDTH + 20 + (anyNonFinite ? endLabelWidth + 12 : 0);
  const double width = legendX + legendWidth(legend) + 20;
  std::string titleText = "Distance error |d_gjk - d_exact| in u, cumulative fraction of answered cases (all families)";
  if (anyNonFinite) titleText += "; a curve ends at its fraction of finite answers, the rest are non-finite (marked)";
  std::vector<std::string> title = chartTitle(titleText, width);
  const double frameTop = 24 + 18 * static_cast<double>(title.size() - 1) + 20;
  const double height = frameTop + FRAME_HEIGHT + 50;
  SvgDocument doc(width, height, "Distance error CDF per strategy");
  drawChartTitle(doc, title);
  Frame frame{FRAME_LEFT, frameTop, FRAME_WIDTH, FRAME_HEIGHT, static_cast<double>(X0), static_cast<double>(X1), 0, 1};
  std::vector<std::pair<double, std::string>> xTicks, yTicks;
  for (int e : decadeTicks(X0, X1, true)) xTicks.push_back({e, "1e" + std::to_string(e)});
  for (int k = 0; k <= 10; k += 2) yTicks.push_back({k / 10.0, svgNumber(k / 10.0, 1)});
  drawAxes(doc, frame, xTicks, yTicks,
           "distance error (u, log scale; 0 and errors below 1e" + std::to_string(X0) + " drawn at 1e" +
               std::to_string(X0) + ")",
           "fraction of cases");
  SvgPoint t0 = frame.at(std::log10(VIOLATION_THRESHOLD_U), 0), t1 = frame.at(std::log10(VIOLATION_THRESHOLD_U), 1);
  doc.element("line", SvgAttributes()
                          .set("x1", t0.x)
                          .set("y1", t0.y)
                          .set("x2", t1.x)
                          .set("y2", t1.y)
                          .set("stroke", "#c00")
                          .set("stroke-dasharray", "4 3"));
  doc.text({t0.x + 4, t0.y - 6}, "T = " + svgNumber(VIOLATION_THRESHOLD_U, 0) + " u",
           SvgAttributes(labelStyle()).set("fill", "#c00"));
  for (size_t s = 0; s < count; ++s) {
    if (drawn[s].empty()) continue;
    SeriesStyle style = seriesStyle(static_cast<int>(s));
    std::vector<SvgPoint> points;
    for (size_t k = 0; k <= STEPS; ++k) points.push_back(frame.at(X0 + (X1 - X0) * static_cast<double>(k) / STEPS, drawn[s][k]));
    doc.element("polyline", SvgAttributes(seriesLine(style, 1.8)).set("points", svgPoints(points)).set("class", "curve"));
    // Markers at positions that differ between series, so that tied curves show each one's marker.
    for (size_t k = 10 + 7 * s % 40; k < STEPS; k += 40) drawMarker(doc, points[k], style.marker, style.colour, 3.2);
  }
  // Each curve's end when some answers were non-finite: a ring at the right edge and its label.
  for (EndLabel& label : endLabels) label.y = frame.at(X1, drawn[label.strategy].back()).y;
  std::stable_sort(endLabels.begin(), endLabels.end(), [](const EndLabel& a, const EndLabel& b) { return a.y < b.y; });
  std::vector<double> textYs;
  for (const EndLabel& label : endLabels) {
    textYs.push_back(std::max(label.y + 4, textYs.empty() ? frame.top + 4 : textYs.back() + 14));
  }
  // Pushed below the frame: move them all up (never above its top).
  double excess = textYs.empty() ? 0 : textYs.back() - (frame.top + frame.height + 4);
  for (double& y : textYs) y -= std::max(0.0, excess);
  for (size_t i = 0; i < endLabels.size(); ++i) {
    const EndLabel& label = endLabels[i];
    double textY = textYs[i];
    SeriesStyle style = seriesStyle(static_cast<int>(label.strategy));
    SvgPoint end = frame.at(X1, drawn[label.strategy].back());
    doc.element("circle", SvgAttributes().set("class", "non-finite-marker").set("cx", end.x).set("cy", end.y)
                              .set("r", 5.0).set("fill", "none").set("stroke", style.colour).set("stroke-width", 1.6));
    doc.text({frame.left + frame.width + 10, textY}, label.text,
             SvgAttributes(labelStyle()).set("fill", style.colour).set("class", "non-finite-label"));
  }
  drawLegend(doc, legendX, frame.top + 10, legend);
  return doc.finish();
}

// One histogram of iteration counts per strategy, small multiples in a grid.
std::string iterationHistograms(const ComparisonOptions& options, const ComparisonResult& result) {
  const int columns = 3;
  const int count = static_cast<int>(options.strategies.size());
  const int rows = (count + columns - 1) / columns;
  const double cellW = 280, cellH = 170;
  const double width = columns * cellW + 20;
  std::vector<std::string> title =
      chartTitle("Iterations (support calls) per query, all families; bar height = fraction of the answers that report them", width);
  const double gridTop = 40 + 18 * static_cast<double>(title.size() - 1);
  SvgDocument doc(width, rows * cellH + gridTop, "Iterations per strategy");
  drawChartTitle(doc, title);
  // Over the answers whose engine reports its iterations (none: an empty panel says so).
  std::vector<std::map<int, std::uint64_t>> histograms(count);
  std::vector<std::uint64_t> totals(count, 0);
  for (int s = 0; s < count; ++s) {
    for (const GroupAggregate& g : result.groups[s]) {
      for (const auto& [iterations, n] : g.iterations) histograms[s][iterations] += n;
      totals[s] += g.iterationsReported;
    }
  }
  for (int s = 0; s < count; ++s) {
    int maxIterations = std::max(1, options.strategies[s]->maxIterations + 2);
    for (const auto& [iterations, n] : histograms[s]) maxIterations = std::max(maxIterations, iterations + 1);
    double peak = 0;
    for (const auto& [iterations, n] : histograms[s]) {
      peak = std::max(peak, static_cast<double>(n) / static_cast<double>(std::max<std::uint64_t>(totals[s], 1)));
    }
    double left = 20 + (s % columns) * cellW + 30, top = gridTop + (s / columns) * cellH + 18;
    Frame frame{left, top, cellW - 50, cellH - 60, 0, static_cast<double>(maxIterations), 0, peak > 0 ? peak : 1};
    doc.text({left, top - 6}, reportedName(options.strategies[s]->name) + " (cap " +
                                  std::to_string(options.strategies[s]->maxIterations) + ")" +
                                  (totals[s] == 0 ? ": iterations not reported" : ""),
             SvgAttributes(labelStyle()).set("font-weight", "bold"));
    drawAxes(doc, frame, {{0, "0"}, {maxIterations / 2.0, std::to_string(maxIterations / 2)}, {maxIterations, std::to_string(maxIterations)}},
             {{0, "0"}, {frame.y1, svgNumber(frame.y1, 2)}}, "", "");
    double barWidth = frame.width / maxIterations;
    for (const auto& [iterations, n] : histograms[s]) {
      double fraction = static_cast<double>(n) / static_cast<double>(totals[s]);
      SvgPoint top = frame.at(iterations, fraction), base = frame.at(iterations, 0);
      doc.element("rect", SvgAttributes()
                              .set("x", base.x)
                              .set("y", top.y)
                              .set("width", std::max(barWidth - 1, 0.5))
                              .set("height", base.y - top.y)
                              .set("fill", svgCategoricalColour(s)));
    }
  }
  return doc.finish();
}

// Violation rate per strategy and family as a heat map, counts written in the cells.
std::string violationHeatMap(const ComparisonOptions& options, const ComparisonSummary& summary) {
  const double cellW = 74, cellH = 26;
  const size_t families = options.families.size(), strategies = options.strategies.size();
  // Room for the names: strategies right-aligned left of the grid, families rotated 40 degrees above it
  // (a name of width w rises w·sin 40° and reaches w·cos 40° to the right of its column's centre).
  const double SIN40 = std::sin(40 * std::acos(-1.0) / 180), COS40 = std::cos(40 * std::acos(-1.0) / 180);
  double left = 110, rise = 0, right = 0;
  for (const StrategyInfo* s : options.strategies) left = std::max(left, 20 + svgTextWidth(reportedName(s->name), 11) + 6);
  for (size_t f = 0; f < families; ++f) {
    double w = svgTextWidth(options.families[f], 11);
    rise = std::max(rise, w * SIN40 + 11);
    right = std::max(right, (static_cast<double>(f) + 0.5) * cellW + w * COS40 + 4);
  }
  double width = std::max({left + static_cast<double>(families) * cellW + 20, left + right + 20, 480.0});
  std::vector<std::string> title =
      chartTitle("Violations per strategy and family (count; colour: rate over the answered cases on a log scale, white = none)", width);
  const double top = 24 + 18 * static_cast<double>(title.size() - 1) + 16 + rise + 8;
  SvgDocument doc(width, top + strategies * cellH + 20, "Violations by strategy and family");
  drawChartTitle(doc, title);
  for (size_t f = 0; f < families; ++f) {
    double x = left + (f + 0.5) * cellW, y = top - 8;
    doc.text({x, y}, options.families[f],
             SvgAttributes(labelStyle())
                 .set("transform", "rotate(-40 " + svgNumber(x) + " " + svgNumber(y) + ")")
                 .set("text-anchor", "start"));
  }
  for (size_t s = 0; s < strategies; ++s) {
    double y = top + s * cellH;
    doc.text({left - 6, y + cellH / 2 + 4}, reportedName(options.strategies[s]->name),
             SvgAttributes(labelStyle()).set("text-anchor", "end"));
    for (size_t f = 0; f < families; ++f) {
      const GroupSummary& g = summary.byFamily[s][f];
      double rate = g.answered ? static_cast<double>(g.violations) / static_cast<double>(g.answered) : 0;
      // log10(rate) from -5 (1 in 100,000) to 0 mapped onto the ramp.
      std::string fill = g.violations ? svgRampColour(1 - (std::log10(std::max(rate, 1e-5)) + 5) / 5) : "#ffffff";
      doc.element("rect", SvgAttributes()
                              .set("x", left + f * cellW)
                              .set("y", y)
                              .set("width", cellW - 1)
                              .set("height", cellH - 1)
                              .set("fill", fill)
                              .set("stroke", "#ddd"));
      doc.text({left + (f + 0.5) * cellW, y + cellH / 2 + 4}, g.violations ? std::to_string(g.violations) : "·",
               SvgAttributes(labelStyle())
                   .set("text-anchor", "middle")
                   .set("fill", g.violations && rate > 1e-2 ? "#fff" : "#333"));
    }
  }
  return doc.finish();
}

// Violation rate against the case's scale S, log10 S in bins of width 2 from -30 to 30 (scales outside
// are counted in the end bins); the axis spans the bins that hold cases.
std::string scaleEnvelope(const ComparisonOptions& options, const ComparisonResult& result) {
  const int BINS = SCALE_BINS;
  const double LOW = SCALE_LOW;
  const size_t strategies = options.strategies.size();
  std::vector<std::vector<std::uint64_t>> cases(strategies, std::vector<std::uint64_t>(BINS, 0)), bad = cases;
  int firstBin = BINS, lastBin = -1;
  for (size_t s = 0; s < strategies; ++s) {
    for (const GroupAggregate& g : result.groups[s]) {
      for (int bin = 0; bin < BINS; ++bin) {
        cases[s][bin] += g.scaleCases[bin];
        bad[s][bin] += g.scaleViolations[bin];
        if (g.scaleCases[bin] == 0) continue;
        firstBin = std::min(firstBin, bin);
        lastBin = std::max(lastBin, bin);
      }
    }
  }
  if (lastBin < 0) firstBin = lastBin = BINS / 2;
  const int X0 = static_cast<int>(LOW) + 2 * firstBin, X1 = static_cast<int>(LOW) + 2 * (lastBin + 1);
  std::vector<std::vector<double>> drawn(strategies);
  for (size_t s = 0; s < strategies; ++s) {
    for (int b = 0; b < BINS; ++b) {
      drawn[s].push_back(cases[s][b] ? static_cast<double>(bad[s][b]) / static_cast<double>(cases[s][b]) : -1.0);
    }
  }
  std::vector<std::string> legend = legendTexts(strategyNames(options), tiedSeries(drawn));
  const double FRAME_LEFT = 80, FRAME_WIDTH = 560, FRAME_HEIGHT = 340;
  const double legendX = FRAME_LEFT + FRAME_WIDTH + 20;
  const double width = legendX + legendWidth(legend) + 20;
  std::vector<std::string> title = chartTitle(
      "Violation rate (over the answered cases) against the case's scale S (bins of a factor 100; scales beyond 1e-30 and 1e30 counted in the "
      "end bins)",
      width);
  const double frameTop = 24 + 18 * static_cast<double>(title.size() - 1) + 20;
  SvgDocument doc(width, frameTop + FRAME_HEIGHT + 50, "Violation rate against scale");
  drawChartTitle(doc, title);
  Frame frame{FRAME_LEFT, frameTop, FRAME_WIDTH, FRAME_HEIGHT, static_cast<double>(X0), static_cast<double>(X1), 0, 1};
  std::vector<std::pair<double, std::string>> xTicks, yTicks;
  for (int e : decadeTicks(X0, X1, false)) xTicks.push_back({e, "1e" + std::to_string(e)});
  for (int k = 0; k <= 10; k += 2) yTicks.push_back({k / 10.0, svgNumber(k / 10.0, 1)});
  drawAxes(doc, frame, xTicks, yTicks, "scale S (log scale)", "violation rate");
  for (size_t s = 0; s < strategies; ++s) {
    SeriesStyle style = seriesStyle(static_cast<int>(s));
    std::vector<SvgPoint> points;
    for (int b = 0; b < BINS; ++b) {
      if (cases[s][b] == 0) continue;
      points.push_back(frame.at(LOW + 2 * b + 1, drawn[s][b]));
    }
    if (points.size() > 1) {
      doc.element("polyline", SvgAttributes(seriesLine(style, 1.5)).set("points", svgPoints(points)).set("class", "curve"));
    }
    for (const SvgPoint& p : points) drawMarker(doc, p, style.marker, style.colour, 3.0);
  }
  drawLegend(doc, legendX, frame.top + 10, legend);
  return doc.finish();
}

std::string kindList(std::uint32_t kinds) {
  std::string text;
  for (int k = 0; k < VIOLATION_KIND_COUNT; ++k) {
    if ((kinds >> k) & 1u) text += (text.empty() ? "" : ",") + std::string(VIOLATION_KINDS[k]);
  }
  return text;
}

}  // namespace

std::vector<ChartFile> writeComparisonCharts(const fs::path& folder, const ComparisonOptions& options,
                                             const ComparisonResult& result, const ComparisonSummary& summary) {
  std::vector<ChartFile> charts = {
      {"Distance error CDF per strategy", "distance-error-cdf.svg"},
      {"Iterations per strategy", "iterations.svg"},
      {"Violations by strategy and family", "violations.svg"},
      {"Violation rate against scale", "scale-envelope.svg"},
  };
  writeFileAtomically(folder / charts[0].file, distanceErrorCdf(options, result));
  writeFileAtomically(folder / charts[1].file, iterationHistograms(options, result));
  writeFileAtomically(folder / charts[2].file, violationHeatMap(options, summary));
  writeFileAtomically(folder / charts[3].file, scaleEnvelope(options, result));
  return charts;
}

std::vector<std::string> galleryNames(const std::vector<const StrategyInfo*>& strategies) {
  std::vector<std::string> names;
  for (std::size_t s = 0; s < strategies.size(); ++s) {
    std::string name = strategyFileName(strategies[s]->name);  // verdict/classify.h
    // Two plugins of the same file name in one comparison: the later ones get their position.
    if (std::find(names.begin(), names.end(), name) != names.end()) name += "-" + std::to_string(s + 1);
    names.push_back(name);
  }
  return names;
}

bool isGalleryFileName(const std::string& name) {
  std::string stem;
  for (const char* extension : {".case", ".svg"}) {
    std::string_view e = extension;
    if (name.size() > e.size() && name.compare(name.size() - e.size(), e.size(), e) == 0) {
      stem = name.substr(0, name.size() - e.size());
    }
  }
  if (stem.empty()) return false;
  // A plugin's gallery files: plugin-<name>-<family>.
  if (stem.rfind("plugin-", 0) == 0) {
    std::vector<std::string> families = familyNames();
    for (const std::string& name : familyNames3()) families.push_back(name);
    for (const std::string& known : families) {
      if (stem.size() > 7 + known.size() + 1 && stem.compare(stem.size() - known.size(), known.size(), known) == 0 &&
          stem[stem.size() - known.size() - 1] == '-') {
        return true;
      }
    }
  }
  // The engines of the manifests too (bullet-pair, mujoco-3.14.0, ...): a regenerated report of engines must not
  // keep the previous run's pictures of them.
  for (const std::vector<StrategyInfo>* list :
       {&strategies(), &modifiedStrategies(), &strategies3(), &externalStrategies()}) {
    for (const StrategyInfo& strategy : *list) {
      if (stem.size() <= strategy.name.size() + 1 || stem.compare(0, strategy.name.size(), strategy.name) != 0 ||
          stem[strategy.name.size()] != '-') {
        continue;
      }
      std::string family = stem.substr(strategy.name.size() + 1);
      const std::vector<std::string> known = strategy.dimension == 3 ? familyNames3() : familyNames();
      if (std::find(known.begin(), known.end(), family) != known.end()) return true;
    }
  }
  return false;
}

int clearGallery(const fs::path& folder) {
  fs::path gallery = folder / "gallery";
  std::error_code error;
  if (!fs::is_directory(fs::symlink_status(gallery, error))) return 0;
  std::vector<fs::path> stale;
  for (const fs::directory_entry& entry : fs::directory_iterator(gallery)) {
    if (entry.is_regular_file(error) && !entry.is_symlink(error) && isGalleryFileName(entry.path().filename().string())) {
      stale.push_back(entry.path());
    }
  }
  for (const fs::path& path : stale) fs::remove(path);
  if (fs::is_empty(gallery)) fs::remove(gallery);
  return static_cast<int>(stale.size());
}

std::vector<GalleryEntry> writeGallery(const fs::path& folder, const ComparisonOptions& options,
                                       const ComparisonResult& result, int perStrategy) {
  clearGallery(folder);
  std::vector<GalleryEntry> entries;
  if (perStrategy <= 0) return entries;
  // Each (strategy, family) kept its worst violation; a strategy's gallery is the worst of those, at most
  // one per family (the same as the worst violations of the strategy, at most one per family).
  fs::create_directories(folder / "gallery");
  const std::vector<std::string> names = galleryNames(options.strategies);
  for (size_t s = 0; s < options.strategies.size(); ++s) {
    std::vector<const GalleryCandidate*> rows;
    for (const GroupAggregate& g : result.groups[s]) {
      if (g.hasWorst) rows.push_back(&g.worst);
    }
    std::sort(rows.begin(), rows.end(),
              [](const GalleryCandidate* a, const GalleryCandidate* b) { return worseCandidate(*a, *b); });
    if (static_cast<int>(rows.size()) > perStrategy) rows.resize(perStrategy);
    for (const GalleryCandidate* row : rows) {
      const StrategyInfo& strategy = *options.strategies[s];
      Case value = sampleComparisonCase(options, row->family, row->index);
      StrategyResult answer = strategy.run(value, {.trace = true});
      // The picture of a 3D case is the 3D one (three views of the world, an oblique one, the Minkowski hull).
      std::string picture;
      Verdict verdict;
      if (value.dimension == 3) {
        const CaseJudge3 judge3(value);
        verdict = judge3.judge(answer, strategy);
        picture = renderCasePicture3(value, judge3.exact(), strategy, answer, verdict);
      } else {
        const oracle::ExactAnswer exact = solveExactly(value);
        verdict = judge(value, exact, answer, strategy);
        picture = renderCasePicture(value, exact, strategy, answer, verdict);
      }
      value.setMeta("strategy", strategy.name);
      value.setMeta("expected-verdict", verdict.violation ? "violation" : "ok");
      if (verdict.violation) value.setMeta("expected-reasons", reasonList(verdict));
      value.setMeta("found-by", "compare seed " + std::to_string(options.seed) + " family " +
                                    options.families[row->family] + " index " + std::to_string(row->index));
      const std::string stem = names[s] + "-" + options.families[row->family];
      GalleryEntry entry{reportedName(strategy.name),        options.families[row->family], "gallery/" + stem + ".case",
                         "gallery/" + stem + ".svg", kindList(row->kinds), row->distanceErrorU, row->witnessErrorU};
      writeFileAtomically(folder / entry.caseFile, formatCase(value));
      writeFileAtomically(folder / entry.pictureFile, picture);
      entries.push_back(entry);
    }
  }
  return entries;
}

}  // namespace gjk::check
