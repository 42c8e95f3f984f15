// cast-rotating (issue 22, rotating sweeps): B turns while it moves (`b.angular`, docs/case-format.md), so the
// first contact is no longer a rational or quadratic number and the oracle answers with a certified enclosure
// (oracle/cast_sweep.h). Built on the lattice like the other cast families, so every float is the number meant:
// shapes of about 0.125 to 8 m (a convex polygon, sometimes a rod: a segment), B's turn W = k 2^-10 in
// [-π, π] (|k| <= 3216), and three constructions:
//   spin-in-place   B's centre beside A within B's reach, no translation: the turn alone sweeps B into A, or
//                   not when the turn is too small (hits and misses)
//   spin-and-approach  B starts beyond both reaches and moves towards A's centre while turning: mostly hits
//   spin-and-pass   B moves past A with a sideways offset near the sum of the reaches: grazes both ways
// A polygon sometimes has a small radius (Box2D's polygons have one). No time is claimed: the cases' truth is the
// oracle's enclosure.
#include <algorithm>
#include <cstdint>
#include <string>

#include "families/family_construction.h"

namespace gjk::check::family_construction {

namespace {

// A rod along x through the origin, half length h lattice units.
LatticePolygon rod(Int h) { return {{-h, 0}, {h, 0}}; }

// A convex polygon (3..8 vertices) around the origin, or a rod; its extent about 2^bits lattice units.
LatticePolygon drawTurningShape(Draw& in, int bits, bool allowRod, std::string& kind) {
  if (allowRod && in.chance(25)) {
    kind = "rod";
    return rod(in.integer<Int>(Int(1) << (bits - 1), Int(1) << bits, Int(1) << bits));
  }
  kind = "polygon";
  LatticePolygon p = latticeHull(drawConvexPolygon(in, 3, 8, bits - 1));
  if (p.size() < 3) p = {{0, 0}, {Int(1) << (bits - 1), 0}, {0, Int(1) << (bits - 1)}};
  while (extent(p) < (Int(1) << (bits - 2))) p = scaled(p, 2);  // at least a quarter of the intended extent
  // Centre it: subtract the rounded mean, so the shape holds (or nearly holds) its own position.
  Int sx = 0, sy = 0;
  for (const LatticePoint& v : p) sx += v.x, sy += v.y;
  const Int n = static_cast<Int>(p.size());
  return translated(p, LatticePoint{-sx / n, -sy / n});
}

}  // namespace

Case drawCastRotating(Draw& in) {
  // Lattice unit 2^exponent, shapes of extent 2^(bits - 2) to 2^bits units (bits 6 to 8): sizes (twice the
  // extent) from 2^-3 to 2^3 m.
  constexpr int BITS = 8;
  const int exponent = in.integer<int>(-BITS, -BITS + 2, -BITS);
  std::string kindA, kindB;
  const LatticePolygon a = drawTurningShape(in, BITS, false, kindA);
  const LatticePolygon b = drawTurningShape(in, in.integer<int>(BITS - 2, BITS, BITS), true, kindB);
  const Int reachA = 2 * extent(a), reachB = 2 * extent(b);  // above |v| for every vertex in any rotation
  const Int radius = kindB == "rod" || in.chance(70) ? 0 : in.integer<Int>(1, 4, 1);
  const int variant = in.choice({40, 35, 25});
  LatticePoint position, translation;
  static const char* NAMES[] = {"spin-in-place", "spin-and-approach", "spin-and-pass"};
  if (variant == 0) {
    // Within B's reach of A's centre, but outside A's: the turn decides.
    const Int d = in.integer<Int>(extent(a), std::max(extent(a), reachA / 2 + reachB / 2), extent(a) + extent(b) / 2);
    position = in.chance(50) ? LatticePoint{d, in.integer<Int>(-d / 2, d / 2, 0)} : LatticePoint{in.integer<Int>(-d / 2, d / 2, 0), d};
    translation = {0, 0};
  } else {
    const Int far = reachA + reachB + in.integer<Int>(1, 2 * (reachA + reachB), reachA);
    const Int side = variant == 1 ? in.integer<Int>(-extent(a), extent(a), 0)
                                  : in.integer<Int>((reachA + reachB) / 4, reachA + reachB, (reachA + reachB) / 2);
    position = {far, side};
    translation = {-2 * far, in.integer<Int>(-extent(a), extent(a), 0)};
    if (in.chance(30)) translation.x = -far;  // stops beside A
  }
  const int turns = in.integer<int>(0, 3, 0);
  auto turn = [&](LatticePoint p) {
    for (int i = 0; i < turns; ++i) p = {-p.y, p.x};
    return p;
  };
  position = turn(position);
  translation = turn(translation);
  const Rotation own = drawRotation(in, RotationSet::Unit);
  const ShapeSpec shapeA = latticeShape(a, exponent, radius == 0 ? 0 : radius, Placement{});
  const ShapeSpec shapeB = latticeShape(b, exponent, 0, Placement{own, latticeFloat(position.x, exponent),
                                                                  latticeFloat(position.y, exponent)});
  Case value = assemble("cast-rotating", std::string(NAMES[variant]) + "-" + kindB, shapeA, shapeB);
  value.hasTranslation = true;
  value.translationX = latticeFloat(translation.x, exponent);
  value.translationY = latticeFloat(translation.y, exponent);
  value.hasAngular = true;
  // W = k 2^-10, |W| <= pi (3216 2^-10 = 3.140625); choice 0 gives a quarter turn.
  value.angular = latticeFloat(in.integer<Int>(-3216, 3216, 1608), -10);
  return value;
}

}  // namespace gjk::check::family_construction
