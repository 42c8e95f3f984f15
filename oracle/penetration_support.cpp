// Method 2 of the exact penetration answer: no hull, the support-function difference minimized over
// candidate directions (oracle/penetration.h). Shares with method 1 only the exact input conversion
// (exact_arithmetic.h); the outside case comes from the hull-free distance method (hull_free.cpp).
#include "oracle/exact_arithmetic.h"
#include "oracle/penetration.h"

#include <vector>

namespace gjk::oracle {

namespace {

// A candidate direction n (integers) and the support difference along it, in the case's integer units:
// value = max_b n . b - min_a n . a = h_M(n), so h_M(n / |n|) = value / |n|.
struct Candidate {
  IntPoint n;
  Integer value;
  Integer lengthSquared;
};

// Exact: h_M(n) over the integer world vertices.
Integer supportDifference(const ScaledCase& scaled, const IntPoint& n) {
  Integer maxB = n.x * scaled.worldB[0].x + n.y * scaled.worldB[0].y;
  for (const IntPoint& b : scaled.worldB) {
    const Integer dot = n.x * b.x + n.y * b.y;
    if (dot > maxB) {
      maxB = dot;
    }
  }
  Integer minA = n.x * scaled.worldA[0].x + n.y * scaled.worldA[0].y;
  for (const IntPoint& a : scaled.worldA) {
    const Integer dot = n.x * a.x + n.y * a.y;
    if (dot < minA) {
      minA = dot;
    }
  }
  return maxB - minA;
}

// Exact: sign of value1 / sqrt(l1) - value2 / sqrt(l2), both values >= 0 here (the origin is in M), by
// comparing the squares cross-multiplied: value1^2 l2 against value2^2 l1.
int compareCandidates(const Candidate& p, const Candidate& q) {
  const Integer left = p.value * p.value * q.lengthSquared;
  const Integer right = q.value * q.value * p.lengthSquared;
  return left < right ? -1 : (left > right ? 1 : 0);
}

// Both perpendiculars of every pair of distinct vertices of one shape.
void addPairDirections(const std::vector<IntPoint>& vertices, std::vector<IntPoint>& directions) {
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    for (std::size_t j = i + 1; j < vertices.size(); ++j) {
      const Integer dx = vertices[j].x - vertices[i].x;
      const Integer dy = vertices[j].y - vertices[i].y;
      if (dx == 0 && dy == 0) {
        continue;
      }
      directions.push_back({dy, Integer(-dx)});
      directions.push_back({Integer(-dy), dx});
    }
  }
}

}  // namespace

ExactPenetration penetrationBySupport(const InputShape& a, const InputShape& b) {
  const ExactAnswer distance = solveWithoutHull(a, b);
  ExactPenetration answer;
  answer.relation = distance.relation;
  answer.radius = distance.radius;
  answer.scale = distance.scale;
  if (distance.coreDistanceSquared > 0) {
    answer.coreSign = -1;
    answer.coreDepthSquared = distance.coreDistanceSquared;
    answer.normals.push_back(distance.closestPoint);
    return answer;
  }
  // The origin is in M, so h_M(n) >= 0 for every n, and its minimum over unit n is attained at an edge
  // normal of M (or, for a degenerate M, at a perpendicular of its segment, or anywhere for a point).
  // Every edge of M is parallel to an edge of A or of B, so the candidates below include a minimizer, and
  // every candidate is a valid direction: the minimum over them is the minimum over all directions.
  const ScaledCase scaled = scaleCase(a, b);
  std::vector<IntPoint> directions = {{Integer(1), Integer(0)},
                                      {Integer(0), Integer(1)},
                                      {Integer(-1), Integer(0)},
                                      {Integer(0), Integer(-1)}};
  addPairDirections(scaled.worldA, directions);
  addPairDirections(scaled.worldB, directions);
  std::vector<Candidate> candidates;
  candidates.reserve(directions.size());
  for (const IntPoint& n : directions) {
    candidates.push_back({n, supportDifference(scaled, n), n.x * n.x + n.y * n.y});
  }
  std::size_t best = 0;
  for (std::size_t k = 1; k < candidates.size(); ++k) {
    if (compareCandidates(candidates[k], candidates[best]) < 0) {
      best = k;
    }
  }
  // Exact: C = (value / |n|)^2 in units of 2^(2 exponent).
  const Candidate& minimum = candidates[best];
  answer.coreSign = 1;
  answer.coreDepthSquared =
      Rational(minimum.value * minimum.value, minimum.lengthSquared) * powerOfTwo(2 * scaled.exponent);
  // Every minimizing direction once (directions compared exactly: cross 0, dot > 0); the normal is -n.
  std::vector<IntPoint> found;
  for (const Candidate& candidate : candidates) {
    if (compareCandidates(candidate, minimum) != 0) {
      continue;
    }
    bool seen = false;
    for (const IntPoint& f : found) {
      seen = seen || (f.x * candidate.n.y - f.y * candidate.n.x == 0 &&
                      f.x * candidate.n.x + f.y * candidate.n.y > 0);
    }
    if (!seen) {
      found.push_back(candidate.n);
      answer.normals.push_back({Rational(Integer(-candidate.n.x)), Rational(Integer(-candidate.n.y))});
    }
  }
  return answer;
}

}  // namespace gjk::oracle
