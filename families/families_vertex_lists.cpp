// The families of unusual vertex lists: random-convex, random-points, collinear, duplicates and
// degenerate (points, segments, collinear runs).
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

// Two random convex polygons (up to 22-bit coordinates, 3..16 vertices), at a random power of two, placed
// within a few sizes of each other, each with its own (mostly identity) rotation.
Case drawRandomConvex(Draw& in) {
  const LatticePolygon a = drawConvexPolygon(in, 3, MAX_POLYGON_VERTICES, 22);
  const LatticePolygon b = drawConvexPolygon(in, 3, MAX_POLYGON_VERTICES, 22);
  const int exponent = in.integer<int>(-20, 20, 0);
  const Int reach = std::min<Int>(2 * (extent(a) + extent(b)) + 1, Int(1) << 22);
  const LatticePoint positionA = drawLatticePoint(in, reach / 2);
  const LatticePoint positionB = positionA + drawLatticePoint(in, reach);
  const Rotation ra = drawRotation(in, RotationSet::Unit), rb = drawRotation(in, RotationSet::Unit);
  return assemble("random-convex", "valtr-polygons",
                  latticeShape(a, exponent, 0, latticePlacement(ra, positionA, exponent)),
                  latticeShape(b, exponent, 0, latticePlacement(rb, positionB, exponent)));
}

// A point cloud whose hull is a random convex polygon (scaled by 4) plus points strictly inside it
// (weights 1/4, 1/4, 1/2 on three consecutive hull vertices), listed in a random order: the hull matters.
LatticePolygon drawPointCloud(Draw& in, int minInterior) {
  const LatticePolygon hull = scaled(drawConvexPolygon(in, 3, 8, 20), 4);
  const int m = static_cast<int>(hull.size());
  const int interior = in.integer<int>(minInterior, MAX_POLYGON_VERTICES - m, minInterior);
  LatticePolygon points = hull;
  for (int k = 0; k < interior; ++k) {
    const int i = in.integer<int>(0, m - 1, 0);
    const int heavy = in.integer<int>(0, 2, 0);
    LatticePoint sum{0, 0};
    for (int t = 0; t < 3; ++t) {
      const LatticePoint v{hull[(i + t) % m].x / 4, hull[(i + t) % m].y / 4};
      sum = sum + (t == heavy ? Int(2) : Int(1)) * v;
    }
    points.push_back(sum);
  }
  std::vector<int> keys(points.size());
  for (int& key : keys) key = in.integer<int>(0, MAX_POLYGON_VERTICES - 1, 0);
  std::vector<std::size_t> order(points.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
  LatticePolygon shuffled;
  for (std::size_t i : order) shuffled.push_back(points[i]);
  return shuffled;
}

Case drawRandomPoints(Draw& in) {
  const LatticePolygon a = drawPointCloud(in, 1);
  const LatticePolygon b = drawPointCloud(in, 0);
  const int exponent = in.integer<int>(-20, 20, 0);
  const Int reach = std::min<Int>(2 * (extent(a) + extent(b)) + 1, Int(1) << 22);
  const LatticePoint positionA = drawLatticePoint(in, reach / 2);
  const LatticePoint positionB = positionA + drawLatticePoint(in, reach);
  const Rotation ra = drawRotation(in, RotationSet::Unit), rb = drawRotation(in, RotationSet::Unit);
  return assemble("random-points", "hull-plus-interior-shuffled",
                  latticeShape(a, exponent, 0, latticePlacement(ra, positionA, exponent)),
                  latticeShape(b, exponent, 0, latticePlacement(rb, positionB, exponent)));
}

// A convex polygon (scaled by 2^m) with 1.. extra lattice points exactly on its edges, in order.
LatticePolygon drawPointsOnEdges(Draw& in) {
  const int m = in.integer<int>(1, 4, 1);
  const LatticePolygon polygon = scaled(drawConvexPolygon(in, 3, 8, 16), Int(1) << m);
  int budget = MAX_POLYGON_VERTICES - static_cast<int>(polygon.size());
  LatticePolygon out;
  for (std::size_t k = 0; k < polygon.size(); ++k) {
    const LatticePoint p = polygon[k], q = polygon[(k + 1) % polygon.size()];
    out.push_back(p);
    const int extra = std::min(in.integer<int>(0, 2, 0), budget);
    std::vector<Int> at;
    for (int e = 0; e < extra; ++e) at.push_back(in.integer<Int>(1, (Int(1) << m) - 1, Int(1) << (m - 1)));
    if (k == 0 && at.empty() && budget > 0)
      at.push_back(Int(1) << (m - 1));  // at least one, on edge 0
    std::sort(at.begin(), at.end());
    for (Int i : at)
      out.push_back(p + LatticePoint{(q.x - p.x) / (Int(1) << m) * i, (q.y - p.y) / (Int(1) << m) * i});
    budget -= static_cast<int>(at.size());
  }
  return out;
}

// 3..8 points on one line through the origin (duplicates allowed), in any order.
LatticePolygon drawCollinearRun(Draw& in, int minCount) {
  const LatticePoint direction = drawDirection(in, 256);
  const int count = in.integer<int>(minCount, 8, minCount);
  LatticePolygon run;
  for (int i = 0; i < count; ++i) run.push_back(in.integer<Int>(-1024, 1024, i) * direction);
  return run;
}

Case drawCollinear(Draw& in) {
  const int variant = in.choice({3, 3, 2, 1});
  static const char* NAMES[] = {"points-on-edges", "collinear-run-vs-polygon", "collinear-runs",
                                "points-on-edges-both"};
  LatticePolygon a, b;
  bool sameLine = false;
  switch (variant) {
    case 0:
      a = drawPointsOnEdges(in), b = drawConvexPolygon(in, 3, 8, 16);
      break;
    case 1:
      a = drawCollinearRun(in, 3), b = drawConvexPolygon(in, 3, 8, 16);
      break;
    case 2: {
      a = drawCollinearRun(in, 3);
      b = drawCollinearRun(in, 2);
      const LatticePoint along = a.size() > 1 && !(a[0] == a[1]) ? a[1] - a[0] : a[0];
      sameLine = (along.x != 0 || along.y != 0) && in.chance(50);
      if (sameLine) {  // on A's line: B's points are multiples of A's direction, in A's frame
        b.clear();
        const int count = in.integer<int>(2, 6, 2);
        for (int i = 0; i < count; ++i) b.push_back(in.integer<Int>(-8, 8, i) * along);
      }
      break;
    }
    default:
      a = drawPointsOnEdges(in), b = drawPointsOnEdges(in);
      break;
  }
  const int exponent = in.integer<int>(-20, 20, 0);
  const LatticePoint positionA = drawLatticePoint(in, Int(1) << 16);
  const LatticePoint positionB = sameLine ? positionA : positionA + drawLatticePoint(in, Int(1) << 18);
  const Rotation ra = drawRotation(in, RotationSet::Unit),
                 rb = sameLine ? ra : drawRotation(in, RotationSet::Unit);
  return assemble("collinear", sameLine ? "collinear-runs-on-one-line" : NAMES[variant],
                  latticeShape(a, exponent, 0, latticePlacement(ra, positionA, exponent)),
                  latticeShape(b, exponent, 0, latticePlacement(rb, positionB, exponent)));
}

// A convex polygon whose vertices are listed more than once: each copy next to its vertex, or all copies
// after the polygon.
LatticePolygon drawRepeatedVertices(Draw& in) {
  const LatticePolygon polygon = drawConvexPolygon(in, 3, 8, 16);
  const bool scatter = in.chance(30);
  int budget = MAX_POLYGON_VERTICES - static_cast<int>(polygon.size());
  std::vector<int> copies(polygon.size());
  for (int& c : copies) {
    c = std::min(in.integer<int>(0, 2, 0), budget);
    budget -= c;
  }
  if (std::accumulate(copies.begin(), copies.end(), 0) == 0)
    copies[0] = 1;
  LatticePolygon out;
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    out.push_back(polygon[i]);
    if (!scatter)
      out.insert(out.end(), copies[i], polygon[i]);
  }
  if (scatter) {
    for (std::size_t i = 0; i < polygon.size(); ++i) out.insert(out.end(), copies[i], polygon[i]);
  }
  return out;
}

Case drawDuplicates(Draw& in) {
  const int variant = in.choice({3, 2, 2});
  static const char* NAMES[] = {"repeated-vertices", "repeated-vertices-both", "one-point-repeated"};
  LatticePolygon a, b;
  switch (variant) {
    case 0:
      a = drawRepeatedVertices(in), b = drawConvexPolygon(in, 3, 8, 16);
      break;
    case 1:
      a = drawRepeatedVertices(in), b = drawRepeatedVertices(in);
      break;
    default: {
      const LatticePoint p = drawLatticePoint(in, Int(1) << 12);
      a.assign(in.integer<int>(2, 6, 2), p);
      b = in.chance(50) ? drawRepeatedVertices(in) : drawConvexPolygon(in, 3, 8, 16);
      break;
    }
  }
  const int exponent = in.integer<int>(-20, 20, 0);
  const LatticePoint positionA = drawLatticePoint(in, Int(1) << 16);
  const LatticePoint positionB = positionA + drawLatticePoint(in, Int(1) << 17);
  const Rotation ra = drawRotation(in, RotationSet::Unit), rb = drawRotation(in, RotationSet::Unit);
  return assemble("duplicates", NAMES[variant],
                  latticeShape(a, exponent, 0, latticePlacement(ra, positionA, exponent)),
                  latticeShape(b, exponent, 0, latticePlacement(rb, positionB, exponent)));
}

// A point, a repeated point, a segment or a run of collinear points.
LatticePolygon drawDegenerateShape(Draw& in) {
  switch (in.choice({3, 1, 3, 2})) {
    case 0:
      return LatticePolygon{drawLatticePoint(in, 64)};
    case 1:
      return LatticePolygon(in.integer<int>(2, 4, 2), drawLatticePoint(in, 64));
    case 2:
      return LatticePolygon{drawLatticePoint(in, 64), drawLatticePoint(in, 64)};
    default:
      return translated(drawCollinearRun(in, 3), drawLatticePoint(in, 64));
  }
}

Case drawDegenerate(Draw& in) {
  const bool bothDegenerate = in.chance(50);
  const LatticePolygon a = drawDegenerateShape(in);
  const LatticePolygon b = bothDegenerate ? drawDegenerateShape(in) : drawConvexPolygon(in, 3, 8, 6);
  const int exponent = in.integer<int>(-20, 20, 0);
  // Small lattice offsets make exact coincidences (touching) common; shrinking drives toward them.
  const LatticePoint positionA = drawLatticePoint(in, 64);
  const LatticePoint positionB = positionA + drawLatticePoint(in, 64);
  const Rotation ra = drawRotation(in, RotationSet::Unit), rb = drawRotation(in, RotationSet::Unit);
  return assemble("degenerate", bothDegenerate ? "degenerate-pair" : "degenerate-vs-polygon",
                  latticeShape(a, exponent, 0, latticePlacement(ra, positionA, exponent)),
                  latticeShape(b, exponent, 0, latticePlacement(rb, positionB, exponent)));
}


}  // namespace gjk::check::family_construction
