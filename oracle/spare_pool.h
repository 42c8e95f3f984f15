// Internal to oracle/: a few spare heap blocks per thread, so that what a case needs (its exact points and
// hulls, its remembered witness points) is allocated once per thread and reused, not allocated and freed
// for every case. A block taken keeps whatever its last user left in it; its user writes before it reads.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace gjk::oracle {

template <class T, std::size_t KEEP = 4>
class SparePool {
 public:
  // A spare block of this thread, or a new one.
  static std::unique_ptr<T> take() {
    std::vector<std::unique_ptr<T>>& spare = blocks();
    if (spare.empty()) {
      return std::make_unique<T>();
    }
    std::unique_ptr<T> block = std::move(spare.back());
    spare.pop_back();
    return block;
  }
  // Kept for this thread's next take (at most KEEP are kept; the others are freed).
  static void giveBack(std::unique_ptr<T> block) {
    std::vector<std::unique_ptr<T>>& spare = blocks();
    if (spare.size() < KEEP) {
      spare.reserve(KEEP);
      spare.push_back(std::move(block));
    }
  }

 private:
  static std::vector<std::unique_ptr<T>>& blocks() {
    thread_local std::vector<std::unique_ptr<T>> spare;
    return spare;
  }
};

}  // namespace gjk::oracle
