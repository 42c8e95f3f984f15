// The reader of the `gjk-case 1` text format (docs/case-format.md): lines, keys, float tokens and the checks on
// what they say.
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
#include <span>
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

// Why a rotation line is rejected (docs/case-format.md): the pair, its defect c^2 + s^2 - 1, and the rule.
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

// The same keys in a 3D case (`dimension 3`): three coordinates, and a rotation quaternion w x y z.
constexpr ShapeKey SHAPE_KEYS_3D[] = {
    {"radius", 1, "r"},
    {"position", 3, "x y z"},
    {"rotation", 4, "w x y z"},
    {"vertex", 3, "x y z"},
};

// The longest line of numbers: a quaternion's four.
constexpr std::size_t MAX_LINE_NUMBERS = 4;

// Why a quaternion line is rejected: its defect w^2 + x^2 + y^2 + z^2 - 1 and the rule.
std::string unitQuaternionMessage(std::string_view key, const std::vector<std::string_view>& fields,
                                  const float (&q)[MAX_LINE_NUMBERS]) {
  char defect[32];
  std::snprintf(defect, sizeof defect, "%.3g", unitQuaternionDefect(q[0], q[1], q[2], q[3]));
  std::string text(key);
  for (std::size_t i = 1; i < fields.size(); ++i) {
    text += " " + quoteToken(fields[i]);
  }
  return text + " is not a unit quaternion: w^2 + x^2 + y^2 + z^2 - 1 = " + defect +
         " (exactly, for the floats read), beyond the allowed +-2^-20; give a quaternion normalized in float";
}

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
    if (angularLine_ != 0 && translationLine_ == 0) {
      fail(angularLine_, "b.angular without b.translation: a rotating cast case needs `b.translation X Y` too "
                         "(it may be `b.translation 0 0`)");
    }
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
    if (key == DIMENSION_KEY) {
      parseDimension(fields, lineNumber);
      return;
    }
    ++linesAfterHeader_;
    if (key.starts_with(META_PREFIX)) {
      parseMeta(key, trim(line.substr(key.size())), lineNumber);
      return;
    }
    if (key == "a.translation") {
      fail(lineNumber, "unknown key `a.translation`: only B moves in a cast case; give `b.translation X Y`");
    }
    if (key == "a.angular") {
      fail(lineNumber, "unknown key `a.angular`: only B turns in a rotating cast case; give `b.angular W`");
    }
    if (key.starts_with("a.")) {
      parseShapeLine(key, fields, lineNumber, result_.a, linesA_);
      return;
    }
    if ((key == TRANSLATION_KEY || key == ANGULAR_KEY) && result_.dimension == 3) {
      fail(lineNumber, "`" + std::string(key) + "` in a 3D case: there is no 3D cast case (a 3D case is a distance "
                       "question only)");
    }
    if (key == TRANSLATION_KEY) {
      parseTranslation(key, fields, lineNumber);
      return;
    }
    if (key == ANGULAR_KEY) {
      parseAngular(key, fields, lineNumber);
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

  // `dimension 2` or `dimension 3`: only as the first line after the header, at most once.
  void parseDimension(const std::vector<std::string_view>& fields, int lineNumber) {
    if (dimensionLine_ != 0) {
      fail(lineNumber, "repeated `dimension` (first given on line " + std::to_string(dimensionLine_) + ")");
    }
    if (linesAfterHeader_ != 0) {
      fail(lineNumber, "`dimension` must be the first line after the header `gjk-case 1`, before every meta and "
                       "shape line");
    }
    if (fields.size() != 2) {
      fail(lineNumber, "dimension takes 1 number (2 or 3), got " + std::to_string(fields.size() - 1));
    }
    if (fields[1] == "2") {
      result_.dimension = 2;
    } else if (fields[1] == "3") {
      result_.dimension = 3;
    } else {
      fail(lineNumber, "unsupported `dimension " + quoteToken(fields[1]) + "`: a case is `dimension 2` (the "
                       "default) or `dimension 3`");
    }
    dimensionLine_ = lineNumber;
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
    const bool space = result_.dimension == 3;
    const ShapeKey* shapeKey = nullptr;
    for (const ShapeKey& candidate : space ? std::span<const ShapeKey>(SHAPE_KEYS_3D) : std::span<const ShapeKey>(SHAPE_KEYS)) {
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
    float numbers[MAX_LINE_NUMBERS] = {0, 0, 0, 0};
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
      shape.positionZ = numbers[2];
    } else if (property == "rotation" && space) {
      checkOnce(lines.rotation, key, lineNumber);
      if (!isUnitQuaternion(numbers[0], numbers[1], numbers[2], numbers[3])) {
        fail(lineNumber, unitQuaternionMessage(key, fields, numbers));
      }
      shape.quaternionW = numbers[0];
      shape.quaternionX = numbers[1];
      shape.quaternionY = numbers[2];
      shape.quaternionZ = numbers[3];
    } else if (property == "rotation") {
      checkOnce(lines.rotation, key, lineNumber);
      if (!isUnitRotation(numbers[0], numbers[1])) {
        fail(lineNumber, unitRotationMessage(key, fields[1], fields[2], numbers[0], numbers[1]));
      }
      shape.rotationC = numbers[0];
      shape.rotationS = numbers[1];
    } else {
      const int limit = space ? MAX_POLYTOPE_VERTICES : MAX_POLYGON_VERTICES;
      if (shape.vertices.size() >= static_cast<std::size_t>(limit)) {
        fail(lineNumber, "shape " + std::string(shapeName) + " has more than " + std::to_string(limit) +
                             (space ? " vertices (MAX_POLYTOPE_VERTICES, a 3D shape)" : " vertices (MAX_POLYGON_VERTICES)"));
      }
      shape.vertices.push_back(Vertex{numbers[0], numbers[1], numbers[2]});
    }
  }

  // `b.translation X Y` (docs/case-format.md): the line that makes the case a cast case; B moves by t (X, Y),
  // t in [0, 1], in the world frame. Any two finite floats, zero and -0 included; given at most once.
  void parseTranslation(std::string_view key, const std::vector<std::string_view>& fields, int lineNumber) {
    const std::size_t numberCount = fields.size() - 1;
    if (numberCount != 2) {
      fail(lineNumber, std::string(key) + " takes 2 numbers (x y), got " + std::to_string(numberCount));
    }
    const float x = parseNumber(fields[1], lineNumber);
    const float y = parseNumber(fields[2], lineNumber);
    checkOnce(translationLine_, key, lineNumber);
    result_.hasTranslation = true;
    result_.translationX = x;
    result_.translationY = y;
  }

  // `b.angular W` (docs/case-format.md): over the step B turns by t * W radians about its own position. Any finite
  // float, zero and -0 included; given at most once; the case must have `b.translation` too (checked at the end).
  void parseAngular(std::string_view key, const std::vector<std::string_view>& fields, int lineNumber) {
    const std::size_t numberCount = fields.size() - 1;
    if (numberCount != 1) {
      fail(lineNumber, std::string(key) + " takes 1 number (w, radians), got " + std::to_string(numberCount));
    }
    const float w = parseNumber(fields[1], lineNumber);
    checkOnce(angularLine_, key, lineNumber);
    result_.hasAngular = true;
    result_.angular = w;
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
  int translationLine_ = 0;
  int angularLine_ = 0;
  int dimensionLine_ = 0;
  int linesAfterHeader_ = 0;  // lines other than `dimension` read after the header
};

}  // namespace

Case parseCase(std::string_view text, const std::string& fileName) {
  return Parser(fileName).parse(text);
}


}  // namespace gjk::check
