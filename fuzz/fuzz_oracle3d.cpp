// fuzz_oracle3d: the exact 3D oracle's two methods must agree.
//
// Property: for every finite 3D input case (case/fuzz_input_3d.h), solveByHull3 (the exact hull of the
// Minkowski point cloud) and solveWithoutHull3 (exact GJK with Johnson's sub-algorithm, then an exact EPA)
// give the same answer on every field of ExactAnswer3: relation, exact squared core distance, exact closest
// point, radius, scale, interior, penetration depth squared and normal (oracle/oracle3_compare.h, the
// comparison of the cross-check test). Both are exact and share nothing geometric, so any difference is a
// bug in one of them; the target prints the case, the field and both answers, and aborts.
#include <cstdint>
#include <optional>
#include <string>

#include "case/fuzz_input_3d.h"
#include "fuzz/fuzz_support.h"
#include "oracle/oracle3_compare.h"
#include "verdict/exact_case3.h"

using namespace gjk;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::executionClock();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::executionClock().tick();
  std::optional<check::Case> value = check::decodeFuzzInput3d(data, size);
  if (!value) return -1;
  const oracle::InputShape3 a = check::toOracleShape3(value->a), b = check::toOracleShape3(value->b);
  const oracle::ExactAnswer3 byHull = oracle::solveByHull3(a, b);
  const oracle::ExactAnswer3 withoutHull = oracle::solveWithoutHull3(a, b);
  const std::string difference = oracle::firstDifference3(byHull, withoutHull);
  if (!difference.empty()) {
    fuzz::reportFailureAndAbort("fuzz_oracle3d", "the 3D oracle's methods disagree on " + difference, *value,
                                "---- solveByHull3\n" + oracle::answerText3(byHull) + "\n---- solveWithoutHull3\n" +
                                    oracle::answerText3(withoutHull) + "\n");
  }
  return 0;
}
