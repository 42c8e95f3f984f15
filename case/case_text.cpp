// The text rules of the `gjk-case 1` format (case_text.h): blanks, meta words, what is text, and how a
// float token is read (exactly, as strtof is specified to round).
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

namespace gjk::check::case_text {

bool isBlank(char c) {
  return c == ' ' || c == '\t';
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && isBlank(text.front())) {
    text.remove_prefix(1);
  }
  while (!text.empty() && isBlank(text.back())) {
    text.remove_suffix(1);
  }
  return text;
}

bool isMetaWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
         c == '.';
}

bool isMetaWord(std::string_view word) {
  return !word.empty() && std::all_of(word.begin(), word.end(), isMetaWordChar);
}

std::string hexByte(unsigned char byte) {
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "0x%02x", static_cast<unsigned>(byte));
  return buffer;
}

// The first reason `line` (one line, its LF removed) is not text, or "" when it is text: valid UTF-8
// (no overlong forms, no surrogates, nothing above U+10FFFF) with no control character other than tab,
// and a carriage return only as the last byte (the CR of a CRLF). Columns count bytes from 1; for an
// invalid multi-byte sequence the column and byte are those of its lead byte.
std::string notTextReason(std::string_view line) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(line.data());
  const std::size_t size = line.size();
  std::size_t i = 0;
  while (i < size) {
    const unsigned char lead = bytes[i];
    const std::string column = std::to_string(i + 1);
    if (lead < 0x80) {
      if (lead == '\r' && i + 1 != size) {
        return "not text: byte 0x0d at column " + column + " (a carriage return not followed by a line feed)";
      }
      if ((lead < 0x20 && lead != '\t' && lead != '\r') || lead == 0x7f) {
        return "not text: byte " + hexByte(lead) + " at column " + column;
      }
      ++i;
      continue;
    }
    // Unicode 15, table 3-7: the well-formed UTF-8 byte sequences.
    int continuationCount = 0;
    unsigned char secondLow = 0x80;
    unsigned char secondHigh = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
      continuationCount = 1;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      continuationCount = 2;
      if (lead == 0xE0) {
        secondLow = 0xA0;
      } else if (lead == 0xED) {
        secondHigh = 0x9F;
      }
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      continuationCount = 3;
      if (lead == 0xF0) {
        secondLow = 0x90;
      } else if (lead == 0xF4) {
        secondHigh = 0x8F;
      }
    } else {
      return "not text: byte " + hexByte(lead) + " at column " + column;
    }
    for (int k = 1; k <= continuationCount; ++k) {
      const unsigned char low = k == 1 ? secondLow : 0x80;
      const unsigned char high = k == 1 ? secondHigh : 0xBF;
      if (i + k >= size || bytes[i + k] < low || bytes[i + k] > high) {
        return "not text: byte " + hexByte(lead) + " at column " + column;
      }
    }
    // C1 control characters, U+0080..U+009F, are control characters too.
    if (lead == 0xC2 && bytes[i + 1] <= 0x9F) {
      char codePoint[16];
      std::snprintf(codePoint, sizeof codePoint, "U+%04X", static_cast<unsigned>(bytes[i + 1]));
      return std::string("not text: control character ") + codePoint + " at column " + column;
    }
    i += continuationCount + 1;
  }
  return "";
}

// The "C" locale, for strtod_l below: the decimal point is '.' whatever setlocale the program called.
locale_t cLocale() {
  static const locale_t locale = newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(nullptr));
  return locale;
}

bool isHexDigit(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

FloatParse parseFloatToken(std::string_view token, float& value) {
  std::string_view body = token;
  bool negative = false;
  if (!body.empty() && (body.front() == '+' || body.front() == '-')) {
    negative = body.front() == '-';
    body.remove_prefix(1);
  }
  std::chars_format format = std::chars_format::general;
  if (body.size() >= 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X')) {
    format = std::chars_format::hex;
    body.remove_prefix(2);
    // from_chars would also take a sign, "inf" or "nan" here; strtof reads them as "0" and garbage.
    if (body.empty() || !(isHexDigit(body.front()) || body.front() == '.')) {
      return FloatParse::notNumber;
    }
  }
  if (body.empty() || body.front() == '+' || body.front() == '-') {
    return FloatParse::notNumber;
  }
  float parsed = 0;
  const auto [end, error] = std::from_chars(body.data(), body.data() + body.size(), parsed, format);
  if (end != body.data() + body.size() || error == std::errc::invalid_argument) {
    return FloatParse::notNumber;
  }
  if (error == std::errc::result_out_of_range) {
    // from_chars reports the literals that round to zero or to infinity and leaves `parsed` unset. The
    // two are told apart by magnitude, in double, where neither can round across 1.
    const std::string text(token);
    const locale_t locale = cLocale();
    const double magnitude = std::fabs(locale != nullptr ? strtod_l(text.c_str(), nullptr, locale)
                                                         : std::strtod(text.c_str(), nullptr));
    if (magnitude >= 1) {
      return FloatParse::notFinite;
    }
    parsed = 0;
  }
  if (!std::isfinite(parsed)) {
    return FloatParse::notFinite;
  }
  value = negative ? -parsed : parsed;
  return FloatParse::ok;
}

bool sameBits(float a, float b) {
  return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
}


}  // namespace gjk::check::case_text
