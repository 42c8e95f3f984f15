#include <cstdio>
#include <filesystem>
#include <algorithm>
#include <fstream>
#include <sstream>

#include "tools/command_line.h"
#include "tools/commands.h"
#include "tools/corpus_add.h"
#include "verdict/expectations.h"
#include "verdict/strategy.h"

namespace gjk::tools {
namespace {

namespace fs = std::filesystem;

const CommandSpec OVERVIEW = {
    "corpus",
    "check|verdicts|add ...",
    "",
    "The case corpus: `gjkcheck corpus check [DIR...]` replays every case against what it expects,\n"
    "`gjkcheck corpus verdicts DIR` prints the verdict table of every strategy on the cases under DIR,\n"
    "`gjkcheck corpus add CASE... [--to DIR]` promotes findings into the corpus on purpose.\n"
    "`gjkcheck corpus SUBCOMMAND --help` tells more.",
    {},
    "",
    "",
};

const CommandSpec CHECK = {
    "corpus check",
    "[DIR...]",
    "folders of cases (default: corpus)",
    "Replays every case under each DIR against what it expects: its meta.expected-relation and\n"
    "meta.expected-core-distance-squared (the oracle), its meta.strategy with meta.expected-verdict and\n"
    "meta.expected-reasons (a regression), and every expected-verdicts.tsv found (each strategy's verdict\n"
    "on each case beside it). A 3D case (`dimension 3`) is replayed against the exact 3D oracle and, for\n"
    "meta.strategy (a 3D strategy: vdb3, opengjk, ...), the 3D verdict; a table's rows of a 3D case are\n"
    "the 3D strategies' (`gjkcheck strategies`). A case file that does not read is\n"
    "reported (file:line: message, one line per file) and the others are checked.",
    {},
    "",
    "Exit code 1 when any expectation does not hold, 2 when a case file does not read (the others are\n"
    "checked).",
};

const CommandSpec VERDICTS = {
    "corpus verdicts",
    "DIR",
    "a folder of cases",
    "Prints the verdict table of every strategy on every case under DIR, in the form of\n"
    "expected-verdicts.tsv: the 2D strategies on the 2D cases, the 3D strategies on the 3D cases.",
    {},
    "",
    "Exit code 0 (the table is the output, whatever its verdicts), 2 when a case does not read.",
};

const CommandSpec ADD = {
    "corpus add",
    "CASE...",
    "case files, or folders searched for .case files",
    "Promotes findings into the corpus on purpose: each CASE must read and name its strategy\n"
    "(meta.strategy, else its file name <strategy>.<kind>.<termination>[.<family>].case, as a campaign\n"
    "names it). The strategy is run and its verdict recorded as `corpus check` replays it: meta.strategy,\n"
    "meta.expected-verdict (ok or violation) and, for a violation, meta.expected-reasons,\n"
    "meta.signature (the cause) and meta.story (the one line with the numbers; each replaces a line of\n"
    "its name); meta.family is added when missing, other meta lines stay. A 3D case (`dimension 3`) is\n"
    "judged by the 3D verdict of its 3D strategy (distance, or penetration for a strategy of that query\n"
    "alone or with meta.query penetration), its family by verdict/classify3.h.\n"
    "The case is written atomically under its own file name into DIR. An existing file of that name\n"
    "with other text is never overwritten: the command refuses (exit 2), as it does for a case that does\n"
    "not read or names no strategy; everything is checked first, so a refusal writes nothing.\n"
    "Adding the same case twice changes nothing.",
    {{"to", "DIR", "the folder to promote into", "corpus/regressions", "corpus/regressions of the current directory"}},
    "",
    "Exit code 0 (a violation recorded is the point of adding it), 2 for a refusal.",
};

int checkCorpus(const std::vector<std::string>& folders) {
  int cases = 0, tables = 0, unmet = 0, bad = 0;
  for (const std::string& folder : folders) {
    std::vector<fs::path> files;
    try {
      files = check::collectCaseFiles({folder});
    } catch (const check::CaseError& error) {  // every bad argument and file is named, the others checked
      std::fprintf(stderr, "%s\n", error.what());
      ++bad;
      continue;
    }
    for (const auto& file : files) {
      check::Case value;
      try {
        value = check::readCaseFile(file);  // 2D or 3D: unmetCaseExpectations judges each by its own verdict
      } catch (const check::CaseError& error) {
        std::fprintf(stderr, "%s\n", error.what());
        ++bad;
        continue;
      }
      ++cases;
      for (const std::string& message : check::unmetCaseExpectations(value)) {
        std::printf("%s: %s\n", file.string().c_str(), message.c_str());
        ++unmet;
      }
    }
    std::vector<fs::path> tableFiles;
    if (fs::is_directory(folder)) {
      for (const auto& entry : fs::recursive_directory_iterator(folder)) {
        if (entry.path().filename() == check::VERDICT_TABLE_FILE) tableFiles.push_back(entry.path());
      }
    }
    std::sort(tableFiles.begin(), tableFiles.end());
    for (const fs::path& tableFile : tableFiles) {
      ++tables;
      std::ifstream in(tableFile);
      std::stringstream text;
      text << in.rdbuf();
      auto expected = check::parseVerdictTable(text.str(), tableFile.string());
      auto actual = check::computeVerdictTable(tableFile.parent_path(), check::verdictTableStrategies());
      for (const std::string& difference : check::compareVerdictTables(expected, actual)) {
        std::printf("%s: %s\n", tableFile.string().c_str(), difference.c_str());
        ++unmet;
      }
    }
  }
  std::printf("%d cases, %d verdict tables: %d expectations not met%s\n", cases, tables, unmet,
              bad ? (", " + std::to_string(bad) + " case files did not read").c_str() : "");
  if (bad) return EXIT_BAD_INPUT;
  return unmet ? EXIT_VIOLATIONS : EXIT_ALL_OK;
}

}  // namespace

int corpusCommand(int argc, char** argv, int first) {
  const std::string sub = first < argc ? argv[first] : "";
  if (sub == "add") {
    CommandLine line = parseCommandLine(argc, argv, first + 1, ADD);
    if (line.has("help")) return EXIT_ALL_OK;
    if (line.positional.empty()) throw UsageError("corpus add needs at least one CASE");
    return addToCorpus(line.positional, line.value("to"));
  }
  if (sub == "check") {
    CommandLine line = parseCommandLine(argc, argv, first + 1, CHECK);
    if (line.has("help")) return EXIT_ALL_OK;
    std::vector<std::string> folders = line.positional;
    if (folders.empty()) folders.push_back("corpus");
    return checkCorpus(folders);
  }
  if (sub == "verdicts") {
    CommandLine line = parseCommandLine(argc, argv, first + 1, VERDICTS);
    if (line.has("help")) return EXIT_ALL_OK;
    if (line.positional.size() != 1) throw UsageError("corpus verdicts takes one folder");
    std::fputs(check::formatVerdictTable(
                   check::computeVerdictTable(line.positional[0], check::verdictTableStrategies()))
                   .c_str(),
               stdout);
    return EXIT_ALL_OK;
  }
  CommandLine line = parseCommandLine(argc, argv, first, OVERVIEW);
  if (line.has("help")) return EXIT_ALL_OK;
  if (line.positional.empty()) throw UsageError("corpus needs a subcommand: check, verdicts or add");
  throw UsageError("unknown corpus subcommand '" + line.positional[0].substr(0, 40) + "'");
}

}  // namespace gjk::tools
