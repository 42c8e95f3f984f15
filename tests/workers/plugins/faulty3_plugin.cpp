// A test plugin with 2D and 3D entries whose 3D entries fail on marked inputs: vdb3, except that a query whose shape
// A sits at x = 12345 aborts (saying so on stderr), one at x = 23456 sleeps for an hour, one at x = 34567 is
// refused, and one at x = 45678 is answered with a termination of two words (a line the host cannot read). Its 2D
// entry `perp` shows that a plugin may export both kinds, each found by name. Its entry `vdb3-both` answers both
// queries: the faulty distance, and a penetration query that always answers "separated" (never failing), so that a
// distance crash can be seen not to hide the penetration answer of the same case.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "perp_plugin.h"
#include "vdb3_plugin.h"

namespace {

int faultyVdb3(const gjkcheck_shape3* a, const gjkcheck_shape3* b, gjkcheck_distance_answer3* answer) {
  if (a->position[0] == 12345.0f) {
    std::fprintf(stderr, "faulty3_plugin: shape A at x = 12345, calling abort()\n");
    std::abort();
  }
  if (a->position[0] == 23456.0f) sleep(3600);
  if (a->position[0] == 34567.0f) return 5;
  const int refused = gjk::test_plugins::vdb3Distance(a, b, answer);
  if (a->position[0] == 45678.0f) std::strcpy(answer->termination, "two words");
  return refused;
}

int alwaysSeparated(const gjkcheck_shape3* /*a*/, const gjkcheck_shape3* /*b*/, gjkcheck_penetration_answer3* answer) {
  *answer = {};
  answer->overlapping = 0;
  return 0;
}

const gjkcheck_entry ENTRIES[] = {
    {"perp", "perp (the built-in), a 2D entry", "f32", "merged", &gjk::test_plugins::perpDistance},
};
const gjkcheck_plugin PLUGIN = {GJKCHECK_PLUGIN_ABI, "gjkcheck-faulty3", "test", 1, ENTRIES};

const gjkcheck_entry3 ENTRIES3[] = {
    {"vdb3", "vdb3, failing on inputs marked by A's x", "f32", "merged", &faultyVdb3, nullptr},
    {"vdb3-both", "vdb3 failing as above, and a penetration query that says separated", "f32", "merged", &faultyVdb3,
     &alwaysSeparated},
};
const gjkcheck_plugin3 PLUGIN3 = {GJKCHECK_PLUGIN_ABI, "gjkcheck-faulty3", "test", 2, ENTRIES3};

}  // namespace

extern "C" const gjkcheck_plugin* gjkcheck_plugin_info(void) { return &PLUGIN; }
extern "C" const gjkcheck_plugin3* gjkcheck_plugin3_info(void) { return &PLUGIN3; }
