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

const char* HELP =
    "usage: gjkcheck corpus check [DIR...]\n"
    "       gjkcheck corpus verdicts DIR\n"
    "       gjkcheck corpus add CASE... [--to DIR]\n\n"
    "check     replays every case under each DIR (default: corpus) against what it expects: its\n"
    "          meta.expected-relation and meta.expected-core-distance-squared (the oracle), its\n"
    "          meta.strategy with meta.expected-verdict and meta.expected-reasons (a regression), and\n"
    "          every expected-verdicts.tsv found (each strategy's verdict on each case beside it).\n"
    "          Exit code 1 when any expectation does not hold.\n"
    "verdicts  prints the verdict table of every strategy on every case under DIR, in the form of\n"
    "          expected-verdicts.tsv.\n"
    "add       promotes findings into the corpus on purpose: each CASE (a file, or a folder searched for\n"
    "          .case files) must read and name its strategy (meta.strategy, else its file name\n"
    "          <strategy>.<kind>.<termination>[.<family>].case, as a campaign names it). The strategy is\n"
    "          run and its verdict recorded as `corpus check` replays it: meta.strategy,\n"
    "          meta.expected-verdict (ok or violation) and, for a violation, meta.expected-reasons and\n"
    "          meta.signature (the cause); meta.family is added when missing, other meta lines stay.\n"
    "          The case is written atomically under its own file name into DIR (--to DIR, default\n"
    "          corpus/regressions of the current directory). An existing file of that name with other\n"
    "          text is never overwritten: the command refuses (exit 2), as it does for a case that does\n"
    "          not read or names no strategy; everything is checked first, so a refusal writes nothing.\n"
    "          Adding the same case twice changes nothing.\n\n"
    "--to DIR  (add) the folder to promote into (default corpus/regressions)";

int checkCorpus(const std::vector<std::string>& folders) {
  int cases = 0, tables = 0, unmet = 0;
  for (const std::string& folder : folders) {
    for (const auto& file : check::collectCaseFiles({folder})) {
      check::Case value = check::readCaseFile(file);
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
      auto actual = check::computeVerdictTable(tableFile.parent_path(), check::selectStrategies("all"));
      for (const std::string& difference : check::compareVerdictTables(expected, actual)) {
        std::printf("%s: %s\n", tableFile.string().c_str(), difference.c_str());
        ++unmet;
      }
    }
  }
  std::printf("%d cases, %d verdict tables: %d expectations not met\n", cases, tables, unmet);
  return unmet ? EXIT_VIOLATIONS : EXIT_ALL_OK;
}

}  // namespace

int corpusCommand(int argc, char** argv, int first) {
  CommandLine line = parseCommandLine(argc, argv, first, {"to"}, {});
  if (line.has("help")) {
    std::puts(HELP);
    return EXIT_ALL_OK;
  }
  if (line.positional.empty()) {
    throw UsageError("corpus needs a subcommand: check, verdicts or add");
  }
  std::string sub = line.positional[0];
  std::vector<std::string> folders(line.positional.begin() + 1, line.positional.end());
  if (sub == "add") {
    if (folders.empty()) throw UsageError("corpus add needs at least one CASE");
    return addToCorpus(folders, line.value("to", "corpus/regressions"));
  }
  if (line.values.count("to")) throw UsageError("--to belongs to corpus add");
  if (sub == "check") {
    if (folders.empty()) folders.push_back("corpus");
    return checkCorpus(folders);
  }
  if (sub == "verdicts") {
    if (folders.size() != 1) throw UsageError("corpus verdicts takes one folder");
    std::fputs(check::formatVerdictTable(check::computeVerdictTable(folders[0], check::selectStrategies("all")))
                   .c_str(),
               stdout);
    return EXIT_ALL_OK;
  }
  throw UsageError("unknown corpus subcommand '" + sub + "'");
}

}  // namespace gjk::tools
