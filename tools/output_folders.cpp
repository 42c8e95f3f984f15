#include "tools/output_folders.h"

#include <unistd.h>

#include <ctime>
#include <fstream>

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

std::string outputFolderProblem(const fs::path& folder) {
  std::error_code error;
  fs::path resolved = fs::weakly_canonical(fs::absolute(folder), error);
  if (error) resolved = fs::absolute(folder).lexically_normal();
  fs::path repository = enclosingRepository(resolved);
  if (!repository.empty()) {
    fs::path inside = resolved.lexically_relative(repository);
    std::string top = inside.empty() ? std::string() : inside.begin()->string();
    if (top == "corpus" || top == "reports") {
      return "it lies in the repository's " + top + "/ (" + (repository / top).string() +
             "), which receives files only on purpose: " +
             (top == "corpus" ? "promote a finding with `gjkcheck corpus add`"
                              : "copy a report there when it is to be committed");
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
