// The cast families (issue 22): cases with `b.translation` (docs/case-format.md), each aimed at a way a
// shape cast or a time of impact goes wrong in a float engine. Built like the other families
// (family_construction.h): lattice geometry times an exact power of two, so every float is the number the
// construction meant, and the translation is a lattice vector too. Where a construction makes a time exact
// it says so in a meta line the tests check with the exact oracle:
//   meta.touch-fraction p/q    the shapes first touch exactly at t = p/q (separated for every t < p/q)
//   meta.overlap-fraction p/q  the shapes overlap at t = p/q (a hit that must not be tunnelled through)
// and cases that start in contact claim meta.expected-relation (the relation at t = 0, which the oracle
// checks like any kept case's).
//
// The placement common to both shapes is a quarter turn (exact: the translation turns with the shapes
// and stays a lattice vector, and radii stay exact) and a lattice offset (moving both shapes leaves the
// Minkowski difference, so every claim, unchanged). Where a claim does not depend on the exact shape, as
// a bullet that contains its own position, that shape also gets a float unit rotation of its own.
//
// Only cast-grazing-miss rounds on purpose: its translation is a graze nudged by one float step.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <tuple>

#include "families/family_construction.h"

namespace gjk::check::family_construction {

namespace {

// Two shapes in lattice coordinates and B's translation, before the common placement.
struct CastScene {
  LatticePolygon a;
  LatticePoint aPosition;
  Int aRadius = 0;
  Rotation aOwn;  // A's own rotation about its position (identity unless the claims do not depend on it)
  LatticePolygon b;
  LatticePoint bPosition;
  Int bRadius = 0;
  Rotation bOwn;
  LatticePoint translation;
  // B's position and the translation may be on a coarser lattice than the shapes (cast-long-translation):
  // their lattice unit is 2^(exponent + shift).
  int bPositionShift = 0;
  int translationShift = 0;
};

LatticePoint quarterTurnedPoint(LatticePoint p, int k) {
  for (int i = 0; i < k; ++i) p = {-p.y, p.x};
  return p;
}

Int dot(LatticePoint a, LatticePoint b) { return a.x * b.x + a.y * b.y; }

// The scene placed in the world: every shape, position and the translation turned by k quarter turns (the
// rotation field of each shape is the quarter turn composed with its own rotation) and both positions moved
// by `offset` (lattice units 2^exponent). Exact: quarter turns and lattice sums.
Case placeCast(const char* family, const std::string& construction, const CastScene& scene, int exponent,
               int quarterTurns, LatticePoint offset, const char* expectedRelation = nullptr) {
  const LatticePoint aPosition = quarterTurnedPoint(scene.aPosition, quarterTurns) + offset;
  const ShapeSpec a = latticeShape(scene.a, exponent, scene.aRadius,
                                   Placement{quarterTurned(scene.aOwn, quarterTurns),
                                             latticeFloat(aPosition.x, exponent), latticeFloat(aPosition.y, exponent)});
  LatticePoint bPosition = quarterTurnedPoint(scene.bPosition, quarterTurns);
  if (scene.bPositionShift == 0) {
    bPosition = bPosition + offset;
  } else if (offset.x != 0 || offset.y != 0) {
    throw std::logic_error("case family: an offset with a shifted position");
  }
  const ShapeSpec b = latticeShape(
      scene.b, exponent, scene.bRadius,
      Placement{quarterTurned(scene.bOwn, quarterTurns), latticeFloat(bPosition.x, exponent + scene.bPositionShift),
                latticeFloat(bPosition.y, exponent + scene.bPositionShift)});
  Case value = assemble(family, construction, a, b, expectedRelation);
  const LatticePoint r = quarterTurnedPoint(scene.translation, quarterTurns);
  value.hasTranslation = true;
  value.translationX = latticeFloat(r.x, exponent + scene.translationShift);
  value.translationY = latticeFloat(r.y, exponent + scene.translationShift);
  return value;
}

Case placeCastDrawn(Draw& in, const char* family, const std::string& construction, const CastScene& scene,
                    int exponent, const char* expectedRelation = nullptr) {
  const int turns = in.integer<int>(0, 3, 0);
  const LatticePoint offset = drawLatticePoint(in, Int(1) << 10);
  return placeCast(family, construction, scene, exponent, turns, offset, expectedRelation);
}

std::string fraction(Int p, Int q) {
  const Int g = std::gcd(p, q);
  return std::to_string(p / g) + "/" + std::to_string(q / g);
}

// A strictly convex lattice polygon (>= 3 vertices) scaled by 4 and moved so that its interior point
// 2 a0 + a1 + a2 (weights 1/2, 1/4, 1/4) is the origin: the shape strictly contains its own position, in any
// rotation.
LatticePolygon drawCentredPolygon(Draw& in, int maxVertices, int maxBits) {
  LatticePolygon p = latticeHull(drawConvexPolygon(in, 3, maxVertices, maxBits));
  if (p.size() < 3) p = {{0, 0}, {4, 0}, {0, 4}};
  const LatticePoint inside = Int(2) * p[0] + p[1] + p[2];
  return translated(scaled(p, 4), Int(-1) * inside);
}

// A bound on |v| for every vertex v of the polygon in any float unit rotation: 2 extent > sqrt(2) extent
// (1 + 2^-21).
Int reach(const LatticePolygon& polygon) { return 2 * extent(polygon) + 1; }

// A direction d with dot(d, towards) < 0: moving along d goes against `towards`.
LatticePoint drawApproach(Draw& in, LatticePoint towards, Int reach) {
  LatticePoint d = drawDirection(in, reach);
  const Int side = dot(d, towards);
  if (side > 0) d = Int(-1) * d;
  if (side == 0) d = d - towards;
  return d;
}

// The grazing scene: an exact contact (drawContact: A's edge on the line along `step`, B on its right) and
// a translation that brings B from the right onto it, r = 4d with d against the right normal, B starting
// at -k d, so the contact is reached exactly at t = k/4 and B is strictly right of the line before. With
// `swap` A and B trade places (A's vertex meets B's edge): the approach is then against the left normal.
CastScene grazingScene(Draw& in, bool edgeOnEdge, bool swap, Int& touchQuarter) {
  const LatticePoint step = drawDirection(in, 32);
  const Contact c = drawContact(in, step, edgeOnEdge, 2, !edgeOnEdge, 10);
  CastScene scene;
  scene.a = swap ? c.b : c.a;
  scene.b = swap ? c.a : c.b;
  const LatticePoint towardsB = swap ? Int(-1) * rightNormal(step) : rightNormal(step);
  const LatticePoint d = drawApproach(in, towardsB, 16);
  touchQuarter = in.integer<Int>(1, 3, 2);
  scene.translation = Int(4) * d;
  scene.bPosition = Int(-1) * touchQuarter * d;
  return scene;
}

// A vertex of A at the origin with A strictly left of the line along `step`, a vertex of B (or an edge of
// B ending there) strictly right of it, B sliding along the line: B's leading vertex meets A's vertex at
// t = k/4 and the two touch only on the line. With `edge`, A has the edge [0, g step] on the line and B the
// edge [-e step, 0]: they meet end to end at t = k/4 and slide along each other after.
CastScene grazeAlongLine(Draw& in, LatticePoint step, bool edge, Int& touchQuarter) {
  LatticePolygon a = drawSideCloud(in, step, 1, 5, 10, true);
  LatticePolygon b = drawSideCloud(in, step, 1, 5, 10, false);
  a.push_back({0, 0});
  b.push_back({0, 0});
  if (edge) {
    a.push_back(in.integer<Int>(1, 16, 4) * step);
    b.push_back(Int(-1) * in.integer<Int>(1, 16, 4) * step);
  }
  CastScene scene;
  scene.a = latticeHull(a);
  scene.b = latticeHull(b);
  const LatticePoint d = in.integer<Int>(1, 16, 1) * step;
  touchQuarter = in.integer<Int>(1, 3, 2);
  scene.translation = Int(4) * d;
  scene.bPosition = Int(-1) * touchQuarter * d;
  return scene;
}

// Head-on: B's position (inside B) aimed at A's (inside A) from a distance D |u| > the shapes' reach, r
// = -f D u: the positions meet at t = 1/f, where the shapes overlap.
CastScene headOnScene(Draw& in, Int& meetDivisor) {
  CastScene scene;
  scene.a = drawCentredPolygon(in, 8, 6);
  scene.aOwn = drawRotation(in, RotationSet::Unit);
  if (in.chance(30)) {
    scene.b = {{0, 0}};
    scene.bRadius = in.integer<Int>(1, 64, 8);
  } else {
    scene.b = drawCentredPolygon(in, 8, 6);
    scene.bOwn = drawRotation(in, RotationSet::Unit);
  }
  const Int reachB = scene.bRadius > 0 ? scene.bRadius : reach(scene.b);
  const LatticePoint u = drawDirection(in, 8);
  const Int distance = reach(scene.a) + reachB + in.integer<Int>(1, 256, 1);
  meetDivisor = in.integer<Int>(1, 2, 1);
  scene.bPosition = distance * u;
  scene.translation = Int(-1) * meetDivisor * distance * u;
  return scene;
}

}  // namespace

// cast-tunnelling: a small bullet fired through a thin wall in one step. The wall A is the box
// [-w, w] x [-H, H] (w of 1..4 units, H of 2^9..2^12), the bullet B a small polygon or disk containing its own
// position, starting at (-D, y0) left of the wall and moving by r = (2 D, ry), so that it ends right of the
// wall, its position inside the wall at t = 1/2 (overlapping there) and |r| from 18 w (nine times the wall's
// thickness) plus twice the bullet's reach up to about 2^15 units: both ends separated, the middle overlapping. The trap: an engine that samples the ends, or
// whose conservative advancement steps over the wall, reports a miss (a tunnel).
Case drawCastTunnelling(Draw& in) {
  const int exponent = in.integer<int>(-12, 2, -4);
  const Int w = in.integer<Int>(1, 4, 1);
  const Int height = Int(1) << in.integer<int>(9, 12, 9);
  CastScene scene;
  scene.a = {{-w, -height}, {w, -height}, {w, height}, {-w, height}};
  const bool disk = in.chance(30);
  Int bulletReach = 0;
  if (disk) {
    scene.b = {{0, 0}};
    scene.bRadius = in.integer<Int>(1, 32, 4);
    bulletReach = scene.bRadius;
  } else {
    scene.b = drawCentredPolygon(in, 6, 3);
    scene.bOwn = drawRotation(in, RotationSet::Unit);
    bulletReach = reach(scene.b);
  }
  const Int distance = w + bulletReach + in.integer<Int>(8 * w, Int(1) << 14, 64);
  const Int y0 = in.integer<Int>(-height / 4, height / 4, 0);
  const Int ry = in.integer<Int>(-height / 4, height / 4, 0);
  scene.bPosition = {-distance, y0};
  scene.translation = {2 * distance, ry};
  Case value = placeCastDrawn(in, "cast-tunnelling", disk ? "disk-through-wall" : "bullet-through-wall", scene, exponent);
  value.setMeta("overlap-fraction", "1/2");
  return value;
}

// cast-grazing-vertex: B reaches A exactly at a vertex at t = k/4 (k = 1..3): B's vertex on the interior of
// A's edge, A's vertex on B's edge, or B's vertex sliding past A's vertex along a line both shapes are on
// either side of (a pure graze: touching at t = k/4 only). Exact: the contact and B's position at k/4 are
// lattice points. The trap: a vertex contact has a cone of normals and the gap's slope changes there;
// engines report it late, miss it, or return a normal outside the cone.
Case drawCastGrazingVertex(Draw& in) {
  const int exponent = in.integer<int>(-16, 4, 0);
  const int variant = in.choice({2, 1, 1});
  Int k = 0;
  CastScene scene;
  std::string construction;
  if (variant <= 1) {
    scene = grazingScene(in, false, variant == 1, k);
    construction = variant == 0 ? "b-vertex-onto-a-edge" : "a-vertex-onto-b-edge";
  } else {
    scene = grazeAlongLine(in, drawDirection(in, 32), false, k);
    construction = "vertex-past-vertex";
  }
  Case value = placeCastDrawn(in, "cast-grazing-vertex", construction, scene, exponent);
  value.setMeta("touch-fraction", fraction(k, 4));
  return value;
}

// cast-grazing-edge: B's edge lands flat on A's edge at t = k/4, the contact a segment of positive length
// (drawContact's edge on edge), from any approach direction. Exact as cast-grazing-vertex. The trap: the
// closest features are a whole segment, so a GJK simplex flips between vertices and an engine's normal or
// point may come from either end.
Case drawCastGrazingEdge(Draw& in) {
  const int exponent = in.integer<int>(-16, 4, 0);
  Int k = 0;
  const bool swap = in.chance(30);
  const CastScene scene = grazingScene(in, true, swap, k);
  Case value = placeCastDrawn(in, "cast-grazing-edge", swap ? "a-edge-onto-b-edge" : "b-edge-onto-a-edge", scene,
                              exponent);
  value.setMeta("touch-fraction", fraction(k, 4));
  return value;
}

// cast-grazing-miss: the pure grazes of cast-grazing-vertex (vertex past vertex) and of two edges on one
// line meeting end to end, with one component of the translation moved one float step (std::nextafter)
// towards B's side of the line: then B is strictly on its side for every t > 0, and apart at t = 0, so it
// misses A by a hair everywhere. The trap: a false hit (or a hit at the graze time) where the exact answer
// is a miss by one float step.
Case drawCastGrazingMiss(Draw& in) {
  const int exponent = in.integer<int>(-16, 4, 0);
  const bool edge = in.chance(40);
  const LatticePoint step = drawDirection(in, 32);
  Int k = 0;
  const CastScene scene = grazeAlongLine(in, step, edge, k);
  const int turns = in.integer<int>(0, 3, 0);
  const LatticePoint offset = drawLatticePoint(in, Int(1) << 10);
  Case value = placeCast("cast-grazing-miss", edge ? "edge-along-edge-nudged" : "vertex-past-vertex-nudged", scene,
                         exponent, turns, offset);
  // B's side of the line, in the world: the right normal of the step, turned like everything else.
  const LatticePoint towardsB = quarterTurnedPoint(rightNormal(step), turns);
  constexpr float INF = std::numeric_limits<float>::infinity();
  if (towardsB.x != 0) {
    value.translationX = std::nextafter(value.translationX, towardsB.x > 0 ? INF : -INF);
  } else {
    value.translationY = std::nextafter(value.translationY, towardsB.y > 0 ? INF : -INF);
  }
  return value;
}

// cast-sliding: A's edge and B's edge parallel to the translation, a gap lambda h between their lines (h
// = |step|, a Pythagorean length): B slides along A. Flush (lambda = 0, polygons) or rounded (the radii
// add up to lambda h exactly): the shapes touch from t = q/m, when the edges' projections meet, and keep
// touching to t = 1; or a parallel gap (lambda >= 1, no radius): the gap falls to lambda h at q/m and stays
// there, a miss. The trap: the gap is constant along a whole interval, so the root finder's target is met
// (or almost met) everywhere at once; an engine's skin makes it a hit or a miss by a hair.
Case drawCastSliding(Draw& in) {
  const int exponent = in.integer<int>(-16, 4, 0);
  const int variant = in.choice({2, 2, 1});  // flush, rounded, parallel-gap
  const auto [step, h] = drawPythagoreanStep(in);
  const Int q = in.integer<Int>(1, 8, 1);
  const Int m = 2 * q + in.integer<Int>(1, 16, 1);
  const Int e = in.integer<Int>(1, 8, 2);
  LatticePolygon a = drawSideCloud(in, step, 1, 5, 8, true);
  a.push_back({0, 0});
  a.push_back((m + 1) * step);
  LatticePolygon b = drawSideCloud(in, step, 1, 5, 8, false);
  b.push_back({0, 0});
  b.push_back(Int(-1) * e * step);
  const Int lambda = variant == 0 ? 0 : in.integer<Int>(1, 8, 1);
  CastScene scene;
  scene.a = latticeHull(a);
  scene.b = translated(latticeHull(b), lambda * rightNormal(step));
  if (variant == 1) {
    scene.aRadius = in.integer<Int>(0, lambda * h, 0);
    scene.bRadius = lambda * h - scene.aRadius;
  }
  scene.bPosition = Int(-1) * q * step;
  scene.translation = m * step;
  static const char* const NAMES[] = {"flush", "rounded-flush", "parallel-gap"};
  Case value = placeCastDrawn(in, "cast-sliding", NAMES[variant], scene, exponent);
  if (variant <= 1) value.setMeta("touch-fraction", fraction(q, m));
  return value;
}

// cast-initially-touching: shapes that touch at t = 0 (an exact contact: vertex on edge, edge on edge, or
// rounded shapes at core distance rA + rB), moving in any direction: into A, away from it, or along it.
// The trap: the answer is t = 0 (initially touching), which engines report as a hit at 0, as overlap, or
// not at all.
Case drawCastInitiallyTouching(Draw& in) {
  const int exponent = in.integer<int>(-16, 4, 0);
  const int variant = in.choice({2, 2, 1});  // vertex-on-edge, edge-on-edge, rounded
  CastScene scene;
  LatticePoint step;
  Int h = 0;
  if (variant == 2) {
    std::tie(step, h) = drawPythagoreanStep(in);
  } else {
    step = drawDirection(in, 32);
  }
  const Contact c = drawContact(in, step, variant == 1, 1, false, 10);
  scene.a = c.a;
  scene.b = c.b;
  if (variant == 2) {
    const Int lambda = in.integer<Int>(1, 8, 1);
    scene.b = translated(c.b, lambda * rightNormal(step));
    scene.aRadius = in.integer<Int>(0, lambda * h, 0);
    scene.bRadius = lambda * h - scene.aRadius;
  }
  scene.translation = in.integer<Int>(1, 64, 4) * drawDirection(in, 16);
  static const char* const NAMES[] = {"vertex-on-edge", "edge-on-edge", "rounded-contact"};
  return placeCastDrawn(in, "cast-initially-touching", NAMES[variant], scene, exponent, "touching");
}

// cast-initially-overlapping: shapes that overlap at t = 0 (an interior point of B on an interior point of
// A), moving in any direction, possibly out of the overlap by t = 1. The trap: t = 0 with the shapes
// already overlapping, where GJK's distance is 0 and some engines return garbage fractions or normals.
Case drawCastInitiallyOverlapping(Draw& in) {
  const int exponent = in.integer<int>(-16, 4, 0);
  CastScene scene;
  scene.a = drawCentredPolygon(in, 8, 8);
  scene.b = drawCentredPolygon(in, 8, 8);
  scene.translation = in.integer<Int>(1, 512, 4) * drawDirection(in, 16);
  return placeCastDrawn(in, "cast-initially-overlapping", "interior-on-interior", scene, exponent, "overlapping");
}

// cast-receding: shapes apart (an exact contact pulled apart by lambda >= 0 normal steps: lambda = 0 is
// touching) and moving further apart: r = mu n + nu step (n the normal towards B), with dot(b - a, r) > 0
// for every pair of vertices when lambda > 0, so the gap grows from t = 0 (g'(0) = dot(w, r)/|w| > 0 at
// the closest point w of the Minkowski difference, and the gap is convex). The trap: a hit reported
// for shapes that only move apart (or, touching at t = 0, a separation misread).
Case drawCastReceding(Draw& in) {
  const int exponent = in.integer<int>(-16, 4, 0);
  const LatticePoint step = drawDirection(in, 32);
  const Contact c = drawContact(in, step, in.chance(40), 1, false, 10);
  const LatticePoint n = rightNormal(step);
  const Int lambda = in.integer<Int>(0, 8, 1);
  CastScene scene;
  scene.a = c.a;
  scene.b = translated(c.b, lambda * n);
  const Int mu = in.integer<Int>(1, 64, 1);
  const Int nu = in.integer<Int>(-64, 64, 0);
  scene.translation = mu * n + nu * step;
  bool receding = true;
  for (const LatticePoint& pa : scene.a)
    for (const LatticePoint& pb : scene.b) receding = receding && dot(pb - pa, scene.translation) > 0;
  if (lambda > 0 && !receding) scene.translation = mu * n;
  return placeCastDrawn(in, "cast-receding", lambda == 0 ? "touching-receding" : "apart-receding", scene, exponent,
                        lambda == 0 ? "touching" : nullptr);
}

// cast-head-on: B aimed straight at A, position at position, from a distance beyond both shapes' reach;
// the positions meet at t = 1/f (f = 1: at the end of the move; f = 2: half way, B then passes through).
// Polygons with their own rotations, or B a disk. The trap: the simplest hit, a regression guard for the
// root finder's first step (a large fraction at once) and for the normal of a deep approach.
Case drawCastHeadOn(Draw& in) {
  const int exponent = in.integer<int>(-16, 4, -4);
  Int f = 1;
  const CastScene scene = headOnScene(in, f);
  Case value = placeCastDrawn(in, "cast-head-on", f == 1 ? "meet-at-end" : "meet-half-way", scene, exponent);
  value.setMeta("overlap-fraction", fraction(1, f));
  return value;
}

// cast-long-translation: |r| 2^11 to 2^19.5 times the shapes' size (about 1e3 to 1e6): B, containing its
// own position, moves by r = R u (R = 2^p) from -(k/8) r, so its position meets A's at t = k/8 (k = 1..8, a
// hit), or passes beside A at a distance beyond both reaches (a miss). B's position and the translation are
// on a lattice 2^p coarser than the shapes, which keeps them exact floats. The trap: the fraction of the hit
// is resolved to float precision of t, a step of |r| 2^-24 that may exceed the shapes' size; the gap's
// tolerance must come from the shapes, not from |r|.
Case drawCastLongTranslation(Draw& in) {
  const int exponent = in.integer<int>(-12, 0, -4);
  CastScene scene;
  scene.a = drawCentredPolygon(in, 8, 5);
  scene.aOwn = drawRotation(in, RotationSet::Unit);
  scene.b = drawCentredPolygon(in, 8, 5);
  scene.bOwn = drawRotation(in, RotationSet::Unit);
  Int size = std::max(extent(scene.a), extent(scene.b));
  int sizeBits = 0;
  while ((Int(1) << sizeBits) < size) ++sizeBits;
  const int p = sizeBits + in.integer<int>(11, 17, 11);
  const LatticePoint u = drawDirection(in, 4);
  const bool miss = in.chance(30);
  const Int k = in.integer<Int>(1, 8, 4);
  // B's position -(k/8) R u = -(k u) 2^(p-3); the translation u 2^p.
  scene.bPosition = Int(-1) * k * u;
  scene.bPositionShift = p - 3;
  scene.translation = u;
  scene.translationShift = p;
  if (miss) scene.aPosition = (reach(scene.a) + reach(scene.b) + in.integer<Int>(1, 64, 1)) * rightNormal(u);
  const int turns = in.integer<int>(0, 3, 0);
  Case value = placeCast("cast-long-translation", miss ? "pass-beside" : "hit-at-k-eighths", scene, exponent, turns,
                         {0, 0});
  if (!miss) value.setMeta("overlap-fraction", fraction(k, 8));
  return value;
}

// cast-near-parallel: B's lowest vertex (or edge, parallel to A's face) glides down onto A's face at a
// tiny angle: r = M step - 2 delta n with delta = 1..4 and M = 2^10..2^20 units, the slope 2 delta / M
// (down to about 2^-19); it reaches the face at t = 1/2, inside the face. Exact. The trap: the gap shrinks
// by 2^-19 of |r| per unit of t, so a root finder that converges on the gap stops far from the touch in t.
Case drawCastNearParallel(Draw& in) {
  const int exponent = in.integer<int>(-16, 0, -8);
  const LatticePoint step = drawDirection(in, 8);
  const LatticePoint n = rightNormal(step);
  const Int bigM = 2 * (Int(1) << in.integer<int>(9, 19, 9));
  const Int delta = in.integer<Int>(1, 4, 1);
  const Int x0 = in.integer<Int>(1, 8, 1);
  const bool edge = in.chance(40);
  const Int e = edge ? in.integer<Int>(1, 8, 2) : 0;
  LatticePolygon a = drawSideCloud(in, step, 1, 5, 8, true);
  a.push_back({0, 0});
  a.push_back((x0 + bigM / 2 + e + in.integer<Int>(1, 16, 1)) * step);
  LatticePolygon b = drawSideCloud(in, step, 1, 5, 8, false);
  b.push_back({0, 0});
  if (edge) b.push_back(e * step);
  CastScene scene;
  scene.a = latticeHull(a);
  scene.b = latticeHull(b);
  scene.bPosition = x0 * step + delta * n;
  scene.translation = bigM * step - 2 * delta * n;
  Case value = placeCastDrawn(in, "cast-near-parallel", edge ? "edge-glancing" : "vertex-glancing", scene, exponent);
  value.setMeta("touch-fraction", "1/2");
  return value;
}

// cast-short-edge: B, a box of half-size W = 2^11..2^18 units with a short edge (1..8 units: 2^-18 to 2^-9
// of its size) on its leading side, either a bevelled corner or a truncated tip that leads, moves onto A's
// face x = 0 and meets it with its front at t = 1/2 (exact). The trap: the support point flips between the
// two ends of the short edge, a GJK simplex with a near-zero edge, and a normal taken from that edge is off
// by up to 45 degrees.
Case drawCastShortEdge(Draw& in) {
  const int exponent = in.integer<int>(-20, -4, -12);
  const Int w = Int(1) << in.integer<int>(11, 18, 11);
  const Int c = in.integer<Int>(1, 8, 1);
  const bool tip = in.chance(50);
  CastScene scene;
  if (tip) {
    scene.b = {{-w, -w}, {w, -c}, {w, c}, {-w, w}};
  } else {
    scene.b = {{-w, -w}, {w, -w}, {w, w - c}, {w - c, w}, {-w, w}};
  }
  const Int height = 4 * w;
  scene.a = {{0, -height}, {4 * w, -height}, {4 * w, height}, {0, height}};
  const Int distance = in.integer<Int>(1, Int(1) << 18, 64);
  scene.bPosition = {-w - distance, in.integer<Int>(-w, w, 0)};
  scene.translation = {2 * distance, in.integer<Int>(-w, w, 0)};
  Case value = placeCastDrawn(in, "cast-short-edge", tip ? "truncated-tip" : "bevelled-corner", scene, exponent);
  value.setMeta("touch-fraction", "1/2");
  return value;
}

// cast-rounded: disks (a point with a radius) and capsules (a segment with a radius) against polygons
// (rounded or not) and against each other, touching exactly at t = k/4: B's core reaches core distance
// mu h = rA + rB from A's core along the normal of A's edge (h = |step|, a Pythagorean length, so the
// distance and the radii are lattice numbers). The trap: the target is rA + rB, not 0; the gap at the hit
// is a root of a quadratic, and engines skin the radius differently (docs/verdict.md's bands).
Case drawCastRounded(Draw& in) {
  const int exponent = in.integer<int>(-16, 4, 0);
  const int variant = in.choice({2, 2, 1, 1});  // disk-polygon, capsule-polygon, disk-disk, capsule-capsule
  const auto [step, h] = drawPythagoreanStep(in);
  const LatticePoint n = rightNormal(step);
  const Int g = in.integer<Int>(2, 16, 2);
  CastScene scene;
  if (variant <= 1) {
    LatticePolygon a = drawSideCloud(in, step, 1, 5, 8, true);
    a.push_back({0, 0});
    a.push_back(g * step);
    scene.a = latticeHull(a);
    scene.aRadius = in.integer<Int>(0, 4, 0) * h;
  } else {
    scene.a = variant == 2 ? LatticePolygon{{0, 0}} : LatticePolygon{{0, 0}, g * step};
    scene.aRadius = in.integer<Int>(1, 4, 1) * h;
  }
  scene.bRadius = in.integer<Int>(1, 4, 1) * h;
  const Int mu = (scene.aRadius + scene.bRadius) / h;
  // B's core at the touch: a point above A's edge (or above A's point), or a segment from there.
  const LatticePoint first = (variant == 2 ? Int(0) : in.integer<Int>(1, g - 1, 1)) * step + mu * n;
  scene.b = {first};
  if (variant == 1 || variant == 3) {
    const LatticePoint along = in.chance(50) ? in.integer<Int>(1, 8, 2) * step : drawApproach(in, Int(-1) * n, 8);
    scene.b.push_back(first + along);  // parallel to the edge, or leaning away from A
  }
  const LatticePoint d = drawApproach(in, n, 16);
  const Int k = in.integer<Int>(1, 3, 2);
  scene.translation = Int(4) * d;
  scene.bPosition = Int(-1) * k * d;
  static const char* const NAMES[] = {"disk-polygon", "capsule-polygon", "disk-disk", "capsule-capsule"};
  Case value = placeCastDrawn(in, "cast-rounded", NAMES[variant], scene, exponent);
  value.setMeta("touch-fraction", fraction(k, 4));
  return value;
}

// cast-scale-offset: a grazing vertex (exact touch at k/4) or a head-on hit, at sizes 2^-10..2^10 (about
// 1e-3 to 1e3) and both shapes moved by a common offset of up to 1e4, as far as the float lattice of the
// shapes allows (offset and shapes share one float exponent, so the offset is at most 2^23 units). Exact.
// The trap: the engine's tolerances are absolute (Box2D's linear slop of 0.005 m), so tiny shapes are all
// skin and large ones are far from the origin where float positions are coarse.
Case drawCastScaleOffset(Draw& in) {
  const bool headOn = in.chance(40);
  Int k = 0;
  Int f = 1;
  const CastScene scene = headOn ? headOnScene(in, f) : grazingScene(in, false, false, k);
  Int size = std::max(extent(scene.a) + scene.aRadius, extent(scene.b) + scene.bRadius);
  int sizeBits = 0;
  while ((Int(1) << sizeBits) < size) ++sizeBits;
  const int target = in.integer<int>(-10, 10, 0);  // the size is about 2^target
  const int exponent = target - sizeBits;
  // Offset: up to 1e4 < 2^14 in value and up to 2^23 lattice units.
  const int offsetBits = std::max(0, std::min(23, 13 - exponent));
  const Int top = Int(1) << offsetBits;
  LatticePoint offset{in.integer<Int>(top / 2, top, top), in.integer<Int>(-top, top, 0)};
  if (in.chance(50)) offset = Int(-1) * offset;
  const int turns = in.integer<int>(0, 3, 0);
  Case value = placeCast("cast-scale-offset", headOn ? "head-on" : "b-vertex-onto-a-edge", scene, exponent, turns,
                         offset);
  if (headOn) {
    value.setMeta("overlap-fraction", fraction(1, f));
  } else {
    value.setMeta("touch-fraction", fraction(k, 4));
  }
  return value;
}

}  // namespace gjk::check::family_construction
