/* FCL 0.7's convex queries as a gjkcheck 3D plugin (include/gjkcheck/strategy.h, gjkcheck_plugin3_info), linked against
 * Debian's libfcl (libfcl-dev 0.7.0); this repository compiles none of FCL. Two entries, one per GJK solver of
 * FCL (fcl::GJKSolverType), each answering both queries, in double as FCL computes:
 *
 *   fcl-libccd  gjk_solver_type GST_LIBCCD (FCL's default): FCL's own GJK/EPA on libccd's data structures for the
 *               signed distance, libccd's MPR (ccdMPRPenetration) for collide's contact.
 *   fcl-indep   gjk_solver_type GST_INDEP: FCL's built-in GJK and EPA (the Bullet-derived gjk.h/epa.h).
 *
 * Shapes: fcl_shapes.h (fcl::Convex of our exact hull, fcl::Sphere, fcl::Capsule; a polytope with a radius is refused).
 *
 * Distance (`d`): fcl::distance with a DistanceRequest of enable_nearest_points and enable_signed_distance and the
 * entry's solver, its other fields FCL's defaults (distance_tolerance 1e-6). The distance is FCL's min_distance,
 * with a negative value (FCL's signed distance of overlapping shapes) reported as 0, the distance query's answer for
 * shapes in contact; the witnesses are DistanceResult::nearest_points, which FCL 0.7 gives in the world frame.
 *
 * Penetration (`p`): fcl::collide with a CollisionRequest of one contact, enable_contact and the entry's solver
 * (gjk_tolerance FCL's default 1e-6). Separated when FCL finds no collision; else Contact::penetration_depth,
 * Contact::normal (documented "from o1 to o2") and Contact::pos, one point, as both contact points: the `merged`
 * convention. Every number is FCL's own, its sign and frame included.
 *
 * Contact convention: `merged`. collide gives one point; GST_INDEP's signed distance of overlapping shapes takes its
 * nearest points from collide's contact (both the same point, fcl/narrowphase/distance-inl.h). Where FCL gives two
 * different points, each is judged on its own shape. Iterations: -1, termination `unreported` (FCL reports neither).
 *
 * An exception out of FCL (its EPA throws std::logic_error or FailedAtThisConfiguration when it fails at a
 * configuration) is printed to stderr and ends the process: the host reports a crash with that text. */
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "adapters/fcl/fcl_shapes.h"
#include "gjkcheck/strategy.h"

#ifndef GJKCHECK_FCL_VERSION
#define GJKCHECK_FCL_VERSION "unknown"
#endif

namespace {

using gjk::adapters::FclShape;

bool placeBoth(const gjkcheck_shape3* a, const gjkcheck_shape3* b, FclShape* shapeA, FclShape* shapeB) {
  std::string reason;
  if (!gjk::adapters::makeFclShape(*a, shapeA, &reason) || !gjk::adapters::makeFclShape(*b, shapeB, &reason)) {
    std::fprintf(stderr, "fcl plugin: %s\n", reason.c_str());
    return false;
  }
  return true;
}

// FCL's exception texts run over several lines (its message, then the shapes and the solver's settings); the
// crash detail is the last line of stderr (workers/isolated_batch.h), so they go out on one, lines joined by " | ".
[[noreturn]] void fclThrew(const char* what) {
  std::string text;
  for (const char* c = what; *c != '\0'; ++c) {
    if (*c != '\n') {
      text += *c;
    } else if (c[1] != '\0') {
      text += " | ";
    }
  }
  std::fprintf(stderr, "fcl plugin: FCL threw: %s\n", text.c_str());
  std::fflush(stderr);
  std::abort();
}

void copy3(const fcl::Vector3d& from, double to[3]) {
  to[0] = from[0];
  to[1] = from[1];
  to[2] = from[2];
}

int distanceWith(fcl::GJKSolverType solver, const gjkcheck_shape3* a, const gjkcheck_shape3* b,
                 gjkcheck_distance_answer3* answer) {
  FclShape shapeA, shapeB;
  if (!placeBoth(a, b, &shapeA, &shapeB)) return 1;
  fcl::DistanceRequestd request;
  request.enable_nearest_points = true;
  request.enable_signed_distance = true;
  request.gjk_solver_type = solver;
  fcl::DistanceResultd result;
  try {
    fcl::distance(shapeA.geometry.get(), shapeA.pose, shapeB.geometry.get(), shapeB.pose, request, result);
  } catch (const std::exception& error) {
    fclThrew(error.what());
  }
  // Not std::max: a NaN stays NaN.
  answer->distance = result.min_distance < 0 ? 0.0 : result.min_distance;
  copy3(result.nearest_points[0], answer->point_a);
  copy3(result.nearest_points[1], answer->point_b);
  answer->iterations = -1;
  std::snprintf(answer->termination, sizeof answer->termination, "unreported");
  return 0;
}

int penetrationWith(fcl::GJKSolverType solver, const gjkcheck_shape3* a, const gjkcheck_shape3* b,
                    gjkcheck_penetration_answer3* answer) {
  FclShape shapeA, shapeB;
  if (!placeBoth(a, b, &shapeA, &shapeB)) return 1;
  fcl::CollisionRequestd request;
  request.num_max_contacts = 1;
  request.enable_contact = true;
  request.gjk_solver_type = solver;
  fcl::CollisionResultd result;
  try {
    fcl::collide(shapeA.geometry.get(), shapeA.pose, shapeB.geometry.get(), shapeB.pose, request, result);
  } catch (const std::exception& error) {
    fclThrew(error.what());
  }
  *answer = gjkcheck_penetration_answer3{};
  if (!result.isCollision()) return 0;
  const fcl::Contactd& contact = result.getContact(0);
  answer->overlapping = 1;
  answer->depth = contact.penetration_depth;
  copy3(contact.normal, answer->normal);
  copy3(contact.pos, answer->point_a);
  copy3(contact.pos, answer->point_b);
  return 0;
}

int libccdDistance(const gjkcheck_shape3* a, const gjkcheck_shape3* b, gjkcheck_distance_answer3* answer) {
  return distanceWith(fcl::GST_LIBCCD, a, b, answer);
}
int libccdPenetration(const gjkcheck_shape3* a, const gjkcheck_shape3* b, gjkcheck_penetration_answer3* answer) {
  return penetrationWith(fcl::GST_LIBCCD, a, b, answer);
}
int indepDistance(const gjkcheck_shape3* a, const gjkcheck_shape3* b, gjkcheck_distance_answer3* answer) {
  return distanceWith(fcl::GST_INDEP, a, b, answer);
}
int indepPenetration(const gjkcheck_shape3* a, const gjkcheck_shape3* b, gjkcheck_penetration_answer3* answer) {
  return penetrationWith(fcl::GST_INDEP, a, b, answer);
}

const gjkcheck_entry3 ENTRIES[] = {
    {"fcl-libccd",
     "FCL " GJKCHECK_FCL_VERSION " GST_LIBCCD: fcl::distance (signed, GJK/EPA) and fcl::collide (MPR) on fcl::Convex of "
     "the hull, Sphere, Capsule; double",
     "f64", "merged", libccdDistance, libccdPenetration},
    {"fcl-indep",
     "FCL " GJKCHECK_FCL_VERSION " GST_INDEP: fcl::distance and fcl::collide with FCL's built-in GJK/EPA on "
     "fcl::Convex of the hull, Sphere, Capsule; double",
     "f64", "merged", indepDistance, indepPenetration},
};

const gjkcheck_plugin3 PLUGIN = {GJKCHECK_PLUGIN_ABI, "fcl", GJKCHECK_FCL_VERSION,
                                 static_cast<int>(sizeof ENTRIES / sizeof ENTRIES[0]), ENTRIES};

}  // namespace

extern "C" __attribute__((visibility("default"))) const gjkcheck_plugin3* gjkcheck_plugin3_info(void) {
  return &PLUGIN;
}
