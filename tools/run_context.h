// Where and when a run happened, for the first lines of the reports gjkcheck writes.
#pragma once

#include <string>

namespace gjk::tools {

// Today's date in UTC, "2026-11-21".
std::string today();

// "Linux 6.1.0 x86_64, 2 cores, <CPU model>".
std::string machineDescription();

// `git describe --always --dirty --abbrev=12` of the source tree gjkcheck was built from (recorded at
// build time by tools/build_commit.cmake); when the build recorded none, that of the working directory
// (said so); else a note that neither exists.
std::string commitDescription();

}  // namespace gjk::tools
