// The fuzzer input encoding of a 3D case (Case::dimension 3), for the 3D fuzz targets: a separate entry beside
// the 2D one (fuzz_input.h), whose layout and inputs stay as they were. The same bytes mean a 2D case to
// decodeFuzzInput and a 3D one to decodeFuzzInput3d; a target reads its inputs with one of them only.
//
// Layout (every number a float, 4 bytes, little-endian IEEE-754 bits):
//
//   byte 0   A's vertex count - 1 in the low 6 bits (1..64); bits 6 and 7 are ignored
//   byte 1   B's vertex count - 1 in the low 6 bits (1..64); bits 6 and 7 are ignored
//   byte 2   flags: bit 0 A has a radius, bit 1 A has a position, bit 2 A has a rotation,
//                   bit 3 B has a radius, bit 4 B has a position, bit 5 B has a rotation; bits 6, 7 ignored
//   then shape A: [radius] [position x y z] [rotation w x y z] vertex x y z (count times)
//   then shape B: the same
//   any bytes after that: not part of the case (ignored; `consumed` says where the case ended)
//
// What it can express: every finite float bit pattern (subnormals and -0 included) in every field but the
// rotation, which is any unit quaternion (below); 1..MAX_POLYTOPE_VERTICES (64) vertices per shape. An absent
// field takes the case file's default (radius 0, position 0 0 0, rotation 1 0 0 0). The encoding of a case is
// at most 3 + 2 * (1 + 3 + 4 + 3 * 64) * 4 = 1603 bytes. There is no translation: there is no 3D cast case.
//
// What is rejected or mapped, deterministically, as in 2D:
// - fewer bytes than the counts and flags call for: rejected (no case);
// - a NaN or an infinity in any field: rejected;
// - a negative radius (sign bit set, nonzero): mapped to its absolute value; -0 stays -0;
// - a rotation (w, x, y, z) that is not a unit quaternion (case/unit_rotation.h, |w^2 + x^2 + y^2 + z^2 - 1| >
//   2^-20 exactly): mapped by toUnitQuaternion to the quaternion normalized in float (the same bits on every
//   IEEE machine), or to (1, 0, 0, 0) for four zeros. A unit quaternion is kept bit for bit.
// So every decoded case is one the case reader accepts. decodeFuzzInput3d(encodeFuzzInput3d(c)) equals c bit
// for bit in every field (meta lines excepted: the encoding carries geometry only).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "case/case.h"

namespace gjk::check {

// The longest encoding of a 3D case: three count/flag bytes and two shapes of 8 + 3 * 64 floats.
inline constexpr std::size_t FUZZ_INPUT_3D_MAX_CASE_SIZE = 3 + 2 * (1 + 3 + 4 + 3 * MAX_POLYTOPE_VERTICES) * 4;

// The 3D case the bytes encode, or nullopt when they encode none (too short, or a non-finite number).
// `consumed`, when given, receives the number of bytes the case used.
std::optional<Case> decodeFuzzInput3d(const std::uint8_t* data, std::size_t size, std::size_t* consumed = nullptr);

// The bytes of a 3D case. Throws std::invalid_argument when the case cannot be encoded: not a 3D case, a shape
// with no vertex or more than MAX_POLYTOPE_VERTICES, a number that is not finite, a negative radius, a
// quaternion that is not a unit one, a 2D rotation (c, s) other than (1, 0), a translation or a turn.
std::vector<std::uint8_t> encodeFuzzInput3d(const Case& value);

}  // namespace gjk::check
