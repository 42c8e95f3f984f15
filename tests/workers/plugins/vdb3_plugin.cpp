// A 3D-only test plugin (it exports gjkcheck_plugin3_info alone): the built-in vdb3 and epa3 as 3D entries, to show
// that the 3D plugin path changes no bit of an answer. `vdb3` answers distance as the built-in vdb3 does, `epa3`
// penetration as the built-in epa3, and `vdb3-epa3` both (queries both).
#include "vdb3_plugin.h"

namespace {
const gjkcheck_entry3 ENTRIES[] = {
    {"vdb3", "vdb3 (the built-in) through the 3D plugin ABI", "f32", "merged", &gjk::test_plugins::vdb3Distance,
     nullptr},
    {"epa3", "epa3 (the built-in) through the 3D plugin ABI", "f32", "on-shapes", nullptr,
     &gjk::test_plugins::epa3Penetration},
    {"vdb3-epa3", "vdb3's distance and epa3's penetration, one entry of queries both", "f32", "merged",
     &gjk::test_plugins::vdb3Distance, &gjk::test_plugins::epa3Penetration},
};
const gjkcheck_plugin3 PLUGIN = {GJKCHECK_PLUGIN_ABI, "gjkcheck-vdb3", "test", 3, ENTRIES};
}  // namespace

extern "C" const gjkcheck_plugin3* gjkcheck_plugin3_info(void) { return &PLUGIN; }
