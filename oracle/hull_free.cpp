// The second exact method, which builds no hull: vertex-edge minimum and an angular containment test.
//
// It shares nothing with minkowski_hull.cpp but the exact world vertices (exact_arithmetic.h): the
// distance is a minimum over all segments of the cloud written with integer cross products, and
// containment is decided from the angular order of the cloud points around the origin. A bug in
// either method shows up as a disagreement in the cross-check test.
#include "oracle/exact_arithmetic.h"

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace gjk::oracle {

namespace {

// Where the origin lies relative to M = hull of the cloud.
enum class Containment { Outside, Boundary, Interior };

// Exact: the upper half-plane (angle in [0, pi)) is 0, the lower one (angle in [pi, 2 pi)) is 1; only
// integer sign tests.
int halfPlane(const IntPoint& p) { return (p.y > 0 || (p.y == 0 && p.x > 0)) ? 0 : 1; }

// Exact: p x q, an integer.
Integer crossProduct(const IntPoint& p, const IntPoint& q) { return p.x * q.y - p.y * q.x; }

// Exact: p before q in counter-clockwise angle from the positive x axis. Within one half-plane the
// angles differ by less than pi, so the sign of the integer cross product orders them.
bool angleLess(const IntPoint* p, const IntPoint* q) {
  const int hp = halfPlane(*p);
  const int hq = halfPlane(*q);
  if (hp != hq) {
    return hp < hq;
  }
  return crossProduct(*p, *q) > 0;
}

// Exact angular-gap containment test. The origin is outside the hull of the nonzero points exactly
// when they all lie in an open half-plane through the origin, that is when some gap between
// angularly consecutive points exceeds pi; a gap of exactly pi (two points in opposite directions with
// everything on one side of their line) puts the origin on the boundary; all gaps below pi put it in
// the interior. A gap's size against pi is the sign of the integer cross product of its two ends
// (positive: below pi, negative: above), with a zero cross product decided by the dot product
// (negative: exactly pi; positive: a zero gap, or the full turn 2 pi when it is the wrap-around gap of
// points that all point the same way). A zero cloud point puts the origin in M: on the boundary unless
// the other points surround it strictly.
Containment angularContainment(const std::vector<IntPoint>& cloud) {
  std::vector<const IntPoint*> directions;
  directions.reserve(cloud.size());
  bool hasZero = false;
  for (const IntPoint& p : cloud) {
    if (p.x == 0 && p.y == 0) {
      hasZero = true;
    } else {
      directions.push_back(&p);
    }
  }
  if (directions.empty()) {
    return Containment::Boundary;  // M is the origin itself
  }
  std::sort(directions.begin(), directions.end(), angleLess);
  bool gapAbovePi = false;
  bool gapEqualPi = false;
  for (std::size_t i = 0; i < directions.size(); ++i) {
    const bool wrap = i + 1 == directions.size();
    const IntPoint& p = *directions[i];
    const IntPoint& q = *directions[wrap ? 0 : i + 1];
    const Integer cross = crossProduct(p, q);
    if (cross < 0) {
      gapAbovePi = true;
    } else if (cross == 0) {
      const Integer dot = p.x * q.x + p.y * q.y;
      if (dot < 0) {
        gapEqualPi = true;
      } else if (wrap) {
        gapAbovePi = true;  // every point in one direction: the wrap-around gap is the full turn
      }
    }
  }
  if (hasZero) {
    return (gapAbovePi || gapEqualPi) ? Containment::Boundary : Containment::Interior;
  }
  if (gapAbovePi) {
    return Containment::Outside;
  }
  return gapEqualPi ? Containment::Boundary : Containment::Interior;
}

// The smallest squared distance found so far, numerator / denominator (denominator > 0), and where.
struct Best {
  Integer numerator;
  Integer denominator = 1;
  const IntPoint* start = nullptr;  // the cloud point P (a vertex), or the segment's start
  const IntPoint* end = nullptr;    // the segment's end Q when the closest point is inside PQ
  Integer along;                    // -(P . (Q - P)), the closest point is P + along / |Q - P|^2 (Q - P)
  Integer lengthSquared;            // |Q - P|^2
};

// Exact: a candidate squared distance numerator / denominator beats the best by cross-multiplying
// (both denominators positive), integers only.
bool improves(const Integer& numerator, const Integer& denominator, const Best& best) {
  return best.start == nullptr || numerator * best.denominator < best.numerator * denominator;
}

// Exact: the distance from the origin to the open segment PQ when the origin projects strictly inside
// it (0 < -(P . D) < |D|^2 with D = Q - P): cross(P, D)^2 / |D|^2, compared as an integer fraction.
// Projections onto an end are skipped: the ends are cloud points, which are candidates themselves.
void trySegment(const IntPoint& p, const IntPoint& q, Best& best) {
  const IntPoint d{q.x - p.x, q.y - p.y};
  Integer lengthSquared = d.x * d.x + d.y * d.y;
  if (lengthSquared == 0) {
    return;
  }
  Integer along = -(p.x * d.x + p.y * d.y);
  if (along <= 0 || along >= lengthSquared) {
    return;
  }
  const Integer cross = crossProduct(p, d);
  Integer numerator = cross * cross;
  if (improves(numerator, lengthSquared, best)) {
    best.numerator = std::move(numerator);
    best.denominator = lengthSquared;
    best.start = &p;
    best.end = &q;
    best.along = std::move(along);
    best.lengthSquared = std::move(lengthSquared);
  }
}

}  // namespace

// Exact: the same integer cloud as solveByPointCloudHull (scaleCase, the shared exact conversion), then only
// integer sign tests (containment) and integer fractions compared by cross-multiplication (distance);
// rationals are formed once, for the answer.
ExactAnswer solveWithoutHull(const InputShape& a, const InputShape& b) {
  const ScaledCase scaled = scaleCase(a, b);
  const std::size_t countA = scaled.worldA.size();
  const std::size_t countB = scaled.worldB.size();

  // cloud[j * countA + i] = b_j - a_i, exact integers.
  std::vector<IntPoint> cloud;
  cloud.reserve(countA * countB);
  for (const IntPoint& pb : scaled.worldB) {
    for (const IntPoint& pa : scaled.worldA) {
      cloud.push_back({pb.x - pa.x, pb.y - pa.y});
    }
  }
  const auto at = [&](std::size_t j, std::size_t i) -> const IntPoint& { return cloud[j * countA + i]; };

  const Integer radius = scaled.radiusA + scaled.radiusB;
  ExactAnswer answer;
  answer.radius = scaledToRational(radius, scaled.exponent);

  const Containment containment = angularContainment(cloud);
  if (containment != Containment::Outside) {
    // The origin is in M: d0 = 0 and the closest point is the origin (the Rationals default to 0).
    if (radius > 0) {
      answer.relation = Relation::Overlapping;
    } else {
      answer.relation = containment == Containment::Boundary ? Relation::Touching : Relation::Overlapping;
    }
  } else {
    Best best;
    for (const IntPoint& p : cloud) {  // every single point b_j - a_i
      Integer normSquared = p.x * p.x + p.y * p.y;
      if (improves(normSquared, Integer(1), best)) {
        best.numerator = std::move(normSquared);
        best.denominator = 1;
        best.start = &p;
        best.end = nullptr;
      }
    }
    for (std::size_t j = 0; j < countB; ++j) {  // b_j - [a_i, a_k], all pairs i < k
      for (std::size_t i = 0; i < countA; ++i) {
        for (std::size_t k = i + 1; k < countA; ++k) {
          trySegment(at(j, i), at(j, k), best);
        }
      }
    }
    for (std::size_t i = 0; i < countA; ++i) {  // [b_j, b_l] - a_i, all pairs j < l
      for (std::size_t j = 0; j < countB; ++j) {
        for (std::size_t l = j + 1; l < countB; ++l) {
          trySegment(at(j, i), at(l, i), best);
        }
      }
    }

    // d0^2 = numerator / denominator in integer units, times 2^(2 exponent). Exact.
    answer.coreDistanceSquared =
        Rational(best.numerator, best.denominator) * powerOfTwo(2 * scaled.exponent);
    if (best.end == nullptr) {
      answer.closestPoint = {scaledToRational(best.start->x, scaled.exponent),
                             scaledToRational(best.start->y, scaled.exponent)};
    } else {
      // P + along / |D|^2 D = (P |D|^2 + along D) / |D|^2, exact.
      const IntPoint& p = *best.start;
      const IntPoint& q = *best.end;
      const Rational unit = powerOfTwo(scaled.exponent);
      answer.closestPoint = {
          Rational(p.x * best.lengthSquared + best.along * (q.x - p.x), best.lengthSquared) * unit,
          Rational(p.y * best.lengthSquared + best.along * (q.y - p.y), best.lengthSquared) * unit};
    }

    // d0^2 against r^2 as integer fractions: numerator vs radius^2 * denominator.
    const Integer radiusTerm = radius * radius * best.denominator;
    if (best.numerator > radiusTerm) {
      answer.relation = Relation::Separated;
    } else if (best.numerator == radiusTerm) {
      answer.relation = Relation::Touching;
    } else {
      answer.relation = Relation::Overlapping;
    }
  }

  answer.scale = problemScale(a, b);
  return answer;
}

}  // namespace gjk::oracle
