// A test plugin: the built-in `perp` as a plugin, to show the plugin path changes no bit of an answer.
#include "perp_plugin.h"

namespace {
const gjkcheck_entry ENTRIES[] = {
    {"perp", "perp (the built-in) through the plugin ABI", "f32", "merged", &gjk::test_plugins::perpDistance},
};
const gjkcheck_plugin PLUGIN = {GJKCHECK_PLUGIN_ABI, "gjkcheck-perp", "test", 1, ENTRIES};
}  // namespace

extern "C" const gjkcheck_plugin* gjkcheck_plugin_info(void) { return &PLUGIN; }
