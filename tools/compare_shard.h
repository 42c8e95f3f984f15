// `gjkcheck compare --shard I/N`: the option and the shard file the command writes instead of the report
// (report/comparison_shard.h); `gjkcheck merge` (tools/command_merge.cpp) makes the report from N of them.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "report/comparison.h"
#include "report/comparison_report.h"
#include "report/comparison_shard.h"

namespace gjk::tools {

// "I/N", 1 <= I <= N <= MAX_SHARDS, into options.shard = I - 1 and options.shards = N. UsageError otherwise.
inline constexpr std::uint64_t MAX_SHARDS = 100000;
void parseShardOption(const std::string& text, check::ComparisonOptions& options);

// Writes the shard file of the run into `folder` and says so on stderr; returns the exit code.
int writeCompareShard(const std::filesystem::path& folder, const check::ComparisonOptions& options,
                      const check::ComparisonResult& result, const check::ReportContext& context,
                      check::ShardRowsWriter& rows);

}  // namespace gjk::tools
