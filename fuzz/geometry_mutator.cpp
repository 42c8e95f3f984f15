// The geometry-aware mutator's moves; what each does is in geometry_mutator.h.
#include "fuzz/geometry_mutator.h"

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <vector>

#include "case/fuzz_input.h"
#include "case/unit_rotation.h"
#include "core/limits.h"

namespace gjk::fuzz {
namespace {

using check::Case;
using check::ShapeSpec;
using check::Vertex;

bool finite(const ShapeSpec& s) {
  bool ok = std::isfinite(s.radius) && std::isfinite(s.positionX) && std::isfinite(s.positionY) &&
            std::isfinite(s.rotationC) && std::isfinite(s.rotationS);
  for (const Vertex& v : s.vertices) ok = ok && std::isfinite(v.x) && std::isfinite(v.y);
  return ok;
}

ShapeSpec& pickShape(Case& value, Random& random) { return random.coin() ? value.a : value.b; }

// A random shape with at least `count` vertices, or the first one when only it has that many.
ShapeSpec& pickShapeWith(Case& value, Random& random, std::size_t count) {
  ShapeSpec& first = pickShape(value, random);
  ShapeSpec& other = &first == &value.a ? value.b : value.a;
  return first.vertices.size() >= count || other.vertices.size() < count ? first : other;
}

// Every number of the case a nudge or a copy may change.
std::vector<float*> numbers(Case& value, bool includeTransforms) {
  std::vector<float*> out;
  for (ShapeSpec* s : {&value.a, &value.b}) {
    for (Vertex& v : s->vertices) {
      out.push_back(&v.x);
      out.push_back(&v.y);
    }
    if (includeTransforms) {
      for (float* f : {&s->radius, &s->positionX, &s->positionY, &s->rotationC, &s->rotationS}) out.push_back(f);
    }
  }
  return out;
}

// k ulps away: floats ordered as integers (sign-magnitude to two's complement), so stepping crosses
// zero and the exponent boundaries as nextafter does.
float stepUlps(float value, std::int64_t k) {
  std::int32_t bits = std::bit_cast<std::int32_t>(value);
  std::int64_t ordered = bits < 0 ? -(std::int64_t(bits) & 0x7FFFFFFF) : bits;
  ordered += k;
  std::int32_t back = ordered < 0 ? static_cast<std::int32_t>((-ordered) | 0x80000000ll) : static_cast<std::int32_t>(ordered);
  return std::bit_cast<float>(back);
}

struct DPoint {
  double x, y;
};

DPoint world(const ShapeSpec& s, const Vertex& v) {
  double c = s.rotationC, sn = s.rotationS;
  return {c * v.x - sn * v.y + s.positionX, sn * v.x + c * v.y + s.positionY};
}

// The local point of shape s at world point p: the exact inverse of (c, s) scaled by 1 / (c^2 + s^2),
// in double, rounded to float at the end.
bool toLocal(const ShapeSpec& s, DPoint p, Vertex& out) {
  double c = s.rotationC, sn = s.rotationS;
  double norm = c * c + sn * sn;
  if (!(norm > 0)) return false;
  double qx = p.x - s.positionX, qy = p.y - s.positionY;
  out = {float((c * qx + sn * qy) / norm), float((-sn * qx + c * qy) / norm)};
  return std::isfinite(out.x) && std::isfinite(out.y);
}

double pickFraction(Random& random) {
  switch (random.below(5)) {
    case 0: return 0.5;
    case 1: return 0.25;
    case 2: return 0.0;
    default: return random.unit();
  }
}

float specialValue(Random& random) {
  static const float VALUES[] = {0.0f,        -0.0f,        1.0f,    -1.0f,   0.5f,   2.0f,
                                 FLT_MIN,     -FLT_MIN,     FLT_EPSILON, -FLT_EPSILON, FLT_TRUE_MIN,
                                 1.0f + FLT_EPSILON, 1.0f - FLT_EPSILON / 2, 1024.0f, 1e-3f, 1e6f};
  return VALUES[random.below(static_cast<int>(sizeof VALUES / sizeof VALUES[0]))];
}

bool nudge(Case& value, Random& random) {
  std::vector<float*> fields = numbers(value, random.below(4) == 0);
  float* f = fields[random.below(static_cast<int>(fields.size()))];
  std::int64_t k = std::int64_t(1) << random.below(13);
  *f = stepUlps(*f, random.coin() ? k : -k);
  return std::isfinite(*f);
}

bool makeCollinear(Case& value, Random& random) {
  ShapeSpec& s = pickShapeWith(value, random, 3);
  int n = static_cast<int>(s.vertices.size());
  if (n < 3) return false;
  int i = random.below(n);
  const Vertex& p = s.vertices[(i + n - 1) % n];
  const Vertex& q = s.vertices[(i + 1) % n];
  float t = random.coin() ? 0.5f : float(random.unit());
  s.vertices[i] = {p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)};
  return true;
}

bool ontoOtherEdge(Case& value, Random& random) {
  bool moveA = random.coin();
  ShapeSpec& target = moveA ? value.a : value.b;
  const ShapeSpec& other = moveA ? value.b : value.a;
  int n = static_cast<int>(other.vertices.size());
  int i = random.below(n);
  DPoint p0 = world(other, other.vertices[i]);
  DPoint p1 = world(other, other.vertices[(i + 1) % n]);
  double t = pickFraction(random);
  DPoint p = {p0.x + t * (p1.x - p0.x), p0.y + t * (p1.y - p0.y)};
  Vertex local;
  if (!toLocal(target, p, local)) return false;
  if (random.below(4) == 0) {
    local.x = stepUlps(local.x, random.coin() ? 1 : -1);
    local.y = stepUlps(local.y, random.coin() ? 1 : -1);
  }
  target.vertices[random.below(static_cast<int>(target.vertices.size()))] = local;
  return true;
}

// The direction angle of a non-zero edge of s in its local frame, or false when all edges are zero.
bool edgeAngle(const ShapeSpec& s, Random& random, double& angle) {
  int n = static_cast<int>(s.vertices.size());
  if (n < 2) return false;
  int start = random.below(n);
  for (int k = 0; k < n; ++k) {
    const Vertex& p = s.vertices[(start + k) % n];
    const Vertex& q = s.vertices[(start + k + 1) % n];
    double dx = double(q.x) - p.x, dy = double(q.y) - p.y;
    if (dx != 0 || dy != 0) {
      angle = std::atan2(dy, dx);
      return true;
    }
  }
  return false;
}

bool nearParallel(Case& value, Random& random) {
  bool turnB = random.coin();
  ShapeSpec& turned = turnB ? value.b : value.a;
  const ShapeSpec& fixed = turnB ? value.a : value.b;
  double fixedLocal = 0, turnedLocal = 0;
  if (!edgeAngle(fixed, random, fixedLocal) || !edgeAngle(turned, random, turnedLocal)) return false;
  double fixedWorld = fixedLocal + std::atan2(double(fixed.rotationS), double(fixed.rotationC));
  double tilt = random.below(4) == 0 ? 0.0 : std::ldexp(random.coin() ? 1.0 : -1.0, -(8 + random.below(17)));
  double theta = fixedWorld - turnedLocal + tilt + (random.coin() ? M_PI : 0.0);
  // cos and sin in double, rounded to float, then normalized in float: a unit rotation whatever the libm.
  const check::UnitRotation rotation = check::normalizedRotation(float(std::cos(theta)), float(std::sin(theta)));
  turned.rotationC = rotation.c;
  turned.rotationS = rotation.s;
  return true;
}

bool shortenEdge(Case& value, Random& random) {
  ShapeSpec& s = pickShapeWith(value, random, 2);
  int n = static_cast<int>(s.vertices.size());
  if (n < 2) return false;
  int i = random.below(n);
  Vertex& p = s.vertices[i];
  Vertex& q = s.vertices[(i + 1) % n];
  float factor = std::ldexp(1.0f, -(1 + random.below(24)));
  q = {p.x + factor * (q.x - p.x), p.y + factor * (q.y - p.y)};
  return true;
}

bool farFromOrigin(Case& value, Random& random) {
  auto offset = [&] {
    float m = 1.0f + float(random.unit());
    return (random.coin() ? m : -m) * std::ldexp(1.0f, 4 + random.below(27));
  };
  float ox = offset(), oy = random.coin() ? offset() : 0.0f;
  for (ShapeSpec* s : {&value.a, &value.b}) {
    s->positionX += ox;
    s->positionY += oy;
  }
  return finite(value.a) && finite(value.b);
}

bool rescaleExponents(Case& value, Random& random) {
  int k = random.below(129) - 64;
  if (k == 0) k = 1;
  auto scaleShape = [&](ShapeSpec& s, bool everything) {
    for (Vertex& v : s.vertices) v = {std::ldexp(v.x, k), std::ldexp(v.y, k)};
    if (everything) {
      s.radius = std::ldexp(s.radius, k);
      s.positionX = std::ldexp(s.positionX, k);
      s.positionY = std::ldexp(s.positionY, k);
    }
  };
  if (random.below(4) == 0) {
    scaleShape(pickShape(value, random), false);
  } else {
    scaleShape(value.a, true);
    scaleShape(value.b, true);
  }
  return finite(value.a) && finite(value.b);
}

bool copyCoordinate(Case& value, Random& random) {
  std::vector<float*> fields = numbers(value, random.below(4) == 0);
  float* to = fields[random.below(static_cast<int>(fields.size()))];
  if (random.below(3) == 0) {
    *to = specialValue(random);
  } else {
    float from = *fields[random.below(static_cast<int>(fields.size()))];
    *to = random.below(4) == 0 ? -from : from;
  }
  return true;
}

bool duplicateVertex(Case& value, Random& random) {
  ShapeSpec& s = pickShape(value, random);
  int n = static_cast<int>(s.vertices.size());
  if (n >= MAX_POLYGON_VERTICES) return false;
  Vertex v = s.vertices[random.below(n)];
  s.vertices.insert(s.vertices.begin() + random.below(n + 1), v);
  return true;
}

bool dropVertex(Case& value, Random& random) {
  ShapeSpec& s = pickShapeWith(value, random, 2);
  int n = static_cast<int>(s.vertices.size());
  if (n <= 1) return false;
  s.vertices.erase(s.vertices.begin() + random.below(n));
  return true;
}

bool reorderVertices(Case& value, Random& random) {
  ShapeSpec& s = pickShapeWith(value, random, 2);
  int n = static_cast<int>(s.vertices.size());
  if (n < 2) return false;
  switch (random.below(3)) {
    case 0: std::reverse(s.vertices.begin(), s.vertices.end()); break;
    case 1: std::rotate(s.vertices.begin(), s.vertices.begin() + 1 + random.below(n - 1), s.vertices.end()); break;
    default: std::swap(s.vertices[random.below(n)], s.vertices[random.below(n)]); break;
  }
  return true;
}

}  // namespace

int Random::below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }

double Random::unit() { return double(next() >> 11) * 0x1p-53; }

const char* moveName(Move move) {
  switch (move) {
    case Move::NudgeUlps: return "nudge-ulps";
    case Move::MakeCollinear: return "make-collinear";
    case Move::OntoOtherEdge: return "onto-other-edge";
    case Move::NearParallel: return "near-parallel";
    case Move::ShortenEdge: return "shorten-edge";
    case Move::FarFromOrigin: return "far-from-origin";
    case Move::RescaleExponents: return "rescale-exponents";
    case Move::CopyCoordinate: return "copy-coordinate";
    case Move::DuplicateVertex: return "duplicate-vertex";
    case Move::DropVertex: return "drop-vertex";
    case Move::ReorderVertices: return "reorder-vertices";
    case Move::SwapShapes: return "swap-shapes";
  }
  return "unknown";
}

bool applyMove(Move move, Case& value, Random& random) {
  bool applied = false;
  switch (move) {
    case Move::NudgeUlps: applied = nudge(value, random); break;
    case Move::MakeCollinear: applied = makeCollinear(value, random); break;
    case Move::OntoOtherEdge: applied = ontoOtherEdge(value, random); break;
    case Move::NearParallel: applied = nearParallel(value, random); break;
    case Move::ShortenEdge: applied = shortenEdge(value, random); break;
    case Move::FarFromOrigin: applied = farFromOrigin(value, random); break;
    case Move::RescaleExponents: applied = rescaleExponents(value, random); break;
    case Move::CopyCoordinate: applied = copyCoordinate(value, random); break;
    case Move::DuplicateVertex: applied = duplicateVertex(value, random); break;
    case Move::DropVertex: applied = dropVertex(value, random); break;
    case Move::ReorderVertices: applied = reorderVertices(value, random); break;
    case Move::SwapShapes: std::swap(value.a, value.b); applied = true; break;
  }
  // A radius is never negative (case/fuzz_input.h maps a negative one the same way), and a rotation is
  // a unit rotation (docs/case-format.md): a nudged, copied or turned pair goes through the decoder's own mapping,
  // toUnitRotation (kept when it is one, else normalized in float, else the identity).
  for (ShapeSpec* s : {&value.a, &value.b}) {
    s->radius = std::fabs(s->radius);
    const check::UnitRotation rotation = check::toUnitRotation(s->rotationC, s->rotationS);
    s->rotationC = rotation.c;
    s->rotationS = rotation.s;
  }
  return applied && finite(value.a) && finite(value.b);
}

std::size_t mutateGeometry(std::uint8_t* data, std::size_t size, std::size_t maxSize, unsigned seed) {
  std::size_t consumed = 0;
  std::optional<Case> decoded = check::decodeFuzzInput(data, size, &consumed);
  if (!decoded) return 0;
  Random random(seed);
  for (int attempt = 0; attempt < 4; ++attempt) {
    Case value = *decoded;
    Move move = static_cast<Move>(random.below(MOVE_COUNT));
    if (!applyMove(move, value, random)) continue;
    std::vector<std::uint8_t> bytes = check::encodeFuzzInput(value);
    // Bytes after the case (fuzz_cache's frame move) are kept after the new case when they fit.
    std::size_t tail = size - consumed;
    if (bytes.size() + tail > maxSize) tail = 0;
    if (bytes.size() > maxSize) return 0;
    std::memmove(data + bytes.size(), data + consumed, tail);
    std::memcpy(data, bytes.data(), bytes.size());
    return bytes.size() + tail;
  }
  return 0;
}

}  // namespace gjk::fuzz
