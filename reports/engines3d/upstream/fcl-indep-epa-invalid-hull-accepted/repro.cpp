// FCL 0.7.0, GST_INDEP: fcl::collide on two overlapping fcl::Convex reports the face EPA had when its expansion
// failed (status InvalidHull) as the contact: gjk_solver_indep-inl.h:141 accepts every EPA status but Failed. Two
// unit cubes overlapping by 1/4 along x get depth 0.144 along (0.577, -0.577, -0.577).
// (The contact's sign and frame are a separate finding, fcl-indep-contact-negative-depth: this check ignores both.)
//
// Build: g++ -std=c++17 repro.cpp $(pkg-config --cflags-only-I --libs fcl) && ./a.out
// Exit 1 while the bug is present, 0 once fixed, 2 on its own errors.
#include <fcl/fcl.h>

#include <cmath>
#include <cstdio>

namespace {

using fcl::Vector3d;

// The cube [-1/2, 1/2]^3 as FCL users make a convex: its vertices and six faces, counter-clockwise from outside.
std::shared_ptr<fcl::Convexd> unitCube() {
  auto vertices = std::make_shared<std::vector<Vector3d>>();
  for (int i = 0; i < 8; ++i) vertices->emplace_back(i & 1 ? 0.5 : -0.5, i & 2 ? 0.5 : -0.5, i & 4 ? 0.5 : -0.5);
  auto faces = std::make_shared<std::vector<int>>(std::vector<int>{
      4, 0, 2, 3, 1, 4, 4, 5, 7, 6, 4, 0, 1, 5, 4, 4, 2, 6, 7, 3, 4, 0, 4, 6, 2, 4, 1, 3, 7, 5});
  return std::make_shared<fcl::Convexd>(vertices, 6, faces);
}

const char* statusName(int status) {
  static const char* names[] = {"Valid",     "Touching",      "Degenerated",     "NonConvex", "InvalidHull",
                                "OutOfFaces", "OutOfVertices", "AccuracyReached", "FallBack",  "Failed"};
  return status >= 0 && status < 10 ? names[status] : "?";
}

}  // namespace

int main() {
  const auto cube = unitCube();
  const fcl::Transform3d poseA = fcl::Transform3d::Identity();
  fcl::Transform3d poseB = fcl::Transform3d::Identity();
  poseB.translation() = Vector3d(0.75, 0, 0);
  std::printf("A: cube [-1/2, 1/2]^3; B: the same cube at (0.75, 0, 0)\n");
  std::printf("exact: overlapping, depth 1/4 along (1, 0, 0)\n");

  fcl::CollisionRequestd request(1, true);
  request.gjk_solver_type = fcl::GST_INDEP;
  fcl::CollisionResultd result;
  fcl::collide(cube.get(), poseA, cube.get(), poseB, request, result);
  if (!result.isCollision()) {
    std::printf("collide GST_INDEP: no collision (unexpected)\n");
    return 2;
  }
  const fcl::Contactd& contact = result.getContact(0);
  const Vector3d& n = contact.normal;
  std::printf("collide GST_INDEP: penetration_depth %.17g, normal (%g, %g, %g)\n", contact.penetration_depth, n[0],
              n[1], n[2]);

  // The steps of ShapeIntersectIndepImpl::run (gjk_solver_indep-inl.h:126-140), FCL's own GJK and EPA with the
  // solver's defaults, to show the EPA status that collide does not look at.
  const fcl::detail::GJKSolver_indep<double> solver;
  fcl::detail::MinkowskiDiff<double> shape;
  shape.shapes[0] = cube.get();
  shape.shapes[1] = cube.get();
  shape.toshape1.noalias() = poseB.linear().transpose() * poseA.linear();
  shape.toshape0 = poseA.inverse(Eigen::Isometry) * poseB;
  const Vector3d guess(1, 0, 0);
  fcl::detail::GJK<double> gjk(solver.gjk_max_iterations, solver.gjk_tolerance);
  gjk.evaluate(shape, -guess);
  fcl::detail::EPA<double> epa(solver.epa_max_face_num, solver.epa_max_vertex_num, solver.epa_max_iterations,
                               solver.epa_tolerance);
  const auto status = epa.evaluate(gjk, -guess);
  std::printf("  its EPA: status %s, depth %.17g\n", statusName(static_cast<int>(status)), epa.depth);

  // Sign and frame aside: the magnitude of the depth and the axis of the normal.
  const bool depthWrong = std::fabs(std::fabs(contact.penetration_depth) - 0.25) > 1e-9;
  const bool axisWrong = std::fabs(std::fabs(n[0]) - 1) > 1e-9;
  if (depthWrong) std::printf("  FAIL: |penetration_depth| is not 1/4\n");
  if (axisWrong) std::printf("  FAIL: the normal is not along x\n");
  const bool bug = depthWrong || axisWrong;
  std::printf(bug ? "BUG PRESENT\n" : "fixed\n");
  return bug ? 1 : 0;
}
