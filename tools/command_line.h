// The command lines of the gjkcheck subcommands: each command declares its options once (a CommandSpec),
// and that declaration is both what CLI11 parses and what --help prints, defaults included.
#pragma once

#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "case/case.h"

namespace gjk::tools {

// One exit-code rule for every subcommand (docs/cli.md).
inline constexpr int EXIT_ALL_OK = 0;
inline constexpr int EXIT_VIOLATIONS = 1;
inline constexpr int EXIT_BAD_INPUT = 2;
inline constexpr int EXIT_INTERRUPTED = 130;  // 128 + SIGINT: stopped by SIGINT or SIGTERM

// The rule as every help text ends with it.
extern const char* const EXIT_CODE_RULE;

// Bad usage: an unknown option, a missing value, a missing argument. Exit code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One --name option of a command.
struct OptionSpec {
  OptionSpec(std::string name, std::string value, std::string help, std::string defaultValue = "",
             std::string defaultShown = "", bool required = false)
      : name(std::move(name)), value(std::move(value)), help(std::move(help)), defaultValue(std::move(defaultValue)),
        defaultShown(std::move(defaultShown)), required(required) {}
  std::string name;          // without the dashes: "count"
  std::string value;         // what it takes, for the help ("N", "DIR"); empty for a flag
  std::string help;          // lines separated by '\n'
  std::string defaultValue;  // the value when the option is absent ("" : none)
  std::string defaultShown;  // how --help names the default when not defaultValue itself ("the number of cores")
  bool required = false;
};

struct CommandSpec {
  std::string name;            // "run", "corpus add"
  std::string positional;      // "CASE..." as the synopsis shows it; empty when the command takes none
  std::string positionalHelp;  // lines separated by '\n'
  std::string summary;         // what the command does: the paragraphs before the options
  std::vector<OptionSpec> options;
  std::string notes;      // paragraphs after the options
  std::string exitCodes;  // what 1 (and 130) mean for this command, before EXIT_CODE_RULE
};

// The --help text of a command: synopsis, summary, options with their defaults, notes, exit codes.
std::string helpText(const CommandSpec& spec);

struct CommandLine {
  std::vector<std::string> positional;
  std::map<std::string, std::string> values;    // the value options given
  std::map<std::string, std::string> defaults;  // every value option's declared default
  std::set<std::string> flags;                  // the flags given; "help" after --help was printed

  bool has(const std::string& flag) const { return flags.count(flag) != 0; }
  bool given(const std::string& option) const { return values.count(option) != 0; }
  // The option's value, or its declared default.
  std::string value(const std::string& name) const;
  // The option (or its default) as a whole number in [low, high]; UsageError naming the option otherwise.
  long long integerIn(const std::string& name, long long low, long long high) const;
};

// Parses argv[first..argc) as `spec` declares with CLI11. --help (or -h) prints helpText(spec) to stdout
// and returns a line whose has("help") is true; any parse error is a UsageError with CLI11's message.
CommandLine parseCommandLine(int argc, char** argv, int first, const CommandSpec& spec);

// "a,b,,c" -> {"a", "b", "c"}: the items of a comma-separated option value, empty ones dropped.
std::vector<std::string> splitList(const std::string& text);

// The items of --option's comma-separated value, each one of `known` and none twice (UsageError naming
// the item otherwise); `known` itself when the option is absent.
std::vector<std::string> chosenItems(const CommandLine& line, const std::string& option,
                                     const std::vector<std::string>& known, const std::string& what);

// What a command writes into an output folder, and may find there from an earlier run of its own kind.
enum class OutputKind { Report, Cases, Inputs };

// An output folder named by --option, checked before any work starts (tools/output_folders.h,
// outputFolderProblem and foreignContents): not in the repository's corpus/ or reports/ unless
// `intoRepository` (the command's flag saying so on purpose), not a folder holding files another
// program or command wrote, created if missing, and writable. UsageError with the path and the reason.
std::filesystem::path outputFolder(const CommandLine& line, const std::string& option, const std::string& command,
                                   OutputKind kind, bool intoRepository = false);

// Every case named by the arguments (files, folders searched recursively for *.case). Each file that
// does not read is reported on stderr (file:line: message, one line per file) and skipped; `bad`
// counts them. UsageError when no argument is given.
std::vector<check::Case> loadCases(const std::vector<std::string>& arguments, int& bad);

// As above, but any bad file ends the command with exit 2 after all were reported (before any work).
std::vector<check::Case> loadCases(const std::vector<std::string>& arguments);

}  // namespace gjk::tools
