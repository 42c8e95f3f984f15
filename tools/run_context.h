// Where and when a run happened, for the first lines of the reports gjkcheck writes.
#pragma once

#include <string>

namespace gjk::tools {

// Today's date in UTC, "2026-11-21".
std::string today();

// "Linux 6.1.0 x86_64, 2 cores, <CPU model>".
std::string machineDescription();

// `git describe --always --dirty --abbrev=12` of the working directory, or a note that there is none.
std::string commitDescription();

}  // namespace gjk::tools
