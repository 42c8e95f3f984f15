// missingFamilyFeature (families/families.h): does a case show the defining feature of its family?
//
// What is exact: collinearity, convexity and "is a hull vertex" are decided exactly, on the case's floats
// as exact rationals (oracle::exactFloat). Lengths, angles, widths and distances from the origin are
// approximate, in double from the floats (world vertices c*x - s*y + p with relative error about 2^-52);
// the bounds they are compared with leave factors of two or more of room, so that rounding never decides.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/limits.h"
#include "families/families.h"
#include "oracle/oracle.h"

namespace gjk::check {
namespace {

using oracle::Rational;

struct ExactPoint {
  Rational x;
  Rational y;
};

std::vector<ExactPoint> exactLocal(const ShapeSpec& shape) {
  std::vector<ExactPoint> points;
  for (const Vertex& v : shape.vertices) points.push_back({oracle::exactFloat(v.x), oracle::exactFloat(v.y)});
  return points;
}

// Sign of cross(b - a, c - a), exact.
int orientation(const ExactPoint& a, const ExactPoint& b, const ExactPoint& c) {
  Rational value = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  return value > 0 ? 1 : value < 0 ? -1 : 0;
}

bool hasThreeCollinear(const ShapeSpec& shape) {
  std::vector<ExactPoint> p = exactLocal(shape);
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::size_t j = i + 1; j < p.size(); ++j)
      for (std::size_t k = j + 1; k < p.size(); ++k)
        if (orientation(p[i], p[j], p[k]) == 0)
          return true;
  return false;
}

// All input points on one line (a point, a segment, a collinear run), exact.
bool isPointOrSegment(const ShapeSpec& shape) {
  std::vector<ExactPoint> p = exactLocal(shape);
  std::size_t other = 1;
  while (other < p.size() && p[other].x == p[0].x && p[other].y == p[0].y) ++other;
  if (other >= p.size())
    return true;
  for (std::size_t k = 1; k < p.size(); ++k)
    if (orientation(p[0], p[other], p[k]) != 0)
      return false;
  return true;
}

// At least 3 vertices, counter-clockwise, every other vertex strictly left of every edge: exact.
bool isStrictlyConvexCounterClockwise(const ShapeSpec& shape) {
  std::vector<ExactPoint> p = exactLocal(shape);
  const std::size_t n = p.size();
  if (n < 3)
    return false;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = 0; k < n; ++k)
      if (k != i && k != (i + 1) % n && orientation(p[i], p[(i + 1) % n], p[k]) <= 0)
        return false;
  return true;
}

// Some input point lies in the hull of the others (or repeats one): not a hull vertex. Exact.
bool hasNonHullPoint(const ShapeSpec& shape) {
  if (shape.vertices.size() < 2)
    return false;
  for (std::size_t i = 0; i < shape.vertices.size(); ++i) {
    oracle::InputShape others;
    for (std::size_t k = 0; k < shape.vertices.size(); ++k)
      if (k != i)
        others.vertices.push_back({shape.vertices[k].x, shape.vertices[k].y});
    if (oracle::squaredDistanceToCore(others, oracle::exactFloat(shape.vertices[i].x),
                                      oracle::exactFloat(shape.vertices[i].y)) == 0)
      return true;
  }
  return false;
}

bool hasDuplicate(const ShapeSpec& shape) {
  for (std::size_t i = 0; i < shape.vertices.size(); ++i)
    for (std::size_t k = i + 1; k < shape.vertices.size(); ++k)
      if (shape.vertices[i].x == shape.vertices[k].x && shape.vertices[i].y == shape.vertices[k].y)
        return true;
  return false;
}

struct Point {
  double x;
  double y;
};

std::vector<Point> localPoints(const ShapeSpec& shape) {
  std::vector<Point> points;
  for (const Vertex& v : shape.vertices) points.push_back({v.x, v.y});
  return points;
}

std::vector<Point> worldPoints(const ShapeSpec& shape) {
  std::vector<Point> points;
  const double c = shape.rotationC, s = shape.rotationS;
  for (const Vertex& v : shape.vertices)
    points.push_back({c * v.x - s * v.y + shape.positionX, s * v.x + c * v.y + shape.positionY});
  return points;
}

double length(Point a, Point b) {
  return std::hypot(b.x - a.x, b.y - a.y);
}
double crossAt(Point a, Point b, Point c) {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

// Lengths of the edges between consecutive input vertices (cyclic), zero-length ones dropped.
std::vector<double> edgeLengths(const std::vector<Point>& p) {
  std::vector<double> lengths;
  for (std::size_t i = 0; i < p.size() && p.size() > 1; ++i) {
    double l = length(p[i], p[(i + 1) % p.size()]);
    if (l > 0)
      lengths.push_back(l);
  }
  return lengths;
}

bool hasShortEdge(const ShapeSpec& shape) {
  std::vector<double> lengths = edgeLengths(localPoints(shape));
  if (lengths.size() < 3)
    return false;
  const double longest = *std::max_element(lengths.begin(), lengths.end());
  for (double l : lengths)
    if (l >= 1e-6 * longest && l <= 1e-2 * longest)
      return true;
  return false;
}

// Longest edge over width, the width being the least extent of the polygon across one of its edges.
double aspectRatio(const ShapeSpec& shape) {
  std::vector<Point> p = localPoints(shape);
  if (p.size() < 3)
    return 0;
  double longest = 0, width = INFINITY;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const Point a = p[i], b = p[(i + 1) % p.size()];
    const double l = length(a, b);
    if (l == 0)
      continue;
    longest = std::max(longest, l);
    double across = 0;
    for (const Point& q : p) across = std::max(across, std::fabs(crossAt(a, b, q)) / l);
    width = std::min(width, across);
  }
  return width > 0 ? longest / width : INFINITY;
}

// An edge of A and an edge of B at an angle whose sine is in (0, 2^-8].
bool hasNearParallelEdges(const ShapeSpec& a, const ShapeSpec& b) {
  std::vector<Point> pa = worldPoints(a), pb = worldPoints(b);
  for (std::size_t i = 0; i < pa.size() && pa.size() > 1; ++i) {
    const Point ea{pa[(i + 1) % pa.size()].x - pa[i].x, pa[(i + 1) % pa.size()].y - pa[i].y};
    for (std::size_t k = 0; k < pb.size() && pb.size() > 1; ++k) {
      const Point eb{pb[(k + 1) % pb.size()].x - pb[k].x, pb[(k + 1) % pb.size()].y - pb[k].y};
      const double la = std::hypot(ea.x, ea.y), lb = std::hypot(eb.x, eb.y);
      if (la == 0 || lb == 0)
        continue;
      const double sine = std::fabs(ea.x * eb.y - ea.y * eb.x) / (la * lb);
      if (sine > 0 && sine <= 0x1p-8)
        return true;
    }
  }
  return false;
}

// S of docs/verdict.md in double: the largest |world coordinate| plus both radii.
double sizeOf(const Case& value) {
  double size = static_cast<double>(value.a.radius) + value.b.radius;
  double largest = 0;
  for (const ShapeSpec* shape : {&value.a, &value.b})
    for (const Point& p : worldPoints(*shape)) largest = std::max({largest, std::fabs(p.x), std::fabs(p.y)});
  return size + largest;
}

// A vertex of B within 2^-20 S of the line of an edge of A (world frame).
bool hasNearContact(const Case& value) {
  std::vector<Point> pa = worldPoints(value.a), pb = worldPoints(value.b);
  const double tolerance = 0x1p-20 * sizeOf(value);
  for (std::size_t i = 0; i < pa.size() && pa.size() > 1; ++i) {
    const Point p = pa[i], q = pa[(i + 1) % pa.size()];
    const double l = length(p, q);
    if (l == 0)
      continue;
    for (const Point& v : pb)
      if (std::fabs(crossAt(p, q, v)) / l <= tolerance)
        return true;
  }
  return false;
}

bool eitherShape(const Case& value, bool (*test)(const ShapeSpec&)) {
  return test(value.a) || test(value.b);
}

// The cast group's features (families/families.h).
std::string missingCastFeature(const std::string& family, const Case& value) {
  if (!value.hasTranslation) return "not a cast case (no b.translation)";
  if (family == "cast-rotating") return value.hasAngular ? "" : "B does not turn (no b.angular)";
  // The largest local vertex magnitude plus radius: the size of a shape about its own position.
  double size = 0;
  for (const ShapeSpec* shape : {&value.a, &value.b}) {
    for (const Point& p : localPoints(*shape)) size = std::max(size, std::hypot(p.x, p.y) + shape->radius);
  }
  if (family == "cast-long-translation") {
    const double ratio = std::hypot(double(value.translationX), double(value.translationY)) / size;
    return ratio >= 500 && ratio <= 2e6 ? "" : "|r| is " + std::to_string(ratio) + " sizes, not 500..2e6";
  }
  if (family == "cast-rounded") {
    return value.a.radius > 0 || value.b.radius > 0 ? "" : "no shape has a radius";
  }
  if (family == "cast-short-edge") {
    return eitherShape(value, hasShortEdge) ? "" : "no edge of 1e-6 to 1e-2 of the longest";
  }
  if (family == "cast-scale-offset") {
    const double offset = std::max({std::fabs(value.a.positionX), std::fabs(value.a.positionY),
                                    std::fabs(value.b.positionX), std::fabs(value.b.positionY)});
    if (!(size >= 0x1p-12 && size <= 0x1p12)) return "size " + std::to_string(size) + " outside 2^-12..2^12";
    return offset <= 1e5 ? "" : "a position is " + std::to_string(offset) + " from the origin, beyond 1e5";
  }
  return "";
}

}  // namespace

std::string missingFamilyFeature(const Case& value) {
  for (const ShapeSpec* shape : {&value.a, &value.b}) {
    if (shape->vertices.empty() || shape->vertices.size() > static_cast<std::size_t>(MAX_POLYGON_VERTICES)) {
      return "a shape has " + std::to_string(shape->vertices.size()) +
             " vertices, outside 1..MAX_POLYGON_VERTICES";
    }
  }
  const std::string family = value.metaValue("family");
  const std::string relation = value.metaValue("expected-relation");
  const std::string construction = value.metaValue("construction");
  if (family == "random-convex") {
    if (isStrictlyConvexCounterClockwise(value.a) && isStrictlyConvexCounterClockwise(value.b))
      return "";
    return "a shape is not a strictly convex counter-clockwise polygon";
  }
  if (family == "random-points") {
    return eitherShape(value, hasNonHullPoint) ? "" : "every input point is a hull vertex";
  }
  if (family == "collinear") {
    return eitherShape(value, hasThreeCollinear) ? "" : "no shape has three collinear input points";
  }
  if (family == "duplicates") {
    return eitherShape(value, hasDuplicate) ? "" : "no shape repeats a vertex";
  }
  if (family == "touching") {
    if (relation == "touching")
      return "";
    if (construction == "float-rounded-contact" && hasNearContact(value))
      return "";
    return "neither an exact touching claim nor a vertex of B on the line of an edge of A";
  }
  if (family == "overlapping") {
    return relation == "overlapping" ? "" : "no exact overlapping claim";
  }
  if (family == "near-parallel") {
    return hasNearParallelEdges(value.a, value.b) ? "" : "no edge pair at an angle of sine in (0, 2^-8]";
  }
  if (family == "short-edge") {
    return eitherShape(value, hasShortEdge) ? "" : "no edge of 1e-6 to 1e-2 of the longest";
  }
  if (family == "large-offset") {
    for (const ShapeSpec* shape : {&value.a, &value.b})
      for (const Point& p : worldPoints(*shape)) {
        const double r = std::hypot(p.x, p.y);
        if (!(r >= 1e3 && r <= 1e7))
          return "a world vertex is " + std::to_string(r) + " from the origin";
      }
    return "";
  }
  if (family == "scale") {
    const double size = sizeOf(value);
    return size >= 1e-30 && size <= 1e30 ? "" : "size " + std::to_string(size) + " outside 1e-30..1e30";
  }
  if (family == "sliver") {
    for (const ShapeSpec* shape : {&value.a, &value.b}) {
      const double aspect = aspectRatio(*shape);
      if (aspect >= 16 && aspect <= 0x1p21)
        return "";
    }
    return "no shape with an aspect ratio of 16 to 2^21";
  }
  if (family == "degenerate") {
    return eitherShape(value, isPointOrSegment) ? "" : "no shape is a point or a segment";
  }
  if (family == "rotated") {
    for (const ShapeSpec* shape : {&value.a, &value.b})
      if (shape->rotationC != 1 || shape->rotationS != 0)
        return "";
    return "no shape is rotated";
  }
  if (family == "radius") {
    return value.a.radius > 0 || value.b.radius > 0 ? "" : "no shape has a radius";
  }
  if (isCastFamily(family)) {
    return missingCastFeature(family, value);
  }
  if (isOverlapFamily(family)) {
    if (relation == "overlapping" || construction == "vertex-pushed-in" || construction == "vertex-pushed-in-far")
      return "";
    return "no exact overlapping claim";
  }
  return "meta.family '" + family + "' is not a case family";
}

}  // namespace gjk::check
