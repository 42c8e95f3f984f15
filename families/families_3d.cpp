// The 3D case families (families/families.h, familyNames3): the registry and the families of contact between
// polytopes: random-convex, random-points, coplanar, edge-edge and stacked. The others are in
// families_3d_shapes.cpp and families_3d_extremes.cpp; the blocks they share in family_construction_3d.h.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "families/families.h"
#include "families/family_construction_3d.h"

namespace gjk::check {
namespace family_construction {

// Two polytopes (points rounded onto a sphere, or points in a box; 4..32 points, up to 2^20), each with its own
// rotation and position, or built touching, separated or overlapping in one frame under a common transform.
Case drawRandomConvex3(Draw& in) {
  const int variant = in.choice({3, 2, 1, 1});
  std::string kindA, kindB;
  LatticeCloud a = drawPolytope(in, 4, 32, 20, &kindA);
  LatticeCloud b = drawPolytope(in, 4, 32, 20, &kindB);
  const int exponent = in.integer<int>(-20, 20, 0);
  const std::string shapes = kindA + "-" + kindB;
  if (variant == 0) {
    const Int reach = std::min<Int>(2 * (extent(a) + extent(b)) + 1, Int(1) << 22);
    const LatticePoint3 positionA = drawLatticePoint3(in, reach / 2);
    const LatticePoint3 positionB = positionA + drawLatticePoint3(in, reach);
    const Quaternion qa = drawQuaternion(in, QuaternionSet::Unit), qb = drawQuaternion(in, QuaternionSet::Unit);
    return assemble3("random-convex", shapes + "-placed",
                     latticeShape3(a, exponent, 0, latticePlacement3(qa, positionA, exponent)),
                     latticeShape3(b, exponent, 0, latticePlacement3(qb, positionB, exponent)));
  }
  const char* relation = relatedPair(in, variant - 1, a, b);
  const Placement3 common = latticePlacement3(drawQuaternion(in, QuaternionSet::Unit),
                                              drawLatticePoint3(in, Int(1) << 16), exponent);
  return assemble3("random-convex", shapes + "-" + relation, latticeShape3(a, exponent, 0, common),
                   latticeShape3(b, exponent, 0, common), relation);
}

// A polytope (4..24 points up to 2^16, scaled by 8) and up to 64 points in all, the others strictly inside it: sum w_i p_i of four affinely independent
// points with integer weights w_i >= 1 summing to 8 (in the tetrahedron's interior, so in the hull's), the
// whole list in a drawn order.
LatticeCloud drawPointCloud3(Draw& in, int minInterior, std::string& kind) {
  const LatticeCloud hull = drawPolytope(in, 4, 24, 16, &kind);
  int fallback[4];
  independentFour(hull, fallback);  // drawPolytope's clouds are full-dimensional
  const int n = static_cast<int>(hull.size());
  LatticeCloud points = scaled(hull, 8);
  const int interior = in.integer<int>(minInterior, MAX_POLYTOPE_VERTICES - n, minInterior);
  for (int k = 0; k < interior; ++k) {
    int pick[4];
    for (int& i : pick) i = in.integer<int>(0, n - 1, 0);
    const auto at = [&](int i) { return hull[static_cast<std::size_t>(i)]; };
    if (orientation(at(pick[0]), at(pick[1]), at(pick[2]), at(pick[3])) == 0) std::copy(fallback, fallback + 4, pick);
    Int weight[4] = {1, 1, 1, 1};
    for (int extra = 0; extra < 4; ++extra) ++weight[in.integer<int>(0, 3, extra)];
    LatticePoint3 sum;
    for (int t = 0; t < 4; ++t) sum = sum + weight[t] * at(pick[t]);
    points.push_back(sum);
  }
  return shuffled(in, points);
}

Case drawRandomPoints3(Draw& in) {
  std::string kindA, kindB;
  const LatticeCloud a = drawPointCloud3(in, 1, kindA);
  const LatticeCloud b = drawPointCloud3(in, 0, kindB);
  const int exponent = in.integer<int>(-20, 20, 0);
  const Int reach = std::min<Int>(2 * (extent(a) + extent(b)) + 1, Int(1) << 22);
  const LatticePoint3 positionA = drawLatticePoint3(in, reach / 2);
  const LatticePoint3 positionB = positionA + drawLatticePoint3(in, reach);
  const Quaternion qa = drawQuaternion(in, QuaternionSet::Unit), qb = drawQuaternion(in, QuaternionSet::Unit);
  return assemble3("random-points", kindA + "-" + kindB + "-plus-interior-shuffled",
                   latticeShape3(a, exponent, 0, latticePlacement3(qa, positionA, exponent)),
                   latticeShape3(b, exponent, 0, latticePlacement3(qb, positionB, exponent)));
}

// A's top face, a convex polygon P in the plane z = 0 with A's other points below it; B's bottom face, a convex
// polygon Q in z = gap sharing a vertex with P when gap = 0 (Q's vertex k on P's vertex j), B's other points
// above. gap = 0: the faces touch (z = 0 separates, the vertex is shared); gap of 1..4 lattice steps:
// separated. One common transform (any unit quaternion: the relation is affine-invariant).
Case drawCoplanar3(Draw& in) {
  const int variant = in.choice({3, 3});
  const int bits = in.integer<int>(2, 20, 4);
  const Int reach = Int(1) << bits;
  const LatticePolygon p = drawConvexPolygon(in, 3, 12, bits);
  const LatticePolygon q = drawConvexPolygon(in, 3, 12, bits);
  const Int gap = variant == 0 ? 0 : in.integer<Int>(1, 4, 1);
  const Int depth = in.integer<Int>(1, reach, 1);
  LatticeCloud a, b;
  for (LatticePoint v : p) a.push_back(lifted(v, 0));
  for (const LatticePoint3& v : drawSlab(in, 1, 8, reach, -depth, -1)) a.push_back(v);
  const std::size_t j = static_cast<std::size_t>(in.integer<int>(0, static_cast<int>(p.size()) - 1, 0));
  const std::size_t k = static_cast<std::size_t>(in.integer<int>(0, static_cast<int>(q.size()) - 1, 0));
  const LatticePoint shift = p[j] - q[k];
  for (LatticePoint v : q) b.push_back(lifted(v + shift, gap));
  for (const LatticePoint3& v : drawSlab(in, 1, 8, reach, gap + 1, gap + depth)) {
    b.push_back(v + LatticePoint3{shift.x, shift.y, 0});
  }
  const int exponent = in.integer<int>(-20, 4, 0);
  const Placement3 common = latticePlacement3(drawQuaternion(in, QuaternionSet::Unit),
                                              drawLatticePoint3(in, Int(1) << 16), exponent);
  return assemble3("coplanar", variant == 0 ? "faces-touching" : "faces-gap",
                   latticeShape3(shuffled(in, a), exponent, 0, common),
                   latticeShape3(shuffled(in, b), exponent, 0, common), variant == 0 ? "touching" : "separated");
}

// A's top edge [(-L, 0, 0), (L, 0, 0)], every other point of A below z = 0, so the edge is A's face in +z;
// B's bottom edge c +- M v at height gap, every other point of B above. parallel-edges: v = (1, 0, 0),
// c = (cx, dy, gap): touching when gap = dy = 0 (the x ranges overlap), else separated (A and B meet only in
// z = 0, where their edges are apart). crossing-edges: v = (vx, vy, 0) with vy != 0 through c = (cx, 0, gap),
// |cx| <= L: the edges cross at (cx, 0) seen from above, touching when gap = 0, else separated by gap.
// L up to 2^20 lattice steps and gap 0..3 of them: a tiny distance.
Case drawEdgeEdge3(Draw& in) {
  const bool crossing = in.choice({1, 1}) == 1;
  const int bits = in.integer<int>(2, 20, 4);
  const Int length = in.integer<Int>(1, Int(1) << bits, 1);
  const Int gap = in.integer<Int>(0, 3, 0);
  const Int dy = crossing ? 0 : in.integer<Int>(-2, 2, 0);
  const Int cx = in.integer<Int>(-length, length, 0);
  const Int half = in.integer<Int>(1, Int(1) << bits, 1);
  LatticePoint3 v{1, 0, 0};
  if (crossing) {
    v = {in.integer<Int>(-3, 3, 0), in.integer<Int>(1, 3, 1), 0};
    if (in.chance(50)) v.y = -v.y;
  }
  const Int reach = std::max<Int>(length, half * 3);
  const Int height = in.integer<Int>(1, Int(1) << bits, 1);
  LatticeCloud a = {{-length, 0, 0}, {length, 0, 0}};
  for (const LatticePoint3& p : drawSlab(in, 2, 6, reach, -height, -1)) a.push_back(p);
  const LatticePoint3 c{cx, dy, gap};
  LatticeCloud b = {c - half * v, c + half * v};
  for (const LatticePoint3& p : drawSlab(in, 2, 6, reach, gap + 1, gap + height)) {
    b.push_back(p + LatticePoint3{cx, 0, 0});
  }
  const bool touching = gap == 0 && dy == 0;
  const int exponent = in.integer<int>(-20, 2, 0);
  const Placement3 common = latticePlacement3(drawQuaternion(in, QuaternionSet::Unit),
                                              drawLatticePoint3(in, Int(1) << 16), exponent);
  return assemble3("edge-edge", crossing ? "crossing-edges" : "parallel-edges",
                   latticeShape3(shuffled(in, a), exponent, 0, common),
                   latticeShape3(shuffled(in, b), exponent, 0, common), touching ? "touching" : "separated");
}

LatticeCloud boxCorners(Int wx, Int wy, Int wz) {
  LatticeCloud box;
  for (Int z : {-wz, wz})
    for (Int y : {-wy, wy})
      for (Int x : {-wx, wx}) box.push_back({x, y, z});
  return box;
}

// Boxes stacked as physics users stack them: A's half extents (wa, da, ha) about its position, B on top, its
// centre at A's plus (ox, oy, ha + hb + gap). Each turns about the vertical axis only (quaternions (w, 0, 0, z),
// whose matrices keep z exactly), so A's top is the plane z = pA + ha and B's bottom z = pA + ha + gap. B's
// bottom centre is within half of A's smallest half extent of A's centre, inside A's top face however A is
// turned: gap = 0 touching, gap > 0 separated, gap < 0 (less than both heights) overlapping, exactly.
Case drawStacked3(Draw& in) {
  const int variant = in.choice({3, 2, 2});  // aligned, offset, turned
  static const char* NAMES[] = {"aligned", "offset", "turned"};
  // Half extents of 2^(bits-2) .. 2^bits, at least 16 lattice steps: a gap of up to 3 steps is at most 3/32 of a
  // height.
  const int bits = in.integer<int>(6, 16, 6);
  const Int top = Int(1) << bits;
  const auto extentDrawn = [&] { return in.integer<Int>(top / 4, top, top); };
  const Int wa = extentDrawn(), da = extentDrawn(), ha = extentDrawn();
  const Int wb = extentDrawn(), db = extentDrawn(), hb = extentDrawn();
  const int gapKind = in.choice({3, 2, 2});  // touching, gap, overlap
  const Int gap = gapKind == 0 ? 0
                  : gapKind == 1 ? in.integer<Int>(1, 3, 1)
                                 : -in.integer<Int>(1, std::min<Int>(3, 2 * std::min(ha, hb) - 1), 1);
  Int ox = 0, oy = 0;
  if (variant >= 1) {
    const Int room = std::min(wa, da) / 2;
    ox = in.integer<Int>(-room, room, 0);
    oy = in.integer<Int>(-room, room, 0);
  }
  const Quaternion qa = variant == 2 && in.chance(50) ? drawQuaternion(in, QuaternionSet::AboutZ) : Quaternion{};
  const Quaternion qb = variant == 2 ? drawQuaternion(in, QuaternionSet::AboutZ, false) : qa;
  const int exponent = in.integer<int>(-20, 4, 0);
  const LatticePoint3 positionA = drawLatticePoint3(in, Int(1) << 20);
  const LatticePoint3 positionB = positionA + LatticePoint3{ox, oy, ha + hb + gap};
  const char* relation = gap == 0 ? "touching" : gap > 0 ? "separated" : "overlapping";
  return assemble3("stacked", std::string(NAMES[variant]) + "-" + relation,
                   latticeShape3(boxCorners(wa, da, ha), exponent, 0, latticePlacement3(qa, positionA, exponent)),
                   latticeShape3(boxCorners(wb, db, hb), exponent, 0, latticePlacement3(qb, positionB, exponent)),
                   relation);
}

}  // namespace family_construction

// ---------------------------------------------------------------------------------------------------
// Registry.

namespace {

using namespace family_construction;

struct FamilyRow3 {
  const char* name;
  Case (*sample)(Draw& in);
};

const std::vector<FamilyRow3>& familyTable3() {
  static const std::vector<FamilyRow3> TABLE = {
      {"random-convex", drawRandomConvex3}, {"random-points", drawRandomPoints3},
      {"coplanar", drawCoplanar3},          {"edge-edge", drawEdgeEdge3},
      {"stacked", drawStacked3},            {"flat", drawFlat3},
      {"needle", drawNeedle3},              {"duplicates", drawDuplicates3},
      {"near-parallel", drawNearParallel3}, {"short-edge", drawShortEdge3},
      {"sliver", drawSliver3},              {"large-offset", drawLargeOffset3},
      {"scale", drawScale3},                {"rotated", drawRotated3},
      {"rounded", drawRounded3},
  };
  return TABLE;
}

const FamilyRow3& familyRow3(const std::string& family) {
  for (const FamilyRow3& row : familyTable3()) {
    if (row.name == family) return row;
  }
  std::string known;
  for (const FamilyRow3& row : familyTable3()) known += (known.empty() ? "" : ", ") + std::string(row.name);
  throw std::invalid_argument("unknown 3D case family '" + family.substr(0, 40) + "' (known: " + known + ")");
}

}  // namespace

std::vector<std::string> familyNames3() {
  std::vector<std::string> names;
  for (const FamilyRow3& row : familyTable3()) names.push_back(row.name);
  return names;
}

void checkFamilyName3(const std::string& family) { familyRow3(family); }

Case sampleFamily3From(const std::string& family, ChoiceSource& source) {
  Draw in(source);
  return familyRow3(family).sample(in);
}

Case sampleFamily3(const std::string& family, std::uint64_t seed, std::uint64_t index) {
  PrngChoices source(familyCaseSeed(seed, index));
  Case value = sampleFamily3From(family, source);
  value.source = "family3:" + family + "/seed:" + std::to_string(seed) + "/index:" + std::to_string(index);
  return value;
}

Case sampleFamilyOf(int dimension, const std::string& family, std::uint64_t seed, std::uint64_t index) {
  return dimension == 3 ? sampleFamily3(family, seed, index) : sampleFamily(family, seed, index);
}

}  // namespace gjk::check
