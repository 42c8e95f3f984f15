// Run mode and the driver of the contract properties.
#include "properties/property_support.h"

#include <rapidcheck.h>

#include <cstdlib>
#include <iostream>
#include <mutex>

#include "families/families.h"

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
  if (at == std::string::npos || (at > 0 && params[at - 1] != ' ')) return -1;
  return std::atoll(params.c_str() + at + key.size() + 1);
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
    if (parameter(params, "seed") < 0) params += " seed=" + std::to_string(QUICK_MODE_SEED);
  }
  // RapidCheck reads RC_PARAMS once, when the first property runs; this runs before main.
  setenv("RC_PARAMS", params.c_str(), 1);
  return mode;
}

RunMode& mutableRunMode() {
  static RunMode MODE = decideRunMode();
  return MODE;
}

// A static initializer, so that RC_PARAMS is set before any property runs.
const RunMode& RUN_MODE_AT_START = runMode();

}  // namespace

const RunMode& runMode() { return mutableRunMode(); }

void announceRun() {
  static std::once_flag once;
  std::call_once(once, [] {
    RunMode& mode = mutableRunMode();
    mode.seed = rc::detail::configuration().testParams.seed;
    std::cout << "[properties] " << mode.name << " mode: " << mode.cases
              << " generated cases per property, each checked on every strategy whose contract claims it; seed "
              << mode.seed << " (RC_PARAMS=\"" << environment("RC_PARAMS") << "\")" << std::endl;
  });
}

std::string sourceDir() {
  const std::string fromEnvironment = environment("GJK_SOURCE_DIR");
  return fromEnvironment.empty() ? GJK_SOURCE_DIR : fromEnvironment;
}

std::vector<const check::StrategyInfo*> claimingStrategies(const std::string& property) {
  std::vector<const check::StrategyInfo*> strategies;
  for (const check::ContractClaim& claim : check::contractClaims()) {
    if (claim.property != property) continue;
    if (const check::StrategyInfo* strategy = check::findStrategy(claim.strategy)) strategies.push_back(strategy);
  }
  return strategies;
}

void checkEveryClaimingStrategy(const std::string& name) {
  announceRun();
  const check::StrategyProperty& property = check::strategyProperty(name);
  const std::vector<const check::StrategyInfo*> strategies = claimingStrategies(name);
  RC_ASSERT(!strategies.empty());
  const check::Case value = *check::genAnyFamily();
  check::CaseContext context(value);
  RC_TAG(value.metaValue("family"), oracle::relationName(context.exact().relation));
  for (const check::StrategyInfo* strategy : strategies) {
    const std::string failure = property.check(*strategy, context);
    if (!failure.empty()) {
      RC_FAIL(strategy->name + " does not satisfy " + name + ", which its contract claims (family " +
              value.metaValue("family") + "): " + failure);
    }
  }
}

}  // namespace gjk::properties
