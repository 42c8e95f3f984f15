#include "workers/manifest.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>

#include "workers/number_text.h"
#include "workers/worker_protocol.h"

namespace gjk::workers {
namespace {

[[noreturn]] void fail(const std::filesystem::path& file, int line, const std::string& message) {
  throw ManifestError(file.string() + (line > 0 ? ":" + std::to_string(line) : "") + ": " + message);
}

bool oneOf(const std::string& word, std::initializer_list<const char*> allowed) {
  return std::any_of(allowed.begin(), allowed.end(), [&](const char* a) { return word == a; });
}

// `text` with its placeholders filled in: $PLUGIN_HOST and $BUILD (a name is the capitals and underscores after
// the `$`); any other name is an error of this line.
std::string substituted(std::string_view text, const ManifestPlaceholders& placeholders,
                        const std::filesystem::path& file, int line) {
  std::string out;
  for (std::size_t k = 0; k < text.size();) {
    if (text[k] != '$') {
      out += text[k++];
      continue;
    }
    std::size_t end = k + 1;
    while (end < text.size() && ((text[end] >= 'A' && text[end] <= 'Z') || text[end] == '_')) ++end;
    const std::string_view name = text.substr(k + 1, end - k - 1);
    if (name == "PLUGIN_HOST") {
      out += placeholders.pluginHost;
    } else if (name == "BUILD") {
      out += placeholders.build;
    } else {
      fail(file, line, "unknown placeholder `$" + std::string(name) + "` (command and ready know $PLUGIN_HOST and $BUILD)");
    }
    k = end;
  }
  return out;
}

}  // namespace

std::filesystem::path pluginHostProgram() {
  if (const char* program = std::getenv("GJKCHECK_PLUGIN_HOST"); program != nullptr && *program != '\0') {
    return program;
  }
  return GJK_PLUGIN_HOST;
}

std::filesystem::path buildFolder() {
  if (const char* folder = std::getenv("GJKCHECK_BUILD"); folder != nullptr && *folder != '\0') return folder;
  return GJK_BUILD_DIR;
}

ManifestPlaceholders builtPlaceholders() { return {pluginHostProgram().string(), buildFolder().string()}; }

WorkerCommand Manifest::workerCommand() const { return {command, file.parent_path()}; }

bool Manifest::isReady() const { return ready.empty() || std::filesystem::exists(file.parent_path() / ready); }

Manifest readManifest(const std::filesystem::path& file, const ManifestPlaceholders& placeholders) {
  std::ifstream in(file);
  if (!in) fail(file, 0, "cannot be read");
  Manifest manifest;
  manifest.file = file;
  std::map<std::string, int> seen;
  std::string text;
  int number = 0;
  bool header = false;
  while (std::getline(in, text)) {
    ++number;
    std::string_view line = text;
    if (std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    std::vector<std::string_view> words = splitWords(line);
    if (words.empty() || (words.size() == 1 && words[0] == "\r")) continue;
    if (!header) {
      if (words.size() != 2 || words[0] != "gjkcheck-engine") {
        fail(file, number, "the first line must be `gjkcheck-engine 1`");
      }
      if (words[1] != "1") fail(file, number, "manifest version " + std::string(words[1]) + ", gjkcheck reads 1");
      header = true;
      continue;
    }
    std::string key(words[0]);
    std::string value;
    if (words.size() > 1) {
      value = std::string(line.substr(words[1].data() - line.data()));
      while (!value.empty() && (value.back() == ' ' || value.back() == '\t' || value.back() == '\r')) value.pop_back();
    }
    if (seen.count(key)) fail(file, number, "`" + key + "` given twice (first on line " + std::to_string(seen[key]) + ")");
    seen[key] = number;
    if (value.empty()) fail(file, number, "`" + key + "` has no value");
    if (key == "name") {
      if (words.size() != 2) fail(file, number, "a name is one word");
      manifest.name = value;
    } else if (key == "description") {
      manifest.description = value;
    } else if (key == "version") {
      manifest.version = value;
    } else if (key == "scalar") {
      if (!oneOf(value, {"f32", "f64"})) fail(file, number, "scalar is f32 or f64, not '" + value + "'");
      manifest.scalar = value;
    } else if (key == "contact") {
      if (!oneOf(value, {"on-shapes", "merged"})) fail(file, number, "contact is on-shapes or merged, not '" + value + "'");
      manifest.contact = value;
    } else if (key == "queries") {
      if (!oneOf(value, {"distance", "penetration", "both", "cast"})) {
        fail(file, number, "queries is distance, penetration, both or cast, not '" + value + "'");
      }
      manifest.queries = value;
    } else if (key == "command") {
      for (std::size_t k = 1; k < words.size(); ++k) {
        manifest.command.push_back(substituted(words[k], placeholders, file, number));
      }
    } else if (key == "ready") {
      manifest.ready = substituted(value, placeholders, file, number);
    } else if (key == "install") {
      manifest.install = value;
    } else if (key == "max-iterations") {
      long long cap = 0;
      if (!parseInteger(value, cap) || cap < 1 || cap > 1000000) fail(file, number, "max-iterations is 1..1000000");
      manifest.maxIterations = static_cast<int>(cap);
    } else if (key == "cast-band") {
      if (words.size() != 2) fail(file, number, "a cast band is named by one word");
      manifest.castBand = value;
    } else if (key == "cast-band-text") {
      manifest.castBandText = value;
    } else if (key == "cast-initial-overlap") {
      if (value != "hit" && value != "miss" && value != "miss-when-separating") {
        fail(file, number, "cast-initial-overlap is hit, miss or miss-when-separating");
      }
      manifest.castInitialOverlap = value;
    } else if (key == "dimension") {
      if (value != "2" && value != "3") fail(file, number, "dimension is 2 or 3, not '" + value + "'");
      manifest.dimension = value == "3" ? 3 : 2;
    } else {
      fail(file, number, "unknown key `" + key + "` (gjkcheck-engine 1 knows name, description, version, scalar, "
                         "contact, queries, command, ready, install, "
                         "max-iterations, cast-band, cast-band-text, cast-initial-overlap, dimension)");
    }
  }
  if (!header) fail(file, 0, "empty: the first line must be `gjkcheck-engine 1`");
  for (const char* key : {"name", "description", "version", "scalar", "contact", "queries", "command"}) {
    if (!seen.count(key)) fail(file, 0, std::string("no `") + key + "` line");
  }
  if (manifest.dimension == 3 && manifest.queries == "cast") {
    fail(file, seen["dimension"], "an engine of dimension 3 answers distance, penetration or both, not cast");
  }
  for (const char* key : {"cast-band", "cast-band-text"}) {
    if (manifest.queries == "cast" && !seen.count(key)) {
      fail(file, 0, std::string("no `") + key + "` line (an engine of queries cast declares the band it aims at)");
    }
    if (manifest.queries != "cast" && seen.count(key)) {
      fail(file, seen[key], std::string("`") + key + "` is for an engine of queries cast");
    }
  }
  return manifest;
}

std::vector<Manifest> readManifests(const std::filesystem::path& adapters, const ManifestPlaceholders& placeholders) {
  std::vector<Manifest> manifests;
  std::error_code error;
  if (!std::filesystem::is_directory(adapters, error)) return manifests;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(adapters, error)) {
    std::filesystem::path file = entry.path() / "manifest";
    if (entry.is_directory() && std::filesystem::is_regular_file(file)) files.push_back(file);
  }
  std::sort(files.begin(), files.end());
  for (const auto& file : files) manifests.push_back(readManifest(file, placeholders));
  for (std::size_t i = 0; i < manifests.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (manifests[i].name == manifests[j].name) {
        fail(manifests[i].file, 0, "name " + manifests[i].name + " is also the name in " + manifests[j].file.string());
      }
    }
  }
  return manifests;
}

}  // namespace gjk::workers
