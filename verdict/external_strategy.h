// External engines as strategies (docs/workers.md): a registry row for each engine manifest and for each
// plugin:PATH[#ENTRY] name. Each row holds one engine: a pool of workers (one per thread that queries at the
// same time), each kept alive across queries and restarted after a failure. A row answers the cases of one
// dimension: 3 for a manifest of `dimension 3` or a plugin's 3D entry (its worker's hello says +3d), else 2; a case
// of the other dimension is refused by gjkcheck itself, never sent (docs/workers.md, "Three dimensions").
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "verdict/strategy.h"

namespace gjk::check {

// GJKCHECK_ADAPTERS when set, else the source tree's adapters/.
std::filesystem::path adaptersFolder();

// A row for every manifest under `folder` (read at once; workers start on first use).
std::vector<StrategyInfo> manifestStrategies(const std::filesystem::path& folder);

// plugin:PATH, plugin:PATH#ENTRY or plugin:PATH@ENTRY split into PATH and ENTRY ("" for the first entry).
struct PluginParts {
  std::string path;
  std::string entry;
};
PluginParts pluginParts(std::string_view name);
// The name a plugin is shown and written under: plugin:PATH or plugin:PATH@ENTRY. A case file's meta value
// cannot hold '#' (it starts a comment), so plugin:PATH#ENTRY is written with '@'; both spellings name it.
std::string pluginName(std::string_view name);
// The row of plugin:PATH[#ENTRY] (named pluginName): starts its host worker to read the plugin's hello.
// Throws std::invalid_argument when the plugin cannot be loaded (the host's stderr says why).
StrategyInfo pluginStrategy(std::string_view name);

// The program that hosts plugins: GJKCHECK_PLUGIN_HOST, else gjkcheck-plugin-host as built.
std::filesystem::path pluginHostProgram();

}  // namespace gjk::check
