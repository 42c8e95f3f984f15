// The fixed inputs of gjk_bench (see bench_cases.h). Only correctly rounded IEEE operations.
#include "bench/bench_cases.h"

#include <algorithm>
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

}  // namespace

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
