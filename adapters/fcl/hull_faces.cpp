#include "adapters/fcl/hull_faces.h"

#include <boost/multiprecision/cpp_int.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>

namespace gjk::adapters {
namespace {

using boost::multiprecision::cpp_int;

// A float's value times 2^149 (every float is an integer multiple of 2^-149), exactly.
cpp_int scaledInteger(double value) {
  if (value == 0) return 0;
  int exponent = 0;
  const double mantissa = std::frexp(std::ldexp(value, 149), &exponent);
  cpp_int result = static_cast<std::int64_t>(std::ldexp(mantissa, 53));
  if (exponent >= 53) return result << (exponent - 53);
  return result >> (53 - exponent);  // exact: value * 2^149 is an integer
}

struct ExactPoint {
  cpp_int x, y, z;
};

class Orientation {
 public:
  explicit Orientation(const std::vector<HullPoint>& points) : points_(points) {
    exact_.reserve(points.size());
    for (const HullPoint& p : points) exact_.push_back({scaledInteger(p.x), scaledInteger(p.y), scaledInteger(p.z)});
  }

  // The sign of det[b - a, c - a, d - a]: > 0 when d is on the side of the plane (a, b, c) that
  // (b - a) x (c - a) points to.
  int orient(int a, int b, int c, int d) const {
    const HullPoint &pa = points_[a], &pb = points_[b], &pc = points_[c], &pd = points_[d];
    const double bx = pb.x - pa.x, by = pb.y - pa.y, bz = pb.z - pa.z;
    const double cx = pc.x - pa.x, cy = pc.y - pa.y, cz = pc.z - pa.z;
    const double dx = pd.x - pa.x, dy = pd.y - pa.y, dz = pd.z - pa.z;
    const double det = dx * (by * cz - bz * cy) - dy * (bx * cz - bz * cx) + dz * (bx * cy - by * cx);
    const double permanent = std::fabs(dx) * (std::fabs(by * cz) + std::fabs(bz * cy)) +
                             std::fabs(dy) * (std::fabs(bx * cz) + std::fabs(bz * cx)) +
                             std::fabs(dz) * (std::fabs(bx * cy) + std::fabs(by * cx));
    // The rounding error of det is below 8 2^-53 permanent (inputs exact, products of three rounded
    // differences, no underflow or overflow for float inputs); 1e-14 leaves a wide margin.
    if (det > 1e-14 * permanent) return 1;
    if (det < -1e-14 * permanent) return -1;
    if (permanent == 0) return 0;  // a factor of every product is exactly 0
    const ExactPoint &ea = exact_[a], &eb = exact_[b], &ec = exact_[c], &ed = exact_[d];
    const cpp_int ebx = eb.x - ea.x, eby = eb.y - ea.y, ebz = eb.z - ea.z;
    const cpp_int ecx = ec.x - ea.x, ecy = ec.y - ea.y, ecz = ec.z - ea.z;
    const cpp_int edx = ed.x - ea.x, edy = ed.y - ea.y, edz = ed.z - ea.z;
    const cpp_int exact = edx * (eby * ecz - ebz * ecy) - edy * (ebx * ecz - ebz * ecx) + edz * (ebx * ecy - eby * ecx);
    return exact > 0 ? 1 : (exact < 0 ? -1 : 0);
  }

  // Whether a, b, c lie on one line: (b - a) x (c - a) = 0, exactly.
  bool collinear(int a, int b, int c) const {
    const ExactPoint &ea = exact_[a], &eb = exact_[b], &ec = exact_[c];
    const cpp_int bx = eb.x - ea.x, by = eb.y - ea.y, bz = eb.z - ea.z;
    const cpp_int cx = ec.x - ea.x, cy = ec.y - ea.y, cz = ec.z - ea.z;
    return by * cz == bz * cy && bz * cx == bx * cz && bx * cy == by * cx;
  }

  // For a, b, c in the plane of normal n (exact): the sign of ((b - a) x (c - a)) . n.
  int turn(int a, int b, int c, const ExactPoint& n) const {
    const ExactPoint &ea = exact_[a], &eb = exact_[b], &ec = exact_[c];
    const cpp_int bx = eb.x - ea.x, by = eb.y - ea.y, bz = eb.z - ea.z;
    const cpp_int cx = ec.x - ea.x, cy = ec.y - ea.y, cz = ec.z - ea.z;
    const cpp_int value = (by * cz - bz * cy) * n.x + (bz * cx - bx * cz) * n.y + (bx * cy - by * cx) * n.z;
    return value > 0 ? 1 : (value < 0 ? -1 : 0);
  }

  ExactPoint normal(int a, int b, int c) const {
    const ExactPoint &ea = exact_[a], &eb = exact_[b], &ec = exact_[c];
    const cpp_int bx = eb.x - ea.x, by = eb.y - ea.y, bz = eb.z - ea.z;
    const cpp_int cx = ec.x - ea.x, cy = ec.y - ea.y, cz = ec.z - ea.z;
    return {by * cz - bz * cy, bz * cx - bx * cz, bx * cy - by * cx};
  }

 private:
  const std::vector<HullPoint>& points_;
  std::vector<ExactPoint> exact_;
};

bool lexicographicLess(const HullPoint& a, const HullPoint& b) {
  if (a.x != b.x) return a.x < b.x;
  if (a.y != b.y) return a.y < b.y;
  return a.z < b.z;
}

bool samePoint(const HullPoint& a, const HullPoint& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

// For c and b on one ray from a (collinear, both distinct from a): c is farther from a than b.
bool fartherOnRay(const HullPoint& a, const HullPoint& b, const HullPoint& c) {
  if (b.x != a.x) return (b.x > a.x) ? c.x > b.x : c.x < b.x;
  if (b.y != a.y) return (b.y > a.y) ? c.y > b.y : c.y < b.y;
  return (b.z > a.z) ? c.z > b.z : c.z < b.z;
}

// The convex polygon of coplanar points (indices into `points`), counter-clockwise where turn(a, b, c) > 0
// means c is to the left of a -> b: gift wrapping from the lexicographically smallest point, taking the
// farthest of collinear candidates, so only the polygon's corners are kept.
template <class Turn>
std::vector<int> convexPolygon(const std::vector<HullPoint>& points, const std::vector<int>& members, Turn turn) {
  int start = members.front();
  for (int m : members) {
    if (lexicographicLess(points[m], points[start])) start = m;
  }
  std::vector<int> polygon;
  int current = start;
  do {
    polygon.push_back(current);
    int next = -1;
    for (int candidate : members) {
      if (candidate == current) continue;
      if (next < 0) {
        next = candidate;
        continue;
      }
      const int side = turn(current, next, candidate);
      if (side < 0 || (side == 0 && fartherOnRay(points[current], points[next], points[candidate]))) next = candidate;
    }
    current = next;
    if (polygon.size() > members.size()) throw std::logic_error("hullFaces: gift wrapping did not close");
  } while (current != start);
  return polygon;
}

}  // namespace

HullFaces hullFaces(const std::vector<HullPoint>& points) {
  if (points.empty()) throw std::invalid_argument("hullFaces: no point");
  // Distinct points, first occurrence of each.
  std::vector<int> distinct;
  for (int i = 0; i < static_cast<int>(points.size()); ++i) {
    bool seen = false;
    for (int j : distinct) seen = seen || samePoint(points[i], points[j]);
    if (!seen) distinct.push_back(i);
  }
  const Orientation orientation(points);
  HullFaces hull;
  const int n = static_cast<int>(distinct.size());
  // The affine dimension from the first point, the first other point, the first point off their line and
  // the first point off their plane.
  int second = n > 1 ? distinct[1] : -1;
  int third = -1, fourth = -1;
  for (int k = 2; k < n && third < 0 && second >= 0; ++k) {
    if (!orientation.collinear(distinct[0], second, distinct[k])) third = distinct[k];
  }
  for (int k = 2; k < n && fourth < 0 && third >= 0; ++k) {
    if (orientation.orient(distinct[0], second, third, distinct[k]) != 0) fourth = distinct[k];
  }
  std::vector<std::vector<int>> faces;  // input indices
  if (second < 0) {
    hull.dimension = 0;
    hull.vertices = {distinct[0]};
  } else if (third < 0) {
    hull.dimension = 1;  // on a line, lexicographic order is the order along it
    int low = distinct[0], high = distinct[0];
    for (int i : distinct) {
      if (lexicographicLess(points[i], points[low])) low = i;
      if (lexicographicLess(points[high], points[i])) high = i;
    }
    hull.vertices = {std::min(low, high), std::max(low, high)};
  } else if (fourth < 0) {
    hull.dimension = 2;
    const ExactPoint normal = orientation.normal(distinct[0], second, third);
    std::vector<int> polygon = convexPolygon(points, distinct, [&](int a, int b, int c) {
      return orientation.turn(a, b, c, normal);
    });
    faces.push_back(polygon);
    std::reverse(polygon.begin(), polygon.end());
    faces.push_back(polygon);
  } else {
    hull.dimension = 3;
    // Every facet is spanned by some non-collinear triple whose plane has all points on one side; the facet is
    // then every point on that plane. Triples inside a facet already found are skipped.
    std::vector<std::uint64_t> facetMasks;
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        for (int k = j + 1; k < n; ++k) {
          const std::uint64_t triple = (1ull << i) | (1ull << j) | (1ull << k);
          bool known = false;
          for (std::uint64_t mask : facetMasks) known = known || (mask & triple) == triple;
          if (known) continue;
          const int a = distinct[i], b = distinct[j], c = distinct[k];
          int sign = 0, below = -1;
          std::uint64_t onPlane = triple;
          bool supporting = true;
          for (int m = 0; m < n && supporting; ++m) {
            if ((triple >> m) & 1) continue;
            const int side = orientation.orient(a, b, c, distinct[m]);
            if (side == 0) {
              onPlane |= 1ull << m;
            } else if (sign == 0) {
              sign = side;
              below = distinct[m];
            } else if (side != sign) {
              supporting = false;
            }
          }
          if (!supporting || sign == 0) continue;  // a plane through the hull, or a collinear triple
          facetMasks.push_back(onPlane);
          std::vector<int> members;
          for (int m = 0; m < n; ++m) {
            if ((onPlane >> m) & 1) members.push_back(distinct[m]);
          }
          // Seen from outside (from the side away from `below`), c is left of a -> b when the triangle
          // (a, b, c) turns away from `below`: orient(a, b, c, below) < 0.
          faces.push_back(convexPolygon(points, members, [&](int p, int q, int r) {
            return -orientation.orient(p, q, r, below);
          }));
        }
      }
    }
  }
  if (hull.dimension >= 2) {
    std::vector<int> used;
    for (const std::vector<int>& face : faces) used.insert(used.end(), face.begin(), face.end());
    std::sort(used.begin(), used.end());
    used.erase(std::unique(used.begin(), used.end()), used.end());
    hull.vertices = used;
    for (const std::vector<int>& face : faces) {
      hull.faces.push_back(static_cast<int>(face.size()));
      for (int index : face) {
        hull.faces.push_back(static_cast<int>(std::lower_bound(used.begin(), used.end(), index) - used.begin()));
      }
    }
    hull.faceCount = static_cast<int>(faces.size());
  }
  return hull;
}

}  // namespace gjk::adapters
