// RapidCheck generators of the case families: the samplers of families/families.h, wrapped for shrinking.
// Only tests and properties link RapidCheck; the harness libraries, the gjkcheck program, the fuzzers and
// the benchmarks sample the same families without it (check::sampleFamily).
//
// How a generator shrinks: it samples a case from a PRNG seeded by RapidCheck's rc::Random, recording
// every choice the sampler makes (families/choice_source.h); the shrinkable value is that list of choices,
// mapped to a case by replaying it. RapidCheck shrinks the list (removing chunks, and moving each choice
// toward 0), and since choice 0 is always the simplest value and every list replays to a member of the
// family, shrinking walks toward the family's simplest members and never leaves the family. Generation
// does not depend on RapidCheck's size parameter: a family draws from its whole range at every size.
#pragma once

#include <rapidcheck.h>

#include <iosfwd>
#include <string>

#include "families/families.h"

namespace gjk::check {

// The generator of one family. Throws std::invalid_argument naming an unknown family.
rc::Gen<Case> genFamily(const std::string& family);

// The generator of one 3D family (familyNames3), shrinking as genFamily does. Throws std::invalid_argument
// naming an unknown 3D family.
rc::Gen<Case> genFamily3(const std::string& family);

// Every family in one generator: plain random cases (random-convex 4, every other family 2) mixed with
// each degenerate family. Shrinking stays within the family first drawn.
rc::Gen<Case> genAnyFamily();

// The generator of one 3D family (families.h, familyNames3: Case::dimension 3), shrinking as genFamily does.
// Throws std::invalid_argument naming an unknown 3D family.
rc::Gen<Case> genFamily3(const std::string& family);

// Every 3D family in one generator, each drawn equally often; shrinking stays within the family first drawn.
rc::Gen<Case> genAnyFamily3();

// The weight of each family in genAnyFamily, in familyNames() order.
int anyFamilyWeight(const std::string& family);

// RapidCheck's printer for a case (found by argument-dependent lookup): the case in gjk-case form
// (formatCase), so a counterexample can be pasted into a .case file as it is printed.
void showValue(const Case& value, std::ostream& os);

}  // namespace gjk::check

namespace rc {

// An arbitrary case is a case of any family: `RC_GTEST_PROP(..., (const gjk::check::Case& c))`.
template <>
struct Arbitrary<gjk::check::Case> {
  static Gen<gjk::check::Case> arbitrary() { return gjk::check::genAnyFamily(); }
};

}  // namespace rc
