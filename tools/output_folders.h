// Where a command may write what it finds, checked before it starts any work.
//
// The repository's corpus/ and reports/ receive files only on purpose: `gjkcheck corpus add` promotes
// a finding into corpus/regressions, and committed reports are copied there by whoever commits them.
// A campaign refuses any output folder inside either of them, always (there is no flag to allow it).
#pragma once

#include <filesystem>
#include <string>

namespace gjk::tools {

// The repository holding `path`: the nearest folder, from the path itself upward (absolute, with
// the symlinks of its existing part resolved), that has a `.git` entry or both a `corpus` and a
// `reports` folder. Empty when there is none.
std::filesystem::path enclosingRepository(const std::filesystem::path& path);

// Why `folder` cannot be an output folder, or "" when it can: it lies in the corpus/ or reports/ of
// the repository holding it, it exists and is not a folder, or the nearest existing folder at or
// above it cannot be written.
std::string outputFolderProblem(const std::filesystem::path& folder);

// `base` when nothing of that name exists, else the first of base-2, base-3, ... that does not.
std::filesystem::path numberedFolder(const std::filesystem::path& base);

// The time now in UTC, "20261124T071344Z": part of a default folder name.
std::string utcTimestamp();

}  // namespace gjk::tools
