// missingFamilyFeature3 (families/families.h): does a 3D case show the defining feature of its family?
//
// What is exact: flatness, collinearity, parallel and crossing lines, the facing planes and "a point in the
// hull of the others" are decided on the case's floats as exact rationals (oracle::exactFloat, the exact world
// vertices of oracle::worldVertices3, the exact 3D oracle). Lengths and widths (short-edge, sliver) and the
// distances of large-offset are in double; their bounds leave factors of two or more of room.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "families/families.h"
#include "oracle/oracle3.h"

namespace gjk::check {
namespace {

using oracle::Rational;

struct P3 {
  Rational x, y, z;
};

P3 operator-(const P3& a, const P3& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
Rational dot(const P3& a, const P3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
P3 cross(const P3& a, const P3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
bool isZero(const P3& a) { return a.x == 0 && a.y == 0 && a.z == 0; }

oracle::InputShape3 oracleShape(const ShapeSpec& shape) {
  oracle::InputShape3 out;
  for (const Vertex& v : shape.vertices) out.vertices.push_back({v.x, v.y, v.z});
  out.radius = shape.radius;
  out.positionX = shape.positionX, out.positionY = shape.positionY, out.positionZ = shape.positionZ;
  out.rotationW = shape.quaternionW, out.rotationX = shape.quaternionX;
  out.rotationY = shape.quaternionY, out.rotationZ = shape.quaternionZ;
  return out;
}

std::vector<P3> local(const ShapeSpec& shape) {
  std::vector<P3> points;
  for (const Vertex& v : shape.vertices) {
    points.push_back({oracle::exactFloat(v.x), oracle::exactFloat(v.y), oracle::exactFloat(v.z)});
  }
  return points;
}

std::vector<P3> world(const ShapeSpec& shape) {
  std::vector<P3> points;
  for (const oracle::ExactPoint3& p : oracle::worldVertices3(oracleShape(shape))) points.push_back({p.x, p.y, p.z});
  return points;
}

// The affine dimension of the points: -1 none, 0 a point, 1 a line, 2 a plane, 3 space.
int affineDimension(const std::vector<P3>& p) {
  if (p.empty()) return -1;
  std::size_t i = 1;
  while (i < p.size() && isZero(p[i] - p[0])) ++i;
  if (i == p.size()) return 0;
  const P3 u = p[i] - p[0];
  std::size_t j = 1;
  while (j < p.size() && isZero(cross(u, p[j] - p[0]))) ++j;
  if (j == p.size()) return 1;
  const P3 n = cross(u, p[j] - p[0]);
  for (const P3& q : p) {
    if (dot(n, q - p[0]) != 0) return 3;
  }
  return 2;
}

bool hasAffinelyIndependentFour(const ShapeSpec& shape) { return affineDimension(local(shape)) == 3; }

// Is some input point in the hull of the shape's other input points? (the exact 3D oracle: distance 0)
bool hasNonVertexPoint(const ShapeSpec& shape) {
  if (shape.vertices.size() < 2) return false;
  for (std::size_t i = 0; i < shape.vertices.size(); ++i) {
    oracle::InputShape3 point, others;
    point.vertices.push_back({shape.vertices[i].x, shape.vertices[i].y, shape.vertices[i].z});
    for (std::size_t j = 0; j < shape.vertices.size(); ++j) {
      if (j != i) others.vertices.push_back({shape.vertices[j].x, shape.vertices[j].y, shape.vertices[j].z});
    }
    if (oracle::solveByHull3(others, point).coreDistanceSquared == 0) return true;
  }
  return false;
}

// Three non-collinear points among those of `points` with n . p == level?
bool planeHoldsThree(const std::vector<P3>& points, const P3& n, const Rational& level) {
  std::vector<P3> on;
  for (const P3& p : points) {
    if (dot(n, p) == level) on.push_back(p);
  }
  return affineDimension(on) >= 2;
}

bool hasFacingParallelFaces(const std::vector<P3>& a, const std::vector<P3>& b) {
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = i + 1; j < a.size(); ++j)
      for (std::size_t k = j + 1; k < a.size(); ++k) {
        P3 n = cross(a[j] - a[i], a[k] - a[i]);
        if (isZero(n)) continue;
        for (int sign : {1, -1}) {
          if (sign < 0) n = {-n.x, -n.y, -n.z};
          const Rational level = dot(n, a[i]);
          bool aBelow = true;
          for (std::size_t m = 0; m < a.size() && aBelow; ++m) aBelow = dot(n, a[m]) <= level;
          if (!aBelow) continue;
          Rational lowest = dot(n, b[0]);
          for (const P3& p : b) lowest = std::min(lowest, dot(n, p));
          if (lowest >= level && planeHoldsThree(b, n, lowest)) return true;
        }
      }
  return false;
}

// Segments [a1, a2] of A and [b1, b2] of B on parallel lines, or crossing: the closest points of their lines
// inside both segments.
bool hasParallelOrCrossingEdges(const std::vector<P3>& a, const std::vector<P3>& b) {
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = i + 1; j < a.size(); ++j) {
      const P3 u = a[j] - a[i];
      if (isZero(u)) continue;
      for (std::size_t k = 0; k < b.size(); ++k)
        for (std::size_t l = k + 1; l < b.size(); ++l) {
          const P3 v = b[l] - b[k];
          if (isZero(v)) continue;
          if (isZero(cross(u, v))) return true;
          const P3 r = a[i] - b[k];
          const Rational uu = dot(u, u), uv = dot(u, v), vv = dot(v, v), ur = dot(u, r), vr = dot(v, r);
          const Rational denominator = uu * vv - uv * uv;  // > 0: not parallel
          const Rational s = uv * vr - vv * ur, t = uu * vr - uv * ur;
          if (s >= 0 && s <= denominator && t >= 0 && t <= denominator) return true;
        }
    }
  return false;
}

bool hasNearParallelEdges(const std::vector<P3>& a, const std::vector<P3>& b) {
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = i + 1; j < a.size(); ++j) {
      const P3 u = a[j] - a[i];
      if (isZero(u)) continue;
      const Rational uu = dot(u, u);
      for (std::size_t k = 0; k < b.size(); ++k)
        for (std::size_t l = k + 1; l < b.size(); ++l) {
          const P3 v = b[l] - b[k];
          if (isZero(v)) continue;
          const P3 c = cross(u, v);
          if (isZero(c)) continue;
          if (dot(c, c) * 65536 <= uu * dot(v, v)) return true;  // sine^2 <= 2^-16
        }
    }
  return false;
}

bool sameBits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

bool hasRepeatedVertex(const ShapeSpec& shape) {
  for (std::size_t i = 0; i < shape.vertices.size(); ++i)
    for (std::size_t j = i + 1; j < shape.vertices.size(); ++j) {
      const Vertex& p = shape.vertices[i];
      const Vertex& q = shape.vertices[j];
      if (sameBits(p.x, q.x) && sameBits(p.y, q.y) && sameBits(p.z, q.z)) return true;
    }
  return false;
}

struct D3 {
  double x, y, z;
};
D3 sub(const D3& a, const D3& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
double norm(const D3& a) { return std::sqrt(a.x * a.x + a.y * a.y + a.z * a.z); }
D3 crossD(const D3& a, const D3& b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }

std::vector<D3> localDouble(const ShapeSpec& shape) {
  std::vector<D3> points;
  for (const Vertex& v : shape.vertices) points.push_back({v.x, v.y, v.z});
  return points;
}

double diameter(const std::vector<D3>& p) {
  double d = 0;
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::size_t j = i + 1; j < p.size(); ++j) d = std::max(d, norm(sub(p[i], p[j])));
  return d;
}

bool hasShortEdge(const ShapeSpec& shape) {
  const std::vector<D3> p = localDouble(shape);
  const double size = diameter(p);
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::size_t j = i + 1; j < p.size(); ++j) {
      const double length = norm(sub(p[i], p[j]));
      if (length >= 1e-6 * size && length <= 1e-2 * size) return true;
    }
  return false;
}

bool isSliver(const ShapeSpec& shape) {
  if (!hasAffinelyIndependentFour(shape)) return false;
  const std::vector<D3> p = localDouble(shape);
  double width = INFINITY;
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::size_t j = i + 1; j < p.size(); ++j)
      for (std::size_t k = j + 1; k < p.size(); ++k) {
        const D3 n = crossD(sub(p[j], p[i]), sub(p[k], p[i]));
        const double length = norm(n);
        if (length == 0) continue;
        double farthest = 0;
        for (const D3& q : p) {
          const D3 w = sub(q, p[i]);
          farthest = std::max(farthest, std::fabs(n.x * w.x + n.y * w.y + n.z * w.z) / length);
        }
        width = std::min(width, farthest);
      }
  return width <= diameter(p) / 16;
}

bool turnsAboutZOnly(const ShapeSpec& shape) { return shape.quaternionX == 0 && shape.quaternionY == 0; }

std::string stackedFeature(const Case& value) {
  if (value.a.vertices.size() != 8 || value.b.vertices.size() != 8) return "the shapes are not two boxes";
  if (!turnsAboutZOnly(value.a) || !turnsAboutZOnly(value.b)) return "a box turns about another axis than z";
  const std::vector<P3> a = world(value.a), b = world(value.b);
  Rational topA = a[0].z, bottomA = a[0].z, bottomB = b[0].z;
  for (const P3& p : a) topA = std::max(topA, p.z), bottomA = std::min(bottomA, p.z);
  for (const P3& p : b) bottomB = std::min(bottomB, p.z);
  const Rational gap = bottomB - topA;
  if (8 * (gap < 0 ? Rational(-gap) : gap) > topA - bottomA) return "B is not on A: the gap exceeds 1/8 of A's height";
  return "";
}

}  // namespace

std::string missingFamilyFeature3(const Case& value) {
  const std::string family = value.metaValue("family");
  if (value.dimension != 3) return "not a 3D case";
  const ShapeSpec* shapes[] = {&value.a, &value.b};
  const auto some = [&](auto predicate) { return predicate(value.a) || predicate(value.b); };
  if (family == "random-convex") {
    return hasAffinelyIndependentFour(value.a) && hasAffinelyIndependentFour(value.b) ? ""
                                                                                       : "a shape is flat";
  }
  if (family == "random-points") return some(hasNonVertexPoint) ? "" : "every input point is a hull vertex";
  if (family == "coplanar") {
    return hasFacingParallelFaces(world(value.a), world(value.b)) ? "" : "no parallel faces facing each other";
  }
  if (family == "edge-edge") {
    return hasParallelOrCrossingEdges(world(value.a), world(value.b)) ? "" : "no parallel or crossing edges";
  }
  if (family == "stacked") return stackedFeature(value);
  if (family == "flat") {
    return some([](const ShapeSpec& s) { return affineDimension(local(s)) == 2; }) ? "" : "no shape is a polygon";
  }
  if (family == "needle") {
    return some([](const ShapeSpec& s) { return s.vertices.size() >= 2 && affineDimension(local(s)) <= 1; })
               ? ""
               : "no shape has all its points on one line";
  }
  if (family == "duplicates") return some(hasRepeatedVertex) ? "" : "no repeated vertex";
  if (family == "near-parallel") {
    return hasNearParallelEdges(world(value.a), world(value.b)) ? "" : "no edges at an angle with sine in (0, 2^-8]";
  }
  if (family == "short-edge") return some(hasShortEdge) ? "" : "no edge of 1e-6 to 1e-2 of its shape's diameter";
  if (family == "sliver") return some(isSliver) ? "" : "no shape thinner than 1/16 of its diameter";
  if (family == "large-offset") {
    for (const ShapeSpec* shape : shapes) {
      for (const P3& p : world(*shape)) {
        const double x = p.x.convert_to<double>(), y = p.y.convert_to<double>(), z = p.z.convert_to<double>();
        const double r = std::sqrt(x * x + y * y + z * z);
        if (r < 1e3 || r > 1e7) return "a world vertex is " + std::to_string(r) + " from the origin";
      }
    }
    return "";
  }
  if (family == "scale") {
    const double size = oracle::problemScale3(oracleShape(value.a), oracleShape(value.b)).convert_to<double>();
    return size >= 1e-30 && size <= 1e30 ? "" : "the size S is outside 1e-30..1e30";
  }
  if (family == "rotated") {
    return some([](const ShapeSpec& s) {
             return s.quaternionW != 1 || s.quaternionX != 0 || s.quaternionY != 0 || s.quaternionZ != 0;
           })
               ? ""
               : "no shape is turned";
  }
  if (family == "rounded") {
    return some([](const ShapeSpec& s) { return s.radius > 0 && s.vertices.size() <= 2; }) ? ""
                                                                                             : "no sphere or capsule";
  }
  return "meta.family '" + family + "' is not a 3D family";
}

}  // namespace gjk::check
