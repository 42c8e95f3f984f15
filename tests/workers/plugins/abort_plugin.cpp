// A test plugin that crashes: perp, except that every third query of a process calls abort() after saying
// so on stderr. A host restarts the worker after each crash, so the crashes fall on every third query of a
// run made one query at a time.
#include <cstdio>
#include <cstdlib>

#include "perp_plugin.h"

namespace {

int abortEveryThird(const gjkcheck_shape* a, const gjkcheck_shape* b, gjkcheck_distance_answer* answer) {
  static int queries = 0;
  if (++queries % 3 == 0) {
    std::fprintf(stderr, "abort_plugin: query %d of this process, calling abort()\n", queries);
    std::abort();
  }
  return gjk::test_plugins::perpDistance(a, b, answer);
}

const gjkcheck_entry ENTRIES[] = {
    {"perp", "perp, aborting on every third query", "f32", "merged", &abortEveryThird},
};
const gjkcheck_plugin PLUGIN = {GJKCHECK_PLUGIN_ABI, "gjkcheck-abort", "test", 1, ENTRIES};

}  // namespace

extern "C" const gjkcheck_plugin* gjkcheck_plugin_info(void) { return &PLUGIN; }
