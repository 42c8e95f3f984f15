// A test plugin that crashes on an input, every time: perp, except that a query whose shape A is a triangle
// (3 vertices) calls abort() after saying so on stderr. The same case always crashes, so a campaign can
// file it, minimize it and replay it like any other finding (tests/workers/campaign_crash_plugins.sh).
#include <cstdio>
#include <cstdlib>

#include "perp_plugin.h"

namespace {

int abortOnTriangle(const gjkcheck_shape* a, const gjkcheck_shape* b, gjkcheck_distance_answer* answer) {
  if (a->count == 3) {
    std::fprintf(stderr, "triangle_abort_plugin: shape A is a triangle, calling abort()\n");
    std::abort();
  }
  return gjk::test_plugins::perpDistance(a, b, answer);
}

const gjkcheck_entry ENTRIES[] = {
    {"perp", "perp, aborting whenever shape A is a triangle", "f32", "merged", &abortOnTriangle},
};
const gjkcheck_plugin PLUGIN = {GJKCHECK_PLUGIN_ABI, "gjkcheck-triangle-abort", "test", 1, ENTRIES};

}  // namespace

extern "C" const gjkcheck_plugin* gjkcheck_plugin_info(void) { return &PLUGIN; }
