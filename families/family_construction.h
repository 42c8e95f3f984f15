// The building blocks of the case families (families/families.h), shared by the samplers in
// families_*.cpp: the draw of random choices, lattice geometry, float unit rotations and the assembly
// of a case. Internal to families/.
//
// Exactness: every coordinate is built as an integer n with |n| <= 2^24 times 2^e (latticeFloat checks
// both), so the float in the case is exactly n 2^e; sums of lattice points are formed in 64-bit integers
// before that one conversion. A construction that says "exact" (a vertex on an edge, a radius gap) is
// therefore exact in the case file, and the oracle, which applies every transform exactly, sees it too.
// The only rounded constructions are the ones named for it (float-rounded-contact, far-vertices,
// far-position's second position, rotated's positions, the rotations themselves) and they claim no
// exact relation.
#pragma once

#include <boost/container/small_vector.hpp>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "case/case.h"
#include "families/choice_source.h"

namespace gjk::check::family_construction {

using Int = std::int64_t;

// ---------------------------------------------------------------------------------------------------
// Random choices, each read from the choice source (families/choice_source.h), choice 0 the simplest value.

class Draw {
 public:
  explicit Draw(ChoiceSource& source) : source_(source) {}

  // An integer in [low, high], uniform when the source is (the choice is a bijection of [0, span) onto
  // the range), choice 0 giving `target` (clamped into the range), then target + 1, target - 1,
  // target + 2, ... : the values in order of their distance from the target, so a smaller choice is a
  // value nearer the simplest one.
  template <class T>
  T integer(T low, T high, T target) {
    if (high < low) {
      throw std::logic_error("case family: empty range");
    }
    target = std::clamp(target, low, high);
    const auto below = static_cast<std::uint64_t>(static_cast<Int>(target) - static_cast<Int>(low));
    const auto above = static_cast<std::uint64_t>(static_cast<Int>(high) - static_cast<Int>(target));
    const std::uint64_t choice = source_.choose(below + above + 1);
    const std::uint64_t both = std::min(below, above);  // distances reachable on both sides
    Int offset = 0;
    if (choice <= 2 * both) {
      offset = (choice & 1) != 0 ? static_cast<Int>((choice + 1) / 2) : -static_cast<Int>(choice / 2);
    } else {
      const auto distance = static_cast<Int>(choice - both);  // only the longer side is left
      offset = above > below ? distance : -distance;
    }
    return static_cast<T>(static_cast<Int>(target) + offset);
  }

  // true with the given percentage; choice 0 is false (the simpler case: no extra feature).
  bool chance(int percent) { return source_.choose(100) >= static_cast<std::uint64_t>(100 - percent); }

  // An index drawn with the given weights (zero weights never drawn); choice 0 is the first index of
  // nonzero weight (each family lists its simplest construction first).
  int choice(std::initializer_list<int> weights) {
    const int total = std::accumulate(weights.begin(), weights.end(), 0);
    auto draw = static_cast<int>(source_.choose(static_cast<std::uint64_t>(total)));
    const int* weight = weights.begin();
    int index = 0;
    while (draw >= weight[index]) {
      draw -= weight[index];
      ++index;
    }
    return index;
  }

 private:
  ChoiceSource& source_;
};

// ---------------------------------------------------------------------------------------------------
// Lattice geometry, exact in 64-bit integers (coordinates stay below 2^24, cross products below 2^51).

struct LatticePoint {
  Int x = 0;
  Int y = 0;
};
// Up to 16 points (MAX_POLYGON_VERTICES) in place, more on the heap: a sampled case allocates little.
using LatticePolygon = boost::container::small_vector<LatticePoint, 16>;

LatticePoint operator+(LatticePoint a, LatticePoint b);
LatticePoint operator-(LatticePoint a, LatticePoint b);
LatticePoint operator*(Int k, LatticePoint a);
bool operator==(LatticePoint a, LatticePoint b);
__int128 cross(LatticePoint a, LatticePoint b);
// The right-hand normal of a direction: cross(d, rightNormal(d)) = -|d|^2 < 0.
LatticePoint rightNormal(LatticePoint d);
// Convex hull, counter-clockwise, collinear points removed (exact).
LatticePolygon latticeHull(LatticePolygon points);
// Is p strictly inside the counter-clockwise strictly convex polygon?
bool strictlyInside(const LatticePolygon& polygon, LatticePoint p);
Int extent(const LatticePolygon& polygon);
LatticePolygon scaled(LatticePolygon polygon, Int k);
LatticePolygon translated(LatticePolygon polygon, LatticePoint t);
// Vertex `start` first, the cyclic order kept: GJK starts from vertex 0, so the start matters.
LatticePolygon rotatedStart(LatticePolygon polygon, int start);
// The float n 2^e, exact: throws std::logic_error when the construction asks for more than a float holds.
float latticeFloat(Int n, int exponent);

// ---------------------------------------------------------------------------------------------------
// Rotations (c, s): float unit rotations only (docs/case-format.md, case/unit_rotation.h), made without libm's
// cosf/sinf, whose last bit may differ between C libraries and versions: exact quarter turns, pairs of
// small integers normalized in float (normalizedRotation: products, a sum, sqrtf and divisions, each one
// correctly rounded IEEE operation, so the same bits everywhere), and a fixed table of hex pairs.

struct Rotation {
  float c = 1;
  float s = 0;
};

// (c, s) turned by k quarter turns: exact (a swap and sign changes).
Rotation quarterTurned(Rotation r, int k);

enum class RotationSet {
  QuarterTurns,  // (1,0), (0,1), (-1,0), (0,-1): exact unit rotations, so radii stay exact too
  Unit,          // quarter turns, normalized integer pairs and the table
};

Rotation drawRotation(Draw& in, RotationSet set, bool allowIdentity = true);

// ---------------------------------------------------------------------------------------------------
// Lattice building blocks.

LatticePoint drawLatticePoint(Draw& in, Int reach);
// A direction with components in [-reach, reach], never zero.
LatticePoint drawDirection(Draw& in, Int reach);
// A random convex lattice polygon by Valtr's construction (family_construction.cpp says more).
LatticePolygon drawConvexPolygon(Draw& in, int minVertices, int maxVertices, int maxBits);
// `count` lattice points strictly on one side of the line through the origin along `step`.
LatticePolygon drawSideCloud(Draw& in, LatticePoint step, int minCount, int maxCount, int maxBits, bool left);

// ---------------------------------------------------------------------------------------------------
// From lattice to case.

struct Placement {
  Rotation rotation;
  float x = 0;
  float y = 0;
};

ShapeSpec latticeShape(const LatticePolygon& points, int exponent, Int radius = 0, Placement placement = {});
Placement latticePlacement(Rotation rotation, LatticePoint position, int exponent);
Case assemble(const char* family, const std::string& construction, ShapeSpec a, ShapeSpec b,
              const char* expectedRelation = nullptr);

// ---------------------------------------------------------------------------------------------------
// Contacts (families_contact.cpp), also used by the scale family.

// Two shapes in contact on the line through the origin along `step`, exactly, in lattice coordinates:
// A = hull of the edge [0, g step] and points strictly left of the line, so that edge is an edge of A;
// B = hull of the contact (a point j step, or a segment [j1, j2] step overlapping A's edge) and points
// strictly right of the line. A and B meet exactly on the line: their distance is 0 and no interior
// point is shared. `shift` (a multiple of the right normal) then moves B off or into A.
struct Contact {
  LatticePolygon a;
  LatticePolygon b;
  LatticePoint contact;  // B's contact vertex before any shift (j step)
  LatticePoint step;
  Int g = 1;
};

Contact drawContact(Draw& in, LatticePoint step, bool edgeOnEdge, int minG, bool interiorContact,
                    int cloudBits);
// A Pythagorean direction (|step| = h, an integer) in any of its eight orientations.
std::pair<LatticePoint, Int> drawPythagoreanStep(Draw& in);

// ---------------------------------------------------------------------------------------------------
// The samplers, one a family (families_vertex_lists.cpp, families_contact.cpp, families_extremes.cpp).

Case drawRandomConvex(Draw& in);
Case drawRandomPoints(Draw& in);
Case drawCollinear(Draw& in);
Case drawDuplicates(Draw& in);
Case drawDegenerate(Draw& in);
Case drawTouching(Draw& in);
Case drawOverlapping(Draw& in);
Case drawNearParallel(Draw& in);
Case drawRadius(Draw& in);
Case drawShortEdge(Draw& in);
Case drawLargeOffset(Draw& in);
Case drawScale(Draw& in);
Case drawSliver(Draw& in);
Case drawRotated(Draw& in);
// The overlap families (families_overlap.cpp).
Case drawDeepOverlap(Draw& in);
Case drawShallowOverlap(Draw& in);
Case drawContainment(Draw& in);
Case drawOverlapNearParallel(Draw& in);
Case drawOverlapFar(Draw& in);
Case drawObbNearRightAngles(Draw& in);
Case drawCirclePolygon(Draw& in);
// The cast families (families_cast.cpp): cases with a translation (Case::hasTranslation).
Case drawCastTunnelling(Draw& in);
Case drawCastGrazingVertex(Draw& in);
Case drawCastGrazingEdge(Draw& in);
Case drawCastGrazingMiss(Draw& in);
Case drawCastSliding(Draw& in);
Case drawCastInitiallyTouching(Draw& in);
Case drawCastInitiallyOverlapping(Draw& in);
Case drawCastReceding(Draw& in);
Case drawCastHeadOn(Draw& in);
Case drawCastLongTranslation(Draw& in);
Case drawCastNearParallel(Draw& in);
Case drawCastShortEdge(Draw& in);
Case drawCastRounded(Draw& in);
Case drawCastScaleOffset(Draw& in);
// The rotating cast family (families_cast_rotating.cpp): cases with b.angular too.
Case drawCastRotating(Draw& in);

}  // namespace gjk::check::family_construction
