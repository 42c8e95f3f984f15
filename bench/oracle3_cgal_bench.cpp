// oracle3_cgal_bench: the exact 3D oracle (oracle/oracle3.h) against CGAL 5.5 (Debian's libcgal-dev, a
// bench-only dependency: built only when CMake finds CGAL) on the same 3D shape pairs (issue 23, step 2).
//
//   build/default/bench/oracle3_cgal_bench --benchmark_repetitions=5
//       --benchmark_enable_random_interleaving=true --benchmark_report_aggregates_only=true
//
// Names (one iteration is one pair; the benchmark cycles through the family, so a time is a mean per pair):
//   BM_Oracle3/<family>                    oracle::solveByHull3, the full exact answer (relation, d0^2, closest
//                                          point, scale, penetration depth and normal)
//   BM_Oracle3HullFree/<family>            oracle::solveWithoutHull3, the same answer (exact GJK + EPA)
//   BM_Oracle3Distance/<family>            oracle::coreDistance3, the distance alone: d0^2 and the closest point,
//                                          exact (method 2's GJK without the expanding polytope): the question
//                                          CGAL's routes answer
//   BM_Oracle3CGALHull/<family>            route A: the Minkowski difference points b - a (exact in double,
//                                          see below), CGAL::convex_hull_3 with Epick into a Surface_mesh, then
//                                          CGAL::Polytope_distance_d (traits_3, ET CGAL::Gmpzf) between the
//                                          hull's vertices and the single point origin: d0^2 exactly
//   BM_Oracle3CGALExtremePoints/<family>   route A with CGAL::extreme_points_3 (the hull's vertices only, the
//                                          same Epick predicates) instead of convex_hull_3's mesh
//   BM_Oracle3CGALPolytopeDistance/<family> route B: CGAL::Polytope_distance_d (traits_3, ET CGAL::Gmpzf) on
//                                          the two shapes' world vertex sets directly, no hull
// Families (bench/bench_cases.h, polytopeCases): polytope16 (16 vertices a shape) and polytope64 (64), the
// seed BENCH_SEED, printed in the context and in every benchmark's label.
//
// Where CGAL's inputs could be rounded: Epick's and the traits' points are doubles, and a world vertex R v + p
// under a float quaternion is a sum of products of three floats, not a double in general. So the pairs use
// the identity quaternion and coordinates on the grid 2^-20 below 2^4 (bench_cases.h): every world vertex
// v + p and every difference b - a is then a double exactly, and CGAL and the oracle take the same points.
// This is checked before timing, against the oracle's exact rational world vertices, for every pair; so is
// CGAL's squared distance against the oracle's (both routes, and the oracle's two methods against each
// other). Any difference stops the program with a message naming the pair.
//
// What each side computes: solveByHull3 and solveWithoutHull3 give the whole ExactAnswer3, coreDistance3 d0^2 and the
// closest point; CGAL's routes give d0^2 only, as the
// quotient of two Gmpzf (no relation between touching and overlapping, no closest point, no penetration).
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Gmpzf.h>
#include <CGAL/Polytope_distance_d.h>
#include <CGAL/Polytope_distance_d_traits_3.h>
#include <CGAL/Surface_mesh.h>
#include <CGAL/convex_hull_3.h>
#include <benchmark/benchmark.h>

#include <cstdio>
#include <exception>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/bench_cases.h"
#include "oracle/oracle3.h"
#include "verdict/exact_case3.h"

namespace gjk::bench {
namespace {

using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
using Point = Kernel::Point_3;
using Mesh = CGAL::Surface_mesh<Point>;
using DistanceTraits = CGAL::Polytope_distance_d_traits_3<Kernel, CGAL::Gmpzf, double>;
using PolytopeDistance = CGAL::Polytope_distance_d<DistanceTraits>;

// The families: pairs of 16 vertices a shape (the size) and of 64 (the most a 3D shape may have).
struct FamilySpec {
  int vertices;
  int count;
};
constexpr FamilySpec FAMILY_SPECS[] = {{16, 300}, {64, 30}};

struct Family {
  std::string name;
  std::string label;  // the seed and the oracle's relations over the family
  std::vector<oracle::InputShape3> a, b;
};

// The world vertices v + p in double: exact for the bench's shapes (identity quaternion, grid coordinates;
// checked by checkExactInputs).
std::vector<Point> worldPoints(const oracle::InputShape3& shape) {
  std::vector<Point> points;
  points.reserve(shape.vertices.size());
  for (const oracle::InputPoint3& v : shape.vertices) {
    points.emplace_back(double(v.x) + double(shape.positionX), double(v.y) + double(shape.positionY),
                        double(v.z) + double(shape.positionZ));
  }
  return points;
}

// The Minkowski difference points b - a, cloud[j |A| + i] = b_j - a_i, in double (exact, checked).
std::vector<Point> minkowskiPoints(const oracle::InputShape3& a, const oracle::InputShape3& b) {
  const std::vector<Point> worldA = worldPoints(a), worldB = worldPoints(b);
  std::vector<Point> cloud;
  cloud.reserve(worldA.size() * worldB.size());
  for (const Point& q : worldB) {
    for (const Point& p : worldA) {
      cloud.emplace_back(q.x() - p.x(), q.y() - p.y(), q.z() - p.z());
    }
  }
  return cloud;
}

// d0^2 as CGAL gives it: numerator / denominator, both exact Gmpzf.
struct CgalDistance {
  CGAL::Gmpzf numerator;
  CGAL::Gmpzf denominator;
};

CgalDistance distanceToOrigin(const std::vector<Point>& vertices) {
  const Point origin(0, 0, 0);
  const PolytopeDistance distance(vertices.begin(), vertices.end(), &origin, &origin + 1);
  return {distance.squared_distance_numerator(), distance.squared_distance_denominator()};
}

// Route A: Epick's convex_hull_3 of the Minkowski points, then the exact distance from its vertices' hull to
// the origin.
CgalDistance solveByCgalHull(const oracle::InputShape3& a, const oracle::InputShape3& b) {
  const std::vector<Point> cloud = minkowskiPoints(a, b);
  Mesh hull;
  CGAL::convex_hull_3(cloud.begin(), cloud.end(), hull);
  std::vector<Point> vertices;
  vertices.reserve(hull.number_of_vertices());
  for (const Mesh::Vertex_index v : hull.vertices()) {
    vertices.push_back(hull.point(v));
  }
  return distanceToOrigin(vertices);
}

// Route A with extreme_points_3: the hull's vertices without its mesh.
CgalDistance solveByCgalExtremePoints(const oracle::InputShape3& a, const oracle::InputShape3& b) {
  const std::vector<Point> cloud = minkowskiPoints(a, b);
  std::vector<Point> vertices;
  CGAL::extreme_points_3(cloud, std::back_inserter(vertices));
  return distanceToOrigin(vertices);
}

// Route B: the distance between the two world vertex sets' hulls, no hull built.
CgalDistance solveByCgalPolytopeDistance(const oracle::InputShape3& a, const oracle::InputShape3& b) {
  const std::vector<Point> worldA = worldPoints(a), worldB = worldPoints(b);
  const PolytopeDistance distance(worldA.begin(), worldA.end(), worldB.begin(), worldB.end());
  return {distance.squared_distance_numerator(), distance.squared_distance_denominator()};
}

// A Gmpzf m 2^e as the oracle's exact rational.
oracle::Rational toRational(const CGAL::Gmpzf& value) {
  oracle::Integer mantissa;
  mpz_set(mantissa.backend().data(), value.man());
  oracle::Rational result(mantissa);
  const long exponent = value.exp();
  if (exponent >= 0) {
    mpq_mul_2exp(result.backend().data(), result.backend().data(), static_cast<mp_bitcnt_t>(exponent));
  } else {
    mpq_div_2exp(result.backend().data(), result.backend().data(), static_cast<mp_bitcnt_t>(-exponent));
  }
  return result;
}

oracle::Rational toRational(const CgalDistance& distance) {
  return toRational(distance.numerator) / toRational(distance.denominator);
}

oracle::Rational exactly(double value) {
  return oracle::Rational(value);  // mpq_set_d: exact
}

bool sameAs(const Point& point, const oracle::ExactPoint3& exact) {
  return exactly(point.x()) == exact.x && exactly(point.y()) == exact.y && exactly(point.z()) == exact.z;
}

// Both shapes' world vertices, and every Minkowski point, in double equal the oracle's exact ones.
void checkExactInputs(const std::string& pair, const oracle::InputShape3& a, const oracle::InputShape3& b) {
  const std::vector<oracle::ExactPoint3> exactA = oracle::worldVertices3(a), exactB = oracle::worldVertices3(b);
  const std::vector<Point> worldA = worldPoints(a), worldB = worldPoints(b);
  const std::vector<Point> cloud = minkowskiPoints(a, b);
  for (std::size_t i = 0; i < exactA.size(); ++i) {
    if (!sameAs(worldA[i], exactA[i])) throw std::runtime_error(pair + ": a world vertex of A is not a double");
  }
  for (std::size_t j = 0; j < exactB.size(); ++j) {
    if (!sameAs(worldB[j], exactB[j])) throw std::runtime_error(pair + ": a world vertex of B is not a double");
    for (std::size_t i = 0; i < exactA.size(); ++i) {
      const oracle::ExactPoint3 difference{exactB[j].x - exactA[i].x, exactB[j].y - exactA[i].y,
                                           exactB[j].z - exactA[i].z};
      if (!sameAs(cloud[j * exactA.size() + i], difference)) {
        throw std::runtime_error(pair + ": a Minkowski point b - a is not a double");
      }
    }
  }
}

// Before timing: exact inputs, and the same d0^2 from the oracle's two methods and from every CGAL route.
// Returns the oracle's relation counts for the label.
std::string checkFamily(const Family& family) {
  int counts[3] = {0, 0, 0};
  for (std::size_t k = 0; k < family.a.size(); ++k) {
    const std::string pair = "oracle3_cgal_bench: " + family.name + "/" + std::to_string(k);
    checkExactInputs(pair, family.a[k], family.b[k]);
    const oracle::ExactAnswer3 byHull = oracle::solveByHull3(family.a[k], family.b[k]);
    const oracle::ExactAnswer3 hullFree = oracle::solveWithoutHull3(family.a[k], family.b[k]);
    if (byHull.coreDistanceSquared != hullFree.coreDistanceSquared || byHull.relation != hullFree.relation) {
      throw std::runtime_error(pair + ": solveByHull3 and solveWithoutHull3 disagree");
    }
    ++counts[static_cast<int>(byHull.relation)];
    const struct {
      const char* route;
      CgalDistance (*solve)(const oracle::InputShape3&, const oracle::InputShape3&);
    } routes[] = {{"convex_hull_3 + Polytope_distance_d", solveByCgalHull},
                  {"extreme_points_3 + Polytope_distance_d", solveByCgalExtremePoints},
                  {"Polytope_distance_d of A and B", solveByCgalPolytopeDistance}};
    if (oracle::coreDistance3(family.a[k], family.b[k]).coreDistanceSquared != byHull.coreDistanceSquared) {
      throw std::runtime_error(pair + ": coreDistance3 and solveByHull3 disagree on d0^2");
    }
    for (const auto& route : routes) {
      const oracle::Rational cgal = toRational(route.solve(family.a[k], family.b[k]));
      if (cgal != byHull.coreDistanceSquared) {
        throw std::runtime_error(pair + ": CGAL (" + route.route + ") d0^2 = " + oracle::rationalString(cgal) +
                                 ", the oracle's d0^2 = " + oracle::rationalString(byHull.coreDistanceSquared));
      }
    }
  }
  char seed[32];
  std::snprintf(seed, sizeof seed, "0x%016llx", static_cast<unsigned long long>(BENCH_SEED));
  return std::string("seed ") + seed + ", " + std::to_string(family.a.size()) + " pairs: " +
         std::to_string(counts[static_cast<int>(oracle::Relation::Separated)]) + " separated, " +
         std::to_string(counts[static_cast<int>(oracle::Relation::Touching)]) + " touching, " +
         std::to_string(counts[static_cast<int>(oracle::Relation::Overlapping)]) + " overlapping";
}

template <class Solve>
void registerRoute(const std::string& name, const Family& family, Solve solve) {
  benchmark::RegisterBenchmark((name + "/" + family.name).c_str(), [&family, solve](benchmark::State& state) {
    state.SetLabel(family.label);
    std::size_t i = 0;
    for (auto _ : state) {
      const std::size_t k = i++ % family.a.size();
      auto answer = solve(family.a[k], family.b[k]);
      benchmark::DoNotOptimize(answer);
    }
  });
}

std::vector<std::unique_ptr<Family>> prepareFamilies() {
  std::vector<std::unique_ptr<Family>> families;
  for (const FamilySpec& spec : FAMILY_SPECS) {
    auto family = std::make_unique<Family>();
    family->name = "polytope" + std::to_string(spec.vertices);
    for (const check::Case& value : polytopeCases(spec.vertices, spec.count)) {
      family->a.push_back(check::toOracleShape3(value.a));
      family->b.push_back(check::toOracleShape3(value.b));
    }
    family->label = checkFamily(*family);
    families.push_back(std::move(family));
  }
  return families;
}

}  // namespace
}  // namespace gjk::bench

int main(int argc, char** argv) {
  using namespace gjk;
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
    return 1;
  }
  char seed[32];
  std::snprintf(seed, sizeof seed, "0x%016llx", static_cast<unsigned long long>(bench::BENCH_SEED));
  benchmark::AddCustomContext("oracle3_cgal_bench.seed", seed);
  std::vector<std::unique_ptr<bench::Family>> families;
  try {
    families = bench::prepareFamilies();
  } catch (const std::exception& error) {
    std::fprintf(stderr, "%s\n", error.what());
    return 1;
  }
  for (const auto& family : families) {
    bench::registerRoute("BM_Oracle3", *family, oracle::solveByHull3);
    bench::registerRoute("BM_Oracle3HullFree", *family, oracle::solveWithoutHull3);
    bench::registerRoute("BM_Oracle3Distance", *family, oracle::coreDistance3);
    bench::registerRoute("BM_Oracle3CGALHull", *family, bench::solveByCgalHull);
    bench::registerRoute("BM_Oracle3CGALExtremePoints", *family, bench::solveByCgalExtremePoints);
    bench::registerRoute("BM_Oracle3CGALPolytopeDistance", *family, bench::solveByCgalPolytopeDistance);
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
