// CGAL's exact route to the oracle's core answer, for BM_OracleCGAL: CGAL 5.5 (Debian's libcgal-dev),
// kernel Epeck (Exact_predicates_exact_constructions_kernel: lazy exact numbers, interval filters,
// GMP rationals when a filter fails). Built only when CMake finds CGAL; gjk_bench works without it.
//
// Both routes start from the case's floats and end with the exact squared core distance d0^2 (a GMP
// rational, forced with CGAL::exact) and the exact relation (d0^2 against (rA + rB)^2):
//   world vertices     c*x - s*y + px, s*x + c*y + py in Epeck FT (exact)
//   BM_OracleCGAL                the hull of the explicit Minkowski point cloud {b - a} with
//                                CGAL::convex_hull_2 (Akl-Toussaint/Bykat), the route the oracle's
//                                reference takes
//   BM_OracleCGALMinkowskiSum    CGAL::minkowski_sum_2 (reduced convolution) of hull(B) and the
//                                reflected hull(A), each from CGAL::convex_hull_2
//   distance           the origin inside (no edge sees it on its right) gives 0, else the minimum of
//                      CGAL::squared_distance(origin, edge) over the polygon's edges
// CGAL computes less than the oracle does: no closest point, no scale S, no rational hull vertices (its
// hull points stay lazy). Before registering, the CGAL answer is checked against the oracle's exact
// d0^2 and relation on every case of the family.
#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/Polygon_2.h>
#include <CGAL/convex_hull_2.h>
#include <CGAL/minkowski_sum_2.h>
#include <benchmark/benchmark.h>

#include <iterator>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/bench_cases.h"
#include "bench/bench_registry.h"
#include "oracle/oracle.h"
#include "verdict/exact_case.h"

namespace gjk::bench {
namespace {

using Kernel = CGAL::Exact_predicates_exact_constructions_kernel;
using FT = Kernel::FT;
using Point = Kernel::Point_2;
using Segment = Kernel::Segment_2;
using Polygon = CGAL::Polygon_2<Kernel>;

struct CgalAnswer {
  FT distanceSquared;  // d0^2, exact once CGAL::exact has been called on it
  oracle::Relation relation = oracle::Relation::Separated;
};

// Exact world vertices: each float converts to FT exactly, products and sums are exact in Epeck.
std::vector<Point> worldPoints(const check::ShapeSpec& shape) {
  const FT c(double(shape.rotationC)), s(double(shape.rotationS));
  const FT px(double(shape.positionX)), py(double(shape.positionY));
  std::vector<Point> points;
  points.reserve(shape.vertices.size());
  for (const check::Vertex& v : shape.vertices) {
    const FT x(double(v.x)), y(double(v.y));
    points.emplace_back(c * x - s * y + px, s * x + c * y + py);
  }
  return points;
}

// d0^2 from a counter-clockwise convex polygon (or a point, or a segment), and the relation.
CgalAnswer answerFromHull(const std::vector<Point>& hull, const FT& radius) {
  const Point origin = CGAL::ORIGIN;
  const std::size_t n = hull.size();
  CgalAnswer answer;
  bool inside = n >= 3;
  bool onBoundary = false;
  for (std::size_t i = 0; i < n && inside; ++i) {
    const CGAL::Orientation side = CGAL::orientation(hull[i], hull[(i + 1) % n], origin);
    inside = side != CGAL::RIGHT_TURN;
    onBoundary = onBoundary || side == CGAL::COLLINEAR;
  }
  if (inside) {
    answer.distanceSquared = 0;
  } else if (n == 1) {
    answer.distanceSquared = CGAL::squared_distance(origin, hull[0]);
  } else {
    const std::size_t edges = n == 2 ? 1 : n;
    answer.distanceSquared = CGAL::squared_distance(origin, Segment(hull[0], hull[1 % n]));
    for (std::size_t i = 1; i < edges; ++i) {
      FT candidate = CGAL::squared_distance(origin, Segment(hull[i], hull[(i + 1) % n]));
      if (candidate < answer.distanceSquared) {
        answer.distanceSquared = candidate;
      }
    }
  }
  CGAL::exact(answer.distanceSquared);  // force the exact rational: the answer is exact, not lazy
  const FT radiusSquared = radius * radius;
  if (answer.distanceSquared > radiusSquared) {
    answer.relation = oracle::Relation::Separated;
  } else if (answer.distanceSquared < radiusSquared || (radius == 0 && inside && !onBoundary)) {
    answer.relation = oracle::Relation::Overlapping;
  } else {
    answer.relation = oracle::Relation::Touching;
  }
  return answer;
}

FT radiusOf(const check::Case& value) {
  return FT(double(value.a.radius)) + FT(double(value.b.radius));
}

// BM_OracleCGAL: the hull of the explicit point cloud {b - a}.
CgalAnswer solveByCloudHull(const check::Case& value) {
  const std::vector<Point> a = worldPoints(value.a);
  const std::vector<Point> b = worldPoints(value.b);
  std::vector<Point> cloud;
  cloud.reserve(a.size() * b.size());
  for (const Point& pb : b) {
    for (const Point& pa : a) {
      cloud.push_back(CGAL::ORIGIN + (pb - pa));
    }
  }
  std::vector<Point> hull;
  CGAL::convex_hull_2(cloud.begin(), cloud.end(), std::back_inserter(hull));
  return answerFromHull(hull, radiusOf(value));
}

// BM_OracleCGALMinkowskiSum: minkowski_sum_2(hull(B), -hull(A)); hulls of fewer than three vertices
// (which minkowski_sum_2 does not take) fall back to the cloud hull. Both families here have octagons.
CgalAnswer solveByMinkowskiSum(const check::Case& value) {
  const std::vector<Point> a = worldPoints(value.a);
  const std::vector<Point> b = worldPoints(value.b);
  std::vector<Point> hullA, hullB;
  CGAL::convex_hull_2(a.begin(), a.end(), std::back_inserter(hullA));
  CGAL::convex_hull_2(b.begin(), b.end(), std::back_inserter(hullB));
  if (hullA.size() < 3 || hullB.size() < 3) {
    return solveByCloudHull(value);
  }
  Polygon reflectedA;
  for (const Point& p : hullA) {
    reflectedA.push_back(Point(-p.x(), -p.y()));  // a half-turn: still counter-clockwise
  }
  const Polygon polygonB(hullB.begin(), hullB.end());
  const CGAL::Polygon_with_holes_2<Kernel> sum = CGAL::minkowski_sum_2(polygonB, reflectedA);
  const std::vector<Point> boundary(sum.outer_boundary().vertices_begin(),
                                    sum.outer_boundary().vertices_end());
  return answerFromHull(boundary, radiusOf(value));
}

// CGAL's exact rational as the oracle's (the text "p/q" of its exact type, read back exactly).
oracle::Rational toRational(const FT& value) {
  std::ostringstream text;
  text << CGAL::exact(value);
  const std::string s = text.str();
  const std::size_t slash = s.find('/');
  if (slash == std::string::npos) {
    return oracle::Rational(oracle::Integer(s));
  }
  return oracle::Rational(oracle::Integer(s.substr(0, slash)), oracle::Integer(s.substr(slash + 1)));
}

void checkAgainstOracle(const char* route, CgalAnswer (*solve)(const check::Case&),
                        const std::vector<check::Case>& cases) {
  for (const check::Case& value : cases) {
    const oracle::ExactAnswer exact = check::solveExactly(value);
    const CgalAnswer answer = solve(value);
    if (toRational(answer.distanceSquared) != exact.coreDistanceSquared ||
        answer.relation != exact.relation) {
      throw std::runtime_error(std::string("gjk_bench: CGAL (") + route + ") and the oracle disagree on " +
                               value.source +
                               ": CGAL d0^2 = " + oracle::rationalString(toRational(answer.distanceSquared)) +
                               " " + oracle::relationName(answer.relation) +
                               ", oracle d0^2 = " + oracle::rationalString(exact.coreDistanceSquared) + " " +
                               oracle::relationName(exact.relation));
    }
  }
}

void registerRoute(const std::string& name, CgalAnswer (*solve)(const check::Case&),
                   const std::vector<check::Case>& cases) {
  benchmark::RegisterBenchmark(name.c_str(), [&cases, solve](benchmark::State& state) {
    std::size_t i = 0;
    for (auto _ : state) {
      CgalAnswer answer = solve(cases[i++ % cases.size()]);
      benchmark::DoNotOptimize(answer);
    }
  });
}

}  // namespace

void registerCgalBenchmarks(const std::string& family, const std::vector<check::Case>& cases) {
  checkAgainstOracle("convex_hull_2 of the cloud", solveByCloudHull, cases);
  checkAgainstOracle("minkowski_sum_2", solveByMinkowskiSum, cases);
  registerRoute("BM_OracleCGAL/" + family, solveByCloudHull, cases);
  registerRoute("BM_OracleCGALMinkowskiSum/" + family, solveByMinkowskiSum, cases);
}

}  // namespace gjk::bench
