// A test plugin with a cast entry (include/gjkcheck/strategy.h gjkcheck_plugin_cast_info), to show the plugin path of
// the cast query: `disk-cast` casts a disk B (one vertex) against a disk A in closed form, in double: the first t in
// [0, 1] with |cB + t r - cA| = rA + rB, the normal from A's centre to B's at t, the point on A's circle. Anything but
// two disks is refused. Its distance entry answers nothing useful and is never asked here.
#include <cmath>
#include <cstdio>

#include "gjkcheck/strategy.h"

namespace {

int noDistance(const gjkcheck_shape*, const gjkcheck_shape*, gjkcheck_distance_answer*) { return 1; }

// The world centre of a one-vertex shape: its transform applied to its vertex.
void centre(const gjkcheck_shape* s, double out[2]) {
  const double x = s->vertices[0], y = s->vertices[1], c = s->rotation[0], sn = s->rotation[1];
  out[0] = c * x - sn * y + s->position[0];
  out[1] = sn * x + c * y + s->position[1];
}

int diskCast(const gjkcheck_shape* a, const gjkcheck_shape* b, const float translation[2], gjkcheck_cast_answer* answer) {
  if (a->count != 1 || b->count != 1) return 1;
  double ca[2], cb[2];
  centre(a, ca);
  centre(b, cb);
  const double d[2] = {cb[0] - ca[0], cb[1] - ca[1]}, r[2] = {translation[0], translation[1]};
  const double rsum = double(a->radius) + double(b->radius);
  // |d + t r|^2 = rsum^2: (r.r) t^2 + 2 (d.r) t + d.d - rsum^2 = 0, the smaller root.
  const double qa = r[0] * r[0] + r[1] * r[1], qb = d[0] * r[0] + d[1] * r[1];
  const double qc = d[0] * d[0] + d[1] * d[1] - rsum * rsum;
  double t = -1;
  if (qc <= 0) {
    t = 0;
  } else if (qa > 0 && qb * qb - qa * qc >= 0) {
    t = (-qb - std::sqrt(qb * qb - qa * qc)) / qa;
  }
  answer->iterations = 0;
  if (!(t >= 0 && t <= 1)) {
    answer->hit = 0;
    answer->fraction = 1;
    std::snprintf(answer->termination, sizeof answer->termination, "no-hit");
    return 0;
  }
  const double g[2] = {d[0] + t * r[0], d[1] + t * r[1]};
  const double length = std::hypot(g[0], g[1]);
  answer->hit = 1;
  answer->fraction = t;
  if (length > 0) {
    answer->normal[0] = g[0] / length;
    answer->normal[1] = g[1] / length;
  }
  answer->point[0] = ca[0] + a->radius * answer->normal[0];
  answer->point[1] = ca[1] + a->radius * answer->normal[1];
  std::snprintf(answer->termination, sizeof answer->termination, "%s", t == 0 ? "initial-overlap" : "hit");
  return 0;
}

const gjkcheck_entry ENTRIES[] = {{"none", "no distance", "f64", "on-shapes", &noDistance}};
const gjkcheck_plugin PLUGIN = {GJKCHECK_PLUGIN_ABI, "gjkcheck-disk-cast", "test", 1, ENTRIES};
const gjkcheck_cast_entry CAST_ENTRIES[] = {
    {"disk-cast", "two disks, closed form, double", "f64", "on-shapes", "touching", &diskCast},
};
const gjkcheck_cast_plugin CAST_PLUGIN = {GJKCHECK_PLUGIN_ABI, 1, CAST_ENTRIES};

}  // namespace

extern "C" const gjkcheck_plugin* gjkcheck_plugin_info(void) { return &PLUGIN; }
extern "C" const gjkcheck_cast_plugin* gjkcheck_plugin_cast_info(void) { return &CAST_PLUGIN; }
