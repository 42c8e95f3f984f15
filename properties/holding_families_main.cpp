// find_holding_families: the exploration behind the families column of known-violations.tsv. For every
// property (or those named), every family and every strategy the property applies to, checks the property
// on CASES cases of the family (check::sampleFamily(family, SEED, 0..CASES-1), the same cases on every
// machine) and prints one line per (strategy, property, family):
//   strategy <TAB> property <TAB> family <TAB> holds <TAB> CASES
//   strategy <TAB> property <TAB> family <TAB> violates <TAB> index of the first failing case <TAB> failure
// A strategy stops being checked in a family at its first failure there. With a folder as fourth argument,
// the first failing case of each (strategy, property) is written there as a regression case (unshrunk;
// meta.found-by "family exploration seed SEED index I DATE").
//
//   find_holding_families CASES SEED [property,property... | all] [FOLDER] [strategy,strategy...]
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "check/case.h"
#include "check/families.h"
#include "check/strategy.h"
#include "properties/property_support.h"

namespace {

std::vector<std::string> splitList(const std::string& text) {
  std::vector<std::string> items;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ','))
    if (!item.empty())
      items.push_back(item);
  return items;
}

std::string oneLine(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r' || c == '\t')
      c = ' ';
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace gjk;
  using namespace gjk::properties;
  if (argc < 3) {
    std::cerr << "usage: find_holding_families CASES SEED [properties|all] [FOLDER] [strategies]\n";
    return 2;
  }
  const long long cases = std::atoll(argv[1]);
  const unsigned long long seed = std::strtoull(argv[2], nullptr, 10);
  std::vector<std::string> properties;
  if (argc > 3 && std::string(argv[3]) != "all") {
    properties = splitList(argv[3]);
  } else {
    for (const StrategyProperty& p : strategyProperties()) properties.push_back(p.name);
  }
  const std::string folder = argc > 4 ? argv[4] : "";
  std::set<std::string> only;
  if (argc > 5)
    for (const std::string& s : splitList(argv[5])) only.insert(s);
  const char* date = std::getenv("GJK_PROPERTY_FOUND_DATE");

  for (const std::string& name : properties) {
    const StrategyProperty& property = strategyProperty(name);
    std::vector<const check::StrategyInfo*> strategies;
    for (const check::StrategyInfo& s : check::strategies()) {
      if (property.notApplicable(s).empty() && (only.empty() || only.count(s.name)))
        strategies.push_back(&s);
    }
    std::set<std::string> written;  // strategies whose first counterexample is written
    for (const std::string& family : check::familyNames()) {
      std::map<std::string, std::pair<long long, std::string>> failed;
      for (long long index = 0; index < cases && failed.size() < strategies.size(); ++index) {
        const check::Case value = check::sampleFamily(family, seed, static_cast<std::uint64_t>(index));
        CaseContext context(value);
        for (const check::StrategyInfo* s : strategies) {
          if (failed.count(s->name))
            continue;
          const std::string failure = property.check(*s, context);
          if (failure.empty())
            continue;
          failed[s->name] = {index, failure};
          if (!folder.empty() && written.insert(s->name).second) {
            check::Case kept = counterexampleCase(value, *s, name, failure);
            kept.setMeta("found-by", "family exploration seed " + std::to_string(seed) + " index " +
                                         std::to_string(index) + (date ? std::string(" ") + date : std::string()));
            std::filesystem::create_directories(folder);
            check::writeFileAtomically(std::filesystem::path(folder) / counterexampleFileName(kept),
                                       check::formatCase(kept));
          }
        }
      }
      for (const check::StrategyInfo* s : strategies) {
        auto it = failed.find(s->name);
        if (it == failed.end())
          std::cout << s->name << '\t' << name << '\t' << family << "\tholds\t" << cases << '\n';
        else
          std::cout << s->name << '\t' << name << '\t' << family << "\tviolates\t" << it->second.first << '\t'
                    << oneLine(it->second.second) << '\n';
      }
      std::cout.flush();
    }
  }
  return 0;
}
