#include "tools/command_line.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <utility>

#include <CLI/CLI.hpp>

#include "tools/load_cases_3d.h"
#include "tools/output_folders.h"

namespace gjk::tools {

const char* const EXIT_CODE_RULE =
    "Exit codes (every command): 0 all ok, 1 violations found, 2 bad input or usage, 130 stopped by\n"
    "SIGINT or SIGTERM.";

namespace {

constexpr std::size_t OPTION_COLUMN = 24;

// "--name VALUE" as the option list and the synopsis show it.
std::string optionLabel(const OptionSpec& option) {
  return "--" + option.name + (option.value.empty() ? "" : " " + option.value);
}

// `text`'s lines, the first after `label` padded to the option column, the others indented to it.
std::string column(const std::string& label, const std::string& text) {
  std::string out = label;
  std::stringstream lines(text);
  bool first = true;
  for (std::string item; std::getline(lines, item);) {
    if (first) {
      if (out.size() + 1 > OPTION_COLUMN) {
        out += "\n" + std::string(OPTION_COLUMN, ' ');
      } else {
        out += std::string(OPTION_COLUMN - out.size(), ' ');
      }
      first = false;
    } else {
      out += "\n" + std::string(OPTION_COLUMN, ' ');
    }
    out += item;
  }
  return out + "\n";
}

}  // namespace

std::string helpText(const CommandSpec& spec) {
  // The synopsis: positional, then required options bare and the others in brackets, wrapped at 100.
  const std::string head = "usage: gjkcheck " + spec.name;
  std::vector<std::string> words;
  if (!spec.positional.empty()) words.push_back(spec.positional);
  for (const OptionSpec& option : spec.options) {
    words.push_back(option.required ? optionLabel(option) : "[" + optionLabel(option) + "]");
  }
  std::string text = head;
  std::size_t lineLength = head.size();
  for (const std::string& word : words) {
    if (lineLength + 1 + word.size() > 100) {
      text += "\n" + std::string(head.size(), ' ');
      lineLength = head.size();
    }
    text += " " + word;
    lineLength += 1 + word.size();
  }
  text += "\n\n" + spec.summary;
  if (!spec.summary.empty() && spec.summary.back() != '\n') text += "\n";
  text += "\n";
  if (!spec.positional.empty() && !spec.positionalHelp.empty()) text += column(spec.positional, spec.positionalHelp);
  for (const OptionSpec& option : spec.options) {
    std::string help = option.help;
    const std::string shown = option.defaultShown.empty() ? option.defaultValue : option.defaultShown;
    if (option.required) {
      help += " (required)";
    } else if (!shown.empty()) {
      help += " (default " + shown + ")";
    }
    text += column(optionLabel(option), help);
  }
  if (!spec.notes.empty()) text += "\n" + spec.notes + (spec.notes.back() == '\n' ? "" : "\n");
  text += "\n";
  if (!spec.exitCodes.empty()) text += spec.exitCodes + (spec.exitCodes.back() == '\n' ? "" : "\n");
  text += EXIT_CODE_RULE;
  text += "\n";
  return text;
}

std::string CommandLine::value(const std::string& name) const {
  if (auto it = values.find(name); it != values.end()) return it->second;
  auto it = defaults.find(name);
  return it == defaults.end() ? std::string() : it->second;
}

long long CommandLine::integerIn(const std::string& name, long long low, long long high) const {
  const std::string text = value(name);
  char* end = nullptr;
  errno = 0;
  const long long number = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0') {
    throw UsageError("--" + name + " expects a whole number, got '" + text.substr(0, 40) + "'");
  }
  if (errno == ERANGE) throw UsageError("--" + name + " is out of range: '" + text.substr(0, 40) + "'");
  if (number < low || number > high) {
    throw UsageError("--" + name + " must be in " + std::to_string(low) + ".." + std::to_string(high) + ", got " +
                     std::to_string(number));
  }
  return number;
}

CommandLine parseCommandLine(int argc, char** argv, int first, const CommandSpec& spec) {
  CLI::App app(spec.summary, "gjkcheck " + spec.name);
  app.set_help_flag("-h,--help");
  std::map<std::string, std::string> storage;
  std::map<std::string, CLI::Option*> parsed;
  for (const OptionSpec& option : spec.options) {
    if (option.value.empty()) {
      parsed[option.name] = app.add_flag("--" + option.name, option.help);
    } else {
      CLI::Option* added = app.add_option("--" + option.name, storage[option.name], option.help);
      added->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
      parsed[option.name] = added;
    }
  }
  std::vector<std::string> positional;
  if (!spec.positional.empty()) app.add_option("ARGUMENTS", positional, spec.positionalHelp);

  // CLI11 reads the arguments from the back of a reversed vector.
  std::vector<std::string> arguments;
  for (int i = argc - 1; i >= first; --i) arguments.emplace_back(argv[i]);
  CommandLine line;
  for (const OptionSpec& option : spec.options) {
    if (!option.value.empty()) line.defaults[option.name] = option.defaultValue;
  }
  // Unknown words are kept aside and named first; required options are checked after them.
  app.allow_extras();
  try {
    app.parse(arguments);
  } catch (const CLI::CallForHelp&) {
    std::fputs(helpText(spec).c_str(), stdout);
    line.flags.insert("help");
    return line;
  } catch (const CLI::ParseError& error) {
    throw UsageError(error.what());
  }
  for (const std::string& extra : app.remaining()) {
    if (extra.size() > 1 && extra[0] == '-') throw UsageError("unknown option " + extra.substr(0, 60));
    throw UsageError("takes no positional arguments (got '" + extra.substr(0, 60) + "')");
  }
  for (const OptionSpec& option : spec.options) {
    if (option.required && parsed[option.name]->count() == 0) {
      throw UsageError("--" + option.name + " " + option.value + " is required");
    }
  }
  for (const OptionSpec& option : spec.options) {
    if (parsed[option.name]->count() == 0) continue;
    if (option.value.empty()) {
      line.flags.insert(option.name);
    } else {
      line.values[option.name] = storage[option.name];
    }
  }
  line.positional = positional;
  return line;
}

std::vector<std::string> splitList(const std::string& text) {
  std::vector<std::string> items;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    if (!item.empty()) items.push_back(item);
  }
  return items;
}

std::vector<std::string> chosenItems(const CommandLine& line, const std::string& option,
                                     const std::vector<std::string>& known, const std::string& what) {
  if (!line.given(option)) return known;
  std::vector<std::string> list;
  for (const std::string& item : splitList(line.value(option))) {
    if (std::find(known.begin(), known.end(), item) == known.end()) {
      throw UsageError("unknown " + what + " '" + item.substr(0, 40) + "'");
    }
    if (std::find(list.begin(), list.end(), item) != list.end()) {
      throw UsageError(what + " '" + item + "' is listed twice in --" + option);
    }
    list.push_back(item);
  }
  if (list.empty()) throw UsageError("--" + option + " names no " + what);
  return list;
}

std::filesystem::path outputFolder(const CommandLine& line, const std::string& option, const std::string& command,
                                   OutputKind kind, bool intoRepository) {
  namespace fs = std::filesystem;
  if (!line.given(option)) throw UsageError("--" + option + " DIR is required");
  const fs::path folder = line.value(option);
  if (folder.empty()) throw UsageError("--" + option + " names no folder");
  std::string problem = outputFolderProblem(folder, intoRepository);
  if (problem.empty()) problem = foreignContents(folder, command, kind);
  if (!problem.empty()) throw UsageError("cannot use --" + option + " " + folder.string() + ": " + problem);
  std::error_code error;
  fs::create_directories(folder, error);
  if (error) throw UsageError("cannot use --" + option + " " + folder.string() + ": " + error.message());
  if (!fs::is_directory(folder)) throw UsageError("--" + option + " " + folder.string() + " is not a folder");
  const fs::path probe = folder / ".gjkcheck-write-test";
  {
    std::ofstream out(probe);
    if (!out || !(out << "x") || !out.flush()) {
      throw UsageError("cannot write in --" + option + " " + folder.string());
    }
  }
  fs::remove(probe, error);
  return folder;
}

namespace {

// Which cases a command takes: 2D ones only (every command but `oracle` for now), or 3D ones too.
enum class CaseDimensions { Planar, PlanarOrSpatial };

std::vector<check::Case> loadCasesOf(const std::vector<std::string>& arguments, int& bad, CaseDimensions dimensions) {
  if (arguments.empty()) throw UsageError("no case file given");
  std::vector<check::Case> cases;
  bad = 0;
  for (const std::string& argument : arguments) {
    std::vector<std::filesystem::path> files;
    try {
      files = check::collectCaseFiles({argument});
    } catch (const check::CaseError& error) {
      std::fprintf(stderr, "%s\n", error.what());
      ++bad;
      continue;
    }
    for (const auto& path : files) {
      try {
        // A 3D case is named as a bad input unless the command takes one (`oracle` only, for now).
        check::Case value = check::readCaseFile(path);
        if (dimensions == CaseDimensions::Planar) check::requirePlanarCase(value, "this command");
        cases.push_back(std::move(value));
      } catch (const check::CaseError& error) {
        std::fprintf(stderr, "%s\n", error.what());
        ++bad;
      }
    }
  }
  if (cases.empty() && bad == 0) throw UsageError("no .case file found in the given paths");
  return cases;
}

}  // namespace

std::vector<check::Case> loadCases(const std::vector<std::string>& arguments, int& bad) {
  return loadCasesOf(arguments, bad, CaseDimensions::Planar);
}

std::vector<check::Case> loadCasesOfEitherDimension(const std::vector<std::string>& arguments, int& bad) {
  return loadCasesOf(arguments, bad, CaseDimensions::PlanarOrSpatial);
}

std::vector<check::Case> loadCases(const std::vector<std::string>& arguments) {
  int bad = 0;
  std::vector<check::Case> cases = loadCases(arguments, bad);
  if (bad) throw UsageError(std::to_string(bad) + (bad == 1 ? " case file does" : " case files do") + " not read (above)");
  return cases;
}

}  // namespace gjk::tools
