// The 3D families of extreme placements and transforms, and the rounded shapes: large-offset, scale, rotated
// and rounded.
#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "families/family_construction_3d.h"

namespace gjk::check::family_construction {
namespace {

// A vector of integer length h: a Pythagorean quadruple (x, y, z, h), its signs and axes drawn.
std::pair<LatticePoint3, Int> drawPythagoreanStep3(Draw& in) {
  constexpr std::array<std::array<Int, 4>, 9> QUADRUPLES = {{{0, 0, 1, 1},
                                                             {1, 2, 2, 3},
                                                             {2, 3, 6, 7},
                                                             {1, 4, 8, 9},
                                                             {4, 4, 7, 9},
                                                             {2, 6, 9, 11},
                                                             {6, 6, 7, 11},
                                                             {3, 4, 12, 13},
                                                             {2, 10, 11, 15}}};
  const auto& q = QUADRUPLES[static_cast<std::size_t>(in.integer<int>(0, 8, 0))];
  Int c[3] = {q[0], q[1], q[2]};
  std::rotate(c, c + in.integer<int>(0, 2, 0), c + 3);
  for (Int& value : c) {
    if (in.chance(50)) value = -value;
  }
  return {{c[0], c[1], c[2]}, q[3]};
}

// A vector (0, p, q) of integer length h (a Pythagorean triple), signs drawn.
std::pair<LatticePoint3, Int> drawPythagoreanStepYZ(Draw& in) {
  constexpr std::array<std::array<Int, 3>, 4> TRIPLES = {{{0, 1, 1}, {3, 4, 5}, {5, 12, 13}, {8, 15, 17}}};
  const auto& t = TRIPLES[static_cast<std::size_t>(in.integer<int>(0, 3, 0))];
  Int p = t[0], q = t[1];
  if (in.chance(50)) std::swap(p, q);
  if (in.chance(50)) p = -p;
  if (in.chance(50)) q = -q;
  return {{0, p, q}, t[2]};
}

LatticeCloud boxOf(Int wx, Int wy, Int wz) {
  LatticeCloud box;
  for (Int z : {-wz, wz})
    for (Int y : {-wy, wy})
      for (Int x : {-wx, wx}) box.push_back({x, y, z});
  return box;
}

}  // namespace

// Shapes of at most about 2^4 lattice units (2^4 at the unit 2^0) about a far point F, max |F_i| in
// [2^11, 2^22): every world vertex is 1e3..1e7 from the origin. far-position: A at F, B at F plus an offset
// (rounded once); far-<relation>: both at F under one rotation, touching, separated or overlapping in their
// common lattice (exact); far-vertices: identity transforms, F added to every vertex (rounded).
Case drawLargeOffset3(Draw& in) {
  const int variant = in.choice({2, 2, 1});
  const int farExponent = in.integer<int>(11, 21, 11);
  const Int significand = (Int(1) << 23) + in.integer<Int>(0, (Int(1) << 23) - 1, 0);
  float far[3];
  far[0] = latticeFloat(significand, farExponent - 23) * (in.chance(50) ? -1.0f : 1.0f);
  far[1] = latticeFloat(in.integer<Int>(-(Int(1) << 23), Int(1) << 23, 0), farExponent - 23);
  far[2] = latticeFloat(in.integer<Int>(-(Int(1) << 23), Int(1) << 23, 0), farExponent - 23);
  std::rotate(far, far + in.integer<int>(0, 2, 0), far + 3);
  const int exponent = in.integer<int>(-12, 0, 0);
  const int bits = std::max(2, 4 + exponent);
  LatticeCloud a = drawPolytope(in, 4, 16, bits), b = drawPolytope(in, 4, 16, bits);
  if (variant == 1) {
    const char* relation = relatedPair(in, in.integer<int>(0, 2, 0), a, b);
    const Placement3 common{drawQuaternion(in, QuaternionSet::Unit), far[0], far[1], far[2]};
    return assemble3("large-offset", std::string("far-") + relation, latticeShape3(a, exponent, 0, common),
                     latticeShape3(b, exponent, 0, common), relation);
  }
  const LatticePoint3 offset = drawLatticePoint3(in, Int(1) << (bits + 1));
  if (variant == 0) {
    const Quaternion qa = drawQuaternion(in, QuaternionSet::Unit), qb = drawQuaternion(in, QuaternionSet::Unit);
    const Placement3 pa{qa, far[0], far[1], far[2]};
    const Placement3 pb{qb, far[0] + latticeFloat(offset.x, exponent), far[1] + latticeFloat(offset.y, exponent),
                        far[2] + latticeFloat(offset.z, exponent)};
    return assemble3("large-offset", "far-position", latticeShape3(a, exponent, 0, pa),
                     latticeShape3(b, exponent, 0, pb));
  }
  ShapeSpec sa = latticeShape3(a, exponent), sb = latticeShape3(translated(b, offset), exponent);
  for (ShapeSpec* s : {&sa, &sb}) {
    for (Vertex& v : s->vertices) v = {far[0] + v.x, far[1] + v.y, far[2] + v.z};
  }
  return assemble3("large-offset", "far-vertices", sa, sb);
}

// A small lattice configuration (coordinates below 2^8 with offsets and radii) scaled by 2^E, E in -98..88:
// S within about 2^-99 .. 2^98. random-pair: two polytopes under one rotation, B offset; related: touching,
// separated or overlapping in one frame (exact at every scale); rounded-pair: radii, under an exact rotation.
Case drawScale3(Draw& in) {
  const int variant = in.choice({3, 2, 2});
  const int e = in.integer<int>(-98, 88, 0);
  LatticeCloud a = drawPolytope(in, 4, 12, 4), b = drawPolytope(in, 4, 12, 4);
  if (variant == 1) {
    const char* relation = relatedPair(in, in.integer<int>(0, 2, 0), a, b);
    const Placement3 common{drawQuaternion(in, QuaternionSet::Unit), 0, 0, 0};
    return assemble3("scale", std::string("related-") + relation, latticeShape3(a, e, 0, common),
                     latticeShape3(b, e, 0, common), relation);
  }
  const Quaternion q = drawQuaternion(in, variant == 2 ? QuaternionSet::Exact : QuaternionSet::Unit);
  const LatticePoint3 offset = drawLatticePoint3(in, 64);
  const Int ra = variant == 2 ? in.integer<Int>(0, 32, 1) : 0;
  const Int rb = variant == 2 ? in.integer<Int>(0, 32, 0) : 0;
  return assemble3("scale", variant == 0 ? "random-pair" : "rounded-pair", latticeShape3(a, e, ra, {q, 0, 0, 0}),
                   latticeShape3(b, e, rb, latticePlacement3(q, offset, e)));
}

// Polytopes turned by float unit quaternions. unit-quaternions: A by one that is not the identity, B by any,
// positions with full 24-bit significands (B's rounded once from A's plus an offset); no claim. exact-turns:
// A and B turned by different exact quaternions (signed permutation matrices), the pair built touching,
// separated or overlapping in the world lattice, positions on the lattice: the relation is exact.
Case drawRotated3(Draw& in) {
  const int variant = in.choice({3, 2});
  LatticeCloud a = drawPolytope(in, 4, 24, 16), b = drawPolytope(in, 4, 24, 16);
  const int exponent = in.integer<int>(-20, 20, 0);
  if (variant == 1) {
    const Quaternion qa = drawQuaternion(in, QuaternionSet::Exact, false);
    const Quaternion qb = drawQuaternion(in, QuaternionSet::Exact);
    LatticeCloud aw, bw;
    for (const LatticePoint3& p : a) aw.push_back(turnedExactly(qa, p));
    for (const LatticePoint3& p : b) bw.push_back(turnedExactly(qb, p));
    const LatticePoint3 before = bw[0];
    const int kind = in.integer<int>(0, 2, 0);
    const char* relation = relatedPair(in, kind, aw, bw);
    const Int k = kind == 2 ? 4 : 1;  // relatedPair scaled the world clouds by 4 for an overlap
    a = scaled(a, k), b = scaled(b, k);
    const LatticePoint3 positionA = drawLatticePoint3(in, Int(1) << 20);
    const LatticePoint3 positionB = positionA + (bw[0] - k * before);
    return assemble3("rotated", std::string("exact-turns-") + relation,
                     latticeShape3(a, exponent, 0, latticePlacement3(qa, positionA, exponent)),
                     latticeShape3(b, exponent, 0, latticePlacement3(qb, positionB, exponent)), relation);
  }
  const Quaternion qa = drawQuaternion(in, QuaternionSet::Unit, false), qb = drawQuaternion(in, QuaternionSet::Unit);
  const float ax = latticeFloat(in.integer<Int>(-(Int(1) << 24), Int(1) << 24, 0), exponent);
  const float ay = latticeFloat(in.integer<Int>(-(Int(1) << 24), Int(1) << 24, 0), exponent);
  const float az = latticeFloat(in.integer<Int>(-(Int(1) << 24), Int(1) << 24, 0), exponent);
  const LatticePoint3 offset = drawLatticePoint3(in, 2 * (extent(a) + extent(b)) + 1);
  const Placement3 pa{qa, ax, ay, az};
  const Placement3 pb{qb, ax + latticeFloat(offset.x, exponent), ay + latticeFloat(offset.y, exponent),
                      az + latticeFloat(offset.z, exponent)};
  return assemble3("rotated", "unit-quaternions", latticeShape3(a, exponent, 0, pa), latticeShape3(b, exponent, 0, pb));
}

// Spheres (one vertex and a radius) and capsules (two vertices and a radius) at an exact core distance D from
// each other or from a box, rA + rB = D + delta: delta < 0 separated, 0 touching, > 0 overlapping, exactly;
// one common exact quaternion keeps the distances. rounded-random: a sphere or capsule with any radius
// against a polytope, placed apart, no claim.
Case drawRounded3(Draw& in) {
  const int variant = in.choice({3, 2, 2, 2, 2, 2, 2});
  static const char* NAMES[] = {"spheres",    "capsules-parallel", "capsules-crossing", "sphere-box",
                                "capsule-box", "sphere-capsule",    "rounded-random"};
  const int exponent = in.integer<int>(-20, 10, 0);
  LatticeCloud a, b;
  Int distance = 0;
  switch (variant) {
    case 0: {
      const auto [step, h] = drawPythagoreanStep3(in);
      const Int lambda = in.integer<Int>(1, 64, 1);
      a = {{0, 0, 0}}, b = {lambda * step}, distance = lambda * h;
      break;
    }
    case 1: {
      const auto [step, h] = drawPythagoreanStepYZ(in);
      const Int lambda = in.integer<Int>(1, 16, 1);
      const Int half = in.integer<Int>(1, 256, 1), otherHalf = in.integer<Int>(1, 256, 1);
      const Int s = in.integer<Int>(-(half + otherHalf), half + otherHalf, 0);
      a = {{-half, 0, 0}, {half, 0, 0}};
      b = {LatticePoint3{s - otherHalf, 0, 0} + lambda * step, LatticePoint3{s + otherHalf, 0, 0} + lambda * step};
      distance = lambda * h;
      break;
    }
    case 2: {
      const Int half = in.integer<Int>(1, 256, 1), otherHalf = in.integer<Int>(1, 256, 1);
      const Int cx = in.integer<Int>(-half, half, 0), cy = in.integer<Int>(-otherHalf, otherHalf, 0);
      distance = in.integer<Int>(1, 256, 1);
      a = {{-half, 0, 0}, {half, 0, 0}};
      b = {{cx, cy - otherHalf, distance}, {cx, cy + otherHalf, distance}};
      break;
    }
    case 3:
    case 4: {
      const Int w = in.integer<Int>(1, 64, 1), d = in.integer<Int>(1, 64, 1), height = in.integer<Int>(1, 64, 1);
      distance = in.integer<Int>(1, 256, 1);
      const int ends = variant == 3 ? 1 : 2;
      for (int i = 0; i < ends; ++i) a.push_back({in.integer<Int>(-w, w, 0), in.integer<Int>(-d, d, 0), height + distance});
      b = boxOf(w, d, height);
      break;
    }
    case 5: {
      const auto [step, h] = drawPythagoreanStepYZ(in);
      const Int lambda = in.integer<Int>(1, 16, 1);
      const Int half = in.integer<Int>(1, 256, 1);
      a = {LatticePoint3{in.integer<Int>(-half, half, 0), 0, 0} + lambda * step};
      b = {{-half, 0, 0}, {half, 0, 0}};
      distance = lambda * h;
      break;
    }
    default: {
      const int ends = in.integer<int>(1, 2, 1);
      for (int i = 0; i < ends; ++i) a.push_back(drawLatticePoint3(in, 256));
      b = drawPolytope(in, 4, 16, 10);
      const Int reach = 2 * (extent(a) + extent(b)) + 1;
      const LatticePoint3 positionA = drawLatticePoint3(in, reach / 2);
      const LatticePoint3 positionB = positionA + drawLatticePoint3(in, reach);
      const Quaternion qa = drawQuaternion(in, QuaternionSet::Unit), qb = drawQuaternion(in, QuaternionSet::Unit);
      const Int ra = in.integer<Int>(1, (Int(1) << 20) - 1, 1);
      const Int rb = in.chance(50) ? in.integer<Int>(0, (Int(1) << 20) - 1, 0) : 0;
      return assemble3("rounded", NAMES[variant],
                       latticeShape3(a, exponent, ra, latticePlacement3(qa, positionA, exponent)),
                       latticeShape3(b, exponent, rb, latticePlacement3(qb, positionB, exponent)));
    }
  }
  // rA + rB = D + delta: touching, separated (when D > 1: A keeps a radius of at least 1) or overlapping.
  const int relation = in.choice({2, distance > 1 ? 2 : 0, 1});
  const Int delta = relation == 0 ? 0 : relation == 1 ? -in.integer<Int>(1, distance - 1, 1) : in.integer<Int>(1, 4, 1);
  const Int total = distance + delta;  // >= 1
  const Int ra = in.integer<Int>(1, total, total);  // A, a sphere or a capsule, always rounded
  const Placement3 common = latticePlacement3(drawQuaternion(in, QuaternionSet::Exact),
                                              drawLatticePoint3(in, Int(1) << 16), exponent);
  return assemble3("rounded", NAMES[variant], latticeShape3(a, exponent, ra, common),
                   latticeShape3(b, exponent, total - ra, common),
                   delta < 0 ? "separated" : delta == 0 ? "touching" : "overlapping");
}

}  // namespace gjk::check::family_construction
