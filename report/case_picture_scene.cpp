// What the case picture shows, computed once (case_picture_parts.h): the text helpers, the scene
// built from the case, the oracle and the strategy's result, the panels' windows and their insets.
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

std::string realText(const Real& value, int digits) {
  Rational exact;
  mpq_set_f(exact.backend().data(), value.backend().data());
  return oracle::decimalString(exact, digits);
}

std::string pointText(const RealPoint& p, int digits) {
  return "(" + realText(p.x, digits) + ", " + realText(p.y, digits) + ")";
}

Scene buildScene(const Case& value, const oracle::ExactAnswer& exact, const StrategyResult& result,
                 bool answersDistance) {
  Scene scene;
  std::vector<ExactPoint> worldA = oracle::worldVertices(toOracleShape(requirePlanarCase(value, "the 2D case picture").a));
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

  scene.answered = answersDistance;
  scene.finite =
      answersDistance && isFinite(result.pointA) && isFinite(result.pointB) && std::isfinite(result.distance);
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


}  // namespace gjk::check::picture
