// Case families: RapidCheck generators of cases aimed at the degenerate geometry a float GJK trips on
// (design §1, issue 4). Shared by the property tests (properties/), the fuzzers and the comparison report.
//
// Every family is an rc::Gen<Case>. A generated case carries `meta.family <name>` and, where the family
// builds its geometry so that the exact answer is known (touching, overlapping, the exact radius gaps),
// `meta.expected-relation`, which the oracle checks like any kept case's (check/expectations.h); every
// case also carries `meta.construction`, the variant of its family that built it.
//
// How the cases are made, and what is exact:
// - Geometry is built on an integer lattice (coordinates |n| < 2^24) and multiplied by an exact power of
//   two 2^e, so every float of the case is exactly the number the construction meant and an exact
//   relation (a vertex on an edge, a radius gap) survives into the file. Exponents are drawn as well as
//   significands: e spans a family's range (-98..88 for `scale`), and lattice sizes span 1..22 bits.
// - Rotations are float pairs (c, s), used as given (design §3): exact quarter turns, a fixed table of
//   float pairs, and the rational parametrization c = (q^2 - p^2) / (q^2 + p^2), s = 2pq / (q^2 + p^2)
//   evaluated with correctly rounded IEEE division in double and rounded to float. No libm function
//   whose result may differ between C libraries (sin, cos, sqrt of a non-square...) is called: the only
//   floating-point operations are +, -, *, / (each one correctly rounded operation: the project builds with
//   -ffp-contract=off, so no multiply-add is fused) and exact scalings by powers of two (std::ldexp), and
//   ties in the sorts cannot change a result; so a family's cases are the same bit for bit on every IEEE
//   machine (tests/check/families_test.cpp pins a fingerprint of them).
// - A family's shapes have 1..MAX_POLYGON_VERTICES vertices.
// - Every random choice is a RapidCheck value that shrinks toward the simplest member of the family
//   (fewest vertices, the simplest construction, exponent 0, small integers, no rotation, no radius),
//   and every choice maps to a member of the family, so shrinking never leaves it. Generation does not
//   depend on RapidCheck's size parameter: a family draws from its whole range at every size.
#pragma once

#include <rapidcheck.h>

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "check/case.h"

namespace gjk::check {

// random-convex, random-points, collinear, duplicates, touching, overlapping, near-parallel, short-edge,
// large-offset, scale, sliver, degenerate, rotated, radius: in this order.
std::vector<std::string> familyNames();

// The generator of one family. Throws std::invalid_argument naming an unknown family.
rc::Gen<Case> genFamily(const std::string& family);

// Every family in one generator: plain random cases (random-convex, random-points) weighted up, mixed
// with each degenerate family. Shrinking stays within the family first drawn.
rc::Gen<Case> genAnyFamily();

// The size passed to the generators by sampleFamily (RapidCheck's nominal size; the families ignore it).
inline constexpr int FAMILY_SAMPLE_SIZE = rc::kNominalSize;

// Deterministic sampling without a property, for fuzzers, `gjkcheck gen` and reports: the case number
// `index` of the stream `seed` of a family. rc::Random(seed) is split once per bit of `index`, so the same
// (family, seed, index) gives the same case bit for bit on every machine and in every program. The case's
// `source` is "family:<family>/seed:<seed>/index:<index>". Throws std::invalid_argument for an unknown
// family.
Case sampleFamily(const std::string& family, std::uint64_t seed, std::uint64_t index);

// The defining feature of the case's family (meta.family), checked on the case's floats:
// "" when the case has it, else a sentence saying what is missing. Cheap (no oracle): exact relations
// claimed by meta.expected-relation are checked by unmetCaseExpectations instead.
//   random-convex  every shape has at least 3 vertices, listed counter-clockwise, strictly convex
//   random-points  some shape has an input point that is not a vertex of its hull
//   collinear      some shape has three input points exactly on one line
//   duplicates     some shape lists one vertex twice
//   touching       meta.expected-relation touching, or (construction float-rounded-contact) a shape's
//                  vertex within 2^-20 of the size from the other shape's edge line
//   overlapping    meta.expected-relation overlapping
//   near-parallel  an edge of A and an edge of B at an angle with sine in (0, 2^-8]
//   short-edge     some shape has an edge of 1e-6 to 1e-2 of its longest edge
//   large-offset   every world vertex is 1e3 to 1e7 from the origin
//   scale          the size S (largest world coordinate plus the radii) is within 1e-30..1e30
//   sliver         some shape has an aspect ratio (longest edge / width) of 2^4 to 2^21 (about 1e6)
//   degenerate     some shape is a point or a segment (all its input points on one line)
//   rotated        some shape has a rotation other than (1, 0)
//   radius         some shape has a radius > 0
std::string missingFamilyFeature(const Case& value);

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
