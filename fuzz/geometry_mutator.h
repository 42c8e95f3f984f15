// The geometry-aware mutator: moves on the decoded case that reach the degenerate configurations a
// float GJK gets wrong, instead of flipping bytes and hoping.
//
// libFuzzer calls LLVMFuzzerCustomMutator (custom_mutator.cpp) for every mutation; it decodes the input
// (case/fuzz_input.h), applies one of the moves below and encodes the result. When the input does not
// decode, or the move does not apply, or one time in MUTATOR_BYTE_SHARE, it falls back to libFuzzer's
// own byte mutations (LLVMFuzzerMutate), which keep the dictionary and the comparison tracing at work.
// This file has no libFuzzer symbol, so the unit tests link it in every build.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "case/case.h"
#include "families/splitmix64.h"

namespace gjk::fuzz {

// A small deterministic generator (the project's SplitMix64, families/splitmix64.h): the same seed gives the
// same mutation.
class Random {
 public:
  explicit Random(std::uint64_t seed) : generator_(seed) {}
  std::uint64_t next() { return generator_.next(); }
  // Uniform in [0, n), n > 0.
  int below(int n);
  bool coin() { return (next() & 1) != 0; }
  // Uniform in [0, 1).
  double unit();

 private:
  check::SplitMix64 generator_;
};

enum class Move {
  NudgeUlps,          // a coordinate (or radius, position, rotation) moves by k ulps, k = +-2^j, j in 0..12
  MakeCollinear,      // a vertex moves onto the segment between its neighbours (t = 1/2 or random)
  OntoOtherEdge,      // a vertex moves onto an edge of the other shape, world frame, rounded to float
  NearParallel,       // a shape turns so one of its edges is parallel to one of the other's, +- 2^-k
  ShortenEdge,        // an edge shrinks by 2^-k, k in 1..24, toward its first vertex
  FarFromOrigin,      // both shapes move by the same large offset (up to 2^30)
  RescaleExponents,   // every number of both shapes (or one shape's vertices) times 2^k, k in -64..64
  CopyCoordinate,     // a coordinate takes another coordinate's value, or a special value (0, FLT_MIN, ...)
  DuplicateVertex,    // a vertex is listed twice
  DropVertex,         // a vertex is removed
  ReorderVertices,    // reverse, rotate, or swap two vertices
  SwapShapes,         // A and B trade places
};
inline constexpr int MOVE_COUNT = 12;

const char* moveName(Move move);

// Applies the move to the case. Every rotation it leaves is a unit rotation (docs/case-format.md): a move that
// changes c or s is followed by check::toUnitRotation, the fuzz decoder's own mapping, so a nudged
// rotation turns slightly instead of leaving the unit circle. False when it does not apply (too few or too many vertices) or would
// leave a number that is not finite; the case may then be partly changed and should be dropped.
bool applyMove(Move move, check::Case& value, Random& random);

// One mutation of a fuzzer input in place: decode, a random move (retried a few times when it does
// not apply), encode. Returns the new size, or 0 when the caller should use the byte mutator.
std::size_t mutateGeometry(std::uint8_t* data, std::size_t size, std::size_t maxSize, unsigned seed);

// One in this many mutations goes to libFuzzer's byte mutator even when the input decodes.
inline constexpr unsigned MUTATOR_BYTE_SHARE = 4;

}  // namespace gjk::fuzz
