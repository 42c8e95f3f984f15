// The fixed inputs of gjk_bench (see bench_cases.h). Only correctly rounded IEEE operations.
#include "bench/bench_cases.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gjk::bench {
namespace {

// splitmix64 (Steele, Lea, Flood 2014): a tiny, fully specified generator; the same stream everywhere.
class Stream {
 public:
  explicit Stream(std::uint64_t seed) : state_(seed) {}
  std::uint64_t bits() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  double unit() { return static_cast<double>(bits() >> 11) * 0x1p-53; }  // [0, 1)
  double between(double low, double high) { return low + (high - low) * unit(); }
  int integer(int low, int high) {
    return low + static_cast<int>(bits() % static_cast<std::uint64_t>(high - low + 1));
  }
  bool chance(int percent) { return integer(0, 99) < percent; }

 private:
  std::uint64_t state_;
};

struct Pair {
  double c;
  double s;
};

// The point of the unit circle at angle 2 atan(t): ((1 - t^2) / (1 + t^2), 2t / (1 + t^2)), in double.
Pair circlePoint(double t) {
  return {(1 - t * t) / (1 + t * t), 2 * t / (1 + t * t)};
}

// A rotation pair of a uniformly drawn half-angle tangent in [-1, 1], either sign: any angle.
Pair randomRotation(Stream& random) {
  Pair q = circlePoint(random.between(-1, 1));
  if (random.chance(50)) {
    q = {-q.c, -q.s};
  }
  return q;
}

check::Vertex toVertex(double x, double y) {
  return {static_cast<float>(x), static_cast<float>(y)};
}

// Eight points on the ellipse (ax cos, ay sin), counter-clockwise: four at angles in (-pi/2, pi/2), four
// in (pi/2, 3pi/2), each half from sorted half-angle tangents in (-1, 1).
std::vector<check::Vertex> randomOctagon(Stream& random, double ax, double ay) {
  std::vector<check::Vertex> vertices;
  for (int half = 0; half < 2; ++half) {
    double t[4];
    for (double& value : t) {
      value = random.between(-0.97, 0.97);
    }
    std::sort(t, t + 4);
    for (double value : t) {
      Pair p = circlePoint(value);
      if (half == 1) {
        p = {-p.c, -p.s};
      }
      vertices.push_back(toVertex(ax * p.c, ay * p.s));
    }
  }
  return vertices;
}

check::Case random8(Stream& random, int index) {
  check::Case value;
  value.setMeta("family", "random8");
  value.source = "bench:random8/" + std::to_string(index);
  const double axA = random.between(0.5, 2), ayA = random.between(0.5, 2);
  const double axB = random.between(0.5, 2), ayB = random.between(0.5, 2);
  value.a.vertices = randomOctagon(random, axA, ayA);
  value.b.vertices = randomOctagon(random, axB, ayB);
  const Pair qA = randomRotation(random), qB = randomRotation(random);
  value.a.rotationC = static_cast<float>(qA.c);
  value.a.rotationS = static_cast<float>(qA.s);
  value.b.rotationC = static_cast<float>(qB.c);
  value.b.rotationS = static_cast<float>(qB.s);
  const double pxA = random.between(-8, 8), pyA = random.between(-8, 8);
  const Pair direction = randomRotation(random);
  const double reach = std::max(axA, ayA) + std::max(axB, ayB);
  const double gap = random.between(0, 2.5 * reach);
  value.a.positionX = static_cast<float>(pxA);
  value.a.positionY = static_cast<float>(pyA);
  value.b.positionX = static_cast<float>(pxA + gap * direction.c);
  value.b.positionY = static_cast<float>(pyA + gap * direction.s);
  return value;
}

check::Case nearParallel8(Stream& random, int index) {
  check::Case value;
  value.setMeta("family", "nearparallel8");
  value.source = "bench:nearparallel8/" + std::to_string(index);
  // A: the top edge from (c0 ax, s0 ay) to (-c0 ax, s0 ay) at angles theta0 and pi - theta0 with
  // theta0 = 2 atan(t0) in about (33, 58) degrees; six more points on the lower arc (angles from
  // pi - theta0 to 2 pi + theta0), taken from the circle turned by -pi/2, where angle 2 atan(t) - pi/2
  // grows with t and the arc is t in (-k, k), k = (1 + t0) / (1 - t0); 0.85 k keeps them off the top.
  const double ax = random.between(0.5, 2), ay = random.between(0.5, 2);
  const double t0 = random.between(0.3, 0.55);
  const Pair top = circlePoint(t0);
  const double k = (1 + t0) / (1 - t0);
  std::vector<check::Vertex> a;
  a.push_back(toVertex(ax * top.c, ay * top.s));
  a.push_back(toVertex(-ax * top.c, ay * top.s));
  double t[6];
  for (double& value6 : t) {
    value6 = random.between(-0.85 * k, 0.85 * k);
  }
  std::sort(t, t + 6);
  for (double value6 : t) {
    const Pair p = circlePoint(value6);
    a.push_back(toVertex(ax * p.s, -ay * p.c));  // (s, -c): turned by -pi/2
  }
  value.a.vertices = a;
  for (const check::Vertex& v : a) {
    value.b.vertices.push_back({-v.x, -v.y});  // exact: B = -A, a flat bottom edge of the same length
  }
  // B relative to A's frame: a tiny turn, above A's top edge with a gap (or overlap) of 2^-24..2^-4.
  const double sine =
      (random.chance(50) ? -1 : 1) * random.between(1, 2) * 0x1p-24 * (1 << random.integer(0, 16));
  const Pair tiny = {1 - sine * sine / 2, sine};
  const double size = std::max(ax, ay);
  const double gap =
      (random.chance(75) ? 1 : -1) * size * random.between(1, 2) * 0x1p-25 * (1 << random.integer(0, 20));
  const double dx = random.between(-0.5, 0.5) * ax * top.c;
  const double dy = 2 * static_cast<double>(a[0].y) + gap;
  // The scene turned by a random rotation and moved.
  const Pair q = randomRotation(random);
  const double px = random.between(-8, 8), py = random.between(-8, 8);
  value.a.rotationC = static_cast<float>(q.c);
  value.a.rotationS = static_cast<float>(q.s);
  value.a.positionX = static_cast<float>(px);
  value.a.positionY = static_cast<float>(py);
  value.b.rotationC = static_cast<float>(q.c * tiny.c - q.s * tiny.s);
  value.b.rotationS = static_cast<float>(q.s * tiny.c + q.c * tiny.s);
  value.b.positionX = static_cast<float>(px + q.c * dx - q.s * dy);
  value.b.positionY = static_cast<float>(py + q.s * dx + q.c * dy);
  return value;
}

template <class Make>
std::vector<check::Case> family(std::uint64_t salt, Make make) {
  Stream random(BENCH_SEED ^ salt);
  std::vector<check::Case> cases;
  cases.reserve(BENCH_CASE_COUNT);
  for (int i = 0; i < BENCH_CASE_COUNT; ++i) {
    cases.push_back(make(random, i));
  }
  return cases;
}

// The 3D families (polytopeCases): every number on the grid 2^-20. std::round and std::sqrt are exact and
// correctly rounded IEEE operations, the same everywhere.
constexpr double GRID = 0x1p-20;

double onGrid(double x) {
  return std::round(x / GRID) * GRID;
}

// A grid value below 2^4 in magnitude has at most 24 significant bits: a float, exactly (checked).
float exactFloat(double x) {
  const float value = static_cast<float>(x);
  if (static_cast<double>(value) != x) {
    throw std::logic_error("gjk_bench: a polytope coordinate is not a float");
  }
  return value;
}

struct Point3 {
  double x, y, z;
};

// A direction uniform on the sphere: a point of the cube [-1, 1]^3 in the shell 1/16 < |u|^2 <= 1
// (rejection), divided by its length.
Point3 randomDirection(Stream& random) {
  for (;;) {
    const Point3 u{random.between(-1, 1), random.between(-1, 1), random.between(-1, 1)};
    const double length2 = u.x * u.x + u.y * u.y + u.z * u.z;
    if (length2 > 1.0 / 16 && length2 <= 1) {
      const double length = std::sqrt(length2);
      return {u.x / length, u.y / length, u.z / length};
    }
  }
}

// `count` vertices on (or, one shape in four, inside) the ellipsoid of axes (ax, ay, az), each coordinate on
// the grid; on the grid a coordinate never exceeds its axis (the axes are on it too).
std::vector<check::Vertex> randomPolytope(Stream& random, int count, const Point3& axes) {
  const bool inside = random.chance(25);
  std::vector<check::Vertex> vertices;
  for (int i = 0; i < count; ++i) {
    const Point3 u = randomDirection(random);
    const double depth = inside ? random.unit() : 1;
    vertices.push_back({exactFloat(onGrid(axes.x * u.x * depth)),
                        exactFloat(onGrid(axes.y * u.y * depth)),
                        exactFloat(onGrid(axes.z * u.z * depth))});
  }
  return vertices;
}

check::Case polytopePair(Stream& random, int vertices, int index) {
  check::Case value;
  value.dimension = 3;
  const std::string name = "polytope" + std::to_string(vertices);
  value.setMeta("family", name);
  value.source = "bench:" + name + "/" + std::to_string(index);
  const auto axes = [&random] {
    return Point3{onGrid(random.between(0.5, 2)), onGrid(random.between(0.5, 2)), onGrid(random.between(0.5, 2))};
  };
  const Point3 axesA = axes(), axesB = axes();
  value.a.vertices = randomPolytope(random, vertices, axesA);
  value.b.vertices = randomPolytope(random, vertices, axesB);
  const Point3 pA{onGrid(random.between(-4, 4)), onGrid(random.between(-4, 4)), onGrid(random.between(-4, 4))};
  const double reachA = std::max({axesA.x, axesA.y, axesA.z}), reachB = std::max({axesB.x, axesB.y, axesB.z});
  Point3 offset{};
  switch (index % 3) {
    case 0: {  // separated: the bounding spheres apart
      const Point3 d = randomDirection(random);
      const double gap = (reachA + reachB) * random.between(1.05, 2.5);
      offset = {d.x * gap, d.y * gap, d.z * gap};
      break;
    }
    case 1:  // touching-ish: the two poles facing each other along x
      value.a.vertices[0] = {exactFloat(axesA.x), 0, 0};
      value.b.vertices[0] = {exactFloat(-axesB.x), 0, 0};
      offset = {axesA.x + axesB.x + random.integer(-1, 1) * GRID, random.integer(-1, 1) * GRID,
                random.integer(-1, 1) * GRID};
      break;
    default: {  // overlapping, mostly: centres closer than the smaller axes' sum
      const Point3 d = randomDirection(random);
      const double gap = (std::min({axesA.x, axesA.y, axesA.z}) + std::min({axesB.x, axesB.y, axesB.z})) *
                         random.between(0, 0.6);
      offset = {d.x * gap, d.y * gap, d.z * gap};
      break;
    }
  }
  value.a.positionX = exactFloat(pA.x);
  value.a.positionY = exactFloat(pA.y);
  value.a.positionZ = exactFloat(pA.z);
  value.b.positionX = exactFloat(onGrid(pA.x + offset.x));
  value.b.positionY = exactFloat(onGrid(pA.y + offset.y));
  value.b.positionZ = exactFloat(onGrid(pA.z + offset.z));
  return value;
}

}  // namespace

std::vector<check::Case> polytopeCases(int vertices, int count) {
  Stream random(BENCH_SEED ^ (3 + static_cast<std::uint64_t>(vertices)));
  std::vector<check::Case> cases;
  cases.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    cases.push_back(polytopePair(random, vertices, i));
  }
  return cases;
}

std::vector<check::Case> random8Cases() {
  return family(1, random8);
}

std::vector<check::Case> nearParallel8Cases() {
  return family(2, nearParallel8);
}

std::vector<check::Case> benchCases(const std::string& name) {
  if (name == "random8") {
    return random8Cases();
  }
  if (name == "nearparallel8") {
    return nearParallel8Cases();
  }
  throw std::invalid_argument("gjk_bench: unknown family '" + name + "'");
}

std::vector<std::string> benchFamilies() {
  return {"random8", "nearparallel8"};
}

}  // namespace gjk::bench
