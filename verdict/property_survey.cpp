#include "verdict/property_survey.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "case/case_shrinker.h"
#include "families/families.h"
#include "verdict/claims.h"
#include "verdict/classify.h"

namespace gjk::check {
namespace {

// One line, no newlines: what a claim's failure says, kept as meta.
std::string oneLine(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  return text;
}

}  // namespace

std::string counterexampleFileName(const std::string& strategy, const std::string& property) {
  // A plugin's name holds its path: its file name is the plugin's file and entry (strategyFileName), as in the
  // comparison's gallery. Every other name is the file name's first part as it is.
  if (strategy.rfind("plugin:", 0) == 0) return strategyFileName(strategy) + "." + property + ".case";
  return strategy + "." + property + ".case";
}

SurveyResult runPropertySurvey(const SurveyOptions& options) {
  const std::size_t strategyCount = options.strategies.size(), propertyCount = options.properties.size(),
                    familyCount = options.families.size();
  std::vector<const StrategyProperty*> properties;
  for (const std::string& name : options.properties) properties.push_back(&strategyProperty(name));
  if (options.dimension != 2 && options.dimension != 3) {
    throw std::invalid_argument("the survey's dimension is 2 or 3, not " + std::to_string(options.dimension));
  }
  for (const StrategyInfo* strategy : options.strategies) {
    if (strategy->dimension != options.dimension) {
      throw std::invalid_argument("strategy '" + strategy->name + "' answers " + std::to_string(strategy->dimension) +
                                  "D cases, not the survey's " + std::to_string(options.dimension) + "D ones");
    }
  }

  SurveyResult result;
  result.cells.assign(strategyCount,
                      std::vector<std::vector<SurveyCell>>(propertyCount, std::vector<SurveyCell>(familyCount)));
  for (std::size_t s = 0; s < strategyCount; ++s) {
    for (std::size_t p = 0; p < propertyCount; ++p) {
      const bool applies = properties[p]->notApplicable(*options.strategies[s]).empty();
      for (SurveyCell& cell : result.cells[s][p]) cell.applies = applies;
    }
  }

  // Work items: (family, case index). Each writes only its own slot of `outcomes`, so the counts do not
  // depend on how the work is shared out.
  const std::uint64_t total = options.count * familyCount;
  // outcomes[item][s * propertyCount + p]: 1 violated, 0 held or not applicable.
  std::vector<std::vector<std::uint8_t>> outcomes(total);
  // The cases are sampled here, on one thread, before the workers start: sampling is deterministic and
  // cheap, and the generators are not shared between threads.
  std::vector<Case> cases;
  cases.reserve(total);
  for (std::size_t f = 0; f < familyCount; ++f) {
    for (std::uint64_t index = 0; index < options.count; ++index) {
      cases.push_back(sampleFamilyOf(options.dimension, options.families[f], options.seed, index));
    }
  }
  std::atomic<std::uint64_t> next{0}, done{0};
  auto work = [&] {
    for (;;) {
      const std::uint64_t item = next.fetch_add(1);
      if (item >= total) return;
      const std::size_t f = item / options.count;
      CaseContext context(cases[item]);
      std::vector<std::uint8_t>& mine = outcomes[item];
      mine.assign(strategyCount * propertyCount, 0);
      for (std::size_t s = 0; s < strategyCount; ++s) {
        for (std::size_t p = 0; p < propertyCount; ++p) {
          if (!result.cells[s][p][f].applies) continue;
          mine[s * propertyCount + p] = !properties[p]->check(*options.strategies[s], context).empty();
        }
      }
      done.fetch_add(1);
    }
  };
  const int jobs = std::max(1, options.jobs);
  std::vector<std::thread> workers;
  for (int j = 1; j < jobs; ++j) workers.emplace_back(work);
  if (options.progress) {
    std::thread reporter([&] {
      while (done.load() < total) {
        options.progress(done.load(), total);
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
      }
    });
    work();
    for (std::thread& t : workers) t.join();
    reporter.join();
    options.progress(total, total);
  } else {
    work();
    for (std::thread& t : workers) t.join();
  }

  for (std::uint64_t item = 0; item < total; ++item) {
    const std::size_t f = item / options.count;
    const std::uint64_t index = item % options.count;
    for (std::size_t s = 0; s < strategyCount; ++s) {
      for (std::size_t p = 0; p < propertyCount; ++p) {
        SurveyCell& cell = result.cells[s][p][f];
        if (!cell.applies) continue;
        ++cell.cases;
        if (outcomes[item][s * propertyCount + p]) {
          ++cell.violations;
          if (cell.firstViolation < 0) cell.firstViolation = static_cast<std::int64_t>(index);
        }
      }
    }
  }

  // One shrunk counterexample per violated (strategy, property), shrunk on this thread: deterministic.
  for (std::size_t s = 0; s < strategyCount; ++s) {
    for (std::size_t p = 0; p < propertyCount; ++p) {
      for (std::size_t f = 0; f < familyCount; ++f) {
        const SurveyCell& cell = result.cells[s][p][f];
        if (cell.firstViolation < 0) continue;
        const StrategyInfo& strategy = *options.strategies[s];
        const StrategyProperty& property = *properties[p];
        const Case& start = cases[f * options.count + static_cast<std::uint64_t>(cell.firstViolation)];
        auto violates = [&](const Case& candidate) {
          CaseContext context(candidate);
          return !property.check(strategy, context).empty();
        };
        SurveyCounterexample example;
        example.strategy = static_cast<int>(s);
        example.property = static_cast<int>(p);
        example.family = static_cast<int>(f);
        example.index = static_cast<std::uint64_t>(cell.firstViolation);
        example.value = shrinkCase(start, violates, options.shrinkAttempts).value;
        CaseContext context(example.value);
        example.failure = oneLine(property.check(strategy, context));
        Case& kept = example.value;
        kept.source.clear();
        // The family's own expectations describe the case before shrinking.
        std::erase_if(kept.meta, [](const MetaEntry& entry) { return entry.key.rfind("expected-", 0) == 0; });
        kept.setMeta("strategy", strategy.name);
        kept.setMeta("property", property.name);
        kept.setMeta("expected-property", "violated");
        kept.setMeta("found-by", std::string("gjkcheck properties") + (options.dimension == 3 ? " --dimension 3" : "") +
                                     " --seed " + std::to_string(options.seed) + ": family " +
                                     options.families[f] + " case " + std::to_string(cell.firstViolation) +
                                     ", shrunk");
        kept.setMeta("story", strategy.name + " does not satisfy " + property.name + ": " + example.failure);
        result.counterexamples.push_back(std::move(example));
        break;  // one per (strategy, property)
      }
    }
  }
  return result;
}

}  // namespace gjk::check
