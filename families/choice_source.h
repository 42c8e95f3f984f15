// Where a family sampler's random choices come from (families/families.h).
//
// A sampler asks for one choice at a time: an integer in [0, bound). Choice 0 always means the simplest
// value (the fewest vertices, the simplest construction, exponent 0, no rotation...), and larger choices
// are, roughly, less simple. In plain sampling the choices come from the project's PRNG (PrngChoices);
// the RapidCheck wrapper (properties/family_generators.h) records the choices of a sample and shrinks the
// recorded list toward zeros, replaying it through ReplayedChoices, so shrinking a case is shrinking its
// choices, and every list of choices still gives a member of the family.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "families/splitmix64.h"

namespace gjk::check {

class ChoiceSource {
 public:
  virtual ~ChoiceSource() = default;
  // A choice in [0, bound), bound >= 1.
  virtual std::uint64_t choose(std::uint64_t bound) = 0;
};

// Choices drawn from SplitMix64: next() % bound.
class PrngChoices final : public ChoiceSource {
 public:
  explicit PrngChoices(std::uint64_t seed) : generator_(seed) {}
  std::uint64_t choose(std::uint64_t bound) override { return generator_.below(bound); }

 private:
  SplitMix64 generator_;
};

// Choices read back from a list: choice i is min(list[i], bound - 1), and 0 (the simplest) once the list
// runs out. Replaying the list a RecordingChoices recorded gives the same sample; a list shrunk toward
// zeros gives a simpler one, never an invalid one.
class ReplayedChoices final : public ChoiceSource {
 public:
  explicit ReplayedChoices(const std::vector<std::uint64_t>& choices) : choices_(choices) {}
  std::uint64_t choose(std::uint64_t bound) override {
    const std::uint64_t choice = next_ < choices_.size() ? choices_[next_] : 0;
    ++next_;
    return std::min(choice, bound - 1);
  }

 private:
  const std::vector<std::uint64_t>& choices_;
  std::size_t next_ = 0;
};

// Passes another source's choices through and keeps a copy of each.
class RecordingChoices final : public ChoiceSource {
 public:
  explicit RecordingChoices(ChoiceSource& source) : source_(source) {}
  std::uint64_t choose(std::uint64_t bound) override {
    const std::uint64_t choice = source_.choose(bound);
    recorded_.push_back(choice);
    return choice;
  }
  const std::vector<std::uint64_t>& recorded() const { return recorded_; }
  std::vector<std::uint64_t> takeRecorded() { return std::move(recorded_); }

 private:
  ChoiceSource& source_;
  std::vector<std::uint64_t> recorded_;
};

}  // namespace gjk::check
