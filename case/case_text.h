// The text rules of the `gjk-case 1` format shared by its reader (case_reader.cpp) and writer
// (case_writer.cpp): the header and meta keys, blanks, meta words, what counts as text, how a float
// token is read. Internal to case/.
#pragma once

#include <string>
#include <string_view>

namespace gjk::check::case_text {

constexpr std::string_view HEADER_KEY = "gjk-case";
constexpr std::string_view HEADER_VERSION = "1";
constexpr std::string_view META_PREFIX = "meta.";
// The line right after the header that says how many coordinates a point has: `dimension 2` (the default)
// or `dimension 3`.
constexpr std::string_view DIMENSION_KEY = "dimension";
// The line of a cast case (docs/case-format.md): B's translation, world frame.
constexpr std::string_view TRANSLATION_KEY = "b.translation";
// The line of a rotating cast case: B's turn over the step, radians (needs TRANSLATION_KEY too).
constexpr std::string_view ANGULAR_KEY = "b.angular";
// A UTF-8 byte order mark; accepted (and ignored) at the very start of a file, as editors on Windows
// write one.
constexpr std::string_view UTF8_BOM = "\xEF\xBB\xBF";

bool isBlank(char c);
std::string_view trim(std::string_view text);

// A meta key: a nonempty word of letters, digits, - _ .
bool isMetaWord(std::string_view word);

// The first reason `line` (one line, its LF removed) is not text, or "" when it is text: valid UTF-8
// (no overlong forms, no surrogates, nothing above U+10FFFF) with no control character other than tab,
// and a carriage return only as the last byte (the CR of a CRLF). Columns count bytes from 1; for an
// invalid multi-byte sequence the column and byte are those of its lead byte.
std::string notTextReason(std::string_view line);

enum class FloatParse { ok, notNumber, notFinite };

// Reads a whole token as a float: an optional sign, then a decimal literal, or a hexadecimal one after
// 0x / 0X (the syntax strtof accepts, nan and inf included). The result is the float nearest to the
// literal, ties to even, with gradual underflow to a subnormal or a signed zero: what strtof is
// specified to return. Fails unless every byte is read, and for nan, inf and literals that overflow.
//
// std::from_chars does the rounding: it is correctly rounded for decimal and hex alike, and never
// depends on the locale. strtof itself is not used because glibc's (2.36) misrounds some hex literals
// whose value is subnormal: strtof("0x1.000001p-150") gives 0, but the literal is above the halfway
// point 2^-150 and its nearest float is 0x1p-149 (about 145 in 2 million random subnormal hex literals
// are one ulp low). Its decimal conversion agrees with from_chars; the tests check both.
FloatParse parseFloatToken(std::string_view token, float& value);

bool sameBits(float a, float b);

}  // namespace gjk::check::case_text
