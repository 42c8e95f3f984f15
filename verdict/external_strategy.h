// External engines as strategies (docs/workers.md): a registry row for each engine manifest and for each
// plugin:PATH[#ENTRY] name. Each row holds one engine: a pool of workers (one per thread that queries at the
// same time), each kept alive across queries and restarted after a failure.
#pragma once

#include <filesystem>
#include <string_view>
#include <vector>

#include "verdict/strategy.h"

namespace gjk::check {

// GJKCHECK_ADAPTERS when set, else the source tree's adapters/.
std::filesystem::path adaptersFolder();

// A row for every manifest under `folder` (read at once; workers start on first use).
std::vector<StrategyInfo> manifestStrategies(const std::filesystem::path& folder);

// The row of plugin:PATH[#ENTRY]: starts its host worker to read the plugin's hello. Throws
// std::invalid_argument when the plugin cannot be loaded (the host's stderr says why).
StrategyInfo pluginStrategy(std::string_view name);

// The program that hosts plugins: GJKCHECK_PLUGIN_HOST, else gjkcheck-plugin-host as built.
std::filesystem::path pluginHostProgram();

}  // namespace gjk::check
