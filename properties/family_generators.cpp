// The RapidCheck wrapper of the case families (properties/family_generators.h).
#include "properties/family_generators.h"

#include <cstdint>
#include <ostream>
#include <utility>
#include <vector>

#include "families/choice_source.h"

namespace gjk::check {
namespace {

using Choices = std::vector<std::uint64_t>;

// Simpler lists first: a chunk of choices removed (later choices then replay in earlier places, and
// the list's end reads as zeros), then one choice moved toward 0.
rc::Seq<Choices> shrinkChoices(const Choices& choices) {
  return rc::seq::concat(rc::shrink::removeChunks(choices),
                         rc::shrink::eachElement(choices, [](std::uint64_t choice) {
                           return rc::shrink::towards<std::uint64_t>(choice, 0);
                         }));
}

// A family's sampler wrapped for shrinking: sampled from a PRNG seeded by RapidCheck, the choices recorded,
// the shrinkable value that list of choices replayed.
rc::Gen<Case> genFromSampler(const std::string& family, Case (*sample)(const std::string&, ChoiceSource&)) {
  return rc::Gen<Case>([family, sample](const rc::Random& random, int) {
    PrngChoices prng(rc::Random(random).next());
    RecordingChoices recording(prng);
    sample(family, recording);
    return rc::shrinkable::map(rc::shrinkable::shrinkRecur(recording.takeRecorded(), &shrinkChoices),
                               [family, sample](const Choices& choices) {
                                 ReplayedChoices replay(choices);
                                 return sample(family, replay);
                               });
  });
}

}  // namespace

rc::Gen<Case> genFamily(const std::string& family) {
  checkFamilyName(family);
  return genFromSampler(family, &sampleFamilyFrom);
}

rc::Gen<Case> genFamily3(const std::string& family) {
  checkFamilyName3(family);
  return genFromSampler(family, &sampleFamily3From);
}

rc::Gen<Case> genAnyFamily3() {
  const std::vector<std::string> families = familyNames3();
  return rc::gen::mapcat(rc::gen::noShrink(rc::gen::inRange<std::size_t>(0, families.size())),
                         [families](std::size_t which) { return genFamily3(families[which]); });
}

int anyFamilyWeight(const std::string& family) {
  return family == "random-convex" ? 4 : 2;
}

rc::Gen<Case> genAnyFamily() {
  // Plain random cases make up a quarter; each degenerate family about 1/16. The family is drawn once and
  // not shrunk, so shrinking stays within it.
  std::vector<std::string> slots;  // one entry per unit of weight
  for (const std::string& family : familyNames()) {
    slots.insert(slots.end(), static_cast<std::size_t>(anyFamilyWeight(family)), family);
  }
  return rc::gen::mapcat(rc::gen::noShrink(rc::gen::inRange<std::size_t>(0, slots.size())),
                         [slots](std::size_t slot) { return genFamily(slots[slot]); });
}

void showValue(const Case& value, std::ostream& os) {
  os << "\n" << formatCase(value);
}

}  // namespace gjk::check
