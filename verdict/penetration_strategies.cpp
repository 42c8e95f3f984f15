#include "verdict/penetration_strategies.h"

#include <string>

#if defined(GJK_HAVE_BOX2D) || defined(GJK_HAVE_CHIPMUNK)
#include "verdict/engine_shape.h"
#endif
#ifdef GJK_HAVE_BOX2D
#include "adapters/box2d_241_sat.h"
#endif
#ifdef GJK_HAVE_CHIPMUNK
#include "adapters/chipmunk7.h"
#endif

namespace gjk::check {

#if defined(GJK_HAVE_BOX2D) || defined(GJK_HAVE_CHIPMUNK)
namespace {

// An engine's contact read as a penetration answer. Neither engine says how it stopped beyond contact or
// not: the termination is "contact" or "no-contact"; iterations -1 (not told).
template <class Contact>
StrategyResult fromContact(const Contact& contact) {
  StrategyResult result;
  result.penetration.answered = true;
  result.penetration.overlapping = contact.overlapping;
  result.penetration.depth = contact.depth;
  result.penetration.normal = {contact.normal[0], contact.normal[1]};
  result.penetration.pointA = {contact.pointA[0], contact.pointA[1]};
  result.penetration.pointB = {contact.pointB[0], contact.pointB[1]};
  result.iterations = -1;
  result.termination = contact.overlapping ? "contact" : "no-contact";
  return result;
}

}  // namespace
#endif

#ifdef GJK_HAVE_BOX2D
namespace {

StrategyResult runBox2dSat(const Case& value, const RunOptions& /*options*/) {
  std::vector<float> xyA = flatten(requirePlanarCase(value, "the 2D engines").a), xyB = flatten(value.b);
  adapters::Box2dContact contact =
      adapters::box2dCollidePolygons(toEngineShape(value.a, xyA), toEngineShape(value.b, xyB));
  if (contact.refused) {
    StrategyResult result;
    result.failure = result.penetration.failure = EngineFailure::Refused;
    result.failureDetail = result.penetration.failureDetail = contact.reason;
    result.iterations = -1;
    result.termination = "refused";
    return result;
  }
  return fromContact(contact);
}

}  // namespace
#endif

#ifdef GJK_HAVE_CHIPMUNK
namespace {

StrategyResult runChipmunk(const Case& value, const RunOptions& /*options*/) {
  std::vector<float> xyA = flatten(requirePlanarCase(value, "the 2D engines").a), xyB = flatten(value.b);
  return fromContact(
      adapters::chipmunkShapesCollide(toEngineShape(value.a, xyA), toEngineShape(value.b, xyB)));
}

}  // namespace
#endif

const std::vector<StrategyInfo>& penetrationEngineStrategies() {
  static const std::vector<StrategyInfo> ROWS = [] {
    std::vector<StrategyInfo> rows;
#ifdef GJK_HAVE_BOX2D
    rows.push_back({"box2d-2.4.1-sat",
                    std::string("the real b2CollidePolygons of the system's libbox2d ") +
                        adapters::box2dVersion() +
                        ": manifold normal, deepest point (adapter; 3..8 points, else refused)",
                    "float", 0, ContactConvention::OnShapes, &runBox2dSat, QueryKind::Penetration});
#endif
#ifdef GJK_HAVE_CHIPMUNK
    rows.push_back({"chipmunk7",
                    std::string("the real cpShapesCollide of the system's libchipmunk ") +
                        adapters::chipmunkVersion() +
                        " (GJK then EPA; adapter): contact normal, deepest point",
                    "double", 0, ContactConvention::OnShapes, &runChipmunk, QueryKind::Penetration});
#endif
    return rows;
  }();
  return ROWS;
}

}  // namespace gjk::check
