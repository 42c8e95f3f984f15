// The case families of families/families.h: lattice constructions, exact powers of two, unit rotations
// without cosf/sinf, the registry and the sampler.
//
// Exactness: every coordinate is built as an integer n with |n| <= 2^24 times 2^e (latticeFloat checks
// both), so the float in the case is exactly n 2^e; sums of lattice points are formed in 64-bit integers
// before that one conversion. A construction that says "exact" (a vertex on an edge, a radius gap) is
// therefore exact in the case file, and the oracle, which applies every transform exactly, sees it too.
// The only rounded constructions are the ones named for it (float-rounded-contact, far-vertices,
// far-position's second position, rotated's positions, the rotations themselves) and they claim no
// exact relation.
#include "families/families.h"

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

namespace gjk::check {
namespace {

using Int = std::int64_t;

// ---------------------------------------------------------------------------------------------------
// Random choices, each read from the choice source (families/choice_source.h), choice 0 the simplest value.

class Draw {
 public:
  explicit Draw(ChoiceSource& source) : source_(source) {}

  // An integer in [low, high], uniform when the source is (the choice is a bijection of [0, span) onto
  // the range), choice 0 giving `target` (clamped into the range), then target + 1, target - 1,
  // target + 2, ... : the values in order of their distance from the target, so a smaller choice is a
  // value nearer the simplest one.
  template <class T>
  T integer(T low, T high, T target) {
    if (high < low) {
      throw std::logic_error("case family: empty range");
    }
    target = std::clamp(target, low, high);
    const auto below = static_cast<std::uint64_t>(static_cast<Int>(target) - static_cast<Int>(low));
    const auto above = static_cast<std::uint64_t>(static_cast<Int>(high) - static_cast<Int>(target));
    const std::uint64_t choice = source_.choose(below + above + 1);
    const std::uint64_t both = std::min(below, above);  // distances reachable on both sides
    Int offset = 0;
    if (choice <= 2 * both) {
      offset = (choice & 1) != 0 ? static_cast<Int>((choice + 1) / 2) : -static_cast<Int>(choice / 2);
    } else {
      const auto distance = static_cast<Int>(choice - both);  // only the longer side is left
      offset = above > below ? distance : -distance;
    }
    return static_cast<T>(static_cast<Int>(target) + offset);
  }

  // true with the given percentage; choice 0 is false (the simpler case: no extra feature).
  bool chance(int percent) { return source_.choose(100) >= static_cast<std::uint64_t>(100 - percent); }

  // An index drawn with the given weights (zero weights never drawn); choice 0 is the first index of
  // nonzero weight (each family lists its simplest construction first).
  int choice(const std::vector<int>& weights) {
    const int total = std::accumulate(weights.begin(), weights.end(), 0);
    auto draw = static_cast<int>(source_.choose(static_cast<std::uint64_t>(total)));
    int index = 0;
    while (draw >= weights[index]) {
      draw -= weights[index];
      ++index;
    }
    return index;
  }

 private:
  ChoiceSource& source_;
};

// ---------------------------------------------------------------------------------------------------
// Lattice geometry, exact in 64-bit integers (coordinates stay below 2^24, cross products below 2^51).

struct LatticePoint {
  Int x = 0;
  Int y = 0;
};
using LatticePolygon = std::vector<LatticePoint>;

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
  LatticePolygon hull(2 * points.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {  // lower chain
    while (k >= 2 && cross(hull[k - 1] - hull[k - 2], points[i] - hull[k - 2]) <= 0) --k;
    hull[k++] = points[i];
  }
  for (std::size_t i = points.size() - 1, lower = k + 1; i-- > 0;) {  // upper chain
    while (k >= lower && cross(hull[k - 1] - hull[k - 2], points[i] - hull[k - 2]) <= 0) --k;
    hull[k++] = points[i];
  }
  hull.resize(k - 1);
  if (hull.size() < 3) {  // all collinear: the two extreme points
    return {points.front(), points.back()};
  }
  return hull;
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

// ---------------------------------------------------------------------------------------------------
// Rotations (c, s): float unit rotations only (design §4, case/unit_rotation.h), made without libm's
// cosf/sinf, whose last bit may differ between C libraries and versions: exact quarter turns, pairs of
// small integers normalized in float (normalizedRotation: products, a sum, sqrtf and divisions, each one
// correctly rounded IEEE operation, so the same bits everywhere), and a fixed table of hex pairs.

struct Rotation {
  float c = 1;
  float s = 0;
};

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

enum class RotationSet {
  QuarterTurns,  // (1,0), (0,1), (-1,0), (0,-1): exact unit rotations, so radii stay exact too
  Unit,          // quarter turns, normalized integer pairs and the table
};

Rotation drawRotation(Draw& in, RotationSet set, bool allowIdentity = true) {
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
  auto steps = [&]() {
    std::vector<Int> values(n);
    for (Int& v : values) v = in.integer<Int>(0, range, 0);
    std::sort(values.begin(), values.end());
    std::vector<Int> out;
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
  const std::vector<Int> dx = steps(), dy = steps();
  std::vector<int> keys(n);
  for (int& k : keys) k = in.integer<int>(0, n - 1, 0);
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return keys[a] < keys[b]; });
  std::vector<LatticePoint> vectors;
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

// ---------------------------------------------------------------------------------------------------
// From lattice to case.

struct Placement {
  Rotation rotation;
  float x = 0;
  float y = 0;
};

ShapeSpec latticeShape(const LatticePolygon& points, int exponent, Int radius = 0, Placement placement = {}) {
  ShapeSpec shape;
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
              const char* expectedRelation = nullptr) {
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

// ---------------------------------------------------------------------------------------------------
// The families.

// Two random convex polygons (up to 22-bit coordinates, 3..16 vertices), at a random power of two, placed
// within a few sizes of each other, each with its own (mostly identity) rotation.
Case drawRandomConvex(Draw& in) {
  const LatticePolygon a = drawConvexPolygon(in, 3, MAX_POLYGON_VERTICES, 22);
  const LatticePolygon b = drawConvexPolygon(in, 3, MAX_POLYGON_VERTICES, 22);
  const int exponent = in.integer<int>(-20, 20, 0);
  const Int reach = std::min<Int>(2 * (extent(a) + extent(b)) + 1, Int(1) << 22);
  const LatticePoint positionA = drawLatticePoint(in, reach / 2);
  const LatticePoint positionB = positionA + drawLatticePoint(in, reach);
  const Rotation ra = drawRotation(in, RotationSet::Unit), rb = drawRotation(in, RotationSet::Unit);
  return assemble("random-convex", "valtr-polygons",
                  latticeShape(a, exponent, 0, latticePlacement(ra, positionA, exponent)),
                  latticeShape(b, exponent, 0, latticePlacement(rb, positionB, exponent)));
}

// A point cloud whose hull is a random convex polygon (scaled by 4) plus points strictly inside it
// (weights 1/4, 1/4, 1/2 on three consecutive hull vertices), listed in a random order: the hull matters.
LatticePolygon drawPointCloud(Draw& in, int minInterior) {
  const LatticePolygon hull = scaled(drawConvexPolygon(in, 3, 8, 20), 4);
  const int m = static_cast<int>(hull.size());
  const int interior = in.integer<int>(minInterior, MAX_POLYGON_VERTICES - m, minInterior);
  LatticePolygon points = hull;
  for (int k = 0; k < interior; ++k) {
    const int i = in.integer<int>(0, m - 1, 0);
    const int heavy = in.integer<int>(0, 2, 0);
    LatticePoint sum{0, 0};
    for (int t = 0; t < 3; ++t) {
      const LatticePoint v{hull[(i + t) % m].x / 4, hull[(i + t) % m].y / 4};
      sum = sum + (t == heavy ? Int(2) : Int(1)) * v;
    }
    points.push_back(sum);
  }
  std::vector<int> keys(points.size());
  for (int& key : keys) key = in.integer<int>(0, MAX_POLYGON_VERTICES - 1, 0);
  std::vector<std::size_t> order(points.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
  LatticePolygon shuffled;
  for (std::size_t i : order) shuffled.push_back(points[i]);
  return shuffled;
}

Case drawRandomPoints(Draw& in) {
  const LatticePolygon a = drawPointCloud(in, 1);
  const LatticePolygon b = drawPointCloud(in, 0);
  const int exponent = in.integer<int>(-20, 20, 0);
  const Int reach = std::min<Int>(2 * (extent(a) + extent(b)) + 1, Int(1) << 22);
  const LatticePoint positionA = drawLatticePoint(in, reach / 2);
  const LatticePoint positionB = positionA + drawLatticePoint(in, reach);
  const Rotation ra = drawRotation(in, RotationSet::Unit), rb = drawRotation(in, RotationSet::Unit);
  return assemble("random-points", "hull-plus-interior-shuffled",
                  latticeShape(a, exponent, 0, latticePlacement(ra, positionA, exponent)),
                  latticeShape(b, exponent, 0, latticePlacement(rb, positionB, exponent)));
}

// A convex polygon (scaled by 2^m) with 1.. extra lattice points exactly on its edges, in order.
LatticePolygon drawPointsOnEdges(Draw& in) {
  const int m = in.integer<int>(1, 4, 1);
  const LatticePolygon polygon = scaled(drawConvexPolygon(in, 3, 8, 16), Int(1) << m);
  int budget = MAX_POLYGON_VERTICES - static_cast<int>(polygon.size());
  LatticePolygon out;
  for (std::size_t k = 0; k < polygon.size(); ++k) {
    const LatticePoint p = polygon[k], q = polygon[(k + 1) % polygon.size()];
    out.push_back(p);
    const int extra = std::min(in.integer<int>(0, 2, 0), budget);
    std::vector<Int> at;
    for (int e = 0; e < extra; ++e) at.push_back(in.integer<Int>(1, (Int(1) << m) - 1, Int(1) << (m - 1)));
    if (k == 0 && at.empty() && budget > 0)
      at.push_back(Int(1) << (m - 1));  // at least one, on edge 0
    std::sort(at.begin(), at.end());
    for (Int i : at)
      out.push_back(p + LatticePoint{(q.x - p.x) / (Int(1) << m) * i, (q.y - p.y) / (Int(1) << m) * i});
    budget -= static_cast<int>(at.size());
  }
  return out;
}

// 3..8 points on one line through the origin (duplicates allowed), in any order.
LatticePolygon drawCollinearRun(Draw& in, int minCount) {
  const LatticePoint direction = drawDirection(in, 256);
  const int count = in.integer<int>(minCount, 8, minCount);
  LatticePolygon run;
  for (int i = 0; i < count; ++i) run.push_back(in.integer<Int>(-1024, 1024, i) * direction);
  return run;
}

Case drawCollinear(Draw& in) {
  const int variant = in.choice({3, 3, 2, 1});
  static const char* NAMES[] = {"points-on-edges", "collinear-run-vs-polygon", "collinear-runs",
                                "points-on-edges-both"};
  LatticePolygon a, b;
  bool sameLine = false;
  switch (variant) {
    case 0:
      a = drawPointsOnEdges(in), b = drawConvexPolygon(in, 3, 8, 16);
      break;
    case 1:
      a = drawCollinearRun(in, 3), b = drawConvexPolygon(in, 3, 8, 16);
      break;
    case 2: {
      a = drawCollinearRun(in, 3);
      b = drawCollinearRun(in, 2);
      const LatticePoint along = a.size() > 1 && !(a[0] == a[1]) ? a[1] - a[0] : a[0];
      sameLine = (along.x != 0 || along.y != 0) && in.chance(50);
      if (sameLine) {  // on A's line: B's points are multiples of A's direction, in A's frame
        b.clear();
        const int count = in.integer<int>(2, 6, 2);
        for (int i = 0; i < count; ++i) b.push_back(in.integer<Int>(-8, 8, i) * along);
      }
      break;
    }
    default:
      a = drawPointsOnEdges(in), b = drawPointsOnEdges(in);
      break;
  }
  const int exponent = in.integer<int>(-20, 20, 0);
  const LatticePoint positionA = drawLatticePoint(in, Int(1) << 16);
  const LatticePoint positionB = sameLine ? positionA : positionA + drawLatticePoint(in, Int(1) << 18);
  const Rotation ra = drawRotation(in, RotationSet::Unit),
                 rb = sameLine ? ra : drawRotation(in, RotationSet::Unit);
  return assemble("collinear", sameLine ? "collinear-runs-on-one-line" : NAMES[variant],
                  latticeShape(a, exponent, 0, latticePlacement(ra, positionA, exponent)),
                  latticeShape(b, exponent, 0, latticePlacement(rb, positionB, exponent)));
}

// A convex polygon whose vertices are listed more than once: each copy next to its vertex, or all copies
// after the polygon.
LatticePolygon drawRepeatedVertices(Draw& in) {
  const LatticePolygon polygon = drawConvexPolygon(in, 3, 8, 16);
  const bool scatter = in.chance(30);
  int budget = MAX_POLYGON_VERTICES - static_cast<int>(polygon.size());
  std::vector<int> copies(polygon.size());
  for (int& c : copies) {
    c = std::min(in.integer<int>(0, 2, 0), budget);
    budget -= c;
  }
  if (std::accumulate(copies.begin(), copies.end(), 0) == 0)
    copies[0] = 1;
  LatticePolygon out;
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    out.push_back(polygon[i]);
    if (!scatter)
      out.insert(out.end(), copies[i], polygon[i]);
  }
  if (scatter) {
    for (std::size_t i = 0; i < polygon.size(); ++i) out.insert(out.end(), copies[i], polygon[i]);
  }
  return out;
}

Case drawDuplicates(Draw& in) {
  const int variant = in.choice({3, 2, 2});
  static const char* NAMES[] = {"repeated-vertices", "repeated-vertices-both", "one-point-repeated"};
  LatticePolygon a, b;
  switch (variant) {
    case 0:
      a = drawRepeatedVertices(in), b = drawConvexPolygon(in, 3, 8, 16);
      break;
    case 1:
      a = drawRepeatedVertices(in), b = drawRepeatedVertices(in);
      break;
    default: {
      const LatticePoint p = drawLatticePoint(in, Int(1) << 12);
      a.assign(in.integer<int>(2, 6, 2), p);
      b = in.chance(50) ? drawRepeatedVertices(in) : drawConvexPolygon(in, 3, 8, 16);
      break;
    }
  }
  const int exponent = in.integer<int>(-20, 20, 0);
  const LatticePoint positionA = drawLatticePoint(in, Int(1) << 16);
  const LatticePoint positionB = positionA + drawLatticePoint(in, Int(1) << 17);
  const Rotation ra = drawRotation(in, RotationSet::Unit), rb = drawRotation(in, RotationSet::Unit);
  return assemble("duplicates", NAMES[variant],
                  latticeShape(a, exponent, 0, latticePlacement(ra, positionA, exponent)),
                  latticeShape(b, exponent, 0, latticePlacement(rb, positionB, exponent)));
}

// Two shapes in contact on the line through the origin along `step`, exactly, in lattice coordinates:
// A = hull of the edge [0, g step] and points strictly left of the line, so that edge is an edge of A;
// B = hull of the contact (a point j step, or a segment [j1, j2] step overlapping A's edge) and points
// strictly right of the line. A and B meet exactly on the line: their distance is 0 and no interior
// point is shared. `shift` (a multiple of the right normal) then moves B off or into A.
struct Contact {
  LatticePolygon a;
  LatticePolygon b;
  LatticePoint contact;  // B's contact vertex before any shift (j step)
  LatticePoint step;
  Int g = 1;
};

Contact drawContact(Draw& in, LatticePoint step, bool edgeOnEdge, int minG, bool interiorContact,
                            int cloudBits) {
    Contact c;
    c.step = step;
    c.g = in.integer<Int>(minG, 16, minG);
    LatticePolygon a = drawSideCloud(in, step, 1, 6, cloudBits, true);
    a.push_back({0, 0});
    a.push_back(c.g * step);
    c.a = latticeHull(a);
    LatticePolygon b = drawSideCloud(in, step, 0, 5, cloudBits, false);
    if (!edgeOnEdge) {
      const Int j = interiorContact ? in.integer<Int>(1, c.g - 1, 1) : in.integer<Int>(0, c.g, 0);
      c.contact = j * step;
      for (LatticePoint& w : b) w = w + c.contact;
      b.push_back(c.contact);
    } else {
      const Int j1 = in.integer<Int>(-c.g, c.g - 1, 0);
      const Int j2 = in.integer<Int>(std::max<Int>(j1, 0) + 1, 2 * c.g, c.g);
      c.contact = j1 * step;
      for (LatticePoint& w : b) w = w + c.contact;
      b.push_back(j1 * step);
      b.push_back(j2 * step);
    }
    c.b = latticeHull(b);
    return c;
}

// A Pythagorean direction (|step| = h, an integer) in any of its eight orientations.
std::pair<LatticePoint, Int> drawPythagoreanStep(Draw& in) {
  constexpr std::array<std::array<Int, 3>, 5> TRIPLES = {
      {{1, 0, 1}, {3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {7, 24, 25}}};
  const auto& t = TRIPLES[in.integer<int>(0, 4, 0)];
  LatticePoint step{t[0], t[1]};
  if (in.chance(50))
    step = {step.y, step.x};
  if (in.chance(50))
    step.x = -step.x;
  if (in.chance(50))
    step.y = -step.y;
  return std::make_pair(step, t[2]);
}

Case drawTouching(Draw& in) {
  const int variant = in.choice({3, 2, 2, 1});
  const int exponent = in.integer<int>(-20, 20, 0);
  const LatticePoint position = drawLatticePoint(in, Int(1) << 12);
  if (variant <= 1) {  // vertex on edge (or on a vertex), edge on edge: exact whatever the common transform
    const Contact c = drawContact(in, drawDirection(in, 64), variant == 1, 1, false, 12);
    const Placement common = latticePlacement(drawRotation(in, RotationSet::Unit), position, exponent);
    return assemble("touching", variant == 0 ? "vertex-on-edge" : "edge-on-edge",
                    latticeShape(c.a, exponent, 0, common), latticeShape(c.b, exponent, 0, common),
                    "touching");
  }
  if (variant == 2) {  // rounded shapes at core distance lambda h = rA + rB; quarter turns keep radii exact
    const auto [step, h] = drawPythagoreanStep(in);
    const Contact c = drawContact(in, step, in.chance(50), 1, false, 10);
    const Int lambda = in.integer<Int>(1, 8, 1);
    const Int total = lambda * h;
    const Int ra = in.integer<Int>(0, total, 0);
    const LatticePolygon b = translated(c.b, lambda * rightNormal(step));
    const Placement common = latticePlacement(drawRotation(in, RotationSet::QuarterTurns), position, exponent);
    return assemble("touching", "rounded-gap", latticeShape(c.a, exponent, ra, common),
                    latticeShape(b, exponent, total - ra, common), "touching");
  }
  // B's vertex put on A's rotated edge by float arithmetic: as close as floats get, no exact claim.
  const Contact c = drawContact(in, drawDirection(in, 64), false, 2, true, 12);
  const Rotation r = drawRotation(in, RotationSet::Unit, false);
  const ShapeSpec a = latticeShape(c.a, exponent, 0, {r, 0, 0});
  ShapeSpec b = latticeShape(c.b, exponent);
  for (Vertex& v : b.vertices) {  // world point of A's frame, one rounding per operation
    const float x = v.x, y = v.y;
    v = {r.c * x - r.s * y, r.s * x + r.c * y};
  }
  return assemble("touching", "float-rounded-contact", a, b);
}

Case drawOverlapping(Draw& in) {
  const int variant = in.choice({3, 2});
  const int exponent = in.integer<int>(-20, 4, 0);
  const LatticePoint position = drawLatticePoint(in, Int(1) << 11);
  if (variant == 0) {
    // B's contact vertex, in the interior of A's edge, pushed one normal step into A at a lattice scale
    // 2^m: a penetration of about 2^-m of the size. Checked exactly; at worst B becomes a point inside.
    const LatticePoint step = drawDirection(in, 32);
    const Contact c = drawContact(in, step, false, 2, true, 10);
    int m = in.integer<int>(2, 12, 2);
    LatticePolygon a, b;
    const LatticePoint inward = Int(-1) * rightNormal(step);
    for (;; ++m) {
      a = scaled(c.a, Int(1) << m);
      b = translated(scaled(c.b, Int(1) << m), inward);
      if (strictlyInside(a, (Int(1) << m) * c.contact + inward) || m >= 12)
        break;
    }
    std::string name = "vertex-pushed-in";
    if (!strictlyInside(a, (Int(1) << m) * c.contact + inward)) {
      a = scaled(c.a, 4);  // B becomes a strictly interior point: weights 1/4, 1/4, 1/2, on the lattice x4
      b = {c.a[0] + c.a[1] + Int(2) * c.a[2]};
      name = "point-inside";
    }
    const Placement common = latticePlacement(drawRotation(in, RotationSet::Unit), position, exponent);
    return assemble("overlapping", name, latticeShape(a, exponent, 0, common),
                    latticeShape(b, exponent, 0, common), "overlapping");
  }
  // Rounded shapes whose core distance lambda h 2^m is a few lattice units short of rA + rB.
  const auto [step, h] = drawPythagoreanStep(in);
  const Contact c = drawContact(in, step, in.chance(50), 1, false, 10);
  const int m = in.integer<int>(0, 10, 0);
  const Int lambda = in.integer<Int>(1, 8, 1);
  const Int total = (lambda * h << m) + in.integer<Int>(1, 4, 1);
  const Int ra = in.integer<Int>(0, total, 0);
  const LatticePolygon a = scaled(c.a, Int(1) << m);
  const LatticePolygon b = translated(scaled(c.b, Int(1) << m), (lambda << m) * rightNormal(step));
  const Placement common = latticePlacement(drawRotation(in, RotationSet::QuarterTurns), position, exponent);
  return assemble("overlapping", "rounded-overlap", latticeShape(a, exponent, ra, common),
                  latticeShape(b, exponent, total - ra, common), "overlapping");
}

// A's edge [0, L step] and B's edge from C1 = j1 step + gap n to C2 = C1 + M step + t n (n the right
// normal): the sine of their angle is |t| / sqrt(M^2 + t^2) <= |t| / M <= 2^-8, and t != 0. With
// |t| small and the coordinates near 2^21 that is a few ulps. B's other points lie beyond C1C2.
Case drawNearParallel(Draw& in) {
  const LatticePoint step = in.chance(50) ? LatticePoint{1, 0} : drawDirection(in, 2);
  const LatticePoint n = rightNormal(step);
  const Int length = in.integer<Int>(1, Int(1) << 20, 1);
  LatticePolygon a = drawSideCloud(in, step, 1, 5, 20, true);
  a.push_back({0, 0});
  a.push_back(length * step);
  a = latticeHull(a);
  const bool fewUlps = !in.chance(50);  // |t| <= 8 lattice units, about 4 to 32 ulps of the coordinates
  const Int t = (fewUlps ? in.integer<Int>(1, 8, 1) : in.integer<Int>(9, 4096, 9)) * (in.chance(50) ? -1 : 1);
  const Int bLength = in.integer<Int>(std::max<Int>(256 * std::abs(t), 1024), Int(1) << 20, 1024);
  const Int gap = in.integer<Int>(-2, 64, 0);
  const Int j1 = in.integer<Int>(-bLength, length, 0);
  const LatticePoint c1 = j1 * step + gap * n;
  const LatticePoint c2 = c1 + bLength * step + t * n;
  LatticePolygon b = {c1, c2};
  const int others = in.integer<int>(0, 4, 0);
  for (int i = 0; i < others; ++i) {
    const Int along = in.integer<Int>(0, bLength, 0);
    const Int out = in.integer<Int>(std::abs(t) + 1, Int(1) << 16, std::abs(t) + 1);
    b.push_back(c1 + along * step + out * n);
  }
  b = latticeHull(b);
  const int exponent = in.integer<int>(-30, 10, 0);
  const Placement common =
      latticePlacement(drawRotation(in, RotationSet::Unit), drawLatticePoint(in, Int(1) << 20), exponent);
  return assemble("near-parallel", fewUlps ? "few-ulps" : "tiny-angle",
                  latticeShape(a, exponent, 0, common), latticeShape(b, exponent, 0, common));
}

// Short edges of 1/(c 2^j) of the longest edge, j in 7..17 (c in 1..3): 1.8e-6 .. 7.8e-3.
Case drawShortEdge(Draw& in) {
  const int variant = in.choice({3, 2});
  const Int h = in.integer<Int>(1, 7, 1);
  const Int ratio = in.integer<Int>(1, 3, 1) << in.integer<int>(7, 17, 7);
  LatticePolygon a;
  LatticePoint tip;    // where the short edge is, B goes beyond it in +x
  Int tipHeight = 0;   // the short edge spans [tip.y, tip.y + tipHeight]
  if (variant == 0) {  // the plank (+-L, +-h), Box2D's ShapeDistanceShortEdgeTest shape
    const Int half = h * ratio;
    a = {{-half, -h}, {half, -h}, {half, h}, {-half, h}};
    tip = {half, -h};
    tipHeight = 2 * h;
  } else {  // the quad (0,0) (W,0) (W,h) (0,H): one short edge among long ones
    const Int w = h * ratio;
    const Int tall = in.integer<Int>(h, w, h);
    a = {{0, 0}, {w, 0}, {w, h}, {0, tall}};
    tip = {w, 0};
    tipHeight = h;
  }
  const Int gap = in.integer<Int>(1, ratio * h, 1);
  const Int y = in.integer<Int>(0, tipHeight, tipHeight / 2);
  LatticePolygon b = {tip + LatticePoint{gap, y}};
  if (in.chance(40)) {  // a small polygon instead of a point, its leftmost vertex at the same spot
    LatticePolygon small = drawConvexPolygon(in, 3, 6, 4);
    const auto leftmost = *std::min_element(small.begin(), small.end(),
                                            [](LatticePoint p, LatticePoint q) { return p.x < q.x; });
    b = translated(small, b[0] - leftmost);
  }
  const int exponent = in.integer<int>(-24, 0, 0);
  const Placement common =
      latticePlacement(drawRotation(in, RotationSet::Unit), drawLatticePoint(in, Int(1) << 16), exponent);
  return assemble("short-edge", variant == 0 ? "plank-vs-point" : "short-edge-quad",
                  latticeShape(a, exponent, 0, common), latticeShape(b, exponent, 0, common));
}

// Shapes of extent <= 2^8 about a point F with max(|F.x|, |F.y|) in [2^11, 2^22): every world vertex is
// 1e3..1e7 from the origin.
Case drawLargeOffset(Draw& in) {
  const int variant = in.choice({2, 2, 1});
  const int farExponent = in.integer<int>(11, 21, 11);
  const Int significand = (Int(1) << 23) + in.integer<Int>(0, (Int(1) << 23) - 1, 0);  // leading bit set
  const float major = latticeFloat(significand, farExponent - 23) * (in.chance(50) ? -1.0f : 1.0f);
  const float minor = latticeFloat(in.integer<Int>(-(Int(1) << 23), Int(1) << 23, 0), farExponent - 23);
  float fx = major, fy = minor;
  if (in.chance(50))
    std::swap(fx, fy);
  const int exponent = in.integer<int>(-12, 0, 0);  // lattice unit; shapes fit in 2^(8 + exponent) <= 2^8
  const int bits = 8 + exponent;
  const LatticePolygon a = drawConvexPolygon(in, 3, 8, std::max(1, std::min(bits, 16)));
  const LatticePolygon b = drawConvexPolygon(in, 3, 8, std::max(1, std::min(bits, 16)));
  const LatticePoint offset = drawLatticePoint(in, Int(1) << std::max(0, std::min(bits + 1, 20)));
  if (variant == 0) {  // both shapes positioned near F; B's position rounded once
    const Rotation ra = drawRotation(in, RotationSet::Unit), rb = drawRotation(in, RotationSet::Unit);
    const float bx = fx + latticeFloat(offset.x, exponent), by = fy + latticeFloat(offset.y, exponent);
    return assemble("large-offset", "far-position", latticeShape(a, exponent, 0, {ra, fx, fy}),
                    latticeShape(b, exponent, 0, {rb, bx, by}));
  }
  if (variant == 1) {  // identity transforms, the far point added to every vertex (rounded)
    ShapeSpec sa = latticeShape(a, exponent), sb = latticeShape(translated(b, offset), exponent);
    for (ShapeSpec* s : {&sa, &sb}) {
      for (Vertex& v : s->vertices) v = {fx + v.x, fy + v.y};
    }
    return assemble("large-offset", "far-vertices", sa, sb);
  }
  // both at F exactly, B's offset in its local lattice: the relation is the lattice relation
  const Rotation r = drawRotation(in, RotationSet::Unit);
  return assemble("large-offset", "far-common-frame", latticeShape(a, exponent, 0, {r, fx, fy}),
                  latticeShape(translated(b, offset), exponent, 0, {r, fx, fy}));
}

// A small lattice configuration (coordinates <= 2^8 with offsets and radii) scaled by 2^E, E in
// -98..88, so S lies in 2^-98.5 .. 2^97 (about 2.2e-30 .. 1.6e29).
Case drawScale(Draw& in) {
  const int variant = in.choice({3, 2, 2});
  const int e = in.integer<int>(-98, 88, 0);
  const Rotation r = drawRotation(in, RotationSet::Unit);
  if (variant == 1) {  // exact vertex-on-edge contact: touching at every scale
    const Contact c = drawContact(in, drawDirection(in, 4), in.chance(50), 1, false, 5);
    const Placement common{r, 0, 0};
    return assemble("scale", "touching", latticeShape(c.a, e, 0, common), latticeShape(c.b, e, 0, common),
                    "touching");
  }
  const LatticePolygon a = drawConvexPolygon(in, 3, 8, 6);
  const LatticePolygon b = drawConvexPolygon(in, 3, 8, 6);
  const LatticePoint offset = drawLatticePoint(in, 128);
  const Int ra = variant == 2 ? in.integer<Int>(0, 32, 1) : 0;
  const Int rb = variant == 2 ? in.integer<Int>(0, 32, 0) : 0;
  return assemble("scale", variant == 0 ? "random-pair" : "rounded-pair", latticeShape(a, e, ra, {r, 0, 0}),
                  latticeShape(b, e, rb, latticePlacement(r, offset, e)));
}

// Needle triangles and thin rectangles: long side W = w c 2^j (j in 4..19, c in 1..3), width w, an
// aspect ratio of 16 .. 1.6e6.
LatticePolygon drawSliverShape(Draw& in) {
  const Int w = in.integer<Int>(1, 7, 1);
  const Int length = w * (in.integer<Int>(1, 3, 1) << in.integer<int>(4, 19, 4));
  if (in.chance(50)) {
    const Int apex = in.integer<Int>(0, length, length / 2);
    return LatticePolygon{{0, 0}, {length, 0}, {apex, w}};
  }
  return LatticePolygon{{0, 0}, {length, 0}, {length, w}, {0, w}};
}

Case drawSliver(Draw& in) {
  const int variant = in.choice({2, 2, 1});
  static const char* NAMES[] = {"sliver-vs-point", "sliver-vs-polygon", "two-slivers"};
  const LatticePolygon a = drawSliverShape(in);
  LatticePolygon b;
  const Int length = extent(a);
  switch (variant) {
    case 0:
      b = {{in.integer<Int>(-length / 4, length + length / 4, length / 2), in.integer<Int>(-64, 64, -1)}};
      break;
    case 1:
      b = translated(drawConvexPolygon(in, 3, 6, 8),
                     {in.integer<Int>(0, length, length / 2), in.integer<Int>(-512, -1, -256)});
      break;
    default:
      b = translated(drawSliverShape(in), drawLatticePoint(in, length / 4));
      break;
  }
  const int exponent = in.integer<int>(-24, 4, 0);
  const Rotation ra = drawRotation(in, RotationSet::Unit),
                 rb = variant == 2 ? drawRotation(in, RotationSet::Unit) : ra;
  const LatticePoint position = drawLatticePoint(in, Int(1) << 20);
  return assemble("sliver", NAMES[variant],
                  latticeShape(a, exponent, 0, latticePlacement(ra, position, exponent)),
                  latticeShape(b, exponent, 0, latticePlacement(rb, position, exponent)));
}

// A point, a repeated point, a segment or a run of collinear points.
LatticePolygon drawDegenerateShape(Draw& in) {
  switch (in.choice({3, 1, 3, 2})) {
    case 0:
      return LatticePolygon{drawLatticePoint(in, 64)};
    case 1:
      return LatticePolygon(in.integer<int>(2, 4, 2), drawLatticePoint(in, 64));
    case 2:
      return LatticePolygon{drawLatticePoint(in, 64), drawLatticePoint(in, 64)};
    default:
      return translated(drawCollinearRun(in, 3), drawLatticePoint(in, 64));
  }
}

Case drawDegenerate(Draw& in) {
  const bool bothDegenerate = in.chance(50);
  const LatticePolygon a = drawDegenerateShape(in);
  const LatticePolygon b = bothDegenerate ? drawDegenerateShape(in) : drawConvexPolygon(in, 3, 8, 6);
  const int exponent = in.integer<int>(-20, 20, 0);
  // Small lattice offsets make exact coincidences (touching) common; shrinking drives toward them.
  const LatticePoint positionA = drawLatticePoint(in, 64);
  const LatticePoint positionB = positionA + drawLatticePoint(in, 64);
  const Rotation ra = drawRotation(in, RotationSet::Unit), rb = drawRotation(in, RotationSet::Unit);
  return assemble("degenerate", bothDegenerate ? "degenerate-pair" : "degenerate-vs-polygon",
                  latticeShape(a, exponent, 0, latticePlacement(ra, positionA, exponent)),
                  latticeShape(b, exponent, 0, latticePlacement(rb, positionB, exponent)));
}

// Random convex polygons under arbitrary transforms: A always rotated, B usually; positions with full
// 24-bit significands (B's rounded once from A's plus an offset).
Case drawRotated(Draw& in) {
  const LatticePolygon a = drawConvexPolygon(in, 3, 12, 16);
  const LatticePolygon b = drawConvexPolygon(in, 3, 12, 16);
  const int exponent = in.integer<int>(-20, 20, 0);
  const Rotation ra = drawRotation(in, RotationSet::Unit, false), rb = drawRotation(in, RotationSet::Unit);
  const float ax = latticeFloat(in.integer<Int>(-(Int(1) << 24), Int(1) << 24, 0), exponent);
  const float ay = latticeFloat(in.integer<Int>(-(Int(1) << 24), Int(1) << 24, 0), exponent);
  const LatticePoint offset = drawLatticePoint(in, 2 * (extent(a) + extent(b)) + 1);
  const float bx = ax + latticeFloat(offset.x, exponent), by = ay + latticeFloat(offset.y, exponent);
  return assemble("rotated", "rotated-polygons", latticeShape(a, exponent, 0, {ra, ax, ay}),
                  latticeShape(b, exponent, 0, {rb, bx, by}));
}

// Rounded shapes. Circles, capsules and rounded boxes at an exact core distance D with rA + rB = D + delta,
// so the relation is known exactly (delta < 0 separated, 0 touching, > 0 overlapping); and rounded
// random polygons with radii of any exponent, no claim.
Case drawRadius(Draw& in) {
  const int variant = in.choice({2, 2, 2, 3});
  static const char* NAMES[] = {"circles", "capsules", "rounded-boxes", "rounded-polygons"};
  const int exponent = in.integer<int>(-20, 10, 0);
  if (variant == 3) {
    const LatticePolygon a = drawConvexPolygon(in, 1, 8, 16), b = drawConvexPolygon(in, 1, 8, 16);
    const LatticePoint offset = drawLatticePoint(in, 2 * (extent(a) + extent(b)) + 1);
    ShapeSpec sa = latticeShape(a, exponent, 0,
                                latticePlacement(drawRotation(in, RotationSet::Unit), {0, 0}, exponent));
    ShapeSpec sb = latticeShape(b, exponent, 0,
                                latticePlacement(drawRotation(in, RotationSet::Unit), offset, exponent));
    for (ShapeSpec* s :
         {&sa, &sb}) {  // mostly a radius with an exponent of its own: 2^-36 .. 2^24 lattice units
      if (in.chance(80))
        s->radius = latticeFloat(in.integer<Int>(1, (Int(1) << 20) - 1, 1), exponent + in.integer<int>(-36, 4, 0));
    }
    if (sa.radius == 0 && sb.radius == 0)
      sa.radius = latticeFloat(1, exponent);
    return assemble("radius", NAMES[variant], sa, sb);
  }
  LatticePolygon a, b;
  Int distance = 0;    // exact core distance, lattice units
  if (variant == 0) {  // centres lambda (p, q) apart with p^2 + q^2 = h^2
    const auto [step, h] = drawPythagoreanStep(in);
    const Int lambda = in.integer<Int>(1, 64, 1);
    a = {{0, 0}};
    b = {lambda * step};
    distance = lambda * h;
  } else if (variant == 1) {  // parallel horizontal segments with overlapping x ranges, gap G
    const Int half = in.integer<Int>(1, 256, 1);
    const Int shift = in.integer<Int>(-2 * half, 2 * half, 0);
    const Int gap = in.integer<Int>(1, 256, 1);
    a = {{-half, 0}, {half, 0}};
    b = {{shift - half, gap}, {shift + half, gap}};
    distance = gap;
  } else {  // boxes side by side along x with overlapping y ranges
    const Int w = in.integer<Int>(1, 64, 1), h = in.integer<Int>(1, 64, 1), gap = in.integer<Int>(1, 256, 1);
    const Int dy = in.integer<Int>(-h, h, 0);
    a = {{-w, -h}, {w, -h}, {w, h}, {-w, h}};
    b = translated({{0, -h}, {2 * w, -h}, {2 * w, h}, {0, h}}, {w + gap, dy});
    distance = gap;
  }
  const Int delta = in.integer<Int>(1 - distance, 4, 0);
  const Int total = distance + delta;
  const Int ra = in.integer<Int>(0, total, 0);
  const Placement common =
      latticePlacement(drawRotation(in, RotationSet::QuarterTurns), drawLatticePoint(in, Int(1) << 16), exponent);
  return assemble("radius", NAMES[variant], latticeShape(a, exponent, ra, common),
                  latticeShape(b, exponent, total - ra, common),
                  delta < 0    ? "separated"
                  : delta == 0 ? "touching"
                               : "overlapping");
}

// ---------------------------------------------------------------------------------------------------
// Registry.

struct FamilyRow {
  const char* name;
  Case (*sample)(Draw& in);
};

const std::vector<FamilyRow>& familyTable() {
  static const std::vector<FamilyRow> TABLE = {
      {"random-convex", drawRandomConvex},
      {"random-points", drawRandomPoints},
      {"collinear", drawCollinear},
      {"duplicates", drawDuplicates},
      {"touching", drawTouching},
      {"overlapping", drawOverlapping},
      {"near-parallel", drawNearParallel},
      {"short-edge", drawShortEdge},
      {"large-offset", drawLargeOffset},
      {"scale", drawScale},
      {"sliver", drawSliver},
      {"degenerate", drawDegenerate},
      {"rotated", drawRotated},
      {"radius", drawRadius},
  };
  return TABLE;
}

const FamilyRow& familyRow(const std::string& family) {
  for (const FamilyRow& row : familyTable()) {
    if (row.name == family) return row;
  }
  std::string known;
  for (const FamilyRow& row : familyTable()) known += (known.empty() ? "" : ", ") + std::string(row.name);
  throw std::invalid_argument("unknown case family '" + family + "' (known: " + known + ")");
}

}  // namespace

std::vector<std::string> familyNames() {
  std::vector<std::string> names;
  for (const FamilyRow& row : familyTable()) names.push_back(row.name);
  return names;
}

void checkFamilyName(const std::string& family) {
  familyRow(family);
}

Case sampleFamilyFrom(const std::string& family, ChoiceSource& source) {
  Draw in(source);
  return familyRow(family).sample(in);
}

Case sampleFamily(const std::string& family, std::uint64_t seed, std::uint64_t index) {
  PrngChoices source(familyCaseSeed(seed, index));
  Case value = sampleFamilyFrom(family, source);
  value.source = "family:" + family + "/seed:" + std::to_string(seed) + "/index:" + std::to_string(index);
  return value;
}

}  // namespace gjk::check
