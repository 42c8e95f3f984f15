// Method 1 of the 3D oracle, its hull: the exact convex hull of a point cloud of any affine dimension
// (hull3.h). Quickhull (Barber, Dobkin and Huhdanpaa 1996) with exact integer planes.
#include "oracle/hull3.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <unordered_map>
#include <utility>

namespace gjk::oracle {

namespace {

bool lexicographicLess(const IntPoint3& left, const IntPoint3& right) {
  if (left.x != right.x) return left.x < right.x;
  if (left.y != right.y) return left.y < right.y;
  return left.z < right.z;
}

// The flat case: Andrew's monotone chain on the coordinates (k + 1, k + 2) mod 3, with k an axis where the
// plane normal is nonzero, so that the projection is one to one on the plane. The 2D cross product of the
// projections is the k component of the 3D cross product, so a counter-clockwise turn in the projection is
// counter-clockwise about +e_k; planeNormal is the plane's normal turned to the side of +e_k.
void planarHull(Hull3& hull, const IntPoint3& normal) {
  const int k = normal.x != 0 ? 0 : (normal.y != 0 ? 1 : 2);
  const auto coordinate = [&](int index, int axis) -> const Integer& {
    const IntPoint3& p = hull.points[index];
    const int a = (k + axis) % 3;
    return a == 0 ? p.x : (a == 1 ? p.y : p.z);
  };
  const auto turn = [&](int o, int a, int b) {
    const Integer value = (coordinate(a, 1) - coordinate(o, 1)) * (coordinate(b, 2) - coordinate(o, 2)) -
                          (coordinate(a, 2) - coordinate(o, 2)) * (coordinate(b, 1) - coordinate(o, 1));
    return value.sign();
  };
  std::vector<int> order(hull.points.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  std::sort(order.begin(), order.end(), [&](int p, int q) {
    if (coordinate(p, 1) != coordinate(q, 1)) return coordinate(p, 1) < coordinate(q, 1);
    return coordinate(p, 2) < coordinate(q, 2);
  });
  std::vector<int> chain(2 * order.size());
  std::size_t size = 0;
  for (std::size_t i = 0; i < order.size(); ++i) {  // lower chain
    while (size >= 2 && turn(chain[size - 2], chain[size - 1], order[i]) <= 0) --size;
    chain[size++] = order[i];
  }
  const std::size_t lowerSize = size + 1;
  for (std::size_t i = order.size() - 1; i-- > 0;) {  // upper chain
    while (size >= lowerSize && turn(chain[size - 2], chain[size - 1], order[i]) <= 0) --size;
    chain[size++] = order[i];
  }
  chain.resize(size - 1);  // the last repeats the first
  hull.polygon = std::move(chain);
  const int component = (k == 0 ? normal.x : (k == 1 ? normal.y : normal.z)).sign();
  hull.planeNormal = component > 0 ? normal : IntPoint3{-normal.x, -normal.y, -normal.z};
}

// A face of the hull under construction.
struct Face {
  int vertex[3];
  int neighbor[3] = {-1, -1, -1};  // the face across the edge (vertex[i], vertex[(i + 1) % 3])
  IntPoint3 normal;                // (b - a) x (c - a), outward
  Integer offset;                  // normal . a
  std::vector<int> outside;        // points strictly above the plane, assigned to this face
  bool alive = true;
  int stamp = -1;  // the step that last decided whether the face is visible
  bool visible = false;
};

class Quickhull {
 public:
  explicit Quickhull(const std::vector<IntPoint3>& points) : points_(points) {}

  std::vector<HullFace3> run(int t0, int t1, int t2, int t3) {
    if (side(plane(t0, t1, t2), points_[t3]) > 0) std::swap(t1, t2);  // t3 below (t0, t1, t2)
    // Outward faces of the tetrahedron (each an even permutation of (t0, t1, t2, t3) with the fourth below).
    const int tetrahedron[4][3] = {{t0, t1, t2}, {t0, t3, t1}, {t1, t3, t2}, {t0, t2, t3}};
    for (const auto& f : tetrahedron) addFace(f[0], f[1], f[2]);
    for (int f = 0; f < 4; ++f) {
      for (int g = 0; g < 4; ++g) {
        for (int i = 0; i < 3; ++i) {
          for (int j = 0; j < 3; ++j) {
            if (faces_[f].vertex[i] == faces_[g].vertex[(j + 1) % 3] &&
                faces_[f].vertex[(i + 1) % 3] == faces_[g].vertex[j]) {
              faces_[f].neighbor[i] = g;
            }
          }
        }
      }
    }
    for (int p = 0; p < static_cast<int>(points_.size()); ++p) {
      if (p != t0 && p != t1 && p != t2 && p != t3) assign(p, 0);
    }
    std::vector<int> pending = {0, 1, 2, 3};
    for (int step = 0; !pending.empty(); ++step) {
      const int f = pending.back();
      pending.pop_back();
      if (!faces_[f].alive || faces_[f].outside.empty()) continue;
      const int firstNew = static_cast<int>(faces_.size());
      addPoint(f, step);
      for (int g = firstNew; g < static_cast<int>(faces_.size()); ++g) pending.push_back(g);
    }
    std::vector<HullFace3> result;
    for (Face& face : faces_) {
      if (face.alive) {
        result.push_back({{face.vertex[0], face.vertex[1], face.vertex[2]}, std::move(face.normal),
                          std::move(face.offset)});
      }
    }
    return result;
  }

 private:
  struct Plane {
    IntPoint3 normal;
    Integer offset;
  };
  Plane plane(int a, int b, int c) const {
    Plane result{cross(points_[b] - points_[a], points_[c] - points_[a]), 0};
    result.offset = dot(result.normal, points_[a]);
    return result;
  }
  // Exact: the sign of normal . p - offset (> 0: strictly above the plane), on reused GMP integers.
  int side(const Plane& plane, const IntPoint3& p) { return side(plane.normal, plane.offset, p); }
  int side(const IntPoint3& normal, const Integer& offset, const IntPoint3& p) {
    using boost::multiprecision::multiply;
    multiply(sum_, normal.x, p.x);
    multiply(term_, normal.y, p.y);
    sum_ += term_;
    multiply(term_, normal.z, p.z);
    sum_ += term_;
    sum_ -= offset;
    return sum_.sign();
  }
  // How far above: for choosing the next point only (any outside point gives a correct hull), so an
  // approximation of the exact value in sum_ (long double holds the exponent of any of our integers).
  long double height() const {
    long exponent = 0;
    const double mantissa = mpz_get_d_2exp(&exponent, sum_.backend().data());
    return std::ldexp(static_cast<long double>(mantissa), static_cast<int>(exponent));
  }

  int addFace(int a, int b, int c) {
    Face face;
    face.vertex[0] = a;
    face.vertex[1] = b;
    face.vertex[2] = c;
    Plane p = plane(a, b, c);
    face.normal = std::move(p.normal);
    face.offset = std::move(p.offset);
    faces_.push_back(std::move(face));
    return static_cast<int>(faces_.size()) - 1;
  }

  // The point joins the outside set of the first face from `first` on that it is strictly above; a point
  // above none is inside or on the hull of what is built and can never be a vertex: it is dropped.
  void assign(int p, int first) {
    for (int f = first; f < static_cast<int>(faces_.size()); ++f) {
      if (faces_[f].alive && side(faces_[f].normal, faces_[f].offset, points_[p]) > 0) {
        faces_[f].outside.push_back(p);
        return;
      }
    }
  }

  // One quickhull step: the farthest outside point of face f, the faces it sees (strictly above their
  // planes: a connected set, by convexity), the horizon around them, a fan of new faces from the point to
  // the horizon, and the seen faces' outside points given to the new faces.
  void addPoint(int f, int step) {
    int apex = -1;
    long double best = 0;
    for (int p : faces_[f].outside) {
      side(faces_[f].normal, faces_[f].offset, points_[p]);
      const long double h = height();
      if (apex < 0 || h > best) {
        apex = p;
        best = h;
      }
    }
    struct HorizonEdge {
      int from, to, outer;
    };
    std::vector<HorizonEdge> horizon;
    std::vector<int> seen = {f};
    faces_[f].stamp = step;
    faces_[f].visible = true;
    for (std::size_t k = 0; k < seen.size(); ++k) {
      const int g = seen[k];
      for (int i = 0; i < 3; ++i) {
        const int h = faces_[g].neighbor[i];
        Face& other = faces_[h];
        if (other.stamp != step) {
          other.stamp = step;
          other.visible = side(other.normal, other.offset, points_[apex]) > 0;
          if (other.visible) seen.push_back(h);
        }
        if (!other.visible) horizon.push_back({faces_[g].vertex[i], faces_[g].vertex[(i + 1) % 3], h});
      }
    }
    // The new faces (from, to, apex) keep each horizon edge's direction, so they face outwards; across
    // (to, apex) is the new face starting at `to`, across (apex, from) the one ending at `from`.
    const int firstNew = static_cast<int>(faces_.size());
    std::unordered_map<int, int> byStart, byEnd;
    for (const HorizonEdge& edge : horizon) {
      const int g = addFace(edge.from, edge.to, apex);
      faces_[g].neighbor[0] = edge.outer;
      Face& outer = faces_[edge.outer];
      for (int j = 0; j < 3; ++j) {
        if (outer.vertex[j] == edge.to && outer.vertex[(j + 1) % 3] == edge.from) outer.neighbor[j] = g;
      }
      byStart[edge.from] = g;
      byEnd[edge.to] = g;
    }
    for (int g = firstNew; g < static_cast<int>(faces_.size()); ++g) {
      faces_[g].neighbor[1] = byStart.at(faces_[g].vertex[1]);
      faces_[g].neighbor[2] = byEnd.at(faces_[g].vertex[0]);
    }
    for (int g : seen) {
      faces_[g].alive = false;
      std::vector<int> orphans = std::move(faces_[g].outside);
      for (int p : orphans) {
        if (p != apex) assign(p, firstNew);
      }
    }
  }

  const std::vector<IntPoint3>& points_;
  std::vector<Face> faces_;
  Integer sum_, term_;
};

}  // namespace

Hull3 convexHull3(std::vector<IntPoint3> points) {
  if (points.empty()) {
    throw std::invalid_argument("oracle: the hull of no points");
  }
  std::sort(points.begin(), points.end(), lexicographicLess);
  points.erase(std::unique(points.begin(), points.end()), points.end());
  Hull3 hull;
  hull.points = std::move(points);
  const std::vector<IntPoint3>& p = hull.points;
  const int count = static_cast<int>(p.size());
  if (count == 1) {
    hull.dimension = 0;
    return hull;
  }
  const IntPoint3 along = p[1] - p[0];
  int third = 2;
  IntPoint3 normal;
  for (; third < count; ++third) {
    normal = cross(along, p[third] - p[0]);
    if (!isZero(normal)) break;
  }
  if (third == count) {
    // Collinear: the lexicographic order is monotone along the line, so the ends are first and last.
    hull.dimension = 1;
    hull.ends[0] = 0;
    hull.ends[1] = count - 1;
    return hull;
  }
  int fourth = third + 1;
  for (; fourth < count; ++fourth) {
    if (dot(normal, p[fourth] - p[0]) != 0) break;
  }
  if (fourth == count) {
    hull.dimension = 2;
    planarHull(hull, normal);
    return hull;
  }
  hull.dimension = 3;
  hull.faces = Quickhull(hull.points).run(0, 1, third, fourth);
  return hull;
}

}  // namespace gjk::oracle
