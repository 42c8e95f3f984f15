// The fuzzer input encoding; the layout and its rules are in fuzz_input.h.
#include "case/fuzz_input.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "case/fuzz_bytes.h"
#include "case/unit_rotation.h"
#include "core/limits.h"

namespace gjk::check {
namespace {

constexpr std::uint8_t FLAG_RADIUS = 1;
constexpr std::uint8_t FLAG_POSITION = 2;
constexpr std::uint8_t FLAG_ROTATION = 4;
constexpr int FLAGS_PER_SHAPE = 3;
constexpr std::uint8_t FLAG_TRANSLATION = 0x40;  // bit 6: B's translation follows shape B

using fuzz_bytes::appendFloat;
using fuzz_bytes::sameBits;
using Reader = fuzz_bytes::FloatReader;

bool readShape(Reader& in, int count, std::uint8_t flags, ShapeSpec& shape) {
  if (flags & FLAG_RADIUS) {
    if (!in.readFloat(shape.radius)) return false;
    if (shape.radius < 0) shape.radius = -shape.radius;  // -0 is not < 0 and stays -0
  }
  if (flags & FLAG_POSITION) {
    if (!in.readFloat(shape.positionX) || !in.readFloat(shape.positionY)) return false;
  }
  if (flags & FLAG_ROTATION) {
    if (!in.readFloat(shape.rotationC) || !in.readFloat(shape.rotationS)) return false;
    // Any pair becomes a unit rotation (docs/case-format.md): kept bit for bit when it is one, else normalized in
    // float, else (for (0, 0)) the identity. So a fuzzer never hands a strategy a rotation no engine sees.
    const UnitRotation rotation = toUnitRotation(shape.rotationC, shape.rotationS);
    shape.rotationC = rotation.c;
    shape.rotationS = rotation.s;
  }
  shape.vertices.resize(static_cast<std::size_t>(count));
  for (Vertex& v : shape.vertices) {
    if (!in.readFloat(v.x) || !in.readFloat(v.y)) return false;
  }
  return true;
}

std::uint8_t shapeFlags(const ShapeSpec& shape) {
  std::uint8_t flags = 0;
  if (!sameBits(shape.radius, 0.0f)) flags |= FLAG_RADIUS;
  if (!sameBits(shape.positionX, 0.0f) || !sameBits(shape.positionY, 0.0f)) flags |= FLAG_POSITION;
  if (!sameBits(shape.rotationC, 1.0f) || !sameBits(shape.rotationS, 0.0f)) flags |= FLAG_ROTATION;
  return flags;
}

void checkEncodable(const char* name, const ShapeSpec& shape) {
  // The 2D encoding has no field for these: a shape carrying one would lose it.
  bool planar = sameBits(shape.positionZ, 0.0f) && sameBits(shape.quaternionW, 1.0f) &&
                sameBits(shape.quaternionX, 0.0f) && sameBits(shape.quaternionY, 0.0f) && sameBits(shape.quaternionZ, 0.0f);
  for (const Vertex& v : shape.vertices) planar = planar && sameBits(v.z, 0.0f);
  if (!planar) {
    throw std::invalid_argument(std::string("encodeFuzzInput: shape ") + name + " has a z, a positionZ or a quaternion");
  }
  std::string prefix = std::string("encodeFuzzInput: shape ") + name + " ";
  if (shape.vertices.empty() || shape.vertices.size() > static_cast<std::size_t>(MAX_POLYGON_VERTICES)) {
    throw std::invalid_argument(prefix + "needs 1.." + std::to_string(MAX_POLYGON_VERTICES) + " vertices");
  }
  bool finite = std::isfinite(shape.radius) && std::isfinite(shape.positionX) && std::isfinite(shape.positionY) &&
                std::isfinite(shape.rotationC) && std::isfinite(shape.rotationS);
  for (const Vertex& v : shape.vertices) finite = finite && std::isfinite(v.x) && std::isfinite(v.y);
  if (!finite) throw std::invalid_argument(prefix + "has a number that is not finite");
  if (shape.radius < 0) throw std::invalid_argument(prefix + "has a negative radius");
  if (!isUnitRotation(shape.rotationC, shape.rotationS)) {
    throw std::invalid_argument(prefix + "has a rotation that is not a unit rotation (|c^2 + s^2 - 1| > 2^-20)");
  }
}

void appendShape(std::vector<std::uint8_t>& out, const ShapeSpec& shape) {
  std::uint8_t flags = shapeFlags(shape);
  if (flags & FLAG_RADIUS) appendFloat(out, shape.radius);
  if (flags & FLAG_POSITION) {
    appendFloat(out, shape.positionX);
    appendFloat(out, shape.positionY);
  }
  if (flags & FLAG_ROTATION) {
    appendFloat(out, shape.rotationC);
    appendFloat(out, shape.rotationS);
  }
  for (const Vertex& v : shape.vertices) {
    appendFloat(out, v.x);
    appendFloat(out, v.y);
  }
}

}  // namespace

std::optional<Case> decodeFuzzInput(const std::uint8_t* data, std::size_t size, std::size_t* consumed) {
  if (size < 2) {
    return std::nullopt;
  }
  int countA = (data[0] & 0x0F) + 1;
  int countB = (data[0] >> 4) + 1;
  std::uint8_t flags = data[1];
  Reader in(data + 2, size - 2);
  Case value;
  if (!readShape(in, countA, flags & 7, value.a) || !readShape(in, countB, (flags >> FLAGS_PER_SHAPE) & 7, value.b)) {
    return std::nullopt;
  }
  if (flags & FLAG_TRANSLATION) {
    value.hasTranslation = true;
    if (!in.readFloat(value.translationX) || !in.readFloat(value.translationY)) {
      return std::nullopt;
    }
  }
  if (consumed != nullptr) {
    *consumed = 2 + in.offset();
  }
  return value;
}

std::vector<std::uint8_t> encodeFuzzInput(const Case& value) {
  if (value.dimension != 2) {
    throw std::invalid_argument("encodeFuzzInput: a case of dimension " + std::to_string(value.dimension) +
                                " (the 2D encoding; a 3D case has encodeFuzzInput3d)");
  }
  checkEncodable("a", value.a);
  checkEncodable("b", value.b);
  if (!std::isfinite(value.translationX) || !std::isfinite(value.translationY)) {
    throw std::invalid_argument("encodeFuzzInput: the translation has a number that is not finite");
  }
  if (!value.hasTranslation && (!sameBits(value.translationX, 0.0f) || !sameBits(value.translationY, 0.0f))) {
    throw std::invalid_argument("encodeFuzzInput: a translation is set but hasTranslation is false");
  }
  std::vector<std::uint8_t> out;
  out.reserve(FUZZ_INPUT_MAX_CASE_SIZE);
  out.push_back(static_cast<std::uint8_t>((value.a.vertices.size() - 1) | (value.b.vertices.size() - 1) << 4));
  out.push_back(static_cast<std::uint8_t>(shapeFlags(value.a) | shapeFlags(value.b) << FLAGS_PER_SHAPE |
                                          (value.hasTranslation ? FLAG_TRANSLATION : 0)));
  appendShape(out, value.a);
  appendShape(out, value.b);
  if (value.hasTranslation) {
    appendFloat(out, value.translationX);
    appendFloat(out, value.translationY);
  }
  return out;
}

bool looksLikeCaseText(std::string_view bytes) {
  if (bytes.starts_with("\xEF\xBB\xBF")) bytes.remove_prefix(3);
  std::size_t i = 0;
  while (i < bytes.size()) {
    char c = bytes[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      ++i;
    } else if (c == '#') {
      std::size_t end = bytes.find('\n', i);
      if (end == std::string_view::npos) return false;
      i = end + 1;
    } else {
      return bytes.substr(i).starts_with("gjk-case");
    }
  }
  return false;
}

std::string fuzzInputName(const std::filesystem::path& file, const std::filesystem::path& root) {
  std::filesystem::path relative = std::filesystem::is_directory(root) ? std::filesystem::relative(file, root)
                                                                       : file.filename();
  std::string name = relative.replace_extension().generic_string();
  for (char& c : name) {
    if (c == '/') c = '-';
  }
  return name;
}

}  // namespace gjk::check
