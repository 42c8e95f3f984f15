// Where a command may write what it finds, checked before it starts any work (docs/cli.md, Output
// folders). One rule for every command that writes a folder:
//
// The repository's corpus/ and reports/ receive files only on purpose: `gjkcheck corpus add` promotes
// a finding into corpus/regressions, and compare, merge and properties write into reports/ only with
// --regenerate-report. A campaign refuses any output folder inside either of them, always.
//
// A folder that exists and holds files is used only when they are what the same command writes
// (foreignContents): a report of the same kind, a folder of cases, a folder of fuzzer inputs.
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
// `intoRepository`: the command was told on purpose to write there (--regenerate-report).
std::string outputFolderProblem(const std::filesystem::path& folder, bool intoRepository = false);

// Why the existing folder `folder` is not one `command` may write into, or "" when it may: it does not
// exist or is empty; or, by what `command` writes into it:
//   compare, merge: it holds README.md beginning "# Strategy comparison", penetration.md beginning
//                   "# Penetration comparison", or comparison-shard-*.bin files (a --shard run);
//   properties:     it holds README.md beginning "# Properties of the strategies";
//   gen, convert --to case: every file in it is a .case file (subfolders are not looked into);
//   convert --to input: it is flat and holds no .case, .md or .txt file (fuzzer inputs, libFuzzer corpora).
// A findings.md (kept by compare) and dot files are not counted.
enum class OutputKind;
std::string foreignContents(const std::filesystem::path& folder, const std::string& command, OutputKind kind);

// `base` when nothing of that name exists, else the first of base-2, base-3, ... that does not.
std::filesystem::path numberedFolder(const std::filesystem::path& base);

// The time now in UTC, "20261124T071344Z": part of a default folder name.
std::string utcTimestamp();

}  // namespace gjk::tools
