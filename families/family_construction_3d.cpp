// The building blocks of the 3D case families (family_construction_3d.h): lattice geometry in space, float
// unit quaternions without libm, and the assembly of a 3D case.
#include "families/family_construction_3d.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <utility>

#include "case/unit_rotation.h"

namespace gjk::check::family_construction {

LatticePoint3 operator+(LatticePoint3 a, LatticePoint3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
LatticePoint3 operator-(LatticePoint3 a, LatticePoint3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
LatticePoint3 operator*(Int k, LatticePoint3 a) { return {k * a.x, k * a.y, k * a.z}; }
bool operator==(LatticePoint3 a, LatticePoint3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

__int128 dot(LatticePoint3 a, LatticePoint3 b) {
  return static_cast<__int128>(a.x) * b.x + static_cast<__int128>(a.y) * b.y + static_cast<__int128>(a.z) * b.z;
}

LatticePoint3 cross(LatticePoint3 a, LatticePoint3 b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

int orientation(LatticePoint3 a, LatticePoint3 b, LatticePoint3 c, LatticePoint3 d) {
  // (c - a) x (d - a) has components below 2^51 for coordinates below 2^25; the dot below 2^78.
  const __int128 value = dot(b - a, cross(c - a, d - a));
  return value > 0 ? 1 : value < 0 ? -1 : 0;
}

Int extent(const LatticeCloud& cloud) {
  Int m = 0;
  for (const LatticePoint3& p : cloud) m = std::max({m, std::abs(p.x), std::abs(p.y), std::abs(p.z)});
  return m;
}

LatticeCloud scaled(LatticeCloud cloud, Int k) {
  for (LatticePoint3& p : cloud) p = k * p;
  return cloud;
}

LatticeCloud translated(LatticeCloud cloud, LatticePoint3 t) {
  for (LatticePoint3& p : cloud) p = p + t;
  return cloud;
}

LatticePoint3 supportPoint(const LatticeCloud& cloud, LatticePoint3 d, int sign) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < cloud.size(); ++i) {
    const __int128 delta = dot(cloud[i] - cloud[best], d);
    if (sign > 0 ? delta > 0 : delta < 0) best = i;
  }
  return cloud[best];
}

bool independentFour(const LatticeCloud& cloud, int (&index)[4]) {
  const int n = static_cast<int>(cloud.size());
  index[0] = 0;
  int i = 1;
  while (i < n && cloud[i] == cloud[0]) ++i;
  if (i >= n) return false;
  index[1] = i;
  const LatticePoint3 u = cloud[i] - cloud[0];
  for (i = 1; i < n; ++i) {
    const LatticePoint3 c = cross(u, cloud[i] - cloud[0]);
    if (c.x != 0 || c.y != 0 || c.z != 0) break;
  }
  if (i >= n) return false;
  index[2] = i;
  for (i = 1; i < n; ++i) {
    if (orientation(cloud[0], cloud[index[1]], cloud[index[2]], cloud[i]) != 0) break;
  }
  if (i >= n) return false;
  index[3] = i;
  return true;
}

LatticePoint3 lifted(LatticePoint p, Int height) { return {p.x, p.y, height}; }

LatticePoint3 drawLatticePoint3(Draw& in, Int reach) {
  const Int x = in.integer<Int>(-reach, reach, 0);
  const Int y = in.integer<Int>(-reach, reach, 0);
  const Int z = in.integer<Int>(-reach, reach, 0);
  return {x, y, z};
}

LatticePoint3 drawDirection3(Draw& in, Int reach) {
  LatticePoint3 d = drawLatticePoint3(in, reach);
  if (d.x == 0 && d.y == 0 && d.z == 0) d = {0, 0, 1};
  return d;
}

// Sphere points: a random integer direction d (components up to 2^10) taken to the sphere of radius 2^bits,
// R d / |d| rounded to the nearest integers: |d| is the correctly rounded sqrt of an exact integer below 2^22,
// R d_i is exact, the division is correctly rounded, and the rounding to an integer is exact, so the points
// are the same everywhere. They lie within a lattice step of the sphere. Box points: uniform in the cube.
// A cloud that comes out flat (possible with few bits) gets the corner tetrahedron of its cube instead of its
// first four points, so every cloud is full-dimensional.
LatticeCloud drawPolytope(Draw& in, int minCount, int maxCount, int maxBits, std::string* kind) {
  const int count = in.integer<int>(minCount, maxCount, minCount);
  const int bits = in.integer<int>(2, maxBits, std::min(4, maxBits));
  const Int range = Int(1) << bits;
  const bool sphere = in.choice({3, 2}) == 0;
  LatticeCloud cloud;
  for (int i = 0; i < count; ++i) {
    if (sphere) {
      const LatticePoint3 d = drawDirection3(in, 1024);
      const double length = std::sqrt(static_cast<double>(d.x * d.x + d.y * d.y + d.z * d.z));
      const double r = static_cast<double>(range);
      cloud.push_back({std::llround(r * static_cast<double>(d.x) / length),
                       std::llround(r * static_cast<double>(d.y) / length),
                       std::llround(r * static_cast<double>(d.z) / length)});
    } else {
      cloud.push_back(drawLatticePoint3(in, range));
    }
  }
  int index[4];
  if (cloud.size() < 4 || !independentFour(cloud, index)) {
    if (cloud.size() < 4) cloud.resize(4);
    const LatticePoint3 corners[4] = {{-range, -range, -range}, {range, -range, -range}, {-range, range, -range},
                                      {-range, -range, range}};
    for (int i = 0; i < 4; ++i) cloud[static_cast<std::size_t>(i)] = corners[i];
  }
  if (kind != nullptr) *kind = sphere ? "sphere" : "box";
  return cloud;
}

LatticeCloud drawSlab(Draw& in, int minCount, int maxCount, Int reach, Int low, Int high) {
  const int count = in.integer<int>(minCount, maxCount, minCount);
  LatticeCloud cloud;
  for (int i = 0; i < count; ++i) {
    const Int x = in.integer<Int>(-reach, reach, 0);
    const Int y = in.integer<Int>(-reach, reach, 0);
    const Int z = in.integer<Int>(low, high, std::abs(low) < std::abs(high) ? low : high);
    cloud.push_back({x, y, z});
  }
  return cloud;
}

LatticeCloud placedOn(const LatticeCloud& b, LatticePoint3 n, LatticePoint3 at) {
  return translated(b, at - supportPoint(b, n, -1));
}

LatticeCloud shuffled(Draw& in, const LatticeCloud& cloud) {
  boost::container::small_vector<int, 32> keys(cloud.size()), order;
  for (int& k : keys) k = in.integer<int>(0, 63, 0);
  for (int i = 0; i < static_cast<int>(cloud.size()); ++i) {  // stable insertion by key
    std::size_t at = order.size();
    while (at > 0 && keys[static_cast<std::size_t>(order[at - 1])] > keys[static_cast<std::size_t>(i)]) --at;
    order.insert(order.begin() + static_cast<std::ptrdiff_t>(at), i);
  }
  LatticeCloud out;
  for (int i : order) out.push_back(cloud[static_cast<std::size_t>(i)]);
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Quaternions.

namespace {

// The quaternions whose four numbers are exact in float and whose matrix R(q) is a rotation exactly: the
// identity, the half turns about the axes and the eight third turns about the cube's diagonals.
constexpr std::array<Quaternion, 12> EXACT_QUATERNIONS = {{
    {1, 0, 0, 0},
    {0, 1, 0, 0},
    {0, 0, 1, 0},
    {0, 0, 0, 1},
    {0.5f, 0.5f, 0.5f, 0.5f},
    {0.5f, 0.5f, 0.5f, -0.5f},
    {0.5f, 0.5f, -0.5f, 0.5f},
    {0.5f, 0.5f, -0.5f, -0.5f},
    {0.5f, -0.5f, 0.5f, 0.5f},
    {0.5f, -0.5f, 0.5f, -0.5f},
    {0.5f, -0.5f, -0.5f, 0.5f},
    {0.5f, -0.5f, -0.5f, -0.5f},
}};

Quaternion fromUnit(const UnitQuaternion& q) { return {q.w, q.x, q.y, q.z}; }

}  // namespace

bool isIdentity(const Quaternion& q) { return q.w == 1 && q.x == 0 && q.y == 0 && q.z == 0; }

Quaternion drawQuaternion(Draw& in, QuaternionSet set, bool allowIdentity) {
  // kinds: 0 identity, 1 an exact one, 2 a turn about z, 3 a normalized integer quadruple, 4 a quarter turn
  // about an axis, (1, +-1, 0, 0) normalized: its numbers round (1/sqrt(2) is no float), so its matrix has
  // entries of about 1e-8 where a quarter turn has zeros
  const bool unit = set == QuaternionSet::Unit;
  const bool aboutZ = set == QuaternionSet::AboutZ;
  switch (in.choice({allowIdentity ? 4 : 0, aboutZ ? 1 : 3, unit || aboutZ ? 2 : 0, unit ? 4 : 0, unit ? 1 : 0})) {
    case 0:
      return Quaternion{};
    case 1:
      if (aboutZ) return EXACT_QUATERNIONS[3];
      return EXACT_QUATERNIONS[static_cast<std::size_t>(in.integer<int>(1, 11, 1))];
    case 2: {
      // (q, 0, 0, p) with |p| <= q: a turn by up to 90 degrees about z. normalizedQuaternion keeps x = y = 0,
      // so the matrix's third row and column are exactly (0, 0, 1): heights are kept exactly.
      const int q = in.integer<int>(1, 4096, 2);
      int p = in.integer<int>(-q, q, 1);
      if (p == 0 && !allowIdentity) p = 1;
      return fromUnit(normalizedQuaternion(static_cast<float>(q), 0, 0, static_cast<float>(p)));
    }
    case 4: {
      float q[4] = {1, 0, 0, 0};
      q[in.integer<int>(1, 3, 1)] = in.chance(50) ? -1.0f : 1.0f;
      return fromUnit(normalizedQuaternion(q[0], q[1], q[2], q[3]));
    }
    default: {
      const int w = in.integer<int>(0, 4096, 1);
      const int x = in.integer<int>(-4096, 4096, 1);
      const int y = in.integer<int>(-4096, 4096, 0);
      const int z = in.integer<int>(-4096, 4096, 0);
      Quaternion q = fromUnit(normalizedQuaternion(static_cast<float>(w), static_cast<float>(x),
                                                   static_cast<float>(y), static_cast<float>(z)));
      if (isIdentity(q) && !allowIdentity) q = EXACT_QUATERNIONS[1];
      return q;
    }
  }
}

LatticePoint3 turnedExactly(const Quaternion& q, LatticePoint3 p) {
  const double w = q.w, x = q.x, y = q.y, z = q.z;  // 0, +-1/2 or +-1: every entry below is exact
  const double r[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
                          {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
                          {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}};
  Int out[3];
  for (int i = 0; i < 3; ++i) {
    Int value = 0;
    for (int j = 0; j < 3; ++j) {
      const Int entry = std::llround(r[i][j]);
      if (static_cast<double>(entry) != r[i][j]) throw std::logic_error("case family: not an exact quaternion");
      value += entry * (j == 0 ? p.x : j == 1 ? p.y : p.z);
    }
    out[i] = value;
  }
  return {out[0], out[1], out[2]};
}

// ---------------------------------------------------------------------------------------------------
// From lattice to case.

Placement3 latticePlacement3(Quaternion rotation, LatticePoint3 position, int exponent) {
  return {rotation, latticeFloat(position.x, exponent), latticeFloat(position.y, exponent),
          latticeFloat(position.z, exponent)};
}

ShapeSpec latticeShape3(const LatticeCloud& points, int exponent, Int radius, Placement3 placement) {
  ShapeSpec shape;
  shape.vertices.reserve(points.size());
  for (const LatticePoint3& p : points) {
    shape.vertices.push_back(
        {latticeFloat(p.x, exponent), latticeFloat(p.y, exponent), latticeFloat(p.z, exponent)});
  }
  if (shape.vertices.empty() || shape.vertices.size() > static_cast<std::size_t>(MAX_POLYTOPE_VERTICES)) {
    throw std::logic_error("case family: 3D shape with " + std::to_string(shape.vertices.size()) + " vertices");
  }
  shape.radius = latticeFloat(radius, exponent);
  shape.positionX = placement.x;
  shape.positionY = placement.y;
  shape.positionZ = placement.z;
  shape.quaternionW = placement.rotation.w;
  shape.quaternionX = placement.rotation.x;
  shape.quaternionY = placement.rotation.y;
  shape.quaternionZ = placement.rotation.z;
  return shape;
}

Case assemble3(const char* family, const std::string& construction, ShapeSpec a, ShapeSpec b,
               const char* expectedRelation) {
  Case value = assemble(family, construction, std::move(a), std::move(b), expectedRelation);
  value.dimension = 3;
  return value;
}

const char* relatedPair(Draw& in, int kind, LatticeCloud& a, LatticeCloud& b) {
  if (kind <= 1) {
    const LatticePoint3 d = drawDirection3(in, 4);
    b = placedOn(b, d, supportPoint(a, d, 1));  // max over A of d.x = min over B: a separating plane, a shared point
    if (kind == 0) return "touching";
    b = translated(b, in.integer<Int>(1, 4, 1) * d);
    return "separated";
  }
  // A vertex of B at the centroid of four affinely independent vertices of A (in A's interior), on the lattice
  // scaled by 4: a point of B interior to A puts the origin inside the Minkowski difference.
  int index[4];
  if (!independentFour(a, index)) throw std::logic_error("case family: a flat polytope");
  const LatticePoint3 centre = a[static_cast<std::size_t>(index[0])] + a[static_cast<std::size_t>(index[1])] +
                               a[static_cast<std::size_t>(index[2])] + a[static_cast<std::size_t>(index[3])];
  a = scaled(a, 4);
  b = scaled(b, 4);
  const std::size_t j = static_cast<std::size_t>(in.integer<int>(0, static_cast<int>(b.size()) - 1, 0));
  b = translated(b, centre - b[j]);
  return "overlapping";
}

}  // namespace gjk::check::family_construction
