#include "tools/output_folders.h"

#include <unistd.h>

#include <ctime>
#include <algorithm>
#include <fstream>
#include <vector>

#include "report/query_comparison.h"
#include "report/query_report.h"
#include "tools/command_line.h"

namespace gjk::tools {
namespace fs = std::filesystem;

fs::path enclosingRepository(const fs::path& path) {
  std::error_code error;
  fs::path resolved = fs::weakly_canonical(fs::absolute(path), error);
  if (error) resolved = fs::absolute(path).lexically_normal();
  for (fs::path folder = resolved;; folder = folder.parent_path()) {
    if (fs::exists(folder / ".git", error) ||
        (fs::is_directory(folder / "corpus", error) && fs::is_directory(folder / "reports", error))) {
      return folder;
    }
    if (folder == folder.parent_path()) return {};
  }
}

std::string outputFolderProblem(const fs::path& folder, bool intoRepository) {
  std::error_code error;
  fs::path resolved = fs::weakly_canonical(fs::absolute(folder), error);
  if (error) resolved = fs::absolute(folder).lexically_normal();
  fs::path repository = enclosingRepository(resolved);
  if (!repository.empty()) {
    fs::path inside = resolved.lexically_relative(repository);
    std::string top = inside.empty() ? std::string() : inside.begin()->string();
    if (top == "corpus" || (top == "reports" && !intoRepository)) {
      return "it lies in the repository's " + top + "/ (" + (repository / top).string() +
             "), which receives files only on purpose: " +
             (top == "corpus" ? "promote a finding with `gjkcheck corpus add`"
                              : "give --regenerate-report to replace a committed report on purpose");
    }
  }
  if (fs::exists(resolved, error) && !fs::is_directory(resolved, error)) return "it exists and is not a folder";
  fs::path existing = resolved;
  while (!fs::exists(existing, error) && existing != existing.parent_path()) existing = existing.parent_path();
  if (!fs::is_directory(existing, error)) return existing.string() + " is not a folder";
  if (access(existing.c_str(), W_OK | X_OK) != 0) return existing.string() + " cannot be written";
  // Permission bits do not tell everything (root passes them; /proc and read-only mounts refuse): a file
  // is made and removed in the nearest existing folder.
  const fs::path probe = existing / (".gjkcheck-probe-" + std::to_string(::getpid()));
  {
    std::ofstream out(probe);
    if (!out || !(out << "x") || !out.flush()) return existing.string() + " cannot be written";
  }
  fs::remove(probe, error);
  return "";
}

namespace {

// The first line of a file, "" when it cannot be read.
std::string firstLine(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  return line;
}

bool startsWith(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

}  // namespace

std::string foreignContents(const fs::path& folder, const std::string& command, OutputKind kind) {
  std::error_code error;
  if (!fs::is_directory(folder, error)) return "";
  std::vector<std::string> names;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, error)) {
    const std::string name = entry.path().filename().string();
    if (startsWith(name, ".") || name == "findings.md") continue;
    names.push_back(name);
  }
  if (error) return "it cannot be listed: " + error.message();
  if (names.empty()) return "";
  std::sort(names.begin(), names.end());
  auto has = [&](const std::string& name) { return std::find(names.begin(), names.end(), name) != names.end(); };
  std::string expected;
  switch (kind) {
    case OutputKind::Report:
      if (command == "properties") {
        if (has("README.md") && startsWith(firstLine(folder / "README.md"), "# Properties of the strategies")) return "";
        expected = "a properties report (README.md beginning \"# Properties of the strategies\")";
      } else {
        if (has("README.md") && startsWith(firstLine(folder / "README.md"), "# Strategy comparison")) return "";
        // A report of queries other than distance only (compare --strategies penetration): penetration.md, ...
        for (const check::Query* query : check::queries()) {
          if (check::queryReport(*query) == nullptr) continue;
          const std::string file = check::queryComparisonFile(*query);
          if (has(file) && startsWith(firstLine(folder / file), check::queryComparisonHeading(*query))) return "";
        }
        for (const std::string& name : names) {
          if (startsWith(name, "comparison-shard-") && fs::path(name).extension() == ".bin") return "";
        }
        expected = "a comparison report (README.md beginning \"# Strategy comparison\") or compare --shard files";
      }
      break;
    case OutputKind::Cases:
      if (std::all_of(names.begin(), names.end(), [&](const std::string& name) {
            return fs::path(name).extension() == ".case" || fs::is_directory(folder / name, error);
          })) {
        return "";
      }
      expected = "only .case files";
      break;
    case OutputKind::Inputs:
      // Fuzzer inputs carry no telling name (convert names them after the case's path, libFuzzer after a
      // hash): a flat folder of files that are neither cases nor documents.
      if (std::all_of(names.begin(), names.end(), [&](const std::string& name) {
            const std::string extension = fs::path(name).extension().string();
            return fs::is_regular_file(folder / name, error) && extension != ".case" && extension != ".md" &&
                   extension != ".txt";
          })) {
        return "";
      }
      expected = "only fuzzer inputs (files, no folder, no .case, .md or .txt file)";
      break;
  }
  return "it holds files gjkcheck " + command + " did not write (such as " + names.front().substr(0, 80) +
         "); it may be empty, new, or hold " + expected;
}

fs::path numberedFolder(const fs::path& base) {
  if (!fs::exists(base)) return base;
  for (int k = 2;; ++k) {
    fs::path candidate = base.string() + "-" + std::to_string(k);
    if (!fs::exists(candidate)) return candidate;
  }
}

std::string utcTimestamp() {
  std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y%m%dT%H%M%SZ", &utc);
  return text;
}

}  // namespace gjk::tools
