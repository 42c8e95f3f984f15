// The 3D geometry-aware mutator's moves; what each does is in geometry_mutator_3d.h.
#include "fuzz/geometry_mutator_3d.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <optional>
#include <vector>

#include "case/fuzz_input_3d.h"
#include "case/unit_rotation.h"
#include "core/limits.h"

namespace gjk::fuzz {
namespace {

using check::Case;
using check::ShapeSpec;
using check::Vertex;

struct D3 {
  double x = 0, y = 0, z = 0;
};
D3 operator-(D3 a, D3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
D3 operator+(D3 a, D3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
D3 operator*(double s, D3 a) { return {s * a.x, s * a.y, s * a.z}; }
double dot(D3 a, D3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
D3 cross(D3 a, D3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }

bool finiteShape(const ShapeSpec& s) {
  bool ok = std::isfinite(s.radius) && std::isfinite(s.positionX) && std::isfinite(s.positionY) &&
            std::isfinite(s.positionZ) && std::isfinite(s.quaternionW) && std::isfinite(s.quaternionX) &&
            std::isfinite(s.quaternionY) && std::isfinite(s.quaternionZ);
  for (const Vertex& v : s.vertices) ok = ok && std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
  return ok;
}

// The rows of R(q) as the oracle forms it (oracle/oracle3.h), in double.
std::array<D3, 3> matrix(const ShapeSpec& s) {
  const double w = s.quaternionW, x = s.quaternionX, y = s.quaternionY, z = s.quaternionZ;
  return {D3{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
          D3{2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
          D3{2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}};
}

D3 local(const Vertex& v) { return {v.x, v.y, v.z}; }

D3 world(const ShapeSpec& s, const Vertex& v) {
  const std::array<D3, 3> r = matrix(s);
  const D3 p = local(v);
  return {dot(r[0], p) + s.positionX, dot(r[1], p) + s.positionY, dot(r[2], p) + s.positionZ};
}

// The local point of the shape at world point p: R^T (p - position), rounded to float at the end.
bool toLocal(const ShapeSpec& s, D3 p, Vertex& out) {
  const std::array<D3, 3> r = matrix(s);
  const D3 q = {p.x - s.positionX, p.y - s.positionY, p.z - s.positionZ};
  const D3 l = {r[0].x * q.x + r[1].x * q.y + r[2].x * q.z, r[0].y * q.x + r[1].y * q.y + r[2].y * q.z,
                r[0].z * q.x + r[1].z * q.y + r[2].z * q.z};
  out = {float(l.x), float(l.y), float(l.z)};
  return std::isfinite(out.x) && std::isfinite(out.y) && std::isfinite(out.z);
}

ShapeSpec& pickShape(Case& value, Random& random) { return random.coin() ? value.a : value.b; }

ShapeSpec& pickShapeWith(Case& value, Random& random, std::size_t count) {
  ShapeSpec& first = pickShape(value, random);
  ShapeSpec& other = &first == &value.a ? value.b : value.a;
  return first.vertices.size() >= count || other.vertices.size() < count ? first : other;
}

ShapeSpec& otherOf(Case& value, const ShapeSpec& s) { return &s == &value.a ? value.b : value.a; }

float& coordinate(Vertex& v, int axis) { return axis == 0 ? v.x : axis == 1 ? v.y : v.z; }
double component(D3 p, int axis) { return axis == 0 ? p.x : axis == 1 ? p.y : p.z; }

std::vector<float*> numbers(Case& value, bool includeTransforms) {
  std::vector<float*> out;
  for (ShapeSpec* s : {&value.a, &value.b}) {
    for (Vertex& v : s->vertices) {
      for (float* f : {&v.x, &v.y, &v.z}) out.push_back(f);
    }
    if (includeTransforms) {
      for (float* f : {&s->radius, &s->positionX, &s->positionY, &s->positionZ, &s->quaternionW, &s->quaternionX,
                       &s->quaternionY, &s->quaternionZ}) {
        out.push_back(f);
      }
    }
  }
  return out;
}

// k ulps away, crossing zero and exponent boundaries as nextafter does (as geometry_mutator.cpp).
float stepUlps(float value, std::int64_t k) {
  const std::int32_t bits = std::bit_cast<std::int32_t>(value);
  std::int64_t ordered = bits < 0 ? -(std::int64_t(bits) & 0x7FFFFFFF) : bits;
  ordered += k;
  const std::int32_t back =
      ordered < 0 ? static_cast<std::int32_t>((-ordered) | 0x80000000ll) : static_cast<std::int32_t>(ordered);
  return std::bit_cast<float>(back);
}

float specialValue(Random& random) {
  static const float VALUES[] = {0.0f, -0.0f, FLT_MIN, -FLT_MIN, 1.0f, -1.0f, 0.5f, 0x1p-24f, 0x1p24f, FLT_EPSILON};
  return VALUES[random.below(static_cast<int>(sizeof VALUES / sizeof VALUES[0]))];
}

bool nudge(Case& value, Random& random) {
  std::vector<float*> all = numbers(value, random.below(4) == 0);
  if (all.empty()) return false;
  float* f = all[random.below(static_cast<int>(all.size()))];
  const std::int64_t k = (std::int64_t(1) << random.below(13)) * (random.coin() ? 1 : -1);
  *f = stepUlps(*f, k);
  return true;
}

// The orientation of d against the plane of a, b, c, in long double (a residual, not a sign).
long double orientation(const Vertex& a, const Vertex& b, const Vertex& c, const Vertex& d) {
  const long double ax = (long double)b.x - a.x, ay = (long double)b.y - a.y, az = (long double)b.z - a.z;
  const long double bx = (long double)c.x - a.x, by = (long double)c.y - a.y, bz = (long double)c.z - a.z;
  const long double cx = (long double)d.x - a.x, cy = (long double)d.y - a.y, cz = (long double)d.z - a.z;
  return ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
}

bool coplanarVertex(Case& value, Random& random) {
  ShapeSpec& s = pickShapeWith(value, random, 4);
  const int n = static_cast<int>(s.vertices.size());
  if (n < 4) return false;
  // Four distinct vertices: i moves onto the plane of j, k, l (a partial shuffle of the indices).
  std::vector<int> order(n);
  for (int t = 0; t < n; ++t) order[t] = t;
  for (int t = 0; t < 4; ++t) std::swap(order[t], order[t + random.below(n - t)]);
  const int i = order[0], j = order[1], k = order[2], l = order[3];
  const Vertex& a = s.vertices[j];
  const Vertex& b = s.vertices[k];
  const Vertex& c = s.vertices[l];
  const D3 normal = cross(local(b) - local(a), local(c) - local(a));
  const double length2 = dot(normal, normal);
  if (!(length2 > 0) || !std::isfinite(length2)) return false;
  // The vertex projected onto the plane, in double (local frame: coplanar in local is coplanar in world).
  const D3 p = local(s.vertices[i]);
  const D3 onPlane = p - (dot(p - local(a), normal) / length2) * normal;
  Vertex best = {float(onPlane.x), float(onPlane.y), float(onPlane.z)};
  if (!std::isfinite(best.x) || !std::isfinite(best.y) || !std::isfinite(best.z)) return false;
  long double bestResidual = std::fabs(orientation(a, b, c, best));
  // The float neighbours, one ulp either way in each coordinate: the one nearest the plane wins.
  for (int dx = -1; dx <= 1 && bestResidual != 0; ++dx) {
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dz = -1; dz <= 1; ++dz) {
        const Vertex candidate = {stepUlps(float(onPlane.x), dx), stepUlps(float(onPlane.y), dy),
                                  stepUlps(float(onPlane.z), dz)};
        const long double residual = std::fabs(orientation(a, b, c, candidate));
        if (residual < bestResidual) {
          bestResidual = residual;
          best = candidate;
        }
      }
    }
  }
  s.vertices[i] = best;
  return true;
}

bool ontoAxisPlane(Case& value, Random& random) {
  ShapeSpec& s = pickShape(value, random);
  const ShapeSpec& other = otherOf(value, s);
  if (s.vertices.empty() || other.vertices.empty()) return false;
  // The shape turned to the identity, so that a local coordinate is a world one less the position.
  s.quaternionW = 1;
  s.quaternionX = s.quaternionY = s.quaternionZ = 0;
  const int axis = random.below(3);
  const D3 target = world(other, other.vertices[random.below(static_cast<int>(other.vertices.size()))]);
  const double position = axis == 0 ? s.positionX : axis == 1 ? s.positionY : s.positionZ;
  // One vertex, or (a face) up to three of them, onto the plane.
  const int count = 1 + random.below(std::min<int>(3, static_cast<int>(s.vertices.size())));
  for (int c = 0; c < count; ++c) {
    coordinate(s.vertices[random.below(static_cast<int>(s.vertices.size()))], axis) =
        float(component(target, axis) - position);
  }
  return true;
}

bool parallelEdge(Case& value, Random& random) {
  if (value.a.vertices.size() < 2 || value.b.vertices.size() < 2) return false;
  const bool bMoves = random.coin();
  ShapeSpec& mover = bMoves ? value.b : value.a;
  const ShapeSpec& fixed = bMoves ? value.a : value.b;
  const int fa = random.below(static_cast<int>(fixed.vertices.size()));
  int fb = random.below(static_cast<int>(fixed.vertices.size()));
  if (fb == fa) fb = (fa + 1) % static_cast<int>(fixed.vertices.size());
  const D3 direction = world(fixed, fixed.vertices[fb]) - world(fixed, fixed.vertices[fa]);
  const int m0 = random.below(static_cast<int>(mover.vertices.size()));
  int m1 = random.below(static_cast<int>(mover.vertices.size()));
  if (m1 == m0) m1 = (m0 + 1) % static_cast<int>(mover.vertices.size());
  const double s = std::ldexp(random.coin() ? 1.0 : -1.0, random.below(9) - 4);
  const D3 start = world(mover, mover.vertices[m0]);
  return toLocal(mover, start + s * direction, mover.vertices[m1]);
}

bool ontoFace(Case& value, Random& random) {
  ShapeSpec& s = pickShape(value, random);
  const ShapeSpec& other = otherOf(value, s);
  const int n = static_cast<int>(other.vertices.size());
  if (n < 3 || s.vertices.empty()) return false;
  const D3 a = world(other, other.vertices[random.below(n)]);
  const D3 b = world(other, other.vertices[random.below(n)]);
  const D3 c = world(other, other.vertices[random.below(n)]);
  double u = 1.0 / 3, v = 1.0 / 3;
  if (random.coin()) {
    u = random.unit();
    v = random.unit() * (1 - u);
  }
  const D3 point = a + u * (b - a) + v * (c - a);
  return toLocal(s, point, s.vertices[random.below(static_cast<int>(s.vertices.size()))]);
}

bool duplicateVertex(Case& value, Random& random) {
  ShapeSpec& s = pickShape(value, random);
  if (s.vertices.empty() || s.vertices.size() >= static_cast<std::size_t>(check::MAX_POLYTOPE_VERTICES)) return false;
  const Vertex v = s.vertices[random.below(static_cast<int>(s.vertices.size()))];
  s.vertices.insert(s.vertices.begin() + random.below(static_cast<int>(s.vertices.size()) + 1), v);
  return true;
}

bool dropVertex(Case& value, Random& random) {
  ShapeSpec& s = pickShapeWith(value, random, 2);
  if (s.vertices.size() < 2) return false;
  s.vertices.erase(s.vertices.begin() + random.below(static_cast<int>(s.vertices.size())));
  return true;
}

bool scalePowerOfTwo(Case& value, Random& random) {
  const int k = random.below(129) - 64;
  if (random.coin()) {
    for (ShapeSpec* s : {&value.a, &value.b}) {
      for (float* f : {&s->radius, &s->positionX, &s->positionY, &s->positionZ}) *f = std::ldexp(*f, k);
      for (Vertex& v : s->vertices) {
        for (float* f : {&v.x, &v.y, &v.z}) *f = std::ldexp(*f, k);
      }
    }
  } else {
    ShapeSpec& s = pickShape(value, random);
    for (Vertex& v : s.vertices) {
      for (float* f : {&v.x, &v.y, &v.z}) *f = std::ldexp(*f, k);
    }
  }
  return true;
}

bool farAway(Case& value, Random& random) {
  D3 direction;
  switch (random.below(4)) {
    case 0: direction = {1, 0, 0}; break;
    case 1: direction = {0, 1, 0}; break;
    case 2: direction = {0, 0, 1}; break;
    default: direction = {1, random.coin() ? 1.0 : -1.0, random.coin() ? 1.0 : -1.0}; break;
  }
  const double offset = std::ldexp(random.coin() ? 1.0 : -1.0, 10 + random.below(21)) * (1 + random.unit());
  const bool both = random.below(3) != 0;
  for (ShapeSpec* s : {&value.a, &value.b}) {
    if (!both && s != &value.b) continue;
    s->positionX = float(s->positionX + offset * direction.x);
    s->positionY = float(s->positionY + offset * direction.y);
    s->positionZ = float(s->positionZ + offset * direction.z);
  }
  return true;
}

bool quarterTurn(Case& value, Random& random) {
  ShapeSpec& s = pickShape(value, random);
  float q[4] = {0, 0, 0, 0};
  const float half = 0.70710677f;  // sqrt(1/2) rounded to float: a unit quaternion within 2^-20
  const int axis = 1 + random.below(3);
  const float sign = random.coin() ? 1.0f : -1.0f;
  switch (random.below(4)) {
    case 0: q[0] = 1; break;                   // identity
    case 1: q[axis] = 1; break;                // half turn about an axis: exact
    case 2: q[0] = half; q[axis] = sign * half; break;  // quarter turn about an axis
    default:                                   // a turn of 120 degrees about a diagonal: permutes the axes, exact
      q[0] = 0.5f;
      for (int i = 1; i < 4; ++i) q[i] = random.coin() ? 0.5f : -0.5f;
      break;
  }
  s.quaternionW = q[0];
  s.quaternionX = q[1];
  s.quaternionY = q[2];
  s.quaternionZ = q[3];
  return true;
}

bool copyCoordinate(Case& value, Random& random) {
  std::vector<float*> all = numbers(value, false);
  if (all.empty()) return false;
  float* to = all[random.below(static_cast<int>(all.size()))];
  *to = random.below(3) == 0 ? specialValue(random) : *all[random.below(static_cast<int>(all.size()))];
  return true;
}

}  // namespace

const char* move3Name(Move3 move) {
  switch (move) {
    case Move3::NudgeUlps: return "nudge-ulps";
    case Move3::CoplanarVertex: return "coplanar-vertex";
    case Move3::OntoAxisPlane: return "onto-axis-plane";
    case Move3::ParallelEdge: return "parallel-edge";
    case Move3::OntoFace: return "onto-face";
    case Move3::DuplicateVertex: return "duplicate-vertex";
    case Move3::DropVertex: return "drop-vertex";
    case Move3::ScalePowerOfTwo: return "scale-power-of-two";
    case Move3::FarAway: return "far-away";
    case Move3::QuarterTurn: return "quarter-turn";
    case Move3::CopyCoordinate: return "copy-coordinate";
    case Move3::SwapShapes: return "swap-shapes";
  }
  return "unknown";
}

bool applyMove3(Move3 move, Case& value, Random& random) {
  if (value.dimension != 3) return false;
  bool applied = false;
  switch (move) {
    case Move3::NudgeUlps: applied = nudge(value, random); break;
    case Move3::CoplanarVertex: applied = coplanarVertex(value, random); break;
    case Move3::OntoAxisPlane: applied = ontoAxisPlane(value, random); break;
    case Move3::ParallelEdge: applied = parallelEdge(value, random); break;
    case Move3::OntoFace: applied = ontoFace(value, random); break;
    case Move3::DuplicateVertex: applied = duplicateVertex(value, random); break;
    case Move3::DropVertex: applied = dropVertex(value, random); break;
    case Move3::ScalePowerOfTwo: applied = scalePowerOfTwo(value, random); break;
    case Move3::FarAway: applied = farAway(value, random); break;
    case Move3::QuarterTurn: applied = quarterTurn(value, random); break;
    case Move3::CopyCoordinate: applied = copyCoordinate(value, random); break;
    case Move3::SwapShapes: std::swap(value.a, value.b); applied = true; break;
  }
  // A radius is never negative, a quaternion is a unit one: the decoder's own mappings (case/fuzz_input_3d.h).
  for (ShapeSpec* s : {&value.a, &value.b}) {
    s->radius = std::fabs(s->radius);
    if (!finiteShape(*s)) return false;
    const check::UnitQuaternion q = check::toUnitQuaternion(s->quaternionW, s->quaternionX, s->quaternionY, s->quaternionZ);
    s->quaternionW = q.w;
    s->quaternionX = q.x;
    s->quaternionY = q.y;
    s->quaternionZ = q.z;
  }
  return applied && finiteShape(value.a) && finiteShape(value.b);
}

std::size_t mutateGeometry3d(std::uint8_t* data, std::size_t size, std::size_t maxSize, unsigned seed) {
  std::optional<Case> decoded = check::decodeFuzzInput3d(data, size);
  if (!decoded) return 0;
  Random random(seed);
  for (int attempt = 0; attempt < 4; ++attempt) {
    Case value = *decoded;
    const Move3 move = static_cast<Move3>(random.below(MOVE3_COUNT));
    if (!applyMove3(move, value, random)) continue;
    std::vector<std::uint8_t> bytes;
    try {
      bytes = check::encodeFuzzInput3d(value);
    } catch (const std::exception&) {
      continue;
    }
    if (bytes.size() > maxSize) return 0;
    std::memcpy(data, bytes.data(), bytes.size());
    return bytes.size();
  }
  return 0;
}

}  // namespace gjk::fuzz
