// The fuzzer input encoding of a 3D case; the layout and its rules are in fuzz_input_3d.h.
#include "case/fuzz_input_3d.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include "case/fuzz_bytes.h"
#include "case/unit_rotation.h"

namespace gjk::check {
namespace {

using fuzz_bytes::appendFloat;
using fuzz_bytes::sameBits;

constexpr std::uint8_t FLAG_RADIUS = 1;
constexpr std::uint8_t FLAG_POSITION = 2;
constexpr std::uint8_t FLAG_ROTATION = 4;
constexpr int FLAGS_PER_SHAPE = 3;
constexpr std::uint8_t COUNT_MASK = 0x3F;  // 6 bits: 1..64 vertices
constexpr std::size_t HEADER_BYTES = 3;

bool readShape(fuzz_bytes::FloatReader& in, int count, std::uint8_t flags, ShapeSpec& shape) {
  if (flags & FLAG_RADIUS) {
    if (!in.readFloat(shape.radius)) return false;
    if (shape.radius < 0) shape.radius = -shape.radius;  // -0 is not < 0 and stays -0
  }
  if (flags & FLAG_POSITION) {
    if (!in.readFloat(shape.positionX) || !in.readFloat(shape.positionY) || !in.readFloat(shape.positionZ)) {
      return false;
    }
  }
  if (flags & FLAG_ROTATION) {
    float q[4];
    for (float& number : q) {
      if (!in.readFloat(number)) return false;
    }
    // Any four numbers become a unit quaternion: kept bit for bit when they are one, else normalized in float.
    const UnitQuaternion unit = toUnitQuaternion(q[0], q[1], q[2], q[3]);
    shape.quaternionW = unit.w;
    shape.quaternionX = unit.x;
    shape.quaternionY = unit.y;
    shape.quaternionZ = unit.z;
  }
  shape.vertices.resize(static_cast<std::size_t>(count));
  for (Vertex& v : shape.vertices) {
    if (!in.readFloat(v.x) || !in.readFloat(v.y) || !in.readFloat(v.z)) return false;
  }
  return true;
}

bool hasPosition(const ShapeSpec& shape) {
  return !sameBits(shape.positionX, 0.0f) || !sameBits(shape.positionY, 0.0f) || !sameBits(shape.positionZ, 0.0f);
}

bool hasRotation(const ShapeSpec& shape) {
  return !sameBits(shape.quaternionW, 1.0f) || !sameBits(shape.quaternionX, 0.0f) ||
         !sameBits(shape.quaternionY, 0.0f) || !sameBits(shape.quaternionZ, 0.0f);
}

std::uint8_t shapeFlags(const ShapeSpec& shape) {
  std::uint8_t flags = 0;
  if (!sameBits(shape.radius, 0.0f)) flags |= FLAG_RADIUS;
  if (hasPosition(shape)) flags |= FLAG_POSITION;
  if (hasRotation(shape)) flags |= FLAG_ROTATION;
  return flags;
}

void checkEncodable(const char* name, const ShapeSpec& shape) {
  const std::string prefix = std::string("encodeFuzzInput3d: shape ") + name + " ";
  if (shape.vertices.empty() || shape.vertices.size() > static_cast<std::size_t>(MAX_POLYTOPE_VERTICES)) {
    throw std::invalid_argument(prefix + "needs 1.." + std::to_string(MAX_POLYTOPE_VERTICES) + " vertices");
  }
  bool finite = std::isfinite(shape.radius) && std::isfinite(shape.positionX) && std::isfinite(shape.positionY) &&
                std::isfinite(shape.positionZ) && std::isfinite(shape.quaternionW) && std::isfinite(shape.quaternionX) &&
                std::isfinite(shape.quaternionY) && std::isfinite(shape.quaternionZ);
  for (const Vertex& v : shape.vertices) {
    finite = finite && std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
  }
  if (!finite) throw std::invalid_argument(prefix + "has a number that is not finite");
  if (shape.radius < 0) throw std::invalid_argument(prefix + "has a negative radius");
  if (!sameBits(shape.rotationC, 1.0f) || !sameBits(shape.rotationS, 0.0f)) {
    throw std::invalid_argument(prefix + "has a 2D rotation (c, s); a 3D shape turns by its quaternion");
  }
  if (!isUnitQuaternion(shape.quaternionW, shape.quaternionX, shape.quaternionY, shape.quaternionZ)) {
    throw std::invalid_argument(prefix + "has a quaternion that is not a unit one (|w^2 + x^2 + y^2 + z^2 - 1| > 2^-20)");
  }
}

void appendShape(std::vector<std::uint8_t>& out, const ShapeSpec& shape) {
  const std::uint8_t flags = shapeFlags(shape);
  if (flags & FLAG_RADIUS) appendFloat(out, shape.radius);
  if (flags & FLAG_POSITION) {
    for (float number : {shape.positionX, shape.positionY, shape.positionZ}) appendFloat(out, number);
  }
  if (flags & FLAG_ROTATION) {
    for (float number : {shape.quaternionW, shape.quaternionX, shape.quaternionY, shape.quaternionZ}) {
      appendFloat(out, number);
    }
  }
  for (const Vertex& v : shape.vertices) {
    for (float number : {v.x, v.y, v.z}) appendFloat(out, number);
  }
}

}  // namespace

std::optional<Case> decodeFuzzInput3d(const std::uint8_t* data, std::size_t size, std::size_t* consumed) {
  if (size < HEADER_BYTES) {
    return std::nullopt;
  }
  const int countA = (data[0] & COUNT_MASK) + 1;
  const int countB = (data[1] & COUNT_MASK) + 1;
  const std::uint8_t flags = data[2];
  fuzz_bytes::FloatReader in(data + HEADER_BYTES, size - HEADER_BYTES);
  Case value;
  value.dimension = 3;
  if (!readShape(in, countA, flags & 7, value.a) || !readShape(in, countB, (flags >> FLAGS_PER_SHAPE) & 7, value.b)) {
    return std::nullopt;
  }
  if (consumed != nullptr) {
    *consumed = HEADER_BYTES + in.offset();
  }
  return value;
}

std::vector<std::uint8_t> encodeFuzzInput3d(const Case& value) {
  if (value.dimension != 3) {
    throw std::invalid_argument("encodeFuzzInput3d: a case of dimension " + std::to_string(value.dimension));
  }
  checkEncodable("a", value.a);
  checkEncodable("b", value.b);
  if (value.hasTranslation || value.hasAngular || !sameBits(value.translationX, 0.0f) ||
      !sameBits(value.translationY, 0.0f) || !sameBits(value.angular, 0.0f)) {
    throw std::invalid_argument("encodeFuzzInput3d: a translation or a turn (there is no 3D cast case)");
  }
  std::vector<std::uint8_t> out;
  out.reserve(FUZZ_INPUT_3D_MAX_CASE_SIZE);
  out.push_back(static_cast<std::uint8_t>(value.a.vertices.size() - 1));
  out.push_back(static_cast<std::uint8_t>(value.b.vertices.size() - 1));
  out.push_back(static_cast<std::uint8_t>(shapeFlags(value.a) | shapeFlags(value.b) << FLAGS_PER_SHAPE));
  appendShape(out, value.a);
  appendShape(out, value.b);
  return out;
}

}  // namespace gjk::check
