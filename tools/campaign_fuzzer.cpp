// Finding and driving the fuzzer of `gjkcheck campaign`: which binary is fuzz_distance, its flags and its
// environment.
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "case/fuzz_input.h"
#include "case/fuzz_input_3d.h"
#include "tools/campaign_findings.h"
#include "tools/campaign_options.h"
#include "tools/campaign_process.h"
#include "tools/command_line.h"
#include "tools/commands.h"
#include "tools/fuzz_files.h"
#include "tools/output_folders.h"
#include "tools/run_context.h"
#include "verdict/expectations.h"

namespace gjk::tools::campaign {

bool isLibFuzzerBinary(const fs::path& path) {
  std::error_code error;
  if (!fs::is_regular_file(path, error)) return false;
  int status = 0;
  // GJK_STRATEGY empty: each target's default strategy (perp for fuzz_distance, vdb3 for fuzz_distance3d), whatever
  // the caller's environment names.
  std::string help = captureOutput({path.string(), "-help=1"}, {{"GJK_STRATEGY", ""}}, &status);
  return help.find("max_total_time") != std::string::npos;
}

namespace {

// "PENETRATION" for penetration: the query's word in environment variables.
std::string upperName(check::QueryKind query) {
  std::string name = check::queryKindName(query);
  for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
}

}  // namespace

std::string fuzzTargetName(check::QueryKind query) { return std::string("fuzz_") + check::queryKindName(query); }

std::string fuzzTargetName(const Options& options) {
  return fuzzTargetName(options.query) + (options.dimension == 3 ? "3d" : "");
}

std::string fuzzStrategyVariable(check::QueryKind query) {
  return query == check::QueryKind::Distance ? "GJK_STRATEGY" : "GJK_" + upperName(query) + "_STRATEGY";
}

fs::path findFuzzer(const Options& options) {
  const std::string target = fuzzTargetName(options);
  std::vector<fs::path> candidates;
  if (!options.fuzzer.empty()) {
    if (!isLibFuzzerBinary(options.fuzzer)) {
      throw UsageError("--fuzzer " + options.fuzzer.string() + " is not a libFuzzer binary of " + target);
    }
    return options.fuzzer;
  }
  const std::string variable = "GJK_FUZZ_" + upperName(options.query) + (options.dimension == 3 ? "3D" : "");
  if (const char* path = std::getenv(variable.c_str())) candidates.push_back(path);
  std::error_code error;
  fs::path self = fs::read_symlink("/proc/self/exe", error);
  if (!error) {
    fs::path build = self.parent_path().parent_path();  // build/<preset>/tools/gjkcheck -> build/<preset>
    candidates.push_back(build / "fuzz" / target);
    candidates.push_back(build.parent_path() / "fuzz" / "fuzz" / target);
  }
  candidates.push_back(fs::path("build") / "fuzz" / "fuzz" / target);
  for (const fs::path& candidate : candidates) {
    if (isLibFuzzerBinary(candidate)) return fs::absolute(candidate);
  }
  std::string tried;
  for (const fs::path& candidate : candidates) tried += " " + candidate.string();
  throw UsageError("no libFuzzer build of " + target + " found (tried" + tried +
                   "); build it with `cmake --preset fuzz && cmake --build --preset fuzz -j2 --target " + target +
                   "` or name it with --fuzzer PATH");
}

std::vector<std::string> existingSeedFolders(const Options& options) {
  std::vector<std::string> folders;
  for (const std::string& folder : options.seeds) {
    if (fs::exists(folder)) {
      folders.push_back(folder);
      continue;
    }
    // Only a default folder can be missing (a --seeds folder must exist): run outside the checkout, the
    // campaign seeds from the source tree it was built from, as the engines' adapters are found.
    const fs::path inTree = fs::path(GJK_SOURCE_DIR) / folder;
    if (fs::path(folder).is_relative() && fs::exists(inTree)) folders.push_back(inTree.string());
  }
  return folders;
}

std::string withThousands(long long value) {
  std::string digits = std::to_string(value);
  for (int i = static_cast<int>(digits.size()) - 3; i > (value < 0 ? 1 : 0); i -= 3) digits.insert(i, ",");
  return digits;
}

void addFuzzerFlags(std::vector<std::string>& argv, const fs::path& fuzzer, int dimension) {
  argv.push_back("-max_len=" + std::to_string(dimension == 3 ? check::FUZZ_INPUT_3D_MAX_CASE_SIZE
                                                             : check::FUZZ_INPUT_MAX_CASE_SIZE + 22));
  argv.push_back("-timeout=10");
  argv.push_back("-rss_limit_mb=2560");
  argv.push_back("-print_final_stats=1");
  fs::path dict = fuzzer.string() + ".dict";
  if (fs::exists(dict)) argv.push_back("-dict=" + dict.string());
}

Environment fuzzerEnvironment(const Options& options, const check::StrategyInfo& strategy, bool mutator) {
  Environment env = {{fuzzStrategyVariable(options.query), strategy.name}, {"GJK_MUTATOR", mutator ? "1" : "0"}};
  if (!options.kinds.empty()) env.push_back({"GJK_VIOLATION_KINDS", options.kinds});
  if (!options.families.empty()) env.push_back({"GJK_VIOLATION_FAMILIES", options.families});
  return env;
}

}  // namespace gjk::tools::campaign
