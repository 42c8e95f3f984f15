// The geometry-aware mutator for 3D inputs (case/fuzz_input_3d.h), beside the 2D one (geometry_mutator.h): moves
// on the decoded 3D case toward the configurations a float GJK in space gets wrong: coplanar faces, parallel
// edges, points on faces, repeated vertices, extreme scales and offsets, exact quarter turns.
//
// libFuzzer calls LLVMFuzzerCustomMutator (custom_mutator_3d.cpp, linked into fuzz_distance3d) for every mutation;
// it decodes the input with decodeFuzzInput3d, applies one move and encodes the result with encodeFuzzInput3d.
// When the input does not decode, or the move does not apply, or one time in MUTATOR_BYTE_SHARE, it falls back
// to libFuzzer's own byte mutations (LLVMFuzzerMutate). No libFuzzer symbol here: the unit tests link it in every
// build. Every case a move leaves is one the 3D case reader accepts: finite numbers, radii >= 0, unit
// quaternions (case/unit_rotation.h, toUnitQuaternion: the decoder's own mapping).
#pragma once

#include <cstddef>
#include <cstdint>

#include "case/case.h"
#include "fuzz/geometry_mutator.h"

namespace gjk::fuzz {

enum class Move3 {
  NudgeUlps,         // a coordinate (vertex, radius, position or quaternion component) moves by +-2^j ulps, j in 0..12
  CoplanarVertex,    // a vertex moves onto the plane of three other vertices of its shape: the plane point rounded
                     // to float, then the float neighbour (+-1 ulp per coordinate) with the smallest orientation
                     // residual, so the four are as coplanar as floats allow
  OntoAxisPlane,     // a vertex's world x, y or z set to that of a vertex of the other shape: both on one
                     // axis-aligned plane (a face of a box-like other shape); its shape turned to the identity
  ParallelEdge,      // a vertex of B set so that an edge of B is parallel to an edge of A (world frame, B's
                     // second vertex = its first + s (a1 - a0), s a power of two, rounded to float)
  OntoFace,          // a vertex dropped onto the triangle of three vertices of the other shape (barycentric 1/3
                     // each, or random weights), world frame, rounded to float
  DuplicateVertex,   // a vertex is listed twice
  DropVertex,        // a vertex is removed
  ScalePowerOfTwo,   // every number of both shapes (or one shape's vertices) times 2^k, k in -64..64: exact
  FarAway,           // both shapes move by the same large offset (up to 2^30 along a random axis or diagonal),
                     // or one shape alone moves far along a line through the origin
  QuarterTurn,       // a quaternion set to an exact turn: identity, a half turn about an axis, a quarter turn
                     // about an axis (components sqrt(1/2) in float), or the axis permutation (1/2, +-1/2, ...)
  CopyCoordinate,    // a coordinate takes another one's value, or a special value (0, -0, FLT_MIN, 1, ...)
  SwapShapes,        // A and B trade places
};
inline constexpr int MOVE3_COUNT = 12;

const char* move3Name(Move3 move);

// Applies the move to a 3D case. False when it does not apply (too few or too many vertices) or would leave a
// number that is not finite; the case may then be partly changed and should be dropped.
bool applyMove3(Move3 move, check::Case& value, Random& random);

// One mutation of a 3D fuzzer input in place: decode, a random move (retried a few times when it does not
// apply), encode. Returns the new size, or 0 when the caller should use the byte mutator.
std::size_t mutateGeometry3d(std::uint8_t* data, std::size_t size, std::size_t maxSize, unsigned seed);

}  // namespace gjk::fuzz
