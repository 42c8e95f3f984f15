// The fuzzer input encoding: a case as the bytes libFuzzer mutates, shared by the fuzz targets, the
// geometry-aware mutator and `gjkcheck convert`. This is the 2D encoding; a 3D case (Case::dimension 3) has its
// own, fuzz_input_3d.h, and encodeFuzzInput refuses it.
//
// Layout (every number a float, 4 bytes, little-endian IEEE-754 bits):
//
//   byte 0   counts: low nibble = A's vertex count - 1, high nibble = B's vertex count - 1 (1..16 each)
//   byte 1   flags:  bit 0 A has a radius, bit 1 A has a position, bit 2 A has a rotation,
//                    bit 3 B has a radius, bit 4 B has a position, bit 5 B has a rotation,
//                    bit 6 the case is a cast case (B has a translation); bit 7 is ignored
//   then shape A: [radius] [position x y] [rotation c s] vertex x y (count times)
//   then shape B: the same
//   then, when bit 6 is set: B's translation x y (the line `b.translation X Y` of docs/case-format.md)
//   any bytes after that: not part of the case (ignored by decodeFuzzInput; fuzz_cache reads them)
//
// The translation came with the cast (issue 22) as bit 6, which encodeFuzzInput never set before: every
// input written from a case (the corpus converted by `gjkcheck convert`, the fuzzers' seeds) decodes as it
// did. Only bytes a fuzzer mutated by hand with bit 6 set now decode as a cast case (or, without 8 more
// bytes, as none); fuzz_cache's trailing 8 bytes follow the translation, so its inputs keep their layout.
//
// What it can express: every finite float bit pattern (subnormals and -0 included) in every field but
// the rotation, which is any unit rotation (below),
// 1..MAX_POLYGON_VERTICES (16) vertices per shape, radii and transforms. An absent field takes the
// case file's default (radius 0, position 0 0, rotation 1 0), so a case with default fields encodes
// small. The encoding of a case is at most 2 + (2 * (5 + 2 * 16) + 2) * 4 = 306 bytes (298 without a
// translation).
//
// What is rejected or mapped, deterministically:
// - fewer bytes than the counts and flags call for: rejected (no case);
// - a NaN or an infinity in any field: rejected, since the oracle and the case format take finite
//   floats only (a fuzzer that produced one would only test the rejection);
// - a negative radius (sign bit set, nonzero): mapped to its absolute value, so the common bit flip of
//   a mutation still gives a case; -0 stays -0, which the case format accepts;
// - a rotation (c, s) that is not a unit rotation (case/unit_rotation.h, |c^2 + s^2 - 1| > 2^-20 exactly):
//   mapped by toUnitRotation to the pair normalized in float (a power-of-two rescaling, then sqrtf and
//   two divisions, each correctly rounded, so the same bits on every machine), or to (1, 0) for (0, 0).
//   A unit pair is kept bit for bit. So every decoded case is one the case reader accepts, and a fuzzer
//   can never produce a non-unit rotation.
// decodeFuzzInput(encodeFuzzInput(c)) equals c bit for bit in every field, the translation and
// hasTranslation included (meta lines excepted: the encoding carries geometry only). The turn of a rotating
// cast case (b.angular) is not encoded: a decoded case never has one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "case/case.h"

namespace gjk::check {

// The longest encoding of a case: two count/flag bytes, two shapes of 5 + 32 floats and a translation.
inline constexpr std::size_t FUZZ_INPUT_MAX_CASE_SIZE = 2 + (2 * (5 + 2 * 16) + 2) * 4;

// The case the bytes encode, or nullopt when they encode none (too short, or a non-finite number).
// `consumed`, when given, receives the number of bytes the case used.
std::optional<Case> decodeFuzzInput(const std::uint8_t* data, std::size_t size, std::size_t* consumed = nullptr);

// The bytes of a case. Throws std::invalid_argument when the case cannot be encoded: not a 2D case (or one
// with a z, a positionZ or a quaternion set), a shape with no
// vertex or more than MAX_POLYGON_VERTICES, a number that is not finite, a negative radius, a rotation
// that is not a unit rotation.
std::vector<std::uint8_t> encodeFuzzInput(const Case& value);

// True when the bytes look like a case file (text starting, after an optional byte order mark,
// blank lines and comments, with `gjk-case`), false when they should be read as a fuzzer input.
bool looksLikeCaseText(std::string_view bytes);

// The file name of a case file's fuzzer input: its path below `root` (the folder it was found in; its own
// name when `root` is the file), without the extension, '/' turned into '-' ("cast-short-edge-plank"). Used by
// `gjkcheck convert --to input` and fuzz_seed_inputs, so both name an input alike.
std::string fuzzInputName(const std::filesystem::path& file, const std::filesystem::path& root);

}  // namespace gjk::check
