// The exact oracle: the answer a perfect distance algorithm would give for a case, computed with
// exact arithmetic: scaled integers (128-bit, or GMP through Boost.Multiprecision) behind a double filter
// with proven error bounds, and GMP rationals for the answer.
//
// What is exact, and why:
// - Every input number is a float, that is m * 2^e with integer m and e. Products and sums of floats
//   are dyadic rationals, so world vertices (c*x - s*y + px, s*x + c*y + py), the Minkowski
//   difference points b - a, orientation tests and squared distances are all exact rationals here:
//   nothing is rounded, for every finite float input, subnormals and 1e38 included.
// - Sign tests (orientations, comparisons) are evaluated in double first and trusted only when the
//   value exceeds a bound on its rounding error, derived in error_bounds.h; otherwise they are computed
//   exactly from the scaled integers. The filter changes how fast an answer comes, never the answer:
//   with the filter off (HullOptions) every answer is the same, which the tests check.
// - The rotation pair (c, s) is applied exactly as given; it need not satisfy c^2 + s^2 = 1.
// - Squared distances, relations and closest points are exact. The distance itself is a square root
//   and so is irrational in general: where a real number is needed (the decimal string, errors in
//   units u) it is computed from the exact rationals in HighPrecision, with the subtraction
//   d - r rewritten as (d^2 - r^2) / (d + r) so that no cancellation loses digits; such values are
//   labelled "high precision", never "exact".
//
// Three exact methods compute the same answer, and the tests and fuzz_oracle compare them:
// solveByHull (fast: the two shapes' hulls merged edge by edge, fast_hull.h), solveByPointCloudHull (the
// reference: the hull of the explicit point cloud {b - a}) and solveWithoutHull (no hull at all).
//
// The shape cast (moving B by t r, when does the gap first reach a target?) has its own exact oracle on the
// same machinery, with two methods of its own: cast.h.
//
// This folder shares no code with core/: no vector type, no support function, no hull. A bug the two
// shared would hide itself.
#pragma once

#include <boost/multiprecision/gmp.hpp>

#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace gjk::oracle {

using Integer = boost::multiprecision::mpz_int;
using Rational = boost::multiprecision::mpq_rational;
// 100 decimal digits of relative precision: used only for values that are irrational (square roots).
using HighPrecision = boost::multiprecision::mpf_float_100;

// One input vertex, in the shape's local frame, exactly as read from the case file.
struct InputPoint {
  float x = 0;
  float y = 0;
};

// A shape as the case file gives it: hull of the vertices (any order, duplicates, collinear and
// interior points allowed) grown by a disk of the radius, then rotated by (c, s) and moved by p.
struct InputShape {
  std::vector<InputPoint> vertices;  // at least one
  float radius = 0;
  float positionX = 0;
  float positionY = 0;
  float rotationC = 1;
  float rotationS = 0;
};

struct ExactPoint {
  Rational x;
  Rational y;
};

// Design §3: separated (d0 > r), touching (d0 = r; for r = 0 the origin is on the boundary of M,
// including a degenerate M, a point or a segment, that contains the origin), overlapping (d0 < r, or
// the origin in the interior of M when r = 0).
enum class Relation { Separated, Touching, Overlapping };

// "separated" | "touching" | "overlapping"
const char* relationName(Relation relation);

struct ExactAnswer {
  Relation relation = Relation::Separated;
  Rational coreDistanceSquared;  // d0^2, d0 = dist(origin, M), exact
  ExactPoint closestPoint;       // the unique point of M nearest the origin, exact
  Rational radius;               // r = rA + rB, exact
  Rational scale;                // S of docs/verdict.md, exact: problemScale(a, b)
  // Counter-clockwise vertices of M = hull{b - a} with collinear points removed: one point when M is
  // a point, two when M is a segment. Filled by solveByHull and solveByPointCloudHull only.
  std::vector<ExactPoint> minkowskiHull;
};

// S of docs/verdict.md, exact: the largest, over both shapes' vertices v, of
// max(|c v.x| + |s v.y| + |p.x|, |s v.x| + |c v.y| + |p.y|), plus rA + rB; the smallest normal float
// 2^-126 when that is 0. These are the magnitudes of the terms a float engine adds to place a vertex in
// the world, so the rounding of the transform is inside the unit u = S 2^-24 even where the world
// coordinate itself is small (a large position cancelling a large rotated vertex).
Rational problemScale(const InputShape& a, const InputShape& b);

// Exact world vertices of a shape, in input order: (c*x - s*y + px, s*x + c*y + py).
std::vector<ExactPoint> worldVertices(const InputShape& shape);

// The oracle's answer, by the fast hull method: the exact hull of each shape (monotone chain), M as the
// merge of their edges by angle (linear time), containment and the closest feature of M from exact sign
// tests, then the exact closest point and squared distance of that one feature (fast_hull.h). Every
// sign test is exact (a double filter with a proven error bound, scaled integers when it cannot decide).
// The answer, minkowskiHull included, is identical to solveByPointCloudHull's, which the tests check on
// every generated family.
ExactAnswer solveByHull(const InputShape& a, const InputShape& b);

// How solveByHull computes; every choice gives the same answer (for tests and benchmarks).
struct HullOptions {
  bool filter = true;  // false: every sign test from the scaled integers, the double filter unused
  // false: minkowskiHull is left empty (its rationals are the largest part of the answer's cost), for
  // callers that only judge answers; every other field is the same.
  bool minkowskiHull = true;
  // false: closestPoint is left at (0, 0) (two more exact quotients when the closest feature is an edge),
  // for callers that only judge answers, which never read it; every other field is the same.
  bool closestPoint = true;
};
ExactAnswer solveByHull(const InputShape& a, const InputShape& b, const HullOptions& options);

class ExactPoints;  // internal to oracle/ (exact_points.h, fast_hull.h)
struct ShapeHull;

// The exact points of a case's two shapes and their exact hulls, as solveByHull builds them, kept for the
// witness points judged on the same case: PreparedErrors locates them against these hulls instead of
// building each shape's hull again (the same exact sign tests give the same hull). Empty until
// solveByHull(a, b, options, &hulls) fills it; the points and hulls are oracle/'s internals.
class CaseHulls {
 public:
  CaseHulls();
  ~CaseHulls();
  CaseHulls(const CaseHulls&) = delete;
  CaseHulls& operator=(const CaseHulls&) = delete;

  bool filled() const { return state_ != nullptr; }
  // Only when filled: both shapes' exact points (a's first), and the hull of shape 0 (a) or 1 (b).
  const ExactPoints& points() const;
  const ShapeHull& hull(int shape) const;

  struct State;

 private:
  friend ExactAnswer solveByHull(const InputShape& a, const InputShape& b, const HullOptions& options,
                                 CaseHulls* hulls);
  std::unique_ptr<State> state_;
};
// solveByHull that also keeps its exact points and shape hulls in *hulls (the same answer).
ExactAnswer solveByHull(const InputShape& a, const InputShape& b, const HullOptions& options, CaseHulls* hulls);

// The reference method: the explicit Minkowski point cloud {b - a} (n*m points), its exact convex hull
// (monotone chain with exact GMP-integer orientation), the closest point of the hull to the origin.
// Slow and simple; kept as the reference that solveByHull is checked against.
ExactAnswer solveByPointCloudHull(const InputShape& a, const InputShape& b);

// The second exact method, which builds no hull: the minimum of the exact squared distance from the
// origin over every segment b - [a_i, a_k] and [b_j, b_l] - a (vertex-edge pairs over all vertex
// pairs, which include every edge of M), and an exact containment test of the origin in M from the
// angular gaps of the points b - a around the origin. minkowskiHull is left empty.
ExactAnswer solveWithoutHull(const InputShape& a, const InputShape& b);

// Exact squared distance from the point (x, y) to the hull of the shape's world vertices (the core,
// without the radius). When x and y are doubles (as every witness point is) by the fast hull method
// with M = (x, y) - shape, otherwise by the reference squaredDistanceToCoreByPointCloud.
Rational squaredDistanceToCore(const InputShape& shape, const Rational& x, const Rational& y);
// The same for a point given as doubles (finite; std::invalid_argument otherwise).
Rational squaredDistanceToCore(const InputShape& shape, double x, double y);

// A shape prepared for many squaredDistanceToCore queries (the witness points of every strategy on one
// case): its exact points and its exact hull are built once; a query locates its point against them
// (point_distance.h) without copying them. Every answer
// is squaredDistanceToCore(shape, x, y)'s (exact; tested), and a point whose integers do not fit the
// 128-bit route is answered by squaredDistanceToCore itself. Keeps a pointer to the shape.
class ShapeCore {
 public:
  explicit ShapeCore(const InputShape& shape);
  // The shape (0: a, 1: b) of a case whose hulls solveByHull kept (filled; it must outlive this): its
  // hull there is used, nothing is built. hulls == nullptr (or not filled) is ShapeCore(shape).
  ShapeCore(const InputShape& shape, const CaseHulls* hulls, int which);
  ~ShapeCore();
  ShapeCore(const ShapeCore&) = delete;
  ShapeCore& operator=(const ShapeCore&) = delete;
  // squaredDistanceToCore(shape, x, y) into out (finite x and y; std::invalid_argument otherwise).
  void squaredDistance(double x, double y, Rational& out) const;

 private:
  struct Prepared;
  const InputShape* shape_;
  const CaseHulls* hulls_ = nullptr;
  int which_ = 0;
  mutable std::unique_ptr<Prepared> prepared_;  // built on the first query, when no hulls are given
};

// The reference for squaredDistanceToCore: the hull of the shape's exact vertices relative to (x, y) in
// GMP integers (monotone chain), its closest point.
Rational squaredDistanceToCoreByPointCloud(const InputShape& shape, const Rational& x, const Rational& y);

// How the double filter of the fast method did, on this thread since it started (reset by assigning {}).
struct FilterStatistics {
  std::uint64_t queries = 0;            // solveByHull and fast squaredDistanceToCore calls
  std::uint64_t filtered = 0;           // sign tests the double filter decided
  std::uint64_t exact = 0;              // sign tests computed from the scaled integers
  std::uint64_t wideQueries = 0;        // queries whose integers needed GMP (more than 120 bits)
  std::uint64_t unfilteredQueries = 0;  // queries outside the filter's preconditions, or filter off
};
FilterStatistics& filterStatistics();

// High precision: the distance from (x, y) to the rounded shape, max(0, dist(p, core) - radius).
HighPrecision distanceToShape(const InputShape& shape, const Rational& x, const Rational& y);
// The same for a point given as doubles (finite), without forming rationals for it.
HighPrecision distanceToShape(const InputShape& shape, double x, double y);

// High precision: max(0, d0 - r).
HighPrecision distance(const ExactAnswer& answer);

// High precision square root of a non-negative rational.
HighPrecision squareRoot(const Rational& value);

// ---- Errors of a reported answer in units u (docs/verdict.md), for check::judge ----------------------------

// What a strategy reported, widened to double (exact for float results).
struct ReportedAnswer {
  double distance = 0;
  double pointAX = 0, pointAY = 0;  // witness point on A, world frame
  double pointBX = 0, pointBY = 0;  // witness point on B
  // One point serves as both witnesses (the `merged` contact convention of docs/verdict.md; pointA = pointB):
  // its witness error is its distance to the nearer shape.
  bool merged = false;
};

// The three errors of docs/verdict.md in units u, with D = max(0, d0 - r) the exact distance:
// |d - D| / u, max(dist(pA, A), dist(pB, B)) / u (shapes with their radius; for a merged point
// min(dist(p, A), dist(p, B)) / u), (|pA - pB| - D) / u.
struct ErrorsInUnits {
  double distanceError = 0;
  double witnessError = 0;
  double witnessGap = 0;
};

// The reference: every value in HighPrecision, divided by HighPrecision(unit) and converted to double
// by truncation (mpf_get_d), exactly as check::judge computed them before the lazy route. Finite
// inputs only. High precision, not exact: each value is within 2^-320 (relative to the quantities it is
// formed from) of the true one, then truncated.
ErrorsInUnits errorsInUnitsByHighPrecision(const InputShape& a, const InputShape& b, const ExactAnswer& exact,
                                           const Rational& unit, const ReportedAnswer& reported);

// The same doubles with less multiprecision work (lazy_units.cpp): the reference's own HighPrecision
// expressions, minus what exact arithmetic shows to be unnecessary: HighPrecision(unit) is converted
// once, and a witness point within its shape (decided exactly, dist^2 <= r^2 on the exact squared
// distance) has witness distance exactly 0 without any high precision. The result is identical to
// errorsInUnitsByHighPrecision's, bit for bit (tested). (A route that proposed each value in double-double
// and verified it by exact comparisons was measured slower and rejected; lazy_units.cpp says why.)
ErrorsInUnits errorsInUnits(const InputShape& a, const InputShape& b, const ExactAnswer& exact, const Rational& unit,
                            const ReportedAnswer& reported);

// What errorsInUnits needs of a case and its exact answer whatever the reported answer, computed once
// when several answers are judged on one case (check::CaseJudge): the same values errorsInUnits forms for
// itself, so both give the same doubles. Keeps pointers to a, b and exact, which must outlive it. It also
// remembers the exact squared distances of the last few witness points asked about (per shape), since
// strategies often report the same point; a remembered value is the one squaredDistanceToCore returned.
struct PreparedErrors {
  PreparedErrors(const InputShape& a, const InputShape& b, const ExactAnswer& exact, const Rational& unit);
  // The same, with the shapes' hulls that solveByHull kept when it solved a and b into exact (filled, or
  // nullptr: each shape's hull is built on its first witness point); hulls must outlive it.
  PreparedErrors(const InputShape& a, const InputShape& b, const ExactAnswer& exact, const Rational& unit,
                 const CaseHulls* hulls);
  // squaredDistanceToCore(shape (0: a, 1: b), x, y), remembered.
  const Rational& squaredDistance(int shape, double x, double y);

  const InputShape* a;
  const InputShape* b;
  const ExactAnswer* exact;
  HighPrecision unit;           // HighPrecision(unit)
  HighPrecision exactDistance;  // distance(exact)
  Rational radiusA, radiusB;    // exactFloat of the radii
  Rational radiusASquared, radiusBSquared;
  ShapeCore coreA, coreB;  // the shapes' exact hulls, for the witness points

  static constexpr int REMEMBERED = 8;  // points per shape
  struct RememberedPoint {
    double x = 0, y = 0;
    Rational squared;
    // distanceBeyondRadius(squared, the shape's radius) at the unit's precision, once errorsInUnits asked
    // for it (the same GMP calls on the same values give the same mpf value: it is kept, not recomputed).
    HighPrecision beyond;
    bool beyondKnown = false;
  };
  // The remembered point (x, y) of the shape (0: a, 1: b), its squared distance computed when it is new.
  RememberedPoint& rememberedPoint(int shape, double x, double y);
  // The remembered points of both shapes. Taken from a per-thread pool and given back to it when done, so
  // that their Rationals' limbs are allocated once per thread, not once per case (every slot read is
  // written first: rememberedCount says which).
  struct Remembered {
    RememberedPoint points[2][REMEMBERED];
  };
  struct GiveBack {
    void operator()(Remembered* remembered) const;
  };
  std::unique_ptr<Remembered, GiveBack> remembered;
  int rememberedCount[2] = {0, 0};
  int rememberedNext[2] = {0, 0};  // the slot to overwrite when full
};

// errorsInUnits(a, b, exact, unit, reported) with the case's part prepared: the same doubles.
ErrorsInUnits errorsInUnits(PreparedErrors& prepared, const ReportedAnswer& reported);

// distance(exact) > HighPrecision(unit) * factor, as judge compares them (high precision), decided by
// exact comparisons of D with factor * unit * (1 +- 2^-300) and by high precision only in between.
bool distanceExceeds(const ExactAnswer& exact, const Rational& unit, double factor);

// HighPrecision(exactDouble(value)) > HighPrecision(unit) * factor, decided the same way.
bool valueExceeds(double value, const Rational& unit, double factor);

// How the lazy route went, on this thread since it started (reset by assigning {}).
struct LazyStatistics {
  std::uint64_t values = 0;       // values and decisions asked for
  std::uint64_t highPrecision = 0;  // of them, computed by the high-precision reference
};
LazyStatistics& lazyStatistics();

// max(0, d0 - r) as a decimal string with the given number of significant digits (at least 30),
// "0" when the shapes touch or overlap. Exact and correctly rounded (to nearest, ties to even): every
// digit is decided by exact rational comparisons, D >= t <=> d0^2 >= (t + r)^2.
std::string distanceDecimal(const ExactAnswer& answer, int significantDigits = 40);

// An exact rational as a decimal string with the given number of significant digits.
std::string decimalString(const Rational& value, int significantDigits = 40);

// "p/q" (or "p" when q = 1), exact.
std::string rationalString(const Rational& value);

// Exact rational of a float.
Rational exactFloat(float value);

// Exact rational of a finite double (every float widens to double exactly, so results of float and
// double strategies convert alike); std::invalid_argument for NaN and infinities. The IEEE fields give
// the integer significand and the power of two exactly; the rational is built canonical.
Rational exactDouble(double value);

}  // namespace gjk::oracle
