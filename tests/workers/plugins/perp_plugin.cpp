// A test plugin: the built-in `perp` as a plugin, to show the plugin path changes no bit of an answer, with
// the optional trace (gjkcheck_plugin_traced_distance).
#include "perp_plugin.h"

namespace {
const gjkcheck_entry ENTRIES[] = {
    {"perp", "perp (the built-in) through the plugin ABI", "f32", "merged", &gjk::test_plugins::perpDistance},
};
const gjkcheck_plugin PLUGIN = {GJKCHECK_PLUGIN_ABI, "gjkcheck-perp", "test", 1, ENTRIES};
}  // namespace

extern "C" const gjkcheck_plugin* gjkcheck_plugin_info(void) { return &PLUGIN; }

// The optional trace: `repro --strategy plugin:...` shows the same steps as the built-in perp.
extern "C" gjkcheck_traced_distance_fn gjkcheck_plugin_traced_distance(const char* entry) {
  return std::strcmp(entry, "perp") == 0 ? &gjk::test_plugins::perpDistanceTraced : nullptr;
}
