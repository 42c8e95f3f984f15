// fuzz_case_reader: arbitrary bytes into the gjk-case text reader.
//
// Property: parseCase either returns a case or throws CaseError whose message starts with the file
// name it was given ("FILE:LINE: message" or "FILE: message"); nothing else escapes, nothing crashes or
// leaks (AddressSanitizer's leak check runs at exit). A case it returns is well formed (1..16 vertices
// per shape, 1..64 in 3D, finite numbers, radius not negative, a unit rotation or quaternion as docs/case-format.md
// defines it) and round-trips: formatCase, then parseCase, then
// formatCase again gives the same text.
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

#include "case/case.h"
#include "case/unit_rotation.h"
#include "core/limits.h"
#include "fuzz/fuzz_support.h"

using namespace gjk;

namespace {

constexpr const char* FILE_NAME = "input.case";

// In a 3D case (`dimension 3`): up to 64 vertices, a unit quaternion and the 2D rotation left at (1, 0); in a 2D
// case every 3D number left at its default.
bool wellFormed(const check::ShapeSpec& s, int dimension) {
  const bool space = dimension == 3;
  const int limit = space ? check::MAX_POLYTOPE_VERTICES : MAX_POLYGON_VERTICES;
  if (s.vertices.empty() || s.vertices.size() > static_cast<std::size_t>(limit)) return false;
  bool ok = std::isfinite(s.radius) && !(s.radius < 0) && std::isfinite(s.positionX) &&
            std::isfinite(s.positionY) && std::isfinite(s.positionZ) && check::isUnitRotation(s.rotationC, s.rotationS);
  const bool unitQuaternion = check::isUnitQuaternion(s.quaternionW, s.quaternionX, s.quaternionY, s.quaternionZ);
  const bool identityQuaternion = s.quaternionW == 1 && s.quaternionX == 0 && s.quaternionY == 0 && s.quaternionZ == 0;
  ok = ok && (space ? unitQuaternion : identityQuaternion && s.positionZ == 0);
  for (const check::Vertex& v : s.vertices) {
    ok = ok && std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z) && (space || v.z == 0);
  }
  return ok;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::executionClock();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::executionClock().tick();
  std::string_view text(reinterpret_cast<const char*>(data), size);
  check::Case value;
  try {
    value = check::parseCase(text, FILE_NAME);
  } catch (const check::CaseError& error) {
    std::string_view message = error.what();
    if (!message.starts_with(FILE_NAME) || error.file() != FILE_NAME || error.line() < 0) {
      check::Case empty;
      fuzz::reportFailureAndAbort("fuzz_case_reader", "a CaseError that does not name the file", empty,
                                  std::string("  message: ") + error.what() + "\n");
    }
    return 0;
  }
  if ((value.dimension != 2 && value.dimension != 3) || !wellFormed(value.a, value.dimension) ||
      !wellFormed(value.b, value.dimension)) {
    fuzz::reportFailureAndAbort("fuzz_case_reader", "the reader returned a malformed case", value, "");
  }
  std::string once = check::formatCase(value);
  std::string twice = check::formatCase(check::parseCase(once, FILE_NAME));
  if (once != twice) {
    fuzz::reportFailureAndAbort("fuzz_case_reader", "formatCase does not round-trip", value,
                                "---- formatted again\n" + twice);
  }
  return 0;
}
