// Method 1 of the 3D oracle: the exact hull of M = {b - a} (hull3.h), its closest point to the origin,
// containment and the nearest face plane. Shares nothing geometric with method 2 (gjk3.cpp, epa3.cpp).
#include "oracle/hull3.h"

#include <utility>

namespace gjk::oracle {

namespace {

// A point numerator / denominator (denominator > 0) of M, in the integer units of the case.
struct Candidate {
  IntPoint3 numerator;
  Integer denominator = 1;
};

IntPoint3 scaled(const IntPoint3& p, const Integer& factor) { return {p.x * factor, p.y * factor, p.z * factor}; }
IntPoint3 sum(const IntPoint3& p, const IntPoint3& q) { return {p.x + q.x, p.y + q.y, p.z + q.z}; }

// Exact: |n1|^2 / d1^2 < |n2|^2 / d2^2 by cross-multiplying (denominators positive).
bool nearer(const Candidate& left, const Candidate& right) {
  return dot(left.numerator, left.numerator) * right.denominator * right.denominator <
         dot(right.numerator, right.numerator) * left.denominator * left.denominator;
}

void keepNearer(Candidate candidate, Candidate& best, bool& any) {
  if (!any || nearer(candidate, best)) {
    best = std::move(candidate);
    any = true;
  }
}

// Exact: the origin's projection onto the line pq has parameter t = -p.(q - p) / |q - p|^2, clamped to
// [0, 1]; the point p + t (q - p) = (p |q - p|^2 + (-p.(q - p)) (q - p)) / |q - p|^2.
Candidate closestOnSegment(const IntPoint3& p, const IntPoint3& q) {
  const IntPoint3 d = q - p;
  const Integer length = dot(d, d);
  const Integer along = -dot(p, d);
  if (length == 0 || along <= 0) return {p, 1};
  if (along >= length) return {q, 1};
  return {sum(scaled(p, length), scaled(d, along)), length};
}

// Exact: Ericson's closest point on a triangle (Real-Time Collision Detection, 5.1.5), with the query point
// the origin: the Voronoi region of the origin among the triangle's vertices, edges and face is found from
// integer dot products d1..d6 and the integer barycentric numerators va, vb, vc; the point is the region's
// rational formula. The triangle must not be degenerate (then every denominator is positive: |ab|^2,
// |ac|^2, |bc|^2 or |ab x ac|^2).
Candidate closestOnTriangle(const IntPoint3& a, const IntPoint3& b, const IntPoint3& c) {
  const IntPoint3 ab = b - a, ac = c - a;
  const Integer d1 = -dot(ab, a), d2 = -dot(ac, a);
  if (d1 <= 0 && d2 <= 0) return {a, 1};
  const Integer d3 = -dot(ab, b), d4 = -dot(ac, b);
  if (d3 >= 0 && d4 <= d3) return {b, 1};
  const Integer vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    const Integer denominator = d1 - d3;
    return {sum(scaled(a, denominator), scaled(ab, d1)), denominator};
  }
  const Integer d5 = -dot(ab, c), d6 = -dot(ac, c);
  if (d6 >= 0 && d5 <= d6) return {c, 1};
  const Integer vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    const Integer denominator = d2 - d6;
    return {sum(scaled(a, denominator), scaled(ac, d2)), denominator};
  }
  const Integer va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const Integer onEdge = d4 - d3;
    const Integer denominator = onEdge + (d5 - d6);
    return {sum(scaled(b, denominator), scaled(c - b, onEdge)), denominator};
  }
  const Integer denominator = va + vb + vc;
  return {sum(sum(scaled(a, denominator), scaled(ab, vb)), scaled(ac, vc)), denominator};
}

void setClosest(CoreResult3& core, Candidate closest) {
  core.closestNumerator = std::move(closest.numerator);
  core.closestDenominator = std::move(closest.denominator);
}

// A flat M: the polygon in its plane. The origin projects into the polygon exactly when it is on the inner
// side of every edge line within the plane: ((b - a) x (q - a)) . n >= 0 for the projection q = -t n, which
// is (a x b) . n (the n terms vanish). Then the closest point is the projection (n.a / |n|^2) n; otherwise
// it is on the boundary.
void closestOfPolygon(const Hull3& hull, CoreResult3& core) {
  const std::vector<int>& polygon = hull.polygon;
  const IntPoint3& n = hull.planeNormal;
  bool inside = true;
  for (std::size_t i = 0; i < polygon.size() && inside; ++i) {
    const IntPoint3& a = hull.points[polygon[i]];
    const IntPoint3& b = hull.points[polygon[(i + 1) % polygon.size()]];
    inside = dot(cross(a, b), n) >= 0;
  }
  if (inside) {
    const Integer height = dot(n, hull.points[polygon[0]]);
    setClosest(core, {scaled(n, height), dot(n, n)});
    core.originOnBoundary = height == 0;  // a flat M is all boundary
    return;
  }
  Candidate best;
  bool any = false;
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    keepNearer(closestOnSegment(hull.points[polygon[i]], hull.points[polygon[(i + 1) % polygon.size()]]), best,
               any);
  }
  setClosest(core, std::move(best));
}

// A full M. The origin is strictly above the plane of face f exactly when offset_f < 0. None: the origin
// is in M, on its boundary when some offset is 0; in the interior the nearest face plane is at distance
// offset / |n|, compared on the squares offset^2 / |n|^2. Otherwise the closest point lies on a face the
// origin sees: the closest point q != 0 has -q in the normal cone of M at q, a nonnegative combination of
// the outward normals n_f of the faces through q, and |q|^2 = sum l_f n_f . (-q) > 0 needs some
// n_f . (0 - q) = -offset_f > 0.
void closestOfPolytope(const Hull3& hull, CoreResult3& core) {
  bool contains = true;
  bool onPlane = false;
  for (const HullFace3& face : hull.faces) {
    if (face.offset < 0) contains = false;
    if (face.offset == 0) onPlane = true;
  }
  if (contains) {
    core.originOnBoundary = onPlane;
    core.originInInterior = !onPlane;
    if (onPlane) return;
    const HullFace3* nearest = nullptr;
    Integer nearestLength;
    for (const HullFace3& face : hull.faces) {
      const Integer length = dot(face.normal, face.normal);
      if (nearest == nullptr) {
        nearest = &face;
        nearestLength = length;
        core.penetrationNormal = primitiveDirection(IntPoint3{} - face.normal);
        continue;
      }
      const Integer left = face.offset * face.offset * nearestLength;
      const Integer right = nearest->offset * nearest->offset * length;
      if (left < right) {
        nearest = &face;
        nearestLength = length;
        core.penetrationNormal = primitiveDirection(IntPoint3{} - face.normal);
      } else if (left == right) {
        ExactPoint3 normal = primitiveDirection(IntPoint3{} - face.normal);
        if (lexicographicLess3(normal, core.penetrationNormal)) core.penetrationNormal = std::move(normal);
      }
    }
    core.depthNumerator = nearest->offset * nearest->offset;
    core.depthDenominator = nearestLength;
    return;
  }
  Candidate best;
  bool any = false;
  for (const HullFace3& face : hull.faces) {
    if (face.offset < 0) {
      keepNearer(closestOnTriangle(hull.points[face.vertex[0]], hull.points[face.vertex[1]],
                                   hull.points[face.vertex[2]]),
                 best, any);
    }
  }
  setClosest(core, std::move(best));
}

}  // namespace

// Exact: the integer cloud (scaleCase3), its exact hull (convexHull3), integer sign tests and integer
// fractions compared by cross-multiplying; rationals are formed once, for the answer (answerFrom3).
ExactAnswer3 solveByHull3(const InputShape3& a, const InputShape3& b) {
  const ScaledCase3 scaledCase = scaleCase3(a, b);
  const Hull3 hull = convexHull3(minkowskiCloud3(scaledCase));
  CoreResult3 core;
  switch (hull.dimension) {
    case 0:
      setClosest(core, {hull.points[0], 1});
      core.originOnBoundary = isZero(hull.points[0]);
      break;
    case 1:
      setClosest(core, closestOnSegment(hull.points[hull.ends[0]], hull.points[hull.ends[1]]));
      core.originOnBoundary = isZero(core.closestNumerator);
      break;
    case 2:
      closestOfPolygon(hull, core);
      break;
    default:
      closestOfPolytope(hull, core);
      break;
  }
  return answerFrom3(scaledCase, core);
}

}  // namespace gjk::oracle
