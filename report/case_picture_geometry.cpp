// The case picture's geometry (case_picture_parts.h): Real points, exact hulls and closest pairs for
// drawing, and clipping to a panel.
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
// Real geometry.

RealPoint toReal(const ExactPoint& p) {
  return {Real(p.x), Real(p.y)};
}

RealPoint toReal(const Point& p) {
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

bool isFinite(const Point& p) {
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

}  // namespace gjk::check::picture
