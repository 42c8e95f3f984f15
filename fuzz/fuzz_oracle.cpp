// fuzz_oracle: the exact oracle's two methods must agree.
//
// Property: for every finite input case, solveByHull (explicit Minkowski difference, exact hull) and
// solveWithoutHull (vertex-edge pairs and an exact containment test, no hull) give the same relation,
// the same exact squared core distance and the same exact closest point (oracle/oracle.h). Both are
// exact, so any difference is a bug in one of them; the target prints the case and both answers and
// aborts.
#include <cstdint>
#include <optional>

#include "check/exact_case.h"
#include "check/fuzz_input.h"
#include "fuzz/fuzz_support.h"

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
  bool agree = hull.relation == noHull.relation && hull.coreDistanceSquared == noHull.coreDistanceSquared &&
               hull.closestPoint.x == noHull.closestPoint.x && hull.closestPoint.y == noHull.closestPoint.y;
  if (!agree) {
    fuzz::reportFailureAndAbort("fuzz_oracle", "solveByHull and solveWithoutHull disagree", *value,
                                "---- solveByHull\n" + fuzz::exactAnswerText(hull) + "---- solveWithoutHull\n" +
                                    fuzz::exactAnswerText(noHull));
  }
  return 0;
}
