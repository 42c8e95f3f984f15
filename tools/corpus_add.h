// gjkcheck corpus add: promotes findings (a campaign's cases, or any case) into the corpus on purpose.
//
// Each case must read; its strategy is its meta.strategy or, failing that, the start of its file name
// (tools/campaign_findings.h strategyOfFiledCase). The strategy is run and judged, and the case gets
// the meta lines `gjkcheck corpus check` replays (verdict/expectations.h): meta.strategy,
// meta.expected-verdict and, for a violation, meta.expected-reasons, meta.signature (the cause) and meta.story
// (each replacing a line of its name; meta.family is added when missing); its other meta lines stay. It is written under its own file
// name into the folder, atomically. A file of that name already there is left alone: the same text
// counts as added, a different text is refused. Everything is checked before anything is written:
// one refused case writes nothing.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace gjk::tools {

// Returns the exit code: 0 when every case is in the folder, 2 when any was refused (each refusal
// printed to stderr with the file and the reason).
int addToCorpus(const std::vector<std::string>& cases, const std::filesystem::path& folder);

}  // namespace gjk::tools
