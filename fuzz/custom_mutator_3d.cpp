// The libFuzzer hook of the 3D geometry-aware mutator (geometry_mutator_3d.h), linked into the libFuzzer build of
// fuzz_distance3d. GJK_MUTATOR=0 turns the geometry moves off, as custom_mutator.cpp does in 2D.
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "fuzz/geometry_mutator_3d.h"

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t maxSize);

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t maxSize,
                                               unsigned int seed) {
  static const bool ENABLED = [] {
    const char* value = std::getenv("GJK_MUTATOR");
    return value == nullptr || std::strcmp(value, "0") != 0;
  }();
  if (ENABLED && seed % gjk::fuzz::MUTATOR_BYTE_SHARE != 0) {
    if (std::size_t mutated = gjk::fuzz::mutateGeometry3d(data, size, maxSize, seed / gjk::fuzz::MUTATOR_BYTE_SHARE)) {
      return mutated;
    }
  }
  return LLVMFuzzerMutate(data, size, maxSize);
}
