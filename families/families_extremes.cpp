// The families of extreme sizes and transforms: short-edge, large-offset, scale, sliver and rotated.
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

// Short edges of 1/(c 2^j) of the longest edge, j in 7..17 (c in 1..3): 1.8e-6 .. 7.8e-3.
Case drawShortEdge(Draw& in) {
  const int variant = in.choice({3, 2});
  const Int h = in.integer<Int>(1, 7, 1);
  const Int ratio = in.integer<Int>(1, 3, 1) << in.integer<int>(7, 17, 7);
  LatticePolygon a;
  LatticePoint tip;    // where the short edge is, B goes beyond it in +x
  Int tipHeight = 0;   // the short edge spans [tip.y, tip.y + tipHeight]
  if (variant == 0) {  // the plank (+-L, +-h), Box2D's ShapeDistanceShortEdgeTest shape
    const Int half = h * ratio;
    a = {{-half, -h}, {half, -h}, {half, h}, {-half, h}};
    tip = {half, -h};
    tipHeight = 2 * h;
  } else {  // the quad (0,0) (W,0) (W,h) (0,H): one short edge among long ones
    const Int w = h * ratio;
    const Int tall = in.integer<Int>(h, w, h);
    a = {{0, 0}, {w, 0}, {w, h}, {0, tall}};
    tip = {w, 0};
    tipHeight = h;
  }
  const Int gap = in.integer<Int>(1, ratio * h, 1);
  const Int y = in.integer<Int>(0, tipHeight, tipHeight / 2);
  LatticePolygon b = {tip + LatticePoint{gap, y}};
  if (in.chance(40)) {  // a small polygon instead of a point, its leftmost vertex at the same spot
    LatticePolygon small = drawConvexPolygon(in, 3, 6, 4);
    const auto leftmost = *std::min_element(small.begin(), small.end(),
                                            [](LatticePoint p, LatticePoint q) { return p.x < q.x; });
    b = translated(small, b[0] - leftmost);
  }
  const int exponent = in.integer<int>(-24, 0, 0);
  const Placement common =
      latticePlacement(drawRotation(in, RotationSet::Unit), drawLatticePoint(in, Int(1) << 16), exponent);
  return assemble("short-edge", variant == 0 ? "plank-vs-point" : "short-edge-quad",
                  latticeShape(a, exponent, 0, common), latticeShape(b, exponent, 0, common));
}

// Shapes of extent <= 2^8 about a point F with max(|F.x|, |F.y|) in [2^11, 2^22): every world vertex is
// 1e3..1e7 from the origin.
Case drawLargeOffset(Draw& in) {
  const int variant = in.choice({2, 2, 1});
  const int farExponent = in.integer<int>(11, 21, 11);
  const Int significand = (Int(1) << 23) + in.integer<Int>(0, (Int(1) << 23) - 1, 0);  // leading bit set
  const float major = latticeFloat(significand, farExponent - 23) * (in.chance(50) ? -1.0f : 1.0f);
  const float minor = latticeFloat(in.integer<Int>(-(Int(1) << 23), Int(1) << 23, 0), farExponent - 23);
  float fx = major, fy = minor;
  if (in.chance(50))
    std::swap(fx, fy);
  const int exponent = in.integer<int>(-12, 0, 0);  // lattice unit; shapes fit in 2^(8 + exponent) <= 2^8
  const int bits = 8 + exponent;
  const LatticePolygon a = drawConvexPolygon(in, 3, 8, std::max(1, std::min(bits, 16)));
  const LatticePolygon b = drawConvexPolygon(in, 3, 8, std::max(1, std::min(bits, 16)));
  const LatticePoint offset = drawLatticePoint(in, Int(1) << std::max(0, std::min(bits + 1, 20)));
  if (variant == 0) {  // both shapes positioned near F; B's position rounded once
    const Rotation ra = drawRotation(in, RotationSet::Unit), rb = drawRotation(in, RotationSet::Unit);
    const float bx = fx + latticeFloat(offset.x, exponent), by = fy + latticeFloat(offset.y, exponent);
    return assemble("large-offset", "far-position", latticeShape(a, exponent, 0, {ra, fx, fy}),
                    latticeShape(b, exponent, 0, {rb, bx, by}));
  }
  if (variant == 1) {  // identity transforms, the far point added to every vertex (rounded)
    ShapeSpec sa = latticeShape(a, exponent), sb = latticeShape(translated(b, offset), exponent);
    for (ShapeSpec* s : {&sa, &sb}) {
      for (Vertex& v : s->vertices) v = {fx + v.x, fy + v.y};
    }
    return assemble("large-offset", "far-vertices", sa, sb);
  }
  // both at F exactly, B's offset in its local lattice: the relation is the lattice relation
  const Rotation r = drawRotation(in, RotationSet::Unit);
  return assemble("large-offset", "far-common-frame", latticeShape(a, exponent, 0, {r, fx, fy}),
                  latticeShape(translated(b, offset), exponent, 0, {r, fx, fy}));
}

// A small lattice configuration (coordinates <= 2^8 with offsets and radii) scaled by 2^E, E in
// -98..88, so S lies in 2^-98.5 .. 2^97 (about 2.2e-30 .. 1.6e29).
Case drawScale(Draw& in) {
  const int variant = in.choice({3, 2, 2});
  const int e = in.integer<int>(-98, 88, 0);
  const Rotation r = drawRotation(in, RotationSet::Unit);
  if (variant == 1) {  // exact vertex-on-edge contact: touching at every scale
    const Contact c = drawContact(in, drawDirection(in, 4), in.chance(50), 1, false, 5);
    const Placement common{r, 0, 0};
    return assemble("scale", "touching", latticeShape(c.a, e, 0, common), latticeShape(c.b, e, 0, common),
                    "touching");
  }
  const LatticePolygon a = drawConvexPolygon(in, 3, 8, 6);
  const LatticePolygon b = drawConvexPolygon(in, 3, 8, 6);
  const LatticePoint offset = drawLatticePoint(in, 128);
  const Int ra = variant == 2 ? in.integer<Int>(0, 32, 1) : 0;
  const Int rb = variant == 2 ? in.integer<Int>(0, 32, 0) : 0;
  return assemble("scale", variant == 0 ? "random-pair" : "rounded-pair", latticeShape(a, e, ra, {r, 0, 0}),
                  latticeShape(b, e, rb, latticePlacement(r, offset, e)));
}

// Needle triangles and thin rectangles: long side W = w c 2^j (j in 4..19, c in 1..3), width w, an
// aspect ratio of 16 .. 1.6e6.
LatticePolygon drawSliverShape(Draw& in) {
  const Int w = in.integer<Int>(1, 7, 1);
  const Int length = w * (in.integer<Int>(1, 3, 1) << in.integer<int>(4, 19, 4));
  if (in.chance(50)) {
    const Int apex = in.integer<Int>(0, length, length / 2);
    return LatticePolygon{{0, 0}, {length, 0}, {apex, w}};
  }
  return LatticePolygon{{0, 0}, {length, 0}, {length, w}, {0, w}};
}

Case drawSliver(Draw& in) {
  const int variant = in.choice({2, 2, 1});
  static const char* NAMES[] = {"sliver-vs-point", "sliver-vs-polygon", "two-slivers"};
  const LatticePolygon a = drawSliverShape(in);
  LatticePolygon b;
  const Int length = extent(a);
  switch (variant) {
    case 0:
      b = {{in.integer<Int>(-length / 4, length + length / 4, length / 2), in.integer<Int>(-64, 64, -1)}};
      break;
    case 1:
      b = translated(drawConvexPolygon(in, 3, 6, 8),
                     {in.integer<Int>(0, length, length / 2), in.integer<Int>(-512, -1, -256)});
      break;
    default:
      b = translated(drawSliverShape(in), drawLatticePoint(in, length / 4));
      break;
  }
  const int exponent = in.integer<int>(-24, 4, 0);
  const Rotation ra = drawRotation(in, RotationSet::Unit),
                 rb = variant == 2 ? drawRotation(in, RotationSet::Unit) : ra;
  const LatticePoint position = drawLatticePoint(in, Int(1) << 20);
  return assemble("sliver", NAMES[variant],
                  latticeShape(a, exponent, 0, latticePlacement(ra, position, exponent)),
                  latticeShape(b, exponent, 0, latticePlacement(rb, position, exponent)));
}

// Random convex polygons under arbitrary transforms: A always rotated, B usually; positions with full
// 24-bit significands (B's rounded once from A's plus an offset).
Case drawRotated(Draw& in) {
  const LatticePolygon a = drawConvexPolygon(in, 3, 12, 16);
  const LatticePolygon b = drawConvexPolygon(in, 3, 12, 16);
  const int exponent = in.integer<int>(-20, 20, 0);
  const Rotation ra = drawRotation(in, RotationSet::Unit, false), rb = drawRotation(in, RotationSet::Unit);
  const float ax = latticeFloat(in.integer<Int>(-(Int(1) << 24), Int(1) << 24, 0), exponent);
  const float ay = latticeFloat(in.integer<Int>(-(Int(1) << 24), Int(1) << 24, 0), exponent);
  const LatticePoint offset = drawLatticePoint(in, 2 * (extent(a) + extent(b)) + 1);
  const float bx = ax + latticeFloat(offset.x, exponent), by = ay + latticeFloat(offset.y, exponent);
  return assemble("rotated", "rotated-polygons", latticeShape(a, exponent, 0, {ra, ax, ay}),
                  latticeShape(b, exponent, 0, {rb, bx, by}));
}


}  // namespace gjk::check::family_construction
