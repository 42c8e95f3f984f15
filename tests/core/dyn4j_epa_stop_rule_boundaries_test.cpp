// Each stop rule of `dyn4j-epa` (core/strategies/dyn4j_epa.h, double, dyn4j 6.0.0's constants) at its
// constant and one step of double on each side: Gjk.detect's two `s.d <= 0` tests (Gjk.java detect
// :270-305, DEFAULT_DETECT_EPSILON = 0 at :138), Epa.getPenetration's `projection - edge.distance <
// DEFAULT_DISTANCE_EPSILON` and its DEFAULT_MAX_ITERATIONS = 100 (Epa.java :72, :75, getPenetration
// :86-122), reached and not reached; the line numbers are those cited by the port's header. scripts/mutation-test
// (tests/core/mutants.txt) changes each comparison and constant and checks that a test here fails.
//
// Detect's own cap (DEFAULT_MAX_ITERATIONS = 30 loop iterations, Gjk.java :135) is not tested reached: the
// detect loop adds a support point strictly past the origin each turn or stops, and no input driving it to
// 30 turns is known (a scratch search of random small polygons, some rounded, and of rounded shapes nearly
// touching, not committed, found at most 20 support calls). Its loop-bound mutant in tests/core/mutants.txt
// survives for that reason.
#include <gtest/gtest.h>

#include "test_shapes.h"

#include <cmath>

#include "core/strategies/dyn4j_epa.h"

namespace {

using namespace gjk;
using namespace gjk::test_support;

PenetrationOutput<double> penetrate(const DistanceInput<double>& input) {
  PenetrationOutput<double> out;
  Dyn4jEpaStrategy::penetration(input, &out);
  return out;
}

double up(double x) { return std::nextafter(x, 2 * x + 1); }
double down(double x) { return std::nextafter(x, 0.0); }

// ---------------------------------------------------------------------------------------------------------
// distance-epsilon: `projection - edge.distance < sqrt(Epsilon.E)` (strict). B a point at the origin, so
// dyn4j's Minkowski points A - B are A's vertices: (-1, -e), (0, -2e), (1, -e), (4, 2). Detect starts along
// c2 - c1 (A's centroid is up and to the right: the direction points down-left), takes (-1, -e), then
// (4, 2) along the opposite, then (1, -e) along the segment's normal towards the origin: a triangle holding
// the origin (3 support calls) without (0, -2e). Its closest edge is (-1, -e) (1, -e): its normal is
// (0, +-2) / 2 = (0, -1) exactly, its distance |(-1, -e).(0, -1)| = e. The support along it is (0, -2e):
// projection 2e, and 2e - e = e exactly (e and 2e differ by one exponent).
//   e one double below the constant: stop at the first EPA iteration (4 support calls), normal (0, -1),
//     depth = the projection 2e;
//   e at the constant and one double above: not below it, (0, -2e) is inserted and the next closest edge
//     is one of the two tilted edges through it (5 support calls, a normal with x != 0).
DistanceInput<double> bottomEdgeWithAPointBeyondBy(double e) {
  return makeInput<double>(polygonOf<double>({{-1, -e}, {0, -2 * e}, {1, -e}, {4, 2}}),
                           polygonOf<double>({{0, 0}}), {0, 0});
}

TEST(Dyn4jEpaBoundaries, distanceEpsilonStrictlyBelowTheConstantOnly) {
  const double epsilon = dyn4j_epa::EPA_DISTANCE_EPSILON;
  PenetrationOutput<double> below = penetrate(bottomEdgeWithAPointBeyondBy(down(epsilon)));
  EXPECT_TRUE(below.overlapping);
  EXPECT_EQ(below.stop, PenetrationStop::DistanceEpsilon);
  EXPECT_EQ(below.iterations, 4);
  EXPECT_EQ(below.normal.x, 0.0);
  EXPECT_EQ(below.normal.y, -1.0);
  EXPECT_EQ(below.depth, 2 * down(epsilon));
  for (double e : {epsilon, up(epsilon)}) {
    PenetrationOutput<double> out = penetrate(bottomEdgeWithAPointBeyondBy(e));
    EXPECT_TRUE(out.overlapping) << e;
    EXPECT_EQ(out.stop, PenetrationStop::DistanceEpsilon) << e;
    EXPECT_EQ(out.iterations, 5) << e;
    EXPECT_NE(out.normal.x, 0.0) << e;
  }
}

// ---------------------------------------------------------------------------------------------------------
// EPA's 100 iterations, reached and not. Two circles of radius r (one-vertex shapes with a radius: dyn4j's
// Circle.getFarthestPoint on each support), B at an offset of r/16 or r/8 along both axes. At r ~ 4e6 and
// ~ 4e8 a support's projection and the edge's distance are numbers of that size, whose difference rounds
// in steps (ulp ~ 1e-9 and 6e-8) near or above the constant 1.05e-8: the loop ends only when a support
// rounds onto its edge, after an erratic number of iterations. The two pairs were found by a scratch search
// of such circles (radius and offset on a grid; the search is not committed), with a scratch copy of the
// port allowing 101 iterations for the second:
//   r = 0x1.d4p+21, offset r/16: stops on distance-epsilon at EPA's 100th iteration, the last the cap
//     allows: 1 + 2 detect supports + 100 = 103 support calls;
//   r = 0x1.c8p+27, offset r/8: needs a 101st iteration (the 101-iteration copy stopped there on
//     distance-epsilon): here the cap ends it, iteration-cap with overlapping = true after 103 calls.
DistanceInput<double> circles(double r, double offset) {
  return makeInput<double>(polygonOf<double>({{0, 0}}, r), polygonOf<double>({{0, 0}}, r), {offset, offset});
}

TEST(Dyn4jEpaBoundaries, epaStopsOnItsHundredthIterationWithoutTheCap) {
  PenetrationOutput<double> out = penetrate(circles(0x1.d4p+21, 0x1.d4p+17));
  EXPECT_TRUE(out.overlapping);
  EXPECT_EQ(out.stop, PenetrationStop::DistanceEpsilon);
  EXPECT_EQ(out.iterations, 1 + 2 + dyn4j_epa::EPA_MAX_ITERATIONS);
  // The depth is the projection of the last support: the circles' overlap 2r - sqrt(2) r/16, to within 1
  // (a check that the answer is that overlap, some 1e-7 of it).
  EXPECT_NEAR(out.depth, 2 * 0x1.d4p+21 - std::sqrt(2.0) * 0x1.d4p+21 / 16, 1.0);
}

TEST(Dyn4jEpaBoundaries, epaNeedingAHundredAndFirstIterationEndsOnTheCap) {
  PenetrationOutput<double> out = penetrate(circles(0x1.c8p+27, 0x1.c8p+24));
  EXPECT_TRUE(out.overlapping);
  EXPECT_EQ(out.stop, PenetrationStop::IterationCap);
  EXPECT_EQ(out.iterations, 1 + 2 + dyn4j_epa::EPA_MAX_ITERATIONS);
  EXPECT_LE(out.iterations, Dyn4jEpaStrategy::MAX_SUPPORT_CALLS);
  EXPECT_NEAR(out.depth, 2 * 0x1.c8p+27 - std::sqrt(2.0) * 0x1.c8p+27 / 8, 1.0);  // the overlap, to 1
}

// ---------------------------------------------------------------------------------------------------------
// Detect's first test, the first support's `dot(d) <= 0` (separated). Two unit boxes, B at
// (x, 0): d = c2 - c1 = (x, 0), the first support of A - B along it is A's x = 1/2 minus B's x - 1/2, so
// its dot with d is (1 - x) x.
//   x = 1 (touching): exactly 0: separated after that one support (dyn4j: touching is not a collision);
//   x one double above: negative: separated after one support;
//   x one double below: positive: the loop runs, the origin is inside, EPA answers the overlap 1 - x =
//     2^-53 along (1, 0).
TEST(Dyn4jEpaBoundaries, detectEndsOnAFirstSupportNotPastTheOrigin) {
  for (double x : {1.0, up(1.0)}) {
    PenetrationOutput<double> out = penetrate(makeInput<double>(box<double>(0.5, 0.5), box<double>(0.5, 0.5), {x, 0}));
    EXPECT_FALSE(out.overlapping) << x;
    EXPECT_EQ(out.stop, PenetrationStop::Separated) << x;
    EXPECT_EQ(out.iterations, 1) << x;
  }
  PenetrationOutput<double> below =
      penetrate(makeInput<double>(box<double>(0.5, 0.5), box<double>(0.5, 0.5), {down(1.0), 0}));
  EXPECT_TRUE(below.overlapping);
  EXPECT_EQ(below.stop, PenetrationStop::DistanceEpsilon);
  EXPECT_EQ(below.depth, 1.0 - down(1.0));
  EXPECT_EQ(below.normal.x, 1.0);
  EXPECT_EQ(below.normal.y, 0.0);
}

// Detect's loop test, a new support's `dot(d) <= detectEpsilon` (0), and checkSimplex's containment test
// (`abLocation < 0`, strict, so an origin on an edge is not inside): boxes touching face to
// face with B shifted along the face, so the first direction c2 - c1 is oblique and the first support is
// past the origin. The loop then reaches the face of A - B through the origin (x = 0 or y = 0) and a
// support exactly on it: separated after 4 support calls, never an overlap (no depth-0 collision).
TEST(Dyn4jEpaBoundaries, detectCallsTouchingFacesSeparatedInsideTheLoop) {
  const Vec2<double> positions[] = {{1, 0.5}, {1, 0.25}, {0.5, 1}, {1, -0.5}, {-1, 0.25}, {0.25, -1}, {1, 0.75}};
  for (Vec2<double> position : positions) {
    PenetrationOutput<double> out =
        penetrate(makeInput<double>(box<double>(0.5, 0.5), box<double>(0.5, 0.5), position));
    EXPECT_FALSE(out.overlapping) << position.x << " " << position.y;
    EXPECT_EQ(out.stop, PenetrationStop::Separated) << position.x << " " << position.y;
    EXPECT_EQ(out.iterations, 4) << position.x << " " << position.y;
  }
}


// checkSimplex's containment test is strict (`abLocation < 0`): an origin exactly on the edge ab of detect's
// triangle is not inside. A triangle (0, 0), (1, -2), (1, -1) and a segment (1, -2) (1, 1) touch along x = 1
// for y in [-2, -1] (A lies in x <= 1), so the origin is on the boundary of A - B. Detect's third support
// completes a triangle whose edge ab passes through the origin (integer coordinates: abLocation is exactly
// 0): not inside, and the fourth support is not past the origin: separated after 4 support calls.
// (Counted inside, the touching pair would go to EPA and come out a collision of depth 0.)
TEST(Dyn4jEpaBoundaries, detectDoesNotCountAnOriginOnTheTrianglesEdgeAsInside) {
  PenetrationOutput<double> out =
      penetrate(makeInput<double>(polygonOf<double>({{0, 0}, {1, -2}, {1, -1}}),
                                  polygonOf<double>({{1, -2}, {1, 1}}), {0, 0}));
  EXPECT_FALSE(out.overlapping);
  EXPECT_EQ(out.stop, PenetrationStop::Separated);
  EXPECT_EQ(out.iterations, 4);
}
}  // namespace

namespace {

using namespace gjk;

// The edge queue's siftDown takes the right child only when the left is strictly greater (OpenJDK's
// siftDownComparable: `c.compareTo(queue[right]) > 0`). Edges 0 (distance 0), 1 and 2 (distance 1 each),
// 3 (distance 2) added in that order make the heap [0, 1, 2, 3] (3 sits under 1: not less than it). One poll
// returns 0 and sifts 3 down from the root: its children 1 and 2 tie, the left one, 1, moves up: 1 is next.
TEST(Dyn4jEpaBoundaries, edgeQueueSiftDownTakesTheLeftOfEqualChildren) {
  dyn4j_epa::EdgeQueue queue;
  const double distances[] = {0, 1, 1, 2};
  for (int i = 0; i < 4; ++i) {
    dyn4j_epa::Edge edge;
    edge.point1 = i;
    edge.distance = distances[i];
    queue.add(edge);
  }
  EXPECT_EQ(queue.poll().point1, 0);
  EXPECT_EQ(queue.peek().point1, 1);
  EXPECT_EQ(queue.poll().point1, 1);
  EXPECT_EQ(queue.poll().point1, 2);
  EXPECT_EQ(queue.poll().point1, 3);
}

}  // namespace
