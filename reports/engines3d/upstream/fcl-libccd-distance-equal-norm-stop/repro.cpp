// FCL 0.7.0, GST_LIBCCD (FCL's default solver): fcl::distance of two separated convexes stops at a pair of corners
// when GJK's new support point is as far from the origin as the simplex's nearest point, although it is not
// nearer along the search direction (_ccdDist, gjk_libccd-inl.h:2103-2108). Two unit cubes 2 apart answer sqrt(5).
//
// Build: g++ -std=c++17 repro.cpp $(pkg-config --cflags-only-I --libs fcl) && ./a.out
// Exit 1 while the bug is present, 0 once fixed, 2 on its own errors.
#include <fcl/fcl.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace {

using fcl::Vector3d;

// The unit cube [0, 1]^3 as FCL users make a convex: its vertices and its six faces, counter-clockwise from outside.
std::shared_ptr<fcl::Convexd> unitCube() {
  auto vertices = std::make_shared<std::vector<Vector3d>>();
  for (int i = 0; i < 8; ++i) vertices->emplace_back(i & 1 ? 1 : 0, i & 2 ? 1 : 0, i & 4 ? 1 : 0);
  auto faces = std::make_shared<std::vector<int>>(std::vector<int>{
      4, 0, 2, 3, 1, 4, 4, 5, 7, 6, 4, 0, 1, 5, 4, 4, 2, 6, 7, 3, 4, 0, 4, 6, 2, 4, 1, 3, 7, 5});
  return std::make_shared<fcl::Convexd>(vertices, 6, faces);
}

// max over the placed cube's vertices of dot(d, v): the support value, computed here, not by FCL.
double supportValue(const fcl::Transform3d& pose, const Vector3d& d) {
  double best = -HUGE_VAL;
  for (int i = 0; i < 8; ++i) best = std::max(best, d.dot(pose * Vector3d(i & 1, (i >> 1) & 1, (i >> 2) & 1)));
  return best;
}

double signedDistance(const fcl::CollisionGeometryd* a, const fcl::Transform3d& poseA,
                      const fcl::CollisionGeometryd* b, const fcl::Transform3d& poseB, Vector3d* pa, Vector3d* pb) {
  fcl::DistanceRequestd request(true);  // nearest points; GST_LIBCCD, distance_tolerance 1e-6: FCL's defaults
  request.enable_signed_distance = true;
  fcl::DistanceResultd result;
  fcl::distance(a, poseA, b, poseB, request, result);
  if (pa) *pa = result.nearest_points[0];
  if (pb) *pb = result.nearest_points[1];
  return result.min_distance;
}

}  // namespace

int main() {
  const auto cube = unitCube();
  fcl::Transform3d poseA = fcl::Transform3d::Identity();
  poseA.linear() = Eigen::Quaterniond(0, 0, 0, 1).toRotationMatrix();  // half a turn about z: [-1,0]x[-1,0]x[0,1]
  fcl::Transform3d poseB = fcl::Transform3d::Identity();
  poseB.translation() = Vector3d(2, -1, 0);  // [2,3]x[-1,0]x[0,1]
  Vector3d pa, pb;
  const double d = signedDistance(cube.get(), poseA, cube.get(), poseB, &pa, &pb);
  std::printf("1. A = unit cube turned half a turn about z, [-1,0]x[-1,0]x[0,1]; B = unit cube at (2,-1,0), "
              "[2,3]x[-1,0]x[0,1]\n");
  std::printf("   FCL GST_LIBCCD: distance %.17g, nearest points (%g, %g, %g) and (%g, %g, %g)\n", d, pa[0], pa[1],
              pa[2], pb[0], pb[1], pb[2]);
  std::printf("   exact: 2 (the faces x = 0 and x = 2 face each other over [-1,0]x[0,1])\n");
  // Why FCL stopped: its simplex's nearest point is pa - pb; the support of A - B towards the origin from there
  // is as far from the origin (|w| = that distance), but along the direction it is much nearer: GJK's lower bound.
  const Vector3d v = pa - pb;
  const Vector3d dir = -v.normalized();
  const double lower = -(supportValue(poseA, dir) + supportValue(poseB, -dir));  // -h_{A-B}(dir)
  std::printf("   towards the origin from pa - pb, A - B reaches to %.17g of it: GJK's lower bound, far below its "
              "upper bound %.17g\n", lower, v.norm());
  bool bug = std::fabs(d - 2) > 1e-6;
  if (bug) std::printf("   FAIL: distance off by %.3g\n", d - 2);

  // FCL issue #508's boxes (fcl::Box, 1 m, centres 4 apart along y): the same stop, sqrt(10) for 3.
  const auto box = std::make_shared<fcl::Boxd>(1, 1, 1);
  fcl::Transform3d pose1 = fcl::Transform3d::Identity();
  pose1.translation() = Vector3d(0, 4, 0);
  const double d508 = signedDistance(box.get(), pose1, box.get(), fcl::Transform3d::Identity(), nullptr, nullptr);
  std::printf("2. issue #508: two 1 m fcl::Box, centres (0,4,0) and (0,0,0): FCL %.17g, exact 3\n", d508);
  if (std::fabs(d508 - 3) > 1e-6) {
    std::printf("   FAIL: distance off by %.3g\n", d508 - 3);
    bug = true;
  }
  std::printf(bug ? "BUG PRESENT\n" : "fixed\n");
  return bug ? 1 : 0;
}
