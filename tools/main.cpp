// gjkcheck: run, reproduce and compare GJK distance strategies against the exact oracle.
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

#include "case/case.h"
#include "tools/command_line.h"
#include "tools/commands.h"
#include "tools/run_context.h"
#include "verdict/engine_versions.h"
#include "verdict/strategy.h"

namespace {

const char* USAGE =
    "usage: gjkcheck COMMAND [ARGS]\n"
    "       gjkcheck --version\n"
    "\n"
    "Checks float GJK distance strategies against an exact rational oracle.\n"
    "\n"
    "commands:\n"
    "  strategies            list the strategies with one-line descriptions\n"
    "  oracle CASE...        the exact answer of each case\n"
    "  run CASE... [--strategy NAME|all]\n"
    "                        each strategy's answer and its verdict against the exact one\n"
    "  repro CASE [--strategy NAME]\n"
    "                        everything about one case: exact answer, every strategy, the trace\n"
    "  corpus check [DIR...] replay every case against its expected verdict (default: corpus)\n"
    "  corpus verdicts DIR   the verdict table of every strategy on the cases under DIR\n"
    "  corpus add CASE... [--to DIR]\n"
    "                        promote findings into corpus/regressions with their expected verdict\n"
    "  gen --family F --count N [--seed K] --out DIR\n"
    "                        write generated cases of a family\n"
    "  compare [--strategies ...] [--families ...] [--count N] [--seed K] --out DIR\n"
    "                        every strategy on the same generated cases: the comparison report\n"
    "                        (--shard I/N: one shard of it, for `merge`)\n"
    "  merge SHARD... --out DIR\n"
    "                        the comparison report from the shards of compare --shard I/N\n"
    "  convert FILE | --to input|case --out DIR PATH...\n"
    "                        fuzzer inputs to .case files and back\n"
    "  properties [--strategies ...] [--cases N] [--seed K] --out DIR\n"
    "                        every property on every strategy and family: holds or violated, counts,\n"
    "                        one shrunk counterexample each\n"
    "  campaign --strategy NAME [--time S] [--jobs N] [--out DIR]\n"
    "                        fuzz one strategy with libFuzzer; one case per cause into a new folder\n"
    "  version               the commit gjkcheck was built from and the engine versions (= --version)\n"
    "\n"
    "CASE is a .case file or a folder searched recursively for them. Every command takes --help.\n"
    "An --out folder is never in the repository's corpus/ or reports/ (compare, merge and properties:\n"
    "unless --regenerate-report) and never a non-empty folder of other files (docs/cli.md).\n";

// gjkcheck --version: the commit, the engines linked in, and those an external manifest declares.
int versionCommand() {
  std::printf("gjkcheck %s\n", gjk::tools::commitDescription().c_str());
  for (const auto& [strategies, version] : gjk::check::linkedEngineVersions()) {
    std::printf("  %-29s %s\n", strategies.c_str(), version.c_str());
  }
  try {
    for (const gjk::check::StrategyInfo& info : gjk::check::externalStrategies()) {
      std::printf("  %-29s %s: %s%s\n", info.name.c_str(), "manifest", info.version.empty() ? "no version" : info.version.c_str(),
                  info.install.empty() ? "" : " (not installed)");
    }
  } catch (const std::exception& error) {
    std::printf("  external engines: %s\n", error.what());
  }
  std::printf("%s\n", gjk::tools::EXIT_CODE_RULE);
  return gjk::tools::EXIT_ALL_OK;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace gjk::tools;
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0 ||
      std::strcmp(argv[1], "help") == 0) {
    std::fputs(USAGE, argc < 2 ? stderr : stdout);
    std::fputs(EXIT_CODE_RULE, argc < 2 ? stderr : stdout);
    std::fputc('\n', argc < 2 ? stderr : stdout);
    return argc < 2 ? EXIT_BAD_INPUT : EXIT_ALL_OK;
  }
  if (std::strcmp(argv[1], "--version") == 0 || std::strcmp(argv[1], "version") == 0) {
    if (argc > 2 && std::strcmp(argv[2], "--help") != 0 && std::strcmp(argv[2], "-h") != 0) {
      std::fprintf(stderr, "gjkcheck %s takes no arguments\n", argv[1]);
      return EXIT_BAD_INPUT;
    }
    if (argc > 2) {
      std::puts("usage: gjkcheck --version\n\nThe commit gjkcheck was built from (git describe), the engine libraries linked in\n"
                "and the versions the external engines' manifests declare.");
      return EXIT_ALL_OK;
    }
    return versionCommand();
  }
  std::string command = argv[1];
  try {
    if (command == "strategies") return strategiesCommand(argc, argv, 2);
    if (command == "oracle") return oracleCommand(argc, argv, 2);
    if (command == "run") return runCommand(argc, argv, 2);
    if (command == "repro") return reproCommand(argc, argv, 2);
    if (command == "corpus") return corpusCommand(argc, argv, 2);
    if (command == "compare") return compareCommand(argc, argv, 2);
    if (command == "merge") return mergeCommand(argc, argv, 2);
    if (command == "gen") return genCommand(argc, argv, 2);
    if (command == "convert") return convertCommand(argc, argv, 2);
    if (command == "campaign") return campaignCommand(argc, argv, 2);
    if (command == "properties") return propertiesCommand(argc, argv, 2);
    std::fprintf(stderr, "gjkcheck: unknown command '%s' (gjkcheck --help lists the commands)\n",
                 command.substr(0, 40).c_str());
    return EXIT_BAD_INPUT;
  } catch (const gjk::check::CaseError& error) {
    std::fprintf(stderr, "gjkcheck: %s\n", error.what());
    return EXIT_BAD_INPUT;
  } catch (const UsageError& error) {
    std::fprintf(stderr, "gjkcheck %s: %s (see gjkcheck %s --help)\n", command.c_str(), error.what(),
                 command.c_str());
    return EXIT_BAD_INPUT;
  } catch (const std::exception& error) {
    // Anything else (a file that cannot be written, memory) ends the run with its message, never an abort.
    std::fprintf(stderr, "gjkcheck %s: %s\n", command.c_str(), error.what());
    return EXIT_BAD_INPUT;
  }
}
