// A shard of a comparison (docs/reports.md, issue 15): `gjkcheck compare --shard I/N` runs the cases k of every
// family with k mod N == I - 1 (each case is sampled directly from (family, seed, k), families/families.h,
// so a shard samples no case of another's) and writes one shard file instead of the report; `gjkcheck
// merge` reads the N files, puts the rows back in the one-machine order (family, case index, strategy)
// and writes the report with the same code as `compare`, so everything in it but the times and the
// run's description is the same bit for bit as the unsharded report's.
//
// The shard file (comparison-shard-I-of-N.bin; binary, little-endian; format 3) holds:
//   "GJKSHARD", the format version, and the byte length of the part before the rows;
//   what every shard of a study must agree on (the dimension, 2 or 3, seed, cases per family, N, strategies,
//   families, rows kept, gallery size, gzip, the commit of the program) and the shard's own I, command,
//   machine, date, wall time;
//   per strategy and family the timed rounds (ns per query) and the cases per round;
//   per strategy and family the aggregate of report/comparison.h (counts, the error and iteration
//   histograms, the scale envelope, the worst violation): its size is bounded by the strategies and
//   families, not the cases, and merging the shards' aggregates gives the one-machine aggregate exactly;
//   the rows rows.csv prints (--rows all: every row; violations: those; none: no row), in the order
//   (family, case index, strategy), written as the cases finish and read back one at a time by the merge.
// The report's percentiles come from the merged histograms, so they equal the one-machine report's.
// Format 2 is format 3 without the dimension (written before 3D studies were sharded): still read, as 2D.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
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
  int dimension = 2;  // ComparisonOptions::dimension: which families and strategies the names are
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
  std::vector<std::vector<GroupAggregate>> groups;  // [strategy][family]
  ComparisonTiming timing;
  std::filesystem::path file;   // where its rows are read from (mergeShardRows)
  std::uint64_t rowsAt = 0;     // the byte offset of its rows in file
  std::uint64_t rowCount = 0;   // how many rows it holds
};

// "comparison-shard-I-of-N.bin", I 1-based, both numbers written with as many digits as N.
std::string shardFileName(std::uint64_t shard, std::uint64_t shards);

// The rows of a running shard, streamed to a temporary file in its folder as the cases finish
// (ComparisonOptions::rows); writeComparisonShard moves them into the shard file.
class ShardRowsWriter {
 public:
  ShardRowsWriter(const std::filesystem::path& folder, std::uint64_t shard, std::uint64_t shards, RowsKept kept);
  ShardRowsWriter(const ShardRowsWriter&) = delete;
  ShardRowsWriter& operator=(const ShardRowsWriter&) = delete;
  ~ShardRowsWriter();  // removes the temporary file
  void add(const ComparisonRow* rows, std::size_t count);
  const std::filesystem::path& file() const { return file_; }
  std::uint64_t rowCount() const { return rowCount_; }
  void close();

 private:
  RowsKept kept_;
  std::filesystem::path file_;
  std::FILE* out_ = nullptr;
  std::uint64_t rowCount_ = 0;
};

// Writes the shard's file into `folder`; returns its path. `description` gives the study and the shard
// (its strategies and families are taken from `options`); the rows come from `rows` (closed here).
std::filesystem::path writeComparisonShard(const std::filesystem::path& folder,
                                           const ComparisonOptions& options, const ComparisonResult& result,
                                           ShardDescription description, ShardRowsWriter& rows);

// Reads one shard file but its rows (mergeShardRows reads those); a format 2 file as a 2D study. ShardError
// naming the file when it is not a whole shard file of format 3 or 2.
ComparisonShard readComparisonShard(const std::filesystem::path& file);

// The one-machine result from the shards of one study: the merged aggregates, the timed rounds of all
// shards (their median is over all of them). ShardError when they are not exactly shards 1..N of one study
// (a different dimension, seed, count, strategy list, family list, rows kept, gallery, or commit; a shard
// missing or given twice).
ComparisonResult mergeComparisonShards(std::vector<ComparisonShard>& shards);

// The rows of the shards in the one-machine order (family, case index, strategy), handed to `sink` a
// bounded batch at a time; each shard's file is read as it goes, never whole. `options` names the
// strategies and families of the rows.
void mergeShardRows(const std::vector<ComparisonShard>& shards,
                    const std::function<void(const ComparisonRow*, std::size_t)>& sink);

}  // namespace gjk::check
