#include "tools/command_line.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace gjk::tools {

std::string CommandLine::value(const std::string& name, const std::string& fallback) const {
  auto it = values.find(name);
  return it == values.end() ? fallback : it->second;
}

long long CommandLine::integer(const std::string& name, long long fallback) const {
  auto it = values.find(name);
  if (it == values.end()) {
    return fallback;
  }
  char* end = nullptr;
  errno = 0;
  long long number = std::strtoll(it->second.c_str(), &end, 10);
  if (it->second.empty() || *end != '\0') {
    throw UsageError("--" + name + " expects a whole number, got '" + it->second.substr(0, 40) + "'");
  }
  if (errno == ERANGE) {
    throw UsageError("--" + name + " is out of range: '" + it->second.substr(0, 40) + "'");
  }
  return number;
}

long long CommandLine::integerIn(const std::string& name, long long fallback, long long low, long long high) const {
  const long long number = integer(name, fallback);
  if (number < low || number > high) {
    throw UsageError("--" + name + " must be in " + std::to_string(low) + ".." + std::to_string(high) + ", got " +
                     std::to_string(number));
  }
  return number;
}

CommandLine parseCommandLine(int argc, char** argv, int first, const std::set<std::string>& valueOptions,
                             const std::set<std::string>& flagOptions) {
  CommandLine line;
  for (int i = first; i < argc; ++i) {
    std::string word = argv[i];
    if (word == "-h") {
      line.flags.insert("help");
      continue;
    }
    if (word.size() < 2 || word.compare(0, 2, "--") != 0) {
      line.positional.push_back(word);
      continue;
    }
    std::string name = word.substr(2);
    std::string inlineValue;
    bool hasInlineValue = false;
    if (auto eq = name.find('='); eq != std::string::npos) {
      inlineValue = name.substr(eq + 1);
      name = name.substr(0, eq);
      hasInlineValue = true;
    }
    if (name == "help" || flagOptions.count(name)) {
      if (hasInlineValue) {
        throw UsageError("--" + name + " takes no value");
      }
      line.flags.insert(name);
    } else if (valueOptions.count(name)) {
      if (hasInlineValue) {
        line.values[name] = inlineValue;
      } else if (i + 1 < argc) {
        line.values[name] = argv[++i];
      } else {
        throw UsageError("--" + name + " needs a value");
      }
    } else {
      throw UsageError("unknown option --" + name);
    }
  }
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
  if (!line.values.count(option)) return known;
  std::vector<std::string> list;
  for (const std::string& item : splitList(line.value(option, ""))) {
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

std::filesystem::path outputFolder(const CommandLine& line, const std::string& option) {
  namespace fs = std::filesystem;
  if (!line.values.count(option)) throw UsageError("--" + option + " DIR is required");
  const fs::path folder = line.value(option, "");
  if (folder.empty()) throw UsageError("--" + option + " names no folder");
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

std::vector<check::Case> loadCases(const std::vector<std::string>& arguments) {
  if (arguments.empty()) {
    throw UsageError("no case file given");
  }
  std::vector<check::Case> cases;
  for (const auto& path : check::collectCaseFiles(arguments)) {
    cases.push_back(check::readCaseFile(path));
  }
  if (cases.empty()) {
    throw UsageError("no .case file found in the given paths");
  }
  return cases;
}

}  // namespace gjk::tools
