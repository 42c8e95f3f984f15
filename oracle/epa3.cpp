// Method 2 of the 3D oracle, its contained-origin part: an exact expanding polytope algorithm (EPA, van den
// Bergen 2001) over the support points of M, for interior against boundary and the nearest face plane.
// Shares nothing geometric with method 1: no hull of the cloud is built, only a polytope of support points.
#include "oracle/gjk3.h"

#include <map>
#include <queue>
#include <stdexcept>
#include <utility>

namespace gjk::oracle {

namespace {

// Grows the simplex (whose hull holds the origin) by support points to four affinely independent points of
// M. Returns false when M is flat: for one point p, the supports along +-x, +-y, +-z are all p, so M = {p};
// for a segment along e, the supports along +-(e x axis) (which span the plane orthogonal to e) are all on
// its line, so M is in that line; for a triangle of normal n, the supports along +-n are on its plane, so
// M is in that plane. Exact: integer support points and integer sign tests.
bool growToTetrahedron(const SupportMap3& support, std::vector<IntPoint3>& simplex) {
  const IntPoint3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  while (simplex.size() < 4) {
    std::vector<IntPoint3> directions;
    if (simplex.size() == 1) {
      directions.assign(axes, axes + 3);
    } else if (simplex.size() == 2) {
      for (const IntPoint3& axis : axes) {
        IntPoint3 direction = cross(simplex[1] - simplex[0], axis);
        if (!isZero(direction)) directions.push_back(std::move(direction));
      }
    } else {
      directions.push_back(cross(simplex[1] - simplex[0], simplex[2] - simplex[0]));
    }
    bool grown = false;
    for (std::size_t k = 0; k < 2 * directions.size() && !grown; ++k) {
      const IntPoint3 direction = k % 2 == 0 ? directions[k / 2] : IntPoint3{} - directions[k / 2];
      IntPoint3 point = support(direction);
      const IntPoint3 offset = point - simplex[0];
      if (simplex.size() == 1) {
        grown = !isZero(offset);
      } else if (simplex.size() == 2) {
        grown = !isZero(cross(offset, simplex[1] - simplex[0]));
      } else {
        grown = dot(directions[0], offset) != 0;
      }
      if (grown) simplex.push_back(std::move(point));
    }
    if (!grown) return false;
  }
  return true;
}

// A triangle of the expanding polytope, outward normal n = (v1 - v0) x (v2 - v0), plane n . x = offset.
struct PolytopeFace {
  int vertex[3];
  IntPoint3 normal;
  Integer offset;
  Integer normalSquared;  // |n|^2; the origin's distance to the plane is offset / |n|
  bool alive = true;
};

class ExpandingPolytope {
 public:
  ExpandingPolytope(const SupportMap3& support, std::vector<IntPoint3> tetrahedron)
      : support_(support), vertices_(std::move(tetrahedron)) {
    // Each triple, turned so that the fourth point is below its plane.
    const int triples[4][4] = {{0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 3, 1}, {1, 2, 3, 0}};
    for (const auto& t : triples) {
      const IntPoint3 normal = cross(vertices_[t[1]] - vertices_[t[0]], vertices_[t[2]] - vertices_[t[0]]);
      if (dot(normal, vertices_[t[3]] - vertices_[t[0]]) > 0) {
        addFace(t[0], t[2], t[1]);
      } else {
        addFace(t[0], t[1], t[2]);
      }
    }
  }

  // Exact: faces are taken nearest first (distances compared as offset^2 |n'|^2 against offset'^2 |n|^2,
  // all offsets >= 0 since the origin stays inside). A face whose support point along its normal is not
  // strictly beyond its plane lies on a face plane of M (h_M(n) = offset) and stays for good; otherwise the
  // point is added (it is not in the polytope, so this ends). The polytope P is in M and holds the origin, so
  // the least face distance of P is at most M's (P in M) and at least it once the least face is on a plane
  // of M; every minimal direction of M is then a face normal of P at that distance (the inscribed ball of
  // radius delta touches both along the same directions), so all of P's faces at the least distance are
  // checked before the answer.
  void run(CoreResult3& core) {
    bool found = false;
    int nearest = -1;
    while (!queue_.empty()) {
      const int f = queue_.top();
      queue_.pop();
      if (!faces_[f].alive) continue;
      if (found && fartherThan(f, nearest)) break;
      const PolytopeFace& face = faces_[f];
      IntPoint3 point = support_(face.normal);
      if (dot(face.normal, point) > face.offset) {
        expand(f, std::move(point));
        continue;
      }
      if (face.offset == 0) {  // a face plane of M through the origin: on the boundary
        core.originOnBoundary = true;
        return;
      }
      ExactPoint3 normal = primitiveDirection(IntPoint3{} - face.normal);
      if (!found || lexicographicLess3(normal, core.penetrationNormal)) core.penetrationNormal = std::move(normal);
      if (!found) nearest = f;
      found = true;
    }
    if (!found) {
      throw std::logic_error("oracle: the expanding polytope lost its faces");
    }
    core.originInInterior = true;
    core.depthNumerator = faces_[nearest].offset * faces_[nearest].offset;
    core.depthDenominator = faces_[nearest].normalSquared;
  }

 private:
  // Exact: face f's plane is farther from the origin than face g's.
  bool fartherThan(int f, int g) const {
    return faces_[f].offset * faces_[f].offset * faces_[g].normalSquared >
           faces_[g].offset * faces_[g].offset * faces_[f].normalSquared;
  }

  void addFace(int a, int b, int c) {
    PolytopeFace face{{a, b, c}, cross(vertices_[b] - vertices_[a], vertices_[c] - vertices_[a]), 0, 0};
    face.offset = dot(face.normal, vertices_[a]);
    face.normalSquared = dot(face.normal, face.normal);
    const int index = static_cast<int>(faces_.size());
    faces_.push_back(std::move(face));
    for (int i = 0; i < 3; ++i) edges_[{faces_[index].vertex[i], faces_[index].vertex[(i + 1) % 3]}] = index;
    queue_.push(index);
  }

  // The faces that see the new point (strictly below it: a connected set, found across shared edges from
  // the face that asked), removed; each of their edges whose twin face stays is a horizon edge (u, v),
  // joined to the point by a new face (u, v, point) with the same orientation.
  void expand(int first, IntPoint3 point) {
    const int apex = static_cast<int>(vertices_.size());
    vertices_.push_back(std::move(point));
    std::vector<int> seen = {first};
    faces_[first].alive = false;
    for (std::size_t k = 0; k < seen.size(); ++k) {
      const PolytopeFace& face = faces_[seen[k]];
      for (int i = 0; i < 3; ++i) {
        const int twin = edges_.at({face.vertex[(i + 1) % 3], face.vertex[i]});
        PolytopeFace& other = faces_[twin];
        if (other.alive && dot(other.normal, vertices_[apex]) > other.offset) {
          other.alive = false;
          seen.push_back(twin);
        }
      }
    }
    std::vector<std::pair<int, int>> horizon;
    for (int f : seen) {
      for (int i = 0; i < 3; ++i) {
        const int u = faces_[f].vertex[i], v = faces_[f].vertex[(i + 1) % 3];
        if (faces_[edges_.at({v, u})].alive) horizon.emplace_back(u, v);
      }
    }
    for (int f : seen) {
      for (int i = 0; i < 3; ++i) edges_.erase({faces_[f].vertex[i], faces_[f].vertex[(i + 1) % 3]});
    }
    for (const auto& [u, v] : horizon) addFace(u, v, apex);
  }

  struct Farther {
    const ExpandingPolytope* polytope;
    bool operator()(int f, int g) const { return polytope->fartherThan(f, g); }
  };

  const SupportMap3& support_;
  std::vector<IntPoint3> vertices_;
  std::vector<PolytopeFace> faces_;
  std::map<std::pair<int, int>, int> edges_;  // directed edge -> the face that has it
  std::priority_queue<int, std::vector<int>, Farther> queue_{Farther{this}};
};

}  // namespace

void expandPolytope3(const SupportMap3& support, std::vector<IntPoint3> simplex, CoreResult3& core) {
  if (!growToTetrahedron(support, simplex)) {
    core.originOnBoundary = true;  // a flat M is all boundary
    return;
  }
  ExpandingPolytope(support, std::move(simplex)).run(core);
}

}  // namespace gjk::oracle
