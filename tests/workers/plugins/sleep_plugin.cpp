// A test plugin that hangs: perp, except that a query whose shape A has a radius sleeps for an hour (entry
// `perp`: a worker that waits without computing) or computes for an hour (entry `spin`: a worker that loops).
#include <unistd.h>

#include <chrono>

#include "perp_plugin.h"

namespace {

int sleepOnRadius(const gjkcheck_shape* a, const gjkcheck_shape* b, gjkcheck_distance_answer* answer) {
  if (a->radius > 0) sleep(3600);
  return gjk::test_plugins::perpDistance(a, b, answer);
}

// Busy for an hour: the loop's clock reads keep it from being optimized away.
int spinOnRadius(const gjkcheck_shape* a, const gjkcheck_shape* b, gjkcheck_distance_answer* answer) {
  if (a->radius > 0) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::hours(1);
    while (std::chrono::steady_clock::now() < end) {
    }
  }
  return gjk::test_plugins::perpDistance(a, b, answer);
}

int refuseAll(const gjkcheck_shape*, const gjkcheck_shape*, gjkcheck_distance_answer*) { return 7; }

const gjkcheck_entry ENTRIES[] = {
    {"perp", "perp, sleeping an hour when A has a radius", "f32", "merged", &sleepOnRadius},
    {"refuse", "refuses every query", "f32", "merged", &refuseAll},
    {"spin", "perp, computing for an hour when A has a radius", "f32", "merged", &spinOnRadius},
};
const gjkcheck_plugin PLUGIN = {GJKCHECK_PLUGIN_ABI, "gjkcheck-sleep", "test", 3, ENTRIES};

}  // namespace

extern "C" const gjkcheck_plugin* gjkcheck_plugin_info(void) { return &PLUGIN; }
