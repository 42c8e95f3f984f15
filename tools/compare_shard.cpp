#include "tools/compare_shard.h"

#include <cstdio>

#include "report/comparison_shard.h"
#include "tools/command_line.h"

namespace gjk::tools {

void parseShardOption(const std::string& text, check::ComparisonOptions& options) {
  auto bad = [&text] {
    return UsageError("--shard takes I/N with 1 <= I <= N <= " + std::to_string(MAX_SHARDS) + " (got '" +
                      text + "')");
  };
  size_t slash = text.find('/');
  if (slash == std::string::npos || slash == 0 || slash + 1 == text.size() || slash > 6 ||
      text.size() - slash > 7) {
    throw bad();
  }
  for (size_t i = 0; i < text.size(); ++i) {
    if (i != slash && (text[i] < '0' || text[i] > '9'))
      throw bad();
  }
  std::uint64_t shard = std::stoull(text.substr(0, slash)), shards = std::stoull(text.substr(slash + 1));
  if (shard < 1 || shard > shards || shards > MAX_SHARDS)
    throw bad();
  options.shard = shard - 1;
  options.shards = shards;
}

int writeCompareShard(const std::filesystem::path& folder, const check::ComparisonOptions& options,
                      const check::ComparisonResult& result, const check::ReportContext& context,
                      check::ShardRowsWriter& rows) {
  check::ShardDescription description;
  description.seed = options.seed;
  description.count = options.count;
  description.shards = options.shards;
  description.shard = options.shard;
  description.rows = context.rows;
  description.gzipRows = context.gzipRows;
  description.galleryPerStrategy = context.galleryPerStrategy;
  description.commit = context.commit;
  description.command = context.command;
  description.machine = context.machine;
  description.date = context.date;
  description.seconds = context.seconds;
  std::filesystem::path file = check::writeComparisonShard(folder, options, result, description, rows);
  std::fprintf(
      stderr,
      "compare: wrote shard %llu/%llu to %s (%llu cases per family); `gjkcheck merge` makes the report\n",
      static_cast<unsigned long long>(options.shard + 1), static_cast<unsigned long long>(options.shards),
      file.string().c_str(), static_cast<unsigned long long>(check::shardCaseCount(options)));
  return EXIT_ALL_OK;
}

}  // namespace gjk::tools
