// The float fields of the fuzzer input encodings (fuzz_input.h, 2D and 3D): 4 bytes each, little-endian
// IEEE-754 bits, read and written. Internal to case/.
#pragma once

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace gjk::check::fuzz_bytes {

// Reads floats from the front of a byte span.
class FloatReader {
 public:
  FloatReader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  // False when the bytes ran out or the float is not finite.
  bool readFloat(float& value) {
    if (size_ - offset_ < 4) {
      return false;
    }
    std::uint32_t bits = std::uint32_t(data_[offset_]) | std::uint32_t(data_[offset_ + 1]) << 8 |
                         std::uint32_t(data_[offset_ + 2]) << 16 | std::uint32_t(data_[offset_ + 3]) << 24;
    offset_ += 4;
    value = std::bit_cast<float>(bits);
    return std::isfinite(value);
  }
  std::size_t offset() const { return offset_; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t offset_ = 0;
};

inline void appendFloat(std::vector<std::uint8_t>& out, float value) {
  std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
  for (int i = 0; i < 4; ++i) {
    out.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
  }
}

inline bool sameBits(float a, float b) {
  return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
}

}  // namespace gjk::check::fuzz_bytes
