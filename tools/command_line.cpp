#include "tools/command_line.h"

#include <cstdlib>
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
  long long number = std::strtoll(it->second.c_str(), &end, 10);
  if (it->second.empty() || *end != '\0') {
    throw UsageError("--" + name + " expects a whole number, got '" + it->second + "'");
  }
  return number;
}

CommandLine parseCommandLine(int argc, char** argv, int first, const std::set<std::string>& valueOptions,
                             const std::set<std::string>& flagOptions) {
  CommandLine line;
  for (int i = first; i < argc; ++i) {
    std::string word = argv[i];
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
