#include "verdict/engine_versions.h"

#ifdef GJK_HAVE_BOX2D
#include "adapters/box2d_241.h"
#endif
#ifdef GJK_HAVE_CHIPMUNK
#include "adapters/chipmunk7.h"
#endif

namespace gjk::check {

std::vector<std::pair<std::string, std::string>> linkedEngineVersions() {
  std::vector<std::pair<std::string, std::string>> versions;
#ifdef GJK_HAVE_BOX2D
  versions.emplace_back("box2d-2.4.1, box2d-2.4.1-sat", std::string("linked: Box2D ") + adapters::box2dVersion());
#else
  versions.emplace_back("box2d-2.4.1, box2d-2.4.1-sat", "not built (no libbox2d-dev)");
#endif
#ifdef GJK_HAVE_CHIPMUNK
  versions.emplace_back("chipmunk7", std::string("linked: Chipmunk ") + adapters::chipmunkVersion());
#else
  versions.emplace_back("chipmunk7", "not built (no libchipmunk-dev)");
#endif
  return versions;
}

}  // namespace gjk::check
