// The writer of the `gjk-case 1` text format (docs/case-format.md): every number as an exact hex float with its
// shortest decimal in a comment, so formatCase then parseCase gives back the same bits.
#include "case/case_text.h"

#include <locale.h>
#include <stdlib.h>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "case/case.h"
#include "case/unit_rotation.h"
#include "core/limits.h"

namespace gjk::check {

namespace {

using namespace case_text;

bool hasIdentityQuaternion(const ShapeSpec& shape) {
  return sameBits(shape.quaternionW, 1.0f) && sameBits(shape.quaternionX, 0.0f) &&
         sameBits(shape.quaternionY, 0.0f) && sameBits(shape.quaternionZ, 0.0f);
}

// True when no number of the shape says anything in 3D: every z, positionZ and the quaternion at their
// defaults, bit for bit (a 2D file has no line that would carry them).
bool hasNoSpaceFields(const ShapeSpec& shape) {
  bool none = sameBits(shape.positionZ, 0.0f) && hasIdentityQuaternion(shape);
  for (const Vertex& vertex : shape.vertices) {
    none = none && sameBits(vertex.z, 0.0f);
  }
  return none;
}

// Throws std::invalid_argument unless parseCase would read the shape back as it is, in a case of `dimension`.
void checkWritable(std::string_view name, const ShapeSpec& shape, int dimension) {
  const std::string prefix = "formatCase: shape " + std::string(name) + " ";
  const bool space = dimension == 3;
  const int limit = space ? MAX_POLYTOPE_VERTICES : MAX_POLYGON_VERTICES;
  if (shape.vertices.empty()) {
    throw std::invalid_argument(prefix + "has no vertex");
  }
  if (shape.vertices.size() > static_cast<std::size_t>(limit)) {
    throw std::invalid_argument(prefix + "has more than " + std::to_string(limit) +
                                (space ? " vertices (MAX_POLYTOPE_VERTICES)" : " vertices (MAX_POLYGON_VERTICES)"));
  }
  bool finite = std::isfinite(shape.radius) && std::isfinite(shape.positionX) &&
                std::isfinite(shape.positionY) && std::isfinite(shape.positionZ) && std::isfinite(shape.rotationC) &&
                std::isfinite(shape.rotationS) && std::isfinite(shape.quaternionW) &&
                std::isfinite(shape.quaternionX) && std::isfinite(shape.quaternionY) &&
                std::isfinite(shape.quaternionZ);
  for (const Vertex& vertex : shape.vertices) {
    finite = finite && std::isfinite(vertex.x) && std::isfinite(vertex.y) && std::isfinite(vertex.z);
  }
  if (!finite) {
    throw std::invalid_argument(prefix + "has a number that is not finite");
  }
  if (shape.radius < 0) {
    throw std::invalid_argument(prefix + "has a negative radius");
  }
  if (space) {
    if (!sameBits(shape.rotationC, 1.0f) || !sameBits(shape.rotationS, 0.0f)) {
      throw std::invalid_argument(prefix + "has a 2D rotation (c, s) in a 3D case; a 3D case turns by its quaternion");
    }
    if (!isUnitQuaternion(shape.quaternionW, shape.quaternionX, shape.quaternionY, shape.quaternionZ)) {
      throw std::invalid_argument(prefix + "has a quaternion that is not a unit one (|w^2 + x^2 + y^2 + z^2 - 1| > 2^-20)");
    }
    return;
  }
  if (!hasNoSpaceFields(shape)) {
    throw std::invalid_argument(prefix + "has a z, a positionZ or a quaternion in a 2D case (set dimension 3)");
  }
  if (!isUnitRotation(shape.rotationC, shape.rotationS)) {
    throw std::invalid_argument(prefix +
                                "has a rotation that is not a unit rotation (|c^2 + s^2 - 1| > 2^-20)");
  }
}

// Throws std::invalid_argument unless parseCase would read the meta line back as it is: the key a
// meta word, the value text without '#', line breaks or other control characters (tab allowed inside),
// and without leading or trailing blanks, which the reader trims.
void checkWritable(const MetaEntry& entry) {
  const std::string prefix = "formatCase: meta." + entry.key + ": ";
  if (!isMetaWord(entry.key)) {
    throw std::invalid_argument(prefix + "the key is not a word of letters, digits, - _ .");
  }
  if (entry.value.find('#') != std::string::npos) {
    throw std::invalid_argument(prefix + "the value contains `#`, which would start a comment");
  }
  if (entry.value.find_first_of("\r\n") != std::string::npos || !notTextReason(entry.value).empty()) {
    throw std::invalid_argument(prefix + "the value is not one line of text");
  }
  if (trim(entry.value) != entry.value) {
    throw std::invalid_argument(prefix + "the value has leading or trailing blanks");
  }
}

// Throws std::invalid_argument unless parseCase would read the translation back as it is: finite, and
// (0, 0) bit for bit when the case is not a cast case, since no line would carry anything else.
void checkTranslationWritable(const Case& value) {
  if (!std::isfinite(value.translationX) || !std::isfinite(value.translationY)) {
    throw std::invalid_argument("formatCase: b.translation has a number that is not finite");
  }
  if (!value.hasTranslation && (!sameBits(value.translationX, 0.0f) || !sameBits(value.translationY, 0.0f))) {
    throw std::invalid_argument("formatCase: a translation is set but hasTranslation is false");
  }
  if (!std::isfinite(value.angular)) {
    throw std::invalid_argument("formatCase: b.angular is not finite");
  }
  if (value.hasAngular && !value.hasTranslation) {
    throw std::invalid_argument("formatCase: hasAngular without hasTranslation (b.angular needs b.translation)");
  }
  if (!value.hasAngular && !sameBits(value.angular, 0.0f)) {
    throw std::invalid_argument("formatCase: an angular speed is set but hasAngular is false");
  }
  if (value.dimension == 3 && (value.hasTranslation || value.hasAngular)) {
    throw std::invalid_argument("formatCase: a 3D case with a translation or a turn (there is no 3D cast case)");
  }
}

// One line of numbers: `key n1 n2  # d1 d2`, hex floats then their decimal values.
void appendNumberLine(std::string& out, std::string_view key, std::initializer_list<float> numbers) {
  out += key;
  for (float number : numbers) {
    out += ' ';
    out += hexFloat(number);
  }
  out += "  #";
  for (float number : numbers) {
    out += ' ';
    out += decimalFloat(number);
  }
  out += '\n';
}

void appendShape(std::string& out, std::string_view name, const ShapeSpec& shape, int dimension) {
  const std::string prefix = std::string(name) + ".";
  const bool space = dimension == 3;
  // Defaults are compared bit for bit: a -0 is written, so it reads back as -0.
  if (!sameBits(shape.radius, 0.0f)) {
    appendNumberLine(out, prefix + "radius", {shape.radius});
  }
  if (space && (!sameBits(shape.positionX, 0.0f) || !sameBits(shape.positionY, 0.0f) ||
                !sameBits(shape.positionZ, 0.0f))) {
    appendNumberLine(out, prefix + "position", {shape.positionX, shape.positionY, shape.positionZ});
  } else if (!space && (!sameBits(shape.positionX, 0.0f) || !sameBits(shape.positionY, 0.0f))) {
    appendNumberLine(out, prefix + "position", {shape.positionX, shape.positionY});
  }
  if (space && !hasIdentityQuaternion(shape)) {
    appendNumberLine(out, prefix + "rotation",
                     {shape.quaternionW, shape.quaternionX, shape.quaternionY, shape.quaternionZ});
  } else if (!space && (!sameBits(shape.rotationC, 1.0f) || !sameBits(shape.rotationS, 0.0f))) {
    appendNumberLine(out, prefix + "rotation", {shape.rotationC, shape.rotationS});
  }
  for (const Vertex& vertex : shape.vertices) {
    if (space) {
      appendNumberLine(out, prefix + "vertex", {vertex.x, vertex.y, vertex.z});
    } else {
      appendNumberLine(out, prefix + "vertex", {vertex.x, vertex.y});
    }
  }
}

}  // namespace

std::string formatCase(const Case& value) {
  for (const MetaEntry& entry : value.meta) {
    checkWritable(entry);
  }
  for (std::size_t i = 0; i < value.meta.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (value.meta[i].key == value.meta[j].key) {
        throw std::invalid_argument("formatCase: meta." + value.meta[i].key + " is given twice");
      }
    }
  }
  if (value.dimension != 2 && value.dimension != 3) {
    throw std::invalid_argument("formatCase: dimension " + std::to_string(value.dimension) + " (a case is 2D or 3D)");
  }
  checkWritable("a", value.a, value.dimension);
  checkWritable("b", value.b, value.dimension);
  checkTranslationWritable(value);

  std::string out = "gjk-case 1\n";
  if (value.dimension == 3) {
    out += DIMENSION_KEY;
    out += " 3\n";
  }
  for (const MetaEntry& entry : value.meta) {
    out += META_PREFIX;
    out += entry.key;
    if (!entry.value.empty()) {
      out += ' ';
      out += entry.value;
    }
    out += '\n';
  }
  appendShape(out, "a", value.a, value.dimension);
  appendShape(out, "b", value.b, value.dimension);
  if (value.hasTranslation) {
    appendNumberLine(out, TRANSLATION_KEY, {value.translationX, value.translationY});
  }
  if (value.hasAngular) {
    appendNumberLine(out, ANGULAR_KEY, {value.angular});
  }
  return out;
}

// Exact: a float has a 24-bit significand, so after the leading 1 there are 23 bits, written as six hex
// digits (the last one even) with trailing zeros dropped. Subnormals are normalized (0x1p-149, not
// 0x0.000002p-126), which is what printf("%a") prints for the float promoted to double.
std::string hexFloat(float value) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
  const bool negative = (bits >> 31) != 0;
  const std::uint32_t exponentBits = (bits >> 23) & 0xFFu;
  std::uint32_t fraction = bits & 0x7FFFFFu;
  std::string out = negative ? "-" : "";
  if (exponentBits == 0xFFu) {
    return out + (fraction != 0 ? "nan" : "inf");
  }
  if (exponentBits == 0 && fraction == 0) {
    return out + "0";
  }
  int exponent = static_cast<int>(exponentBits) - 127;
  if (exponentBits == 0) {
    // Subnormal: fraction * 2^-149 = (fraction / 2^23) * 2^-126; shift the leading 1 up to bit 23.
    exponent = -126;
    while ((fraction & 0x800000u) == 0) {
      fraction <<= 1;
      --exponent;
    }
    fraction &= 0x7FFFFFu;
  }
  out += "0x1";
  if (fraction != 0) {
    static constexpr char DIGITS[] = "0123456789abcdef";
    const std::uint32_t shifted = fraction << 1;  // 24 bits: six whole hex digits
    std::string digits;
    for (int shift = 20; shift >= 0; shift -= 4) {
      digits += DIGITS[(shifted >> shift) & 0xFu];
    }
    digits.erase(digits.find_last_not_of('0') + 1);
    out += '.';
    out += digits;
  }
  out += 'p';
  out += exponent < 0 ? '-' : '+';
  out += std::to_string(exponent < 0 ? -exponent : exponent);
  return out;
}

// The first of "%.6g" .. "%.9g" that strtof reads back as the same bits; nine significant digits always
// round-trip a float. std::to_chars formats as printf would in the "C" locale.
std::string decimalFloat(float value) {
  constexpr int FIRST_PRECISION = 6;
  constexpr int ROUND_TRIP_PRECISION = 9;
  for (int precision = FIRST_PRECISION; precision <= ROUND_TRIP_PRECISION; ++precision) {
    char buffer[64];
    const auto result =
        std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, precision);
    std::string text(buffer, result.ptr);
    float readBack = 0;
    if (!std::isfinite(value) || precision == ROUND_TRIP_PRECISION ||
        (parseFloatToken(text, readBack) == FloatParse::ok && sameBits(readBack, value))) {
      return text;
    }
  }
  return "";  // not reached
}


}  // namespace gjk::check
