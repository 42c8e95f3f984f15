// The 3D families of unusual shapes: flat, needle, duplicates, near-parallel, short-edge and sliver.
#include <algorithm>
#include <string>

#include "families/family_construction_3d.h"

namespace gjk::check::family_construction {
namespace {

// Random placement of two clouds, each its own rotation, B within a few sizes of A.
Case placedApart(const char* family, const std::string& construction, Draw& in, const LatticeCloud& a,
                 const LatticeCloud& b, int exponent) {
  const Int reach = std::min<Int>(2 * (extent(a) + extent(b)) + 1, Int(1) << 22);
  const LatticePoint3 positionA = drawLatticePoint3(in, reach / 2);
  const LatticePoint3 positionB = positionA + drawLatticePoint3(in, reach);
  const Quaternion qa = drawQuaternion(in, QuaternionSet::Unit), qb = drawQuaternion(in, QuaternionSet::Unit);
  return assemble3(family, construction, latticeShape3(a, exponent, 0, latticePlacement3(qa, positionA, exponent)),
                   latticeShape3(b, exponent, 0, latticePlacement3(qb, positionB, exponent)));
}

// Both clouds under one transform (a unit quaternion and a position): the lattice relation is kept exactly.
Case placedTogether(const char* family, const std::string& construction, Draw& in, const LatticeCloud& a,
                    const LatticeCloud& b, int exponent, const char* relation) {
  const Placement3 common = latticePlacement3(drawQuaternion(in, QuaternionSet::Unit),
                                              drawLatticePoint3(in, Int(1) << 16), exponent);
  return assemble3(family, construction, latticeShape3(a, exponent, 0, common),
                   latticeShape3(b, exponent, 0, common), relation);
}

// A second direction, not parallel to u.
LatticePoint3 notParallel(LatticePoint3 u, LatticePoint3 v) {
  const LatticePoint3 c = cross(u, v);
  if (c.x != 0 || c.y != 0 || c.z != 0) return v;
  const LatticePoint3 x{1, 0, 0};
  const LatticePoint3 cx = cross(u, x);
  return cx.x != 0 || cx.y != 0 || cx.z != 0 ? x : LatticePoint3{0, 1, 0};
}

// A convex polygon (3..16 vertices, up to 2^16) in the plane spanned by u and v: (x, y) -> x u + y v. The
// plane's normal is u x v.
LatticeCloud drawFlatPolygon(Draw& in, LatticePoint3& normal, bool& tilted) {
  const int bits = in.integer<int>(1, 16, 4);
  const LatticePolygon polygon = drawConvexPolygon(in, 3, 16, bits);
  tilted = in.chance(50);
  LatticePoint3 u{1, 0, 0}, v{0, 1, 0};
  if (tilted) {
    u = drawDirection3(in, 4);
    v = notParallel(u, drawDirection3(in, 4));
  }
  LatticeCloud flat;
  for (LatticePoint p : polygon) flat.push_back(p.x * u + p.y * v);
  normal = cross(u, v);
  return flat;
}

// 2..8 points on the line through the origin along d (components up to 2^8), duplicates allowed.
LatticeCloud drawNeedleShape(Draw& in, LatticePoint3& direction) {
  direction = drawDirection3(in, 256);
  const int count = in.integer<int>(2, 8, 2);
  LatticeCloud run;
  for (int i = 0; i < count; ++i) run.push_back(in.integer<Int>(-1024, 1024, i) * direction);
  return run;
}

// A polytope whose vertices are listed more than once: each copy next to its vertex, or all copies at the end.
LatticeCloud drawRepeatedVertices3(Draw& in) {
  const LatticeCloud polytope = drawPolytope(in, 4, 16, 16);
  const bool scatter = in.chance(30);
  int budget = MAX_POLYTOPE_VERTICES - static_cast<int>(polytope.size());
  boost::container::small_vector<int, 32> copies(polytope.size());
  int total = 0;
  for (int& c : copies) {
    c = std::min(in.integer<int>(0, 2, 0), budget);
    budget -= c;
    total += c;
  }
  if (total == 0) copies[0] = 1;
  LatticeCloud out;
  for (std::size_t i = 0; i < polytope.size(); ++i) {
    out.push_back(polytope[i]);
    if (!scatter) out.insert(out.end(), static_cast<std::size_t>(copies[i]), polytope[i]);
  }
  if (scatter) {
    for (std::size_t i = 0; i < polytope.size(); ++i) out.insert(out.end(), static_cast<std::size_t>(copies[i]), polytope[i]);
  }
  return out;
}

}  // namespace

// A polygon in 3D (in a coordinate plane or a tilted lattice plane) against a polytope or another polygon, placed
// apart; or flat-touching: a polytope's lowest vertex along the plane's normal put on a vertex of the polygon
// (the plane separates them and the point is shared: touching, exactly).
Case drawFlat3(Draw& in) {
  const int variant = in.choice({3, 2, 2});
  LatticePoint3 normal;
  bool tilted = false;
  const LatticeCloud a = drawFlatPolygon(in, normal, tilted);
  const std::string plane = tilted ? "tilted-" : "axis-";
  const int exponent = in.integer<int>(-20, 4, 0);
  if (variant == 1) {
    LatticePoint3 otherNormal;
    bool otherTilted = false;
    return placedApart("flat", plane + "flat-vs-flat", in, a, drawFlatPolygon(in, otherNormal, otherTilted),
                       exponent);
  }
  LatticeCloud b = drawPolytope(in, 4, 16, 16);
  if (variant == 0) return placedApart("flat", plane + "flat-vs-polytope", in, a, b, exponent);
  if (in.chance(50)) normal = Int(-1) * normal;
  b = placedOn(b, normal, a[static_cast<std::size_t>(in.integer<int>(0, static_cast<int>(a.size()) - 1, 0))]);
  return placedTogether("flat", plane + "flat-touching", in, a, b, exponent, "touching");
}

// Collinear points (a segment in space, duplicates allowed) against a polytope or another needle, placed apart;
// or needle-touching: a polytope's lowest vertex along a normal n of the needle (n . d = 0) put on one of the
// needle's points: touching, exactly.
Case drawNeedle3(Draw& in) {
  const int variant = in.choice({3, 2, 2});
  LatticePoint3 direction;
  const LatticeCloud a = drawNeedleShape(in, direction);
  const int exponent = in.integer<int>(-20, 4, 0);
  if (variant == 1) {
    LatticePoint3 other;
    return placedApart("needle", "needle-vs-needle", in, a, drawNeedleShape(in, other), exponent);
  }
  LatticeCloud b = drawPolytope(in, 4, 16, 16);
  if (variant == 0) return placedApart("needle", "needle-vs-polytope", in, a, b, exponent);
  const LatticePoint3 normal = cross(direction, notParallel(direction, drawDirection3(in, 4)));
  b = placedOn(b, normal, a[static_cast<std::size_t>(in.integer<int>(0, static_cast<int>(a.size()) - 1, 0))]);
  return placedTogether("needle", "needle-touching", in, a, b, exponent, "touching");
}

Case drawDuplicates3(Draw& in) {
  const int variant = in.choice({3, 2, 2});
  static const char* NAMES[] = {"repeated-vertices", "repeated-vertices-both", "one-point-repeated"};
  LatticeCloud a, b;
  switch (variant) {
    case 0:
      a = drawRepeatedVertices3(in), b = drawPolytope(in, 4, 16, 16);
      break;
    case 1:
      a = drawRepeatedVertices3(in), b = drawRepeatedVertices3(in);
      break;
    default: {
      const LatticePoint3 p = drawLatticePoint3(in, Int(1) << 12);
      a.assign(static_cast<std::size_t>(in.integer<int>(2, 6, 2)), p);
      b = in.chance(50) ? drawRepeatedVertices3(in) : drawPolytope(in, 4, 16, 16);
      break;
    }
  }
  return placedApart("duplicates", NAMES[variant], in, a, b, in.integer<int>(-20, 20, 0));
}

// Faces and edges at small angles, sine t / sqrt(M^2 + t^2) <= 2^-8. tilted-faces: A's top face the rectangle
// [-L, L] x [-W, W] at z = 0 (A's other points below); B's bottom face the rectangle from (x0, y0, gap) to
// (x0 + M, y0 + D, gap + t), rising by t along x (B's other points above it), its low edge x = x0 over A's face.
// skew-edges: A's top edge [(-L, 0, 0), (L, 0, 0)]; B's bottom edge from (cx, 0, gap) along (M, t, 0) or
// (M, 0, t). gap = 0: touching (z = 0 separates, a point is shared); gap > 0: separated.
Case drawNearParallel3(Draw& in) {
  const bool edges = in.choice({1, 1}) == 1;
  const int bits = in.integer<int>(8, 20, 12);
  const Int reach = Int(1) << bits;
  const Int tMost = reach >> 8;  // so that M >= 256 t fits in the reach
  const Int t = in.chance(50) ? in.integer<Int>(1, tMost, 9) : in.integer<Int>(1, std::min<Int>(8, tMost), 1);
  const Int m = in.integer<Int>(std::max<Int>(256 * t, 256), reach, 256 * t);
  const Int gap = in.integer<Int>(0, 4, 0);
  const Int length = in.integer<Int>(1, reach, reach);
  const Int depth = in.integer<Int>(1, reach, 1);
  const int exponent = in.integer<int>(-24, 0, 0);
  LatticeCloud a, b;
  if (!edges) {
    const Int width = in.integer<Int>(1, reach, reach);
    a = {{-length, -width, 0}, {length, -width, 0}, {length, width, 0}, {-length, width, 0}};
    for (const LatticePoint3& p : drawSlab(in, 1, 6, reach, -depth, -1)) a.push_back(p);
    const Int x0 = in.integer<Int>(-length, length, 0), y0 = in.integer<Int>(-width, width, 0);
    const Int span = in.integer<Int>(1, reach, reach);
    b = {{x0, y0, gap}, {x0, y0 + span, gap}, {x0 + m, y0, gap + t}, {x0 + m, y0 + span, gap + t}};
    const int above = in.integer<int>(1, 6, 1);
    for (int i = 0; i < above; ++i) {
      b.push_back({x0 + in.integer<Int>(0, m, 0), y0 + in.integer<Int>(0, span, 0),
                   gap + t + in.integer<Int>(1, depth, 1)});
    }
  } else {
    a = {{-length, 0, 0}, {length, 0, 0}};
    for (const LatticePoint3& p : drawSlab(in, 2, 6, reach, -depth, -1)) a.push_back(p);
    const Int cx = in.integer<Int>(-length, length, 0);
    const bool rising = in.chance(50);
    const LatticePoint3 c{cx, 0, gap};
    const LatticePoint3 v = rising ? LatticePoint3{m, 0, t} : LatticePoint3{m, in.chance(50) ? t : -t, 0};
    b = {c, c + v};
    const int above = in.integer<int>(1, 6, 1);
    for (int i = 0; i < above; ++i) {
      b.push_back({cx + in.integer<Int>(0, m, 0), in.integer<Int>(-reach, reach, 0),
                   gap + t + in.integer<Int>(1, depth, 1)});
    }
  }
  return placedTogether("near-parallel", edges ? "skew-edges" : "tilted-faces", in, shuffled(in, a),
                        shuffled(in, b), exponent, gap == 0 ? "touching" : "separated");
}

// Very short edges: the plank (+-L, +-h, +-h) with L = h c 2^j (j in 7..17) against a point or a small polytope
// just beyond its short end; or a polytope of extent 2^9..2^17 with one vertex split in two a lattice step
// apart (an edge of 1e-6 .. 1e-2 of the size).
Case drawShortEdge3(Draw& in) {
  const int variant = in.choice({3, 2});
  const int exponent = in.integer<int>(-24, 0, 0);
  if (variant == 0) {
    const Int h = in.integer<Int>(1, 7, 1);
    const Int ratio = in.integer<Int>(1, 3, 1) << in.integer<int>(7, 17, 7);
    const Int half = h * ratio;
    LatticeCloud a;
    for (Int z : {-h, h})
      for (Int y : {-h, h})
        for (Int x : {-half, half}) a.push_back({x, y, z});
    const LatticePoint3 spot{half + in.integer<Int>(1, ratio * h, 1), in.integer<Int>(-h, h, 0),
                             in.integer<Int>(-h, h, 0)};
    LatticeCloud b = {spot};
    if (in.chance(40)) b = placedOn(drawPolytope(in, 4, 8, 4), {1, 0, 0}, spot);
    return placedTogether("short-edge", "plank-vs-point", in, a, b, exponent, nullptr);
  }
  // Centred on its bounding box, then doubled until its largest side (a lower bound of its diameter, at least
  // 1/sqrt(3) of it) exceeds 2^(targetBits - 1).
  LatticeCloud a = drawPolytope(in, 4, 16, 8);
  LatticePoint3 low = a[0], high = a[0];
  for (const LatticePoint3& p : a) {
    low = {std::min(low.x, p.x), std::min(low.y, p.y), std::min(low.z, p.z)};
    high = {std::max(high.x, p.x), std::max(high.y, p.y), std::max(high.z, p.z)};
  }
  a = translated(a, {-((low.x + high.x) >> 1), -((low.y + high.y) >> 1), -((low.z + high.z) >> 1)});
  const Int side = std::max({high.x - low.x, high.y - low.y, high.z - low.z});  // > 0: the cloud is a polytope
  const int targetBits = in.integer<int>(9, 17, 9);
  for (Int k = side; 2 * k <= (Int(1) << targetBits); k *= 2) a = scaled(a, 2);
  const LatticePoint3 v = a[static_cast<std::size_t>(in.integer<int>(0, static_cast<int>(a.size()) - 1, 0))];
  a.push_back(v + drawDirection3(in, 1));
  LatticeCloud b = drawPolytope(in, 4, 16, 8);
  return placedApart("short-edge", "split-vertex", in, shuffled(in, a), b, exponent);
}

// Thin tetrahedra and plates: long sides of w c 2^j (j in 4..19), thickness w (1..7): aspect 16 .. 1.6e6.
LatticeCloud drawSliverShape3(Draw& in, std::string& kind) {
  const Int w = in.integer<Int>(1, 7, 1);
  const Int length = w * (in.integer<Int>(1, 3, 1) << in.integer<int>(4, 19, 4));
  const Int other = in.integer<Int>(length / 4, length, length / 2);
  switch (in.choice({2, 2, 1})) {
    case 0:
      kind = "flat-tetrahedron";
      return {{0, 0, 0}, {length, 0, 0}, {in.integer<Int>(0, length, length / 2), other, 0},
              {in.integer<Int>(0, length, length / 2), in.integer<Int>(0, other, other / 2), w}};
    case 1:
      kind = "needle-tetrahedron";
      return {{0, 0, 0}, {length, 0, 0}, {in.integer<Int>(0, length, length / 2), w, 0},
              {in.integer<Int>(0, length, length / 2), 0, w}};
    default:
      kind = "thin-plate";
      return {{0, 0, 0}, {length, 0, 0}, {0, other, 0}, {length, other, 0},
              {0, 0, w}, {length, 0, w}, {0, other, w}, {length, other, w}};
  }
}

Case drawSliver3(Draw& in) {
  const int variant = in.choice({2, 2, 1});
  static const char* NAMES[] = {"-vs-point", "-vs-polytope", "-vs-sliver"};
  std::string kind, otherKind;
  const LatticeCloud a = drawSliverShape3(in, kind);
  const Int length = extent(a);
  LatticeCloud b;
  switch (variant) {
    case 0:
      b = {{in.integer<Int>(-length / 4, length + length / 4, length / 2), in.integer<Int>(-64, 64, -1),
            in.integer<Int>(-64, 64, 1)}};
      break;
    case 1:
      b = translated(drawPolytope(in, 4, 12, 8),
                     {in.integer<Int>(0, length, length / 2), in.integer<Int>(-1024, -1, -256), 0});
      break;
    default:
      b = translated(drawSliverShape3(in, otherKind), drawLatticePoint3(in, length / 4));
      break;
  }
  const int exponent = in.integer<int>(-24, 2, 0);
  const Quaternion qa = drawQuaternion(in, QuaternionSet::Unit);
  const Quaternion qb = variant == 2 ? drawQuaternion(in, QuaternionSet::Unit) : qa;
  const LatticePoint3 position = drawLatticePoint3(in, Int(1) << 20);
  return assemble3("sliver", kind + NAMES[variant], latticeShape3(a, exponent, 0, latticePlacement3(qa, position, exponent)),
                   latticeShape3(b, exponent, 0, latticePlacement3(qb, position, exponent)));
}

}  // namespace gjk::check::family_construction
