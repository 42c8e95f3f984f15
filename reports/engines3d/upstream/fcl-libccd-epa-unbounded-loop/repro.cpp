// FCL 0.7.0, GST_LIBCCD (the default solver): the signed distance of a unit sphere with a small cube at its centre
// runs EPA's loop (gjk_libccd-inl.h:1779, `while (1)`) for thousands of iterations. The loop has no iteration bound
// (the only one FCL documents, max_distance_iterations = 1000, reaches GJK's loops alone), its count grows with the
// ratio of the sphere's radius to the cube's size, and each iteration re-scans the whole polytope, so the time grows
// with the square of that ratio: 2.7 s here for a cube of 3.9 mm in a 1 m sphere, 13 s for 2 mm.
//
// The query is run twice: through fcl::distance as users call it (timed, for the record), and through the function it
// ends in, fcl::detail::GJKSignedDistance, with FCL's own support functions wrapped to count the support points of
// A - B that GJK and EPA ask for. The count is what the reproducer judges, not the time.
//
// Build: g++ -std=c++17 repro.cpp $(pkg-config --cflags-only-I --libs fcl) && ./a.out
// Exit 1 while the bug is present, 0 once fixed, 2 on its own errors.
#include <fcl/fcl.h>

#include <chrono>
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

// libccd asks shape 1's support function once for each support point of A - B (then shape 2's): counting shape 1's
// calls counts the support points of the Minkowski difference.
long minkowskiSupports = 0;
fcl::detail::GJKSupportFunction sphereSupport = nullptr;
fcl::detail::GJKSupportFunction convexSupport = nullptr;
void countedSphereSupport(const void* obj, const ccd_vec3_t* dir, ccd_vec3_t* v) {
  ++minkowskiSupports;
  sphereSupport(obj, dir, v);
}

double seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

}  // namespace

int main() {
  const double radius = 1;
  const double h = std::ldexp(1.0, -9);  // the cube's half-side, 1/512 m: a cube of 3.9 mm
  const fcl::Sphered sphere(radius);
  const auto box = cube(h);
  const fcl::Transform3d pose = fcl::Transform3d::Identity();  // both at the origin
  std::printf("A: sphere of radius 1 at the origin; B: cube [-1/512, 1/512]^3 at the origin (inside A)\n");
  std::printf("exact: overlapping, penetration depth 1 + 1/512 = %.17g (signed distance its negative)\n", radius + h);

  // 1. As users call it: fcl::distance with a signed distance and FCL's defaults (GST_LIBCCD, tolerance 1e-6).
  fcl::DistanceRequestd request(true);
  request.enable_signed_distance = true;
  fcl::DistanceResultd result;
  auto start = std::chrono::steady_clock::now();
  fcl::distance(&sphere, pose, box.get(), pose, request, result);
  std::printf("fcl::distance GST_LIBCCD, signed: min_distance %.17g in %.2f s\n", result.min_distance,
              seconds(start));

  // 2. The same query through the function fcl::distance ends in (gjk_solver_libccd-inl.h:563-572, with the
  // solver's defaults max_distance_iterations 1000 and distance_tolerance 1e-6, :974-976), support calls counted.
  const unsigned int maxIterations = 1000;
  const double tolerance = 1e-6;
  void* a = fcl::detail::GJKInitializer<double, fcl::Sphered>::createGJKObject(sphere, pose);
  void* b = fcl::detail::GJKInitializer<double, fcl::Convexd>::createGJKObject(*box, pose);
  sphereSupport = fcl::detail::GJKInitializer<double, fcl::Sphered>::getSupportFunction();
  convexSupport = fcl::detail::GJKInitializer<double, fcl::Convexd>::getSupportFunction();
  double distance = NAN;
  Vector3d p1, p2;
  start = std::chrono::steady_clock::now();
  fcl::detail::GJKSignedDistance(a, countedSphereSupport, b, convexSupport, maxIterations, tolerance, &distance, &p1,
                                 &p2);
  const double elapsed = seconds(start);
  fcl::detail::GJKInitializer<double, fcl::Sphered>::deleteGJKObject(a);
  fcl::detail::GJKInitializer<double, fcl::Convexd>::deleteGJKObject(b);
  if (!(std::fabs(distance - result.min_distance) <= 1e-12)) {
    std::printf("the direct call answered %.17g, not fcl::distance's answer: not the same path\n", distance);
    return 2;
  }
  // GJK asks at most its first support point and one per iteration of its loop (gjk_libccd-inl.h:1611, :1620-1622);
  // EPA's set-up at most one per libccd direction on the sphere plus 3 (simplexToPolytope2, :614-641). An EPA held to
  // the same documented limit would ask at most max_iterations more.
  const long budget = 2L * maxIterations + 1 + long(ccd_points_on_sphere_len) + 3;
  std::printf("GJKSignedDistance: %.17g after %ld support points of A - B in %.2f s (budget %ld: GJK and EPA at\n"
              "   max_distance_iterations = %u each)\n", distance, minkowskiSupports, elapsed, budget, maxIterations);
  bool bug = false;
  if (!(std::fabs(-distance - (radius + h)) <= tolerance)) {
    std::printf("  FAIL: the depth is off by more than the tolerance\n");
    bug = true;
  }
  if (minkowskiSupports > budget) {
    std::printf("  FAIL: %ld support points, %.1f times the budget: EPA's loop is not bounded by max_iterations\n",
                minkowskiSupports, double(minkowskiSupports) / budget);
    bug = true;
  }
  std::printf(bug ? "BUG PRESENT\n" : "fixed\n");
  return bug ? 1 : 0;
}
