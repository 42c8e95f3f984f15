// FCL 0.7.0, GST_LIBCCD (the default solver): the signed fcl::distance of two cubes resting face on face aborts on
// FCL's EPA assertion `isOutsidePolytopeFace(&polytope, &f, &query_point)' (gjk_libccd-inl.h:1327). GJK ends on
// four support points that all lie in the touching plane (a flat simplex, which doSimplex4's volume test at :501-505
// lets through), EPA starts from that zero-volume "tetrahedron" (:884-905), loses the origin after one expansion and
// then expands from a face that its new vertex lies behind. Debian's libfcl keeps FCL's assertions: the process
// dies of SIGABRT, so the query runs in a forked child.
//
// Build: g++ -std=c++17 repro.cpp $(pkg-config --cflags-only-I --libs fcl) && ./a.out
// Exit 1 while the bug is present, 0 once fixed, 2 on its own errors.
#include <fcl/fcl.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstring>

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

struct Answer {
  bool aborted = false;
  int signal = 0;
  double distance = NAN;
};

// fcl::distance in a forked child (an assertion inside FCL aborts the process); the distance comes back by a pipe.
Answer distanceInChild(const fcl::Convexd& a, const fcl::Transform3d& poseA, const fcl::Convexd& b,
                       const fcl::Transform3d& poseB, bool signedDistance) {
  Answer answer;
  int fds[2];
  if (pipe(fds) != 0) std::exit(2);
  std::fflush(stdout);
  const pid_t child = fork();
  if (child < 0) std::exit(2);
  if (child == 0) {
    close(fds[0]);
    fcl::DistanceRequestd request(true);  // nearest points, FCL's other defaults: GST_LIBCCD, tolerance 1e-6
    request.enable_signed_distance = signedDistance;
    fcl::DistanceResultd result;
    fcl::distance(&a, poseA, &b, poseB, request, result);
    const double d = result.min_distance;
    if (write(fds[1], &d, sizeof d) != sizeof d) _exit(2);
    _exit(0);
  }
  close(fds[1]);
  double d = NAN;
  const bool got = read(fds[0], &d, sizeof d) == sizeof d;
  close(fds[0]);
  int status = 0;
  if (waitpid(child, &status, 0) != child) std::exit(2);
  if (WIFSIGNALED(status)) {
    answer.aborted = true;
    answer.signal = WTERMSIG(status);
  } else if (!got || WEXITSTATUS(status) != 0) {
    std::exit(2);
  } else {
    answer.distance = d;
  }
  return answer;
}

}  // namespace

int main() {
  const auto a = cube(1);    // the 2 m cube [-1, 1]^3 at the origin
  const auto b = cube(0.5);  // a 1 m cube resting on it
  const fcl::Transform3d poseA = fcl::Transform3d::Identity();
  fcl::Transform3d poseB = fcl::Transform3d::Identity();
  // Turned about z by the quaternion (0.6, 0, 0, 0.8) (106.26 degrees; the float values a case file holds). Its
  // matrix's third row and column are exactly (0, 0, 1), so B's bottom face is exactly the plane z = 1, A's top.
  poseB.linear() = Eigen::Quaterniond(0.6f, 0, 0, 0.8f).toRotationMatrix();
  poseB.translation() = Vector3d(0, 0.25, 1.5);
  std::printf("A: cube [-1, 1]^3 at the origin; B: cube [-0.5, 0.5]^3 turned about z by q = (0.6, 0, 0, 0.8),\n"
              "   at (0, 0.25, 1.5): B's bottom face lies on A's top face (z = 1)\n");
  std::printf("exact: touching, signed distance 0\n");

  bool bug = false;
  const Answer signedAnswer = distanceInChild(*a, poseA, *b, poseB, true);
  if (signedAnswer.aborted) {
    std::printf("fcl::distance GST_LIBCCD, signed: the process died of signal %d (%s; FCL's EPA assertion,\n"
                "   gjk_libccd-inl.h:1327, message above)\n",
                signedAnswer.signal, strsignal(signedAnswer.signal));
    bug = true;
  } else {
    std::printf("fcl::distance GST_LIBCCD, signed: min_distance %.17g\n", signedAnswer.distance);
    if (!(std::fabs(signedAnswer.distance) <= 1e-9)) {
      std::printf("  FAIL: not 0 within 1e-9\n");
      bug = true;
    }
  }
  // For comparison: the unsigned distance (GJK only, no EPA) of the same pair.
  const Answer unsignedAnswer = distanceInChild(*a, poseA, *b, poseB, false);
  if (unsignedAnswer.aborted) {
    std::printf("fcl::distance GST_LIBCCD, unsigned: the process died of signal %d\n", unsignedAnswer.signal);
  } else {
    std::printf("fcl::distance GST_LIBCCD, unsigned: min_distance %.17g (GJK alone: -1 is its \"in contact\")\n",
                unsignedAnswer.distance);
  }
  std::printf(bug ? "BUG PRESENT\n" : "fixed\n");
  return bug ? 1 : 0;
}
