// castWithoutHull (cast.h): the exact cast with no hull. M grown by tau is the union of the capsules
// (segments grown by tau) of every pair of points of the cloud {b - a}; t* is the earliest entry of
// p(t) = -t r into any of them. Shares nothing with castByHull but the number types and the contact point.
#include <algorithm>
#include <optional>
#include <stdexcept>
#include <vector>

#include "oracle/cast_contact.h"
#include "oracle/quadratic_arithmetic.h"

namespace gjk::oracle {

namespace {

Rational cross(const ExactPoint& p, const ExactPoint& q) { return p.x * q.y - p.y * q.x; }
Rational dot(const ExactPoint& p, const ExactPoint& q) { return p.x * q.x + p.y * q.y; }
ExactPoint minus(const ExactPoint& p, const ExactPoint& q) { return {p.x - q.x, p.y - q.y}; }

// The earliest capsule entry found so far, and what it was.
struct Entry {
  QuadraticNumber t;
  bool disk = false;       // the circle of point p; otherwise the side sigma of segment p -> q
  ExactPoint p, q;
  int sigma = 0;
};

void consider(std::optional<Entry>& best, Entry candidate) {
  // Only entries in [0, 1] count: a capsule entered before 0 would hold p(0), which is outside K.
  if (quadraticSign(candidate.t) < 0 || compareQuadratic(candidate.t, Rational(1)) > 0) return;
  if (!best || compareQuadratic(candidate.t, best->t) < 0) best = std::move(candidate);
}

void setNormal(ExactCast& cast, QuadraticNumber x, QuadraticNumber y) {
  cast.normalKnown = true;
  cast.normalIsCone = false;
  cast.normalX = std::move(x);
  cast.normalY = std::move(y);
}

// With target 0, the normals at a point p on the boundary of M (rational), from the directions d = x - p
// to the cloud points x: they span a cone of angle at most pi, from F (no d clockwise of it) to L (no d
// counter-clockwise of it); the valid normals (from A towards B) are the directions m with m.d >= 0 for
// every d: from L turned a quarter clockwise to F turned a quarter counter-clockwise. All d on one line
// through p in both directions (p inside a segment M): the side facing u, none when u runs along it.
void setNormalsFromCloud(const std::vector<ExactPoint>& cloud, const ExactPoint& p, const ExactPoint& u,
                         ExactCast& cast) {
  std::vector<ExactPoint> directions;
  for (const ExactPoint& x : cloud) {
    if (x.x != p.x || x.y != p.y) directions.push_back(minus(x, p));
  }
  if (directions.empty()) {  // M is the point p: every direction, written u (or (1, 0) when u = 0)
    cast.normalKnown = true;
    cast.normalIsCone = true;
    const bool still = u.x == 0 && u.y == 0;
    cast.coneFrom = still ? ExactPoint{1, 0} : u;
    cast.coneTo = cast.coneFrom;
    return;
  }
  const ExactPoint& first = directions.front();
  bool collinear = true, opposite = false;
  for (const ExactPoint& d : directions) {
    if (cross(first, d) != 0) collinear = false;
    if (dot(first, d) < 0) opposite = true;
  }
  if (collinear && opposite) {
    const Rational side = cross(first, u);  // (-first.y, first.x) . u
    if (side == 0) return;
    const Rational sign = side > 0 ? 1 : -1;
    setNormal(cast, quadraticFromRational(-first.y * sign), quadraticFromRational(first.x * sign));
    return;
  }
  auto extreme = [&](bool clockwise) {
    for (const ExactPoint& candidate : directions) {
      bool all = true;
      for (const ExactPoint& d : directions) {
        const Rational turn = clockwise ? cross(candidate, d) : cross(d, candidate);
        if (turn < 0) {
          all = false;
          break;
        }
      }
      if (all) return candidate;
    }
    throw std::logic_error("oracle: castWithoutHull found no extreme direction at a boundary point");
  };
  const ExactPoint f = extreme(true), l = extreme(false);
  if (cross(f, l) == 0 && dot(f, l) < 0) {  // p inside an edge: one normal
    setNormal(cast, quadraticFromRational(l.y), quadraticFromRational(-l.x));
    return;
  }
  cast.normalKnown = true;
  cast.normalIsCone = true;
  cast.coneFrom = {l.y, -l.x};
  cast.coneTo = {-f.y, f.x};
}

}  // namespace

ExactCast castWithoutHull(const InputShape& a, const InputShape& b, InputTranslation r, const Rational& target) {
  if (target < 0) {
    throw std::invalid_argument("oracle: a cast target must be >= 0");
  }
  // The relation at t = 0 from the hull-free distance method, on the cores (radii 0: with target 0 its
  // relation then tells the origin on M's boundary from inside it).
  InputShape coreA = a, coreB = b;
  coreA.radius = 0;
  coreB.radius = 0;
  const ExactAnswer initial = solveWithoutHull(coreA, coreB);
  const ExactPoint u{-exactFloat(r.x), -exactFloat(r.y)};
  const bool zeroTarget = target == 0;

  std::vector<ExactPoint> cloud;
  {
    const std::vector<ExactPoint> worldA = worldVertices(a), worldB = worldVertices(b);
    for (const ExactPoint& q : worldB) {
      for (const ExactPoint& p : worldA) {
        cloud.push_back(minus(q, p));
      }
    }
    std::sort(cloud.begin(), cloud.end(), [](const ExactPoint& p, const ExactPoint& q) {
      return p.x < q.x || (p.x == q.x && p.y < q.y);
    });
    cloud.erase(std::unique(cloud.begin(), cloud.end(),
                            [](const ExactPoint& p, const ExactPoint& q) { return p.x == q.x && p.y == q.y; }),
                cloud.end());
  }

  ExactCast cast;
  const int order = initial.coreDistanceSquared.compare(target * target);
  if (order < 0 || (order == 0 && zeroTarget && initial.relation == Relation::Overlapping)) {
    cast.hit = true;
    cast.initiallyOverlapping = true;
    return cast;
  }
  if (order == 0) {
    cast.hit = true;
    cast.initiallyTouching = true;
    const ExactPoint origin{0, 0};
    if (zeroTarget) {
      setNormalsFromCloud(cloud, origin, u, cast);
    } else {
      setNormal(cast, quadraticFromRational(initial.closestPoint.x), quadraticFromRational(initial.closestPoint.y));
    }
    if (cast.normalKnown) {
      setContactPoint(a, b, HighPrecision(initial.closestPoint.x), HighPrecision(initial.closestPoint.y), cast);
    }
    return cast;
  }
  const Rational uu = dot(u, u);
  if (uu == 0) {
    return cast;
  }

  std::optional<Entry> best;
  const Rational tauSquared = target * target;
  // Each point's circle: |t u - P|^2 = tau^2, the smaller root (u.P - sqrt(D)) / u.u,
  // D = (u.P)^2 - u.u (P.P - tau^2); none when D < 0.
  for (const ExactPoint& p : cloud) {
    const Rational up = dot(u, p);
    const Rational discriminant = up * up - uu * (dot(p, p) - tauSquared);
    if (discriminant < 0) continue;
    Entry entry;
    entry.t = quadraticFromParts(up, Rational(-1), discriminant, uu);
    entry.disk = true;
    entry.p = p;
    consider(best, std::move(entry));
  }
  // Each segment's two sides pushed out by tau: cross(d, t u - P) = sigma tau |d|, that is
  // t = (cross(d, P) + sigma tau sqrt(d.d)) / cross(d, u), where the foot lies on the segment:
  // 0 <= t (d.u) - d.P <= d.d.
  for (std::size_t i = 0; i < cloud.size(); ++i) {
    for (std::size_t j = i + 1; j < cloud.size(); ++j) {
      const ExactPoint& p = cloud[i];
      const ExactPoint d = minus(cloud[j], p);
      const Rational across = cross(d, u);
      if (across == 0) continue;  // moving along the segment: entered through a circle
      const Rational dd = dot(d, d), du = dot(d, u), dp = dot(d, p), dCrossP = cross(d, p);
      for (int sigma : {1, -1}) {
        if (zeroTarget && sigma < 0) break;
        Entry entry;
        entry.t = quadraticFromParts(dCrossP, target * sigma, dd, across);
        const QuadraticNumber foot =
            quadraticSubtract(quadraticScale(entry.t, du), quadraticFromRational(dp));
        if (quadraticSign(foot) < 0 || compareQuadratic(foot, dd) > 0) continue;
        entry.p = p;
        entry.q = cloud[j];
        entry.sigma = sigma;
        consider(best, std::move(entry));
      }
    }
  }
  if (!best) {
    return cast;
  }
  cast.hit = true;
  cast.fraction = best->t;
  const QuadraticNumber px = quadraticScale(best->t, u.x), py = quadraticScale(best->t, u.y);
  QuadraticNumber cx, cy;  // the point of M nearest p(t*)
  if (zeroTarget) {
    const ExactPoint p{rationalPart(best->t) * u.x, rationalPart(best->t) * u.y};  // t* is rational
    setNormalsFromCloud(cloud, p, u, cast);
    cx = quadraticFromRational(p.x);
    cy = quadraticFromRational(p.y);
  } else if (best->disk) {
    cx = quadraticFromRational(best->p.x);
    cy = quadraticFromRational(best->p.y);
    setNormal(cast, quadraticSubtract(cx, px), quadraticSubtract(cy, py));  // P - p(t*)
  } else {
    const ExactPoint d = minus(best->q, best->p);
    setNormal(cast, quadraticFromRational(d.y * best->sigma), quadraticFromRational(-d.x * best->sigma));
    // c = P + s d, s = (p(t*) - P).d / d.d
    const QuadraticNumber s = quadraticScale(
        quadraticAdd(quadraticScale(quadraticSubtract(px, quadraticFromRational(best->p.x)), d.x),
                     quadraticScale(quadraticSubtract(py, quadraticFromRational(best->p.y)), d.y)),
        1 / dot(d, d));
    cx = quadraticAdd(quadraticFromRational(best->p.x), quadraticScale(s, d.x));
    cy = quadraticAdd(quadraticFromRational(best->p.y), quadraticScale(s, d.y));
  }
  if (cast.normalKnown) {
    setContactPoint(a, b, toHighPrecision(cx), toHighPrecision(cy), cast);
  }
  return cast;
}

}  // namespace gjk::oracle
