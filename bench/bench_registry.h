// gjk_bench's benchmark families, split by dependency: each file registers its own benchmarks for a
// family of fixed cases (bench_cases.h). Names read BM_<what>[/<strategy>]/<family>; the time of one
// iteration is the time of one query.
#pragma once

#include <string>
#include <vector>

#include "case/case.h"

namespace gjk::bench {

// BM_OracleCGAL/<family> and BM_OracleCGALMinkowskiSum/<family> (oracle_cgal_bench.cpp, built when CGAL
// is found). Checks, before registering, that CGAL's exact squared distance equals the oracle's on
// every case; throws std::runtime_error naming the case otherwise.
void registerCgalBenchmarks(const std::string& family, const std::vector<check::Case>& cases);

}  // namespace gjk::bench
