// The seeded case generator of the oracle's tests: raw 64-bit draws of a std::mt19937_64 (no library
// distribution, no libm function whose result could differ between C libraries), categories that mix
// exact degeneracies (small integers), extreme scales, wide and narrow exponent spreads, points and
// segments, near-parallel edges a few ulps apart, rotations and radii.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "oracle/oracle.h"

namespace gjk::oracle::cases {

class Generator {
 public:
  explicit Generator(std::uint64_t seed) : random_(seed) {}

  std::uint64_t bits() { return random_(); }
  // Uniform integer in [low, high] (the modulo bias of a 64-bit draw is irrelevant here).
  int integer(int low, int high) {
    return low + static_cast<int>(bits() % static_cast<std::uint64_t>(high - low + 1));
  }
  bool chance(int percent) { return integer(0, 99) < percent; }
  double unit() { return static_cast<double>(bits() >> 11) * 0x1p-53; }  // [0, 1)

  // A rotation (c, s) of a uniformly drawn parameter through the rational parametrization of the unit
  // circle, c = (1 - t^2) / (1 + t^2), s = 2t / (1 + t^2), rounded to float: only correctly rounded
  // IEEE operations, so the cases are the same on every machine (no libm cos/sin).
  void rotation(float& c, float& s, double factor = 1.0) {
    const double t = unit() * 2 - 1;
    const double sign = chance(50) ? -1.0 : 1.0;
    c = static_cast<float>(sign * factor * (1 - t * t) / (1 + t * t));
    s = static_cast<float>(sign * factor * 2 * t / (1 + t * t));
  }

  // A float with a random sign, a random 24-bit significand and the binary exponent of its leading
  // bit in [low, high] (-149..127); below -126 the value rounds to a subnormal, which is still a float.
  float spreadFloat(int low, int high) {
    const double significand = static_cast<double>((1u << 23) | (bits() & 0x7fffff));
    const int exponent = integer(low, high);
    const float value = static_cast<float>(std::ldexp(significand, exponent - 23));
    return chance(50) ? -value : value;
  }
  float positiveSpreadFloat(int low, int high) { return std::fabs(spreadFloat(low, high)); }

  // x moved by `steps` ulps (towards +inf for positive steps).
  static float ulps(float x, int steps) {
    for (; steps > 0; --steps) {
      x = std::nextafter(x, HUGE_VALF);
    }
    for (; steps < 0; ++steps) {
      x = std::nextafter(x, -HUGE_VALF);
    }
    return x;
  }

 private:
  std::mt19937_64 random_;
};

enum Category {
  SMALL_INTEGER,
  SCALED_INTEGER,
  SUBNORMAL,
  WIDE_EXPONENT,
  NARROW_EXPONENT,
  POINT_SEGMENT,
  NEAR_PARALLEL,
  ROTATED_RADIUS,
  RANDOM_CONVEX,
  RANDOM_POINTS,
  SHORT_EDGE,
  LARGE_OFFSET,
  SLIVER,
  CATEGORY_COUNT
};

// value moved by up to maximumUlps doubles either way (a random count): points on, just inside and just
// outside a boundary.
inline double nudge(Generator& random, double value, int maximumUlps) {
  const int steps = random.integer(-maximumUlps, maximumUlps);
  for (int i = 0; i < std::abs(steps); ++i) {
    value = std::nextafter(value, steps > 0 ? HUGE_VAL : -HUGE_VAL);
  }
  return value;
}

inline const char* categoryName(int category) {
  static const char* const NAMES[CATEGORY_COUNT] = {
      "small-integer", "scaled-integer", "subnormal",      "wide-exponent", "narrow-exponent",
      "point-segment", "near-parallel",  "rotated-radius", "random-convex", "random-points",
      "short-edge",    "large-offset",   "sliver"};
  return NAMES[category];
}

struct GeneratedCase {
  InputShape a;
  InputShape b;
};

// count points in convex position, counter-clockwise, on the ellipse (ax cos t, ay sin t): sorted
// half-angle tangents in each half of the circle (the rational parametrization, no libm), then scaled.
inline std::vector<InputPoint> convexPolygon(Generator& random, int count, double ax, double ay) {
  std::vector<double> right, left;
  for (int i = 0; i < count; ++i) {
    (i % 2 == 0 ? right : left).push_back(random.unit() * 1.9 - 0.95);
  }
  std::sort(right.begin(), right.end());
  std::sort(left.begin(), left.end());
  std::vector<InputPoint> points;
  for (int half = 0; half < 2; ++half) {
    for (double t : half == 0 ? right : left) {
      const double c = (1 - t * t) / (1 + t * t), s = 2 * t / (1 + t * t);
      const double sign = half == 0 ? 1 : -1;
      points.push_back({static_cast<float>(sign * ax * c), static_cast<float>(sign * ay * s)});
    }
  }
  return points;
}

// A rotation, a position within `spread` of `center`, and sometimes a radius of `radius` at most.
inline void place(Generator& random, InputShape& shape, double centerX, double centerY, double spread,
                  double radius) {
  random.rotation(shape.rotationC, shape.rotationS);
  shape.positionX = static_cast<float>(centerX + (random.unit() * 2 - 1) * spread);
  shape.positionY = static_cast<float>(centerY + (random.unit() * 2 - 1) * spread);
  if (random.chance(30)) {
    shape.radius = static_cast<float>(random.unit() * radius);
  }
}

// Small integers: duplicates, collinear and interior points, the origin on edges and vertices of M,
// touching with and without radius, all exact. Multiplied by 2^exponent (exact for these integers).
inline InputShape integerShape(Generator& random, int maxVertices, float scale) {
  InputShape shape;
  const int count = random.integer(1, maxVertices);
  for (int i = 0; i < count; ++i) {
    shape.vertices.push_back({static_cast<float>(random.integer(-3, 3)) * scale,
                              static_cast<float>(random.integer(-3, 3)) * scale});
  }
  if (random.chance(50)) {
    shape.positionX = static_cast<float>(random.integer(-3, 3)) * scale;
    shape.positionY = static_cast<float>(random.integer(-3, 3)) * scale;
  }
  const int rotation = random.integer(0, 7);
  if (rotation >= 4 && rotation < 6) {  // quarter turns
    static const int TURNS[4][2] = {{0, 1}, {-1, 0}, {0, -1}, {1, 0}};
    const int turn = random.integer(0, 3);
    shape.rotationC = static_cast<float>(TURNS[turn][0]);
    shape.rotationS = static_cast<float>(TURNS[turn][1]);
  } else if (rotation >= 6) {  // small integers, not a rotation: c^2 + s^2 != 1 in general
    shape.rotationC = static_cast<float>(random.integer(-2, 2));
    shape.rotationS = static_cast<float>(random.integer(-2, 2));
  }
  if (random.chance(40)) {
    shape.radius = static_cast<float>(random.integer(1, 4)) * scale;
  }
  return shape;
}

inline InputShape floatShape(Generator& random, int maxVertices, int low, int high) {
  InputShape shape;
  const int count = random.integer(1, maxVertices);
  for (int i = 0; i < count; ++i) {
    shape.vertices.push_back({random.chance(5) ? 0.0f : random.spreadFloat(low, high),
                              random.chance(5) ? 0.0f : random.spreadFloat(low, high)});
  }
  if (random.chance(70)) {
    shape.positionX = random.spreadFloat(low, high);
    shape.positionY = random.spreadFloat(low, high);
  }
  if (random.chance(50)) {
    shape.rotationC = random.spreadFloat(low, high);
    shape.rotationS = random.spreadFloat(low, high);
  }
  if (random.chance(40)) {
    shape.radius = random.positiveSpreadFloat(low, high);
  }
  return shape;
}

inline GeneratedCase generate(Generator& random, int category) {
  GeneratedCase result;
  switch (category) {
    case SMALL_INTEGER:
      result.a = integerShape(random, 8, 1.0f);
      result.b = integerShape(random, 8, 1.0f);
      break;
    case SCALED_INTEGER: {
      // Small integers times 2^e, e in [-149, 124]: the same degeneracies at every scale, exactly.
      const float scale = std::ldexp(1.0f, random.integer(-149, 124));
      result.a = integerShape(random, 8, scale);
      result.b = integerShape(random, 8, scale);
      break;
    }
    case SUBNORMAL: {
      // Small multiples of 2^-149 (all subnormal), sometimes rotated by a subnormal pair (products
      // 2^-298, far below any float).
      result.a = integerShape(random, 8, 0x1p-149f);
      result.b = integerShape(random, 8, 0x1p-149f);
      if (random.chance(30)) {
        result.a.rotationC = static_cast<float>(random.integer(-3, 3)) * 0x1p-149f;
        result.a.rotationS = static_cast<float>(random.integer(-3, 3)) * 0x1p-149f;
      }
      break;
    }
    case WIDE_EXPONENT:
      result.a = floatShape(random, 8, -149, 127);
      result.b = floatShape(random, 8, -149, 127);
      break;
    case NARROW_EXPONENT: {
      const int center = random.integer(-149, 127);
      const int spread = random.integer(0, 4);
      const int low = std::max(-149, center - spread);
      const int high = std::min(127, center + spread);
      result.a = floatShape(random, 8, low, high);
      result.b = floatShape(random, 8, low, high);
      break;
    }
    case POINT_SEGMENT:
      if (random.chance(50)) {
        result.a = integerShape(random, 2, 1.0f);
        result.b = integerShape(random, 2, 1.0f);
      } else {
        const int center = random.integer(-149, 127);
        const int low = std::max(-149, center - 2);
        const int high = std::min(127, center + 2);
        result.a = floatShape(random, 2, low, high);
        result.b = floatShape(random, 2, low, high);
      }
      break;
    case NEAR_PARALLEL: {
      // B's vertices are A's moved by a few ulps, so the edges of A and B are parallel to within a few
      // ulps and the origin lies within a few ulps of M (on it, inside, or just outside).
      const int center = random.integer(-120, 100);
      InputShape a;
      const int count = random.integer(2, 4);
      for (int i = 0; i < count; ++i) {
        a.vertices.push_back(
            {random.spreadFloat(center - 3, center + 3), random.spreadFloat(center - 3, center + 3)});
      }
      InputShape b;
      for (const InputPoint& vertex : a.vertices) {
        if (b.vertices.empty() || random.chance(75)) {
          b.vertices.push_back({Generator::ulps(vertex.x, random.integer(-3, 3)),
                                Generator::ulps(vertex.y, random.integer(-3, 3))});
        }
      }
      if (random.chance(25)) {  // a long thin sliver: one more vertex, a few ulps off A's first edge
        const InputPoint& p = a.vertices[0];
        const InputPoint& q = a.vertices[1];
        b.vertices.push_back({Generator::ulps(p.x + (q.x - p.x) * 0.5f, random.integer(-2, 2)),
                              Generator::ulps(p.y + (q.y - p.y) * 0.5f, random.integer(-2, 2))});
      }
      if (random.chance(20)) {
        b.radius = std::ldexp(1.0f, center - 20 - random.integer(0, 10));
      }
      result.a = a;
      result.b = b;
      break;
    }
    case ROTATED_RADIUS: {
      // Float rotations (cos, sin) rounded to float, sometimes scaled off the unit circle, radii of
      // the same size as the gaps, so all three relations are common.
      for (InputShape* shape : {&result.a, &result.b}) {
        const int count = random.integer(1, 8);
        for (int i = 0; i < count; ++i) {
          shape->vertices.push_back(
              {static_cast<float>(random.unit() * 8 - 4), static_cast<float>(random.unit() * 8 - 4)});
        }
        random.rotation(shape->rotationC, shape->rotationS,
                        random.chance(30) ? 0.5 + random.unit() * 1.5 : 1.0);
        shape->radius = random.chance(30) ? 0.0f : static_cast<float>(random.unit() * 2);
      }
      result.b.positionX = static_cast<float>(random.unit() * 20 - 10);
      result.b.positionY = static_cast<float>(random.unit() * 20 - 10);
      break;
    }
    case RANDOM_CONVEX:
      // Convex polygons of 3 to 16 vertices, as the random-convex family and the bench's random8.
      for (InputShape* shape : {&result.a, &result.b}) {
        shape->vertices =
            convexPolygon(random, random.integer(3, 16), 0.5 + random.unit() * 2, 0.5 + random.unit() * 2);
        place(random, *shape, 0, 0, 4, 1);
      }
      if (random.chance(20)) {
        // Touching at one vertex: B is A reflected through A's vertex v0 (B_0 = 2 v0 - v0 = v0 exactly;
        // the other vertices round), with A's transform and no radius, so the world points v0 coincide.
        const InputPoint v0 = result.a.vertices[0];
        result.b = result.a;
        result.a.radius = result.b.radius = 0;
        for (InputPoint& vertex : result.b.vertices) {
          vertex = {2 * v0.x - vertex.x, 2 * v0.y - vertex.y};
        }
      }
      break;
    case RANDOM_POINTS:
      // Up to 16 random points: interior points, near-duplicates, any order.
      for (InputShape* shape : {&result.a, &result.b}) {
        const int count = random.integer(1, 16);
        for (int i = 0; i < count; ++i) {
          shape->vertices.push_back(
              {static_cast<float>(random.unit() * 4 - 2), static_cast<float>(random.unit() * 4 - 2)});
          if (random.chance(10)) {
            shape->vertices.push_back({Generator::ulps(shape->vertices.back().x, random.integer(-2, 2)),
                                       Generator::ulps(shape->vertices.back().y, random.integer(-2, 2))});
          }
        }
        place(random, *shape, 0, 0, 3, 1);
      }
      break;
    case SHORT_EDGE: {
      // A plank with one edge of 2^-7 to 2^-20 of its length against a polygon, as Box2D's short-edge
      // test; the plank's ends sometimes a single point apart.
      const float half = std::ldexp(1.0f, -random.integer(7, 20));
      result.a.vertices = {{-1, -half}, {1, -half}, {1, half}, {-1, half}};
      if (random.chance(30)) {
        result.a.vertices.push_back({1, Generator::ulps(half, -1)});
      }
      place(random, result.a, 0, 0, 0.1, 0.01);
      result.b.vertices = convexPolygon(random, random.integer(1, 8), 0.5, 0.5);
      place(random, result.b, 0, 0, 2, 0.5);
      break;
    }
    case LARGE_OFFSET: {
      // Shapes of size about 1 placed 1e3 to 1e7 from the origin, near each other.
      const double far = std::ldexp(1.0 + random.unit(), random.integer(10, 23));
      const double x = random.chance(50) ? far : -far, y = (random.unit() * 2 - 1) * far;
      for (InputShape* shape : {&result.a, &result.b}) {
        shape->vertices =
            convexPolygon(random, random.integer(1, 8), 0.5 + random.unit(), 0.5 + random.unit());
        place(random, *shape, x, y, 2, 0.5);
      }
      break;
    }
    case SLIVER:
      // Thin shapes: aspect ratio 2^4 to 2^21.
      for (InputShape* shape : {&result.a, &result.b}) {
        shape->vertices =
            convexPolygon(random, random.integer(3, 8), 1, std::ldexp(1.0, -random.integer(4, 21)));
        place(random, *shape, 0, 0, 1.5, 0.01);
      }
      break;
    default:
      break;
  }
  return result;
}

inline std::string describe(const InputShape& shape) {
  std::ostringstream text;
  char buffer[64];
  for (const InputPoint& vertex : shape.vertices) {
    std::snprintf(buffer, sizeof buffer, "(%a, %a) ", vertex.x, vertex.y);
    text << buffer;
  }
  std::snprintf(buffer, sizeof buffer, "r=%a ", shape.radius);
  text << buffer;
  std::snprintf(buffer, sizeof buffer, "p=(%a, %a) ", shape.positionX, shape.positionY);
  text << buffer;
  std::snprintf(buffer, sizeof buffer, "cs=(%a, %a)", shape.rotationC, shape.rotationS);
  text << buffer;
  return text.str();
}

// An exact answer in one line: relation, d0^2, closest point, radius, scale, hull vertex count.
inline std::string answerText(const ExactAnswer& answer) {
  std::string text = std::string(relationName(answer.relation)) +
                     " d0^2=" + rationalString(answer.coreDistanceSquared) + " p=(" +
                     rationalString(answer.closestPoint.x) + ", " + rationalString(answer.closestPoint.y) +
                     ") r=" + rationalString(answer.radius) + " S=" + rationalString(answer.scale) + " hull:";
  for (const ExactPoint& vertex : answer.minkowskiHull) {
    text += " (" + rationalString(vertex.x) + ", " + rationalString(vertex.y) + ")";
  }
  return text;
}

// "" when the two answers are equal in every field (the hull too when withHull), else the first field
// that differs.
inline std::string firstDifference(const ExactAnswer& x, const ExactAnswer& y, bool withHull) {
  if (x.relation != y.relation)
    return "relation";
  if (x.coreDistanceSquared != y.coreDistanceSquared)
    return "core distance squared";
  if (x.closestPoint.x != y.closestPoint.x || x.closestPoint.y != y.closestPoint.y)
    return "closest point";
  if (x.radius != y.radius)
    return "radius";
  if (x.scale != y.scale)
    return "scale";
  if (withHull) {
    if (x.minkowskiHull.size() != y.minkowskiHull.size())
      return "hull size";
    for (std::size_t k = 0; k < x.minkowskiHull.size(); ++k) {
      if (x.minkowskiHull[k].x != y.minkowskiHull[k].x || x.minkowskiHull[k].y != y.minkowskiHull[k].y) {
        return "hull vertex " + std::to_string(k);
      }
    }
  }
  return "";
}

}  // namespace gjk::oracle::cases
