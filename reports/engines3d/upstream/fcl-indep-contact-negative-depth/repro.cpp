// FCL 0.7.0, GST_INDEP: fcl::collide's contact on two overlapping fcl::Convex has a negative penetration_depth and
// a normal in the first shape's local frame (gjk_solver_indep-inl.h:150-152); fcl::distance with
// enable_signed_distance then takes the deepest contact of positive depth, finds none and aborts on
// assert(index != -1) (distance-inl.h:177) in Debian's libfcl, which keeps FCL's assertions.
//
// Build: g++ -std=c++17 repro.cpp $(pkg-config --cflags-only-I --libs fcl) && ./a.out
// Exit 1 while the bug is present, 0 once fixed, 2 on its own errors.
#include <fcl/fcl.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>

namespace {

using fcl::Vector3d;

// A 2 m cube [-1, 1]^3 as FCL users make a convex: its vertices and its six faces, counter-clockwise from outside.
std::shared_ptr<fcl::Convexd> cube() {
  auto vertices = std::make_shared<std::vector<Vector3d>>();
  for (int i = 0; i < 8; ++i) vertices->emplace_back(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1);
  auto faces = std::make_shared<std::vector<int>>(std::vector<int>{
      4, 0, 2, 3, 1, 4, 4, 5, 7, 6, 4, 0, 1, 5, 4, 4, 2, 6, 7, 3, 4, 0, 4, 6, 2, 4, 1, 3, 7, 5});
  return std::make_shared<fcl::Convexd>(vertices, 6, faces);
}

// The octahedron of radius 1: vertices +-x, +-y, +-z.
std::shared_ptr<fcl::Convexd> octahedron() {
  auto vertices = std::make_shared<std::vector<Vector3d>>(
      std::vector<Vector3d>{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}});
  auto faces = std::make_shared<std::vector<int>>(std::vector<int>{
      3, 0, 2, 4, 3, 2, 1, 4, 3, 1, 3, 4, 3, 3, 0, 4, 3, 2, 0, 5, 3, 1, 2, 5, 3, 3, 1, 5, 3, 0, 3, 5});
  return std::make_shared<fcl::Convexd>(vertices, 8, faces);
}

}  // namespace

int main() {
  const auto a = cube();
  const auto b = octahedron();
  // A is turned half a turn about z (a symmetric cube: the same set of points, but its frame's x is the world's -x).
  fcl::Transform3d poseA = fcl::Transform3d::Identity();
  poseA.linear() = Eigen::Quaterniond(0, 0, 0, 1).toRotationMatrix();
  fcl::Transform3d poseB = fcl::Transform3d::Identity();
  poseB.translation() = Vector3d(1.75, 0, 0);  // B spans x in [0.75, 2.75]: 1/4 inside A
  std::printf("A: cube [-1, 1]^3 turned half a turn about z; B: octahedron of radius 1 at (1.75, 0, 0)\n");
  std::printf("exact: overlapping, depth 1/4 (B's tip at x = 0.75, A's face at x = 1), normal A->B (1, 0, 0)\n");

  fcl::CollisionRequestd request(1, true);
  request.gjk_solver_type = fcl::GST_INDEP;
  fcl::CollisionResultd result;
  fcl::collide(a.get(), poseA, b.get(), poseB, request, result);
  if (!result.isCollision()) {
    std::printf("collide: no collision (unexpected here)\n");
    return 2;
  }
  const fcl::Contactd& contact = result.getContact(0);
  const Vector3d& n = contact.normal;
  const Vector3d turned = poseA.linear() * n;
  std::printf("collide GST_INDEP: penetration_depth %.17g, normal (%g, %g, %g), pos (%g, %g, %g)\n",
              contact.penetration_depth, n[0], n[1], n[2], contact.pos[0], contact.pos[1], contact.pos[2]);
  std::printf("  the normal turned by A's rotation: (%g, %g, %g)\n", turned[0], turned[1], turned[2]);
  bool bug = false;
  if (!(contact.penetration_depth > 0)) {
    std::printf("  FAIL: penetration_depth is not positive (GST_LIBCCD answers +1/4 on this pair)\n");
    bug = true;
  }
  if (!(std::fabs(n[0] - 1) < 1e-9 && std::fabs(n[1]) < 1e-9 && std::fabs(n[2]) < 1e-9)) {
    std::printf("  FAIL: normal is not the world's A->B (1, 0, 0) (contact.h: \"from o1 to o2\" in the world)\n");
    bug = true;
  }

  // fcl::distance with a signed distance, in a child: an assertion inside FCL aborts the process.
  std::fflush(stdout);
  const pid_t child = fork();
  if (child < 0) return 2;
  if (child == 0) {
    fcl::DistanceRequestd distanceRequest(true);
    distanceRequest.enable_signed_distance = true;
    distanceRequest.gjk_solver_type = fcl::GST_INDEP;
    fcl::DistanceResultd distanceResult;
    fcl::distance(a.get(), poseA, b.get(), poseB, distanceRequest, distanceResult);
    std::printf("distance GST_INDEP, signed: min_distance %.17g (exact -1/4)\n", distanceResult.min_distance);
    std::fflush(stdout);
    _exit(std::fabs(distanceResult.min_distance + 0.25) < 1e-9 ? 0 : 1);
  }
  int status = 0;
  if (waitpid(child, &status, 0) != child) return 2;
  if (WIFSIGNALED(status)) {
    std::printf("distance GST_INDEP, signed: the process died of signal %d (FCL's assert, distance-inl.h:177)\n",
                WTERMSIG(status));
    bug = true;
  } else if (WEXITSTATUS(status) != 0) {
    std::printf("  FAIL: signed distance is not -1/4\n");
    bug = true;
  }
  std::printf(bug ? "BUG PRESENT\n" : "fixed\n");
  return bug ? 1 : 0;
}
