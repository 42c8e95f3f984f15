// The acceptance thresholds used by tests, properties, fuzzers and reports: one place, named and
// explained.
#pragma once

namespace gjk::check {

// T of docs/verdict.md, in units u = S * 2^-24 where S is the size of the problem (largest world
// coordinate plus the radii). An error above T u is a violation.
//
// Why this value: a float GJK rounds when it places the vertices (transform: up to ~2u per
// coordinate), forms Minkowski points (~2u), solves the barycentric coordinates and forms the witness
// points; on well-conditioned cases the total stays within a few tens of u. 64u is a factor of a few
// above what a correct float implementation shows and a factor of 2^18 below the errors of the real
// failures this harness exists to find (false overlaps report an error of the whole distance, typically
// >= 2^10 u). The comparison report shows the whole error distribution per strategy so that the choice
// stays visible.
inline constexpr double VIOLATION_THRESHOLD_U = 64.0;

// The cast verdict's normal-error bound (docs/verdict.md, "Cast"), in radians, on top of asin(T u / gap), the
// most that moving the witness points by T u can turn their difference (the normal is not judged where the
// gap is at most T u). 2^-10 rad (0.056 degrees): a contact normal off by more turns a resting contact's impulse by
// more than a float solver's own tolerance; the normal errors this exists to find are a face's normal where a
// vertex's belongs, tens of degrees.
inline constexpr double CAST_NORMAL_ANGLE_BOUND = 0x1p-10;

}  // namespace gjk::check
