// Case families: samplers of cases aimed at the degenerate geometry a float GJK trips on (README.md,
// issue 4). Shared by the property tests (properties/), the fuzzers, `gjkcheck gen` and the comparison
// report.
//
// A family is a sampler: a function of a choice source (families/choice_source.h) that asks for one random
// choice at a time. Plain sampling (sampleFamily) reads the choices from the project's SplitMix64
// (families/splitmix64.h), so case i of a family's stream is the same bit for bit on every machine and with
// whatever RapidCheck version is installed; this library does not link RapidCheck. The RapidCheck
// generators (properties/family_generators.h) wrap the same samplers: they record a sample's choices and
// shrink the list of choices toward zeros, choice 0 meaning the simplest value.
//
// A generated case carries `meta.family <name>` and, where the family builds its geometry so that the
// exact answer is known (touching, overlapping, the exact radius gaps), `meta.expected-relation`, which
// the oracle checks like any kept case's (verdict/expectations.h); every case also carries
// `meta.construction`, the variant of its family that built it.
//
// How the cases are made, and what is exact:
// - Geometry is built on an integer lattice (coordinates |n| < 2^24) and multiplied by an exact power of
//   two 2^e, so every float of the case is exactly the number the construction meant and an exact
//   relation (a vertex on an edge, a radius gap) survives into the file. Exponents are drawn as well as
//   significands: e spans a family's range (-98..88 for `scale`), and lattice sizes span 1..22 bits.
// - Rotations are float unit rotations only (docs/case-format.md): exact quarter turns, a fixed table of hex float
//   pairs, and pairs (q, p) of integers up to 2^12 normalized in float (case/unit_rotation.h), then turned
//   by an exact quarter turn. No libm function whose result may differ between C libraries (sin, cos...)
//   is called: the only floating-point operations are +, -, *, / and sqrt (each one correctly rounded IEEE
//   operation: the project builds with -ffp-contract=off, so no multiply-add is fused) and exact scalings
//   by powers of two (std::ldexp), and ties in the sorts cannot change a result; so a family's cases are
//   the same bit for bit on every IEEE machine (tests/families/families_test.cpp pins a fingerprint of them).
// - A family's shapes have 1..MAX_POLYGON_VERTICES vertices.
// - Every choice maps to a member of the family, whatever the source returns, so shrinking never leaves
//   it; choice 0 is the simplest member (fewest vertices, the simplest construction, exponent 0, small
//   integers, no rotation, no radius).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "case/case.h"
#include "families/choice_source.h"
#include "families/splitmix64.h"

namespace gjk::check {

// random-convex, random-points, collinear, duplicates, touching, overlapping, near-parallel, short-edge,
// large-offset, scale, sliver, degenerate, rotated, radius: in this order.
std::vector<std::string> familyNames();

// The overlap group (issue 13), for the penetration query, in this order: deep-overlap, shallow-overlap,
// containment, overlap-near-parallel, overlap-far (a tiny overlap 2^10..2^20 sizes from the origin),
// obb-near-right-angles (boxes rotated by near multiples of 90 degrees), circle-polygon (a point with a radius
// against a polygon). Not in familyNames() (the distance comparison's default families); sampleFamily,
// checkFamilyName and `gjkcheck gen --family` know them, and `--families overlap` names the group. Every case
// claims meta.expected-relation overlapping where its construction makes that exact (families_overlap.cpp).
std::vector<std::string> overlapFamilyNames();
bool isOverlapFamily(const std::string& family);

// The cast group (issue 22), for the shape cast query, in this order: cast-tunnelling, cast-grazing-vertex,
// cast-grazing-edge, cast-grazing-miss, cast-sliding, cast-initially-touching, cast-initially-overlapping,
// cast-receding, cast-head-on, cast-long-translation, cast-near-parallel, cast-short-edge, cast-rounded,
// cast-scale-offset (families_cast.cpp says what each builds and which engine trap it aims at). Every case
// is a cast case (Case::hasTranslation). Not in familyNames(): a distance comparison would read a cast case
// at t = 0 only. sampleFamily, checkFamilyName and `gjkcheck gen --family` know them, and `--family cast`
// names the group. Where a construction makes a time exact the case says so: meta.touch-fraction p/q (the
// shapes first touch exactly then), meta.overlap-fraction p/q (they overlap then); cases that start in
// contact claim meta.expected-relation.
std::vector<std::string> castFamilyNames();
// True for the cast group and the rotating cast group.
bool isCastFamily(const std::string& family);

// The rotating cast group (issue 22, rotating sweeps): cast-rotating, cast cases where B also turns
// (Case::hasAngular; families_cast_rotating.cpp). Not in castFamilyNames(): only time-of-impact strategies can
// turn B, every other cast strategy refuses these cases. sampleFamily, checkFamilyName, `gjkcheck gen --family
// cast-rotating` and `gjkcheck compare --cast-families cast-rotating` know it.
std::vector<std::string> rotatingCastFamilyNames();

// Throws std::invalid_argument naming an unknown family (and the known ones); returns otherwise.
void checkFamilyName(const std::string& family);

// One case of a family, every random choice read from `source`. Throws std::invalid_argument for an
// unknown family. The case's `source` field is left empty.
Case sampleFamilyFrom(const std::string& family, ChoiceSource& source);

// The seed of case `index` of the stream `seed`: output number index + 1 of SplitMix64(seed).
constexpr std::uint64_t familyCaseSeed(std::uint64_t seed, std::uint64_t index) {
  return splitMix64At(seed, index + 1);
}

// Deterministic sampling without a property, for fuzzers, `gjkcheck gen` and reports: the case number
// `index` of the stream `seed` of a family, sampled from PrngChoices(familyCaseSeed(seed, index)). The
// same (family, seed, index) gives the same case bit for bit on every machine and in every program, and
// each index is reached directly (no need to sample the ones before it). The case's `source` is
// "family:<family>/seed:<seed>/index:<index>". Throws std::invalid_argument for an unknown family.
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
//   the cast group: a translation (hasTranslation), and for cast-long-translation |r| 500 to 2e6 times the
//                  largest local vertex magnitude plus radius, cast-rounded a radius > 0, cast-short-edge an
//                  edge of 1e-6 to 1e-2 of the longest, cast-scale-offset shapes of size (largest local
//                  vertex magnitude plus radius) 2^-12..2^12 and positions within 1e5 of the origin
//   the overlap group: meta.expected-relation overlapping (shallow-overlap and overlap-far: or a case whose
//                  pushed vertex did not end strictly inside, which claims nothing and is then still
//                  accepted when it is of that construction)
std::string missingFamilyFeature(const Case& value);

// ---------------------------------------------------------------------------------------------------
// The 3D families (Case::dimension 3; families_3d*.cpp, README.md's 3D section): the same rules as the 2D ones
// above (an integer lattice times an exact power of two, no libm function, choice 0 the simplest member, every
// list of choices a member, meta.family, meta.construction and meta.expected-relation where the construction
// makes the relation exact), with 1..MAX_POLYTOPE_VERTICES vertices a shape and float unit quaternions
// (isUnitQuaternion) as rotations; rotationC and rotationS keep their defaults. The relations they claim are
// the exact 3D oracle's (verdict/exact_case3.h, solveExactly3); unmetCaseExpectations, a 2D check, does not
// read them.

// random-convex, random-points, coplanar, edge-edge, stacked, flat, needle, duplicates, near-parallel,
// short-edge, sliver, large-offset, scale, rotated, rounded: in this order.
std::vector<std::string> familyNames3();

// Throws std::invalid_argument naming an unknown 3D family (and the 3D families); returns otherwise.
void checkFamilyName3(const std::string& family);

// One 3D case of a family, every random choice read from `source` (as sampleFamilyFrom). Throws
// std::invalid_argument for an unknown family. The case's `source` field is left empty.
Case sampleFamily3From(const std::string& family, ChoiceSource& source);

// Case `index` of the stream `seed` of a 3D family, sampled from PrngChoices(familyCaseSeed(seed, index)) as
// sampleFamily does; its `source` is "family3:<family>/seed:<seed>/index:<index>".
Case sampleFamily3(const std::string& family, std::uint64_t seed, std::uint64_t index);

// Case `index` of the stream `seed` of a family of that dimension: sampleFamily3 for 3, else sampleFamily (what a
// study of either dimension samples).
Case sampleFamilyOf(int dimension, const std::string& family, std::uint64_t seed, std::uint64_t index);

// The defining feature of a 3D case's family (meta.family), as missingFamilyFeature: "" when the case has it,
// else a sentence saying what is missing. Decided exactly (rationals, the exact 3D oracle) unless said:
//   random-convex  every shape has four affinely independent input points (it is a polytope, not flat)
//   random-points  some shape has an input point in the hull of its other input points
//   coplanar       a plane through three non-collinear world vertices of A with all of A on one side, and a
//                  parallel plane through three non-collinear world vertices of B with all of B on the other
//                  side (or the same plane): parallel faces facing each other
//   edge-edge      two world vertices of A and two of B on parallel lines, or on lines whose closest points
//                  lie within both segments (the edges cross, seen along their common normal)
//   stacked        two boxes (8 vertices each) turned about z only, B's lowest world z within 1/8 of A's height
//                  of A's highest
//   flat           some shape has three non-collinear input points and every input point in their plane
//   needle         some shape has two or more input points, all on one line
//   duplicates     some shape lists one vertex twice
//   near-parallel  two world vertices of A and two of B on lines at an angle with sine in (0, 2^-8]
//   short-edge     some shape has two input points at 1e-6 to 1e-2 of its diameter apart (in double)
//   sliver         some shape is a polytope (four affinely independent points) whose width (the least, over
//                  planes through three of its points, of the farthest point from the plane) is at most
//                  1/16 of its diameter (in double)
//   large-offset   every world vertex is 1e3 to 1e7 from the origin (in double, from the exact vertices)
//   scale          the size S (oracle::problemScale3) is within 1e-30..1e30
//   rotated        some shape has a quaternion other than (1, 0, 0, 0)
//   rounded        some shape is a sphere or a capsule: one or two vertices and a radius > 0
std::string missingFamilyFeature3(const Case& value);

}  // namespace gjk::check
