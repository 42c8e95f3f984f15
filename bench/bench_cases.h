// The fixed, seeded inputs of gjk_bench: families of cases with 8 vertices per shape.
//
// Every case is built from a splitmix64 stream with only +, -, *, / on doubles and exact power-of-two
// scalings, then rounded to float once: no libm function whose result may differ between C libraries,
// so a family is the same bit for bit on every IEEE machine and every run, and benchmark numbers from
// two builds are taken on the same inputs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "case/case.h"

namespace gjk::bench {

// How many cases a family holds. A benchmark cycles through them, one query per iteration.
inline constexpr int BENCH_CASE_COUNT = 1024;

// The seed of every family; changing it changes the inputs (and the numbers in
// reports/performance/README.md).
inline constexpr std::uint64_t BENCH_SEED = 0x67'6a'6b'62'65'6e'63'68ULL;  // "gjkbench"

// random8: two random convex octagons (8 points on a random ellipse each, in convex position), random
// rotations (c, s) near the unit circle and positions; B is placed at a random distance from A of up to
// three times their size, so most pairs are separated and some overlap. Radius 0.
std::vector<check::Case> random8Cases();

// nearparallel8: the degenerate case GJK finds hardest. A is a convex octagon with a flat top edge,
// B = -A (exactly, so B has a flat bottom edge of the same length) turned by a tiny rotation (sine 2^-24
// to 2^-8) and placed above A with its bottom edge facing A's top edge at a gap of 2^-24 to 2^-4 of the
// size, or overlapping by as much; the whole scene is then rotated. The edges of the Minkowski
// difference come in nearly parallel pairs next to the origin.
std::vector<check::Case> nearParallel8Cases();

// The family of that name ("random8", "nearparallel8"); throws std::invalid_argument otherwise.
std::vector<check::Case> benchCases(const std::string& family);

// The family names, in the order the benchmarks are registered.
std::vector<std::string> benchFamilies();

// The 3D families of oracle3_cgal_bench ("polytope16", "polytope64"): `count` 3D cases (Case::dimension 3)
// of two random convex polytopes of `vertices` vertices each, from BENCH_SEED. Each shape's vertices are
// points on a random ellipsoid (axes 0.5 to 2; three shapes in four) or in it (one in four), placed with
// the identity quaternion, A at a position in [-4, 4]^3. The pairs take turns: separated (bounding spheres
// apart, B's centre up to 2.5 times their reach away), touching-ish (A's vertex (+ax, 0, 0) and B's
// (-bx, 0, 0) facing each other at a gap of -1, 0 or 1 grid units, offset sideways by -1, 0 or 1 units in
// y and z), and overlapping (centres closer than their smaller axes' sum, mostly overlapping). Every
// coordinate and position is a multiple of the grid 2^-20 below 2^4 in magnitude, so it is a float (checked
// as the case is made), and every world vertex v + p and every difference of two of them is a double,
// exactly (no rotation: the random directions of the points make one unnecessary). That keeps CGAL's double
// kernels exact on the same inputs (bench/oracle3_cgal_bench.cpp).
std::vector<check::Case> polytopeCases(int vertices, int count);

}  // namespace gjk::bench
