// The families built on an exact contact: touching, overlapping, near-parallel and radius, and the
// contact construction they share with scale.
#include "families/family_construction.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "case/unit_rotation.h"
#include "core/limits.h"

namespace gjk::check::family_construction {

Contact drawContact(Draw& in, LatticePoint step, bool edgeOnEdge, int minG, bool interiorContact,
                            int cloudBits) {
    Contact c;
    c.step = step;
    c.g = in.integer<Int>(minG, 16, minG);
    LatticePolygon a = drawSideCloud(in, step, 1, 6, cloudBits, true);
    a.push_back({0, 0});
    a.push_back(c.g * step);
    c.a = latticeHull(a);
    LatticePolygon b = drawSideCloud(in, step, 0, 5, cloudBits, false);
    if (!edgeOnEdge) {
      const Int j = interiorContact ? in.integer<Int>(1, c.g - 1, 1) : in.integer<Int>(0, c.g, 0);
      c.contact = j * step;
      for (LatticePoint& w : b) w = w + c.contact;
      b.push_back(c.contact);
    } else {
      const Int j1 = in.integer<Int>(-c.g, c.g - 1, 0);
      const Int j2 = in.integer<Int>(std::max<Int>(j1, 0) + 1, 2 * c.g, c.g);
      c.contact = j1 * step;
      for (LatticePoint& w : b) w = w + c.contact;
      b.push_back(j1 * step);
      b.push_back(j2 * step);
    }
    c.b = latticeHull(b);
    return c;
}

// A Pythagorean direction (|step| = h, an integer) in any of its eight orientations.
std::pair<LatticePoint, Int> drawPythagoreanStep(Draw& in) {
  constexpr std::array<std::array<Int, 3>, 5> TRIPLES = {
      {{1, 0, 1}, {3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {7, 24, 25}}};
  const auto& t = TRIPLES[in.integer<int>(0, 4, 0)];
  LatticePoint step{t[0], t[1]};
  if (in.chance(50))
    step = {step.y, step.x};
  if (in.chance(50))
    step.x = -step.x;
  if (in.chance(50))
    step.y = -step.y;
  return std::make_pair(step, t[2]);
}

Case drawTouching(Draw& in) {
  const int variant = in.choice({3, 2, 2, 1});
  const int exponent = in.integer<int>(-20, 20, 0);
  const LatticePoint position = drawLatticePoint(in, Int(1) << 12);
  if (variant <= 1) {  // vertex on edge (or on a vertex), edge on edge: exact whatever the common transform
    const Contact c = drawContact(in, drawDirection(in, 64), variant == 1, 1, false, 12);
    const Placement common = latticePlacement(drawRotation(in, RotationSet::Unit), position, exponent);
    return assemble("touching", variant == 0 ? "vertex-on-edge" : "edge-on-edge",
                    latticeShape(c.a, exponent, 0, common), latticeShape(c.b, exponent, 0, common),
                    "touching");
  }
  if (variant == 2) {  // rounded shapes at core distance lambda h = rA + rB; quarter turns keep radii exact
    const auto [step, h] = drawPythagoreanStep(in);
    const Contact c = drawContact(in, step, in.chance(50), 1, false, 10);
    const Int lambda = in.integer<Int>(1, 8, 1);
    const Int total = lambda * h;
    const Int ra = in.integer<Int>(0, total, 0);
    const LatticePolygon b = translated(c.b, lambda * rightNormal(step));
    const Placement common = latticePlacement(drawRotation(in, RotationSet::QuarterTurns), position, exponent);
    return assemble("touching", "rounded-gap", latticeShape(c.a, exponent, ra, common),
                    latticeShape(b, exponent, total - ra, common), "touching");
  }
  // B's vertex put on A's rotated edge by float arithmetic: as close as floats get, no exact claim.
  const Contact c = drawContact(in, drawDirection(in, 64), false, 2, true, 12);
  const Rotation r = drawRotation(in, RotationSet::Unit, false);
  const ShapeSpec a = latticeShape(c.a, exponent, 0, {r, 0, 0});
  ShapeSpec b = latticeShape(c.b, exponent);
  for (Vertex& v : b.vertices) {  // world point of A's frame, one rounding per operation
    const float x = v.x, y = v.y;
    v = {r.c * x - r.s * y, r.s * x + r.c * y};
  }
  return assemble("touching", "float-rounded-contact", a, b);
}

Case drawOverlapping(Draw& in) {
  const int variant = in.choice({3, 2});
  const int exponent = in.integer<int>(-20, 4, 0);
  const LatticePoint position = drawLatticePoint(in, Int(1) << 11);
  if (variant == 0) {
    // B's contact vertex, in the interior of A's edge, pushed one normal step into A at a lattice scale
    // 2^m: a penetration of about 2^-m of the size. Checked exactly; at worst B becomes a point inside.
    const LatticePoint step = drawDirection(in, 32);
    const Contact c = drawContact(in, step, false, 2, true, 10);
    int m = in.integer<int>(2, 12, 2);
    LatticePolygon a, b;
    const LatticePoint inward = Int(-1) * rightNormal(step);
    for (;; ++m) {
      a = scaled(c.a, Int(1) << m);
      b = translated(scaled(c.b, Int(1) << m), inward);
      if (strictlyInside(a, (Int(1) << m) * c.contact + inward) || m >= 12)
        break;
    }
    std::string name = "vertex-pushed-in";
    if (!strictlyInside(a, (Int(1) << m) * c.contact + inward)) {
      a = scaled(c.a, 4);  // B becomes a strictly interior point: weights 1/4, 1/4, 1/2, on the lattice x4
      b = {c.a[0] + c.a[1] + Int(2) * c.a[2]};
      name = "point-inside";
    }
    const Placement common = latticePlacement(drawRotation(in, RotationSet::Unit), position, exponent);
    return assemble("overlapping", name, latticeShape(a, exponent, 0, common),
                    latticeShape(b, exponent, 0, common), "overlapping");
  }
  // Rounded shapes whose core distance lambda h 2^m is a few lattice units short of rA + rB.
  const auto [step, h] = drawPythagoreanStep(in);
  const Contact c = drawContact(in, step, in.chance(50), 1, false, 10);
  const int m = in.integer<int>(0, 10, 0);
  const Int lambda = in.integer<Int>(1, 8, 1);
  const Int total = (lambda * h << m) + in.integer<Int>(1, 4, 1);
  const Int ra = in.integer<Int>(0, total, 0);
  const LatticePolygon a = scaled(c.a, Int(1) << m);
  const LatticePolygon b = translated(scaled(c.b, Int(1) << m), (lambda << m) * rightNormal(step));
  const Placement common = latticePlacement(drawRotation(in, RotationSet::QuarterTurns), position, exponent);
  return assemble("overlapping", "rounded-overlap", latticeShape(a, exponent, ra, common),
                  latticeShape(b, exponent, total - ra, common), "overlapping");
}

// A's edge [0, L step] and B's edge from C1 = j1 step + gap n to C2 = C1 + M step + t n (n the right
// normal): the sine of their angle is |t| / sqrt(M^2 + t^2) <= |t| / M <= 2^-8, and t != 0. With
// |t| small and the coordinates near 2^21 that is a few ulps. B's other points lie beyond C1C2.
Case drawNearParallel(Draw& in) {
  const LatticePoint step = in.chance(50) ? LatticePoint{1, 0} : drawDirection(in, 2);
  const LatticePoint n = rightNormal(step);
  const Int length = in.integer<Int>(1, Int(1) << 20, 1);
  LatticePolygon a = drawSideCloud(in, step, 1, 5, 20, true);
  a.push_back({0, 0});
  a.push_back(length * step);
  a = latticeHull(a);
  const bool fewUlps = !in.chance(50);  // |t| <= 8 lattice units, about 4 to 32 ulps of the coordinates
  const Int t = (fewUlps ? in.integer<Int>(1, 8, 1) : in.integer<Int>(9, 4096, 9)) * (in.chance(50) ? -1 : 1);
  const Int bLength = in.integer<Int>(std::max<Int>(256 * std::abs(t), 1024), Int(1) << 20, 1024);
  const Int gap = in.integer<Int>(-2, 64, 0);
  const Int j1 = in.integer<Int>(-bLength, length, 0);
  const LatticePoint c1 = j1 * step + gap * n;
  const LatticePoint c2 = c1 + bLength * step + t * n;
  LatticePolygon b = {c1, c2};
  const int others = in.integer<int>(0, 4, 0);
  for (int i = 0; i < others; ++i) {
    const Int along = in.integer<Int>(0, bLength, 0);
    const Int out = in.integer<Int>(std::abs(t) + 1, Int(1) << 16, std::abs(t) + 1);
    b.push_back(c1 + along * step + out * n);
  }
  b = latticeHull(b);
  const int exponent = in.integer<int>(-30, 10, 0);
  const Placement common =
      latticePlacement(drawRotation(in, RotationSet::Unit), drawLatticePoint(in, Int(1) << 20), exponent);
  return assemble("near-parallel", fewUlps ? "few-ulps" : "tiny-angle",
                  latticeShape(a, exponent, 0, common), latticeShape(b, exponent, 0, common));
}

// Rounded shapes. Circles, capsules and rounded boxes at an exact core distance D with rA + rB = D + delta,
// so the relation is known exactly (delta < 0 separated, 0 touching, > 0 overlapping); and rounded
// random polygons with radii of any exponent, no claim.
Case drawRadius(Draw& in) {
  const int variant = in.choice({2, 2, 2, 3});
  static const char* NAMES[] = {"circles", "capsules", "rounded-boxes", "rounded-polygons"};
  const int exponent = in.integer<int>(-20, 10, 0);
  if (variant == 3) {
    const LatticePolygon a = drawConvexPolygon(in, 1, 8, 16), b = drawConvexPolygon(in, 1, 8, 16);
    const LatticePoint offset = drawLatticePoint(in, 2 * (extent(a) + extent(b)) + 1);
    ShapeSpec sa = latticeShape(a, exponent, 0,
                                latticePlacement(drawRotation(in, RotationSet::Unit), {0, 0}, exponent));
    ShapeSpec sb = latticeShape(b, exponent, 0,
                                latticePlacement(drawRotation(in, RotationSet::Unit), offset, exponent));
    for (ShapeSpec* s :
         {&sa, &sb}) {  // mostly a radius with an exponent of its own: 2^-36 .. 2^24 lattice units
      if (in.chance(80))
        s->radius = latticeFloat(in.integer<Int>(1, (Int(1) << 20) - 1, 1), exponent + in.integer<int>(-36, 4, 0));
    }
    if (sa.radius == 0 && sb.radius == 0)
      sa.radius = latticeFloat(1, exponent);
    return assemble("radius", NAMES[variant], sa, sb);
  }
  LatticePolygon a, b;
  Int distance = 0;    // exact core distance, lattice units
  if (variant == 0) {  // centres lambda (p, q) apart with p^2 + q^2 = h^2
    const auto [step, h] = drawPythagoreanStep(in);
    const Int lambda = in.integer<Int>(1, 64, 1);
    a = {{0, 0}};
    b = {lambda * step};
    distance = lambda * h;
  } else if (variant == 1) {  // parallel horizontal segments with overlapping x ranges, gap G
    const Int half = in.integer<Int>(1, 256, 1);
    const Int shift = in.integer<Int>(-2 * half, 2 * half, 0);
    const Int gap = in.integer<Int>(1, 256, 1);
    a = {{-half, 0}, {half, 0}};
    b = {{shift - half, gap}, {shift + half, gap}};
    distance = gap;
  } else {  // boxes side by side along x with overlapping y ranges
    const Int w = in.integer<Int>(1, 64, 1), h = in.integer<Int>(1, 64, 1), gap = in.integer<Int>(1, 256, 1);
    const Int dy = in.integer<Int>(-h, h, 0);
    a = {{-w, -h}, {w, -h}, {w, h}, {-w, h}};
    b = translated({{0, -h}, {2 * w, -h}, {2 * w, h}, {0, h}}, {w + gap, dy});
    distance = gap;
  }
  const Int delta = in.integer<Int>(1 - distance, 4, 0);
  const Int total = distance + delta;
  const Int ra = in.integer<Int>(0, total, 0);
  const Placement common =
      latticePlacement(drawRotation(in, RotationSet::QuarterTurns), drawLatticePoint(in, Int(1) << 16), exponent);
  return assemble("radius", NAMES[variant], latticeShape(a, exponent, ra, common),
                  latticeShape(b, exponent, total - ra, common),
                  delta < 0    ? "separated"
                  : delta == 0 ? "touching"
                               : "overlapping");
}

}  // namespace gjk::check::family_construction
