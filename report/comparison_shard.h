// A shard of a comparison (design §8, issue 15): `gjkcheck compare --shard I/N` runs the cases k of every
// family with k mod N == I - 1 (each case is sampled directly from (family, seed, k), families/families.h,
// so a shard samples no case of another's) and writes one shard file instead of the report; `gjkcheck
// merge` reads the N files, puts the rows back in the one-machine order (family, case index, strategy)
// and writes the report with the same code as `compare`, so everything in it but the times and the
// run's description is the same bit for bit as the unsharded report's.
//
// The shard file (comparison-shard-I-of-N.bin; binary, little-endian, about 21 bytes per case and
// strategy plus 9 per case, 16 more per row that rows.csv prints) holds:
//   "GJKSHARD" and the format version;
//   what every shard of a study must agree on (seed, cases per family, N, strategies, families, rows kept,
//   gallery size, gzip, the commit of the program) and the shard's own I, command, machine, date, wall time;
//   per strategy and family, the mean query time and the number of queries (merged as the query-weighted
//   mean: total time over total queries);
//   the rows: per family, per case of the shard in increasing index, the case's exact relation and
//   log10 S, then per strategy the distance and witness errors (the double's bits), iterations,
//   termination, violation kinds, primary kind and cap flag; the reported distance and the witness gap
//   only for the rows rows.csv keeps (--rows: all, the violations, or none), 0 in the others.
// Every error is kept because the report's percentiles (p50, p99) and its distance-error CDF are exact.
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "report/comparison.h"
#include "report/comparison_report.h"

namespace gjk::check {

// A shard file that cannot be read, or shards that do not make one study. The message names the file.
class ShardError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ShardDescription {
  // The study: equal in every shard of it.
  std::uint64_t seed = 1;
  std::uint64_t count = 0;  // cases per family in the whole study
  std::uint64_t shards = 1;
  std::vector<std::string> strategies;
  std::vector<std::string> families;
  RowsKept rows = RowsKept::All;
  bool gzipRows = false;
  int galleryPerStrategy = 3;
  std::string commit;
  // This shard.
  std::uint64_t shard = 0;  // 0-based
  std::string command;      // the shard's compare command
  std::string machine;
  std::string date;
  double seconds = 0;  // the shard's wall time
};

struct ComparisonShard {
  ShardDescription description;
  std::vector<ComparisonRow> rows;  // family, case index, strategy
  // [strategy][family]: mean nanoseconds per query and the number of queries.
  std::vector<std::vector<double>> meanNanoseconds;
  std::vector<std::vector<std::uint64_t>> queries;
};

// "comparison-shard-I-of-N.bin", I 1-based, both numbers written with as many digits as N.
std::string shardFileName(std::uint64_t shard, std::uint64_t shards);

// Writes the shard's file into `folder`; returns its path. `description` gives the study and the shard
// (its strategies and families are taken from `options`).
std::filesystem::path writeComparisonShard(const std::filesystem::path& folder,
                                           const ComparisonOptions& options, const ComparisonResult& result,
                                           ShardDescription description);

// Reads one shard file. ShardError naming the file when it is not a whole shard file of this format.
ComparisonShard readComparisonShard(const std::filesystem::path& file);

// The one-machine result from the shards of one study: rows in the order runComparison gives them, times
// as the query-weighted means. ShardError when they are not exactly shards 1..N of one study (a different
// seed, count, strategy list, family list, rows kept, gallery, or commit; a shard missing or given twice).
ComparisonResult mergeComparisonShards(std::vector<ComparisonShard>& shards);

}  // namespace gjk::check
