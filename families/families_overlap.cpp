// The overlap families (issue 13), for the penetration query: deep-overlap, shallow-overlap, containment,
// overlap-near-parallel, overlap-far, obb-near-right-angles, circle-polygon. Built like the other families
// (family_construction.h): lattice geometry times an exact power of two, float unit rotations only. Both
// shapes share one placement (rotation and position) except in obb-near-right-angles; a common linear map
// and translation, applied exactly by the oracle, keeps the lattice relation, so each case claims
// `meta.expected-relation overlapping` where the construction makes it certain (a point strictly inside
// both shapes, or a radius reaching past an exact core distance), and the tests check every claim exactly.
#include "families/family_construction.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "case/unit_rotation.h"

namespace gjk::check::family_construction {

namespace {

// A strictly interior lattice point of a counter-clockwise strictly convex polygon (>= 3 vertices) scaled
// by 4: 2 a0 + a1 + a2, the weights 1/2, 1/4, 1/4 of three hull vertices.
LatticePoint interiorTimesFour(const LatticePolygon& polygon) {
  return Int(2) * polygon[0] + polygon[1] + polygon[2];
}

// A strictly convex lattice polygon with at least 3 vertices (a triangle if the draw came out degenerate).
LatticePolygon drawSolidPolygon(Draw& in, int maxVertices, int maxBits) {
  LatticePolygon polygon = latticeHull(drawConvexPolygon(in, 3, maxVertices, maxBits));
  if (polygon.size() < 3) {
    polygon = {{0, 0}, {4, 0}, {0, 4}};
  }
  return polygon;
}

}  // namespace

// Two polygons sharing an interior point far from their boundaries: B translated so that an interior point
// of B lands on an interior point of A (both taken at weights 1/2, 1/4, 1/4, on the lattice x4).
Case drawDeepOverlap(Draw& in) {
  const int exponent = in.integer<int>(-20, 4, 0);
  const LatticePolygon a0 = drawSolidPolygon(in, 8, 10);
  const LatticePolygon b0 = drawSolidPolygon(in, 8, 10);
  const LatticePolygon a = scaled(a0, 4);
  const LatticePolygon b = translated(scaled(b0, 4), interiorTimesFour(a0) - interiorTimesFour(b0));
  const Placement common =
      latticePlacement(drawRotation(in, RotationSet::Unit), drawLatticePoint(in, Int(1) << 11), exponent);
  return assemble("deep-overlap", "interior-on-interior", latticeShape(a, exponent, 0, common),
                  latticeShape(b, exponent, 0, common), "overlapping");
}

// A vertex of B in the interior of an edge of A pushed one lattice step into A at scale 2^m: a depth of about
// 2^-m of the size.
Case drawShallowOverlap(Draw& in) {
  const int exponent = in.integer<int>(-20, 4, 0);
  const LatticePoint step = drawDirection(in, 32);
  const Contact c = drawContact(in, step, false, 2, true, 10);
  const LatticePoint inward = Int(-1) * rightNormal(step);
  int m = in.integer<int>(2, 10, 2);
  LatticePolygon a, b;
  for (;; ++m) {
    a = scaled(c.a, Int(1) << m);
    b = translated(scaled(c.b, Int(1) << m), inward);
    if (strictlyInside(a, (Int(1) << m) * c.contact + inward) || m >= 10)
      break;
  }
  const bool inside = strictlyInside(a, (Int(1) << m) * c.contact + inward);
  const Placement common =
      latticePlacement(drawRotation(in, RotationSet::Unit), drawLatticePoint(in, Int(1) << 11), exponent);
  return assemble("shallow-overlap", "vertex-pushed-in", latticeShape(a, exponent, 0, common),
                  latticeShape(b, exponent, 0, common), inside ? "overlapping" : nullptr);
}

// One polygon strictly inside the other: B's vertices at weights 1/2, 1/4, 1/4 of consecutive vertices of A
// (lattice x4), or a single such point; A and B swapped half of the time.
Case drawContainment(Draw& in) {
  const int exponent = in.integer<int>(-20, 4, 0);
  const LatticePolygon outer0 = drawSolidPolygon(in, 8, 12);
  const LatticePolygon outer = scaled(outer0, 4);
  LatticePolygon inner;
  const bool point = in.chance(25);
  const std::size_t n = outer0.size();
  for (std::size_t i = 0; i < (point ? 1 : n); ++i) {
    inner.push_back(Int(2) * outer0[i] + outer0[(i + 1) % n] + outer0[(i + 2) % n]);
  }
  const Placement common =
      latticePlacement(drawRotation(in, RotationSet::Unit), drawLatticePoint(in, Int(1) << 11), exponent);
  ShapeSpec big = latticeShape(outer, exponent, 0, common);
  ShapeSpec small = latticeShape(inner, exponent, 0, common);
  const bool swap = in.chance(50);
  return assemble("containment", point ? "point-inside" : "polygon-inside", swap ? small : big,
                  swap ? big : small, "overlapping");
}

// A box A with top edge y = 0 and a quadrilateral B whose bottom edge climbs from (1, -d) to (L, d2) across
// it at a slope of (d + d2) / L: two nearly parallel faces, a thin overlap, many almost equal candidate
// normals.
Case drawOverlapNearParallel(Draw& in) {
  const int exponent = in.integer<int>(-24, 0, -8);
  const int bits = in.integer<int>(6, 20, 8);
  const Int L = Int(1) << bits;
  const Int H = L / 4;
  const Int d = in.integer<Int>(1, 8, 1);
  const Int d2 = in.integer<Int>(-d + 1, 8, 0);
  const LatticePolygon a = {{0, -H}, {L, -H}, {L, 0}, {0, 0}};
  const LatticePolygon b = {{1, -d}, {L, d2}, {L, H}, {1, H}};  // (1, -d) strictly inside A
  const Placement common =
      latticePlacement(drawRotation(in, RotationSet::Unit), drawLatticePoint(in, Int(1) << 11), exponent);
  return assemble("overlap-near-parallel", "crossing-faces", latticeShape(a, exponent, 0, common),
                  latticeShape(b, exponent, 0, common), "overlapping");
}

// shallow-overlap's construction placed 2^10 to 2^20 sizes away from the origin: a tiny overlap whose
// coordinates are large.
Case drawOverlapFar(Draw& in) {
  const int exponent = in.integer<int>(-12, 0, -6);
  const LatticePoint step = drawDirection(in, 16);
  const Contact c = drawContact(in, step, false, 2, true, 8);
  const LatticePoint inward = Int(-1) * rightNormal(step);
  const int m = 8;
  const LatticePolygon a = scaled(c.a, Int(1) << m);
  const LatticePolygon b = translated(scaled(c.b, Int(1) << m), inward);
  const bool inside = strictlyInside(a, (Int(1) << m) * c.contact + inward);
  // The position: a lattice point of 2^21..2^22 units of 2^(exponent + shift), shift chosen so that the
  // offset is 2^10..2^20 times the size (still an exact float: an integer below 2^24 times a power of two).
  int sizeBits = 0;
  while ((Int(1) << sizeBits) < extent(a)) ++sizeBits;
  const int shift = in.integer<int>(10, 20, 10) + sizeBits - 22;
  const Int reach = Int(1) << 22;
  LatticePoint position{in.integer<Int>(reach / 2, reach, reach / 2), in.integer<Int>(-reach, reach, 0)};
  if (in.chance(50))
    position = Int(-1) * position;
  const Placement common = latticePlacement(drawRotation(in, RotationSet::Unit), position, exponent + shift);
  return assemble("overlap-far", "vertex-pushed-in-far", latticeShape(a, exponent, 0, common),
                  latticeShape(b, exponent, 0, common), inside ? "overlapping" : nullptr);
}

// Two boxes (OBBs: rectangles centred on their positions), each rotated by a near multiple of 90 degrees
// (a quarter turn of the normalized pair (2^k, p), p small), B's centre within half of A's smaller half
// extent of A's centre: B's centre is inside A with a margin far above any rounding, so they overlap.
Case drawObbNearRightAngles(Draw& in) {
  const int exponent = in.integer<int>(-16, 0, -6);
  auto box = [&](Int hx, Int hy) { return LatticePolygon{{-hx, -hy}, {hx, -hy}, {hx, hy}, {-hx, hy}}; };
  auto nearRight = [&]() {
    const int k = in.integer<int>(6, 12, 8);
    const int p = in.integer<int>(-16, 16, 1);
    const UnitRotation r = normalizedRotation(static_cast<float>(1 << k), static_cast<float>(p));
    return quarterTurned(Rotation{r.c, r.s}, in.integer<int>(0, 3, 1));
  };
  const Int ax = in.integer<Int>(4, 4096, 64), ay = in.integer<Int>(4, 4096, 64);
  const Int bx = in.integer<Int>(4, 4096, 64), by = in.integer<Int>(4, 4096, 64);
  const Int margin = std::min(ax, ay) / 2;
  const LatticePoint centreA = drawLatticePoint(in, Int(1) << 12);
  const LatticePoint offset = drawLatticePoint(in, margin / 2);  // |offset| <= margin / sqrt(2) < margin
  const ShapeSpec a =
      latticeShape(box(ax, ay), exponent, 0, latticePlacement(nearRight(), centreA, exponent));
  const ShapeSpec b =
      latticeShape(box(bx, by), exponent, 0, latticePlacement(nearRight(), centreA + offset, exponent));
  return assemble("obb-near-right-angles", "centre-inside", a, b, "overlapping");
}

// A circle (one vertex with a radius) against a polygon: its centre inside the polygon, on an edge, or
// outside at an exact distance lambda h (a Pythagorean edge direction of length h) with a radius reaching
// 1..8 lattice units past it: overlap through the radius alone, depth r - d exactly. Quarter turns keep
// radii exact; the circle is A or B.
Case drawCirclePolygon(Draw& in) {
  const int exponent = in.integer<int>(-20, 4, 0);
  const int variant = in.choice({2, 1, 2});
  const Placement common = latticePlacement(drawRotation(in, RotationSet::QuarterTurns),
                                            drawLatticePoint(in, Int(1) << 11), exponent);
  ShapeSpec polygon, circle;
  std::string construction;
  if (variant <= 1) {
    const auto [step, h] = drawPythagoreanStep(in);
    const Contact c = drawContact(in, step, false, 2, true, 10);
    const Int radius = in.integer<Int>(1, 64, 4) * h;
    // On the edge (variant 1), or strictly inside: one radius-sized step inward from the edge point when A
    // stays around it, else the edge point itself.
    LatticePoint centre = c.contact;
    construction = "centre-on-edge";
    if (variant == 0) {
      const LatticePolygon a4 = scaled(c.a, 4);
      centre = interiorTimesFour(c.a);
      construction = "centre-inside";
      polygon = latticeShape(a4, exponent, 0, common);
      circle = latticeShape({centre}, exponent, 4 * radius, common);
    } else {
      polygon = latticeShape(c.a, exponent, 0, common);
      circle = latticeShape({centre}, exponent, radius, common);
    }
  } else {
    const auto [step, h] = drawPythagoreanStep(in);
    const Contact c = drawContact(in, step, false, 2, true, 10);
    const Int lambda = in.integer<Int>(1, 8, 1);
    const LatticePoint centre = c.contact + lambda * rightNormal(step);  // lambda h from A's edge line
    const Int radius = lambda * h + in.integer<Int>(1, 8, 1);
    construction = "centre-outside-within-radius";
    polygon = latticeShape(c.a, exponent, 0, common);
    circle = latticeShape({centre}, exponent, radius, common);
  }
  const bool swap = in.chance(50);
  return assemble("circle-polygon", construction, swap ? circle : polygon, swap ? polygon : circle,
                  "overlapping");
}

}  // namespace gjk::check::family_construction
