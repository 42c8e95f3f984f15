// The libFuzzer hook of the geometry-aware mutator (geometry_mutator.h). Linked into the libFuzzer
// builds of the targets whose input is a case (fuzz_distance, fuzz_oracle, fuzz_cache).
//
// GJK_MUTATOR=0 in the environment turns the geometry moves off: every mutation is then libFuzzer's own
// (LLVMFuzzerMutate), which is how `gjkcheck campaign --measure-mutator` measures what the moves buy.
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "fuzz/geometry_mutator.h"

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t maxSize);

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t maxSize,
                                               unsigned int seed) {
  static const bool ENABLED = [] {
    const char* value = std::getenv("GJK_MUTATOR");
    return value == nullptr || std::strcmp(value, "0") != 0;
  }();
  if (ENABLED && seed % gjk::fuzz::MUTATOR_BYTE_SHARE != 0) {
    if (std::size_t mutated = gjk::fuzz::mutateGeometry(data, size, maxSize, seed / gjk::fuzz::MUTATOR_BYTE_SHARE)) {
      return mutated;
    }
  }
  return LLVMFuzzerMutate(data, size, maxSize);
}
