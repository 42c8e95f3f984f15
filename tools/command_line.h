// Argument parsing shared by the gjkcheck subcommands.
#pragma once

#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "case/case.h"

namespace gjk::tools {

// Exit codes of design §7.
inline constexpr int EXIT_ALL_OK = 0;
inline constexpr int EXIT_VIOLATIONS = 1;
inline constexpr int EXIT_BAD_INPUT = 2;

// Bad usage: an unknown option, a missing value, a missing argument. Exit code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct CommandLine {
  std::vector<std::string> positional;
  std::map<std::string, std::string> values;  // --name VALUE or --name=VALUE
  std::set<std::string> flags;                // --name

  bool has(const std::string& flag) const { return flags.count(flag) != 0; }
  std::string value(const std::string& name, const std::string& fallback) const;
  long long integer(const std::string& name, long long fallback) const;  // UsageError if not a number
  // The option as a whole number in [low, high]; UsageError naming the option and the limits otherwise.
  long long integerIn(const std::string& name, long long fallback, long long low, long long high) const;
};

// Parses argv[first..argc). `valueOptions` take a value, `flagOptions` do not; anything else starting
// with "--" is a UsageError. "--help" is always a flag.
CommandLine parseCommandLine(int argc, char** argv, int first, const std::set<std::string>& valueOptions,
                             const std::set<std::string>& flagOptions);

// "a,b,,c" -> {"a", "b", "c"}: the items of a comma-separated option value, empty ones dropped.
std::vector<std::string> splitList(const std::string& text);

// The items of --option's comma-separated value, each one of `known` and none twice (UsageError naming
// the item otherwise); `known` itself when the option is absent.
std::vector<std::string> chosenItems(const CommandLine& line, const std::string& option,
                                     const std::vector<std::string>& known, const std::string& what);

// An output folder named by --option, checked before any work starts: created if missing, and a file
// written and removed in it. UsageError with the path and the reason when it cannot be used.
std::filesystem::path outputFolder(const CommandLine& line, const std::string& option);

// Every case named by the arguments (files, folders searched recursively for *.case). Throws
// check::CaseError naming the file and line of the first bad one, UsageError when there are none.
std::vector<check::Case> loadCases(const std::vector<std::string>& arguments);

}  // namespace gjk::tools
