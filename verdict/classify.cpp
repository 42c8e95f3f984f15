// The feature-based family classifier and the violation signature; the rules are in classify.h.
#include "verdict/classify.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "verdict/exact_case.h"
#include "verdict/thresholds.h"

namespace gjk::check {
namespace {

using oracle::Rational;

// The thresholds of the rules in classify.h, as powers of two.
const double SCALE_SMALL = std::ldexp(1.0, -20);
const double SCALE_LARGE = std::ldexp(1.0, 20);
const double LARGE_OFFSET_RATIO = std::ldexp(1.0, 10);
const double SHORT_EDGE_RATIO = std::ldexp(1.0, -7);
const double SLIVER_RATIO = std::ldexp(1.0, -4);
const double NEAR_PARALLEL_SINE = std::ldexp(1.0, -8);

struct P {
  double x = 0;
  double y = 0;
};

P operator-(P a, P b) { return {a.x - b.x, a.y - b.y}; }
double crossOf(P a, P b) { return a.x * b.y - a.y * b.x; }
double lengthOf(P a) { return std::hypot(a.x, a.y); }
bool operator<(P a, P b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }
bool operator==(P a, P b) { return a.x == b.x && a.y == b.y; }

// World vertices in double: each product of two floats is exact, each sum rounded once.
std::vector<P> worldPoints(const ShapeSpec& shape) {
  std::vector<P> points;
  for (const Vertex& v : shape.vertices) {
    double c = shape.rotationC, s = shape.rotationS;
    points.push_back({c * v.x - s * v.y + shape.positionX, s * v.x + c * v.y + shape.positionY});
  }
  return points;
}

// Counter-clockwise hull without collinear points (monotone chain, orientation in double).
std::vector<P> hullOf(std::vector<P> points) {
  std::sort(points.begin(), points.end());
  points.erase(std::unique(points.begin(), points.end()), points.end());
  if (points.size() < 3) return points;
  std::vector<P> hull(2 * points.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    while (k >= 2 && crossOf(hull[k - 1] - hull[k - 2], points[i] - hull[k - 2]) <= 0) --k;
    hull[k++] = points[i];
  }
  for (std::size_t i = points.size() - 1, lower = k + 1; i-- > 0;) {
    while (k >= lower && crossOf(hull[k - 1] - hull[k - 2], points[i] - hull[k - 2]) <= 0) --k;
    hull[k++] = points[i];
  }
  hull.resize(k - 1);
  return hull;
}

struct ShapeFeatures {
  std::vector<P> world;
  std::vector<P> hull;  // ccw, no collinear points; 1 or 2 points when degenerate
  double extent = 0;    // bounding-box diagonal of the world vertices
  double shortestEdge = 0, longestEdge = 0, width = 0;  // for a polygon hull (3 or more vertices)
  int distinct = 0;
  bool duplicates = false;
  bool collinear = false;
  bool interiorPoint = false;
  bool rotated = false;
};

// The sign of the orientation of (a, b, c), exact. Filter: floats are exact doubles, the two products
// of float differences are formed in double, and Shewchuk's orient2d error bound (3 + 16 eps) eps
// (|left| + |right|), eps = 2^-53, decides the sign when the determinant exceeds it (float inputs cannot
// underflow a double product); otherwise exact rationals.
int orientationSign(const Vertex& a, const Vertex& b, const Vertex& c) {
  double left = (double(b.x) - a.x) * (double(c.y) - a.y);
  double right = (double(b.y) - a.y) * (double(c.x) - a.x);
  double det = left - right;
  const double eps = std::ldexp(1.0, -53);
  double bound = (3 + 16 * eps) * eps * (std::fabs(left) + std::fabs(right));
  if (det > bound) return 1;
  if (-det > bound) return -1;
  Rational ax = oracle::exactFloat(a.x), ay = oracle::exactFloat(a.y);
  Rational value = (oracle::exactFloat(b.x) - ax) * (oracle::exactFloat(c.y) - ay) -
                   (oracle::exactFloat(b.y) - ay) * (oracle::exactFloat(c.x) - ax);
  return value > 0 ? 1 : value < 0 ? -1 : 0;
}

bool sameVertex(const Vertex& a, const Vertex& b) { return a.x == b.x && a.y == b.y; }

// Exact: is p on the closed segment [a, b] (a != b)?
bool onSegment(const Vertex& a, const Vertex& b, const Vertex& p) {
  if (orientationSign(a, b, p) != 0) return false;
  return std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= p.y &&
         p.y <= std::max(a.y, b.y);
}

ShapeFeatures measure(const ShapeSpec& shape) {
  ShapeFeatures f;
  f.world = worldPoints(shape);
  f.hull = hullOf(f.world);
  f.rotated = !(shape.rotationC == 1 && shape.rotationS == 0);
  double minX = f.world[0].x, maxX = minX, minY = f.world[0].y, maxY = minY;
  for (P p : f.world) {
    minX = std::min(minX, p.x), maxX = std::max(maxX, p.x), minY = std::min(minY, p.y), maxY = std::max(maxY, p.y);
  }
  f.extent = std::hypot(maxX - minX, maxY - minY);

  const std::vector<Vertex>& v = shape.vertices;
  std::vector<Vertex> distinct;
  for (const Vertex& p : v) {
    bool seen = std::any_of(distinct.begin(), distinct.end(), [&](const Vertex& q) { return sameVertex(p, q); });
    if (seen) {
      f.duplicates = true;
    } else {
      distinct.push_back(p);
    }
  }
  f.distinct = static_cast<int>(distinct.size());
  if (f.distinct >= 3) {
    // All on one line, or a vertex on the segment between two others that is not an end point:
    // exact tests on the local coordinates (an affine map keeps collinearity).
    bool allCollinear = true;
    for (std::size_t i = 2; i < distinct.size() && allCollinear; ++i) {
      allCollinear = orientationSign(distinct[0], distinct[1], distinct[i]) == 0;
    }
    f.collinear = allCollinear;
    for (std::size_t i = 0; i < distinct.size() && !f.collinear; ++i) {
      for (std::size_t j = 0; j < distinct.size() && !f.collinear; ++j) {
        for (std::size_t k = j + 1; k < distinct.size() && !f.collinear; ++k) {
          if (i != j && i != k && onSegment(distinct[j], distinct[k], distinct[i])) {
            // On a segment between two vertices; it matters when that segment is a hull edge, that
            // is when every other vertex is on one side of it.
            int side = 0;
            bool hullEdge = true;
            for (std::size_t m = 0; m < distinct.size() && hullEdge; ++m) {
              int o = orientationSign(distinct[j], distinct[k], distinct[m]);
              if (o != 0) {
                hullEdge = side == 0 || side == o;
                side = o;
              }
            }
            f.collinear = hullEdge;
          }
        }
      }
    }
  }
  if (f.hull.size() >= 3) {
    f.shortestEdge = std::numeric_limits<double>::infinity();
    f.width = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < f.hull.size(); ++i) {
      P a = f.hull[i], b = f.hull[(i + 1) % f.hull.size()];
      double len = lengthOf(b - a);
      f.shortestEdge = std::min(f.shortestEdge, len);
      f.longestEdge = std::max(f.longestEdge, len);
      double farthest = 0;
      for (P p : f.hull) farthest = std::max(farthest, std::fabs(crossOf(b - a, p - a)) / len);
      f.width = std::min(f.width, farthest);
    }
    f.interiorPoint = static_cast<int>(f.hull.size()) < f.distinct;
  }
  return f;
}

bool nearParallel(const ShapeFeatures& a, const ShapeFeatures& b) {
  if (a.hull.size() < 2 || b.hull.size() < 2) return false;
  auto edges = [](const std::vector<P>& hull) {
    std::vector<P> result;
    std::size_t n = hull.size() == 2 ? 1 : hull.size();
    for (std::size_t i = 0; i < n; ++i) result.push_back(hull[(i + 1) % hull.size()] - hull[i]);
    return result;
  };
  for (P ea : edges(a.hull)) {
    for (P eb : edges(b.hull)) {
      double sine = std::fabs(crossOf(ea, eb)) / (lengthOf(ea) * lengthOf(eb));
      if (sine > 0 && sine <= NEAR_PARALLEL_SINE) return true;
    }
  }
  return false;
}

std::string shortNumber(double value) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.8g", value);
  return buffer;
}

}  // namespace

const std::vector<std::string>& classifiedFamilies() {
  static const std::vector<std::string> NAMES = {
      "scale",    "large-offset", "short-edge", "near-parallel", "sliver", "collinear", "duplicates",
      "radius", "degenerate",     "touching",   "overlapping", "rotated",       "random-points", "random-convex"};
  return NAMES;
}

std::string classifyFamily(const Case& value, const oracle::ExactAnswer& exact) {
  ShapeFeatures a = measure(value.a), b = measure(value.b);
  double radii = double(value.a.radius) + double(value.b.radius);
  double size = std::max(a.extent, b.extent) + 2 * radii;
  if (size == 0) {
    // Two points: their separation is the size of the problem.
    size = lengthOf(a.world[0] - b.world[0]);
  }
  double scale = static_cast<double>(exact.scale);
  if (size == 0) size = scale;
  if (size < SCALE_SMALL || size > SCALE_LARGE) return "scale";
  if (scale / size >= LARGE_OFFSET_RATIO) return "large-offset";
  for (const ShapeFeatures* f : {&a, &b}) {
    if (f->hull.size() >= 3 && f->shortestEdge <= SHORT_EDGE_RATIO * f->longestEdge) return "short-edge";
  }
  if (nearParallel(a, b)) return "near-parallel";
  for (const ShapeFeatures* f : {&a, &b}) {
    if (f->hull.size() >= 3 && f->width <= SLIVER_RATIO * f->longestEdge) return "sliver";
  }
  if (a.collinear || b.collinear) return "collinear";
  if (a.duplicates || b.duplicates) return "duplicates";
  if (radii > 0) return "radius";
  if (a.distinct <= 2 && b.distinct <= 2) return "degenerate";
  oracle::HighPrecision distance = oracle::distance(exact);
  oracle::HighPrecision nearZero = oracle::HighPrecision(errorUnit(exact)) * VIOLATION_THRESHOLD_U;
  if (exact.relation == oracle::Relation::Touching || distance <= nearZero) {
    if (exact.relation != oracle::Relation::Overlapping) return "touching";
  }
  if (exact.relation == oracle::Relation::Overlapping) return "overlapping";
  if (a.rotated || b.rotated) return "rotated";
  if (a.interiorPoint || b.interiorPoint) return "random-points";
  return "random-convex";
}

namespace {

// Letters, digits, '.', '_' and '-' stay; every other character (':', '/', '#', ' ', ...) becomes '-'.
std::string portable(std::string_view text) {
  std::string name(text);
  for (char& c : name) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                      c == '_' || c == '-';
    if (!keep) c = '-';
  }
  return name;
}

}  // namespace

std::string strategyFileName(const std::string& strategy) {
  if (strategy.rfind("plugin:", 0) != 0) return portable(strategy);
  std::string_view rest = std::string_view(strategy).substr(7);
  std::size_t hash = rest.find('#');
  if (hash == std::string_view::npos) {  // plugin:PATH@ENTRY, the written form (verdict/external_strategy.h)
    const std::size_t at = rest.rfind('@'), slash = rest.rfind('/');
    if (at != std::string_view::npos && (slash == std::string_view::npos || at > slash)) hash = at;
  }
  std::string_view path = rest.substr(0, hash);
  const std::size_t slash = path.rfind('/');
  std::string_view file = slash == std::string_view::npos ? path : path.substr(slash + 1);
  if (file.size() > 3 && file.substr(file.size() - 3) == ".so") file.remove_suffix(3);
  std::string name = "plugin-" + portable(file);
  if (hash != std::string_view::npos) name += "-" + portable(rest.substr(hash + 1));
  return name;
}

std::string causeFileName(const std::string& strategy, const std::string& kind, const std::string& termination) {
  return strategyFileName(strategy) + "." + portable(kind) + "." + portable(termination) + ".case";
}

ViolationSummary summarizeViolation(const Case& value, const StrategyInfo& strategy, const oracle::ExactAnswer& exact,
                                    const StrategyResult& result, const Verdict& verdict) {
  ViolationSummary summary;
  summary.family = classifyFamily(value, exact);
  // The cause: the primary kind is the verdict's first reason (docs/verdict.md orders them), then the rule
  // that decided the answer (result.termination: a rule after the loop when one changed the answer, else the
  // loop's termination; docs/terminations.md); the family is metadata, not part of the cause.
  std::string kind = verdict.reasons.empty() ? "ok" : verdict.reasons.front();
  summary.signature = strategy.name + " " + kind + " " + result.termination;
  summary.fileName = causeFileName(strategy.name, kind, result.termination);
  if (result.failure != EngineFailure::None) {
    // An engine that gave no answer: the story is how it failed, the first line of what it said.
    std::string detail = result.failureDetail.substr(0, result.failureDetail.find('\n')).substr(0, 200);
    summary.story = strategy.name + " gave no answer: " + kind + " (" + detail + "); family " + summary.family +
                    " by verdict/classify";
    return summary;
  }

  double unit = static_cast<double>(errorUnit(exact));
  // The cause, and the loop's stop before it when a rule after the loop decided the answer.
  const std::string stop = result.loopTermination.empty() || result.loopTermination == result.termination
                               ? result.termination
                               : result.termination + ", the loop stopped by " + result.loopTermination;
  summary.story = strategy.name + " reports distance " + shortNumber(result.distance) + " (" + stop +
                  " after " + std::to_string(result.iterations) + " iterations) where the exact distance is " +
                  shortNumber(static_cast<double>(oracle::distance(exact))) + " (" + oracle::relationName(exact.relation) +
                  "): " + reasonList(verdict) + "; distance error " + shortNumber(verdict.distanceErrorU) +
                  " u, witness error " + shortNumber(verdict.witnessErrorU) + " u, witness gap " +
                  shortNumber(verdict.witnessGapU) + " u (T = " + shortNumber(VIOLATION_THRESHOLD_U) +
                  " u, u = " + shortNumber(unit) + "); family " + summary.family + " by verdict/classify";
  return summary;
}

Case regressionCase(const Case& value, const StrategyInfo& strategy, const ViolationSummary& summary,
                    const Verdict& verdict, const std::string& foundBy) {
  Case out;
  out.dimension = value.dimension;  // a 3D case stays one (verdict/classify3.h)
  out.a = value.a;
  out.b = value.b;
  // A cast case stays a cast case: without its translation it would be judged as another query.
  out.hasTranslation = value.hasTranslation;
  out.translationX = value.translationX;
  out.translationY = value.translationY;
  out.setMeta("family", summary.family);
  out.setMeta("signature", summary.signature);
  out.setMeta("strategy", strategy.name);
  out.setMeta("expected-verdict", "violation");
  out.setMeta("expected-reasons", reasonList(verdict));
  out.setMeta("found-by", foundBy);
  out.setMeta("story", summary.story);
  return out;
}

}  // namespace gjk::check
