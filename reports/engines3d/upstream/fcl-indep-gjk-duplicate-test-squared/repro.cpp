// FCL 0.7.0, GST_INDEP: GJK's "duplicate support point" test (gjk-inl.h:128) compares a squared distance, in m^2,
// with the tolerance, in m (DistanceRequest::distance_tolerance, 1e-6), so support points up to 1 mm apart count as
// the same point and GJK stops early. Two cubes of side 2^-10 m (0.98 mm) that overlap by half a side are reported
// 0.22 mm apart by fcl::distance and not colliding by fcl::collide; separated ones get a distance 3.6 times too large.
// The same pairs scaled by 1024, or with the tolerance squared, are answered right.
//
// Build: g++ -std=c++17 repro.cpp $(pkg-config --cflags-only-I --libs fcl) && ./a.out
// Exit 1 while the bug is present, 0 once fixed, 2 on its own errors.
#include <fcl/fcl.h>

#include <cmath>
#include <cstdio>

namespace {

using fcl::Vector3d;

// A cube of half-side h centred on its frame's origin, as FCL users make a convex: its vertices and its six faces,
// counter-clockwise seen from outside.
std::shared_ptr<fcl::Convexd> cube(double h) {
  auto vertices = std::make_shared<std::vector<Vector3d>>();
  for (int i = 0; i < 8; ++i) vertices->emplace_back(i & 1 ? h : -h, i & 2 ? h : -h, i & 4 ? h : -h);
  auto faces = std::make_shared<std::vector<int>>(std::vector<int>{
      4, 0, 2, 3, 1, 4, 4, 5, 7, 6, 4, 0, 1, 5, 4, 4, 2, 6, 7, 3, 4, 0, 4, 6, 2, 4, 1, 3, 7, 5});
  return std::make_shared<fcl::Convexd>(vertices, 6, faces);
}

// fcl::distance with GST_INDEP of two cubes of half-side h, A at the origin and B at `offset` (both unturned);
// a negative answer (FCL's "in collision") is reported as 0, the distance of shapes in contact.
double distance(double h, const Vector3d& offset, double tolerance) {
  const auto a = cube(h), b = cube(h);
  fcl::Transform3d poseB = fcl::Transform3d::Identity();
  poseB.translation() = offset;
  fcl::DistanceRequestd request(true);
  request.gjk_solver_type = fcl::GST_INDEP;
  request.distance_tolerance = tolerance;
  fcl::DistanceResultd result;
  fcl::distance(a.get(), fcl::Transform3d::Identity(), b.get(), poseB, request, result);
  return result.min_distance < 0 ? 0 : result.min_distance;
}

bool collide(double h, const Vector3d& offset) {
  const auto a = cube(h), b = cube(h);
  fcl::Transform3d poseB = fcl::Transform3d::Identity();
  poseB.translation() = offset;
  fcl::CollisionRequestd request;
  request.gjk_solver_type = fcl::GST_INDEP;
  fcl::CollisionResultd result;
  fcl::collide(a.get(), fcl::Transform3d::Identity(), b.get(), poseB, request, result);
  return result.isCollision();
}

// Reports one pair at FCL's default tolerance, and, for the record, the same pair 1024 times larger and with the
// tolerance squared. Only the first answer is judged (within 1e-9 m of the exact distance).
bool pair(const char* name, double h, const Vector3d& offset, double exact) {
  const double d = distance(h, offset, 1e-6);
  const double scaled = distance(h * 1024, offset * 1024, 1e-6) / 1024;
  const double squared = distance(h, offset, 1e-12);
  std::printf("%s\n   exact %.17g; fcl::distance GST_INDEP %.17g\n", name, exact, d);
  std::printf("   the same pair 1024 times larger: %.17g (scaled back); with distance_tolerance 1e-12: %.17g\n",
              scaled, squared);
  if (!(std::fabs(d - exact) <= 1e-9)) {
    std::printf("   FAIL: off by %.3g m, %.0f %% of the cubes' side\n", d - exact, 100 * (d - exact) / (2 * h));
    return true;
  }
  return false;
}

}  // namespace

int main() {
  const double h = std::ldexp(1.0, -11);  // half-side: cubes of side 2^-10 m = 0.98 mm
  std::printf("A, B: cubes [-h, h]^3 with h = 2^-11 m (side 0.98 mm), unturned; A at the origin\n");
  bool bug = false;
  // 1. B moved by half a side in x and y: the cubes overlap in a 0.49 x 0.49 x 0.98 mm box.
  const Vector3d overlapping(h, h, 0);
  bug |= pair("1. B at (h, h, 0): overlapping", h, overlapping, 0);
  const bool collides = collide(h, overlapping);
  std::printf("   fcl::collide GST_INDEP: %s\n", collides ? "collision" : "no collision");
  if (!collides) {
    std::printf("   FAIL: overlapping cubes not colliding\n");
    bug = true;
  }
  // 2. B moved by half a side in x and 2.5 half-sides in z: separated by h/2 along z.
  bug |= pair("2. B at (h, 0, 2.5 h): separated by h/2 = 2^-12 m", h, Vector3d(h, 0, 2.5 * h), h / 2);
  std::printf(bug ? "BUG PRESENT\n" : "fixed\n");
  return bug ? 1 : 0;
}
