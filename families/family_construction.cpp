// The building blocks of the case families (family_construction.h): lattice geometry, float unit
// rotations without cosf/sinf, lattice building blocks and the assembly of a case.
#include "families/family_construction.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "case/unit_rotation.h"
#include "core/limits.h"

namespace gjk::check::family_construction {

LatticePoint operator+(LatticePoint a, LatticePoint b) {
  return {a.x + b.x, a.y + b.y};
}
LatticePoint operator-(LatticePoint a, LatticePoint b) {
  return {a.x - b.x, a.y - b.y};
}
LatticePoint operator*(Int k, LatticePoint a) {
  return {k * a.x, k * a.y};
}
bool operator==(LatticePoint a, LatticePoint b) {
  return a.x == b.x && a.y == b.y;
}

__int128 cross(LatticePoint a, LatticePoint b) {
  return static_cast<__int128>(a.x) * b.y - static_cast<__int128>(a.y) * b.x;
}

// The right-hand normal of a direction: cross(d, rightNormal(d)) = -|d|^2 < 0.
LatticePoint rightNormal(LatticePoint d) {
  return {d.y, -d.x};
}

// Convex hull, counter-clockwise, collinear points removed (Andrew's monotone chain, exact): one point
// for a point set, two for collinear points.
LatticePolygon latticeHull(LatticePolygon points) {
  std::sort(points.begin(), points.end(),
            [](LatticePoint a, LatticePoint b) { return a.x != b.x ? a.x < b.x : a.y < b.y; });
  points.erase(std::unique(points.begin(), points.end()), points.end());
  if (points.size() < 3) {
    return points;
  }
  boost::container::small_vector<LatticePoint, 2 * 16> hull(2 * points.size());  // in place for 16 points
  std::size_t k = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {  // lower chain
    while (k >= 2 && cross(hull[k - 1] - hull[k - 2], points[i] - hull[k - 2]) <= 0) --k;
    hull[k++] = points[i];
  }
  for (std::size_t i = points.size() - 1, lower = k + 1; i-- > 0;) {  // upper chain
    while (k >= lower && cross(hull[k - 1] - hull[k - 2], points[i] - hull[k - 2]) <= 0) --k;
    hull[k++] = points[i];
  }
  if (k - 1 < 3) {  // all collinear: the two extreme points
    return {points.front(), points.back()};
  }
  return LatticePolygon(hull.begin(), hull.begin() + static_cast<std::ptrdiff_t>(k - 1));
}

// Is p strictly inside the counter-clockwise strictly convex polygon?
bool strictlyInside(const LatticePolygon& polygon, LatticePoint p) {
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    const LatticePoint a = polygon[i], b = polygon[(i + 1) % polygon.size()];
    if (cross(b - a, p - a) <= 0)
      return false;
  }
  return polygon.size() >= 3;
}

Int extent(const LatticePolygon& polygon) {
  Int m = 0;
  for (const LatticePoint& p : polygon) m = std::max({m, std::abs(p.x), std::abs(p.y)});
  return m;
}

LatticePolygon scaled(LatticePolygon polygon, Int k) {
  for (LatticePoint& p : polygon) p = k * p;
  return polygon;
}

LatticePolygon translated(LatticePolygon polygon, LatticePoint t) {
  for (LatticePoint& p : polygon) p = p + t;
  return polygon;
}

// Vertex `start` first, the cyclic order kept: GJK starts from vertex 0, so the start matters.
LatticePolygon rotatedStart(LatticePolygon polygon, int start) {
  if (!polygon.empty()) {
    std::rotate(polygon.begin(), polygon.begin() + start % static_cast<int>(polygon.size()), polygon.end());
  }
  return polygon;
}

// The float n 2^e, exact: throws std::logic_error when the construction asks for more than a float holds.
float latticeFloat(Int n, int exponent) {
  constexpr Int LIMIT = Int(1) << 24;
  if (n > LIMIT || n < -LIMIT) {
    throw std::logic_error("case family: lattice coordinate " + std::to_string(n) +
                           " needs more than 24 bits");
  }
  const float value = std::ldexp(static_cast<float>(n), exponent);  // a power-of-two scaling: exact
  if (n != 0 && (!std::isfinite(value) || std::fabs(value) < 0x1p-126f)) {
    throw std::logic_error("case family: lattice coordinate leaves the normal float range");
  }
  return value;
}

// A fixed table of float pairs, the nearest floats to (cos, sin) of the angle in the comment (computed
// once, offline; here they are just numbers, the same on every machine). Each passes the unit-rotation
// test (tests/families/families_test.cpp checks every rotation the families make).
constexpr std::array<Rotation, 9> ROTATION_TABLE = {{
    {0x1.bb67aep-1f, 0x1p-1f},           // 30 degrees
    {0x1.6a09e6p-1f, 0x1.6a09e6p-1f},    // 45
    {0x1p-1f, 0x1.bb67aep-1f},           // 60
    {0x1.3c6ef4p-2f, 0x1.e6f0e2p-1f},    // 72
    {-0x1.797c6ap-1f, 0x1.59e6f6p-1f},   // 137.5 (the golden angle)
    {0x1.d906bcp-1f, -0x1.87de2ap-2f},   // -22.5
    {1.0f, 0x1.24d152p-16f},             // 0.001: c rounds to 1
    {-0x1.ffffccp-1f, 0x1.c98702p-10f},  // 179.9
    {0x1.fffffep-1f, 0x1p-12f},          // 2^-12 rad, c one ulp below its nearest float 1: still a unit pair
}};

// (c, s) turned by k quarter turns: exact (a swap and sign changes).
Rotation quarterTurned(Rotation r, int k) {
  for (int i = 0; i < k; ++i) r = {-r.s, r.c};
  return r;
}

Rotation drawRotation(Draw& in, RotationSet set, bool allowIdentity) {
  // kinds: 0 identity, 1 quarter turn, 2 normalized integer pair, 3 table
  const bool unit = set == RotationSet::Unit;
  switch (in.choice({allowIdentity ? 4 : 0, 1, unit ? 4 : 0, unit ? 1 : 0})) {
  case 0:
    return Rotation{};
  case 1:
    return quarterTurned(Rotation{}, in.integer<int>(1, 3, 1));
  case 2: {
    // (q, p) with |p| <= q: an angle in [-45, 45] degrees, then a quarter turn covers the circle. q and p
    // are at most 2^12, so q*q + p*p < 2^25 is exact or rounded once; normalizedRotation says the rest.
    const int q = in.integer<int>(1, 4096, 2);
    int p = in.integer<int>(-q, q, 1);
    const int turn = in.integer<int>(0, 3, 0);
    if (p == 0 && turn == 0 && !allowIdentity) p = 1;
    const UnitRotation r = normalizedRotation(static_cast<float>(q), static_cast<float>(p));
    return quarterTurned(Rotation{r.c, r.s}, turn);
  }
  default:
    return ROTATION_TABLE[in.integer<int>(0, static_cast<int>(ROTATION_TABLE.size()) - 1, 0)];
  }
}

// ---------------------------------------------------------------------------------------------------
// Lattice building blocks.

LatticePoint drawLatticePoint(Draw& in, Int reach) {
  const Int x = in.integer<Int>(-reach, reach, 0);
  const Int y = in.integer<Int>(-reach, reach, 0);
  return LatticePoint{x, y};
}

// A direction with components in [-reach, reach], never zero.
LatticePoint drawDirection(Draw& in, Int reach) {
  LatticePoint d = drawLatticePoint(in, reach);
  if (d.x == 0 && d.y == 0)
    d = {1, 0};
  return d;
}

// A random convex lattice polygon by Valtr's construction (P. Valtr, "Probability that n random points
// are in convex position", 1995): n sorted x's split at random into two chains give n x-steps summing to
// zero, likewise for y; the steps are paired at random, sorted by angle and laid end to end. The
// result goes through the exact hull (strictly convex, counter-clockwise); if it degenerates (shrinking
// drives every coordinate toward 0) the unit triangle stands in, so the polygon always has >= 3
// vertices. Coordinates are within [-2^bits, 2^bits]; vertex 0 is a random vertex.
LatticePolygon drawConvexPolygon(Draw& in, int minVertices, int maxVertices, int maxBits) {
  const int n = in.integer<int>(minVertices, maxVertices, minVertices);
  const int bits = in.integer<int>(1, maxBits, std::min(3, maxBits));
  const Int range = Int(1) << bits;
  // Up to 16 in place (MAX_POLYGON_VERTICES), more on the heap.
  using Steps = boost::container::small_vector<Int, 16>;
  auto steps = [&]() {
    Steps values(static_cast<std::size_t>(n));
    for (Int& v : values) v = in.integer<Int>(0, range, 0);
    std::sort(values.begin(), values.end());
    Steps out;
    Int lastTop = values.front(), lastBottom = values.front();
    for (int i = 1; i + 1 < n; ++i) {
      if (in.chance(50)) {
        out.push_back(values[i] - lastTop);
        lastTop = values[i];
      } else {
        out.push_back(lastBottom - values[i]);
        lastBottom = values[i];
      }
    }
    out.push_back(values.back() - lastTop);
    out.push_back(lastBottom - values.back());
    return out;
  };
  const Steps dx = steps(), dy = steps();
  boost::container::small_vector<int, 16> keys(static_cast<std::size_t>(n));
  for (int& k : keys) k = in.integer<int>(0, n - 1, 0);
  // The indices in order of their keys, equal keys in index order: the one stable order (std::stable_sort's),
  // by insertion, which needs no buffer.
  boost::container::small_vector<int, 16> order;
  for (int i = 0; i < n; ++i) {
    std::size_t at = order.size();
    while (at > 0 && keys[order[at - 1]] > keys[i]) --at;
    order.insert(order.begin() + static_cast<std::ptrdiff_t>(at), i);
  }
  LatticePolygon vectors;
  for (int i = 0; i < n; ++i) {
    LatticePoint v{dx[i], dy[order[i]]};
    if (v.x != 0 || v.y != 0)
      vectors.push_back(v);
  }
  auto half = [](LatticePoint v) { return v.y < 0 || (v.y == 0 && v.x < 0); };
  std::sort(vectors.begin(), vectors.end(), [&](LatticePoint a, LatticePoint b) {
    if (half(a) != half(b))
      return !half(a);
    return cross(a, b) > 0;
  });
  LatticePolygon points;
  LatticePoint at{0, 0};
  for (LatticePoint v : vectors) {
    at = at + v;
    points.push_back(at);
  }
  LatticePolygon hull = latticeHull(points);
  if (hull.size() < 3) {
    hull = {{0, 0}, {1, 0}, {0, 1}};
  }
  Int minX = hull[0].x, maxX = hull[0].x, minY = hull[0].y, maxY = hull[0].y;
  for (LatticePoint p : hull) {
    minX = std::min(minX, p.x), maxX = std::max(maxX, p.x);
    minY = std::min(minY, p.y), maxY = std::max(maxY, p.y);
  }
  hull = translated(hull, {-((minX + maxX) >> 1), -((minY + maxY) >> 1)});
  return rotatedStart(hull, in.integer<int>(0, static_cast<int>(hull.size()) - 1, 0));
}

// `count` lattice points strictly on one side of the line through the origin along `step`: left
// (cross(step, w) > 0) or right. A point on the line is pushed off it by the normal.
LatticePolygon drawSideCloud(Draw& in, LatticePoint step, int minCount, int maxCount, int maxBits, bool left) {
  const int count = in.integer<int>(minCount, maxCount, minCount);
  const int bits = in.integer<int>(1, maxBits, std::min(3, maxBits));
  LatticePolygon cloud;
  for (int i = 0; i < count; ++i) {
    LatticePoint w = drawLatticePoint(in, Int(1) << bits);
    __int128 side = cross(step, w);
    if (side == 0) {
      w = w + (left ? Int(-1) : Int(1)) * rightNormal(step);
    } else if ((side > 0) != left) {
      w = Int(-1) * w;
    }
    cloud.push_back(w);
  }
  return cloud;
}

ShapeSpec latticeShape(const LatticePolygon& points, int exponent, Int radius, Placement placement) {
  ShapeSpec shape;
  shape.vertices.reserve(points.size());
  for (LatticePoint p : points) {
    shape.vertices.push_back({latticeFloat(p.x, exponent), latticeFloat(p.y, exponent)});
  }
  if (shape.vertices.empty() || shape.vertices.size() > static_cast<std::size_t>(MAX_POLYGON_VERTICES)) {
    throw std::logic_error("case family: shape with " + std::to_string(shape.vertices.size()) + " vertices");
  }
  shape.radius = latticeFloat(radius, exponent);
  shape.rotationC = placement.rotation.c;
  shape.rotationS = placement.rotation.s;
  shape.positionX = placement.x;
  shape.positionY = placement.y;
  return shape;
}

Placement latticePlacement(Rotation rotation, LatticePoint position, int exponent) {
  return {rotation, latticeFloat(position.x, exponent), latticeFloat(position.y, exponent)};
}

Case assemble(const char* family, const std::string& construction, ShapeSpec a, ShapeSpec b,
              const char* expectedRelation) {
  Case value;
  value.setMeta("family", family);
  value.setMeta("construction", construction);
  if (expectedRelation != nullptr) {
    value.setMeta("expected-relation", expectedRelation);
  }
  value.a = std::move(a);
  value.b = std::move(b);
  return value;
}


}  // namespace gjk::check::family_construction
