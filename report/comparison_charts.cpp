#include "report/comparison_charts.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "report/case_picture.h"
#include "report/svg.h"
#include "verdict/exact_case.h"
#include "verdict/thresholds.h"

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
    doc.text({p.x, p.y + 14}, label, SvgAttributes(labelStyle()).set("text-anchor", "middle"));
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
  doc.text({frame.left + frame.width / 2, frame.top + frame.height + 32}, xLabel,
           SvgAttributes(labelStyle()).set("text-anchor", "middle"));
  doc.text({frame.left - 44, frame.top + frame.height / 2}, yLabel,
           SvgAttributes(labelStyle())
               .set("text-anchor", "middle")
               .set("transform", "rotate(-90 " + svgNumber(frame.left - 44) + " " +
                                     svgNumber(frame.top + frame.height / 2) + ")"));
}

void drawLegend(SvgDocument& doc, double x, double y, const std::vector<std::string>& names) {
  for (size_t i = 0; i < names.size(); ++i) {
    double row = y + 16.0 * static_cast<double>(i);
    doc.element("line", SvgAttributes().set("x1", x).set("y1", row).set("x2", x + 18).set("y2", row).set(
                            "stroke", svgCategoricalColour(static_cast<int>(i))).set("stroke-width", 2.5));
    doc.text({x + 24, row + 4}, names[i], labelStyle());
  }
}

std::vector<std::string> strategyNames(const ComparisonOptions& options) {
  std::vector<std::string> names;
  for (const StrategyInfo* s : options.strategies) names.push_back(s->name);
  return names;
}

// Distance error CDF: x = log10 of the error in u (errors below 1e-3 u, zero included, at the left edge;
// non-finite errors are left out, so such a curve ends below 1), y = fraction of cases.
std::string distanceErrorCdf(const ComparisonOptions& options, const ComparisonResult& result) {
  const double X0 = -3, X1 = 12;
  SvgDocument doc(860, 440, "Distance error CDF per strategy");
  doc.text({20, 24}, "Distance error |d_gjk - d_exact| in u, cumulative fraction of cases (all families)",
           SvgAttributes(labelStyle()).set("font-size", 14));
  Frame frame{70, 40, 600, 340, X0, X1, 0, 1};
  std::vector<std::pair<double, std::string>> xTicks, yTicks;
  for (int e = -3; e <= 12; e += 3) xTicks.push_back({e, "1e" + std::to_string(e)});
  for (int k = 0; k <= 10; k += 2) yTicks.push_back({k / 10.0, svgNumber(k / 10.0, 1)});
  drawAxes(doc, frame, xTicks, yTicks, "distance error (u, log scale; 0 drawn at 1e-3)", "fraction of cases");
  SvgPoint t0 = frame.at(std::log10(VIOLATION_THRESHOLD_U), 0), t1 = frame.at(std::log10(VIOLATION_THRESHOLD_U), 1);
  doc.element("line", SvgAttributes()
                          .set("x1", t0.x)
                          .set("y1", t0.y)
                          .set("x2", t1.x)
                          .set("y2", t1.y)
                          .set("stroke", "#c00")
                          .set("stroke-dasharray", "4 3"));
  doc.text({t1.x + 4, t1.y + 12}, "T = " + svgNumber(VIOLATION_THRESHOLD_U, 0) + " u",
           SvgAttributes(labelStyle()).set("fill", "#c00"));
  std::vector<std::vector<double>> errors(options.strategies.size());
  std::vector<std::uint64_t> totals(options.strategies.size(), 0);
  for (const ComparisonRow& row : result.rows) {
    ++totals[row.strategy];
    if (std::isfinite(row.distanceErrorU)) {
      errors[row.strategy].push_back(std::log10(std::max(row.distanceErrorU, 1e-3)));
    }
  }
  for (size_t s = 0; s < errors.size(); ++s) {
    std::vector<double>& e = errors[s];
    if (e.empty()) continue;
    std::sort(e.begin(), e.end());
    std::vector<SvgPoint> points;
    const size_t STEPS = 400;
    double n = static_cast<double>(totals[s]);
    for (size_t k = 0; k <= STEPS; ++k) {
      double x = X0 + (X1 - X0) * static_cast<double>(k) / STEPS;
      double below = static_cast<double>(std::upper_bound(e.begin(), e.end(), x) - e.begin());
      points.push_back(frame.at(x, below / n));
    }
    doc.element("polyline", SvgAttributes()
                                .set("points", svgPoints(points))
                                .set("fill", "none")
                                .set("stroke", svgCategoricalColour(static_cast<int>(s)))
                                .set("stroke-width", 1.8));
  }
  drawLegend(doc, 690, 60, strategyNames(options));
  return doc.finish();
}

// One histogram of iteration counts per strategy, small multiples in a grid.
std::string iterationHistograms(const ComparisonOptions& options, const ComparisonResult& result) {
  const int columns = 3;
  const int count = static_cast<int>(options.strategies.size());
  const int rows = (count + columns - 1) / columns;
  const double cellW = 280, cellH = 170;
  SvgDocument doc(columns * cellW + 20, rows * cellH + 40, "Iterations per strategy");
  doc.text({20, 22}, "Iterations (support calls) per query, all families; bar height = fraction of cases",
           SvgAttributes(labelStyle()).set("font-size", 14));
  std::vector<std::map<int, std::uint64_t>> histograms(count);
  std::vector<std::uint64_t> totals(count, 0);
  for (const ComparisonRow& row : result.rows) {
    ++histograms[row.strategy][row.iterations];
    ++totals[row.strategy];
  }
  for (int s = 0; s < count; ++s) {
    int maxIterations = std::max(1, options.strategies[s]->maxIterations + 2);
    for (const auto& [iterations, n] : histograms[s]) maxIterations = std::max(maxIterations, iterations + 1);
    double peak = 0;
    for (const auto& [iterations, n] : histograms[s]) {
      peak = std::max(peak, static_cast<double>(n) / static_cast<double>(std::max<std::uint64_t>(totals[s], 1)));
    }
    double left = 20 + (s % columns) * cellW + 30, top = 40 + (s / columns) * cellH + 18;
    Frame frame{left, top, cellW - 50, cellH - 60, 0, static_cast<double>(maxIterations), 0, peak > 0 ? peak : 1};
    doc.text({left, top - 6}, options.strategies[s]->name + " (cap " +
                                  std::to_string(options.strategies[s]->maxIterations) + ")",
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
  const double cellW = 74, cellH = 26, left = 110, top = 120;
  const size_t families = options.families.size(), strategies = options.strategies.size();
  SvgDocument doc(left + families * cellW + 20, top + strategies * cellH + 60, "Violations by strategy and family");
  doc.text({20, 22}, "Violations per strategy and family (count; colour: rate on a log scale, white = none)",
           SvgAttributes(labelStyle()).set("font-size", 14));
  for (size_t f = 0; f < families; ++f) {
    double x = left + (f + 0.5) * cellW, y = top - 8;
    doc.text({x, y}, options.families[f],
             SvgAttributes(labelStyle())
                 .set("transform", "rotate(-40 " + svgNumber(x) + " " + svgNumber(y) + ")")
                 .set("text-anchor", "start"));
  }
  for (size_t s = 0; s < strategies; ++s) {
    double y = top + s * cellH;
    doc.text({left - 6, y + cellH / 2 + 4}, options.strategies[s]->name,
             SvgAttributes(labelStyle()).set("text-anchor", "end"));
    for (size_t f = 0; f < families; ++f) {
      const GroupSummary& g = summary.byFamily[s][f];
      double rate = g.cases ? static_cast<double>(g.violations) / static_cast<double>(g.cases) : 0;
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

// Violation rate against the case's scale S, log10 S in bins of width 2 from -30 to 30.
std::string scaleEnvelope(const ComparisonOptions& options, const ComparisonResult& result) {
  const int BINS = 30;
  const double X0 = -30, X1 = 30;
  const size_t strategies = options.strategies.size();
  std::vector<std::vector<std::uint64_t>> cases(strategies, std::vector<std::uint64_t>(BINS, 0)), bad = cases;
  for (const ComparisonRow& row : result.rows) {
    int bin = static_cast<int>(std::floor((std::clamp(row.scaleLog10, X0, X1 - 1e-9) - X0) / 2));
    ++cases[row.strategy][bin];
    bad[row.strategy][bin] += row.kinds != 0;
  }
  SvgDocument doc(860, 440, "Violation rate against scale");
  doc.text({20, 24}, "Violation rate against the case's scale S (bins of a factor 100; scales outside are clamped)",
           SvgAttributes(labelStyle()).set("font-size", 14));
  Frame frame{70, 40, 600, 340, X0, X1, 0, 1};
  std::vector<std::pair<double, std::string>> xTicks, yTicks;
  for (int e = -30; e <= 30; e += 10) xTicks.push_back({e, "1e" + std::to_string(e)});
  for (int k = 0; k <= 10; k += 2) yTicks.push_back({k / 10.0, svgNumber(k / 10.0, 1)});
  drawAxes(doc, frame, xTicks, yTicks, "scale S (log scale)", "violation rate");
  for (size_t s = 0; s < strategies; ++s) {
    std::vector<SvgPoint> points;
    for (int b = 0; b < BINS; ++b) {
      if (cases[s][b] == 0) continue;
      double rate = static_cast<double>(bad[s][b]) / static_cast<double>(cases[s][b]);
      SvgPoint p = frame.at(X0 + 2 * b + 1, rate);
      points.push_back(p);
      doc.element("circle", SvgAttributes().set("cx", p.x).set("cy", p.y).set("r", 2.2).set(
                                "fill", svgCategoricalColour(static_cast<int>(s))));
    }
    if (points.size() > 1) {
      doc.element("polyline", SvgAttributes()
                                  .set("points", svgPoints(points))
                                  .set("fill", "none")
                                  .set("stroke", svgCategoricalColour(static_cast<int>(s)))
                                  .set("stroke-width", 1.5));
    }
  }
  drawLegend(doc, 690, 60, strategyNames(options));
  return doc.finish();
}

// Worst first: non-finite answers, then larger distance error, then larger witness error.
bool worse(const ComparisonRow& a, const ComparisonRow& b) {
  bool aFinite = std::isfinite(a.distanceErrorU), bFinite = std::isfinite(b.distanceErrorU);
  if (aFinite != bFinite) return !aFinite;
  if (a.distanceErrorU != b.distanceErrorU) return a.distanceErrorU > b.distanceErrorU;
  if (a.witnessErrorU != b.witnessErrorU) return a.witnessErrorU > b.witnessErrorU;
  return std::tie(a.family, a.index) < std::tie(b.family, b.index);
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

std::vector<GalleryEntry> writeGallery(const fs::path& folder, const ComparisonOptions& options,
                                       const ComparisonResult& result, int perStrategy) {
  std::vector<GalleryEntry> entries;
  if (perStrategy <= 0) return entries;
  std::vector<std::vector<const ComparisonRow*>> violations(options.strategies.size());
  for (const ComparisonRow& row : result.rows) {
    if (row.kinds != 0) violations[row.strategy].push_back(&row);
  }
  fs::create_directories(folder / "gallery");
  for (size_t s = 0; s < violations.size(); ++s) {
    std::vector<const ComparisonRow*>& rows = violations[s];
    std::sort(rows.begin(), rows.end(), [](const ComparisonRow* a, const ComparisonRow* b) { return worse(*a, *b); });
    std::vector<int> familiesTaken;
    for (const ComparisonRow* row : rows) {
      if (static_cast<int>(familiesTaken.size()) >= perStrategy) break;
      if (std::find(familiesTaken.begin(), familiesTaken.end(), row->family) != familiesTaken.end()) continue;
      familiesTaken.push_back(row->family);
      const StrategyInfo& strategy = *options.strategies[s];
      Case value = comparisonCase(options, *row);
      oracle::ExactAnswer exact = solveExactly(value);
      StrategyResult answer = strategy.run(value, {.trace = true});
      Verdict verdict = judge(value, exact, answer, strategy);
      value.setMeta("strategy", strategy.name);
      value.setMeta("expected-verdict", verdict.violation ? "violation" : "ok");
      if (verdict.violation) value.setMeta("expected-reasons", reasonList(verdict));
      value.setMeta("found-by", "compare seed " + std::to_string(options.seed) + " family " +
                                    options.families[row->family] + " index " + std::to_string(row->index));
      std::string stem = strategy.name + "-" + options.families[row->family];
      GalleryEntry entry{strategy.name,        options.families[row->family], "gallery/" + stem + ".case",
                         "gallery/" + stem + ".svg", kindList(row->kinds), row->distanceErrorU, row->witnessErrorU};
      writeFileAtomically(folder / entry.caseFile, formatCase(value));
      writeFileAtomically(folder / entry.pictureFile, renderCasePicture(value, exact, strategy, answer, verdict));
      entries.push_back(entry);
    }
  }
  return entries;
}

}  // namespace gjk::check
