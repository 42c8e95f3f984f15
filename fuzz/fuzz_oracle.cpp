// fuzz_oracle: the exact oracle's methods must agree.
//
// Property: for every finite input case, solveByHull (the fast method: a double filter with proven
// bounds, the two shapes' hulls merged edge by edge), solveByPointCloudHull (the reference: the explicit
// Minkowski point cloud and its exact hull) and solveWithoutHull (vertex-edge pairs and an exact
// containment test, no hull) give the same relation, the same exact squared core distance and the same
// exact closest point, and the two hull methods the same Minkowski hull, vertex by vertex
// (oracle/oracle.h). All are exact, so any difference is a bug in one of them; the target prints the
// case and the answers and aborts.
#include <cstdint>
#include <optional>

#include "case/fuzz_input.h"
#include "fuzz/fuzz_support.h"
#include "verdict/exact_case.h"

using namespace gjk;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::executionClock();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::executionClock().tick();
  std::optional<check::Case> value = check::decodeFuzzInput(data, size);
  if (!value) return -1;
  oracle::InputShape a = check::toOracleShape(value->a), b = check::toOracleShape(value->b);
  oracle::ExactAnswer hull = oracle::solveByHull(a, b);
  oracle::ExactAnswer noHull = oracle::solveWithoutHull(a, b);
  oracle::ExactAnswer cloud = oracle::solveByPointCloudHull(a, b);
  auto same = [](const oracle::ExactAnswer& x, const oracle::ExactAnswer& y) {
    return x.relation == y.relation && x.coreDistanceSquared == y.coreDistanceSquared &&
           x.closestPoint.x == y.closestPoint.x && x.closestPoint.y == y.closestPoint.y;
  };
  bool sameHull = hull.minkowskiHull.size() == cloud.minkowskiHull.size();
  for (size_t i = 0; sameHull && i < hull.minkowskiHull.size(); ++i) {
    sameHull = hull.minkowskiHull[i].x == cloud.minkowskiHull[i].x && hull.minkowskiHull[i].y == cloud.minkowskiHull[i].y;
  }
  if (!same(hull, noHull) || !same(hull, cloud) || !sameHull) {
    fuzz::reportFailureAndAbort("fuzz_oracle", "the oracle's methods disagree", *value,
                                "---- solveByHull\n" + fuzz::exactAnswerText(hull) + "---- solveByPointCloudHull\n" +
                                    fuzz::exactAnswerText(cloud) + "---- solveWithoutHull\n" +
                                    fuzz::exactAnswerText(noHull));
  }
  return 0;
}
