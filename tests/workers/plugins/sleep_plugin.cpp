// A test plugin that hangs: perp, except that a query whose shape A has a radius sleeps for an hour.
#include <unistd.h>

#include "perp_plugin.h"

namespace {

int sleepOnRadius(const gjkcheck_shape* a, const gjkcheck_shape* b, gjkcheck_distance_answer* answer) {
  if (a->radius > 0) sleep(3600);
  return gjk::test_plugins::perpDistance(a, b, answer);
}

int refuseAll(const gjkcheck_shape*, const gjkcheck_shape*, gjkcheck_distance_answer*) { return 7; }

const gjkcheck_entry ENTRIES[] = {
    {"perp", "perp, sleeping an hour when A has a radius", "f32", "merged", &sleepOnRadius},
    {"refuse", "refuses every query", "f32", "merged", &refuseAll},
};
const gjkcheck_plugin PLUGIN = {GJKCHECK_PLUGIN_ABI, "gjkcheck-sleep", "test", 2, ENTRIES};

}  // namespace

extern "C" const gjkcheck_plugin* gjkcheck_plugin_info(void) { return &PLUGIN; }
