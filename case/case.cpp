// The case model and the `gjk-case 1` text format (design §4): parsing, formatting, float spelling.
//
// Exactness: every literal becomes the float nearest to it, ties to even, rounded once (never through
// double), as strtof is specified to round; parseFloatToken says why std::from_chars does it. Numbers
// are written as exact hex floats, so formatCase followed by parseCase gives back the same bits for
// every finite float, subnormals and -0 included.
//
// Reading files, listing folders and atomic writing live in case_files.cpp.
#include "case/case.h"

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

#include "case/unit_rotation.h"
#include "core/limits.h"

namespace gjk::check {

namespace {

constexpr std::string_view HEADER_KEY = "gjk-case";
constexpr std::string_view HEADER_VERSION = "1";
constexpr std::string_view META_PREFIX = "meta.";
// A UTF-8 byte order mark; accepted (and ignored) at the very start of a file, as editors on Windows
// write one.
constexpr std::string_view UTF8_BOM = "\xEF\xBB\xBF";

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

}  // namespace

std::string quoteToken(std::string_view token) {
  if (token.size() <= MAX_QUOTED_TOKEN_CHARS) {
    return std::string(token);
  }
  // Cut on a byte that does not continue a UTF-8 sequence, so the quote stays text.
  std::size_t cut = MAX_QUOTED_TOKEN_CHARS;
  while (cut > 0 && (static_cast<unsigned char>(token[cut]) & 0xC0) == 0x80) {
    --cut;
  }
  return std::string(token.substr(0, cut)) + "... (" + std::to_string(token.size()) + " bytes)";
}

namespace {

// The whitespace-separated fields of a line whose comment is already stripped.
std::vector<std::string_view> splitFields(std::string_view text) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && isBlank(text[i])) {
      ++i;
    }
    std::size_t start = i;
    while (i < text.size() && !isBlank(text[i])) {
      ++i;
    }
    if (i > start) {
      fields.push_back(text.substr(start, i - start));
    }
  }
  return fields;
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

// Why a rotation line is rejected (design §4): the pair, its defect c^2 + s^2 - 1, and the rule.
std::string unitRotationMessage(std::string_view key, std::string_view cToken, std::string_view sToken,
                                float c, float s) {
  char defect[32];
  std::snprintf(defect, sizeof defect, "%.3g", unitRotationDefect(c, s));
  return std::string(key) + " " + quoteToken(cToken) + " " + quoteToken(sToken) +
         " is not a unit rotation: c^2 + s^2 - 1 = " + defect +
         " (exactly, for the floats read), beyond the allowed +-2^-20; give (cos t, sin t) rounded to float, "
         "or a pair normalized in float";
}

// The number of a line's fields each key takes, and how the error message names them.
struct ShapeKey {
  std::string_view name;
  std::size_t numberCount;
  std::string_view fieldNames;
};

constexpr ShapeKey SHAPE_KEYS[] = {
    {"radius", 1, "r"},
    {"position", 2, "x y"},
    {"rotation", 2, "c s"},
    {"vertex", 2, "x y"},
};

// Where each optional line of a shape was first given, to reject a repeat.
struct ShapeLines {
  int radius = 0;
  int position = 0;
  int rotation = 0;
};

class Parser {
 public:
  explicit Parser(const std::string& fileName) : fileName_(fileName) { result_.source = fileName; }

  Case parse(std::string_view text) {
    if (text.empty()) {
      throw CaseError(fileName_, 0, "empty file, expected `gjk-case 1`");
    }
    if (text.size() > MAX_CASE_FILE_BYTES) {
      throw CaseError(fileName_, 0, caseFileTooLongMessage(text.size()));
    }
    if (text.starts_with(UTF8_BOM)) {
      text.remove_prefix(UTF8_BOM.size());
    }
    int lineNumber = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
      std::size_t end = text.find('\n', start);
      if (end == std::string_view::npos) {
        end = text.size();
      }
      ++lineNumber;
      parseLine(text.substr(start, end - start), lineNumber);
      start = end + 1;
    }
    if (!sawHeader_) {
      throw CaseError(fileName_, 0, "only comments and blank lines, expected `gjk-case 1`");
    }
    checkHasVertex("a", result_.a);
    checkHasVertex("b", result_.b);
    return std::move(result_);
  }

 private:
  [[noreturn]] void fail(int line, const std::string& message) const {
    throw CaseError(fileName_, line, message);
  }

  void parseLine(std::string_view line, int lineNumber) {
    if (std::string reason = notTextReason(line); !reason.empty()) {
      fail(lineNumber, reason);
    }
    if (!line.empty() && line.back() == '\r') {
      line.remove_suffix(1);
    }
    if (std::size_t hash = line.find('#'); hash != std::string_view::npos) {
      line = line.substr(0, hash);
    }
    line = trim(line);
    if (line.empty()) {
      return;
    }
    const std::vector<std::string_view> fields = splitFields(line);
    const std::string_view key = fields.front();
    if (!sawHeader_) {
      parseHeader(fields, lineNumber);
      sawHeader_ = true;
      return;
    }
    if (key == HEADER_KEY) {
      fail(lineNumber, "repeated header `gjk-case`");
    }
    if (key.starts_with(META_PREFIX)) {
      parseMeta(key, trim(line.substr(key.size())), lineNumber);
      return;
    }
    if (key.starts_with("a.")) {
      parseShapeLine(key, fields, lineNumber, result_.a, linesA_);
      return;
    }
    if (key.starts_with("b.")) {
      parseShapeLine(key, fields, lineNumber, result_.b, linesB_);
      return;
    }
    fail(lineNumber, "unknown key `" + quoteToken(key) + "`");
  }

  void parseHeader(const std::vector<std::string_view>& fields, int lineNumber) const {
    if (fields.front() != HEADER_KEY) {
      fail(lineNumber, "missing header `gjk-case 1`");
    }
    if (fields.size() != 2) {
      fail(lineNumber, "malformed header, expected `gjk-case 1`");
    }
    if (fields[1] != HEADER_VERSION) {
      fail(lineNumber,
           "unsupported version `gjk-case " + quoteToken(fields[1]) + "`, this reader reads `gjk-case 1`");
    }
  }

  void parseMeta(std::string_view key, std::string_view value, int lineNumber) {
    const std::string_view word = key.substr(META_PREFIX.size());
    if (!isMetaWord(word)) {
      fail(lineNumber, "bad meta key `" + quoteToken(key) +
                           "`: expected meta.<word>, the word made of letters, digits, - _ .");
    }
    const auto [first, inserted] = metaLines_.emplace(std::string(word), lineNumber);
    if (!inserted) {
      fail(lineNumber,
           "repeated `" + quoteToken(key) + "` (first given on line " + std::to_string(first->second) + ")");
    }
    result_.meta.push_back(MetaEntry{std::string(word), std::string(value)});
  }

  float parseNumber(std::string_view token, int lineNumber) const {
    float value = 0;
    switch (parseFloatToken(token, value)) {
      case FloatParse::ok:
        return value;
      case FloatParse::notFinite:
        fail(lineNumber, "not a finite float: " + quoteToken(token));
      case FloatParse::notNumber:
        break;
    }
    fail(lineNumber, "not a number: " + quoteToken(token));
  }

  void checkOnce(int& firstLine, std::string_view key, int lineNumber) const {
    if (firstLine != 0) {
      fail(lineNumber,
           "repeated `" + quoteToken(key) + "` (first given on line " + std::to_string(firstLine) + ")");
    }
    firstLine = lineNumber;
  }

  void parseShapeLine(std::string_view key, const std::vector<std::string_view>& fields, int lineNumber,
                      ShapeSpec& shape, ShapeLines& lines) const {
    const std::string_view shapeName = key.substr(0, 1);
    const std::string_view property = key.substr(2);
    const ShapeKey* shapeKey = nullptr;
    for (const ShapeKey& candidate : SHAPE_KEYS) {
      if (candidate.name == property) {
        shapeKey = &candidate;
      }
    }
    if (shapeKey == nullptr) {
      fail(lineNumber, "unknown key `" + quoteToken(key) + "`");
    }
    const std::size_t numberCount = fields.size() - 1;
    if (numberCount != shapeKey->numberCount) {
      fail(lineNumber, std::string(key) + " takes " + std::to_string(shapeKey->numberCount) +
                           (shapeKey->numberCount == 1 ? " number (" : " numbers (") +
                           std::string(shapeKey->fieldNames) + "), got " + std::to_string(numberCount));
    }
    float numbers[2] = {0, 0};
    for (std::size_t i = 0; i < numberCount; ++i) {
      numbers[i] = parseNumber(fields[i + 1], lineNumber);
    }
    if (property == "radius") {
      checkOnce(lines.radius, key, lineNumber);
      // -0 is accepted as a zero radius and kept as written, so the file round-trips bit for bit.
      if (numbers[0] < 0) {
        fail(lineNumber, "negative radius: " + quoteToken(fields[1]));
      }
      shape.radius = numbers[0];
    } else if (property == "position") {
      checkOnce(lines.position, key, lineNumber);
      shape.positionX = numbers[0];
      shape.positionY = numbers[1];
    } else if (property == "rotation") {
      checkOnce(lines.rotation, key, lineNumber);
      if (!isUnitRotation(numbers[0], numbers[1])) {
        fail(lineNumber, unitRotationMessage(key, fields[1], fields[2], numbers[0], numbers[1]));
      }
      shape.rotationC = numbers[0];
      shape.rotationS = numbers[1];
    } else {
      if (shape.vertices.size() >= static_cast<std::size_t>(MAX_POLYGON_VERTICES)) {
        fail(lineNumber, "shape " + std::string(shapeName) + " has more than " +
                             std::to_string(MAX_POLYGON_VERTICES) + " vertices (MAX_POLYGON_VERTICES)");
      }
      shape.vertices.push_back(Vertex{numbers[0], numbers[1]});
    }
  }

  void checkHasVertex(std::string_view name, const ShapeSpec& shape) const {
    if (shape.vertices.empty()) {
      fail(0, "shape " + std::string(name) + " has no vertex");
    }
  }

  const std::string& fileName_;
  Case result_;
  bool sawHeader_ = false;
  std::map<std::string, int> metaLines_;
  ShapeLines linesA_;
  ShapeLines linesB_;
};

// Throws std::invalid_argument unless parseCase would read the shape back as it is.
void checkWritable(std::string_view name, const ShapeSpec& shape) {
  const std::string prefix = "formatCase: shape " + std::string(name) + " ";
  if (shape.vertices.empty()) {
    throw std::invalid_argument(prefix + "has no vertex");
  }
  if (shape.vertices.size() > static_cast<std::size_t>(MAX_POLYGON_VERTICES)) {
    throw std::invalid_argument(prefix + "has more than " + std::to_string(MAX_POLYGON_VERTICES) +
                                " vertices (MAX_POLYGON_VERTICES)");
  }
  bool finite = std::isfinite(shape.radius) && std::isfinite(shape.positionX) &&
                std::isfinite(shape.positionY) && std::isfinite(shape.rotationC) &&
                std::isfinite(shape.rotationS);
  for (const Vertex& vertex : shape.vertices) {
    finite = finite && std::isfinite(vertex.x) && std::isfinite(vertex.y);
  }
  if (!finite) {
    throw std::invalid_argument(prefix + "has a number that is not finite");
  }
  if (shape.radius < 0) {
    throw std::invalid_argument(prefix + "has a negative radius");
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

void appendShape(std::string& out, std::string_view name, const ShapeSpec& shape) {
  const std::string prefix = std::string(name) + ".";
  // Defaults are compared bit for bit: a -0 is written, so it reads back as -0.
  if (!sameBits(shape.radius, 0.0f)) {
    appendNumberLine(out, prefix + "radius", {shape.radius});
  }
  if (!sameBits(shape.positionX, 0.0f) || !sameBits(shape.positionY, 0.0f)) {
    appendNumberLine(out, prefix + "position", {shape.positionX, shape.positionY});
  }
  if (!sameBits(shape.rotationC, 1.0f) || !sameBits(shape.rotationS, 0.0f)) {
    appendNumberLine(out, prefix + "rotation", {shape.rotationC, shape.rotationS});
  }
  for (const Vertex& vertex : shape.vertices) {
    appendNumberLine(out, prefix + "vertex", {vertex.x, vertex.y});
  }
}

}  // namespace

namespace {

// "FILE:LINE: message", or "FILE: message" when line is 0.
std::string caseErrorText(const std::string& file, int line, const std::string& message) {
  std::string text = file.empty() ? "<input>" : file;
  if (line > 0) {
    text += ':';
    text += std::to_string(line);
  }
  text += ": ";
  text += message;
  return text;
}

}  // namespace

std::string caseFileTooLongMessage(std::uintmax_t size) {
  return "longer than 1 MiB (" + std::to_string(size) + " bytes; a case file is at most " +
         std::to_string(MAX_CASE_FILE_BYTES) + " bytes)";
}

CaseError::CaseError(std::string file, int line, const std::string& message)
    : std::runtime_error(caseErrorText(file, line, message)), file_(std::move(file)), line_(line) {}

std::string Case::metaValue(std::string_view key) const {
  for (const MetaEntry& entry : meta) {
    if (entry.key == key) {
      return entry.value;
    }
  }
  return "";
}

void Case::setMeta(std::string_view key, std::string value) {
  auto found = std::find_if(meta.begin(), meta.end(), [&](const MetaEntry& e) { return e.key == key; });
  if (found == meta.end()) {
    meta.push_back(MetaEntry{std::string(key), std::move(value)});
    return;
  }
  found->value = std::move(value);
  // Keep one entry per key, even when the list was built by hand with duplicates.
  meta.erase(std::remove_if(std::next(found), meta.end(), [&](const MetaEntry& e) { return e.key == key; }),
             meta.end());
}

Case parseCase(std::string_view text, const std::string& fileName) {
  return Parser(fileName).parse(text);
}

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
  checkWritable("a", value.a);
  checkWritable("b", value.b);

  std::string out = "gjk-case 1\n";
  for (const MetaEntry& entry : value.meta) {
    out += META_PREFIX;
    out += entry.key;
    if (!entry.value.empty()) {
      out += ' ';
      out += entry.value;
    }
    out += '\n';
  }
  appendShape(out, "a", value.a);
  appendShape(out, "b", value.b);
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
