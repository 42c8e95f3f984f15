// The versions of the engine libraries linked into this build (for `gjkcheck --version`): Box2D 2.4.1 and
// Chipmunk 7 when their packages were found (adapters/CMakeLists.txt). External engines declare theirs in
// their manifests (StrategyInfo::version).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace gjk::check {

// (the strategies the library serves, "linked: <library> <version>" or "not built (<package>)").
std::vector<std::pair<std::string, std::string>> linkedEngineVersions();

}  // namespace gjk::check
