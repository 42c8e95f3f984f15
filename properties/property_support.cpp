// Run mode, the known-violations table, the per-case context and the driver every strategy property uses.
#include "properties/property_support.h"

#include <rapidcheck.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <set>
#include <sstream>
#include <stdexcept>

#include "check/exact_case.h"
#include "check/families.h"

#ifndef GJK_SOURCE_DIR
#define GJK_SOURCE_DIR "."
#endif

namespace gjk::properties {
namespace {

std::string environment(const char* name) {
  const char* value = std::getenv(name);
  return value == nullptr ? "" : value;
}

// The number after `key` in a RapidCheck parameter string such as "max_success=500 seed=3", or -1.
long long parameter(const std::string& params, const std::string& key) {
  std::size_t at = params.find(key + "=");
  if (at == std::string::npos || (at > 0 && params[at - 1] != ' '))
    return -1;
  return std::atoll(params.c_str() + at + key.size() + 1);
}

std::vector<std::string> splitList(const std::string& text) {
  std::vector<std::string> items;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    if (!item.empty())
      items.push_back(item);
  }
  return items;
}

RunMode decideRunMode() {
  RunMode mode;
  std::string params = environment("RC_PARAMS");
  const std::string cases = environment("GJK_PROPERTY_CASES");
  if (parameter(params, "max_success") > 0) {
    mode.cases = static_cast<int>(parameter(params, "max_success"));
    mode.name = "RC_PARAMS max_success";
  } else if (!cases.empty()) {
    mode.cases = std::atoi(cases.c_str());
    if (mode.cases <= 0) {
      std::cerr << "GJK_PROPERTY_CASES must be a positive number of cases, not '" << cases << "'\n";
      std::exit(2);
    }
    mode.name = "long (GJK_PROPERTY_CASES)";
    params += " max_success=" + std::to_string(mode.cases);
  } else {
    mode.cases = QUICK_MODE_CASES;
    mode.name = "quick";
    params += " max_success=" + std::to_string(mode.cases);
    if (parameter(params, "seed") < 0)
      params += " seed=" + std::to_string(QUICK_MODE_SEED);
  }
  // RapidCheck reads RC_PARAMS once, when the first property runs; this runs before main.
  setenv("RC_PARAMS", params.c_str(), 1);
  mode.onlyStrategies = splitList(environment("GJK_PROPERTY_STRATEGIES"));
  mode.explore = environment("GJK_PROPERTY_EXPLORE") == "1";
  mode.counterexampleFolder = environment("GJK_PROPERTY_COUNTEREXAMPLES");
  return mode;
}

// A static initializer, so that RC_PARAMS is set before any property runs.
const RunMode& RUN_MODE_AT_START = runMode();

struct Checked {
  const StrategyInfo* strategy;
  std::set<std::string> families;  // the families its random cases come from
};

struct Plan {
  std::vector<Checked> random;       // each checked on the generated cases of its families
  std::vector<std::string> families;  // their union, in familyNames() order: what the generator draws
};

// genAnyFamily's weights (properties/family_generators.h): plain random cases weighted up.
int familyWeight(const std::string& family) {
  return check::anyFamilyWeight(family);
}

std::string plural(std::size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// How many checks each strategy got in this process, printed at exit (shrinking steps included).
struct CheckCounts {
  std::mutex lock;
  std::map<std::string, std::vector<std::pair<std::string, long>>> counts;  // property -> strategy, count
  ~CheckCounts() {
    for (const auto& [property, list] : counts) {
      std::cout << "[properties] " << property << ": generated cases checked per strategy (shrinking included):";
      for (const auto& [strategy, count] : list) std::cout << " " << strategy << " " << count << ";";
      std::cout << std::endl;
    }
  }
};

CheckCounts& checkCounts() {
  static CheckCounts COUNTS;
  return COUNTS;
}

Plan makePlan(const StrategyProperty& property) {
  const RunMode& mode = runMode();
  const std::vector<std::string> allFamilies = check::familyNames();
  std::vector<const StrategyInfo*> candidates;
  if (mode.onlyStrategies.empty()) {
    for (const StrategyInfo& s : check::strategies()) candidates.push_back(&s);
  } else {
    for (const std::string& name : mode.onlyStrategies) {
      const StrategyInfo* s = check::findStrategy(name);
      if (s == nullptr)
        throw std::invalid_argument("GJK_PROPERTY_STRATEGIES names no strategy: " + name);
      candidates.push_back(s);
    }
  }
  Plan plan;
  std::ostringstream reproduced, excluded;
  for (const StrategyInfo* s : candidates) {
    const std::string why = property.notApplicable(*s);
    const KnownRow* row = knownRow(s->name, property.name);
    if (!why.empty()) {
      excluded << "\n    " << s->name << ": " << why;
      continue;
    }
    Checked checked{s, {allFamilies.begin(), allFamilies.end()}};
    if (row != nullptr && row->status == "violates" && !mode.explore) {
      checked.families = {row->families.begin(), row->families.end()};
      reproduced << "\n    " << s->name << ": " << row->counterexample;
    }
    plan.random.push_back(checked);
  }
  for (const std::string& family : allFamilies) {
    for (const Checked& c : plan.random) {
      if (c.families.count(family)) {
        plan.families.push_back(family);
        break;
      }
    }
  }
  int totalWeight = 0;
  for (const std::string& family : plan.families) totalWeight += familyWeight(family);
  std::cout << "[properties] " << property.name << ": " << property.claim << ".\n  generated cases come from "
            << plan.families.size() << " of " << allFamilies.size() << " families";
  if (plan.families.size() < allFamilies.size()) {
    std::cout << " (";
    for (const std::string& f : plan.families) std::cout << f << (f == plan.families.back() ? "" : ", ");
    std::cout << ")";
  }
  std::cout << "; random cases, per strategy:";
  for (const Checked& c : plan.random) {
    int weight = 0;
    for (const std::string& f : c.families) weight += familyWeight(f);
    std::cout << "\n    " << c.strategy->name << ": " << c.families.size() << " of " << allFamilies.size()
              << " families";
    if (c.families.empty()) {
      std::cout << ", no random cases: the committed counterexample only";
      continue;
    }
    std::cout << ", about " << (totalWeight == 0 ? 0 : 100 * weight / totalWeight) << "% of the generated cases";
    if (c.families.size() < allFamilies.size()) {
      std::cout << " (not: ";
      bool first = true;
      for (const std::string& f : allFamilies) {
        if (c.families.count(f))
          continue;
        std::cout << (first ? "" : ", ") << f;
        first = false;
      }
      std::cout << ")";
    }
  }
  if (plan.random.empty())
    std::cout << "\n    none";
  if (!reproduced.str().empty()) {
    std::cout << "\n  known violations, also held to their committed counterexample "
                 "(KnownViolations.stillReproducesOnItsCommittedCase):"
              << reproduced.str();
  }
  if (!excluded.str().empty())
    std::cout << "\n  not applicable:" << excluded.str();
  std::cout << std::endl;
  CheckCounts& counts = checkCounts();
  std::lock_guard<std::mutex> guard(counts.lock);
  auto& list = counts.counts[property.name];
  for (const Checked& c : plan.random) list.emplace_back(c.strategy->name, 0);
  return plan;
}

const Plan& planFor(const StrategyProperty& property) {
  static std::mutex lock;
  static std::map<std::string, Plan> plans;
  std::lock_guard<std::mutex> guard(lock);
  auto it = plans.find(property.name);
  if (it == plans.end())
    it = plans.emplace(property.name, makePlan(property)).first;
  return it->second;
}

std::string today() {
  const std::string fixed = environment("GJK_PROPERTY_FOUND_DATE");
  if (!fixed.empty())
    return fixed;
  std::time_t now = std::time(nullptr);
  char buffer[16];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%d", std::gmtime(&now));
  return buffer;
}

}  // namespace

RunMode& mutableRunMode() {
  static RunMode MODE = decideRunMode();
  return MODE;
}

const RunMode& runMode() {
  return mutableRunMode();
}

void announceRun() {
  static std::once_flag once;
  std::call_once(once, [] {
    RunMode& mode = mutableRunMode();
    mode.seed = rc::detail::configuration().testParams.seed;
    std::cout
        << "[properties] " << mode.name << " mode: " << mode.cases
        << " generated cases per property, each checked on every strategy where the property holds; seed "
        << mode.seed << " (RC_PARAMS=\"" << environment("RC_PARAMS") << "\")";
    if (!mode.onlyStrategies.empty())
      std::cout << "; only " << environment("GJK_PROPERTY_STRATEGIES");
    if (mode.explore)
      std::cout << "; explore: known violations run on random cases too";
    std::cout << std::endl;
  });
}

// ---------------------------------------------------------------------------------------------------

double unitOf(const Case& value) {
  oracle::Rational largest = 0;
  for (const check::ShapeSpec* shape : {&value.a, &value.b}) {
    for (const oracle::ExactPoint& p : oracle::worldVertices(check::toOracleShape(*shape))) {
      largest = std::max({largest, oracle::Rational(abs(p.x)), oracle::Rational(abs(p.y))});
    }
  }
  oracle::Rational size = largest + oracle::exactFloat(value.a.radius) + oracle::exactFloat(value.b.radius);
  if (size == 0)
    size = oracle::exactFloat(0x1p-126f);
  return static_cast<double>(size / oracle::Rational(oracle::Integer(1) << 24));
}

CaseContext::CaseContext(const Case& value) : value_(value), unit_(unitOf(value)) {}

const oracle::ExactAnswer& CaseContext::exact() {
  if (!exact_)
    exact_ = std::make_unique<oracle::ExactAnswer>(check::solveExactly(value_));
  return *exact_;
}

const StrategyResult& CaseContext::result(const StrategyInfo& strategy) {
  auto it = results_.find(strategy.name);
  if (it == results_.end())
    it = results_.emplace(strategy.name, strategy.run(value_, {})).first;
  return it->second;
}

const check::Verdict& CaseContext::verdict(const StrategyInfo& strategy) {
  auto it = verdicts_.find(strategy.name);
  if (it == verdicts_.end()) {
    it = verdicts_.emplace(strategy.name, check::judge(value_, exact(), result(strategy))).first;
  }
  return it->second;
}

// ---------------------------------------------------------------------------------------------------

std::string sourceDir() {
  const std::string fromEnvironment = environment("GJK_SOURCE_DIR");
  return fromEnvironment.empty() ? GJK_SOURCE_DIR : fromEnvironment;
}

std::string knownViolationsFile() {
  return sourceDir() + "/properties/known-violations.tsv";
}

const std::vector<KnownRow>& knownViolations() {
  static const std::vector<KnownRow> ROWS = [] {
    std::vector<KnownRow> rows;
    const std::string file = knownViolationsFile();
    std::ifstream in(file);
    if (!in)
      throw std::runtime_error(file + ": cannot read the known-violations table");
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
      ++number;
      if (line.empty() || line[0] == '#')
        continue;
      std::vector<std::string> fields;
      std::stringstream fieldsIn(line);
      std::string field;
      while (std::getline(fieldsIn, field, '\t')) fields.push_back(field);
      const std::string where = file + ":" + std::to_string(number);
      if (fields.size() != 5 || (fields[2] != "holds" && fields[2] != "violates")) {
        throw std::runtime_error(where +
                                 ": expected strategy<TAB>property<TAB>holds|violates<TAB>file (or -)"
                                 "<TAB>all|none|family,family...");
      }
      KnownRow row{fields[0], fields[1], fields[2], fields[3], fields[4], {}, number};
      const std::vector<std::string> names = check::familyNames();
      if (row.familiesField == "all") {
        if (row.status != "holds")
          throw std::runtime_error(where + ": a violated pair lists its holding families, not 'all'");
        row.families = names;
      } else if (row.familiesField != "none") {
        if (row.status == "holds")
          throw std::runtime_error(where + ": a pair that holds holds in 'all' families");
        const std::vector<std::string> listed = splitList(row.familiesField);
        for (const std::string& family : listed) {
          if (std::find(names.begin(), names.end(), family) == names.end())
            throw std::runtime_error(where + ": '" + family + "' is not a family (check/families.h)");
        }
        for (const std::string& family : names) {  // in familyNames() order, each once
          if (std::find(listed.begin(), listed.end(), family) != listed.end())
            row.families.push_back(family);
        }
        if (row.families.size() != listed.size() || row.familiesField.back() == ',')
          throw std::runtime_error(where + ": the families column names a family twice or has an empty name");
      } else if (row.status == "holds") {
        throw std::runtime_error(where + ": a pair that holds holds in 'all' families");
      }
      rows.push_back(row);
    }
    return rows;
  }();
  return ROWS;
}

const KnownRow* knownRow(const std::string& strategy, const std::string& property) {
  for (const KnownRow& row : knownViolations()) {
    if (row.strategy == strategy && row.property == property)
      return &row;
  }
  return nullptr;
}

// ---------------------------------------------------------------------------------------------------

Case counterexampleCase(const Case& value, const StrategyInfo& strategy, const std::string& property,
                        const std::string& failure) {
  Case kept = value;
  kept.source.clear();
  const std::string family = value.metaValue("family").empty() ? "unknown" : value.metaValue("family");
  kept.setMeta("signature", strategy.name + " " + property + " property " + family);
  kept.setMeta("strategy", strategy.name);
  kept.setMeta("property", property);
  const check::Verdict verdict = check::judge(value, check::solveExactly(value), strategy.run(value, {}));
  kept.setMeta("expected-verdict", verdict.violation ? "violation" : "ok");
  if (verdict.violation) {
    kept.setMeta("expected-reasons", check::reasonList(verdict));
  }
  kept.setMeta("found-by",
               "property " + property + " seed " + std::to_string(runMode().seed) + " " + today());
  std::string story = strategy.name + " does not satisfy " + property + ": " + failure;
  for (char& c : story) {
    if (c == '\n' || c == '\r')
      c = ' ';
  }
  kept.setMeta("story", story);
  return kept;
}

std::string counterexampleFileName(const Case& counterexample) {
  std::string name = counterexample.metaValue("signature");
  for (char& c : name) {
    if (c == ' ')
      c = '.';
  }
  return name + ".case";
}

rc::Gen<Case> casesFor(const std::string& name) {
  const Plan& plan = planFor(strategyProperty(name));
  if (plan.families.size() == check::familyNames().size())
    return check::genAnyFamily();
  if (plan.families.empty())  // nothing to check on random cases: any case will do (and is checked on none)
    return check::genFamily("random-convex");
  // A weighted draw of the family (not shrunk, as in genAnyFamily: shrinking stays within the family).
  std::vector<std::string> slots;  // one entry per unit of weight
  for (const std::string& family : plan.families)
    slots.insert(slots.end(), static_cast<std::size_t>(familyWeight(family)), family);
  return rc::gen::mapcat(rc::gen::noShrink(rc::gen::inRange<std::size_t>(0, slots.size())),
                         [slots](std::size_t slot) { return check::genFamily(slots[slot]); });
}

void checkOnEveryStrategyWhereItHolds(const std::string& name) {
  announceRun();
  const StrategyProperty& property = strategyProperty(name);
  const Plan& plan = planFor(property);
  const Case value = *casesFor(name);
  CaseContext context(value);
  const std::string family = value.metaValue("family");
  RC_TAG(family, oracle::relationName(context.exact().relation));
  std::vector<std::pair<std::string, long>>* counts = nullptr;
  {
    std::lock_guard<std::mutex> guard(checkCounts().lock);
    counts = &checkCounts().counts[name];
  }
  for (std::size_t i = 0; i < plan.random.size(); ++i) {
    const Checked& checked = plan.random[i];
    if (!checked.families.count(family))
      continue;
    const StrategyInfo* strategy = checked.strategy;
    ++(*counts)[i].second;
    const std::string failure = property.check(*strategy, context);
    if (failure.empty())
      continue;
    if (!runMode().counterexampleFolder.empty()) {
      // Written at every failure; shrinking ends on its last failure, so the file left is the shrunk case.
      Case kept = counterexampleCase(value, *strategy, name, failure);
      std::filesystem::create_directories(runMode().counterexampleFolder);
      check::writeFileAtomically(
          std::filesystem::path(runMode().counterexampleFolder) / counterexampleFileName(kept),
          check::formatCase(kept));
    }
    RC_FAIL(strategy->name + " does not satisfy " + name + " (family " + family + "): " + failure);
  }
}

}  // namespace gjk::properties
